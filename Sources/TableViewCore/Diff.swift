// Paul Heckel's linear-time diff ("A technique for isolating differences between files",
// CACM 1978), as IGListKit's IGListDiff implements it, duplicates and moves included.

/// The difference between two lists of identifiers, in UIKit's batch-update index spaces.
///
/// Deletes are old indexes, inserts new indexes, moves go from an old index to a new index and
/// updates are old indexes. Applying the deletes, inserts and moves with UIKit's semantics (see
/// ``batchUpdate(fromSection:toSection:)``) turns the old list into the new one.
public struct DiffResult: Hashable, Sendable, CustomStringConvertible {
  /// An element that is in both lists, moved from an old index to a new index.
  public struct Move: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The index in the old list.
    public var from: Int
    /// The index in the new list.
    public var to: Int
    /// Creates a move.
    public init(from: Int, to: Int) {
      self.from = from
      self.to = to
    }
    /// Orders by `from`, then `to`.
    public static func < (lhs: Move, rhs: Move) -> Bool {
      lhs.from != rhs.from ? lhs.from < rhs.from : lhs.to < rhs.to
    }
    /// `from -> to`.
    public var description: String { "\(from) -> \(to)" }
  }

  /// Indexes in the old list of the elements that are not in the new one, ascending.
  public let deletes: [Int]
  /// Indexes in the new list of the elements that are not in the old one, ascending.
  public let inserts: [Int]
  /// Elements in both lists whose position changed relative to the others, by ascending new
  /// index.
  ///
  /// As in IGListKit, an element is moved when its old index, less the deletes before it, plus
  /// the inserts before its new index, is not its new index; so swapping two neighbours gives
  /// two moves, and moving one element across *k* others gives up to *k* + 1 moves.
  public let moves: [Move]
  /// Indexes in the old list of the elements in both lists whose content changed (according to
  /// the `isEqual` predicate given to ``diff(old:new:id:isEqual:)``), ascending. An element may
  /// be both moved and updated.
  public let updates: [Int]

  /// Creates a result (normally returned by ``diff(old:new:)``).
  public init(deletes: [Int], inserts: [Int], moves: [Move], updates: [Int]) {
    self.deletes = deletes
    self.inserts = inserts
    self.moves = moves
    self.updates = updates
  }

  /// Whether the two lists differ at all.
  public var hasChanges: Bool { changeCount > 0 }

  /// The number of deletes, inserts, moves and updates.
  public var changeCount: Int { deletes.count + inserts.count + moves.count + updates.count }

  /// The rows of one section as a batch update that validates against the old and new counts.
  ///
  /// Deletes, inserts and moves carry over; an update becomes a row reload, except for an
  /// element both moved and updated, which becomes a delete and an insert (UIKit cannot reload
  /// a moved row, IGListKit's `resultForBatchUpdates` does the same).
  ///
  /// - Parameters:
  ///   - fromSection: The section before the update (for deletes, reloads and move sources).
  ///   - toSection: The section after the update (for inserts and move destinations); by
  ///     default `fromSection`.
  /// - Complexity: O(*c* log *c*) for *c* changes.
  public func batchUpdate(fromSection: Int = 0, toSection: Int? = nil) -> BatchUpdate {
    let toSection = toSection ?? fromSection
    let updated = Set(updates)
    var movedAndUpdated = Set<Int>()
    var update = BatchUpdate()
    update.deleteRows(at: deletes.map { IndexPath(row: $0, section: fromSection) })
    update.insertRows(at: inserts.map { IndexPath(row: $0, section: toSection) })
    for move in moves {
      if updated.contains(move.from) {
        movedAndUpdated.insert(move.from)
        update.deleteRows(at: [IndexPath(row: move.from, section: fromSection)])
        update.insertRows(at: [IndexPath(row: move.to, section: toSection)])
      } else {
        update.moveRow(
          at: IndexPath(row: move.from, section: fromSection), to: IndexPath(row: move.to, section: toSection))
      }
    }
    let reloads = updates.filter { !movedAndUpdated.contains($0) }
    update.reloadRows(at: reloads.map { IndexPath(row: $0, section: fromSection) })
    return update
  }

  /// A summary such as `deletes [1], inserts [0], moves [2 -> 3], updates []`.
  public var description: String {
    "deletes \(deletes), inserts \(inserts), moves \(moves), updates \(updates)"
  }
}

