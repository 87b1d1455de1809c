import GRDB

/// One row as read: its key, its place in the order, its column values (to tell an edit) and
/// the app's record.
struct RecordRow<Record: Sendable>: Sendable {
  var key: DatabaseValue
  var sortKey: SortKey
  var values: [DatabaseValue]
  var record: Record
}

/// One page of a section: rows `key.index * pageSize ..< (key.index + 1) * pageSize`.
struct RecordPage<Record: Sendable>: Sendable, CachedPage {
  var key: PageKey
  var rows: [RecordRow<Record>]
}

/// A section as the source knows it: its value (of the section column) and its row count.
struct RecordSection: Sendable, Equatable {
  var value: DatabaseValue
  var count: Int
}
