/// A static 16-ary B-tree over row heights kept as the height index keeps measured rows: chunks of
/// 2,048 rows whose running sums restart every 64 rows, with each chunk's block sums beside them.
///
/// The benchmark's second reference for the height index, beside the Fenwick tree: the best case
/// of any index that finds a row's chunk by a descent and then reads the row's running sum. It has
/// four levels at 10⁷ rows where the treap has thirteen, searches each node without a jump, and
/// can neither insert nor delete a row nor hold a section, so it shows what a faster descent
/// alone could win: the read of the row's running sum, which waits for the descent, stays.
struct StaticBTree {
  /// Children per node.
  static let fanOut = 16
  /// Rows per chunk, and per block of a chunk (as in `HeightIndex`).
  static let chunkRows = 2_048
  static let blockRows = 64
  /// Entries of `blocks` per chunk: its 32 block sums, then room as the index keeps its measured bits.
  static let blockEntries = 64
  /// The most levels a path has (16⁸ chunks of 2,048 rows: far beyond any benchmark size).
  static let maximumDepth = 8

  /// Per row: the running sum of its block up to and including it.
  private var rows: [Int64] = []
  /// Per chunk: the running sums of its blocks' totals.
  private var blocks: [Int64] = []
  /// Per level (the root's first): each node's inclusive running sums of its children's rows
  /// (`Int.max` past its last child) and units.
  private var levelRows: [[Int]] = []
  private var levelUnits: [[Int64]] = []

  init(heights: [Int64]) {
    let n = heights.count
    let chunks = max(1, (n + Self.chunkRows - 1) / Self.chunkRows)
    rows = Array(repeating: 0, count: chunks * Self.chunkRows)
    blocks = Array(repeating: 0, count: chunks * Self.blockEntries)
    var childRows: [Int] = []
    var childUnits: [Int64] = []
    for chunk in 0..<chunks {
      let first = chunk * Self.chunkRows
      let count = min(Self.chunkRows, n - first)
      var before: Int64 = 0
      var running: Int64 = 0
      for i in 0..<max(count, 0) {
        if i % Self.blockRows == 0 { running = 0 }
        running += heights[first + i]
        rows[first + i] = running
        blocks[chunk * Self.blockEntries + i / Self.blockRows] = before + running
        if i % Self.blockRows == Self.blockRows - 1 { before += running }
      }
      childRows.append(max(count, 0))
      childUnits.append(count > 0 ? blocks[chunk * Self.blockEntries + (count - 1) / Self.blockRows] : 0)
    }
    // Bottom up: a level of nodes over the level below, until one node holds them all.
    var levels: [([Int], [Int64])] = []
    repeat {
      let nodes = (childRows.count + Self.fanOut - 1) / Self.fanOut
      var sumsOfRows = Array(repeating: Int.max, count: nodes * Self.fanOut)
      var sumsOfUnits = Array(repeating: Int64(0), count: nodes * Self.fanOut)
      var parentRows: [Int] = []
      var parentUnits: [Int64] = []
      for node in 0..<nodes {
        var rowsSoFar = 0
        var unitsSoFar: Int64 = 0
        for child in node * Self.fanOut..<min((node + 1) * Self.fanOut, childRows.count) {
          rowsSoFar += childRows[child]
          unitsSoFar += childUnits[child]
          sumsOfRows[child] = rowsSoFar
          sumsOfUnits[child] = unitsSoFar
        }
        parentRows.append(rowsSoFar)
        parentUnits.append(unitsSoFar)
      }
      levels.append((sumsOfRows, sumsOfUnits))
      childRows = parentRows
      childUnits = parentUnits
    } while childRows.count > 1
    precondition(levels.count <= Self.maximumDepth, "\(n) rows are too many for the static B-tree")
    for (sumsOfRows, sumsOfUnits) in levels.reversed() {
      levelRows.append(sumsOfRows)
      levelUnits.append(sumsOfUnits)
    }
  }

  /// The child of `node` at `level` that holds row `k` of the node's rows, and the rows before it
  /// in the node: a count of the running sums not above `k` (no jump to mispredict).
  @inline(__always) private func child(of node: Int, level: Int, row k: Int) -> (child: Int, rowsBefore: Int) {
    levelRows[level].withUnsafeBufferPointer { sums in
      let base = node &* Self.fanOut
      var j = 0
      for i in 0..<Self.fanOut { j &+= sums[base &+ i] <= k ? 1 : 0 }
      return (base &+ j, j > 0 ? sums[base &+ j &- 1] : 0)
    }
  }

  /// The sum of the heights of rows `0..<k`, for `k` in `0...n`.
  /// - Complexity: O(log n): one node a level, then two reads in the chunk.
  func prefix(_ k: Int) -> Int64 {
    var node = 0
    var k = k
    var units: Int64 = 0
    for level in levelRows.indices {
      // Every row before the position is counted (`k` was the node's last): a node's rows are
      // all before it, and its child past the last is not a node.
      if k == 0 { return units }
      let (child, rowsBefore) = child(of: node, level: level, row: k)
      if child > node &* Self.fanOut { units &+= levelUnits[level][child &- 1] }
      k &-= rowsBefore
      node = child
    }
    guard k > 0 else { return units }
    let block = (k &- 1) / Self.blockRows
    let before = block > 0 ? blocks[node &* Self.blockEntries &+ block &- 1] : 0
    return units &+ before &+ rows[node &* Self.chunkRows &+ k &- 1]
  }

  /// Sets row `row`'s height to `h`: the rest of the row's block, its chunk's later block sums, and
  /// on every level the node's running sums from the child that holds the row on.
  /// - Complexity: O(log n): one node a level, then at most 64 + 16 sums in the chunk.
  mutating func setHeight(_ h: Int64, at row: Int) {
    var path = InlineArray<8, Int>(repeating: 0)
    var node = 0
    var k = row
    for level in levelRows.indices {
      let (child, rowsBefore) = child(of: node, level: level, row: k)
      path[level] = child
      k &-= rowsBefore
      node = child
    }
    let entry = node &* Self.chunkRows &+ k
    let old = rows[entry] &- (k % Self.blockRows != 0 ? rows[entry &- 1] : 0)
    let delta = h &- old
    guard delta != 0 else { return }
    let block = k / Self.blockRows
    rows.withUnsafeMutableBufferPointer { rows in
      for i in entry..<(node &* Self.chunkRows &+ (block &+ 1) &* Self.blockRows) { rows[i] &+= delta }
    }
    blocks.withUnsafeMutableBufferPointer { blocks in
      for b in block..<(Self.chunkRows / Self.blockRows) { blocks[node &* Self.blockEntries &+ b] &+= delta }
    }
    for level in levelUnits.indices {
      let child = path[level]
      levelUnits[level].withUnsafeMutableBufferPointer { sums in
        for i in child..<((child / Self.fanOut &+ 1) &* Self.fanOut) { sums[i] &+= delta }
      }
    }
  }
}
