import DemoData
import TableViewCore
import TableViewTerminal
import TerminalKit

/// A date picker on the engine's PickerView: the year is bounded with a selectable range, months
/// and days loop, and the days that do not exist in the chosen month are dimmed and cannot be
/// chosen.
final class DatePickerScreen: DemoScreen {
  static let catalogEntry = DemoCatalogEntry(
    name: "date", aliases: ["picker", "date-picker", "4"], title: { _ in "Date picker" },
    make: { DatePickerScreen(context: $0) })

  let pickerView: TerminalPickerView
  /// The dates: the picker's data source and delegate.
  let model: DatePickerModel
  var rect = CellRect(x: 0, y: 0, width: 0, height: 0)

  init(context: DemoContext) {
    pickerView = TerminalPickerView(clock: context.clock)
    pickerView.picker.size = Size(width: 48, height: 9)
    model = DatePickerModel(picker: pickerView.picker, componentWidths: [14, 20, 14])
  }

  var changes: Int { model.changes }
  var year: Int { model.year }
  var month: Int { model.month }
  var day: Int { model.day }

  // MARK: Screen

  var keyHelp: [(keys: String, action: String)] {
    [
      ("← →  h l  Tab", "choose year, month or day"),
      ("↑ ↓  k j", "turn the wheel by one"),
      ("PgUp PgDn", "turn by five"),
      ("wheel, click", "turn / pick a row"),
    ]
  }

  func layout(in rect: CellRect) {
    self.rect = rect
    let width = min(48, rect.width)
    let height = min(9, max(3, rect.height - 4))
    pickerView.frame = Rect(
      x: Double(rect.x + (rect.width - width) / 2), y: Double(rect.y + 3), width: Double(width), height: Double(height))
  }

  func handle(_ event: InputEvent) -> Bool { pickerView.handle(event) }

  var isAnimating: Bool { pickerView.isAnimating }

  func tick() { pickerView.tick() }

  func draw(into buffer: inout ScreenBuffer) {
    let title = DatePickerData.dateTitle(year: year, month: month, day: day)
    let x = rect.x + max(0, (rect.width - title.displayWidth) / 2)
    buffer.write(title, x: x, y: rect.y + 1, style: Style(attributes: .bold))
    let frame = pickerView.frame
    pickerView.render(
      into: &buffer, origin: CellPoint(x: TerminalView.cells(frame.minX), y: TerminalView.cells(frame.minY)))
  }

  /// On the focused wheel's selected row.
  var cursorPosition: CellPoint? { pickerView.cursorPosition }

  /// The date and the wheel the arrows turn.
  var announcement: String? {
    let wheels = ["year", "month", "day"]
    let focused = pickerView.focusedComponent
    let title = DatePickerData.dateTitle(year: year, month: month, day: day)
    return focused < wheels.count ? "\(title); turning the \(wheels[focused])" : title
  }

  func status() -> String {
    let p = pickerView.picker
    let years = DatePickerData.selectableYears
    return "picker · year \(years.lowerBound)–\(years.upperBound) selectable · "
      + "months and days loop · \(DatePickerData.daysIn(month: month, year: year)) days · \(changes) changes · "
      + "cells alive \(p.diagnostics.map(\.aliveViewCount).reduce(0, +))"
  }
}
