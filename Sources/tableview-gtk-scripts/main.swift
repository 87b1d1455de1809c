// tableview-gtk-scripts: the engine's pointer scripts and keyboard-command scripts (TableViewTesting's
// `pointerScripts`, `commandScripts`) played end to end on a GTKTableView in a real GTK window: each step is
// real X input made with xdotool (the pointer moved, a button pressed, held, released; a key typed) that GDK
// delivers to GTK's gestures and key controller and the backend translates for the engine. The same tables run
// against the engine's router (TableViewCoreTests) and through the terminal's mouse and keys
// (TableViewTerminalTests): one set of rules, whatever the backend.
//
// Run on an X server (DISPLAY; Xvfb in the tests) with no window manager. Prints one JSON line per script
// (`{"kind":"pointer","name":…,"ok":true,"outcome":…,"expected":…}`) and exits 0 when every script left what it
// expects, 1 when one did not, 2 when it could not run.
//
//     DISPLAY=:93 GSK_RENDERER=cairo tableview-gtk-scripts [--pointer] [--commands] [--filter TEXT]

import CGtk
import Foundation
// SPI: the scripts place the pointer on a row's revealed swipe actions (`revealedSwipeActions`) and read the
// table's state (`swipeOffset`).
@_spi(Backend) import TableViewCore
// SPI(Testing): the cells' editing and reorder controls, to aim at them.
@_spi(Testing) import TableViewGTK
import TableViewTesting

/// The window's title (xdotool finds the window by it).
let windowTitle = "tableview-gtk-scripts"

/// Input events GDK delivered to the window so far, by kind: a step waits until its event has arrived.
nonisolated(unsafe) var buttonPresses = 0
nonisolated(unsafe) var buttonReleases = 0
nonisolated(unsafe) var keyPresses = 0

/// Runs GLib's main loop until `done()` or `timeout` seconds; returns whether `done()` held.
@discardableResult
func pump(timeout: Double, until done: () -> Bool = { false }) -> Bool {
  let deadline = Date().addingTimeInterval(timeout)
  while Date() < deadline {
    if done() { return true }
    if g_main_context_iteration(nil, 0) == 0 { usleep(2_000) }
  }
  return done()
}

/// Runs xdotool on this display; exits 2 when it fails.
func xdotool(_ arguments: [String]) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["xdotool"] + arguments
  do {
    try process.run()
    process.waitUntilExit()
  } catch {
    fail("could not run xdotool: \(error)")
  }
  if process.terminationStatus != 0 { fail("xdotool \(arguments.joined(separator: " ")) failed") }
}

func fail(_ message: String) -> Never {
  print("{\"error\":\(json(message))}")
  exit(2)
}

func json(_ text: String) -> String {
  let data = (try? JSONSerialization.data(withJSONObject: [text])) ?? Data("[\"\"]".utf8)
  return String(decoding: data, as: UTF8.self).dropFirst().dropLast().description
}

/// The window, its X id, and where its surface's origin is on the screen.
final class ScriptWindow {
  let window: UnsafeMutablePointer<GtkWidget>
  var gtkWindow: UnsafeMutablePointer<GtkWindow> {
    UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
  }
  var xid = ""

  init() {
    window = gtk_window_new()
    let gtkWindow = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
    gtk_window_set_title(gtkWindow, windowTitle)
    gtk_window_set_decorated(gtkWindow, 0)
    gtk_window_set_default_size(gtkWindow, 400, 480)
    // Every input event the window gets, counted before anything handles it (capture phase, never claimed).
    let legacy = gtk_event_controller_legacy_new()!
    gtk_event_controller_set_propagation_phase(legacy, GTK_PHASE_CAPTURE)
    typealias Thunk = @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> gboolean
    let count: Thunk = { _, event, _ in
      switch gdk_event_get_event_type(event) {
      case GDK_BUTTON_PRESS: buttonPresses += 1
      case GDK_BUTTON_RELEASE: buttonReleases += 1
      case GDK_KEY_PRESS: keyPresses += 1
      default: break
      }
      return 0
    }
    g_signal_connect_data(
      gpointerOf(legacy), "event", unsafeBitCast(count, to: GCallback.self), nil, nil, GConnectFlags(rawValue: 0))
    gtk_widget_add_controller(window, legacy)
    gtk_window_present(gtkWindow)
  }

