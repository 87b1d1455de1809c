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
