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
    var rawAttributes = termios()
    var restoreLength = 0
    var enterLength = 0
    var installedSignals: [Int32] = []
    /// Set by the `SIGTSTP` handler, cleared by ``takeStopRequest()``.
    var stopRequested: Int32 = 0
  }

  /// The longest restore sequence that fits the preallocated buffer.
  static let restoreCapacity = 256

  /// Signals that end the process by default and that a program may handle itself: the terminal is restored,
  /// then the handler the signal had before the session runs, if any, and if the process is still there it ends
  /// by the signal unless that handler chose to keep it running.
  static let interruptSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  /// Signals that end the process by default and dump core: the terminal is restored, the previous handler runs
  /// (the Swift runtime prints a backtrace for a crash), then the process always ends by the signal, as it
  /// would have without a handler. `SIGQUIT` ends it at once: the Swift runtime's handler prints a backtrace
  /// and returns, and the process would run on.
  static let coreDumpSignals: [Int32] = {
    [SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGSYS, SIGXCPU, SIGXFSZ]
  }()

  /// The other signals that end the process by default: handled only while their disposition is the default
  /// (a program that handles `SIGALRM` or `SIGPROF` itself keeps its terminal), then the process ends by them.
  static let otherTerminatingSignals: [Int32] = {
    var signals = [SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2, SIGVTALRM, SIGPROF]
    #if os(Linux)
      signals += [SIGIO, SIGPWR, SIGSTKFLT]
    #endif
    return signals
  }()

  /// Every signal whose default action ends the process and that can be caught.
  static var terminatingSignals: [Int32] { interruptSignals + coreDumpSignals + otherTerminatingSignals }

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

  /// The sequence that enters the session again after a stop.
  nonisolated(unsafe) static let enterBytes: UnsafeMutablePointer<UInt8> = {
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
    input: Int32, output: Int32, wake: Int32, savedAttributes: termios, rawAttributes: termios,
    restoreSequence: [UInt8], enterSequence: [UInt8]
  ) {
    precondition(restoreSequence.count <= restoreCapacity, "restore sequence too long")
    precondition(enterSequence.count <= restoreCapacity, "enter sequence too long")
    for (offset, byte) in restoreSequence.enumerated() {
      restoreBytes[offset] = byte
    }
    for (offset, byte) in enterSequence.enumerated() {
      enterBytes[offset] = byte
    }
    state.pointee.rawAttributes = rawAttributes
    state.pointee.enterLength = enterSequence.count
    state.pointee.stopRequested = 0
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
    let flags = Int32(SA_SIGINFO) | Int32(SA_ONSTACK)
    for signal in terminatingSignals {
      let onlyIfDefault = otherTerminatingSignals.contains(signal)
      if install(handleTerminatingSignal, for: signal, into: actions, flags: flags, onlyIfDefault: onlyIfDefault) {
        state.pointee.installedSignals.append(signal)
      }
    }
    if install(handleWindowChange, for: SIGWINCH, into: actions, flags: flags | Int32(SA_RESTART)) {
      state.pointee.installedSignals.append(SIGWINCH)
    }
    // Ctrl-Z (which raw mode delivers as a key, see `Terminal.suspend()`) and `kill -TSTP`: only with job
    // control, that is when the shell did not start the program with SIGTSTP ignored.
    if install(handleStop, for: SIGTSTP, into: actions, flags: flags | Int32(SA_RESTART), onlyIfDefault: true) {
      state.pointee.installedSignals.append(SIGTSTP)
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
    writeAll(current.pointee.outputDescriptor, restoreBytes, current.pointee.restoreLength)
    _ = tcsetattr(current.pointee.inputDescriptor, TCSANOW, &current.pointee.savedAttributes)
  }

  /// Whether `SIGTSTP` arrived since the last call; clears the flag.
  static func takeStopRequest() -> Bool {
    guard state.pointee.stopRequested != 0 else { return false }
    state.pointee.stopRequested = 0
    return true
  }

  /// Restores the terminal, stops the process (`SIGTSTP`'s default action) and, once it continues (`fg`, which
  /// sends `SIGCONT`), puts the terminal back into the session's raw mode and screen modes. Called on the
  /// session's thread between frames, so no frame is written to the shell's screen.
  static func stopAndResume() {
    let current = state
    restoreFromAnyContext()
    var stop = sigaction()
    sigemptyset(&stop.sa_mask)
    var ours = sigaction()
    _ = sigaction(SIGTSTP, &stop, &ours)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGTSTP)
    var previousMask = sigset_t()
    _ = pthread_sigmask(SIG_UNBLOCK, &set, &previousMask)
    _ = raise(SIGTSTP)
    // Stopped here until SIGCONT.
    _ = pthread_sigmask(SIG_SETMASK, &previousMask, nil)
    _ = sigaction(SIGTSTP, &ours, nil)
    current.pointee.stopRequested = 0
    // In the background (`bg`), tcsetattr stops the process again (SIGTTOU) until it is in the foreground.
    _ = tcsetattr(current.pointee.inputDescriptor, TCSANOW, &current.pointee.rawAttributes)
    writeAll(current.pointee.outputDescriptor, enterBytes, current.pointee.enterLength)
    current.pointee.active = true
  }

  /// Writes `count` bytes, retrying after interruptions and partial writes. Async-signal-safe.
  static func writeAll(_ descriptor: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) {
    var offset = 0
    while offset < count {
      let written = write(descriptor, bytes + offset, count - offset)
      if written > 0 {
        offset += written
      } else if written < 0 && errno == EINTR {
        continue
      } else {
        break
      }
    }
  }

  /// Installs `handler` for `signal` unless the signal is ignored (or, with `onlyIfDefault`, unless it has any
  /// disposition but the default); saves the previous action.
  private static func install(
    _ handler: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void,
    for signal: Int32, into actions: UnsafeMutablePointer<sigaction>, flags: Int32, onlyIfDefault: Bool = false
  ) -> Bool {
    let slot = actions + Int(signal)
    guard sigaction(signal, nil, slot) == 0 else { return false }
    if isIgnored(slot.pointee) || (onlyIfDefault && !isDefault(slot.pointee)) {
      return false
    }
    var action = sigaction()
    #if canImport(Darwin)
      action.__sigaction_u.__sa_sigaction = handler
    #else
      action.__sigaction_handler.sa_sigaction = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = flags
    return sigaction(signal, &action, nil) == 0
  }

  /// The plain handler of an action (`SIG_DFL`, `SIG_IGN` or a function), as a number.
  static func handlerAddress(_ action: sigaction) -> Int {
    #if canImport(Darwin)
      let current = action.__sigaction_u.__sa_handler
    #else
      let current = action.__sigaction_handler.sa_handler
    #endif
    return current.map { unsafeBitCast($0, to: Int.self) } ?? 0
  }

  private static func isIgnored(_ action: sigaction) -> Bool {
    handlerAddress(action) == unsafeBitCast(SIG_IGN, to: Int.self)
  }

  static func isDefault(_ action: sigaction) -> Bool {
    handlerAddress(action) == 0
  }

  /// Unblocks `signal` on the calling thread (a handler runs with its own signal blocked).
  static func unblock(_ signal: Int32) {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, signal)
    _ = pthread_sigmask(SIG_UNBLOCK, &set, nil)
  }

  /// Ends the process by `signal`'s default action (its exit status is then 128 + the signal's number), or
  /// with that status if the default action does not end it.
  static func endProcess(by signal: Int32) -> Never {
    var fallback = sigaction()
    sigemptyset(&fallback.sa_mask)
    _ = sigaction(signal, &fallback, nil)
    unblock(signal)
    _ = raise(signal)
    _exit(128 + signal)
  }
}

