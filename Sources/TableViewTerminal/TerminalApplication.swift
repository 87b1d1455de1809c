import TerminalKit

/// An interface that `TerminalRunLoop` (or a scripted, headless driver) runs: it draws whole frames and reacts to
/// input, and says when something moves so that frames are drawn only then.
public protocol TerminalApplication: AnyObject {
  /// The screen's size: called before the first frame and after every resize.
  func resize(to size: TerminalSize)
  /// Handles one input event.
  /// - Returns: `false` to end the session (the user quit).
  func handle(_ event: InputEvent) -> Bool
  /// Whether an animation runs; while it does, `tick()` is called up to 60 times a second.
  var isAnimating: Bool { get }
  /// Advances animations to the clock's current time.
  func tick()
  /// Draws the whole frame into a blank buffer the size of the screen.
  func draw(into buffer: inout ScreenBuffer)
  /// Does a short slice of background work (such as `TableView.runIdleSlice()`) while nothing moves and no
  /// input waits.
  /// - Returns: Whether more work remains; the loop then calls again as soon as it is idle, otherwise only after
  ///   the next input.
  func runIdleWork() -> Bool
  /// The clock time at which the application's next timer is due (a message arriving, a delayed load), or `nil`
  /// for none. The loop wakes then without input, calls `tick()` and draws; the application must move the time
  /// on (or drop it) in that `tick()`.
  var nextTimerDeadline: Double? { get }
  /// Where the terminal's cursor rests while nothing animates (the first column of the focused row's text), or
  /// `nil` to keep it hidden. The run loop shows it there after every frame drawn while idle, so screen readers
  /// and braille displays follow the user's place; it hides it while animations run.
  var cursorPosition: CellPoint? { get }
  /// A message for screen readers on screen (the focused row's text and position, in a plain interface) and
  /// the rows of the screen it takes; `nil` for none. Whenever the text changes the run loop writes those rows
  /// again whole, once, so that a reader gets the line and not the few cells that changed.
  var announcement: (text: String, rows: Range<Int>)? { get }
}

extension TerminalApplication {
  /// No idle work.
  public func runIdleWork() -> Bool { false }

  /// No timers.
  public var nextTimerDeadline: Double? { nil }

  /// No cursor: it stays hidden.
  public var cursorPosition: CellPoint? { nil }

  /// No announcement.
  public var announcement: (text: String, rows: Range<Int>)? { nil }
}
