import GRDB

/// The changes a user may make to the rows of a ``SQLiteRecordDataSource``, as closures the app
/// gives: each runs in a write transaction on the database's writer, off the owner's thread. The
/// table shows the change at once; when the closure throws (or the database refuses the write: a
/// read-only file, a lock held too long, a constraint), the change is undone with an animation and
/// reported (``SQLiteRecordError/writeFailed(_:message:)``).
///
///     source.writes = SQLiteRecordWrites(
///       delete: { db, key in try db.execute(sql: "DELETE FROM issue WHERE id = ?", arguments: [key]) },
///       move: { db, move in try Issue.move(db, move) })
public struct SQLiteRecordWrites: Sendable {
  /// Deletes the row with this key. With it, rows can be deleted (swipe to delete, edit mode's
  /// control, ``SQLiteRecordDataSource/deleteRow(at:)``).
  public var delete: (@Sendable (Database, DatabaseValue) throws -> Void)?
  /// Gives a row its new place: its section's value and its new neighbours (write the order's
  /// and the section's columns so that the query puts it there). With it, rows can be moved.
  public var move: (@Sendable (Database, SQLiteRecordMove) throws -> Void)?

  /// Writes that delete and move rows (either may be `nil`: that change is not offered).
  public init(
    delete: (@Sendable (Database, DatabaseValue) throws -> Void)? = nil,
    move: (@Sendable (Database, SQLiteRecordMove) throws -> Void)? = nil
  ) {
    self.delete = delete
    self.move = move
  }
}

/// Where the user dropped a row: between `previousKey` and `nextKey` (`nil`: the top or the end
/// of the section) in the section whose value is `sectionValue`.
public struct SQLiteRecordMove: Sendable, Equatable {
  /// The moved row's key.
  public var key: DatabaseValue
  /// The value of the section column of its new section (`NULL` without sections).
  public var sectionValue: DatabaseValue
  /// The key of the row now above it in its section, `nil` at the top.
  public var previousKey: DatabaseValue?
  /// The key of the row now below it in its section, `nil` at the end.
  public var nextKey: DatabaseValue?

  /// A move.
  public init(key: DatabaseValue, sectionValue: DatabaseValue, previousKey: DatabaseValue?, nextKey: DatabaseValue?) {
    self.key = key
    self.sectionValue = sectionValue
    self.previousKey = previousKey
    self.nextKey = nextKey
  }
}