  /// Waits until the window is on the screen and finds its X id.
  func waitUntilShown() {
    pump(timeout: 10) { gtk_widget_get_mapped(window) != 0 }
    let search = Process()
    let pipe = Pipe()
    search.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    search.arguments = ["xdotool", "search", "--sync", "--onlyvisible", "--name", windowTitle]
    search.standardOutput = pipe
    do { try search.run() } catch { fail("could not run xdotool: \(error)") }
    search.waitUntilExit()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    guard let id = output.split(separator: "\n").first else { fail("the window did not appear") }
    xid = String(id)
  }

  /// A point of `widget` (its own coordinates) on the window's surface.
  func surfacePoint(_ point: Point, of widget: UnsafeMutablePointer<GtkWidget>) -> (x: Int, y: Int) {
    var inWindow = graphene_point_t()
    var from = graphene_point_t(x: Float(point.x), y: Float(point.y))
    _ = gtk_widget_compute_point(widget, window, &from, &inWindow)
    var dx = 0.0
    var dy = 0.0
    gtk_native_get_surface_transform(OpaquePointer(window), &dx, &dy)
    return (Int((Double(inWindow.x) + dx).rounded(.down)), Int((Double(inWindow.y) + dy).rounded(.down)))
  }
}

/// A fresh table view in the window, laid out, for one script.
func showTable(in window: ScriptWindow, _ configure: (GTKTableView) -> Void) -> GTKTableView {
  let tableView = GTKTableView()
  configure(tableView)
  gtk_window_set_child(window.gtkWindow, tableView.widget)
  gtk_widget_grab_focus(tableView.viewport)
  pump(timeout: 10) { tableView.table.viewportSize.width > 0 }
  return tableView
}

/// Waits until `tableView` rests: the step's time has passed and nothing animates.
func settle(_ tableView: GTKTableView, atLeast seconds: Double) {
  pump(timeout: seconds)
  pump(timeout: 10) { !tableView.table.isAnimating }
  pump(timeout: 0.05)
}

/// Plays a pointer script with xdotool; returns what the user sees afterwards.
func play(_ script: PointerScript, in window: ScriptWindow) -> (PointerScript.Outcome, [String]) {
  var notes: [String] = []
  let tableView = showTable(in: window) { tableView in
    tableView.table.register(
      {
        let cell = GTKTableViewCell()
        cell.showsReorderControl = true
        return cell
      }, forCellReuseIdentifier: "cell")
    tableView.table.register({ GTKTableViewHeaderFooterView() }, forHeaderFooterViewReuseIdentifier: "header")
  }
  let table = tableView.table
  let rows = PointerModel(rowHeight: 44, width: table.viewportSize.width)
  table.dataSource = rows
  table.delegate = rows
  tableView.reloadData()
  settle(tableView, atLeast: 0.05)
  script.prepare(table, model: rows)
  tableView.setNeedsLayout()
  settle(tableView, atLeast: 0.1)

  var last = (x: 0, y: 0)
  func move(to spot: PointerSpot) {
    let point = PointerScript.point(of: spot, in: table) { row, region in
      guard let cell = table.cellForRow(at: row) as? GTKTableViewCell else { return nil }
      let control = region == .editingControl ? cell.editingControl : cell.reorderControl
      var bounds = graphene_rect_t()
      guard gtk_widget_get_child_visible(control) != 0,
        gtk_widget_compute_bounds(control, tableView.viewport, &bounds) != 0
      else { return nil }
      // Across: where GTK drew the control; down: the row's middle line, where its frame is (as the terminal's
      // runner aims), not where a held row's neighbours are drawn while they make room.
      return Point(
        x: Double(bounds.origin.x + bounds.size.width / 2), y: cell.frame.midY - table.contentOffset.y)
    }
    // A spot that is gone (an action performed, its row closed) is aimed at where the pointer already is.
    if point.x >= 0 { last = window.surfacePoint(point, of: tableView.viewport) }
    xdotool(["mousemove", "--window", window.xid, String(last.x), String(last.y)])
    // GDK has the motion once a round trip later: the next button event is then at the new place.
    pump(timeout: 0.05)
  }
  func button(_ action: String, _ number: Int, waitFor counter: () -> Int) {
    let before = counter()
    xdotool([action, String(number)])
    if !pump(timeout: 10, until: { counter() > before }) { notes.append("\(action) \(number) never arrived") }
  }
  for step in script.steps {
    switch step {
    case .press(let spot):
      move(to: spot)
      button("mousedown", 1) { buttonPresses }
    case .move(let spot):
      move(to: spot)
    case .release(let spot):
      move(to: spot)
      button("mouseup", 1) { buttonReleases }
    case .rightClick(let spot):
      move(to: spot)
      button("mousedown", 3) { buttonPresses }
      // The release goes to the menu's popover when one opened (a surface of its own): not waited for.
      xdotool(["mouseup", "3"])
    case .hold(let seconds):
      pump(timeout: seconds)
    }
    // A fifth of a second between steps, as the scripts say (the pointer's speed is then nothing).
    settle(tableView, atLeast: 0.2)
  }
  let outcome = PointerScript.outcome(of: table, model: rows)
  // The menu's popover goes with its table; the pointer goes back to rest.
  tableView.hideContextMenu()
  withExtendedLifetime(rows) {}
  return (outcome, notes)
}

