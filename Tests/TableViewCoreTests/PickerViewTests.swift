import SeededRandom
import Testing

@_spi(Backend) @testable import TableViewCore

final class TitleCell: PickerTitleCell {
  var reuseIdentifier: String?
  var frame: Rect = .zero
  var title = ""
  func setTitle(_ title: String) { self.title = title }
}

final class PickerModel: PickerViewDataSource, PickerViewDelegate {
  var rows: [Int]
  var heights: [Double]
  var selections: [(row: Int, component: Int)] = []
  init(rows: [Int], heights: [Double]? = nil) {
    self.rows = rows
    self.heights = heights ?? rows.map { _ in 2 }
  }
  func numberOfComponents(in pickerView: PickerView) -> Int { rows.count }
  func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int { rows[component] }
  func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? { "r\(row)" }
  func pickerView(_ pickerView: PickerView, rowHeightForComponent component: Int) -> Double { heights[component] }
  func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {
    selections.append((row, component))
  }
}

func makePicker(_ model: PickerModel, height: Double = 14) throws -> (PickerView, ManualClock) {
  let clock = ManualClock()
  let picker = PickerView(clock: clock, titleCell: { TitleCell() })
  picker.dataSource = model
  picker.delegate = model
  picker.size = Size(width: 30, height: height)
  try picker.reloadAllComponents()
  return (picker, clock)
}

func runUntilStill(_ picker: PickerView, _ clock: ManualClock) {
  var frames = 0
  while picker.isAnimating && frames < 100_000 {
    clock.advance(by: 1.0 / 60)
    picker.tick()
    frames += 1
  }
}

/// Whether `component` has a row exactly centred in its band, and which.
func centredRow(_ picker: PickerView, _ component: Int) -> Int? {
  let band = picker.selectionBand(forComponent: component)
  let table = picker.table(forComponent: component)
  return table.visibleRowAppearances.first { $0.view.frame.minY - table.contentOffset.y == band.minY }?.indexPath.row
}

@Suite("Picker view")
struct PickerViewTests {
  @Test(
    "flings with random velocities always settle centred on a row inside the selectable range",
    arguments: [
      false, true,
    ])
  func flingsSettleOnRows(loops: Bool) throws {
    let model = PickerModel(rows: [60])
    let (picker, clock) = try makePicker(model)
    try picker.setLoops(loops, forComponent: 0)
    try picker.setSelectableRange(10...40, forComponent: 0)
    var rng = SplitMix64(seed: loops ? 3 : 4)
    #expect(model.selections.map(\.row) == [10], "the range moved the selection to its lower bound")
    var expectedReports = 1
    for _ in 0..<300 {
      let before = picker.selectedRow(inComponent: 0)
      let start = rng.double(0...14)
      picker.beginDragging(inComponent: 0, at: start)
      picker.drag(inComponent: 0, to: start + rng.double(-6...6))
      picker.endDragging(inComponent: 0, velocity: rng.double(-400...400))
      runUntilStill(picker, clock)
      let row = try #require(centredRow(picker, 0), "a row is exactly centred")
      #expect((10...40).contains(row))
      #expect(picker.selectedRow(inComponent: 0) == row)
      if row != before { expectedReports += 1 }
      #expect(model.selections.count == expectedReports, "didSelectRow fires exactly once per settled change")
    }
    #expect(expectedReports > 50)
  }

  @Test("a fling ends on a row without a second snap: the deceleration itself lands there")
  func noSecondSnap() throws {
    let model = PickerModel(rows: [100])
    let (picker, clock) = try makePicker(model)
    picker.beginDragging(inComponent: 0, at: 10)
    picker.drag(inComponent: 0, to: 7)
    picker.endDragging(inComponent: 0, velocity: 123)
    var offsets: [Double] = []
    while picker.isAnimating {
      clock.advance(by: 1.0 / 60)
      picker.tick()
      offsets.append(picker.table(forComponent: 0).contentOffset.y)
    }
    // Monotonic all the way: no overshoot and snap back.
    #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 <= $1 })
    #expect(centredRow(picker, 0) != nil)
  }

  @Test("non-looping components let the first and last rows reach the band")
  func endsReachTheBand() throws {
    let model = PickerModel(rows: [20])
    let (picker, clock) = try makePicker(model)
    try picker.selectRow(0, inComponent: 0, animated: false)
    #expect(centredRow(picker, 0) == 0)
    try picker.selectRow(19, inComponent: 0, animated: true)
    runUntilStill(picker, clock)
    #expect(centredRow(picker, 0) == 19)
    #expect(model.selections.isEmpty, "programmatic selection does not call didSelectRow, as UIKit")
  }

