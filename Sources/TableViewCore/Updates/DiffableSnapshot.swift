/// The identifiers of a table's sections and rows at one moment, as UIKit's
/// `NSDiffableDataSourceSnapshot`: build the next state with identifiers, and
/// ``batchUpdate(from:)`` computes the batch update that animates from the previous one.
///
/// Identifiers are unique: a section identifier appears once, an item identifier once in the
/// whole snapshot. Where UIKit raises an exception (a duplicate identifier, an unknown one),
/// the snapshot throws a ``TableViewError`` of kind ``TableViewError/Kind/invalidArgument``
/// that names the identifier, and stays unchanged.
///
///     var snapshot = DiffableSnapshot<String, Int>()
///     try snapshot.appendSections(["main"])
///     try snapshot.appendItems([1, 2, 3])
///     var next = snapshot
///     try next.deleteItems([2])
///     try next.moveItem(3, beforeItem: 1)
///     let update = next.batchUpdate(from: snapshot)
///     let plan = try update.plan(oldRowCounts: snapshot.rowCounts, newRowCounts: next.rowCounts)
public struct DiffableSnapshot<SectionID: Hashable, ItemID: Hashable>: Equatable {
  /// Section identifiers, in order.
  @usableFromInline var sections: [SectionID] = []
  /// Item identifiers of each section, in order.
  @usableFromInline var items: [[ItemID]] = []
  /// The index of each section.
  @usableFromInline var sectionIndexes: [SectionID: Int] = [:]
  /// The section of each item.
  @usableFromInline var sectionOfItem: [ItemID: SectionID] = [:]

  /// The items marked with ``reloadItems(_:)``.
  public internal(set) var reloadedItemIdentifiers: Set<ItemID> = []
  /// The sections marked with ``reloadSections(_:)``.
  public internal(set) var reloadedSectionIdentifiers: Set<SectionID> = []

  /// Creates an empty snapshot.
  public init() {}

  // MARK: Queries

  /// The number of sections.
  public var numberOfSections: Int { sections.count }

  /// The number of items, in all sections.
  public var numberOfItems: Int { sectionOfItem.count }

  /// The section identifiers, in order.
  public var sectionIdentifiers: [SectionID] { sections }

  /// All item identifiers, section after section.
  /// - Complexity: O(*n*) for *n* items.
  public var itemIdentifiers: [ItemID] { Array(items.joined()) }

  /// The number of items of each section, in order: the row counts of a table showing this
  /// snapshot.
  /// - Complexity: O(*s*) for *s* sections.
  public var rowCounts: [Int] { items.map(\.count) }

  /// The item identifiers of a section, in order.
  /// - Throws: ``TableViewError/Kind/invalidArgument`` if the section is not in the snapshot.
  public func itemIdentifiers(inSection section: SectionID) throws(TableViewError) -> [ItemID] {
    items[try index(of: section)]
  }

  /// The number of items of a section.
  /// - Throws: ``TableViewError/Kind/invalidArgument`` if the section is not in the snapshot.
  public func numberOfItems(inSection section: SectionID) throws(TableViewError) -> Int {
    items[try index(of: section)].count
  }

  /// The index of a section, or `nil` if it is not in the snapshot.
  /// - Complexity: O(1).
  public func indexOfSection(_ section: SectionID) -> Int? {
    sectionIndexes[section]
  }

  /// The index of an item in ``itemIdentifiers`` (all sections, in order), or `nil` if it is
  /// not in the snapshot.
  /// - Complexity: O(*s* + *r*) for *s* sections and *r* items in the item's section.
  public func indexOfItem(_ item: ItemID) -> Int? {
    guard let path = indexPath(ofItem: item) else { return nil }
    return items[..<path.section].reduce(path.row) { $0 + $1.count }
  }

  /// The index path of an item, or `nil` if it is not in the snapshot.
  /// - Complexity: O(*r*) for *r* items in the item's section.
  public func indexPath(ofItem item: ItemID) -> IndexPath? {
    guard let section = sectionOfItem[item], let sectionIndex = sectionIndexes[section],
      let row = items[sectionIndex].firstIndex(of: item)
    else { return nil }
    return IndexPath(row: row, section: sectionIndex)
  }

