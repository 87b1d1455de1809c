// A faithful Swift port of `SEETableViewCellHeightCache`, the row-height cache of the article
// "UITableView缓存行高" (jianshu.com, 2018; demo repository "UITableViewCellHeightCache" by 景彦铭),
// kept as the baseline the engine's height index is measured against.
//
// Structure, as in the article: two `NSMutableDictionary`s (`heightV` for portrait, `heightH`
// for landscape) mapping `NSString` section keys (`@(section).description`) to
// `NSMutableDictionary`s mapping `NSString` row keys to `NSNumber` heights. Each dictionary keeps
// its largest index under the key `"-1"`. Structural edits update both dictionaries; `setHeight`
// writes only the current orientation's.
//
// Algorithms and costs kept (not fixed):
//   - insert shifts entries one by one with `see_exchangeIndex` from the last index down to the
//     insertion point: O(n) dictionary reads and writes, each with freshly built `NSString` keys;
//   - delete moves the entry to the end by O(n) exchanges, removes it, then sorts *all* keys
//     (`allKeys` + `sortedArrayUsingComparator:` parsing every key with `integerValue`) only to
//     find the new maximum: O(n log n); row reload (`see_reloadIndex`) sorts all keys as well;
//   - move within a section is |from − to| exchanges; across sections it is delete + insert.
//
// Known bugs of the original, reproduced:
//   - `see_exchangeIndex` returns early unless *both* entries exist (its comment says "if both are
//     empty"), so an insert loses the last entry of the section (its first exchange, with the
//     absent index last + 1, is a no-op), and any hole (a row never measured) makes inserts,
//     deletes and moves leave heights under the wrong rows, which `heightWithSection:row:` then
//     serves as valid;
//   - heights of 0 are cached (`see_calculateForCellWithIdentifier:` returns 0 when no cell could be
//     dequeued and the caller stores it);
//   - a move across sections of a row that was never measured passes `nil` to `setObject:forKey:`,
//     which throws in Objective-C (here: the assignment is skipped);
//   - the sort comparator never returns `NSOrderedAscending` (it answers "same" for "less"); it
//     works only because the sort consults `NSOrderedDescending`.
//
// Deviation forced by swift-corelibs-foundation: `-[NSDictionary objectForKey:]` there returns an
// `NSDictionary` value bridged to a Swift `Dictionary` *copy*, so a section dictionary stored in
// the outer dictionary could not be mutated in place. Section dictionaries are therefore stored
// wrapped in a reference box (``SEESectionCache``), which the outer `NSMutableDictionary` hands
// back as is; the structure, keys and operations are otherwise the article's.
//
// Deviation, for cost fidelity only: `-[NSString integerValue]` in swift-corelibs-foundation
// allocates a `Scanner` per call (~1.4 µs, vs tens of ns on Apple platforms), which would turn the
// key sort into a benchmark of `Scanner`; keys are parsed with `Int(String)` instead (same result
// for these keys). `NSMutableDictionary` itself is kept although swift-corelibs-foundation's is much
// slower than CoreFoundation's (on this Linux machine ~1.5 µs per lookup and ~3–4 µs per insertion
// with `NSString` keys, vs tens of ns on iOS): ratios against this baseline overstate the gap an
// iOS user would see.
//
// Naming: the Objective-C private methods `see_exchangeIndex:withIndex:cache:` etc. are ported as
// `seeExchangeIndex(_:withIndex:cache:)` etc. (lowerCamelCase); each doc comment names the original.
//
// Not ported: the `UITableView` category (method swizzling of insert/delete/move/reload, the
// Auto Layout height calculation) and the run-loop-idle precomputation of the 2018-03-27 update;
// ``SEETableViewCellHeightCache/height(section:row:compute:)`` stands for the category's
// `heightForCellWithIdentifier:indexPath:configuration:` lookup-or-compute step.

import Foundation

/// A section's `NSMutableDictionary`, boxed so that the outer dictionary returns it by reference
/// (see the file header).
final class SEESectionCache {
  /// The section's `{"-1": maxRow, "row": height}` dictionary.
  let dictionary = NSMutableDictionary()
}

