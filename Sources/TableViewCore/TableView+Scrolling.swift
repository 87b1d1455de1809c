// What UIScrollView gives UITableView, headless: clamped offsets, animated scrolls with a
// completion handler, kinetic deceleration after a fling, and rubber-band bounce at the edges.
// Time comes from the injected clock; a backend calls `tick()` once per frame while
// `isAnimating` is true and stops drawing when it is false.

/// A running scroll animation.
enum ScrollAnimation {
  /// An animated `setContentOffset`/`scrollToRow`: eases from `from` to the target, which is
  /// recomputed every frame (so a row measured mid-flight is still landed on exactly).
  case scroll(from: Double, target: () -> Double, start: Double, duration: Double, completion: ((Bool) -> Void)?)
  /// Kinetic deceleration after a fling; with a `target`, the velocity was chosen to end exactly
  /// there (a picker row) and the last frame lands on it.
  /// `rate` is the deceleration rate (velocity multiplied by it every millisecond).
  case decelerate(from: Double, velocity: Double, rate: Double, start: Double, target: Double?)
  /// Springing back from past an edge to `to`.
  case bounce(from: Double, to: Double, start: Double, duration: Double)
}

extension TableView {
  /// The smallest offset scrolling settles at (the top inset above the content).
  public var minimumContentOffsetY: Double {
    if isLooping { return -.infinity }
    return scrollLimits?.lowerBound ?? -contentInset.top
  }

  /// The largest offset scrolling settles at.
  public var maximumContentOffsetY: Double {
    if isLooping { return .infinity }
    if let limits = scrollLimits { return limits.upperBound }
    return max(minimumContentOffsetY, contentSize.height + contentInset.bottom - viewportSize.height)
  }

  func clampedOffset(_ y: Double) -> Double {
    isLooping ? y : min(max(y, minimumContentOffsetY), maximumContentOffsetY)
  }

  /// Whether an animation or deceleration is running (call `tick()` each frame while it is).
  public var isAnimating: Bool { scroll.animation != nil }

  /// Whether a finger is dragging the content.
  public var isTracking: Bool { scroll.isDragging }

  /// Moves by `delta` points (a wheel or a key), clamped to the content, stopping any animation.
  /// - Complexity: one layout pass (see ``layoutIfNeeded()``).
  public func scroll(by delta: Double) {
    guard !delta.isNaN else { return report(TableViewError(.invalidArgument, "scroll(by: NaN); ignored")) }
    finishAnimation(finished: false)
    setContentOffsetNow(Point(x: scroll.offset.x, y: clampedOffset(scroll.offset.y + delta)))
  }

  /// Starts a kinetic deceleration from the current offset at `velocity` (points per second, positive
  /// towards larger offsets), as after a fling: a touchpad's lift-off, or a benchmark's fling. Past an
  /// edge it bounces (when `bounces`). Any running animation stops first, so a velocity under
  /// `ScrollPhysics.stopVelocity` just stops the content, as fingers resting on a touchpad do.
  public func decelerate(velocity: Double) {
    finishAnimation(finished: false)
    guard let velocity = Sanitize.velocity(velocity) else {
      return report(TableViewError(.invalidArgument, "decelerate(velocity: \(velocity)): not finite; ignored"))
    }
    guard abs(velocity) > ScrollPhysics.stopVelocity else { return }
    scroll.animation = .decelerate(
      from: scroll.offset.y, velocity: velocity, rate: decelerationRate, start: clock.now, target: nil)
  }

