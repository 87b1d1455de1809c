import Glibc

/// Waits for a change to a file (written to, truncated, renamed away, created again) with inotify on its folder:
/// the indexer's thread sleeps in `poll` until then, using no CPU, and rechecks after a timeout in case a change
/// went unreported (a file system without inotify).
final class FileChangeWatcher {
  private let descriptor: Int32

  /// Watches the folder of `path` (the file itself would be lost at its rotation).
  init(path: String) {
    let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
    descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
    if descriptor >= 0 {
      let events = IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE | IN_DELETE
      _ = inotify_add_watch(descriptor, folder.isEmpty ? "/" : folder, UInt32(events))
    }
  }

  deinit { if descriptor >= 0 { close(descriptor) } }

  /// Returns when something in the folder changed, or after `milliseconds`.
  func wait(milliseconds: Int32) {
    guard descriptor >= 0 else {
      usleep(250_000)
      return
    }
    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    _ = poll(&request, 1, milliseconds)
    // The events themselves do not matter (the file is looked at again): empty the queue.
    var buffer = [UInt8](repeating: 0, count: 4096)
    while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
  }
}
