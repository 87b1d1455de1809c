import Testing

@_spi(Backend) @testable import TableViewCore

/// A picker delegate written as for UIKit: an optional title, a plain number for a width.
private final class UIKitStylePicker: PickerViewDataSource, PickerViewDelegate {
  func numberOfComponents(in pickerView: PickerView) -> Int { 2 }
  func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int { 10 }
  func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? {
    row == 0 ? nil : "c\(component)r\(row)"
  }
  func pickerView(_ pickerView: PickerView, widthForComponent component: Int) -> Double {
    component == 0 ? 10 : 30
  }
}

@Suite("A picker delegate written with UIKit's signatures")
struct PickerUIKitSignatureTests {
  @Test("its titles and widths are used; a nil title shows the row number")
  func titlesAndWidthsAreUsed() throws {
    let model = UIKitStylePicker()
    let picker = PickerView(clock: ManualClock(), titleCell: { TitleCell() })
    picker.dataSource = model
    picker.delegate = model
    picker.size = Size(width: 40, height: 14)
    try picker.reloadAllComponents()
    #expect(picker.rect(forComponent: 0).width == 10)
    #expect(picker.rect(forComponent: 1).width == 30)
    let titles = picker.table(forComponent: 1).visibleRowAppearances.compactMap { ($0.view as? TitleCell)?.title }
    #expect(titles.contains("0") && titles.contains("c1r1"))
  }

  @Test("without widthForComponent the components share the width equally")
  func equalShareByDefault() throws {
    let model = PickerModel(rows: [5, 5, 5, 5])
    let (picker, _) = try makePicker(model)
    #expect((0..<4).map { picker.rect(forComponent: $0).width } == [7.5, 7.5, 7.5, 7.5])
    #expect(picker.equalComponentWidth == 7.5)
  }
}
