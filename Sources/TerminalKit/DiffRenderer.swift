/// Turns frames (``ScreenBuffer``s) into the bytes that update a terminal, rewriting only the cells that changed.
///
/// The output of one call is meant for a single `write`. Cursor moves and style changes are kept short: the
/// cursor is moved only where a run of changed cells starts (forward on the same row, absolutely otherwise), a
/// short gap of unchanged plain cells is rewritten rather than skipped, and each SGR change is the shorter of an
/// incremental change and a reset. Every frame ends with the pen reset, so frames compose: the next diff may
/// assume the terminal's default style. Cells are compared as stored; colours are adapted to ``colorMode`` only
/// when emitted.
public struct DiffRenderer: Sendable {
  /// The colours the terminal can show; styles are adapted to it (see ``Style/adapted(to:)``).
  public var colorMode: ColorMode

  /// Creates a renderer.
  ///
  /// - Parameter colorMode: The colours to emit; `.none` honours `NO_COLOR`.
  public init(colorMode: ColorMode = .trueColor) {
    self.colorMode = colorMode
  }

  /// The bytes that bring a terminal showing `previous` to `next`, or a full redraw when there is no previous
  /// frame or the size changed.
  ///
  /// - Parameters:
  ///   - previous: The frame the terminal shows now, or `nil` if unknown (first frame, after a resize).
  ///   - next: The frame to show.
  /// - Returns: The bytes to write in one `write` call; empty when nothing changed.
  public func render(from previous: ScreenBuffer?, to next: ScreenBuffer) -> [UInt8] {
    guard let previous, previous.width == next.width, previous.height == next.height else {
      return fullRedraw(next)
    }
    return diff(from: previous, to: next)
  }

  /// The bytes that clear the screen and draw `next` from scratch.
  ///
  /// - Parameter next: The frame to show.
  /// - Returns: A reset of the pen, an erase of the whole screen, then every cell that is not a default blank.
  public func fullRedraw(_ next: ScreenBuffer) -> [UInt8] {
    var output: [UInt8] = SelectGraphicRendition.reset
    output += [0x1B, 0x5B, 0x32, 0x4A]  // ED 2: erase the whole screen.
    output += diff(from: ScreenBuffer(width: next.width, height: next.height), to: next)
    return output
  }

  /// Like ``render(from:to:)``, but `rows` are written whole, each erased first, whatever the terminal shows
  /// there (and only once: the diff leaves them out): for text a screen reader should read as one line when it
  /// changes, where a diff writes only the cells that changed, which a reader hears as fragments. Rows outside
  /// the frame are ignored.
  ///
  /// - Parameters:
  ///   - previous: The frame the terminal shows now, or `nil` if unknown (a full redraw writes every row once).
  ///   - next: The frame to show.
  ///   - rows: The rows to write whole.
  /// - Returns: The bytes to write in one `write` call.
  public func render(from previous: ScreenBuffer?, to next: ScreenBuffer, rewriting rows: Range<Int>) -> [UInt8] {
    guard let previous, previous.width == next.width, previous.height == next.height else {
      return fullRedraw(next)
    }
    let rows = rows.clamped(to: 0..<next.height)
    guard !rows.isEmpty else { return diff(from: previous, to: next) }
    var output = diff(from: previous, to: next, skipping: rows)
    for row in rows {
      output += CursorControl.move(toColumn: 0, row: row) + CursorControl.eraseLine
    }
    // What the erased rows show now: default blanks, the rest as the terminal has it.
    var erased = next
    erased.fill(CellRect(x: 0, y: rows.lowerBound, width: next.width, height: rows.count), style: .plain)
    return output + diff(from: erased, to: next, skipping: 0..<rows.lowerBound, rows.upperBound..<next.height)
  }

  /// The bytes that bring a terminal showing `previous` to `next`; both must have the same size.
  ///
  /// - Parameters:
  ///   - previous: The frame the terminal shows now.
  ///   - next: The frame to show.
  /// - Returns: The bytes to write; empty when the frames are equal.
  public func diff(from previous: ScreenBuffer, to next: ScreenBuffer) -> [UInt8] {
    diff(from: previous, to: next, skipping: 0..<0)
  }

