import Foundation
import GRDB

/// Where a ``SQLiteRecordDataSource`` opens (or scrolls to): the rows around it are read first.
public enum SQLiteRecordAnchor: Sendable, Equatable {
  /// The first row, at the top.
  case first
  /// The last row, at the bottom (a chat, a log).
  case last
  /// The row with this key, at the top (the first row if there is none).
  case key(DatabaseValue)
  /// The row at this index path (clamped to the rows there are), at the top. Reaching a row far
  /// from both ends of its section reads the keys in between (the order's columns only).
  case position(IndexPath)
}
