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

/// A reference model of follow mode in a top-anchored table of 20-point rows under a 300-point
/// viewport, at rest after every step: where the offset is, whether the table follows, and how
/// many rows are counted below. It states the rules of `isFollowingAppendedRows` on its own
/// geometry, not the table's.
private struct FollowModel {
  var rows: Int
  var offset: Double = 0
  var following = false
  /// At the bottom of content taller than the viewport when last looked at.
  var wasAtBottom = false
  var follows: Bool
  var below = 0

  var maxOffset: Double { max(0, Double(rows) * 20 - 300) }
  var atBottom: Bool { offset >= maxOffset - TableView.atBottomTolerance }
  var atFollowableBottom: Bool { atBottom && maxOffset > TableView.atBottomTolerance }

  /// What the table notices after it moved or changed: the count goes at the bottom; following
  /// stops away from it, and starts (when the setting is on) on arriving there.
  mutating func look() {
    if below > 0, atBottom { below = 0 }
    let bottom = atFollowableBottom
    if following {
      if !atBottom { following = false }
    } else if bottom, !wasAtBottom, follows {
      following = true
    }
    wasAtBottom = bottom
  }

  /// Rows appended at the end; `held`: while a finger holds the content.
  mutating func append(_ count: Int, held: Bool = false) {
    let hadRows = rows > 0
    let followed = following && !held
    rows += count
    if followed {
      offset = maxOffset
    } else if hadRows, !atBottom {
      below += count
    }
    look()
  }

  mutating func deleteLast(_ count: Int) {
    rows -= count
    offset = min(offset, maxOffset)
    look()
  }

  mutating func scroll(by delta: Double) {
    offset = min(max(offset + delta, 0), maxOffset)
    look()
  }

  mutating func setFollowing(_ on: Bool) {
    if on {
      following = true
      offset = maxOffset
      look()
    } else {
      following = false
      wasAtBottom = atFollowableBottom
    }
  }

  mutating func setFollows(_ on: Bool) {
    follows = on
    if !on {
      if following {
        following = false
        wasAtBottom = atFollowableBottom
      }
    } else {
      let bottom = atFollowableBottom
      if bottom { following = true }
      wasAtBottom = bottom
    }
  }
}

@Suite("Follow mode against a reference model")
struct FollowModelTests {
  @Test(
    "random appends (a loader's, under a held finger, in quick succession), deletes, scrolls and app toggles",
    arguments: [1, 2, 3, 4] as [UInt64])
  func againstModel(seed: UInt64) throws {
    var rng = SplitMix64(seed: 0xF011_0000 &+ seed)
    let clock = ManualClock()
    let start = seed == 1 ? 0 : rng.int(0..<30)
    let chat = Chat(Array(repeating: 20, count: start))
    var model = FollowModel(rows: start, follows: rng.int(0..<2) == 0)
    let (table, host) = makeChat(chat, clock: clock) { [follows = model.follows] in $0.followsAppendedRows = follows }
    func settle() { tickToEnd(table, clock) }
    var log: [String] = []
    var starts = 0
    var stops = 0
    for step in 0..<600 {
      let wasFollowing = model.following
      let op = rng.int(0..<100)
      switch op {
      case 0..<25:
        let k = rng.int(1..<8)
        log.append("append \(k)")
        try chat.append(k, to: table)
        model.append(k)
      case 25..<32:
        let k = rng.int(1..<4)
        log.append("append \(k) held")
        table.beginDragging(at: 150)
        try chat.append(k, to: table)
        table.endDragging(velocity: 0)
        model.append(k, held: true)
      case 32..<40:
        let (k1, k2) = (rng.int(1..<6), rng.int(1..<6))
        log.append("append \(k1), a frame, append \(k2)")
        try chat.append(k1, to: table)
        clock.advance(by: 1.0 / 60)
        table.tick()
        try chat.append(k2, to: table)
        if model.following {
          model.append(k1 + k2)
        } else {
          model.append(k1)
          model.append(k2)
        }
      case 40..<52:
        let d = -Double(rng.int(1..<25) * 20)
        log.append("scroll \(d)")
        table.scroll(by: d)
        model.scroll(by: d)
      case 52..<64:
        let d = Double(rng.int(1..<25) * 20)
        log.append("scroll \(d)")
        table.scroll(by: d)
        model.scroll(by: d)
      case 64..<76:
        let on = rng.int(0..<2) == 0
        log.append("isFollowingAppendedRows = \(on)")
        table.isFollowingAppendedRows = on
        model.setFollowing(on)
      case 76..<82:
        let on = rng.int(0..<2) == 0
        log.append("followsAppendedRows = \(on)")
        table.followsAppendedRows = on
        model.setFollows(on)
      case 82..<87:
        log.append("reset")
        table.resetRowsBelowVisibleArea()
        model.below = 0
      case 87..<94:
        guard chat.heights.count > 0 else { continue }
        let k = min(chat.heights.count, rng.int(1..<5))
        log.append("delete last \(k)")
        let n = chat.heights.count
        chat.heights.removeLast(k)
        try table.deleteRows(at: ((n - k)..<n).map { IndexPath(row: $0, section: 0) })
        model.deleteLast(k)
      default:
        let animated = rng.int(0..<2) == 0
        log.append("scrollToBottom(animated: \(animated))")
        table.scrollToBottom(animated: animated)
        settle()
        model.scroll(by: .infinity)
      }
      settle()
      let context = "seed \(seed) step \(step): \(log.suffix(4))"
      #expect(table.contentOffset.y == model.offset, "\(context)")
      #expect(table.isFollowingAppendedRows == model.following, "\(context)")
      #expect(table.rowsBelowVisibleArea == model.below, "\(context)")
      #expect(table.isAtBottom == model.atBottom, "\(context)")
      #expect((chat.rowsBelowTold.last ?? 0) == model.below, "the delegate heard the count: \(context)")
      checkInvariants(table, host: host)
      if table.contentOffset.y != model.offset || table.isFollowingAppendedRows != model.following { break }
      if model.following != wasFollowing {
        if model.following { starts += 1 } else { stops += 1 }
      }
    }
    // The walk went through the state machine, many times both ways.
    #expect(starts >= 10 && stops >= 10, "seed \(seed): \(starts) starts, \(stops) stops")
  }
}
