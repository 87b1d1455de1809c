// Animated updates (the state is UpdateAnimations): before an animated update, where every view is
// drawn on screen; after it, each view that stays starts from there, each view that arrives starts
// as its row animation says, and each view that leaves stays attached until it has gone. Nothing
// jumps at the instant of the update, whatever the update did to the offset (anchoring, clamping).

extension TableView {
  /// How long animated updates take, in seconds (UIKit's row animations take about as long).
  public var rowAnimationDuration: Double { 0.3 }

  /// The least a leaving view still takes when a later update moves it on, in seconds: one that
  /// was due to be gone by then goes at the next frame.
  static let lastLeavingStep = 0.001

  /// Whether an animated update is running: rows gliding, arriving or leaving. Call `tick()` once
  /// per frame while ``isAnimating`` is true.
  @_spi(Backend) public var isAnimatingUpdates: Bool { animations.isActive }

  /// Whether an animated scroll, a deceleration or a bounce is running (not an animated update).
  @_spi(Backend) public var isScrollAnimating: Bool { scroll.animation != nil }

  /// Where `view` is drawn in this frame and how opaque: its `frame` and 1 unless an animated
  /// update, a swipe or a row held to be moved draws it elsewhere. Backends draw every attached
  /// view at its presentation. The frame's time is the last ``tick()``'s (or the time an animation
  /// last started, if later): every view of a frame is drawn at the same time, the one the scroll
  /// position was computed at.
  ///
  /// Inlinable: a backend asks for every view of every frame, and inlined into its loop the
  /// question costs neither a call nor a retain and release of the view (an animated frame's cost
  /// in the engine halves; `tableview-bench --filter animated_update_frame`).
  /// - Complexity: O(1): one probe of an address-keyed table while an update animates.
  @inlinable
  @_spi(Backend) public func presentation(of view: any ReusableView) -> CellPresentation {
    guard !editing.isReordering, editing.swipe.row == nil else { return editingPresentation(of: view) }
    return animations.presentation(of: view)
  }

  /// ``presentation(of:)`` while a row is swiped or held to be moved.
  /// - Complexity: O(visible sections + log n) while a row is held; O(1) otherwise.
  @usableFromInline func editingPresentation(of view: any ReusableView) -> CellPresentation {
    var frame = editing.reorder == nil ? view.frame : reorderFrame(of: view, view.frame)
    if let row = editing.swipe.row, cellForRow(at: row) === view {
      // The swiped row's content is pulled aside.
      frame.origin.x += swipeOffset
    }
    return animations.presentation(of: view, frame: frame)
  }

  /// The views on their way out of an animated update (deleted rows, the old cells of reloaded rows,
  /// rows pushed off screen), oldest first: attached, drawn behind the others, pooled when they
  /// have gone.
  @_spi(Backend) public var leavingViews: [any ReusableView] { animations.departures.map(\.view) }

  /// Whether `view` is on its way out of an animated update (one of ``leavingViews``): what a
  /// backend asks of each view it draws, to draw the leaving ones behind the others.
  /// - Complexity: O(1)
  @_spi(Backend) public func isLeaving(_ view: any ReusableView) -> Bool { animations.isLeaving(view) }

  // MARK: Capturing an update

  /// Where the views were drawn on screen before an update.
  struct UpdateCapture {
    var now: Double
    var offset: Point
    var onScreen: [ObjectIdentifier: CellPresentation]
    var departuresOnScreen: [CellPresentation]
    /// The swiped row's cell and how far it was pulled aside (its presentation above is without
    /// it: a cell still swiped after the update keeps it on top of its motion).
    var swiped: (view: ObjectIdentifier, row: IndexPath, offset: Double)?
  }

  /// A view retired while an update is captured: kept attached, decided on afterwards.
  struct RetiredView {
    var view: any ReusableView
    var pool: UpdateAnimations.Pool
    /// For a row: its index path, before the update when `beforeRemap`, after it otherwise.
    var indexPath: IndexPath?
    var globalRow: Int
    var beforeRemap: Bool
    var section: Int
  }

