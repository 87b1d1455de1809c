// Edit mode and swipe actions (UIKit's names): the rules live here, once; backends draw the
// controls and the revealed actions, and turn gestures and keys into these calls.

extension TableView {
  // MARK: Edit mode

  /// Whether the table is in edit mode (UIKit's `isEditing`): cells show their editing controls.
  /// Setting it is `setEditing(_:animated: false)`.
  public var isEditing: Bool {
    get { editing.isEditing }
    set { setEditing(newValue, animated: false) }
  }

  /// Enters or leaves edit mode: a swiped row closes, and every cell on screen is told
  /// (`setEditing(_:animated:)`; cells shown later are told when they show).
  /// - Complexity: O(visible)
  public func setEditing(_ editing: Bool, animated: Bool) {
    guard editing != self.editing.isEditing else { return }
    closeSwipe(animated: false)
    self.editing.isEditing = editing
    for entry in visible.rows { entry.view.setEditing(editing, animated: animated) }
    showEditingControls()
    // The cells' content is narrower (or wider again) with the controls: as UIKit's cells, the
    // rows on screen are measured again, and with `animated` glide to their new heights (the
    // empty update of UIKit's beginUpdates/endUpdates). A data source whose counts changed untold
    // makes that update fail; the rows then keep their heights until the next update or reload.
    if !pass.needsReload { try? performBatchUpdates { _ in } }
  }

  /// Tells the view of a row on screen which editing control it shows (see
  /// ``ReusableView/setEditingControl(_:canMove:)``): the app is asked here, when the row comes on
  /// screen in edit mode, when edit mode starts and after updates, not on every frame.
  func showEditingControl(of view: any ReusableView, at path: IndexPath) {
    guard editing.isEditing else { return }
    view.setEditingControl(editingStyle(forRowAt: path), canMove: canMoveRow(at: path))
  }

  /// Tells every row on screen its editing control (in edit mode).
  /// - Complexity: O(visible) calls to the app.
  func showEditingControls() {
    guard editing.isEditing else { return }
    for entry in visible.rows { showEditingControl(of: entry.view, at: entry.indexPath) }
  }

  /// The editing control of the row: the delegate's style, or `.none` when the data source says
  /// the row cannot be edited or the row does not exist, and in edit mode with
  /// ``allowsMultipleSelectionDuringEditing`` (rows are selected then, as UIKit's, which does not
  /// ask for editing styles in that mode).
  @_spi(Backend) public func editingStyle(forRowAt indexPath: IndexPath) -> EditingStyle {
    guard isValid(indexPath), let dataSource else { return .none }
    if editing.isEditing, allowsMultipleSelectionDuringEditing { return .none }
    guard askingDataSource({ dataSource.tableView(self, canEditRowAt: indexPath) }) else { return .none }
    return askingDataSource { delegate?.tableView(self, editingStyleForRowAt: indexPath) ?? .delete }
  }

  /// The user activated the row's editing control (⊖ or ⊕): the data source commits it.
  /// - Throws: `.indexOutOfRange` for a row that does not exist.
  @_spi(Backend) public func commitEditingStyle(forRowAt indexPath: IndexPath) throws(TableViewError) {
    try check(indexPath, "commitEditingStyle(forRowAt:)")
    let style = editingStyle(forRowAt: indexPath)
    guard style != .none, let dataSource else { return }
    dataSource.tableView(self, commit: style, forRowAt: indexPath)
  }

  // MARK: Swipe actions

  /// UIKit's default trailing swipe actions: a destructive "Delete" that commits `.delete` through
  /// the data source, when it commits editing styles and the row's editing style is `.delete`.
  func defaultTrailingSwipeActions(forRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
    guard let dataSource, askingDataSource({ dataSource.commitsEditingStyle }),
      editingStyle(forRowAt: indexPath) == .delete
    else {
      return nil
    }
    let delete = ContextualAction(style: .destructive, title: "Delete") { [weak self] _, done in
      // The swiped row now: updates since the swipe began may have moved it.
      guard let self, let row = self.editing.swipe.row else { return done(false) }
      try? self.commitEditingStyle(forRowAt: row)
      done(true)
    }
    return SwipeActionsConfiguration(actions: [delete])
  }

