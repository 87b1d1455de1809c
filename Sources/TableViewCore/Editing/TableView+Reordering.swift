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
    editing.reorder = ReorderState(
      source: indexPath, sourceGlobal: entry.globalRow, view: entry.view, frame: entry.view.frame,
      pointerY: pointerY.map { Sanitize.coordinate($0) ?? 0 }, offsetY: scroll.offset.y)
    refreshReorderGeometry()
    return true
  }

  /// The pointer holding the row moved to `pointerY` (in the visible area, from its top; beyond
  /// the edges is fine): the row follows, the rows make room for where it would drop, and near an
  /// edge the table starts scrolling by itself (``EdgeAutoscroll``; call `tick()` every frame while
  /// ``isAnimating``). A value that is not finite is ignored (reported).
  /// - Complexity: O(visible + log n)
  @_spi(Backend) public func updateReorder(pointerY: Double) {
    guard editing.reorder?.isHeldByPointer == true else { return }
    guard pointerY.isFinite else {
      return report(TableViewError(.invalidArgument, "updateReorder(pointerY: \(pointerY)): not finite; ignored"))
    }
    let y = Sanitize.coordinate(pointerY) ?? 0
    let started = editing.reorder?.movePointer(to: y, viewportHeight: viewportSize.height, now: animationTime)
    retargetReorder()
    if started == true { host?.animationsDidStart() }
  }

  /// Moves the held row `steps` slots down (negative: up), as arrow keys do: through every place
  /// it can drop, the end of each section and empty sections included, scrolling to keep it in
  /// view. At most 1,000 slots a call.
  /// - Complexity: O(|steps| · log n + visible)
  @_spi(Backend) public func moveReorder(by steps: Int) {
    guard editing.reorder != nil else { return }
    editing.reorder?.holdByKeys()
    guard let r = editing.reorder else { return }
    let index = heights.index
    let slot = r.slot(movedBy: steps, sectionCount: index.sectionCount) { index.rowCount(inSection: $0) }
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
      guard editing.reorder?.canKeepInView == true else { return }
      if editing.reorder?.needsGeometry(pass: pass.passNumber) == true { refreshReorderGeometry() }
      guard let slot = editing.reorder?.slotToKeepInView(always: always) else { return }
      let top = slot.lowerBound
      let bottom = slot.upperBound
      var y = scroll.offset.y
      if bottom > y + viewportSize.height - contentInset.bottom {
        y = bottom - viewportSize.height + contentInset.bottom
      }
      if top < y + contentInset.top { y = top - contentInset.top }
      let target = clampedOffset(y)
      guard target != scroll.offset.y else { return }
      editing.reorder?.setKeepingInView(true)
      setContentOffsetNow(Point(x: scroll.offset.x, y: target))
      editing.reorder?.setKeepingInView(false)
    }
  }

  /// Drops the held row where it would drop (``reorderDestination``): the data source hears
  /// `moveRowAt` once (unless the row drops where it was), then the table applies one animated
  /// move: the row glides from where it hangs into its place, the others close in, and its height
  /// goes with it.
  /// - Complexity: as an animated ``performBatchUpdates(_:completion:)`` with one move.
  @_spi(Backend) public func endReorder() {
    guard let r = editing.reorder else { return }
    if r.isHeldByPointer { retargetReorder() }
    guard let destination = editing.reorder?.destination, destination != r.source, let dataSource else {
      return cancelReorder()
    }
    restoreHeldRow()
    editing.reorder?.beginDrop()
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

  /// `frame` of `view` as drawn while a row is held: the held row where it hangs, the others
  /// shifted to make room.
  func reorderFrame(of view: any ReusableView, _ frame: Rect) -> Rect {
    // This runs for every view of every frame: the state is read in place, never copied.
    guard let stale = editing.reorder?.needsGeometry(pass: pass.passNumber) else { return frame }
    if stale { refreshReorderGeometry() }
    guard let room = editing.reorder?.room else { return frame }
    if editing.reorder?.view === view, let held = editing.reorder?.heldFrame(offsetY: scroll.offset.y) { return held }
    var frame = frame
    frame.origin.y += reorderShift(of: view, by: room.shift(ofViewAt:))
    return frame
  }

  /// How far `view` is drawn from its frame while a row is held (`shift` says how far a view whose
  /// top is at a y is shifted; `ReorderState.shift(ofViewAt:)`): by the room the drop slot makes
  /// for the views whose tops are in its range; a section header of the plain style floats as
  /// always, at the top edge until its section's end (shifted too) pushes it up.
  /// - Complexity: O(visible sections + log n)
  func reorderShift(of view: any ReusableView, by shift: (Double) -> Double) -> Double {
    guard style == .plain, let entry = visible.headers.first(where: { $0.view === view }) else {
      return shift(view.frame.minY)
    }
    let natural = frame(of: heights.index.info(ofItem: heights.index.itemIndex(ofHeader: entry.section)))
    let top = natural.minY + shift(natural.minY)
    guard natural.height > 0 else { return top - view.frame.minY }
    let footer = frame(of: heights.index.info(ofItem: heights.index.itemIndex(ofFooter: entry.section)))
    let end = footer.maxY + shift(footer.minY)
    let pin = scroll.offset.y + contentInset.top
    return max(top, min(pin, end - natural.height)) - view.frame.minY
  }

  /// The delegate's redirection of `proposed`, or `proposed` when it names no slot.
  func redirected(_ proposed: IndexPath, _ r: ReorderState) -> IndexPath {
    guard let delegate else { return proposed }
    let asked = askingDataSource {
      delegate.tableView(self, targetIndexPathForMoveFromRowAt: r.source, toProposedIndexPath: proposed)
    }
    guard asked.section >= 0, asked.section < heights.index.sectionCount, asked.row >= 0,
      asked.row <= r.otherRowCount(inSection: asked.section, of: heights.index.rowCount(inSection: asked.section))
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
    let centre = Sanitize.units(r.heldFrame(offsetY: scroll.offset.y).midY) - heights.tableHeaderUnits
    setReorderDestination(redirected(r.proposedSlot(atUnits: centre, in: heights.index), r))
  }

  /// Makes `destination` the drop slot: the views that start or stop making room glide there.
  func setReorderDestination(_ destination: IndexPath) {
    guard let stale = editing.reorder?.needsGeometry(pass: pass.passNumber) else { return }
    if stale { refreshReorderGeometry() }
    guard let old = editing.reorder, destination != old.destination else { return }
    let heldBefore = presentation(of: old.view)
    editing.reorder?.setDestination(destination)
    refreshReorderGeometry()
    guard let r = editing.reorder else { return }
    let now = animationTime
    if case .keys = r.hold {
      // Moved by keys, the held row glides to its new slot.
      animations.setMotion(
        r.view, UpdateAnimations.Delta(from: heldBefore, to: r.heldFrame(offsetY: scroll.offset.y)), now: now,
        duration: rowAnimationDuration)
      host?.animationsDidStart()
    }
    var moved = false
    func glide(_ view: any ReusableView) {
      let before = reorderShift(of: view, by: old.room.shift(ofViewAt:))
      let after = reorderShift(of: view, by: r.room.shift(ofViewAt:))
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
    let section = r.destination.section
    let row = r.slotRowInSection
    // The slot opens above the row that will follow the held one, or at the end of the section's rows.
    let item =
      row < heights.index.rowCount(inSection: section)
      ? heights.index.itemIndex(of: IndexPath(row: row, section: section))
      : heights.index.itemIndex(ofFooter: section)
    let y = frame(of: heights.index.info(ofItem: item)).minY
    editing.reorder?.setGeometry(sourceFrame: source, slotY: y, pass: pass.passNumber)
  }

  /// Advances the autoscroll; returns whether it still runs.
  func tickReorder() -> Bool {
    guard let step = editing.reorder?.autoscroll(now: animationTime, viewportHeight: viewportSize.height) else {
      return false
    }
    let target = clampedOffset(scroll.offset.y + step)
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
    editing.reorder?.follow(to: path, global: global)
    visible.lifted?.indexPath = path
    visible.lifted?.globalRow = global
  }

  /// After an update's layout, with a row still held: the drop slot is found again (under the pointer), or
  /// kept within the data (keys).
  func reorderDidChangeData() {
    guard editing.reorder != nil else { return }
    let index = heights.index
    editing.reorder?.clampDestination(sectionCount: index.sectionCount) { index.rowCount(inSection: $0) }
    refreshReorderGeometry()
    if editing.reorder?.isHeldByPointer == true { retargetReorder() }
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
