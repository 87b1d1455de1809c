import CGtk
import DemoData
import TableViewCore
import TableViewGTK

/// A date picker on the engine's PickerView, drawn as a wheel: the year is bounded by a selectable
/// range, months and days loop, days the month does not have are greyed and cannot be chosen.
final class DatePickerPage: DemoPage {
  let title = "Date picker"
  let pickerView = GTKPickerView(rowHeight: 36)
  let widget: UnsafeMutablePointer<GtkWidget>
  let dateLabel: UnsafeMutablePointer<GtkWidget>
  var tableView: GTKTableView? { nil }
  var lastSelected: IndexPath?
  /// The dates: the picker's data source and delegate.
  let model: DatePickerModel

  init() {
    widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)
    // The page owns its box: switching pages removes it from the window, which must not free it.
    g_object_ref_sink(gpointerOf(widget))
    gtk_widget_set_margin_top(widget, 24)
    gtk_widget_set_margin_start(widget, 24)
    gtk_widget_set_margin_end(widget, 24)
    dateLabel = gtk_label_new(nil)
    gtk_widget_add_css_class(dateLabel, "title-2")
    gtk_box_append(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkBox.self), dateLabel)
    gtk_widget_set_halign(pickerView.widget, GTK_ALIGN_CENTER)
    gtk_widget_set_size_request(pickerView.widget, 460, 36 * 7)
    gtk_box_append(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkBox.self), pickerView.widget)
    model = DatePickerModel(picker: pickerView.picker, componentWidths: [120, 200, 120], rowHeight: 36)
    model.onChange = { [weak self] in self?.updateTitle() }
    pickerView.accessibilityLabelForComponent = { component in
      [
        DatePickerData.yearComponent: "Year", DatePickerData.monthComponent: "Month",
        DatePickerData.dayComponent: "Day",
      ][
        component]
    }
    pickerView.setNeedsLayout()
    updateTitle()
  }

  deinit { g_object_unref(gpointerOf(widget)) }

  var changes: Int { model.changes }
  var year: Int { model.year }
  var month: Int { model.month }
  var day: Int { model.day }

  func updateTitle() {
    gtk_label_set_text(OpaquePointer(dateLabel), model.title)
  }

  func status() -> String {
    "picker · years \(DatePickerData.selectableYears.lowerBound)–\(DatePickerData.selectableYears.upperBound) "
      + "selectable · months and days loop"
      + (EngineStatistics.isShown ? " · \(changes) changes · \(LiveWidgets.count) widgets alive" : "")
  }
}
