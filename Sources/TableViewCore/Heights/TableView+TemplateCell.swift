// Template-cell measurement (the seed article's `heightForCellWithIdentifier:indexPath:configuration:`)
// and the keyed height cache.
//
// The seed measures with one off-screen cell per identifier, configured by the caller, and keeps
// the height in a dictionary keyed by index path strings. Here the index-path cache is the
// table's height index (one per width, following every update), and a second cache keyed by a
// model key the delegate gives survives `reloadData()` and reordering: a row whose key is known
// at the current width is never measured again. Neither cache ever stores a zero, negative, NaN
// or infinite measurement.

/// Optional: a cell that shows an accessory (a disclosure indicator, a checkmark, a button)
/// beside its content. Template-cell measurement gives the content the table's width minus
/// `accessoryWidth`, as the seed subtracts UIKit's accessory widths.
public protocol AccessoryReporting: AnyObject {
  /// The width the accessory takes from the content, in points (0 for none).
  var accessoryWidth: Double { get }
}

/// Optional delegate capability: a key per row for the keyed height cache.
///
/// A row's measured height is also kept under its key (per width), and a row whose key has a
/// height at the current width is not measured again — after `reloadData()`, after a reorder,
/// in another section. The key must therefore change whenever the row's height may change
/// (include a revision or a content hash); `reloadRows`/`reloadSections` drop the keys of the
/// reloaded rows, so an explicit reload always measures again. In edit mode the cells' content is
/// narrower (their editing controls take room): keyed heights are neither used nor kept then.
public protocol TableViewHeightCacheKeys: AnyObject {
  /// The key of the row's content (e.g. its model identifier and revision), or `nil` for a row
  /// that should not be cached by key.
  func tableView(_ tableView: TableView, heightCacheKeyForRowAt indexPath: IndexPath) -> AnyHashable?
}

/// Template cells and the keyed height cache of one table.
struct TemplateCellState {
  /// One template cell per reuse identifier: configured and measured, never displayed.
  var templates: [String: any ReusableView] = [:]
  /// Heights (units) by key, per width.
  var keyed: [Double: KeyedHeights] = [:]
  /// Widths of `keyed` by last store, most recent last.
  var keyedWidths: [Double] = []
  /// The most keyed heights kept per width.
  var limit = 100_000
  /// The delegate the key capability was last looked up on, and what it gave.
  weak var keysSource: AnyObject?
  weak var keys: (any TableViewHeightCacheKeys)?
  /// Template measurements that fell back to a default height, ever: a row measurement that saw
  /// this count change (see `RowMeasurement`) does not cache its height under the row's key.
  var fallbacks = 0
}

/// One row's measurement in progress: the row's height-cache key, the height known under it, and
/// how many template fallbacks had happened when it began.
struct RowMeasurement {
  var key: AnyHashable?
  var units: Int64?
  var fallbacksBefore: Int
}

/// A bounded map from keys to heights: two generations; when the recent one fills half the
/// limit it becomes the old one and the previous old one is dropped. A hit in the old
/// generation moves the key to the recent one, so keys in use survive (an approximate LRU with
/// O(1) operations and no per-entry bookkeeping).
struct KeyedHeights {
  private var recent: [AnyHashable: Int64] = [:]
  private var older: [AnyHashable: Int64] = [:]

  mutating func units(for key: AnyHashable, limit: Int) -> Int64? {
    if let units = recent[key] { return units }
    guard let units = older.removeValue(forKey: key) else { return nil }
    set(units, for: key, limit: limit)
    return units
  }

  mutating func set(_ units: Int64, for key: AnyHashable, limit: Int) {
    recent[key] = units
    if recent.count >= max(1, limit / 2) {
      older = recent
      recent = [:]
    }
  }

  mutating func remove(_ key: AnyHashable) {
    recent.removeValue(forKey: key)
    older.removeValue(forKey: key)
  }

  var count: Int { recent.count + older.count }
}

extension TableView {
  // MARK: Template cells

