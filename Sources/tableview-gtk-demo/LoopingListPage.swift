import CGtk
import DemoData
import TableViewCore
import TableViewGTK

/// A list without end: the hours of a day, round and round, in constant memory.
final class LoopingListPage: DemoPage, TableViewDataSource, TableViewDelegate {
  let title = "Looping list"
  let gtkTableView = GTKTableView(style: .grouped)
  var tableView: GTKTableView? { gtkTableView }
  var widget: UnsafeMutablePointer<GtkWidget> { gtkTableView.widget }
  var lastSelected: IndexPath?

  init() {
    gtkTableView.accessibilityLabel = title
    let table = gtkTableView.table
    table.register({ GTKTableViewCell(style: .value1) }, forCellReuseIdentifier: "hour")
    table.loops = true
    table.dataSource = self
    table.delegate = self
  }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { HoursDataSet.hours }

  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
    Double(HoursDataSet.heightUnits(row: indexPath.row)) * 32
  }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    let cell = tableView.dequeueReusableCell(withIdentifier: "hour", for: indexPath, as: GTKTableViewCell.self)
    let hour = indexPath.row
    let rgb = HoursDataSet.period(hour: hour).colour.rgb
    cell.textLabel.text = HoursDataSet.title(hour: hour)
    cell.detailTextLabel?.text = HoursDataSet.detail(hour: hour)
    cell.textLabel.textColor = hex(rgb)
    return cell
  }

  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { lastSelected = indexPath }

  func status() -> String {
    let table = gtkTableView.table
    return engineStatus(
      gtkTableView, extra: "looping: offset \(Int(table.contentOffset.y)) of a \(Int(table.loopPeriod))-px lap")
  }

  private func hex(_ rgb: (red: UInt8, green: UInt8, blue: UInt8)) -> String {
    func byte(_ value: UInt8) -> String {
      let digits = String(value, radix: 16)
      return digits.count == 1 ? "0" + digits : digits
    }
    return "#" + byte(rgb.red) + byte(rgb.green) + byte(rgb.blue)
  }
}
