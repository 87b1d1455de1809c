/// The colours a terminal can show, used to adapt styles when rendering.
public enum ColorMode: Hashable, Sendable, CaseIterable {
  /// No colours at all: the user set `NO_COLOR`. Attributes such as bold and reverse are still shown.
  case none
  /// The 16 ANSI colours.
  case ansi16
  /// The xterm 256-colour palette.
  case indexed256
  /// 24-bit RGB colours.
  case trueColor

  /// The colour mode that the environment asks for.
  ///
  /// A non-empty `NO_COLOR` (see no-color.org) disables colours; `COLORTERM=truecolor` or `24bit` enables RGB; a
  /// `TERM` containing `256color` enables the 256-colour palette; otherwise the 16 ANSI colours are used.
  ///
  /// - Parameter environment: Environment variables, such as ``ProcessEnvironment/current()``.
  /// - Returns: The mode to render with.
  public static func detect(environment: [String: String]) -> ColorMode {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty {
      return .none
    }
    let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
    if colorTerm == "truecolor" || colorTerm == "24bit" {
      return .trueColor
    }
    if let term = environment["TERM"], term.contains("256color") {
      return .indexed256
    }
    return .ansi16
  }
}
