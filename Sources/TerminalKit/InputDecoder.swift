/// A stateful decoder from the bytes a terminal sends to ``InputEvent``s.
///
/// Feed it whatever `read` returned; bytes of an incomplete sequence are kept until the rest arrives, so an
/// escape sequence or UTF-8 character split across reads at any byte decodes exactly as if it came whole. The
/// decoder has no clock: a lone `ESC` (or `ESC [`, `ESC O`) stays pending until more bytes arrive or the caller
/// reports that input went idle by calling ``flush()``, typically after ~25–50 ms without input while
/// ``hasPendingInput`` is true.
///
/// Understood: printable UTF-8 (one event per Unicode scalar; invalid UTF-8 and C1 controls are skipped), Enter
/// (CR, LF), Tab, Shift-Tab, Backspace (DEL, BS), Ctrl-letter combinations, `ESC`-prefixed keys as Alt, arrows,
/// Home, End, Insert, Delete, Page Up and Down and F1–F20 in their CSI, SS3 (`ESC O`), VT (`CSI n ~`) and Linux
/// console forms, xterm modifier parameters (`CSI 1;5A`), `modifyOtherKeys` (`CSI 27;m;code ~`) and CSI-u
/// (`CSI code;m u`) keys, SGR mouse reports (`CSI < b;x;y M`/`m`) and legacy X10 mouse reports (`CSI M b x y`).
/// Other well-formed sequences are skipped whole; malformed ones are dropped up to the first byte that cannot
/// belong to them, and decoding resumes there; one longer than ``maximumSequenceLength`` is dropped whole without
/// being buffered, so pending input never exceeds that many bytes.
///
/// A bracketed paste (`CSI 200 ~` … `CSI 201 ~`, which ``Terminal`` turns on) is one ``InputEvent/paste(_:)``
/// event with all the text between the markers, whatever reads it was split across: a Tab or a `q` in it is
/// text, never a key. While a paste is open ``hasPendingInput`` and ``isReceivingPaste`` are true; ``flush()``
/// ends it with what arrived (a terminal that never sends the end marker cannot keep every later key as text).
/// A paste keeps at most ``maximumPasteLength`` bytes; the rest of a longer one is dropped.
public struct InputDecoder: Sendable {
  /// The longest escape sequence kept waiting for its end; a longer one is dropped as malformed.
  public static let maximumSequenceLength = 64
  /// The most bytes of one paste kept (16 MiB); the rest of a longer paste is dropped.
  public static let maximumPasteLength = 16 << 20

  /// The bytes that end a bracketed paste: `CSI 201 ~`.
  static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

  private var pending: [UInt8] = []
  /// Set after a control sequence overflowed ``maximumSequenceLength``: its remaining parameter and
  /// intermediate bytes and its final byte are dropped as they arrive.
  private var discardingSequence = false
  /// The text of the paste being received, `nil` outside a paste.
  private var pasteBytes: [UInt8]?

  /// Creates a decoder with no pending input.
  public init() {}

  /// Whether bytes of an incomplete sequence are waiting; if so, call ``flush()`` once input goes idle.
  public var hasPendingInput: Bool { !pending.isEmpty || pasteBytes != nil }

  /// Whether a bracketed paste has started and its end has not arrived yet.
  public var isReceivingPaste: Bool { pasteBytes != nil }

  /// The number of bytes waiting for the rest of their sequence.
  var pendingByteCount: Int { pending.count }

  /// Decodes newly read bytes.
  ///
  /// - Parameter bytes: The bytes, in the order the terminal sent them.
  /// - Returns: The events completed by these bytes, in order.
  public mutating func feed<S: Sequence<UInt8>>(_ bytes: S) -> [InputEvent] {
    pending.append(contentsOf: bytes)
    var events: [InputEvent] = []
    var index = 0
    decoding: while index < pending.count {
      if pasteBytes != nil {
        let (next, complete) = receivePaste(from: index, into: &events)
        index = next
        if complete { continue }
        break decoding
      }
      if discardingSequence {
        let byte = pending[index]
        if (0x20...0x3F).contains(byte) {
          index += 1
          continue
        }
        discardingSequence = false
        if (0x40...0x7E).contains(byte) {
          index += 1
        }
        continue
      }
      switch Self.decode(pending, at: index) {
      case .event(let event, let next):
        events.append(event)
        index = next
      case .skip(let next):
        index = next
      case .overflow(let next):
        index = next
        discardingSequence = true
      case .pasteStart(let next):
        index = next
        pasteBytes = []
      case .incomplete:
        break decoding
      }
    }
    pending.removeFirst(index)
    return events
  }

