import Foundation
import Testing

@testable import TableViewCore

// A file that imports Foundation and TableViewCore names one IndexPath: Foundation's, with UIKit's
// spellings (if the table had its own, `IndexPath` would be ambiguous here and this would not compile).
@Suite("IndexPath is Foundation's, with UIKit's row and section")
struct FoundationIndexPathTests {
  @Test("row and section read and write Foundation's two indexes; the table takes and gives the same type")
  func uikitSpellings() throws {
    var path = IndexPath(row: 3, section: 1)
    #expect(path == IndexPath(indexes: [1, 3]) && path.count == 2)
    #expect(path.row == 3 && path.section == 1 && "\(path)" == "[1, 3]")
    path.row += 1
    path.section = 0
    #expect(path == [0, 4])
    #expect(IndexPath(row: 9, section: 0) < IndexPath(row: 0, section: 1))
    let kept: Set<Foundation.IndexPath> = [path, IndexPath(row: 4, section: 0)]
    #expect(kept.count == 1)

    let table = TableView(style: .plain, clock: ManualClock())
    let model = CommandModelForIndexPaths()
    table.register({ TestCell() }, forCellReuseIdentifier: "cell")
    table.rowHeight = 10
    table.dataSource = model
    table.viewportSize = Size(width: 100, height: 50)
    table.reloadData()
    let visible: [Foundation.IndexPath] = table.indexPathsForVisibleRows
    #expect(visible.map(\.row) == [0, 1, 2, 3, 4])
    #expect(try table.rectForRow(at: IndexPath(indexes: [0, 2])).minY == 20)
  }
}

private final class CommandModelForIndexPaths: TableViewDataSource {
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 100 }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
  }
}
