import SeededRandom
import TerminalTesting
import Testing

@testable import TerminalKit

/// `DiffRenderer.render(from:to:rewriting:)`: the rows named are written whole (erased, then every cell), once,
/// and the terminal ends up showing the frame, whatever it showed before.
@Suite("DiffRenderer rewriting rows")
struct RewritingRowsTests {
  @Test("a changed line is written whole, once, even where only a few cells changed")
  func wholeLineOnce() {
    var previous = ScreenBuffer(width: 40, height: 4)
    previous.write("row 1 of 1,000, section 1: Alice", x: 0, y: 3)
    var next = previous
    next.write("row 2 of 1,000, section 1: Alice", x: 0, y: 3)
    let plain = String(decoding: DiffRenderer().render(from: previous, to: next), as: UTF8.self)
    #expect(!plain.contains("row 2 of"), "a diff writes only the changed cell: \(plain.debugDescription)")
    let bytes = DiffRenderer().render(from: previous, to: next, rewriting: 3..<4)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(
      text.split(separator: "row 2 of 1,000, section 1: Alice", omittingEmptySubsequences: false).count == 2,
      "\(text.debugDescription)")
    #expect(text.contains("\u{1B}[2K"), "the line is erased first")
    var model = ScreenModel(screen: previous)
    model.apply(bytes)
    #expect(model.screen == next)
  }

  @Test("random frames: the terminal shows the next frame; rows outside the frame are ignored; no frame is a redraw")
  func randomFrames() {
    var generator = FrameGenerator(generator: SplitMix64(seed: 7))
    for round in 0..<200 {
      let width = Int.random(in: 1...12, using: &generator.generator)
      let height = Int.random(in: 1...6, using: &generator.generator)
      var previous = ScreenBuffer(width: width, height: height)
      generator.scribble(on: &previous, operations: 6)
      var next = previous
      generator.scribble(on: &next, operations: 4)
      let lower = Int.random(in: -2...(height + 1), using: &generator.generator)
      let rows = lower..<(lower + Int.random(in: 0...3, using: &generator.generator))
      var model = ScreenModel(screen: previous)
      model.apply(DiffRenderer(colorMode: .trueColor).render(from: previous, to: next, rewriting: rows))
      #expect(model.screen == next, "round \(round): \(previous.lines) → \(next.lines), rows \(rows)")
      #expect(model.unsupportedSequences.isEmpty)
    }
    var model = ScreenModel(width: 5, height: 2)
    var frame = ScreenBuffer(width: 5, height: 2)
    frame.write("hi", x: 0, y: 1)
    model.apply(DiffRenderer().render(from: nil, to: frame, rewriting: 1..<2))
    #expect(model.screen == frame, "without a previous frame: a full redraw")
  }

  @Test("the cursor sequences: 0-based in, 1-based out; negative positions clamp to the first cell")
  func cursorControl() {
    #expect(String(decoding: CursorControl.move(toColumn: 2, row: 6), as: UTF8.self) == "\u{1B}[7;3H")
    #expect(String(decoding: CursorControl.move(toColumn: -5, row: Int.min), as: UTF8.self) == "\u{1B}[1;1H")
    #expect(
      String(decoding: CursorControl.move(toColumn: Int.max, row: Int.max), as: UTF8.self) == "\u{1B}[65535;65535H")
    var model = ScreenModel(width: 10, height: 10)
    model.apply(CursorControl.move(toColumn: 4, row: 3))
    #expect(model.cursorX == 4 && model.cursorY == 3)
  }
}
