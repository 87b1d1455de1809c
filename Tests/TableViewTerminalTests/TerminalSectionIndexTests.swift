import TableViewCore
import TableViewTerminal
import TerminalKit
import Testing

/// Sections named A to L, three rows each, with a section index.
private final class Letters: TableViewDataSource, TableViewDelegate {
  let letters = (0..<12).map { String(UnicodeScalar(UInt8(65 + $0))) }
  func numberOfSections(in tableView: TableView) -> Int { letters.count }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 3 }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath, as: TerminalTableViewCell.self)
    cell.textLabel.text = "\(letters[indexPath.section])\(indexPath.row)"
    return cell
  }
  func sectionIndexTitles(for tableView: TableView) -> [String]? { letters }
}

@Suite("The section index in a terminal")
struct TerminalSectionIndexTests {
  @Test("the titles down the right edge, centred; a title under a cell jumps to its section")
  func drawnAndHit() {
    let letters = Letters()
    let view = TerminalTableView(clock: ManualClock())
    view.showsScrollIndicator = false
    view.table.register({ TerminalTableViewCell() }, forCellReuseIdentifier: "cell")
    view.table.rowHeight = 1
    view.table.dataSource = letters
    view.table.delegate = letters
    view.frame = Rect(x: 0, y: 0, width: 20, height: 16)
    var buffer = ScreenBuffer(width: 20, height: 16)
    view.render(into: &buffer, origin: .zero)
    // 12 titles in 16 lines: lines 2 to 13, in column 18 (the last is the scroll indicator's).
    let column = buffer.lines.map { String(Array($0)[18]) }
    #expect(column == [" ", " "] + letters.letters + [" ", " "])
    #expect(view.sectionIndexTitle(at: 18, 2) == 0 && view.sectionIndexTitle(at: 18, 13) == 11)
    #expect(view.sectionIndexTitle(at: 18, 1) == nil && view.sectionIndexTitle(at: 10, 5) == nil)
    // A click on the fourth title (line 5) jumps to section D.
    #expect(view.handleMouse(MouseEvent(.press(.left), x: 18, y: 5)))
    #expect(view.table.indexPathsForVisibleRows.first == IndexPath(row: 0, section: 3))
    #expect(view.table.indexPathForSelectedRow == nil, "the click selected no row")
  }

  @Test("more titles than lines: each line shows the title it stands for")
  func compressed() {
    let letters = Letters()
    let view = TerminalTableView(clock: ManualClock())
    view.table.register({ TerminalTableViewCell() }, forCellReuseIdentifier: "cell")
    view.table.rowHeight = 1
    view.table.dataSource = letters
    view.frame = Rect(x: 0, y: 0, width: 20, height: 4)
    #expect((0..<4).map { view.sectionIndexTitle(at: 18, $0) } == [0, 3, 6, 9])
  }
}
