import TableViewCore

/// The feed as data the user can change: posts deleted, new posts inserted, pages appended, posts starred or
/// read. Posts are still computed from their numbers (`FeedPost(number:)`); only the sections the user touched
/// keep a list of the numbers they show, so a million-post feed costs nothing until it is edited, and each edit
/// costs one section's list at most.
///
///     var feed = EditableFeed(rowCount: 1_000_000)
///     feed.postNumber(at: IndexPath(row: 0, section: 0))        // 0
///     feed.removePost(at: IndexPath(row: 0, section: 0))        // 0: the first section now starts at post 1
///     feed.insertNewPost(at: IndexPath(row: 0, section: 0))     // 1_000_000: a new post, numbered after the rest
public struct EditableFeed: Sendable, Equatable {
  /// The posts the feed started with.
  public let initialRowCount: Int
  /// The number the next new post gets (new posts are numbered after every post there has been).
  public private(set) var nextPostNumber: Int
  /// The sections the user changed, by section: the numbers of the posts they show, in order.
  private var editedSections: [Int: [Int]] = [:]
  /// Posts marked with a star (by post number).
  public private(set) var starred: Set<Int> = []
  /// Posts marked as read (by post number).
  public private(set) var read: Set<Int> = []
  /// Posts with a checkmark (by post number): the GTK feed's Mark.
  public private(set) var marked: Set<Int> = []

  /// A feed of `rowCount` posts (none for zero or less) in sections of `FeedDataSet.rowsPerSection`.
  public init(rowCount: Int) {
    initialRowCount = max(0, rowCount)
    nextPostNumber = initialRowCount
  }

  /// The number of sections (it never changes: a section emptied by deletes stays, with its header).
  public var numberOfSections: Int { FeedDataSet.numberOfSections(rowCount: initialRowCount) }

  /// The number of posts in `section`; 0 for a section that does not exist.
  public func numberOfRows(inSection section: Int) -> Int {
    guard section >= 0, section < numberOfSections else { return 0 }
    if let numbers = editedSections[section] { return numbers.count }
    return FeedDataSet.numberOfRows(inSection: section, rowCount: initialRowCount)
  }

  /// The number of all posts.
  /// - Complexity: O(edited sections)
  public var totalRowCount: Int {
    var total = initialRowCount
    for (section, numbers) in editedSections {
      total += numbers.count - FeedDataSet.numberOfRows(inSection: section, rowCount: initialRowCount)
    }
    return total
  }

  /// Whether `indexPath` is a post of the feed.
  public func contains(_ indexPath: IndexPath) -> Bool {
    indexPath.row >= 0 && indexPath.row < numberOfRows(inSection: indexPath.section)
  }

  /// The number of the post at `indexPath`, or `nil` when there is no such post.
  public func postNumber(at indexPath: IndexPath) -> Int? {
    guard contains(indexPath) else { return nil }
    if let numbers = editedSections[indexPath.section] { return numbers[indexPath.row] }
    return FeedDataSet.postNumber(section: indexPath.section, row: indexPath.row)
  }

  /// The post at `indexPath`, or `nil` when there is no such post.
  public func post(at indexPath: IndexPath) -> FeedPost? {
    postNumber(at: indexPath).map { FeedPost(number: $0) }
  }

  /// The header's second line: the posts the section started with, or, once edited, how many it has now.
  public func headerDetail(section: Int) -> String {
    guard let numbers = editedSections[section] else {
      return FeedDataSet.headerDetail(section: section, rowCount: initialRowCount)
    }
    return "edited · \(numbers.count.grouped) 条"
  }

  /// Where the post numbered `number` is, looked for in `hint`'s section (where it was), then its neighbours.
  /// - Complexity: O(posts in those sections)
  public func indexPath(ofPost number: Int, near hint: IndexPath) -> IndexPath? {
    for section in [hint.section, hint.section - 1, hint.section + 1] where section >= 0 && section < numberOfSections {
      if let row = numbers(inSection: section).firstIndex(of: number) { return IndexPath(row: row, section: section) }
    }
    return nil
  }

  // MARK: Changes

  /// Deletes the post at `indexPath`.
  /// - Returns: The deleted post's number, or `nil` (and nothing changes) when there is no such post.
  /// - Complexity: O(posts in the section)
  @discardableResult
  public mutating func removePost(at indexPath: IndexPath) -> Int? {
    guard let number = postNumber(at: indexPath) else { return nil }
    var numbers = numbers(inSection: indexPath.section)
    numbers.remove(at: indexPath.row)
    editedSections[indexPath.section] = numbers
    starred.remove(number)
    read.remove(number)
    marked.remove(number)
    return number
  }