/// The difference between two lists of identifiers, with Heckel's linear-time algorithm (as
/// IGListKit's `IGListDiff`).
///
/// Identifiers may repeat: the *i*-th occurrence of an identifier in the new list is matched
/// with its *i*-th occurrence in the old list; occurrences left over are deletes or inserts.
///
///     let result = diff(old: ["a", "b", "c"], new: ["b", "c", "d"])
///     // deletes [0], inserts [2], moves [], updates []
///
/// - Complexity: O(*n* + *m*) expected, for lists of *n* and *m* identifiers.
public func diff<ID: Hashable>(old: [ID], new: [ID]) -> DiffResult {
  diff(old: old, new: new, id: { $0 }, isEqual: { _, _ in true })
}

/// The difference between two lists of elements identified by `id`, with updates for the
/// elements `isEqual` says changed, with Heckel's linear-time algorithm (as IGListKit's
/// `IGListDiff` with `IGListDiffEquality`).
///
/// - Parameters:
///   - old: The list before.
///   - new: The list after.
///   - id: The identity of an element: elements with the same identity are the same element.
///   - isEqual: Whether the old and new versions of an element have the same content; when
///     not, the element is reported in ``DiffResult/updates``. As in IGListKit, when an
///     identifier repeats, an update of one occurrence marks every matched occurrence updated.
/// - Complexity: O(*n* + *m*) expected calls to `id` and `isEqual` and hash-table operations,
///   for lists of *n* and *m* elements.
public func diff<Element, ID: Hashable>(
  old: [Element], new: [Element], id: (Element) -> ID, isEqual: (Element, Element) -> Bool
) -> DiffResult {
  // The symbol table: one entry per identifier.
  var table: [ID: Int] = [:]
  var entries: [HeckelEntry] = []
  func entry(for key: ID) -> Int {
    if let index = table[key] { return index }
    table[key] = entries.count
    entries.append(HeckelEntry())
    return entries.count - 1
  }

  // Pass 1: an entry for every element of the new list.
  var newEntries = [Int](repeating: 0, count: new.count)
  for index in new.indices {
    let slot = entry(for: id(new[index]))
    entries[slot].oldIndexes.append(-1)
    newEntries[index] = slot
  }
  // Pass 2: the old list, descending, so that the stack yields old indexes ascending.
  for index in old.indices.reversed() {
    let slot = entry(for: id(old[index]))
    entries[slot].oldIndexes.append(index)
  }
  // Pass 3: match occurrences in both lists.
  var newMatch = [Int](repeating: -1, count: new.count)
  var oldMatch = [Int](repeating: -1, count: old.count)
  for index in new.indices {
    let slot = newEntries[index]
    let original = entries[slot].oldIndexes.removeLast()
    guard original >= 0 else { continue }
    if !isEqual(old[original], new[index]) { entries[slot].updated = true }
    newMatch[index] = original
    oldMatch[original] = index
  }

  // Deletes, with the number of deletes before each old index.
  var deletes: [Int] = []
  var deletesBefore = [Int](repeating: 0, count: old.count)
  for index in old.indices {
    deletesBefore[index] = deletes.count
    if oldMatch[index] < 0 { deletes.append(index) }
  }
  // Inserts, updates and moves.
  var inserts: [Int] = []
  var moves: [DiffResult.Move] = []
  var updated = [Bool](repeating: false, count: old.count)
  for index in new.indices {
    let original = newMatch[index]
    guard original >= 0 else {
      inserts.append(index)
      continue
    }
    if entries[newEntries[index]].updated { updated[original] = true }
    if original - deletesBefore[original] + inserts.count != index {
      moves.append(DiffResult.Move(from: original, to: index))
    }
  }
  let updates = old.indices.filter { updated[$0] }
  return DiffResult(deletes: deletes, inserts: inserts, moves: moves, updates: updates)
}

/// An entry of the symbol table of ``diff(old:new:id:isEqual:)``: one per identifier.
private struct HeckelEntry {
  /// A stack of old indexes, -1 standing for an occurrence in the new list only.
  var oldIndexes: [Int] = []
  var updated = false
}
