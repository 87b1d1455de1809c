// One animation for a whole update: what a diffable apply with `animatingDifferences` and a
// data source applying changes it did not describe itself (a database's live changes) need.

extension BatchUpdate {
  /// This update with every insert, delete and reload (rows and sections) given `animation`, and
  /// its moves gliding when `movesGlide` says so (by default when `animation` is not `.none`).
  /// Animations the update already had are replaced.
  ///
  ///     let update = new.batchUpdate(from: old).animating(.fade)
  ///     try table.apply(update)
  ///
  /// - Complexity: O(k) for the update's k operations.
  public func animating(_ animation: TableView.RowAnimation, movesGlide: Bool? = nil) -> BatchUpdate {
    var animated = self
    animated.animations = Animations()
    // Rows as runs: a range of 10⁵ rows is one entry, not 10⁵.
    for run in insertedRowRuns {
      animated.animations.set(run.halfOpen, section: run.section, animation, in: \.insertedRowRanges)
    }
    for run in deletedRowRuns {
      animated.animations.set(run.halfOpen, section: run.section, animation, in: \.deletedRowRanges)
    }
    animated.animations.set(reloadedRows, animation, in: \.reloadedRows)
    animated.animations.set(insertedSections, animation, in: \.insertedSections)
    animated.animations.set(deletedSections, animation, in: \.deletedSections)
    animated.animations.set(reloadedSections, animation, in: \.reloadedSections)
    if movesGlide ?? (animation != .none), !movedRows.isEmpty || !movedSections.isEmpty {
      animated.animations.isAnimated = true
    }
    return animated
  }
}