  /// Takes the paste's text from `index` up to its end marker (delivering the paste) or the end of the input.
  /// - Returns: The index to go on at, and `false` when the input ends in what may be the start of the end marker
  ///   (kept pending from that index).
  private mutating func receivePaste(from index: Int, into events: inout [InputEvent]) -> (Int, Bool) {
    let escape = pending[index...].firstIndex(of: 0x1B) ?? pending.endIndex
    appendPasted(pending[index..<escape])
    guard escape < pending.endIndex else { return (escape, true) }
    let available = pending[escape...].prefix(Self.pasteEnd.count)
    guard available.elementsEqual(Self.pasteEnd.prefix(available.count)) else {
      appendPasted(pending[escape...escape])
      return (escape + 1, true)
    }
    guard available.count == Self.pasteEnd.count else { return (escape, false) }
    events.append(.paste(String(decoding: pasteBytes ?? [], as: UTF8.self)))
    pasteBytes = nil
    return (escape + Self.pasteEnd.count, true)
  }

  /// Adds bytes to the paste being received, up to ``maximumPasteLength``.
  private mutating func appendPasted(_ bytes: ArraySlice<UInt8>) {
    let room = Self.maximumPasteLength - (pasteBytes?.count ?? 0)
    guard room > 0 else { return }
    pasteBytes?.append(contentsOf: bytes.prefix(room))
  }

  /// Tells the decoder that no more input arrived for a while, so pending bytes are final: a lone `ESC` is the
  /// Escape key, `ESC [` and `ESC O` are Alt-`[` and Alt-`O`, and anything else incomplete is dropped. An open
  /// paste ends with the text received so far (as a ``InputEvent/paste(_:)`` event unless it is empty).
  ///
  /// - Returns: The events the pending bytes stand for.
  public mutating func flush() -> [InputEvent] {
    discardingSequence = false
    defer { pending.removeAll() }
    if pasteBytes != nil {
      // The start of an end marker that never finished is text too.
      appendPasted(pending[...])
      defer { pasteBytes = nil }
      return pasteBytes!.isEmpty ? [] : [.paste(String(decoding: pasteBytes!, as: UTF8.self))]
    }
    guard let first = pending.first else { return [] }
    if first == 0x1B {
      if pending.count == 1 {
        return [.key(.escape)]
      }
      if pending.count == 2 && (pending[1] == 0x5B || pending[1] == 0x4F) {
        return [.key(.character(Character(Unicode.Scalar(pending[1]))), modifiers: .alt)]
      }
      if pending[1] >= 0x80 {
        return [.key(.escape)]
      }
    }
    return []
  }

  // MARK: - Decoding

  /// The outcome of decoding at one position.
  enum Step: Equatable {
    /// An event, and the index just after its bytes.
    case event(InputEvent, Int)
    /// Bytes that mean nothing, and the index to resume at.
    case skip(Int)
    /// A control sequence longer than ``InputDecoder/maximumSequenceLength``: drop it up to the index, and the
    /// rest of it as it arrives.
    case overflow(Int)
    /// `CSI 200 ~`: a bracketed paste starts at the index.
    case pasteStart(Int)
    /// The bytes end in the middle of something: wait for more.
    case incomplete
  }

  static func decode(_ bytes: [UInt8], at index: Int) -> Step {
    let byte = bytes[index]
    if byte == 0x1B {
      return decodeEscape(bytes, at: index)
    }
    return decodePlain(bytes, at: index)
  }

