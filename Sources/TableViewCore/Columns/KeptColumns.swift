/// The columns a table keeps (``TableView/columnState``), and how far the table has followed them.
struct KeptColumns {
  /// The state, laid out for the table's width (`nil`: a table of one column).
  var state: ColumnState?
  /// The columns laid out for the other width the idle precompute measures rows at, once per width.
  var layoutForMeasuring: ColumnLayout?
  /// The state's configuration stamp the rows' heights follow (`nil`: no state).
  var followedConfiguration: UInt64?
  /// The state's sort stamp the delegate was told of (`nil`: no state).
  var followedSort: UInt64?
  /// The sort descriptors the delegate was last told of: the old ones of the next change.
  var toldSortDescriptors: [TableSortDescriptor] = []
}
