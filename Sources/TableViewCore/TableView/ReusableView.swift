/// What the engine needs from a cell or a header/footer view: the narrow protocol a backend's
/// own view type adopts (a terminal view, a GTK widget wrapper…).
///
/// The engine sets `reuseIdentifier` when it creates a view from a registered factory, calls
/// `prepareForReuse()` when it hands a pooled view out again, and sets `frame` (in content
/// coordinates, exact `Double`s) whenever the view's place changes.
public protocol ReusableView: AnyObject {
  /// The identifier the view is pooled under; `nil` means it is never reused.
  var reuseIdentifier: String? { get set }
  /// The view's frame in the table's content coordinates.
  var frame: Rect { get set }
  /// Resets state before the view is handed out again by a dequeue.
  func prepareForReuse()
  /// The height the view needs at `width`, for self-sizing; return 0 when unknown.
  func sizeThatFits(width: Double) -> Double
  /// Shows or hides the selected state.
  func setSelected(_ selected: Bool, animated: Bool)
  /// Shows or hides the highlighted (touch-down) state.
  func setHighlighted(_ highlighted: Bool, animated: Bool)
  /// Shows or hides the keyboard focus (a focus ring; see `TableView.focusedIndexPath`). The
  /// engine calls it whenever the view is displayed for a row and when the focus moves.
  func setFocused(_ focused: Bool, animated: Bool)
  /// Shows or hides the editing controls (UIKit's `setEditing(_:animated:)` of a cell); which
  /// control the row shows comes with ``setEditingControl(_:canMove:)``.
  func setEditing(_ editing: Bool, animated: Bool)
  /// The row's editing control in edit mode: its style (⊖, ⊕ or none: the data source's
  /// `canEditRowAt` and the delegate's `editingStyleForRowAt`, as UIKit's cell `editingStyle`) and
  /// whether the row can move (the data source's `canMoveRowAt`: a reorder control shows only
  /// then). The table asks the app once and tells the view when the row comes on screen in edit
  /// mode, when edit mode starts and after every update or reload, never on every frame.
  func setEditingControl(_ style: TableView.EditingStyle, canMove: Bool)
  /// The part of the view under `point` (the view's own coordinates: (0, 0) its top-left, in
  /// points): its editing control or reorder control where the view draws them in edit mode, else
  /// its content. The table asks when a press goes down (``CellRegion``), so that the pointer
  /// rules, which live in the engine, know where each backend draws the controls.
  func region(at point: Point) -> CellRegion
}

extension ReusableView {
  /// Does nothing.
  public func prepareForReuse() {}
  /// Unknown: 0.
  public func sizeThatFits(width: Double) -> Double { 0 }
  /// Does nothing.
  public func setSelected(_ selected: Bool, animated: Bool) {}
  /// Does nothing.
  public func setHighlighted(_ highlighted: Bool, animated: Bool) {}
  /// Does nothing.
  public func setEditing(_ editing: Bool, animated: Bool) {}
  /// Does nothing.
  public func setEditingControl(_ style: TableView.EditingStyle, canMove: Bool) {}
  /// Does nothing.
  public func setFocused(_ focused: Bool, animated: Bool) {}
  /// The content everywhere: a view without controls.
  public func region(at point: Point) -> CellRegion { .content }
}

/// The backend's side of the view hierarchy: the table asks it to add, remove and raise views.
public protocol TableViewHost: AnyObject {
  /// Adds `view` to the table's view (it is about to be displayed).
  func attach(_ view: any ReusableView)
  /// Removes `view` from the table's view (it went to the reuse pool or was dropped).
  func detach(_ view: any ReusableView)
  /// Raises `view` above the others (floating headers stay above the cells they cover).
  func bringToFront(_ view: any ReusableView)
  /// An animated update started: call the table's `tick()` every frame while its `isAnimating`.
  func animationsDidStart()
}

extension TableViewHost {
  /// Does nothing (a host that ticks whenever the table is animating needs no notice).
  public func animationsDidStart() {}
}
