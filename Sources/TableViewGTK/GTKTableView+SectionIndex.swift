import CGtk
@_spi(Backend) import TableViewCore

// The table's side of the section index bar (GTKSectionIndexBar): shown while the engine says so
// (`TableView.showsSectionIndex`), with the titles the engine read after the last reload or batch update, and a
// title chosen there is the engine's jump (`TableView.scrollToSectionIndexTitle(at:)`). The bar is a sibling of the
// viewport: it is changed outside the viewport's allocation (there, only noted, and done on the next frame's tick),
// as the scrollbar is. Showing or hiding it narrows or widens the list, as UIKit insets its cells for the index.

extension GTKTableView {
  /// The section index bar while it is shown (its titles are buttons named by them), else `nil`.
  @_spi(Testing) public var sectionIndexWidget: UnsafeMutablePointer<GtkWidget>? {
    gtk_widget_get_visible(sectionIndexBar.widget) != 0 ? sectionIndexBar.widget : nil
  }

  /// The titles the section index bar shows (empty while it is hidden).
  @_spi(Testing) public var sectionIndexBarTitles: [String] {
    sectionIndexWidget == nil ? [] : sectionIndexBar.titles
  }

  /// The section index's title buttons, in title order, each drawn (child-visible) only if its title has a line.
  @_spi(Testing) public var sectionIndexTitleWidgets: [UnsafeMutablePointer<GtkWidget>] {
    sectionIndexWidget == nil ? [] : sectionIndexBar.buttons
  }

  /// Whether the bar is behind the engine (other titles, or shown when it should not be, or the reverse).
  var sectionIndexNeedsSync: Bool {
    let shows = table.showsSectionIndex
    return shows != (gtk_widget_get_visible(sectionIndexBar.widget) != 0)
      || (shows && sectionIndexBar.titles != table.sectionIndexTitles)
  }

  /// Brings the bar up to date with the engine (outside the viewport's allocation).
  /// - Complexity: O(titles)
  func syncSectionIndex() {
    let shows = table.showsSectionIndex
    if shows { sectionIndexBar.setTitles(table.sectionIndexTitles) }
    if shows != (gtk_widget_get_visible(sectionIndexBar.widget) != 0) {
      gtk_widget_set_visible(sectionIndexBar.widget, shows ? 1 : 0)
    }
  }

  /// Jumps to the section of index title `index` (a press or drag on the bar, or its button activated by assistive
  /// technology): its header at the top, at once. A jump is not a scroll: the scrollbar's thumb goes where the
  /// content now is.
  func jumpToSectionIndexTitle(at index: Int) {
    table.stopScrolling()
    guard table.scrollToSectionIndexTitle(at: index) != nil else { return }
    let (minimum, maximum) = scrollRange
    lastOffset = table.contentOffset.y
    lastCorrection = table.contentOffsetCorrection
    scrollbarMapping.jump(to: maximum > minimum ? (table.contentOffset.y - minimum) / (maximum - minimum) : 0)
    drawnThumb = nil
    setNeedsLayout()
  }
}
