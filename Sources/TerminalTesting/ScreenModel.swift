@_spi(TerminalTesting) import TerminalKit

/// A model terminal that applies a byte stream to a ``ScreenBuffer``, for tests of anything that emits terminal
/// output (such as ``DiffRenderer``).
///
/// It understands the subset of ANSI that the renderer emits and a little more: printable UTF-8 grouped into
/// grapheme clusters (wide characters take two columns, following ``DisplayWidth``), CR, LF, BS, cursor position
/// (CUP, `CSI row;col H`/`f`), relative moves (CUU, CUD, CUF, CUB, CHA), erase in display and line (ED, EL, with
/// the pen's background as a real terminal uses), SGR (attributes, 16, 256 and RGB colours) and private mode
/// switches (`CSI ? … h`/`l`, ignored). Printing at the last column leaves the cursor there until the next
/// character wraps to the next line, which scrolls at the bottom, like xterm. Any other sequence is recorded in
/// ``unsupportedSequences``.
///
/// When a write damages half of a wide character, the other half becomes ``damagedCharacter``: a real terminal
/// leaves its look unspecified, so output that is correct must rewrite it.
public struct ScreenModel: Sendable {
  /// What the model terminal shows.
  public private(set) var screen: ScreenBuffer
  /// The cursor's column (0-based).
  public private(set) var cursorX = 0
  /// The cursor's row (0-based).
  public private(set) var cursorY = 0
  /// The style characters are printed with.
  public private(set) var pen = Style.plain
  /// Escape sequences that were not understood, as text with `ESC` spelled `^[`.
  public private(set) var unsupportedSequences: [String] = []

  /// The character left in the surviving half of a wide character that was partly overwritten.
  public static let damagedCharacter: Character = "\u{FFFD}"

  private var pendingWrap = false
  private var pendingBytes: [UInt8] = []
  private var cluster = ""

  /// A model terminal of the given size, blank, with the cursor at the top left.
  public init(width: Int, height: Int) {
    self.screen = ScreenBuffer(width: width, height: height)
  }

  /// A model terminal already showing `screen`, with the cursor at the top left and the default pen.
  public init(screen: ScreenBuffer) {
    self.screen = screen
  }

  /// Applies terminal output. A sequence or character split across calls is completed by the next call; text
  /// still grouped into a grapheme cluster at the end of the bytes is printed.
  ///
  /// - Parameter bytes: The output, as written to a terminal.
  public mutating func apply<S: Sequence<UInt8>>(_ bytes: S) {
    pendingBytes.append(contentsOf: bytes)
    var index = 0
    let input = pendingBytes
    parsing: while index < input.count {
      let byte = input[index]
      if byte == 0x1B {
        guard let end = sequenceEnd(input, from: index) else { break parsing }
        flushCluster()
        execute(Array(input[index..<end]))
        index = end
      } else if byte < 0x20 || byte == 0x7F {
        flushCluster()
        control(byte)
        index += 1
      } else {
        guard let (scalar, length) = decodeScalar(input, from: index) else {
          if index + utf8Length(byte) > input.count && utf8Length(byte) > 1 {
            break parsing
          }
          index += 1
          continue
        }
        addToCluster(scalar)
        index += length
      }
    }
    pendingBytes.removeFirst(index)
    if pendingBytes.isEmpty {
      flushCluster()
    }
  }

  // MARK: - Characters

  private mutating func addToCluster(_ scalar: Unicode.Scalar) {
    if cluster.isEmpty {
      cluster.unicodeScalars.append(scalar)
      return
    }
    var extended = cluster
    extended.unicodeScalars.append(scalar)
    if extended.count == 1 {
      cluster = extended
    } else {
      flushCluster()
      cluster.unicodeScalars.append(scalar)
    }
  }

  private mutating func flushCluster() {
    guard let character = cluster.first else { return }
    cluster = ""
    printCharacter(character)
  }

  private mutating func printCharacter(_ character: Character) {
    let characterWidth = character.displayWidth
    guard characterWidth > 0, screen.width > 0, screen.height > 0 else { return }
    if pendingWrap || (characterWidth == 2 && cursorX == screen.width - 1) {
      pendingWrap = false
      cursorX = 0
      lineFeed()
    }
    if characterWidth > screen.width {
      return
    }
    screen.place(
      character, width: characterWidth, x: cursorX, y: cursorY, style: pen, brokenHalf: ScreenModel.damagedCharacter)
    cursorX += characterWidth
    if cursorX >= screen.width {
      cursorX = screen.width - 1
      pendingWrap = true
    }
  }

