import SeededRandom
import Testing

@testable import TerminalKit

/// Decodes `bytes` fed as the given chunks, then flushes as if input went idle.
private func decode(_ chunks: [[UInt8]]) -> [InputEvent] {
  var decoder = InputDecoder()
  var events: [InputEvent] = []
  for chunk in chunks {
    events += decoder.feed(chunk)
  }
  events += decoder.flush()
  return events
}

private func decode(_ text: String) -> [InputEvent] {
  decode([Array(text.utf8)])
}

private func key(_ key: Key, _ modifiers: KeyModifiers = []) -> InputEvent {
  .key(key, modifiers: modifiers)
}

private func mouse(_ kind: MouseEvent.Kind, _ x: Int, _ y: Int, _ modifiers: KeyModifiers = []) -> InputEvent {
  .mouse(MouseEvent(kind, x: x, y: y, modifiers: modifiers))
}

/// Every sequence the decoder understands, with the events it stands for.
private let knownSequences: [(bytes: [UInt8], events: [InputEvent])] = [
  ("\u{1B}[A", [key(.up)]), ("\u{1B}[B", [key(.down)]), ("\u{1B}[C", [key(.right)]), ("\u{1B}[D", [key(.left)]),
  ("\u{1B}OA", [key(.up)]), ("\u{1B}OB", [key(.down)]), ("\u{1B}OC", [key(.right)]), ("\u{1B}OD", [key(.left)]),
  ("\u{1B}[1;5A", [key(.up, .control)]), ("\u{1B}[1;2B", [key(.down, .shift)]),
  ("\u{1B}[1;3C", [key(.right, .alt)]), ("\u{1B}[1;6D", [key(.left, [.shift, .control])]),
  ("\u{1B}[5~", [key(.pageUp)]), ("\u{1B}[6~", [key(.pageDown)]), ("\u{1B}[5;5~", [key(.pageUp, .control)]),
  ("\u{1B}[1~", [key(.home)]), ("\u{1B}[7~", [key(.home)]), ("\u{1B}[H", [key(.home)]), ("\u{1B}OH", [key(.home)]),
  ("\u{1B}[4~", [key(.end)]), ("\u{1B}[8~", [key(.end)]), ("\u{1B}[F", [key(.end)]), ("\u{1B}OF", [key(.end)]),
  ("\u{1B}[1;5H", [key(.home, .control)]), ("\u{1B}[1;2F", [key(.end, .shift)]),
  ("\u{1B}[2~", [key(.insert)]), ("\u{1B}[3~", [key(.delete)]), ("\u{1B}[Z", [key(.backTab)]),
  ("\u{1B}OP", [key(.function(1))]), ("\u{1B}OS", [key(.function(4))]), ("\u{1B}[15~", [key(.function(5))]),
  ("\u{1B}[24~", [key(.function(12))]), ("\u{1B}[1;2P", [key(.function(1), .shift)]),
  ("\u{1B}[[A", [key(.function(1))]), ("\u{1B}[[E", [key(.function(5))]),
  ("\r", [key(.enter)]), ("\n", [key(.enter)]), ("\t", [key(.tab)]), ("\u{7F}", [key(.backspace)]),
  ("\u{8}", [key(.backspace)]), ("\u{3}", [.key(.controlC)]), ("\u{1}", [key(.character("a"), .control)]),
  ("\u{1A}", [key(.character("z"), .control)]), ("\u{0}", [key(.character(" "), .control)]),
  ("a", [key(.character("a"))]), ("Z", [key(.character("Z"))]), (" ", [key(.character(" "))]),
  ("é", [key(.character("é"))]), ("世", [key(.character("世"))]), ("😀", [key(.character("😀"))]),
  ("\u{1B}a", [key(.character("a"), .alt)]), ("\u{1B}\r", [key(.enter, .alt)]),
  ("\u{1B}\u{7F}", [key(.backspace, .alt)]), ("\u{1B}世", [key(.character("世"), .alt)]),
  ("\u{1B}", [key(.escape)]), ("\u{1B}\u{1B}", [key(.escape), key(.escape)]),
  ("\u{1B}[13;2u", [key(.enter, .shift)]), ("\u{1B}[99;5u", [.key(.controlC)]),
  ("\u{1B}[27;5;99~", [.key(.controlC)]), ("\u{1B}[27;2;13~", [key(.enter, .shift)]),
  ("\u{1B}[<0;10;5M", [mouse(.press(.left), 9, 4)]), ("\u{1B}[<0;10;5m", [mouse(.release(.left), 9, 4)]),
  ("\u{1B}[<2;1;1M", [mouse(.press(.right), 0, 0)]), ("\u{1B}[<1;300;200M", [mouse(.press(.middle), 299, 199)]),
  ("\u{1B}[<64;3;4M", [mouse(.scrollUp, 2, 3)]), ("\u{1B}[<65;3;4M", [mouse(.scrollDown, 2, 3)]),
  ("\u{1B}[<32;7;8M", [mouse(.drag(.left), 6, 7)]), ("\u{1B}[<35;7;8M", [mouse(.move, 6, 7)]),
  ("\u{1B}[<16;1;1M", [mouse(.press(.left), 0, 0, .control)]),
  ("\u{1B}[<68;2;2M", [mouse(.scrollUp, 1, 1, .shift)]),
  ("\u{1B}[M !!", [mouse(.press(.left), 0, 0)]), ("\u{1B}[M#*+", [mouse(.release(nil), 9, 10)]),
].map { (Array($0.0.utf8), $0.1) }

