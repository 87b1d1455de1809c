import Foundation
import TestSupport
import Testing

/// End-to-end: editing the demo's feed (`--demo feed`) in a private Xvfb server with xdotool — a
/// real horizontal mouse drag swipes a row open on its actions, a click on Delete deletes it; edit
/// mode shows ⊖ on every row and a click on one deletes its row; New post inserts at the top; the
/// end of the feed loads another page. Observed through the state file and screenshots.
@Suite(
  "tableview-gtk-demo --demo feed: swipe actions and edit mode under Xvfb", .serialized,
  .enabled(if: XvfbServer.toolsAvailable, "Xvfb, xdotool or ImageMagick is not installed"), .xvfb)
struct FeedEditingXvfbTests {
  /// The destructive action's red and the normal action's blue: the theme's destructive and suggested buttons
  /// (libadwaita's light style: @destructive_bg_color and @accent_bg_color).
  static let destructiveRed = RGB(hex: "#e01b24")
  static let normalBlue = RGB(hex: "#3584e4")

  func start(_ arguments: [String] = []) async throws -> (DemoSession, FeedState, ScreenRect) {
    let demo = try DemoSession(["--demo", "feed"] + arguments)
    let first = try await demo.waitForFeed("the feed laid out") { $0.posts.count >= 3 && $0.isSettled }
    let window = try await demo.window()
    return (demo, first, window)
  }

  /// Polls screenshots until the pixel at `(x, y)` of the window is close to `colour`; returns the
  /// last colour seen.
  func pixel(_ demo: DemoSession, at x: Double, _ y: Double, in window: ScreenRect, becomes colour: RGB) async throws
    -> RGB
  {
    let deadline = Date().addingTimeInterval(30)
    var seen = try demo.screenshot().pixel(x: window.x + Int(x), y: window.y + Int(y))
    while !seen.isClose(to: colour, tolerance: 12), Date() < deadline {
      try await Task.sleep(for: .milliseconds(100))
      seen = try demo.screenshot().pixel(x: window.x + Int(x), y: window.y + Int(y))
    }
    return seen
  }

  /// Presses the button at `(x, y)` of the window and drags left by `distance` pixels in 10-pixel
  /// steps, leaving the button down.
  func dragLeft(_ demo: DemoSession, from x: Int, _ y: Int, by distance: Int, in window: ScreenRect) throws {
    try demo.movePointer(to: x, y, in: window)
    try demo.xdotool("mousedown", "1")
    for step in stride(from: 10, through: distance, by: 10) {
      try demo.xdotool("mousemove", "--sync", "\(window.x + x - step)", "\(window.y + y + step / 40)")
    }
  }

