import Testing

@_spi(Backend) @testable import TableViewCore

/// Rows whose context menu offers Copy (disabled on odd rows), Pin (checked on row 0) and Delete.
private final class MenuModel: TableViewDataSource, TableViewDelegate {
  var rows = Array(0..<20)
  var points: [Point] = []
  var log: [String] = []
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath, as: TestCell.self)
  }
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double { 40 }
  func tableView(_ tableView: TableView, contextMenuConfigurationForRowAt indexPath: IndexPath, point: Point)
    -> ContextMenuConfiguration?
  {
    points.append(point)
    let id = rows[indexPath.row]
    guard id != 5 else { return ContextMenuConfiguration(actions: []) }
    return ContextMenuConfiguration(
      title: "Row \(id)",
      actions: [
        ContextMenuAction(title: "Copy", attributes: id % 2 == 1 ? .disabled : []) { [unowned self] _ in
          log.append("copy \(id)")
        },
        ContextMenuAction(title: "Pin", isChecked: id == 0) { [unowned self] _ in log.append("pin \(id)") },
        ContextMenuAction(title: "Delete", attributes: .destructive) { [unowned self] _ in log.append("delete \(id)") },
      ])
  }
}

@Suite("Context menus")
struct ContextMenuTests {
  @Test("the delegate's menu for a row; its actions run, a disabled one does not")
  func menu() throws {
    let model = MenuModel()
    let (table, _, host) = makeEditingTable(model)
    let menu = try #require(table.contextMenuConfiguration(forRowAt: IndexPath(row: 2, section: 0)))
    #expect(menu.title == "Row 2")
    #expect(menu.actions.map(\.title) == ["Copy", "Pin", "Delete"])
    #expect(menu.actions[2].attributes.contains(.destructive))
    #expect(model.points.last == Point(x: 200, y: 100), "a key asks at the row's middle")
    #expect(menu.actions[0].perform() && menu.actions[2].perform())
    #expect(model.log == ["copy 2", "delete 2"])
    let odd = try #require(
      table.contextMenuConfiguration(forRowAt: IndexPath(row: 3, section: 0), point: Point(x: 7, y: 130)))
    #expect(model.points.last == Point(x: 7, y: 130))
    #expect(!odd.actions[0].perform(), "disabled")
    #expect(model.log == ["copy 2", "delete 2"])
    #expect(try #require(table.contextMenuConfiguration(forRowAt: IndexPath(row: 0, section: 0))).actions[1].isChecked)
    checkInvariants(table, host: host)
  }

  @Test("no menu for a row that does not exist, an empty menu, or a row being moved; a point that is not finite")
  func edges() {
    let model = MenuModel()
    let (table, _, _) = makeEditingTable(model)
    #expect(table.contextMenuConfiguration(forRowAt: IndexPath(row: 99, section: 0)) == nil)
    #expect(table.contextMenuConfiguration(forRowAt: IndexPath(row: -1, section: 0)) == nil)
    #expect(table.contextMenuConfiguration(forRowAt: IndexPath(row: 0, section: 3)) == nil)
    #expect(table.contextMenuConfiguration(forRowAt: IndexPath(row: 5, section: 0)) == nil, "no actions, no menu")
    let menu = table.contextMenuConfiguration(forRowAt: IndexPath(row: 1, section: 0), point: Point(x: .nan, y: 3))
    #expect(menu != nil)
    #expect(model.points.last == Point(x: 200, y: 60))
    #expect(table.reportedErrors.last?.message.contains("not finite") == true)
  }
}
