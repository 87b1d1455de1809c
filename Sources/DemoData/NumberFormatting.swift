extension BinaryInteger {
  /// The number with thousands separators: 1,000,000 (and -1,234).
  public var grouped: String {
    let digits = String(self.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return self < 0 ? "-" + result : result
  }
}

extension Double {
  /// Seconds as milliseconds with two decimals: "0.08 ms".
  public var milliseconds: String {
    let hundredths = Int((self * 100_000).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) ms"
  }
}