  /// Scrolls by `delta` points with a short deceleration that lands exactly `delta` further than where
  /// the running one was going (a mouse wheel's notch: notches in quick succession add up, and the
  /// content glides rather than jumps). Clamped to the content.
  public func scrollSmoothly(by delta: Double) {
    guard !delta.isNaN else { return report(TableViewError(.invalidArgument, "scrollSmoothly(by: NaN); ignored")) }
    let delta = min(max(delta, -Sanitize.maximumCoordinate), Sanitize.maximumCoordinate)
    var from = scroll.offset.y
    if case .decelerate(_, _, _, _, let target?) = scroll.animation { from = target }
    let target = clampedOffset(from + delta)
    finishAnimation(finished: false)
    let distance = target - scroll.offset.y
    guard abs(distance) > 1e-9 else { return }
    let rate = wheelDecelerationRate
    let velocity = ScrollPhysics.velocity(forDistance: distance, rate: rate)
    scroll.animation = .decelerate(
      from: scroll.offset.y, velocity: velocity, rate: rate, start: clock.now, target: target)
  }

  /// The deceleration rate of `scrollSmoothly(by:)`: fast, so that a notch covers most of its
  /// distance in the first fifth of a second and lands within half a second.
  public var wheelDecelerationRate: Double { ScrollPhysics.fastDecelerationRate }

  /// Sets the offset, optionally animated; `completion` runs when it arrives (`true`) or is
  /// interrupted (`false`) — the callback UIScrollView lacks.
  /// - Complexity: O(1) when animated (each frame's `tick()` lays out); otherwise one layout pass
  ///   (see ``layoutIfNeeded()``).
  public func setContentOffset(_ offset: Point, animated: Bool, completion: ((Bool) -> Void)? = nil) {
    finishAnimation(finished: false)
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
    scroll.animation = .scroll(
      from: scroll.offset.y, target: { y }, start: clock.now, duration: scrollAnimationDuration,
      completion: completion)
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
    finishAnimation(finished: false)
    let target = { [unowned self] in self.offsetToShow(indexPath, at: position) }
    guard animated else {
      setContentOffsetNow(Point(x: scroll.offset.x, y: target()))
      // Measuring at the destination may refine the target once more.
      let refined = target()
      if refined != scroll.offset.y { setContentOffsetNow(Point(x: scroll.offset.x, y: refined)) }
      completion?(true)
      return
    }
    scroll.animation = .scroll(
      from: scroll.offset.y, target: target, start: clock.now, duration: scrollAnimationDuration,
      completion: completion)
  }

