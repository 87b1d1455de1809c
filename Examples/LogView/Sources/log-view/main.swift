import Dispatch
import Glibc
import TableViewCore
import TableViewTerminal
import TerminalKit

/// When the program started: the first frame is timed from here.
let started = MonotonicClock.systemSeconds()

let usage = """
  usage: log-view FILE [--follow]                    the log in the terminal (? lists the keys, q quits)
         log-view generate FILE [--lines N]          a test log of N lines (default 1,000,000)
         log-view print FILE [--size COLSxROWS] [--anchor first|last]
                                                     the first (or last) screen, printed, and the time it took
         log-view selfcheck [--rounds N] [--seed S]  randomized checks of the line and filter scanners
  """

func option(_ name: String, in arguments: [String]) -> String? {
  arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}

func fail(_ message: String, status: Int32 = 2) -> Never {
  StandardError.write(message + "\n")
  exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else { fail(usage) }
do {
  switch command {
  case "generate":
    guard arguments.count >= 2 else { fail(usage) }
    guard let lines = Int((option("--lines", in: arguments) ?? "1000000").replacing("_", with: "")),
      lines > 0, lines <= 1_000_000_000
    else { fail("log-view: --lines takes a number from 1 to 1,000,000,000") }
    try LogGenerator.generate(at: arguments[1], lines: lines)
    print("log-view: \(arguments[1]): \(lines.grouped) lines")
  case "selfcheck":
    let rounds = Int(option("--rounds", in: arguments) ?? "500") ?? 500
    let seed = UInt64(option("--seed", in: arguments) ?? "2026") ?? 2026  // deterministic by default
    try SelfCheck.run(rounds: rounds, seed: seed)
    print("log-view: the scanners agree with the model in \(rounds) rounds (seed \(seed))")
  case "print":
    guard arguments.count >= 2 else { fail(usage) }
    let size = (option("--size", in: arguments) ?? "80x24").split(separator: "x").compactMap { Int($0) }
    guard size.count == 2, (1...10_000).contains(size[0]), (2...10_000).contains(size[1]) else {
      fail("log-view: --size takes COLSxROWS")
    }
    let last: Bool
    switch option("--anchor", in: arguments) ?? "first" {
    case "first": last = false
    case "last": last = true
    default: fail("log-view: --anchor takes first or last")
    }
    let arrived = DispatchSemaphore(value: 0)
    let app = try LogViewApp(
      path: arguments[1], clock: MonotonicClock(), started: started, wake: { arrived.signal() })
    app.resize(to: TerminalSize(columns: size[0], rows: size[1]))
    app.tick()
    if last {
      app.waitForIndex { arrived.wait() }
      app.scrollToEnd()
      app.tick()
    }
    var buffer = ScreenBuffer(width: size[0], height: size[1])
    app.draw(into: &buffer)
    let elapsed = MonotonicClock.systemSeconds() - started
    for line in buffer.lines { print(line) }
    let seconds = String(Int((elapsed * 10_000).rounded())).leftPadded(to: 5)
    StandardError.write(
      "log-view: \(last ? "last" : "first") screen in \(seconds.dropLast(4)).\(seconds.suffix(4)) s"
        + " (\(app.index.lineCount.grouped) lines indexed)\n")
    app.stop()
  default:
    let path = command == "view" && arguments.count >= 2 ? arguments[1] : command
    guard !path.hasPrefix("-") else { fail(usage) }
    if let unavailable = Terminal.checkCurrentProcess() { fail("log-view: \(unavailable.message)") }
    let clock = MonotonicClock()
    let loop = TerminalRunLoop(colorMode: .detect(environment: ProcessEnvironment.current()), clock: clock)
    let waker = loop.waker
    let app = try LogViewApp(
      path: path, clock: clock, started: started, follow: arguments.contains("--follow"), wake: { waker.wake() })
    try Terminal.withRawMode { terminal in try loop.run(app, on: terminal) }
    app.stop()
  }
} catch {
  fail("log-view: \(error)", status: 1)
}

extension String {
  /// The text with zeros before it, `count` characters long at least.
  func leftPadded(to count: Int) -> String {
    String(repeating: "0", count: max(0, count - self.count)) + self
  }
}
