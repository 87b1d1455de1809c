/// A page: rows `index * pageSize ..< (index + 1) * pageSize` of `section`.
package struct PageKey: Hashable, Sendable {
  /// The section.
  package var section: Int
  /// The page's index within the section.
  package var index: Int

  /// Creates a page key.
  package init(section: Int, index: Int) {
    self.section = section
    self.index = index
  }
}
