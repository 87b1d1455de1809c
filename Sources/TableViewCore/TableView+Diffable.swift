// Applying diffable snapshots: the difference between the table's current snapshot and the new
// one (matching by identifier and a longest increasing subsequence, see
// `DiffableSnapshot.batchUpdate(from:)`) is performed as one batch update, so measured heights
// travel with their items through moves, inserts and deletes exactly as through any batch update.

/// The table's current snapshot, boxed so that a non-generic table can keep a snapshot of any
/// identifier types in one property.
final class SnapshotBox<SectionID: Hashable, ItemID: Hashable> {
  private(set) var snapshot = DiffableSnapshot<SectionID, ItemID>()
  /// The section identifiers and each section's items, for O(1) answers to the data source calls.
  private(set) var sections: [SectionID] = []
  private(set) var items: [[ItemID]] = []

  func set(_ snapshot: DiffableSnapshot<SectionID, ItemID>) {
    self.snapshot = snapshot
    sections = snapshot.sectionIdentifiers
    items = sections.map { (try? snapshot.itemIdentifiers(inSection: $0)) ?? [] }
  }
}

extension TableView {
  /// Makes `snapshot` the table's content: computes the batch update from the current snapshot
  /// (the last one applied; empty at first) and performs it as one update, so measured heights
  /// follow their items. The data source must answer from the new snapshot — a
  /// ``DiffableDataSource`` does; another data source can read ``currentSnapshot(_:_:)``.
  ///
  /// With `animatingDifferences` (the default, as in UIKit) the difference animates with
  /// `.automatic`: deleted items leave, inserted ones arrive, moved ones glide, reloaded ones
  /// cross-fade; `completion` runs once everything has settled. Without it the table shows the
  /// new snapshot at once and `completion` runs before `apply` returns. (A ``DiffableDataSource``
  /// animates with its ``DiffableDataSource/defaultRowAnimation``.)
  ///
  /// When the table does not show the current snapshot (never loaded, or loaded from other data)
  /// it reloads instead, without animation.
  ///
  /// - Throws: as `performBatchUpdates` (e.g. `.reentrantUpdate` from inside a data-source call);
  ///   the table and its current snapshot are then unchanged, and `completion` is not called.
  /// - Complexity: O(k + c log c) for the diff of k items and sections of which c changed place
  ///   (see ``DiffableSnapshot/batchUpdate(from:)``), plus the batch update.
  @inlinable
  public func apply<SectionID: Hashable, ItemID: Hashable>(
    _ snapshot: DiffableSnapshot<SectionID, ItemID>, animatingDifferences: Bool = true,
    completion: ((Bool) -> Void)? = nil
  ) throws(TableViewError) {
    try apply(snapshot, animation: animatingDifferences ? .automatic : .none, completion: completion)
  }

  /// Applies `snapshot` with its difference animated by `animation` (see
  /// ``apply(_:animatingDifferences:completion:)``).
  @inlinable
  func apply<SectionID: Hashable, ItemID: Hashable>(
    _ snapshot: DiffableSnapshot<SectionID, ItemID>, animation: RowAnimation, completion: ((Bool) -> Void)?
  ) throws(TableViewError) {
    // The difference is computed in the caller's module, specialized for its identifier types.
    try applySnapshot(snapshot, completion: completion) { old in
      let update = snapshot.batchUpdate(from: old)
      return animation == .none ? update : update.animating(animation)
    }
  }

  /// Makes `snapshot` current and performs `difference(old)` as one batch update (see
  /// ``apply(_:animatingDifferences:completion:)``).
  @usableFromInline
  func applySnapshot<SectionID: Hashable, ItemID: Hashable>(
    _ snapshot: DiffableSnapshot<SectionID, ItemID>, completion: ((Bool) -> Void)?,
    difference: (DiffableSnapshot<SectionID, ItemID>) -> BatchUpdate
  ) throws(TableViewError) {
    let previousBox = snapshotBox
    let box = previousBox as? SnapshotBox<SectionID, ItemID> ?? SnapshotBox()
    let old = box.snapshot
    let showsOld = !pass.needsReload && shows(old)
    box.set(snapshot)
    snapshotBox = box
    do throws(TableViewError) {
      if showsOld {
        try apply(difference(old), completion: completion)
      } else if pass.dataSourceCallDepth > 0 || pass.inLayout {
        throw TableViewError(
          .reentrantUpdate,
          "apply(_:animatingDifferences:) was called while the table was asking its data source or laying out")
      } else {
        reloadData()
        completion?(true)
      }
    } catch {
      box.set(old)
      snapshotBox = previousBox
      throw error
    }
  }

  /// The snapshot the table shows, if the last one applied has these identifier types.
  public func currentSnapshot<SectionID: Hashable, ItemID: Hashable>(
    _ sectionType: SectionID.Type = SectionID.self, _ itemType: ItemID.Type = ItemID.self
  ) -> DiffableSnapshot<SectionID, ItemID>? {
    (snapshotBox as? SnapshotBox<SectionID, ItemID>)?.snapshot
  }

