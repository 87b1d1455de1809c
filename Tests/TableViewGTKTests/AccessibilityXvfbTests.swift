import Foundation
import TestSupport
import Testing

/// End-to-end, the way a screen reader sees the table: the demo runs with the accessibility bus (a private
/// D-Bus session, `AccessibilityBus`), and its tree is read through AT-SPI with pyatspi, as Orca reads it:
/// roles, names, descriptions (a row's place in the whole table) and states, after real key presses and
/// scrolls (xdotool). GTK does not pass POS_IN_SET and SET_SIZE on to AT-SPI; what the table told GTK for
/// them is read from the demo's state file and checked against the same rows.
@Suite(
  "accessibility through AT-SPI under Xvfb", .serialized,
  .enabled(
    if: XvfbServer.toolsAvailable && AccessibilityBus.toolsAvailable,
    "Xvfb, xdotool, ImageMagick, dbus-daemon, at-spi2-core or python3-pyatspi is not installed"),
  .xvfb)
struct AccessibilityXvfbTests {
  /// Starts the demo on the accessibility bus and waits for rows on screen.
  func start(_ arguments: [String]) async throws -> (AccessibilityBus, DemoSession, ScreenRect) {
    let bus = try await AccessibilityBus()
    let demo = try DemoSession(arguments, accessibility: bus)
    try await demo.waitFor("rows on screen", timeout: 60) { ($0.visibleRows ?? 0) > 0 }
    let window = try await demo.window(timeout: 60)
    return (bus, demo, window)
  }

  /// Reads the demo's tree until `predicate` holds for its list (AT-SPI follows the widgets a moment later).
  func waitForList(
    _ what: String, _ bus: AccessibilityBus, _ demo: DemoSession, timeout: Double = 60,
    _ predicate: (AccessibleNode) -> Bool = { _ in true }
  ) async throws -> AccessibleNode {
    let deadline = Date().addingTimeInterval(timeout)
    var last = "no tree"
    while true {
      let tree = try bus.tree(of: demo.process.pid, display: demo.server.display)
      if let list = tree.first(where: { $0.role == "list" }) {
        if predicate(list) { return list }
        last = (list.children ?? []).map(\.summary).joined(separator: "\n")
      }
      if Date() > deadline {
        throw SubprocessError(
          "timed out after \(timeout) s waiting for \(what); the list:\n\(last)\n\(demo.diagnostics)")
      }
      try await Task.sleep(for: .milliseconds(300))
    }
  }

  /// The list's items (the rows on screen) and headings (section headers).
  func items(_ list: AccessibleNode) -> [AccessibleNode] { (list.children ?? []).filter { $0.role == "list item" } }
  func headings(_ list: AccessibleNode) -> [AccessibleNode] { (list.children ?? []).filter { $0.role == "heading" } }

  /// The 1-based row number in a fixed-rows title: "Row 500,001, 0x7A120" → 500001.
  func titleNumber(_ item: AccessibleNode) -> Int? {
    guard item.name.hasPrefix("Row ") else { return nil }
    return Int(item.name.dropFirst(4).prefix { $0.isNumber || $0 == "," }.filter(\.isNumber))
  }

  /// "row 500,001 of 1,000,000, section 6" → (500001, 1000000, 6).
  func place(_ item: AccessibleNode) -> (row: Int, of: Int, section: Int)? {
    let words = item.description.replacingOccurrences(of: ",", with: "").split(separator: " ")
    guard words.count == 6, words[0] == "row", words[2] == "of", words[4] == "section",
      let row = Int(words[1]), let count = Int(words[3]), let section = Int(words[5])
    else { return nil }
    return (row, count, section)
  }

