@_spi(Backend) import TableViewCore

/// A table wired to a model (its data source and delegate) and a host, `TestCell`s registered for the rows ("cell")
/// and the headers and footers ("header"), laid out in a viewport `size` on `clock`.
public func makeTable(
  _ model: some TableViewDataSource & TableViewDelegate, style: TableView.Style = .plain,
  size: Size = Size(width: 100, height: 300), clock: any TableViewClock = ManualClock(),
  configure: (TableView) -> Void = { _ in }
) -> (TableView, TestHost) {
  let table = TableView(style: style, clock: clock)
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
