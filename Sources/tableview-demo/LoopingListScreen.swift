import TableViewCore
import TableViewTerminal
import TerminalKit

/// A list that never ends: the engine's looping table over the hours of a day. Rows have
/// different heights; scrolling past 23:00 brings 00:00 again, in constant memory.
final class LoopingListScreen: TableScreen, TableViewDataSource, TableViewDelegate, TableViewRowHeights {
  static let catalogEntry = DemoCatalogEntry(
    name: "loop", aliases: ["looping", "3"], title: { _ in "Looping list" }, make: { LoopingListScreen(context: $0) })

  /// The hours of a day, round and round: after 23:00 comes 00:00 again.
  static let hours = 24
  static let periods = [
    (0, "深夜 night", Color.blue), (5, "清晨 dawn", Color.cyan), (8, "上午 morning", Color.green),
    (12, "中午 noon", Color.yellow), (14, "下午 afternoon", Color.brightYellow), (18, "傍晚 evening", Color.magenta),
    (21, "夜里 night", Color.blue),
  ]

  init(context: DemoContext) {
    super.init(context: context, style: .grouped)
    table.register({ TerminalTableViewCell(style: .value1) }, forCellReuseIdentifier: "colour")
    table.loops = true
    table.dataSource = self
    table.delegate = self
  }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { Self.hours }

  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
    indexPath.row % 3 == 0 ? 2 : 1
  }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    let cell = tableView.dequeueReusableCell(withIdentifier: "colour", for: indexPath, as: TerminalTableViewCell.self)
    let hour = indexPath.row
    let (_, period, colour) = Self.periods.last { $0.0 <= hour }!
    cell.textLabel.text = (hour < 10 ? "0" : "") + "\(hour):00  \(period)"
    cell.textLabel.style = Style(foreground: colour, attributes: hour % 6 == 0 ? .bold : [])
    cell.detailTextLabel?.text = "hour \(hour + 1) of \(Self.hours)"
    return cell
  }

  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { lastSelected = indexPath }

  override func status() -> String {
    engineStatus(extra: "looping: offset \(Int(table.contentOffset.y)) of a \(Int(table.loopPeriod))-line lap")
  }
}
