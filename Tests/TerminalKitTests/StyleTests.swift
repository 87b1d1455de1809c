import SeededRandom
import TerminalTesting
import Testing

@testable import TerminalKit

@Suite("Style and Color")
struct StyleTests {
  @Test("a non-empty NO_COLOR disables colours; an empty one does not")
  func noColorEnvironment() {
    #expect(ColorMode.detect(environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"]) == .none)
    #expect(ColorMode.detect(environment: ["NO_COLOR": "", "COLORTERM": "truecolor"]) == .trueColor)
    #expect(ColorMode.detect(environment: ["TERM": "xterm-256color"]) == .indexed256)
    #expect(ColorMode.detect(environment: ["COLORTERM": "24bit", "TERM": "xterm"]) == .trueColor)
    #expect(ColorMode.detect(environment: ["TERM": "xterm"]) == .ansi16)
    #expect(ColorMode.detect(environment: [:]) == .ansi16)
  }

  @Test("without colours a style keeps its attributes, reverse video included")
  func noColorKeepsAttributes() {
    let selected = Style(foreground: .red, background: .rgb(red: 1, green: 2, blue: 3), attributes: [.reverse, .bold])
    #expect(selected.adapted(to: .none) == Style(attributes: [.reverse, .bold]))
  }

  @Test("colours degrade to the nearest colour the terminal can show")
  func colorDegradation() {
    #expect(Color.rgb(red: 255, green: 0, blue: 0).adapted(to: .indexed256) == .indexed(196))
    #expect(Color.rgb(red: 128, green: 128, blue: 128).adapted(to: .indexed256) == .indexed(244))
    #expect(Color.rgb(red: 250, green: 0, blue: 0).adapted(to: .ansi16) == .brightRed)
    #expect(Color.indexed(4).adapted(to: .ansi16) == .blue)
    #expect(Color.indexed(16).adapted(to: .ansi16) == .black)
    #expect(Color.indexed(231).adapted(to: .ansi16) == .brightWhite)
    #expect(Color.cyan.adapted(to: .ansi16) == .cyan)
    #expect(Color.default.adapted(to: .ansi16) == .default)
    #expect(Color.indexed(100).adapted(to: .trueColor) == .indexed(100))
  }

  @Test("the palette's RGB values follow xterm")
  func paletteValues() {
    #expect(Color.indexed(16).rgbComponents! == (0, 0, 0))
    #expect(Color.indexed(196).rgbComponents! == (255, 0, 0))
    #expect(Color.indexed(232).rgbComponents! == (8, 8, 8))
    #expect(Color.indexed(255).rgbComponents! == (238, 238, 238))
    #expect(Color.default.rgbComponents == nil)
    #expect(Color.ansiColors.enumerated().allSatisfy { $0.element.ansiIndex == $0.offset })
  }

  @Test("style builders change one aspect each")
  func builders() {
    let style = Style.plain.foreground(.red).background(.black).adding([.bold, .underline]).removing(.bold)
    #expect(style == Style(foreground: .red, background: .black, attributes: .underline))
  }

  @Test("SGR transitions are never longer than resetting and setting everything")
  func transitionsAreShort() {
    var generator = SplitMix64(seed: 3)
    var frames = FrameGenerator(generator: generator)
    for _ in 0..<300 {
      let from = frames.style()
      let to = frames.style()
      var output: [UInt8] = []
      SelectGraphicRendition.appendTransition(from: from, to: to, into: &output)
      if from == to {
        #expect(output.isEmpty)
        continue
      }
      let reset = SelectGraphicRendition.resetParameters(for: to)
      #expect(output.count <= 3 + SelectGraphicRendition.length(of: reset))
      var model = ScreenModel(width: 1, height: 1)
      var setUp: [UInt8] = []
      SelectGraphicRendition.appendTransition(from: .plain, to: from, into: &setUp)
      model.apply(setUp + output)
      #expect(model.pen == to)
    }
    _ = generator.next()
  }
}
