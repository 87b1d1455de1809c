#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A full-screen terminal session: raw mode, the alternate screen, a hidden cursor and mouse reporting, always
/// undone when the session ends.
///
/// Start a session with ``withRawMode(input:output:options:_:)``; the terminal is restored when the closure
/// returns or throws, at `exit`, and when the process gets a signal that ends it (`SIGINT`, `SIGTERM`, `SIGHUP`,
/// `SIGQUIT`, crash signals such as `SIGSEGV` or `SIGABRT`, and the rest whose default action ends a process):
/// the handler writes the restore sequence and restores the terminal attributes with async-signal-safe calls,
/// runs the handler the signal had before the session, if any (not for `SIGQUIT`, a request to quit at once), and
/// then ends the process by the signal (exit status 128 + its number), unless that earlier handler of `SIGINT`,
/// `SIGTERM` or `SIGHUP` chose to keep it running. Signals that were ignored when the session began stay ignored. `SIGKILL` cannot be caught: after
/// one, `reset` restores the terminal. In raw mode Ctrl-C arrives as a key (``KeyEvent/controlC``), not as
/// `SIGINT`, and Ctrl-Z as ``KeyEvent/controlZ``: see ``suspend()``, which also handles `SIGTSTP`.
///
/// Only one session can be active in a process at a time. A `Terminal` is used from one thread.
public final class Terminal {
  /// Which mouse events the terminal reports; all use the SGR encoding (mode 1006).
  public enum MouseTracking: Hashable, Sendable {
    /// No mouse reporting.
    case off
    /// Presses, releases and the wheel (mode 1000).
    case clicks
    /// Also motion while a button is held, for dragging (mode 1002).
    case clicksAndDrags
    /// Also motion without a button (mode 1003).
    case allMotion
  }

  /// What a session changes besides raw mode.
  public struct Options: Hashable, Sendable {
    /// Whether to switch to the alternate screen, leaving the shell's scrollback untouched.
    public var alternateScreen: Bool
    /// Whether to hide the cursor.
    public var hideCursor: Bool
    /// Which mouse events to report.
    public var mouseTracking: MouseTracking

    /// Creates options; the defaults are a full-screen interface with clicks and wheel reported.
    public init(alternateScreen: Bool = true, hideCursor: Bool = true, mouseTracking: MouseTracking = .clicks) {
      self.alternateScreen = alternateScreen
      self.hideCursor = hideCursor
      self.mouseTracking = mouseTracking
    }
  }

  /// The descriptor input is read from (and raw mode set on).
  public let inputDescriptor: Int32
  /// The descriptor output is written to.
  public let outputDescriptor: Int32
  /// The options the session was started with.
  public let options: Options

  private let wakeReadDescriptor: Int32
  private let wakeWriteDescriptor: Int32
  private var isRestored = false
  /// Set by ``suspend()``: the next ``readInput(timeoutMilliseconds:)`` reports ``TerminalInput/resumed``.
  private var resumedBySuspend = false
  private var readBuffer = [UInt8](repeating: 0, count: 4096)

  nonisolated(unsafe) private static var sessionActive = false

  /// Whether the standard streams and the environment allow a full-screen interface.
  ///
  /// - Parameters:
  ///   - environment: The environment variables; `TERM` is checked.
  ///   - isTTY: Whether standard input and output are both terminals (see ``isTerminal(_:)``).
  /// - Returns: `nil` if an interface can run, otherwise why not, with a message for the user.
  public static func check(environment: [String: String], isTTY: Bool) -> TerminalUnavailable? {
    guard isTTY else { return TerminalUnavailable(reason: .notATerminal) }
    guard let term = environment["TERM"], !term.isEmpty else { return TerminalUnavailable(reason: .termUnset) }
    guard term != "dumb" else { return TerminalUnavailable(reason: .dumbTerminal) }
    return nil
  }

  /// ``check(environment:isTTY:)`` for this process: its environment, standard input and standard output.
  public static func checkCurrentProcess() -> TerminalUnavailable? {
    check(
      environment: ProcessEnvironment.current(),
      isTTY: isTerminal(STDIN_FILENO) && isTerminal(STDOUT_FILENO))
  }

  /// Whether a file descriptor refers to a terminal.
  public static func isTerminal(_ descriptor: Int32) -> Bool {
    isatty(descriptor) == 1
  }

