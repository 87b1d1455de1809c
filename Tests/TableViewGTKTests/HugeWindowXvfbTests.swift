import Foundation
import TestSupport
import Testing

/// The GTK demo's window made as large as the screen allows and back: what the table and GTK keep for the large
/// window (cells, render nodes, the frame's image) must go when it shrinks. On an 8192×8192 screen (GTK keeps a
/// window within the screen, so `windowsize 32767 32767` gives 8192×8192), one frame's image alone is 256 MiB.
///
/// What stays is cairo's: its X11 backend uploads frames through MIT-SHM segments from a pool that it frees only
/// when a later segment cannot be made or the display closes, so the largest frame's pixels stay resident as shared
/// memory (`RssShmem`). The test measures the process's own memory (`RssAnon`) and reports both.
@Suite(
  "tableview-gtk-demo huge window", .serialized,
  .enabled(if: XvfbServer.toolsAvailable, "Xvfb, xdotool or ImageMagick is not installed"),
  .xvfb(screen: "8192x8192x24"))
struct HugeWindowXvfbTests {
  /// Resident memory in kB: anonymous (the heap) and shared memory.
  struct Resident: CustomStringConvertible {
    var anonymous = 0
    var shared = 0
    var description: String { "anonymous \(anonymous / 1024) MiB, shared \(shared / 1024) MiB" }

    init(pid: pid_t) {
      let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
      for line in status.split(separator: "\n") {
        let parts = line.split(separator: ":")
        guard parts.count == 2, let value = Int(parts[1].split(whereSeparator: \.isWhitespace).first ?? "") else {
          continue
        }
        if parts[0] == "RssAnon" { anonymous = value }
        if parts[0] == "RssShmem" { shared = value }
      }
    }
  }

  @Test("8192×8192 and back: the cells and the demo's own memory return to within 64 MiB of before")
  func hugeWindowAndBack() async throws {
    let demo = try DemoSession(["--demo", "feed"])
    defer { demo.close() }
    let start = try await demo.waitFor("rows on screen", timeout: 60) { ($0.visibleRows ?? 0) > 3 && $0.isSettled }
    _ = try await demo.window()
    let windowID = try demo.windowID()
    _ = try await demo.waitUntilQuiet("the first frames", timeout: 60)
    let before = Resident(pid: demo.process.pid)

    try demo.xdotool("windowsize", "--sync", windowID, "32767", "32767")
    let large = try await demo.waitFor("the large window", timeout: 120) { ($0.viewportHeight ?? 0) > 4000 }
    _ = try await demo.waitUntilQuiet("the large window drawn", quiet: 2, timeout: 120)
    let whileLarge = Resident(pid: demo.process.pid)

    try demo.xdotool("windowsize", "--sync", windowID, "900", "700")
    _ = try await demo.waitFor("the window back", timeout: 120) { ($0.viewportHeight ?? 10_000) < 800 }
    let back = try await demo.waitUntilQuiet("the window back drawn", quiet: 2, timeout: 120)
    let after = Resident(pid: demo.process.pid)

    let figures = "before: \(before); large: \(whileLarge); after: \(after)"
    #expect((large.visibleRows ?? 0) > 100, "\(large)")
    // The pool keeps what the visible rows need (the core trims it when the viewport shrinks), not the large
    // window's cells.
    #expect((back.pooledCells ?? .max) <= (back.visibleRows ?? 0) + 8, "\(back)")
    #expect(back.liveWidgets <= start.liveWidgets + 2 * ((back.visibleRows ?? 0) + 8), "\(back) \(start)")
    #expect(after.anonymous <= before.anonymous + 64 * 1024, "\(figures)")
    let errors = demo.standardError
    #expect(!errors.contains("CRITICAL") && !errors.contains("WARNING"), "\(errors)")
    print("huge window: \(figures)")
  }
}
