// What assistive technology needs to know about a row of a virtualized table: where it is in the
// whole table, not among the dozen reused views on screen. GTK stamps POS_IN_SET and SET_SIZE on each
// list item; a terminal writes "row 41 of 1,000,000, section 1" where a screen reader reads it. The
// sums come from the geometry index's prefix sums, so a row's position costs O(log n) however many
// sections come before it.

extension TableView {
  /// Where a row is in the whole table, for assistive technology (GTK's `POS_IN_SET` and
  /// `SET_SIZE`, ARIA's `aria-posinset` and `aria-setsize`).
  @_spi(Backend) public struct AccessibilityPosition: Hashable, Sendable {
    /// The row's position among all the table's rows, every section's counted, from 1.
    public var positionInSet: Int
    /// The number of rows in the table, every section's (one lap's in a looping table).
    public var setSize: Int
  }

  /// Where `indexPath` is in the whole table, or `nil` when it names no row.
  /// - Complexity: O(log n), whatever the number of sections.
  @_spi(Backend) public func accessibilityPosition(of indexPath: IndexPath) -> AccessibilityPosition? {
    guard isValid(indexPath) else { return nil }
    return AccessibilityPosition(positionInSet: globalPosition(of: indexPath) + 1, setSize: heights.index.rowCount)
  }

  /// A sentence for assistive technology saying where `indexPath` is: "row 41 of 1,000,000,
  /// section 1" (numbers from 1, thousands grouped with commas); `nil` when it names no row.
  /// A table of one section says no section: "row 41 of 1,000,000".
  /// - Complexity: O(log n)
  @_spi(Backend) public func accessibilityDescription(of indexPath: IndexPath) -> String? {
    guard let position = accessibilityPosition(of: indexPath) else { return nil }
    var text = "row \(Self.grouped(position.positionInSet)) of \(Self.grouped(position.setSize))"
    if numberOfSections > 1 { text += ", section \(Self.grouped(indexPath.section + 1))" }
    return text
  }

  /// `n` with its thousands grouped by commas ("1,000,000").
  static func grouped(_ n: Int) -> String {
    let digits = String(n.magnitude)
    var result = ""
    for (i, digit) in digits.enumerated() {
      if i > 0, (digits.count - i) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return n < 0 ? "-" + result : result
  }
}
