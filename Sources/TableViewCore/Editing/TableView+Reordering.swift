// Reordering rows by hand (UIKit's names: `canMoveRowAt`, `moveRowAt`,
// `targetIndexPathForMoveFromRowAt`). A row picked up hangs under the pointer (or at a slot chosen
// by keys); the other rows make room with an animation; near an edge the table scrolls by itself
// (EdgeAutoscroll), through rows never measured and across sections, because the drop slot is
// found in the geometry index, not among the cells; dropping tells the data source once and
// applies one animated move, the row's height going with it. The state is ReorderState.

extension TableView {
  // MARK: State

  /// The row picked up to be moved, as it is in the data (nil when none is).
  public var reorderingRow: IndexPath? { editing.reorder?.source }

  /// Where the picked-up row would drop now: UIKit's `moveRowAt` destination, after the delegate's
  /// `targetIndexPathForMoveFromRowAt` had its say.
  public var reorderDestination: IndexPath? { editing.reorder?.destination }

  /// Whether the table scrolls by itself because a held row is near an edge (part of ``isAnimating``:
  /// it runs for as long as the row is held there, not to an end).
  @_spi(Backend) public var isAutoscrolling: Bool { editing.reorder?.autoscrollSince != nil }

  /// The picked-up row's cell. It is attached and drawn over the other views at its
  /// ``presentation(of:)``, and is not among ``visibleCells`` while it is held.
  @_spi(Backend) public var reorderingView: (any ReusableView)? { editing.reorder?.view }

  /// Whether the row can be picked up: it exists, the table does not loop, and the data source
  /// says so (`canMoveRowAt`). Views hear it through `setEditingControl(_:canMove:)`.
  /// - Complexity: O(log n) and one data-source call.
  func canMoveRow(at indexPath: IndexPath) -> Bool {
    guard rowSpace.eachRowAppearsOnce, isValid(indexPath), let dataSource else { return false }
    return askingDataSource { dataSource.tableView(self, canMoveRowAt: indexPath) }
  }

  // MARK: Picking up, moving, dropping

  /// Picks up `indexPath` to move it, under a pointer at `pointerY` (in the visible area, from its
  /// top), or, with `nil`, to move it with ``moveReorder(by:)``. The row must exist and the data
  /// source must allow it (`canMoveRowAt`); a swiped row closes, a running scroll stops, a row
  /// off screen is scrolled to first. Returns whether the row was picked up.
  /// - Complexity: O(visible + log n)
  @discardableResult
  @_spi(Backend) public func beginReorder(at indexPath: IndexPath, pointerY: Double? = nil) -> Bool {
    guard editing.reorder == nil else { return false }
    if let y = pointerY, !y.isFinite {
      report(TableViewError(.invalidArgument, "beginReorder(at: \(indexPath), pointerY: \(y)): not finite; ignored"))
      return false
    }
    guard canMoveRow(at: indexPath) else { return false }
    interruptAnimation()
    closeSwipe(animated: false)
    cancelHighlight()
    layoutIfNeeded()
    if cellForRow(at: indexPath) == nil { try? scrollToRow(at: indexPath, at: .none, animated: false) }
    guard let i = visible.rows.firstIndex(where: { $0.indexPath == indexPath }) else { return false }
    let entry = visible.rows.remove(at: i)
    animations.forget(entry.view)
    visible.lifted = entry
    let rect = entry.view.frame
    let hold: ReorderState.Hold = pointerY.map { .pointer(screenY: (Sanitize.coordinate($0) ?? 0)) } ?? .keys
    let grab = pointerY.map { (Sanitize.coordinate($0) ?? 0) + scroll.offset.y - rect.minY } ?? 0
    editing.reorder = ReorderState(
      source: indexPath, sourceGlobal: entry.globalRow, view: entry.view, height: rect.height, grab: grab, hold: hold,
      destination: indexPath, slotTop: rect.minY)
    refreshReorderGeometry()
    return true
  }

