import Foundation
import TestSupport
import Testing

/// End-to-end: moving posts, context menus and pull to refresh in the demo's feed (`--demo feed`), in a private
/// Xvfb server with xdotool — a real mouse drag on a row's ≡ handle moves it; held at the bottom edge the table
/// scrolls by itself across thousands of rows and the post drops there; a long press and the keys move rows too;
/// a right click and the Menu key open the row's menu, whose actions run; a pull past the top refreshes.
/// Observed through the state file and screenshots.
@Suite(
  "tableview-gtk-demo --demo feed: reorder, context menu and pull to refresh under Xvfb", .serialized,
  .enabled(if: XvfbServer.toolsAvailable, "Xvfb, xdotool or ImageMagick is not installed"), .xvfb)
struct FeedReorderXvfbTests {
  /// The held row's background (GTKStyle.liftedColor in the backend: a tenth of the accent #3584e4 over the light
  /// style's white view).
  static let liftedColor = RGB(hex: "#ebf3fc")

  func start(_ arguments: [String] = []) async throws -> (DemoSession, FeedState, ScreenRect) {
    let demo = try DemoSession(["--demo", "feed"] + arguments)
    let first = try await demo.waitForFeed("the feed laid out") { $0.posts.count >= 5 && $0.isSettled }
    let window = try await demo.window()
    return (demo, first, window)
  }

