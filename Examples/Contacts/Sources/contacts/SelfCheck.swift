import CGtk
import TableViewCore
import TableViewGTK

#if canImport(Glibc)
  import Glibc
#endif

/// `contacts --self-check`: the window as a user meets it, driven through the app's own paths (the search field's
/// text, the Edit button, a row's swipe action, the index, a drop among the favourites), each result checked
/// against the book. Prints what it checked and the first frame's time; the exit status says whether all held.
@MainActor
final class SelfCheck {
  let app: ContactsWindow
  private(set) var failures: [String] = []

  init(app: ContactsWindow) { self.app = app }

  var table: TableView { app.list.tableView.table }
  var book: ContactBook { app.list.book }

  func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { failures.append(message()) }
  }

  /// Runs GLib's loop until `condition` holds (at most `seconds`), then lays the table out.
  func wait(_ seconds: Double = 10, until condition: () -> Bool) -> Bool {
    let deadline = monotonicSeconds() + seconds
    while !condition() && monotonicSeconds() < deadline { _ = g_main_context_iteration(nil, 0) }
    table.layoutIfNeeded()
    return condition()
  }

  /// The table's sections and rows against the book's.
  func expectShowsBook(_ step: String) {
    expect(
      table.numberOfSections == book.sections.count,
      "\(step): \(table.numberOfSections) sections, book \(book.sections.count)")
    for (s, section) in book.sections.enumerated() where s < table.numberOfSections {
      expect(table.numberOfRows(inSection: s) == section.contacts.count, "\(step): section \(section.title) rows")
    }
    for path in table.indexPathsForVisibleRows where path.section < book.sections.count {
      let shown = (table.cellForRow(at: path) as? GTKTableViewCell)?.textLabel.text
      let contacts = book.sections[path.section].contacts
      expect(
        path.row < contacts.count && shown == contacts[path.row].fullName,
        "\(step): \(path) shows \(shown ?? "nothing")")
    }
  }

  func run() {
    expectShowsBook("first frame")
    expect(book.sections.first?.title == ContactBook.favoritesTitle, "the favourites are not first")

    // The section index: its titles, and a jump to M.
    expect(table.sectionIndexTitles == book.indexTitles, "index titles \(table.sectionIndexTitles)")
    expect(table.showsSectionIndex, "the section index is not shown")
    if let m = book.indexTitles.firstIndex(of: "M") {
      table.scrollToSectionIndexTitle(at: m)
      app.list.tableView.setNeedsLayout()
      _ = wait(2) { false }
      expect(
        table.indexPathsForVisibleRows.first?.section == m,
        "the index's M shows \(String(describing: table.indexPathsForVisibleRows.first))")
    }

    // Search: typed into the field (the entry waits for a pause before it says so).
    gtk_editable_set_text(OpaquePointer(app.searchEntry), "knuth")
    expect(wait { book.searchText == "knuth" }, "the search field's text did not reach the list")
    expect(
      !book.sections.isEmpty && book.sections.allSatisfy { $0.contacts.allSatisfy { $0.fullName.contains("Knuth") } },
      "search: \(book.sections.map(\.title))")
    expectShowsBook("search")
    gtk_editable_set_text(OpaquePointer(app.searchEntry), "")
    expect(wait { book.searchText.isEmpty }, "the search was not cleared")
    expectShowsBook("search cleared")

    // Swipe to delete: the first contact under A, by its row's trailing action.
    table.setContentOffset(Point(x: 0, y: table.minimumContentOffsetY), animated: false)
    table.layoutIfNeeded()
    let a = IndexPath(row: 0, section: 1)
    let victim = book.sections[1].contacts[0]
    let before = book.everyone.count
    if let action = app.list.tableView(table, trailingSwipeActionsConfigurationForRowAt: a)?.actions.first {
      action.handler(action) { _ in }
    }
    _ = wait(1) { false }
    expect(app.list.indexPath(ofContact: victim.id) == nil, "the swiped contact is still there")
    expect(book.everyone.count == before - 1, "swipe: not one contact fewer")
    expectShowsBook("swipe to delete")

    // Edit mode: the Edit button, then a favourite dropped two places down, then one deleted by its control
    // (shown twice: gone from both places).
    app.isEditing = true
    expect(wait { table.isEditing }, "the Edit button did not start edit mode")
    let favorites = book.sections[0].contacts.map(\.id)
    if favorites.count >= 3 {
      let from = IndexPath(row: 0, section: 0)
      let to = IndexPath(row: 2, section: 0)
      app.list.tableView(table, moveRowAt: from, to: to)
      try? table.moveRow(at: from, to: to)
      let expected = [favorites[1], favorites[2], favorites[0]] + favorites.dropFirst(3)
      expect(book.sections[0].contacts.map(\.id) == expected, "reorder: \(book.sections[0].contacts.map(\.id))")
      _ = wait(1) { false }
      expectShowsBook("reorder")
      let favorite = book.sections[0].contacts[0].id
      app.list.tableView(table, commit: .delete, forRowAt: IndexPath(row: 0, section: 0))
      _ = wait(1) { false }
      expect(app.list.indexPath(ofContact: favorite) == nil, "the deleted favourite is still listed")
      expectShowsBook("delete in edit mode")
    }
    app.isEditing = false
    expect(wait { !table.isEditing }, "Done did not end edit mode")
  }
}

/// Seconds on the monotonic clock.
func monotonicSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
