import Foundation
import TestSupport
import Testing

/// End-to-end: the demo's Chat page (`--demo chat`) in a private Xvfb server, driven with xdotool and
/// observed through its state file (the table's state and the chat's: the conversation, the badge,
/// where each visible message is drawn) and screenshots.
@Suite(
  "tableview-gtk-demo --demo chat under Xvfb", .serialized,
  .enabled(if: XvfbServer.toolsAvailable, "Xvfb, xdotool or ImageMagick is not installed"), .xvfb)
struct ChatXvfbTests {
  /// The user's bubbles, other people's, and the badge (ChatStyle in the demo: libadwaita's light style's accent, a
  /// tenth of its text colour over the white view, its destructive red), and the view.
  static let mineBlue = RGB(hex: "#3584e4")
  static let otherGrey = RGB(hex: "#ebebeb")
  static let badgeRed = RGB(hex: "#e01b24")
  static let white = RGB(hex: "#ffffff")

  /// Starts the chat with new messages every `interval` seconds (0: none) and older pages after
  /// `pageDelay` ms, and waits until it shows the newest message at the bottom.
  func start(interval: Double, pageDelay: Int = 300) async throws -> (DemoSession, ChatState, ScreenRect) {
    let demo = try DemoSession([
      "--demo", "chat", "--chat-interval", String(interval), "--chat-page-delay", String(pageDelay),
      // The tests read the thumb as drawn and click its trough: GNOME's "Always Show Scrollbars".
      "--always-show-scrollbars",
    ])
    let first = try await demo.waitForChat("the chat at the newest") { $0.showsNewestAtBottom }
    let window = try await demo.window()
    return (demo, first, window)
  }

  /// Polls screenshots until the pixel at `(x, y)` of the window is close to `colour` (the frame is
  /// drawn a little after the state is written); returns the last colour seen.
  func pixel(
    _ demo: DemoSession, at x: Double, _ y: Double, in window: ScreenRect, becomes colour: RGB, tolerance: Int
  ) async throws -> RGB {
    let deadline = Date().addingTimeInterval(30)
    var seen = try demo.screenshot().pixel(x: window.x + Int(x), y: window.y + Int(y))
    while !seen.isClose(to: colour, tolerance: tolerance), Date() < deadline {
      try await Task.sleep(for: .milliseconds(100))
      seen = try demo.screenshot().pixel(x: window.x + Int(x), y: window.y + Int(y))
    }
    return seen
  }

  /// Messages drawn in both states at different places.
  func moved(_ before: ChatState, _ after: ChatState) -> [Int] {
    let old = before.tops
    return after.tops.filter { number, top in old[number].map { $0 != top } ?? false }.map(\.key).sorted()
  }

  @Test("opens at the newest message; arrivals at the bottom come into view (follow mode)")
  func opensAtNewestAndFollows() async throws {
    // An arrival a second: the table is at rest most of the time between two (at 0.5 s a starved machine drew the
    // rests too briefly for the state to be seen in a minute).
    let (demo, first, _) = try await start(interval: 1)
    defer { demo.close() }
    #expect(first.chatRows == first.endNumber - first.firstLoaded + 1, "the loading row and the loaded messages")
    #expect(first.firstLoaded == 1_000_000 - 60, "the newest 60 of a million loaded: \(first)")
    #expect(first.isAtBottom && first.rowsBelow == 0 && first.badge == nil, "\(first)")
    #expect(first.state.liveWidgets < 40, "widgets for the visible rows only: \(first)")
    let later = try await demo.waitForChat("two arrivals followed to the bottom") {
      $0.received >= first.received + 2 && $0.showsNewestAtBottom
    }
    #expect(later.endNumber >= first.endNumber + 2, "\(later)")
    #expect(later.rowsBelow == 0 && later.badge == nil, "nothing counted while following: \(later)")
  }

  @Test(
    "scrolled up with the wheel, arrivals move nothing and the badge counts them; clicking it returns to the newest")
  func badge() async throws {
    let (demo, _, window) = try await start(interval: 0.7)
    defer { demo.close() }
    try demo.movePointer(to: 400, 300, in: window)
    // Arrivals before the scroll ends are counted too (a starved machine may glide for seconds):
    // the count is bounded by every arrival since before the scroll.
    let start = try await demo.waitForChat("at the newest") { $0.isAtBottom }
    try demo.xdotool("click", "--repeat", "6", "--delay", "30", "4")
    let up = try await demo.waitForChat("scrolled up, at rest") { !$0.isAtBottom && $0.state.isSettled }
    #expect((up.state.contentOffset ?? 0) < (up.state.contentHeight ?? 0) - (up.state.viewportHeight ?? 0))
    // The scrollbar's thumb as drawn, while nothing scrolls.
    let viewport = try #require(up.state.viewportRect)
    let column = (x: window.x + Int(viewport[0] + viewport[2]) + 8, y: window.y + Int(viewport[1]))
    try await Task.sleep(for: .milliseconds(300))
    let thumb = try demo.screenshot().thumbTop(x: column.x, y: column.y, height: Int(viewport[3]))
    let counted = try await demo.waitForChat("two arrivals counted below") {
      $0.received >= up.received + 2 && $0.rowsBelow >= 2 && $0.badge == "\($0.rowsBelow) new ↓"
        && $0.badgeRect != nil
    }
    #expect(moved(up, counted).isEmpty, "arrivals below moved nothing on screen: \(up) → \(counted)")
    #expect(!counted.isAtBottom, "\(counted)")
    let arrived = try await demo.waitForChat("three arrivals") { $0.received >= up.received + 3 }
    try await Task.sleep(for: .milliseconds(300))
    let thumbAfter = try demo.screenshot().thumbTop(x: column.x, y: column.y, height: Int(viewport[3]))
    #expect(
      thumb != nil && thumbAfter == thumb, "the thumb stays where it is drawn: \(thumb as Any) → \(thumbAfter as Any)")
    #expect(moved(up, arrived).isEmpty, "\(up) → \(arrived)")
    #expect(counted.rowsBelow <= counted.received - start.received, "only arrivals are counted: \(counted)")