  @Test("a horizontal mouse drag swipes a row open on a red Delete and a blue Mark; Delete deletes the row")
  func swipeToDelete() async throws {
    let (demo, first, window) = try await start()
    defer { demo.close() }
    let row = first.posts[1]
    let next = first.posts[2]
    let y = Int(row.top + row.height / 2)
    try dragLeft(demo, from: 700, y, by: 140, in: window)
    // Held: the row follows the pointer, the strip it uncovers holds the actions.
    let held = try await demo.waitForFeed("the row pulled 140 px left") { $0.swipeOffset <= -130 }
    #expect(held.swipedRow == [0, 1], "the row under the pointer is swiped: \(held)")
    #expect(held.state.selectedRow == nil, "a swipe selects nothing: \(held)")
    let delete = try #require(held.swipeButtons.first { $0.title == "Delete" }, "\(held)")
    let mark = try #require(held.swipeButtons.first { $0.title == "Mark" }, "\(held)")
    #expect(delete.rect[0] > mark.rect[0], "Delete is nearest the edge it was swiped from: \(held)")
    #expect(delete.rect[1] == row.top && delete.rect[3] == row.height, "the buttons are as tall as the row: \(held)")
    let red = try await pixel(
      demo, at: delete.rect[0] + delete.rect[2] / 2, delete.rect[1] + 4, in: window, becomes: Self.destructiveRed)
    #expect(red.isClose(to: Self.destructiveRed, tolerance: 12), "Delete is drawn red: \(red)")
    let blue = try await pixel(demo, at: mark.rect[0] + 4, mark.rect[1] + 4, in: window, becomes: Self.normalBlue)
    #expect(blue.isClose(to: Self.normalBlue, tolerance: 12), "Mark is drawn blue: \(blue)")

    // Let go past half the actions' width: the row opens on them (80 px each).
    try demo.xdotool("mouseup", "1")
    // (The state written just before the release is settled too: wait for the open row itself.)
    let open = try await demo.waitForFeed("the row open on both actions in full (80 px each)") {
      $0.isSettled && $0.swipedRow == [0, 1] && $0.swipeOffset == -160
    }
    let button = try #require(open.swipeButtons.first { $0.title == "Delete" }, "\(open)")
    #expect(button.rect[2] == 80, "\(open)")

    try demo.click(button.rect, in: window)
    let deleted = try await demo.waitForFeed("the row deleted") {
      $0.feedRows == 999_999 && $0.deleted == 1 && $0.isSettled
    }
    #expect(deleted.swipedRow == nil && deleted.swipeButtons.isEmpty, "the swipe went with its row: \(deleted)")
    #expect(!deleted.posts.contains { $0.number == row.number }, "the post is gone: \(deleted)")
    #expect(deleted.posts[1].number == next.number, "the next post took its place: \(deleted)")
    #expect(deleted.posts[1].top == row.top, "…moved up to where the deleted row was: \(deleted)")
    #expect(deleted.state.selectedRow == nil, "the click on Delete selected nothing: \(deleted)")
    #expect(!demo.standardError.contains("CRITICAL"), "no GTK criticals: \(demo.standardError.suffix(1500))")
  }

  @Test("a swiped row closes on Escape and on a click elsewhere (which selects nothing); a short swipe springs back")
  func swipeCloses() async throws {
    let (demo, first, window) = try await start()
    defer { demo.close() }
    let row = first.posts[1]
    let y = Int(row.top + row.height / 2)
    try dragLeft(demo, from: 700, y, by: 150, in: window)
    try demo.xdotool("mouseup", "1")
    try await demo.waitForFeed("open") { $0.isSettled && $0.swipedRow == [0, 1] && $0.swipeOffset == -160 }
    try demo.xdotool("key", "Escape")
    let closed = try await demo.waitForFeed("closed by Escape") { $0.isSettled && $0.swipedRow == nil }
    #expect(closed.swipeOffset == 0 && closed.swipeButtons.isEmpty, "\(closed)")

    try dragLeft(demo, from: 700, y, by: 150, in: window)
    try demo.xdotool("mouseup", "1")
    try await demo.waitForFeed("open again") { $0.isSettled && $0.swipedRow == [0, 1] && $0.swipeOffset == -160 }
    let other = first.posts[2]
    try demo.movePointer(to: 300, Int(other.top + other.height / 2), in: window)
    try demo.xdotool("click", "1")
    let tapped = try await demo.waitForFeed("closed by a click") { $0.isSettled && $0.swipedRow == nil }
    #expect(tapped.state.selectedRow == nil, "the click only closed the swipe: \(tapped)")
    #expect(tapped.feedRows == 1_000_000, "\(tapped)")

    // A short pull (less than half the actions), held still before letting go (no flick: on a starved
    // machine the moves arrive bunched, fast enough to open the row), springs back shut.
    try dragLeft(demo, from: 700, y, by: 40, in: window)
    try await demo.waitForFeed("pulled 40 px") { $0.swipeOffset == -40 }
    try await Task.sleep(for: .milliseconds(400))
    try demo.xdotool("mouseup", "1")
    let back = try await demo.waitForFeed("sprung back") { $0.isSettled && $0.swipedRow == nil }
    #expect(back.swipeOffset == 0 && back.feedRows == 1_000_000, "\(back)")
  }

