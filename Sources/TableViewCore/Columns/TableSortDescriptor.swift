/// How rows are sorted by a column (AppKit's `NSSortDescriptor`, as a value): the column's key and the direction.
/// A table's `sortDescriptors` list them, the first deciding most.
public struct TableSortDescriptor: Sendable, Hashable {
  /// What the app sorts by (usually the column's identifier).
  public var key: String
  /// Smaller values first.
  public var ascending: Bool

  /// A descriptor.
  public init(key: String, ascending: Bool = true) {
    self.key = key
    self.ascending = ascending
  }

  /// The same key, the other way (AppKit's `reversedSortDescriptor`).
  public var reversed: TableSortDescriptor { TableSortDescriptor(key: key, ascending: !ascending) }
}
