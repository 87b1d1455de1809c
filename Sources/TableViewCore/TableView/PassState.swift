/// What the next layout pass has to do, and whether the table is inside a pass or a call to its
/// data source or delegate (so that a reentrant `reloadData()` is caught rather than obeyed).
struct PassState {
  /// A reload is due (a new data source, delegate or setting).
  var needsReload = true
  /// The visible views' frames no longer match the geometry.
  var framesDirty = false
  /// Whether a batch update moved the visible rows to new indexes since the last layout pass.
  var visibleRowsRemapped = false
  /// Inside a layout pass.
  var inLayout = false
  /// How deep the table is in calls to its data source or delegate.
  var dataSourceCallDepth = 0
  /// A `reloadData()` arrived during a pass or a data-source call; it runs when that ends.
  var deferredReload = false
  /// Layout passes so far; the data source's counts are re-checked once per pass that asks for cells.
  var passNumber = 0
  /// The last count check: (pass, sections, section, rows).
  var countCheck = (pass: -1, sections: 0, section: -1, rows: 0)
  /// While an animated update is captured, the views it took off screen (they stay attached until
  /// the animation decides what becomes of them); nil otherwise.
  var retired: [TableView.RetiredView]?
}

extension PassState {
  /// Checks the pass state's invariants: the call depth is never negative.
  func _checkInvariants() {
    precondition(dataSourceCallDepth >= 0, "negative data-source call depth")
    precondition(retired == nil, "an update's capture did not end")
  }
}
