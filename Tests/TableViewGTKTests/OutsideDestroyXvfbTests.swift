import Foundation
import TestSupport
import Testing

/// The GTK demo's window destroyed by another program (`xdotool windowclose`, an `XDestroyWindow` behind GDK's back),
/// in the middle of a drag: GTK 4.8 alone aborts in GDK (`egl_native_window == NULL`) or exits on the X errors its
/// next frame causes. The demo ends as if the window had been closed.
@Suite(
  "tableview-gtk-demo window destroyed by another program", .serialized,
  .enabled(if: XvfbServer.toolsAvailable, "Xvfb, xdotool or ImageMagick is not installed"), .xvfb)
struct OutsideDestroyXvfbTests {
  @Test("windowclose during a drag: the demo exits with status 0, no abort, no X error, no critical", arguments: 1...3)
  func windowCloseDuringDrag(run: Int) async throws {
    let demo = try DemoSession(["--demo", "feed"])
    defer { demo.close() }
    _ = try await demo.waitFor("rows on screen", timeout: 60) { ($0.visibleRows ?? 0) > 3 }
    let window = try await demo.window()
    let windowID = try demo.windowID()
    // A drag scrolling the list, its button still down: frames keep coming while the window goes.
    try demo.movePointer(to: window.width / 2, window.height / 2, in: window)
    try demo.xdotool(
      "mousedown", "1", "mousemove", "--sync", String(window.x + window.width / 2),
      String(window.y + window.height / 2 - 60), "mousemove", "--sync", String(window.x + window.width / 2),
      String(window.y + window.height / 2 - 120))
    _ = try await demo.waitFor("the drag", timeout: 60) { $0.isTracking == true }
    try demo.xdotool("windowclose", windowID)
    let status = await demo.process.waitForExit(timeout: 60)
    let errors = demo.standardError
    #expect(status == 0, "\(demo.diagnostics)")
    #expect(!errors.contains("Bail out") && !errors.contains("CRITICAL"), "\(errors)")
    #expect(!errors.contains("X Window System error"), "\(errors)")
    #expect(errors.contains("the window was destroyed by another program"), "\(errors)")
    try? demo.xdotool("mouseup", "1")
  }
}
