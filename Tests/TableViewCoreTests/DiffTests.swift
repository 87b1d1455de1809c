import Testing

@testable import TableViewCore

/// An element with an identity and a content, as IGListKit's test objects.
private struct Keyed: Hashable {
  var key: String
  var value: Int
}

private func keyedDiff(_ old: [Keyed], _ new: [Keyed]) -> DiffResult {
  diff(old: old, new: new, id: \.key, isEqual: ==)
}

private func moves(_ pairs: [(Int, Int)]) -> [DiffResult.Move] {
  pairs.map { DiffResult.Move(from: $0.0, to: $0.1) }
}

/// Applies a diff to `old` with UIKit's batch semantics, independently of `BatchUpdatePlan`:
/// deleted and moved-out elements leave; inserted elements take their new indexes, moved
/// elements their destinations; the others fill the remaining places in order.
private func uikitApply<T>(_ result: DiffResult, old: [T], new: [T]) -> [T]? {
  var placed = [T?](repeating: nil, count: new.count)
  for index in result.inserts { placed[index] = new[index] }
  for move in result.moves {
    guard placed[move.to] == nil else { return nil }
    placed[move.to] = old[move.from]
  }
  let leaving = Set(result.deletes).union(result.moves.map(\.from))
  var survivors = old.indices.filter { !leaving.contains($0) }.map { old[$0] }.makeIterator()
  for index in placed.indices where placed[index] == nil {
    guard let survivor = survivors.next() else { return nil }
    placed[index] = survivor
  }
  guard survivors.next() == nil else { return nil }
  return placed.map { $0! }
}

private let paperOld =
  "much writing is like snow , a mass of long words and phrases falls upon the relevant facts covering up the details ."
private let paperNew = "a mass of latin words falls upon the relevant facts like soft snow , covering up the details ."

@Suite("Heckel diff")
struct DiffTests {
  // MARK: IGListKit's cases

  @Test("diffing two empty lists gives no changes")
  func emptyToEmpty() {
    #expect(!diff(old: [Int](), new: []).hasChanges)
  }

  @Test("diffing from an empty list inserts everything")
  func fromEmpty() {
    let result = diff(old: [], new: [1])
    #expect(result.inserts == [0])
    #expect(result.changeCount == 1)
  }

  @Test("diffing to an empty list deletes everything")
  func toEmpty() {
    let result = diff(old: [1], new: [])
    #expect(result.deletes == [0])
    #expect(result.changeCount == 1)
  }

  @Test("diffing a list with itself gives no changes")
  func same() {
    #expect(!diff(old: [1, 2, 3, 4], new: [1, 2, 3, 4]).hasChanges)
  }

  @Test("swapping two elements gives two moves")
  func swap() {
    let result = diff(old: [1, 2], new: [2, 1])
    #expect(result.moves.sorted() == moves([(0, 1), (1, 0)]))
    #expect(result.changeCount == 2)
  }

  @Test("moving elements together with a duplicate among them gives the required moves")
  func movingTogether() {
    let result = diff(old: [1, 2, 3, 3, 4], new: [2, 3, 1, 3, 4])
    #expect(result.moves.contains(DiffResult.Move(from: 1, to: 0)))
    #expect(result.moves.contains(DiffResult.Move(from: 0, to: 2)))
  }

  @Test("the words from Heckel's paper give the paper's deletes and inserts")
  func wordsFromThePaper() {
    let old = paperOld.split(separator: " ").map(String.init)
    let new = paperNew.split(separator: " ").map(String.init)
    let result = diff(old: old, new: new)
    #expect(result.deletes == [0, 1, 2, 9, 11, 12])
    #expect(result.inserts == [3, 11])
    #expect(uikitApply(result, old: old, new: new) == new)
  }

  @Test("swapping with an insert gives IGListKit's moves")
  func swapWithInsert() {
    let result = diff(old: [1, 2, 3, 4], new: [2, 4, 5, 3])
    #expect(result.moves.sorted() == moves([(2, 3), (3, 1)]))
  }

  @Test("a changed content is an update, at its old index")
  func updates() {
    let old = [Keyed(key: "0", value: 0), Keyed(key: "1", value: 1), Keyed(key: "2", value: 2)]
    let new = [Keyed(key: "0", value: 0), Keyed(key: "1", value: 3), Keyed(key: "2", value: 2)]
    let result = keyedDiff(old, new)
    #expect(result.updates == [1])
    #expect(result.moves.isEmpty && result.inserts.isEmpty && result.deletes.isEmpty)
  }

  @Test("deletes, inserts and moves together give IGListKit's result")
  func deletesInsertsAndMoves() {
    let old = [0, 1, 2, 3, 4, 5, 6, 7, 8]
    let new = [0, 2, 3, 4, 7, 6, 9, 5, 10]
    let result = diff(old: old, new: new)
    #expect(result.deletes == [1, 8])
    #expect(result.inserts == [6, 8])
    #expect(result.moves.sorted() == moves([(5, 7), (7, 4)]))
    #expect(uikitApply(result, old: old, new: new) == new)
  }

