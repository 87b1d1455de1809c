import CGtk
import DemoData
import TableViewCore
import TableViewGTK

/// A date picker on the engine's PickerView, drawn as a wheel: the year is bounded by a selectable
/// range, months and days loop, days the month does not have are greyed and cannot be chosen.
final class DatePickerPage: DemoPage, PickerViewDataSource, PickerViewDelegate {
  let title = "Date picker"
  let pickerView = GTKPickerView(rowHeight: 36)
  let widget: UnsafeMutablePointer<GtkWidget>
  let dateLabel: UnsafeMutablePointer<GtkWidget>
  var tableView: GTKTableView? { nil }
  var lastSelected: IndexPath?
  var changes = 0

  init() {
    widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)
    gtk_widget_set_margin_top(widget, 24)
    gtk_widget_set_margin_start(widget, 24)
    gtk_widget_set_margin_end(widget, 24)
    dateLabel = gtk_label_new(nil)
    gtk_widget_add_css_class(dateLabel, "title-2")
    gtk_box_append(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkBox.self), dateLabel)
    gtk_widget_set_halign(pickerView.widget, GTK_ALIGN_CENTER)
    gtk_widget_set_size_request(pickerView.widget, 460, 36 * 7)
    gtk_box_append(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkBox.self), pickerView.widget)
    let picker = pickerView.picker
    picker.dataSource = self
    picker.delegate = self
    do {
      try pickerView.reloadAllComponents()
      try picker.setLoops(true, forComponent: DatePickerData.monthComponent)
      try picker.setLoops(true, forComponent: DatePickerData.dayComponent)
      try picker.setSelectableRange(DatePickerData.selectableYearRows, forComponent: DatePickerData.yearComponent)
      let date = DatePickerData.initialDate
      try picker.selectRow(DatePickerData.row(forYear: date.year), inComponent: 0, animated: false)
      try picker.selectRow(date.month - 1, inComponent: 1, animated: false)
      try picker.selectRow(date.day - 1, inComponent: 2, animated: false)
    } catch {
      preconditionFailure("the date picker's own set-up is valid: \(error)")
    }
    updateDayRange()
  }

  func numberOfComponents(in pickerView: PickerView) -> Int { DatePickerData.numberOfComponents }

  func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int {
    DatePickerData.numberOfRows(inComponent: component)
  }

  func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String {
    DatePickerData.title(row: row, component: component)
  }

  func pickerView(_ pickerView: PickerView, rowHeightForComponent component: Int) -> Double { 36 }

  func pickerView(_ pickerView: PickerView, widthForComponent component: Int) -> Double? {
    [120, 200, 120][component]
  }

  func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {
    changes += 1
    if component != DatePickerData.dayComponent { updateDayRange() }
    updateTitle()
  }

  var year: Int { DatePickerData.year(forRow: pickerView.picker.selectedRow(inComponent: 0)) }
  var month: Int { pickerView.picker.selectedRow(inComponent: 1) + 1 }
  var day: Int { pickerView.picker.selectedRow(inComponent: 2) + 1 }

  /// The days follow the month: a day the month lacks cannot be chosen.
  func updateDayRange() {
    let days = DatePickerData.daysIn(month: month, year: year)
    try? pickerView.picker.setSelectableRange(days == 31 ? nil : 0...(days - 1), forComponent: 2)
    updateTitle()
  }

  func updateTitle() {
    gtk_label_set_text(OpaquePointer(dateLabel), DatePickerData.dateTitle(year: year, month: month, day: day))
  }

  func status() -> String {
    "picker · years \(DatePickerData.selectableYears.lowerBound)–\(DatePickerData.selectableYears.upperBound) "
      + "selectable · months and days loop · \(changes) changes · \(LiveWidgets.count) widgets alive"
  }
}
