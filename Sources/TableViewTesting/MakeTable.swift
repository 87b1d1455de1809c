@_spi(Backend) import TableViewCore

/// A table wired to a model and a host, laid out in a viewport.
public func makeTable(
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
