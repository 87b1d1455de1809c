import GRDB
import TableViewSQLite

/// A browser's side index (``BrowserQuery/sortIndex(for:in:ordering:filter:warnings:)``) as its rows follow it:
/// started once the scan's first screen is counted (the two would share the cores), read through once built, built
/// again once the file changes under it, given up when it cannot be built.
public struct BrowserSortIndex {
  /// The index being built or read through (`nil`: none).
  public private(set) var index: SQLiteSortIndex?
  /// Whether the rows shown are read through the index (else by a scan for each page, until it is built).
  public private(set) var readsThroughIndex = false
  private var started = false

  /// No index.
  public init() {}

  /// Follows `index` from now on (the last one dropped).
  public mutating func follow(_ index: SQLiteSortIndex?) {
    drop()
    self.index = index
  }

  /// Cancels the index, if any (its side file removed): the rows are read by the scan again.
  public mutating func drop() {
    index?.cancel()
    index = nil
    readsThroughIndex = false
    started = false
  }

  /// A record's row key: the last value of every record (the plan's key column); through the side index the
  /// record ends with the row's key, its position, and the position again.
  public func key(of record: [DatabaseValue]) -> DatabaseValue {
    readsThroughIndex ? record[record.count - 3] : record.last ?? .null
  }

  /// What the browser does next (see ``step(sourceIsOpening:)``).
  public enum Step {
    /// Nothing yet.
    case none
    /// The index was built from rows the file no longer has (another program committed): never shown; the browser
    /// reads the rows again (and so builds a new index).
    case sortAgain
    /// The index is built: the rows are read through `request` from `reader` (the scan's row `r` is the index's
    /// position `r + 1`: the same order).
    case readThrough(request: SQLiteRecordRequest, reader: DatabaseQueue)
    /// The index cannot be built or read: the scan's order stays, with this message.
    case failed(String)
  }

  /// Starts the index once the rows are counted (`sourceIsOpening` false) and says what its state asks for.
  public mutating func step(sourceIsOpening: Bool) -> Step {
    guard let index else { return .none }
    if !started, !sourceIsOpening {
      started = true
      index.start()
    }
    switch index.state {
    case .ready where !index.isCurrent:
      return .sortAgain
    case .ready where !readsThroughIndex && !sourceIsOpening:
      // (While the scan's rows are counted, the rows on screen are not yet at their places.)
      do {
        let reader = try index.makeReader()
        readsThroughIndex = true
        return .readThrough(request: index.request, reader: reader)
      } catch {
        self.index = nil
        return .failed("\(error): each page is sorted by a scan of the table")
      }
    case .failed(let error):
      self.index = nil
      return .failed("\(error): each page is sorted by a scan of the table")
    default:
      return .none
    }
  }
}