  /// Edit mode on, its handles fully in.
  func startEditing(_ demo: DemoSession, _ first: FeedState, in window: ScreenRect) async throws -> FeedState {
    try demo.click(try #require(first.editRect), in: window)
    return try await demo.waitForFeed("the ≡ handles in") {
      $0.isEditing && $0.isSettled && !$0.posts.isEmpty && $0.editing.reorderControls.count == $0.posts.count
    }
  }

  /// Presses the button at `(x, y)` of the window and moves the pointer to `toY` in `step`-pixel steps, leaving
  /// the button down.
  func press(_ demo: DemoSession, at x: Int, _ y: Int, dragTo toY: Int, step: Int = 10, in window: ScreenRect)
    throws
  {
    try demo.movePointer(to: x, y, in: window)
    try demo.xdotool("mousedown", "1")
    for next in stride(from: y + step, through: toY, by: step) {
      try demo.xdotool("mousemove", "--sync", "\(window.x + x)", "\(window.y + next)")
    }
    try demo.xdotool("mousemove", "--sync", "\(window.x + x)", "\(window.y + toY)")
  }

  @Test(
    "edit mode shows ≡ on every row; a mouse drag on one lifts its row over the others, the gap opens where it will drop, and it drops there; Done hides them"
  )
  func dragHandleMovesRow() async throws {
    let (demo, first, window) = try await start()
    defer { demo.close() }
    let editing = try await startEditing(demo, first, in: window)
    let handle = try #require(editing.editing.reorderControls.first { $0.path == [0, 1] }, "\(editing)")
    #expect(handle.rect[0] > 800, "the handle is at the right edge: \(editing)")
    let moved = editing.posts[1]
    // Down past the next three rows' middles: it drops after them, at row 4.
    let passed = editing.posts[2...4]
    let target = Int(passed.last!.top + passed.last!.height * 0.75 + moved.height / 2 - (handle.rect[1] - moved.top))
    let x = Int(handle.rect[0] + handle.rect[2] / 2)
    let y = Int(handle.rect[1] + handle.rect[3] / 2)
    try press(demo, at: x, y, dragTo: y + (target - Int(moved.top)) - Int(moved.height / 2), in: window)
    let held = try await demo.waitForFeed("the row held over row 4") {
      $0.editing.reorderingRow == [0, 1] && $0.editing.reorderDestination == [0, 4] && $0.isSettled
    }
    let heldRect = try #require(held.editing.heldRect, "\(held)")
    #expect(held.editing.heldLifted, "the held row looks lifted: \(held)")
    #expect(heldRect[3] == moved.height, "…at its own height: \(held)")
    #expect(!held.posts.contains { $0.number == moved.number }, "the held row is not among the rows in place: \(held)")
    // The others made room: an empty gap as tall as the held row after the three it passed.
    let order = held.posts.map(\.number)
    let after = try #require(order.firstIndex(of: passed.last!.number), "\(held)")
    let gapTop = held.posts[after].top + held.posts[after].height
    #expect(held.posts[after + 1].top == gapTop + moved.height, "the gap is the held row's height: \(held)")
    // Drawn over the row under it, lifted.
    let shot = try demo.screenshot()
    let lifted = try shot.pixel(x: window.x + 6, y: window.y + Int(heldRect[1] + heldRect[3] / 2))
    #expect(lifted.isClose(to: Self.liftedColor, tolerance: 6), "the held row is drawn on top, lifted: \(lifted)")

    try demo.xdotool("mouseup", "1")
    let dropped = try await demo.waitForFeed("the row dropped at row 4") {
      $0.isSettled && $0.editing.reorderingRow == nil && $0.editing.lastMove?.first == moved.number
    }
    #expect(dropped.editing.lastMove == [moved.number, 0, 4, 4, moved.number], "\(dropped)")
    let expected = [first.posts[0].number] + passed.map(\.number) + [moved.number]
    #expect(Array(dropped.posts.map(\.number).prefix(5)) == expected, "the new order: \(dropped)")
    #expect(dropped.feedRows == 1_000_000 && dropped.state.selectedRow == nil, "\(dropped)")

    try demo.click(try #require(dropped.editRect), in: window)
    let done = try await demo.waitForFeed("edit mode off") {
      !$0.isEditing && $0.isSettled && $0.editing.reorderControls.isEmpty && $0.editControls.isEmpty
    }
    #expect(Array(done.posts.map(\.number).prefix(5)) == expected, "the order stays: \(done)")
    #expect(!demo.standardError.contains("CRITICAL"), "no GTK criticals: \(demo.standardError.suffix(1500))")
  }

  @Test("a row held at the bottom edge scrolls the table by itself across more than a thousand rows, and drops there")
  func dragAutoscrollsAcrossThousandRows() async throws {
    let (demo, first, window) = try await start()
    defer { demo.close() }
    let editing = try await startEditing(demo, first, in: window)
    let handle = try #require(editing.editing.reorderControls.first { $0.path == [0, 0] }, "\(editing)")
    let viewport = try #require(editing.state.viewportRect, "\(editing)")
    let moved = editing.posts[0]
    let x = Int(handle.rect[0] + handle.rect[2] / 2)
    let y = Int(handle.rect[1] + handle.rect[3] / 2)
    // To within 8 pixels of the viewport's bottom edge, and held there.
    try press(demo, at: x, y, dragTo: Int(viewport[1] + viewport[3]) - 8, step: 20, in: window)
    let scrolled = try await demo.waitForFeed("the table scrolled two sections (2,000 rows) down by itself") {
      ($0.editing.reorderDestination?.first ?? 0) >= 2 && $0.editing.reorderingRow == [0, 0]
    }
    #expect(scrolled.state.isAnimating == true, "the autoscroll runs on the frame clock: \(scrolled)")
    try demo.xdotool("mouseup", "1")
    let dropped = try await demo.waitForFeed("the row dropped far down") {
      $0.isSettled && $0.editing.reorderingRow == nil && $0.editing.lastMove?.first == moved.number
    }
    let move = try #require(dropped.editing.lastMove, "\(dropped)")
    #expect(move[3] > 2_000, "the post is now more than 2,000 rows down: \(dropped)")
    #expect(move[4] == moved.number, "the feed has it there: \(dropped)")
    #expect(dropped.posts.contains { $0.number == moved.number }, "it is on screen where it dropped: \(dropped)")
    #expect(dropped.feedRows == 1_000_000, "\(dropped)")
    #expect(
      (dropped.state.firstVisibleRow?.first ?? 0) >= 2, "the table stays where the row dropped: \(dropped)")
  }

  @Test("a long press picks a row up outside edit mode and Escape puts it back; m, ↓ and Enter move the selected row")
  func longPressAndKeys() async throws {
    let (demo, first, window) = try await start()
    defer { demo.close() }
    let row = first.posts[2]
    try demo.movePointer(to: 400, Int(row.top + row.height / 2), in: window)
    try demo.xdotool("mousedown", "1")
    let held = try await demo.waitForFeed("the row picked up by the long press") {
      $0.editing.reorderingRow == [0, 2]
    }
    #expect(held.editing.heldLifted && !held.isEditing && held.state.selectedRow == nil, "\(held)")
    for step in 1...8 {
      try demo.xdotool(
        "mousemove", "--sync", "\(window.x + 400)", "\(window.y + Int(row.top + row.height / 2) + step * 15)")
    }
    try await demo.waitForFeed("the row follows the pointer") { ($0.editing.heldRect?[1] ?? 0) > row.top + 100 }
    try demo.xdotool("key", "Escape")
    let back = try await demo.waitForFeed("put back") { $0.editing.reorderingRow == nil && $0.isSettled }
    try demo.xdotool("mouseup", "1")
    #expect(back.posts.map(\.number) == first.posts.map(\.number), "nothing moved: \(back)")
    #expect(back.editing.lastMove == nil, "the data source heard nothing: \(back)")

    // The keys: select post 1, pick it up, two rows down, drop.
    let second = first.posts[1]
    try demo.movePointer(to: 400, Int(second.top + second.height / 2), in: window)
    try demo.xdotool("click", "1")
    try await demo.waitForFeed("post 1 selected") { $0.state.selectedRow == [0, 1] && $0.isSettled }
    try demo.xdotool("key", "m")
    try await demo.waitForFeed("picked up by m") { $0.editing.reorderingRow == [0, 1] }
    try demo.xdotool("key", "Down", "Down")
    try await demo.waitForFeed("two slots down") { $0.editing.reorderDestination == [0, 3] }
    try demo.xdotool("key", "Return")
    let moved = try await demo.waitForFeed("dropped by Enter") {
      $0.isSettled && $0.editing.reorderingRow == nil && $0.editing.lastMove != nil
    }
    #expect(moved.editing.lastMove == [second.number, 0, 3, 3, second.number], "\(moved)")
    #expect(moved.state.selectedRow == [0, 3], "the selection went with the row: \(moved)")
    let expected = [first.posts[0].number, first.posts[2].number, first.posts[3].number, second.number]
    #expect(Array(moved.posts.map(\.number).prefix(4)) == expected, "\(moved)")
  }

  @Test(
    "a right click opens the row's menu (Delete red, Move to top disabled on the first row); Star stars the post and shows checked next time"
  )
  func contextMenuByRightClick() async throws {
    let (demo, first, window) = try await start()
    defer { demo.close() }
    let top = first.posts[0]
    try demo.movePointer(to: 300, Int(top.top + top.height / 2), in: window)
    try demo.xdotool("click", "3")
    let topMenu = try await demo.waitForFeed("the first row's menu") { $0.editing.menuItems.count == 5 }
    #expect(
      topMenu.editing.menuItems.map(\.title) == ["Copy title", "Star", "Mark read", "Move to top", "Delete"],
      "\(topMenu)")
    #expect(topMenu.editing.menuItems[3].enabled == false, "the first post cannot move to the top: \(topMenu)")
    #expect(topMenu.editing.menuItems[4].destructive && topMenu.editing.menuItems[4].enabled, "\(topMenu)")
    #expect(!topMenu.editing.menuItems[1].checked, "not starred yet: \(topMenu)")
    try demo.xdotool("key", "Escape")
    try await demo.waitForFeed("the menu closed") { $0.editing.menuItems.isEmpty }

    let row = first.posts[2]
    try demo.movePointer(to: 300, Int(row.top + row.height / 2), in: window)
    try demo.xdotool("click", "3")
    let menu = try await demo.waitForFeed("the row's menu") { $0.editing.menuItems.count == 5 }
    #expect(menu.editing.menuItems[3].enabled, "\(menu)")
    let star = try #require(menu.editing.menuItems.first { $0.title == "Star" }, "\(menu)")
    let rect = star.rect
    #expect(rect.count == 4 && rect[1] > row.top, "the menu points at the click, below it: \(menu)")
    // Star is chosen with the keys (focus starts on the first item): a pointer click on the popover's
    // button was not delivered in CI's full GTK run (it is when the suite runs alone) — see the note.
    try demo.xdotool("key", "Down", "Return")
    let starred = try await demo.waitForFeed("the post starred") {
      $0.editing.starred == [row.number] && $0.editing.menuItems.isEmpty && $0.isSettled
    }
    #expect(starred.state.selectedRow == nil, "the menu selected nothing: \(starred)")
    try demo.movePointer(to: 300, Int(row.top + row.height / 2), in: window)
    try demo.xdotool("click", "3")
    let again = try await demo.waitForFeed("the menu again") { $0.editing.menuItems.count == 5 }
    #expect(again.editing.menuItems[1].checked, "Star is checked now: \(again)")
    #expect(!demo.standardError.contains("CRITICAL"), "no GTK criticals: \(demo.standardError.suffix(1500))")
  }