  /// The pointer holding the row moved to `pointerY` (in the visible area, from its top; beyond
  /// the edges is fine): the row follows, the rows make room for where it would drop, and near an
  /// edge the table starts scrolling by itself (``EdgeAutoscroll``; call `tick()` every frame while
  /// ``isAnimating``). A value that is not finite is ignored (reported).
  /// - Complexity: O(visible + log n)
  @_spi(Backend) public func updateReorder(pointerY: Double) {
    guard let r = editing.reorder, case .pointer = r.hold else { return }
    guard pointerY.isFinite else {
      return report(TableViewError(.invalidArgument, "updateReorder(pointerY: \(pointerY)): not finite; ignored"))
    }
    let y = Sanitize.coordinate(pointerY) ?? 0
    editing.reorder!.hold = .pointer(screenY: y)
    retargetReorder()
    let speed = EdgeAutoscroll.velocity(pointerY: y, viewportHeight: viewportSize.height, heldFor: 0)
    if speed == 0 {
      editing.reorder!.autoscrollSince = nil
      editing.reorder!.lastTick = nil
    } else if r.autoscrollSince == nil {
      let now = animationTime
      editing.reorder!.autoscrollSince = now
      editing.reorder!.lastTick = now
      host?.animationsDidStart()
    }
  }

  /// Moves the held row `steps` slots down (negative: up), as arrow keys do: through every place
  /// it can drop, the end of each section and empty sections included, scrolling to keep it in
  /// view. At most 1,000 slots a call.
  /// - Complexity: O(|steps| · log n + visible)
  @_spi(Backend) public func moveReorder(by steps: Int) {
    guard let r = editing.reorder else { return }
    editing.reorder!.hold = .keys
    editing.reorder!.autoscrollSince = nil
    var slot = r.destination
    let sections = heights.index.sectionCount
    let count = min(1_000, steps.magnitude)
    for _ in 0..<count {
      if steps > 0 {
        if slot.row < otherRowCount(inSection: slot.section, r) {
          slot.row += 1
        } else if slot.section + 1 < sections {
          slot = IndexPath(row: 0, section: slot.section + 1)
        }
      } else if slot.row > 0 {
        slot.row -= 1
      } else if slot.section > 0 {
        slot = IndexPath(row: otherRowCount(inSection: slot.section - 1, r), section: slot.section - 1)
      }
    }
    setReorderDestination(redirected(slot, r))
    keepHeldRowInView(always: true)
  }

  /// Scrolls, when it has to, so that a row held by keys is in view (it hangs at its drop slot):
  /// after a key moved it (`always`), and after a layout that moved its slot (rows above it measured:
  /// a data source's page arriving makes rows taller than their estimates); not after a layout that
  /// left the slot where it was (the user scrolled away from it).
  /// - Complexity: O(log n + visible) per scroll it makes (a few at most).
  func keepHeldRowInView(always: Bool = false) {
    // Each scroll lays out, which may measure rows and move the slot again: a few rounds at most.
    for _ in 0..<4 {
      guard let r = editing.reorder, case .keys = r.hold, !r.isDropping, !r.isKeepingInView else { return }
      if r.geometryPass != pass.passNumber { refreshReorderGeometry() }
      let held = editing.reorder!
      guard always || held.keptSlotTop != held.slotTop else { return }
      editing.reorder!.keptSlotTop = held.slotTop
      let top = held.slotTop
      let bottom = top + held.height
      var y = scroll.offset.y
      if bottom > y + viewportSize.height - contentInset.bottom {
        y = bottom - viewportSize.height + contentInset.bottom
      }
      if top < y + contentInset.top { y = top - contentInset.top }
      let target = clampedOffset(y)
      guard target != scroll.offset.y else { return }
      editing.reorder!.isKeepingInView = true
      setContentOffsetNow(Point(x: scroll.offset.x, y: target))
      editing.reorder?.isKeepingInView = false
    }
  }

