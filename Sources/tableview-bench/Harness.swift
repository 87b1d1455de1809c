// A small, reusable timing harness for `tableview-bench`: adaptive batch timing on a monotonic
// clock, command-line options, and a report (human table or one JSON object per line) that merges
// the engine's rows with the baselines' rows by (name, N).
//
// Standard library only (no Foundation), so it can be reused anywhere.

/// One row of the benchmark report: a timing (`nsPerOp`) or a count (`count`) for one metric at one
/// size, possibly with the corresponding figure of a baseline implementation.
///
/// The engine side fills `nsPerOp` (or `count`); a baseline side fills `baseline` and
/// `baselineNsPerOp` (or `baselineCount`). ``Harness/merge(_:)`` combines both halves of a
/// `(name, n)` pair into one row. A baseline row whose figures are all `nil` means "not measured at
/// this size" and prints as "—".
struct Measurement: Sendable, Equatable {
  /// The metric's name, e.g. `scroll_step`.
  var name: String
  /// The problem size (number of rows).
  var n: Int
  /// Our nanoseconds per operation, for a timing metric.
  var nsPerOp: Double?
  /// Our count, for a count metric (e.g. `cells_created`).
  var count: Int?
  /// The baseline's name, e.g. `PGTableView`.
  var baseline: String?
  /// The baseline's nanoseconds per operation.
  var baselineNsPerOp: Double?
  /// The baseline's count, for a count metric.
  var baselineCount: Int?

  /// Creates a row; every figure is optional.
  init(
    name: String, n: Int, nsPerOp: Double? = nil, count: Int? = nil, baseline: String? = nil,
    baselineNsPerOp: Double? = nil, baselineCount: Int? = nil
  ) {
    self.name = name
    self.n = n
    self.nsPerOp = nsPerOp
    self.count = count
    self.baseline = baseline
    self.baselineNsPerOp = baselineNsPerOp
    self.baselineCount = baselineCount
  }

  /// Whether the row carries any figure at all.
  var hasFigures: Bool { nsPerOp != nil || count != nil || baselineNsPerOp != nil || baselineCount != nil }

  /// `baseline / ours` for the timing (or, failing that, the count), when both are known and ours
  /// is positive.
  var ratio: Double? {
    if let ours = nsPerOp, let theirs = baselineNsPerOp, ours > 0 { return theirs / ours }
    if let ours = count, let theirs = baselineCount, ours > 0 { return Double(theirs) / Double(ours) }
    return nil
  }
}

/// Command-line options of the benchmark executable, parsed by hand.
///
/// `--json` (one JSON object per line), `--quick` (smaller time budgets),
/// `--sizes 1000,100000,10000000` (row counts; `_` separators and `1e6` forms are accepted),
/// `--filter NAME` (run only metrics whose name contains `NAME`; repeatable), `--help`.
struct BenchOptions: Sendable, Equatable {
  /// Emit JSON lines instead of the human table.
  var json = false
  /// Use smaller time budgets (and the baselines' smaller size caps).
  var quick = false
  /// The row counts to measure.
  var sizes: [Int] = [1_000, 100_000, 10_000_000]
  /// Substrings selecting the metrics to run; empty means all.
  var filters: [String] = []
  /// `--help` was given.
  var help = false

  /// The usage text.
  static let usage = """
    usage: tableview-bench [--json] [--quick] [--sizes N,N,...] [--filter NAME]...
      --json          one JSON object per line instead of a table
      --quick         smaller time budgets (and smaller baseline size caps)
      --sizes LIST    comma-separated row counts (default 1000,100000,10000000); 1e6 and 1_000_000 work
      --filter NAME   only metrics whose name contains NAME (repeatable)
      --sqlite PATH   also the feed served from an SQLite file of 10⁶ posts (built when missing;
                      "default": the demos' file in the cache folder)
      --sqlite-chat PATH  also the chat served from an SQLite file of 10⁶ messages, opened at the bottom
                      and scrolled up while messages arrive (built when missing; "default" as above;
                      each run writes 60 messages to it)
    """

