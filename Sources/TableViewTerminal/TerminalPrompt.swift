import TableViewCore
import TerminalKit

/// A modal question on one line (usually the screen's last): a yes-or-no confirmation, or a line of text to type.
/// While it is shown, the app gives it every input event; it takes them all (no key reaches the table behind it)
/// and says when it is answered.
///
///     let prompt = TerminalPrompt(confirm: "Delete 3 posts?")          // "Delete 3 posts? [y/N]"
///     prompt.frame = Rect(x: 0, y: 23, width: 80, height: 1)
///     root.addSubview(prompt)
///     // in the application's handle(_:), while the prompt is up
///     switch prompt.handle(event) {
///     case .confirmed(true): deleteSelection(); prompt.removeFromSuperview()
///     case .confirmed(false), .cancelled: prompt.removeFromSuperview()
///     default: break
///     }
///
/// Give the run loop ``cursorPosition`` (plus the prompt's origin) as the application's `cursorPosition`.
open class TerminalPrompt: TerminalView {
  /// What the prompt asks for.
  public enum Kind {
    /// Yes or no: `y` and `n` answer, Enter gives `default`.
    case confirm(default: Bool)
    /// A line of text, typed into the field.
    case text(TerminalTextField)
  }

  /// What an input event did to the prompt.
  public enum Outcome: Hashable, Sendable {
    /// The prompt took the event and still waits for its answer.
    case pending
    /// Yes (`true`) or no.
    case confirmed(Bool)
    /// The text typed, on Enter.
    case submitted(String)
    /// Escape (or Ctrl-G): no answer.
    case cancelled
  }

  /// The question.
  public var message: String
  /// What the prompt asks for.
  public let kind: Kind
  /// The line's style.
  public var style = Style(attributes: .reverse)

  /// A yes-or-no question; Enter answers `default` (shown in capitals: `[Y/n]` or `[y/N]`).
  public init(confirm message: String, default answer: Bool = false, frame: Rect = .zero) {
    self.message = message
    kind = .confirm(default: answer)
    super.init(frame: frame)
  }

  /// A question answered by a line of text, starting as `text`, with a placeholder while empty.
  public init(_ message: String, text: String = "", placeholder: String = "", frame: Rect = .zero) {
    self.message = message
    let field = TerminalTextField(text: text, prompt: message + " ", placeholder: placeholder)
    kind = .text(field)
    super.init(frame: frame)
    addSubview(field)
  }

  /// The text field of a text prompt (`nil` for a confirmation).
  public var textField: TerminalTextField? {
    if case .text(let field) = kind { return field }
    return nil
  }

  /// The confirmation's line: the question and its answers.
  var confirmationText: String {
    guard case .confirm(let answer) = kind else { return message }
    return message + (answer ? " [Y/n]" : " [y/N]")
  }

  /// Handles an input event: a key or a paste for a text prompt; everything else is taken and ignored.
  @discardableResult
  open func handle(_ event: InputEvent) -> Outcome {
    switch kind {
    case .confirm(let answer):
      guard case .key(let key) = event else { return .pending }
      switch (key.key, key.modifiers) {
      case (.character("y"), []), (.character("Y"), .shift), (.character("Y"), []): return .confirmed(true)
      case (.character("n"), []), (.character("N"), .shift), (.character("N"), []): return .confirmed(false)
      case (.enter, []): return .confirmed(answer)
      case (.escape, []), (.character("g"), .control), (.character("c"), .control): return .cancelled
      default: return .pending
      }
    case .text(let field):
      if case .key(let key) = event, key.key == .character("g"), key.modifiers == .control { return .cancelled }
      switch field.handle(event) {
      case .submitted(let text): return .submitted(text)
      case .cancelled: return .cancelled
      case .ignored, .edited, .moved: return .pending
      }
    }
  }

  /// Where the terminal's cursor goes, in the prompt's cells: the field's insertion point, or after the question.
  public var cursorPosition: CellPoint? {
    switch kind {
    case .confirm:
      let width = cellSize.width
      guard width > 0, cellSize.height > 0 else { return nil }
      return CellPoint(x: min(width - 1, confirmationText.displayWidth + 1), y: 0)
    case .text(let field):
      return field.cursorPosition
    }
  }

  open override func layoutSubviews() {
    textField?.frame = Rect(x: 0, y: 0, width: frame.width, height: min(1, frame.height))
  }

  open override func draw(into buffer: inout ScreenBuffer, origin: CellPoint, clip: CellRect) {
    let width = cellSize.width
    guard width > 0, cellSize.height > 0, case .confirm = kind else { return }
    buffer.fill(CellRect(x: origin.x, y: origin.y, width: width, height: 1).intersection(clip), style: style)
    buffer.write(confirmationText, x: origin.x, y: origin.y, style: style, maxWidth: width, clip: clip)
  }
}
