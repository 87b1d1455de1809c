// What UIScrollView gives UITableView, headless: clamped offsets, animated scrolls with a
// completion handler, kinetic deceleration after a fling, and rubber-band bounce at the edges.
// Time comes from the injected clock; a backend calls `tick()` once per frame while
// `isAnimating` is true and stops drawing when it is false.
//
// The rules live in `ScrollState` (and `ScrollBounds`, `ScrollAnimation`); this file is the
// adapter: it sanitizes and reports bad input, computes the bounds, asks the state machine, applies
// the offset it answers with (`setContentOffsetNow`, which lays out) and reports what ended.

extension TableView {
  /// The clock's time for animations, or 0 when the clock gives a time that is not finite (an
  /// animation started at ∞ would compute NaN offsets; `tick()` stops one while the time is not
  /// finite).
  var animationTime: Double {
    let now = clock.now
    return now.isFinite ? now : 0
  }

  /// Where scrolling settles and how the edges behave, from the content size, insets,
  /// `scrollLimits`, viewport and `bounces`: the one place scrolling asks the row space whether it is bounded (a
  /// looping table scrolls without bounds).
  /// - Complexity: O(1)
  var scrollBounds: ScrollBounds { scrollBounds(viewportHeight: viewportSize.height) }

  /// `scrollBounds` for a visible area `dimension` points tall. A bottom-anchored table's content
  /// shorter than the visible area rests at its bottom (see `adjustedContentInset`).
  /// - Complexity: O(1)
  @inline(__always) func scrollBounds(viewportHeight dimension: Double) -> ScrollBounds {
    guard rowSpace.isBounded else { return .unbounded(dimension: dimension, bounces: bounces) }
    if let limits = scrollLimits {
      return ScrollBounds(
        minimum: limits.lowerBound, maximum: limits.upperBound, dimension: dimension, bounces: bounces)
    }
    let content = contentSize.height
    var top = contentInset.top
    // A refresh in progress: the content rests below the indicator.
    if let control = refreshControl, control.isRefreshing { top += control.height }
    if anchoring.anchor == .bottom { top = max(top, dimension - contentInset.bottom - content) }
    return ScrollBounds(
      minimum: -top, maximum: content + contentInset.bottom - dimension, dimension: dimension, bounces: bounces)
  }

  /// The smallest offset scrolling settles at (the top inset above the content).
  public var minimumContentOffsetY: Double { scrollBounds.minimum }

  /// The largest offset scrolling settles at.
  public var maximumContentOffsetY: Double { scrollBounds.maximum }

  /// `y` moved within the offsets scrolling settles at (`y` itself for a looping table).
  func clampedOffset(_ y: Double) -> Double { scrollBounds.clamp(y) }

  /// Whether the table will change on its own: an animated scroll, a deceleration or a bounce, an
  /// animated update, a swiped row settling, or a held row scrolling the table near an edge. While
  /// it is true, a frame is needed (the backend advances the table every frame); when it is false,
  /// nothing moves until the next event or call.
  public var isAnimating: Bool {
    scroll.animation != nil || animations.isActive || editing.swipe.settle != nil
      || isAutoscrolling
  }

  /// Whether a finger is dragging the content.
  public var isTracking: Bool { scroll.isDragging }

  /// Moves by `delta` points (a wheel or a key), clamped to the content, stopping any animation.
  /// - Complexity: one layout pass (see ``layoutIfNeeded()``).
  public func scroll(by delta: Double) {
    guard !delta.isNaN else { return report(TableViewError(.invalidArgument, "scroll(by: NaN); ignored")) }
    interruptAnimation()
    setContentOffsetNow(Point(x: scroll.offset.x, y: clampedOffset(scroll.offset.y + delta)))
  }

  /// Starts a kinetic deceleration from the current offset at `velocity` (points per second, positive
  /// towards larger offsets), as after a fling: a touchpad's lift-off, or a benchmark's fling. Past an
  /// edge it bounces (when `bounces`). Any running animation stops first, so a velocity under
  /// `ScrollPhysics.stopVelocity` just stops the content, as fingers resting on a touchpad do.
  public func decelerate(velocity: Double) {
    interruptAnimation()
    guard let velocity = Sanitize.velocity(velocity) else {
      return report(TableViewError(.invalidArgument, "decelerate(velocity: \(velocity)): not finite; ignored"))
    }
    scroll.decelerate(velocity: velocity, rate: decelerationRate, now: animationTime)
  }