/// Restores the terminal, puts back the signal's previous disposition and calls its handler, if it had one; then
/// ends the process by the signal, unless the previous handler of an interrupt signal chose to keep it running.
private func handleTerminatingSignal(
  _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
  TerminalRestoration.restoreFromAnyContext()
  let previous = TerminalRestoration.previousActions + Int(signal)
  _ = sigaction(signal, previous, nil)
  // A quit request is not a crash: it ends the process at once (status 131), without the Swift runtime's
  // backtrace, which on a terminal waits half a minute for a key.
  guard !TerminalRestoration.isDefault(previous.pointee), signal != SIGQUIT else {
    TerminalRestoration.endProcess(by: signal)
  }
  if previous.pointee.sa_flags & Int32(SA_SIGINFO) != 0 {
    #if canImport(Darwin)
      previous.pointee.__sigaction_u.__sa_sigaction?(signal, info, context)
    #else
      previous.pointee.__sigaction_handler.sa_sigaction?(signal, info, context)
    #endif
  } else {
    #if canImport(Darwin)
      previous.pointee.__sigaction_u.__sa_handler?(signal)
    #else
      previous.pointee.__sigaction_handler.sa_handler?(signal)
    #endif
  }
  if signal != SIGINT && signal != SIGTERM && signal != SIGHUP {
    TerminalRestoration.endProcess(by: signal)
  }
}

/// Asks the session's input loop to stop the process (see `TerminalRestoration.stopAndResume()`): the signal may
/// arrive on any thread, and stopping here could leave the session's thread drawing a frame over the shell.
private func handleStop(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?)
{
  let savedErrno = errno
  let state = TerminalRestoration.state
  state.pointee.stopRequested = 1
  var byte: UInt8 = 1
  _ = write(state.pointee.wakeDescriptor, &byte, 1)
  errno = savedErrno
}

/// Wakes the input loop through the self-pipe.
private func handleWindowChange(
  _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
  let savedErrno = errno
  var byte: UInt8 = 1
  _ = write(TerminalRestoration.state.pointee.wakeDescriptor, &byte, 1)
  errno = savedErrno
}