  /// The section containing an item, or `nil` if the item is not in the snapshot.
  /// - Complexity: O(1).
  public func sectionIdentifier(containingItem item: ItemID) -> SectionID? {
    sectionOfItem[item]
  }

  // MARK: Sections

  /// Appends sections, empty, after the last one.
  /// - Throws: ``TableViewError/Kind/invalidArgument`` naming a duplicate identifier.
  /// - Complexity: O(*k*) for *k* identifiers.
  public mutating func appendSections(_ identifiers: [SectionID]) throws(TableViewError) {
    try insertSections(identifiers, at: sections.count)
  }

  /// Inserts sections, empty, before a section.
  /// - Throws: ``TableViewError/Kind/invalidArgument`` naming a duplicate identifier or an
  ///   unknown `beforeSection`.
  /// - Complexity: O(*s* + *k*) for *s* sections and *k* identifiers.
  public mutating func insertSections(_ identifiers: [SectionID], beforeSection: SectionID) throws(TableViewError) {
    try insertSections(identifiers, at: try index(of: beforeSection))
  }

  /// Inserts sections, empty, after a section.
  /// - Throws: ``TableViewError/Kind/invalidArgument`` naming a duplicate identifier or an
  ///   unknown `afterSection`.
  /// - Complexity: O(*s* + *k*) for *s* sections and *k* identifiers.
  public mutating func insertSections(_ identifiers: [SectionID], afterSection: SectionID) throws(TableViewError) {
    try insertSections(identifiers, at: try index(of: afterSection) + 1)
  }

  /// Deletes sections and their items.
  /// - Throws: ``TableViewError/Kind/invalidArgument`` naming an unknown section.
  /// - Complexity: O(*s* + *k* + *r*) for *s* sections, *k* identifiers and *r* items in the deleted sections.
  public mutating func deleteSections(_ identifiers: [SectionID]) throws(TableViewError) {
    for section in identifiers { _ = try index(of: section) }
    let doomed = Set(identifiers)
    for section in doomed {
      for item in items[sectionIndexes[section]!] {
        sectionOfItem[item] = nil
        reloadedItemIdentifiers.remove(item)
      }
      reloadedSectionIdentifiers.remove(section)
    }
    let kept = sections.indices.filter { !doomed.contains(sections[$0]) }
    sections = kept.map { sections[$0] }
    items = kept.map { items[$0] }
    reindexSections(from: 0)
  }

  /// Moves a section, with its items, before another.
  /// - Throws: ``TableViewError/Kind/invalidArgument`` naming an unknown section, or if both
  ///   are the same.
  /// - Complexity: O(*s*) for *s* sections.
  public mutating func moveSection(_ section: SectionID, beforeSection: SectionID) throws(TableViewError) {
    try moveSection(section, relativeTo: beforeSection, after: false)
  }

  /// Moves a section, with its items, after another.
  /// - Throws: ``TableViewError/Kind/invalidArgument`` naming an unknown section, or if both
  ///   are the same.
  /// - Complexity: O(*s*) for *s* sections.
  public mutating func moveSection(_ section: SectionID, afterSection: SectionID) throws(TableViewError) {
    try moveSection(section, relativeTo: afterSection, after: true)
  }

  /// Marks sections as reloaded: ``batchUpdate(from:)`` reloads them (all their rows are new).
  /// - Throws: ``TableViewError/Kind/invalidArgument`` naming an unknown section.
  /// - Complexity: O(*k*) for *k* identifiers.
  public mutating func reloadSections(_ identifiers: [SectionID]) throws(TableViewError) {
    for section in identifiers { _ = try index(of: section) }
    reloadedSectionIdentifiers.formUnion(identifiers)
  }

  // MARK: Items

