/// A small hash table keyed by object identity, for per-frame lookups of the views on screen: open
/// addressing with linear probing, a multiplicative hash of the object's address (no per-process
/// seeded hashing: keys are addresses, not input), and backward-shift deletion (no tombstones). A
/// lookup is a few instructions and a cache line or two; `Dictionary` costs several times that.
@usableFromInline struct IdentityTable<Value> {
  /// The addresses of the keys, 0 where a slot is empty.
  @usableFromInline private(set) var keys: ContiguousArray<UInt> = []
  @usableFromInline private(set) var values: ContiguousArray<Value?> = []
  /// The number of keys.
  @usableFromInline private(set) var count = 0
  /// How far a hash is shifted to give a slot: 64 − log₂(capacity), kept beside the arrays so
  /// that a lookup does not first read the capacity from the array's storage.
  @usableFromInline private(set) var shift: UInt = UInt(UInt.bitWidth)

  /// Whether it holds nothing.
  var isEmpty: Bool { count == 0 }

  /// The `shift` of a table of `capacity` (a power of two) slots.
  private static func shift(forCapacity capacity: Int) -> UInt {
    UInt(UInt.bitWidth - capacity.trailingZeroBitCount)
  }

  /// The slot `address` starts probing at when hashes are shifted by `shift`.
  @inlinable
  static func home(of address: UInt, shift: UInt) -> Int {
    // Fibonacci hashing: the high bits of address × 2⁶⁴/φ, which spread aligned addresses.
    Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  @inlinable
  static func address(_ id: ObjectIdentifier) -> UInt { UInt(bitPattern: id) }

  /// The slot holding `id`, or nil.
  @inlinable
  func slot(of id: ObjectIdentifier) -> Int? { slot(ofKey: Self.address(id)) }

  @inlinable
  func slot(ofKey key: UInt) -> Int? {
    guard count > 0 else { return nil }
    var i = Self.home(of: key, shift: shift)
    let mask = keys.count - 1
    while true {
      let k = keys[i]
      if k == key { return i }
      if k == 0 { return nil }
      i = (i + 1) & mask
    }
  }

  /// The value for `id`, if any.
  /// - Complexity: O(1) expected.
  @inline(__always)
  subscript(id: ObjectIdentifier) -> Value? {
    get { slot(of: id).flatMap { values[$0] } }
    set {
      if let newValue { insert(newValue, for: id) } else { remove(id) }
    }
  }

  /// `body` applied to the value for `id` in place (no copy of it), or nil when there is none.
  /// - Complexity: O(1) expected.
  @inlinable
  func withValue<R>(for id: ObjectIdentifier, _ body: (borrowing Value) -> R) -> R? {
    guard let i = slot(of: id) else { return nil }
    return values.withUnsafeBufferPointer { body($0[i].unsafelyUnwrapped) }
  }

  private mutating func insert(_ value: Value, for id: ObjectIdentifier) {
    if let i = slot(of: id) {
      values[i] = value
      return
    }
    if (count + 1) * 2 > keys.count { grow() }
    let key = Self.address(id)
    let mask = keys.count - 1
    var i = Self.home(of: key, shift: shift)
    while keys[i] != 0 { i = (i + 1) & mask }
    keys[i] = key
    values[i] = value
    count += 1
  }

  private mutating func remove(_ id: ObjectIdentifier) { remove(key: Self.address(id)) }

  private mutating func remove(key: UInt) {
    guard var hole = slot(ofKey: key) else { return }
    let mask = keys.count - 1
    keys[hole] = 0
    values[hole] = nil
    count -= 1
    // Backward-shift: move later entries of the probe run into the hole when their home allows.
    var i = (hole + 1) & mask
    while keys[i] != 0 {
      let home = Self.home(of: keys[i], shift: shift)
      // Whether `home` lies cyclically in (hole, i]: if not, the entry may move to the hole.
      let inRange = hole <= i ? (home > hole && home <= i) : (home > hole || home <= i)
      if !inRange {
        keys[hole] = keys[i]
        values[hole] = values[i]
        keys[i] = 0
        values[i] = nil
        hole = i
      }
      i = (i + 1) & mask
    }
  }

  private mutating func grow() {
    let old = zip(keys, values).filter { $0.0 != 0 }
    let capacity = max(16, keys.count * 2)
    keys = ContiguousArray(repeating: 0, count: capacity)
    values = ContiguousArray(repeating: nil, count: capacity)
    shift = Self.shift(forCapacity: capacity)
    count = 0
    let mask = capacity - 1
    for (key, value) in old {
      var i = Self.home(of: key, shift: shift)
      while keys[i] != 0 { i = (i + 1) & mask }
      keys[i] = key
      values[i] = value
      count += 1
    }
  }

  /// Removes everything, keeping the room.
  mutating func removeAll() {
    guard count > 0 else { return }
    for i in keys.indices {
      keys[i] = 0
      values[i] = nil
    }
    count = 0
  }

  /// Keeps the entries `keep` accepts.
  /// - Complexity: O(capacity)
  mutating func filter(_ keep: (Value) -> Bool) {
    var doomed: [UInt] = []
    for i in keys.indices where keys[i] != 0 && !keep(values[i]!) { doomed.append(keys[i]) }
    for key in doomed { remove(key: key) }
  }

  /// Every value.
  var allValues: [Value] { values.compactMap { $0 } }

  func _checkInvariants() {
    precondition(keys.count == values.count, "keys and values differ in length")
    precondition(keys.isEmpty || keys.count & (keys.count - 1) == 0, "capacity not a power of two")
    precondition(keys.filter { $0 != 0 }.count == count, "count is off")
    precondition(count * 2 <= max(keys.count, 0) || keys.isEmpty, "more than half full")
    precondition(keys.isEmpty || shift == Self.shift(forCapacity: keys.count), "the shift is not the capacity's")
    for (i, key) in keys.enumerated() where key != 0 {
      precondition(values[i] != nil, "a key without a value")
      // Every slot from the key's home to its place is occupied (the probe reaches it).
      var j = Self.home(of: key, shift: shift)
      while j != i {
        precondition(keys[j] != 0, "a hole in a probe run")
        j = (j + 1) & (keys.count - 1)
      }
    }
  }
}