  /// Runs `body` with the terminal in raw mode, and restores the terminal however `body` ends.
  ///
  /// - Parameters:
  ///   - input: The terminal's input descriptor; standard input by default.
  ///   - output: The terminal's output descriptor; standard output by default.
  ///   - options: Alternate screen, cursor and mouse settings.
  ///   - body: The interface's run loop.
  /// - Returns: What `body` returns.
  /// - Throws: ``TerminalError`` if the session cannot start (for example when `input` is not a terminal, or a
  ///   session is already active), or what `body` throws.
  @discardableResult
  public static func withRawMode<Result>(
    input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, options: Options = Options(),
    _ body: (Terminal) throws -> Result
  ) throws -> Result {
    let terminal = try Terminal(input: input, output: output, options: options)
    defer { terminal.restore() }
    return try body(terminal)
  }

  private init(input: Int32, output: Int32, options: Options) throws {
    guard !Terminal.sessionActive else { throw TerminalError.alreadyActive }
    var saved = termios()
    guard tcgetattr(input, &saved) == 0 else { throw TerminalError.systemCall("tcgetattr", errno: errno) }
    var pipeDescriptors: [Int32] = [-1, -1]
    guard pipe(&pipeDescriptors) == 0 else { throw TerminalError.systemCall("pipe", errno: errno) }
    for descriptor in pipeDescriptors {
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
      _ = fcntl(descriptor, F_SETFD, fcntl(descriptor, F_GETFD) | FD_CLOEXEC)
    }
    self.inputDescriptor = input
    self.outputDescriptor = output
    self.options = options
    self.wakeReadDescriptor = pipeDescriptors[0]
    self.wakeWriteDescriptor = pipeDescriptors[1]

    var raw = saved
    cfmakeraw(&raw)
    guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else {
      let code = errno
      close(pipeDescriptors[0])
      close(pipeDescriptors[1])
      throw TerminalError.systemCall("tcsetattr", errno: code)
    }
    Terminal.sessionActive = true
    TerminalRestoration.activate(
      input: input, output: output, wake: pipeDescriptors[1], savedAttributes: saved, rawAttributes: raw,
      restoreSequence: TerminalSequences.leave(options), enterSequence: TerminalSequences.enter(options))
    do {
      try write(TerminalSequences.enter(options))
    } catch {
      restore()
      throw error
    }
  }

  deinit {
    restore()
  }

  /// The window size, or 80×24 if the terminal does not report one.
  public func size() -> TerminalSize {
    TerminalSize.query(descriptor: outputDescriptor) ?? TerminalSize.query(descriptor: inputDescriptor)
      ?? TerminalSize(columns: 80, rows: 24)
  }

