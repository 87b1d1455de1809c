// The section index (UIKit's sectionIndexTitles(for:)): the titles down a table's side, each a jump to a section.
// The data source gives the titles; the table keeps them until the data changes, says whether to show them, and
// jumps. Backends draw the titles and turn a click or a key into `scrollToSectionIndexTitle(at:)`.

extension TableView {
  /// The section index's titles (the data source's `sectionIndexTitles(for:)`), empty for none. Asked once after
  /// each reload or batch update (or ``reloadSectionIndexTitles()``), not every time it is read.
  public var sectionIndexTitles: [String] {
    if let cached = cachedSectionIndexTitles { return cached ?? [] }
    let titles = dataSource.flatMap { source in askingDataSource { source.sectionIndexTitles(for: self) } }
    cachedSectionIndexTitles = .some(titles)
    return titles ?? []
  }

  /// Whether a backend shows the section index: it has titles and the table has at least
  /// ``sectionIndexMinimumDisplayRowCount`` rows (UIKit's rule).
  public var showsSectionIndex: Bool {
    !sectionIndexTitles.isEmpty && heights.index.rowCount >= sectionIndexMinimumDisplayRowCount
  }

  /// Asks the data source for the section index's titles again (UIKit's `reloadSectionIndexTitles()`).
  public func reloadSectionIndexTitles() {
    cachedSectionIndexTitles = nil
  }

  /// Jumps to the section of the index title at `index` (the data source's
  /// `sectionForSectionIndexTitle(_:at:)`): its header at the top of the visible area, as far as the content
  /// allows, without animation (as UIKit's index does). An index or a section out of range is clamped.
  /// - Returns: The section jumped to, or `nil` when the table has no index or no sections.
  @discardableResult
  public func scrollToSectionIndexTitle(at index: Int) -> Int? {
    let titles = sectionIndexTitles
    guard !titles.isEmpty, numberOfSections > 0 else { return nil }
    let i = min(max(0, index), titles.count - 1)
    let asked = dataSource.map { source in
      askingDataSource { source.tableView(self, sectionForSectionIndexTitle: titles[i], at: i) }
    }
    let section = min(max(0, asked ?? i), numberOfSections - 1)
    interruptAnimation()
    let top = { [unowned self] in
      let header = self.frame(of: self.heights.index.info(ofItem: self.heights.index.itemIndex(ofHeader: section)))
      return min(max(header.minY - self.contentInset.top, self.minimumContentOffsetY), self.maximumContentOffsetY)
    }
    setContentOffsetNow(Point(x: scroll.offset.x, y: top()))
    // Measuring the rows at the destination may move the header: once more.
    let refined = top()
    if refined != scroll.offset.y { setContentOffsetNow(Point(x: scroll.offset.x, y: refined)) }
    return section
  }
}
