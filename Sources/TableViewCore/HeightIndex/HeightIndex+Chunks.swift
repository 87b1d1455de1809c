// Chunks: up to `maximumChunkRows` (2,048) measured heights of one node.
//
// A chunk of capacity `cap` (64 · 2^class rows) takes `cap` entries of the chunk store's `rows`,
// the running sums of its heights restarting at every block of 64 rows, and `2·cap/64` entries
// of its `blocks`: the running sums of the blocks' totals, then one word of measured bits per
// block. An offset inside a chunk is two reads, one of them in `blocks`, 64 times smaller than
// `rows` and so mostly in the cache; a search is two short binary searches; a height change
// shifts the rest of one block and the block sums — at most 64 + 32 additions however big the
// chunk. Big chunks make the treap shallow: ten million measured rows are 5,000 nodes, few
// enough to stay in the cache. A chunk starts at 64 rows and doubles when it fills.

/// The storage of every chunk: its rows' running sums, and its blocks' sums and measured bits.
/// A chunk whose rows start at entry `r` (a multiple of 64) has its blocks at `r / 32`.
@usableFromInline struct ChunkStore: Sendable {
  /// Running sums of heights, restarting every 64 rows.
  var rows: ContiguousArray<Int64> = []
  /// Per chunk: running sums of its blocks, then the measured bits of each block.
  var blocks: ContiguousArray<Int64> = []

  /// Entries in use, both arrays.
  var count: Int { rows.count + blocks.count }

  /// Adds room for a chunk of `rows` rows at the end; returns its first row entry.
  mutating func append(rows n: Int) -> Int {
    let base = rows.count
    rows.append(contentsOf: repeatElement(0, count: n))
    blocks.append(contentsOf: repeatElement(0, count: 2 * n / HeightIndex.blockRows))
    return base
  }

  /// Makes room for `n` more row entries (and their blocks) without growing again.
  mutating func reserve(rows n: Int) {
    if rows.count + n > rows.capacity { rows.reserveCapacity(rows.count + n) }
    let blockEntries = (rows.count + n) / 32
    if blockEntries > blocks.capacity { blocks.reserveCapacity(blockEntries) }
  }

  /// Removes every chunk.
  mutating func removeAll() {
    rows.removeAll(keepingCapacity: false)
    blocks.removeAll(keepingCapacity: false)
  }
}

extension HeightIndex {
  /// Rows per block: running sums restart at every block.
  static let blockRows = 64
  /// The largest capacity class: 2,048 rows. Ten million measured rows are then about 5,000
  /// nodes of 64 bytes, few enough to stay in the second-level cache, so a descent rarely waits
  /// for memory, and a level fewer than with 1,024. Measured at 10⁷ rows (release,
  /// `tableview-bench --filter index_`, the two run alternately, with the short descent of
  /// `8a80129`): 1,024-row chunks 162–169 ns an offset and 374–380 ns a height change, 2,048 rows
  /// 146–167 and 356–364 ns, and `insert_row` at 10⁷ rows the same (16–17.5 µs: a row inserted
  /// inside a chunk moves the rows after it, about a microsecond for 2,047). Earlier, with a
  /// longer descent: 256-row chunks 440 and 600 ns; 4,096 rows made a one-row insert into
  /// measured rows 2.5× slower than 1,024.
  static let maximumChunkClass = 5
  /// The most rows a chunk holds.
  static let maximumChunkRows = blockRows << maximumChunkClass
  /// The rows a chunk may hold for a row to be put before its first one (which moves them all):
  /// chunks grow at their end; one measured upwards, row before row, stays this small.
  static let prependableChunkRows = blockRows

  /// The rows a chunk of capacity class `chunkClass` holds.
  @inline(__always) static func chunkRows(ofClass chunkClass: Int) -> Int { blockRows << chunkClass }

  /// The smallest capacity class that holds `rows` rows.
  @inline(__always) static func chunkClass(holding rows: Int) -> Int {
    var chunkClass = 0
    while chunkRows(ofClass: chunkClass) < rows { chunkClass += 1 }
    return chunkClass
  }

  // MARK: Storage

