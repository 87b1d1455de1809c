import TableViewCore
import TerminalKit

/// A one-line text field: a prompt, the text (scrolled sideways to keep the insertion point in view, wide
/// characters taking two cells), a placeholder while empty, and the insertion point drawn as a reversed cell —
/// with the editing keys of a shell's line editor and a history (``TextFieldEditor``).
///
///     let search = TerminalTextField(prompt: "/", placeholder: "filter")
///     search.frame = Rect(x: 0, y: 23, width: 80, height: 1)
///     root.addSubview(search)
///     // in the application's handle(_:)
///     if case .key(let key) = event, case .submitted(let query) = search.handle(key) { apply(query) }
///
/// Give the run loop ``cursorPosition`` (in the field's coordinates: add its screen origin) as the application's
/// `cursorPosition` while the field has the focus, so that the terminal's own cursor (and a screen reader)
/// follows the insertion point.
open class TerminalTextField: TerminalView {
  /// The text and the insertion point.
  public var editor: TextFieldEditor
  /// Drawn before the text (e.g. "/ " or "› ").
  public var prompt: String
  /// Shown, dim, while the text is empty.
  public var placeholder: String
  /// The prompt's style.
  public var promptStyle = Style(foreground: .cyan, attributes: .bold)
  /// The text's style.
  public var textStyle = Style.plain
  /// The placeholder's style.
  public var placeholderStyle = Style(foreground: .brightBlack)
  /// Whether the field has the keyboard focus: only then is the insertion point drawn.
  public var isFocused = true

  /// A field.
  public init(text: String = "", prompt: String = "", placeholder: String = "", frame: Rect = .zero) {
    editor = TextFieldEditor(text: text)
    self.prompt = prompt
    self.placeholder = placeholder
    super.init(frame: frame)
  }

  /// The text.
  public var text: String {
    get { editor.text }
    set { editor.setText(newValue) }
  }

  /// Handles a key (see ``TextFieldEditor/handle(_:)``).
  @discardableResult
  open func handle(_ event: KeyEvent) -> TextFieldEditor.Outcome {
    editor.handle(event)
  }

  /// Handles an input event: a key (see ``TextFieldEditor/handle(_:)``) or a paste (inserted whole, as text);
  /// anything else is ``TextFieldEditor/Outcome/ignored``.
  @discardableResult
  open func handle(_ event: InputEvent) -> TextFieldEditor.Outcome {
    switch event {
    case .key(let key): return handle(key)
    case .paste(let text):
      paste(text)
      return .edited
    default: return .ignored
    }
  }

  /// Inserts pasted text at the insertion point, whole, in one step (never as keys: a Tab or a q in it is text).
  open func paste(_ text: String) {
    editor.insert(text)
  }

  /// The cells the text may take after the prompt (one is kept for the insertion point at the end).
  var textWidth: Int { max(0, cellSize.width - DisplayWidth.of(prompt)) }

  /// Where the insertion point is drawn, in the field's own cells; `nil` when the field has no room for it.
  public var cursorPosition: CellPoint? {
    guard cellSize.height > 0, textWidth > 0 else { return nil }
    return CellPoint(x: DisplayWidth.of(prompt) + editor.visible(width: textWidth).cursorColumn, y: 0)
  }

  open override func draw(into buffer: inout ScreenBuffer, origin: CellPoint, clip: CellRect) {
    let width = cellSize.width
    guard width > 0, cellSize.height > 0 else { return }
    var x = origin.x
    x += buffer.write(prompt, x: x, y: origin.y, style: promptStyle, maxWidth: width, clip: clip)
    let room = origin.x + width - x
    guard room > 0 else { return }
    let shown = editor.visible(width: room)
    if editor.text.isEmpty {
      buffer.write(placeholder, x: x + 1, y: origin.y, style: placeholderStyle, maxWidth: room - 1, clip: clip)
    } else {
      buffer.write(shown.text, x: x, y: origin.y, style: textStyle, maxWidth: room, clip: clip)
    }
    if isFocused {
      let caret = CellRect(x: x + shown.cursorColumn, y: origin.y, width: 1, height: 1).intersection(clip)
      if editor.cursor == editor.text.count || shown.text.isEmpty {
        buffer.fill(caret, style: Style(attributes: .reverse))
      } else {
        buffer.updateStyle(in: caret) { $0 = $0.adding(.reverse) }
      }
    }
  }
}