  /// Starts capturing an update: records where every view is drawn on screen now.
  /// - Complexity: O(visible + leaving views)
  func beginUpdateCapture() -> UpdateCapture {
    let now = animationTime
    let offset = scroll.offset
    var onScreen: [ObjectIdentifier: CellPresentation] = [:]
    onScreen.reserveCapacity(visible.rows.count + visible.headers.count + visible.footers.count)
    func record(_ view: any ReusableView) {
      var p = animations.presentation(of: view, frame: reorderFrame(of: view, view.frame), at: now)
      p.frame.origin = Point(x: p.frame.minX - offset.x, y: p.frame.minY - offset.y)
      onScreen[ObjectIdentifier(view)] = p
    }
    for entry in visible.rows { record(entry.view) }
    for entry in visible.headers { if let view = entry.view { record(view) } }
    for entry in visible.footers { if let view = entry.view { record(view) } }
    if let lifted = visible.lifted { record(lifted.view) }
    let departuresOnScreen = animations.departures.map { departure in
      var p = animations.presentation(of: departure.view, frame: departure.view.frame, at: now)
      p.frame.origin = Point(x: p.frame.minX - offset.x, y: p.frame.minY - offset.y)
      return p
    }
    pass.retired = []
    let swiped = editing.swipe.row.flatMap { row in
      cellForRow(at: row).map { (ObjectIdentifier($0), row, swipeOffset) }
    }
    return UpdateCapture(
      now: now, offset: offset, onScreen: onScreen, departuresOnScreen: departuresOnScreen, swiped: swiped)
  }

  /// Whether a view leaving the screen now is kept for an update's animation (and kept attached).
  /// Takes it when it is.
  func retireForUpdate(_ view: any ReusableView, pool: UpdateAnimations.Pool, row: VisibleSet.Row?, section: Int)
    -> Bool
  {
    guard pass.retired != nil else {
      animations.forget(view)
      return false
    }
    animations.forget(view)
    pass.retired!.append(
      RetiredView(
        view: view, pool: pool, indexPath: row?.indexPath, globalRow: row?.globalRow ?? 0,
        beforeRemap: !pass.visibleRowsRemapped, section: section))
    return true
  }

