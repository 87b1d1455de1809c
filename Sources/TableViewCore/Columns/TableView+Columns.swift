// A multi-column table's columns, kept by the table: laid out for its width, their configuration a key of the
// rows' heights beside the width (a column resized is a width switch for the rows), and a new sort told to the
// delegate.

extension TableView {
  /// The columns of a multi-column table and their state (``ColumnState``: the layout, the sideways offset, the
  /// column the keyboard is on, the sort), or `nil` (the default) for a table of one column. AppKit's
  /// `NSTableView` keeps its `tableColumns` the same way.
  ///
  /// Change it in place with the state's own rules; the table follows:
  ///
  ///     table.columnState = ColumnState(columns: columns, viewportWidth: 0, frozenColumnCount: 1)
  ///     table.columnState?.resizeColumn(2, toScreenX: x)   // a divider dragged
  ///     table.columnState?.clickTitle(ofColumn: 1)          // the delegate hears sortDescriptorsDidChange
  ///
  /// - The columns are laid out for the table's width: ``viewportSize`` sets the state's viewport width, whatever
  ///   width the state was made with.
  /// - Rows whose height depends on their columns' widths (a cell wrapping each column's text) are measured for
  ///   the columns' *configuration* (each column's width rule, the hidden ones): a change of it — a column resized,
  ///   hidden or shown — is a switch of the rows' heights, as a new width is. The row being read stays where it is
  ///   on screen (the content anchor with ``maintainsVisibleContentPosition``; a bottom-anchored table at the end
  ///   stays at the end), the rows coming on screen are measured for the new columns, and the heights of the
  ///   configuration left are kept: going back to it (a resize undone) measures nothing again. At most
  ///   ``widthCacheLimit`` − 1 configurations are kept besides the current one, every width's heights each, the
  ///   least recently used forgotten; tables with exact heights keep none (their heights are asked again).
  /// - A row measured for another width (``expectedWidths``) is measured with the columns laid out for that width:
  ///   a cell reads ``measuringColumnLayout``.
  /// - New sort descriptors (``ColumnState/clickTitle(ofColumn:)``, ``ColumnState/setSortDescriptors(_:)``) are
  ///   told to the delegate (``TableViewDelegate/tableView(_:sortDescriptorsDidChange:)``), which sorts the data and
  ///   reloads; the table does not reorder rows itself.
  /// - The sideways offset and the column the keyboard is on change nothing of the rows: a backend draws them.
  /// - Complexity: a change in place costs O(1) besides the state's own rule, but for a change of the columns'
  ///   configuration: O(c) for c columns, and a switch of heights (as a new width: O(sections), or O(rows) with
  ///   exact heights, when none are kept for it) and a layout pass.
  public var columnState: ColumnState? {
    _read { yield columns.state }
    _modify {
      yield &columns.state
      // Stamps, not the columns themselves: a sideways step retains and compares nothing.
      // (Without a state the width differs from nil: the check below finds nothing to do.)
      if columns.state?.configurationStamp != columns.followedConfiguration
        || columns.state?.sortStamp != columns.followedSort
        || columns.state?.layout.viewportWidth != ColumnLayout.sanitized(viewportSize.width)
      {
        columnStateDidChange()
      }
    }
  }

  /// The columns laid out for ``measuringWidth``: the state's layout, or while the idle precompute measures a row
  /// for another width (``expectedWidths``), the same columns laid out for that width. A cell whose height depends
  /// on its columns' widths is configured with this one. `nil` without ``columnState``.
  /// - Complexity: O(1), or O(c log c) for c columns the first time for another width.
  public var measuringColumnLayout: ColumnLayout? {
    guard let state = columns.state else { return nil }
    let width = ColumnLayout.sanitized(measuringWidth)
    if state.layout.viewportWidth == width { return state.layout }
    if let layout = columns.layoutForMeasuring, layout.viewportWidth == width { return layout }
    let layout = ColumnLayout(
      columns: state.columns, viewportWidth: width, frozenColumnCount: state.frozenColumnCount,
      fittingWidths: state.fittingWidths, granularity: state.granularity)
    columns.layoutForMeasuring = layout
    return layout
  }

  // MARK: Following the state

  /// After a change of the column state: laid out for the table's width, the rows' heights switched when the
  /// configuration changed, the delegate told of a new sort.
  private func columnStateDidChange() {
    if let width = columns.state?.layout.viewportWidth, width != ColumnLayout.sanitized(viewportSize.width) {
      columns.state!.setViewportWidth(viewportSize.width)
    }
    if columns.state?.configurationStamp != columns.followedConfiguration {
      columns.followedConfiguration = columns.state?.configurationStamp
      columns.layoutForMeasuring = nil
      columnConfigurationDidChange()
    }
    if columns.state?.sortStamp != columns.followedSort {
      columns.followedSort = columns.state?.sortStamp
      let old = columns.toldSortDescriptors
      columns.toldSortDescriptors = columns.state?.sortDescriptors ?? []
      if columns.toldSortDescriptors != old { delegate?.tableView(self, sortDescriptorsDidChange: old) }
    }
  }

  /// The table's width changed: the columns are laid out for it.
  func columnsViewportWidthDidChange() {
    columns.layoutForMeasuring = nil
    columns.state?.setViewportWidth(viewportSize.width)
  }

  /// Switches the rows' heights to those of the columns' new configuration, if it is new: kept from before, or every
  /// row at its estimate (asked again with exact heights), the row being read kept in place.
  private func columnConfigurationDidChange() {
    let configuration = columns.state.map(ColumnConfiguration.init)
    guard configuration != heights.columnConfiguration else { return }
    guard !pass.needsReload else {
      // The reload to come measures everything for the columns it finds.
      heights.columnConfiguration = configuration
      heights.forgetOtherColumnConfigurations()
      return
    }
    switchingHeights(viewportHeightBefore: viewportSize.height) {
      removeAllVisibleViews()
      let width = viewportSize.width
      let kept = heights.otherColumnConfigurations[configuration]
      let needsFresh = kept.map { $0.width != width && $0.otherWidths[width] == nil } ?? true
      let fresh = needsFresh ? rebuiltIndex() : nil
      heights.switchColumns(to: configuration, width: width, fresh: fresh, limit: widthCacheLimit)
      pass.framesDirty = true
    }
  }
}