  /// Whether the table's structure is that of `snapshot`.
  /// - Complexity: O(min(m, s log m)) for s sections and m nodes of the height index.
  private func shows<S, I>(_ snapshot: DiffableSnapshot<S, I>) -> Bool {
    guard heights.index.sectionCount == snapshot.numberOfSections else { return false }
    return snapshot.rowCounts == heights.index.rowCounts
  }
}

/// A data source that answers from the table's current snapshot, as UIKit's
/// `UITableViewDiffableDataSource`: sections and rows come from the snapshot, cells from the
/// cell provider.
///
///     let dataSource = DiffableDataSource<String, Post.ID>(tableView: table) { table, path, id in
///       let cell = table.dequeueReusableCell(withIdentifier: "post", for: path, as: PostCell.self)
///       cell.configure(with: posts[id])
///       return cell
///     }
///     var snapshot = DiffableSnapshot<String, Post.ID>()
///     try snapshot.appendSections(["feed"])
///     try snapshot.appendItems(posts.map(\.id))
///     try dataSource.apply(snapshot)
///
/// The table holds its data source weakly: keep the data source alive.
public final class DiffableDataSource<SectionID: Hashable, ItemID: Hashable>: TableViewDataSource {
  /// Makes the cell for an item.
  public typealias CellProvider = (TableView, IndexPath, ItemID) -> any ReusableView

  /// The table served; `nil` once it is gone.
  public private(set) weak var tableView: TableView?
  private let cellProvider: CellProvider
  /// The snapshot this data source answers from: the table's current one, shared with it (the
  /// table replaces it with a box of other types only when a snapshot of other types is applied
  /// to it; then this data source answers as empty).
  private let box: SnapshotBox<SectionID, ItemID>

  /// Becomes `tableView`'s data source, answering from the snapshots applied to it.
  public init(tableView: TableView, cellProvider: @escaping CellProvider) {
    self.tableView = tableView
    self.cellProvider = cellProvider
    let box = tableView.snapshotBox as? SnapshotBox<SectionID, ItemID> ?? SnapshotBox()
    tableView.snapshotBox = box
    self.box = box
    tableView.dataSource = self
  }

  /// The animation of the differences applied with `animatingDifferences` (UIKit's
  /// `defaultRowAnimation`): `.automatic` unless set.
  public var defaultRowAnimation: TableView.RowAnimation = .automatic

  /// Applies `snapshot` to the table (see ``TableView/apply(_:animatingDifferences:completion:)``),
  /// animated with ``defaultRowAnimation`` when `animatingDifferences`; does nothing once the
  /// table is gone.
  /// - Throws: as the table's `apply`; nothing changes then.
  /// - Complexity: as ``TableView/apply(_:animatingDifferences:completion:)``.
  @inlinable
  public func apply(
    _ snapshot: DiffableSnapshot<SectionID, ItemID>, animatingDifferences: Bool = true,
    completion: ((Bool) -> Void)? = nil
  ) throws(TableViewError) {
    guard let tableView else { return }
    try tableView.apply(
      snapshot, animation: animatingDifferences ? defaultRowAnimation : .none, completion: completion)
  }

  /// The snapshot the table shows (empty before the first `apply`).
  public func snapshot() -> DiffableSnapshot<SectionID, ItemID> {
    box(tableView)?.snapshot ?? DiffableSnapshot()
  }

  /// The item shown at `indexPath`, or `nil` outside the snapshot.
  /// - Complexity: O(1)
  public func itemIdentifier(for indexPath: IndexPath) -> ItemID? {
    guard let box = box(tableView), indexPath.section >= 0, indexPath.section < box.items.count,
      indexPath.row >= 0, indexPath.row < box.items[indexPath.section].count
    else { return nil }
    return box.items[indexPath.section][indexPath.row]
  }

  /// Where `item` is shown, or `nil` if it is not in the snapshot.
  /// - Complexity: O(r) for r items in its section.
  public func indexPath(for item: ItemID) -> IndexPath? {
    box(tableView)?.snapshot.indexPath(ofItem: item)
  }

  /// The identifier of the section at `index`, or `nil` outside the snapshot.
  /// - Complexity: O(1)
  public func sectionIdentifier(for index: Int) -> SectionID? {
    guard let box = box(tableView), index >= 0, index < box.sections.count else { return nil }
    return box.sections[index]
  }

  /// The number of sections of the current snapshot.
  public func numberOfSections(in tableView: TableView) -> Int {
    box(tableView)?.sections.count ?? 0
  }

  /// The number of items in `section` of the current snapshot.
  public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    guard let box = box(tableView), section >= 0, section < box.items.count else { return 0 }
    return box.items[section].count
  }

  /// The cell provider's cell for the item at `indexPath`.
  public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    guard let box = box(tableView), indexPath.section < box.items.count,
      indexPath.row < box.items[indexPath.section].count
    else {
      preconditionFailure("cellForRowAt \(indexPath): the row is not in the current snapshot")
    }
    return cellProvider(tableView, indexPath, box.items[indexPath.section][indexPath.row])
  }

  /// The snapshot box, while it is the table's current one (an identity check: no cast).
  private func box(_ tableView: TableView?) -> SnapshotBox<SectionID, ItemID>? {
    tableView?.snapshotBox === box ? box : nil
  }
}
