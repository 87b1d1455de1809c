@_spi(Backend) import TableViewCore
import TerminalKit

// Moving rows on a terminal (the engine's reorder: `TableView.beginReorder(at:pointerY:)` and the rest). In edit
// mode each movable row shows a reorder control (≡) at its right (`TerminalTableViewCell.region(at:)` tells the
// engine where): a press on it picks the row up, the row follows
// the mouse, held near the top or bottom edge the table scrolls by itself (through rows never measured, across
// sections), and letting go drops it. From the keyboard (TableCommand), m picks up the focused row, ↑/↓ (k/j) move it one
// place, Page Up/Page Down ten, Enter (or m) drops it and Esc puts it back. The held row is drawn over the others,
// bold on a dark background; the gap where it would drop stays empty.

extension TerminalTableView {
  /// The held row's look, laid over its cell's own styles.
  static func liftStyle(_ style: inout Style) {
    style.attributes.formUnion(.bold)
    if style.background == .default { style.background = .brightBlack }
  }
}