@Suite("InputDecoder")
struct InputDecoderTests {
  @Test("every known sequence decodes to its key or mouse event")
  func knownSequencesDecode() {
    for (bytes, events) in knownSequences {
      #expect(decode([bytes]) == events, "\(bytes)")
    }
  }

  @Test("every known sequence decodes identically when split at any byte position")
  func splitAtEveryPosition() {
    for (bytes, events) in knownSequences {
      for split in 0...bytes.count {
        #expect(decode([Array(bytes[..<split]), Array(bytes[split...])]) == events, "\(bytes) split at \(split)")
      }
      #expect(decode(bytes.map { [$0] }) == events, "\(bytes) byte by byte")
    }
  }

  @Test("a stream of all known sequences decodes identically however it is cut")
  func concatenatedStreamSplitAnywhere() {
    // A lone ESC is only final once input is idle, so it is left out of the middle of the stream.
    let items = knownSequences.filter { $0.bytes != [0x1B] && $0.bytes != [0x1B, 0x1B] }
    let stream = items.flatMap(\.bytes)
    let expected = items.flatMap(\.events)
    #expect(decode([stream]) == expected)
    for split in 0...stream.count {
      #expect(decode([Array(stream[..<split]), Array(stream[split...])]) == expected, "split at \(split)")
    }
    var generator = SplitMix64(seed: 7)
    for _ in 0..<200 {
      var chunks: [[UInt8]] = []
      var index = 0
      while index < stream.count {
        let length = Int.random(in: 1...9, using: &generator)
        chunks.append(Array(stream[index..<min(stream.count, index + length)]))
        index += length
      }
      #expect(decode(chunks) == expected)
    }
  }

  @Test("a lone Escape waits for more input and is reported when input goes idle")
  func loneEscapeNeedsFlush() {
    var decoder = InputDecoder()
    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(decoder.hasPendingInput)
    #expect(decoder.flush() == [key(.escape)])
    #expect(!decoder.hasPendingInput)
    #expect(decoder.feed(Array("x".utf8)) == [key(.character("x"))])
  }

  @Test("Escape followed later by an arrow sequence yields the arrow once the rest arrives")
  func escapeThenRestOfSequence() {
    var decoder = InputDecoder()
    #expect(decoder.feed([0x1B, 0x5B]).isEmpty)
    #expect(decoder.feed([0x41]) == [key(.up)])
  }

