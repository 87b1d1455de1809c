import Foundation
import TestSupport

extension Screenshot {
  /// The number of pixels in `rect` whose chroma (HCL's C, 0…1) is above `threshold`: colour, not a grey. Text,
  /// its antialiasing and a monochrome glyph are greys; a colour emoji is not.
  func colourfulPixels(in rect: ScreenRect, threshold: Double = 0.3) throws -> Int {
    let text = try magick([
      path, "-crop", rect.description, "+repage", "-colorspace", "HCL", "-channel", "G", "-separate", "+channel",
      "-threshold", "\(Int(threshold * 100))%", "-format", "%[fx:round(mean*w*h)]", "info:",
    ])
    guard let count = Int(text) else { throw SubprocessError("unexpected count from convert: \(text)") }
    return count
  }

  /// The darkest and the lightest intensity (0…1) in `rect`: over a row, its background and its text's colour.
  func intensityRange(in rect: ScreenRect) throws -> (darkest: Double, lightest: Double) {
    let text = try magick([
      path, "-crop", rect.description, "+repage", "-colorspace", "Gray", "-format", "%[fx:minima] %[fx:maxima]",
      "info:",
    ])
    let parts = text.split(separator: " ").compactMap { Double($0) }
    guard parts.count == 2 else { throw SubprocessError("unexpected range from convert: \(text)") }
    return (parts[0], parts[1])
  }

  /// The number of pixels in `rect` within `fuzz` (0…1, ImageMagick's colour distance) of `colour`.
  func pixels(near colour: RGB, in rect: ScreenRect, fuzz: Double = 0.08) throws -> Int {
    let text = try magick([
      path, "-crop", rect.description, "+repage", "-fuzz", "\(Int(fuzz * 100))%", "-fill", "black", "+opaque",
      colour.description, "-fill", "white", "-opaque", colour.description, "-colorspace", "Gray", "-format",
      "%[fx:round(mean*w*h)]", "info:",
    ])
    guard let count = Int(text) else { throw SubprocessError("unexpected count from convert: \(text)") }
    return count
  }

  /// The number of pixels in `rect` that differ from `other`'s by more than `fuzz` (0…1) in intensity: what was
  /// drawn in one and not in the other.
  func differingPixels(from other: Screenshot, in rect: ScreenRect, fuzz: Double = 0.06) throws -> Int {
    let text = try magick([
      path, other.path, "-crop", rect.description, "+repage", "-compose", "difference", "-composite", "-colorspace",
      "Gray", "-threshold", "\(Int(fuzz * 100))%", "-format", "%[fx:round(mean*w*h)]", "info:",
    ])
    guard let count = Int(text) else { throw SubprocessError("unexpected count from convert: \(text)") }
    return count
  }

  private func magick(_ arguments: [String]) throws -> String {
    guard let convert = which("convert") else { throw SubprocessError("imagemagick's convert is not installed") }
    let result = try run(convert, arguments, timeout: 30)
    guard result.status == 0 else { throw SubprocessError("convert failed: \(result.standardError)") }
    return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
