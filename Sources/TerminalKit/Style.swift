/// How a cell is drawn: foreground and background colours plus text attributes.
public struct Style: Hashable, Sendable {
  /// The text colour.
  public var foreground: Color
  /// The cell's background colour.
  public var background: Color
  /// Bold, dim, italic, underline, reverse and strikethrough.
  public var attributes: TextAttributes

  /// Creates a style.
  ///
  /// - Parameters:
  ///   - foreground: The text colour; the terminal default if omitted.
  ///   - background: The background colour; the terminal default if omitted.
  ///   - attributes: The text attributes; none if omitted.
  public init(foreground: Color = .default, background: Color = .default, attributes: TextAttributes = []) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// The terminal's default look: default colours and no attributes.
  public static let plain = Style()

  /// This style with a different foreground colour.
  public func foreground(_ color: Color) -> Style {
    var style = self
    style.foreground = color
    return style
  }

  /// This style with a different background colour.
  public func background(_ color: Color) -> Style {
    var style = self
    style.background = color
    return style
  }

  /// This style with the given attributes added.
  public func adding(_ attributes: TextAttributes) -> Style {
    var style = self
    style.attributes.formUnion(attributes)
    return style
  }

  /// This style with the given attributes removed.
  public func removing(_ attributes: TextAttributes) -> Style {
    var style = self
    style.attributes.subtract(attributes)
    return style
  }

  /// The style as it will be shown in the given colour mode: colours approximated or, with ``ColorMode/none``
  /// (`NO_COLOR`), dropped, while the attributes — reverse video in particular, so selections stay visible — are
  /// kept.
  ///
  /// - Parameter mode: What the terminal can show.
  /// - Returns: The style the renderer actually emits.
  public func adapted(to mode: ColorMode) -> Style {
    if mode == .trueColor {
      return self
    }
    return Style(
      foreground: foreground.adapted(to: mode), background: background.adapted(to: mode), attributes: attributes)
  }
}