  @Test("a looping component goes round the shorter way and never reaches an end")
  func loopingWheel() throws {
    let model = PickerModel(rows: [12])
    let (picker, clock) = try makePicker(model)
    try picker.setLoops(true, forComponent: 0)
    try picker.selectRow(11, inComponent: 0, animated: false)
    picker.moveSelection(inComponent: 0, by: 1)
    runUntilStill(picker, clock)
    #expect(picker.selectedRow(inComponent: 0) == 0)
    #expect(model.selections.last?.row == 0)
    for _ in 0..<50 {
      picker.moveSelection(inComponent: 0, by: -1)
      runUntilStill(picker, clock)
    }
    #expect(picker.selectedRow(inComponent: 0) == 10)  // 0 − 50 mod 12
    #expect(model.selections.count == 51)
  }

  @Test("when the range changes so the selection falls outside, it moves to the nearest bound")
  func rangeChange() throws {
    let model = PickerModel(rows: [31])
    let (picker, _) = try makePicker(model)
    try picker.selectRow(30, inComponent: 0, animated: false)
    try picker.setSelectableRange(0...27, forComponent: 0)
    #expect(picker.selectedRow(inComponent: 0) == 27)
    #expect(centredRow(picker, 0) == 27)
    #expect(model.selections.map(\.row) == [27])
  }

  @Test("taps on rows outside the range are ignored; inside they select")
  func taps() throws {
    let model = PickerModel(rows: [30])
    let (picker, clock) = try makePicker(model)
    try picker.setSelectableRange(5...10, forComponent: 0)
    try picker.selectRow(5, inComponent: 0, animated: false)
    // Band at y 6…8; rows are 2 tall: the row two below the band is at y 10…12.
    picker.tap(at: Point(x: 3, y: 10.5))
    runUntilStill(picker, clock)
    #expect(picker.selectedRow(inComponent: 0) == 7)
    picker.tap(at: Point(x: 3, y: 1))  // row 4: outside
    runUntilStill(picker, clock)
    #expect(picker.selectedRow(inComponent: 0) == 7)
  }

  @Test("the position hook is 0 in the band and grows towards ±1 at the edges")
  func positions() throws {
    let model = PickerModel(rows: [30])
    let (picker, _) = try makePicker(model)
    try picker.selectRow(10, inComponent: 0, animated: false)
    let positions = picker.rowPositions(inComponent: 0)
    #expect(positions.first { $0.row == 10 }?.position == 0)
    #expect(zip(positions, positions.dropFirst()).allSatisfy { $0.position < $1.position })
    #expect(positions.allSatisfy { (-1...1).contains($0.position) })
  }

  @Test("bad input gets clear errors, never a crash")
  func badInput() throws {
    let empty = PickerModel(rows: [])
    let picker = PickerView(titleCell: { TitleCell() })
    picker.dataSource = empty
    #expect(throws: TableViewError.self) { try picker.reloadAllComponents() }
    let model = PickerModel(rows: [5, 0])
    let (p, _) = try makePicker(model)
    #expect(p.selectedRow(inComponent: 1) == -1, "a component with no rows has no selection")
    #expect(throws: TableViewError.self) { try p.selectRow(5, inComponent: 0, animated: false) }
    #expect(throws: TableViewError.self) { try p.selectRow(0, inComponent: 2, animated: false) }
    #expect(throws: TableViewError.self) { try p.setSelectableRange(3...9, forComponent: 0) }
    try p.setSelectableRange(1...2, forComponent: 0)
    #expect(throws: TableViewError.self) { try p.selectRow(4, inComponent: 0, animated: false) }
  }
}

@Suite("Picker view keys")
struct PickerViewKeyTests {
  @Test("quick key presses add up: two downs during one animation move two rows")
  func quickKeys() throws {
    let model = PickerModel(rows: [50])
    let (picker, clock) = try makePicker(model)
    try picker.selectRow(10, inComponent: 0, animated: false)
    picker.moveSelection(inComponent: 0, by: 1)
    clock.advance(by: 0.05)
    picker.tick()
    picker.moveSelection(inComponent: 0, by: 1)
    runUntilStill(picker, clock)
    #expect(picker.selectedRow(inComponent: 0) == 12)
    #expect(model.selections.map(\.row) == [12], "one report for the settled change")
  }
}
