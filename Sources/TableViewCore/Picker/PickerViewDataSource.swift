/// Supplies a picker's components and rows, as `UIPickerViewDataSource`.
public protocol PickerViewDataSource: AnyObject {
  /// The number of components (columns); at least one.
  func numberOfComponents(in pickerView: PickerView) -> Int
  /// The number of rows in `component`.
  func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int
}

/// Titles or cells, sizes and selection callbacks of a picker, as `UIPickerViewDelegate`.
/// Every method has a default, and the signatures are UIKit's (`titleForRow` returns an optional,
/// `widthForComponent` a number), so a method written as for UIKit is the one called: Swift would
/// silently keep the default for a method whose return type differs.
public protocol PickerViewDelegate: AnyObject {
  /// A custom cell for a row (from `PickerView.dequeueReusableCell(withIdentifier:forComponent:)`),
  /// or `nil` to show `titleForRow` in the backend's title cell.
  func pickerView(_ pickerView: PickerView, cellForRow row: Int, forComponent component: Int) -> (any ReusableView)?
  /// The title of a row, or `nil` for the row number.
  func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String?
  /// The height of every row of `component` (default: the picker's `defaultRowHeight`).
  func pickerView(_ pickerView: PickerView, rowHeightForComponent component: Int) -> Double
  /// The width of `component` (default: an equal share of the picker's width, `equalComponentWidth`).
  func pickerView(_ pickerView: PickerView, widthForComponent component: Int) -> Double
  /// The user settled `component` on `row` (once per change; not for programmatic `selectRow`).
  func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int)
}

extension PickerViewDelegate {
  /// No custom cell.
  public func pickerView(_ pickerView: PickerView, cellForRow row: Int, forComponent component: Int)
    -> (any ReusableView)?
  { nil }
  /// No title: the row number is shown.
  public func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? {
    nil
  }
  /// The picker's `defaultRowHeight`.
  public func pickerView(_ pickerView: PickerView, rowHeightForComponent component: Int) -> Double {
    pickerView.defaultRowHeight
  }
  /// An equal share of the picker's width.
  public func pickerView(_ pickerView: PickerView, widthForComponent component: Int) -> Double {
    pickerView.equalComponentWidth
  }
  /// Does nothing.
  public func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {}
}

/// A cell that shows a title: the backend's default picker cell adopts it.
public protocol PickerTitleCell: ReusableView {
  /// Shows `title`.
  func setTitle(_ title: String)
}
