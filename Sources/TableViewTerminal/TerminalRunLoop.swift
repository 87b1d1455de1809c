import TableViewCore
import TerminalKit

/// Runs a `TerminalApplication` on a terminal: reads and decodes input, draws a frame after every change and
/// writes only what changed, in one `write`.
///
/// While the application animates, frames come at most every `frameInterval`. Otherwise the loop runs the
/// application's idle work in slices between polls for input (redrawing at most every `idleRedrawInterval`, for
/// progress), and once there is none it sleeps in `poll` until input, a resize or the application's next timer
/// (`nextTimerDeadline`) arrives, using no CPU.
///
///     try Terminal.withRawMode { terminal in
///       try TerminalRunLoop(colorMode: .detect(environment: ProcessEnvironment.current()))
///         .run(app, on: terminal)
///     }
public struct TerminalRunLoop {
  /// The colours the renderer may use.
  public var colorMode: ColorMode
  /// The shortest time between animation frames, in seconds (1/60 by default).
  public var frameInterval: Double = 1.0 / 60
  /// The shortest time between frames drawn only to show the progress of idle work, in seconds.
  public var idleRedrawInterval: Double = 0.1
  /// How long (milliseconds) an incomplete escape sequence may wait for its end before it is taken as typed
  /// (a lone Escape key).
  public var escapeTimeoutMilliseconds = 30
  /// The clock that paces frames; give the application's tables the same one.
  public let clock: any TableViewClock

  /// Creates a run loop.
  ///
  /// - Parameters:
  ///   - colorMode: The colours to render with (`ColorMode.detect(environment:)` honours `NO_COLOR`).
  ///   - clock: The clock that paces frames.
  public init(colorMode: ColorMode, clock: any TableViewClock = MonotonicClock()) {
    self.colorMode = colorMode
    self.clock = clock
  }

  /// Runs until the application returns `false` from `handle(_:)` or the input ends.
  ///
  /// - Parameters:
  ///   - application: The interface.
  ///   - terminal: A terminal in raw mode.
  /// - Throws: What writing to or reading from the terminal throws.
  public func run(_ application: any TerminalApplication, on terminal: Terminal) throws {
    let renderer = DiffRenderer(colorMode: colorMode)
    var decoder = InputDecoder()
    var size = terminal.size()
    application.resize(to: size)
    var frame = ScreenBuffer(width: size.columns, height: size.rows)
    var shown: ScreenBuffer?
    var needsDraw = true
    var lastDraw = -Double.infinity
    var nextFrameTime = clock.now
    var idleWorkPending = true
    while true {
      if needsDraw {
        frame.clear()
        application.draw(into: &frame)
        let bytes = renderer.render(from: shown, to: frame)
        if !bytes.isEmpty { try terminal.write(bytes) }
        // Keep the frame on screen and draw the next one into the other buffer: no allocation per frame.
        if var previous = shown, previous.width == frame.width, previous.height == frame.height {
          shown = nil
          swap(&previous, &frame)
          shown = previous
        } else {
          shown = frame
        }
        needsDraw = false
        lastDraw = clock.now
      }

      var timeout: Int?
      if application.isAnimating {
        timeout = max(0, Int(((nextFrameTime - clock.now) * 1000).rounded(.up)))
      } else if idleWorkPending {
        timeout = 0
      }
      if !application.isAnimating, let deadline = application.nextTimerDeadline, !deadline.isNaN {
        // At most an hour at a time (a deadline far off must not overflow the conversion); a NaN one is none.
        let untilDue = Int((min(max(deadline - clock.now, 0), 3600) * 1000).rounded(.up))
        timeout = min(timeout ?? untilDue, untilDue)
      }
      if decoder.hasPendingInput { timeout = min(timeout ?? escapeTimeoutMilliseconds, escapeTimeoutMilliseconds) }
      let input = try terminal.readInput(timeoutMilliseconds: timeout)
      if input.endOfInput { return }
      if input.resized {
        size = terminal.size()
        application.resize(to: size)
        frame = ScreenBuffer(width: size.columns, height: size.rows)
        shown = nil
        needsDraw = true
        idleWorkPending = true
      }
      var events = decoder.feed(input.bytes)
      if input.timedOut && decoder.hasPendingInput { events += decoder.flush() }
      for event in events {
        guard application.handle(event) else { return }
        needsDraw = true
        idleWorkPending = true
      }
      if application.isAnimating {
        if clock.now >= nextFrameTime - 0.001 {
          application.tick()
          nextFrameTime = clock.now + frameInterval
          needsDraw = true
        }
      } else if let deadline = application.nextTimerDeadline, clock.now >= deadline {
        application.tick()
        needsDraw = true
      } else if idleWorkPending && input.timedOut && !decoder.hasPendingInput {
        idleWorkPending = application.runIdleWork()
        if !idleWorkPending || clock.now - lastDraw >= idleRedrawInterval { needsDraw = true }
      }
    }
  }
}
