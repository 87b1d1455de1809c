/// The changes of one batch update, as a caller describes them inside
/// `performBatchUpdates { update in … }`, with UIKit's vocabulary and index spaces.
///
/// A `BatchUpdate` only records what it is told; nothing is checked until the table validates it
/// against the row counts before and after the update (``TableView/apply(_:)``,
/// ``TableView/performBatchUpdates(_:completion:)``). Index spaces are UIKit's:
///
/// - deletes and reloads (rows and sections) use the indexes **before** the update;
/// - inserts use the indexes **after** the update;
/// - moves go from an index before the update to an index after it;
/// - reloading a section deletes it and inserts it again at its position after the update,
///   so its row count may change.
///
/// The order of the calls does not matter.
///
///     var update = BatchUpdate()
///     update.deleteRows(at: [IndexPath(row: 0, section: 0)])
///     update.insertRows(at: [IndexPath(row: 0, section: 0)])  // the new first row
///     let plan = try update.plan(oldRowCounts: [3], newRowCounts: [3])
public struct BatchUpdate: Hashable, Sendable {
  /// A row moved from an index path before the update to an index path after it.
  public struct RowMove: Hashable, Sendable, CustomStringConvertible {
    /// The index path of the row before the update.
    public var from: IndexPath
    /// The index path of the row after the update.
    public var to: IndexPath
    /// Creates a row move.
    public init(from: IndexPath, to: IndexPath) {
      self.from = from
      self.to = to
    }
    /// `[s, r] -> [s, r]`.
    public var description: String { "\(from) -> \(to)" }
  }

  /// A section moved from an index before the update to an index after it.
  public struct SectionMove: Hashable, Sendable, CustomStringConvertible {
    /// The index of the section before the update.
    public var from: Int
    /// The index of the section after the update.
    public var to: Int
    /// Creates a section move.
    public init(from: Int, to: Int) {
      self.from = from
      self.to = to
    }
    /// `s -> s`.
    public var description: String { "\(from) -> \(to)" }
  }

  /// Rows to insert, at their index paths after the update, in call order.
  public private(set) var insertedRows: [IndexPath] = []
  /// Rows to delete, at their index paths before the update, in call order.
  public private(set) var deletedRows: [IndexPath] = []
  /// Rows to reload, at their index paths before the update, in call order.
  public private(set) var reloadedRows: [IndexPath] = []
  /// Rows to move, in call order.
  public private(set) var movedRows: [RowMove] = []
  /// Sections to insert, at their indexes after the update, in call order.
  public private(set) var insertedSections: [Int] = []
  /// Sections to delete, at their indexes before the update, in call order.
  public private(set) var deletedSections: [Int] = []
  /// Sections to reload, at their indexes before the update, in call order.
  public private(set) var reloadedSections: [Int] = []
  /// Sections to move, in call order.
  public private(set) var movedSections: [SectionMove] = []

  /// Creates an empty update.
  public init() {}

  /// Whether no operation has been recorded.
  ///
  /// An empty update is still validated: the counts before and after must then be equal, as in
  /// UIKit.
  public var isEmpty: Bool {
    insertedRows.isEmpty && deletedRows.isEmpty && reloadedRows.isEmpty && movedRows.isEmpty
      && insertedSections.isEmpty && deletedSections.isEmpty && reloadedSections.isEmpty && movedSections.isEmpty
  }

  /// The number of recorded operations (one per index path, section or move).
  public var operationCount: Int {
    insertedRows.count + deletedRows.count + reloadedRows.count + movedRows.count + insertedSections.count
      + deletedSections.count + reloadedSections.count + movedSections.count
  }

  /// The animations of the operations that have one (see ``TableView/RowAnimation``): by index
  /// path after the update for inserted rows, before it for deleted and reloaded rows.
  struct Animations: Hashable, Sendable {
    var insertedRows: [IndexPath: TableView.RowAnimation] = [:]
    var deletedRows: [IndexPath: TableView.RowAnimation] = [:]
    var reloadedRows: [IndexPath: TableView.RowAnimation] = [:]
    var insertedSections: [Int: TableView.RowAnimation] = [:]
    var deletedSections: [Int: TableView.RowAnimation] = [:]
    var reloadedSections: [Int: TableView.RowAnimation] = [:]
    /// Whether any operation animates (an update whose operations all use `.none` does not).
    var isAnimated = false

    mutating func set<Key: Hashable>(
      _ keys: [Key], _ animation: TableView.RowAnimation,
      in table: WritableKeyPath<Animations, [Key: TableView.RowAnimation]>
    ) {
      guard animation != .none else { return }
      isAnimated = true
      for key in keys { self[keyPath: table][key] = animation }
    }
  }

