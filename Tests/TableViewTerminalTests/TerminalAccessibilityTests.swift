import TableViewCore
import TerminalKit
import Testing

@testable import TableViewTerminal

/// The terminal table's side of accessibility: where the cursor belongs (the focused row's text), what a screen
/// reader should hear about the focused row, Space and Shift with the arrows, and drawing without decoration.
@Suite("Terminal table accessibility")
struct TerminalAccessibilityTests {
  @Test("the cursor belongs at the first column of the focused row's text, in screen coordinates")
  func cursorOnFocusedRow() throws {
    let (view, _) = makeTableView(TestFeed(sectionCount: 2, rows: 20), width: 30, height: 10, rowHeight: 1)
    view.frame = Rect(x: 3, y: 4, width: 30, height: 10)
    #expect(view.cursorPosition == nil, "nothing focused: no cursor")
    view.handle(.key(.down))
    view.handle(.key(.down))
    // Header (2 lines) then rows of 1: row 1 is on the table's line 3; the text starts after the 2-cell margin.
    #expect(view.cursorPosition == CellPoint(x: 3 + 2, y: 4 + 3))
    view.handle(.key(.character("e"), modifiers: .control))
    #expect(view.cursorPosition == CellPoint(x: 5, y: 6), "scrolled a line: the cursor goes with its row")
    view.table.contentOffset.y = 300
    #expect(view.cursorPosition == nil, "the focused row scrolled away: no cursor")
    view.table.contentOffset.y = 1
    #expect(view.cursorPosition == CellPoint(x: 5, y: 6), "back: the cursor is on it again")
  }

  @Test("the announcement: the focused row's place in the whole table and its cell's text")
  func announcement() throws {
    let feed = TestFeed(sections: [["Alice", "Bob"], ["Carol"]])
    let (view, _) = makeTableView(feed, width: 30, height: 10, rowHeight: 1)
    #expect(view.currentRowAnnouncement == nil)
    for _ in 0..<3 { view.handle(.key(.down)) }
    #expect(view.currentRowAnnouncement == "row 3 of 3, section 2: Carol")
    view.table.contentOffset.y = -20
    view.table.contentOffset.y = 0
    view.table.selectionMode = .multiple
    try view.table.focusRow(at: IndexPath(row: 1, section: 0))
    #expect(view.currentRowAnnouncement == "row 2 of 3, section 1: Bob")
  }

  @Test("while a context menu is open the cursor is on its chosen action, and the announcement names it")
  func menu() throws {
    let feed = TestFeed(sectionCount: 1, rows: 10)
    let (view, _) = makeTableView(feed, width: 40, height: 12, rowHeight: 1)
    let menus = MenuDelegate()
    view.table.delegate = menus
    view.frame = Rect(x: 0, y: 1, width: 40, height: 12)
    view.handle(.key(.down))
    let onRow = try #require(view.cursorPosition)
    #expect(view.showContextMenu(forRowAt: IndexPath(row: 0, section: 0), at: CellPoint(x: 4, y: 5)))
    let box = view.menuBox(try #require(view.contextMenu))
    #expect(view.cursorPosition == CellPoint(x: box.x + 2, y: 1 + box.y + 1))
    #expect(view.cursorPosition != onRow)
    #expect(view.currentRowAnnouncement == "menu Row 0: Star, 1 of 3, checked")
    view.handle(.key(.down))
    #expect(view.cursorPosition == CellPoint(x: box.x + 2, y: 1 + box.y + 3), "past the disabled action")
    #expect(view.currentRowAnnouncement == "menu Row 0: Delete, 3 of 3")
    view.handle(.key(.escape))
    #expect(view.cursorPosition == onRow, "closed: back on the row")
  }

  @Test("Space selects the focused row as a tap; Shift-↓ extends the selection in multiple selection mode")
  func spaceAndShift() {
    let feed = TestFeed(sectionCount: 1, rows: 10)
    let (view, _) = makeTableView(feed, width: 30, height: 10, rowHeight: 1)
    view.table.selectionMode = .multiple
    view.handle(.key(.down))
    #expect(view.table.indexPathsForSelectedRows.isEmpty, "in multiple mode the arrows move the focus alone")
    #expect(view.handle(.key(.character(" "))))
    #expect(feed.selected == [IndexPath(row: 0, section: 0)], "the delegate hears it")
    view.handle(.key(.down, modifiers: .shift))
    view.handle(.key(.character("J")))
    #expect(view.table.indexPathsForSelectedRows == (0...2).map { IndexPath(row: $0, section: 0) })
    view.handle(.key(.up, modifiers: .shift))
    #expect(view.table.indexPathsForSelectedRows == (0...1).map { IndexPath(row: $0, section: 0) })
  }

  @Test("without decoration: no scroll indicator, separators, header rules or bar; the selection is marked >")
  func plainDrawing() {
    let (view, _) = makeTableView(TestFeed(sectionCount: 2, rows: 30), width: 30, height: 10, separators: true)
    view.showsScrollIndicator = true
    view.handle(.key(.down))
    func draw() -> [String] {
      var buffer = ScreenBuffer(width: 30, height: 10)
      view.render(into: &buffer, origin: .zero)
      return buffer.lines
    }
    let decorated = draw()
    let box = { (line: String) in line.unicodeScalars.contains { (0x2500...0x259F).contains($0.value) } }
    #expect(decorated.contains(where: box), "the check can fail")
    view.drawsDecorations = false
    let plain = draw()
    #expect(!plain.contains(where: box), "\(plain)")
    #expect(plain.contains { $0.hasPrefix("> row 0.0") }, "\(plain)")
    view.drawsDecorations = true
    #expect(draw() == decorated, "decoration comes back")
  }
}

/// A delegate with a three-action menu on every row (the second disabled).
private final class MenuDelegate: TableViewDelegate {
  func tableView(_ tableView: TableView, contextMenuConfigurationForRowAt indexPath: IndexPath, point: Point)
    -> ContextMenuConfiguration?
  {
    ContextMenuConfiguration(
      title: "Row \(indexPath.row)",
      actions: [
        ContextMenuAction(title: "Star", isChecked: true) { _ in },
        ContextMenuAction(title: "Share", attributes: .disabled) { _ in },
        ContextMenuAction(title: "Delete", attributes: .destructive) { _ in },
      ])
  }
}
