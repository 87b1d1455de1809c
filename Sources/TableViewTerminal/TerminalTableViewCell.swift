import TableViewCore
import TerminalKit

/// A table cell in UIKit's built-in styles, drawn in a terminal: the view the engine dequeues, reuses and
/// sizes.
///
///     let cell = TerminalTableViewCell(style: .subtitle, reuseIdentifier: "post")
///     cell.textLabel.text = "李雷 · 3h"
///     cell.detailTextLabel?.text = "今天 we shipped the new table view，滚动非常流畅。"
///     cell.detailTextLabel?.numberOfLines = 0
///     cell.sizeThatFits(width: 40)   // the rows the wrapped text needs
///
/// Content sits inside `layoutMargins`; an accessory takes the last two columns before the right margin. A
/// selected or highlighted cell is drawn in reverse video (kept when colours are off, as with `NO_COLOR`). In edit
/// mode the content moves right by `editingColumnWidth` columns, which show the row's editing control (⊖ to
/// delete, ⊕ to insert; the `TerminalTableView` sets `editingStyle` from the table).
open class TerminalTableViewCell: TerminalView, ReusableView {
  /// The layouts of UIKit's `UITableViewCell.CellStyle`.
  public typealias CellStyle = TableViewCellStyle

  /// A mark at the right edge, as UIKit's `UITableViewCell.AccessoryType`.
  public typealias AccessoryType = TableViewCellAccessoryType

  /// The layout, fixed at creation.
  public let cellStyle: CellStyle
  /// The identifier the engine pools the cell under.
  public var reuseIdentifier: String?
  /// The main text.
  public let textLabel: TerminalLabel
  /// The secondary text; `nil` in the `.default` style.
  public let detailTextLabel: TerminalLabel?
  /// The mark at the right edge.
  public var accessoryType: AccessoryType = .none {
    didSet { if accessoryType != oldValue { setNeedsLayout() } }
  }
  /// The accessory's style.
  public var accessoryStyle = Style(foreground: .brightBlack)
  /// The check mark's style.
  public var checkmarkStyle = Style(foreground: .green, attributes: .bold)
  /// Space around the content, in cells. The right margin also keeps the table's scroll indicator off the text.
  public var layoutMargins = EdgeInsets(top: 0, left: 2, bottom: 0, right: 2) {
    didSet { if layoutMargins != oldValue { setNeedsLayout() } }
  }
  /// Whether a line is drawn along the bottom of the cell (it adds one row to the cell's height; without
  /// decoration the row stays, blank).
  public var showsSeparator = false {
    didSet { if showsSeparator != oldValue { setNeedsLayout() } }
  }
  /// The separator's style.
  public var separatorStyle = Style(foreground: .brightBlack)
  /// The attributes added to every cell of the row while it is selected or highlighted.
  public var selectionAttributes: TextAttributes = .reverse
  /// A mark drawn in the first column of a selected or highlighted row (outside the reverse video, so the
  /// selection also shows in plain text); `nil` for none. Without decoration (`drawsDecorations` off) it is ">".
  public var selectionIndicator: Character? = "▌"
  /// Whether the row is selected (set by the engine).
  public private(set) var isSelected = false
  /// Whether a touch is down on the row (set by the engine).
  public private(set) var isHighlighted = false
  /// Whether the table is in edit mode (set by the engine): the content moves right to make room for the
  /// editing control.
  public private(set) var isEditing = false
  /// The control shown in edit mode: ⊖ for `.delete`, ⊕ for `.insert`, nothing for `.none` (the column stays,
  /// so rows line up). The table sets it (`setEditingControl(_:canMove:)`).
  public var editingStyle: TableView.EditingStyle = .none
  /// The delete control's style.
  public var deleteControlStyle = Style(foreground: .red, attributes: .bold)
  /// The insert control's style.
  public var insertControlStyle = Style(foreground: .green, attributes: .bold)
  /// The columns the editing control takes in edit mode (the mark and a gap).
  public static let editingColumnWidth = 2
  /// Whether the cell shows a reorder control in edit mode (≡, at the right, where the accessory is outside
  /// edit mode), as UIKit's `showsReorderControl`: set it when configuring the cell of a row that can move.
  /// The control shows where the table also allows the move (`TableView.canMoveRow(at:)`, which the
  /// `TerminalTableView` tells the cell as `canMove`); a press on it picks the row up.
  public var showsReorderControl = false
  /// Whether the table allows the row to move now (set by the table in edit mode: `setEditingControl(_:canMove:)`).
  public var canMove = false
  /// The reorder control's style.
  public var reorderControlStyle = Style(foreground: .brightBlack, attributes: .bold)

