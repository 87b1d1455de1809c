import DemoData
import TableViewCore
import TableViewTerminal
import TerminalKit

/// A date picker on the engine's PickerView: the year is bounded with a selectable range, months
/// and days loop, and the days that do not exist in the chosen month are dimmed and cannot be
/// chosen.
final class DatePickerScreen: DemoScreen, PickerViewDataSource, PickerViewDelegate {
  static let catalogEntry = DemoCatalogEntry(
    name: "date", aliases: ["picker", "date-picker", "4"], title: { _ in "Date picker" },
    make: { DatePickerScreen(context: $0) })

  let pickerView: TerminalPickerView
  var changes = 0
  var rect = CellRect(x: 0, y: 0, width: 0, height: 0)

  init(context: DemoContext) {
    pickerView = TerminalPickerView(clock: context.clock)
    let picker = pickerView.picker
    picker.dataSource = self
    picker.delegate = self
    picker.size = Size(width: 48, height: 9)
    do {
      try picker.reloadAllComponents()
      try picker.setLoops(true, forComponent: DatePickerData.monthComponent)
      try picker.setLoops(true, forComponent: DatePickerData.dayComponent)
      try picker.setSelectableRange(DatePickerData.selectableYearRows, forComponent: DatePickerData.yearComponent)
      let date = DatePickerData.initialDate
      try picker.selectRow(
        DatePickerData.row(forYear: date.year), inComponent: DatePickerData.yearComponent, animated: false)
      try picker.selectRow(date.month - 1, inComponent: DatePickerData.monthComponent, animated: false)
      try picker.selectRow(date.day - 1, inComponent: DatePickerData.dayComponent, animated: false)
    } catch {
      preconditionFailure("the date picker's own set-up is valid: \(error)")
    }
    updateDayRange()
  }

  // MARK: Data

  func numberOfComponents(in pickerView: PickerView) -> Int { DatePickerData.numberOfComponents }

  func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int {
    DatePickerData.numberOfRows(inComponent: component)
  }

  func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String {
    DatePickerData.title(row: row, component: component)
  }

  func pickerView(_ pickerView: PickerView, widthForComponent component: Int) -> Double? {
    [14, 20, 14][component]
  }

  func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {
    changes += 1
    if component != DatePickerData.dayComponent { updateDayRange() }
  }

  var year: Int {
    DatePickerData.year(forRow: pickerView.picker.selectedRow(inComponent: DatePickerData.yearComponent))
  }
  var month: Int { pickerView.picker.selectedRow(inComponent: DatePickerData.monthComponent) + 1 }
  var day: Int { pickerView.picker.selectedRow(inComponent: DatePickerData.dayComponent) + 1 }

  /// The day range follows the month: a day that no longer exists moves to the last one.
  func updateDayRange() {
    let days = DatePickerData.daysIn(month: month, year: year)
    try? pickerView.picker.setSelectableRange(
      days == 31 ? nil : 0...(days - 1), forComponent: DatePickerData.dayComponent)
  }

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

  func status() -> String {
    let p = pickerView.picker
    let years = DatePickerData.selectableYears
    return "picker · year \(years.lowerBound)–\(years.upperBound) selectable · "
      + "months and days loop · \(DatePickerData.daysIn(month: month, year: year)) days · \(changes) changes · "
      + "cells alive \((0..<p.numberOfComponents).map { p.table(forComponent: $0).aliveViewCount }.reduce(0, +))"
  }
}