  /// Checks every list item as a screen reader would read it: its title's number is its place in the whole
  /// table (a fixed-rows title counts rows from 1 across sections), out of 1,000,000, in the section of
  /// 100,000 rows it falls in; what GTK was told (POS_IN_SET, SET_SIZE) says the same.
  func expectPlaces(_ list: AccessibleNode, _ state: DemoState) {
    let rows = items(list)
    for (i, item) in rows.enumerated() {
      guard let number = titleNumber(item), let place = place(item) else {
        Issue.record("a list item without a row title or a place: \(item.summary)")
        continue
      }
      #expect(place.row == number, "\(item.summary)")
      #expect(place.of == 1_000_000, "\(item.summary)")
      #expect(place.section == (number - 1) / 100_000 + 1, "\(item.summary)")
      if let positions = state.accessibilityPositions, i < positions.count {
        #expect(positions[i] == [number, 1_000_000], "POS_IN_SET and SET_SIZE of \(item.summary): \(state)")
      }
    }
  }

  /// Checks that each section's heading comes before the section's rows in the list (as a screen reader walks it):
  /// every item is in the section of the last heading before it, and a heading comes first.
  func expectHeadingsBeforeTheirRows(_ list: AccessibleNode) {
    let children = list.children ?? []
    #expect(children.first?.role == "heading", "\(children.map(\.summary))")
    var section: Int?
    for child in children {
      if child.role == "heading" {
        // "Rows 100,001–200,000": its first row's section.
        let first = Int(child.name.dropFirst(5).prefix { $0.isNumber || $0 == "," }.filter(\.isNumber)) ?? 0
        section = (first - 1) / 100_000 + 1
      } else if child.role == "list item", let place = place(child) {
        #expect(place.section == section, "\(child.summary) after the heading of section \(section ?? 0)")
      }
    }
  }

  @Test("the table is a list; the rows on screen are its items, each saying its place; the header is a heading")
  func listAndItems() async throws {
    let (bus, demo, _) = try await start(["--demo", "fixed", "--rows", "1000000"])
    defer {
      demo.close()
      bus.close()
    }
    let state = try await demo.waitUntilQuiet("the first rows", timeout: 60)
    let list = try await waitForList("the rows", bus, demo) { items($0).count == state.visibleRows }
    #expect(list.name == "1,000,000 rows", "\(list.summary)")
    #expect(list.has("focusable") && list.has("focused"), "the table has the keyboard focus: \(list.summary)")
    let rows = items(list)
    let numbers = rows.compactMap(titleNumber)
    #expect(numbers == Array(1...max(1, rows.count)), "the first rows, in order")
    #expect(rows.first?.description == "row 1 of 1,000,000, section 1")
    #expect(rows.allSatisfy { $0.has("selectable") && !$0.has("selected") })
    #expect(headings(list).map(\.name) == ["Rows 1–100,000"])
    expectHeadingsBeforeTheirRows(list)
    #expect(state.accessibilityPositions?.count == rows.count, "\(state)")
    expectPlaces(list, state)
    // The application has a name (GTK 4.8 gives AT-SPI the program name, "Unnamed" without one).
    let tree = try bus.tree(of: demo.process.pid, display: demo.server.display)
    #expect(tree.role == "application" && tree.name == "tableview-gtk-demo", "\(tree.summary)")
  }

  @Test(
    "↓ moves GTK's focus to the row (a focus event, the focused state) and its selection, and sends nothing else: no name, description or children events"
  )
  func keysSendFocusEvents() async throws {
    let (bus, demo, window) = try await start(["--demo", "fixed", "--rows", "1000000", "--always-show-scrollbars"])
    defer {
      demo.close()
      bus.close()
    }
    let state = try await demo.waitUntilQuiet("the first rows", timeout: 60)
    // Read the list first, as a screen reader does when it comes to it.
    _ = try await waitForList("the rows", bus, demo) { items($0).count == state.visibleRows }
    let recorder = try bus.recordEvents(of: demo.process.pid, display: demo.server.display)
    defer { recorder.stop() }
    try await recorder.ready()
    try demo.movePointer(to: 400, 300, in: window)
    try demo.xdotool("key", "Down")
    try await demo.waitFor("the focus on row 1", timeout: 60) { $0.focusedRow == [0, 0] && $0.isSettled }
    let first = try await recorder.flush()
    func has(_ events: some Sequence<AccessibleEvent>, _ type: String, _ detail: Int, row: Int) -> Bool {
      events.contains {
        $0.type == type && $0.detail1 == detail && $0.role == "list item" && $0.name.hasPrefix("Row \(row),")
      }
    }
    #expect(has(first, "object:state-changed:focused", 1, row: 1), "\(first.map(\.summary))")
    #expect(has(first, "focus:", 0, row: 1), "\(first.map(\.summary))")
    #expect(
      first.contains { $0.type == "object:state-changed:focused" && $0.detail1 == 0 && $0.role == "list" },
      "the list hands the focus to the row: \(first.map(\.summary))")