  /// Creates a cell.
  ///
  /// - Parameters:
  ///   - style: The layout.
  ///   - reuseIdentifier: The identifier to pool it under; the engine sets it for registered factories.
  public init(style: CellStyle = .default, reuseIdentifier: String? = nil) {
    cellStyle = style
    self.reuseIdentifier = reuseIdentifier
    textLabel = TerminalLabel()
    detailTextLabel = style == .default ? nil : TerminalLabel(style: Style(foreground: .brightBlack))
    super.init()
    addSubview(textLabel)
    if let detailTextLabel { addSubview(detailTextLabel) }
  }

  // MARK: ReusableView

  /// Clears the selected and highlighted states; the data source configures content on every dequeue.
  open func prepareForReuse() {
    isSelected = false
    isHighlighted = false
    editingStyle = .none
    canMove = false
  }

  /// The rows the cell needs at `width`: its labels wrapped, plus margins and the separator.
  open override func sizeThatFits(width: Double) -> Double {
    Double(layout(forWidth: TerminalView.cells(width)).height)
  }

  /// Shows or hides the selected state.
  open func setSelected(_ selected: Bool, animated: Bool) { isSelected = selected }

  /// Shows or hides the highlighted state.
  open func setHighlighted(_ highlighted: Bool, animated: Bool) { isHighlighted = highlighted }

  /// Enters or leaves edit mode: the editing column appears at the left and the content moves right by it (the
  /// text wraps in what is left; `sizeThatFits` counts it).
  open func setEditing(_ editing: Bool, animated: Bool) {
    guard editing != isEditing else { return }
    isEditing = editing
    setNeedsLayout()
  }

  /// The row's editing control, as the table says (``editingStyle`` and ``canMove``).
  open func setEditingControl(_ style: TableView.EditingStyle, canMove: Bool) {
    editingStyle = style
    self.canMove = canMove
  }

  /// The text assistive technology reads for the row: the one set, or else the text label's and the detail
  /// label's text, joined by ", ".
  open override var accessibilityLabel: String? {
    get {
      super.accessibilityLabel
        ?? [textLabel.text, detailTextLabel?.text ?? ""].filter { !$0.isEmpty }.joined(separator: ", ")
    }
    set { super.accessibilityLabel = newValue }
  }

  /// The columns of the editing control, in the cell's own coordinates (empty outside edit mode): where a click
  /// commits the row's editing style.
  public var editingControlColumns: Range<Int> {
    guard isEditing else { return 0..<0 }
    let left = TerminalView.cells(layoutMargins.left)
    return left..<(left + Self.editingColumnWidth)
  }

  /// The part of the cell under `point` (the cell's own coordinates): its editing control's or reorder control's
  /// columns in edit mode (on any of its lines), else its content. The engine's pointer router asks on a press.
  open func region(at point: Point) -> CellRegion {
    let column = TerminalView.cells(point.x)
    if editingControlColumns.contains(column) { return .editingControl }
    if reorderControlColumns.contains(column) { return .reorderControl }
    return .content
  }

  // MARK: Layout

  /// Where the labels go in a cell `width` cells wide, and the height that takes.
  struct Layout: Equatable {
    var text: CellRect
    var detail: CellRect
    var height: Int
  }

  /// The columns an accessory takes: a gap and the mark. In edit mode the reorder control takes its place
  /// (kept whether or not the table allows the move now, so the row keeps its height).
  var accessoryWidth: Int {
    if isEditing { return showsReorderControl ? 2 : 0 }
    return accessoryType == .none ? 0 : 2
  }

  /// The columns of the reorder control, in the cell's own coordinates (empty unless it shows): where a press
  /// picks the row up.
  public var reorderControlColumns: Range<Int> {
    guard isEditing, showsReorderControl, canMove else { return 0..<0 }
    let x = cellSize.width - TerminalView.cells(layoutMargins.right) - 1
    return (x - 1)..<(x + 1)
  }