  @Test("a flushed ESC [ or ESC O is Alt with that character")
  func flushedIntroducersAreAltKeys() {
    #expect(decode("\u{1B}[") == [key(.character("["), .alt)])
    #expect(decode("\u{1B}O") == [key(.character("O"), .alt)])
  }

  @Test("an incomplete sequence or character at idle is dropped")
  func incompleteDroppedAtIdle() {
    #expect(decode("\u{1B}[1;5").isEmpty)
    #expect(decode([[0xE4, 0xB8]]).isEmpty)
    #expect(decode([[0x1B, 0xE4]]) == [key(.escape)])
  }

  @Test("malformed sequences are skipped and decoding resumes at the offending byte")
  func malformedSequencesAreSkipped() {
    #expect(decode("\u{1B}[1;\u{1}A") == [key(.character("a"), .control), key(.character("A"))])
    #expect(decode("\u{1B}[12\u{1B}[B") == [key(.down)])
    #expect(decode("\u{1B}[<0;1M") == [])
    #expect(decode("\u{1B}[<0;1;2;3Mx") == [key(.character("x"))])
    #expect(decode("\u{1B}[<0;1;2Xq") == [key(.character("q"))])
    #expect(decode("\u{1B}O\u{1}") == [key(.character("O"), .alt), key(.character("a"), .control)])
    #expect(decode("\u{1B}[M\u{1}") == [key(.character("a"), .control)])
  }

  @Test("well-formed sequences that are not keys are skipped whole")
  func unknownSequencesAreSkipped() {
    #expect(decode("\u{1B}[99X1") == [key(.character("1"))])
    #expect(decode("\u{1B}[I\u{1B}[O\u{1B}[?1;2c") == [])
    #expect(decode("\u{1B}[12;40R") == [])
    #expect(decode("\u{1B}[<128;1;1M") == [])
  }

  @Test("an overlong control sequence is dropped whole and never buffered beyond the limit")
  func overlongSequenceIsDropped() {
    let digits = String(repeating: "1", count: 500)
    #expect(decode("\u{1B}[\(digits)Ax") == [key(.character("x"))])
    var decoder = InputDecoder()
    for byte in Array("\u{1B}[\(digits)".utf8) {
      #expect(decoder.feed([byte]).isEmpty)
      #expect(decoder.pendingByteCount <= InputDecoder.maximumSequenceLength)
    }
    #expect(decoder.feed(Array("Bz".utf8)) == [key(.character("z"))])
  }

  @Test("invalid UTF-8 is skipped and the valid text around it kept")
  func invalidUTF8IsSkipped() {
    #expect(decode([[0x61, 0xFF, 0x62]]) == [key(.character("a")), key(.character("b"))])
    #expect(decode([[0xC0, 0xAF, 0x63]]) == [key(.character("c"))])
    #expect(decode([[0xED, 0xA0, 0x80, 0x64]]) == [key(.character("d"))])
    #expect(decode([[0xE4, 0x41]]) == [key(.character("A"))])
    #expect(decode([[0xC2, 0x85]]) == [])
    #expect(decode([[0xF4, 0x90, 0x80, 0x80]]) == [])
  }

  @Test("random bytes never crash, never stall and decode identically however they are cut")
  func randomBytes() {
    var generator = SplitMix64(seed: 42)
    let interesting: [UInt8] = [0x1B, 0x5B, 0x4F, 0x3C, 0x3B, 0x4D, 0x6D, 0x7E, 0x31, 0x35, 0x41, 0xE4, 0xB8, 0x96]
    for _ in 0..<300 {
      let length = Int.random(in: 0...120, using: &generator)
      let bytes: [UInt8] = (0..<length).map { _ in
        Bool.random(using: &generator)
          ? interesting.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
      }
      let whole = decode([bytes])
      var decoder = InputDecoder()
      var events: [InputEvent] = []
      var index = 0
      while index < bytes.count {
        let end = min(bytes.count, index + Int.random(in: 1...8, using: &generator))
        events += decoder.feed(bytes[index..<end])
        #expect(decoder.pendingByteCount <= InputDecoder.maximumSequenceLength)
        index = end
      }
      events += decoder.flush()
      #expect(!decoder.hasPendingInput)
      #expect(events == whole)
      #expect(whole.count <= bytes.count)
    }
  }

