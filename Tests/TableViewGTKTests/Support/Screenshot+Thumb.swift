import Foundation
import TestSupport

extension Screenshot {
  /// The top of the scrollbar's thumb as drawn: the first pixel of the column `x` from `y` down `height` pixels that
  /// differs from the trough (the column's first pixel) by more than 24 in a channel — libadwaita's thumb is a shade
  /// of the text's colour over the trough (#d7d7d7 over white in the light style, #4b4b4b over #1e1e1e in the dark).
  func thumbTop(x: Int, y: Int, height: Int) throws -> Int? {
    guard let convert = which("convert") else { throw SubprocessError("imagemagick's convert is not installed") }
    let result = try run(convert, [path, "-crop", "1x\(height)+\(x)+\(y)", "+repage", "txt:-"], timeout: 30)
    guard result.status == 0 else { throw SubprocessError("convert failed: \(result.standardError)") }
    // "0,17: (215,215,215)  #D7D7D7  srgb(215,215,215)"
    var trough: RGB?
    for line in result.standardOutput.split(separator: "\n") where !line.hasPrefix("#") {
      guard let colon = line.firstIndex(of: ":"), let comma = line.firstIndex(of: ","),
        let row = Int(line[line.index(after: comma)..<colon]),
        let hash = line.range(of: #"#[0-9A-Fa-f]{6}"#, options: .regularExpression)
      else { continue }
      let pixel = RGB(hex: String(line[hash]))
      guard let trough else {
        trough = pixel
        continue
      }
      if !pixel.isClose(to: trough, tolerance: 24) { return y + row }
    }
    return nil
  }
}
