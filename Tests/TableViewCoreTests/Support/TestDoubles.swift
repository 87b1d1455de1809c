import SeededRandom
import Testing

@_spi(Backend) @testable import TableViewCore

/// A cell that records what the table did to it.
final class TestCell: ReusableView {
  var reuseIdentifier: String?
  var frame: Rect = .zero
  var isSelected = false
  var isHighlighted = false
  var isFocused = false
  var prepareCount = 0
  var fittingHeight: Double = 0
  /// What the data source last configured the cell for.
  var configuredFor: IndexPath?

  init(_ identifier: String? = nil) {
    reuseIdentifier = identifier
  }

  func prepareForReuse() {
    prepareCount += 1
    isSelected = false
    isHighlighted = false
  }
  func sizeThatFits(width: Double) -> Double { fittingHeight }
  func setSelected(_ selected: Bool, animated: Bool) { isSelected = selected }
  func setHighlighted(_ highlighted: Bool, animated: Bool) { isHighlighted = highlighted }
  func setFocused(_ focused: Bool, animated: Bool) { isFocused = focused }
}

/// A host that keeps the set of attached views and checks attach/detach pairing.
final class TestHost: TableViewHost {
  var attached: [ObjectIdentifier: any ReusableView] = [:]
  var doubleAttach = 0
  var strayDetach = 0
  func attach(_ view: any ReusableView) {
    if attached[ObjectIdentifier(view)] != nil { doubleAttach += 1 }
    attached[ObjectIdentifier(view)] = view
  }
  func detach(_ view: any ReusableView) {
    if attached.removeValue(forKey: ObjectIdentifier(view)) == nil { strayDetach += 1 }
  }
  func bringToFront(_ view: any ReusableView) {}
}

/// A data source and delegate over plain arrays of heights.
final class TestModel: TableViewDataSource, TableViewDelegate {
  var sections: [[Double]]
  var headerHeights: [Double]
  var footerHeights: [Double]
  var willDisplay: [IndexPath] = []
  var didEndDisplaying: [IndexPath] = []
  var selected: [IndexPath] = []
  var deselected: [IndexPath] = []
  var redirectSelection: ((IndexPath) -> IndexPath?)?
  var onCellForRow: ((IndexPath) -> Void)?
  var cellOverride: ((IndexPath) -> (any ReusableView)?)?
  var headerViews = true

  init(sections: [[Double]], header: Double = 0, footer: Double = 0) {
    self.sections = sections
    headerHeights = Array(repeating: header, count: sections.count)
    footerHeights = Array(repeating: footer, count: sections.count)
  }

  func numberOfSections(in tableView: TableView) -> Int { sections.count }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    onCellForRow?(indexPath)
    if let cell = cellOverride?(indexPath) { return cell }
    let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath, as: TestCell.self)
    cell.configuredFor = indexPath
    cell.fittingHeight = sections[indexPath.section][indexPath.row]
    return cell
  }
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
    sections[indexPath.section][indexPath.row]
  }
  func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double { headerHeights[section] }
  func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> Double { footerHeights[section] }
  func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> (any ReusableView)? {
    guard headerViews, headerHeights[section] > 0 else { return nil }
    return tableView.dequeueReusableHeaderFooterView(withIdentifier: "header")
  }
  func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> (any ReusableView)? {
    guard headerViews, footerHeights[section] > 0 else { return nil }
    return tableView.dequeueReusableHeaderFooterView(withIdentifier: "header")
  }
  func tableView(_ tableView: TableView, willDisplay cell: any ReusableView, forRowAt indexPath: IndexPath) {
    willDisplay.append(indexPath)
  }
  func tableView(_ tableView: TableView, didEndDisplaying cell: any ReusableView, forRowAt indexPath: IndexPath) {
    didEndDisplaying.append(indexPath)
  }
  func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
    redirectSelection.map { $0(indexPath) } ?? indexPath
  }
  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { selected.append(indexPath) }
  func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) { deselected.append(indexPath) }

  /// Every row's frame, computed the slow, obvious way.
  func frames(tableHeader: Double = 0) -> [(IndexPath, Rect)] {
    var y = tableHeader
    var result: [(IndexPath, Rect)] = []
    for (s, rows) in sections.enumerated() {
      y += headerHeights[s]
      for (r, h) in rows.enumerated() {
        result.append((IndexPath(row: r, section: s), Rect(x: 0, y: y, width: 0, height: h)))
        y += h
      }
      y += footerHeights[s]
    }
    return result
  }
}

/// A table wired to a model and a host, laid out in a viewport.
func makeTable(
  _ model: TestModel, style: TableView.Style = .plain, size: Size = Size(width: 100, height: 300),
  configure: (TableView) -> Void = { _ in }
) -> (TableView, TestHost) {
  let table = TableView(style: style)
  let host = TestHost()
  table.host = host
  table.register({ TestCell() }, forCellReuseIdentifier: "cell")
  table.register({ TestCell() }, forHeaderFooterViewReuseIdentifier: "header")
  table.dataSource = model
  table.delegate = model
  table.viewportSize = size
  configure(table)
  table.reloadData()
  return (table, host)
}

extension SplitMix64 {
  mutating func int(_ range: Range<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
  mutating func double(_ range: ClosedRange<Double>) -> Double {
    range.lowerBound + Double(next() % 1_000_000) / 1_000_000 * (range.upperBound - range.lowerBound)
  }
}

/// Checks the table's invariants (every collaborator's, and that they agree) and, given its host,
/// that the host has attached exactly the views the table shows.
func checkInvariants(_ table: TableView, host: TestHost? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
  table._checkInvariants()
  guard let host else { return }
  var shown = Set((table.visible.attachedViews + table.leavingViews).map(ObjectIdentifier.init))
  for view in [table.tableHeaderView, table.tableFooterView].compactMap({ $0 })
  where host.attached[ObjectIdentifier(view)] != nil {
    shown.insert(ObjectIdentifier(view))
  }
  #expect(Set(host.attached.keys) == shown, "the host shows other views than the table", sourceLocation: sourceLocation)
}
