// The draw list (see DrawList): what the backend draws this frame, in what order, where and how opaque. The
// one place that decides the drawing order; both backends draw it as it is.

extension TableView {
  /// What to draw this frame, back to front: see ``DrawList``. Ask once a frame, after ``tick()`` and the
  /// layout; it is computed on each call.
  /// - Complexity: O(visible + sections on screen + swipe actions); O(log n) more while a row is held or swiped.
  @_spi(Backend) public var drawList: DrawList {
    var list = DrawList()
    let moving = isAnimatingUpdates || editing.swipe.row != nil || editing.isReordering
    list.isMoving = moving
    list.items.reserveCapacity(
      visible.rows.count + visible.headers.count + visible.footers.count + visible.inTransit.count
        + animations.departures.count + 4)
    func add(_ view: any ReusableView, _ layer: DrawList.Layer) {
      if moving {
        let presented = presentation(of: view)
        list.items.append(.init(content: .view(view), frame: presented.frame, alpha: presented.alpha, layer: layer))
      } else {
        list.items.append(.init(content: .view(view), frame: view.frame, layer: layer))
      }
    }
    if let indicator = refreshIndicator {
      let height = refreshControl?.height ?? 0
      let frame = Rect(x: 0, y: -height, width: viewportSize.width, height: height)
      list.items.append(.init(content: .refreshIndicator(indicator), frame: frame, layer: .refreshIndicator))
    }
    for departure in animations.departures { add(departure.view, .leaving) }
    for cell in visible.inTransit where cell.direction == .leaving { add(cell.view, .leaving) }
    if editing.swipe.row != nil {
      for (index, revealed) in revealedSwipeActions.enumerated() {
        list.items.append(
          .init(content: .swipeAction(revealed.action, index: index), frame: revealed.frame, layer: .swipeAction))
      }
    }
    if visible.tableHeaderShown, let header = tableHeaderView { add(header, .content) }
    let held = reorderingView
    for row in visible.rows where row.view !== held { add(row.view, .content) }
    for cell in visible.inTransit where cell.direction == .arriving { add(cell.view, .content) }
    if visible.tableFooterShown, let footer = tableFooterView { add(footer, .content) }
    for entry in visible.headers { if let view = entry.view { add(view, .supplement) } }
    for entry in visible.footers { if let view = entry.view { add(view, .supplement) } }
    if let held { add(held, .lifted) }
    return list
  }
}