  func layout(forWidth width: Int) -> Layout {
    let left = TerminalView.cells(layoutMargins.left) + (isEditing ? Self.editingColumnWidth : 0)
    let top = TerminalView.cells(layoutMargins.top)
    let right = width - TerminalView.cells(layoutMargins.right) - accessoryWidth
    let contentWidth = max(1, right - left)
    let detailText = detailTextLabel?.text ?? ""
    var text = CellRect(x: left, y: top, width: contentWidth, height: 0)
    var detail = CellRect(x: left, y: top, width: 0, height: 0)
    var lines: Int
    switch cellStyle {
    case .default:
      text.height = textLabel.lineCount(forWidth: contentWidth)
      lines = text.height
    case .subtitle:
      text.height = textLabel.lineCount(forWidth: contentWidth)
      if let detailTextLabel, !detailText.isEmpty {
        detail = CellRect(
          x: left, y: top + text.height, width: contentWidth,
          height: detailTextLabel.lineCount(forWidth: contentWidth))
      }
      lines = text.height + detail.height
    case .value1:
      // The detail keeps its natural width up to half the line; the text wraps in what is left.
      let detailWidth = detailText.isEmpty ? 0 : min(detailText.displayWidth, max(1, contentWidth / 2))
      let gap = detailWidth > 0 ? 1 : 0
      text.width = max(1, contentWidth - detailWidth - gap)
      text.height = textLabel.lineCount(forWidth: text.width)
      if detailWidth > 0 {
        detail = CellRect(x: left + contentWidth - detailWidth, y: top, width: detailWidth, height: 1)
      }
      lines = max(text.height, detail.height)
    }
    lines = max(lines, 1)
    let height = top + lines + TerminalView.cells(layoutMargins.bottom) + (showsSeparator ? 1 : 0)
    return Layout(text: text, detail: detail, height: height)
  }

  open override func layoutSubviews() {
    let result = layout(forWidth: cellSize.width)
    textLabel.frame = Rect(result.text)
    detailTextLabel?.frame = Rect(result.detail)
    detailTextLabel?.alignment = cellStyle == .value1 ? .right : .left
  }

  // MARK: Drawing

  open override func draw(into buffer: inout ScreenBuffer, origin: CellPoint, clip: CellRect) {
    let (width, height) = (cellSize.width, cellSize.height)
    if isEditing, editingStyle != .none {
      let x = origin.x + TerminalView.cells(layoutMargins.left)
      let y = origin.y + TerminalView.cells(layoutMargins.top)
      let (mark, style) = editingStyle == .delete ? ("⊖", deleteControlStyle) : ("⊕", insertControlStyle)
      buffer.write(mark, x: x, y: y, style: style, clip: clip)
    }
    if isEditing {
      if showsReorderControl && canMove {
        let x = origin.x + width - TerminalView.cells(layoutMargins.right) - 1
        buffer.write(
          "≡", x: x, y: origin.y + TerminalView.cells(layoutMargins.top), style: reorderControlStyle, clip: clip)
      }
    } else if accessoryType != .none {
      let x = origin.x + width - TerminalView.cells(layoutMargins.right) - 1
      let y = origin.y + TerminalView.cells(layoutMargins.top)
      let (mark, style): (String, Style) =
        accessoryType == .checkmark ? ("✓", checkmarkStyle) : ("›", accessoryStyle)
      buffer.write(mark, x: x, y: y, style: style, clip: clip)
    }
    if showsSeparator, drawsDecorations {
      let x = origin.x + TerminalView.cells(layoutMargins.left)
      let rule = String(repeating: "─", count: max(0, origin.x + width - x))
      buffer.write(rule, x: x, y: origin.y + height - 1, style: separatorStyle, clip: clip)
    }
  }

  open override func drawOverlay(into buffer: inout ScreenBuffer, origin: CellPoint, clip: CellRect) {
    guard isSelected || isHighlighted, !selectionAttributes.isEmpty else { return }
    let (width, height) = (cellSize.width, cellSize.height)
    let rows = height - (showsSeparator && height > 1 ? 1 : 0)
    let attributes = selectionAttributes
    buffer.updateStyle(in: CellRect(x: origin.x, y: origin.y, width: width, height: rows), clip: clip) {
      $0.attributes.formUnion(attributes)
    }
    if let selectionIndicator {
      // Without decoration the bar is a plain ">" that a screen reader reads.
      let mark = drawsDecorations ? String(selectionIndicator) : ">"
      for row in 0..<rows { buffer.write(mark, x: origin.x, y: origin.y + row, style: .plain, maxWidth: 1, clip: clip) }
    }
  }
}