  /// An argument that could not be understood.
  struct ParseError: Error, CustomStringConvertible {
    /// What went wrong.
    var description: String
  }

  /// Parses `arguments` (without the program name).
  static func parse(_ arguments: [String]) throws(ParseError) -> BenchOptions {
    var options = BenchOptions()
    // Accept the `--flag=value` spelling too.
    let arguments = arguments.flatMap { argument -> [String] in
      guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return [argument] }
      return [String(argument[..<equals]), String(argument[argument.index(after: equals)...])]
    }
    var index = 0
    func value(after flag: String) throws(ParseError) -> String {
      index += 1
      guard index < arguments.count else { throw ParseError(description: "\(flag) needs a value") }
      return arguments[index]
    }
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "--json": options.json = true
      case "--quick": options.quick = true
      case "--help", "-h": options.help = true
      case "--sizes":
        let list = try value(after: argument)
        var sizes: [Int] = []
        for part in list.split(separator: ",") {
          guard let size = parseSize(String(part)), size > 0 else {
            throw ParseError(description: "bad size '\(part)' in --sizes")
          }
          sizes.append(size)
        }
        guard !sizes.isEmpty else { throw ParseError(description: "--sizes needs at least one size") }
        options.sizes = sizes
      case "--filter": options.filters.append(try value(after: argument))
      default: throw ParseError(description: "unknown argument '\(argument)'")
      }
      index += 1
    }
    return options
  }

  /// Parses `1000`, `1_000`, `1e6`, `2.5e5`, `100k`/`1m` spellings of a positive size.
  static func parseSize(_ text: String) -> Int? {
    let cleaned = text.filter { $0 != "_" }.lowercased()
    if let value = Int(cleaned) { return value }
    if let last = cleaned.last, last == "k" || last == "m", let base = Int(cleaned.dropLast()) {
      return base * (last == "k" ? 1_000 : 1_000_000)
    }
    if let value = Double(cleaned), value.isFinite, value >= 1, value < 1e15, value == value.rounded() {
      return Int(value)
    }
    return nil
  }
}

/// Times closures adaptively and reports the results.
///
/// For each measurement: one warm-up call (kept as a sample when it alone lasts a round), then a
/// calibration that grows the batch size (×4) until
/// a batch lasts at least a tenth of `roundBudget`, then timed rounds of `roundBudget` each (or of
/// `maxBatch` iterations when the caller caps the batch, in which case more rounds are run, up to
/// `maxRounds`). The statistic over rounds is the median (default) or the minimum. A measurement
/// stops early once it has used `measurementBudget` of wall time (resets included) and has at
/// least `minRounds` rounds, or at twice the budget with at least one round, so slow baselines stay
/// bounded. The clock is `ContinuousClock` (monotonic); every result goes through ``blackHole(_:)``.
struct Harness: Sendable {
  /// How rounds are summarised.
  enum Statistic: Sendable { case median, minimum }

  /// The parsed command-line options.
  var options: BenchOptions
  /// The target duration of one timed round.
  var roundBudget: Duration
  /// The number of timed rounds when a round fills `roundBudget`.
  var rounds: Int
  /// The minimum number of rounds before the wall-time budget may stop a measurement.
  var minRounds = 3
  /// The maximum number of rounds when `maxBatch` keeps rounds short.
  var maxRounds = 200
  /// The soft cap on the wall time of one measurement.
  var measurementBudget: Duration
  /// The statistic over rounds.
  var statistic: Statistic = .median

  /// Creates a harness whose budgets follow `options.quick`: 100 ms rounds ×5 within 3 s per
  /// measurement, or 20 ms rounds ×3 within 0.6 s in quick mode.
  init(options: BenchOptions = BenchOptions()) {
    self.options = options
    if options.quick {
      roundBudget = .milliseconds(20)
      rounds = 3
      measurementBudget = .milliseconds(600)
    } else {
      roundBudget = .milliseconds(100)
      rounds = 5
      measurementBudget = .seconds(3)
    }
  }

