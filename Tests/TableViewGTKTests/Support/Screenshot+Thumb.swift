import Foundation
import TestSupport

extension Screenshot {
  /// The top of the scrollbar's thumb as drawn: the first pixel of the column `x` from `y` down
  /// `height` pixels that is darker than the trough (Adwaita: the trough #cecece, the thumb #7e8182).
  func thumbTop(x: Int, y: Int, height: Int) throws -> Int? {
    guard let convert = which("convert") else { throw SubprocessError("imagemagick's convert is not installed") }
    let result = try run(convert, [path, "-crop", "1x\(height)+\(x)+\(y)", "+repage", "txt:-"], timeout: 30)
    guard result.status == 0 else { throw SubprocessError("convert failed: \(result.standardError)") }
    // "0,17: (126,129,130)  #7E8182  srgb(126,129,130)"
    for line in result.standardOutput.split(separator: "\n") where !line.hasPrefix("#") {
      guard let colon = line.firstIndex(of: ":"), let comma = line.firstIndex(of: ","),
        let row = Int(line[line.index(after: comma)..<colon]),
        let hash = line.range(of: #"#[0-9A-Fa-f]{6}"#, options: .regularExpression)
      else { continue }
      let pixel = RGB(hex: String(line[hash]))
      if pixel.red + pixel.green + pixel.blue < 3 * 170 { return y + row }
    }
    return nil
  }
}