  /// Scrolls by `delta` points with a short deceleration that lands exactly `delta` further than where
  /// the running one was going (a mouse wheel's notch: notches in quick succession add up, and the
  /// content glides rather than jumps). Clamped to the content.
  @_spi(Backend) public func scrollSmoothly(by delta: Double) {
    guard !delta.isNaN else { return report(TableViewError(.invalidArgument, "scrollSmoothly(by: NaN); ignored")) }
    let delta = min(max(delta, -Sanitize.maximumCoordinate), Sanitize.maximumCoordinate)
    let target = scroll.smoothScrollTarget(by: delta, bounds: scrollBounds)
    interruptAnimation()
    scroll.decelerate(to: target, rate: wheelDecelerationRate, now: animationTime)
  }

  /// The deceleration rate of `scrollSmoothly(by:)`: fast, so that a notch covers most of its
  /// distance in the first fifth of a second and lands within half a second.
  @_spi(Backend) public var wheelDecelerationRate: Double { ScrollPhysics.fastDecelerationRate }

  /// Sets the offset, optionally animated; `completion` runs when it arrives (`true`) or is
  /// interrupted (`false`) — the callback UIScrollView lacks.
  /// - Complexity: O(1) when animated (each frame's `tick()` lays out); otherwise one layout pass
  ///   (see ``layoutIfNeeded()``).
  public func setContentOffset(_ offset: Point, animated: Bool, completion: ((Bool) -> Void)? = nil) {
    interruptAnimation()
    guard animated else {
      setContentOffsetNow(offset)
      completion?(true)
      return
    }
    guard let y = Sanitize.coordinate(offset.y), offset.x.isFinite else {
      report(TableViewError(.invalidArgument, "content offset \(offset) is not finite; ignored"))
      completion?(false)
      return
    }
    scroll.animateScroll(to: { y }, now: animationTime, duration: scrollAnimationDuration, completion: completion)
  }

  /// How long animated scrolls take, in seconds.
  public var scrollAnimationDuration: Double { 0.3 }

  /// Scrolls so that `indexPath` is at `position` (UIKit's rules; `.none` moves the least that
  /// shows the row whole). With estimated heights the rows around the target are measured first,
  /// so it lands exactly on the row.
  /// - Throws: `.indexOutOfRange` for a row that does not exist.
  /// - Complexity: O(log n), plus, with estimated heights, measuring the unmeasured rows within a
  ///   viewport of the row; not animated, one layout pass (see ``layoutIfNeeded()``).
  public func scrollToRow(
    at indexPath: IndexPath, at position: ScrollPosition, animated: Bool, completion: ((Bool) -> Void)? = nil
  ) throws(TableViewError) {
    try check(indexPath, "scrollToRow(at:at:animated:)")
    interruptAnimation()
    let target = { [unowned self] in self.offsetToShow(indexPath, at: position) }
    guard animated else {
      setContentOffsetNow(Point(x: scroll.offset.x, y: target()))
      // Measuring at the destination may refine the target once more, or only correct the offset
      // (rows measured above the screen): the cells are placed again either way.
      let refined = target()
      if refined != scroll.offset.y {
        setContentOffsetNow(Point(x: scroll.offset.x, y: refined))
      } else if pass.framesDirty {
        layoutIfNeeded()
      }
      completion?(true)
      return
    }
    scroll.animateScroll(to: target, now: animationTime, duration: scrollAnimationDuration, completion: completion)
  }

  /// The offset that puts `path` at `position`, clamped; measures around the row first when
  /// heights are estimated.
  func offsetToShow(_ path: IndexPath, at position: ScrollPosition) -> Double {
    guard isValid(path) else { return scroll.offset.y }
    if heights.usesEstimates, heights.index.unmeasuredRowCount > 0 { measureAround(path) }
    // Rows that repeat without bounds (a looping table): the nearest lap's row is shown.
    if !rowSpace.isBounded {
      let height = HeightIndex.points(heights.index.height(ofItem: heights.index.itemIndex(of: path)))
      let visibleHeight = viewportSize.height - contentInset.top - contentInset.bottom
      let screenTop: Double
      switch position {
      case .none:
        // Already whole on screen: stay. Otherwise the nearer of top and bottom, the shorter way.
        let bottomTop = viewportSize.height - contentInset.bottom - height
        if let shown = visibleRowAppearances.first(where: { $0.indexPath == path }) {
          let y = shown.view.frame.minY - scroll.offset.y
          if y >= contentInset.top && y <= bottomTop { return scroll.offset.y }
        }
        let viaTop = loopingOffset(toShow: path, rowTopOnScreen: contentInset.top)
        let viaBottom = loopingOffset(toShow: path, rowTopOnScreen: bottomTop)
        let current = scroll.offset.y
        return abs(viaTop - current) <= abs(viaBottom - current) ? viaTop : viaBottom
      case .top: screenTop = contentInset.top
      case .middle: screenTop = contentInset.top + (visibleHeight - height) / 2
      case .bottom: screenTop = viewportSize.height - contentInset.bottom - height
      }
      return loopingOffset(toShow: path, rowTopOnScreen: screenTop)
    }
    guard let rect = try? rectForRow(at: path) else { return scroll.offset.y }
    let visibleHeight = viewportSize.height - contentInset.top - contentInset.bottom
    // In the plain style the row's floating header covers the top of the visible area.
    let headerCover =
      style == .plain
      ? HeightIndex.points(heights.index.height(ofItem: heights.index.itemIndex(ofHeader: path.section))) : 0
    let topTarget = rect.minY - contentInset.top - headerCover
    let bottomTarget = rect.maxY - viewportSize.height + contentInset.bottom
    let y: Double
    switch position {
    case .top: y = topTarget
    case .middle: y = rect.midY - contentInset.top - visibleHeight / 2
    case .bottom: y = bottomTarget
    case .none:
      let current = scroll.offset.y
      if rect.minY < current + contentInset.top + headerCover {
        y = topTarget
      } else if rect.maxY > current + viewportSize.height - contentInset.bottom {
        y = bottomTarget
      } else {
        y = current
      }
    }
    return clampedOffset(y)
  }

