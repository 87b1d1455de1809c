import TableViewCore
import Testing

@Suite("Geometry asked for what the table does not have")
struct OutOfRangeGeometryTests {
  func table() -> TableView {
    makeTable(TestModel(sections: [[40, 40], [40]], header: 20, footer: 10)).0
  }

  /// The error a call throws, or `nil`.
  func error(_ call: () throws(TableViewError) -> Rect) -> TableViewError? {
    do {
      _ = try call()
      return nil
    } catch {
      return error
    }
  }

  @Test(
    "rectForHeader, rectForFooter and rectForRow all throw indexOutOfRange for a section that does not exist",
    arguments: [-1, 2, 1_000])
  func badSectionThrowsEverywhere(section: Int) {
    let table = table()
    let row = error { () throws(TableViewError) in try table.rectForRow(at: IndexPath(row: 0, section: section)) }
    let header = error { () throws(TableViewError) in try table.rectForHeader(inSection: section) }
    let footer = error { () throws(TableViewError) in try table.rectForFooter(inSection: section) }
    #expect(row?.kind == .indexOutOfRange)
    #expect(header?.kind == .indexOutOfRange)
    #expect(footer?.kind == .indexOutOfRange)
    #expect(header?.message.contains("rectForHeader(inSection:)") == true)
    #expect(footer?.message.contains("the table has 2 sections") == true)
  }

  @Test("rectForHeader and rectForFooter of a section that exists still answer")
  func goodSectionAnswers() throws {
    let table = table()
    #expect(try table.rectForHeader(inSection: 1) == Rect(x: 0, y: 110, width: 100, height: 20))
    #expect(try table.rectForFooter(inSection: 0).height == 10)
  }
}
