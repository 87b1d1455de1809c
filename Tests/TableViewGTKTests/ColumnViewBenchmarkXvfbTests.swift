import Foundation
import GRDB
import TestSupport
import Testing

/// The browser's frame benchmark and its GtkColumnView baseline (`--bench --open FILE --table orders`,
/// `--columnview FILE --table orders`) as a check that both run and report, not of their timings: a short fling
/// through a small `orders` table the test builds (the shape of scripts/orders-db.sh).
@Suite(
  "tableview-gtk-demo --bench --open and --columnview",
  .enabled(if: XvfbServer.toolsAvailable, "Xvfb, xdotool or ImageMagick is not installed"), .xvfb)
struct ColumnViewBenchmarkXvfbTests {
  @Test("the browser's fling and GtkColumnView's over the same rows exit 0 and print the figures")
  func bothRunAndReport() async throws {
    let server = try #require(XvfbServer.current)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tvgtk-colbench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("orders.sqlite").path
    try Self.buildOrders(at: path)
    for arguments in [
      ["--bench", "--open", path, "--table", "orders", "--frames", "60"],
      ["--columnview", path, "--table", "orders", "--frames", "60"],
    ] {
      let demo = try BackgroundProcess(
        try DemoBinary.gtkDemo.path(), arguments, environment: DemoSession.environment(display: server.display))
      defer { demo.stop() }
      let status = await demo.waitForExit(timeout: 180)
      let output = demo.standardOutput
      #expect(status == 0, "\(arguments)\nstdout: \(output)\nstderr: \(demo.standardError.suffix(1000))")
      #expect(output.contains("through 5,000 rows"), "\(arguments): \(output)")
      #expect(output.contains("cpu_per_frame_ms        p50 "), "\(arguments): \(output)")
      #expect(output.contains("row_jump_frames         0"), "\(arguments): \(output)")
    }
  }

  /// A small `orders` table (5,000 rows unless `rows` says) of scripts/orders-db.sh's shape, built synchronously.
  static func buildOrders(at path: String, rows: Int = 5_000) throws {
    let database = try DatabaseQueue(path: path)
    try database.write { db in
      try db.execute(
        sql: """
          CREATE TABLE orders(id INTEGER PRIMARY KEY, placed TEXT NOT NULL, customer TEXT, status TEXT, items INTEGER,
            total REAL, note TEXT, receipt BLOB);
          WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows))
          INSERT INTO orders SELECT i, printf('2026-%02d-%02d', 1 + i % 12, 1 + i % 28), 'customer ' || (i % 500),
            'open', 1 + i % 9, i / 7.0, CASE WHEN i % 5 = 0 THEN NULL ELSE 'note ' || i END,
            CASE WHEN i % 101 = 0 THEN randomblob(10) END FROM n;
          """)
    }
    try database.close()
  }
}
