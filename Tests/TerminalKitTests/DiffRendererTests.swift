import SeededRandom
import TerminalTesting
import Testing

@testable import TerminalKit

/// Random frames for round-trip tests, drawn with a mix of ASCII, CJK, emoji and combining characters.
struct FrameGenerator {
  var generator: SplitMix64

  static let texts = [
    "a", "Hello", "xyz", " ", "世界", "日本語", "한국", "👍", "👨‍👩‍👧", "🇯🇵", "❤️", "e\u{301}", "Ａ", "…", "─", "abc世",
  ]

  mutating func style() -> Style {
    let colors: [Color] = [
      .default, .red, .brightCyan, .indexed(17), .indexed(3), .indexed(244), .rgb(red: 10, green: 200, blue: 30),
    ]
    let attributes = TextAttributes(rawValue: UInt8.random(in: 0...63, using: &generator))
    return Style(
      foreground: colors.randomElement(using: &generator)!, background: colors.randomElement(using: &generator)!,
      attributes: Bool.random(using: &generator) ? [] : attributes)
  }

  mutating func scribble(on buffer: inout ScreenBuffer, operations: Int) {
    for _ in 0..<operations {
      let x = Int.random(in: -2...(buffer.width + 1), using: &generator)
      let y = Int.random(in: 0..<max(1, buffer.height), using: &generator)
      let style = style()
      switch Int.random(in: 0..<10, using: &generator) {
      case 0:
        let rect = CellRect(
          x: x, y: y, width: Int.random(in: 0...4, using: &generator), height: Int.random(in: 0...3, using: &generator))
        buffer.fill(rect, with: Bool.random(using: &generator) ? " " : "#", style: style)
      case 1:
        buffer.updateStyle(in: CellRect(x: x, y: y, width: 3, height: 1)) {
          $0.attributes.formSymmetricDifference(.reverse)
        }
      default:
        let text = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
          FrameGenerator.texts.randomElement(using: &generator)!
        }.joined()
        buffer.write(text, x: x, y: y, style: style, maxWidth: Bool.random(using: &generator) ? nil : 5)
      }
    }
  }
}

@Suite("DiffRenderer")
struct DiffRendererTests {
  /// Applies `bytes` to a model terminal showing `previous` and returns what it shows afterwards.
  private func applied(_ bytes: [UInt8], to previous: ScreenBuffer) -> ScreenModel {
    var model = ScreenModel(screen: previous)
    model.apply(bytes)
    return model
  }

  private func adapted(_ buffer: ScreenBuffer, to mode: ColorMode) -> ScreenBuffer {
    var result = buffer
    result.updateStyle(in: result.bounds) { $0 = $0.adapted(to: mode) }
    return result
  }

  @Test("an unchanged frame writes nothing")
  func unchangedFrameWritesNothing() {
    var frames = FrameGenerator(generator: SplitMix64(seed: 1))
    var buffer = ScreenBuffer(width: 20, height: 5)
    frames.scribble(on: &buffer, operations: 20)
    #expect(DiffRenderer().diff(from: buffer, to: buffer).isEmpty)
    #expect(DiffRenderer().render(from: buffer, to: buffer).isEmpty)
  }

  @Test("changing one cell moves the cursor there and writes only that cell")
  func singleCellChange() {
    let previous = ScreenBuffer(width: 80, height: 24)
    var next = previous
    next.write("x", x: 10, y: 5)
    #expect(String(decoding: DiffRenderer().diff(from: previous, to: next), as: UTF8.self) == "\u{1B}[6;11Hx")
    var origin = previous
    origin.write("y", x: 0, y: 0)
    #expect(String(decoding: DiffRenderer().diff(from: previous, to: origin), as: UTF8.self) == "\u{1B}[Hy")
  }

