// The keyboard's commands: one meaning for every backend (TableCommand). A backend maps its keys to
// commands; what a command does depends only on the table's state, decided here.

extension TableView {
  /// The row the keyboard works on: the focused row, else the selected row.
  @_spi(Backend) public var commandRow: IndexPath? {
    focusedIndexPath ?? indexPathForSelectedRow
  }

  /// Whether the keyboard belongs to the table whatever the key: a row held for moving takes
  /// every key, one without a command too (it would select or scroll under the row elsewhere).
  @_spi(Backend) public var takesEveryKey: Bool { editing.reorder != nil }

  /// Performs a keyboard command (see ``TableCommand``).
  ///
  /// While a row is held for moving, the movement commands move it, ``TableCommand/activate`` and
  /// ``TableCommand/pickUpRow`` drop it, ``TableCommand/cancel`` puts it back, and every other
  /// command is taken and does nothing (it would select or scroll under the held row). A row held
  /// by a pointer follows the pointer: only ``TableCommand/cancel`` acts on it.
  ///
  /// - Returns: Whether the command was used (a backend passes an unused key on).
  @discardableResult
  public func perform(_ command: TableCommand) -> Bool {
    if let held = editing.reorder {
      return performWhileHolding(command, byPointer: held.hold != .keys)
    }
    switch command {
    case .moveFocus(let direction, let extending):
      moveFocus(direction, extendingSelection: extending)
    case .scrollPage(let direction, let fraction, let overlap, let extending):
      scrollPage(direction, fraction: fraction, overlap: overlap, extendingSelection: extending)
    case .scroll(let points):
      scroll(by: points)
    case .focusEdge(let edge):
      moveFocus(to: edge)
    case .focusSection(let direction):
      moveFocusToFirstRowOfSection(direction)
    case .activate:
      if let (chosen, edge) = openSwipeActionChoice {
        performSwipeAction(chosen, edge: edge)
      } else {
        activateFocusedRow()
      }
    case .cancel:
      if swipedRow != nil { closeSwipe(animated: true) } else { deselectAllRows() }
    case .commitEditingControl:
      guard isEditing, let row = commandRow, editingStyle(forRowAt: row) != .none else { return false }
      try? commitEditingStyle(forRowAt: row)
    case .pickUpRow:
      guard let row = commandRow, swipedRow == nil else { return false }
      return beginReorder(at: row)
    case .swipe(let direction):
      return swipe(direction)
    case .toggleSwipeActions:
      if editing.swipe.openEdge != nil {
        closeSwipe(animated: true)
      } else {
        guard let row = commandRow else { return false }
        return openSwipe(at: row, trailing: true)
      }
    case .focusSwipeAction(let direction):
      guard let edge = editing.swipe.openEdge else { return false }
      let count = editing.actions(edge).count
      guard count > 0 else { return false }
      editing.focusSwipeAction(((editing.swipe.focusedAction ?? 0) + direction.step + count) % count)
    }
    return true
  }

  /// A command while a row is held for moving.
  private func performWhileHolding(_ command: TableCommand, byPointer: Bool) -> Bool {
    if case .cancel = command {
      cancelReorder()
      return true
    }
    guard !byPointer else { return true }
    switch command {
    case .moveFocus(let direction, _): moveReorder(by: direction == .previous ? -1 : 1)
    case .scrollPage(let direction, _, _, _): moveReorder(by: direction == .up ? -10 : 10)
    case .activate, .pickUpRow: endReorder()
    default: break
    }
    return true
  }
}

extension TableView {
  /// The action `activate` performs now: the chosen one (the first when a pointer opened the row), while a row
  /// is open on its actions and no finger holds it.
  var openSwipeActionChoice: (index: Int, edge: SwipeState.Edge)? {
    guard let edge = editing.swipe.openEdge, !editing.swipe.isTracking else { return nil }
    return (editing.swipe.focusedAction ?? 0, edge)
  }

  /// A key pulls the focused row one step sideways (see ``TableCommand/swipe(_:)``).
  private func swipe(_ direction: SwipeDirection) -> Bool {
    guard let edge = editing.swipe.openEdge, !editing.swipe.isTracking else {
      guard let row = commandRow else { return false }
      return openSwipe(at: row, trailing: direction == .left)
    }
    // Trailing actions run from the right edge leftwards, leading ones from the left edge rightwards.
    let outward = (direction == .left) == (edge == .trailing)
    editing.focusSwipeAction((editing.swipe.focusedAction ?? 0) + (outward ? 1 : -1))
    return true
  }
}