    try demo.xdotool("key", "Down", "Down")
    try await demo.waitFor("the focus on row 3", timeout: 60) { $0.focusedRow == [0, 2] && $0.isSettled }
    let keys = try await recorder.flush().dropFirst(first.count)
    let summary = keys.map(\.summary).joined(separator: "\n")
    for row in [2, 3] {
      #expect(has(keys, "object:state-changed:focused", 1, row: row), "focused: row \(row)\n\(summary)")
      #expect(has(keys, "focus:", 0, row: row), "a focus event: row \(row)\n\(summary)")
      #expect(has(keys, "object:state-changed:selected", 1, row: row), "selected: row \(row)\n\(summary)")
    }
    #expect(has(keys, "object:state-changed:focused", 0, row: 1), "row 1 loses the focus\n\(summary)")
    #expect(has(keys, "object:state-changed:selected", 0, row: 2), "row 2 is no longer selected\n\(summary)")
    // Only focus and selection: what GtkListView sends (but its list's selection-changed, which GTK 4.8 sends only
    // for its own list widgets).
    let expected: Set = [
      "object:state-changed:focused", "focus:", "object:state-changed:selected", "object:state-changed:selectable",
      "object:state-changed:focusable",
    ]
    #expect(keys.allSatisfy { expected.contains($0.type) }, "\(summary)")
    let list = try await waitForList("row 3 focused", bus, demo) { list in
      items(list).contains { $0.has("focused") }
    }
    let focused = items(list).filter { $0.has("focused") }
    #expect(focused.count == 1 && focused.first?.name.hasPrefix("Row 3,") == true, "\(focused.map(\.summary))")
    #expect(focused.first?.has("selected") == true && !list.has("focused"), "\(list.summary)")
  }

  @Test("Down moves the focus and the selection; the focus comes back with its row after scrolling away and back")
  func keysSelectAndFocusSurvivesScrolling() async throws {
    let (bus, demo, window) = try await start(["--demo", "fixed", "--rows", "1000000", "--always-show-scrollbars"])
    defer {
      demo.close()
      bus.close()
    }
    try demo.movePointer(to: 400, 300, in: window)
    try demo.xdotool("key", "Down", "Down", "Down")
    var list = try await waitForList("row 3 selected", bus, demo) { list in
      items(list).filter { $0.has("selected") }.map(\.name).map { $0.hasPrefix("Row 3,") } == [true]
    }
    var state = try await demo.waitFor("the focus on row 3", timeout: 60) { $0.focusedRow == [0, 2] }
    #expect(state.selectedRow == [0, 2], "\(state)")

    // Away: the wheel scrolls row 3 off screen; its cell goes to another row.
    try demo.xdotool("click", "--repeat", "15", "--delay", "40", "5")
    state = try await demo.waitFor("row 3 off screen", timeout: 60) {
      ($0.firstVisibleRow?[1] ?? 0) > 3 && $0.isSettled
    }
    list = try await waitForList("row 3 gone from the tree", bus, demo) { list in
      !items(list).contains { $0.name.hasPrefix("Row 3,") } && items(list).count == state.visibleRows
    }
    #expect(!items(list).contains { $0.has("selected") }, "no row on screen is selected")
    expectPlaces(list, state)

    // And back: row 3 is focused and selected again, in whatever cell shows it now.
    try demo.xdotool("click", "--repeat", "30", "--delay", "40", "4")
    state = try await demo.waitFor("back at the top", timeout: 60) { $0.contentOffset == 0 && $0.isSettled }
    #expect(state.focusedRow == [0, 2], "\(state)")
    list = try await waitForList("row 3 selected again", bus, demo) { list in
      items(list).filter { $0.has("selected") }.map(\.name).map { $0.hasPrefix("Row 3,") } == [true]
    }
    try demo.xdotool("key", "Down")
    list = try await waitForList("row 4 selected", bus, demo) { list in
      items(list).filter { $0.has("selected") }.map(\.name).map { $0.hasPrefix("Row 4,") } == [true]
    }
    state = try await demo.waitFor("the focus on row 4", timeout: 60) { $0.focusedRow == [0, 3] }
    expectPlaces(list, state)
  }

  @Test("at row 500,000 each row says its place in the million; pooled cells are not in the tree")
  func halfAMillionDown() async throws {
    let (bus, demo, window) = try await start(["--demo", "fixed", "--rows", "1000000", "--always-show-scrollbars"])
    defer {
      demo.close()
      bus.close()
    }
    let first = try await demo.waitFor("the viewport", timeout: 60) { $0.viewportRect != nil }
    let viewport = try #require(first.viewportRect)
    // A click in the scrollbar's trough, halfway down, jumps there (GTK warps the slider to it).
    try demo.movePointer(to: Int(viewport[0] + viewport[2]) + 5, Int(viewport[1] + viewport[3] / 2), in: window)
    try demo.xdotool("click", "1")
    try await demo.waitFor("the jump to the middle", timeout: 60) {
      ($0.firstVisibleRow?[0] ?? 0) >= 4 && $0.isSettled
    }
    // A shorter window shows fewer rows: the cells left over wait in the reuse pool.
    try demo.xdotool("windowsize", try demo.windowID(), "900", "400")
    let state = try await demo.waitFor("a reuse pool", timeout: 60) {
      ($0.pooledCells ?? 0) > 0 && $0.isSettled && ($0.viewportHeight ?? 1000) < 400
    }
    let visible = try #require(state.visibleRows)
    let list = try await waitForList("the rows at the middle", bus, demo) { list in
      items(list).count == visible && items(list).first.flatMap(titleNumber) != 1
    }
    // The pool's cells are children of the viewport but hidden from assistive technology.
    #expect(items(list).count == visible, "\(state.pooledCells ?? 0) pooled cells stay out of the tree")
    #expect((list.children ?? []).count == visible + (state.headers?.count ?? 0), "\(list.summary)")
    let numbers = items(list).compactMap(titleNumber)
    #expect(numbers.count == visible)
    #expect(numbers.allSatisfy { (450_000...550_000).contains($0) }, "\(numbers)")
    let start = numbers.first ?? 0
    #expect(numbers == Array(start..<start + numbers.count), "in order, none missing")
    expectPlaces(list, state)
    expectHeadingsBeforeTheirRows(list)

    // A key press there: the first row fully on screen is focused and selected, and says so.
    try demo.xdotool("key", "Down")
    let selected = try await demo.waitFor("a selected row", timeout: 60) { $0.selectedRow != nil && $0.isSettled }
    let row = try #require(selected.selectedRow)
    let number = row[0] * 100_000 + row[1] + 1
    let after = try await waitForList("the selected row in the tree", bus, demo) { list in
      items(list).contains { $0.has("selected") }
    }
    let chosen = items(after).filter { $0.has("selected") }
    #expect(chosen.count == 1, "\(chosen.map(\.summary))")
    #expect(chosen.first.flatMap(titleNumber) == number, "\(chosen.map(\.summary)); \(selected)")
    #expect(
      chosen.first?.description
        == "row \(number.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))) of 1,000,000, section \(row[0] + 1)"
    )
  }

  @Test("the database feed's list, its search entry and the chat's composer are named, not after their GTK types")
  func namedListAndEntries() async throws {
    let bus = try await AccessibilityBus()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tvgtk-a11y-feed-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer {
      bus.close()
      try? FileManager.default.removeItem(at: folder)
    }
    do {
      // The feed from its database (the default), a small one in the test's folder.
      let demo = try DemoSession(
        ["--demo", "feed", "--rows", "2000"], environment: ["XDG_CACHE_HOME": folder.path], feedInMemory: false,
        accessibility: bus)
      defer { demo.close() }
      try await demo.waitFor("rows on screen", timeout: 120) { ($0.visibleRows ?? 0) > 0 }
      let list = try await waitForList("the feed", bus, demo) { !items($0).isEmpty }
      #expect(list.name == "Feed", "\(list.summary)")
      expectHeadingsFirst(list)
      let tree = try bus.tree(of: demo.process.pid, display: demo.server.display)
      let entries = tree.all { $0.role == "entry" || $0.role == "text" }
      #expect(entries.map(\.name) == ["Search posts"], "\(entries.map(\.summary))")
    }
    let demo = try DemoSession(["--demo", "chat"], accessibility: bus)
    defer { demo.close() }
    try await demo.waitFor("rows on screen", timeout: 60) { ($0.visibleRows ?? 0) > 0 }
    let list = try await waitForList("the chat", bus, demo) { !items($0).isEmpty }
    #expect(list.name == "Chat", "\(list.summary)")
    let entries = try bus.tree(of: demo.process.pid, display: demo.server.display).all {
      $0.role == "entry" || $0.role == "text"
    }
    #expect(entries.map(\.name) == ["Message"], "\(entries.map(\.summary))")
  }

  /// Checks that the list's first child is a heading (the feed's first section header comes before its rows).
  func expectHeadingsFirst(_ list: AccessibleNode) {
    #expect((list.children ?? []).first?.role == "heading", "\((list.children ?? []).map(\.summary))")
  }

  @Test(
    "a row's context menu is an AT-SPI action of the row (row.context-menu): it opens the menu with the focus in it")
  func rowActionOpensTheMenu() async throws {
    let (bus, demo, _) = try await start(["--demo", "feed"])
    defer {
      demo.close()
      bus.close()
    }
    let list = try await waitForList("the feed", bus, demo) { items($0).count > 1 }
    let row = try #require(items(list).first)
    try bus.perform(
      "row.context-menu", on: "list item", named: row.name, of: demo.process.pid, display: demo.server.display)
    let state = try await demo.waitFor("the menu's first item focused", timeout: 60) {
      $0.focus?.hasPrefix("GtkButton") == true
    }
    #expect(state.focus != "table", "\(state)")
  }

  @Test(
    "an arriving chat message changes the description of the composer with the focus (Orca speaks it; GTK 4.8 has no announcements)",
    arguments: [false, true])
  func arrivingMessageIsTold(database: Bool) async throws {
    let bus = try await AccessibilityBus()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tvgtk-a11y-chat-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // In memory, or from its database (the default: a small one in the test's folder).
    let demo = try DemoSession(
      ["--demo", "chat", "--chat-interval", "0.5"] + (database ? ["--rows", "2000"] : []),
      environment: ["XDG_CACHE_HOME": folder.path], feedInMemory: !database, accessibility: bus)
    defer {
      demo.close()
      bus.close()
      try? FileManager.default.removeItem(at: folder)
    }
    let first = try await demo.waitForChat("the chat", timeout: 120) { $0.entryRect != nil && $0.state.isSettled }
    let window = try await demo.window(timeout: 60)
    try demo.click(try #require(first.entryRect), in: window)
    try await demo.waitFor("the composer focused", timeout: 60) { $0.focus == "entry" }
    let recorder = try bus.recordEvents(of: demo.process.pid, display: demo.server.display)
    defer { recorder.stop() }
    try await recorder.ready()
    // Two arrivals told (the database's are shown, and told, once the table reads them).
    var events: [AccessibleEvent] = []
    var told: [AccessibleEvent] = []
    let deadline = Date().addingTimeInterval(60)
    repeat {
      events = try await recorder.flush()
      told = events.filter {
        // A GtkEntry is a text box to AT-SPI ("text").
        $0.type == "object:property-change:accessible-description" && $0.role == "text"
          && $0.description.hasPrefix("New message from ")
      }
      if told.count >= 2 { break }
      try await Task.sleep(for: .milliseconds(300))
    } while Date() < deadline
    let arrived = demo.state()?.raw ?? "no state"
    #expect(told.count >= 2, "\(events.map(\.summary)); \(arrived)")
    let entry = try bus.tree(of: demo.process.pid, display: demo.server.display).first { $0.role == "text" }
    #expect(entry?.name == "Message" && entry?.has("focused") == true, "\(entry?.summary ?? "no entry")")
    #expect(entry?.description.hasPrefix("New message from ") == true, "\(entry?.summary ?? "no entry")")
  }

  @Test("multiple selection: Space toggles the focused row, Shift+arrows extend the selection")
  func shiftExtends() async throws {
    let (bus, demo, window) = try await start(["--demo", "fixed", "--rows", "1000000", "--multiple-selection"])
    defer {
      demo.close()
      bus.close()
    }
    try demo.movePointer(to: 400, 300, in: window)
    func selectedNumbers(_ list: AccessibleNode) -> [Int] {
      items(list).filter { $0.has("selected") }.compactMap(titleNumber)
    }
    // The focus moves alone in multiple selection mode; Space selects the focused row.
    try demo.xdotool("key", "Down", "Down")
    let focused = try await demo.waitFor("the focus on row 2", timeout: 60) { $0.focusedRow == [0, 1] }
    var list = try await waitForList("nothing selected", bus, demo)
    #expect(selectedNumbers(list) == [])
    // The focused row shows a focus ring (its left edge in the ring's colour), the row above none.
    let tops = try #require(focused.rowTops)
    let viewport = try #require(focused.viewportRect)
    try #require(tops.count > 2)
    let x = window.x + Int(viewport[0]) + 1
    // The ring is the theme's accent at half strength (GNOME's focus ring): over the light view, clearly bluer than
    // it is red; the rows' backgrounds are greys.
    let isRing = { (colour: RGB) in colour.blue - colour.red > 60 }
    var edges: [RGB] = []
    let deadline = Date().addingTimeInterval(60)
    repeat {
      let shot = try demo.screenshot()
      edges = try [tops[0], tops[1]].map { try shot.pixel(x: x, y: window.y + Int($0) + 18) }
      if isRing(edges[1]) { break }
      try await Task.sleep(for: .milliseconds(200))
    } while Date() < deadline
    #expect(isRing(edges[1]), "the focused row's left edge: \(edges)")
    #expect(!isRing(edges[0]), "the row above: \(edges)")
    try demo.xdotool("key", "space")
    list = try await waitForList("row 2 selected", bus, demo) { selectedNumbers($0) == [2] }
    try demo.xdotool("key", "shift+Down", "shift+Down", "shift+Down")
    list = try await waitForList("rows 2 to 5 selected", bus, demo) { selectedNumbers($0) == [2, 3, 4, 5] }
    try demo.xdotool("key", "shift+Up")
    list = try await waitForList("rows 2 to 4 selected", bus, demo) { selectedNumbers($0) == [2, 3, 4] }
    let state = try await demo.waitFor("the focus on row 4", timeout: 60) { $0.focusedRow == [0, 3] }
    expectPlaces(list, state)
  }

  @Test("the date picker: each component is a spin button named after it, saying its selected row; keys turn it")
  func pickerSpinButtons() async throws {
    let bus = try await AccessibilityBus()
    let demo = try DemoSession(["--demo", "date"], accessibility: bus)
    defer {
      demo.close()
      bus.close()
    }
    let first = try await demo.waitFor("the picker", timeout: 60) { $0.date != nil && $0.isSettled }
    let window = try await demo.window(timeout: 60)
    let date = try #require(first.date)
    let months = [
      "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
      "December",
    ]
    func spinButtons() throws -> [AccessibleNode] {
      try bus.tree(of: demo.process.pid, display: demo.server.display).all { $0.role == "spin button" }
    }
    var spins = try spinButtons()
    #expect(spins.map(\.name) == ["Year", "Month", "Day"], "\(spins.map(\.summary))")
    #expect(spins.map(\.description) == ["\(date[0])", months[date[1] - 1], "\(date[2])"], "\(spins.map(\.summary))")
    // ↓ turns the focused component (the year) by one.
    try demo.movePointer(to: 20, 20, in: window)
    try demo.xdotool("key", "Down")
    let turned = try await demo.waitFor("the next year", timeout: 60) { $0.date?.first == date[0] + 1 && $0.isSettled }
    let deadline = Date().addingTimeInterval(60)
    repeat {
      spins = try spinButtons()
      if spins.first?.description == "\(date[0] + 1)" { break }
      try await Task.sleep(for: .milliseconds(300))
    } while Date() < deadline
    #expect(spins.first?.description == "\(date[0] + 1)", "\(spins.map(\.summary)); \(turned)")
    // Each wheel has AT-SPI's Value interface, as a screen reader reads a spin button's value: the year and the day
    // as numbers, the month by its place; the year's range is the picker's selectable one (1970–2070).
    let values = spins.map(\.value)
    #expect(values.count == 3, "\(spins.map(\.summary))")
    if values.count == 3 {
      #expect(values[0] == [1970, Double(date[0] + 1), 2070], "the year: \(values)")
      #expect(values[1] == [1, Double(date[1]), 12], "the month: \(values)")
      #expect(values[2]?.prefix(2) == [1, Double(date[2])] && (28...31).contains(values[2]?.last ?? 0), "\(values)")
    }
    #expect(spins.allSatisfy { $0.value != nil && $0.has("focusable") }, "\(spins.map(\.summary))")
    // The focused wheel holds GTK's focus: the year's spin button, then → moves it to the month's.
    #expect(spins.first?.has("focused") == true, "\(spins.map(\.summary))")
    try demo.xdotool("key", "Right")
    let moved = Date().addingTimeInterval(60)
    repeat {
      spins = try spinButtons()
      if spins.count == 3 && spins[1].has("focused") { break }
      try await Task.sleep(for: .milliseconds(300))
    } while Date() < moved
    #expect(spins.map { $0.has("focused") } == [false, true, false], "\(spins.map(\.summary))")
  }

  @Test(
    "the section index is a tool bar named \"Section index\" with a push button named by each title; clicking one jumps"
  )
  func sectionIndexBar() async throws {
    let (bus, demo, _) = try await start(["--demo", "fixed"])
    defer {
      demo.close()
      bus.close()
    }
    let state = try await demo.waitFor("the index drawn", timeout: 60) { ($0.sectionIndexDrawn?.count ?? 0) == 10 }
    let titles = try #require(state.sectionIndexTitles)
    let deadline = Date().addingTimeInterval(60)
    var bars: [AccessibleNode] = []
    repeat {
      bars = try bus.tree(of: demo.process.pid, display: demo.server.display).all { $0.name == "Section index" }
      if !bars.isEmpty { break }
      try await Task.sleep(for: .milliseconds(300))
    } while Date() < deadline
    let bar = try #require(bars.first, "a node named Section index; \(demo.diagnostics)")
    #expect(bars.count == 1 && bar.role == "tool bar", "\(bars.map(\.summary))")
    let buttons = (bar.children ?? []).filter { $0.role == "push button" }
    #expect(buttons.map(\.name) == titles, "\((bar.children ?? []).map(\.summary))")
    // A screen reader's user activates "5M": the list jumps to its section (50: a title a million rows).
    try bus.perform("click", on: "push button", named: "5M", of: demo.process.pid, display: demo.server.display)
    try await demo.waitFor("section 50 at the top", timeout: 60) { $0.firstVisibleRow == [50, 0] && $0.isSettled }
  }
}
