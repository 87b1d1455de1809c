import Foundation

extension BackgroundProcess {
  /// Starts another process that holds the write lock of the SQLite database at `path` (`writer lock PATH
  /// 3600`: `BEGIN IMMEDIATE`, for far longer than any test) and waits until it says it has it ("locked"),
  /// for tests of a locked file. The caller stops it (`stop()`).
  ///
  /// The hold is long on purpose: a fixed short one ran out while a test, starved by other tests on a 2-core
  /// machine, waited to resume after seeing "locked".
  /// - Throws: ``SubprocessError`` when the process cannot start, or has not taken the lock within `timeout`
  ///   seconds (its standard error is in the message).
  public static func holdingWriteLock(writer: String, database path: String, timeout: Double = 120) async throws
    -> BackgroundProcess
  {
    let holder = try BackgroundProcess(writer, ["lock", path, "3600"])
    let deadline = Date().addingTimeInterval(timeout)
    while !holder.standardOutput.contains("locked"), holder.isRunning, Date() < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    guard holder.standardOutput.contains("locked") else {
      holder.stop()
      throw SubprocessError("\(holder.name) did not take the write lock of \(path): \(holder.standardError)")
    }
    return holder
  }
}
