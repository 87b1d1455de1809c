/// The contacts as the list shows them: favourites first (in the user's order), then everyone by last name in
/// sections by initial, each narrowed by the search text. A plain model: the list's data source reads it, the
/// user's changes (delete, reorder favourites, search) go through it, and the self-check compares the table with it.
struct ContactBook {
  /// Everyone, by initial, then last name, first name and id.
  private(set) var everyone: [Contact]
  /// The favourites' ids, in the user's order.
  private(set) var favorites: [Int]
  /// What the search field holds (empty: everyone).
  private(set) var searchText = ""
  /// The sections shown: a title and its contacts.
  private(set) var sections: [(title: String, contacts: [Contact])] = []

  /// The title of the favourites' section (and its entry in the section index).
  static let favoritesTitle = "★"

  init(contacts: [Contact], favorites: [Int]) {
    // By initial first: "van Rossum" is filed under V, with the other V's.
    everyone = contacts.sorted {
      ($0.initial, $0.lastName.lowercased(), $0.firstName, $0.id)
        < ($1.initial, $1.lastName.lowercased(), $1.firstName, $1.id)
    }
    self.favorites = favorites
    rebuild()
  }

  /// `count` made-up people (the same ones every run), the first five of them favourites.
  static func sample(count: Int) -> ContactBook {
    let first = [
      "Ada", "Alan", "Barbara", "Bjarne", "Claude", "Dennis", "Donald", "Edsger", "Frances", "Grace", "Guido",
      "Hedy", "Ivan", "John", "Ken", "Linus", "Margaret", "Niklaus", "Ole", "Radia", "Rob", "Sophie", "Tim", "Yukihiro",
    ]
    let last = [
      "Allen", "Backus", "Berners-Lee", "Cerf", "Dijkstra", "Engelbart", "Floyd", "Goldberg", "Hamilton", "Hopper",
      "Iverson", "Johnson", "Kay", "Knuth", "Lamport", "Liskov", "Matsumoto", "Naur", "Ousterhout", "Perlman",
      "Quinlan", "Ritchie", "Stroustrup", "Thompson", "Ullman", "van Rossum", "Wirth", "Xu", "Yao", "Zuse",
    ]
    let people = (0..<count).map { i in
      Contact(
        id: i, firstName: "\(first[(i * 7) % first.count]) \(Character(UnicodeScalar(65 + (i * 13 + i / 26) % 26)!)).",
        lastName: last[(i * 11 + i / 7) % last.count],
        phone: "+1 555 \(1000 + (i * 7919) % 9000)")
    }
    return ContactBook(contacts: people, favorites: Array(0..<min(5, count)))
  }

  /// The section index: ★ and the initials that have contacts shown.
  var indexTitles: [String] { sections.map(\.title) }

  /// Whether section `s` holds the favourites (the only section whose rows the user reorders).
  func isFavorites(_ s: Int) -> Bool { s < sections.count && sections[s].title == Self.favoritesTitle }

  /// Shows only the contacts whose name or phone contains `text` (ignoring case); empty shows everyone.
  mutating func search(_ text: String) {
    searchText = text
    rebuild()
  }

  /// Removes a contact (and from the favourites).
  mutating func delete(id: Int) {
    everyone.removeAll { $0.id == id }
    favorites.removeAll { $0 == id }
    rebuild()
  }

  /// Moves a favourite from place `from` to place `to` of the favourites shown (as the table moved the row).
  mutating func moveFavorite(from: Int, to: Int) {
    guard let s = sections.firstIndex(where: { $0.title == Self.favoritesTitle }) else { return }
    var shown = sections[s].contacts.map(\.id)
    guard from >= 0, from < shown.count, to >= 0, to < shown.count else { return }
    shown.insert(shown.remove(at: from), at: to)
    // The favourites the search hides keep their places; the shown ones take the shown order.
    var next = shown.makeIterator()
    let visible = Set(shown)
    favorites = favorites.map { visible.contains($0) ? next.next()! : $0 }
    rebuild()
  }

  private mutating func rebuild() {
    let text = searchText.lowercased()
    let matches: (Contact) -> Bool = { contact in
      text.isEmpty || contact.fullName.lowercased().contains(text) || contact.phone.contains(text)
    }
    let byID = Dictionary(uniqueKeysWithValues: everyone.map { ($0.id, $0) })
    let favorites = self.favorites.compactMap { byID[$0] }.filter(matches)
    var result: [(title: String, contacts: [Contact])] = favorites.isEmpty ? [] : [(Self.favoritesTitle, favorites)]
    for contact in everyone where matches(contact) {
      if result.last?.title != contact.initial {
        result.append((contact.initial, []))
      }
      result[result.count - 1].contacts.append(contact)
    }
    sections = result
  }
}