  @Test("Edit shows a red ⊖ on every row; a click on one deletes its row; Done hides them")
  func editModeDeletes() async throws {
    let (demo, first, window) = try await start()
    defer { demo.close() }
    try demo.click(try #require(first.editRect), in: window)
    let editing = try await demo.waitForFeed("the ⊖ controls in") {
      $0.isEditing && $0.isSettled && $0.editControls.count == $0.posts.count
    }
    // The same posts from the top (narrower, they may be taller: the last may leave the screen).
    #expect(
      !editing.posts.isEmpty && first.posts.map(\.number).starts(with: editing.posts.map(\.number)),
      "the same posts: \(editing)")
    #expect(editing.state.misfitRows == [], "every row measured again at the narrower width: \(editing)")
    let control = editing.editControls[1]
    #expect(control.path == [0, 1], "\(editing)")
    let red = try await pixel(
      demo, at: control.rect[0] + control.rect[2] / 2 - 6, control.rect[1] + control.rect[3] / 2 - 4, in: window,
      becomes: Self.destructiveRed)
    #expect(red.isClose(to: Self.destructiveRed, tolerance: 12), "⊖ is red: \(red)")
    #expect(control.rect[0] < 60, "at the left edge: \(editing)")

    try demo.click(control.rect, in: window)
    let deleted = try await demo.waitForFeed("the row deleted in edit mode") {
      $0.feedRows == 999_999 && $0.isSettled && $0.editControls.count == $0.posts.count
    }
    #expect(!deleted.posts.contains { $0.number == first.posts[1].number }, "\(deleted)")
    #expect(deleted.posts[1].number == first.posts[2].number, "the next post moved up: \(deleted)")
    #expect(deleted.isEditing && deleted.state.selectedRow == nil, "\(deleted)")

    try demo.click(try #require(deleted.editRect), in: window)
    let done = try await demo.waitForFeed("edit mode off") { !$0.isEditing && $0.isSettled && $0.editControls.isEmpty }
    #expect(done.feedRows == 999_999, "\(done)")
    #expect(done.state.misfitRows == [], "and again at the full width: \(done)")
  }

  @Test("New post inserts a post at the top, the others make room")
  func newPost() async throws {
    let (demo, first, window) = try await start()
    defer { demo.close() }
    try demo.click(try #require(first.newPostRect), in: window)
    let inserted = try await demo.waitForFeed("the new post at the top") {
      $0.feedRows == 1_000_001 && $0.isSettled && $0.posts.first?.number == 1_000_000
    }
    #expect(inserted.posts[0].top == first.posts[0].top, "the new post is the first row: \(inserted)")
    #expect(inserted.posts[1].number == first.posts[0].number, "the old first post below it: \(inserted)")
    #expect(inserted.posts[1].top == first.posts[0].top + inserted.posts[0].height, "\(inserted)")
  }

  @Test("reaching the end of the feed loads another page of posts")
  func loadMore() async throws {
    let (demo, first, _) = try await start(["--rows", "60"])
    defer { demo.close() }
    #expect(first.feedRows == 60 && first.pagesLoaded == 0, "\(first)")
    try demo.xdotool("key", "End")
    let loaded = try await demo.waitForFeed("a page loaded at the end") { $0.pagesLoaded >= 1 && $0.isSettled }
    #expect(loaded.feedRows == 60 + 20 * loaded.pagesLoaded, "\(loaded)")
    #expect(loaded.state.contentHeight ?? 0 > first.state.contentHeight ?? 0, "the content grew: \(loaded)")
  }

  @Test("a sideways touchpad gesture swipes a row open on its trailing actions, and the other way on its leading one")
  func touchpadSwipe() async throws {
    // xdotool cannot make smooth-scroll events: the demo plays the scroll controller's calls itself.
    let run = try await DemoSelfTest(["--demo", "feed", "--self-test", "touchpad-swipe"], timeout: 60)
    let (line, value, object) = (run.line, run.number, run.object)
    #expect(value("pulled") == -140, "\(line)")
    #expect(value("opened") == -160, "\(line)")
    #expect(object["trailing"] as? String == "Delete+Mark", "\(line)")
    #expect(value("openedLeading") == 80, "\(line)")
    #expect(object["leading"] as? String == "Read", "\(line)")
    #expect(run.flag("ok"), "\(line)")
  }
}
