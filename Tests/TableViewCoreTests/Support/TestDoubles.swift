import SeededRandom
// The shared doubles (TestCell, TestHost, TestModel, makeTable…), seen by every file of these tests.
@_exported import TableViewTesting
import Testing

@_spi(Backend) @testable import TableViewCore

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
