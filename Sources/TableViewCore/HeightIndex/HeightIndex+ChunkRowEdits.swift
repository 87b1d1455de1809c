// One row inserted into or removed from a chunk where it is: the rows after it move one place in the chunk's
// storage, and the sums on the path from the root change by the row. No node is cut, made or merged, so a one-row
// update of measured rows (a chat's message, a log line, a moved row) costs a descent and at most one chunk's rows,
// and the tree keeps its shape however many such edits there are.

extension HeightIndex {
  /// Inserts one row before item `k` in place: in the chunk that holds the row before it (item `k − 1`), or else
  /// as the first row of the chunk that holds item `k`. Returns `false`, changing nothing, when neither is a row of
  /// a chunk that can take one more.
  /// - Complexity: O(log n + the rows of the chunk after the new one).
  mutating func insertRowInChunk(at k: Int, units: Int64, measured: Bool) -> Bool {
    guard k >= 0, k <= itemCount else { return false }
    // The chunk before (place 1: after its row), else the one after (place 0: the row then starts it).
    for place in [1, 0] {
      let probe = k - place
      guard probe >= 0, probe < itemCount else { continue }
      let (t, offset) = locate(probe)
      guard t != Self.none else { continue }
      let node = nodes[Int(t)]
      guard node.isChunk, node.count < Self.maximumChunkRows, place == 1 || offset == 0,
        makeRoomAtEnd(ofChunk: t)
      else { continue }
      let i = offset + place
      adjust(item: probe, rows: 1, units: units, unmeasured: measured ? 0 : 1) { node, slab in
        Self.insertRow(intoChunk: &node, &slab, at: i, units: units, measured: measured)
      }
      return true
    }
    return false
  }

  /// Removes row item `k` from its chunk, in place, and returns its height and whether it was measured; `nil`,
  /// changing nothing, when item `k` is not a row of a chunk of two rows or more.
  /// - Complexity: O(log n + the rows of the chunk after it).
  mutating func removeRowInChunk(at k: Int) -> (units: Int64, measured: Bool)? {
    guard k >= 0, k < itemCount else { return nil }
    let (t, i) = locate(k)
    guard t != Self.none else { return nil }
    let node = nodes[Int(t)]
    guard node.isChunk, node.count > 1 else { return nil }
    let units = chunkHeight(node, i)
    let measured = chunkIsMeasured(node, i)
    adjust(item: k, rows: -1, units: -units, unmeasured: measured ? 0 : -1) { node, slab in
      Self.removeRow(fromChunk: &node, &slab, at: i, units: units, measured: measured)
    }
    return (units, measured)
  }

  /// Puts a row before row `i` of a chunk with room (`i` = its row count: after the last).
  ///
  /// The running sums after `i` move one place on in one copy; then each block's are corrected by one number
  /// added to all of them: in `i`'s block the new row's height, in a later block the height of the row that came in
  /// from the block before (which starts it).
  /// - Complexity: O(rows in the chunk from `i`): a copy and vector additions.
  static func insertRow(
    intoChunk node: inout Node, _ slab: inout ChunkStore, at i: Int, units: Int64, measured: Bool
  ) {
    let base = Int(node.a)
    let count = node.count
    precondition(count < node.chunkCapacity && i >= 0 && i <= count, "no room in the chunk, or a row outside it")
    let masks = maskEntry(base: base, rows: node.chunkCapacity, row: 0)
    let first = i / blockRows
    let last = count / blockRows  // the new last row's block
    slab.rows.withUnsafeMutableBufferPointer { buffer in
      let rows = buffer.baseAddress! + base
      slab.blocks.withUnsafeMutableBufferPointer { blocks in
        withUnsafeTemporaryAllocation(of: Int64.self, capacity: maximumChunkRows / blockRows + 1) { carries in
          // The height of the row that will start each later block: the last row of the block before it.
          if first < last {
            for b in (first + 1)...last {
              let start = b * blockRows
              carries[b] = rows[start - 1] - rows[start - 2]
            }
          }
          let before = i % blockRows != 0 ? rows[i - 1] : 0
          (rows + i + 1).moveInitialize(from: rows + i, count: count - i)
          rows[i] = before + units
          for j in (i + 1)..<min((first + 1) * blockRows, count + 1) { rows[j] &+= units }
          if first < last {
            for b in (first + 1)...last {
              let start = b * blockRows
              let carry = carries[b]
              rows[start] = carry
              for j in (start + 1)..<min(start + blockRows, count + 1) { rows[j] &+= carry }
            }
          }
          rewriteBlockSums(rows: rows, blocks: blocks, base: base, from: first, rowCount: count + 1)
        }
        // The measured bits from row i, one place on; the new row's at i.
        let oldWords = (count + blockRows - 1) / blockRows
        var w = last
        while w > first {
          let word = w < oldWords ? UInt64(bitPattern: blocks[masks + w]) : 0
          let carry = UInt64(bitPattern: blocks[masks + w - 1]) >> 63
          blocks[masks + w] = Int64(bitPattern: word << 1 | carry)
          w -= 1
        }
        let bit = UInt64(i % blockRows)
        let old = first < oldWords ? UInt64(bitPattern: blocks[masks + first]) : 0
        let low = (UInt64(1) << bit) &- 1
        blocks[masks + first] = Int64(
          bitPattern: old & low | (old & ~low) << 1 | (measured ? UInt64(1) << bit : 0))
      }
    }
    if measured { node.b += 1 }
    node.c += units
    node.count = count + 1
  }

