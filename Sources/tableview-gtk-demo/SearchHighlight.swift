import Foundation

/// Where a search's words occur in a post, to highlight them (`GTKLabel.highlightedRanges`): each word of the query
/// (FTS5's operators and quotes left out) wherever it occurs, case and accents ignored, as the FTS5 search matched
/// it (a word of the query matches the words that start with it: "quok" shows in "quokka").
enum SearchHighlight {
  /// FTS5's operators, which are no words of the text.
  static let operators: Set<String> = ["AND", "OR", "NOT", "NEAR"]

  /// The ranges of `text` where the words of `query` occur, in order.
  static func ranges(of query: String, in text: String) -> [Range<String.Index>] {
    let words = query.split(whereSeparator: \.isWhitespace)
      .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"*()^+-:")) }
      .filter { !$0.isEmpty && !operators.contains($0) }
    var ranges: [Range<String.Index>] = []
    for word in words {
      var start = text.startIndex
      while start < text.endIndex,
        let found = text.range(
          of: word, options: [.caseInsensitive, .diacriticInsensitive], range: start..<text.endIndex)
      {
        ranges.append(found)
        start = found.upperBound
      }
    }
    return ranges.sorted { $0.lowerBound < $1.lowerBound }
  }
}