    // The badge is drawn over the bottom of the table, in red.
    let rect = try #require(counted.badgeRect)
    let red = try await pixel(
      demo, at: rect[0] + 8, rect[1] + rect[3] / 2, in: window, becomes: Self.badgeRed, tolerance: 30)
    #expect(red.isClose(to: Self.badgeRed, tolerance: 30), "the badge's left end at \(rect): \(red)")

    try demo.click(rect, in: window)
    let back = try await demo.waitForChat("back at the newest") {
      $0.showsNewestAtBottom && $0.isAtBottom && $0.rowsBelow == 0 && $0.badge == nil
    }
    #expect(back.endNumber >= counted.endNumber, "\(back)")
  }

  @Test(
    "near the top an older page loads (the loading row shows meanwhile) and arrives above with the messages on screen still"
  )
  func pagingAbove() async throws {
    // The page takes 15 s: time enough, on a loaded machine, to see the loading row before it arrives.
    let (demo, first, window) = try await start(interval: 0, pageDelay: 15_000)
    defer { demo.close() }
    // A click at the top of the scrollbar's trough puts the thumb (and the content) at the top at once.
    let viewport = try #require(first.state.viewportRect)
    try demo.movePointer(to: Int(viewport[0] + viewport[2]) + 5, Int(viewport[1]) + 3, in: window)
    try demo.xdotool("click", "1")
    let loading = try await demo.waitForChat("the loading row at the top, a page asked for") {
      $0.loadingOlder && $0.state.isSettled && $0.messages.first?.number == -1 && $0.pagesLoaded == 0
    }
    let loadingRow = try #require(loading.messages.first)
    #expect(loadingRow.top == loading.viewportTop, "the loading row at the top of the view: \(loading)")
    #expect(loading.firstLoaded == first.firstLoaded, "the page is not there yet: \(loading)")
    let shot = try demo.screenshot()
    let drawn = try shot.statistics(
      of: ScreenRect(
        x: window.x + Int(viewport[0]), y: window.y + Int(loadingRow.top), width: Int(viewport[2]),
        height: Int(loadingRow.height)))
    #expect(drawn.colors > 2, "the loading row's text is drawn: \(drawn)")

    let arrived = try await demo.waitForChat("the page above") { $0.pagesLoaded >= 1 && $0.state.isSettled }
    #expect(arrived.firstLoaded == loading.firstLoaded - 50, "50 older messages: \(arrived)")
    #expect(arrived.chatRows == loading.chatRows + 50, "\(arrived)")
    let kept = Set(arrived.tops.keys).intersection(loading.tops.keys)
    #expect(kept.count >= 5, "the same messages on screen: \(loading) → \(arrived)")
    #expect(moved(loading, arrived).isEmpty, "nothing on screen moved: \(loading) → \(arrived)")
    #expect(arrived.messages.first?.number != -1, "the loading row went up with the history above it: \(arrived)")
    #expect(!arrived.loadingOlder, "out of reach of the top, no further page is asked for: \(arrived)")
    #expect((arrived.state.contentOffset ?? 0) > 1_000, "the offset moved by the page (a correction): \(arrived)")
  }

  @Test("the composer sends: typed text (q and digits too) shows as the user's blue bubble on the right, at the bottom")
  func composerSends() async throws {
    let (demo, first, window) = try await start(interval: 0)
    defer { demo.close() }
    let entry = try #require(first.entryRect)
    try demo.click(entry, in: window)
    let text = "hello q1 5 from xdotool"
    try demo.xdotool("type", "--delay", "40", text)
    try demo.xdotool("key", "Return")
    let sent = try await demo.waitForChat("the message sent and shown at the bottom") {
      $0.sent == 1 && $0.lastMessageText == text && $0.showsNewestAtBottom
    }
    #expect(sent.state.page == "chat", "typing q, 1 and 5 in the entry neither quit nor switched pages")
    #expect(sent.lastMessageMine && sent.messages.last?.mine == true, "\(sent)")
    #expect(sent.composerText == "", "the entry is cleared: \(sent)")
    #expect(sent.endNumber == first.endNumber + 1, "\(sent)")

    // As drawn: the user's bubbles on the right in blue, other people's on the left in grey.
    let viewport = try #require(sent.state.viewportRect)
    let right = viewport[0] + viewport[2] - 12 - 5
    let left = viewport[0] + 12 + 5
    let last = try #require(sent.messages.last)
    let blue = try await pixel(
      demo, at: right, last.top + last.height / 2, in: window, becomes: Self.mineBlue, tolerance: 30)
    #expect(blue.isClose(to: Self.mineBlue, tolerance: 30), "the sent bubble's right end: \(blue)")
    let shot = try demo.screenshot()
    let whole = sent.messages.filter { $0.number >= 0 && $0.top >= sent.viewportTop && $0.height >= 40 }
    let other = try #require(whole.first { !$0.mine }, "someone else's message on screen: \(sent)")
    let y = window.y + Int(other.top + other.height / 2)
    let otherLeft = try shot.pixel(x: window.x + Int(left), y: y)
    let otherRight = try shot.pixel(x: window.x + Int(right), y: y)
    #expect(otherLeft.isClose(to: Self.otherGrey, tolerance: 20), "another's bubble on the left: \(otherLeft)")
    #expect(otherRight.isClose(to: Self.white, tolerance: 10), "nothing on its right: \(otherRight)")
  }

  @Test("jump to the first unread, 50,000 up and never measured, lands exactly on it; back to the newest lands exactly")
  func jumpToUnreadAndBack() async throws {
    let (demo, first, window) = try await start(interval: 0)
    defer { demo.close() }
    #expect(first.unreadRow == nil, "the first unread is not loaded yet: \(first)")
    try demo.click(try #require(first.jumpRect), in: window)
    let jumped = try await demo.waitForChat("the first unread at the top") {
      $0.unreadRow != nil && $0.state.isSettled
        && $0.messages.contains { $0.number == first.unreadNumber }
    }
    let unread = try #require(jumped.messages.first { $0.number == first.unreadNumber })
    #expect(unread.top == jumped.viewportTop, "the unread message's top at the view's top: \(jumped)")
    #expect(first.unreadNumber == first.endNumber - 50_000, "\(first)")
    // The top is near: an older page loads above it, and it stays where it is.
    let paged = try await demo.waitForChat("a page above the unread message") {
      $0.pagesLoaded >= 1 && !$0.loadingOlder && $0.state.isSettled
    }
    #expect(paged.tops[first.unreadNumber] == jumped.viewportTop, "still at the top: \(paged)")
    #expect(moved(jumped, paged).isEmpty, "\(jumped) → \(paged)")

    try demo.click(try #require(paged.newestRect), in: window)
    let back = try await demo.waitForChat("back at the newest") { $0.showsNewestAtBottom && $0.isAtBottom }
    #expect(back.endNumber == first.endNumber, "\(back)")
    #expect(back.state.contentOffset == back.maximumOffset, "exactly at the end: \(back)")
  }
}

/// The chat's frame benchmark as a check of what it counts (not of its timings): flicks up through the
/// chat while messages arrive below and pages load above, every painted frame compared with the one
/// before. Its own suite, so it runs beside the interactive tests on its own X server.
@Suite(
  "tableview-gtk-demo --bench --demo chat",
  .enabled(if: XvfbServer.toolsAvailable, "Xvfb, xdotool or ImageMagick is not installed"), .xvfb)
struct ChatBenchmarkTests {
  @Test("while messages arrive and pages load, no message moves but by the scroll, and the thumb never against it")
  func nothingMovesButTheScroll() async throws {
    let server = try #require(XvfbServer.current)
    let demo = try BackgroundProcess(
      try DemoBinary.gtkDemo.path(), ["--bench", "--demo", "chat", "--frames", "300", "--json"],
      environment: DemoSession.environment(display: server.display))
    defer { demo.stop() }
    let status = await demo.waitForExit(timeout: 240)
    let output = demo.standardOutput
    var counts: [String: Int] = [:]
    for line in output.split(separator: "\n") where line.hasPrefix("{") {
      guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        let name = object["name"] as? String, let count = (object["count"] as? NSNumber)?.intValue
      else { continue }
      counts[name] = count
    }
    #expect(status == 0, "stdout: \(output)\nstderr: \(demo.standardError.suffix(1000))")
    #expect(counts["gtk_chat_rows_moved"] == 0, "\(output)\nstderr: \(demo.standardError.suffix(2000))")
    #expect(counts["gtk_chat_scrollbar_against_scroll"] == 0, "\(output)")
    #expect((counts["gtk_chat_pages_loaded"] ?? 0) >= 1, "pages arrived above during the run: \(output)")
    #expect((counts["gtk_chat_frames_with_page_arriving"] ?? 0) >= 1, "\(output)")
    #expect((counts["gtk_chat_arrivals"] ?? 0) >= 5, "messages arrived below during the run: \(output)")
  }
}