  /// Appends items at the end of a section, by default the last one.
  /// - Throws: ``TableViewError/Kind/invalidArgument`` naming a duplicate identifier or an
  ///   unknown section, or if there is no section.
  /// - Complexity: O(*k*) for *k* identifiers.
  @inlinable
  public mutating func appendItems(_ identifiers: [ItemID], toSection section: SectionID? = nil) throws(TableViewError)
  {
    let sectionIndex: Int
    if let section {
      sectionIndex = try index(of: section)
    } else {
      guard !sections.isEmpty else {
        throw TableViewError(.invalidArgument, "There are no sections in the snapshot to append items to")
      }
      sectionIndex = sections.count - 1
    }
    try insertItems(identifiers, section: sectionIndex, at: items[sectionIndex].count)
  }

  /// Inserts items before an item.
  /// - Throws: ``TableViewError/Kind/invalidArgument`` naming a duplicate identifier or an
  ///   unknown `beforeItem`.
  /// - Complexity: O(*r* + *k*) for *r* items in the section and *k* identifiers.
  public mutating func insertItems(_ identifiers: [ItemID], beforeItem: ItemID) throws(TableViewError) {
    let path = try indexPath(of: beforeItem)
    try insertItems(identifiers, section: path.section, at: path.row)
  }

  /// Inserts items after an item.
  /// - Throws: ``TableViewError/Kind/invalidArgument`` naming a duplicate identifier or an
  ///   unknown `afterItem`.
  /// - Complexity: O(*r* + *k*) for *r* items in the section and *k* identifiers.
  public mutating func insertItems(_ identifiers: [ItemID], afterItem: ItemID) throws(TableViewError) {
    let path = try indexPath(of: afterItem)
    try insertItems(identifiers, section: path.section, at: path.row + 1)
  }

  /// Deletes items.
  /// - Throws: ``TableViewError/Kind/invalidArgument`` naming an unknown item.
  /// - Complexity: O(*k* + *r*) for *k* identifiers and *r* items in their sections.
  public mutating func deleteItems(_ identifiers: [ItemID]) throws(TableViewError) {
    for item in identifiers where sectionOfItem[item] == nil {
      throw TableViewError(.invalidArgument, "Unknown item identifier \(item): it is not in the snapshot")
    }
    var doomedBySection: [Int: Set<ItemID>] = [:]
    for item in identifiers {
      doomedBySection[sectionIndexes[sectionOfItem[item]!]!, default: []].insert(item)
    }
    for (section, doomed) in doomedBySection {
      items[section].removeAll { doomed.contains($0) }
      for item in doomed {
        sectionOfItem[item] = nil
        reloadedItemIdentifiers.remove(item)
      }
    }
  }

  /// Deletes every section and item.
  public mutating func deleteAllItems() {
    self = DiffableSnapshot()
  }

  /// Moves an item before another (possibly in another section).
  /// - Throws: ``TableViewError/Kind/invalidArgument`` naming an unknown item, or if both are
  ///   the same.
  /// - Complexity: O(*r*) for *r* items in the two sections.
  public mutating func moveItem(_ item: ItemID, beforeItem: ItemID) throws(TableViewError) {
    try moveItem(item, relativeTo: beforeItem, after: false)
  }

  /// Moves an item after another (possibly in another section).
  /// - Throws: ``TableViewError/Kind/invalidArgument`` naming an unknown item, or if both are
  ///   the same.
  /// - Complexity: O(*r*) for *r* items in the two sections.
  public mutating func moveItem(_ item: ItemID, afterItem: ItemID) throws(TableViewError) {
    try moveItem(item, relativeTo: afterItem, after: true)
  }

  /// Marks items as reloaded: ``batchUpdate(from:)`` reloads their rows.
  /// - Throws: ``TableViewError/Kind/invalidArgument`` naming an unknown item.
  /// - Complexity: O(*k*) for *k* identifiers.
  public mutating func reloadItems(_ identifiers: [ItemID]) throws(TableViewError) {
    for item in identifiers where sectionOfItem[item] == nil {
      throw TableViewError(.invalidArgument, "Unknown item identifier \(item): it is not in the snapshot")
    }
    reloadedItemIdentifiers.formUnion(identifiers)
  }

