import Foundation
import GRDB
import TestSupport
import Testing

/// End-to-end: `tableview-gtk-demo --open FILE [--table NAME]`, the SQLite browser, on a small file the test builds
/// (3,000 items: a multi-line text column, a NULL and an empty string, a BLOB, an indexed and an unindexed column,
/// a view), driven with xdotool under Xvfb and read through the state file and screenshots.
@Suite(
  "tableview-gtk-demo --open: the SQLite browser under Xvfb", .serialized,
  .enabled(if: XvfbServer.toolsAvailable, "Xvfb, xdotool or ImageMagick is not installed"), .xvfb)
final class BrowserXvfbTests {
  let folder: URL
  let path: String
  /// The items' columns, in the table's order.
  static let columns = ["id", "name", "score", "note", "city", "description", "amount", "payload", "extra"]
  static let rowCount = 3_000

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("tvgtk-browser-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    path = folder.appendingPathComponent("items.sqlite").path
    let database = try DatabaseQueue(path: path)
    try database.write { db in
      try db.execute(
        sql: """
          CREATE TABLE items(id INTEGER PRIMARY KEY, name TEXT, score INTEGER, note TEXT, city TEXT,
            description TEXT, amount REAL, payload BLOB, extra TEXT);
          CREATE INDEX items_score ON items(score);
          CREATE VIEW cheap AS SELECT id, name FROM items WHERE score < 100;
          """)
      for i in 1...Self.rowCount {
        // Item 2's name is NULL, item 3's empty; the score is indexed, the city not.
        let name: String? = i == 2 ? nil : i == 3 ? "" : "name \(i)"
        try db.execute(
          sql: "INSERT INTO items VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
          arguments: [
            i, name, (i * 7_919) % 1_000, "line one of \(i)\nline two", "city \((i * 31) % 97)",
            "a fairly long description of item \(i), which goes on and on", Double(i) * 1.5,
            Data(repeating: 7, count: i % 50), "extra \(i)",
          ])
      }
    }
    try database.close()
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  /// The value SQLite sorts first in `column` (the minimum).
  func minimum(_ column: String) throws -> String {
    let database = try DatabaseQueue(path: path)
    defer { try? database.close() }
    return try database.read { db in
      try String.fetchOne(db, sql: "SELECT CAST(\(column) AS TEXT) FROM items ORDER BY \(column) LIMIT 1") ?? ""
    }
  }

  /// Keeps a screenshot where `TABLEVIEW_SCREENSHOTS` (a folder) says, to be looked at.
  func keep(_ shot: Screenshot, as name: String) {
    guard let directory = ProcessInfo.processInfo.environment["TABLEVIEW_SCREENSHOTS"] else { return }
    let target = URL(fileURLWithPath: directory).appendingPathComponent(name).path
    try? FileManager.default.removeItem(atPath: target)
    try? FileManager.default.copyItem(atPath: shot.path, toPath: target)
  }

  @Test("a missing file, a file that is not SQLite or an unknown table: a message and exit status 1")
  func unopenableFiles() throws {
    let binary = try DemoBinary.gtkDemo.path()
    let text = folder.appendingPathComponent("notes.txt").path
    try "not a database".write(toFile: text, atomically: true, encoding: .utf8)
    for (arguments, expected) in [
      (["--open", folder.appendingPathComponent("missing.sqlite").path], "cannot be opened"),
      (["--open", text], "not a database"),
      (["--open", path, "--table", "nope"], "no table or view named \"nope\""),
    ] {
      let result = try run(binary, arguments, environment: ["DISPLAY": ":9999"], timeout: 60)
      #expect(result.status == 1, "\(arguments): \(result.standardError)")
      #expect(result.standardError.contains(expected), "\(arguments): \(result.standardError)")
    }
  }

  @Test("without --table, the file's tables and views; a click opens one (header, title); Esc goes back")
  func listOfTables() async throws {
    let demo = try DemoSession(["--open", path])
    defer { demo.close() }
    let list = try await demo.waitForBrowser("the list of tables") { $0.mode == "list" && $0.state.visibleRows == 2 }
    #expect(list.tables == ["cheap", "items"], "\(list)")
    #expect(list.windowTitle.contains("items.sqlite"), "\(list)")
    let window = try await demo.window()
    // The second row is the table: a click opens it.
    let tops = try #require(list.state.rowTops)
    let viewport = try #require(list.state.viewportRect)
    try demo.movePointer(to: Int(viewport[0]) + 100, Int(tops[1]) + 20, in: window)
    try demo.xdotool("click", "1")
    let grid = try await demo.waitForBrowser("the table") { $0.isSettled && $0.table == "items" }
    #expect(grid.columnTitles == Self.columns, "\(grid)")
    #expect(grid.headerTexts.prefix(5).map { $0 ?? "" } == Array(Self.columns.prefix(5)), "\(grid)")
    #expect(grid.windowTitle.contains("items.sqlite") && grid.windowTitle.contains("items"), "\(grid)")
    #expect(grid.rowCount == Self.rowCount, "\(grid)")
    #expect(grid.loaded(0)?.prefix(3) == ["1", "2", "3"], "\(grid)")
    // A NULL reads NULL (drawn dim and italic), an empty text nothing, a multi-line text its first line and …, a
    // BLOB its size.
    #expect(grid.rows[1]?[1] == "NULL" && grid.rows[2]?[1] == "", "\(grid)")
    #expect(grid.rows[0]?[3] == "line one of 1…", "\(grid)")
    #expect(grid.rows[0]?[7] == "BLOB 1 bytes", "\(grid)")
    try demo.xdotool("key", "Escape")
    let back = try await demo.waitForBrowser("the list again") { $0.mode == "list" }
    #expect(back.state.focus == "table", "\(back)")
    // Down, Down and Enter open the table again from the keyboard.
    try demo.xdotool("key", "Down", "Down", "Return")
    try await demo.waitForBrowser("the table from the keyboard") { $0.isSettled && $0.table == "items" }
    #expect(!demo.standardError.contains("CRITICAL"), "\(demo.standardError)")
  }

  @Test(
    "End shows the last row; a click on a title sorts (▲, the reading row kept; the minimum first), by an index or a side index; a drag of a divider widens the column; → and Shift+wheel scroll sideways"
  )
  func gridInput() async throws {
    let demo = try DemoSession(["--open", path, "--table", "items", "--light"])
    defer { demo.close() }
    let first = try await demo.waitForBrowser("the table") { $0.isSettled && $0.rowCount == Self.rowCount }
    #expect(first.columnTitles == Self.columns, "\(first)")
    let window = try await demo.window()
    try demo.movePointer(to: 300, 300, in: window)

    // End: the last row, focused and fully shown.
    try demo.xdotool("key", "End")
    let end = try await demo.waitForBrowser("the last row") {
      $0.isSettled && $0.state.focusedRow == [0, Self.rowCount - 1] && $0.loaded(0)?.last == "\(Self.rowCount)"
    }
    let viewport = try #require(end.state.viewportRect)
    let tops = try #require(end.state.rowTops)
    let heights = try #require(end.state.rowHeights)
    #expect(tops.last! + heights.last! <= viewport[1] + viewport[3] + 0.5, "the last row cut off: \(end)")
    try demo.xdotool("key", "Home")
    try await demo.waitForBrowser("the first row") { $0.isSettled && $0.loaded(0)?.first == "1" }

    // A click on an indexed column's title: ascending (▲), the row being read (the first) kept at the top.
    func clickTitle(_ column: Int, _ state: BrowserState) throws {
      let x = state.headerRect[0] + state.columnX[column] + 12
      try demo.movePointer(to: Int(x), Int(state.headerRect[1] + state.headerRect[3] / 2), in: window)
      try demo.xdotool("click", "1")
    }
    try clickTitle(2, first)
    let sorted = try await demo.waitForBrowser("sorted by score, the focus kept") {
      $0.isSettled && $0.sort?.column == 2 && $0.focusedValues != nil
    }
    #expect(sorted.sort?.ascending == true, "\(sorted)")
    #expect(sorted.columnTitles[2] == "score ▲" && sorted.headerTexts[2] == "score ▲", "\(sorted)")
    #expect(sorted.loaded(0)?.first == "1", "the reading row (item 1) kept: \(sorted)")
    #expect(sorted.focusedValues?.first == "1", "the focus kept on item 1: \(sorted)")
    #expect(sorted.sortIndex == "none", "an index serves the score: \(sorted)")
    #expect(sorted.windowTitle.contains("by score ▲"), "\(sorted)")
    try demo.xdotool("key", "Home")
    let lowest = try minimum("score")
    let top = try await demo.waitForBrowser("the lowest score first") { $0.isSettled && $0.loaded(2)?.first == lowest }
    let scores = try #require(top.loaded(2)).compactMap(Int.init)
    #expect(scores == scores.sorted() && scores.count == top.rows.count, "\(top)")

    // An unindexed column: the first screen by a scan, then every row through a side index built meanwhile.
    try clickTitle(4, top)
    let byCity = try await demo.waitForBrowser("sorted by city through the side index") {
      $0.isSettled && $0.sort?.column == 4 && $0.sortIndex == "reading" && $0.focusedValues != nil
    }
    #expect(byCity.columnTitles[4] == "city ▲" && byCity.columnTitles[2] == "score", "\(byCity)")
    #expect(byCity.focusedValues?[2] == lowest, "the focus kept through the side index: \(byCity)")
    try demo.xdotool("key", "Home")
    let city = try minimum("city")
    let cities = try await demo.waitForBrowser("the first city first") { $0.isSettled && $0.loaded(4)?.first == city }
    // Again: descending (▼).
    try clickTitle(4, cities)
    let descending = try await demo.waitForBrowser("sorted by city, descending") {
      $0.isSettled && $0.sort?.column == 4 && $0.sort?.ascending == false
    }
    #expect(descending.headerTexts[4] == "city ▼", "\(descending)")

    // A drag of the name column's divider (its right edge) 60 pixels right widens it; the rows stay.
    let before = descending
    let right = before.headerRect[0] + before.columnX[1] + before.columnWidths[1] - 1
    let y = Int(before.headerRect[1] + before.headerRect[3] / 2)
    try demo.movePointer(to: Int(right), y, in: window)
    try demo.xdotool("mousedown", "1")
    for step in 1...6 { try demo.movePointer(to: Int(right) + step * 10, y, in: window) }
    try demo.xdotool("mouseup", "1")
    let widened = try await demo.waitForBrowser("the name column wider") {
      $0.isSettled && $0.columnWidths[1] >= before.columnWidths[1] + 40
    }
    #expect(widened.sort?.column == 4 && widened.sort?.ascending == false, "a drag is not a click: \(widened)")
    #expect(widened.loaded(0) == before.loaded(0), "the reading row kept: \(before) → \(widened)")
    #expect(widened.columnX[2] >= before.columnX[2] + 40, "the next column moved right: \(widened)")

    // → to the last column, off screen: the columns scroll sideways to show it whole (the first stays).
    let last = Self.columns.count - 1
    #expect(widened.columnX[last] + widened.columnWidths[last] > widened.viewportWidth, "\(widened)")
    #expect(widened.horizontalOffset == 0, "\(widened)")
    for _ in 0..<last { try demo.xdotool("key", "Right") }
    let scrolled = try await demo.waitForBrowser("the last column shown") { $0.focusedColumn == last }
    #expect(scrolled.horizontalOffset > 0, "\(scrolled)")
    #expect(scrolled.columnX[last] + scrolled.columnWidths[last] <= scrolled.viewportWidth + 0.5, "\(scrolled)")
    #expect(scrolled.columnX[0] == 0, "the first column frozen: \(scrolled)")
    #expect(scrolled.headerTexts[last] == Self.columns[last], "\(scrolled)")
    // ← back to the first: the offset back to 0; then Shift and the wheel scroll sideways, the rows stay.
    for _ in 0..<last { try demo.xdotool("key", "Left") }
    let home = try await demo.waitForBrowser("back to the first column") { $0.focusedColumn == 0 }
    #expect(home.horizontalOffset == 0, "\(home)")
    try demo.xdotool("keydown", "shift", "click", "5", "click", "5", "keyup", "shift")
    let wheeled = try await demo.waitForBrowser("scrolled sideways by the wheel") { $0.horizontalOffset > 0 }
    #expect(wheeled.loaded(0) == home.loaded(0), "the wheel with Shift does not scroll the rows: \(wheeled)")
    #expect(wheeled.scrollbarRect != nil, "\(wheeled)")
    keep(try demo.screenshot(), as: "browser-light.png")
    #expect(!demo.standardError.contains("CRITICAL"), "\(demo.standardError)")
    #expect(!demo.standardError.contains("WARNING"), "\(demo.standardError)")
  }

  @Test("another process's writes show: a changed value, a new row counted, a deleted row gone")
  func liveWrites() async throws {
    let demo = try DemoSession(["--open", path, "--table", "items"])
    defer { demo.close() }
    try await demo.waitForBrowser("the table") { $0.isSettled && $0.loaded(1)?.first == "name 1" }
    let database = try DatabaseQueue(path: path)
    defer { try? database.close() }
    try await database.write { db in
      try db.execute(sql: "UPDATE items SET name = 'renamed by another process' WHERE id = 1")
      try db.execute(sql: "DELETE FROM items WHERE id = 4")
      try db.execute(sql: "INSERT INTO items(id, name) VALUES (5000, 'new')")
    }
    let after = try await demo.waitForBrowser("the writes on screen") { state in
      state.isSettled && state.loaded(1)?.first == "renamed by another process"
        && state.loaded(0).map { !$0.contains("4") } == true && state.rowCount == Self.rowCount
    }
    #expect(after.loaded(0)?.prefix(4) == ["1", "2", "3", "5"], "\(after)")
    #expect(after.windowTitle.contains("3,000 rows"), "\(after)")
  }

  @Test("a narrower window: the columns laid out for its width, the header too, the rows still drawn, no warnings")
  func narrowerWindow() async throws {
    let demo = try DemoSession(["--open", path, "--table", "items"])
    defer { demo.close() }
    let wide = try await demo.waitForBrowser("the table") { $0.isSettled }
    _ = try await demo.window()
    try demo.xdotool("windowsize", try demo.windowID(), "600", "450")
    let narrow = try await demo.waitForBrowser("the columns at the new width") {
      $0.isSettled && $0.viewportWidth < wide.viewportWidth - 200 && $0.headerRect.count == 4
        && $0.headerRect[2] <= 600
    }
    #expect(narrow.maximumHorizontalOffset > wide.maximumHorizontalOffset, "\(narrow)")
    #expect(narrow.loaded(0)?.first == "1", "\(narrow)")
    let drawn = try #require(narrow.state.rowTops)
    #expect(drawn.count >= 5, "\(narrow)")
    // Wider again: every column fits.
    try demo.xdotool("windowsize", try demo.windowID(), "1100", "600")
    let wider = try await demo.waitForBrowser("the columns at the wider width") {
      $0.isSettled && $0.viewportWidth > wide.viewportWidth + 100
    }
    #expect(wider.maximumHorizontalOffset == 0 && wider.horizontalOffset == 0, "\(wider)")
    #expect(!demo.standardError.contains("WARNING"), "\(demo.standardError)")
    #expect(!demo.standardError.contains("CRITICAL"), "\(demo.standardError)")
  }

  @Test(
    "the light and dark styles: the header in the window's colour, the rows in the view's, NULL dimmer than text",
    arguments: [("--light", false), ("--dark", true)])
  func styles(_ argument: String, _ isDark: Bool) async throws {
    let demo = try DemoSession(["--open", path, "--table", "items", argument])
    defer { demo.close() }
    let grid = try await demo.waitForBrowser("the table") { $0.isSettled }
    #expect(grid.state.isDark == isDark, "\(grid)")
    let window = try await demo.window()
    // The screenshot is taken once the frame is drawn: the state is written after a layout.
    try await demo.waitUntilQuiet("the first frame")
    let shot = try demo.screenshot()
    keep(shot, as: "browser\(argument).png")
    let view = isDark ? RGB(hex: "#1e1e1e") : RGB(hex: "#ffffff")
    let header = isDark ? RGB(hex: "#242424") : RGB(hex: "#fafafa")
    // A pixel of the header right of the last title, and one of a row's padding.
    let headerPixel = try shot.pixel(
      x: window.x + Int(grid.headerRect[0] + grid.columnX[2] + 3), y: window.y + Int(grid.headerRect[1]) + 4)
    #expect(headerPixel.isClose(to: header, tolerance: 14), "header \(headerPixel), expected \(header)")
    let tops = try #require(grid.state.rowTops)
    let viewport = try #require(grid.state.viewportRect)
    let rowPixel = try shot.pixel(
      x: window.x + Int(viewport[0] + grid.columnX[2] + 3), y: window.y + Int(tops[0]) + 4)
    #expect(rowPixel.isClose(to: view, tolerance: 14), "row \(rowPixel), expected \(view)")
    // Item 2's NULL is drawn, fainter than item 1's name (less contrast with the background).
    func contrast(row: Int) throws -> Double {
      let rect = ScreenRect(
        x: window.x + Int(viewport[0] + grid.columnX[1]) + 4, y: window.y + Int(tops[row]) + 6,
        width: Int(grid.columnWidths[1]) - 10, height: 18)
      let range = try shot.intensityRange(in: rect)
      return range.lightest - range.darkest
    }
    let text = try contrast(row: 0)
    let null = try contrast(row: 1)
    #expect(null > 0.1 && null < text - 0.1, "NULL's contrast \(null), a name's \(text)")
  }

  @Test(
    "Ctrl+L goes to row N (at the top, focused; clamped); typing filters the rows (containing \"…\" in the title); Esc: every row again at the reading row; Ctrl+F too",
    arguments: ["--light", "--dark"])
  func filterAndGoTo(_ style: String) async throws {
    let demo = try DemoSession(["--open", path, "--table", "items", style])
    defer { demo.close() }
    try await demo.waitForBrowser("the table") { $0.isSettled && $0.rowCount == Self.rowCount }
    let window = try await demo.window()
    try demo.movePointer(to: 300, 300, in: window)

    // Ctrl+L: "Go to row"; only digits are typed in; Enter shows row 123 at the top, focused.
    try demo.xdotool("key", "ctrl+l")
    try await demo.waitForBrowser("the go-to popover") { $0.goToShown && $0.state.focus == "entry" }
    if style == "--light" { keep(try demo.screenshot(), as: "browser-goto\(style).png") }
    try demo.xdotool("type", "1x23")
    try demo.xdotool("key", "Return")
    let row123 = try await demo.waitForBrowser("row 123 at the top, focused") {
      $0.isSettled && !$0.goToShown && $0.loaded(0)?.first == "123" && $0.focusedValues?.first == "123"
    }
    #expect(row123.state.focus == "table", "\(row123)")
    #expect(row123.state.focusedRow == [0, 122], "\(row123)")

    // Typing on the rows starts the filter (GNOME's search bar): the notes "line one of 123", "… of 1230" to 1239.
    // (The rest once the bar is open: a space typed within milliseconds of its opening can be lost.)
    try demo.xdotool("key", "o")
    try await demo.waitForBrowser("the search bar opened by typing") { $0.searchShown && $0.state.focus == "entry" }
    try demo.xdotool("key", "f", "space", "1", "2", "3")
    let filtered = try await demo.waitForBrowser("the rows containing \"of 123\"") {
      $0.isSettled && $0.filter == "of 123" && $0.rowCount == 11
    }
    #expect(filtered.searchShown, "\(filtered)")
    #expect(filtered.loaded(0) == ["123"] + (1_230...1_239).map(String.init), "\(filtered)")
    #expect(filtered.windowTitle.contains("containing \"of 123\""), "\(filtered)")
    keep(try demo.screenshot(), as: "browser-filter\(style).png")

    // Esc (in the entry): the bar closes, every row again, the reading row (123) at the top and focused.
    try demo.xdotool("key", "Escape")
    let all = try await demo.waitForBrowser("every row again, at row 123") {
      $0.isSettled && $0.filter.isEmpty && $0.rowCount == Self.rowCount && $0.loaded(0)?.first == "123"
        && $0.focusedValues?.first == "123"
    }
    #expect(!all.searchShown && all.state.focus == "table", "\(all)")
    #expect(!all.windowTitle.contains("containing"), "\(all)")

    // Ctrl+F shows the bar; a name filter; Esc on the rows (Down went into them) clears it too.
    try demo.xdotool("key", "ctrl+f")
    try await demo.waitForBrowser("the search bar") { $0.searchShown && $0.state.focus == "entry" }
    try demo.xdotool("key", "n", "a", "m", "e", "space", "2", "9")
    let names = try await demo.waitForBrowser("the rows named \"name 29…\"") {
      $0.isSettled && $0.filter == "name 29" && $0.rowCount == 111
    }
    #expect(names.loaded(1)?.allSatisfy { $0.hasPrefix("name 29") } == true, "\(names)")
    try demo.xdotool("key", "Down")
    try await demo.waitForBrowser("the first match focused") {
      $0.state.focus == "table" && $0.focusedValues?[1] == "name 29"
    }
    try demo.xdotool("key", "Escape")
    try await demo.waitForBrowser("every row again, at row 29") {
      $0.isSettled && $0.filter.isEmpty && !$0.searchShown && $0.rowCount == Self.rowCount
        && $0.loaded(0)?.first == "29" && $0.focusedValues?.first == "29"
    }

    // A row past the end: the last one, focused.
    try demo.xdotool("key", "ctrl+g")
    try await demo.waitForBrowser("the go-to popover again") { $0.goToShown && $0.state.focus == "entry" }
    try demo.xdotool("type", "99999")
    try demo.xdotool("key", "Return")
    try await demo.waitForBrowser("the last row, focused") {
      $0.isSettled && $0.focusedValues?.first == "\(Self.rowCount)" && $0.loaded(0)?.last == "\(Self.rowCount)"
    }
    #expect(!demo.standardError.contains("CRITICAL"), "\(demo.standardError)")
    #expect(!demo.standardError.contains("WARNING"), "\(demo.standardError)")
  }

  @Test(
    "Enter shows the focused cell's whole value in a window (a multi-line text, NULL, a BLOB's hex dump); Esc closes it and the rows have the focus again",
    arguments: ["--light", "--dark"])
  func valueWindow(_ style: String) async throws {
    let demo = try DemoSession(["--open", path, "--table", "items", style])
    defer { demo.close() }
    try await demo.waitForBrowser("the table") { $0.isSettled && $0.rowCount == Self.rowCount }
    let main = try await demo.window()
    try demo.movePointer(to: 300, 300, in: main)
    try demo.xdotool("key", "ctrl+l")
    try await demo.waitForBrowser("the go-to popover") { $0.goToShown && $0.state.focus == "entry" }
    try demo.xdotool("type", "5")
    try demo.xdotool("key", "Return")
    try await demo.waitForBrowser("row 5 focused") { $0.isSettled && $0.focusedValues?.first == "5" }

    /// Enter on column `column` of the focused row: its value window, once shown (the pointer over it for its keys).
    func open(_ column: Int) async throws -> (BrowserState, ScreenRect) {
      try demo.movePointer(to: 300, 300, in: main)
      for _ in 0..<column { try demo.xdotool("key", "Right") }
      try await demo.waitForBrowser("the cursor on column \(column)") { $0.focusedColumn == column }
      try demo.xdotool("key", "Return")
      let shown = try await demo.waitForBrowser("the value of \(Self.columns[column])") {
        $0.valueTitle == Self.columns[column]
      }
      let window = try await demo.window(named: "^\(Self.columns[column])$")
      try demo.movePointer(to: 100, 100, in: window)
      return (shown, window)
    }
    /// Esc in the value window: closed, the rows focused, the cursor back to the first column.
    func close() async throws {
      try demo.xdotool("key", "Escape")
      try await demo.waitForBrowser("the value window closed") { $0.valueTitle == nil && $0.state.focus == "table" }
      try demo.movePointer(to: 300, 300, in: main)
      for _ in 0..<Self.columns.count { try demo.xdotool("key", "Left") }
      try await demo.waitForBrowser("the first column") { $0.focusedColumn == 0 }
    }

    // The note: both its lines (the grid shows the first and …).
    let (note, noteWindow) = try await open(3)
    #expect(note.valueText == "line one of 5\nline two", "\(note)")
    #expect(note.valueSubtitle?.contains("row 5") == true && note.valueSubtitle?.contains("TEXT") == true, "\(note)")
    #expect(noteWindow.width >= 400 && noteWindow.height >= 300, "\(noteWindow)")
    try await demo.waitUntilQuiet("the value window drawn")
    keep(try demo.screenshot(), as: "browser-value\(style).png")
    try await close()

    // A BLOB: its size and a hex dump.
    let (blob, _) = try await open(7)
    #expect(blob.valueText?.hasPrefix("BLOB · 5 bytes") == true, "\(blob)")
    #expect(blob.valueText?.contains("00000000  07 07 07 07 07") == true, "\(blob)")
    try await close()

    // Item 2's NULL name.
    try demo.xdotool("key", "ctrl+l")
    try await demo.waitForBrowser("the go-to popover") { $0.goToShown && $0.state.focus == "entry" }
    try demo.xdotool("type", "2")
    try demo.xdotool("key", "Return")
    try await demo.waitForBrowser("row 2 focused") { $0.isSettled && $0.focusedValues?.first == "2" }
    let (null, _) = try await open(1)
    #expect(null.valueText == "NULL" && null.valueSubtitle?.hasSuffix("NULL") == true, "\(null)")
    if style == "--dark" {
      try await demo.waitUntilQuiet("the NULL value drawn")
      keep(try demo.screenshot(), as: "browser-value-null\(style).png")
    }
    try await close()
    #expect(!demo.standardError.contains("CRITICAL"), "\(demo.standardError)")
    #expect(!demo.standardError.contains("WARNING"), "\(demo.standardError)")
  }
}
