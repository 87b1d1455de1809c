/// The geometry index: every section header, row and section footer of a table as one
/// sequence of *items*, each with a height, and the exact offset of every item.
///
/// The sequence is `header₀, rows of section 0…, footer₀, header₁, …`. It is kept in an
/// implicit-key treap whose nodes are *runs*: a run of rows that share one height (rows with a
/// fixed `rowHeight`, or rows still at their estimate), an explicit chunk of up to 64 measured
/// heights, or a single header/footer. Every subtree keeps the sums of items, rows, sections,
/// height and unmeasured rows, so offset→item, item→offset, section→item and a height change
/// are all O(log n), and inserting or deleting rows (even whole sections) is O(log n) by
/// split and merge — what a Fenwick tree cannot do.
///
/// Memory grows with the rows whose height is *known*, not with the rows that exist: ten
/// million rows at an estimated height are one node.
///
/// Heights are stored in fixed point (1/256 of a point) so that sums are exact integers: an
/// offset is the same whichever order it was summed in, at 10⁸ rows or 10¹⁰.
package struct HeightIndex: Sendable {
  /// Heights are quantised to this many units per point.
  package static let unitsPerPoint: Double = 256
  /// The largest height accepted for one item, in points.
  package static let maximumHeight: Double = 1e9

  @usableFromInline typealias NodeID = Int32
  @usableFromInline static let none: NodeID = -1
  static let chunkCapacity = 64

  @usableFromInline enum Kind: UInt8, Sendable {
    case header, footer, run, chunk
  }

  @usableFromInline struct Node: Sendable {
    // What a descent reads comes first, so that it shares the node's first cache line.
    var left: NodeID = HeightIndex.none
    var right: NodeID = HeightIndex.none
    var priority: UInt32
    var kind: Kind
    /// For a run: whether its rows are measured. Unused otherwise.
    var measured: Bool
    /// Items in this node (rows for a run or chunk; 1 for a header or footer).
    var count: Int
    /// A run: units per row. A header/footer: its units. A chunk: its slab block.
    var value: Int64
    // The left subtree's sums, kept here so a descent never touches the child it does not take.
    var leftItems: Int = 0
    var leftRows: Int = 0
    var leftSections: Int = 0
    var leftUnits: Int64 = 0
    /// A chunk: bit i set when row i is measured.
    var mask: UInt64 = 0
    /// A chunk: the sum of its heights, kept by every edit so a descent never scans a chunk.
    var chunkUnits: Int64 = 0
    // Subtree sums.
    var sumItems: Int = 0
    var sumRows: Int = 0
    var sumSections: Int = 0
    var sumUnits: Int64 = 0
    var sumUnmeasured: Int = 0
  }

  @usableFromInline var nodes: ContiguousArray<Node> = []
  @usableFromInline var freeNodes: ContiguousArray<NodeID> = []
  /// Heights of chunk rows, `chunkCapacity` per block.
  @usableFromInline var slab: ContiguousArray<Int64> = []
  @usableFromInline var freeBlocks: ContiguousArray<Int32> = []
  @usableFromInline var root: NodeID = HeightIndex.none
  var rng = PriorityGenerator(seed: 0x5EED_7AB1E)
  /// During a bulk load, the nodes appended so far, in order (see `beginBulkLoad()`).
  var bulkOrder: ContiguousArray<NodeID>?

  /// Creates an empty index (no sections).
  package init() {}

  // MARK: - Units

  /// Converts a height in points to index units, rounding to the nearest unit.
  @inlinable package static func units(_ points: Double) -> Int64 {
    Int64((points * unitsPerPoint).rounded())
  }

  /// Converts index units to points (exact for any offset below 2⁵³ units, about 3.5·10¹³ points).
  @inlinable package static func points(_ units: Int64) -> Double {
    Double(units) / unitsPerPoint
  }

  /// Validates a height: finite, not negative, not absurdly large.
  package static func validate(_ height: Double, _ what: @autoclosure () -> String) throws(TableViewError) {
    guard height.isFinite, height >= 0, height <= maximumHeight else {
      throw TableViewError(
        .invalidHeight, "invalid height \(height) for \(what()): heights must be finite and in 0…\(maximumHeight)")
    }
  }

  // MARK: - Totals

  /// The number of sections.
  /// - Complexity: O(1)
  package var sectionCount: Int { root == Self.none ? 0 : nodes[Int(root)].sumSections }
  /// The number of rows in all sections.
  /// - Complexity: O(1)
  package var rowCount: Int { root == Self.none ? 0 : nodes[Int(root)].sumRows }
  /// The number of items (rows, headers and footers).
  /// - Complexity: O(1)
  package var itemCount: Int { root == Self.none ? 0 : nodes[Int(root)].sumItems }
  /// The number of rows that hold an estimate rather than a measured height.
  /// - Complexity: O(1)
  package var unmeasuredRowCount: Int { root == Self.none ? 0 : nodes[Int(root)].sumUnmeasured }
  /// The total height in units.
  /// - Complexity: O(1)
  package var totalUnits: Int64 { root == Self.none ? 0 : nodes[Int(root)].sumUnits }
  /// The total height in points.
  /// - Complexity: O(1)
  package var totalHeight: Double { Self.points(totalUnits) }
  /// Nodes in use: a measure of memory (each is a few dozen bytes; a chunk adds 512).
  package var nodeCount: Int { nodes.count - freeNodes.count }
  /// The bytes the index's arrays hold in use (nodes, chunk heights and free lists; room reserved
  /// for growth and never touched is not counted).
  package var bytesInUse: Int {
    nodes.count * MemoryLayout<Node>.stride + slab.count * MemoryLayout<Int64>.stride
      + freeNodes.count * MemoryLayout<NodeID>.stride + freeBlocks.count * MemoryLayout<Int32>.stride
  }
}

/// The treap's priorities: SplitMix64, so that the tree's shape (and so its speed) is the same on every run.
/// Internal: the engine's API offers no random numbers (those are the `SeededRandom` library's).
struct PriorityGenerator: Sendable {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
