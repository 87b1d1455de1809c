import Foundation
import TestSupport
import Testing

/// End-to-end: the feed learns the width the window had before a resize and measures its posts
/// there while idle (the seeds' orientation advice), observed through the state file.
@Suite(
  "tableview-gtk-demo --demo feed: heights for the width left, under Xvfb", .serialized,
  .enabled(if: XvfbServer.toolsAvailable, "Xvfb, xdotool or ImageMagick is not installed"), .xvfb)
struct FeedWidthsXvfbTests {
  @Test("after a resize the width left is measured in idle time around the reader; back at it, the same post")
  func resizeMeasuresTheWidthLeft() async throws {
    let demo = try DemoSession(["--demo", "feed"])
    defer { demo.close() }
    let wide = try await demo.waitForFeed("the feed at its first width") {
      $0.heights.count == 1 && $0.posts.count >= 3 && $0.isSettled
    }
    let wideWidth = wide.heights[0].width
    let windowID = try demo.windowID()
    // One resize, narrower (a drag through widths, whose passing widths must not count, depends on
    // a wall-clock second: WidthHistoryTests checks it on an injected clock; here a loaded machine
    // could hold a passing width for a second).
    try demo.xdotool("windowsize", windowID, "500", "700")
    let narrow = try await demo.waitForFeed("the width left expected back") {
      $0.heights.count == 2 && $0.heights[0].width < wideWidth && $0.heights[1].width == wideWidth && $0.isSettled
    }
    // Far down: the posts around the last one were never measured at the first width.
    let measuredBefore = narrow.heights[1].measured
    try demo.xdotool("key", "End")
    let far = try await demo.waitForFeed("posts around the reader measured at the width left", timeout: 120) {
      $0.heights.count == 2 && $0.heights[1].width == wideWidth && $0.heights[1].measured >= measuredBefore + 200
        && $0.isSettled
    }
    #expect(far.heights[0].width == narrow.heights[0].width, "still at the narrow width: \(far)")
    let reading = try #require(far.posts.first?.number)
    try demo.xdotool("windowsize", windowID, "900", "700")
    let back = try await demo.waitForFeed("back at the first width") {
      $0.heights.first?.width == wideWidth && $0.isSettled
    }
    #expect(back.posts.contains { $0.number == reading }, "the post read at the narrow width is on screen: \(back)")
  }
}
