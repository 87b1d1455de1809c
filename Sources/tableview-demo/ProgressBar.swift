/// A progress bar in text, with eighths of a cell: "███▍    ".
enum ProgressBar {
  /// A bar `width` cells wide, filled to `fraction` (clamped to 0…1).
  static func text(_ fraction: Double, width: Int) -> String {
    let eighths = Int((min(1, max(0, fraction)) * Double(width * 8)).rounded(.down))
    let partials: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]
    var bar = String(repeating: "█", count: eighths / 8)
    if eighths % 8 > 0 { bar.append(partials[eighths % 8 - 1]) }
    return "▕" + bar + String(repeating: " ", count: width - bar.count) + "▏"
  }
}
