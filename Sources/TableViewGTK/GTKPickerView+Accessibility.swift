import CGtk
@_spi(Backend) import TableViewCore

// What the picker tells assistive technology: each component is a focusable SPIN_BUTTON (its selection band's
// widget, see `GTKPickerView.makeBand()`) whose value is the selected row, through AT-SPI's Value interface:
// VALUE_NOW the row's title when it is a whole number (a year, a day), else the row's place from 1 (March is 3);
// VALUE_MIN and VALUE_MAX the same for the selectable range's ends (all rows without one); VALUE_TEXT and the
// DESCRIPTION the row's title ("March": GTK 4.8 passes VALUE_TEXT on to no screen reader, which reads the number);
// the LABEL the component's name (`accessibilityLabelForComponent`). The rows' widgets are HIDDEN: they only draw the
// wheel. Set again whenever a component's selection, rows or name change (after every allocation; only
// what changed is sent).

extension GTKPickerView {
  /// What a component's spin button last told GTK.
  struct SpinValue: Equatable {
    var label: String
    var now: Int
    var minimum: Int
    var maximum: Int
    var text: String
  }

  /// Brings each component's spin button up to date with its selected row.
  /// - Complexity: O(components · visible rows of a component)
  func updateAccessibility() {
    let count = min(bands.count, picker.numberOfComponents)
    if spinValues.count > count { spinValues.removeLast(spinValues.count - count) }
    for c in 0..<count {
      let rows = picker.numberOfRows(inComponent: c)
      let selected = picker.selectedRow(inComponent: c)
      let range = picker.selectableRange(inComponent: c) ?? 0...max(0, rows - 1)
      let label = accessibilityLabelForComponent?(c) ?? "component \(c + 1) of \(count)"
      // The selected row's title: the text of the cell closest to the band's centre showing that row.
      let cell =
        picker.rowPositions(inComponent: c).filter { $0.row == selected }
        .min { abs($0.position) < abs($1.position) }?.view as? GTKView
      let text = cell.flatMap { GTKAccessibilityState.labelText(in: $0.widget) } ?? String(selected)
      // A number a screen reader can read as the value: the title's, when the rows count in whole numbers (their
      // numbers are taken as consecutive), else the row's place from 1.
      let base = Int(text).map { $0 - selected } ?? 1
      let value = SpinValue(
        label: label, now: base &+ selected, minimum: base &+ range.lowerBound, maximum: base &+ range.upperBound,
        text: text)
      let old = c < spinValues.count ? spinValues[c] : nil
      guard value != old else { continue }
      let band = bands[c]
      if value.label != old?.label { GTKAccessible.setProperty(band, GTK_ACCESSIBLE_PROPERTY_LABEL, value.label) }
      if value.minimum != old?.minimum {
        GTKAccessible.setProperty(band, GTK_ACCESSIBLE_PROPERTY_VALUE_MIN, Double(value.minimum))
      }
      if value.maximum != old?.maximum {
        GTKAccessible.setProperty(band, GTK_ACCESSIBLE_PROPERTY_VALUE_MAX, Double(value.maximum))
      }
      if value.now != old?.now { GTKAccessible.setProperty(band, GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, Double(value.now)) }
      if value.text != old?.text {
        GTKAccessible.setProperty(band, GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, value.text)
        GTKAccessible.setProperty(band, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, value.text)
      }
      if c < spinValues.count { spinValues[c] = value } else { spinValues.append(value) }
    }
  }
}
