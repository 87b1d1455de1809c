/// A grid of ``Cell``s that a frame is drawn into before ``DiffRenderer`` sends it to the terminal.
///
/// Writes are clipped to the buffer and keep wide characters whole: a wide character occupies its cell and a
/// continuation cell; a wide character that would cross the right edge (or the `maxWidth` limit) is replaced by
/// a space; overwriting either half of a wide character turns its other half into a space of the same style.
public struct ScreenBuffer: Hashable, Sendable {
  /// The number of columns.
  public let width: Int
  /// The number of rows.
  public let height: Int
  /// The cells, row by row (`y * width + x`).
  public private(set) var cells: [Cell]

  /// Creates a buffer of blank cells.
  ///
  /// - Parameters:
  ///   - width: The number of columns; negative counts as 0.
  ///   - height: The number of rows; negative counts as 0.
  ///   - style: The style of the blank cells.
  public init(width: Int, height: Int, style: Style = .plain) {
    self.width = max(0, width)
    self.height = max(0, height)
    self.cells = Array(
      repeating: Cell(character: " ", style: style, width: 1), count: self.width * self.height)
  }

  /// The whole buffer as a rectangle at the origin.
  public var bounds: CellRect { CellRect(x: 0, y: 0, width: width, height: height) }

  /// The cell at column `x`, row `y`; both must be inside the buffer.
  public subscript(x x: Int, y y: Int) -> Cell {
    precondition(x >= 0 && x < width && y >= 0 && y < height, "cell (\(x), \(y)) outside \(width)×\(height)")
    return cells[y * width + x]
  }

  /// Writes text on one row, left to right, starting at column `x`.
  ///
  /// Characters of width 0 (controls, newlines, stray combining marks) are skipped. Text left of column 0 or
  /// right of the limit is clipped; a wide character cut by either edge shows as spaces.
  ///
  /// - Parameters:
  ///   - text: The text to write.
  ///   - x: The column of the first character; may be negative.
  ///   - y: The row; text on a row outside the buffer is not drawn.
  ///   - style: The style of the written cells.
  ///   - maxWidth: If given, nothing is written at or after column `x + maxWidth`.
  /// - Returns: The number of columns the text advanced from `x`, limited by `maxWidth` and the right edge, so
  ///   that `x + result` is where following text goes.
  @discardableResult
  public mutating func write<S: StringProtocol>(
    _ text: S, x: Int, y: Int, style: Style = .plain, maxWidth: Int? = nil
  ) -> Int {
    let limit = min(width, maxWidth.map { x + max(0, $0) } ?? width)
    let visibleRow = y >= 0 && y < height
    var column = x
    for character in text {
      if column >= limit {
        break
      }
      let characterWidth = character.displayWidth
      if characterWidth == 0 {
        continue
      }
      if column + characterWidth > limit {
        if visibleRow {
          for blankColumn in max(0, column)..<limit {
            place(" ", width: 1, x: blankColumn, y: y, style: style)
          }
        }
        column = limit
        break
      }
      if visibleRow {
        if column >= 0 {
          place(character, width: characterWidth, x: column, y: y, style: style)
        } else if column + characterWidth > 0 {
          for blankColumn in 0..<(column + characterWidth) {
            place(" ", width: 1, x: blankColumn, y: y, style: style)
          }
        }
      }
      column += characterWidth
    }
    return max(0, column - x)
  }

  /// Writes one grapheme cluster at (`x`, `y`).
  ///
  /// - Parameters:
  ///   - character: The character; one of width 0 is not written.
  ///   - x: The column.
  ///   - y: The row.
  ///   - style: The cell's style.
  /// - Returns: The columns used: the character's width, or 0 if it was clipped or has no width. A wide character
  ///   in the last column is replaced by a space and returns 1.
  @discardableResult
  public mutating func put(_ character: Character, x: Int, y: Int, style: Style = .plain) -> Int {
    guard x >= 0 && x < width && y >= 0 && y < height else { return 0 }
    return write(String(character), x: x, y: y, style: style, maxWidth: 1 + (character.displayWidth > 1 ? 1 : 0))
  }

