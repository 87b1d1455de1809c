import TableViewCore
import TerminalKit
import Testing

@testable import TableViewTerminal

@Suite("Edit mode in the terminal")
struct TerminalEditModeTests {
  @Test("edit mode shows ⊖ or ⊕ in a column at the left of each row, the text moved right by it")
  func marks() throws {
    let feed = TestFeed(sectionCount: 1, rows: 6)
    feed.editingStyles[IndexPath(row: 2, section: 0)] = .insert
    let (view, _) = makeTableView(feed, width: 30, height: 10, rowHeight: 1)
    view.setEditing(true, animated: false)
    #expect(view.table.isEditing)
    #expect(view.lines()[2...4] == ["  ⊖ row 0.0", "  ⊖ row 0.1", "  ⊕ row 0.2"])
    let buffer = view.snapshot()
    #expect(buffer[x: 2, y: 2].style.foreground == .red && buffer[x: 2, y: 4].style.foreground == .green)
    view.setEditing(false, animated: false)
    #expect(view.lines()[2...4] == ["  row 0.0", "  row 0.1", "  row 0.2"])
  }

  @Test("a click on ⊖ deletes its row with an animation; a click on the text selects nothing (UIKit's default)")
  func clickCommits() throws {
    let feed = TestFeed(sectionCount: 1, rows: 6)
    let (view, clock) = makeTableView(feed, width: 30, height: 10, rowHeight: 1)
    view.setEditing(true, animated: true)
    view.handle(.mouse(MouseEvent(.press(.left), x: 2, y: 3)))
    view.handle(.mouse(MouseEvent(.release(.left), x: 2, y: 3)))
    #expect(feed.performed == ["delete 1"])
    #expect(view.isAnimating)
    clock.advance(by: 1)
    view.tick()
    #expect(view.lines()[2...3] == ["  ⊖ row 0.0", "  ⊖ row 0.2"])
    #expect(feed.selected.isEmpty)
    view.handle(.mouse(MouseEvent(.press(.left), x: 8, y: 3)))
    view.handle(.mouse(MouseEvent(.release(.left), x: 8, y: 3)))
    #expect(feed.selected.isEmpty && view.table.indexPathsForSelectedRows.isEmpty && feed.performed.count == 1)
    #expect(view.lines()[3] == "  ⊖ row 0.2", "no selection bar")
    // An app that wants selection in edit mode says so.
    view.table.allowsSelectionDuringEditing = true
    view.handle(.mouse(MouseEvent(.press(.left), x: 8, y: 3)))
    view.handle(.mouse(MouseEvent(.release(.left), x: 8, y: 3)))
    #expect(feed.selected == [IndexPath(row: 1, section: 0)] && feed.performed.count == 1)
  }

  @Test("in edit mode ↓ and Space move the focus without selecting; Backspace commits the focused row")
  func keysWithoutSelection() throws {
    let feed = TestFeed(sectionCount: 1, rows: 6)
    let (view, clock) = makeTableView(feed, width: 30, height: 10, rowHeight: 1)
    view.setEditing(true, animated: false)
    view.handleKey(KeyEvent(.down))
    view.handleKey(KeyEvent(.down))
    view.handleKey(KeyEvent(.character(" ")))
    #expect(view.table.focusedIndexPath == IndexPath(row: 1, section: 0))
    #expect(view.table.indexPathsForSelectedRows.isEmpty && feed.selected.isEmpty)
    #expect(view.lines()[2...3] == ["  ⊖ row 0.0", "  ⊖ row 0.1"], "no selection bar")
    #expect(view.handleKey(KeyEvent(.backspace)))
    #expect(feed.performed == ["delete 1"])
    clock.advance(by: 1)
    view.tick()
    #expect(view.lines()[3] == "  ⊖ row 0.2")
  }

  @Test("Delete or Backspace commits the selected row in edit mode only; no swipe in edit mode")
  func keyCommits() throws {
    let feed = TestFeed(sectionCount: 1, rows: 6)
    let (view, clock) = makeTableView(feed, width: 30, height: 10, rowHeight: 1)
    feed.trailingActions = ["Delete"]
    try view.table.selectRow(at: IndexPath(row: 0, section: 0), animated: false, scrollPosition: .none)
    #expect(!view.handleKey(KeyEvent(.delete)), "not in edit mode")
    view.setEditing(true, animated: false)
    #expect(!view.handleKey(KeyEvent(.character("s"))), "no swipe in edit mode")
    #expect(view.handleKey(KeyEvent(.backspace)))
    #expect(feed.performed == ["delete 0"])
    clock.advance(by: 1)
    view.tick()
    #expect(view.lines()[2] == "  ⊖ row 0.1")
  }

  @Test("self-sized rows rewrap to the narrower width in edit mode, and back")
  func rewrap() throws {
    // 36 columns of text: one line in 40 columns less the margins, two once the editing column takes 2.
    let text = String(repeating: "abcdef ", count: 5) + "x"
    let feed = TestFeed(sections: [[text, "next"]])
    let (view, clock) = makeTableView(feed, width: 40, height: 10)
    #expect(view.lines()[2...3] == ["  " + text, "  next"])
    view.setEditing(true, animated: true)
    clock.advance(by: 1)
    view.tick()
    #expect(view.lines()[2...4] == ["  ⊖ abcdef abcdef abcdef abcdef abcdef", "    x", "  ⊖ next"])
    view.setEditing(false, animated: true)
    clock.advance(by: 1)
    view.tick()
    #expect(view.lines()[2...3] == ["  " + text, "  next"])
  }

  @Test("edit mode asks the app for the rows' editing styles when they change, not on every frame")
  func noQuestionsPerFrame() throws {
    let feed = TestFeed(sectionCount: 1, rows: 40)
    let (view, clock) = makeTableView(feed, width: 30, height: 10, rowHeight: 1)
    view.setEditing(true, animated: true)
    #expect(view.lines()[2] == "  ⊖ row 0.0")
    let asked = feed.editingStyleQuestions
    #expect(asked > 0)
    for _ in 0..<60 {
      clock.advance(by: 1.0 / 60)
      view.tick()
      _ = view.snapshot()
    }
    #expect(feed.editingStyleQuestions == asked, "frames with nothing new asked again")
    // A row that comes on screen is asked once; a change the app announces shows at once.
    view.table.contentOffset.y += 1
    #expect(feed.editingStyleQuestions == asked + 1)
    feed.editingStyles[IndexPath(row: 2, section: 0)] = .insert
    try view.table.reloadRows(at: [IndexPath(row: 2, section: 0)], with: .none)
    #expect(view.lines()[3] == "  ⊕ row 0.2")
  }
}