  /// The height of the row at `indexPath` measured with a template cell: the height the table
  /// has measured for the row at the current width if it has one; else the keyed cache's height
  /// for the row's key; else the height of one template cell per `identifier` (made from the
  /// registered factory, kept aside and never displayed), told the table's edit mode and the row's
  /// editing control as a cell about to show is, configured by `configuration`, from
  /// `sizeThatFits(width:)` at the table's width (``measuringWidth``: another width while the idle
  /// precompute measures for it) less the cell's accessory width.
  ///
  ///     func tableView(_ t: TableView, heightForRowAt p: IndexPath) -> Double {
  ///       t.height(forCellWithReuseIdentifier: "post", at: p) { cell in
  ///         (cell as! PostCell).configure(with: posts[p.row])
  ///       }
  ///     }
  ///
  /// The fallback chain is the seed's: a cell that cannot size itself (zero) — or answers a
  /// negative, NaN or infinite height — gives `rowHeight` (44 when it is
  /// `automaticDimension`); the bad measurement is reported through `onError` and nothing is
  /// cached. A good measurement is stored under the row's key (``TableViewHeightCacheKeys``)
  /// and, when called from outside the table's own calls, in the height index (anchored, so
  /// nothing on screen moves): a row is measured once per width.
  ///
  /// Called from `heightForRowAt` while the table is asking, the height index is not consulted
  /// (the table asks because it has no valid height for that row: an insert, a reload).
  /// - Complexity: O(log n) for a cached row; otherwise O(log n) plus the configuration and
  ///   `sizeThatFits`.
  public func height(
    forCellWithReuseIdentifier identifier: String, at indexPath: IndexPath, configuration: (any ReusableView) -> Void
  ) -> Double {
    // Outside the table's own calls the height index describes the data source's current rows.
    var item: Int?
    if pass.dataSourceCallDepth == 0, !pass.inLayout, !pass.needsReload, isValid(indexPath) {
      let k = heights.index.itemIndex(of: indexPath)
      if heights.index.isMeasured(item: k) { return HeightIndex.points(heights.index.height(ofItem: k)) }
      item = k
    }
    let key = heightCacheKey(forRowAt: indexPath)
    if let key, let units = keyedUnits(for: key) {
      if let item { storeTemplateHeight(units, item: item) }
      return HeightIndex.points(units)
    }
    let fallback = rowHeight > 0 && rowHeight <= HeightIndex.maximumHeight ? rowHeight : 44
    guard let cell = templateCell(for: identifier) else {
      heights.templates.fallbacks &+= 1
      report(
        TableViewError(
          .unregisteredIdentifier,
          "height(forCellWithReuseIdentifier: \"\(identifier)\", at: \(indexPath)): nothing is registered for \"\(identifier)\"; using \(fallback)"
        ))
      return fallback
    }
    cell.prepareForReuse()
    // As a cell about to show (`makeCell`): in edit mode its controls narrow the content it wraps.
    cell.setEditing(editing.isEditing, animated: false)
    showEditingControl(of: cell, at: indexPath)
    configuration(cell)
    let accessory = (cell as? any AccessoryReporting)?.accessoryWidth ?? 0
    let width = max(0, measuringWidth - (accessory.isFinite ? max(0, accessory) : 0))
    let fitted = cell.sizeThatFits(width: width)
    guard fitted.isFinite, fitted > 0, fitted <= HeightIndex.maximumHeight else {
      heights.templates.fallbacks &+= 1
      report(
        TableViewError(
          .invalidHeight,
          "template cell \"\(identifier)\" measured \(fitted) for row \(indexPath) at width \(width); it is not cached, using \(fallback)"
        ))
      return fallback
    }
    let units = HeightIndex.units(fitted)
    if let key { rememberKeyedUnits(units, for: key) }
    if let item { storeTemplateHeight(units, item: item) }
    return HeightIndex.points(units)
  }

  /// ``height(forCellWithReuseIdentifier:at:configuration:)`` with the template cell as the
  /// backend's type `Cell` (a registered factory making another type stops the program with a
  /// message naming both).
  /// - Complexity: as ``height(forCellWithReuseIdentifier:at:configuration:)``.
  public func height<Cell: ReusableView>(
    forCellWithReuseIdentifier identifier: String, at indexPath: IndexPath, as type: Cell.Type,
    configuration: (Cell) -> Void
  ) -> Double {
    height(forCellWithReuseIdentifier: identifier, at: indexPath) { cell in
      guard let typed = cell as? Cell else {
        preconditionFailure(
          "the cell registered for \"\(identifier)\" is a \(Swift.type(of: cell)), not a \(Cell.self)")
      }
      configuration(typed)
    }
  }

  /// The template cell for `identifier`, made once from the registered factory (or the pool).
  func templateCell(for identifier: String) -> (any ReusableView)? {
    if let cell = heights.templates.templates[identifier] { return cell }
    guard let cell = visible.cellPool.dequeueOrMake(identifier) else { return nil }
    heights.templates.templates[identifier] = cell
    return cell
  }

  /// Stores a template measurement made outside the table's own calls in the height index.
  private func storeTemplateHeight(_ units: Int64, item k: Int) {
    applyHeight(units, toItem: k, measured: true)
    layoutIfNeeded()
  }

