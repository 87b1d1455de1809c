import DemoData
import DemoDatabase
import GRDB
import TerminalKit

/// One value of the table, whole, over the table: a text wrapped to the window (a 10 MB text too: it is wrapped a
/// slice at a time, as far as the reader goes, never all at once in one frame), a BLOB as a hex dump, NULL and
/// numbers as they are. ↑ ↓, the Page keys, Home and End scroll; Esc, Enter or `q` close it.
final class BrowserDetail {
  /// What the first line says: the column, the row's key, the value's type and size.
  let title: String
  private let content: Content
  /// The lines wrapped so far (a text), and where in the text the next slice starts.
  private var lines: [String] = []
  private var next: String.Index
  private var width = 0
  /// The first line on screen.
  private(set) var top = 0
  /// End was asked for before the text was wrapped to its end: each frame wraps more (`tick`).
  private(set) var goingToEnd = false

  private enum Content {
    case text(String)
    case blob([UInt8])
  }

  /// The characters a slice of text holds at most: wrapping one takes well under a frame.
  static let sliceLength = 4_096
  /// The bytes of a BLOB a hex line shows.
  static let bytesPerLine = DatabaseValueText.bytesPerHexLine

  /// The detail of `value`, the column `column` of the row whose key is `key`.
  init(value: DatabaseValue, column: String, key: DatabaseValue?) {
    let row = key.map { " · row \(BrowserGrid.text(of: $0))" } ?? ""
    switch value.storage {
    case .null:
      content = .text("NULL")
      title = "\(column)\(row) · NULL"
    case .int64(let number):
      content = .text(String(number))
      title = "\(column)\(row) · INTEGER"
    case .double(let number):
      content = .text(String(number))
      title = "\(column)\(row) · REAL"
    case .string(let text):
      content = .text(text)
      title = "\(column)\(row) · TEXT · \(text.count.grouped) characters"
    case .blob(let data):
      content = .blob(Array(data))
      title = "\(column)\(row) · BLOB · \(data.count.grouped) bytes"
    }
    if case .text(let text) = content { next = text.startIndex } else { next = "".startIndex }
  }

  /// How many lines there are, as far as they are known; whether that is all of them.
  var lineCount: (count: Int, isComplete: Bool) {
    switch content {
    case .text(let text): return (lines.count, next == text.endIndex)
    case .blob(let bytes): return ((bytes.count + Self.bytesPerLine - 1) / Self.bytesPerLine, true)
    }
  }

  /// Line `index` (it exists: see ``lineCount``).
  private func line(_ index: Int) -> String {
    switch content {
    case .text: return lines[index]
    case .blob(let bytes):
      let start = index * Self.bytesPerLine
      return DatabaseValueText.hexLine(bytes[start..<min(start + Self.bytesPerLine, bytes.count)], offset: start)
    }
  }

  /// Wraps one more slice of the text (at its last line break when it has one); `false` when there is no more.
  private func wrapSlice() -> Bool {
    guard case .text(let text) = content, next < text.endIndex, width > 0 else { return false }
    var end = text.index(next, offsetBy: Self.sliceLength, limitedBy: text.endIndex) ?? text.endIndex
    if end < text.endIndex, let lineBreak = text[next..<end].lastIndex(of: "\n") {
      end = text.index(after: lineBreak)
    }
    var slice = text[next..<end]
    if slice.last == "\n" { slice = slice.dropLast() }
    lines += slice.split(separator: "\n", omittingEmptySubsequences: false).flatMap { paragraph in
      paragraph.isEmpty ? [""] : TextWrap.wrap(String(paragraph), width: width)
    }
    next = end
    return true
  }

  /// Wraps slices until line `index` is known (or the text ends).
  private func wrap(through index: Int) {
    while lines.count <= index, wrapSlice() {}
  }

  /// Lays the text out for `width` cells again (the window was resized): wrapped afresh, as far as it had gone,
  /// the first line on screen kept about where it was.
  private func resize(width newWidth: Int, height: Int) {
    guard newWidth != width, case .text(let text) = content else {
      width = newWidth
      return
    }
    let fraction = lines.isEmpty ? 0 : Double(top) / Double(lines.count)
    let reached = next
    width = max(1, newWidth)
    lines = []
    next = text.startIndex
    while next < reached, wrapSlice() {}
    top = Int(fraction * Double(lines.count))
    wrap(through: top + height)
    clampTop(height: height)
  }

  private func clampTop(height: Int) {
    let (count, complete) = lineCount
    let bottom = complete ? max(0, count - height) : max(0, count - 1)
    top = min(max(top, 0), bottom)
  }

  /// Handles a key for a page `height` lines tall; `false`: close the detail.
  func handle(_ key: KeyEvent, height: Int) -> Bool {
    switch key.key {
    case .escape, .enter, .character("q"): return false
    case .up: top -= 1
    case .down: top += 1
    case .pageUp: top -= max(1, height - 1)
    case .pageDown, .character(" "): top += max(1, height - 1)
    case .home: top = 0
    case .end:
      goingToEnd = true
      tick(height: height)
    default: break
    }
    goingToEnd = goingToEnd && key.key == .end
    wrap(through: top + height)
    clampTop(height: height)
    return true
  }

  /// A frame's work while End waits for the text to be wrapped to its end: slices for 8 ms at most (a 10 MB text
  /// takes about ten seconds of frames), then the last page once they are all wrapped.
  func tick(height: Int) {
    guard goingToEnd else { return }
    let clock = ContinuousClock()
    let start = clock.now
    while start.duration(to: clock.now) < .milliseconds(8), wrapSlice() {}
    goingToEnd = !lineCount.isComplete
    top = lineCount.count - height
    clampTop(height: height)
  }

  /// Draws the detail over `area`: its title, its lines from ``top``, and where they are.
  func draw(into buffer: inout ScreenBuffer, area: CellRect) {
    buffer.fill(area, style: .plain)
    guard area.height > 1 else { return }
    let height = area.height - 1
    resize(width: area.width, height: height)
    wrap(through: top + height)
    let (count, complete) = lineCount
    let place =
      complete
      ? "lines \((top + 1).grouped)–\(min(top + height, count).grouped) of \(count.grouped)"
      : "line \((top + 1).grouped) of \(count.grouped)+ (wrapping…)"
    buffer.write(
      " \(title) · \(place) · Esc close", x: area.x, y: area.y, style: Style(attributes: [.bold, .reverse]),
      maxWidth: area.width)
    for row in 0..<height where top + row < count {
      buffer.write(line(top + row), x: area.x, y: area.y + 1 + row, style: .plain, maxWidth: area.width)
    }
  }
}
