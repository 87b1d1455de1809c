import Testing

@testable import TableViewCore

/// A self-sizing cell that indents in edit mode, so its text wraps to more lines: 20 points, 30 while editing.
private func indentingCell() -> TestCell { TestCell(height: { cell, _ in cell.isEditing ? 30 : 20 }) }

private final class IndentingModel: TableViewDataSource {
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 1_000 }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath, as: TestCell.self)
  }
}

@Suite("Edit mode and self-sizing cells")
struct EditingMeasureTests {
  @Test("a cell is told the table is editing before it is measured, so rows first measured in edit mode fit it")
  func measuredInEditMode() throws {
    let model = IndentingModel()
    let table = TableView(style: .plain, clock: ManualClock())
    table.register({ indentingCell() }, forCellReuseIdentifier: "cell")
    table.rowHeight = TableView.automaticDimension
    table.estimatedRowHeight = 25
    table.dataSource = model
    table.viewportSize = Size(width: 400, height: 200)
    table.reloadData()
    #expect(try table.rectForRow(at: IndexPath(row: 0, section: 0)).height == 20)
    table.setEditing(true, animated: false)
    // Rows far below were never measured: they are measured now, in edit mode, with new cells.
    try table.scrollToRow(at: IndexPath(row: 900, section: 0), at: .top, animated: false)
    table.layoutIfNeeded()
    #expect(try table.rectForRow(at: IndexPath(row: 900, section: 0)).height == 30)
    #expect(try table.rectForRow(at: IndexPath(row: 901, section: 0)).height == 30)
  }
}