  /// ``diff(from:to:)`` leaving out the rows in `skipped`.
  private func diff(from previous: ScreenBuffer, to next: ScreenBuffer, skipping skipped: Range<Int>...) -> [UInt8] {
    precondition(previous.width == next.width && previous.height == next.height, "frames differ in size")
    var output: [UInt8] = []
    var pen = Style.plain
    var cursor: (x: Int, y: Int)? = nil
    let width = next.width
    var dirty = [Bool](repeating: false, count: width)
    var pending: [Int] = []
    for row in 0..<next.height where !skipped.contains(where: { $0.contains(row) }) {
      let base = row * width
      guard markDirtyCells(previous.cells, next.cells, base: base, width: width, dirty: &dirty, work: &pending) else {
        continue
      }
      for column in 0..<width where dirty[column] {
        let cell = next.cells[base + column]
        if cell.isContinuation {
          continue
        }
        let style = cell.style.adapted(to: colorMode)
        moveCursor(
          from: &cursor, to: (column, row), next: next.cells, base: base, dirty: dirty, pen: pen, output: &output)
        SelectGraphicRendition.appendTransition(from: pen, to: style, into: &output)
        pen = style
        output.append(contentsOf: cell.character.utf8)
        let end = column + cell.width
        cursor = end < width ? (end, row) : nil
      }
      for column in 0..<width {
        dirty[column] = false
      }
    }
    if pen != .plain {
      output += SelectGraphicRendition.reset
    }
    return output
  }

  /// Marks the cells of one row that must be written: those that differ, plus both halves of every wide
  /// character on either side whose other half is written (writing over half of a wide character on a terminal
  /// damages its other half). Returns whether any cell is marked.
  private func markDirtyCells(
    _ previous: [Cell], _ next: [Cell], base: Int, width: Int, dirty: inout [Bool], work: inout [Int]
  ) -> Bool {
    work.removeAll(keepingCapacity: true)
    for column in 0..<width where previous[base + column] != next[base + column] {
      dirty[column] = true
      work.append(column)
    }
    guard !work.isEmpty else { return false }
    while let column = work.popLast() {
      func mark(_ neighbour: Int) {
        if neighbour >= 0 && neighbour < width && !dirty[neighbour] {
          dirty[neighbour] = true
          work.append(neighbour)
        }
      }
      let old = previous[base + column]
      let new = next[base + column]
      if old.isContinuation || new.isContinuation {
        mark(column - 1)
      }
      if old.width == 2 || new.width == 2 {
        mark(column + 1)
      }
    }
    return true
  }

  /// Appends the cheapest way to get the cursor to `target`: nothing, a rewrite of a short run of unchanged
  /// one-column ASCII cells in the current pen, a cursor-forward, or an absolute cursor position.
  private func moveCursor(
    from cursor: inout (x: Int, y: Int)?, to target: (x: Int, y: Int), next: [Cell], base: Int, dirty: [Bool],
    pen: Style, output: inout [UInt8]
  ) {
    if let current = cursor, current.y == target.y, current.x <= target.x {
      let gap = target.x - current.x
      if gap == 0 {
        return
      }
      if gap <= 3 && canRewrite(next, base: base, from: current.x, to: target.x, dirty: dirty, pen: pen) {
        for column in current.x..<target.x {
          output.append(contentsOf: next[base + column].character.utf8)
        }
        return
      }
      output += [0x1B, 0x5B]
      if gap > 1 {
        appendDecimal(gap, to: &output)
      }
      output.append(0x43)  // CUF
      return
    }
    output += [0x1B, 0x5B]
    if target.x != 0 || target.y != 0 {
      appendDecimal(target.y + 1, to: &output)
      if target.x != 0 {
        output.append(0x3B)
        appendDecimal(target.x + 1, to: &output)
      }
    }
    output.append(0x48)  // CUP
  }

  /// Whether the cells in `start..<end` are unchanged one-column printable ASCII in the pen's style.
  private func canRewrite(_ next: [Cell], base: Int, from start: Int, to end: Int, dirty: [Bool], pen: Style) -> Bool {
    for column in start..<end {
      let cell = next[base + column]
      guard !dirty[column], cell.width == 1, let ascii = cell.character.asciiValue, ascii >= 0x20, ascii < 0x7F,
        cell.style.adapted(to: colorMode) == pen
      else { return false }
    }
    return true
  }
}
