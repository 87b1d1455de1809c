/// Which part of a cell a point is over, as the backend that draws the cell knows it: the core's
/// pointer router (`PointerRouter`) asks ``ReusableView/region(at:)`` on a press, so that a
/// press on the editing control commits it and a press on the reorder control picks the row up,
/// wherever a backend draws them.
public enum CellRegion: Hashable, Sendable {
  /// The cell's content: a press there is a tap, a drag, a swipe or a long press.
  case content
  /// The editing control (⊖ or ⊕) shown in edit mode.
  case editingControl
  /// The reorder control (≡) shown in edit mode on a row that can move.
  case reorderControl
}
