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