  /// Whether the metric `name` passes the `--filter` options.
  func includes(_ name: String) -> Bool {
    options.filters.isEmpty || options.filters.contains { name.contains($0) }
  }

  /// Whether any of `names` passes the `--filter` options (to skip an expensive setup).
  func includesAny(_ names: [String]) -> Bool { names.contains(where: includes) }

  /// Times `body` and returns its cost in nanoseconds per call.
  ///
  /// - Parameters:
  ///   - maxBatch: the most calls per timed batch, for bodies that mutate state (e.g. a row insert
  ///     grows the table): `reset` runs, untimed, before every batch so the state drifts by at most
  ///     `maxBatch` calls.
  ///   - reset: restores the state between batches (untimed).
  ///   - body: the operation; its result is passed to ``blackHole(_:)``.
  func nanosecondsPerOperation<T>(maxBatch: Int = .max, reset: (() -> Void)? = nil, _ body: () -> T) -> Double {
    let maxBatch = max(1, maxBatch)
    let clock = ContinuousClock()
    let started = clock.now
    let roundNs = Self.nanoseconds(roundBudget)
    let budgetNs = Self.nanoseconds(measurementBudget)
    func wall() -> Double { Self.nanoseconds(started.duration(to: clock.now)) }

    // Warm-up, then calibration of the batch size.
    reset?()
    var batch = 1
    var batchNs = Self.timeBatch(1, body)
    while batchNs < roundNs / 10, batch < maxBatch, wall() < budgetNs {
      batch = batch > maxBatch / 4 ? maxBatch : batch * 4
      reset?()
      batchNs = Self.timeBatch(batch, body)
    }
    let estimate = max(batchNs / Double(batch), 0.001)
    let iterations = Int(min(Double(maxBatch), max(1, (roundNs / estimate).rounded())))
    // Rounds cut short by `maxBatch` are compensated by running more of them.
    let roundNsExpected = estimate * Double(iterations)
    var wantedRounds = rounds
    if roundNsExpected < roundNs {
      let scaled = (Double(rounds) * roundNs / max(roundNsExpected, 1)).rounded(.up)
      wantedRounds = Int(min(Double(maxRounds), max(Double(rounds), scaled)))
    }

    var samples: [Double] = []
    samples.reserveCapacity(wantedRounds)
    // A single call that already fills a round is slow enough not to need warming up: keep it.
    if batch == 1 && batchNs >= roundNs { samples.append(batchNs) }
    while samples.count < wantedRounds {
      let spent = wall()
      if !samples.isEmpty && spent >= 2 * budgetNs { break }
      if samples.count >= minRounds && spent >= budgetNs { break }
      reset?()
      samples.append(Self.timeBatch(iterations, body) / Double(iterations))
    }
    samples.sort()
    switch statistic {
    case .minimum: return samples[0]
    case .median:
      let middle = samples.count / 2
      return samples.count % 2 == 1 ? samples[middle] : (samples[middle - 1] + samples[middle]) / 2
    }
  }

  /// Times `body` (see ``nanosecondsPerOperation(maxBatch:reset:_:)``) as metric `name` at size
  /// `n`; returns `nil` when `--filter` excludes the metric.
  ///
  /// With `baseline`, the figure is stored as the baseline's (`baselineNsPerOp`), otherwise as ours
  /// (`nsPerOp`).
  func measure<T>(
    _ name: String, n: Int, baseline: String? = nil, maxBatch: Int = .max, reset: (() -> Void)? = nil,
    _ body: () -> T
  ) -> Measurement? {
    guard includes(name) else { return nil }
    let ns = nanosecondsPerOperation(maxBatch: maxBatch, reset: reset, body)
    if let baseline {
      return Measurement(name: name, n: n, baseline: baseline, baselineNsPerOp: ns)
    }
    return Measurement(name: name, n: n, nsPerOp: ns)
  }