  /// Drops the held row where it would drop (``reorderDestination``): the data source hears
  /// `moveRowAt` once (unless the row drops where it was), then the table applies one animated
  /// move: the row glides from where it hangs into its place, the others close in, and its height
  /// goes with it.
  /// - Complexity: as an animated ``performBatchUpdates(_:completion:)`` with one move.
  @_spi(Backend) public func endReorder() {
    guard let r = editing.reorder else { return }
    if case .pointer = r.hold { retargetReorder() }
    let destination = editing.reorder!.destination
    guard destination != r.source, let dataSource else { return cancelReorder() }
    restoreHeldRow()
    editing.reorder!.isDropping = true
    askingDataSource { dataSource.tableView(self, moveRowAt: r.source, to: destination) }
    var update = BatchUpdate()
    update.moveRow(at: r.source, to: destination, animated: true)
    do {
      try apply(update, completion: nil)
    } catch {
      // The data source did not move the row as told: the table reloads from it.
      editing.reorder = nil
      report(
        TableViewError(
          .invalidDataSource,
          "moving row \(r.source) to \(destination): \(error.message); the table reloads from the data source"))
      reloadData()
    }
  }

  /// Puts the held row back where it was, with an animation; the data source hears nothing.
  /// - Complexity: as an animated update of the rows on screen.
  @_spi(Backend) public func cancelReorder() {
    guard editing.reorder != nil else { return }
    restoreHeldRow()
    let capture = beginUpdateCapture()
    editing.reorder = nil
    pass.framesDirty = true
    layoutIfNeeded()
    finishUpdateCapture(capture, plan: nil, animations: BatchUpdate.Animations(), completion: nil)
  }

  // MARK: The rules

  /// Where the held row is drawn while held.
  func heldFrame(_ r: ReorderState) -> Rect {
    let top: Double
    switch r.hold {
    case .pointer(let y): top = scroll.offset.y + y - r.grab
    case .keys: top = r.slotTop
    }
    return Rect(x: r.view.frame.minX, y: top, width: r.view.frame.width, height: r.height)
  }

  /// `frame` of `view` as drawn while a row is held: the held row where it hangs, the others
  /// shifted to make room.
  func reorderFrame(of view: any ReusableView, _ frame: Rect) -> Rect {
    guard editing.reorder != nil else { return frame }
    if editing.reorder!.geometryPass != pass.passNumber { refreshReorderGeometry() }
    let r = editing.reorder!
    if r.view === view { return heldFrame(r) }
    var frame = frame
    frame.origin.y += reorderShift(of: view, r)
    return frame
  }

  /// How far `view` is drawn from its frame while `r` holds a row: by the room the drop slot makes
  /// for the views whose tops are in its range; a section header of the plain style floats as
  /// always, at the top edge until its section's end (shifted too) pushes it up.
  /// - Complexity: O(visible sections + log n)
  func reorderShift(of view: any ReusableView, _ r: ReorderState) -> Double {
    guard style == .plain, let entry = visible.headers.first(where: { $0.view === view }) else {
      return r.shift(ofViewAt: view.frame.minY)
    }
    let natural = frame(of: heights.index.info(ofItem: heights.index.itemIndex(ofHeader: entry.section)))
    let top = natural.minY + r.shift(ofViewAt: natural.minY)
    guard natural.height > 0 else { return top - view.frame.minY }
    let footer = frame(of: heights.index.info(ofItem: heights.index.itemIndex(ofFooter: entry.section)))
    let end = footer.maxY + r.shift(ofViewAt: footer.minY)
    let pin = scroll.offset.y + contentInset.top
    return max(top, min(pin, end - natural.height)) - view.frame.minY
  }

  /// The rows in `section` other than the held one.
  func otherRowCount(inSection section: Int, _ r: ReorderState) -> Int {
    heights.index.rowCount(inSection: section) - (section == r.source.section ? 1 : 0)
  }