  /// Room for a chunk of class `chunkClass`; returns its first row entry.
  mutating func allocateChunk(class chunkClass: Int) -> Int64 {
    if let free = freeChunks[chunkClass].popLast() { return Int64(free) }
    return Int64(slab.append(rows: Self.chunkRows(ofClass: chunkClass)))
  }

  /// An empty chunk of class `chunkClass`, not yet in the tree.
  mutating func makeChunk(class chunkClass: Int) -> NodeID {
    let base = allocateChunk(class: chunkClass)
    return makeNode(flags: Flag.chunk | UInt16(chunkClass) << 8, count: 0, a: base, b: 0, c: 0)
  }

  /// A chunk holding one row.
  mutating func makeChunk(row units: Int64, measured: Bool) -> NodeID {
    let t = makeChunk(class: 0)
    Self.appendRow(toChunk: &nodes[Int(t)], &slab, units: units, measured: measured)
    update(t)
    return t
  }

  /// Moves chunk `t`'s contents to slab space of class `chunkClass` (which must hold them). Its
  /// sums do not change, so the tree's do not either.
  /// - Complexity: O(capacity)
  mutating func moveChunk(_ t: NodeID, toClass chunkClass: Int) {
    let node = nodes[Int(t)]
    let base = allocateChunk(class: chunkClass)
    let from = Int(node.a)
    let to = Int(base)
    let oldRows = node.chunkCapacity
    let newRows = Self.chunkRows(ofClass: chunkClass)
    let blocks = (node.count + Self.blockRows - 1) / Self.blockRows
    slab.rows.withUnsafeMutableBufferPointer { rows in
      for i in 0..<node.count { rows[to + i] = rows[from + i] }
    }
    slab.blocks.withUnsafeMutableBufferPointer { sums in
      for j in 0..<blocks {
        sums[to / 32 + j] = sums[from / 32 + j]
        sums[to / 32 + newRows / Self.blockRows + j] = sums[from / 32 + oldRows / Self.blockRows + j]
      }
    }
    freeChunks[node.chunkClass].append(from)
    nodes[Int(t)].a = base
    nodes[Int(t)].flags = node.flags & ~Flag.chunkClass | UInt16(chunkClass) << 8
  }

  /// Makes room in chunk `t` for one more row at its end, doubling it when full. Returns false
  /// when it is at the largest capacity and full.
  mutating func makeRoomAtEnd(ofChunk t: NodeID) -> Bool {
    let node = nodes[Int(t)]
    if node.count < node.chunkCapacity { return true }
    guard node.chunkClass < Self.maximumChunkClass else { return false }
    if Int(node.a) + node.chunkCapacity == slab.rows.count {
      growInPlace(t)
    } else {
      moveChunk(t, toClass: node.chunkClass + 1)
    }
    return true
  }

  /// Doubles chunk `t`, the last in the slab, where it is (what a section of measured rows loaded
  /// at once does, chunk after chunk): nothing is copied but its measured bits, and no space is
  /// left free behind it.
  private mutating func growInPlace(_ t: NodeID) {
    let node = nodes[Int(t)]
    let base = Int(node.a)
    let oldRows = node.chunkCapacity
    _ = slab.append(rows: oldRows)
    // The measured bits follow the block sums, which now have room for twice as many blocks.
    let blocks = oldRows / Self.blockRows
    for j in stride(from: blocks - 1, through: 0, by: -1) {
      slab.blocks[base / 32 + 2 * blocks + j] = slab.blocks[base / 32 + blocks + j]
    }
    nodes[Int(t)].flags = node.flags & ~Flag.chunkClass | UInt16(node.chunkClass + 1) << 8
  }

  // MARK: Reading

  /// The sum of the first `i` heights of chunk `node`.
  @inline(__always) func chunkPrefix(_ node: Node, _ i: Int) -> Int64 {
    guard i > 0 else { return 0 }
    let base = Int(node.a)
    let block = (i - 1) / Self.blockRows
    let before = block > 0 ? slab.blocks[base / 32 + block - 1] : 0
    return before + slab.rows[base + i - 1]
  }