  /// Writes all the bytes, retrying after partial writes and interruptions. Use one call per frame.
  ///
  /// - Parameter bytes: The output, such as a frame from ``DiffRenderer``.
  /// - Throws: ``TerminalError/systemCall(_:errno:)`` if `write` fails.
  public func write(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = systemWrite(outputDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written > 0 {
          offset += written
          continue
        }
        let code = errno
        if written < 0 && code == EINTR {
          continue
        }
        if written < 0 && (code == EAGAIN || code == EWOULDBLOCK) {
          var descriptor = pollfd(fd: outputDescriptor, events: Int16(POLLOUT), revents: 0)
          _ = poll(&descriptor, 1, -1)
          continue
        }
        throw TerminalError.systemCall("write", errno: code)
      }
    }
  }

  /// Writes a string's UTF-8 bytes in one call, like the byte-array `write`.
  public func write(_ text: String) throws {
    try write(Array(text.utf8))
  }

  /// Sleeps until input arrives, the window is resized or the timeout expires, whichever comes first, and
  /// reports what happened. Uses `poll(2)`, so an idle interface uses no CPU.
  ///
  /// - Parameter timeoutMilliseconds: How long to wait at most; `nil` waits indefinitely, 0 only checks. Pass
  ///   the time to the next animation deadline, or a short delay (such as 30 ms) while
  ///   ``InputDecoder/hasPendingInput`` is true so a lone Escape can be flushed.
  /// - Returns: The bytes read (up to 4 KiB), whether a resize happened, and whether input ended.
  /// - Throws: ``TerminalError/systemCall(_:errno:)`` if `poll` or `read` fails.
  public func readInput(timeoutMilliseconds: Int?) throws -> TerminalInput {
    try readInput(timeoutMilliseconds: timeoutMilliseconds, watching: [])
  }

  /// Like ``readInput(timeoutMilliseconds:)``, and also wakes when one of `descriptors` becomes readable (an
  /// eventfd or pipe another thread signals, a socket, a file's notifications): those are listed in
  /// ``TerminalInput/readyDescriptors``; reading them is the caller's business.
  ///
  /// - Parameters:
  ///   - timeoutMilliseconds: How long to wait at most; `nil` waits indefinitely, 0 only checks.
  ///   - descriptors: More descriptors to wait for, readable.
  /// - Throws: ``TerminalError/systemCall(_:errno:)`` if `poll` or `read` fails.
  public func readInput(timeoutMilliseconds: Int?, watching descriptors: [Int32]) throws -> TerminalInput {
    if resumedBySuspend {
      resumedBySuspend = false
      return TerminalInput(resized: true, resumed: true)
    }
    let watched = descriptors
    var descriptors = [
      pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wakeReadDescriptor, events: Int16(POLLIN), revents: 0),
    ]
    for descriptor in watched { descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
    let timeout = timeoutMilliseconds.map { Int32(clamping: max(0, $0)) } ?? -1
    var ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
    if ready < 0 && errno == EINTR {
      ready = poll(&descriptors, nfds_t(descriptors.count), 0)
    }
    var result = TerminalInput()
    for index in watched.indices where descriptors[2 + index].revents != 0 {
      result.readyDescriptors.append(watched[index])
    }
    if ready < 0 {
      let code = errno
      if code == EINTR {
        return result
      }
      throw TerminalError.systemCall("poll", errno: code)
    }
    if descriptors[1].revents & Int16(POLLIN) != 0 {
      var drain = [UInt8](repeating: 0, count: 64)
      while read(wakeReadDescriptor, &drain, drain.count) > 0 {}
      result.resized = true
      if TerminalRestoration.takeStopRequest() {
        // `kill -TSTP`: stop now, between frames; back from `fg`, the caller redraws everything.
        TerminalRestoration.stopAndResume()
        result.resumed = true
        return result
      }
    }
    let inputEvents = descriptors[0].revents
    if inputEvents & Int16(POLLIN) != 0 {
      let count = read(inputDescriptor, &readBuffer, readBuffer.count)
      if count > 0 {
        result.bytes = Array(readBuffer[0..<count])
      } else if count == 0 {
        result.endOfInput = true
      } else {
        let code = errno
        if code == EIO {
          result.endOfInput = true
        } else if code != EINTR && code != EAGAIN && code != EWOULDBLOCK {
          throw TerminalError.systemCall("read", errno: code)
        }
      }
    } else if inputEvents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
      result.endOfInput = true
    }
    return result
  }

  /// Whether ``suspend()`` can stop the process: the shell has job control (it did not start the program with
  /// `SIGTSTP` ignored) and the session is active.
  public var canSuspend: Bool {
    !isRestored && TerminalRestoration.state.pointee.installedSignals.contains(SIGTSTP)
  }

  /// Stops the process the way Ctrl-Z does in a shell, which raw mode turns into a key: the terminal is restored
  /// and the process stopped (`SIGTSTP`) until the shell continues it (`fg`).
  ///
  /// When the process continues, raw mode and the screen modes are entered again, and the next
  /// ``readInput(timeoutMilliseconds:)`` reports ``TerminalInput/resumed`` (and ``TerminalInput/resized``):
  /// redraw the whole screen at the size the window has then. `SIGTSTP` from elsewhere (`kill -TSTP`) does the
  /// same within ``readInput(timeoutMilliseconds:)``, between frames, whichever thread the signal reached.
  ///
  /// - Returns: `false`, doing nothing, when the process cannot be suspended (see ``canSuspend``); otherwise
  ///   `true`, once the process continues.
  @discardableResult
  public func suspend() -> Bool {
    guard canSuspend else { return false }
    TerminalRestoration.stopAndResume()
    resumedBySuspend = true
    return true
  }

  /// Restores the terminal now: leaves the alternate screen, shows the cursor, stops mouse reporting, restores
  /// the terminal attributes and signal dispositions. Called automatically at the end of
  /// ``withRawMode(input:output:options:_:)``; calling it again does nothing.
  public func restore() {
    guard !isRestored else { return }
    isRestored = true
    TerminalRestoration.deactivate()
    close(wakeReadDescriptor)
    close(wakeWriteDescriptor)
    Terminal.sessionActive = false
  }
}

/// The C library's `write`, which `Terminal`'s own `write` methods hide.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
