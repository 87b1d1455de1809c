import TableViewCore
import TableViewTerminal
import TerminalKit

/// The `--frames` mode: runs the app on a script of inputs without a terminal and prints a plain-text frame
/// after each step, at a fixed size. Time is a manual clock: after each step it advances a sixtieth of a second
/// at a time until every animation has finished, so the frames are the same on every run. Timers (a chat message
/// arriving, a delayed page) run when the clock passes them: in a `wait:` step, or while animations settle. A
/// `tick:` step shows animations mid-way: neither it nor the step before it runs them to their end. An `idle` step
/// runs the idle work (the idle precompute) until nothing is left.
struct ScriptedSession {
  /// The screen size.
  var size: TerminalSize
  /// The clock the app's screens were given.
  let clock: ManualClock

  /// Runs `steps` on `app`, writing frames with `output` (each frame is a caption line then one line per row,
  /// trailing spaces removed). Stops after a step that quits.
  func run(_ app: DemoApp, steps: [ScriptStep], output: (String) -> Void) {
    var size = self.size
    app.resize(to: size)
    settle(app)
    output(frame(app, size: size, caption: "0 start"))
    for (number, step) in steps.enumerated() {
      switch step.action {
      case .events(let events):
        for event in events where !app.handle(event) { return }
      case .resize(let newSize):
        size = newSize
        app.resize(to: size)
      case .idle:
        // On the manual clock no slice spends its budget: each measures every row within reach.
        var slices = 0
        while slices < Self.maximumIdleSlices, app.runIdleWork() { slices += 1 }
      case .wait(let seconds), .tick(let seconds):
        let end = clock.now + seconds
        while clock.now < end {
          clock.advance(by: min(1.0 / 60, end - clock.now))
          if app.isAnimating || app.nextTimerDeadline.map({ clock.now >= $0 }) == true { app.tick() }
        }
      }
      // Before a tick: the frame shows animations where they are.
      if number + 1 >= steps.count || !steps[number + 1].isTick { settle(app) }
      output(frame(app, size: size, caption: "\(number + 1) \(step.label)"))
    }
  }

  /// The most idle slices an `idle` step runs.
  static let maximumIdleSlices = 10_000

  /// Runs animations to their end, a frame at a time (at most a minute of them).
  private func settle(_ app: DemoApp) {
    var frames = 0
    while app.isAnimating && frames < 3600 {
      clock.advance(by: 1.0 / 60)
      app.tick()
      frames += 1
    }
  }

  /// The frame as text under a caption line.
  private func frame(_ app: DemoApp, size: TerminalSize, caption: String) -> String {
    var buffer = ScreenBuffer(width: size.columns, height: size.rows)
    app.draw(into: &buffer)
    var text = "── frame \(caption) " + String(repeating: "─", count: max(0, size.columns - caption.displayWidth - 10))
    for line in buffer.lines {
      text += "\n"
      var trimmed = Substring(line)
      while trimmed.last == " " { trimmed.removeLast() }
      text += trimmed
    }
    return text
  }
}
