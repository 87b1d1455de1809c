/// Inserts, edits and deletes posts at random, one transaction each — a second process for
/// watching a live table (`tableview-demo --db PATH --writer`) and for tests. The same seed makes
/// the same choices on the same database.
///
///     var writer = RandomPostWriter(seed: 7)
///     while running { print(try writer.step(store)); sleep(1) }   // "insert 1000001 in section 3"
public struct RandomPostWriter: Sendable {
  /// What one step did.
  public enum Change: Sendable, Equatable, CustomStringConvertible {
    /// A post inserted into a section.
    case inserted(id: Int64, section: Int)
    /// A post's body replaced.
    case edited(id: Int64, section: Int)
    /// A post deleted.
    case deleted(id: Int64, section: Int)

    /// One line: "insert 1000001 in section 3", "edit 42 in section 0", "delete 7 in section 0".
    public var description: String {
      switch self {
      case .inserted(let id, let section): "insert \(id) in section \(section)"
      case .edited(let id, let section): "edit \(id) in section \(section)"
      case .deleted(let id, let section): "delete \(id) in section \(section)"
      }
    }
  }

  private var state: UInt64
  /// Steps taken so far.
  public private(set) var steps = 0

  /// A writer whose choices follow `seed`.
  public init(seed: UInt64) {
    state = seed &+ 0x9E37_79B9_7F4A_7C15
  }

  /// A number below `bound` (a linear congruential generator: small and deterministic).
  mutating func next(_ bound: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((state >> 33) % UInt64(max(1, bound)))
  }

  /// Does one change in a random section: an insertion (at the top, the bottom, or after a random
  /// post), an edit (a new body of random length: the row's height changes) or a deletion; an
  /// empty section always gets an insertion.
  /// - Throws: ``PostStoreError`` (`.other` when the database has no sections).
  /// - Complexity: O(rows of the chosen section) to choose a row.
  public mutating func step(_ store: PostStore) throws(PostStoreError) -> Change {
    let states = try store.sectionStates()
    guard !states.isEmpty else {
      throw PostStoreError(.other, path: store.path, message: "the database has no sections")
    }
    let op = steps
    steps += 1
    let section = next(states.count)
    let ids = try store.postIDs(inSection: section)
    let kind = ids.isEmpty ? 0 : next(3)
    switch kind {
    case 0:
      var point = PostStore.InsertionPoint.bottom
      let place = next(3)
      if !ids.isEmpty && place == 0 { point = .top }
      if !ids.isEmpty && place == 1 { point = .after(ids[next(ids.count)]) }
      let words = String(repeating: "word ", count: next(40))
      let post = try store.insert(section: section, author: "writer", body: "inserted, op \(op): \(words)", at: point)
      return .inserted(id: post.id, section: section)
    case 1:
      let id = ids[next(ids.count)]
      let words = String(repeating: "longer ", count: next(60))
      try store.edit(id: id, body: "edited, op \(op): \(words)")
      return .edited(id: id, section: section)
    default:
      let id = ids[next(ids.count)]
      try store.delete(id: id)
      return .deleted(id: id, section: section)
    }
  }
}
