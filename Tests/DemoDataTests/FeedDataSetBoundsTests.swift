import DemoData
import Testing

@Suite("FeedDataSet bounds")
struct FeedDataSetBoundsTests {
  @Test("the section count never overflows, whatever the row count")
  func sectionCountAtTheExtremes() {
    #expect(FeedDataSet.numberOfSections(rowCount: .max) == Int.max / 1_000 + 1)
    #expect(FeedDataSet.numberOfSections(rowCount: FeedDataSet.maximumRowCount) == 1_000_000)
    #expect(FeedDataSet.numberOfSections(rowCount: 1_001) == 2)
    #expect(FeedDataSet.numberOfSections(rowCount: 1_000) == 1)
    #expect(FeedDataSet.numberOfSections(rowCount: 0) == 0)
    #expect(FeedDataSet.numberOfSections(rowCount: .min) == 0)
  }
}
