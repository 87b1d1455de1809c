import DemoData
import SeededRandom
import Testing

@Suite("chat conversation")
struct ChatConversationTests {
  @Test("opens at the newest messages with the loading row above them")
  func opening() {
    let chat = ChatConversation(historyCount: 1_000, initialCount: 60)
    #expect(chat.rowCount == 61)
    #expect(chat.isLoadingRow(0) && chat.message(atRow: 0) == nil)
    #expect(chat.message(atRow: 1)?.number == 940)
    #expect(chat.message(atRow: 60)?.number == 999)
    #expect(chat.message(atRow: 61) == nil && chat.message(atRow: -1) == nil)
    #expect(chat.row(ofMessage: 999) == 60 && chat.row(ofMessage: 939) == nil)
  }

  @Test("a page takes the loading row's place, with a new loading row above it while history remains")
  func page() {
    var chat = ChatConversation(historyCount: 120, initialCount: 60)
    #expect(chat.finishLoadingOlder() == ChatUpdate(deletedRows: [0], insertedRows: Array(0...50)))
    #expect(chat.message(atRow: 1)?.number == 10)
    #expect(chat.finishLoadingOlder() == ChatUpdate(deletedRows: [0], insertedRows: Array(0..<10)))
    #expect(!chat.hasOlder && chat.message(atRow: 0)?.number == 0)
  }

  @Test("consecutive messages are independent: no message echoes the one before it")
  func noEchoes() {
    let echoes = (0..<2_000).filter { ChatMessage(number: $0).text == ChatMessage(number: $0 + 1).text }
    // Only the one-word replies can repeat by chance.
    #expect(echoes.count < 20, "\(echoes.count) messages repeat the one before")
    #expect(echoes.allSatisfy { ChatMessage(number: $0).text.count < 8 })
  }

  @Test("a message that arrives is someone else's")
  func arrivalsAreOthers() {
    var chat = ChatConversation(historyCount: 10, initialCount: 10)
    for _ in 0..<30 { _ = chat.receive() }
    #expect((10..<40).allSatisfy { chat.message(atRow: $0)?.isMine == false })
    #expect((0..<10).contains { chat.message(atRow: $0)?.isMine == true }, "the history has the user's messages")
  }

  @Test("extreme sizes are clamped, not trapped on")
  func extremes() {
    #expect(ChatConversation(historyCount: -5).rowCount == 0)
    #expect(ChatConversation(historyCount: 3, initialCount: 1_000).rowCount == 3)
    let huge = ChatConversation(historyCount: .max, initialCount: .max)
    #expect(huge.historyCount == ChatConversation.maximumHistoryCount)
    var empty = ChatConversation(historyCount: 0)
    let began = empty.beginLoadingOlder()
    let update = empty.finishLoadingOlder()
    #expect(!began && update == ChatUpdate())
  }

  @Test("a message is the same every time; the user's own text stays what they typed")
  func messages() {
    #expect(ChatMessage(number: 42) == ChatMessage(number: 42))
    #expect(Set((0..<40).map { ChatMessage(number: $0).text }).count > 30)
    var chat = ChatConversation(historyCount: 10, initialCount: 10)
    let update = chat.send("你好 hello")
    #expect(update == ChatUpdate(insertedRows: [10]))
    #expect(chat.message(atRow: 10)?.text == "你好 hello")
    #expect(chat.message(atRow: 10)?.isMine == true)
  }

  /// Random pages, arrivals and sends against a plain array of message numbers: after each change, applying the
  /// returned update to the previous rows gives the new rows.
  @Test("updates describe exactly how the rows changed", arguments: [UInt64(1), 2, 3])
  func againstModel(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var chat = ChatConversation(historyCount: 500, initialCount: rng.below(30))
    func rows(_ chat: ChatConversation) -> [Int] {
      (0..<chat.rowCount).map { chat.message(atRow: $0)?.number ?? -1 }
    }
    var model = rows(chat)
    var loading = false
    for _ in 0..<400 {
      let update: ChatUpdate
      switch rng.below(4) {
      case 0:
        let expected = chat.hasOlder && !loading
        let began = chat.beginLoadingOlder()
        #expect(began == expected)
        loading = chat.isLoadingOlder
        continue
      case 1:
        update = chat.finishLoadingOlder(count: rng.below(80))
        loading = false
      case 2: update = chat.receive()
      default: update = chat.send("m\(rng.below(1000))")
      }
      #expect(chat.isLoadingOlder == loading, "arrivals and sends leave a page load on its way")
      // Apply: deletions (old indices, descending), then insertions (new indices, ascending).
      let new = rows(chat)
      for row in update.deletedRows.sorted(by: >) { model.remove(at: row) }
      for row in update.insertedRows.sorted() { model.insert(new[row], at: row) }
      #expect(model == new)
      // Loaded messages are contiguous and oldest first; the loading row is first while history remains.
      let numbers = new.filter { $0 >= 0 }
      #expect(numbers == Array(chat.firstLoaded..<chat.endNumber))
      #expect((new.first == -1) == chat.hasOlder)
    }
  }
}