  /// Decodes a key that does not start with `ESC`: a control byte or a UTF-8 character.
  static func decodePlain(_ bytes: [UInt8], at index: Int) -> Step {
    let byte = bytes[index]
    switch byte {
    case 0x0D, 0x0A: return .event(.key(.enter), index + 1)
    case 0x09: return .event(.key(.tab), index + 1)
    case 0x7F, 0x08: return .event(.key(.backspace), index + 1)
    case 0x00: return .event(.key(.character(" "), modifiers: .control), index + 1)
    case 0x01...0x1A:
      let letter = Character(Unicode.Scalar(byte + 0x60))
      return .event(.key(.character(letter), modifiers: .control), index + 1)
    case 0x1C...0x1F:
      let symbol = Character(Unicode.Scalar(byte + 0x40))
      return .event(.key(.character(symbol), modifiers: .control), index + 1)
    case 0x20...0x7E:
      return .event(.key(.character(Character(Unicode.Scalar(byte)))), index + 1)
    default:
      return decodeUTF8(bytes, at: index)
    }
  }

  /// Decodes a multi-byte UTF-8 character; invalid bytes are skipped one at a time.
  static func decodeUTF8(_ bytes: [UInt8], at index: Int) -> Step {
    let lead = bytes[index]
    let length: Int
    var secondRange: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      secondRange = 0xA0...0xBF
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      secondRange = 0x80...0x9F
    case 0xF0:
      length = 4
      secondRange = 0x90...0xBF
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      secondRange = 0x80...0x8F
    default:
      return .skip(index + 1)
    }
    var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
    for offset in 1..<length {
      guard index + offset < bytes.count else { return .incomplete }
      let continuation = bytes[index + offset]
      let range = offset == 1 ? secondRange : 0x80...0xBF
      guard range.contains(continuation) else { return .skip(index + 1) }
      value = value << 6 | UInt32(continuation & 0x3F)
    }
    guard let scalar = Unicode.Scalar(value), !(0x80...0x9F).contains(value) else {
      return .skip(index + length)
    }
    return .event(.key(.character(Character(scalar))), index + length)
  }

  /// Decodes what follows an `ESC`: a CSI or SS3 sequence, another `ESC`, or an Alt-modified key.
  static func decodeEscape(_ bytes: [UInt8], at index: Int) -> Step {
    guard index + 1 < bytes.count else { return .incomplete }
    switch bytes[index + 1] {
    case 0x5B:
      return decodeControlSequence(bytes, at: index)
    case 0x4F:
      return decodeSingleShift(bytes, at: index)
    case 0x1B:
      return .event(.key(.escape), index + 1)
    default:
      switch decodePlain(bytes, at: index + 1) {
      case .event(.key(var keyEvent), let next):
        keyEvent.modifiers.insert(.alt)
        return .event(.key(keyEvent), next)
      case .incomplete:
        return .incomplete
      case .event, .skip, .overflow, .pasteStart:
        return .event(.key(.escape), index + 1)
      }
    }
  }

  /// Decodes `ESC O` followed by an optional modifier digit and a final byte.
  static func decodeSingleShift(_ bytes: [UInt8], at index: Int) -> Step {
    var cursor = index + 2
    var modifier: Int?
    while cursor < bytes.count, (0x30...0x39).contains(bytes[cursor]), cursor - index < 4 {
      modifier = (modifier ?? 0) * 10 + Int(bytes[cursor] - 0x30)
      cursor += 1
    }
    guard cursor < bytes.count else { return .incomplete }
    let final = bytes[cursor]
    guard (0x40...0x7E).contains(final) else {
      if modifier == nil {
        return .event(.key(.character("O"), modifiers: .alt), index + 2)
      }
      return .skip(cursor)
    }
    let modifiers = KeyModifiers(xtermParameter: modifier)
    let key: Key
    switch final {
    case UInt8(ascii: "A"): key = .up
    case UInt8(ascii: "B"): key = .down
    case UInt8(ascii: "C"): key = .right
    case UInt8(ascii: "D"): key = .left
    case UInt8(ascii: "H"): key = .home
    case UInt8(ascii: "F"): key = .end
    case UInt8(ascii: "M"): key = .enter
    case UInt8(ascii: "P")...UInt8(ascii: "S"): key = .function(Int(final - UInt8(ascii: "P")) + 1)
    case UInt8(ascii: "j"): key = .character("*")
    case UInt8(ascii: "k"): key = .character("+")
    case UInt8(ascii: "l"): key = .character(",")
    case UInt8(ascii: "m"): key = .character("-")
    case UInt8(ascii: "n"): key = .character(".")
    case UInt8(ascii: "o"): key = .character("/")
    case UInt8(ascii: "p")...UInt8(ascii: "y"):
      key = .character(Character(Unicode.Scalar(final - UInt8(ascii: "p") + UInt8(ascii: "0"))))
    default: return .skip(cursor + 1)
    }
    return .event(.key(key, modifiers: modifiers), cursor + 1)
  }

  /// Decodes `ESC [`: the Linux console's function keys, a legacy mouse report, or a general CSI sequence.
  static func decodeControlSequence(_ bytes: [UInt8], at index: Int) -> Step {
    let start = index + 2
    guard start < bytes.count else { return .incomplete }
    if bytes[start] == 0x5B {
      guard start + 1 < bytes.count else { return .incomplete }
      let final = bytes[start + 1]
      if (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(final) {
        return .event(.key(.function(Int(final - UInt8(ascii: "A")) + 1)), start + 2)
      }
      return (0x40...0x7E).contains(final) ? .skip(start + 2) : .skip(start + 1)
    }
    if bytes[start] == UInt8(ascii: "M") {
      return decodeLegacyMouse(bytes, at: index)
    }
    var cursor = start
    var sawIntermediate = false
    while true {
      guard cursor - index < maximumSequenceLength else { return .overflow(cursor) }
      guard cursor < bytes.count else { return .incomplete }
      let byte = bytes[cursor]
      switch byte {
      case 0x30...0x3F where !sawIntermediate:
        cursor += 1
      case 0x20...0x2F:
        sawIntermediate = true
        cursor += 1
      case 0x40...0x7E:
        let parameters = Array(bytes[start..<cursor])
        if byte == UInt8(ascii: "~"), parameters.elementsEqual("200".utf8) {
          return .pasteStart(cursor + 1)
        }
        if let event = interpretControlSequence(parameters: parameters, final: byte) {
          return .event(event, cursor + 1)
        }
        return .skip(cursor + 1)
      default:
        return .skip(cursor)
      }
    }
  }

  /// Decodes `CSI M` followed by three bytes: button + 32, column + 33, row + 33.
  static func decodeLegacyMouse(_ bytes: [UInt8], at index: Int) -> Step {
    let start = index + 3
    guard start + 2 < bytes.count else {
      for offset in start..<bytes.count where bytes[offset] < 0x20 {
        return .skip(offset)
      }
      return .incomplete
    }
    for offset in start..<(start + 3) where bytes[offset] < 0x20 {
      return .skip(offset)
    }
    let code = Int(bytes[start]) - 32
    let x = Int(bytes[start + 1]) - 33
    let y = Int(bytes[start + 2]) - 33
    guard let event = mouseEvent(code: code, x: x, y: y, released: false, legacy: true) else {
      return .skip(start + 3)
    }
    return .event(.mouse(event), start + 3)
  }

  /// Interprets a complete CSI sequence; `nil` for sequences that are not input events.
  static func interpretControlSequence(parameters: [UInt8], final: UInt8) -> InputEvent? {
    var marker: UInt8?
    var body = parameters[...]
    if let first = body.first, (0x3C...0x3F).contains(first) {
      marker = first
      body = body.dropFirst()
    }
    guard body.allSatisfy({ (0x30...0x3B).contains($0) }) else { return nil }
    let fields: [Int?] = body.split(separator: 0x3B, omittingEmptySubsequences: false).map { field in
      let main = field.prefix { $0 != 0x3A }
      guard !main.isEmpty else { return nil }
      return main.reduce(0) { min($0 * 10 + Int($1 - 0x30), 100_000) }
    }
    return interpret(marker: marker, fields: body.isEmpty ? [] : fields, final: final)
  }

  private static func interpret(marker: UInt8?, fields: [Int?], final: UInt8) -> InputEvent? {
    func field(_ index: Int) -> Int? {
      index < fields.count ? fields[index] : nil
    }
    if marker == UInt8(ascii: "<") {
      guard final == UInt8(ascii: "M") || final == UInt8(ascii: "m"), fields.count == 3,
        let code = field(0), let x = field(1), let y = field(2)
      else { return nil }
      return mouseEvent(code: code, x: x - 1, y: y - 1, released: final == UInt8(ascii: "m"), legacy: false)
        .map(InputEvent.mouse)
    }
    guard marker == nil else { return nil }
    let modifiers = KeyModifiers(xtermParameter: field(1))
    let key: Key
    switch final {
    case UInt8(ascii: "A"): key = .up
    case UInt8(ascii: "B"): key = .down
    case UInt8(ascii: "C"): key = .right
    case UInt8(ascii: "D"): key = .left
    case UInt8(ascii: "H"): key = .home
    case UInt8(ascii: "F"): key = .end
    case UInt8(ascii: "E"): return nil
    case UInt8(ascii: "Z"): key = .backTab
    case UInt8(ascii: "P")...UInt8(ascii: "S"):
      guard (field(0) ?? 1) == 1 else { return nil }
      key = .function(Int(final - UInt8(ascii: "P")) + 1)
    case UInt8(ascii: "~"):
      guard let code = field(0) else { return nil }
      if code == 27 {
        guard let character = field(2), let decoded = keyForCodePoint(character) else { return nil }
        return .key(decoded.key, modifiers: decoded.modifiers.union(modifiers))
      }
      guard let tilde = keyForTildeCode(code) else { return nil }
      key = tilde
    case UInt8(ascii: "u"):
      guard let code = field(0), let decoded = keyForCodePoint(code) else { return nil }
      return .key(decoded.key, modifiers: decoded.modifiers.union(modifiers))
    default:
      return nil
    }
    return .key(key, modifiers: modifiers)
  }

  /// The key of a VT-style `CSI code ~` sequence.
  static func keyForTildeCode(_ code: Int) -> Key? {
    switch code {
    case 1, 7: return .home
    case 2: return .insert
    case 3: return .delete
    case 4, 8: return .end
    case 5: return .pageUp
    case 6: return .pageDown
    case 11...15: return .function(code - 10)
    case 17...21: return .function(code - 11)
    case 23...26: return .function(code - 12)
    case 28, 29: return .function(code - 13)
    case 31...34: return .function(code - 14)
    default: return nil
    }
  }

  /// The key for a code point reported by `modifyOtherKeys` or CSI-u.
  static func keyForCodePoint(_ value: Int) -> (key: Key, modifiers: KeyModifiers)? {
    switch value {
    case 9: return (.tab, [])
    case 13: return (.enter, [])
    case 27: return (.escape, [])
    case 8, 127: return (.backspace, [])
    case 0..<0x20, 0x7F...0x9F: return nil
    default:
      guard value <= 0x10FFFF, let scalar = Unicode.Scalar(UInt32(value)) else { return nil }
      return (.character(Character(scalar)), [])
    }
  }

  /// The mouse event for an xterm button code (SGR or legacy), at 0-based coordinates.
  static func mouseEvent(code: Int, x: Int, y: Int, released: Bool, legacy: Bool) -> MouseEvent? {
    var modifiers: KeyModifiers = []
    if code & 4 != 0 { modifiers.insert(.shift) }
    if code & 8 != 0 { modifiers.insert(.alt) }
    if code & 16 != 0 { modifiers.insert(.control) }
    let x = max(0, x)
    let y = max(0, y)
    let buttonBits = code & 3
    if code & 128 != 0 {
      return nil
    }
    if code & 64 != 0 {
      let kinds: [MouseEvent.Kind] = [.scrollUp, .scrollDown, .scrollLeft, .scrollRight]
      return released ? nil : MouseEvent(kinds[buttonBits], x: x, y: y, modifiers: modifiers)
    }
    let buttons: [MouseButton] = [.left, .middle, .right]
    if code & 32 != 0 {
      let kind: MouseEvent.Kind = buttonBits == 3 ? .move : .drag(buttons[buttonBits])
      return MouseEvent(kind, x: x, y: y, modifiers: modifiers)
    }
    if buttonBits == 3 {
      return legacy ? MouseEvent(.release(nil), x: x, y: y, modifiers: modifiers) : nil
    }
    let kind: MouseEvent.Kind = released ? .release(buttons[buttonBits]) : .press(buttons[buttonBits])
    return MouseEvent(kind, x: x, y: y, modifiers: modifiers)
  }
}