  /// Measures unmeasured rows from a viewport above `path` to a viewport below it. What is on
  /// screen stays where it is: rows measured above the first visible row move the offset by their
  /// change (a correction, like measuring rows as they come on screen), so a target computed
  /// afterwards is a target in the same picture the user sees.
  func measureAround(_ path: IndexPath) {
    let anchor = visible.rows.isEmpty ? nil : visible.rowRange.lowerBound
    let anchorOnScreen = anchor.map { rowTop($0) - scroll.offset.y }
    defer {
      if let anchor, let anchorOnScreen { correctContentOffsetY(to: rowTop(anchor) - anchorOnScreen) }
    }
    let center = heights.index.itemIndex(of: path)
    let reach = HeightIndex.units(viewportSize.height)
    var k = heights.index.lastUnmeasuredItem(through: center)
    // The target's start is read again after every row measured above it: rows that shrank bring
    // rows further up within the viewport's reach (a start read once left them unmeasured, and a
    // bottom-anchored table then opened short of its end when they grew on screen).
    while let item = k, heights.index.offset(ofItem: center) - heights.index.offset(ofItem: item) <= reach {
      let info = heights.index.info(ofItem: item)
      heights.index.setHeight(
        ofItem: item, units: measuredUnits(forItem: item, info: info, keepCell: false), measured: true)
      k = item > 0 ? heights.index.lastUnmeasuredItem(through: item - 1) : nil
    }
    k = heights.index.firstUnmeasuredItem(from: center + 1)
    let centerStart = heights.index.offset(ofItem: center)
    while let item = k, heights.index.offset(ofItem: item) - centerStart <= reach {
      let info = heights.index.info(ofItem: item)
      heights.index.setHeight(
        ofItem: item, units: measuredUnits(forItem: item, info: info, keepCell: false), measured: true)
      k = heights.index.firstUnmeasuredItem(from: item + 1)
    }
    pass.framesDirty = true
  }

  // MARK: Dragging and flinging (points in the table's own coordinates)

  /// A drag began with the finger at `y`.
  @_spi(Backend) public func beginDragging(at y: Double) {
    guard let y = Sanitize.coordinate(y) else {
      return report(TableViewError(.invalidArgument, "beginDragging(at: \(y)): not finite; ignored"))
    }
    // The press ends first (it may settle content held past an edge), then whatever moves
    // stops: a bounce started by the press must not pull the content under the finger.
    touchCancelled()
    interruptAnimation()
    scroll.beginDrag(touch: y, bounds: scrollBounds)
  }

  /// Springs back to the nearest edge when a touch ends with the content held past it (a press
  /// caught a bounce and did not drag), as UIScrollView does; nothing otherwise.
  func settleIfPastEdge() {
    scroll.settle(bounds: scrollBounds, now: animationTime)
  }

  /// The finger moved to `y`: the content follows, stretching with resistance past an edge.
  /// - Complexity: one layout pass (see ``layoutIfNeeded()``).
  @_spi(Backend) public func drag(to y: Double) {
    guard scroll.isDragging else { return }
    guard let y = Sanitize.coordinate(y) else {
      return report(TableViewError(.invalidArgument, "drag(to: \(y)): not finite; ignored"))
    }
    setContentOffsetNow(Point(x: scroll.offset.x, y: scroll.drag(to: y, bounds: scrollBounds)))
  }

