// Shared by the fuzz targets (scripts/fuzz.sh compiles the folders listed in a target's `sources`).

/// The input, read a byte at a time (zeros once it runs out).
struct Program {
  let bytes: UnsafeBufferPointer<UInt8>
  var at = 0
  var isDone: Bool { at >= bytes.count }
  mutating func byte() -> Int {
    defer { at += 1 }
    return at < bytes.count ? Int(bytes[at]) : 0
  }
  /// A number in `0..<bound` (0 when `bound` is not positive).
  mutating func below(_ bound: Int) -> Int { bound > 0 ? byte() % bound : 0 }
}