  // MARK: Bracketed paste

  @Test("a bracketed paste is one text event: its Tab, q, Enter and escape sequences are text, not keys")
  func pasteIsText() {
    #expect(
      decode("a\u{1B}[200~see the table:\tq\r\u{1B}[A\u{3}\u{1B}[201~b")
        == [key(.character("a")), .paste("see the table:\tq\r\u{1B}[A\u{3}"), key(.character("b"))])
    #expect(decode("\u{1B}[200~\u{1B}[201~") == [.paste("")])
    #expect(decode("\u{1B}[200~世界\u{1B}[20\u{1B}[201~") == [.paste("世界\u{1B}[20")])
    #expect(decode([Array("\u{1B}[200~a".utf8) + [0xFF] + Array("\u{1B}[201~".utf8)]) == [.paste("a\u{FFFD}")])
    #expect(decode("\u{1B}[201~x") == [key(.character("x"))], "an end marker without a start is skipped")
  }

  @Test("a paste whose end never comes ends at idle with what arrived; keys after it are keys again")
  func unendedPasteEndsAtIdle() {
    var decoder = InputDecoder()
    #expect(decoder.feed(Array("\u{1B}[200~abc\u{1B}[20".utf8)).isEmpty)
    #expect(decoder.isReceivingPaste && decoder.hasPendingInput)
    #expect(decoder.flush() == [.paste("abc\u{1B}[20")])
    #expect(!decoder.isReceivingPaste && !decoder.hasPendingInput)
    #expect(decoder.feed(Array("q".utf8)) == [key(.character("q"))])
    #expect(decoder.feed(Array("\u{1B}[200~".utf8)).isEmpty)
    #expect(decoder.flush().isEmpty, "an empty unended paste is nothing")
  }

  @Test("a 1 MB paste read 4 KiB at a time is one event with all of its text")
  func megabytePasteIsOneEvent() {
    let line = "row\tcolumn q ✓ 世界\r"
    let text = String(repeating: line, count: (1 << 20) / line.utf8.count + 1)
    let bytes = Array("\u{1B}[200~\(text)\u{1B}[201~".utf8)
    var decoder = InputDecoder()
    var events: [InputEvent] = []
    var index = 0
    while index < bytes.count {
      let end = min(bytes.count, index + 4096)
      events += decoder.feed(bytes[index..<end])
      #expect(decoder.pendingByteCount < InputDecoder.pasteEnd.count)
      index = end
    }
    #expect(events == [.paste(text)])
    #expect(!decoder.hasPendingInput)
  }

  @Test("a paste longer than the limit keeps its first maximumPasteLength bytes and ends where it ends")
  func overlongPasteIsCut() {
    var decoder = InputDecoder()
    #expect(decoder.feed(Array("\u{1B}[200~".utf8)).isEmpty)
    let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
    for _ in 0..<(InputDecoder.maximumPasteLength >> 20) + 2 {
      #expect(decoder.feed(chunk).isEmpty)
    }
    let events = decoder.feed(Array("\u{1B}[201~y".utf8))
    #expect(events.count == 2)
    if case .paste(let text) = events.first {
      #expect(text.utf8.count == InputDecoder.maximumPasteLength)
    } else {
      Issue.record("no paste: \(events.prefix(1))")
    }
    #expect(events.last == key(.character("y")))
  }

  @Test("model: keys and pastes of hostile text, cut into random reads, decode as the reference says")
  func pasteModel() {
    var generator = SplitMix64(seed: 2004)
    // Keys that are final without waiting (a lone ESC is not), and paste text made of what could confuse it.
    let keys = knownSequences.filter { $0.bytes != [0x1B] && $0.bytes != [0x1B, 0x1B] }
    let pieces: [[UInt8]] =
      [
        "\u{1B}", "[", "2", "0", "1", "~", "\u{1B}[20", "\u{1B}[201", "\u{1B}[200~", "\t", "q",
        "\r", "\n", "\u{3}", "é", "世", "😀", "\u{1B}[A", "abc", " ",
      ].map { Array($0.utf8) } + [[0xFF], [0xE4, 0xB8]]
    for round in 0..<400 {
      // The reference: the stream is a list of segments, each a key sequence or a paste with its text.
      var stream: [UInt8] = []
      var expected: [InputEvent] = []
      for _ in 0..<Int.random(in: 0...12, using: &generator) {
        if Bool.random(using: &generator) {
          let item = keys.randomElement(using: &generator)!
          stream += item.bytes
          expected += item.events
        } else {
          var text: [UInt8] = []
          for _ in 0..<Int.random(in: 0...20, using: &generator) { text += pieces.randomElement(using: &generator)! }
          // A terminal never sends the end marker inside a paste: take such text out.
          while let range = text.firstRange(of: InputDecoder.pasteEnd) { text.removeSubrange(range) }
          stream += Array("\u{1B}[200~".utf8) + text + InputDecoder.pasteEnd
          expected.append(.paste(String(decoding: text, as: UTF8.self)))
        }
      }
      var decoder = InputDecoder()
      var events: [InputEvent] = []
      var index = 0
      let longest = round.isMultiple(of: 2) ? 3 : 64
      while index < stream.count {
        let end = min(stream.count, index + Int.random(in: 1...longest, using: &generator))
        events += decoder.feed(stream[index..<end])
        index = end
      }
      events += decoder.flush()
      #expect(events == expected, "round \(round)")
      #expect(!decoder.hasPendingInput)
    }
  }

  @Test("pasted text is made safe for a text field: line breaks and Tabs are spaces, other controls are gone")
  func removingControlCharacters() {
    #expect("see the table:\tq".removingControlCharacters() == "see the table: q")
    #expect("a\r\nb\rc\nd".removingControlCharacters() == "a b c d")
    #expect("a\r\nb\rc\nd".removingControlCharacters(lineBreak: "\n") == "a\nb\nc\nd")
    #expect("\u{1B}[31mred\u{7}\u{7F}\u{9B}2J\u{0}".removingControlCharacters() == "[31mred2J")
    #expect("世界 😀 é".removingControlCharacters() == "世界 😀 é")
  }

  @Test(
    "random text with every kind of control, a C1 and the scalars around it: as a scalar-by-scalar model cleans it",
    arguments: 0..<8)
  func removingControlCharactersModel(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    let scalars: [Unicode.Scalar] = [
      "a", " ", "\t", "\r", "\n", "\u{1B}", "\u{0}", "\u{7}", "\u{7F}", "\u{80}", "\u{9B}", "\u{9F}", "\u{A0}",
      "\u{BF}", "é", "\u{100}", "世", "😀", "\u{301}",
    ]
    for lineBreak in [" ", "\n", "⏎"] {
      for _ in 0..<200 {
        var text = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0..<40, using: &generator) {
          text.append(scalars.randomElement(using: &generator)!)
        }
        // The model: scalar by scalar, as the documentation says.
        var model = ""
        var afterCarriageReturn = false
        for scalar in text {
          defer { afterCarriageReturn = scalar == "\r" }
          switch scalar.value {
          case 0x0A where afterCarriageReturn: continue
          case 0x0A, 0x0D: model += lineBreak
          case 0x09: model += " "
          case 0x00..<0x20, 0x7F...0x9F: continue
          default: model.unicodeScalars.append(scalar)
          }
        }
        let cleaned = String(text).removingControlCharacters(lineBreak: lineBreak)
        #expect(Array(cleaned.unicodeScalars) == Array(model.unicodeScalars), "\(Array(String(text).utf8))")
      }
    }
  }
}
