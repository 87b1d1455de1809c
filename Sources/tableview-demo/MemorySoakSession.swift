import DemoData
import TableViewCore
import TerminalKit

/// The `--soak ROUNDS` mode: the same scripted round, again and again, without a terminal (a manual clock, as in
/// `--frames`, so every run does the same), sampling resident memory after each round; prints a line per round and
/// the verdict (`MemorySoak`): memory must settle, not grow with time.
///
/// A round visits every page: on the feed a new post slides in and is deleted again, the top post is starred and
/// unstarred, pages down, a jump to the end (20 more posts load) and back, a pull to refresh (three posts arrive);
/// the ten-million-row table pages and jumps to both ends; the looping list and the date picker scroll; on the chat
/// a message is typed and sent while others arrive, and older pages load.
struct MemorySoakSession {
  /// One round, as a `--frames` script.
  static let round = """
    1 home n wait:500 home c down*4 enter wait:500 c enter c enter pgdn*30 end wait:500 home up r wait:1000
    2 pgdn*50 end home 3 pgdn*20 4 down*10 5 key:h key:i enter wait:2500 pgup*10 end
    """

  /// The screen size.
  var size: TerminalSize
  /// The clock the app's screens were given.
  let clock: ManualClock

  /// Runs `rounds` rounds on `app`, writing a line per round and the verdict with `output`; returns the samples.
  func run(_ app: DemoApp, rounds: Int, output: (String) -> Void) -> MemorySoak {
    let steps: [ScriptStep]
    do {
      steps = try ScriptStep.parse(Self.round, size: size)
    } catch {
      preconditionFailure("the soak's script does not parse: \(error.message)")
    }
    var soak = MemorySoak()
    let session = ScriptedSession(size: size, clock: clock)
    for round in 1...max(1, rounds) {
      // Every frame is drawn (into a screen buffer), as in a terminal; only the memory is printed.
      session.run(app, steps: steps) { _ in }
      let bytes = ResidentMemory.bytes()
      soak.record(bytes)
      output("round \(round): \((bytes / 1024).grouped) KiB")
    }
    output(soak.summary)
    return soak
  }
}
