/// The layouts of UIKit's `UITableViewCell.CellStyle`, shared by every backend's cell so that a data
/// source names them the same way everywhere (`TerminalTableViewCell.CellStyle`,
/// `GTKTableViewCell.CellStyle`).
public enum TableViewCellStyle: Hashable, Sendable {
  /// A text label only.
  case `default`
  /// A text label with a detail label below it, wrapping over as many lines as it needs.
  case subtitle
  /// A text label on the left and a detail label on the right of the same line (as in Settings).
  case value1
}

/// A mark at a cell's right edge, as UIKit's `UITableViewCell.AccessoryType`, shared by every
/// backend's cell.
public enum TableViewCellAccessoryType: Hashable, Sendable {
  /// No accessory.
  case none
  /// A chevron, "›": the row leads somewhere.
  case disclosureIndicator
  /// A check mark, "✓".
  case checkmark
}