  /// Ends the capture of an update: every view that stayed starts from where it was drawn, every
  /// view that arrived as its animation says, every view that left goes on its way out. `plan` is
  /// nil for an update that only changed heights.
  /// - Complexity: O(visible + leaving views), plus O(log n) per row pushed off screen.
  func finishUpdateCapture(
    _ capture: UpdateCapture, plan: BatchUpdatePlan?, animations requested: BatchUpdate.Animations,
    completion: ((Bool) -> Void)?
  ) {
    let retired = pass.retired ?? []
    pass.retired = nil
    let now = capture.now
    let duration = rowAnimationDuration
    let offset = scroll.offset
    func content(_ screen: CellPresentation) -> CellPresentation {
      var p = screen
      p.frame.origin = Point(x: p.frame.minX + offset.x, y: p.frame.minY + offset.y)
      return p
    }
    // The cell that was swiped and no longer is (its row reloaded or gone, the swipe closed):
    // it starts from where it was drawn, pulled aside.
    let stillSwiped = editing.swipe.row.flatMap { cellForRow(at: $0) }.map { ObjectIdentifier($0) }
    var capture = capture
    // …and the row's new cell, when the update reloaded it, arrives from there too: the two glide back
    // together as they cross-fade (one drawn at the swipe's offset and one in place showed the text twice).
    var pulledAside: (row: IndexPath, offset: Double)?
    if let swiped = capture.swiped, swiped.view != stillSwiped, var before = capture.onScreen[swiped.view] {
      before.frame.origin.x += swiped.offset
      capture.onScreen[swiped.view] = before
      if stillSwiped == nil { pulledAside = (swiped.row, swiped.offset) }
    }
    // Views already leaving: on from where they are drawn, their end moved with the content, gone when they were
    // to be gone. (Restarted for a whole duration, a stream of updates — a move or an arrival every frame — would
    // keep every view it pushed out leaving for ever: more views alive, and more to capture, with each update.)
    let shift = offset.y - capture.offset.y
    for i in animations.departures.indices {
      var (target, alpha, end) = animations.departureTarget(at: i)
      target.origin.y += shift
      let delta = UpdateAnimations.Delta(from: content(capture.departuresOnScreen[i]), to: target, targetAlpha: alpha)
      // One that ended since the last frame goes at the next.
      let remaining = max(end - now, Self.lastLeavingStep)
      animations.restartDeparture(
        at: i, shiftedBy: shift,
        motion: UpdateAnimations.Motion(delta: delta, start: now, duration: remaining, easesIn: false))
    }
    // Rows on screen: from where they were drawn; arriving ones as their animation says; rows that
    // came on screen because others moved, with their neighbour's motion.
    var pending: [Int] = []
    var moved: [Int: Double] = [:]
    for (i, entry) in visible.rows.enumerated() {
      if let before = capture.onScreen[ObjectIdentifier(entry.view)] {
        let delta = UpdateAnimations.Delta(from: content(before), to: reorderFrame(of: entry.view, entry.view.frame))
        animations.setMotion(entry.view, delta, now: now, duration: duration)
        moved[i] = delta.y
      } else if let kind = arrival(of: entry.indexPath, plan: plan, requested: requested) {
        var delta = Self.arrivalDelta(kind, frame: entry.view.frame)
        if let pulledAside, plan?.oldIndexPath(forNew: entry.indexPath) == pulledAside.row {
          delta.x += pulledAside.offset
        }
        animations.setMotion(entry.view, delta, now: now, duration: duration)
      } else {
        pending.append(i)
      }
    }
    func neighbourDY(_ i: Int) -> Double {
      var d = 1
      while i - d >= 0 || i + d < visible.rows.count {
        if let y = moved[i - d] ?? moved[i + d] { return y }
        d += 1
      }
      return 0
    }
    for i in pending {
      animations.setMotion(
        visible.rows[i].view, UpdateAnimations.Delta(y: neighbourDY(i)), now: now, duration: duration)
    }
    // A row held to be moved: from where it was drawn to where it hangs now.
    if let r = editing.reorder, let before = capture.onScreen[ObjectIdentifier(r.view)] {
      animations.setMotion(
        r.view, UpdateAnimations.Delta(from: content(before), to: r.heldFrame(offsetY: scroll.offset.y)), now: now,
        duration: duration)
    }
    let anyDY = moved.values.first ?? 0
    for entry in visible.headers + visible.footers {
      guard let view = entry.view else { continue }
      if let before = capture.onScreen[ObjectIdentifier(view)] {
        animations.setMotion(
          view, UpdateAnimations.Delta(from: content(before), to: reorderFrame(of: view, view.frame)), now: now,
          duration: duration)
      } else if let plan, plan.oldSection(forNew: entry.section) == nil {
        let kind = requested.insertedSections[entry.section] ?? .none
        animations.setMotion(view, Self.arrivalDelta(kind.resolved, frame: view.frame), now: now, duration: duration)
      } else {
        animations.setMotion(view, UpdateAnimations.Delta(y: anyDY), now: now, duration: duration)
      }
    }
    // Views that left: on their way out, or gone at once.
    for r in retired {
      guard let before = capture.onScreen[ObjectIdentifier(r.view)] else {
        finishDeparture(r.view, pool: r.pool)
        continue
      }
      let from = content(before)
      guard let (frame, alpha) = departureEnd(of: r, from: from.frame, plan: plan, requested: requested) else {
        finishDeparture(r.view, pool: r.pool)
        continue
      }
      let delta = UpdateAnimations.Delta(from: from, to: frame, targetAlpha: alpha)
      if delta.isNegligible && alpha > 0 && !Self.isOnScreen(frame, offset: offset, size: viewportSize) {
        finishDeparture(r.view, pool: r.pool)
        continue
      }
      animations.addDeparture(
        r.view, pool: r.pool, target: frame, alpha: alpha,
        motion: UpdateAnimations.Motion(delta: delta, start: now, duration: duration))
    }
    if let completion {
      if animations.isMoving {
        animations.addCompletion(due: now + duration, completion)
      } else {
        completion(true)
      }
    }
    if animations.isActive { host?.animationsDidStart() }
  }

  /// How the row now at `path` arrives: nil when it was there before the update (it glides).
  func arrival(of path: IndexPath, plan: BatchUpdatePlan?, requested: BatchUpdate.Animations) -> TableView.RowAnimation?
  {
    guard let plan else { return nil }
    guard let old = plan.oldIndexPath(forNew: path) else {
      return (requested.insertedRow(path) ?? requested.insertedSections[path.section] ?? .none).resolved
    }
    guard plan.isReloaded(old: old) else { return nil }
    return (requested.reloadedRows[old] ?? requested.reloadedSections[old.section] ?? .none).resolved
  }

