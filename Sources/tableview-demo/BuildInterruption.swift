#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Removes a database build's partial file when Ctrl-C, `SIGTERM`, `SIGHUP` or `SIGQUIT` ends the process during
/// the build (before the terminal is taken, nothing else handles them): a first run stopped half-way leaves no
/// hundreds of megabytes behind. The handler only calls async-signal-safe functions (`unlink`, `sigaction`,
/// `raise`), then the signal ends the process as it would have (status 128 + the signal's number).
enum BuildInterruption {
  /// The signals that end a build.
  static let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
  /// The partial file and its SQLite companions, as C strings the handler can use; `nil` outside a build.
  nonisolated(unsafe) static let names: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
    let pointer = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: suffixes.count)
    pointer.initialize(repeating: nil, count: suffixes.count)
    return pointer
  }()
  /// What SQLite adds to a database's name for its companions.
  static let suffixes = ["", "-journal", "-wal", "-shm"]

  /// Runs `body` (a build writing `partial`) with the handlers installed; the previous ones are back afterwards.
  static func during<T, E: Error>(partial: String, _ body: () throws(E) -> T) throws(E) -> T {
    for (index, suffix) in suffixes.enumerated() { names[index] = strdup(partial + suffix) }
    var previous = Array(repeating: sigaction(), count: signals.count)
    for (index, signal) in signals.enumerated() {
      var action = sigaction()
      #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = removePartialAndExit
      #else
        action.__sigaction_handler.sa_handler = removePartialAndExit
      #endif
      sigemptyset(&action.sa_mask)
      _ = sigaction(signal, &action, &previous[index])
    }
    defer {
      for (index, signal) in signals.enumerated() { _ = sigaction(signal, &previous[index], nil) }
      for index in suffixes.indices {
        let name = names[index]
        names[index] = nil
        free(name)
      }
    }
    return try body()
  }
}

/// The signal handler: removes the partial files, then lets the signal end the process.
private func removePartialAndExit(_ signal: Int32) {
  for index in BuildInterruption.suffixes.indices {
    if let name = BuildInterruption.names[index] { unlink(name) }
  }
  var action = sigaction()
  sigemptyset(&action.sa_mask)
  _ = sigaction(signal, &action, nil)
  raise(signal)
}
