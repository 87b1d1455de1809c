// tableview-bench: measures TableViewCore side by side with faithful ports of the seed
// articles' algorithms (PGTableView, the seed height cache), in one run.
//
//     swift run -c release tableview-bench            # a table with ratios
//     swift run -c release tableview-bench --json     # one JSON object per line
//     swift run -c release tableview-bench --sqlite default --filter sqlite   # the feed from SQLite (both sources)
//     swift run -c release tableview-bench --sqlite-chat default --filter sqlite_chat   # the chat from SQLite

#if canImport(Glibc)
  import Glibc
#endif

// `--engine-only` skips the baselines (for profiling the engine alone).
var arguments = Array(CommandLine.arguments.dropFirst())
let engineOnly = arguments.contains("--engine-only")
arguments.removeAll { $0 == "--engine-only" }
// `--alloc-probe STEPS [--loop]`: only scroll (see allocationProbe), for counting mallocs.
if let i = arguments.firstIndex(of: "--alloc-probe"), i + 1 < arguments.count, let steps = Int(arguments[i + 1]) {
  allocationProbe(n: 100_000, steps: steps, looping: arguments.contains("--loop"))
  exit(0)
}
// `--anim-probe FRAMES`: only the frames of animated_update_frame (see animationProbe), for profiling.
if let i = arguments.firstIndex(of: "--anim-probe"), i + 1 < arguments.count, let frames = Int(arguments[i + 1]) {
  animationProbe(n: 100_000, frames: frames)
  exit(0)
}
// `--update-probe KIND COUNT`: only COUNT one-row updates (insert, delete or move) at 10⁷ rows (see updateProbe), for
// profiling.
if let i = arguments.firstIndex(of: "--update-probe"), i + 2 < arguments.count, let count = Int(arguments[i + 2]) {
  updateProbe(kind: arguments[i + 1], n: 10_000_000, count: count)
  exit(0)
}
// `--sqlite PATH` (or `default`: the demos' file in the cache folder): also measure the feed served from an
// SQLite database of 10⁶ posts (built first when missing).
var sqlitePath: String?
if let i = arguments.firstIndex(of: "--sqlite"), i + 1 < arguments.count {
  sqlitePath = arguments[i + 1]
  arguments.removeSubrange(i...(i + 1))
}
// `--sqlite-chat PATH` (or `default`): also measure the chat served from an SQLite database of 10⁶ messages
// (built first when missing; the run writes 60 messages to it).
var sqliteChatPath: String?
if let i = arguments.firstIndex(of: "--sqlite-chat"), i + 1 < arguments.count {
  sqliteChatPath = arguments[i + 1]
  arguments.removeSubrange(i...(i + 1))
}
let options: BenchOptions
do {
  options = try BenchOptions.parse(arguments)
} catch {
  print(error)
  print(BenchOptions.usage)
  exit(2)
}
if options.help {
  print(BenchOptions.usage)
  exit(0)
}
let harness = Harness(options: options)
var results: [Measurement] = []
for n in options.sizes {
  results += measureEngine(n: n, harness: harness)
  results += measureAnimatedUpdateFrame(n: n, harness: harness)
  results += measureReorderFrame(n: n, harness: harness)
  results += measureSingleRowUpdates(n: n, harness: harness)
  results += measureDrawListFrame(n: n, harness: harness)
  if engineOnly { continue }
  results += measurePGTableView(n: n, harness: harness)
  results += measureSeedCache(n: n, harness: harness)
}
// The shapes of the engine-limits issue, at their own sizes (skipped by `--filter` like any row).
results += measureLimits(harness: harness)
// A minute of a simulated chat: history pages above, arrivals below, the user scrolling.
results += measureChat(harness: harness)
if let sqlitePath {
  results += measureDatabase(path: sqlitePath, harness: harness)
  results += measureRecordDatabase(path: sqlitePath, harness: harness)
}
if let sqliteChatPath { results += measureChatDatabase(path: sqliteChatPath, harness: harness) }
harness.report(results)
