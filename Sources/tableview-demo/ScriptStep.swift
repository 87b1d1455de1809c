import DemoData
import TerminalKit

/// One step of a `--frames` script: input events (a token may repeat with `*N`), a resize, or a pause.
struct ScriptStep {
  /// What the step does.
  enum Action {
    /// Input events, handled in order.
    case events([InputEvent])
    /// The screen changes size.
    case resize(TerminalSize)
    /// Time passes (seconds): animations move on, wheel bursts end.
    case wait(Double)
    /// Time passes (seconds) and the frame shows animations where they are then: the step before a `tick:` and
    /// the `tick:` itself do not run animations to their end.
    case tick(Double)
    /// The app is idle: its idle work (the idle precompute) runs until nothing is left.
    case idle
  }

  /// Whether the step is a `tick:` (the step before it leaves animations running).
  var isTick: Bool {
    if case .tick = action { return true }
    return false
  }

  /// The token as written, for the frame's caption.
  let label: String
  /// What it does.
  let action: Action

  /// The tokens a script understands, for `--help`.
  static let grammar = """
    Script tokens, separated by commas, spaces or newlines (one frame is printed after each):
      up down left right pgup pgdn home end enter tab backtab esc space backspace f1
      any single character (q j k ? [ ] 1 2 …), or key:C for any character C (key:, is a comma)
      ctrl-X (e.g. ctrl-e, ctrl-d), wheel-up, wheel-down (at the screen's centre or @X:Y),
      click:X:Y (0-based cell), press:X:Y, drag:X:Y, release:X:Y (the left button), resize:WxH, wait:MS;
      idle runs the idle work (the heights measured in idle time) until nothing is left;
      tick:MS lets MS pass and shows animations mid-way (the step before it does not finish them either);
      TOKEN*N repeats a token N (up to 100,000) times in one frame.
    """

  /// Parses a whole script.
  /// - Throws: A message naming the first token that is not understood.
  static func parse(_ script: String, size: TerminalSize) throws(DemoError) -> [ScriptStep] {
    let tokens = script.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
    return try tokens.map { token throws(DemoError) in try parse(token: String(token), size: size) }
  }

  /// The most times one token may repeat (`TOKEN*N`).
  static let maximumRepeatCount = 100_000

  /// The longest a token may wait, in milliseconds (an hour), repeats included.
  static let maximumWaitMilliseconds = 3_600_000.0

  /// Parses one token.
  static func parse(token: String, size: TerminalSize) throws(DemoError) -> ScriptStep {
    var name = token
    var count = 1
    if let star = token.lastIndex(of: "*"), star != token.startIndex {
      let repeats = token[token.index(after: star)...]
      if !repeats.isEmpty, repeats.allSatisfy(\.isASCII), repeats.allSatisfy(\.isNumber) {
        guard let n = Int(repeats), (1...maximumRepeatCount).contains(n) else {
          throw DemoError(
            "--frames token \"\(token)\" repeats \(repeats) times; a token repeats 1 to \(maximumRepeatCount.grouped) times"
          )
        }
        name = String(token[..<star])
        count = n
      }
    }
    guard let events = try events(for: name, size: size) else {
      if name.lowercased() == "idle" { return ScriptStep(label: token, action: .idle) }
      if name.hasPrefix("resize:"), let size = parseSize(String(name.dropFirst(7))) {
        return ScriptStep(label: token, action: .resize(size))
      }
      if name.hasPrefix("wait:") || name.hasPrefix("tick:") {
        guard let ms = Double(name.dropFirst(5)), ms >= 0, ms * Double(count) <= maximumWaitMilliseconds else {
          throw DemoError(
            "--frames token \"\(token)\" waits too long or not a number of milliseconds; "
              + "a token waits 0 to \(Int(maximumWaitMilliseconds).grouped) ms (an hour), repeats included")
        }
        let seconds = ms / 1000 * Double(count)
        return ScriptStep(label: token, action: name.hasPrefix("tick:") ? .tick(seconds) : .wait(seconds))
      }
      if name.hasPrefix("resize:") {
        throw DemoError("--frames token \"\(token)\": \(ScriptStep.sizeRule)")
      }
      throw DemoError("unknown --frames token \"\(token)\"\n\(grammar)")
    }
    return ScriptStep(label: token, action: .events(Array([[InputEvent]](repeating: events, count: count).joined())))
  }

  /// The events a key or mouse token stands for, or `nil` when it is not one.
  private static func events(for name: String, size: TerminalSize) throws(DemoError) -> [InputEvent]? {
    let named: [String: Key] = [
      "up": .up, "down": .down, "left": .left, "right": .right, "pgup": .pageUp, "pageup": .pageUp,
      "pgdn": .pageDown, "pagedown": .pageDown, "home": .home, "end": .end, "enter": .enter, "return": .enter,
      "tab": .tab, "backtab": .backTab, "shift-tab": .backTab, "esc": .escape, "escape": .escape,
      "space": .character(" "), "backspace": .backspace, "f1": .function(1),
    ]
    let lower = name.lowercased()
    if let key = named[lower] { return [.key(key)] }
    if name.count == 1, let character = name.first { return [.key(.character(character))] }
    if name.hasPrefix("key:"), name.count == 5, let character = name.last { return [.key(.character(character))] }
    if lower.hasPrefix("ctrl-"), lower.count == 6, let character = lower.last {
      return [.key(.character(character), modifiers: .control)]
    }
    if lower.hasPrefix("wheel-up") || lower.hasPrefix("wheel-down") {
      let kind: MouseEvent.Kind = lower.hasPrefix("wheel-up") ? .scrollUp : .scrollDown
      var at = (x: size.columns / 2, y: size.rows / 2)
      if let sign = lower.firstIndex(of: "@") {
        guard let point = parsePoint(String(lower[lower.index(after: sign)...])) else { return nil }
        at = point
      } else if lower != "wheel-up" && lower != "wheel-down" {
        return nil
      }
      return [.mouse(MouseEvent(kind, x: at.x, y: at.y))]
    }
    if lower.hasPrefix("click:"), let point = parsePoint(String(lower.dropFirst(6))) {
      return [
        .mouse(MouseEvent(.press(.left), x: point.x, y: point.y)),
        .mouse(MouseEvent(.release(.left), x: point.x, y: point.y)),
      ]
    }
    for (prefix, kind) in [
      ("press:", MouseEvent.Kind.press(.left)), ("drag:", .drag(.left)), ("release:", .release(.left)),
    ] where lower.hasPrefix(prefix) {
      guard let point = parsePoint(String(lower.dropFirst(prefix.count))) else { return nil }
      return [.mouse(MouseEvent(kind, x: point.x, y: point.y))]
    }
    return nil
  }

  private static func parsePoint(_ text: String) -> (x: Int, y: Int)? {
    let parts = text.split(separator: ":")
    guard parts.count == 2, let x = Int(parts[0]), let y = Int(parts[1]), x >= 0, y >= 0 else { return nil }
    return (x, y)
  }

  /// What a size must be, for error messages.
  static let sizeRule = "a size is WxH, from 1x1 to 1000x1000 cells (such as 100x30)"

  /// Parses "100x30".
  static func parseSize(_ text: String) -> TerminalSize? {
    let parts = text.lowercased().split(separator: "x")
    guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]), columns > 0, rows > 0,
      columns <= 1000, rows <= 1000
    else { return nil }
    return TerminalSize(columns: columns, rows: rows)
  }
}
