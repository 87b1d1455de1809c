import TableViewCore
import TableViewGTK

/// The table's data source and delegate: the book's sections, a header per section, the section index, swipe to
/// delete, and in edit mode delete controls everywhere and reorder controls on the favourites.
final class ContactsList: TableViewDataSource, TableViewDelegate {
  private(set) var book: ContactBook
  let tableView: GTKTableView

  init(book: ContactBook) {
    self.book = book
    tableView = GTKTableView()
    let table = tableView.table
    table.register({ GTKTableViewCell(style: .value1) }, forCellReuseIdentifier: "contact")
    table.register({ GTKTableViewHeaderFooterView() }, forHeaderFooterViewReuseIdentifier: "initial")
    table.rowHeight = 44
    table.sectionHeaderHeight = 28
    table.dataSource = self
    table.delegate = self
    tableView.accessibilityLabel = "Contacts"
  }

  // MARK: The user's changes

  /// Shows only the contacts matching `text`; the table reloads (a search is a new list, as in Contacts).
  func search(_ text: String) {
    book.search(text)
    tableView.reloadData()
  }

  /// Deletes the contact at `indexPath`: gone from the book, its rows animated out (a favourite is shown twice), and
  /// a section it leaves empty with them.
  func delete(at indexPath: IndexPath) {
    let id = book.sections[indexPath.section].contacts[indexPath.row].id
    var update = BatchUpdate()
    for (s, section) in book.sections.enumerated() {
      guard let row = section.contacts.firstIndex(where: { $0.id == id }) else { continue }
      if section.contacts.count == 1 {
        update.deleteSections([s], with: .fade)
      } else {
        update.deleteRows(at: [IndexPath(row: row, section: s)], with: .left)
      }
    }
    book.delete(id: id)
    do {
      try tableView.table.apply(update)
    } catch {
      tableView.reloadData()
    }
    tableView.setNeedsLayout()
  }

  // MARK: Data source

  func numberOfSections(in tableView: TableView) -> Int { book.sections.count }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    book.sections[section].contacts.count
  }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    let cell = tableView.dequeueReusableCell(withIdentifier: "contact", for: indexPath, as: GTKTableViewCell.self)
    let contact = book.sections[indexPath.section].contacts[indexPath.row]
    cell.textLabel.text = contact.fullName
    cell.detailTextLabel?.text = contact.phone
    cell.showsReorderControl = book.isFavorites(indexPath.section)
    cell.setEditing(tableView.isEditing, animated: false)
    return cell
  }

  func sectionIndexTitles(for tableView: TableView) -> [String]? { book.indexTitles }

  func tableView(_ tableView: TableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int { index }

  var commitsEditingStyle: Bool { true }

  func tableView(_ tableView: TableView, commit editingStyle: TableView.EditingStyle, forRowAt indexPath: IndexPath) {
    if editingStyle == .delete { delete(at: indexPath) }
  }

  func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool {
    book.isFavorites(indexPath.section)
  }

  func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
    book.moveFavorite(from: sourceIndexPath.row, to: destinationIndexPath.row)
  }

  // MARK: Delegate

  func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> (any ReusableView)? {
    let header = tableView.dequeueReusableHeaderFooterView(
      withIdentifier: "initial", as: GTKTableViewHeaderFooterView.self)
    let title = book.sections[section].title
    header?.textLabel.text = title == ContactBook.favoritesTitle ? "Favourites" : title
    return header
  }

  /// A favourite stays among the favourites when it is dragged.
  func tableView(
    _ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
    toProposedIndexPath proposedDestinationIndexPath: IndexPath
  ) -> IndexPath {
    guard proposedDestinationIndexPath.section != sourceIndexPath.section else { return proposedDestinationIndexPath }
    let last = book.sections[sourceIndexPath.section].contacts.count - 1
    return IndexPath(
      row: proposedDestinationIndexPath.section < sourceIndexPath.section ? 0 : last, section: sourceIndexPath.section)
  }

  func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
    -> SwipeActionsConfiguration?
  {
    let id = book.sections[indexPath.section].contacts[indexPath.row].id
    let delete = ContextualAction(style: .destructive, title: "Delete") { [weak self] _, done in
      // The row may have moved since the swipe began: found again by its contact.
      guard let self, let path = self.indexPath(ofContact: id) else { return done(false) }
      self.delete(at: path)
      done(true)
    }
    return SwipeActionsConfiguration(actions: [delete])
  }

  /// Where a contact is shown (its first place: a favourite is shown twice).
  func indexPath(ofContact id: Int) -> IndexPath? {
    for (s, section) in book.sections.enumerated() {
      if let row = section.contacts.firstIndex(where: { $0.id == id }) { return IndexPath(row: row, section: s) }
    }
    return nil
  }
}
