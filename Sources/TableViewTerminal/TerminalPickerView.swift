@_spi(Backend) import TableViewCore
import TerminalKit

/// The default picker row: its title, centred. The picker view restyles it every frame by its
/// position on the wheel.
public final class TerminalPickerTitleCell: TerminalView, PickerTitleCell {
  /// The identifier the picker's table pools it under.
  public var reuseIdentifier: String?
  /// The title.
  public let label = TerminalLabel()

  /// Creates a cell.
  public init() {
    super.init()
    label.alignment = .center
    addSubview(label)
  }

  /// Shows `title`.
  public func setTitle(_ title: String) { label.text = title }

  public override func layoutSubviews() {
    label.frame = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
  }
}

/// A `PickerView` on the terminal: each component's wheel, a selection band, rows dimmed by their
/// distance from the band and outside the selectable range; keys, wheel and clicks.
///
/// Keys: ←/→ (h/l) choose the component, ↑/↓ (k/j) turn it by a row, PgUp/PgDn by five.
public final class TerminalPickerView: TerminalView {
  /// The engine's picker.
  public let picker: PickerView
  /// The component the keys turn.
  public private(set) var focusedComponent = 0
  /// The style of the title in the band.
  public var selectedStyle = Style(attributes: .bold)
  /// The band's markers' style.
  public var bandStyle = Style(foreground: .cyan, attributes: .bold)
  /// Rows away from the band.
  public var nearStyle = Style.plain
  /// Rows near the edges of the wheel.
  public var farStyle = Style(attributes: .dim)
  /// Rows outside the selectable range.
  public var unselectableStyle = Style(foreground: .brightBlack, attributes: .dim)

  /// Creates a picker view driven by `clock`.
  public init(clock: any TableViewClock) {
    picker = PickerView(clock: clock, titleCell: { TerminalPickerTitleCell() })
    super.init()
  }

  public override var frame: Rect {
    didSet { picker.size = Size(width: frame.width, height: frame.height) }
  }

  /// Whether a component is moving.
  public var isAnimating: Bool { picker.isAnimating }

  /// Advances the settling animations.
  public func tick() { picker.tick() }

  // MARK: Drawing

  public override func draw(into buffer: inout ScreenBuffer, origin: CellPoint, clip: CellRect) {
    for c in 0..<picker.numberOfComponents {
      let rect = picker.rect(forComponent: c)
      let area = CellRect(
        x: origin.x + TerminalView.cells(rect.minX), y: origin.y, width: TerminalView.cells(rect.width) - 1,
        height: TerminalView.cells(rect.height)
      ).intersection(clip)
      let table = picker.table(forComponent: c)
      for position in picker.rowPositions(inComponent: c) {
        guard let view = position.view as? TerminalView else { continue }
        if let cell = view as? TerminalPickerTitleCell {
          let distance = abs(position.position)
          cell.label.style =
            !position.isSelectable
            ? unselectableStyle
            : distance < 0.15 ? selectedStyle : distance < 0.6 ? nearStyle : farStyle
        }
        let at = CellPoint(
          x: area.x, y: origin.y + TerminalView.cells(view.frame.minY - table.contentOffset.y))
        view.render(into: &buffer, origin: at, clip: area)
      }
      // The band: markers at both ends of the middle row (brighter on the focused component).
      let band = picker.selectionBand(forComponent: c)
      let y = origin.y + TerminalView.cells(band.minY)
      let style = c == focusedComponent ? bandStyle : farStyle
      if area.contains(x: area.x, y: y) { buffer.write("›", x: area.x, y: y, style: style) }
      if area.width > 1 { buffer.write("‹", x: area.x + area.width - 1, y: y, style: style) }
    }
  }

  // MARK: Input

  /// Handles a key or mouse event; returns whether it was used (a paste is text, which a picker does not take).
  @discardableResult
  public func handle(_ event: InputEvent) -> Bool {
    switch event {
    case .key(let key): return handleKey(key)
    case .mouse(let mouse): return handleMouse(mouse)
    case .paste: return false
    }
  }

  func handleKey(_ event: KeyEvent) -> Bool {
    let count = picker.numberOfComponents
    guard count > 0 else { return false }
    switch event.key {
    case .left, .character("h"): focusedComponent = (focusedComponent + count - 1) % count
    case .right, .character("l"), .tab: focusedComponent = (focusedComponent + 1) % count
    case .up, .character("k"): picker.moveSelection(inComponent: focusedComponent, by: -1)
    case .down, .character("j"): picker.moveSelection(inComponent: focusedComponent, by: 1)
    case .pageUp: picker.moveSelection(inComponent: focusedComponent, by: -5)
    case .pageDown: picker.moveSelection(inComponent: focusedComponent, by: 5)
    default: return false
    }
    return true
  }

  func handleMouse(_ event: MouseEvent) -> Bool {
    let origin = screenOrigin
    let local = Point(x: Double(event.x - origin.x), y: Double(event.y - origin.y))
    guard local.x >= 0, local.y >= 0, local.x < frame.width, local.y < frame.height,
      let component = picker.component(atX: local.x)
    else { return false }
    switch event.kind {
    case .scrollUp, .scrollDown:
      focusedComponent = component
      picker.moveSelection(inComponent: component, by: event.kind == .scrollDown ? 1 : -1)
    case .press(.left):
      focusedComponent = component
      picker.tap(at: local)
    default:
      return false
    }
    return true
  }

  /// The screen cell where the terminal's cursor belongs, so that screen readers and braille displays follow
  /// the wheel being turned: the first column of the focused component's selected row (just after the band's
  /// "›"); `nil` when the view is too small to show it.
  public var cursorPosition: CellPoint? {
    guard focusedComponent < picker.numberOfComponents else { return nil }
    let rect = picker.rect(forComponent: focusedComponent)
    let band = picker.selectionBand(forComponent: focusedComponent)
    let (x, y) = (TerminalView.cells(rect.minX) + 1, TerminalView.cells(band.minY))
    guard x >= 0, x < cellSize.width, y >= 0, y < cellSize.height else { return nil }
    let origin = screenOrigin
    return CellPoint(x: origin.x + x, y: origin.y + y)
  }

  /// The screen position of the view's top-left cell.
  var screenOrigin: CellPoint {
    var x = 0
    var y = 0
    var view: TerminalView? = self
    while let current = view {
      x += TerminalView.cells(current.frame.minX)
      y += TerminalView.cells(current.frame.minY)
      view = current.superview
    }
    return CellPoint(x: x, y: y)
  }
}