  /// Where a leaving view ends and how opaque; nil when it goes at once.
  func departureEnd(of r: RetiredView, from: Rect, plan: BatchUpdatePlan?, requested: BatchUpdate.Animations)
    -> (Rect, Double)?
  {
    guard r.pool == .cell, let path = r.indexPath else {
      // A header or footer: fades where it is when its section went, or goes at once.
      if let plan, r.beforeRemap, plan.newSection(forOld: r.section) == nil || plan.isSectionReloaded(old: r.section) {
        let kind = (requested.deletedSections[r.section] ?? requested.reloadedSections[r.section] ?? .none).resolved
        return kind == .none ? nil : Self.departureEnd(kind, from: from)
      }
      return nil
    }
    if let plan, r.beforeRemap {
      if let new = plan.newIndexPath(forOld: path), plan.isReloaded(old: path) {
        // The old cell of a reloaded row cross-fades into the new one, where the row now is.
        let kind = (requested.reloadedRows[path] ?? requested.reloadedSections[path.section] ?? .none).resolved
        guard kind != .none, let rect = try? rectForRow(at: new) else { return nil }
        return kind == .fade ? (rect, 0) : Self.departureEnd(kind, from: rect)
      }
      let kind = (requested.deletedRow(path) ?? requested.deletedSections[path.section] ?? .none).resolved
      return kind == .none ? nil : Self.departureEnd(kind, from: from)
    }
    // A row pushed off screen: it glides to where it now is.
    return (locateGlobalRow(r.globalRow).1, 1)
  }

  /// The difference an arriving view starts with.
  static func arrivalDelta(_ kind: TableView.RowAnimation, frame: Rect) -> UpdateAnimations.Delta {
    switch kind {
    case .fade, .automatic: return UpdateAnimations.Delta(alpha: -1)
    case .top: return UpdateAnimations.Delta(y: -frame.height)
    case .bottom: return UpdateAnimations.Delta(y: frame.height)
    case .left: return UpdateAnimations.Delta(x: -frame.width)
    case .right: return UpdateAnimations.Delta(x: frame.width)
    case .middle: return UpdateAnimations.Delta(y: frame.height / 2, height: -frame.height, alpha: -1)
    case .none: return .zero
    }
  }

  /// Where a leaving view that was at `from` ends, and how opaque.
  static func departureEnd(_ kind: TableView.RowAnimation, from: Rect) -> (Rect, Double) {
    var end = from
    switch kind {
    case .fade, .automatic, .none: return (from, 0)
    case .top: end.origin.y -= from.height
    case .bottom: end.origin.y += from.height
    case .left: end.origin.x -= from.width
    case .right: end.origin.x += from.width
    case .middle:
      end.origin.y += from.height / 2
      end.size.height = 0
      return (end, 0)
    }
    return (end, 1)
  }

  static func isOnScreen(_ frame: Rect, offset: Point, size: Size) -> Bool {
    frame.maxY > offset.y && frame.minY < offset.y + size.height
  }

  // MARK: Running and ending

  /// Advances the animated update to `now`: views whose way out is over leave for their pools;
  /// each update's completion runs once its own animations have ended (UIKit's: a later update
  /// that moves the same rows on does not hold it back), every one once nothing moves. Returns
  /// whether it still runs.
  func tickUpdateAnimations() -> Bool {
    guard animations.isActive else { return false }
    let now = animationTime
    animations.advanceFrame(to: now)
    for departure in animations.expire(at: now) { finishDeparture(departure.view, pool: departure.pool) }
    for completion in animations.takeCompletions(dueBy: now) { completion.body(true) }
    return animations.isActive
  }

  /// Ends every animated update at once (a reload): leaving views go, the completions get
  /// `finished`.
  func endUpdateAnimations(finished: Bool) {
    guard animations.isActive else { return }
    for departure in animations.removeAll() { finishDeparture(departure.view, pool: departure.pool) }
    // Nothing moves now: every completion is due.
    for completion in animations.takeCompletions(dueBy: .infinity) { completion.body(finished) }
  }

  /// Moves `view` to `frame`: the one way the table moves a view it shows (a moving view's motion
  /// keeps a copy of its frame).
  /// - Complexity: O(1)
  @inline(__always)
  func place(_ view: any ReusableView, at frame: Rect) {
    view.frame = frame
    animations.viewMoved(view, to: frame)
  }

  /// Takes a view that left off screen, into its pool.
  func finishDeparture(_ view: any ReusableView, pool: UpdateAnimations.Pool) {
    host?.detach(view)
    switch pool {
    case .cell: visible.cellPool.enqueue(view)
    case .headerFooter: visible.headerFooterPool.enqueue(view)
    }
  }
}
