// The reorder as a state machine that owns its fields: begin (the initializer), move the pointer
// to a y, hold by keys and move the slot, autoscroll tick, set the destination, recompute where the
// slot opens, keep the slot in view, drop, and follow the data when it changes under the held row.
// Each transition returns what happened; the table (TableView+Reordering.swift) asks the data
// source and the delegate, scrolls, and moves the views.

/// A row picked up to be moved: which row, where it hangs now, and where it would drop.
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
  private(set) var source: IndexPath
  /// Its global row.
  private(set) var sourceGlobal: Int
  /// Its cell: attached, drawn over the others, neither a visible row nor pooled while held.
  let view: any ReusableView
  /// Its height.
  private(set) var height: Double
  /// The pointer's distance below the row's top when it was picked up.
  let grab: Double
  /// Where it hangs.
  private(set) var hold: Hold
  /// Whether the drop's move is being applied (the update that ends the reorder, not one that happens
  /// during it).
  private(set) var isDropping = false
  /// Where it would drop now (after the delegate's redirection).
  private(set) var destination: Slot
  /// The content's y of the drop slot's top (where the row lands).
  private(set) var slotTop: Double
  /// The content's y where the drop slot opens (in the geometry without the move), and its
  /// shift: views whose tops are in `shifted` move by `shift` (−height when the slot is below the
  /// row, +height above it).
  private(set) var room = Room()
  /// The layout pass the geometry above was computed in (recomputed when a pass has run since:
  /// rows measured on the way move the content).
  private(set) var geometryPass = -1
  /// The last tick of the autoscroll, and since when it has run (it speeds up while held at an edge).
  private(set) var lastTick: Double?
  private(set) var autoscrollSince: Double?
  /// Whether the table is scrolling to keep the row held by keys in view (a layout it runs does not start another).
  private(set) var isKeepingInView = false
  /// Where the slot was when the held row was last kept in view: a layout that moved it (rows measured) scrolls
  /// to it again; one that did not (the user scrolled away) leaves the table where it is.
  private(set) var keptSlotTop: Double?

  /// Picks up the row at `source` (global row `sourceGlobal`), whose cell `view` is at `frame`
  /// (content coordinates), under a pointer at `pointerY` of the visible area (`nil`: held by
  /// keys), the content scrolled to `offsetY`. It drops where it was until it moves.
  init(
    source: IndexPath, sourceGlobal: Int, view: any ReusableView, frame: Rect, pointerY: Double?, offsetY: Double
  ) {
    self.source = source
    self.sourceGlobal = sourceGlobal
    self.view = view
    height = frame.height
    hold = pointerY.map { .pointer(screenY: $0) } ?? .keys
    grab = pointerY.map { $0 + offsetY - frame.minY } ?? 0
    destination = source
    slotTop = frame.minY
  }

  /// The room the drop slot makes: views whose tops are in `shifted` move by `shift`. A plain
  /// value, read for every view of every frame without copying the whole state.
  struct Room {
    var shifted: Range<Double> = 0..<0
    var shift = 0.0

    /// How far a view whose top is at `minY` is drawn from its frame.
    @inline(__always) func shift(ofViewAt minY: Double) -> Double {
      shifted.contains(minY) ? shift : 0
    }
  }

  /// How far a view whose top is at `minY` is drawn from its frame.
  @inline(__always) func shift(ofViewAt minY: Double) -> Double { room.shift(ofViewAt: minY) }

  /// Whether a pointer holds the row (not keys).
  var isHeldByPointer: Bool {
    if case .pointer = hold { return true }
    return false
  }

  /// The content's y of the held row's top while held, the content scrolled to `offsetY`.
  func heldTop(offsetY: Double) -> Double {
    switch hold {
    case .pointer(let y): offsetY + y - grab
    case .keys: slotTop
    }
  }

  /// Where the held row is drawn while held, the content scrolled to `offsetY`.
  func heldFrame(offsetY: Double) -> Rect {
    Rect(x: view.frame.minX, y: heldTop(offsetY: offsetY), width: view.frame.width, height: height)
  }

  /// The slot the held row's centre proposes, `units` below the top of `index`'s first section
  /// (the geometry without the move): past a row's middle, after it; over a header, the section's
  /// first slot; over a footer, its last; above the first section, the first slot; below the last,
  /// the last slot.
  /// - Complexity: O(log n)
  @inline(__always) func proposedSlot(atUnits units: Int64, in index: HeightIndex) -> Slot {
    let last = index.sectionCount - 1
    guard units >= 0 else { return IndexPath(row: 0, section: 0) }
    guard let info = index.info(containing: units) else {
      return IndexPath(row: otherRowCount(inSection: last, of: index.rowCount(inSection: last)), section: last)
    }
    switch info.kind {
    case .header:
      return IndexPath(row: 0, section: info.section)
    case .footer:
      return IndexPath(
        row: otherRowCount(inSection: info.section, of: index.rowCount(inSection: info.section)), section: info.section)
    case .row:
      let row = info.item - index.itemIndex(ofHeader: info.section) - 1
      let path = IndexPath(row: row, section: info.section)
      if path == source { return path }
      let k = info.section == source.section && row > source.row ? row - 1 : row
      return IndexPath(row: units - info.start >= info.height / 2 ? k + 1 : k, section: info.section)
    }
  }

  // MARK: Moving

  /// The pointer holding the row moved to `y` (in the visible area) at `now` (read only when the
  /// autoscroll starts: a clock read per pointer move is not free); the autoscroll starts when it
  /// enters an edge zone of a visible area `viewportHeight` tall, and stops when it leaves. Returns
  /// whether the autoscroll started now. Ignored (`false`) while keys hold the row.
  mutating func movePointer(to y: Double, viewportHeight: Double, now: @autoclosure () -> Double) -> Bool {
    guard isHeldByPointer else { return false }
    hold = .pointer(screenY: y)
    let speed = EdgeAutoscroll.velocity(pointerY: y, viewportHeight: viewportHeight, heldFor: 0)
    if speed == 0 {
      autoscrollSince = nil
      lastTick = nil
      return false
    }
    guard autoscrollSince == nil else { return false }
    let start = now()
    autoscrollSince = start
    lastTick = start
    return true
  }

  /// Keys take the row: it hangs in its slot, and any autoscroll stops.
  mutating func holdByKeys() {
    hold = .keys
    autoscrollSince = nil
  }

  /// The slot `steps` slots from the destination (down for positive, up for negative) through every
  /// place the row can drop, the end of each section and empty sections included; it stops at the
  /// first and last. `sectionCount` and `rowCount` describe the table (the held row included).
  /// At most 1,000 steps.
  /// - Complexity: O(min(|steps|, 1,000)) calls of `rowCount`.
  func slot(movedBy steps: Int, sectionCount: Int, rowCount: (Int) -> Int) -> Slot {
    var slot = destination
    for _ in 0..<min(1_000, steps.magnitude) {
      if steps > 0 {
        if slot.row < otherRowCount(inSection: slot.section, rowCount: rowCount) {
          slot.row += 1
        } else if slot.section + 1 < sectionCount {
          slot = IndexPath(row: 0, section: slot.section + 1)
        }
      } else if slot.row > 0 {
        slot.row -= 1
      } else if slot.section > 0 {
        slot = IndexPath(row: otherRowCount(inSection: slot.section - 1, rowCount: rowCount), section: slot.section - 1)
      }
    }
    return slot
  }

  /// The rows in `section` other than the held one, `rowCount` counting them all.
  func otherRowCount(inSection section: Int, rowCount: (Int) -> Int) -> Int {
    otherRowCount(inSection: section, of: rowCount(section))
  }

  /// The rows in `section` other than the held one, of `count` rows in all.
  func otherRowCount(inSection section: Int, of count: Int) -> Int {
    count - (section == source.section ? 1 : 0)
  }

  /// Makes `slot` the destination; returns whether it changed (then the slot's geometry is to be
  /// recomputed: `needsGeometry`).
  @discardableResult
  mutating func setDestination(_ slot: Slot) -> Bool {
    guard slot != destination else { return false }
    destination = slot
    geometryPass = -1
    return true
  }

  // MARK: Geometry

  /// Whether the slot's geometry was computed before layout pass `pass` (rows measured since may
  /// have moved it).
  func needsGeometry(pass: Int) -> Bool { geometryPass != pass }

  /// The index of the row the slot opens above, among all the rows of `destination`'s section (the
  /// held row included); the section's row count for its end.
  var slotRowInSection: Int {
    destination.row + (destination.section == source.section && destination.row >= source.row ? 1 : 0)
  }

  /// Where the slot opens, in layout pass `pass`: the held row is at `sourceFrame` (content
  /// coordinates, the geometry without the move), and the slot at content y `slotY` (the top of
  /// the row that will follow the held one, or the end of its section's rows).
  mutating func setGeometry(sourceFrame: Rect, slotY: Double, pass: Int) {
    height = sourceFrame.height
    if slotY >= sourceFrame.maxY {
      room = Room(shifted: sourceFrame.maxY..<slotY, shift: -sourceFrame.height)
      slotTop = slotY - sourceFrame.height
    } else {
      room = Room(shifted: min(slotY, sourceFrame.minY)..<sourceFrame.minY, shift: sourceFrame.height)
      slotTop = slotY
    }
    geometryPass = pass
  }

  // MARK: Autoscroll

  /// One frame of the autoscroll at `now`, in a visible area `viewportHeight` tall: how far the
  /// content scrolls (points, negative towards the top), or `nil` when the autoscroll does not
  /// run or stops now (the pointer left the edge zone). A frame's step covers at most 0.1 s.
  /// `now` is read only when the autoscroll runs.
  mutating func autoscroll(now: @autoclosure () -> Double, viewportHeight: Double) -> Double? {
    guard case .pointer(let y) = hold, let since = autoscrollSince else { return nil }
    let now = now()
    let speed = EdgeAutoscroll.velocity(pointerY: y, viewportHeight: viewportHeight, heldFor: now - since)
    let dt = min(0.1, max(0, now - (lastTick ?? now)))
    lastTick = now
    guard speed != 0 else {
      autoscrollSince = nil
      return nil
    }
    return speed * dt
  }

  // MARK: Keeping the slot in view

  /// Whether the row is held by keys, not dropping, and no scroll to keep it in view runs.
  var canKeepInView: Bool {
    if case .keys = hold { return !isDropping && !isKeepingInView }
    return false
  }

  /// The content's range the held row takes in its slot, to scroll into view: after a key moved
  /// it (`always`), or when the slot moved since it was last kept in view; `nil` otherwise.
  mutating func slotToKeepInView(always: Bool) -> Range<Double>? {
    guard canKeepInView, always || keptSlotTop != slotTop else { return nil }
    keptSlotTop = slotTop
    return slotTop..<(slotTop + height)
  }

  /// A scroll to keep the slot in view starts or ends.
  mutating func setKeepingInView(_ keeping: Bool) { isKeepingInView = keeping }

  // MARK: Ending, and the data changing

  /// The drop's move is being applied.
  mutating func beginDrop() { isDropping = true }

  /// A batch update moved the held row to `path` (global row `global`): its place is looked up
  /// again.
  mutating func follow(to path: IndexPath, global: Int) {
    source = path
    sourceGlobal = global
    geometryPass = -1
  }

  /// After the data changed: the destination is kept within the table (`sectionCount` sections of
  /// `rowCount` rows, the held row included; at least one section).
  mutating func clampDestination(sectionCount: Int, rowCount: (Int) -> Int) {
    var slot = destination
    slot.section = min(max(0, slot.section), sectionCount - 1)
    slot.row = min(max(0, slot.row), otherRowCount(inSection: slot.section, rowCount: rowCount))
    if slot != destination {
      destination = slot
      geometryPass = -1
    }
  }

  /// Checks what the reorder can check alone: finite geometry, a non-negative source and slot, an
  /// autoscroll only under a pointer and with a last tick.
  /// - Complexity: O(1)
  func _checkInvariants() {
    precondition(source.row >= 0 && source.section >= 0 && sourceGlobal >= 0, "held row \(source) is negative")
    precondition(destination.row >= 0 && destination.section >= 0, "drop slot \(destination) is negative")
    precondition(height.isFinite && height >= 0 && slotTop.isFinite && grab.isFinite, "held row geometry not finite")
    precondition(
      abs(room.shift) == height || room.shifted.isEmpty, "the slot makes room other than the held row's height")
    if autoscrollSince != nil {
      precondition(isHeldByPointer && lastTick != nil, "an autoscroll without a pointer holding the row")
    }
  }
}