  /// Records a count metric `name` at size `n` computed by `body` (run once); `nil` when
  /// `--filter` excludes it. With `baseline`, the count is stored as the baseline's.
  func count(_ name: String, n: Int, baseline: String? = nil, _ body: () -> Int) -> Measurement? {
    guard includes(name) else { return nil }
    let value = body()
    if let baseline { return Measurement(name: name, n: n, baseline: baseline, baselineCount: value) }
    return Measurement(name: name, n: n, count: value)
  }

  /// A "not measured at this size" baseline row for each of `names` that passes the filter.
  func notMeasured(_ names: [String], n: Int, baseline: String) -> [Measurement] {
    names.filter(includes).map { Measurement(name: $0, n: n, baseline: baseline) }
  }

  // MARK: - Report

  /// Merges rows with the same `(name, n)`: each figure is taken from the first row that has it.
  /// Rows are grouped by name (in order of first appearance), then sorted by `n`.
  static func merge(_ measurements: [Measurement]) -> [Measurement] {
    var merged: [Measurement] = []
    var indexByKey: [String: Int] = [:]
    var nameOrder: [String: Int] = [:]
    for item in measurements {
      if nameOrder[item.name] == nil { nameOrder[item.name] = nameOrder.count }
      let key = "\(item.name)\u{0}\(item.n)"
      guard let index = indexByKey[key] else {
        indexByKey[key] = merged.count
        merged.append(item)
        continue
      }
      var row = merged[index]
      row.nsPerOp = row.nsPerOp ?? item.nsPerOp
      row.count = row.count ?? item.count
      row.baseline = row.baseline ?? item.baseline
      row.baselineNsPerOp = row.baselineNsPerOp ?? item.baselineNsPerOp
      row.baselineCount = row.baselineCount ?? item.baselineCount
      merged[index] = row
    }
    return merged.enumerated().sorted { lhs, rhs in
      let left = nameOrder[lhs.element.name]!
      let right = nameOrder[rhs.element.name]!
      if left != right { return left < right }
      if lhs.element.n != rhs.element.n { return lhs.element.n < rhs.element.n }
      return lhs.offset < rhs.offset
    }.map(\.element)
  }

  /// The report of `measurements` (merged by `(name, n)` first): a human table, or with `json`
  /// one JSON object per line (rows without any figure are left out of the JSON).
  static func render(_ measurements: [Measurement], json: Bool) -> String {
    let rows = merge(measurements)
    if json {
      return rows.filter(\.hasFigures).map(jsonLine).joined(separator: "\n")
    }
    let header = ["name", "N", "ns/op", "baseline", "baseline ns/op", "ratio"]
    var table = [header]
    for row in rows {
      let ours = row.nsPerOp.map(formatNs) ?? row.count.map { "\($0) (count)" } ?? "—"
      let theirs = row.baselineNsPerOp.map(formatNs) ?? row.baselineCount.map { "\($0) (count)" } ?? "—"
      let ratio = row.ratio.map(formatRatio) ?? "—"
      table.append([row.name, String(row.n), ours, row.baseline ?? "—", theirs, ratio])
    }
    var widths = Array(repeating: 0, count: header.count)
    for line in table {
      for (column, cell) in line.enumerated() { widths[column] = max(widths[column], cell.count) }
    }
    return table.map { line in
      line.enumerated().map { column, cell in
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        // Text columns are left-aligned, figures right-aligned.
        return column == 0 || column == 3 ? cell + padding : padding + cell
      }.joined(separator: "  ")
    }.joined(separator: "\n")
  }

  /// Prints the report of `measurements` (see ``render(_:json:)``).
  static func report(_ measurements: [Measurement], json: Bool) {
    print(render(measurements, json: json))
  }

  /// Prints the report of `measurements` in the format chosen by `--json`.
  func report(_ measurements: [Measurement]) {
    Self.report(measurements, json: options.json)
  }

