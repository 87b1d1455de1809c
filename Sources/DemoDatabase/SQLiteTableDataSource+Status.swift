import DemoData
import TableViewCore

// What a demo's status line says about a table served from a database (both demos show it).

extension SQLiteTableDataSource {
  /// The status line's parts: the rows shown ("1,000,000 posts", or "\"quok\": 3 matches" under a
  /// search, "counting…" while later sections' matches are being counted), "searching…" while a
  /// search is read, the file's name, the pages cached and being read.
  /// - Complexity: O(1).
  public func statusParts() -> [String] {
    let total = tableView?.totalRowCount ?? 0
    var parts: [String] = []
    if let appliedFilter {
      parts.append("\"\(appliedFilter)\": \(total.grouped) \(total == 1 ? "match" : "matches")")
      if isCountingMatches { parts.append("counting…") }
    } else {
      parts.append("\(total.grouped) posts")
    }
    if filter != appliedFilter { parts.append("searching…") }
    parts.append(String(store.path.split(separator: "/").last ?? ""))
    parts.append("\(cachedPageCount) pages cached")
    if pagesInFlight > 0 { parts.append("\(pagesInFlight) reading") }
    return parts
  }
}
