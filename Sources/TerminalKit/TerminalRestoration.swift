#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Process-wide state that lets signal handlers and `atexit` put the terminal back the way they found it.
///
/// Everything a handler touches lives in memory allocated once, before any handler is installed, and the
/// handlers only call async-signal-safe functions (`write`, `tcsetattr`, `sigaction`, `raise`).
enum TerminalRestoration {
  /// The plain data a signal handler reads.
  struct State {
    var active = false
    var inputDescriptor: Int32 = -1
    var outputDescriptor: Int32 = -1
    var wakeDescriptor: Int32 = -1
    var savedAttributes = termios()
    var restoreLength = 0
    var installedSignals: [Int32] = []
  }

  /// The longest restore sequence that fits the preallocated buffer.
  static let restoreCapacity = 256

  /// Signals that end the process by default: the terminal is restored, then the signal is re-raised with the
  /// disposition it had before the session (so the process still ends, or a previous handler still runs).
  static let terminatingSignals: [Int32] = [
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP,
  ]

  /// The signal number bound for the saved previous actions.
  static let signalSlots = 65

  nonisolated(unsafe) static let state: UnsafeMutablePointer<State> = {
    let pointer = UnsafeMutablePointer<State>.allocate(capacity: 1)
    pointer.initialize(to: State())
    return pointer
  }()

  nonisolated(unsafe) static let restoreBytes: UnsafeMutablePointer<UInt8> = {
    let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: restoreCapacity)
    pointer.initialize(repeating: 0, count: restoreCapacity)
    return pointer
  }()

  nonisolated(unsafe) static let previousActions: UnsafeMutablePointer<sigaction> = {
    let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: signalSlots)
    pointer.initialize(repeating: sigaction(), count: signalSlots)
    return pointer
  }()

  nonisolated(unsafe) private static var exitHandlerRegistered = false

  /// Records what to restore and installs the handlers; called once the terminal is in raw mode.
  static func activate(
    input: Int32, output: Int32, wake: Int32, savedAttributes: termios, restoreSequence: [UInt8]
  ) {
    precondition(restoreSequence.count <= restoreCapacity, "restore sequence too long")
    let buffer = restoreBytes
    for (offset, byte) in restoreSequence.enumerated() {
      buffer[offset] = byte
    }
    let actions = previousActions
    state.pointee.inputDescriptor = input
    state.pointee.outputDescriptor = output
    state.pointee.wakeDescriptor = wake
    state.pointee.savedAttributes = savedAttributes
    state.pointee.restoreLength = restoreSequence.count
    state.pointee.installedSignals = []
    state.pointee.active = true
    if !exitHandlerRegistered {
      exitHandlerRegistered = true
      atexit { TerminalRestoration.restoreFromAnyContext() }
    }
    for signal in terminatingSignals where install(handleTerminatingSignal, for: signal, into: actions, flags: 0) {
      state.pointee.installedSignals.append(signal)
    }
    if install(handleWindowChange, for: SIGWINCH, into: actions, flags: Int32(SA_RESTART)) {
      state.pointee.installedSignals.append(SIGWINCH)
    }
    // A process started with these signals blocked (some launchers and test runners do that)
    // would never receive them: it would not quit on SIGTERM and would leave the terminal raw.
    var unblock = sigset_t()
    sigemptyset(&unblock)
    for signal in state.pointee.installedSignals { sigaddset(&unblock, signal) }
    _ = pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
  }

  /// Restores the terminal (if still needed) and the signal dispositions; called when the session ends.
  static func deactivate() {
    restoreFromAnyContext()
    for signal in state.pointee.installedSignals {
      _ = sigaction(signal, previousActions + Int(signal), nil)
    }
    state.pointee.installedSignals = []
    state.pointee.wakeDescriptor = -1
  }

  /// Writes the restore sequence and restores the saved terminal attributes, once. Async-signal-safe.
  static func restoreFromAnyContext() {
    let current = state
    guard current.pointee.active else { return }
    current.pointee.active = false
    var offset = 0
    while offset < current.pointee.restoreLength {
      let written = write(
        current.pointee.outputDescriptor, restoreBytes + offset, current.pointee.restoreLength - offset)
      if written > 0 {
        offset += written
      } else if written < 0 && errno == EINTR {
        continue
      } else {
        break
      }
    }
    _ = tcsetattr(current.pointee.inputDescriptor, TCSANOW, &current.pointee.savedAttributes)
  }

  /// Installs `handler` for `signal` unless the signal is ignored; saves the previous action.
  private static func install(
    _ handler: @convention(c) (Int32) -> Void, for signal: Int32, into actions: UnsafeMutablePointer<sigaction>,
    flags: Int32
  ) -> Bool {
    let slot = actions + Int(signal)
    guard sigaction(signal, nil, slot) == 0 else { return false }
    if isIgnored(slot.pointee) {
      return false
    }
    var action = sigaction()
    #if canImport(Darwin)
      action.__sigaction_u.__sa_handler = handler
    #else
      action.__sigaction_handler.sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = flags
    return sigaction(signal, &action, nil) == 0
  }

  private static func isIgnored(_ action: sigaction) -> Bool {
    #if canImport(Darwin)
      let current = action.__sigaction_u.__sa_handler
    #else
      let current = action.__sigaction_handler.sa_handler
    #endif
    guard let current else { return false }
    return unsafeBitCast(current, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
  }
}

/// Restores the terminal, puts back the signal's previous disposition and raises it again.
private func handleTerminatingSignal(_ signal: Int32) {
  TerminalRestoration.restoreFromAnyContext()
  _ = sigaction(signal, TerminalRestoration.previousActions + Int(signal), nil)
  _ = raise(signal)
}

/// Wakes the input loop through the self-pipe.
private func handleWindowChange(_ signal: Int32) {
  let savedErrno = errno
  var byte: UInt8 = 1
  _ = write(TerminalRestoration.state.pointee.wakeDescriptor, &byte, 1)
  errno = savedErrno
}