/// `SEETableViewCellHeightCache`: row heights per orientation in dictionaries of dictionaries
/// keyed by index strings.
final class SEETableViewCellHeightCache {
  /// The value returned for an uncached row (`CGFLOAT_MAX`).
  static let notCached = Double.greatestFiniteMagnitude

  /// `UIDeviceOrientationIsPortrait([UIDevice currentDevice].orientation)` stand-in.
  var isPortrait = true
  /// Portrait heights: `{"-1": maxSection, "s": {"-1": maxRow, "r": height}}`.
  let heightV: NSMutableDictionary
  /// Landscape heights, same structure.
  let heightH: NSMutableDictionary
  /// The `@"-1"` literal (a constant string in Objective-C, so built once here).
  private let maxIndexKey = NSString(string: "-1")

  /// Creates an empty cache (the lazy getters' `{"-1": -1}` dictionaries).
  init() {
    heightV = NSMutableDictionary()
    heightH = NSMutableDictionary()
    heightV.setObject(NSNumber(value: -1), forKey: maxIndexKey)
    heightH.setObject(NSNumber(value: -1), forKey: maxIndexKey)
  }

  /// The dictionary of the current orientation.
  var currentHeight: NSMutableDictionary { isPortrait ? heightV : heightH }

  // MARK: - Macros

  /// `key(t_index)`: `@(t_index).description`, a new string on every use.
  @inline(__always)
  private func key(_ index: Int) -> NSString {
    NSString(string: NSNumber(value: index).description)
  }

  /// `currentIndex(dictionary)`: the `"-1"` entry (0 for a `nil` dictionary, as messaging `nil`).
  private func currentIndex(_ dictionary: NSMutableDictionary?) -> Int {
    (dictionary?.object(forKey: maxIndexKey) as? NSNumber)?.intValue ?? 0
  }

  /// `setCurrentIndex(dictionary, index)`.
  private func setCurrentIndex(_ dictionary: NSMutableDictionary?, _ index: Int) {
    dictionary?.setObject(NSNumber(value: index), forKey: maxIndexKey)
  }

  /// `cacheValue(t_cache, t_section, t_row)`.
  private func cacheValue(_ cache: NSMutableDictionary, _ section: Int, _ row: Int) -> NSNumber? {
    sectionCache(cache, section)?.object(forKey: key(row)) as? NSNumber
  }

  /// `[cache objectForKey:key(section)]`: the section dictionary for `section`, if any.
  private func sectionCache(_ cache: NSMutableDictionary, _ section: Int) -> NSMutableDictionary? {
    (cache.object(forKey: key(section)) as? SEESectionCache)?.dictionary
  }

  /// `obj.integerValue` for a key string (see the file header for why not `NSString.integerValue`).
  private func integerValue(_ key: Any) -> Int {
    if let string = key as? NSString { return Int(String(string)) ?? 0 }
    if let string = key as? String { return Int(string) ?? 0 }
    return 0
  }

  // MARK: - Public methods

  /// `heightWithSection:row:`: the cached height for the current orientation, or
  /// ``notCached`` (`CGFLOAT_MAX`).
  func height(section: Int, row: Int) -> Double {
    if let height = cacheValue(currentHeight, section, row) {
      return height.doubleValue
    }
    return Self.notCached
  }

  /// The category's lookup-or-compute step (`heightForCellWithIdentifier:indexPath:configuration:`
  /// minus the Auto Layout measurement): the cached height, or `compute()` stored then returned.
  func height(section: Int, row: Int, compute: () -> Double) -> Double {
    var height = height(section: section, row: row)
    if height == Self.notCached {
      height = compute()
      setHeight(height, section: section, row: row)
    }
    return height
  }

  /// `setHeight:section:row:`: stores `height` in the current orientation's dictionary, creating
  /// the section dictionary and raising the `"-1"` maxima as needed.
  func setHeight(_ height: Double, section: Int, row: Int) {
    var sectionCache = sectionCache(currentHeight, section)
    if sectionCache == nil {
      sectionCache = seeInitSection(section)
    }
    seeInitRow(row, cache: sectionCache!)
    sectionCache!.setObject(NSNumber(value: height), forKey: key(row))
  }

