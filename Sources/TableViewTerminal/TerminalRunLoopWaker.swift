import Glibc

/// Wakes a running ``TerminalRunLoop`` from any thread: the loop then calls its application's `tick()` and draws
/// a frame, at once (within one frame interval while it animates), with no polling timer. Background work that
/// left results for the application (a page of rows read, a file grown, an index built) calls ``wake()``; the
/// application takes the results in its `tick()`.
///
///     let loop = TerminalRunLoop(colorMode: .detect(environment: ProcessEnvironment.current()))
///     let waker = loop.waker
///     Thread.detachNewThread {
///       results.append(buildIndex())  // under the app's lock
///       waker.wake()
///     }
///
/// Waking is cheap (one byte into a pipe the loop polls) and wakes coalesce: many wakes before the loop runs
/// give one `tick()`. A loop that is not running wakes at its next start.
public final class TerminalRunLoopWaker: Sendable {
  /// The pipe's read end (the loop polls it) and write end (``wake()`` writes to it); -1 when no pipe could be
  /// made (then ``wake()`` does nothing).
  let readDescriptor: Int32
  let writeDescriptor: Int32

  /// A waker with a pipe of its own.
  public init() {
    var descriptors: [Int32] = [-1, -1]
    if pipe(&descriptors) == 0 {
      for descriptor in descriptors {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        _ = fcntl(descriptor, F_SETFD, fcntl(descriptor, F_GETFD) | FD_CLOEXEC)
      }
    }
    readDescriptor = descriptors[0]
    writeDescriptor = descriptors[1]
  }

  deinit {
    if readDescriptor >= 0 { close(readDescriptor) }
    if writeDescriptor >= 0 { close(writeDescriptor) }
  }

  /// Wakes the loop (from any thread; safe in a signal handler too: one `write`).
  public func wake() {
    guard writeDescriptor >= 0 else { return }
    var byte: UInt8 = 1
    // A full pipe already holds a wake: nothing is lost when this write fails.
    _ = write(writeDescriptor, &byte, 1)
  }

  /// Empties the pipe (the loop, after it woke).
  func drain() {
    var buffer = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
    while withUnsafeMutableBytes(of: &buffer, { read(readDescriptor, $0.baseAddress, $0.count) }) > 0 {}
  }
}
