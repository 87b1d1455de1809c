import Dispatch
import Glibc

// libdispatch's run-loop integration, as CoreFoundation uses it on Linux (and TableViewGTK's GLibMainQueue): the
// main queue signals an eventfd when work is enqueued, and the owner of the main thread's loop drains it.
@_silgen_name("_dispatch_get_main_queue_port_4CF")
private func dispatchMainQueuePort() -> Int32
@_silgen_name("_dispatch_main_queue_callback_4CF")
private func dispatchMainQueueCallback(_ message: UnsafeMutableRawPointer?)
@_silgen_name("gettid")
private func systemThreadID() -> Int32

/// The main dispatch queue, drained by ``TerminalRunLoop`` when it runs on the main thread, so that
/// `Task { @MainActor in … }`, `await MainActor.run { … }` and `DispatchQueue.main.async` run in a terminal
/// program (without it they never run: nothing calls `dispatchMain()` while the loop owns the main thread).
enum MainDispatchQueue {
  /// Whether the calling thread is the process's main thread.
  static var isMainThread: Bool { systemThreadID() == getpid() }

  /// The descriptor that becomes readable when work is enqueued on the main queue, or `nil` off the main thread
  /// (only the main thread may drain it).
  static var port: Int32? {
    guard isMainThread else { return nil }
    let port = dispatchMainQueuePort()
    return port >= 0 ? port : nil
  }

  /// Clears the port's signal, then runs the work enqueued so far (work enqueued meanwhile signals it again).
  static func drain(_ port: Int32) {
    var counter: UInt64 = 0
    _ = withUnsafeMutableBytes(of: &counter) { read(port, $0.baseAddress, 8) }
    dispatchMainQueueCallback(nil)
  }
}