  /// `insertSection:` (both orientations).
  func insertSection(_ section: Int) {
    seeInsertIndex(section, cache: heightH)
    seeInsertIndex(section, cache: heightV)
  }

  /// `insertRow:inSection:` (both orientations).
  func insertRow(_ row: Int, inSection section: Int) {
    seeInsertIndex(row, cache: sectionCache(heightV, section))
    seeInsertIndex(row, cache: sectionCache(heightH, section))
  }

  /// `deleteSection:` (both orientations).
  func deleteSection(_ section: Int) {
    seeDeleteIndex(section, cache: heightH)
    seeDeleteIndex(section, cache: heightV)
  }

  /// `deleteRow:inSection:` (both orientations).
  func deleteRow(_ row: Int, inSection section: Int) {
    seeDeleteIndex(row, cache: sectionCache(heightV, section))
    seeDeleteIndex(row, cache: sectionCache(heightH, section))
  }

  /// `reloadSection:` (both orientations).
  func reloadSection(_ section: Int) {
    seeReloadIndex(section, cache: heightV)
    seeReloadIndex(section, cache: heightH)
  }

  /// `reloadRow:inSection:` (both orientations).
  func reloadRow(_ row: Int, inSection section: Int) {
    seeReloadIndex(row, cache: sectionCache(heightV, section))
    seeReloadIndex(row, cache: sectionCache(heightH, section))
  }

  /// `reloadAll`: empties both orientations.
  func reloadAll() {
    seeReloadIndex(.max, cache: heightV)
    seeReloadIndex(.max, cache: heightH)
  }

  /// `moveSection:toSection:` (both orientations).
  func moveSection(_ section: Int, toSection tSection: Int) {
    seeMoveIndex(section, toIndex: tSection, cache: heightH)
    seeMoveIndex(section, toIndex: tSection, cache: heightV)
  }

  /// `moveRow:inSection:toRow:inSection:`: exchanges within a section, delete + insert across.
  func moveRow(_ row: Int, inSection section: Int, toRow tRow: Int, inSection tSection: Int) {
    if section == tSection {
      seeMoveIndex(row, toIndex: tRow, cache: sectionCache(heightH, section))
      seeMoveIndex(row, toIndex: tRow, cache: sectionCache(heightV, section))
    } else {
      let tempH = sectionCache(heightH, section)?.object(forKey: key(row))
      let tempV = sectionCache(heightV, section)?.object(forKey: key(row))
      deleteRow(row, inSection: section)
      insertRow(tRow, inSection: tSection)
      // `setObject:nil` throws in Objective-C; skipped here.
      if let tempH { sectionCache(heightH, tSection)?.setObject(tempH, forKey: key(tRow)) }
      if let tempV { sectionCache(heightV, tSection)?.setObject(tempV, forKey: key(tRow)) }
    }
  }

  // MARK: - Private methods

  /// `see_initSection:`: a new `{"-1": -1}` section dictionary in the current orientation.
  private func seeInitSection(_ section: Int) -> NSMutableDictionary {
    let box = SEESectionCache()
    let newSection = box.dictionary
    newSection.setObject(NSNumber(value: -1), forKey: maxIndexKey)
    currentHeight.setObject(box, forKey: key(section))
    let sectionLastIndex = currentIndex(currentHeight)
    if sectionLastIndex < section {
      setCurrentIndex(currentHeight, section)
    }
    return newSection
  }

  /// `see_initRow:cache:`: raises the section's maximum row index to `row`.
  private func seeInitRow(_ row: Int, cache: NSMutableDictionary) {
    let rowLastIndex = currentIndex(cache)
    if rowLastIndex < row {
      setCurrentIndex(cache, row)
    }
  }

