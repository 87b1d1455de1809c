// Heights per column configuration: a multi-column table's rows wrap at their columns' widths, so a column
// resized changes them as a new viewport width does. The table switches its caches as it switches widths: the
// ones of the configuration it leaves are kept aside (every width of them), and those of a configuration it comes
// back to return, measured.

extension HeightCache {
  /// Every width's geometry index kept for one columns' configuration.
  struct WidthCaches {
    /// The index of the width that was current when the configuration was left (`width`).
    var index: HeightIndex
    /// That width.
    var width: Double
    /// The indexes of its other widths.
    var otherWidths: [Double: HeightIndex]
    /// Its widths by last use, most recent last (`width` last).
    var widthOrder: [Double]
  }

  /// Makes `configuration` current at `width`: every cache of the current configuration is kept aside, those kept
  /// for `configuration` come back (switched to `width` if they were left at another, with `fresh` for a width
  /// they do not have), or `fresh` (every row at its estimate) takes the current index's place — or, when there is
  /// none (taller than a table holds), the current heights stay. At most `limit − 1` configurations are kept
  /// aside, the least recently used forgotten; without estimates none is (heights are asked again).
  /// - Complexity: O(1) plus dropping forgotten indexes.
  mutating func switchColumns(to configuration: ColumnConfiguration?, width: Double, fresh: HeightIndex?, limit: Int) {
    guard configuration != columnConfiguration else { return }
    visibleRanges.invalidate()
    let left = WidthCaches(index: index, width: width, otherWidths: otherWidths, widthOrder: widthOrder)
    let leftConfiguration = columnConfiguration
    columnConfiguration = configuration
    if let kept = otherColumnConfigurations.removeValue(forKey: configuration) {
      columnConfigurationOrder.removeAll { $0 == configuration }
      index = kept.index
      otherWidths = kept.otherWidths
      widthOrder = kept.widthOrder
      if kept.width != width {
        switchWidth(from: kept.width, to: width, fresh: fresh, limit: limit)
      }
    } else {
      if let fresh { index = fresh }
      otherWidths = [:]
      widthOrder = [width]
    }
    guard usesEstimates else { return }
    otherColumnConfigurations[leftConfiguration] = left
    columnConfigurationOrder.append(leftConfiguration)
    keepColumnConfigurations(atMost: limit)
  }

  /// Forgets the least recently used configurations kept aside beyond `limit − 1`.
  /// - Complexity: O(forgotten)
  mutating func keepColumnConfigurations(atMost limit: Int) {
    while columnConfigurationOrder.count > max(0, limit - 1) {
      otherColumnConfigurations.removeValue(forKey: columnConfigurationOrder.removeFirst())
    }
  }

  /// Forgets the caches kept for other columns' configurations.
  mutating func forgetOtherColumnConfigurations() {
    otherColumnConfigurations.removeAll()
    columnConfigurationOrder.removeAll()
  }

  /// Forgets every index kept besides the current one: the other widths' and the other configurations'.
  mutating func forgetOtherIndexes() {
    otherWidths.removeAll()
    forgetOtherColumnConfigurations()
  }

  /// Every geometry index kept besides the current one, taken out of the cache to be changed and put back
  /// (`putBack(_:)`): the other widths', and every width's of the other columns' configurations, so that a change
  /// of the rows reaches them all.
  struct KeptIndexes {
    /// The indexes, to change in place.
    var indexes: [HeightIndex] = []
    /// Where each came from: a width of the current configuration, or a configuration's (its `nil` width: the one
    /// it was left at).
    fileprivate var places: [(configuration: ColumnConfiguration??, width: Double?)] = []
  }

  /// Takes every kept index out (see ``KeptIndexes``); put them back with `putBack(_:)` before anything else.
  /// - Complexity: O(k) for the k indexes kept.
  mutating func takeKeptIndexes() -> KeptIndexes {
    var kept = KeptIndexes()
    for (width, index) in otherWidths {
      kept.indexes.append(index)
      kept.places.append((nil, width))
    }
    otherWidths.removeAll(keepingCapacity: true)
    for (configuration, caches) in otherColumnConfigurations {
      kept.indexes.append(caches.index)
      kept.places.append((.some(configuration), nil))
      for (width, index) in caches.otherWidths {
        kept.indexes.append(index)
        kept.places.append((.some(configuration), width))
      }
      otherColumnConfigurations[configuration]!.index = HeightIndex()
      otherColumnConfigurations[configuration]!.otherWidths.removeAll(keepingCapacity: true)
    }
    return kept
  }

  /// Puts back the indexes `takeKeptIndexes()` took, changed.
  /// - Complexity: O(k) for the k indexes kept.
  mutating func putBack(_ kept: KeptIndexes) {
    for (index, place) in zip(kept.indexes, kept.places) {
      switch (place.configuration, place.width) {
      case (nil, let width?): otherWidths[width] = index
      case (let configuration??, nil): otherColumnConfigurations[configuration]!.index = index
      case (let configuration??, let width?): otherColumnConfigurations[configuration]!.otherWidths[width] = index
      default: preconditionFailure("a kept index from nowhere")
      }
    }
  }

  /// The memory of the indexes kept for other columns' configurations, in bytes.
  var otherColumnConfigurationsBytes: Int {
    otherColumnConfigurations.values.reduce(0) { total, caches in
      caches.otherWidths.values.reduce(total + caches.index.bytesInUse) { $0 + $1.bytesInUse }
    }
  }

  /// Checks the kept configurations: each listed once, none the current one, each width's index consistent and
  /// of the current structure, at most `limit − 1` of them.
  func _checkColumnConfigurations(limit: Int) {
    precondition(
      Set(columnConfigurationOrder).count == columnConfigurationOrder.count
        && columnConfigurationOrder.count == otherColumnConfigurations.count,
      "the kept configurations are not listed once each")
    precondition(otherColumnConfigurations[columnConfiguration] == nil, "the current configuration is also kept")
    precondition(columnConfigurationOrder.count <= max(0, limit - 1), "more configurations kept than the limit")
    for caches in otherColumnConfigurations.values {
      for other in [caches.index] + Array(caches.otherWidths.values) {
        other._checkInvariants()
        precondition(other.sectionCount == index.sectionCount, "a kept configuration has another section count")
        for s in 0..<min(index.sectionCount, 4_096) {
          precondition(other.rowCount(inSection: s) == index.rowCount(inSection: s), "a kept configuration differs")
        }
      }
    }
  }
}
