import Foundation
import TestSupport
import Testing

/// The GTK demo's memory over time: a soak of scrolling, jumps and edits on every page. Resident memory must settle,
/// not grow with time.
@Suite(
  "tableview-gtk-demo memory", .serialized,
  .enabled(if: XvfbServer.toolsAvailable, "Xvfb, xdotool or ImageMagick is not installed"), .xvfb)
struct DemoMemoryTests {
  @Test("twelve rounds of scrolling, jumps and edits on every page: resident memory settles")
  func soak() async throws {
    let rounds = 12
    let demo = try DemoSession(["--demo", "feed", "--soak", "\(rounds)"])
    defer { demo.close() }
    // A generous timeout: a round is about 150 frames, slow on a loaded machine.
    let status = await demo.process.waitForExit(timeout: 900)
    let lines = demo.process.standardOutput.split(separator: "\n").map(String.init)
    #expect(status == 0, "\(lines.suffix(3)) \(demo.diagnostics)")
    #expect(lines.filter { $0.hasPrefix("round ") }.count == rounds, "\(lines)")
    #expect(lines.last?.hasPrefix("memory: \(rounds) samples") == true, "\(lines.suffix(2))")
    #expect(lines.last?.hasSuffix(": settled") == true, "\(lines.suffix(2))")
    let errors = demo.standardError
    #expect(!errors.contains("CRITICAL") && !errors.contains("WARNING"), "\(errors)")
  }
}
