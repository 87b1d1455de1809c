import SeededRandom
import Testing

@_spi(Backend) @testable import TableViewCore

// Chat-style lists under random use: a bottom-anchored (or not) table with follow mode and paging,
// fed appends, prepends, deletes, resizes, drags, ticks, jumps and nasty distances (NaN, ±∞,
// ±1e300, subnormals); the invariants hold after every step and the counts stay sane.

@Suite("Chat-style lists under random use")
struct ChatListFuzzTests {
  @Test("random chat use with nasty inputs: invariants after every step", arguments: [1, 2, 3] as [UInt64])
  func fuzz(seed: UInt64) throws {
    var rng = SplitMix64(seed: 0xC4A7 &* seed)
    let clock = ManualClock()
    let chat = Chat(Array(repeating: 20, count: 40))
    let table = TableView(style: .plain, clock: clock)
    let host = TestHost()
    table.host = host
    table.register({ TestCell() }, forCellReuseIdentifier: "cell")
    table.dataSource = chat
    table.delegate = chat
    table.viewportSize = Size(width: 100, height: 300)
    table.contentAnchor = .bottom
    if seed == 2 { table.estimatedRowHeight = 30 }
    table.reloadData()
    let nasty: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, .leastNonzeroMagnitude, -0.0, 50, 0]
    for step in 0..<800 {
      switch rng.int(0..<16) {
      case 0, 1:
        let k = rng.int(1..<6)
        let start = chat.heights.count
        chat.heights += (0..<k).map { _ in Double(rng.int(4..<200)) / 4 }
        try table.insertRows(at: (start..<(start + k)).map { IndexPath(row: $0, section: 0) })
      case 2:
        let k = rng.int(1..<30)
        chat.heights.insert(contentsOf: (0..<k).map { _ in Double(rng.int(4..<200)) / 4 }, at: 0)
        try table.insertRows(at: (0..<k).map { IndexPath(row: $0, section: 0) })
      case 3:
        guard !chat.heights.isEmpty else { continue }
        let i = rng.int(0..<chat.heights.count)
        let k = min(chat.heights.count - i, rng.int(1..<10))
        chat.heights.removeSubrange(i..<(i + k))
        try table.deleteRows(at: (i..<(i + k)).map { IndexPath(row: $0, section: 0) })
      case 4:
        guard !chat.heights.isEmpty else { continue }
        chat.heights[rng.int(0..<chat.heights.count)] = Double(rng.int(4..<400)) / 4
        try table.performBatchUpdates { _ in }
      case 5: table.edgeApproachDistance = rng.int(0..<4) == 0 ? nil : nasty[rng.int(0..<nasty.count)]
      case 6: table.contentOffset.y = Double(rng.int(-200..<3_000))
      case 7:
        table.beginDragging(at: 150)
        table.drag(to: Double(rng.int(-400..<700)))
        if rng.int(0..<2) == 0 { try table.insertRows(at: []) }
        table.endDragging(velocity: Double(rng.int(-3_000..<3_000)))
      case 8, 9:
        clock.advance(by: Double(rng.int(1..<20)) / 60)
        table.tick()
      case 10: table.scrollToBottom(animated: rng.int(0..<2) == 0)
      case 11:
        table.viewportSize = Size(width: Double(rng.int(40..<120)), height: Double(rng.int(0..<500)))
      case 12: table.contentAnchor = rng.int(0..<2) == 0 ? .top : .bottom
      case 13: table.followsAppendedRows.toggle()
      case 14: table.maintainsVisibleContentPosition.toggle()
      default:
        if !chat.heights.isEmpty {
          try table.scrollToRow(
            at: IndexPath(row: rng.int(0..<chat.heights.count), section: 0), at: .top, animated: rng.int(0..<2) == 0)
        }
      }
      table.layoutIfNeeded()
      checkInvariants(table, host: host)
      #expect(table.contentOffset.y.isFinite, "step \(step)")
      #expect(table.rowsBelowVisibleArea >= 0 && table.rowsBelowVisibleArea <= chat.heights.count, "step \(step)")
      if table.isAtBottom { #expect(table.rowsBelowVisibleArea == 0, "step \(step): at the bottom with rows below") }
      #expect(host.doubleAttach == 0 && host.strayDetach == 0, "step \(step)")
    }
    // Settled: an animation ends, and at rest the offset is within the content.
    var frames = 0
    while table.isAnimating && frames < 10_000 {
      clock.advance(by: 1.0 / 60)
      table.tick()
      frames += 1
    }
    #expect(!table.isAnimating)
  }
}
