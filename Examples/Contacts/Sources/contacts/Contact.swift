/// A person in the book: a stable id, a name and a phone number.
struct Contact: Equatable, Sendable {
  var id: Int
  var firstName: String
  var lastName: String
  var phone: String

  /// "First Last", as the list shows it.
  var fullName: String { "\(firstName) \(lastName)" }

  /// The section a contact is filed under: the first letter of the last name (`#` for anything else).
  var initial: String {
    guard let first = lastName.first, first.isLetter, first.isASCII else { return "#" }
    return String(first).uppercased()
  }
}
