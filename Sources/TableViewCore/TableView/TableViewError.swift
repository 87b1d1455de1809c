/// An error the table reports instead of crashing or silently laying out wrong.
///
/// Every error carries a message that names the offending values, in the spirit of
/// UIKit's "Invalid update: invalid number of rows in section 0 …".
public struct TableViewError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong, coarsely, for code that wants to branch on it.
  public enum Kind: Equatable, Sendable {
    /// A batch update whose counts do not add up, or whose operations conflict.
    case invalidUpdate
    /// An index path or section outside the table.
    case indexOutOfRange
    /// A height (or estimate) that is NaN, infinite, negative or, for a measurement, zero.
    case invalidHeight
    /// The data source answered something impossible (a negative count, a cell for the wrong identifier…).
    case invalidDataSource
    /// `reloadData()` (or an update) called while the table is asking its data source.
    case reentrantUpdate
    /// A dequeue for an identifier nothing was registered for.
    case unregisteredIdentifier
    /// An argument outside its documented domain (a picker with zero components, an empty range…).
    case invalidArgument
  }

  /// The category of the error.
  public let kind: Kind
  /// A human-readable explanation naming the values involved.
  public let message: String

  /// Creates an error.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