  /// Fills a rectangle (clipped to the buffer) with one character.
  ///
  /// - Parameters:
  ///   - rect: The cells to fill.
  ///   - character: A one-column character; any other character fills with spaces.
  ///   - style: The style of the filled cells.
  public mutating func fill(_ rect: CellRect, with character: Character = " ", style: Style = .plain) {
    let area = rect.intersection(bounds)
    guard !area.isEmpty else { return }
    let filler: Character = character.displayWidth == 1 ? character : " "
    for row in area.y..<area.maxY {
      for column in area.x..<area.maxX {
        place(filler, width: 1, x: column, y: row, style: style)
      }
    }
  }

  /// Makes every cell a space of the given style.
  public mutating func clear(style: Style = .plain) {
    let blank = Cell(character: " ", style: style, width: 1)
    for index in cells.indices {
      cells[index] = blank
    }
  }

  /// Changes the style of the cells in a rectangle (clipped to the buffer) without changing their text, for
  /// example to highlight a selected row with reverse video. A wide character cut by the rectangle's edge is
  /// restyled whole.
  ///
  /// - Parameters:
  ///   - rect: The cells to restyle.
  ///   - transform: Called once per cell with its style.
  public mutating func updateStyle(in rect: CellRect, _ transform: (inout Style) -> Void) {
    let area = rect.intersection(bounds)
    guard !area.isEmpty else { return }
    for row in area.y..<area.maxY {
      let base = row * width
      var start = area.x
      var end = area.maxX
      if start > 0 && cells[base + start].isContinuation {
        start -= 1
      }
      if end < width && cells[base + end - 1].width == 2 {
        end += 1
      }
      for index in (base + start)..<(base + end) {
        transform(&cells[index].style)
      }
    }
  }

  /// The text of one row, continuation cells left out.
  public func text(row y: Int) -> String {
    guard y >= 0 && y < height else { return "" }
    var line = ""
    for cell in cells[(y * width)..<((y + 1) * width)] where !cell.isContinuation {
      line.append(cell.character)
    }
    return line
  }

  /// The text of every row, for tests and debugging.
  public var lines: [String] { (0..<height).map { text(row: $0) } }

  /// Puts a character of known width (1 or 2) at a position where it fits, first breaking apart any wide
  /// character whose half it overwrites; the orphaned half becomes `brokenHalf` with that character's style.
  /// Public for a terminal model (`TerminalTesting`'s `ScreenModel`), which prints as a terminal does.
  @_spi(TerminalTesting) public mutating func place(
    _ character: Character, width characterWidth: Int, x: Int, y: Int, style: Style, brokenHalf: Character = " "
  ) {
    let base = y * width
    detach(base: base, x: x, brokenHalf: brokenHalf)
    if characterWidth == 2 {
      detach(base: base, x: x + 1, brokenHalf: brokenHalf)
      cells[base + x] = Cell(character: character, style: style, width: 2)
      cells[base + x + 1] = .continuation(style: style)
    } else {
      cells[base + x] = Cell(character: character, style: style, width: 1)
    }
  }

  /// Replaces the other half of the wide character at column `x`, if any, by `brokenHalf`.
  private mutating func detach(base: Int, x: Int, brokenHalf: Character) {
    let cell = cells[base + x]
    if cell.isContinuation && x > 0 {
      cells[base + x - 1] = Cell(character: brokenHalf, style: cells[base + x - 1].style, width: 1)
    } else if cell.width == 2 && x + 1 < width {
      cells[base + x + 1] = Cell(character: brokenHalf, style: cells[base + x + 1].style, width: 1)
    }
  }

  /// Sets one cell without any wide-character bookkeeping: for a terminal model's erase operations
  /// (`TerminalTesting`'s `ScreenModel`), which must reproduce what a terminal does to half a wide character.
  @_spi(TerminalTesting) public mutating func setCell(_ cell: Cell, x: Int, y: Int) {
    cells[y * width + x] = cell
  }

  /// Moves every row up by one and blanks the bottom row with `style`: for a terminal model's scrolling
  /// (`TerminalTesting`'s `ScreenModel`).
  @_spi(TerminalTesting) public mutating func scrollUp(blank style: Style) {
    guard height > 0 else { return }
    cells.removeFirst(width)
    cells.append(contentsOf: repeatElement(Cell(character: " ", style: style, width: 1), count: width))
  }
}
