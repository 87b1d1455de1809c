/// A terminal colour: the terminal's default, one of the 16 ANSI colours, an entry of the 256-colour palette, or a
/// 24-bit RGB colour.
///
/// Colours a terminal cannot show are approximated when rendering; see ``ColorMode`` and
/// ``Style/adapted(to:)``.
public enum Color: Hashable, Sendable {
  /// The terminal's default foreground or background colour.
  case `default`
  /// ANSI colour 0.
  case black
  /// ANSI colour 1.
  case red
  /// ANSI colour 2.
  case green
  /// ANSI colour 3.
  case yellow
  /// ANSI colour 4.
  case blue
  /// ANSI colour 5.
  case magenta
  /// ANSI colour 6.
  case cyan
  /// ANSI colour 7.
  case white
  /// ANSI colour 8 (bright black, usually grey).
  case brightBlack
  /// ANSI colour 9.
  case brightRed
  /// ANSI colour 10.
  case brightGreen
  /// ANSI colour 11.
  case brightYellow
  /// ANSI colour 12.
  case brightBlue
  /// ANSI colour 13.
  case brightMagenta
  /// ANSI colour 14.
  case brightCyan
  /// ANSI colour 15.
  case brightWhite
  /// An entry of the xterm 256-colour palette (0–15 are the ANSI colours, 16–231 a 6×6×6 cube, 232–255 greys).
  case indexed(UInt8)
  /// A 24-bit colour.
  case rgb(red: UInt8, green: UInt8, blue: UInt8)

  /// The 16 ANSI colours in palette order.
  public static let ansiColors: [Color] = [
    .black, .red, .green, .yellow, .blue, .magenta, .cyan, .white,
    .brightBlack, .brightRed, .brightGreen, .brightYellow, .brightBlue, .brightMagenta, .brightCyan, .brightWhite,
  ]

  /// The palette index (0–15) of an ANSI colour, or `nil` for other colours.
  public var ansiIndex: Int? {
    switch self {
    case .default, .indexed, .rgb: return nil
    case .black: return 0
    case .red: return 1
    case .green: return 2
    case .yellow: return 3
    case .blue: return 4
    case .magenta: return 5
    case .cyan: return 6
    case .white: return 7
    case .brightBlack: return 8
    case .brightRed: return 9
    case .brightGreen: return 10
    case .brightYellow: return 11
    case .brightBlue: return 12
    case .brightMagenta: return 13
    case .brightCyan: return 14
    case .brightWhite: return 15
    }
  }

  /// The colour as shown in the given mode: unchanged when the mode can show it, otherwise the nearest colour the
  /// mode has, or ``default`` when the mode has no colours.
  ///
  /// - Parameter mode: What the terminal can show.
  /// - Returns: A colour the mode can show.
  public func adapted(to mode: ColorMode) -> Color {
    switch (mode, self) {
    case (_, .default): return .default
    case (.none, _): return .default
    case (.trueColor, _): return self
    case (.indexed256, .rgb(let red, let green, let blue)):
      return .indexed(Color.nearestPaletteIndex(red: red, green: green, blue: blue))
    case (.indexed256, _): return self
    case (.ansi16, _):
      if ansiIndex != nil { return self }
      if case .indexed(let index) = self, index < 16 { return Color.ansiColors[Int(index)] }
      guard let (red, green, blue) = rgbComponents else { return .default }
      return Color.ansiColors[Color.nearestANSIIndex(red: red, green: green, blue: blue)]
    }
  }

  /// The RGB value of the colour in the xterm default palette, or `nil` for ``default``.
  public var rgbComponents: (red: UInt8, green: UInt8, blue: UInt8)? {
    switch self {
    case .default: return nil
    case .rgb(let red, let green, let blue): return (red, green, blue)
    case .indexed(let index): return Color.paletteRGB(Int(index))
    default: return ansiIndex.map { Color.paletteRGB($0) }
    }
  }

  /// The xterm default RGB value of a palette index.
  static func paletteRGB(_ index: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
    let ansi: [(UInt8, UInt8, UInt8)] = [
      (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
      (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255),
      (255, 255, 255),
    ]
    if index < 16 {
      return ansi[index]
    }
    if index < 232 {
      let cube = index - 16
      return (cubeLevels[cube / 36], cubeLevels[(cube / 6) % 6], cubeLevels[cube % 6])
    }
    let grey = UInt8(8 + 10 * (index - 232))
    return (grey, grey, grey)
  }

  private static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

  private static func distance(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8)) -> Int {
    let red = Int(a.0) - Int(b.0)
    let green = Int(a.1) - Int(b.1)
    let blue = Int(a.2) - Int(b.2)
    return red * red + green * green + blue * blue
  }

  /// The index of the nearest colour of the 256-colour palette's cube and grey ramp (16–255).
  static func nearestPaletteIndex(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
    func level(_ value: UInt8) -> Int {
      var best = 0
      for (index, candidate) in cubeLevels.enumerated()
      where abs(Int(candidate) - Int(value)) < abs(Int(cubeLevels[best]) - Int(value)) {
        best = index
      }
      return best
    }
    let cubeIndex = 16 + 36 * level(red) + 6 * level(green) + level(blue)
    let average = (Int(red) + Int(green) + Int(blue)) / 3
    let greyIndex = 232 + min(23, max(0, (average - 3) / 10))
    let target = (red, green, blue)
    let cubeDistance = distance(paletteRGB(cubeIndex), target)
    let greyDistance = distance(paletteRGB(greyIndex), target)
    return UInt8(greyDistance < cubeDistance ? greyIndex : cubeIndex)
  }

  /// The index (0–15) of the nearest ANSI colour.
  static func nearestANSIIndex(red: UInt8, green: UInt8, blue: UInt8) -> Int {
    var best = 0
    var bestDistance = Int.max
    for index in 0..<16 {
      let candidate = distance(paletteRGB(index), (red, green, blue))
      if candidate < bestDistance {
        best = index
        bestDistance = candidate
      }
    }
    return best
  }
}
