import Foundation
import GRDB
import TestSupport
import Testing

/// End-to-end: `tableview-demo --open FILE` on a database of a shape the demo has never seen (an `orders` table of
/// 10,000 rows with NULLs, empty texts, multi-line notes and BLOBs, a view), in tmux.
@Suite("tableview-demo --open: any SQLite file, in tmux", .enabled(if: which("tmux") != nil, "tmux is not installed"))
final class BrowserTmuxTests {
  let folder: URL
  let path: String
  let timeout = 60.0

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("tvbrowse-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    path = folder.appendingPathComponent("shop.sqlite").path
    let database = try DatabaseQueue(path: path)
    try database.write { db in
      try db.execute(
        sql: """
          CREATE TABLE orders(id INTEGER PRIMARY KEY, placed TEXT NOT NULL, customer TEXT, status TEXT,
            items INTEGER, total REAL, note TEXT, receipt BLOB);
          WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000)
          INSERT INTO orders SELECT i, printf('2026-%02d-%02dT%02d:%02d', 1 + i % 12, 1 + i % 28, i % 24, i % 60),
            'customer ' || (i * 7919 % 5000), CASE i % 3 WHEN 0 THEN 'shipped' WHEN 1 THEN 'open' ELSE 'returned' END,
            1 + i % 9, round((i * 37 % 10000) / 7.0, 2),
            CASE WHEN i % 5 = 0 THEN NULL WHEN i % 7 = 0 THEN '' ELSE 'note for ' || i || char(10) || 'line two' END,
            CASE WHEN i % 11 = 0 THEN zeroblob(1000) END
          FROM n;
          CREATE INDEX orders_placed ON orders(placed);
          CREATE VIEW open_orders AS SELECT * FROM orders WHERE status = 'open';
          """)
    }
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  func start(_ arguments: String) throws -> TmuxSession {
    let demo = try DemoBinary.terminalDemo.path()
    return try TmuxSession(
      tmux: which("tmux")!, command: "'\(demo)' \(arguments); echo \"demo exited $?\"; sleep 30", width: 130,
      height: 14)
  }

  /// The row on screen whose first column is `id`.
  func line(_ screen: [String], id: Int) -> String? {
    screen.first { $0.hasPrefix(" \(id) ") }
  }

  /// The cells of a row (id, placed, customer, status, items, total, note, receipt), trimmed.
  func fields(_ line: String?) -> [String] {
    (line ?? "").split(separator: "│", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
  }

  @Test("a table in columns: NULL unlike an empty text, a BLOB by its size, the last row one key away")
  func columnsAndEnd() throws {
    let session = try start("--open '\(path)' --table orders")
    defer { session.close() }
    let first = try session.waitFor("the first rows", timeout: timeout) { screen in
      screen[0].contains("orders · 10,000 rows") && screen.contains { $0.hasPrefix(" 11 ") && $0.contains("BLOB") }
    }
    #expect(first[1].contains("id") && first[1].contains("placed") && first[1].contains("note"), "\(first[1])")
    #expect(fields(line(first, id: 5))[6] == "NULL", "row 5's note is NULL")
    #expect(fields(line(first, id: 7))[6] == "", "row 7's note is empty, not NULL: \(fields(line(first, id: 7)))")
    #expect(fields(line(first, id: 1))[6] == "note for 1…", "a multi-line note shows its first line")
    #expect(fields(line(first, id: 11))[7] == "BLOB 1,000 bytes", "\(fields(line(first, id: 11)))")
    #expect(fields(line(first, id: 1))[7].hasPrefix("NULL"), "(the scroll indicator closes the first row)")
    try session.send("End")
    let last = try session.waitFor("the last row", timeout: timeout) { screen in line(screen, id: 10000) != nil }
    #expect(last.firstIndex { $0.hasPrefix(" 10000 ") } == 12, "the last row on the last line of the table")
  }

  @Test(
    "sorted by a column that holds NULLs, both ways, paged to the end; filtered by typing; Esc clears it, the row read kept"
  )
  func sortAndFilter() throws {
    let session = try start("--open '\(path)' --table orders")
    defer { session.close() }
    try session.waitFor("the first rows", timeout: timeout) { line($0, id: 1) != nil }
    // The cursor to the note column (the seventh), then s: by note, NULL first.
    for _ in 0..<6 { try session.send("Right") }
    try session.send("s")
    // The row read stays in view: row 1 ("note for 1…"), now among the notes in text order.
    try session.waitFor("sorted by note, row 1 kept", timeout: timeout) { screen in
      screen[0].contains("by note ▲") && screen[2].hasPrefix(" 1 ") && screen[3].hasPrefix(" 1002 ")
    }
    try session.send("Home")
    let ascending = try session.waitFor("the first rows by note", timeout: timeout) { screen in
      screen[0].contains("by note ▲") && line(screen, id: 5) != nil
    }
    #expect(ascending[2].hasPrefix(" 5 ") && ascending[2].contains("NULL"), "\(ascending.joined(separator: "\n"))")
    try session.send("End")
    try session.waitFor("the last note", timeout: timeout) { screen in
      // The largest note text: "note for 9999" (text order), on the table's last line.
      screen[12].contains("note for 9999")
    }
    try session.send("s")
    try session.waitFor("sorted the other way", timeout: timeout) { screen in
      screen[0].contains("by note ▼") && screen[2].contains("note for 9999")
    }
    try session.send("/")
    try session.send("-l", "customer 433")
    try session.send("Enter")
    let filtered = try session.waitFor("the filter", timeout: timeout) { screen in
      screen[0].contains("containing \"customer 433\"") && screen[2].contains("customer 433")
    }
    let rows = filtered[2..<13].filter { $0.hasPrefix(" ") && $0.contains("│") }
    #expect(rows.allSatisfy { $0.contains("customer 433") }, "\(filtered.joined(separator: "\n"))")
    // The fourth match focused (the first ↓ focuses the first row on screen), then the filter cleared: that row
    // stays in view, at the top, among all the rows.
    for _ in 0..<4 { try session.send("Down") }
    let focused = try #require(fields(filtered[5]).first.flatMap { Int($0) })
    try session.send("Escape")
    let cleared = try session.waitFor("the filter cleared", timeout: timeout) { screen in
      screen[0].contains("10,000 rows") && !screen[0].contains("containing") && line(screen, id: focused) != nil
    }
    #expect(cleared[2].hasPrefix(" \(focused) "), "\(cleared.joined(separator: "\n"))")
  }

  @Test("sorted by a column no index serves: the first screen at once, then the whole order through a side index")
  func sortBySideIndex() throws {
    let (lastID, firstID) = try DatabaseQueue(path: path).read { db in
      (
        try Int.fetchOne(db, sql: "SELECT id FROM orders ORDER BY total DESC, id DESC LIMIT 1")!,
        try Int.fetchOne(db, sql: "SELECT id FROM orders ORDER BY total, id LIMIT 1")!
      )
    }
    let session = try start("--open '\(path)' --table orders")
    defer { session.close() }
    try session.waitFor("the first rows", timeout: timeout) { line($0, id: 1) != nil }
    // The cursor to the total column (the sixth), then s: by total, which no index serves.
    for _ in 0..<5 { try session.send("Right") }
    try session.send("s")
    try session.waitFor("the whole order through the side index", timeout: timeout) { screen in
      screen[0].contains("by total ▲") && screen[13].contains("sorted: every row")
    }
    try session.send("Home")
    try session.waitFor("the smallest total first", timeout: timeout) { $0[2].hasPrefix(" \(firstID) ") }
    try session.send("End")
    try session.waitFor("the largest total last", timeout: timeout) { $0[12].hasPrefix(" \(lastID) ") }
    // Again: by total going down, a new index (the old one cancelled).
    try session.send("s")
    try session.waitFor("sorted the other way through a new index", timeout: timeout) { screen in
      screen[0].contains("by total ▼") && screen[13].contains("sorted: every row")
    }
    try session.send("Home")
    try session.waitFor("the largest total first", timeout: timeout) { $0[2].hasPrefix(" \(lastID) ") }
  }

  /// The cells of the header line (screen line 1) that hold a column's divider │, left to right.
  func dividers(_ screen: [String]) -> [Int] {
    Array(screen[1]).enumerated().filter { $0.element == "│" }.map(\.offset)
  }

  @Test("columns resized by < > = and by a drag of a divider; a click on a title sorts; the sideways wheel scrolls")
  func resizeSortByClickAndScrollSideways() throws {
    let session = try start("--open '\(path)' --table orders")
    defer { session.close() }
    let first = try session.waitFor("the first rows", timeout: timeout) { line($0, id: 1) != nil }
    let before = dividers(first)
    #expect(before.count >= 4, "\(first[1])")
    // The cursor is on the first column (id): two cells wider, one narrower, then fitted again.
    try session.send(">")
    try session.send(">")
    try session.waitFor("id two cells wider", timeout: timeout) { dividers($0).first == before[0] + 2 }
    try session.send("<")
    try session.waitFor("id one cell wider", timeout: timeout) { dividers($0).first == before[0] + 1 }
    try session.send("=")
    try session.waitFor("id fitted again", timeout: timeout) { dividers($0) == before }
    // A drag of placed's divider five cells to the right: placed is five cells wider, the rows drawn to match.
    let placed = before[1]
    try session.send("-l", TmuxSession.mouse(0, x: placed, y: 1))
    for x in placed + 1...placed + 5 { try session.send("-l", TmuxSession.mouse(32, x: x, y: 1)) }
    try session.send("-l", TmuxSession.mouse(0, x: placed + 5, y: 1, pressed: false))
    let widened = try session.waitFor("placed five cells wider", timeout: timeout) { screen in
      dividers(screen).count > 1 && dividers(screen)[1] == placed + 5
    }
    let row = try #require(line(widened, id: 1))
    #expect(Array(row).firstIndex(of: "│").map { _ in true } == true)
    #expect(
      Array(row).enumerated().filter { $0.element == "│" }.map(\.offset).dropFirst().first == placed + 5, "\(row)")
    // A click on the status title: sorted by status, going up.
    let status = try #require(widened[1].range(of: "status"))
    let statusX = widened[1].distance(from: widened[1].startIndex, to: status.lowerBound) + 1
    try session.send("-l", TmuxSession.mouse(0, x: statusX, y: 1))
    try session.send("-l", TmuxSession.mouse(0, x: statusX, y: 1, pressed: false))
    try session.waitFor("sorted by status", timeout: timeout) { $0[0].contains("by status ▲") }
    // The note column 40 cells wider: the columns are wider than the window. Then the wheel sideways (button 67:
    // to the right) moves the scrolled columns left; id stays, frozen.
    try session.send("Home")
    for _ in 0..<3 { try session.send("Right") }
    for _ in 0..<40 { try session.send(">") }
    // Every key taken: the note column at its widest (40 cells, from about 16), and the screen still.
    let header = try session.waitForStill("note widened", timeout: timeout, still: 0.5) { screen in
      screen[1].split(separator: "│").contains { $0.contains("note") && $0.count >= 38 }
    }[1]
    // Each event of the wheel is taken before the screen is read (it is still), so the rows and columns compared are
    // where all of them left them; the vertical wheel accelerates, so its rows are only compared for a change.
    for _ in 0..<3 { try session.send("-l", TmuxSession.mouse(67, x: 40, y: 6)) }
    let scrolled = try session.waitForStill("scrolled sideways", timeout: timeout, still: 0.5) { $0[1] != header }
    #expect(scrolled[1].hasPrefix(" id"), "\(scrolled[1])")
    #expect(!scrolled[1].contains("placed"), "placed scrolled under the frozen id column: \(scrolled[1])")
    // The plain wheel (button 65: down, 64: up) scrolls the rows, never the columns; with Shift (+ 4) the columns.
    for _ in 0..<3 { try session.send("-l", TmuxSession.mouse(65, x: 40, y: 6)) }
    let down = try session.waitForStill("the rows scrolled", timeout: timeout, still: 0.5) { $0[2] != scrolled[2] }
    #expect(down[1] == scrolled[1], "the plain wheel left the columns: \(down[1])")
    for _ in 0..<3 { try session.send("-l", TmuxSession.mouse(64, x: 40, y: 6)) }
    let up = try session.waitForStill("the rows scrolled back up", timeout: timeout, still: 0.5) { $0[2] != down[2] }
    #expect(up[1] == scrolled[1], "the plain wheel up left the columns: \(up[1])")
    for _ in 0..<3 { try session.send("-l", TmuxSession.mouse(64 + 4, x: 40, y: 6)) }
    try session.waitFor("the columns back with Shift and the wheel", timeout: timeout) { $0[1] == header }
  }

  @Test("w wraps each value at its column's width; a narrower column measures the rows again, the row read kept")
  func wrapPerColumn() throws {
    let session = try start("--open '\(path)' --table orders")
    defer { session.close() }
    try session.waitFor("the first rows", timeout: timeout) { line($0, id: 1) != nil }
    // Wrapped: row 1's note takes two lines, its second line under it in the note column.
    try session.send("w")
    let wrapped = try session.waitFor("row 1 two lines tall", timeout: timeout) { screen in
      screen.count > 3 && fields(screen[2]).first == "1" && fields(screen[3]).first == ""
        && fields(screen[3]).count > 6 && fields(screen[3])[6] == "line two"
    }
    #expect(fields(wrapped[2])[6] == "note for 1", "the note's first line whole, no …: \(wrapped[2])")
    #expect(fields(wrapped[4]).first == "2", "row 2 right below: \(wrapped[4])")
    // Row 500 at the top, then the note column eight cells narrower: its rows are measured again (four lines for
    // "note for 501" and "line two" at six cells), and row 500 stays at the top.
    try session.send("g")
    try session.send("500", "Enter")
    try session.waitFor("row 500 at the top", timeout: timeout) { $0.count > 2 && fields($0[2]).first == "500" }
    for _ in 0..<6 { try session.send("Right") }
    for _ in 0..<8 { try session.send("<") }
    let narrow = try session.waitForStill("the note column narrower", timeout: timeout, still: 0.5) { screen in
      screen.count > 6 && fields(screen[3]).first == "501" && fields(screen[4]).count > 6
        && fields(screen[4])[6] == "for 501"
    }
    #expect(fields(narrow[2]).first == "500", "the row read stays at the top: \(narrow[2])")
    #expect(narrow[5...6].map { fields($0)[6] } == ["line", "two"], "\(narrow[3...7])")
    #expect(fields(narrow[7]).first == "502", "row 502 right below row 501's four lines: \(narrow[7])")
    // One line a row again, from the row read.
    try session.send("w")
    try session.waitFor("one line a row", timeout: timeout) { screen in
      screen.count > 4 && fields(screen[2]).first == "500" && fields(screen[3]).first == "501"
        && fields(screen[4]).first == "502"
    }
  }

  @Test("a 10 MB text: its first line in its cell; Enter shows it whole, wrapped as far as read; End reaches its end")
  func hugeValueInDetail() throws {
    let database = try DatabaseQueue(path: path)
    try database.write { db in
      try db.execute(
        sql: """
          UPDATE orders SET note = 'first line' || char(10) || replace(hex(zeroblob(1700000)), '00', 'wordy ')
            || 'THE END' WHERE id = 2
          """)
    }
    try database.close()
    let session = try start("--open '\(path)' --table orders")
    defer { session.close() }
    let first = try session.waitFor("the first rows", timeout: timeout) { line($0, id: 2) != nil }
    #expect(fields(line(first, id: 2))[6] == "first line…", "\(fields(line(first, id: 2)))")
    // Row 2 (the first ↓ focuses row 1), the note column, Enter.
    try session.send("Down")
    try session.send("Down")
    for _ in 0..<6 { try session.send("Right") }
    try session.send("Enter")
    let opened = try session.waitFor("the note, whole", timeout: timeout) { screen in
      screen[0].contains("note · row 2 · TEXT · 10,200,018 characters")
    }
    #expect(opened[1] == "first line", "\(opened.joined(separator: "\n"))")
    #expect(opened[2].hasPrefix("wordy wordy "), "\(opened[2])")
    try session.send("End")
    // Wrapping 10 MB takes about 15 s of frames in a debug build on a busy machine: a longer wait.
    let end = try session.waitFor("the end of the note", timeout: 240) { screen in
      // Every screen on the way keeps its title line; the last one shows the text's last words.
      screen[0].contains("note · row 2") && screen.contains { $0.hasSuffix("THE END") } && !screen[0].contains("+")
    }
    // The title's place: the last page, of every line.
    let place = try #require(end[0].firstMatch(of: /lines ([0-9,]+)–([0-9,]+) of ([0-9,]+)/))
    #expect(place.2 == place.3, "\(end[0])")
    try session.send("Escape")
    try session.waitFor("back to the table", timeout: timeout) { screen in screen[1].hasPrefix(" id") }
    // Row 11's receipt, a BLOB of 1,000 zero bytes: a hex dump, 16 bytes a line.
    for _ in 0..<9 { try session.send("Down") }
    try session.send("Right")
    try session.send("Enter")
    let blob = try session.waitFor("the receipt, whole", timeout: timeout) { screen in
      screen[0].contains("receipt · row 11 · BLOB · 1,000 bytes")
    }
    #expect(blob[1].hasPrefix("00000000  00 00 00 00"), "\(blob[1])")
    #expect(blob[2].hasPrefix("00000010  00 00"), "\(blob[2])")
    #expect(blob[0].contains("of 63"), "1,000 bytes are 63 lines: \(blob[0])")
  }

  @Test(
    "another process's insert, update and delete show in the open table, the rows read unmoved, the count following")
  func liveChanges() throws {
    let session = try start("--open '\(path)' --table orders")
    defer { session.close() }
    _ = try session.waitFor("the first rows", timeout: timeout) { screen in
      screen[0].contains("orders · 10,000 rows") && line(screen, id: 3) != nil
    }
    // Another connection (as another process would: the browser notices the file's data_version change).
    let writer = try DatabaseQueue(path: path)
    try writer.write { db in
      try db.execute(sql: "UPDATE orders SET customer = 'changed elsewhere' WHERE id = 3")
      try db.execute(sql: "DELETE FROM orders WHERE id = 2")
      try db.execute(
        sql:
          "INSERT INTO orders(id, placed, customer, status, items, total) VALUES (0, '2026-01-01T00:00', 'new', 'open', 1, 1)"
      )
    }
    // The rows on screen stay where they are (the row inserted above them is above the screen, as a live change
    // moves nothing the user reads); the changed row is drawn again, the deleted one goes.
    let changed = try session.waitFor("the changes on screen", timeout: timeout) { screen in
      fields(line(screen, id: 3)).count > 2 && fields(line(screen, id: 3))[2].hasPrefix("changed elsew")
        && line(screen, id: 2) == nil
    }
    #expect(changed[0].contains("orders · 10,000 rows"), "one inserted, one deleted: \(changed[0])")
    #expect(changed[2].hasPrefix(" 1 "), "the row read stays on the first line: \(changed[2])")
    try session.send("Home")
    let top = try session.waitFor("the new row at the top", timeout: timeout) { screen in line(screen, id: 0) != nil }
    let ids = top.compactMap { Int(fields($0).first ?? "") }
    #expect(Array(ids.prefix(3)) == [0, 1, 3], "in the key's order: \(ids)")
    try writer.write { db in try db.execute(sql: "DELETE FROM orders WHERE id BETWEEN 100 AND 199") }
    try session.waitFor("the count after a hundred deletes", timeout: timeout) { screen in
      screen[0].contains("orders · 9,900 rows")
    }
  }

  @Test("the list of tables and views; a view cannot be paged, said so; a file that is not a database, refused")
  func listAndBadFile() throws {
    let session = try start("--open '\(path)'")
    defer { session.close() }
    let list = try session.waitFor("the list", timeout: timeout) { $0[0].contains("2 tables and views") }
    #expect(list.contains { $0.contains("open_orders") && $0.contains("view · 8 columns · no key") })
    #expect(list.contains { $0.contains("orders") && $0.contains("table · 8 columns") })
    try session.send("Down")
    try session.send("Enter")
    try session.waitFor("the view refused", timeout: timeout) { screen in
      screen.last { !$0.isEmpty }?.contains("open_orders is a view or has no single key") == true
    }
    let garbage = folder.appendingPathComponent("notes.txt").path
    try Data("not a database, just text\n".utf8).write(to: URL(fileURLWithPath: garbage))
    let refused = try start("--open '\(garbage)'")
    defer { refused.close() }
    let screen = try refused.waitFor("the refusal", timeout: timeout) { $0.contains { $0.contains("demo exited") } }
    #expect(screen.contains { $0.contains("demo exited 1") })
    #expect(screen.joined().contains("notes.txt"), "\(screen)")
  }
}