  /// `see_moveIndex:toIndex:cache:`: carries the entry at `index` to `tIndex` by adjacent
  /// exchanges.
  private func seeMoveIndex(_ index: Int, toIndex tIndex: Int, cache: NSMutableDictionary?) {
    let dir = tIndex > index
    var i = index
    while i != tIndex {
      seeExchangeIndex(i, withIndex: dir ? (i + 1) : (i - 1), cache: cache)
      i += dir ? 1 : -1
    }
  }

  /// `see_reloadIndex:cache:`: `Int.max` empties the dictionary; otherwise removes one entry and
  /// recomputes the maximum by sorting all keys.
  private func seeReloadIndex(_ index: Int, cache: NSMutableDictionary?) {
    if index == .max {
      cache?.removeAllObjects()
      setCurrentIndex(cache, -1)
    } else {
      cache?.removeObject(forKey: key(index))
      setCurrentIndex(cache, sortedKeysLastIntegerValue(cache))
    }
  }

  /// `see_deleteIndex:cache:`: moves the entry to the end, removes it, and sorts all keys to find
  /// the new maximum.
  private func seeDeleteIndex(_ index: Int, cache: NSMutableDictionary?) {
    let lastIndex = currentIndex(cache)
    if lastIndex < 0 { return }
    seeMoveIndex(index, toIndex: lastIndex, cache: cache)
    cache?.removeObject(forKey: key(lastIndex))
    setCurrentIndex(cache, sortedKeysLastIntegerValue(cache))
  }

  /// `see_insertIndex:cache:`: exchanges every entry from the last index down to `index` one
  /// place up, then removes the entry at `index` and raises the maximum.
  private func seeInsertIndex(_ index: Int, cache: NSMutableDictionary?) {
    let lastIndex = currentIndex(cache)
    if lastIndex < 0 { return }
    var i = lastIndex
    while i >= index {
      seeExchangeIndex(i, withIndex: i + 1, cache: cache)
      i -= 1
    }
    if lastIndex >= index {
      setCurrentIndex(cache, lastIndex + 1)
      cache?.removeObject(forKey: key(index))
    }
  }

  /// `see_exchangeIndex:withIndex:cache:`: swaps two entries — but returns early unless both
  /// exist (the original's bug, see the file header).
  private func seeExchangeIndex(_ index: Int, withIndex wIndex: Int, cache: NSMutableDictionary?) {
    let from = cache?.object(forKey: key(index))
    let to = cache?.object(forKey: key(wIndex))
    if !(from != nil && to != nil) { return }
    guard let cache else { return }
    if let from {
      cache.setObject(from, forKey: key(wIndex))
    } else {
      cache.removeObject(forKey: key(wIndex))
    }
    if let to {
      cache.setObject(to, forKey: key(index))
    } else {
      cache.removeObject(forKey: key(index))
    }
  }

  /// `((NSString *)[cache.allKeys sortedArrayUsingComparator: …].lastObject).integerValue`, with
  /// the article's comparator; 0 for a `nil` dictionary (messaging `nil`).
  private func sortedKeysLastIntegerValue(_ cache: NSMutableDictionary?) -> Int {
    guard let cache else { return 0 }
    let keys = NSArray(array: cache.allKeys).sortedArray { obj1, obj2 in
      if integerValue(obj1) > integerValue(obj2) {
        return .orderedDescending
      } else if integerValue(obj1) < integerValue(obj2) {
        return .orderedSame
      } else {
        return .orderedSame
      }
    }
    guard let last = keys.last else { return 0 }
    return integerValue(last)
  }

  // MARK: - Inspection (tests and benchmarks)

  /// The cached height of `row` in `section` for the given orientation, without a lookup cost
  /// model (for checks); `nil` when absent.
  func storedHeight(section: Int, row: Int, portrait: Bool) -> Double? {
    cacheValue(portrait ? heightV : heightH, section, row)?.doubleValue
  }

  /// The `"-1"` maximum row index of `section` for the given orientation (`nil` without section).
  func maxRowIndex(section: Int, portrait: Bool) -> Int? {
    guard let cache = sectionCache(portrait ? heightV : heightH, section) else { return nil }
    return currentIndex(cache)
  }
}