  // MARK: The keyed cache

  /// The most heights the keyed cache keeps per width (default 100,000); widths are kept as
  /// many as ``widthCacheLimit``, the least recently stored dropped first.
  public var keyedHeightCacheLimit: Int {
    get { heights.templates.limit }
    set { heights.templates.limit = max(1, newValue) }
  }

  /// The number of heights in the keyed cache, all widths together.
  /// - Complexity: O(widths kept)
  var keyedHeightCount: Int { heights.templates.keyed.values.reduce(0) { $0 + $1.count } }

  /// The delegate's key capability, looked up once per delegate.
  func heightCacheKeys() -> (any TableViewHeightCacheKeys)? {
    guard let delegate else { return nil }
    if delegate !== heights.templates.keysSource {
      heights.templates.keysSource = delegate
      heights.templates.keys = delegate as? any TableViewHeightCacheKeys
    }
    return heights.templates.keys
  }

  /// The key of the row at `path`, if the delegate gives keys.
  @inline(__always) func heightCacheKey(forRowAt path: IndexPath) -> AnyHashable? {
    guard let keys = heightCacheKeys() else { return nil }
    return askingDataSource { keys.tableView(self, heightCacheKeyForRowAt: path) }
  }

  /// The keyed height of `key` at the width being measured (``measuringWidth``).
  /// - Complexity: O(1) expected.
  /// None in edit mode: the keys' heights are the full width's, and the content is narrower then.
  func keyedUnits(for key: AnyHashable) -> Int64? {
    guard !editing.isEditing else { return nil }
    let width = measuringWidth
    guard heights.templates.keyed[width] != nil else { return nil }
    let limit = heights.templates.limit
    return heights.templates.keyed[width]!.units(for: key, limit: limit)
  }

  /// Keeps a good measurement under `key` at the width being measured (``measuringWidth``); not in
  /// edit mode, whose narrower content gives other heights.
  /// - Complexity: O(1) expected (O(widths) when the width is not the last one stored).
  func rememberKeyedUnits(_ units: Int64, for key: AnyHashable) {
    guard units > 0, !editing.isEditing else { return }
    let width = measuringWidth
    if heights.templates.keyedWidths.last != width {
      heights.templates.keyedWidths.removeAll { $0 == width }
      heights.templates.keyedWidths.append(width)
      while heights.templates.keyedWidths.count > widthCacheLimit {
        heights.templates.keyed.removeValue(forKey: heights.templates.keyedWidths.removeFirst())
      }
    }
    let limit = heights.templates.limit
    heights.templates.keyed[width, default: KeyedHeights()].set(units, for: key, limit: limit)
  }

  /// Starts measuring the row at `path` for `measuredUnits`: its key, its keyed height if one is
  /// known at the current width, and the template fallbacks so far (see `finishMeasuring`).
  @inline(__always) func beginMeasuring(rowAt path: IndexPath) -> RowMeasurement {
    let key = heightCacheKey(forRowAt: path)
    return RowMeasurement(key: key, units: key.flatMap(keyedUnits(for:)), fallbacksBefore: heights.templates.fallbacks)
  }

  /// Ends a measurement: keeps a good height under the row's key, unless a template measurement
  /// fell back to a default height while it ran.
  @inline(__always) func finishMeasuring(_ measurement: RowMeasurement, units: Int64) {
    guard let key = measurement.key, heights.templates.fallbacks == measurement.fallbacksBefore else { return }
    rememberKeyedUnits(units, for: key)
  }

  /// Drops the keyed heights of rows a batch update reloads (rows, and rows of reloaded
  /// sections), asked at their index paths after the update: an explicit reload measures again
  /// even when the key did not change.
  /// - Complexity: O(reloaded rows) when the delegate gives keys and the cache is not empty.
  func forgetKeyedHeights(reloadedBy plan: BatchUpdatePlan) {
    guard !heights.templates.keyed.isEmpty, heightCacheKeys() != nil else { return }
    func forget(_ path: IndexPath) {
      guard let key = heightCacheKey(forRowAt: path) else { return }
      for width in heights.templates.keyedWidths { heights.templates.keyed[width]?.remove(key) }
    }
    for edit in plan.edits {
      switch edit {
      case .reloadRow(let path):
        forget(path)
      case .insertSection(let s, let rowCount) where plan.oldSection(forNew: s) != nil:
        for row in 0..<rowCount { forget(IndexPath(row: row, section: s)) }
      default:
        break
      }
    }
  }
}
