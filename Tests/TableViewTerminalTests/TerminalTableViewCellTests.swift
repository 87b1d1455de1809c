import TableViewCore
import TerminalKit
import Testing

@testable import TableViewTerminal

@Suite("Cells: self-sizing and drawing")
struct TerminalTableViewCellTests {
  @Test("a default cell wraps CJK text at two cells per character inside its margins")
  func defaultCellWrapsCJK() {
    let cell = TerminalTableViewCell()
    cell.textLabel.numberOfLines = 0
    // 16 characters, 32 cells; 20 columns minus margins of 2 and 2 leave 16 cells: 8 characters a line.
    cell.textLabel.text = "今天我们发布了新版本滚动非常流畅"
    #expect(cell.sizeThatFits(width: 20) == 2)
    #expect(cell.sizeThatFits(width: 36) == 1)
    #expect(cell.sizeThatFits(width: 12) == 4)
  }

  @Test("mixed Latin and CJK text breaks at spaces and between wide characters")
  func mixedText() {
    let cell = TerminalTableViewCell()
    cell.textLabel.numberOfLines = 0
    cell.textLabel.text = "Hello 世界 table view"
    #expect(cell.sizeThatFits(width: 14) == 2)  // "Hello 世界" | "table view"
    cell.frame = Rect(x: 0, y: 0, width: 14, height: 2)
    var buffer = ScreenBuffer(width: 14, height: 2)
    cell.render(into: &buffer, origin: .zero)
    #expect(buffer.lines == ["  Hello 世界  ", "  table view  "])
    #expect(buffer[x: 8, y: 0].character == "世")
    #expect(buffer[x: 9, y: 0].isContinuation)
  }

  @Test("one line by default, cut off with an ellipsis, as UIKit")
  func singleLineByDefault() {
    let cell = TerminalTableViewCell()
    cell.textLabel.text = "一二三四五六七八九十"
    #expect(cell.sizeThatFits(width: 10) == 1)
    cell.frame = Rect(x: 0, y: 0, width: 10, height: 1)
    var buffer = ScreenBuffer(width: 10, height: 1)
    cell.render(into: &buffer, origin: .zero)
    #expect(buffer.lines == ["  一二…   "])
  }

  @Test("a subtitle cell stacks the detail's wrapped lines under the text")
  func subtitle() {
    let cell = TerminalTableViewCell(style: .subtitle)
    cell.textLabel.text = "李雷 · 3h"
    cell.detailTextLabel?.numberOfLines = 0
    cell.detailTextLabel?.text = "今天我们终于发布了新版本，滚动非常流畅。"  // 20 characters, 40 cells
    #expect(cell.sizeThatFits(width: 24) == 1 + 2)
    cell.detailTextLabel?.text = ""
    #expect(cell.sizeThatFits(width: 24) == 1, "an empty detail takes no line")
  }

  @Test("a value1 cell puts the detail on the right of the same line")
  func value1() {
    let cell = TerminalTableViewCell(style: .value1)
    cell.textLabel.text = "Wi-Fi"
    cell.detailTextLabel?.text = "家里"
    cell.frame = Rect(x: 0, y: 0, width: 20, height: cell.sizeThatFits(width: 20))
    var buffer = ScreenBuffer(width: 20, height: 1)
    cell.render(into: &buffer, origin: .zero)
    #expect(buffer.lines == ["  Wi-Fi       家里  "])
  }

  @Test("an accessory takes two columns from the text and draws its mark")
  func accessory() {
    let cell = TerminalTableViewCell()
    cell.textLabel.numberOfLines = 0
    cell.textLabel.text = "一二三四五六七八"  // 16 cells
    #expect(cell.sizeThatFits(width: 20) == 1)
    cell.accessoryType = .checkmark
    #expect(cell.sizeThatFits(width: 20) == 2)
    cell.frame = Rect(x: 0, y: 0, width: 20, height: 2)
    var buffer = ScreenBuffer(width: 20, height: 2)
    cell.render(into: &buffer, origin: .zero)
    #expect(buffer.lines[0] == "  一二三四五六七 ✓  ")
    cell.accessoryType = .disclosureIndicator
    buffer = ScreenBuffer(width: 20, height: 2)
    cell.render(into: &buffer, origin: .zero)
    #expect(buffer.lines[0].hasSuffix("›  "))
  }

  @Test("a separator adds a line along the bottom")
  func separator() {
    let cell = TerminalTableViewCell()
    cell.textLabel.text = "row"
    cell.showsSeparator = true
    #expect(cell.sizeThatFits(width: 10) == 2)
    cell.frame = Rect(x: 0, y: 0, width: 10, height: 2)
    var buffer = ScreenBuffer(width: 10, height: 2)
    cell.render(into: &buffer, origin: .zero)
    #expect(buffer.lines == ["  row     ", "  ────────"])
  }

  @Test("a selected cell is drawn in reverse video with a mark in its first column, its separator not")
  func selection() {
    let cell = TerminalTableViewCell()
    cell.textLabel.text = "选中"
    cell.showsSeparator = true
    cell.frame = Rect(x: 0, y: 0, width: 12, height: 2)
    cell.setSelected(true, animated: false)
    var buffer = ScreenBuffer(width: 12, height: 2)
    cell.render(into: &buffer, origin: .zero)
    #expect(buffer.lines[0] == "▌ 选中      ")
    #expect(buffer.isReversed(row: 0, columns: 1..<12))
    #expect(!buffer[x: 0, y: 0].style.attributes.contains(.reverse))
    #expect(!buffer.isReversed(row: 1, columns: 2..<12))
    // Reverse video is an attribute, so it survives NO_COLOR.
    #expect(buffer[x: 4, y: 0].style.adapted(to: .none).attributes.contains(.reverse))
  }

  @Test("prepareForReuse clears the selected and highlighted states")
  func prepareForReuse() {
    let cell = TerminalTableViewCell()
    cell.setSelected(true, animated: false)
    cell.setHighlighted(true, animated: false)
    cell.prepareForReuse()
    #expect(!cell.isSelected && !cell.isHighlighted)
  }

  @Test("a header is one line, two with a detail, and continues its title with a rule")
  func header() {
    let header = TerminalTableViewHeaderFooterView()
    header.textLabel.text = "第一组"
    #expect(header.sizeThatFits(width: 20) == 1)
    header.detailTextLabel.text = "rows 1–10"
    #expect(header.sizeThatFits(width: 20) == 2)
    header.frame = Rect(x: 0, y: 0, width: 20, height: 2)
    var buffer = ScreenBuffer(width: 20, height: 2)
    buffer.fill(buffer.bounds, with: "x")
    header.render(into: &buffer, origin: .zero)
    #expect(buffer.lines == [" 第一组 ──────────  ", " rows 1–10          "], "it covers what was under it")
  }
}