  /// The height of row `i` of chunk `node`.
  @inline(__always) func chunkHeight(_ node: Node, _ i: Int) -> Int64 {
    let base = Int(node.a)
    return slab.rows[base + i] - (i % Self.blockRows != 0 ? slab.rows[base + i - 1] : 0)
  }

  /// The `blocks` entry of the measured bits of row `i` of a chunk at `base` with `rows` capacity.
  @inline(__always) static func maskEntry(base: Int, rows: Int, row i: Int) -> Int {
    base / 32 + rows / blockRows + i / blockRows
  }

  /// Whether row `i` of chunk `node` is measured.
  @inline(__always) func chunkIsMeasured(_ node: Node, _ i: Int) -> Bool {
    let word = UInt64(bitPattern: slab.blocks[Self.maskEntry(base: Int(node.a), rows: node.chunkCapacity, row: i)])
    return (word >> UInt64(i % Self.blockRows)) & 1 != 0
  }

  /// The measured bits of block `block` of chunk `node`, only those of its rows (the others 0).
  @inline(__always) func chunkMask(_ node: Node, block: Int) -> UInt64 {
    let word = UInt64(
      bitPattern: slab.blocks[Self.maskEntry(base: Int(node.a), rows: node.chunkCapacity, row: block * 64)])
    let rows = node.count - block * Self.blockRows
    return rows >= 64 ? word : word & ((1 << UInt64(rows)) &- 1)
  }

  /// The first of `n` entries of `array` from `at` that is above `y` (`n` when none is): they
  /// must not decrease.
  @inline(__always) static func firstEntry(
    of array: ContiguousArray<Int64>, from at: Int, count n: Int, above y: Int64
  ) -> Int {
    // Branch-free lower bound: the answer is in lo..<lo+n; each step halves n with a
    // conditional move instead of a jump the CPU would mispredict half of the time.
    var lo = 0
    var n = n
    while n > 1 {
      let half = n >> 1
      let right = array[at + lo + half - 1] <= y
      lo = right ? lo + half : lo
      n = right ? n - half : half
    }
    return lo
  }

  /// The row of chunk `node` whose extent holds `y` (0 ≤ y < the chunk's units), and its start.
  @inline(__always) func chunkRow(_ node: Node, containing y: Int64) -> (row: Int, start: Int64) {
    let base = Int(node.a)
    let blocks = (node.count + Self.blockRows - 1) / Self.blockRows
    let block = Self.firstEntry(of: slab.blocks, from: base / 32, count: blocks, above: y)
    let before = block > 0 ? slab.blocks[base / 32 + block - 1] : 0
    let first = block * Self.blockRows
    let i = Self.firstEntry(
      of: slab.rows, from: base + first, count: min(Self.blockRows, node.count - first), above: y - before)
    return (first + i, before + (i > 0 ? slab.rows[base + first + i - 1] : 0))
  }

  // MARK: Writing (a chunk's own contents; the caller fixes the tree's sums)

  /// Adds `delta` to the height of row `i` of chunk `node`.
  @inline(__always) static func addToChunk(
    _ node: Node, _ slab: inout ChunkStore, row i: Int, _ delta: Int64
  ) {
    let base = Int(node.a)
    let blockEnd = min(node.count, (i / blockRows + 1) * blockRows)
    let blocks = (node.count + blockRows - 1) / blockRows
    // Plain pointer loops, so that they compile to vector additions.
    slab.rows.withUnsafeMutableBufferPointer { rows in
      let from = rows.baseAddress! + (base + i)
      for j in 0..<(blockEnd - i) { from[j] &+= delta }
    }
    slab.blocks.withUnsafeMutableBufferPointer { sums in
      let from = sums.baseAddress! + (base / 32 + i / blockRows)
      for j in 0..<(blocks - i / blockRows) { from[j] &+= delta }
    }
  }

  /// Marks row `i` of chunk `node` measured or not; returns the change in its unmeasured rows.
  @inline(__always) static func setMeasured(
    _ node: inout Node, _ slab: inout ChunkStore, row i: Int, _ measured: Bool
  ) -> Int {
    let at = maskEntry(base: Int(node.a), rows: node.chunkCapacity, row: i)
    let bit = Int64(bitPattern: 1 << UInt64(i % blockRows))
    guard (slab.blocks[at] & bit != 0) != measured else { return 0 }
    slab.blocks[at] ^= bit
    node.b += measured ? 1 : -1
    return measured ? -1 : 1
  }

