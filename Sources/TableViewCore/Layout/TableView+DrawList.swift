// The draw list (see DrawList): what the backend draws this frame, in what order, where and how opaque. The
// one place that decides the drawing order; both backends draw it as it is.

extension TableView {
  /// What to draw this frame, back to front: see ``DrawList``. Ask once a frame, after ``tick()`` and the
  /// layout; it is computed on each call.
  /// - Complexity: O(visible + sections on screen + swipe actions); O(log n) more while a row is held or swiped.
  @_spi(Backend) public var drawList: DrawList {
    // The items go into the table's buffer, taken out while it is filled so that it is not shared: a frame's
    // list allocates nothing once the buffer has grown (the backend has let go of the previous frame's).
    var items = drawItemsBuffer
    drawItemsBuffer = []
    items.removeAll(keepingCapacity: true)
    let moving = isAnimatingUpdates || editing.swipe.row != nil || editing.isReordering
    if let indicator = refreshIndicator {
      let height = refreshControl?.height ?? 0
      let frame = Rect(x: 0, y: -height, width: viewportSize.width, height: height)
      items.append(.init(content: .refreshIndicator(indicator), frame: frame, layer: .refreshIndicator))
    }
    if moving {
      for departure in animations.departures { appendDrawItem(departure.view, .leaving, moving: true, to: &items) }
      for cell in visible.inTransit where cell.direction == .leaving {
        appendDrawItem(cell.view, .leaving, moving: true, to: &items)
      }
      if editing.swipe.row != nil {
        for (index, revealed) in revealedSwipeActions.enumerated() {
          items.append(
            .init(content: .swipeAction(revealed.action, index: index), frame: revealed.frame, layer: .swipeAction))
        }
      }
    }
    if visible.tableHeaderShown, let header = tableHeaderView {
      appendDrawItem(header, .content, moving: moving, to: &items)
    }
    let held = editing.isReordering ? reorderingView : nil
    for row in visible.rows where held == nil || row.view !== held {
      appendDrawItem(row.view, .content, moving: moving, to: &items)
    }
    for cell in visible.inTransit where cell.direction == .arriving {
      appendDrawItem(cell.view, .content, moving: moving, to: &items)
    }
    if visible.tableFooterShown, let footer = tableFooterView {
      appendDrawItem(footer, .content, moving: moving, to: &items)
    }
    for entry in visible.headers {
      if let view = entry.view { appendDrawItem(view, .supplement, moving: moving, to: &items) }
    }
    for entry in visible.footers {
      if let view = entry.view { appendDrawItem(view, .supplement, moving: moving, to: &items) }
    }
    if let held { appendDrawItem(held, .lifted, moving: true, to: &items) }
    drawItemsBuffer = items
    var list = DrawList()
    list.items = items
    list.isMoving = moving
    return list
  }

  /// Appends `view` at its presentation (while anything moves) or its frame.
  @inline(__always)
  private func appendDrawItem(
    _ view: any ReusableView, _ layer: DrawList.Layer, moving: Bool, to items: inout [DrawList.Item]
  ) {
    if moving {
      let presented = presentation(of: view)
      items.append(.init(content: .view(view), frame: presented.frame, alpha: presented.alpha, layer: layer))
    } else {
      items.append(.init(content: .view(view), frame: view.frame, layer: layer))
    }
  }
}
