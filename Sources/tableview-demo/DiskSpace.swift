import DemoData
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The free-space check before a database is built: its size estimated from the rows asked for, the free space
/// of the disk it goes to (`statvfs`), and a refusal with a way out when it would not fit with a margin, so that
/// no `--rows` fills a disk (10⁹ posts would take about 400 GB).
enum DiskSpace {
  /// The bytes a built file takes per row, measured: 200,000 feed posts take 74 MB (371 bytes each).
  static let feedBytesPerRow = 380
  /// See ``feedBytesPerRow``: 200,000 chat messages take 61 MB (302 bytes each).
  static let chatBytesPerRow = 310
  /// What must stay free beyond the estimate: a quarter more (the estimate's error, the indexes being built)
  /// and 256 MB for everything else on the disk.
  static func required(estimate: UInt64) -> UInt64 { estimate + estimate / 4 + 256 << 20 }
  /// The environment variable that gives the free space in bytes instead of `statvfs` (for tests).
  static let freeBytesVariable = "TABLEVIEW_DEMO_FREE_BYTES"

  /// The free bytes for an unprivileged user on the disk of `path`'s folder (its nearest existing ancestor),
  /// or the figure in ``freeBytesVariable``; `nil` when unknown.
  static func freeBytes(near path: String, environment: [String: String]) -> UInt64? {
    if let figure = environment[freeBytesVariable] { return UInt64(figure) }
    var folder = (path as NSString).deletingLastPathComponent
    if folder.isEmpty { folder = "." }
    while !FileManager.default.fileExists(atPath: folder), folder != "/", folder != "." {
      folder = (folder as NSString).deletingLastPathComponent
      if folder.isEmpty { folder = "." }
    }
    var status = statvfs()
    guard statvfs(folder, &status) == 0 else { return nil }
    return UInt64(status.f_bavail) * UInt64(status.f_frsize)
  }

  /// Refuses to build `rows` rows at `path` when they would not fit.
  /// - Parameters:
  ///   - what: "the feed", "the chat"; `unit`: "posts", "messages".
  /// - Throws: A message saying what it needs, what is free, and what fits.
  static func check(
    path: String, rows: Int, bytesPerRow: Int, what: String, unit: String,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(DemoError) {
    guard let free = freeBytes(near: path, environment: environment) else { return }
    let estimate = UInt64(max(0, rows)) * UInt64(bytesPerRow)
    guard required(estimate: estimate) > free else { return }
    let room = free > 256 << 20 ? (free - 256 << 20) * 4 / 5 : 0
    let fits = Int(room / UInt64(bytesPerRow))
    throw DemoError(
      "not enough free space to build \(what) of \(rows.grouped) \(unit): it needs about \(bytes(estimate)) "
        + "and \(bytes(free)) are free on the disk of \((path as NSString).deletingLastPathComponent). "
        + (fits > 0 ? "Ask for fewer rows (--rows \(fits.grouped) fits) or " : "Free some space, or ")
        + "give a file on another disk (--db PATH, --chat-db PATH).")
  }

  /// "1.2 GB", "380 MB".
  static func bytes(_ count: UInt64) -> String {
    let megabytes = Double(count) / 1_000_000
    if megabytes < 1_000 { return "\(Int(megabytes.rounded())) MB" }
    let gigabytes = megabytes / 1_000
    return gigabytes < 100 ? "\((gigabytes * 10).rounded() / 10) GB" : "\(Int(gigabytes.rounded())) GB"
  }
}
