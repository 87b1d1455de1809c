import DemoDatabase
import Foundation
import TableViewSQLite
import TerminalKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `tableview-demo --db PATH --writer`: a second process that changes the feed's database every second — an
/// insertion, an edit or a deletion (`RandomPostWriter`) — and prints what it did, one line each, so a user can
/// watch the table in another terminal follow. Ctrl-C or SIGTERM ends it cleanly (the change in progress is one
/// transaction: committed whole or not at all).
enum DemoWriter {
  /// Seconds between changes.
  static let interval = 1.0

  /// Runs until SIGINT or SIGTERM; returns the exit status.
  static func run(store: PostStore) -> Int32 {
    var writer = RandomPostWriter(seed: UInt64(getpid()) &* 2_654_435_761 &+ UInt64(time(nil)))
    return loop(
      store: store, steps: { writer.steps },
      step: { () throws(PostStoreError) in try writer.step(store).description })
  }

  /// `tableview-demo --chat-db PATH --writer`: a message from someone else at the bottom of the chat every second
  /// (`ChatDatabase.receive`), a line for each, until SIGINT or SIGTERM; returns the exit status.
  static func runChat(store: PostStore) -> Int32 {
    var steps = 0
    return loop(
      store: store, steps: { steps },
      step: { () throws(PostStoreError) in
        let post = try ChatDatabase.receive(in: store)
        steps += 1
        return "message \(post.id) from \(post.author) on day \(post.section + 1)"
      })
  }

  /// Runs `step` every second until SIGINT or SIGTERM (blocked and waited for), printing what it did.
  private static func loop(store: PostStore, steps: () -> Int, step: () throws(PostStoreError) -> String) -> Int32 {
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    // The signals wait in the mask and are taken with sigtimedwait: no handler runs in the middle of a write.
    pthread_sigmask(SIG_BLOCK, &signals, nil)
    // A signal ignored by the parent (a shell's background job ignores SIGINT) would never be pending.
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
    say("writing to \(store.path) every second; Ctrl-C stops")
    var failures = 0
    while true {
      do {
        let change = try step()
        say("\(clock()) \(change)")
        failures = 0
      } catch {
        failures += 1
        say("\(clock()) failed: \(error)")
        if failures >= 30 {
          StandardError.write("tableview-demo: the writer gave up after 30 failures in a row\n")
          return 1
        }
      }
      var timeout = timespec(tv_sec: Int(interval), tv_nsec: Int((interval - interval.rounded(.down)) * 1e9))
      let signal = sigtimedwait(&signals, nil, &timeout)
      if signal == SIGINT || signal == SIGTERM {
        say("stopped after \(steps()) changes")
        return 0
      }
    }
  }

  /// The time of day, "12:34:56".
  private static func clock() -> String {
    var now = time(nil)
    var parts = tm()
    localtime_r(&now, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
  }

  /// Prints a line at once (standard output may be a pipe).
  private static func say(_ line: String) {
    print(line)
    fflush(nil)
  }
}