  /// The row swiped open (or being swiped), if any.
  public var swipedRow: IndexPath? { editing.swipe.row }

  /// How far the swiped row's content is pulled aside now (positive: to the right, revealing the
  /// leading actions).
  @_spi(Backend) public var swipeOffset: Double { editing.swipe.currentOffset(at: animationTime) }

  /// A finger starts dragging `indexPath` sideways. Another swiped row closes. Returns whether the
  /// row has actions to reveal (false in edit mode, for a row that cannot be edited, or without
  /// actions). The trailing actions are the delegate's, or, when it gives none (`nil`), UIKit's
  /// default Delete when the data source commits editing styles (see
  /// ``TableViewDataSource/commitsEditingStyle``).
  @discardableResult
  @_spi(Backend) public func beginSwipe(at indexPath: IndexPath) -> Bool {
    if let row = editing.swipe.row, row != indexPath { closeSwipe(animated: false) }
    guard let (leading, trailing) = swipeActions(forRowAt: indexPath) else { return false }
    editing.beginSwipe(
      row: indexPath, leading: leading?.actions ?? [], trailing: trailing?.actions ?? [],
      leadingFullSwipe: leading?.performsFirstActionWithFullSwipe ?? false,
      trailingFullSwipe: trailing?.performsFirstActionWithFullSwipe ?? false, width: { width(of: $0) },
      now: animationTime)
    return true
  }

  /// A key opens `indexPath` on its trailing (or leading) actions, as a swipe let go on them would, the first
  /// action chosen (``focusedSwipeAction``). Another swiped row closes. Returns whether the row opened: `false`
  /// in edit mode, for a row that cannot be edited, or without actions on that side.
  func openSwipe(at indexPath: IndexPath, trailing opensTrailing: Bool) -> Bool {
    guard let (leading, trailing) = swipeActions(forRowAt: indexPath) else { return false }
    let side = opensTrailing ? trailing : leading
    guard !(side?.actions.isEmpty ?? true) else { return false }
    if let row = editing.swipe.row, row != indexPath { closeSwipe(animated: false) }
    let opened = editing.openSwipe(
      row: indexPath, edge: opensTrailing ? .trailing : .leading, leading: leading?.actions ?? [],
      trailing: trailing?.actions ?? [], leadingFullSwipe: leading?.performsFirstActionWithFullSwipe ?? false,
      trailingFullSwipe: trailing?.performsFirstActionWithFullSwipe ?? false, width: { width(of: $0) },
      now: animationTime)
    if opened { host?.animationsDidStart() }
    return opened
  }

  /// The swipe actions the delegate gives `indexPath` on each side (the trailing side UIKit's default Delete
  /// when it gives none), or `nil` when the row cannot be swiped (edit mode, a row that cannot be edited, no
  /// actions on either side).
  private func swipeActions(
    forRowAt indexPath: IndexPath
  ) -> (leading: SwipeActionsConfiguration?, trailing: SwipeActionsConfiguration?)? {
    guard !editing.isEditing, isValid(indexPath), let dataSource,
      askingDataSource({ dataSource.tableView(self, canEditRowAt: indexPath) })
    else { return nil }
    let leading = askingDataSource { delegate?.tableView(self, leadingSwipeActionsConfigurationForRowAt: indexPath) }
    let trailing =
      askingDataSource { delegate?.tableView(self, trailingSwipeActionsConfigurationForRowAt: indexPath) }
      ?? defaultTrailingSwipeActions(forRowAt: indexPath)
    guard !(leading?.actions.isEmpty ?? true) || !(trailing?.actions.isEmpty ?? true) else { return nil }
    return (leading, trailing)
  }

