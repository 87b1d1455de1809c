import TableViewCore
import TerminalKit
import Testing

@testable import TableViewTerminal

@Suite("Labels and clipped drawing")
struct TerminalLabelTests {
  @Test("a label's lines are wrapped once per width and follow its text")
  func caching() {
    let label = TerminalLabel(text: "一二三四五六", numberOfLines: 0)
    #expect(label.lines(forWidth: 4) == ["一二", "三四", "五六"])
    #expect(label.sizeThatFits(width: 6) == 2)
    label.text = "ab"
    #expect(label.lines(forWidth: 6) == ["ab"])
    label.text = ""
    #expect(label.lineCount(forWidth: 6) == 0)
  }

  @Test("right and centre alignment measure wide characters as two cells")
  func alignment() {
    let label = TerminalLabel(text: "中文")
    label.frame = Rect(x: 0, y: 0, width: 8, height: 1)
    var buffer = ScreenBuffer(width: 8, height: 1)
    label.alignment = .right
    label.render(into: &buffer, origin: .zero)
    #expect(buffer.lines == ["    中文"])
    buffer.clear()
    label.alignment = .center
    label.render(into: &buffer, origin: .zero)
    #expect(buffer.lines == ["  中文  "])
  }

  @Test("drawing is clipped: rows outside the clip and cells left or right of it stay untouched")
  func clipping() {
    var buffer = ScreenBuffer(width: 10, height: 3)
    buffer.fill(buffer.bounds, with: ".")
    let clip = CellRect(x: 2, y: 1, width: 5, height: 1)
    buffer.write("中文字符", x: 1, y: 1, style: .plain, clip: clip)
    buffer.write("hidden", x: 0, y: 0, style: .plain, clip: clip)
    // 中 straddles the clip's left edge (columns 1–2): its half inside becomes a space; 符 would cross the right.
    #expect(buffer.lines == ["..........", ".. 文字...", ".........."])
  }

  @Test("a view's subviews are drawn at their frames and clipped to it")
  func subviews() {
    let root = TerminalView(frame: Rect(x: 0, y: 0, width: 6, height: 2))
    let label = TerminalLabel(text: "abcdefgh")
    label.frame = Rect(x: 2, y: 1, width: 8, height: 1)
    root.addSubview(label)
    var buffer = ScreenBuffer(width: 10, height: 3)
    root.render(into: &buffer, origin: CellPoint(x: 1, y: 1))
    #expect(buffer.lines == ["          ", "          ", "   abcd   "])
    label.removeFromSuperview()
    #expect(root.subviews.isEmpty && label.superview == nil)
  }
}