  /// One JSON object, e.g.
  /// `{"name":"scroll_step","n":1000,"ns_per_op":12.3,"baseline":"PGTableView","baseline_ns_per_op":4567.8}`;
  /// a count metric has `"count"` / `"baseline_count"` instead; absent figures are left out.
  static func jsonLine(_ row: Measurement) -> String {
    var fields = ["\"name\":\(jsonString(row.name))", "\"n\":\(row.n)"]
    if let ns = row.nsPerOp { fields.append("\"ns_per_op\":\(jsonNumber(ns))") }
    if let count = row.count { fields.append("\"count\":\(count)") }
    if let baseline = row.baseline, row.baselineNsPerOp != nil || row.baselineCount != nil {
      fields.append("\"baseline\":\(jsonString(baseline))")
      if let ns = row.baselineNsPerOp { fields.append("\"baseline_ns_per_op\":\(jsonNumber(ns))") }
      if let count = row.baselineCount { fields.append("\"baseline_count\":\(count)") }
    }
    return "{" + fields.joined(separator: ",") + "}"
  }

  // MARK: - Helpers

  /// A `Duration` in nanoseconds.
  static func nanoseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e9 + Double(attoseconds) * 1e-9
  }

  /// Runs `body` `iterations` times and returns the elapsed nanoseconds.
  @inline(__always)
  static func timeBatch<T>(_ iterations: Int, _ body: () -> T) -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<iterations { blackHole(body()) }
    return nanoseconds(start.duration(to: clock.now))
  }

  /// `value` rounded to `decimals` decimal places.
  static func rounded(_ value: Double, decimals: Int) -> Double {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    return (value * scale).rounded() / scale
  }

  /// A JSON number: one decimal from 10 ns up, two below (`Double.description` otherwise).
  static func jsonNumber(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    let shown = rounded(value, decimals: abs(value) >= 10 ? 1 : abs(value) >= 0.1 ? 2 : 4)
    if shown == shown.rounded(), abs(shown) < 1e15 { return String(Int(shown)) + ".0" }
    return shown.description
  }

  /// A JSON string literal.
  static func jsonString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  /// Nanoseconds for the table: `0.85`, `12.3`, `4,567.8`, `12,345,678`.
  static func formatNs(_ value: Double) -> String {
    if value < 10 { return fixed(value, decimals: 2) }
    if value < 100_000 { return fixed(value, decimals: 1) }
    return fixed(value, decimals: 0)
  }

  /// A ratio for the table: `×0.52`, `×3.4`, `×1234`.
  static func formatRatio(_ value: Double) -> String {
    if value < 10 { return "×" + fixed(value, decimals: 2) }
    if value < 100 { return "×" + fixed(value, decimals: 1) }
    return "×" + fixed(value, decimals: 0)
  }

  /// `value` with exactly `decimals` decimals and `,` thousands separators.
  static func fixed(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return value.description }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    guard scaled < 9e18 else { return value.description }
    let units = Int(scaled)
    let whole = units / Int(scale)
    let fraction = units % Int(scale)
    var digits = String(whole)
    var grouped = ""
    while digits.count > 3 {
      grouped = "," + digits.suffix(3) + grouped
      digits.removeLast(3)
    }
    grouped = digits + grouped
    if decimals > 0 {
      let text = String(fraction)
      grouped += "." + String(repeating: "0", count: decimals - text.count) + text
    }
    return (value < 0 ? "-" : "") + grouped
  }
}

/// Storage written by ``blackHole(_:)``; a global write is an observable side effect, so the
/// optimiser cannot drop the computation that produced the value.
nonisolated(unsafe) private var blackHoleStorage: UInt8 = 0

/// Consumes `value` so that the computation producing it is not eliminated as dead code.
@inline(never)
func blackHole<T>(_ value: T) {
  withUnsafeBytes(of: value) { bytes in
    if let first = bytes.first { blackHoleStorage &+= first }
  }
}
