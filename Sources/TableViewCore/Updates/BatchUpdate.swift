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

  /// Consecutive rows of one section, recorded by a range or by index paths that follow one
  /// another, up or down. Closed, so that a row of `Int.max` (out of range, for validation to say
  /// so) is one.
  struct RowRun: Hashable, Sendable {
    var section: Int
    var rows: ClosedRange<Int>
    /// Whether the rows were given from the last to the first (index paths in descending order).
    var descending = false

    /// The rows as a range; without a row of `Int.max` (never in range).
    var halfOpen: Range<Int> { rows.lowerBound..<(rows.upperBound == .max ? .max : rows.upperBound + 1) }
    /// The first row given.
    var first: Int { descending ? rows.upperBound : rows.lowerBound }
    /// The first row given that is `count` or more, for a run that has one.
    func firstOutOfRange(_ count: Int) -> Int { descending ? rows.upperBound : max(rows.lowerBound, count) }
    /// The first negative row given, for a run that has one.
    var firstNegative: Int { descending ? min(rows.upperBound, -1) : rows.lowerBound }
  }

  /// Rows to insert, at their index paths after the update, in call order, as runs.
  private(set) var insertedRowRuns: [RowRun] = []
  /// Rows to delete, at their index paths before the update, in call order, as runs.
  private(set) var deletedRowRuns: [RowRun] = []

  /// Rows to insert, at their index paths after the update, in call order (a range given to
  /// ``insertRows(in:section:)`` comes as its index paths).
  /// - Complexity: O(k) for k rows.
  public var insertedRows: [IndexPath] { Self.indexPaths(of: insertedRowRuns) }
  /// Rows to delete, at their index paths before the update, in call order (a range given to
  /// ``deleteRows(in:section:)`` comes as its index paths).
  /// - Complexity: O(k) for k rows.
  public var deletedRows: [IndexPath] { Self.indexPaths(of: deletedRowRuns) }
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
    insertedRowRuns.isEmpty && deletedRowRuns.isEmpty && reloadedRows.isEmpty && movedRows.isEmpty
      && insertedSections.isEmpty && deletedSections.isEmpty && reloadedSections.isEmpty && movedSections.isEmpty
  }

  /// The number of recorded operations (one per index path, section or move; a range counts
  /// its rows), `Int.max` when it does not fit.
  public var operationCount: Int {
    var total = reloadedRows.count + movedRows.count + insertedSections.count
    total += deletedSections.count + reloadedSections.count + movedSections.count
    for runs in [insertedRowRuns, deletedRowRuns] {
      for run in runs {
        let (sum, overflow) = total.addingReportingOverflow(run.rows.count)
        if overflow { return .max }
        total = sum
      }
    }
    return total
  }

  private static func indexPaths(of runs: [RowRun]) -> [IndexPath] {
    var paths: [IndexPath] = []
    for run in runs {
      if run.descending {
        for row in run.rows.reversed() { paths.append(IndexPath(row: row, section: run.section)) }
      } else {
        for row in run.rows { paths.append(IndexPath(row: row, section: run.section)) }
      }
    }
    return paths
  }

  /// Appends rows to `runs`, extending the last run when the rows follow it: above it (a run
  /// given in ascending order), or, for one row, just below it (index paths given in descending
  /// order, as deletes often are). A run's row count must still fit in an `Int`.
  private static func append(_ rows: ClosedRange<Int>, section: Int, to runs: inout [RowRun]) {
    func fits(_ low: Int, _ high: Int) -> Bool {
      let (span, overflow) = high.subtractingReportingOverflow(low)
      return !overflow && span < .max
    }
    if let last = runs.last, last.section == section {
      let single = last.rows.lowerBound == last.rows.upperBound
      if !last.descending || single, last.rows.upperBound < rows.lowerBound,
        last.rows.upperBound + 1 == rows.lowerBound, fits(last.rows.lowerBound, rows.upperBound)
      {
        runs[runs.count - 1] = RowRun(section: section, rows: last.rows.lowerBound...rows.upperBound)
        return
      }
      if last.descending || single, rows.lowerBound == rows.upperBound, rows.upperBound < last.rows.lowerBound,
        rows.upperBound + 1 == last.rows.lowerBound, fits(rows.lowerBound, last.rows.upperBound)
      {
        runs[runs.count - 1] = RowRun(section: section, rows: rows.lowerBound...last.rows.upperBound, descending: true)
        return
      }
    }
    runs.append(RowRun(section: section, rows: rows))
  }

  /// Appends index paths to `runs`: consecutive rows of one section (ascending or descending)
  /// become one run.
  private static func append(_ indexPaths: [IndexPath], to runs: inout [RowRun]) {
    for path in indexPaths {
      let row = path.row
      append(row...row, section: path.section, to: &runs)
    }
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
    /// Animations of rows inserted and deleted by range, by section.
    var insertedRowRanges: [Int: [RangeAnimation]] = [:]
    var deletedRowRanges: [Int: [RangeAnimation]] = [:]

    /// The animation of rows given as a range.
    struct RangeAnimation: Hashable, Sendable {
      var rows: Range<Int>
      var animation: TableView.RowAnimation
    }

    mutating func set<Key: Hashable>(
      _ keys: [Key], _ animation: TableView.RowAnimation,
      in table: WritableKeyPath<Animations, [Key: TableView.RowAnimation]>
    ) {
      guard animation != .none else { return }
      isAnimated = true
      for key in keys { self[keyPath: table][key] = animation }
    }

    mutating func set(
      _ rows: Range<Int>, section: Int, _ animation: TableView.RowAnimation,
      in table: WritableKeyPath<Animations, [Int: [RangeAnimation]]>
    ) {
      guard animation != .none, !rows.isEmpty else { return }
      isAnimated = true
      self[keyPath: table][section, default: []].append(RangeAnimation(rows: rows, animation: animation))
    }

    /// How the row inserted at `path` (after the update) arrives, if its insertion named an animation.
    func insertedRow(_ path: IndexPath) -> TableView.RowAnimation? {
      insertedRows[path] ?? Self.animation(of: path, in: insertedRowRanges)
    }

    /// How the row deleted at `path` (before the update) leaves, if its deletion named an animation.
    func deletedRow(_ path: IndexPath) -> TableView.RowAnimation? {
      deletedRows[path] ?? Self.animation(of: path, in: deletedRowRanges)
    }

    private static func animation(of path: IndexPath, in ranges: [Int: [RangeAnimation]]) -> TableView.RowAnimation? {
      guard !ranges.isEmpty, let list = ranges[path.section] else { return nil }
      return list.last { $0.rows.contains(path.row) }?.animation
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

  /// Inserts the rows `rows` of `section` (indexes after the update), which arrive with
  /// `animation`: the same as inserting their index paths, with no index path made.
  /// - Complexity: O(1).
  public mutating func insertRows(in rows: Range<Int>, section: Int, with animation: TableView.RowAnimation) {
    insertRows(in: rows, section: section)
    animations.set(rows, section: section, animation, in: \.insertedRowRanges)
  }

  /// Deletes the rows `rows` of `section` (indexes before the update), which leave with
  /// `animation`: the same as deleting their index paths, with no index path made.
  /// - Complexity: O(1).
  public mutating func deleteRows(in rows: Range<Int>, section: Int, with animation: TableView.RowAnimation) {
    deleteRows(in: rows, section: section)
    animations.set(rows, section: section, animation, in: \.deletedRowRanges)
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
    Self.append(indexPaths, to: &insertedRowRuns)
  }

  /// Inserts the rows `rows` of `section`, indexes **after** the update: the same as inserting
  /// their index paths, kept as one run however many rows it holds (an empty range records nothing).
  ///
  ///     update.insertRows(in: count..<(count + 100_000), section: 0)  // appends 10⁵ rows
  ///
  /// - Complexity: amortized O(1).
  public mutating func insertRows(in rows: Range<Int>, section: Int) {
    guard !rows.isEmpty else { return }
    Self.append(rows.lowerBound...(rows.upperBound - 1), section: section, to: &insertedRowRuns)
  }

  /// Deletes the rows at `indexPaths`, index paths **before** the update.
  /// - Complexity: amortized O(k) for k index paths.
  public mutating func deleteRows(at indexPaths: [IndexPath]) {
    Self.append(indexPaths, to: &deletedRowRuns)
  }

  /// Deletes the rows `rows` of `section`, indexes **before** the update: the same as deleting
  /// their index paths, kept as one run however many rows it holds (an empty range records nothing).
  /// - Complexity: amortized O(1).
  public mutating func deleteRows(in rows: Range<Int>, section: Int) {
    guard !rows.isEmpty else { return }
    Self.append(rows.lowerBound...(rows.upperBound - 1), section: section, to: &deletedRowRuns)
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