  // MARK: Private

  @usableFromInline
  func index(of section: SectionID) throws(TableViewError) -> Int {
    guard let index = sectionIndexes[section] else {
      throw TableViewError(.invalidArgument, "Unknown section identifier \(section): it is not in the snapshot")
    }
    return index
  }

  private func indexPath(of item: ItemID) throws(TableViewError) -> IndexPath {
    guard let path = indexPath(ofItem: item) else {
      throw TableViewError(.invalidArgument, "Unknown item identifier \(item): it is not in the snapshot")
    }
    return path
  }

  private mutating func reindexSections(from start: Int) {
    if start == 0 { sectionIndexes.removeAll(keepingCapacity: true) }
    for index in start..<sections.count { sectionIndexes[sections[index]] = index }
  }

  private mutating func insertSections(_ identifiers: [SectionID], at index: Int) throws(TableViewError) {
    var seen = Set<SectionID>()
    for section in identifiers {
      if sectionIndexes[section] != nil {
        throw TableViewError(
          .invalidArgument, "Duplicate section identifier \(section): it is already in the snapshot")
      }
      if !seen.insert(section).inserted {
        throw TableViewError(
          .invalidArgument, "Duplicate section identifier \(section): it appears more than once in the sections to add")
      }
    }
    sections.insert(contentsOf: identifiers, at: index)
    items.insert(contentsOf: repeatElement([], count: identifiers.count), at: index)
    reindexSections(from: index)
  }

  /// Inserts `identifiers` in section `section` at `row`, or throws and changes nothing when one
  /// is already in the snapshot or appears twice. One hash operation per item (inlinable, so that
  /// it is specialized for the identifier type: a snapshot of a million items is built in the
  /// caller's module).
  @inlinable
  mutating func insertItems(_ identifiers: [ItemID], section: Int, at row: Int) throws(TableViewError) {
    let sectionID = sections[section]
    sectionOfItem.reserveCapacity(sectionOfItem.count + identifiers.count)
    for (position, item) in identifiers.enumerated() {
      guard let existing = sectionOfItem.updateValue(sectionID, forKey: item) else { continue }
      // Undo: the items added so far, then the one found (it keeps its section).
      for added in identifiers[..<position] { sectionOfItem[added] = nil }
      if identifiers[..<position].contains(item) {
        throw TableViewError(
          .invalidArgument, "Duplicate item identifier \(item): it appears more than once in the items to add")
      }
      sectionOfItem[item] = existing
      throw TableViewError(
        .invalidArgument, "Duplicate item identifier \(item): it is already in the snapshot, in section \(existing)")
    }
    items[section].insert(contentsOf: identifiers, at: row)
  }

  private mutating func moveSection(_ section: SectionID, relativeTo target: SectionID, after: Bool)
    throws(TableViewError)
  {
    let from = try index(of: section)
    _ = try index(of: target)
    guard section != target else {
      throw TableViewError(.invalidArgument, "Cannot move section \(section) relative to itself")
    }
    let rows = items.remove(at: from)
    sections.remove(at: from)
    sectionIndexes[section] = nil
    reindexSections(from: 0)
    let to = sectionIndexes[target]! + (after ? 1 : 0)
    sections.insert(section, at: to)
    items.insert(rows, at: to)
    reindexSections(from: min(from, to))
  }

  private mutating func moveItem(_ item: ItemID, relativeTo target: ItemID, after: Bool) throws(TableViewError) {
    let from = try indexPath(of: item)
    _ = try indexPath(of: target)
    guard item != target else {
      throw TableViewError(.invalidArgument, "Cannot move item \(item) relative to itself")
    }
    items[from.section].remove(at: from.row)
    let to = try indexPath(of: target)
    items[to.section].insert(item, at: to.row + (after ? 1 : 0))
    sectionOfItem[item] = sections[to.section]
  }
}

extension DiffableSnapshot: Sendable where SectionID: Sendable, ItemID: Sendable {}
