import TableViewCore

/// The date picker's data source and delegate, for any backend's picker view: years 1900–2100 of
/// which 1970–2070 can be chosen, months and days that loop, and days the chosen month does not have
/// excluded from the selectable range (so a backend dims them and a wheel cannot rest on them).
///
///     let model = DatePickerModel(picker: pickerView.picker, componentWidths: [14, 20, 14])
///     model.onChange = { label.text = model.title }
///
/// The picker holds its data source and delegate weakly: keep the model.
public final class DatePickerModel: PickerViewDataSource, PickerViewDelegate {
  /// The picker it drives.
  public let picker: PickerView
  /// The widths of the year, month and day wheels, in the backend's units.
  public let componentWidths: [Double]
  /// The rows' height, or `nil` for the picker's default.
  public let rowHeight: Double?
  /// How many selections the user made (didSelectRow calls).
  public private(set) var changes = 0
  /// Called after the user changed the date.
  public var onChange: (() -> Void)?

  /// Sets `picker` up: loads the wheels, makes months and days loop, bounds the years, and selects
  /// `DatePickerData.initialDate`.
  public init(picker: PickerView, componentWidths: [Double], rowHeight: Double? = nil) {
    self.picker = picker
    self.componentWidths = componentWidths
    self.rowHeight = rowHeight
    picker.dataSource = self
    picker.delegate = self
    do {
      try picker.reloadAllComponents()
      try picker.setLoops(true, forComponent: DatePickerData.monthComponent)
      try picker.setLoops(true, forComponent: DatePickerData.dayComponent)
      // The date first, then the year range: a range that excluded the selected row would move it
      // and report a change nobody made.
      let date = DatePickerData.initialDate
      try picker.selectRow(
        DatePickerData.row(forYear: date.year), inComponent: DatePickerData.yearComponent, animated: false)
      try picker.selectRow(date.month - 1, inComponent: DatePickerData.monthComponent, animated: false)
      try picker.selectRow(date.day - 1, inComponent: DatePickerData.dayComponent, animated: false)
      try picker.setSelectableRange(DatePickerData.selectableYearRows, forComponent: DatePickerData.yearComponent)
    } catch {
      preconditionFailure("the date picker's own set-up is valid: \(error)")
    }
    updateDayRange()
  }

  /// The chosen year.
  public var year: Int {
    DatePickerData.year(forRow: picker.selectedRow(inComponent: DatePickerData.yearComponent))
  }
  /// The chosen month, 1–12.
  public var month: Int { picker.selectedRow(inComponent: DatePickerData.monthComponent) + 1 }
  /// The chosen day, 1–31.
  public var day: Int { picker.selectedRow(inComponent: DatePickerData.dayComponent) + 1 }
  /// The chosen date written out: "Sunday, 22 November 2026".
  public var title: String { DatePickerData.dateTitle(year: year, month: month, day: day) }

  /// The day range follows the month: a day that no longer exists moves to the last one.
  func updateDayRange() {
    let days = DatePickerData.daysIn(month: month, year: year)
    try? picker.setSelectableRange(days == 31 ? nil : 0...(days - 1), forComponent: DatePickerData.dayComponent)
  }

  // MARK: Data source and delegate

  /// Three wheels: year, month, day.
  public func numberOfComponents(in pickerView: PickerView) -> Int { DatePickerData.numberOfComponents }

  /// 201 years, 12 months, 31 days.
  public func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int {
    DatePickerData.numberOfRows(inComponent: component)
  }

  /// "2026", "November", "22".
  public func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? {
    DatePickerData.title(row: row, component: component)
  }

  /// `rowHeight`, or the picker's default.
  public func pickerView(_ pickerView: PickerView, rowHeightForComponent component: Int) -> Double {
    rowHeight ?? pickerView.defaultRowHeight
  }

  /// `componentWidths[component]`, or an equal share.
  public func pickerView(_ pickerView: PickerView, widthForComponent component: Int) -> Double {
    component < componentWidths.count ? componentWidths[component] : pickerView.equalComponentWidth
  }

  /// Counts the change, moves the day range after a month or year change, tells `onChange`.
  public func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {
    changes += 1
    if component != DatePickerData.dayComponent { updateDayRange() }
    onChange?()
  }
}
