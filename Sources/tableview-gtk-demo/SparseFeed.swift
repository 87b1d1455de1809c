import DemoData
import TableViewCore

/// The feed's posts as the user changed them: the million computed posts (`FeedDataSet`), with
/// deletions, new posts and loaded pages kept per section, so memory grows with the changes, not
/// with the feed. An untouched section is a range of post numbers worked out on demand; a section
/// the user changed keeps its list of post numbers (a thousand at most, plus what was added).
///
///     var feed = SparseFeed(rowCount: 1_000_000)
///     feed.delete(IndexPath(row: 3, section: 0))   // section 0 now holds 999 numbers
///     let new = feed.insertNewPost(at: IndexPath(row: 0, section: 0))
///     feed.number(at: IndexPath(row: 0, section: 0)) == new    // true
struct SparseFeed {
  /// The number of computed posts the feed started with.
  let baseRowCount: Int
  /// The sections the user changed: their post numbers in order.
  private(set) var changedSections: [Int: [Int]] = [:]
  /// The number the next new post gets (new posts are numbered after the computed ones).
  private(set) var nextNumber: Int
  /// The posts the user marked, and those they marked read, by number.
  private(set) var marked: Set<Int> = []
  private(set) var read: Set<Int> = []
  /// The posts the user starred (from a row's context menu), by number.
  private(set) var starred: Set<Int> = []

  init(rowCount: Int) {
    baseRowCount = max(0, rowCount)
    nextNumber = baseRowCount
  }

  /// The sections: those of the computed feed (one, for an empty feed, to put new posts in).
  var numberOfSections: Int { max(1, FeedDataSet.numberOfSections(rowCount: baseRowCount)) }

  /// The posts in `section` now.
  func numberOfRows(inSection section: Int) -> Int {
    if let numbers = changedSections[section] { return numbers.count }
    guard section < FeedDataSet.numberOfSections(rowCount: baseRowCount) else { return 0 }
    return FeedDataSet.numberOfRows(inSection: section, rowCount: baseRowCount)
  }

  /// All the posts now.
  /// - Complexity: O(changed sections)
  var rowCount: Int {
    changedSections.reduce(baseRowCount) { total, entry in
      let base =
        entry.key < FeedDataSet.numberOfSections(rowCount: baseRowCount)
        ? FeedDataSet.numberOfRows(inSection: entry.key, rowCount: baseRowCount) : 0
      return total - base + entry.value.count
    }
  }

  /// The number of the post at `path` (numbers from `baseRowCount` on are posts the user added).
  func number(at path: IndexPath) -> Int {
    changedSections[path.section]?[path.row] ?? FeedDataSet.postNumber(section: path.section, row: path.row)
  }

  /// Whether post `number` is one the user added (New post, or a page loaded at the end).
  func isNew(_ number: Int) -> Bool { number >= baseRowCount }

  /// The post numbers of `section`, kept from now on.
  /// - Complexity: O(rows of the section) the first time.
  private mutating func change(_ section: Int, _ body: (inout [Int]) -> Void) {
    var numbers =
      changedSections[section]
      ?? (0..<numberOfRows(inSection: section)).map { FeedDataSet.postNumber(section: section, row: $0) }
    body(&numbers)
    changedSections[section] = numbers
  }

  /// Removes the post at `path`.
  mutating func delete(_ path: IndexPath) {
    let gone = number(at: path)
    marked.remove(gone)
    read.remove(gone)
    starred.remove(gone)
    change(path.section) { $0.remove(at: path.row) }
  }

  /// A new post at `path` (its row after the insertion); returns its number.
  @discardableResult
  mutating func insertNewPost(at path: IndexPath) -> Int {
    let new = nextNumber
    nextNumber += 1
    change(path.section) { $0.insert(new, at: path.row) }
    return new
  }

  /// Appends `count` new posts to the last section (a page loaded at the end); returns their paths.
  mutating func appendPage(_ count: Int) -> [IndexPath] {
    let section = numberOfSections - 1
    let first = numberOfRows(inSection: section)
    let numbers = (0..<count).map { nextNumber + $0 }
    nextNumber += count
    change(section) { $0 += numbers }
    return (first..<first + count).map { IndexPath(row: $0, section: section) }
  }

  /// Moves the post at `source` to `destination` (its row once moved: UIKit's `moveRowAt`), within its section
  /// or into another. Returns whether it moved (false for a path outside the feed).
  /// - Complexity: O(rows of the sections involved)
  @discardableResult
  mutating func movePost(from source: IndexPath, to destination: IndexPath) -> Bool {
    guard source.section >= 0, source.section < numberOfSections, source.row >= 0,
      source.row < numberOfRows(inSection: source.section), destination.section >= 0,
      destination.section < numberOfSections, destination.row >= 0
    else { return false }
    let room = numberOfRows(inSection: destination.section) - (destination.section == source.section ? 1 : 0)
    guard destination.row <= room else { return false }
    let moving = number(at: source)
    change(source.section) { $0.remove(at: source.row) }
    change(destination.section) { $0.insert(moving, at: destination.row) }
    return true
  }

  /// The rows before `path` in the whole feed (its row counted from the top of the first section).
  /// - Complexity: O(sections)
  func globalRow(of path: IndexPath) -> Int {
    (0..<min(path.section, numberOfSections)).reduce(path.row) { $0 + numberOfRows(inSection: $1) }
  }

  /// Stars or unstars post `number`.
  mutating func toggleStar(_ number: Int) {
    if starred.remove(number) == nil { starred.insert(number) }
  }

  /// Marks or unmarks post `number`.
  mutating func toggleMark(_ number: Int) {
    if marked.remove(number) == nil { marked.insert(number) }
  }

  /// Marks post `number` read or unread.
  mutating func toggleRead(_ number: Int) {
    if read.remove(number) == nil { read.insert(number) }
  }
}