  /// The finger lifted with `velocity` (points per second, positive scrolls the content up, i.e.
  /// towards larger offsets): decelerate, or bounce back if past an edge.
  @_spi(Backend) public func endDragging(velocity: Double) {
    guard scroll.isDragging else { return }
    let velocity = Sanitize.velocity(velocity) ?? 0
    // An animation started during the drag (an animated scroll asked meanwhile) ends here: its
    // completion hears `false`.
    interruptAnimation()
    // Pulled past the top by the refresh control's height: it refreshes, and the bounce below
    // settles with the indicator showing (the bounds now make room for it).
    if let control = refreshControl, !control.isRefreshing, rowSpace.isBounded,
      scroll.offset.y <= scrollBounds.minimum - control.height
    {
      control.pulled()
    }
    switch scroll.endDrag(velocity: velocity, rate: decelerationRate, bounds: scrollBounds, now: animationTime) {
    case .bounce:
      delegate?.tableViewDidEndDragging(self, willDecelerate: true)
    case .release(let release):
      // UIScrollView's scrollViewWillEndDragging: the delegate may move where the fling ends. A
      // target inside the content is reached exactly (the velocity is chosen for it); one past an
      // edge decelerates into the edge and bounces.
      var target = release.target
      delegate?.tableViewWillEndDragging(self, velocity: velocity, targetContentOffset: &target)
      let decision = scroll.release(
        release, target: target, rate: decelerationRate, bounds: scrollBounds, now: animationTime)
      delegate?.tableViewDidEndDragging(self, willDecelerate: decision.willDecelerate)
    }
  }

  /// Where a fling at `velocity` from the current offset would come to rest (before clamping).
  @_spi(Backend) public func projectedOffset(velocity: Double) -> Double {
    scroll.offset.y + ScrollPhysics.projectedDistance(velocity: velocity, rate: decelerationRate)
  }

  /// Advances the running animations (a scroll's, an update's) to the clock's time and lays out.
  /// Returns whether an animation is still running.
  /// - Complexity: one layout pass (see ``layoutIfNeeded()``); an animated scroll with estimated
  ///   heights may also measure rows around its target, as ``scrollToRow(at:at:animated:completion:)``.
  @discardableResult
  @_spi(Backend) public func tick() -> Bool {
    let scrolling = tickScroll()
    let updating = tickUpdateAnimations()
    // The clock is read only when a swipe settles (a frame without one costs nothing more).
    let swiping = editing.swipe.settle != nil && editing.tickSwipe(now: animationTime)
    let reordering = tickReorder()
    return scrolling || updating || swiping || reordering
  }

  /// Advances the running scroll animation; returns whether it still runs.
  func tickScroll() -> Bool {
    guard let animation = scroll.animation else { return false }
    guard clock.now.isFinite else {
      // No time to advance by: the animation stops where it is, within the content.
      report(TableViewError(.invalidArgument, "the clock's time \(clock.now) is not finite; the animation stops"))
      interruptAnimation()
      setContentOffsetNow(Point(x: scroll.offset.x, y: clampedOffset(scroll.offset.y)))
      return false
    }
    let now = animationTime
    // Read outside any access to `scroll`: the target reads the table and may measure rows.
    let scrollTarget = animation.scrollTarget?()
    let step = scroll.tick(now: now, bounds: scrollBounds, scrollTarget: scrollTarget)
    if let y = step.offset { setContentOffsetNow(Point(x: scroll.offset.x, y: y)) }
    if let refine = step.refine {
      // Measuring at the destination may refine the target once more.
      let refined = refine()
      if refined != scroll.offset.y { setContentOffsetNow(Point(x: scroll.offset.x, y: refined)) }
    }
    if let event = step.event { deliver(event) }
    return scroll.animation != nil
  }

  /// Calls what `event` asks for: an animated scroll's completion, the delegate.
  func deliver(_ event: ScrollEvent) {
    switch event {
    case .scrollAnimationEnded(let finished, let completion):
      completion?(finished)
      if finished { delegate?.tableViewDidEndScrollingAnimation(self) }
    case .decelerationEnded:
      delegate?.tableViewDidEndDecelerating(self)
    }
  }

  /// Stops the running animation where it is; an animated scroll's completion gets `false`.
  func interruptAnimation() {
    if let event = scroll.stopAnimation() { deliver(event) }
  }

  /// Stops any animation or deceleration where it is.
  public func stopScrolling() { interruptAnimation() }
}

extension TableView {
  /// How far the content is pulled past the top towards a refresh: 0 at rest, 1 from the refresh
  /// control's height on (and while it refreshes); 0 without a control. Backends draw the
  /// indicator from ``refreshIndicator``, which says where the pull is.
  var refreshPullProgress: Double {
    guard let control = refreshControl, rowSpace.isBounded else { return 0 }
    if control.isRefreshing { return 1 }
    return min(1, max(0, (scrollBounds.minimum - scroll.offset.y) / control.height))
  }

  /// A refresh ended: content resting below the indicator slides back up (unless a finger holds it).
  func refreshEnded() {
    geometryChanged()
    guard !scroll.isDragging, scroll.offset.y < minimumContentOffsetY else { return }
    setContentOffset(Point(x: scroll.offset.x, y: minimumContentOffsetY), animated: true)
  }
}
