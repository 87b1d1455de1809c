import DemoData
import GRDB

/// How the SQLite browsers (the terminal demo's and the GTK demo's) write a value in a grid's cell: one rule for
/// both, so a NULL, a long text or a BLOB reads the same in either.
public enum DatabaseValueText {
  /// A value as a cell shows it: `NULL` (which the browsers draw dim, unlike an empty text), a number, the first
  /// line of a text (an ellipsis when it goes on), or a BLOB's size.
  public static func cellText(_ value: DatabaseValue) -> String {
    switch value.storage {
    case .null: return "NULL"
    case .int64(let number): return String(number)
    case .double(let number): return String(number)
    case .string(let text):
      // A 10 MB text shows its first line's first characters only.
      let head = text.prefix(200)
      let line = head.prefix { $0 != "\n" && $0 != "\r" }
      return line.count < head.count || head.count < text.count ? String(line) + "…" : String(line)
    case .blob(let data): return "BLOB \(data.count.grouped) bytes"
    }
  }

  /// The bytes of a BLOB a hex dump's line shows.
  public static let bytesPerHexLine = 16

  /// A hex dump's line (both browsers' BLOB view): `offset` in hex, then `bytes` (at most ``bytesPerHexLine``) in
  /// hex and as text (`.` for a byte that is not printable ASCII).
  public static func hexLine(_ bytes: ArraySlice<UInt8>, offset: Int) -> String {
    let hex = bytes.map { byte in String(byte, radix: 16).leftPadded(to: 2) }.joined(separator: " ")
    let text = String(bytes.map { (32..<127).contains($0) ? Character(UnicodeScalar($0)) : "." })
    return String(offset, radix: 16).leftPadded(to: 8) + "  " + hex.padding(toLength: 48, withPad: " ", startingAt: 0)
      + " " + text
  }
}

extension String {
  /// The string with zeros before it up to `length` characters.
  fileprivate func leftPadded(to length: Int) -> String {
    count >= length ? self : String(repeating: "0", count: length - count) + self
  }
}
