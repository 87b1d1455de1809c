// A libFuzzer target for TerminalKit's TextWrap and DisplayWidth, compiled together with TerminalKit's sources by
// scripts/fuzz.sh.
//
// The input's first byte picks the width (1–64 cells), its second how the rest becomes text: as UTF-8 (invalid
// bytes become U+FFFD), or each byte as one scalar of a hostile alphabet (controls, zero-width space, joiners,
// variation selectors, combining marks, emoji modifiers, regional indicators, prepended format characters, CJK,
// wide emoji, tabs, newlines). Checked: no wrapped line is wider than the width, with or without a line limit;
// wrapping loses nothing but controls, zero-width spaces and the spaces at line breaks, and adds nothing but an
// ellipsis for a character wider than the line; truncation fits the width. A crash or a hang is a failure too.

let alphabet: [Unicode.Scalar] = [
  "\u{1}", "\u{7}", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}", "\t", "\n", "\r", " ", "\u{A0}", "\u{3000}", "\u{200B}",
  "\u{200C}", "\u{200D}", "\u{2028}", "\u{FE0E}", "\u{FE0F}", "\u{301}", "\u{308}", "\u{20E3}", "\u{93E}",
  "\u{1F3FB}", "\u{1F3FF}", "\u{600}", "\u{1160}", "\u{11A8}", "\u{1100}", "\u{AC00}", "\u{E0061}", "\u{E007F}",
  "\u{1F1EF}", "\u{1F1F5}", "a", "Z", "1", "#", "*", ".", ",", "(", "é", "世", "界", "。", "「", "」", "ｱ", "☺", "❤",
  "✌", "👍", "👨", "👩", "🏳", "😀", "…", "\u{FFFD}", "\u{10FFFF}", "\u{E000}", "\u{D7FF}",
]

/// Stops the run, so that libFuzzer keeps the input, when a property does not hold.
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError("TextWrap fuzz target: \(message())") }
}

/// Whether `part` is `whole` with some elements removed.
func isSubsequence(_ part: [Unicode.Scalar], of whole: [Unicode.Scalar]) -> Bool {
  var remaining = whole[...]
  for scalar in part {
    guard let found = remaining.firstIndex(of: scalar) else { return false }
    remaining = remaining[(found + 1)...]
  }
  return true
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTextWrap(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  guard size >= 2 else { return 0 }
  let input = UnsafeBufferPointer(start: data, count: size)
  let width = 1 + Int(input[0] % 64)
  let rest = input[2...]
  var text: String
  if input[1] % 2 == 0 {
    text = String(decoding: rest, as: UTF8.self)
  } else {
    text = ""
    text.unicodeScalars.append(contentsOf: rest.map { alphabet[Int($0) % alphabet.count] })
  }
  let context = "\(text.unicodeScalars.map { String($0.value, radix: 16) }) width \(width)"
  check(text.displayWidth >= 0, "negative width: \(context)")
  let lines = TextWrap.wrap(text, width: width)
  for line in lines {
    check(line.displayWidth <= width, "line \(line.debugDescription) wider than the width: \(context)")
  }
  let kept = Array(lines.joined().unicodeScalars.filter { !$0.properties.isWhitespace })
  var required: [Unicode.Scalar] = []
  var allowed: [Unicode.Scalar] = []
  for character in text {
    guard let first = character.unicodeScalars.first, !(first.value < 0x20 || (0x7F...0x9F).contains(first.value))
    else { continue }
    let scalars: [Unicode.Scalar] = character.displayWidth > width ? ["…"] : Array(character.unicodeScalars)
    allowed += scalars.filter { !$0.properties.isWhitespace }
    if !character.isWhitespace && character != "\u{200B}" {
      required += scalars.filter { !$0.properties.isWhitespace }
    }
  }
  check(isSubsequence(required, of: kept), "text lost: \(context) → \(lines)")
  check(isSubsequence(kept, of: allowed), "text added: \(context) → \(lines)")
  let maxLines = 1 + Int(input[1] / 2 % 4)
  let limited = TextWrap.wrap(text, width: width, maxLines: maxLines)
  check(limited.count <= maxLines, "more lines than the limit: \(context)")
  for line in limited {
    check(line.displayWidth <= width, "limited line \(line.debugDescription) wider than the width: \(context)")
  }
  let truncated = TextWrap.truncate(text, width: width)
  check(truncated.displayWidth <= width, "truncation \(truncated.debugDescription) too wide: \(context)")
  return 0
}
