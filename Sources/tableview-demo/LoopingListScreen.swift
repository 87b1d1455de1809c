import TableViewCore
import TableViewTerminal
import TerminalKit

/// A list that never ends: the engine's looping table. Rows have different heights, and a short
/// list repeats on screen with each appearance in its own cell.
final class LoopingListScreen: TableScreen, TableViewDataSource, TableViewDelegate, TableViewRowHeights {
  static let catalogEntry = DemoCatalogEntry(
    name: "loop", aliases: ["looping", "3"], title: { _ in "Looping list" }, make: { LoopingListScreen(context: $0) })

  /// The colours of the rainbow, round and round.
  static let names = [
    ("Red", "赤", Color.red), ("Orange", "橙", Color.yellow), ("Yellow", "黄", Color.brightYellow),
    ("Green", "绿", Color.green), ("Cyan", "青", Color.cyan), ("Blue", "蓝", Color.blue),
    ("Violet", "紫", Color.magenta),
  ]

  init(context: DemoContext) {
    super.init(context: context, style: .grouped)
    table.register({ TerminalTableViewCell(style: .value1) }, forCellReuseIdentifier: "colour")
    table.loops = true
    table.dataSource = self
    table.delegate = self
  }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { Self.names.count }

  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
    indexPath.row % 3 == 0 ? 2 : 1
  }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    let cell = tableView.dequeueReusableCell(withIdentifier: "colour", for: indexPath, as: TerminalTableViewCell.self)
    let (name, chinese, colour) = Self.names[indexPath.row]
    cell.textLabel.text = "\(indexPath.row + 1). \(name) \(chinese)"
    cell.textLabel.style = Style(foreground: colour, attributes: .bold)
    cell.detailTextLabel?.text = "row \(indexPath.row + 1) of \(Self.names.count)"
    return cell
  }

  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { lastSelected = indexPath }

  override func status() -> String {
    engineStatus(extra: "looping: offset \(Int(table.contentOffset.y)) of a \(Int(table.loopPeriod))-line lap")
  }
}
