#if os(Linux) && canImport(Glibc)
  import Dispatch
  import Glibc
  import Synchronization
  import TableViewCore
  import TableViewTerminal
  import Testing

  @testable import TerminalKit
  import TerminalTesting

  /// What the test's two threads share.
  private final class Shared: Sendable {
    let value = Mutex(0)
    let seen = Mutex<[String]>([])
  }

  /// An application with no timers and no animation: it shows how many times it ticked and the value a background
  /// thread left for it, and quits on q.
  private final class WakeProbe: TerminalApplication {
    let shared: Shared
    var ticks = 0
    var value = 0
    init(shared: Shared) { self.shared = shared }
    func resize(to size: TerminalSize) {}
    func handle(_ event: InputEvent) -> Bool { event != .key(.character("q")) }
    var isAnimating: Bool { false }
    func tick() {
      ticks += 1
      value = shared.value.withLock { $0 }
    }
    func draw(into buffer: inout ScreenBuffer) {
      buffer.write("ticks \(ticks) value \(value).", x: 0, y: 0, style: .plain, maxWidth: buffer.width)
    }
  }

  // In the Terminal suite (serialized): one terminal session at a time in a process.
  extension TerminalTests {
    @Test("a wake from another thread: the run loop, asleep with no timer, ticks and draws the result at once")
    func runLoopWake() throws {
      let pty = try PseudoTerminal()
      defer { pty.closeBoth() }
      pty.setSize(columns: 40, rows: 5)
      let shared = Shared()
      let probe = WakeProbe(shared: shared)
      let loop = TerminalRunLoop(colorMode: .none)
      let waker = loop.waker
      let controller = pty.controller
      waker.wake()
      waker.wake()
      // The terminal's side, on another thread: waits for the first frame, leaves a value and wakes the loop,
      // waits for the frame that shows it, then quits. It gives up (and quits) after a minute.
      let finished = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        var screen = ScreenModel(width: 40, height: 5)
        func waitFor(_ text: String) -> Bool {
          var buffer = [UInt8](repeating: 0, count: 4096)
          for _ in 0..<600 {
            var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 100) > 0 {
              let count = read(controller, &buffer, buffer.count)
              if count > 0 { screen.apply(buffer[0..<count]) }
            }
            if screen.screen.text(row: 0).hasPrefix(text) { return true }
          }
          return false
        }
        // Two wakes before the loop ran: one tick after the first one.
        if waitFor("ticks 2 value 0.") {
          shared.seen.withLock { $0.append("first frame") }
          shared.value.withLock { $0 = 42 }
          waker.wake()
          if waitFor("ticks 3 value 42.") { shared.seen.withLock { $0.append("woken frame") } }
        }
        var quit = UInt8(ascii: "q")
        _ = write(controller, &quit, 1)
        finished.signal()
      }
      try Terminal.withRawMode(input: pty.device, output: pty.device) { terminal in
        try loop.run(probe, on: terminal)
      }
      finished.wait()
      #expect(shared.seen.withLock { $0 } == ["first frame", "woken frame"])
      #expect(probe.ticks == 3, "one tick before the first frame, one for the two early wakes, one for the last")
      #expect(probe.value == 42)
    }
  }
#endif
