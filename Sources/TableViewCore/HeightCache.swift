/// Everything the table knows about heights: the geometry index for the current width, the ones
/// kept for other widths, the height policy the last reload decided, what the delegate implements,
/// and the template cells and keyed heights of self-sizing rows.
struct HeightCache {
  /// The geometry index for the current width.
  var index = HeightIndex()
  /// Geometry indexes kept for other widths (the height cache per width class).
  var otherWidths: [Double: HeightIndex] = [:]
  /// Widths by last use, most recent last, for the cache limit.
  var widthOrder: [Double] = []
  /// The table header view's height, in units.
  var tableHeaderUnits: Int64 = 0
  /// The table footer view's height, in units.
  var tableFooterUnits: Int64 = 0
  /// Whether rows are measured lazily (estimated heights).
  var usesEstimates = false
  /// The estimate, in units, as the last reload accepted it.
  var estimateUnits: Int64 = 0
  /// `rowHeight` in units as the last reload accepted it.
  var fixedRowUnits: Int64 = HeightIndex.units(44)
  /// Which height methods the delegate implements, as far as the table has learned since the last reload.
  var delegateMethods = DelegateHeightCapabilities()
  /// Template cells and keyed heights (TableView+TemplateCell.swift).
  var templates = TemplateCellState()
}
