import CGtk
import DemoData
import SeededRandom
import TableViewCore
import TableViewGTK

/// How long the feed really is, estimated from a random sample of posts measured with the same
/// widget the list shows them in: the benchmark compares each list's scroll range with it.
struct ScrollRangeCheck {
  /// The estimated total height of the rows (headers not included).
  let rowsHeight: Double
  /// The estimate's relative standard error (1σ).
  let relativeError: Double
  /// Posts measured.
  let samples: Int

  /// Measures `samples` posts chosen at random (the same ones on every run) among `rows`, each
  /// with `height(post)`.
  init(rows: Int, samples: Int = 1_000, height: (FeedPost) -> Double) {
    var random = SplitMix64(seed: 0x5EED)
    var sum = 0.0
    var squares = 0.0
    let count = max(1, min(samples, rows))
    for _ in 0..<count {
      let h = height(FeedPost(number: random.below(max(1, rows))))
      sum += h
      squares += h * h
    }
    let mean = sum / Double(count)
    let variance = max(0, squares / Double(count) - mean * mean)
    rowsHeight = mean * Double(rows)
    relativeError = mean > 0 ? (variance / Double(count)).squareRoot() / mean : 0
    self.samples = count
  }

  /// "+2.1% (61,234,567 px against about 60,000,000 ± 0.6%)".
  func describe(scrollRange: Double, extra: Double = 0) -> String {
    let truth = rowsHeight + extra
    let error = truth > 0 ? (scrollRange - truth) / truth * 100 : 0
    let sign = error >= 0 ? "+" : ""
    return "\(sign)\(Double(Int(error * 10)) / 10)% (\(Int(scrollRange).grouped) px against about "
      + "\(Int(truth).grouped) ± \(Double(Int(relativeError * 1000)) / 10)%, from \(samples) sampled posts)"
  }
}