  @Test("nearby changes on a row are joined by a short rewrite or a cursor-forward, not a new position")
  func nearbyChangesAvoidAbsoluteMoves() {
    var previous = ScreenBuffer(width: 40, height: 2)
    previous.write("abcdefghijklmnopqrstuvwxyz", x: 0, y: 0)
    var next = previous
    next.write("A", x: 0, y: 0)
    next.write("E", x: 4, y: 0)
    next.write("Z", x: 25, y: 0)
    #expect(
      String(decoding: DiffRenderer().diff(from: previous, to: next), as: UTF8.self) == "\u{1B}[HAbcdE\u{1B}[20CZ")
  }

  @Test("style changes use the shortest SGR and the frame ends with the pen reset")
  func styleChangesAreMinimal() {
    let previous = ScreenBuffer(width: 10, height: 1)
    var next = previous
    next.write("a", x: 0, y: 0, style: Style(attributes: .bold))
    next.write("b", x: 1, y: 0, style: Style(attributes: [.bold, .underline]))
    next.write("c", x: 2, y: 0, style: Style(foreground: .red, attributes: .underline))
    next.write("d", x: 3, y: 0, style: Style(foreground: .indexed(200), background: .rgb(red: 1, green: 2, blue: 3)))
    let output = String(decoding: DiffRenderer().diff(from: previous, to: next), as: UTF8.self)
    #expect(
      output
        == "\u{1B}[H\u{1B}[1ma\u{1B}[4mb\u{1B}[22;31mc\u{1B}[0;38;5;200;48;2;1;2;3md\u{1B}[0m")
  }

  @Test("the first frame and a resize redraw the whole screen")
  func fullRedraw() {
    var next = ScreenBuffer(width: 6, height: 2)
    next.write("世界ok", x: 0, y: 1, style: Style(foreground: .green))
    let output = DiffRenderer().render(from: nil, to: next)
    #expect(output.starts(with: Array("\u{1B}[0m\u{1B}[2J".utf8)))
    var model = ScreenModel(width: 6, height: 2)
    model.write(garbage: "zzzzzzzzzzzz")
    model.apply(output)
    #expect(model.screen == next)
    #expect(model.unsupportedSequences.isEmpty)
    let resized = DiffRenderer().render(from: ScreenBuffer(width: 3, height: 3), to: next)
    #expect(resized == output)
  }

  @Test("replacing wide characters by narrow ones and back repaints both halves")
  func wideCharacterTransitions() {
    var previous = ScreenBuffer(width: 8, height: 1)
    previous.write("a世界b", x: 0, y: 0)
    var shifted = ScreenBuffer(width: 8, height: 1)
    shifted.write("世界bc", x: 1, y: 0)
    var narrow = ScreenBuffer(width: 8, height: 1)
    narrow.write("abcdef", x: 0, y: 0)
    for (from, to) in [(previous, shifted), (shifted, previous), (previous, narrow), (narrow, previous)] {
      let model = applied(DiffRenderer().diff(from: from, to: to), to: from)
      #expect(model.screen == to, "\(from.lines) → \(to.lines)")
    }
  }

  @Test(
    "applying the diff to a terminal showing the previous frame yields the next frame, for random frames",
    arguments: ColorMode.allCases)
  func randomizedRoundTrip(mode: ColorMode) {
    var frames = FrameGenerator(generator: SplitMix64(seed: 99))
    let renderer = DiffRenderer(colorMode: mode)
    for iteration in 0..<400 {
      let width = Int.random(in: 1...14, using: &frames.generator)
      let height = Int.random(in: 1...5, using: &frames.generator)
      var previous = ScreenBuffer(width: width, height: height)
      frames.scribble(on: &previous, operations: Int.random(in: 0...12, using: &frames.generator))
      var next = iteration % 3 == 0 ? ScreenBuffer(width: width, height: height) : previous
      frames.scribble(on: &next, operations: Int.random(in: 0...8, using: &frames.generator))
      let shownPrevious = adapted(previous, to: mode)
      let model = applied(renderer.diff(from: previous, to: next), to: shownPrevious)
      #expect(model.screen == adapted(next, to: mode), "\(previous.lines) → \(next.lines)")
      #expect(model.unsupportedSequences.isEmpty)
      #expect(model.pen == .plain)
      var redrawn = ScreenModel(width: width, height: height)
      redrawn.apply(renderer.fullRedraw(next))
      #expect(redrawn.screen == adapted(next, to: mode))
    }
  }

  @Test("a sequence of frames applied in turn keeps the model in step")
  func frameSequence() {
    var frames = FrameGenerator(generator: SplitMix64(seed: 5))
    var current = ScreenBuffer(width: 30, height: 8)
    var model = ScreenModel(width: 30, height: 8)
    model.apply(DiffRenderer().fullRedraw(current))
    for _ in 0..<100 {
      var next = current
      frames.scribble(on: &next, operations: 6)
      model.apply(DiffRenderer().render(from: current, to: next))
      #expect(model.screen == next)
      current = next
    }
  }

  @Test("with NO_COLOR the output has no colour but keeps reverse video and bold")
  func noColorKeepsAttributes() {
    let previous = ScreenBuffer(width: 10, height: 1)
    var next = previous
    next.write("sel", x: 0, y: 0, style: Style(foreground: .red, background: .blue, attributes: [.reverse, .bold]))
    let output = String(decoding: DiffRenderer(colorMode: .none).diff(from: previous, to: next), as: UTF8.self)
    #expect(output == "\u{1B}[H\u{1B}[1;7msel\u{1B}[0m")
  }
}

extension ScreenModel {
  /// Prints text at the top left, to dirty the model before a full redraw.
  fileprivate mutating func write(garbage text: String) {
    apply(Array("\u{1B}[H\u{1B}[31m\(text)".utf8))
  }
}
