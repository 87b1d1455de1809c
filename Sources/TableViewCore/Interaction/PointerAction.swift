/// What a pointer event means, as ``PointerRouter`` decides it: the one answer every backend gets
/// for the same press. ``TableView/handlePointer(_:)`` carries out every action but the context
/// menu's two (the backend owns the menu it draws) and returns it, so that the backend redraws.
@_spi(Backend) public enum PointerAction: Hashable, Sendable {
  /// Nothing happens (an event of no press, a move within the slop…).
  case none
  /// A press while the context menu is open: the menu's own (it performs the action under the
  /// point, or closes). The router counts the menu as closed from then on.
  case pressInContextMenu(at: Point)
  /// A secondary press on a row: open its context menu at the point (the table's coordinates).
  case openContextMenu(IndexPath, at: Point)
  /// A press on one of the revealed actions of the row swiped open: perform it.
  case performSwipeAction(Int)
  /// A tap while a row is swiped open, elsewhere than on its actions: the row closes; nothing is
  /// selected.
  case closeSwipe
  /// A press on a row's editing control in edit mode: commit it (⊖ deletes the row).
  case commitEditingControl(IndexPath)
  /// A press on a row's reorder control: the row is picked up under the pointer.
  case beginReorder(IndexPath, pointerY: Double)
  /// The pointer holding a row moved: the row follows.
  case moveReorder(pointerY: Double)
  /// The pointer holding a row let go: the row drops where it is.
  case dropReorder(pointerY: Double)
  /// The press holding a row was taken away: the row goes back.
  case cancelReorder
  /// A press that moved sideways over a row: the row starts following the pointer.
  case beginSwipe(IndexPath, translation: Double)
  /// A swipe goes on: the row is `translation` points from where it started.
  case updateSwipe(translation: Double)
  /// A swipe let go `translation` points from where it started, at `velocity` (points per
  /// second, sideways): the table opens, closes or completes it.
  case endSwipe(translation: Double, velocity: Double)
  /// A press held still on a row: the row is picked up under the pointer.
  case longPress(IndexPath, pointerY: Double)
  /// A primary press on content: moving content stops; the row under the point highlights when
  /// `highlights` (not on content that was moving, not while a row is swiped open).
  case press(at: Point, highlights: Bool)
  /// The press is no longer a tap: the highlight goes.
  case cancelTap
  /// A tap at the point: the row under it is selected.
  case tap(at: Point)
  /// The press became a vertical drag: the content follows from `anchorY`, now at `y`.
  case beginDragScroll(anchorY: Double, y: Double)
  /// The drag goes on: the pointer is at `y`.
  case dragScroll(y: Double)
  /// The drag let go at `velocity` (points per second, the content offset's direction).
  case endDragScroll(velocity: Double)
}
