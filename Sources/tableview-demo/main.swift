import TableViewCore
import TableViewTerminal
import TerminalKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// tableview-demo: the engine on a terminal. See `DemoOptions.usage`.

/// Runs `app` in the terminal (raw mode, restored however it ends) until it quits, then exits: status 0, or 1 with a
/// message when the terminal fails.
func runInTerminal(_ app: some TerminalApplication, clock: any TableViewClock) -> Never {
  do {
    try Terminal.withRawMode { terminal in
      try TerminalRunLoop(colorMode: ColorMode.detect(environment: ProcessEnvironment.current()), clock: clock)
        .run(app, on: terminal)
    }
  } catch {
    StandardError.write("tableview-demo: \(error)\n")
    exit(1)
  }
  exit(0)
}

var options: DemoOptions
do {
  options = try DemoOptions.parse(Array(CommandLine.arguments.dropFirst()))
  if DemoOptions.wantsPlain(environment: ProcessEnvironment.current()) { options.plain = true }
} catch {
  StandardError.write("tableview-demo: \(error.message)\n\n\(DemoOptions.usage)\n")
  exit(TerminalUnavailable.exitCode)
}
if options.help {
  print(DemoOptions.usage)
  exit(0)
}

if options.writer {
  if options.chatDatabase != nil {
    exit(DemoWriter.runChat(store: FeedDatabaseLauncher.openChat(options)))
  }
  exit(DemoWriter.run(store: FeedDatabaseLauncher.open(options)))
}

if let script = options.frames {
  var text = script
  if script == "-" {
    text = ""
    while let line = readLine() { text += line + "\n" }
  }
  let steps: [ScriptStep]
  do {
    steps = try ScriptStep.parse(text, size: options.size)
  } catch {
    StandardError.write("tableview-demo: \(error.message)\n")
    exit(TerminalUnavailable.exitCode)
  }
  let clock = ManualClock()
  let app = DemoApp(
    context: DemoContext(
      clock: clock, rows: options.rows, arrivalInterval: options.arrivalInterval,
      pageDelay: options.pageDelay, plain: options.plain),
    initial: options.demo)
  ScriptedSession(size: options.size, clock: clock).run(app, steps: steps) { print($0) }
  exit(0)
}

if let rounds = options.soak {
  let clock = ManualClock()
  let app = DemoApp(
    context: DemoContext(
      clock: clock, rows: options.rows, arrivalInterval: options.arrivalInterval,
      pageDelay: options.pageDelay, plain: options.plain),
    initial: options.demo)
  let soak = MemorySoakSession(size: options.size, clock: clock).run(app, rounds: rounds) { print($0) }
  exit(soak.settled ? 0 : 1)
}

if let file = options.open {
  // The browser: any SQLite file, read-only. Checked before the terminal is taken, so errors are plain lines.
  let clock = MonotonicClock()
  let browser: BrowserApp
  do {
    browser = try BrowserApp(path: file, table: options.table, clock: clock)
  } catch {
    StandardError.write("tableview-demo: \(error)\n")
    exit(1)
  }
  if let unavailable = Terminal.checkCurrentProcess() {
    StandardError.write("tableview-demo: \(unavailable.message)\n")
    exit(TerminalUnavailable.exitCode)
  }
  runInTerminal(browser, clock: clock)
}

// TERM=dumb asks for the plain interface, which it gets (it still needs cursor positioning).
if let unavailable = Terminal.checkCurrentProcess(), !(options.plain && unavailable.reason == .dumbTerminal) {
  StandardError.write("tableview-demo: \(unavailable.message)\nTry --frames to print frames without a terminal.\n")
  exit(TerminalUnavailable.exitCode)
}

// The feed's and the chat's databases are opened (built on the first run, with a progress bar) before the
// terminal is taken.
let feedStore = options.memory ? nil : FeedDatabaseLauncher.open(options)
let chatStore = options.memory ? nil : FeedDatabaseLauncher.openChat(options)
let clock = MonotonicClock()
let app = DemoApp(
  context: DemoContext(
    clock: clock, rows: options.rows, arrivalInterval: options.arrivalInterval,
    pageDelay: options.pageDelay, feedStore: feedStore, chatStore: chatStore, plain: options.plain),
  initial: options.demo)
runInTerminal(app, clock: clock)