  /// The offset that puts `path` at `position`, clamped; measures around the row first when
  /// heights are estimated.
  func offsetToShow(_ path: IndexPath, at position: ScrollPosition) -> Double {
    guard isValid(path) else { return scroll.offset.y }
    if heights.usesEstimates, heights.index.unmeasuredRowCount > 0 { measureAround(path) }
    if isLooping {
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

  /// Measures unmeasured rows from a viewport above `path` to a viewport below it.
  func measureAround(_ path: IndexPath) {
    let center = heights.index.itemIndex(of: path)
    let centerStart = heights.index.offset(ofItem: center)
    let reach = HeightIndex.units(viewportSize.height)
    var k = heights.index.lastUnmeasuredItem(through: center)
    while let item = k, centerStart - heights.index.offset(ofItem: item) <= reach {
      let info = heights.index.info(ofItem: item)
      heights.index.setHeight(
        ofItem: item, units: measuredUnits(forItem: item, info: info, keepCell: false), measured: true)
      k = item > 0 ? heights.index.lastUnmeasuredItem(through: item - 1) : nil
    }
    k = heights.index.firstUnmeasuredItem(from: center + 1)
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
  public func beginDragging(at y: Double) {
    guard let y = Sanitize.coordinate(y) else {
      return report(TableViewError(.invalidArgument, "beginDragging(at: \(y)): not finite; ignored"))
    }
    finishAnimation(finished: false)
    touchCancelled()
    scroll.isDragging = true
    scroll.dragOrigin = ScrollState.DragOrigin(touch: y, offset: unstretchedOffset(scroll.offset.y))
  }

  /// The offset a drag would have to reach for the rubber band to show `y`: `y` itself within the
  /// content. Past an edge (a press caught a bounce) the drag starts from there, so the content does
  /// not jump under the finger.
  func unstretchedOffset(_ y: Double) -> Double {
    guard bounces, !isLooping else { return y }
    let edge = clampedOffset(y)
    guard y != edge else { return y }
    return edge + ScrollPhysics.overshoot(rubberBanded: y - edge, dimension: viewportSize.height)
  }

  /// Springs back to the nearest edge when a touch ends with the content held past it (a press
  /// caught a bounce and did not drag), as UIScrollView does; nothing otherwise.
  func settleIfPastEdge() {
    guard !scroll.isDragging, scroll.animation == nil, !isLooping else { return }
    let y = scroll.offset.y
    let edge = clampedOffset(y)
    guard y != edge else { return }
    scroll.animation = .bounce(from: y, to: edge, start: clock.now, duration: 0.4)
  }

  /// The finger moved to `y`: the content follows, stretching with resistance past an edge.
  /// - Complexity: one layout pass (see ``layoutIfNeeded()``).
  public func drag(to y: Double) {
    guard scroll.isDragging else { return }
    guard let y = Sanitize.coordinate(y) else {
      return report(TableViewError(.invalidArgument, "drag(to: \(y)): not finite; ignored"))
    }
    let raw = scroll.dragOrigin.offset - (y - scroll.dragOrigin.touch)
    var offset = raw
    if isLooping {
      offset = raw
    } else if bounces {
      if raw < minimumContentOffsetY {
        offset =
          minimumContentOffsetY
          + ScrollPhysics.rubberBand(overshoot: raw - minimumContentOffsetY, dimension: viewportSize.height)
      } else if raw > maximumContentOffsetY {
        offset =
          maximumContentOffsetY
          + ScrollPhysics.rubberBand(overshoot: raw - maximumContentOffsetY, dimension: viewportSize.height)
      }
    } else {
      offset = clampedOffset(raw)
    }
    setContentOffsetNow(Point(x: scroll.offset.x, y: offset))
  }

  /// The finger lifted with `velocity` (points per second, positive scrolls the content up, i.e.
  /// towards larger offsets): decelerate, or bounce back if past an edge.
  public func endDragging(velocity: Double) {
    guard scroll.isDragging else { return }
    let velocity = Sanitize.velocity(velocity) ?? 0
    scroll.isDragging = false
    let y = scroll.offset.y
    if y < minimumContentOffsetY || y > maximumContentOffsetY {
      scroll.animation = .bounce(from: y, to: clampedOffset(y), start: clock.now, duration: 0.4)
      delegate?.tableViewDidEndDragging(self, willDecelerate: true)
      return
    }
    // UIScrollView's scrollViewWillEndDragging: the delegate may move where the fling ends. A
    // target inside the content is reached exactly (the velocity is chosen for it); one past an
    // edge decelerates into the edge and bounces.
    let flinging = abs(velocity) > ScrollPhysics.stopVelocity
    let projected = flinging ? projectedOffset(velocity: velocity) : y
    var target = projected
    delegate?.tableViewWillEndDragging(self, velocity: velocity, targetContentOffset: &target)
    if target >= minimumContentOffsetY && target <= maximumContentOffsetY {
      let distance = target - y
      guard abs(distance) > 1e-9 else {
        delegate?.tableViewDidEndDragging(self, willDecelerate: false)
        return
      }
      let v = ScrollPhysics.velocity(forDistance: distance, rate: decelerationRate)
      scroll.animation = .decelerate(from: y, velocity: v, rate: decelerationRate, start: clock.now, target: target)
      delegate?.tableViewDidEndDragging(self, willDecelerate: true)
    } else if flinging {
      scroll.animation = .decelerate(from: y, velocity: velocity, rate: decelerationRate, start: clock.now, target: nil)
      delegate?.tableViewDidEndDragging(self, willDecelerate: true)
    } else {
      delegate?.tableViewDidEndDragging(self, willDecelerate: false)
    }
  }

  /// Where a fling at `velocity` from the current offset would come to rest (before clamping).
  public func projectedOffset(velocity: Double) -> Double {
    scroll.offset.y + ScrollPhysics.projectedDistance(velocity: velocity, rate: decelerationRate)
  }

  /// Advances the running animation to the clock's time and lays out. Returns whether an
  /// animation is still running.
  /// - Complexity: one layout pass (see ``layoutIfNeeded()``); an animated scroll with estimated
  ///   heights may also measure rows around its target, as ``scrollToRow(at:at:animated:completion:)``.
  @discardableResult
  public func tick() -> Bool {
    guard let current = scroll.animation else { return false }
    let now = clock.now
    switch current {
    case .scroll(let from, let target, let start, let duration, let completion):
      let t = duration > 0 ? (now - start) / duration : 1
      let to = target()
      if t >= 1 {
        scroll.animation = nil
        setContentOffsetNow(Point(x: scroll.offset.x, y: to))
        let refined = target()
        if refined != scroll.offset.y { setContentOffsetNow(Point(x: scroll.offset.x, y: refined)) }
        completion?(true)
        delegate?.tableViewDidEndScrollingAnimation(self)
      } else {
        setContentOffsetNow(Point(x: scroll.offset.x, y: from + (to - from) * ScrollPhysics.easeInOut(t)))
      }
    case .decelerate(let from, let velocity, let rate, let start, let target):
      let t = now - start
      let y = from + ScrollPhysics.decelerationDistance(velocity: velocity, rate: rate, at: t)
      let v = ScrollPhysics.decelerationVelocity(velocity: velocity, rate: rate, at: t)
      if let target, abs(v) <= ScrollPhysics.stopVelocity {
        // The remaining distance is under UIKit's stop threshold: land exactly on the target
        // (or on the edge, when rows measured on the way shortened the content below it).
        scroll.animation = nil
        setContentOffsetNow(Point(x: scroll.offset.x, y: clampedOffset(target)))
        delegate?.tableViewDidEndDecelerating(self)
      } else if target == nil, y < minimumContentOffsetY || y > maximumContentOffsetY {
        let edge = clampedOffset(y)
        if bounces {
          // Overshoot a little with the remaining speed, then spring back.
          let overshoot = ScrollPhysics.rubberBand(overshoot: v * 0.05, dimension: viewportSize.height)
          setContentOffsetNow(Point(x: scroll.offset.x, y: edge + overshoot))
          scroll.animation = .bounce(from: edge + overshoot, to: edge, start: now, duration: 0.4)
        } else {
          scroll.animation = nil
          setContentOffsetNow(Point(x: scroll.offset.x, y: edge))
        }
      } else if abs(v) <= ScrollPhysics.stopVelocity {
        scroll.animation = nil
        setContentOffsetNow(Point(x: scroll.offset.x, y: y))
        delegate?.tableViewDidEndDecelerating(self)
      } else {
        setContentOffsetNow(Point(x: scroll.offset.x, y: y))
      }
    case .bounce(let from, let to, let start, let duration):
      let t = (now - start) / duration
      if t >= 1 {
        // The edge may have moved since the bounce began (rows measured on the way).
        scroll.animation = nil
        setContentOffsetNow(Point(x: scroll.offset.x, y: clampedOffset(to)))
        delegate?.tableViewDidEndDecelerating(self)
      } else {
        setContentOffsetNow(Point(x: scroll.offset.x, y: from + (to - from) * ScrollPhysics.easeOut(t)))
      }
    }
    return scroll.animation != nil
  }

  /// Stops the running animation where it is; an animated scroll's completion gets `finished`.
  func finishAnimation(finished: Bool) {
    guard let current = scroll.animation else { return }
    scroll.animation = nil
    if case .scroll(_, _, _, _, let completion) = current { completion?(finished) }
  }

  /// Stops any animation or deceleration where it is.
  public func stopScrolling() { finishAnimation(finished: false) }
}