  private mutating func lineFeed() {
    if cursorY + 1 < screen.height {
      cursorY += 1
    } else {
      screen.scrollUp(blank: Style(background: pen.background))
    }
  }

  private mutating func control(_ byte: UInt8) {
    switch byte {
    case 0x0D:
      cursorX = 0
      pendingWrap = false
    case 0x0A, 0x0B, 0x0C:
      lineFeed()
      pendingWrap = false
    case 0x08:
      cursorX = max(0, cursorX - 1)
      pendingWrap = false
    default:
      break
    }
  }

  // MARK: - Escape sequences

  /// The index just past the escape sequence at `start`, or `nil` if it is not complete yet.
  private func sequenceEnd(_ input: [UInt8], from start: Int) -> Int? {
    guard start + 1 < input.count else { return nil }
    if input[start + 1] != 0x5B {
      return start + 2
    }
    var index = start + 2
    while index < input.count {
      if (0x40...0x7E).contains(input[index]) {
        return index + 1
      }
      index += 1
    }
    return nil
  }

  private mutating func execute(_ sequence: [UInt8]) {
    guard sequence.count >= 3, sequence[1] == 0x5B else {
      unsupported(sequence)
      return
    }
    let final = sequence[sequence.count - 1]
    let body = sequence[2..<(sequence.count - 1)]
    if body.first == UInt8(ascii: "?") {
      if final == UInt8(ascii: "h") || final == UInt8(ascii: "l") {
        return
      }
      unsupported(sequence)
      return
    }
    guard body.allSatisfy({ (0x30...0x39).contains($0) || $0 == 0x3B || $0 == 0x3A }) else {
      unsupported(sequence)
      return
    }
    let parameters = body.split(separator: 0x3B, omittingEmptySubsequences: false).flatMap {
      $0.split(separator: 0x3A, omittingEmptySubsequences: false)
    }.map { field -> Int? in
      field.isEmpty ? nil : field.reduce(0) { min($0 * 10 + Int($1 - 0x30), 1_000_000) }
    }
    func parameter(_ index: Int, default value: Int) -> Int {
      index < parameters.count ? (parameters[index] ?? value) : value
    }
    let count = max(1, parameter(0, default: 1))
    switch final {
    case UInt8(ascii: "H"), UInt8(ascii: "f"):
      moveTo(x: parameter(1, default: 1) - 1, y: parameter(0, default: 1) - 1)
    case UInt8(ascii: "A"): moveTo(x: cursorX, y: cursorY - count)
    case UInt8(ascii: "B"): moveTo(x: cursorX, y: cursorY + count)
    case UInt8(ascii: "C"): moveTo(x: cursorX + count, y: cursorY)
    case UInt8(ascii: "D"): moveTo(x: cursorX - count, y: cursorY)
    case UInt8(ascii: "G"): moveTo(x: count - 1, y: cursorY)
    case UInt8(ascii: "J"): eraseInDisplay(parameter(0, default: 0))
    case UInt8(ascii: "K"): eraseInLine(parameter(0, default: 0))
    case UInt8(ascii: "m"):
      if !selectGraphicRendition(parameters) {
        unsupported(sequence)
      }
    default:
      unsupported(sequence)
    }
  }

  private mutating func unsupported(_ sequence: [UInt8]) {
    unsupportedSequences.append(String(decoding: sequence, as: UTF8.self).replacingEscape())
  }

  private mutating func moveTo(x: Int, y: Int) {
    cursorX = min(max(0, x), max(0, screen.width - 1))
    cursorY = min(max(0, y), max(0, screen.height - 1))
    pendingWrap = false
  }

  private mutating func erase(row: Int, from start: Int, to end: Int) {
    guard start < end else { return }
    let blank = Cell(" ", style: Style(background: pen.background))
    if start > 0 && screen[x: start, y: row].isContinuation {
      let left = screen[x: start - 1, y: row]
      screen.setCell(
        Cell(ScreenModel.damagedCharacter, style: left.style), x: start - 1, y: row)
    }
    if end < screen.width && screen[x: end, y: row].isContinuation {
      let right = screen[x: end, y: row]
      screen.setCell(Cell(ScreenModel.damagedCharacter, style: right.style), x: end, y: row)
    }
    for column in start..<end {
      screen.setCell(blank, x: column, y: row)
    }
  }