  /// Takes row `i` out of a chunk of two rows or more; the rows after it move one place back.
  ///
  /// The row's height is first taken off the rest of its block, as if it were 0 high; then the running sums after
  /// it move one place back in one copy, and each block's are corrected: a later block's lose the height of the
  /// row that left it for the block before, and each block's last gains what that row brings.
  /// - Complexity: O(rows in the chunk from `i`): a copy and vector additions.
  /// `units` and `measured` are the row's (`chunkHeight`, `chunkIsMeasured`), which the caller has read.
  static func removeRow(
    fromChunk node: inout Node, _ slab: inout ChunkStore, at i: Int, units: Int64, measured: Bool
  ) {
    let base = Int(node.a)
    let count = node.count
    precondition(count > 1 && i >= 0 && i < count, "a row outside the chunk, or its only row")
    let masks = maskEntry(base: base, rows: node.chunkCapacity, row: 0)
    let first = i / blockRows
    let oldLast = (count - 1) / blockRows
    let newCount = count - 1
    slab.rows.withUnsafeMutableBufferPointer { buffer in
      let rows = buffer.baseAddress! + base
      slab.blocks.withUnsafeMutableBufferPointer { blocks in
        withUnsafeTemporaryAllocation(of: Int64.self, capacity: 2 * (maximumChunkRows / blockRows + 1)) { saved in
          // Row i at 0 high.
          for j in i..<min((first + 1) * blockRows, count) { rows[j] &-= units }
          // Each block's first and last running sums, before the copy.
          for b in first...oldLast {
            let start = b * blockRows
            saved[2 * b] = rows[start]
            saved[2 * b + 1] = start + blockRows - 1 < count ? rows[start + blockRows - 1] : 0
          }
          (rows + i).moveInitialize(from: rows + i + 1, count: count - 1 - i)
          for b in first...oldLast {
            let start = b * blockRows
            let end = start + blockRows - 1  // the block's last place
            if b > first {
              let firstSum = saved[2 * b]
              for j in start..<min(end, newCount) { rows[j] &-= firstSum }
              if end < newCount { rows[end] &+= saved[2 * b + 1] &- firstSum }
            } else if end < newCount {
              rows[end] &+= saved[2 * b + 1]
            }
          }
          rewriteBlockSums(rows: rows, blocks: blocks, base: base, from: first, rowCount: newCount)
        }
        // The measured bits after row i, one place back (the bits past the last row stay 0).
        let words = (count + blockRows - 1) / blockRows
        for w in first..<words {
          let word = UInt64(bitPattern: blocks[masks + w])
          let next = w + 1 < words ? UInt64(bitPattern: blocks[masks + w + 1]) : 0
          var shifted = word >> 1 | (next & 1) << 63
          if w == first {
            let low = (UInt64(1) << UInt64(i % blockRows)) &- 1
            shifted = word & low | shifted & ~low
          }
          blocks[masks + w] = Int64(bitPattern: shifted)
        }
      }
    }
    if measured { node.b -= 1 }
    node.c -= units
    node.count = newCount
  }

  /// Writes the running sums of the blocks from block `from` to the last of a chunk of `rowCount` rows, whose rows
  /// (`rows`, its first) hold their running sums.
  @inline(__always) private static func rewriteBlockSums(
    rows: UnsafeMutablePointer<Int64>, blocks: UnsafeMutableBufferPointer<Int64>, base: Int, from: Int,
    rowCount: Int
  ) {
    let last = (rowCount - 1) / blockRows
    // A last row removed from a block of its own: the blocks before it keep their sums.
    guard from <= last else { return }
    var before: Int64 = from > 0 ? blocks[base / 32 + from - 1] : 0
    for b in from...last {
      before &+= rows[min((b + 1) * blockRows, rowCount) - 1]
      blocks[base / 32 + b] = before
    }
  }

}
