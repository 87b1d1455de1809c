import CGtk
import DemoData
import TableViewCore
import TableViewGTK

/// `--soak ROUNDS`: the same round of scrolling, jumps and edits, again and again, in the real window (GTK lays
/// out and draws every frame), resident memory sampled after each round; prints a line per round and the verdict
/// (`MemorySoak`: the second half's peak within 5% of the first half's), then exits 0 if memory settled, else 1.
///
/// A round visits every page: on the feed, steps down the rows, a jump a hundred sections on and back, a new post
/// that slides in and is deleted again; on the ten-million-row table, pages down and a jump to its last row and
/// back; the looping list and the date picker; on the chat, older pages loaded while messages arrive.
final class MemorySoakRun {
  unowned let window: DemoWindow
  let rounds: Int
  var round = 0
  var action = 0
  var soak = MemorySoak()
  var timeout: GLibTimeout?

  init(window: DemoWindow, rounds: Int) {
    self.window = window
    self.rounds = rounds
  }

  /// Starts the run: one action every 20 ms (a frame or so each), from GLib's main loop.
  func begin() {
    timeout = GLibTimeout(milliseconds: 20) { [self] in step() }
  }

  /// What a round does, one action at a time.
  lazy var actions: [() -> Void] = {
    var actions: [() -> Void] = [{ [unowned self] in window.show("feed") }]
    actions += Array(repeating: { [unowned self] in scroll(by: 240) }, count: 30)
    actions += [
      { [unowned self] in jump(to: IndexPath(row: 3, section: 100)) },
      { [unowned self] in scroll(by: -500) },
      { [unowned self] in jump(to: IndexPath(row: 0, section: 0)) },
      { [unowned self] in (window.current as? FeedPage)?.newPost() },
    ]
    actions += Array(repeating: {}, count: 15)  // the new post slides in
    actions += [{ [unowned self] in (window.current as? FeedPage)?.delete(IndexPath(row: 0, section: 0), with: .fade) }]
    actions += Array(repeating: {}, count: 15)  // and fades out
    actions += [{ [unowned self] in window.show("fixed") }]
    actions += Array(repeating: { [unowned self] in scroll(by: 2_000) }, count: 20)
    actions += [{ [unowned self] in jumpToLastRow() }, { [unowned self] in jump(to: IndexPath(row: 0, section: 0)) }]
    actions += [{ [unowned self] in window.show("loop") }]
    actions += Array(repeating: { [unowned self] in scroll(by: 700) }, count: 20)
    actions += [{ [unowned self] in window.show("date") }, { [unowned self] in window.show("chat") }]
    actions += Array(repeating: { [unowned self] in scroll(by: -1_500) }, count: 25)
    actions += [{ [unowned self] in window.tableViewScrollToBottom() }]
    actions += Array(repeating: {}, count: 10)
    return actions
  }()

  /// One action; after the last of a round, a sample. Returns whether to go on.
  func step() -> Bool {
    actions[action]()
    action += 1
    guard action == actions.count else { return true }
    action = 0
    round += 1
    let bytes = ResidentMemory.bytes()
    soak.record(bytes)
    print("round \(round): \((bytes / 1024).grouped) KiB")
    guard round == rounds else { return true }
    print(soak.summary)
    window.quit(status: soak.settled ? 0 : 1)
    return false
  }

  func scroll(by delta: Double) {
    guard let tableView = window.current?.tableView else { return }
    tableView.table.scroll(by: delta)
    tableView.setNeedsLayout()
  }

  func jump(to path: IndexPath) {
    guard let tableView = window.current?.tableView else { return }
    try? tableView.table.scrollToRow(at: path, at: .top, animated: false)
    tableView.setNeedsLayout()
  }

  func jumpToLastRow() {
    guard let tableView = window.current?.tableView else { return }
    let table = tableView.table
    let section = table.numberOfSections - 1
    guard section >= 0, table.numberOfRows(inSection: section) > 0 else { return }
    jump(to: IndexPath(row: table.numberOfRows(inSection: section) - 1, section: section))
  }
}

extension DemoWindow {
  /// The current table scrolled to its end (the chat's newest message).
  fileprivate func tableViewScrollToBottom() {
    guard let tableView = current?.tableView else { return }
    tableView.table.scrollToBottom(animated: false)
    tableView.setNeedsLayout()
  }
}
