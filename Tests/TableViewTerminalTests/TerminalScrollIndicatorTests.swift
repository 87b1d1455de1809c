@_spi(Backend) import TableViewCore
import TerminalKit
import Testing

@testable import TableViewTerminal

/// The scroll indicator's thumb follows what the user sees scroll: rows measured on the way (estimated
/// heights) never move it by itself or against the scroll.
@Suite("The terminal's scroll indicator")
struct TerminalScrollIndicatorTests {
  /// 300 self-sized rows of 1 to 6 lines at a width of 20, in a table that estimates every row at one line:
  /// the content grows as rows are measured.
  func estimatedTable() -> TerminalTableView {
    let texts = (0..<300).map { row in Array(repeating: "word", count: 1 + (row * 7) % 18).joined(separator: " ") }
    let (view, _) = makeTableView(TestFeed(sections: [texts]), width: 20, height: 10)
    view.showsScrollIndicator = true
    view.table.estimatedRowHeight = 1
    view.reloadData()
    return view
  }

  /// The rows of the last column the thumb is drawn in, read from the screen.
  func drawnThumb(_ view: TerminalTableView) -> Range<Int> {
    let buffer = view.snapshot()
    let rows = (0..<buffer.height).filter { buffer[x: buffer.width - 1, y: $0].character == "┃" }
    guard let first = rows.first, let last = rows.last else { return 0..<0 }
    return first..<(last + 1)
  }

  /// Where `offset / range` would put the thumb: the formula that moves it by itself.
  func plainFraction(_ table: TableView) -> Double {
    table.contentOffset.y / (table.maximumContentOffsetY - table.minimumContentOffsetY)
  }

  @Test("scrolling down, the thumb never moves up, though measured rows make offset / range go back")
  func scrollingDown() {
    let view = estimatedTable()
    var thumb = drawnThumb(view)
    var fraction = view.scrollIndicator.mapping.fraction
    var plainWentBack = 0
    for step in 0..<600 {
      let plainBefore = plainFraction(view.table)
      view.table.scroll(by: 1)
      let drawn = drawnThumb(view)
      if plainFraction(view.table) < plainBefore { plainWentBack += 1 }
      #expect(drawn.lowerBound >= thumb.lowerBound, "step \(step): \(thumb) → \(drawn)")
      #expect(view.scrollIndicator.mapping.fraction >= fraction, "step \(step)")
      thumb = drawn
      fraction = view.scrollIndicator.mapping.fraction
    }
    #expect(plainWentBack > 0, "the scenario measures rows that would have moved a plain thumb backwards")
    #expect(thumb.lowerBound > 0)
  }

  @Test("scrolling up over rows measured above the screen, the thumb never moves down")
  func scrollingUp() {
    let view = estimatedTable()
    view.table.contentOffset.y = 800  // a jump over rows never measured
    _ = drawnThumb(view)
    var thumb = drawnThumb(view)
    var fraction = view.scrollIndicator.mapping.fraction
    var plainWentForward = 0
    while view.table.contentOffset.y > view.table.minimumContentOffsetY {
      let plainBefore = plainFraction(view.table)
      view.table.scroll(by: -1)
      let drawn = drawnThumb(view)
      if plainFraction(view.table) > plainBefore { plainWentForward += 1 }
      #expect(drawn.upperBound <= thumb.upperBound, "at \(view.table.contentOffset.y): \(thumb) → \(drawn)")
      #expect(view.scrollIndicator.mapping.fraction <= fraction)
      thumb = drawn
      fraction = view.scrollIndicator.mapping.fraction
    }
    #expect(plainWentForward > 0, "the scenario corrects the offset where a plain thumb would have moved down")
    #expect(thumb.lowerBound == 0 && fraction == 0, "at the top, the thumb is at the top")
  }

  @Test("rows measured while nothing scrolls (idle time) leave the thumb where it is")
  func measuringInIdleTime() {
    let view = estimatedTable()
    view.table.contentOffset.y = 400
    let thumb = drawnThumb(view)
    let fraction = view.scrollIndicator.mapping.fraction
    let plainBefore = plainFraction(view.table)
    view.table.idlePrecompute.enable()
    for _ in 0..<100 where view.runIdleSlice() {}
    #expect(drawnThumb(view) == thumb)
    #expect(view.scrollIndicator.mapping.fraction == fraction)
    #expect(plainFraction(view.table) != plainBefore, "the measured rows changed offset / range")
  }

  @Test("the thumb goes from the top to the bottom of the last column and back")
  func endToEnd() {
    let (view, _) = makeTableView(TestFeed(sectionCount: 1, rows: 100), width: 20, height: 10, rowHeight: 1)
    view.showsScrollIndicator = true
    #expect(drawnThumb(view) == 0..<1)
    view.table.contentOffset.y = view.table.maximumContentOffsetY
    #expect(drawnThumb(view) == 9..<10)
    view.table.contentOffset.y = 0
    #expect(drawnThumb(view) == 0..<1)
  }

  @Test("the thumb is proportional to the visible fraction, at least one cell, and absent when all fits")
  func thumbGeometry() {
    #expect(TerminalScrollIndicator.thumb(track: 10, contentHeight: 100, viewportHeight: 10, fraction: 0) == 0..<1)
    #expect(TerminalScrollIndicator.thumb(track: 10, contentHeight: 20, viewportHeight: 10, fraction: 1) == 5..<10)
    #expect(TerminalScrollIndicator.thumb(track: 10, contentHeight: 5e6, viewportHeight: 10, fraction: 0.5) == 5..<6)
    #expect(TerminalScrollIndicator.thumb(track: 10, contentHeight: 8, viewportHeight: 10, fraction: 0).isEmpty)
    #expect(TerminalScrollIndicator.thumb(track: 10, contentHeight: 100, viewportHeight: 10, fraction: -3) == 0..<1)
  }
}