  /// Inserts a new post at `indexPath` (its row may be the section's count: at the end).
  /// - Returns: The new post's number, or `nil` (and nothing changes) for a place outside the feed or when the
  ///   post numbers would overflow.
  /// - Complexity: O(posts in the section)
  @discardableResult
  public mutating func insertNewPost(at indexPath: IndexPath) -> Int? {
    guard indexPath.section >= 0, indexPath.section < numberOfSections, indexPath.row >= 0,
      indexPath.row <= numberOfRows(inSection: indexPath.section), nextPostNumber < Int.max
    else { return nil }
    let number = nextPostNumber
    var numbers = numbers(inSection: indexPath.section)
    numbers.insert(number, at: indexPath.row)
    editedSections[indexPath.section] = numbers
    nextPostNumber += 1
    return number
  }

  /// Moves the post at `source` to `destination` (UIKit's `moveRowAt` index spaces: `destination` is where the
  /// post is after the move; its row may be the destination section's count without the post).
  /// - Returns: Whether it moved (nothing changes for a place outside the feed).
  /// - Complexity: O(posts in the two sections)
  @discardableResult
  public mutating func movePost(from source: IndexPath, to destination: IndexPath) -> Bool {
    guard contains(source), destination.section >= 0, destination.section < numberOfSections, destination.row >= 0
    else { return false }
    let count = numberOfRows(inSection: destination.section) - (destination.section == source.section ? 1 : 0)
    guard destination.row <= count else { return false }
    var from = numbers(inSection: source.section)
    let number = from.remove(at: source.row)
    if destination.section == source.section {
      from.insert(number, at: destination.row)
      editedSections[source.section] = from
    } else {
      var to = numbers(inSection: destination.section)
      to.insert(number, at: destination.row)
      editedSections[source.section] = from
      editedSections[destination.section] = to
    }
    return true
  }

  /// Appends `count` new posts to the last section ("load more").
  /// - Returns: Where they went; empty (nothing changes) when the feed has no section, `count` is not positive,
  ///   or the post numbers would overflow.
  /// - Complexity: O(posts in the last section + count)
  @discardableResult
  public mutating func appendPage(count: Int) -> [IndexPath] {
    guard count > 0, numberOfSections > 0, nextPostNumber <= Int.max - count else { return [] }
    let section = numberOfSections - 1
    var numbers = numbers(inSection: section)
    let first = numbers.count
    numbers.append(contentsOf: nextPostNumber..<(nextPostNumber + count))
    nextPostNumber += count
    editedSections[section] = numbers
    return (first..<(first + count)).map { IndexPath(row: $0, section: section) }
  }

  /// Stars the post numbered `number`, or takes its star away.
  public mutating func toggleStar(_ number: Int) {
    if starred.remove(number) == nil { starred.insert(number) }
  }

  /// Puts a checkmark on the post numbered `number`, or takes it away.
  public mutating func toggleMark(_ number: Int) {
    if marked.remove(number) == nil { marked.insert(number) }
  }

  /// Whether the post numbered `number` is one the user added (a new post, or a page loaded at the end).
  public func isNew(_ number: Int) -> Bool { number >= initialRowCount }

  /// The rows before `indexPath` in the whole feed (its row counted from the top of the first section).
  /// - Complexity: O(sections)
  public func globalRow(of indexPath: IndexPath) -> Int {
    (0..<min(max(0, indexPath.section), numberOfSections)).reduce(indexPath.row) { $0 + numberOfRows(inSection: $1) }
  }

  /// Marks the post numbered `number` read, or unread again.
  public mutating func toggleRead(_ number: Int) {
    if read.remove(number) == nil { read.insert(number) }
  }

  /// The numbers of the posts `section` shows now.
  private func numbers(inSection section: Int) -> [Int] {
    if let numbers = editedSections[section] { return numbers }
    let first = FeedDataSet.postNumber(section: section, row: 0)
    return Array(first..<(first + FeedDataSet.numberOfRows(inSection: section, rowCount: initialRowCount)))
  }

  /// How many sections keep a list of their own (the memory the edits cost, in sections).
  public var editedSectionCount: Int { editedSections.count }
}
