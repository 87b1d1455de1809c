import DemoData
import TableViewCore
import TableViewTerminal
import TerminalKit

/// A list that never ends: the engine's looping table over the hours of a day. Rows have
/// different heights; scrolling past 23:00 brings 00:00 again, in constant memory.
final class LoopingListScreen: TableScreen, TableViewDataSource, TableViewDelegate {
  static let catalogEntry = DemoCatalogEntry(
    name: "loop", aliases: ["looping", "3"], title: { _ in "Looping list" }, make: { LoopingListScreen(context: $0) })

  /// The terminal colour of one of the data set's colours.
  static func color(_ colour: HoursDataSet.Colour) -> Color {
    switch colour {
    case .blue: .blue
    case .cyan: .cyan
    case .green: .green
    case .yellow: .yellow
    case .brightYellow: .brightYellow
    case .magenta: .magenta
    }
  }

  init(context: DemoContext) {
    super.init(context: context, style: .grouped)
    table.register({ TerminalTableViewCell(style: .value1) }, forCellReuseIdentifier: "colour")
    table.loops = true
    table.dataSource = self
    table.delegate = self
  }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { HoursDataSet.hours }

  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
    Double(HoursDataSet.heightUnits(row: indexPath.row))
  }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    let cell = tableView.dequeueReusableCell(withIdentifier: "colour", for: indexPath, as: TerminalTableViewCell.self)
    let hour = indexPath.row
    cell.textLabel.text = HoursDataSet.title(hour: hour)
    cell.textLabel.style = Style(
      foreground: Self.color(HoursDataSet.period(hour: hour).colour),
      attributes: HoursDataSet.isEmphasized(hour: hour) ? .bold : [])
    cell.detailTextLabel?.text = HoursDataSet.detail(hour: hour)
    return cell
  }

  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { lastSelected = indexPath }

  override func status() -> String {
    engineStatus(extra: "looping: offset \(Int(table.contentOffset.y)) of a \(Int(table.loopPeriod))-line lap")
  }
}