  /// The operations' animations.
  var animations = Animations()

  /// Whether any operation of the update animates.
  public var isAnimated: Bool { animations.isAnimated }

  /// Inserts rows (index paths after the update) that arrive with `animation`.
  /// - Complexity: O(k) for k index paths.
  public mutating func insertRows(at indexPaths: [IndexPath], with animation: TableView.RowAnimation) {
    insertRows(at: indexPaths)
    animations.set(indexPaths, animation, in: \.insertedRows)
  }

  /// Deletes rows (index paths before the update) that leave with `animation`.
  /// - Complexity: O(k) for k index paths.
  public mutating func deleteRows(at indexPaths: [IndexPath], with animation: TableView.RowAnimation) {
    deleteRows(at: indexPaths)
    animations.set(indexPaths, animation, in: \.deletedRows)
  }

  /// Reloads rows (index paths before the update): the old cells leave and the new ones arrive with
  /// `animation` (a cross-fade for `.fade` and `.automatic`).
  /// - Complexity: O(k) for k index paths.
  public mutating func reloadRows(at indexPaths: [IndexPath], with animation: TableView.RowAnimation) {
    reloadRows(at: indexPaths)
    animations.set(indexPaths, animation, in: \.reloadedRows)
  }

  /// Inserts sections (indexes after the update) whose rows, header and footer arrive with `animation`.
  public mutating func insertSections(_ sections: [Int], with animation: TableView.RowAnimation) {
    insertSections(sections)
    animations.set(sections, animation, in: \.insertedSections)
  }

  /// Deletes sections (indexes before the update) whose rows, header and footer leave with `animation`.
  public mutating func deleteSections(_ sections: [Int], with animation: TableView.RowAnimation) {
    deleteSections(sections)
    animations.set(sections, animation, in: \.deletedSections)
  }

  /// Reloads sections (indexes before the update) with `animation`.
  public mutating func reloadSections(_ sections: [Int], with animation: TableView.RowAnimation) {
    reloadSections(sections)
    animations.set(sections, animation, in: \.reloadedSections)
  }

  /// Moves a row that glides to its new place: a move always animates (as in UIKit), unless every
  /// other operation of the update uses `.none` and `animated` is false.
  public mutating func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath, animated: Bool) {
    moveRow(at: indexPath, to: newIndexPath)
    if animated { animations.isAnimated = true }
  }

  /// Inserts rows at `indexPaths`, index paths **after** the update.
  /// - Complexity: amortized O(k) for k index paths.
  public mutating func insertRows(at indexPaths: [IndexPath]) {
    insertedRows += indexPaths
  }

  /// Deletes the rows at `indexPaths`, index paths **before** the update.
  /// - Complexity: amortized O(k) for k index paths.
  public mutating func deleteRows(at indexPaths: [IndexPath]) {
    deletedRows += indexPaths
  }

  /// Reloads the rows at `indexPaths`, index paths **before** the update.
  ///
  /// A reloaded row keeps its place (it moves only as the rows around it are inserted or
  /// deleted); its content and height are invalidated. Reloading a row twice is harmless.
  /// - Complexity: amortized O(k) for k index paths.
  public mutating func reloadRows(at indexPaths: [IndexPath]) {
    reloadedRows += indexPaths
  }

  /// Moves the row at `indexPath` (before the update) to `newIndexPath` (after the update).
  public mutating func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    movedRows.append(RowMove(from: indexPath, to: newIndexPath))
  }

  /// Inserts sections at `sections`, indexes **after** the update.
  /// - Complexity: amortized O(k) for k sections.
  public mutating func insertSections(_ sections: [Int]) {
    insertedSections += sections
  }

  /// Deletes the sections at `sections`, indexes **before** the update.
  /// - Complexity: amortized O(k) for k sections.
  public mutating func deleteSections(_ sections: [Int]) {
    deletedSections += sections
  }

  /// Reloads the sections at `sections`, indexes **before** the update.
  ///
  /// A reloaded section is deleted and inserted again at its position after the update: all its
  /// rows are new and their number may change. Reloading a section twice is harmless.
  /// - Complexity: amortized O(k) for k sections.
  public mutating func reloadSections(_ sections: [Int]) {
    reloadedSections += sections
  }

  /// Moves the section at `section` (before the update) to `newSection` (after the update),
  /// with its rows.
  public mutating func moveSection(_ section: Int, toSection newSection: Int) {
    movedSections.append(SectionMove(from: section, to: newSection))
  }
}