  /// The slot the held row's centre at content `y` proposes: past a row's middle, after it;
  /// over a header, the section's first slot; over a footer, its last.
  /// - Complexity: O(log n)
  func proposedSlot(atContentY y: Double, _ r: ReorderState) -> IndexPath {
    let units = Sanitize.units(y) - heights.tableHeaderUnits
    let last = heights.index.sectionCount - 1
    guard units >= 0 else { return IndexPath(row: 0, section: 0) }
    guard let info = heights.index.info(containing: units) else {
      return IndexPath(row: otherRowCount(inSection: last, r), section: last)
    }
    switch info.kind {
    case .header:
      return IndexPath(row: 0, section: info.section)
    case .footer:
      return IndexPath(row: otherRowCount(inSection: info.section, r), section: info.section)
    case .row:
      let row = info.item - heights.index.itemIndex(ofHeader: info.section) - 1
      let path = IndexPath(row: row, section: info.section)
      if path == r.source { return path }
      let k = info.section == r.source.section && row > r.source.row ? row - 1 : row
      return IndexPath(row: units - info.start >= info.height / 2 ? k + 1 : k, section: info.section)
    }
  }

  /// The delegate's redirection of `proposed`, or `proposed` when it names no slot.
  func redirected(_ proposed: IndexPath, _ r: ReorderState) -> IndexPath {
    guard let delegate else { return proposed }
    let asked = askingDataSource {
      delegate.tableView(self, targetIndexPathForMoveFromRowAt: r.source, toProposedIndexPath: proposed)
    }
    guard asked.section >= 0, asked.section < heights.index.sectionCount, asked.row >= 0,
      asked.row <= otherRowCount(inSection: asked.section, r)
    else {
      report(
        TableViewError(
          .invalidArgument,
          "targetIndexPathForMoveFromRowAt returned \(asked), where the row cannot drop; \(proposed) is used"))
      return proposed
    }
    return asked
  }

  /// Finds the slot under the held row's centre and makes room there.
  func retargetReorder() {
    guard let r = editing.reorder else { return }
    let frame = heldFrame(r)
    setReorderDestination(redirected(proposedSlot(atContentY: frame.midY, r), r))
  }

  /// Makes `destination` the drop slot: the views that start or stop making room glide there.
  func setReorderDestination(_ destination: IndexPath) {
    guard editing.reorder != nil else { return }
    if editing.reorder!.geometryPass != pass.passNumber { refreshReorderGeometry() }
    let old = editing.reorder!
    guard destination != old.destination else { return }
    let heldBefore = presentation(of: old.view)
    editing.reorder!.destination = destination
    refreshReorderGeometry()
    let r = editing.reorder!
    let now = animationTime
    if case .keys = r.hold {
      // Moved by keys, the held row glides to its new slot.
      animations.setMotion(
        r.view, UpdateAnimations.Delta(from: heldBefore, to: heldFrame(r)), now: now, duration: rowAnimationDuration)
      host?.animationsDidStart()
    }
    var moved = false
    func glide(_ view: any ReusableView) {
      let before = reorderShift(of: view, old)
      let after = reorderShift(of: view, r)
      guard before != after else { return }
      var delta = UpdateAnimations.Delta(
        from: animations.presentation(of: view, frame: view.frame, at: now), to: view.frame)
      delta.y += before - after
      animations.setMotion(view, delta, now: now, duration: rowAnimationDuration)
      moved = true
    }
    for entry in visible.rows { glide(entry.view) }
    for entry in visible.headers { if let view = entry.view { glide(view) } }
    for entry in visible.footers { if let view = entry.view { glide(view) } }
    if moved { host?.animationsDidStart() }
  }

