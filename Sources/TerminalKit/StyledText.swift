/// Text with styled ranges (the terminal's `NSAttributedString`): runs of text, each drawn in its own style or in
/// the style of the view that shows it. It wraps as plain text does (``TextWrap``), and each character keeps its
/// run's style on whatever line it lands.
///
///     var text = StyledText("Found ")
///     text.append("3 matches", style: Style(foreground: .yellow, attributes: .bold))
///     text.append(" in the log")
///     label.attributedText = text
public struct StyledText: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// A run of text in one style.
  public struct Run: Hashable, Sendable {
    /// The run's text.
    public var text: String
    /// Its style; `nil`: the style of the view that shows it.
    public var style: Style?

    /// A run.
    public init(_ text: String, style: Style? = nil) {
      self.text = text
      self.style = style
    }
  }

  /// The runs, in order.
  public private(set) var runs: [Run] = []

  /// Empty text.
  public init() {}

  /// One run.
  public init(_ text: String, style: Style? = nil) {
    append(text, style: style)
  }

  /// Unstyled text.
  public init(stringLiteral value: String) {
    append(value)
  }

  /// Adds a run at the end (nothing for empty text).
  public mutating func append(_ text: String, style: Style? = nil) {
    guard !text.isEmpty else { return }
    runs.append(Run(text, style: style))
  }

  /// The runs of `other` added at the end.
  public mutating func append(_ other: StyledText) {
    runs += other.runs
  }

  /// The text without its styles.
  public var string: String { runs.map(\.text).joined() }

  /// The text without its styles.
  public var description: String { string }

  /// Two texts, one after the other.
  public static func + (lhs: StyledText, rhs: StyledText) -> StyledText {
    var result = lhs
    result.append(rhs)
    return result
  }

  /// The text wrapped to `width` cells as ``TextWrap/wrap(_:width:maxLines:ellipsis:)`` wraps ``string``, each
  /// line as runs in their styles (the ellipsis of a cut-off line in the style of the character before it).
  /// - Complexity: O(text length); with `maxLines`, O(the characters the lines take).
  public func wrapped(width: Int, maxLines: Int? = nil) -> [StyledText] {
    let lines = TextWrap.wrap(string, width: width, maxLines: maxLines)
    // Every character of the source in order with its style; the lines hold the same characters in the same
    // order, less the ones wrapping drops (spaces at breaks, control characters) and with tabs as spaces.
    // Read as far as the lines need (a line limit reads a prefix of a huge text, not all of it).
    var source: [(character: Character, style: Style?)] = []
    var runIndex = 0
    var runPosition = runs.first?.text.startIndex
    /// Whether the source has a character at `index`, reading more of the runs when it must.
    func has(_ index: Int) -> Bool {
      while source.count <= index, runIndex < runs.count {
        let run = runs[runIndex]
        if let position = runPosition, position < run.text.endIndex {
          source.append((run.text[position], run.style))
          runPosition = run.text.index(after: position)
        } else {
          runIndex += 1
          runPosition = runIndex < runs.count ? runs[runIndex].text.startIndex : nil
        }
      }
      return index < source.count
    }
    var next = 0
    var result: [StyledText] = []
    result.reserveCapacity(lines.count)
    for (number, line) in lines.enumerated() {
      var styled = StyledText()
      var pending = ""
      var pendingStyle: Style?
      var lastStyle: Style? = next > 0 && next <= source.count ? source[next - 1].style : nil
      let characters = Array(line)
      for (offset, character) in characters.enumerated() {
        var found: Int?
        let isCutMark =
          number == lines.count - 1 && offset == characters.count - 1 && character == "…"
          && maxLines != nil && lines.count == maxLines
        if !isCutMark || (has(next) && source[next].character == "…") {
          var probe = next
          while has(probe) {
            let candidate = source[probe].character
            // A character wider than the line is shown as an ellipsis.
            let tooWide = character == "…" && !candidate.isWhitespace && DisplayWidth.of(candidate) > width
            if candidate == character || (character == " " && candidate == "\t") || tooWide {
              found = probe
              break
            }
            probe += 1
          }
        }
        let style = found.map { source[$0].style } ?? lastStyle
        if let found { next = found + 1 }
        lastStyle = style
        if style != pendingStyle, !pending.isEmpty {
          styled.append(pending, style: pendingStyle)
          pending = ""
        }
        pendingStyle = style
        pending.append(character)
      }
      styled.append(pending, style: pendingStyle)
      result.append(styled)
    }
    return result
  }
}
