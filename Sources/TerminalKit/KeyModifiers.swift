/// Modifier keys held during a key press or mouse event.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
  /// The raw bit set.
  public let rawValue: UInt8

  /// Creates a set from its raw bits.
  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// Shift.
  public static let shift = KeyModifiers(rawValue: 1 << 0)
  /// Alt (Option, Meta on many terminals): also reported for keys sent prefixed by `ESC`.
  public static let alt = KeyModifiers(rawValue: 1 << 1)
  /// Control.
  public static let control = KeyModifiers(rawValue: 1 << 2)
  /// Meta or Super, as reported by xterm's modifier parameter.
  public static let meta = KeyModifiers(rawValue: 1 << 3)

  /// The modifiers encoded in an xterm modifier parameter (`1 + bits`: 1 shift, 2 alt, 4 control, 8 meta);
  /// `nil` or values below 2 mean no modifiers.
  init(xtermParameter: Int?) {
    guard let parameter = xtermParameter, parameter >= 2 else {
      self = []
      return
    }
    self.init(rawValue: UInt8((parameter - 1) & 0x0F))
  }
}