  /// Recomputes where the drop slot opens in the current geometry (rows measured on the way move
  /// the content).
  /// - Complexity: O(log n)
  func refreshReorderGeometry() {
    guard let r = editing.reorder else { return }
    let source = locateGlobalRow(r.sourceGlobal).1
    let slot = r.destination
    let original = slot.row + (slot.section == r.source.section && slot.row >= r.source.row ? 1 : 0)
    // The slot opens above the row that will follow the held one, or at the end of the section's rows.
    let item =
      original < heights.index.rowCount(inSection: slot.section)
      ? heights.index.itemIndex(of: IndexPath(row: original, section: slot.section))
      : heights.index.itemIndex(ofFooter: slot.section)
    let y = frame(of: heights.index.info(ofItem: item)).minY
    var next = r
    next.height = source.height
    if y >= source.maxY {
      next.shifted = source.maxY..<y
      next.shift = -source.height
      next.slotTop = y - source.height
    } else {
      next.shifted = min(y, source.minY)..<source.minY
      next.shift = source.height
      next.slotTop = y
    }
    next.geometryPass = pass.passNumber
    editing.reorder = next
  }

  /// Advances the autoscroll; returns whether it still runs.
  func tickReorder() -> Bool {
    guard let r = editing.reorder, case .pointer(let y) = r.hold, let since = r.autoscrollSince else { return false }
    let now = animationTime
    let speed = EdgeAutoscroll.velocity(pointerY: y, viewportHeight: viewportSize.height, heldFor: now - since)
    let dt = min(0.1, max(0, now - (r.lastTick ?? now)))
    editing.reorder!.lastTick = now
    guard speed != 0 else {
      editing.reorder!.autoscrollSince = nil
      return false
    }
    let target = clampedOffset(scroll.offset.y + speed * dt)
    if target != scroll.offset.y { setContentOffsetNow(Point(x: scroll.offset.x, y: target)) }
    retargetReorder()
    return true
  }

  /// Puts the held row's cell back among the visible rows (for an update to take it on from there).
  func restoreHeldRow() {
    guard let entry = visible.lifted else { return }
    visible.lifted = nil
    let at = visible.rows.firstIndex { $0.globalRow > entry.globalRow } ?? visible.rows.count
    visible.rows.insert(entry, at: at)
    let range = visible.rowRange
    visible.rowRange =
      range.isEmpty
      ? entry.globalRow..<(entry.globalRow + 1)
      : min(range.lowerBound, entry.globalRow)..<max(range.upperBound, entry.globalRow + 1)
    pass.framesDirty = true
  }

  /// A batch update while a row is held: the held row follows its row (its height and place are looked up
  /// again); when its row was deleted or reloaded, the reorder ends and its cell leaves with the row.
  /// Runs after the geometry is edited, before the visible views are remapped.
  func remapReorder(through plan: BatchUpdatePlan) {
    guard let r = editing.reorder else { return }
    guard let path = plan.newIndexPath(forOld: r.source), !plan.isReloaded(old: r.source) else {
      restoreHeldRow()
      editing.reorder = nil
      return
    }
    let global = heights.index.prefix(heights.index.itemIndex(of: path)).rows
    editing.reorder!.source = path
    editing.reorder!.sourceGlobal = global
    editing.reorder!.geometryPass = -1
    visible.lifted?.indexPath = path
    visible.lifted?.globalRow = global
  }

  /// After an update's layout, with a row still held: the drop slot is found again (under the pointer), or
  /// kept within the data (keys).
  func reorderDidChangeData() {
    guard let r = editing.reorder else { return }
    let sections = heights.index.sectionCount
    var slot = r.destination
    slot.section = min(max(0, slot.section), sections - 1)
    slot.row = min(max(0, slot.row), otherRowCount(inSection: slot.section, r))
    editing.reorder!.destination = slot
    refreshReorderGeometry()
    if case .pointer = r.hold { retargetReorder() }
    // Rows measured by the update (a page of a data source arrived) may have pushed the slot off screen.
    keepHeldRowInView()
  }

  /// Ends a reorder at once, the data source told nothing (a reload takes over).
  func abandonReorder() {
    guard editing.reorder != nil else { return }
    restoreHeldRow()
    editing.reorder = nil
  }
}