  @Test("the Menu key opens the selected row's menu, the arrows and Enter choose Move to top, and the post glides up")
  func contextMenuByKeys() async throws {
    let (demo, first, window) = try await start()
    defer { demo.close() }
    let row = first.posts[3]
    try demo.movePointer(to: 300, Int(row.top + row.height / 2), in: window)
    try demo.xdotool("click", "1")
    try await demo.waitForFeed("post 3 selected") { $0.state.selectedRow == [0, 3] && $0.isSettled }
    try demo.xdotool("key", "Menu")
    try await demo.waitForFeed("the menu open") { $0.editing.menuItems.count == 5 }
    // The focus is on the first action: three down is Move to top.
    try demo.xdotool("key", "Down", "Down", "Down", "Return")
    let moved = try await demo.waitForFeed("the post moved to the top") {
      $0.isSettled && $0.editing.menuItems.isEmpty && $0.editing.lastMove != nil
    }
    #expect(moved.editing.lastMove == [row.number, 0, 0, 0, row.number], "\(moved)")
    #expect(moved.posts.first?.number == row.number, "it is the first post now: \(moved)")
    #expect(moved.posts.first?.top == first.posts[0].top, "…drawn at the top: \(moved)")

    // Shift+F10 opens it too; Escape closes it and the keys go back to the table.
    try demo.xdotool("key", "shift+F10")
    try await demo.waitForFeed("the menu open again") { $0.editing.menuItems.count == 5 }
    try demo.xdotool("key", "Escape")
    try await demo.waitForFeed("the menu closed") { $0.editing.menuItems.isEmpty }
    try demo.xdotool("key", "Down")
    try await demo.waitForFeed("the table has the keys again") { $0.state.selectedRow == [0, 1] }
  }

