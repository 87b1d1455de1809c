import Foundation
import TestSupport
import Testing

/// End-to-end: the demo's look in libadwaita's light and dark styles (`--light`, `--dark`, and `GTK_THEME=Adwaita:dark`
/// with no flag), read from screenshots — the list's background and text, its section header, and the colour emoji in
/// the feed's text (the set-up installs a colour emoji font: without one, emoji are hex boxes or monochrome glyphs);
/// the separators, stronger in high contrast; and the same at twice the scale (`GDK_SCALE=2`, a HiDPI screen: the state line's places are in logical pixels,
/// the screenshot's in device pixels).
@Suite(
  "tableview-gtk-demo's light and dark styles under Xvfb", .serialized,
  .enabled(if: XvfbServer.toolsAvailable, "Xvfb, xdotool or ImageMagick is not installed"), .xvfb)
struct ThemeXvfbTests {
  /// A way to ask for a style, and what the list looks like in it: libadwaita's @view_bg_color and @window_bg_color
  /// (the section headers), and whether its text is light on dark.
  struct Style: CustomTestStringConvertible, Sendable {
    var name: String
    var arguments: [String]
    var environment: [String: String]
    var view: RGB
    var header: RGB
    /// The line between two rows (libadwaita's @borders: a shade of the text's colour, stronger in high contrast).
    var separator: RGB
    var isDark: Bool
    /// Device pixels a logical pixel (`GDK_SCALE`).
    var scale = 1
    var testDescription: String { name }
  }

  static let light = (view: RGB(hex: "#ffffff"), header: RGB(hex: "#fafafa"), separator: RGB(hex: "#e0e0e0"))
  static let dark = (view: RGB(hex: "#1e1e1e"), header: RGB(hex: "#242424"), separator: RGB(hex: "#404040"))
  static let styles = [
    Style(
      name: "--light", arguments: ["--light"], environment: [:], view: light.view, header: light.header,
      separator: light.separator, isDark: false),
    Style(
      name: "--dark", arguments: ["--dark"], environment: [:], view: dark.view, header: dark.header,
      separator: dark.separator, isDark: true),
    Style(
      name: "GTK_THEME=Adwaita:dark", arguments: [], environment: ["GTK_THEME": "Adwaita:dark"], view: dark.view,
      header: dark.header, separator: dark.separator, isDark: true),
    Style(
      name: "GDK_SCALE=2", arguments: ["--light", "--size", "600x390"], environment: ["GDK_SCALE": "2"],
      view: light.view, header: light.header, separator: light.separator, isDark: false, scale: 2),
    // High contrast (GNOME's Accessibility setting; libadwaita's debug variable stands in for the desktop's): the
    // separators at half the text's colour instead of 15%.
    Style(
      name: "high contrast", arguments: ["--light"], environment: ["ADW_DEBUG_HIGH_CONTRAST": "1"], view: light.view,
      header: light.header, separator: RGB(hex: "#999999"), isDark: false),
    Style(
      name: "high contrast, dark", arguments: ["--dark"], environment: ["ADW_DEBUG_HIGH_CONTRAST": "1"],
      view: dark.view, header: dark.header, separator: RGB(hex: "#8f8f8f"), isDark: true),
  ]

  @Test("the feed's list, header and text take the style's colours; emoji are drawn in colour", arguments: styles)
  func feed(_ style: Style) async throws {
    let demo = try DemoSession(["--demo", "feed"] + style.arguments, environment: style.environment)
    defer { demo.close() }
    let state = try await demo.waitFor("the feed at rest") {
      // Twice the scale in the same screen: a window half as tall, two rows in view.
      ($0.rowTops?.count ?? 0) > (style.scale > 1 ? 1 : 4) && ($0.headers?.isEmpty == false) && $0.isSettled
    }
    #expect(state.isDark == style.isDark, "libadwaita's style manager: \(state)")
    let window = try await demo.window()
    let viewport = try #require(state.viewportRect)
    let (tops, heights) = (try #require(state.rowTops), try #require(state.rowHeights))
    let header = try #require(state.headers?.first)
    // A logical place on the screen, in device pixels.
    let scale = Double(style.scale)
    func x(_ logical: Double) -> Int { window.x + Int(logical * scale) }
    func y(_ logical: Double) -> Int { window.y + Int(logical * scale) }
    // Left of the overlay scrollbar, which may show over the list's last pixels.
    let right = x(viewport[0] + viewport[2] - 20)
    // The second row (the first may be under the floating header): its background in its top padding, at its
    // right end; its text, between the avatar and the padding.
    let background = (x: right, y: y(tops[1] + 3))
    let textBox = ScreenRect(
      x: x(viewport[0] + 60), y: y(tops[1]), width: Int((viewport[2] - 80) * scale), height: Int(heights[1] * scale))
    // The text column of every row on screen (right of the avatars): only emoji have colour there.
    let textColumn = ScreenRect(
      x: x(viewport[0] + 60), y: y(header[1] + header[2]), width: Int((viewport[2] - 80) * scale),
      height: Int((viewport[1] + viewport[3] - header[1] - header[2]) * scale))
    if style.scale > 1 {
      #expect(window.width >= Int(600 * scale) - 2, "the window is drawn at the scale: \(window) for 600 logical")
    }

    // The first frames may still be on their way: poll until the view's colour is drawn.
    var shot = try demo.screenshot()
    let deadline = Date().addingTimeInterval(60)
    while try !shot.pixel(x: background.x, y: background.y).isClose(to: style.view, tolerance: 3), Date() < deadline {
      try await Task.sleep(for: .milliseconds(200))
      shot = try demo.screenshot()
    }
    let view = try shot.pixel(x: background.x, y: background.y)
    #expect(view.isClose(to: style.view, tolerance: 3), "the list's background: \(view); \(demo.diagnostics)")
    let headerColour = try shot.pixel(x: right, y: y(header[1] + 3))
    #expect(headerColour.isClose(to: style.header, tolerance: 3), "the section header's background: \(headerColour)")
    // The line under a row that ends on screen, below the floating header: the pixel farthest from the view's colour
    // in a strip across the rows' boundary (at twice the scale the line may fall across device pixels).
    let bottoms = zip(tops, heights).map { $0 + $1 }
    let lineY = try #require(
      bottoms.first { $0 - 3 > header[1] + header[2] && $0 + 3 < viewport[1] + viewport[3] },
      "a row ending on screen: \(bottoms) in \(viewport)")
    let strip = ScreenRect(x: right, y: y(lineY - 2), width: 1, height: 4 * style.scale)
    let range = try shot.intensityRange(in: strip)
    let line = style.isDark ? range.lightest : range.darkest
    let expected = Double(style.separator.red) / 255
    #expect(abs(line - expected) <= 5.0 / 255, "the line under a row: \(line) against \(style.separator)")
    let text = try shot.intensityRange(in: textBox)
    if style.isDark {
      #expect(text.darkest < 0.2 && text.lightest > 0.85, "light text on the dark view: \(text)")
    } else {
      #expect(text.lightest > 0.95 && text.darkest < 0.3, "dark text on the light view: \(text)")
    }
    let colourful = try shot.colourfulPixels(in: textColumn)
    #expect(colourful > 40, "the posts' emoji (🎉 in #2 and #7, ☕️ in #5) are drawn in colour: \(colourful) pixels")
  }
}
