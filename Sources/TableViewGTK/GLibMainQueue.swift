import CGtk
import Dispatch

// libdispatch's run-loop integration, as CoreFoundation uses it on Linux: the main queue signals an
// eventfd when work is enqueued, and the owner of the main thread's loop drains it.
@_silgen_name("_dispatch_get_main_queue_port_4CF")
private func dispatchMainQueuePort() -> Int32
@_silgen_name("_dispatch_main_queue_callback_4CF")
private func dispatchMainQueueCallback(_ message: UnsafeMutableRawPointer?)

/// Makes GLib's main loop drain libdispatch's main queue, so that `DispatchQueue.main.async`,
/// `Task { @MainActor in … }` and `await MainActor.run` work in a GTK program (without it they
/// never run: nothing calls `dispatchMain()` while `g_main_loop_run` owns the main thread).
///
/// Call `install()` once, on the main thread, before the main loop runs.
public enum GLibMainQueue {
  nonisolated(unsafe) private static var sourceID: UInt32 = 0

  /// Watches the main queue's eventfd from GLib's default main context (idempotent).
  public static func install() {
    guard sourceID == 0 else { return }
    let fd = dispatchMainQueuePort()
    guard fd >= 0 else { return }
    sourceID = g_unix_fd_add_full(
      G_PRIORITY_DEFAULT, fd, G_IO_IN,
      { fd, _, _ in
        // Clear the eventfd first, then drain: work enqueued meanwhile signals it again.
        var counter: UInt64 = 0
        _ = withUnsafeMutableBytes(of: &counter) { read(fd, $0.baseAddress, 8) }
        dispatchMainQueueCallback(nil)
        return 1  // G_SOURCE_CONTINUE
      }, nil, nil)
  }
}