/// The X key name for `command` (the GTK backend's key for it; see GTKTableView.command(for:modifiers:)).
func keyName(for command: TableCommand) -> String {
  switch command {
  case .moveFocus(.previous, false): "Up"
  case .moveFocus(.next, false): "Down"
  case .moveFocus(.previous, true): "shift+Up"
  case .moveFocus(.next, true): "shift+Down"
  case .scrollPage(.up, _, _, _): "Page_Up"
  case .scrollPage(.down, _, _, _): "Page_Down"
  case .focusEdge(.first): "Home"
  case .focusEdge(.last): "End"
  case .focusSection(.previous): "bracketleft"
  case .focusSection(.next): "bracketright"
  case .activate: "Return"
  case .cancel: "Escape"
  case .commitEditingControl: "Delete"
  case .pickUpRow: "m"
  case .scroll: "ctrl+e"
  case .toggleSwipeActions: "s"
  case .swipe(.left): "Left"
  case .swipe(.right): "Right"
  case .focusSwipeAction(.next): "Tab"
  case .focusSwipeAction(.previous): "shift+Tab"
  }
}

/// Types a keyboard script with xdotool (keys go to the window under the pointer: no window manager gives focus);
/// returns what the user sees afterwards.
func play(_ script: CommandScript, in window: ScriptWindow) -> (CommandScript.Outcome, [String]) {
  var notes: [String] = []
  let tableView = showTable(in: window) { tableView in
    tableView.table.register({ GTKTableViewCell() }, forCellReuseIdentifier: "cell")
  }
  let model = CommandModel()
  let table = tableView.table
  table.rowHeight = 20
  table.dataSource = model
  table.delegate = model
  tableView.reloadData()
  settle(tableView, atLeast: 0.05)
  script.prepare(table)
  tableView.setNeedsLayout()
  settle(tableView, atLeast: 0.1)
  let middle = window.surfacePoint(Point(x: table.viewportSize.width / 2, y: 5), of: tableView.viewport)
  xdotool(["mousemove", "--window", window.xid, String(middle.x), String(middle.y)])
  pump(timeout: 0.05)
  for command in script.commands {
    let before = keyPresses
    xdotool(["key", keyName(for: command)])
    if !pump(timeout: 10, until: { keyPresses > before }) { notes.append("\(command) never arrived") }
    settle(tableView, atLeast: 0.05)
  }
  return (CommandScript.outcome(of: table, model: model), notes)
}

// MARK: - Main

let arguments = Array(CommandLine.arguments.dropFirst())
let both = !arguments.contains("--pointer") && !arguments.contains("--commands")
let filter = arguments.firstIndex(of: "--filter").flatMap {
  arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil
}
guard gtk_init_check() != 0 else { fail("GTK could not open the display (is DISPLAY set?)") }
let window = ScriptWindow()
window.waitUntilShown()
nonisolated(unsafe) var failed = 0

/// Prints the line of one script: what it left (`result`, with the runner's notes) against what it expects.
func report<Outcome: Equatable>(_ kind: String, _ name: String, _ result: (Outcome, [String]), expected: Outcome) {
  let ok = result.0 == expected
  if !ok { failed += 1 }
  let noted = result.1.map(json).joined(separator: ",")
  print(
    "{\"kind\":\"\(kind)\",\"name\":\(json(name)),\"ok\":\(ok),\"outcome\":\(json("\(result.0)")),"
      + "\"expected\":\(json("\(expected)")),\"notes\":[\(noted)]}")
  fflush(nil)
}

/// Whether `name` passes `--filter`.
func selected(_ name: String) -> Bool { filter.map { name.contains($0) } ?? true }

if both || arguments.contains("--pointer") {
  for script in pointerScripts where selected(script.name) {
    report("pointer", script.name, play(script, in: window), expected: script.expected)
  }
}
if both || arguments.contains("--commands") {
  for script in commandScripts where selected(script.name) {
    report("command", script.name, play(script, in: window), expected: script.expected)
  }
}
exit(failed == 0 ? 0 : 1)
