#if os(Linux) && canImport(Glibc)
  import Glibc
  import Testing

  @testable import TerminalKit

  /// A pseudo-terminal pair: the test plays the terminal emulator on `controller`, the code under test uses `device`.
  struct PseudoTerminal {
    let controller: Int32
    let device: Int32

    init() throws {
      let controller = open("/dev/ptmx", O_RDWR | O_NOCTTY)
      guard controller >= 0 else { throw TerminalError.systemCall("open /dev/ptmx", errno: errno) }
      // unlockpt and ptsname, as the ioctls they are on Linux (TIOCSPTLCK and TIOCGPTN; grantpt is not needed
      // with devpts), because Glibc's module does not export the XSI functions.
      var unlock: Int32 = 0
      var number: UInt32 = 0
      guard ioctl(controller, 0x4004_5431, &unlock) == 0, ioctl(controller, 0x8004_5430, &number) == 0 else {
        throw TerminalError.systemCall("ioctl", errno: errno)
      }
      let device = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
      guard device >= 0 else { throw TerminalError.systemCall("open", errno: errno) }
      _ = fcntl(controller, F_SETFL, fcntl(controller, F_GETFL) | O_NONBLOCK)
      self.controller = controller
      self.device = device
    }

    func setSize(columns: Int, rows: Int) {
      var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
      _ = ioctl(controller, UInt(TIOCSWINSZ), &size)
    }

    /// Everything the code under test wrote so far.
    func drainOutput() -> String {
      var output: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
      while poll(&descriptor, 1, 50) > 0 {
        let count = read(controller, &buffer, buffer.count)
        guard count > 0 else { break }
        output += buffer[0..<count]
      }
      return String(decoding: output, as: UTF8.self)
    }

    func type(_ text: String) {
      let bytes = Array(text.utf8)
      _ = bytes.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
    }

    func attributes() -> termios {
      var attributes = termios()
      _ = tcgetattr(device, &attributes)
      return attributes
    }

    func closeBoth() {
      _ = close(device)
      _ = close(controller)
    }
  }

  nonisolated(unsafe) private var hangupsReceived = 0

  /// Raises `signal` on the current thread with it unblocked: test runner threads block signals.
  private func raiseUnblocked(_ signal: Int32) {
    var set = sigset_t()
    var previous = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, signal)
    pthread_sigmask(SIG_UNBLOCK, &set, &previous)
    raise(signal)
    pthread_sigmask(SIG_SETMASK, &previous, nil)
  }

  @Suite("Terminal", .serialized)
  struct TerminalTests {
    @Test("a session needs a terminal and a TERM that can move the cursor")
    func environmentCheck() {
      #expect(Terminal.check(environment: ["TERM": "xterm-256color"], isTTY: true) == nil)
      #expect(Terminal.check(environment: ["TERM": "xterm"], isTTY: false)?.reason == .notATerminal)
      #expect(Terminal.check(environment: [:], isTTY: true)?.reason == .termUnset)
      #expect(Terminal.check(environment: ["TERM": ""], isTTY: true)?.reason == .termUnset)
      #expect(Terminal.check(environment: ["TERM": "dumb"], isTTY: true)?.reason == .dumbTerminal)
      let failure = Terminal.check(environment: ["TERM": "dumb"], isTTY: true)
      #expect(failure?.message.contains("TERM=dumb") == true)
      #expect(failure?.description == failure?.message)
      #expect(TerminalUnavailable.exitCode == 2)
    }

    @Test("the process environment is read without Foundation")
    func processEnvironment() {
      setenv("TERMINALKIT_TEST_VARIABLE", "a=b", 1)
      #expect(ProcessEnvironment.current()["TERMINALKIT_TEST_VARIABLE"] == "a=b")
    }

    @Test("a session refuses a descriptor that is not a terminal")
    func refusesNonTerminal() throws {
      var descriptors: [Int32] = [-1, -1]
      #expect(pipe(&descriptors) == 0)
      defer {
        close(descriptors[0])
        close(descriptors[1])
      }
      #expect(!Terminal.isTerminal(descriptors[0]))
      #expect(throws: TerminalError.self) {
        try Terminal.withRawMode(input: descriptors[0], output: descriptors[1]) { _ in }
      }
    }

    @Test("a session sets raw mode and the screen modes, and restores both when it ends")
    func rawModeIsRestored() throws {
      let pty = try PseudoTerminal()
      defer { pty.closeBoth() }
      let before = pty.attributes()
      #expect(before.c_lflag & tcflag_t(ICANON) != 0)
      let options = Terminal.Options(mouseTracking: .clicksAndDrags)
      try Terminal.withRawMode(input: pty.device, output: pty.device, options: options) { _ in
        let raw = pty.attributes()
        #expect(raw.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0)
        let entered = pty.drainOutput()
        #expect(entered == "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h")
      }
      let after = pty.attributes()
      #expect(after.c_lflag == before.c_lflag)
      #expect(after.c_iflag == before.c_iflag)
      #expect(after.c_oflag == before.c_oflag)
      #expect(
        pty.drainOutput()
          == "\u{1B}[?1006l\u{1B}[?1003l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?2004l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
    }

    @Test("the terminal is restored when the session body throws")
    func restoredOnError() throws {
      struct Failure: Error {}
      let pty = try PseudoTerminal()
      defer { pty.closeBoth() }
      let before = pty.attributes()
      #expect(throws: Failure.self) {
        try Terminal.withRawMode(input: pty.device, output: pty.device) { _ in throw Failure() }
      }
      #expect(pty.attributes().c_lflag == before.c_lflag)
      #expect(pty.drainOutput().hasSuffix("\u{1B}[?25h\u{1B}[?1049l"))
    }

    @Test("sessions cannot nest")
    func sessionsCannotNest() throws {
      let pty = try PseudoTerminal()
      defer { pty.closeBoth() }
      try Terminal.withRawMode(input: pty.device, output: pty.device) { _ in
        #expect(throws: TerminalError.alreadyActive) {
          try Terminal.withRawMode(input: pty.device, output: pty.device) { _ in }
        }
      }
      try Terminal.withRawMode(input: pty.device, output: pty.device) { _ in }
    }

    @Test("the window size comes from the terminal")
    func windowSize() throws {
      let pty = try PseudoTerminal()
      defer { pty.closeBoth() }
      pty.setSize(columns: 123, rows: 45)
      #expect(TerminalSize.query(descriptor: pty.device) == TerminalSize(columns: 123, rows: 45))
      try Terminal.withRawMode(input: pty.device, output: pty.device) { terminal in
        #expect(terminal.size() == TerminalSize(columns: 123, rows: 45))
      }
    }

    @Test("reading input wakes on bytes, on resize and on timeout")
    func readInputWakesUp() throws {
      let pty = try PseudoTerminal()
      defer { pty.closeBoth() }
      try Terminal.withRawMode(input: pty.device, output: pty.device) { terminal in
        #expect(try terminal.readInput(timeoutMilliseconds: 0).timedOut)
        #expect(try terminal.readInput(timeoutMilliseconds: 20).timedOut)
        pty.type("q\u{1B}[A")
        let typed = try terminal.readInput(timeoutMilliseconds: 2000)
        #expect(typed.bytes == Array("q\u{1B}[A".utf8))
        #expect(!typed.resized)
        raiseUnblocked(SIGWINCH)
        let resized = try terminal.readInput(timeoutMilliseconds: 2000)
        #expect(resized.resized)
        #expect(resized.bytes.isEmpty)
        #expect(try terminal.readInput(timeoutMilliseconds: 0).timedOut)
        try terminal.write("frame")
        #expect(pty.drainOutput().hasSuffix("frame"))
      }
    }

    @Test("a terminating signal restores the terminal, then reaches the previous handler")
    func signalRestoresTerminal() throws {
      let pty = try PseudoTerminal()
      defer { pty.closeBoth() }
      let before = pty.attributes()
      var counting = sigaction()
      counting.__sigaction_handler.sa_handler = { _ in hangupsReceived += 1 }
      sigemptyset(&counting.sa_mask)
      var original = sigaction()
      sigaction(SIGHUP, &counting, &original)
      defer { sigaction(SIGHUP, &original, nil) }
      hangupsReceived = 0
      try Terminal.withRawMode(input: pty.device, output: pty.device) { _ in
        _ = pty.drainOutput()
        raiseUnblocked(SIGHUP)
        #expect(hangupsReceived == 1)
        #expect(pty.attributes().c_lflag == before.c_lflag)
        #expect(pty.drainOutput().hasSuffix("\u{1B}[?25h\u{1B}[?1049l"))
      }
      #expect(pty.drainOutput().isEmpty)
      var current = sigaction()
      sigaction(SIGHUP, nil, &current)
      #expect(
        current.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) }
          == counting.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) })
    }
  }
#endif
