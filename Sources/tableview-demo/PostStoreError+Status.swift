import DemoDatabase
import TableViewSQLite

extension PostStoreError {
  /// What the status line says: the message alone when it names the file itself (deleted or replaced by
  /// another program: the line has no room for a long path before it), else the path and the message.
  var statusText: String { kind == .fileDeletedOrReplaced ? message : description }
}
