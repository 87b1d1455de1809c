import SeededRandom
import Testing

@_spi(Backend) @testable import TableViewCore

// The section index's layout against a brute-force reference: the bar is cut into whole lines one title tall; when
// the titles fit they take consecutive lines centred (rounded down to a whole unit), else line l shows the largest
// title t with t · lines ≤ l · count. The reference finds a point's line by walking the lines' spans.

/// The reference: for each line drawn, its top and its title.
private func referenceLines(count: Int, height: Double, titleHeight: Double) -> [(top: Double, title: Int)] {
  guard count > 0, height > 0, titleHeight > 0, height.isFinite, titleHeight.isFinite else { return [] }
  var capacity = 0
  while Double(capacity + 1) * titleHeight <= height { capacity += 1 }
  if count <= capacity {
    let top = ((height - Double(count) * titleHeight) / 2).rounded(.down)
    return (0..<count).map { (top + Double($0) * titleHeight, $0) }
  }
  return (0..<capacity).map { line in
    var title = 0
    while (title + 1) * capacity <= line * count { title += 1 }
    return (Double(line) * titleHeight, title)
  }
}

/// The reference's title across `y`: the line whose span holds it.
private func referenceTitle(at y: Double, in lines: [(top: Double, title: Int)], titleHeight: Double) -> Int? {
  lines.first { y >= $0.top && y < $0.top + titleHeight }?.title
}

@Suite("The section index's layout (randomized against a brute-force reference)")
struct SectionIndexLayoutModelTests {
  @Test(
    "the title on each line and under each point is the reference's, for random bars, pixels and lines",
    arguments: 0..<8)
  func randomBars(seed: UInt64) {
    var rng = SplitMix64(seed: 0x5EC7_10 &+ seed)
    for _ in 0..<300 {
      let count = rng.int(0...40)
      // Terminal lines (whole units, a title a line) or pixels (fractional title heights).
      let terminal = rng.bool()
      let titleHeight = terminal ? 1 : rng.double(4...20)
      let height = terminal ? Double(rng.int(0...60)) : rng.double(0...600)
      let layout = SectionIndexLayout(titleCount: count, height: height, titleHeight: titleHeight)
      let lines = referenceLines(count: count, height: height, titleHeight: titleHeight)
      #expect(layout.lineCount == lines.count, "\(count) titles in \(height) by \(titleHeight)")
      for (line, expected) in lines.enumerated() {
        #expect(layout.title(onLine: line) == expected.title)
        #expect(abs(layout.top(ofLine: line) - expected.top) < 1e-9)
      }
      #expect(layout.title(onLine: -1) == nil && layout.title(onLine: lines.count) == nil)
      for _ in 0..<40 {
        let y = terminal ? Double(rng.int(-2...62)) : rng.double(-10...610)
        let expected = referenceTitle(at: y, in: lines, titleHeight: titleHeight)
        #expect(layout.title(atOffset: y) == expected, "y \(y): \(count) titles in \(height) by \(titleHeight)")
        // Nearest: the title across y, else the first above the lines and the last below them.
        let nearest = expected ?? (lines.isEmpty ? nil : y < lines[0].top ? lines[0].title : lines.last?.title)
        #expect(layout.title(nearestOffset: y) == nearest)
      }
      // Every title the bar shows is a title, in order, and the first and last lines show the first and last.
      let shown = (0..<layout.lineCount).compactMap(layout.title(onLine:))
      #expect(shown == shown.sorted() && shown.allSatisfy { (0..<count).contains($0) })
      if let first = shown.first, let last = shown.last { #expect(first == 0 && last <= count - 1) }
    }
  }

  @Test("bad input: no lines, no title, no crash")
  func badInput() {
    for (count, height, titleHeight) in [
      (26, Double.nan, 1.0), (26, 100, .nan), (26, .infinity, 1), (26, 100, 0), (26, -5, 1), (-3, 100, 1),
      (26, 100, -1), (0, 100, 1),
    ] {
      let layout = SectionIndexLayout(titleCount: count, height: height, titleHeight: titleHeight)
      #expect(layout.lineCount == 0 && layout.title(atOffset: 5) == nil && layout.title(nearestOffset: 5) == nil)
    }
    // A huge count in a huge bar: the lines are clamped and the arithmetic does not overflow.
    let huge = SectionIndexLayout(titleCount: .max, height: 1e300, titleHeight: 1)
    #expect(huge.lineCount == Int(Int32.max))
    #expect(huge.title(onLine: huge.lineCount - 1).map { $0 < Int.max } == true)
    #expect(huge.title(atOffset: .nan) == nil && huge.title(nearestOffset: .nan) == 0)
    #expect(
      huge.title(atOffset: .infinity) == nil
        && huge.title(nearestOffset: .infinity) == huge.title(onLine: huge.lineCount - 1))
  }

  @Test("the terminal's rule: 12 titles centred in 16 lines, 26 titles in 4 lines every sixth or seventh")
  func terminalRule() {
    let centred = SectionIndexLayout(titleCount: 12, height: 16, titleHeight: 1)
    #expect(centred.top == 2 && centred.title(atOffset: 2) == 0 && centred.title(atOffset: 13) == 11)
    #expect(centred.title(atOffset: 1) == nil && centred.title(atOffset: 14) == nil)
    let crowded = SectionIndexLayout(titleCount: 26, height: 4, titleHeight: 1)
    #expect((0..<4).map { crowded.title(atOffset: Double($0)) } == [0, 6, 13, 19])
  }
}
