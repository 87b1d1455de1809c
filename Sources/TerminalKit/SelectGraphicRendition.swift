/// Encoding of Select Graphic Rendition (SGR, `CSI … m`) sequences that switch the terminal's pen between styles.
enum SelectGraphicRendition {
  /// `CSI 0 m`: back to the terminal's default style.
  static let reset: [UInt8] = [0x1B, 0x5B, 0x30, 0x6D]

  /// Appends the shortest SGR sequence that changes the pen from `current` to `target`, or nothing when they are
  /// equal. Both styles must already be adapted to the colour mode.
  static func appendTransition(from current: Style, to target: Style, into output: inout [UInt8]) {
    guard current != target else { return }
    let incremental = incrementalParameters(from: current, to: target)
    let fromReset = resetParameters(for: target)
    let parameters = length(of: incremental) <= length(of: fromReset) ? incremental : fromReset
    output.append(0x1B)
    output.append(0x5B)
    for (index, parameter) in parameters.enumerated() {
      if index > 0 {
        output.append(0x3B)
      }
      appendDecimal(parameter, to: &output)
    }
    output.append(0x6D)
  }

  /// Parameters that reset everything, then set the target's attributes and colours.
  static func resetParameters(for target: Style) -> [Int] {
    var parameters = [0]
    for (attribute, code) in TextAttributes.sgrOrder where target.attributes.contains(attribute) {
      parameters.append(code)
    }
    if target.foreground != .default {
      appendColor(target.foreground, foreground: true, to: &parameters)
    }
    if target.background != .default {
      appendColor(target.background, foreground: false, to: &parameters)
    }
    return parameters
  }

  /// Parameters that switch off removed attributes, switch on added ones and change the colours that differ.
  static func incrementalParameters(from current: Style, to target: Style) -> [Int] {
    var parameters: [Int] = []
    let removed = current.attributes.subtracting(target.attributes)
    var added = target.attributes.subtracting(current.attributes)
    if !removed.isDisjoint(with: [.bold, .dim]) {
      parameters.append(22)
      added.formUnion(target.attributes.intersection([.bold, .dim]))
    }
    if removed.contains(.italic) { parameters.append(23) }
    if removed.contains(.underline) { parameters.append(24) }
    if removed.contains(.reverse) { parameters.append(27) }
    if removed.contains(.strikethrough) { parameters.append(29) }
    for (attribute, code) in TextAttributes.sgrOrder where added.contains(attribute) {
      parameters.append(code)
    }
    if current.foreground != target.foreground {
      appendColor(target.foreground, foreground: true, to: &parameters)
    }
    if current.background != target.background {
      appendColor(target.background, foreground: false, to: &parameters)
    }
    return parameters
  }

  static func appendColor(_ color: Color, foreground: Bool, to parameters: inout [Int]) {
    switch color {
    case .default:
      parameters.append(foreground ? 39 : 49)
    case .indexed(let index):
      parameters += [foreground ? 38 : 48, 5, Int(index)]
    case .rgb(let red, let green, let blue):
      parameters += [foreground ? 38 : 48, 2, Int(red), Int(green), Int(blue)]
    default:
      let index = color.ansiIndex ?? 0
      let base = index < 8 ? (foreground ? 30 : 40) : (foreground ? 90 : 100)
      parameters.append(base + index % 8)
    }
  }

  /// The number of bytes the parameters take, separators included.
  static func length(of parameters: [Int]) -> Int {
    parameters.reduce(parameters.count) { total, parameter in
      total + (parameter >= 100 ? 3 : parameter >= 10 ? 2 : 1)
    }
  }
}

/// Appends the decimal digits of a non-negative number as ASCII.
func appendDecimal(_ value: Int, to output: inout [UInt8]) {
  if value >= 10 {
    appendDecimal(value / 10, to: &output)
  }
  output.append(UInt8(0x30 + value % 10))
}
