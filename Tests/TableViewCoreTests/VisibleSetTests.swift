import SeededRandom
import Testing

@testable import TableViewCore

/// The visible set alone, without a table: rows come and go through the pool as a layout pass
/// moves them, cells go into transit and land, and the set's invariants hold after every step.
@Suite("Visible set")
struct VisibleSetTests {
  /// Where the model says each view is.
  enum Place: Equatable {
    case row(Int)
    case transit(VisibleSet.TransitCell.Direction)
    case pooled
  }

  /// Moves the set's rows to `range` the way a pass does: leaving rows to the pool, entering rows
  /// dequeued (or made), kept rows kept.
  static func show(_ range: Range<Int>, in set: inout VisibleSet, places: inout [ObjectIdentifier: Place]) {
    var next = ContiguousArray<VisibleSet.Row>()
    for entry in set.rows where !range.contains(entry.globalRow) {
      set.cellPool.enqueue(entry.view)
      places[ObjectIdentifier(entry.view)] = .pooled
    }
    for g in range {
      if let i = set.rowPosition(global: g) {
        next.append(set.rows[i])
      } else {
        let view = set.cellPool.dequeueOrMake("cell")!
        places[ObjectIdentifier(view)] = .row(g)
        next.append(VisibleSet.Row(globalRow: g, indexPath: IndexPath(row: g, section: 0), view: view))
      }
    }
    set.rows = next
    set.rowRange = range
  }

  @Test("rows, pools and cells in transit: every view in exactly one place, the invariants after every step")
  func randomizedAgainstModel() {
    var rng = SplitMix64(seed: 11)
    var set = VisibleSet()
    set.cellPool.register({ TestCell() }, for: "cell")
    var places: [ObjectIdentifier: Place] = [:]
    var views: [ObjectIdentifier: any ReusableView] = [:]
    for step in 0..<3_000 {
      switch rng.int(0..<6) {
      case 0, 1:
        let start = rng.int(0..<200)
        Self.show(start..<(start + rng.int(0..<12)), in: &set, places: &places)
      case 2:
        // A row leaves with an animation: out of the rows, into transit.
        guard !set.rows.isEmpty else { continue }
        let g = set.rows[rng.int(0..<set.rows.count)].globalRow
        let row = set.removeRow(global: g)!
        set.send(row.view, .leaving, indexPath: row.indexPath)
        places[ObjectIdentifier(row.view)] = .transit(.leaving)
      case 3:
        // A row arrives with an animation: a fresh cell, in transit until it lands.
        let view = set.cellPool.dequeueOrMake("cell")!
        set.send(view, .arriving, indexPath: IndexPath(row: rng.int(0..<200), section: 0))
        places[ObjectIdentifier(view)] = .transit(.arriving)
      default:
        // An animation ends: the cell lands in the pool.
        guard !set.inTransit.isEmpty else { continue }
        let view = set.inTransit[rng.int(0..<set.inTransit.count)].view
        let landed = set.land(view)
        #expect(landed?.view === view)
        #expect(set.land(view) == nil, "a cell lands once")
        set.cellPool.enqueue(view)
        places[ObjectIdentifier(view)] = .pooled
      }
      set._checkInvariants()
      for entry in set.rows { views[ObjectIdentifier(entry.view)] = entry.view }
      for cell in set.inTransit { views[ObjectIdentifier(cell.view)] = cell.view }
      for view in set.cellPool.allViews { views[ObjectIdentifier(view)] = view }
      for (id, view) in views {
        let place = places[id]
        #expect(set.isInUse(view) == (place != .pooled && place != nil), "step \(step)")
        if case .row(let g)? = place {
          #expect(set.rowPosition(global: g).map { set.rows[$0].view === view } == true, "step \(step): row \(g)")
        }
      }
      #expect(set.rows.count + set.inTransit.count + set.cellPool.count == views.count, "step \(step): a view was lost")
    }
  }

  @Test("a view in transit is in use: a data source cannot hand it out for another row")
  func transitIsInUse() {
    var set = VisibleSet()
    let cell = TestCell("cell")
    set.rows = [VisibleSet.Row(globalRow: 3, indexPath: IndexPath(row: 3, section: 0), view: cell)]
    set.rowRange = 3..<4
    let row = set.removeRow(global: 3)!
    #expect(!set.rows.contains { $0.view === cell })
    set.send(row.view, .leaving, indexPath: row.indexPath)
    #expect(set.isInUse(cell))
    #expect(set.attachedViews.contains { $0 === cell }, "a leaving cell stays on screen until it lands")
    set._checkInvariants()
    #expect(set.land(cell)?.indexPath == IndexPath(row: 3, section: 0))
    #expect(!set.isInUse(cell))
  }
}