  /// The action of the swiped row the keys have chosen (0 nearest the revealed edge): the one
  /// ``TableCommand/activate`` performs. `nil` when no row is open or a pointer opened it and no key has
  /// chosen yet.
  @_spi(Backend) public var focusedSwipeAction: Int? { editing.swipe.focusedAction }

  /// The finger moved `translation` points sideways since `beginSwipe(at:)` (positive: right).
  /// A translation that is not finite is ignored (reported).
  @_spi(Backend) public func updateSwipe(translation: Double) {
    guard editing.swipe.isTracking else { return }
    guard translation.isFinite else {
      return report(TableViewError(.invalidArgument, "updateSwipe(translation: \(translation)): not finite; ignored"))
    }
    editing.dragSwipe(translation: translation, rowWidth: viewportSize.width)
  }

  /// The finger lifted at `velocity` points a second: the row opens on its actions, closes, or,
  /// swiped far enough, performs its first action (and closes, unless the action deleted it).
  @_spi(Backend) public func endSwipe(velocity: Double) {
    let outcome = editing.releaseSwipe(velocity: velocity, rowWidth: viewportSize.width, now: animationTime)
    switch outcome {
    case nil:
      return
    case .close:
      if editing.swipe.settle != nil { host?.animationsDidStart() }
    case .open:
      host?.animationsDidStart()
    case .fullSwipe(let edge):
      performSwipeAction(0, edge: edge)
    }
  }

  /// Closes the swiped row (animated: it slides back on the table's clock).
  public func closeSwipe(animated: Bool) {
    if editing.closeSwipe(animated: animated, now: animationTime) { host?.animationsDidStart() }
  }

  /// Performs action `index` (0 nearest the edge) of the revealed side of the swiped row (a click
  /// on its button, or a key): its handler runs; the row closes when the handler completes.
  @_spi(Backend) public func performSwipeAction(_ index: Int) {
    guard let edge = editing.swipe.revealedEdge else { return }
    performSwipeAction(index, edge: edge)
  }

  func performSwipeAction(_ index: Int, edge: SwipeState.Edge) {
    let actions = editing.actions(edge)
    guard actions.indices.contains(index), let row = editing.swipe.row else { return }
    let action = actions[index]
    action.handler(action) { [weak self] _ in
      // The row may be gone (a delete): then the swipe went with it.
      guard let self, self.editing.swipe.row == row else { return }
      self.closeSwipe(animated: true)
    }
  }

  /// The revealed actions of the swiped row and where each is, in content coordinates (the first
  /// action nearest the edge; together they fill the revealed strip).
  /// - Complexity: O(actions + log n)
  @_spi(Backend) public var revealedSwipeActions: [(action: ContextualAction, frame: Rect)] {
    guard let row = editing.swipe.row, let rect = try? rectForRow(at: row) else { return [] }
    let offset = swipeOffset
    guard offset != 0 else { return [] }
    let actions = editing.actions(offset > 0 ? .leading : .trailing)
    let total = actions.reduce(0) { $0 + width(of: $1) }
    // The revealed strip is |offset| wide; each action takes its share of it.
    let scale = total > 0 ? abs(offset) / total : 0
    var result: [(action: ContextualAction, frame: Rect)] = []
    var x = offset > 0 ? rect.minX : rect.maxX
    for action in actions {
      let w = width(of: action) * scale
      if offset > 0 {
        result.append((action, Rect(x: x, y: rect.minY, width: w, height: rect.height)))
        x += w
      } else {
        x -= w
        result.append((action, Rect(x: x, y: rect.minY, width: w, height: rect.height)))
      }
    }
    return result
  }

  func width(of action: ContextualAction) -> Double {
    let width = action.preferredWidth ?? swipeActionWidth
    return width.isFinite && width > 0 ? width : 0
  }
}
