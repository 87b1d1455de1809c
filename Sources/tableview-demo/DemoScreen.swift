import DemoDatabase
import TableViewCore
import TableViewSQLite
import TableViewTerminal
import TerminalKit

/// One screen of the demo, shown under the tab bar with its status line below. Adding a screen is a file with
/// a type adopting this protocol plus its `DemoCatalog` entry.
protocol DemoScreen: AnyObject {
  /// Keys this screen understands, for the help overlay: (keys, what they do).
  var keyHelp: [(keys: String, action: String)] { get }
  /// Places the screen in `rect` (on every resize and before the first frame).
  func layout(in rect: CellRect)
  /// Handles an input event the app did not take; returns whether the screen used it.
  func handle(_ event: InputEvent) -> Bool
  /// Whether an animation runs.
  var isAnimating: Bool { get }
  /// Whether the table scrolls by itself under a held row (an animation with no end: `--frames` does not wait
  /// for it).
  var isAutoscrolling: Bool { get }
  /// Advances animations to the clock's time.
  func tick()
  /// Draws the screen into its rectangle.
  func draw(into buffer: inout ScreenBuffer)
  /// The status line: the screen's figures, most important first (the line is cut at the screen's width).
  func status() -> String
  /// Runs a slice of idle work (idle-time precompute); returns whether more remains.
  func runIdleWork() -> Bool
  /// Whether typed characters are the screen's text (a composer) rather than the app's shortcuts: the app then
  /// leaves `q`, `?` and the digits to the screen (F1 shows the help, Ctrl-C quits).
  var takesTypedText: Bool { get }
  /// The clock time of the screen's next timer, or `nil` for none; `tick()` runs it (see
  /// `TerminalApplication.nextTimerDeadline`).
  var nextTimerDeadline: Double? { get }
  /// Where the terminal's cursor rests while nothing moves (the focused row, or a composer's caret), or `nil`
  /// (see `TerminalApplication.cursorPosition`).
  var cursorPosition: CellPoint? { get }
  /// What a screen reader should hear about where the user is (the focused row's place and text), or `nil`.
  var announcement: String? { get }
}

extension DemoScreen {
  /// No table to hold a row in.
  var isAutoscrolling: Bool { false }

  /// No idle work.
  func runIdleWork() -> Bool { false }

  /// Keys are shortcuts.
  var takesTypedText: Bool { false }

  /// No timers.
  var nextTimerDeadline: Double? { nil }

  /// No cursor.
  var cursorPosition: CellPoint? { nil }

  /// Nothing to announce.
  var announcement: String? { nil }
}

/// What every screen is made with.
struct DemoContext {
  /// The clock for animations: monotonic in a terminal, manual in `--frames` mode.
  let clock: any TableViewClock
  /// The row count asked for with `--rows`, if any.
  let rows: Int?
  /// Seconds between messages arriving on the chat page (`--arrivals`); 0 for none.
  var arrivalInterval: Double = ChatScreen.defaultArrivalInterval
  /// Seconds a page of older chat messages takes to arrive (`--page-delay`).
  var pageDelay: Double = ChatScreen.defaultPageDelay
  /// The feed's database; `nil` for the in-memory feed (`--memory`, `--frames`).
  var feedStore: PostStore?
  /// The chat's database; `nil` for the in-memory chat (`--memory`, `--frames`).
  var chatStore: PostStore?
  /// The plain interface (`--plain`): no box-drawing decoration.
  var plain = false
}
