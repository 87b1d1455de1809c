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

  static let firstYear = 1900
  static let years = 201  // 1900…2100
  static let selectableYears = 1970...2070
  static let months = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December",
  ]

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
      try picker.setLoops(true, forComponent: 1)
      try picker.setLoops(true, forComponent: 2)
      try picker.setSelectableRange(
        (Self.selectableYears.lowerBound - Self.firstYear)...(Self.selectableYears.upperBound - Self.firstYear),
        forComponent: 0)
      try picker.selectRow(2026 - Self.firstYear, inComponent: 0, animated: false)
      try picker.selectRow(10, inComponent: 1, animated: false)
      try picker.selectRow(21, inComponent: 2, animated: false)
    } catch {
      preconditionFailure("the date picker's own set-up is valid: \(error)")
    }
    updateDayRange()
  }

  // MARK: Data

  func numberOfComponents(in pickerView: PickerView) -> Int { 3 }

  func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int {
    [Self.years, 12, 31][component]
  }

  func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String {
    switch component {
    case 0: String(Self.firstYear + row)
    case 1: Self.months[row]
    default: String(row + 1)
    }
  }

  func pickerView(_ pickerView: PickerView, widthForComponent component: Int) -> Double? {
    [14, 20, 14][component]
  }

  func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {
    changes += 1
    if component != 2 { updateDayRange() }
  }

  var year: Int { Self.firstYear + pickerView.picker.selectedRow(inComponent: 0) }
  var month: Int { pickerView.picker.selectedRow(inComponent: 1) + 1 }
  var day: Int { pickerView.picker.selectedRow(inComponent: 2) + 1 }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// The day range follows the month: a day that no longer exists moves to the last one.
  func updateDayRange() {
    let days = Self.daysIn(month: month, year: year)
    try? pickerView.picker.setSelectableRange(days == 31 ? nil : 0...(days - 1), forComponent: 2)
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
    let weekday = Self.weekday(year: year, month: month, day: day)
    let title = "\(weekday), \(day) \(Self.months[month - 1]) \(year)"
    let x = rect.x + max(0, (rect.width - title.displayWidth) / 2)
    buffer.write(title, x: x, y: rect.y + 1, style: Style(attributes: .bold))
    let frame = pickerView.frame
    pickerView.render(
      into: &buffer, origin: CellPoint(x: TerminalView.cells(frame.minX), y: TerminalView.cells(frame.minY)))
  }

  func status() -> String {
    let p = pickerView.picker
    return "picker · year \(Self.selectableYears.lowerBound)–\(Self.selectableYears.upperBound) selectable · "
      + "months and days loop · \(Self.daysIn(month: month, year: year)) days · \(changes) changes · "
      + "cells alive \((0..<p.numberOfComponents).map { p.table(forComponent: $0).aliveViewCount }.reduce(0, +))"
  }

  /// Zeller's congruence.
  static func weekday(year: Int, month: Int, day: Int) -> String {
    var y = year
    var m = month
    if m < 3 {
      m += 12
      y -= 1
    }
    let h = (day + (13 * (m + 1)) / 5 + y % 100 + (y % 100) / 4 + (y / 100) / 4 + 5 * (y / 100)) % 7
    return ["Saturday", "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday"][h]
  }
}
