import SeededRandom
import Testing

@testable import TerminalKit

@Suite("Styled text")
struct StyledTextTests {
  static let styles: [Style?] = [nil, Style(foreground: .red), Style(attributes: .bold), Style(background: .blue)]

  @Test(
    "wrapped, every line reads as the plain text wraps, and every character keeps its run's style", arguments: 1...30)
  func wrapKeepsStyles(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let words = ["log", "error", "中文", "表格", "👍", "a", "verylongwordthatbreaks", "，", "。", "x\ty"]
    var text = StyledText()
    for _ in 0..<(1 + Int(random.next() % 12)) {
      var run = ""
      for _ in 0..<(1 + Int(random.next() % 4)) {
        run += words[Int(random.next() % UInt64(words.count))] + (random.next() % 3 == 0 ? "" : " ")
      }
      text.append(run, style: Self.styles[Int(random.next() % UInt64(Self.styles.count))])
    }
    let width = 1 + Int(random.next() % 20)
    let lines = text.wrapped(width: width)
    #expect(lines.map(\.string) == TextWrap.wrap(text.string, width: width))
    // What wrapping keeps of the text (all but spaces and tabs), in order, each character in its run's style.
    // (A character wider than a line is shown as an ellipsis.)
    let kept = text.runs.flatMap { run in
      run.text.filter { $0 != " " && $0 != "\t" }.map { (DisplayWidth.of($0) > width ? "…" : $0, run.style) }
    }
    let shown = lines.flatMap(\.runs).flatMap { run in run.text.filter { $0 != " " }.map { ($0, run.style) } }
    #expect(shown.map(\.0) == kept.map(\.0))
    #expect(shown.map(\.1) == kept.map(\.1), "seed \(seed): a character in another run's style")
  }

  @Test("a text cut off by a line limit ends with the ellipsis in the style of what it follows")
  func cutOff() {
    var text = StyledText("plain words ")
    text.append("highlighted words that go on", style: Style(foreground: .yellow))
    let lines = text.wrapped(width: 12, maxLines: 2)
    #expect(lines.count == 2 && lines[1].string.hasSuffix("…"))
    #expect(lines[1].runs.last?.style == Style(foreground: .yellow))
    #expect(lines[0].runs.first?.style == nil)
  }
}
