/// A growable array, a value type like `ContiguousArray`, whose first element starts on a
/// 64-byte boundary: an element of 64 bytes then fills exactly one cache line.
///
/// `ContiguousArray` stores its elements after a 32-byte header in memory aligned to 16 bytes,
/// so 64-byte elements straddle two cache lines; a descent through a tree of such nodes then
/// waits for two lines at every level instead of one. The height index keeps its nodes here.
///
/// Copy-on-write: copies share one buffer until one of them is changed. The buffer holds only
/// constants, so no access to it is checked dynamically for exclusivity.
@usableFromInline struct CacheAlignedArray<Element: BitwiseCopyable & Sendable>: Sendable {
  /// The bytes every buffer is aligned to.
  static var alignment: Int { max(64, MemoryLayout<Element>.alignment) }

  /// The elements' memory; `count` lives in the array, so that copies may differ in it.
  @usableFromInline final class Buffer: @unchecked Sendable {
    // Safety: a buffer is written only through an array that holds the only reference to it
    // (`makeUnique`), so a buffer shared between threads is only ever read.
    @usableFromInline let base: UnsafeMutablePointer<Element>
    @usableFromInline let capacity: Int

    init(capacity: Int) {
      self.capacity = capacity
      base = UnsafeMutableRawPointer.allocate(
        byteCount: max(1, capacity) * MemoryLayout<Element>.stride, alignment: CacheAlignedArray.alignment
      ).bindMemory(to: Element.self, capacity: max(1, capacity))
    }

    deinit { base.deallocate() }
  }

  @usableFromInline var buffer: Buffer
  /// The number of elements.
  @usableFromInline private(set) var count: Int = 0

  /// An empty array.
  init() { buffer = Buffer(capacity: 0) }

  /// The number of elements the buffer holds without growing.
  var capacity: Int { buffer.capacity }

  /// Element `i`.
  @inlinable subscript(i: Int) -> Element {
    @inline(__always) get {
      precondition(UInt(bitPattern: i) < UInt(bitPattern: count), "index \(i) out of range 0..<\(count)")
      return buffer.base[i]
    }
    @inline(__always) _modify {
      precondition(UInt(bitPattern: i) < UInt(bitPattern: count), "index \(i) out of range 0..<\(count)")
      makeUnique()
      yield &buffer.base[i]
    }
  }

  /// Adds `element` at the end.
  /// - Complexity: amortised O(1).
  mutating func append(_ element: Element) {
    if count == buffer.capacity {
      reallocate(capacity: Swift.max(16, 2 * count))
    } else {
      makeUnique()
    }
    (buffer.base + count).initialize(to: element)
    count += 1
  }

  /// Makes room for `minimumCapacity` elements.
  /// - Complexity: O(count) when the buffer grows or is shared.
  mutating func reserveCapacity(_ minimumCapacity: Int) {
    if minimumCapacity > buffer.capacity {
      reallocate(capacity: minimumCapacity)
    } else {
      makeUnique()
    }
  }

  /// Removes every element.
  mutating func removeAll(keepingCapacity: Bool = false) {
    if keepingCapacity && isKnownUniquelyReferenced(&buffer) {
      count = 0
    } else {
      buffer = Buffer(capacity: keepingCapacity ? buffer.capacity : 0)
      count = 0
    }
  }

  /// Calls `body` with the elements' memory, for reading.
  @inlinable func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
    try body(UnsafeBufferPointer(start: buffer.base, count: count))
  }

  /// Calls `body` with the elements' memory, for reading and writing (not for changing the count).
  @inlinable mutating func withUnsafeMutableBufferPointer<R>(
    _ body: (UnsafeMutableBufferPointer<Element>) throws -> R
  ) rethrows -> R {
    makeUnique()
    return try body(UnsafeMutableBufferPointer(start: buffer.base, count: count))
  }

  /// Gives this array a buffer of its own before a write.
  @inlinable @inline(__always) mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&buffer) { reallocate(capacity: buffer.capacity) }
  }

  /// Moves the elements into a new buffer of `capacity` elements.
  @usableFromInline mutating func reallocate(capacity: Int) {
    let fresh = Buffer(capacity: Swift.max(capacity, count))
    fresh.base.initialize(from: buffer.base, count: count)
    buffer = fresh
  }
}