  private mutating func eraseInLine(_ mode: Int) {
    guard screen.width > 0, screen.height > 0 else { return }
    switch mode {
    case 0: erase(row: cursorY, from: cursorX, to: screen.width)
    case 1: erase(row: cursorY, from: 0, to: cursorX + 1)
    default: erase(row: cursorY, from: 0, to: screen.width)
    }
  }

  private mutating func eraseInDisplay(_ mode: Int) {
    guard screen.width > 0, screen.height > 0 else { return }
    switch mode {
    case 0:
      erase(row: cursorY, from: cursorX, to: screen.width)
      for row in (cursorY + 1)..<screen.height { erase(row: row, from: 0, to: screen.width) }
    case 1:
      for row in 0..<cursorY { erase(row: row, from: 0, to: screen.width) }
      erase(row: cursorY, from: 0, to: cursorX + 1)
    default:
      for row in 0..<screen.height { erase(row: row, from: 0, to: screen.width) }
    }
  }

  /// Applies SGR parameters to the pen; returns `false` for a parameter it does not know.
  private mutating func selectGraphicRendition(_ parameters: [Int?]) -> Bool {
    var index = 0
    var understood = true
    if parameters.isEmpty {
      pen = .plain
    }
    func color(at start: Int) -> (Color, Int)? {
      guard start < parameters.count else { return nil }
      switch parameters[start] {
      case 5:
        guard start + 1 < parameters.count, let value = parameters[start + 1], value < 256 else { return nil }
        return (.indexed(UInt8(value)), 2)
      case 2:
        guard start + 3 < parameters.count else { return nil }
        let components = parameters[(start + 1)...(start + 3)].map { $0 ?? 0 }
        guard components.allSatisfy({ $0 < 256 }) else { return nil }
        return (.rgb(red: UInt8(components[0]), green: UInt8(components[1]), blue: UInt8(components[2])), 4)
      default:
        return nil
      }
    }
    while index < parameters.count {
      let code = parameters[index] ?? 0
      index += 1
      switch code {
      case 0: pen = .plain
      case 1: pen.attributes.insert(.bold)
      case 2: pen.attributes.insert(.dim)
      case 3: pen.attributes.insert(.italic)
      case 4: pen.attributes.insert(.underline)
      case 7: pen.attributes.insert(.reverse)
      case 9: pen.attributes.insert(.strikethrough)
      case 22: pen.attributes.subtract([.bold, .dim])
      case 23: pen.attributes.remove(.italic)
      case 24: pen.attributes.remove(.underline)
      case 27: pen.attributes.remove(.reverse)
      case 29: pen.attributes.remove(.strikethrough)
      case 30...37: pen.foreground = Color.ansiColors[code - 30]
      case 39: pen.foreground = .default
      case 40...47: pen.background = Color.ansiColors[code - 40]
      case 49: pen.background = .default
      case 90...97: pen.foreground = Color.ansiColors[code - 90 + 8]
      case 100...107: pen.background = Color.ansiColors[code - 100 + 8]
      case 38, 48:
        guard let (value, used) = color(at: index) else { return false }
        if code == 38 { pen.foreground = value } else { pen.background = value }
        index += used
      default:
        understood = false
      }
    }
    return understood
  }

  // MARK: - UTF-8

  private func utf8Length(_ lead: UInt8) -> Int {
    switch lead {
    case 0xC2...0xDF: return 2
    case 0xE0...0xEF: return 3
    case 0xF0...0xF4: return 4
    default: return 1
    }
  }

  private func decodeScalar(_ input: [UInt8], from start: Int) -> (Unicode.Scalar, Int)? {
    let length = utf8Length(input[start])
    if length == 1 {
      return input[start] < 0x80 ? (Unicode.Scalar(input[start]), 1) : nil
    }
    guard start + length <= input.count else { return nil }
    var decoder = UTF8()
    var iterator = input[start..<(start + length)].makeIterator()
    if case .scalarValue(let scalar) = decoder.decode(&iterator) {
      return (scalar, length)
    }
    return nil
  }
}

extension String {
  /// The string with each `ESC` replaced by the visible `^[`.
  fileprivate func replacingEscape() -> String {
    var result = ""
    for scalar in unicodeScalars {
      if scalar == "\u{1B}" {
        result += "^["
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