  @Test(
    "pulling the feed down past its top shows Pull, then Release to refresh; letting go refreshes and three new posts arrive"
  )
  func pullToRefresh() async throws {
    let (demo, first, window) = try await start()
    defer { demo.close() }
    let viewport = try #require(first.state.viewportRect, "\(first)")
    let x = 400
    let y = Int(viewport[1]) + 120
    try press(demo, at: x, y, dragTo: y + 40, step: 10, in: window)
    let pulling = try await demo.waitForFeed("a short pull") { $0.editing.refreshText == "Pull to refresh" }
    let pullRect = try #require(pulling.editing.refreshRect, "\(pulling)")
    #expect(pullRect[1] + pullRect[3] <= pulling.posts[0].top, "the indicator is above the content: \(pulling)")
    for next in stride(from: y + 50, through: y + 260, by: 10) {
      try demo.xdotool("mousemove", "--sync", "\(window.x + x)", "\(window.y + next)")
    }
    let release = try await demo.waitForFeed("pulled far enough") { $0.editing.refreshText == "Release to refresh" }
    #expect(release.editing.refreshRect != nil, "\(release)")
    try demo.xdotool("mouseup", "1")
    let refreshing = try await demo.waitForFeed("refreshing") {
      $0.editing.refreshes == 1 || ($0.editing.isRefreshing && $0.editing.refreshText == "Refreshing…")
    }
    _ = refreshing
    let done = try await demo.waitForFeed("three new posts at the top") {
      $0.editing.refreshes == 1 && $0.isSettled && $0.editing.refreshText.isEmpty && !$0.editing.isRefreshing
    }
    #expect(done.feedRows == 1_000_003 && done.added == 3, "\(done)")
    #expect(Array(done.posts.map(\.number).prefix(3)) == [1_000_000, 1_000_001, 1_000_002], "\(done)")
    #expect(done.posts[3].number == first.posts[0].number, "the old first post below them: \(done)")
    #expect(done.posts[0].top == first.posts[0].top, "the content is back at the top: \(done)")
  }
}
