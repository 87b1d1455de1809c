import DemoDatabase
import Foundation
import TableViewSQLite
import TestSupport
import Testing

/// End-to-end: moving posts in the GTK demo's feed on an SQLite database (50,000 posts in fifty sections, built in
/// a temporary folder), under Xvfb with xdotool — a real drag on a post's ≡ handle, one held at the bottom edge that
/// scrolls the table by itself into the next section through rows never loaded, and one the file refuses (another
/// process holds its write lock) that glides back with an error line. Each drop is checked against the file.
@Suite(
  "tableview-gtk-demo: moving posts in the feed from an SQLite database under Xvfb", .serialized,
  .enabled(if: XvfbServer.toolsAvailable, "Xvfb, xdotool or ImageMagick is not installed"), .xvfb)
final class DatabaseFeedReorderXvfbTests {
  let folder: URL
  let path: String

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("tvgtk-dbmove-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    path = folder.appendingPathComponent("feed.sqlite").path
    _ = try FeedDatabase.openOrCreate(path: path, posts: 50_000, createsFolder: false)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  /// The demo on the test's file, in edit mode with its ≡ handles fully in.
  func startEditing() async throws -> (DemoSession, DatabaseFeedState, ScreenRect) {
    let demo = try DemoSession(["--demo", "feed", "--db", path])
    let first = try await demo.waitForDatabaseFeed("the feed") {
      $0.isOpen && $0.posts == 50_000 && $0.loadedIDs != nil && $0.state.isSettled
    }
    let window = try await demo.window()
    try demo.click(first.editRect, in: window)
    let editing = try await demo.waitForDatabaseFeed("the ≡ handles in") {
      $0.state.isSettled && !$0.rows.isEmpty && $0.editing.reorderControls.count == $0.rows.count
    }
    return (demo, editing, window)
  }

  /// Presses the button at `(x, y)` and moves the pointer to `toY` in `step`-pixel steps, leaving it down.
  func press(_ demo: DemoSession, at x: Int, _ y: Int, dragTo toY: Int, step: Int = 10, in window: ScreenRect) throws {
    try demo.movePointer(to: x, y, in: window)
    try demo.xdotool("mousedown", "1")
    for next in stride(from: y + step, through: toY, by: toY >= y ? step : -step) {
      try demo.xdotool("mousemove", "--sync", "\(window.x + x)", "\(window.y + next)")
    }
    try demo.xdotool("mousemove", "--sync", "\(window.x + x)", "\(window.y + toY)")
  }

  /// The ids of the posts in the file, section by section.
  func order(_ store: PostStore) throws -> [[Int64]] {
    try (0..<store.sectionStates().count).map { try store.postIDs(inSection: $0) }
  }

  /// Whether the visible posts are a run of the file's order.
  func showsFileOrder(_ state: DatabaseFeedState, _ store: PostStore) throws -> Bool {
    guard let shown = state.loadedIDs, let first = shown.first else { return false }
    let all = try order(store).flatMap { $0 }
    guard let start = all.firstIndex(of: first), start + shown.count <= all.count else { return false }
    return Array(all[start..<start + shown.count]) == shown
  }

  @Test("a drag on a post's ≡ lifts it, the rows make room, and the drop is written to the file at once")
  func dragWithinSection() async throws {
    let (demo, editing, window) = try await startEditing()
    defer { demo.close() }
    let handle = try #require(editing.editing.reorderControls.first { $0.path == [0, 1] }, "\(editing)")
    let moved = try #require(editing.loadedIDs?[1], "\(editing)")
    let rows = editing.rows
    // Down past the middles of the next three rows: it drops after them, at row 4.
    let x = Int(handle.rect[0] + handle.rect[2] / 2)
    let y = Int(handle.rect[1] + handle.rect[3] / 2)
    let travel = Int(rows[4].top + rows[4].height * 0.75 - rows[1].top - rows[1].height / 2)
    try press(demo, at: x, y, dragTo: y + travel, in: window)
    let held = try await demo.waitForDatabaseFeed("the post held over row 4") {
      $0.editing.reorderingRow == [0, 1] && $0.editing.reorderDestination == [0, 4]
    }
    #expect(held.editing.heldLifted, "the held post looks lifted: \(held)")
    try demo.xdotool("mouseup", "1")
    let store = try PostStore(path: path)
    let dropped = try await demo.waitForDatabaseFeed("the post dropped at row 4, and written") { state in
      state.state.isSettled && state.editing.reorderingRow == nil && state.lastMove == [moved, 0, 4]
        && (try? store.postIDs(inSection: 0).firstIndex(of: moved)) == 4
    }
    let ids = try #require(editing.loadedIDs)
    #expect(dropped.loadedIDs?.prefix(5).elementsEqual([ids[0], ids[2], ids[3], ids[4], moved]) == true, "\(dropped)")
    #expect(try showsFileOrder(dropped, store), "\(dropped)")
    #expect(dropped.lastError == nil && dropped.writeError == nil && dropped.movesUndone == 0, "\(dropped)")
    #expect(!demo.standardError.contains("CRITICAL"), "\(demo.standardError.suffix(1500))")
  }

  @Test("edit mode measures every post again at the narrower width, and again when it ends: no line is cut off")
  func editModeHeights() async throws {
    let (demo, editing, window) = try await startEditing()
    defer { demo.close() }
    #expect(editing.state.misfitRows == [], "the rows on screen fit their narrower text: \(editing)")
    // Rows that come on screen in edit mode: measured at the narrower width too (the database's heights are the
    // full width's).
    try demo.movePointer(to: 450, 400, in: window)
    for _ in 0..<15 { try demo.xdotool("click", "5") }
    let scrolled = try await demo.waitForDatabaseFeed("scrolled down in edit mode") { state in
      state.state.isSettled && state.loadedIDs.map { !$0.contains(editing.loadedIDs?.last ?? -1) } ?? false
        && state.editing.reorderControls.count == state.rows.count
    }
    #expect(scrolled.state.misfitRows == [], "\(scrolled)")
    // Done: the rows widen and are measured again.
    try demo.click(editing.editRect, in: window)
    let done = try await demo.waitForDatabaseFeed("edit mode over") {
      $0.state.isSettled && $0.editing.reorderControls.isEmpty && $0.loadedIDs != nil
    }
    #expect(done.state.misfitRows == [], "\(done)")
    try demo.movePointer(to: 450, 400, in: window)
    for _ in 0..<30 { try demo.xdotool("click", "4") }
    let top = try await demo.waitForDatabaseFeed("back at the top") {
      $0.state.isSettled && $0.state.contentOffset == 0 && $0.loadedIDs != nil
    }
    #expect(top.state.misfitRows == [], "\(top)")
  }

  @Test("held at the bottom edge, the table scrolls by itself into the next section through rows never loaded")
  func dragAutoscrollsAcrossSections() async throws {
    let (demo, editing, window) = try await startEditing()
    defer { demo.close() }
    let handle = try #require(editing.editing.reorderControls.first { $0.path == [0, 0] }, "\(editing)")
    let moved = try #require(editing.loadedIDs?.first, "\(editing)")
    let viewport = try #require(editing.state.viewportRect, "\(editing)")
    let x = Int(handle.rect[0] + handle.rect[2] / 2)
    let y = Int(handle.rect[1] + handle.rect[3] / 2)
    try press(demo, at: x, y, dragTo: Int(viewport[1] + viewport[3]) - 8, step: 20, in: window)
    let scrolled = try await demo.waitForDatabaseFeed("the table scrolled into section 2 by itself", timeout: 120) {
      ($0.editing.reorderDestination?.first ?? 0) >= 1 && $0.editing.reorderingRow == [0, 0]
    }
    #expect(scrolled.state.isAnimating == true, "the autoscroll runs on the frame clock: \(scrolled)")
    // Up to the middle: the scrolling stops, and the post drops there.
    try demo.xdotool("mousemove", "--sync", "\(window.x + x)", "\(window.y + Int(viewport[1] + viewport[3] / 2))")
    try demo.xdotool("mouseup", "1")
    let store = try PostStore(path: path)
    let dropped = try await demo.waitForDatabaseFeed("the post dropped in section 2, and written") { state in
      guard state.state.isSettled, state.editing.reorderingRow == nil, let move = state.lastMove, move.count == 3
      else { return false }
      return move[0] == moved && move[1] >= 1
        && (try? store.postIDs(inSection: Int(move[1])).firstIndex(of: moved)).map { $0 == Int(move[2]) } ?? false
        && state.loadedIDs?.contains(moved) == true && (try? showsFileOrder(state, store)) == true
    }
    // Held longer on a loaded machine, the autoscroll (faster the longer it is held) may reach the end, where "load
    // more" writes posts to the last section: only the first section's count is certain.
    #expect(try store.sectionStates()[0].count == 999, "\(dropped)")
    #expect(dropped.posts >= 50_000 && dropped.lastError == nil && dropped.movesUndone == 0, "\(dropped)")
  }

  @Test("another process holds the write lock: the dropped post glides back, and a line says why")
  func lockedFileUndoesTheMove() async throws {
    let (demo, editing, window) = try await startEditing()
    defer { demo.close() }
    let holder = try await BackgroundProcess.holdingWriteLock(
      writer: try DemoBinary.sqliteWriter.path(), database: path)
    defer { holder.stop() }
    let before = try #require(editing.loadedIDs, "\(editing)")
    let handle = try #require(editing.editing.reorderControls.first { $0.path == [0, 0] }, "\(editing)")
    let rows = editing.rows
    let x = Int(handle.rect[0] + handle.rect[2] / 2)
    let y = Int(handle.rect[1] + handle.rect[3] / 2)
    let travel = Int(rows[2].top + rows[2].height * 0.75 - rows[0].top - rows[0].height / 2)
    try press(demo, at: x, y, dragTo: y + travel, in: window)
    try await demo.waitForDatabaseFeed("the post held over row 2") { $0.editing.reorderDestination == [0, 2] }
    try demo.xdotool("mouseup", "1")
    try await demo.waitForDatabaseFeed("the post dropped at row 2") { state in
      state.editing.reorderingRow == nil && state.loadedIDs?.firstIndex(of: before[0]) == 2
    }
    // The write waits out the busy timeout (5 s), fails, and the post goes back where it was.
    let undone = try await demo.waitForDatabaseFeed("the move undone") { state in
      state.movesUndone == 1 && state.writeError != nil && state.state.isSettled
        && state.loadedIDs?.prefix(3).elementsEqual(before.prefix(3)) == true
    }
    #expect(undone.lastError?.contains("locked") == true, "\(undone)")
    #expect(undone.lastError?.contains("undone") == true, "\(undone)")
    let store = try PostStore(path: path)
    #expect(try store.postIDs(inSection: 0).prefix(3).elementsEqual(before.prefix(3)))
    holder.stop()
  }
}