  @Test("an element can be both moved and updated")
  func movedAndUpdated() {
    let old = [Keyed(key: "0", value: 0), Keyed(key: "1", value: 1), Keyed(key: "2", value: 2)]
    let new = [Keyed(key: "2", value: 3), Keyed(key: "1", value: 1), Keyed(key: "0", value: 0)]
    let result = keyedDiff(old, new)
    #expect(result.moves.sorted() == moves([(0, 2), (2, 0)]))
    #expect(result.updates == [2])
    // For a batch update, the moved and updated element becomes a delete and an insert.
    let update = result.batchUpdate()
    #expect(
      update.movedRows == [BatchUpdate.RowMove(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 2, section: 0))])
    #expect(update.deletedRows == [IndexPath(row: 2, section: 0)])
    #expect(update.insertedRows == [IndexPath(row: 0, section: 0)])
    #expect(update.reloadedRows.isEmpty)
  }

  @Test("lists of one repeated element give counts that add up")
  func repeatedElements() {
    let four = ["dog", "dog", "dog", "dog"]
    let two = ["dog", "dog"]
    let shrink = diff(old: four, new: two)
    #expect(four.count + shrink.inserts.count - shrink.deletes.count == 2)
    let grow = diff(old: two, new: four)
    #expect(two.count + grow.inserts.count - grow.deletes.count == 4)
  }

  @Test("inserting an element that the old list repeats gives counts that add up")
  func insertingARepeatedElement() {
    let old = ["o1", "o2", "o3", "49", "33", "cat", "cat", "0", "14"]
    var new = old
    new.insert("cat", at: 5)
    let result = diff(old: old, new: new)
    #expect(old.count + result.inserts.count - result.deletes.count == 10)
    #expect(uikitApply(result, old: old, new: new) == new)
  }

  @Test("moving duplicated elements gives counts that add up")
  func movingDuplicates() {
    let old = ["1", "20", "14", "o3", "cat", "o5", "4", "dog", "cat", "cat", "fish", "o11", "fish", "o13"]
    let new = ["1", "28", "14", "cat", "cat", "4", "dog", "o3", "cat", "fish", "o11", "fish", "o13"]
    let result = diff(old: old, new: new)
    #expect(old.count + result.inserts.count - result.deletes.count == new.count)
    #expect(uikitApply(result, old: old, new: new) == new)
  }

  @Test("a duplicate at the head and at the tail of identical lists gives no changes")
  func duplicatesAtHeadAndTail() {
    #expect(!diff(old: ["cat", "1", "2", "3", "cat"], new: ["cat", "1", "2", "3", "cat"]).hasChanges)
  }

  @Test("with duplicates, no element is moved twice")
  func uniqueMoves() {
    let old = ["cat", "o1", "dog", "dog", "o4", "o5", "cat", "65"]
    let new = ["cat", "o1", "dog", "o4", "dog", "o5", "cat", "cat", "fish", "65"]
    let result = diff(old: old, new: new)
    #expect(Set(result.moves.map(\.from)).count == result.moves.count)
    #expect(uikitApply(result, old: old, new: new) == new)
  }

  @Test("moving an element that shifts others contains the required moves")
  func shiftingMoves() {
    let result = diff(old: [1, 2, 3, 4, 5, 6, 7], new: [1, 4, 5, 2, 3, 6, 7])
    #expect(result.moves.contains(DiffResult.Move(from: 3, to: 1)))
    #expect(result.moves.contains(DiffResult.Move(from: 1, to: 3)))
  }

  // MARK: Properties

  @Test("3,000 random pairs of lists, with duplicates or not: applying the diff to the old list gives the new one")
  func randomPairs() throws {
    var rng = BatchUpdateTestRNG(seed: 0xD1FF_0003)
    for _ in 0..<3_000 {
      let alphabet = rng.chance(0.5) ? 6 : 1_000
      let old = (0..<rng.int(0...12)).map { _ in Keyed(key: "\(rng.int(0...alphabet))", value: rng.int(0...3)) }
      let new = (0..<rng.int(0...12)).map { _ in Keyed(key: "\(rng.int(0...alphabet))", value: rng.int(0...3)) }
      let result = keyedDiff(old, new)
      #expect(uikitApply(result, old: old.map(\.key), new: new.map(\.key)) == new.map(\.key))
      #expect(Set(result.moves.map(\.from)).count == result.moves.count)
      #expect(result.deletes == result.deletes.sorted() && result.inserts == result.inserts.sorted())
      // Without duplicates, an update is exactly a matched element whose content changed.
      if Set(old.map(\.key)).count == old.count && Set(new.map(\.key)).count == new.count {
        let oldByKey = Dictionary(uniqueKeysWithValues: old.map { ($0.key, $0.value) })
        let changed = new.filter { element in oldByKey[element.key].map { $0 != element.value } ?? false }.map(\.key)
        #expect(Set(result.updates.map { old[$0].key }) == Set(changed))
      }

      // As a batch update: it validates, and the plan turns old into new, contents included.
      let plan = try result.batchUpdate().plan(oldRowCounts: [old.count], newRowCounts: [new.count])
      var sections = [old]
      plan.apply(to: &sections, fresh: { new[$0.row] }, reload: { $0 = new[$1.row] })
      #expect(sections == [new])
    }
  }

  @Test("the diff is linear: 200,000 elements reversed and shifted take no quadratic time")
  func linearTime() {
    let old = Array(0..<200_000)
    let new = Array(old.reversed().dropFirst(1_000)) + Array(200_000..<201_000)
    let clock = ContinuousClock()
    var result: DiffResult?
    let elapsed = clock.measure { result = diff(old: old, new: new) }
    #expect(result?.deletes.count == 1_000)
    #expect(result?.inserts.count == 1_000)
    #expect(elapsed < .seconds(5))
  }
}
