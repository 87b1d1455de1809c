import Foundation
import TestSupport
import Testing

/// End-to-end, by the keyboard alone: the feed's Edit and New post by their shortcuts (Ctrl-E, Ctrl-N), and Tab
/// through the window's controls — the header bar, the page's buttons, the list, the entries, the picker — with no trap.
@Suite(
  "tableview-gtk-demo by the keyboard alone under Xvfb", .serialized,
  .enabled(if: XvfbServer.toolsAvailable, "Xvfb, xdotool or ImageMagick is not installed"), .xvfb)
struct KeyboardXvfbTests {
  @Test("Ctrl-N adds a post at the top; Ctrl-E turns edit mode on and off")
  func feedShortcuts() async throws {
    let demo = try DemoSession(["--demo", "feed"])
    defer { demo.close() }
    let first = try await demo.waitForFeed("the feed at rest") { $0.posts.count >= 3 && $0.isSettled }
    let window = try await demo.window()
    try demo.movePointer(to: 400, 300, in: window)
    #expect(first.state.focus == "table", "the list has the focus first: \(first)")
    try demo.xdotool("key", "ctrl+n")
    let added = try await demo.waitForFeed("a new post") { $0.added == 1 && $0.isSettled }
    #expect(added.feedRows == first.feedRows + 1, "\(added)")
    #expect(added.posts.first?.number != first.posts.first?.number, "a new post at the top: \(added)")
    try demo.xdotool("key", "ctrl+e")
    let editing = try await demo.waitForFeed("edit mode") { $0.isEditing && !$0.editControls.isEmpty && $0.isSettled }
    #expect(editing.state.focus == "table", "the focus stays on the list: \(editing)")
    try demo.xdotool("key", "ctrl+e")
    try await demo.waitForFeed("edit mode off") { !$0.isEditing && $0.isSettled }
  }

  @Test(
    "s opens the focused post's swipe actions with Delete chosen; Tab chooses Mark, Return marks the post; → opens Read, Escape closes"
  )
  func swipeActionsByKeys() async throws {
    let demo = try DemoSession(["--demo", "feed"])
    defer { demo.close() }
    let first = try await demo.waitForFeed("the feed at rest") { $0.posts.count >= 3 && $0.isSettled }
    let window = try await demo.window()
    try demo.movePointer(to: 400, 300, in: window)
    try demo.xdotool("key", "Down")
    let focused = try #require(try await demo.waitFor("a row focused") { $0.focusedRow != nil }.focusedRow)
    try demo.xdotool("key", "s")
    let open = try await demo.waitForFeed("the focused row open on its trailing actions") {
      $0.swipedRow == focused && $0.swipeOffset < 0 && $0.isSettled
    }
    #expect(open.swipeButtons.map(\.title) == ["Delete", "Mark"] && open.chosenSwipeAction == 0, "\(open)")
    try demo.xdotool("key", "Tab")
    let mark = try await demo.waitForFeed("Mark chosen") { $0.chosenSwipeAction == 1 }
    #expect(mark.state.focus == "table", "Tab chose an action and kept the focus on the list: \(mark)")
    try demo.xdotool("key", "Return")
    let marked = try await demo.waitForFeed("the post marked and the row closed") {
      $0.marked == first.marked + 1 && $0.swipedRow == nil && $0.isSettled
    }
    #expect(marked.deleted == first.deleted && marked.feedRows == first.feedRows, "nothing deleted: \(marked)")
    try demo.xdotool("key", "Right")
    let read = try await demo.waitForFeed("the leading action") {
      $0.swipedRow == focused && $0.swipeOffset > 0 && $0.isSettled
    }
    #expect(read.swipeButtons.map(\.title) == ["Read"] && read.chosenSwipeAction == 0, "\(read)")
    try demo.xdotool("key", "Escape")
    try await demo.waitForFeed("the row closed") { $0.swipedRow == nil && $0.isSettled }
  }

  @Test("Tab goes round the window's controls and back to the list; Shift-Tab goes back; the chat's entry is no trap")
  func tabOrder() async throws {
    let demo = try DemoSession(["--demo", "feed"])
    defer { demo.close() }
    _ = try await demo.waitForFeed("the feed") { $0.posts.count >= 3 && $0.state.focus == "table" }
    let window = try await demo.window()
    try demo.movePointer(to: 400, 300, in: window)
    let round = try await tabRound(demo, from: "table")
    #expect(round.contains("button:Edit") && round.contains("button:New post"), "the feed's buttons: \(round)")
    #expect(round.count > 3, "the header bar's controls too: \(round)")
    // Shift-Tab walks the same round backwards.
    try demo.xdotool("key", "shift+Tab")
    let back = try await demo.waitFor("the control before the list") { $0.focus != "table" }
    #expect(back.focus == round[round.count - 2], "Shift-Tab from the list: \(round) → \(back.focus ?? "")")

    try demo.xdotool("key", "5")
    try await demo.waitFor("the chat") { $0.page == "chat" && $0.focus == "table" }
    let chat = try await tabRound(demo, from: "table")
    #expect(chat.contains("entry") && chat.contains("button:Send"), "the composer: \(chat)")
    #expect(chat.contains("button:Back to the newest ↓"), "\(chat)")

    // The date picker takes the focus back too: its wheels (focusable spin buttons) one after another, the first
    // again when Tab comes round.
    try demo.xdotool("key", "4")
    let date = try await demo.waitFor("the date page") {
      $0.page == "date" && $0.focus?.hasPrefix("GtkLevelBar") == true
    }
    let picker = try #require(date.focus)
    let pickerRound = try await tabRound(demo, from: picker)
    #expect(pickerRound.last == picker, "\(pickerRound)")
  }

  /// Presses Tab until the focus is back on `start` (at most 30 times), returning the focus after each press. Each
  /// press must move the focus (other changes, such as the chat's arrivals, write states meanwhile).
  func tabRound(_ demo: DemoSession, from start: String) async throws -> [String] {
    var seen: [String] = []
    var current = start
    for _ in 0..<30 {
      try demo.xdotool("key", "Tab")
      let before = current
      let next = try await demo.waitFor("the focus after Tab \(seen.count + 1)") {
        $0.focus != nil && $0.focus != before
      }
      current = next.focus ?? ""
      seen.append(current)
      if current == start { return seen }
    }
    Issue.record("Tab never came back to \(start): \(seen)")
    return seen
  }
}
