/// A row picked up to be moved (the logic is in TableView+Reordering.swift): which row, where it
/// hangs now, and where it would drop.
///
/// The table's data does not change while the row is held: the other rows are drawn shifted by
/// the held row's height to make room (a difference from their frames, like an animated update's),
/// and the data source hears one `moveRowAt` when the row is dropped.
struct ReorderState {
  /// Where the held row hangs: under a pointer (its place on screen, so the content can scroll
  /// under it), or in the drop slot chosen by keys.
  enum Hold: Equatable {
    /// The pointer's y in the visible area; the row's top is `grab` above it.
    case pointer(screenY: Double)
    /// In the drop slot (`slotTop`).
    case keys
  }

  /// A place the held row can drop: a section and an index among that section's other rows
  /// (0 … their count), as UIKit's `moveRowAt`'s destination.
  typealias Slot = IndexPath

  /// The row picked up, as it is in the data.
  var source: IndexPath
  /// Its global row.
  var sourceGlobal: Int
  /// Its cell: attached, drawn over the others, neither a visible row nor pooled while held.
  var view: any ReusableView
  /// Its height.
  var height: Double
  /// The pointer's distance below the row's top when it was picked up.
  var grab: Double
  /// Where it hangs.
  var hold: Hold
  /// Whether the drop's move is being applied (the update that ends the reorder, not one that happens
  /// during it).
  var isDropping = false
  /// Where it would drop now (after the delegate's redirection).
  var destination: Slot
  /// The content's y of the drop slot's top (where the row lands).
  var slotTop: Double
  /// The content's y where the drop slot opens (in the geometry without the move), and its
  /// shift: views whose tops are in `shifted` move by `shift` (−height when the slot is below the
  /// row, +height above it).
  var shifted: Range<Double> = 0..<0
  var shift = 0.0
  /// The layout pass the geometry above was computed in (recomputed when a pass has run since:
  /// rows measured on the way move the content).
  var geometryPass = -1
  /// The last tick of the autoscroll, and since when it has run (it speeds up while held at an edge).
  var lastTick: Double?
  var autoscrollSince: Double?
  /// Whether the table is scrolling to keep the row held by keys in view (a layout it runs does not start another).
  var isKeepingInView = false
  /// Where the slot was when the held row was last kept in view: a layout that moved it (rows measured) scrolls
  /// to it again; one that did not (the user scrolled away) leaves the table where it is.
  var keptSlotTop: Double?

  /// How far a view whose top is at `minY` is drawn from its frame.
  @inline(__always) func shift(ofViewAt minY: Double) -> Double {
    shifted.contains(minY) ? shift : 0
  }
}
