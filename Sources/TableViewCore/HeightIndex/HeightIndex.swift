/// The geometry index: every section header, row and section footer of a table as one
/// sequence of *items*, each with a height, and the exact offset of every item.
///
/// The sequence is `header₀, rows of section 0…, footer₀, header₁, …`. It is kept in an
/// implicit-key treap with two kinds of node: a *span* — a run of rows of one section that share
/// one height (rows with a fixed `rowHeight`, or rows still at their estimate), with that
/// section's header before them and its footer after them when they belong to the node — and a
/// *chunk* of up to 2,048 measured heights (see `HeightIndex+Chunks.swift`). A section whose rows share one height is one span, and a
/// span is cut wherever an edit needs it. Every subtree keeps the sums of rows, sections, height
/// and unmeasured rows (its item count follows from them, see `Node`), so offset→item,
/// item→offset, section→item and a height change are all O(log n), and inserting or deleting
/// rows (even whole sections) is O(log n) by split and merge — what a Fenwick tree cannot do.
///
/// Memory grows with the rows whose height is *known* and with the sections, not with the rows
/// that exist: ten million rows at an estimated height are one node.
///
/// Heights are stored in fixed point (1/256 of a point) so that sums are exact integers: an
/// offset is the same whichever order it was summed in, at 10⁸ rows or 10¹⁰.
///
/// Not part of the engine's API: the table uses it, and the benchmarks (in this package) measure it.
package struct HeightIndex: Sendable {
  /// Heights are quantised to this many units per point.
  package static let unitsPerPoint: Double = 256
  /// The largest height accepted for one item, in points.
  package static let maximumHeight: Double = 1e9

  @usableFromInline typealias NodeID = Int32
  @usableFromInline static let none: NodeID = -1

  /// A node's flag bits (`Node.flags`).
  @usableFromInline enum Flag {
    /// The node is a chunk (otherwise a span).
    static let chunk: UInt16 = 1 << 0
    /// A span: its rows are measured.
    static let measured: UInt16 = 1 << 1
    /// A span: it starts with its section's header.
    static let header: UInt16 = 1 << 2
    /// A span: it ends with its section's footer.
    static let footer: UInt16 = 1 << 3
    /// The subtree's first item is not a header (it starts inside a section).
    static let openStart: UInt16 = 1 << 4
    /// The subtree's last item is not a footer (it ends inside a section).
    static let openEnd: UInt16 = 1 << 5
    /// The same two, for the left subtree (so that its row count follows from `leftItems`).
    static let leftOpenStart: UInt16 = 1 << 6
    static let leftOpenEnd: UInt16 = 1 << 7
    /// A chunk: its capacity class (it holds up to 64 · 2^class rows).
    static let chunkClass: UInt16 = 7 << 8
    /// The bits that describe the node itself (the others are kept by `update`).
    static let own: UInt16 = chunk | measured | header | footer | chunkClass
  }

  /// One node of the treap: what a descent reads, in 64 bytes (one cache line); the subtree's
  /// own sums and the priority, which only an edit reads, are its `Summary`, kept apart.
  ///
  /// Item counts are not stored for subtrees: every section has one header and one footer, so
  /// the items of any contiguous range are `rows + 2·headers + openStart − openEnd`, where
  /// `openStart` is whether the range starts after a header (its first item is a row or a
  /// footer) and `openEnd` whether it ends before a footer. A subtree keeps those two bits.
  @usableFromInline struct Node: Sendable, BitwiseCopyable {
    var left: NodeID = HeightIndex.none
    var right: NodeID = HeightIndex.none
    /// `Flag` bits.
    var flags: UInt16 {
      didSet { ownExtraItems = Self.extraItems(flags) }
    }
    /// The node's header and footer items (0, 1 or 2), `flags`' two bits as a number a descent
    /// adds without taking bits apart (it fills the padding after `flags`: the node stays 64 bytes).
    private(set) var ownExtraItems: UInt8
    /// At most 2²² sections: 32 bits hold them.
    var leftSections: UInt32 = 0
    /// Rows in this node.
    var count: Int
    /// A span: its header's units (0 without one). A chunk: its first entry in `slab.rows`.
    var a: Int64
    /// A span: its footer's units (0 without one). A chunk: how many of its rows are measured.
    var b: Int64
    /// A span: units per row. A chunk: the sum of its heights, kept by every edit so that a
    /// descent never scans a chunk.
    var c: Int64
    // The left subtree's sums, kept here so a descent never touches the child it does not take.
    var leftItems: Int = 0
    var leftUnits: Int64 = 0

    init(flags: UInt16, count: Int, a: Int64, b: Int64, c: Int64) {
      self.flags = flags
      self.ownExtraItems = Self.extraItems(flags)
      self.count = count
      self.a = a
      self.b = b
      self.c = c
    }

    /// The header and footer items `flags` describe.
    @inline(__always) static func extraItems(_ flags: UInt16) -> UInt8 {
      UInt8(((flags >> 2) & 1) + ((flags >> 3) & 1))
    }

    @inline(__always) var isChunk: Bool { flags & Flag.chunk != 0 }
    @inline(__always) var measured: Bool { flags & Flag.measured != 0 }
    @inline(__always) var hasHeader: Bool { flags & Flag.header != 0 }
    @inline(__always) var hasFooter: Bool { flags & Flag.footer != 0 }
    /// 1 when the node holds a header, else 0.
    @inline(__always) var headerItems: Int { Int((flags >> 2) & 1) }
    /// 1 when the node holds a footer, else 0.
    @inline(__always) var footerItems: Int { Int((flags >> 3) & 1) }
    /// Items in this node: its header, rows and footer.
    @inline(__always) var items: Int { count + Int(ownExtraItems) }
    /// Items in its left subtree and in itself: where, in its subtree, the items after it begin.
    /// Without overflow checks, for a descent: it is part of the root's count.
    @inline(__always) var itemsThrough: Int { leftItems &+ count &+ Int(ownExtraItems) }
    /// Items in this node's subtree, whose sums are `summary`.
    @inline(__always) func sumItems(_ summary: Summary) -> Int {
      summary.rows + 2 * Int(summary.sections) + Int((flags >> 4) & 1) - Int((flags >> 5) & 1)
    }
    /// Rows in the left subtree.
    @inline(__always) var leftRows: Int {
      leftItems - 2 * Int(leftSections) - Int((flags >> 6) & 1) + Int((flags >> 7) & 1)
    }
    /// A chunk: its capacity class.
    @inline(__always) var chunkClass: Int { Int((flags & Flag.chunkClass) >> 8) }
    /// A chunk: the rows it has room for.
    @inline(__always) var chunkCapacity: Int { HeightIndex.blockRows << chunkClass }
    /// The node's own units.
    @inline(__always) var ownUnits: Int64 { isChunk ? c : a + b + c * Int64(count) }
    /// `ownUnits` without overflow checks, for a descent: it is part of the root's sums, which
    /// the edits that made them checked.
    @inline(__always) var wrappingOwnUnits: Int64 { isChunk ? c : a &+ b &+ c &* Int64(count) }
  }

  /// A node's subtree sums and its priority: what only an edit reads (a node's `Summary` is at
  /// the node's index in `summaries`).
  @usableFromInline struct Summary: Sendable {
    var priority: UInt32
    var sections: UInt32 = 0
    var rows: Int = 0
    var units: Int64 = 0
    var unmeasured: Int = 0
  }

  @usableFromInline var nodes = CacheAlignedArray<Node>()
  /// Every node's `Summary`, at the node's index.
  @usableFromInline var summaries: ContiguousArray<Summary> = []
  @usableFromInline var freeNodes: ContiguousArray<NodeID> = []
  /// The chunks' running sums and measured bits (see `HeightIndex+Chunks.swift`).
  @usableFromInline var slab = ChunkStore()
  /// Free chunk space in the slab, by capacity class: first row entries.
  @usableFromInline var freeChunks = ContiguousArray(repeating: ContiguousArray<Int>(), count: maximumChunkClass + 1)
  @usableFromInline var root: NodeID = HeightIndex.none
  var rng = PriorityGenerator(seed: 0x5EED_7AB1E)
  /// During a bulk load, the nodes appended so far, in order (see `beginBulkLoad()`).
  var bulkOrder: ContiguousArray<NodeID>?
  /// A number every edit changes (each `package` edit adds one as it starts): an answer kept with the
  /// generation it was found at still holds while the generation is the same. It counts this
  /// index's edits only: another index (a reload's, another width's) may have reached the same
  /// number, so a reader that keeps answers forgets them when the index is replaced.
  package internal(set) var generation: UInt64 = 0

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
  package var sectionCount: Int { root == Self.none ? 0 : Int(summaries[Int(root)].sections) }
  /// The number of rows in all sections.
  /// - Complexity: O(1)
  package var rowCount: Int { root == Self.none ? 0 : summaries[Int(root)].rows }
  /// The number of items (rows, headers and footers).
  /// - Complexity: O(1)
  package var itemCount: Int { items(root) }
  /// The number of rows that hold an estimate rather than a measured height.
  /// - Complexity: O(1)
  package var unmeasuredRowCount: Int { root == Self.none ? 0 : summaries[Int(root)].unmeasured }
  /// The total height in units.
  /// - Complexity: O(1)
  package var totalUnits: Int64 { root == Self.none ? 0 : summaries[Int(root)].units }
  /// The total height in points.
  /// - Complexity: O(1)
  package var totalHeight: Double { Self.points(totalUnits) }
  /// The pieces the index holds, a measure of how finely it is cut: every header, every footer,
  /// every run of rows of one height and every chunk of measured heights counts once, whether or
  /// not it shares a node with its neighbours (a section whose rows share one height is three
  /// pieces in one node). Memory is `bytesInUse`; nodes are `storedNodeCount`.
  /// - Complexity: O(m) for m nodes.
  package var nodeCount: Int {
    var pieces = 0
    var stack: [NodeID] = root == Self.none ? [] : [root]
    while let t = stack.popLast() {
      let node = nodes[Int(t)]
      pieces += node.isChunk ? 1 : node.headerItems + node.footerItems + (node.count > 0 ? 1 : 0)
      if node.left != Self.none { stack.append(node.left) }
      if node.right != Self.none { stack.append(node.right) }
    }
    return pieces
  }
  /// The treap's nodes in use (each is 64 bytes and a 32-byte summary; a chunk adds 8 bytes a row of
  /// its capacity, and a little more, in the slab).
  /// - Complexity: O(1)
  package var storedNodeCount: Int { nodes.count - freeNodes.count }
  /// The bytes the index's arrays hold in use (nodes, chunk heights and free lists; room reserved
  /// for growth and never touched is not counted).
  package var bytesInUse: Int {
    nodes.count * (MemoryLayout<Node>.stride + MemoryLayout<Summary>.stride) + slab.count * MemoryLayout<Int64>.stride
      + freeNodes.count * MemoryLayout<NodeID>.stride + freeChunks.reduce(0) { $0 + $1.count }
      * MemoryLayout<Int>.stride
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
