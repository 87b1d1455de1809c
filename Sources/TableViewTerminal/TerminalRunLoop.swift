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
/// Each turn of the loop, in this order: draw a frame if anything changed; wait (in `poll`, no CPU) for input, a
/// resize, a ``waker`` wake, work on the main dispatch queue, the next animation frame or the application's next
/// timer; then `resize(to:)` after a resize, `handle(_:)` for each input event, the main queue's work
/// (`Task { @MainActor in … }`, `DispatchQueue.main.async`, when the loop runs on the main thread), `tick()` for a
/// wake, an animation frame or a timer due, and otherwise a slice of idle work. Before the first frame the loop
/// calls `resize(to:)`, runs the main queue's work and calls `tick()`, so the first frame shows the application's
/// data laid out.
///
/// Background threads bring results in with ``waker`` (the loop ticks and draws at once) or with
/// `Task { @MainActor in … }`. To watch a file descriptor or a signal, use a `DispatchSource` on the main queue
/// (`DispatchSource.makeReadSource(fileDescriptor:queue: .main)`, `makeSignalSource(signal:queue: .main)`): its
/// handler runs in the loop, and the frame is drawn after it.
///
/// While nothing animates the terminal's cursor is shown where the application says (`cursorPosition`: the
/// focused row), so screen readers and braille displays follow it; it is hidden while animations run. An
/// application's `announcement` is written again whole whenever its text changes.
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
  /// How long (milliseconds) a bracketed paste may pause before it is taken as ended without its end marker
  /// (with the text that arrived): long enough that a slow connection does not cut a paste in two and turn its
  /// second half into keys, short enough that a terminal that never ends its paste does not keep the keyboard.
  public var pasteTimeoutMilliseconds = 1000
  /// Whether Ctrl-Z suspends the program, as in a shell (see `Terminal.suspend()`), instead of reaching the
  /// application as a key; on `fg` the loop redraws the whole screen at the window's size then.
  public var suspendsOnControlZ = true
  /// Whether Ctrl-C ends the loop (as it ends a program in a shell; raw mode turns it into a key), before the
  /// application sees it. Turn it off to give Ctrl-C a meaning of your own (copy, cancel).
  public var quitsOnControlC = true
  /// The clock that paces frames; give the application's tables the same one.
  public let clock: any TableViewClock
  /// Wakes the loop from any thread: it calls the application's `tick()` and draws (see ``TerminalRunLoopWaker``).
  public let waker = TerminalRunLoopWaker()

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
    // The first frame shows the application's data: work already on the main queue runs, and a tick lays out.
    let mainQueue = MainDispatchQueue.port
    if let mainQueue { MainDispatchQueue.drain(mainQueue) }
    application.tick()
    var watched = [waker.readDescriptor]
    if let mainQueue { watched.append(mainQueue) }
    watched.removeAll { $0 < 0 }
    var frame = ScreenBuffer(width: size.columns, height: size.rows)
    var shown: ScreenBuffer?
    var needsDraw = true
    var lastDraw = -Double.infinity
    var nextFrameTime = clock.now
    var idleWorkPending = true
    // The cursor as the terminal shows it: hidden (the session starts so), or where it was last parked.
    var cursor: CellPoint?
    var announced: String?
    // When bytes last arrived: a paste that pauses longer than `pasteTimeoutMilliseconds` is taken as ended.
    var lastInputTime = clock.now
    while true {
      if needsDraw {
        frame.clear()
        application.draw(into: &frame)
        var bytes: [UInt8]
        let announcement = application.announcement
        if let announcement, announcement.text != announced {
          bytes = renderer.render(from: shown, to: frame, rewriting: announcement.rows)
        } else {
          bytes = renderer.render(from: shown, to: frame)
        }
        announced = announcement?.text
        // Drawing moved the cursor: park it again (or hide it while animations run).
        let wanted =
          application.isAnimating
          ? nil
          : application.cursorPosition.flatMap { point in
            point.x >= 0 && point.x < frame.width && point.y >= 0 && point.y < frame.height ? point : nil
          }
        if let wanted, !bytes.isEmpty || wanted != cursor {
          bytes += CursorControl.move(toColumn: wanted.x, row: wanted.y)
          if cursor == nil { bytes += CursorControl.show }
        } else if wanted == nil, cursor != nil {
          bytes += CursorControl.hide
        }
        cursor = wanted
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
      if decoder.isReceivingPaste {
        let remaining = Int(((lastInputTime - clock.now) * 1000).rounded(.up)) + pasteTimeoutMilliseconds
        timeout = min(timeout ?? remaining, max(0, remaining))
      } else if decoder.hasPendingInput {
        timeout = min(timeout ?? escapeTimeoutMilliseconds, escapeTimeoutMilliseconds)
      }
      let input = try terminal.readInput(timeoutMilliseconds: timeout, watching: watched)
      if input.endOfInput { return }
      if !input.bytes.isEmpty { lastInputTime = clock.now }
      if input.resized {
        size = terminal.size()
        application.resize(to: size)
        frame = ScreenBuffer(width: size.columns, height: size.rows)
        shown = nil
        announced = nil
        // Back from a stop, the session was entered again: the cursor is hidden.
        if input.resumed { cursor = nil }
        needsDraw = true
        idleWorkPending = true
      }
      var events = decoder.feed(input.bytes)
      if input.timedOut && decoder.hasPendingInput
        && (!decoder.isReceivingPaste
          || (clock.now - lastInputTime) * 1000 >= Double(pasteTimeoutMilliseconds) - 1)
      {
        events += decoder.flush()
      }
      for event in events {
        if suspendsOnControlZ, event == .key(.controlZ), terminal.suspend() {
          // Back from `fg`: the next read reports the resume (and the window's size), and the screen is redrawn.
          shown = nil
          cursor = nil
          continue
        }
        if quitsOnControlC, event == .key(.controlC) { return }
        guard application.handle(event) else { return }
        needsDraw = true
        idleWorkPending = true
      }
      if let mainQueue, input.readyDescriptors.contains(mainQueue) {
        MainDispatchQueue.drain(mainQueue)
        needsDraw = true
        idleWorkPending = true
      }
      var woken = false
      if input.readyDescriptors.contains(waker.readDescriptor) {
        waker.drain()
        woken = true
        idleWorkPending = true
      }
      if application.isAnimating {
        if woken || clock.now >= nextFrameTime - 0.001 {
          application.tick()
          nextFrameTime = clock.now + frameInterval
          needsDraw = true
        }
      } else if woken || application.nextTimerDeadline.map({ clock.now >= $0 }) == true {
        application.tick()
        needsDraw = true
      } else if idleWorkPending && input.timedOut && !decoder.hasPendingInput {
        idleWorkPending = application.runIdleWork()
        if !idleWorkPending || clock.now - lastDraw >= idleRedrawInterval { needsDraw = true }
      }
    }
  }
}