  /// Sets the height of row `i` of chunk `node` and whether it is measured; returns the old
  /// height and the change in its unmeasured rows.
  @inline(__always) static func setRow(
    _ node: inout Node, _ slab: inout ChunkStore, row i: Int, units h: Int64, measured: Bool
  ) -> (old: Int64, unmeasured: Int) {
    let base = Int(node.a)
    let old = slab.rows[base + i] - (i % blockRows != 0 ? slab.rows[base + i - 1] : 0)
    addToChunk(node, &slab, row: i, h - old)
    node.c += h - old
    return (old, setMeasured(&node, &slab, row: i, measured))
  }

  /// Adds a row after the last row of a chunk with room.
  static func appendRow(toChunk node: inout Node, _ slab: inout ChunkStore, units: Int64, measured: Bool) {
    let base = Int(node.a)
    let rows = node.chunkCapacity
    let i = node.count
    let block = i / blockRows
    let within = (i % blockRows != 0 ? slab.rows[base + i - 1] : 0) + units
    slab.rows[base + i] = within
    slab.blocks[base / 32 + block] = (block > 0 ? slab.blocks[base / 32 + block - 1] : 0) + within
    let mask = maskEntry(base: base, rows: rows, row: i)
    if i % blockRows == 0 { slab.blocks[mask] = 0 }
    if measured {
      slab.blocks[mask] |= Int64(bitPattern: 1 << UInt64(i % blockRows))
      node.b += 1
    }
    node.c += units
    node.count = i + 1
  }

  /// Cuts chunk `t` after its first `keep` rows (0 < keep < rows) and returns a new childless
  /// chunk with the rest. A kept part that would fill a quarter of its room or less moves to a
  /// smaller chunk.
  /// - Complexity: O(rows in the chunk)
  mutating func splitChunk(_ t: NodeID, keeping keep: Int) -> NodeID {
    let node = nodes[Int(t)]
    let rest = node.count - keep
    let tail = makeChunk(class: Self.chunkClass(holding: rest))
    var tailNode = nodes[Int(tail)]
    for i in keep..<node.count {
      let units = chunkHeight(node, i)
      let measured = chunkIsMeasured(node, i)
      Self.appendRow(toChunk: &tailNode, &slab, units: units, measured: measured)
    }
    nodes[Int(tail)] = tailNode
    update(tail)
    // The kept rows: the last block's total and measured bits cut at `keep`.
    let base = Int(node.a)
    let rows = node.chunkCapacity
    let last = (keep - 1) / Self.blockRows
    slab.blocks[base / 32 + last] = (last > 0 ? slab.blocks[base / 32 + last - 1] : 0) + slab.rows[base + keep - 1]
    let maskAt = Self.maskEntry(base: base, rows: rows, row: keep - 1)
    let kept = keep - last * Self.blockRows
    if kept < 64 { slab.blocks[maskAt] &= Int64(bitPattern: (1 << UInt64(kept)) &- 1) }
    nodes[Int(t)].count = keep
    nodes[Int(t)].c = node.c - tailNode.c
    nodes[Int(t)].b = node.b - tailNode.b
    let fitting = Self.chunkClass(holding: keep)
    if fitting + 2 <= node.chunkClass { moveChunk(t, toClass: fitting) }
    return tail
  }

  /// Makes room for `rows` more measured rows (up to 2²⁴, 264 MB of address space) so that
  /// measuring them never grows the chunk storage: growing copies all of it, a stall of
  /// milliseconds in the middle of an idle slice. Pages reserved and never written are never
  /// faulted in: this costs address space, not memory. Does nothing when the room is there.
  /// - Complexity: O(1) when the room is there; otherwise one copy of the chunk storage.
  mutating func reserveRoomForMeasuring(rows: Int) {
    // Chunks grow by doubling: the rows take at most twice their slab entries.
    slab.reserve(rows: 2 * min(max(0, rows), 1 << 24) + 2 * Self.maximumChunkRows)
  }
}
