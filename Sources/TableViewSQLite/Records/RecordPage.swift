import GRDB

/// One row as read: its key, its place in the order, its column values (to tell an edit) and
/// the app's record.
struct RecordRow<Record: Sendable>: Sendable {
  var key: DatabaseValue
  var sortKey: SortKey
  var values: [DatabaseValue]
  var record: Record
  /// A fingerprint of `values` that is the same in every process (``RecordRow/fingerprint(of:)``):
  /// a stored height measured for other values is not used.
  var fingerprint: Int64
  /// The row's heights by width: stored ones read with the page, and measured ones.
  var heights: [Double: Double] = [:]
  /// Whether `record` is the user's edit, not yet read back (`values` and `fingerprint` are the
  /// row's before the edit): its heights are not stored.
  var isEdited = false

  init(key: DatabaseValue, sortKey: SortKey, values: [DatabaseValue], record: Record) {
    self.key = key
    self.sortKey = sortKey
    self.values = values
    self.record = record
    fingerprint = Self.fingerprint(of: values)
  }

  /// FNV-1a (64 bits) over the values' storage classes and bytes: stable across processes and
  /// launches, unlike `Hasher`.
  static func fingerprint(of values: [DatabaseValue]) -> Int64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ byte: UInt8) {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    func mix(_ word: UInt64) {
      for shift in stride(from: 0, to: 64, by: 8) { mix(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
    }
    for value in values {
      switch value.storage {
      case .null:
        mix(0 as UInt8)
      case .int64(let int):
        mix(1 as UInt8)
        mix(UInt64(bitPattern: int))
      case .double(let double):
        mix(2 as UInt8)
        mix(double.bitPattern)
      case .string(let string):
        mix(3 as UInt8)
        mix(UInt64(string.utf8.count))
        for byte in string.utf8 { mix(byte) }
      case .blob(let data):
        mix(4 as UInt8)
        mix(UInt64(data.count))
        for byte in data { mix(byte) }
      }
    }
    return Int64(bitPattern: hash)
  }
}

/// One page of a section: rows `key.index * pageSize ..< (key.index + 1) * pageSize`.
struct RecordPage<Record: Sendable>: Sendable, CachedPage {
  var key: PageKey
  var rows: [RecordRow<Record>]
}

/// A section as the source knows it: its value (of the section column) and its row count.
struct RecordSection: Sendable, Equatable {
  var value: DatabaseValue
  var count: Int
}
