import TableViewCore

/// A data source and delegate over plain arrays of heights.
public final class TestModel: TableViewDataSource, TableViewDelegate {
  public var sections: [[Double]]
  public var headerHeights: [Double]
  public var footerHeights: [Double]
  public var willDisplay: [IndexPath] = []
  public var didEndDisplaying: [IndexPath] = []
  public var selected: [IndexPath] = []
  public var deselected: [IndexPath] = []
  public var redirectSelection: ((IndexPath) -> IndexPath?)?
  public var onCellForRow: ((IndexPath) -> Void)?
  public var cellOverride: ((IndexPath) -> (any ReusableView)?)?
  public var headerViews = true

  public init(sections: [[Double]], header: Double = 0, footer: Double = 0) {
    self.sections = sections
    headerHeights = Array(repeating: header, count: sections.count)
    footerHeights = Array(repeating: footer, count: sections.count)
  }

  public func numberOfSections(in tableView: TableView) -> Int { sections.count }
  public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
  public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    onCellForRow?(indexPath)
    if let cell = cellOverride?(indexPath) { return cell }
    let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath, as: TestCell.self)
    cell.configuredFor = indexPath
    cell.fittingHeight = sections[indexPath.section][indexPath.row]
    return cell
  }
  public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
    sections[indexPath.section][indexPath.row]
  }
  public func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double {
    headerHeights[section]
  }
  public func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> Double {
    footerHeights[section]
  }
  public func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> (any ReusableView)? {
    guard headerViews, headerHeights[section] > 0 else { return nil }
    return tableView.dequeueReusableHeaderFooterView(withIdentifier: "header")
  }
  public func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> (any ReusableView)? {
    guard headerViews, footerHeights[section] > 0 else { return nil }
    return tableView.dequeueReusableHeaderFooterView(withIdentifier: "header")
  }
  public func tableView(_ tableView: TableView, willDisplay cell: any ReusableView, forRowAt indexPath: IndexPath) {
    willDisplay.append(indexPath)
  }
  public func tableView(_ tableView: TableView, didEndDisplaying cell: any ReusableView, forRowAt indexPath: IndexPath)
  {
    didEndDisplaying.append(indexPath)
  }
  public func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
    redirectSelection.map { $0(indexPath) } ?? indexPath
  }
  public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { selected.append(indexPath) }
  public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) { deselected.append(indexPath) }

  /// Every row's frame, computed the slow, obvious way.
  public func frames(tableHeader: Double = 0) -> [(IndexPath, Rect)] {
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
