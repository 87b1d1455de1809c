import Foundation
import TestSupport

/// A private D-Bus session with the accessibility bus, for one demo: `dbus-daemon` on a private runtime
/// folder (so at-spi's bus socket, `$XDG_RUNTIME_DIR/at-spi/bus`, is this session's alone); GTK asks it for
/// the accessibility bus (D-Bus activation starts `at-spi-bus-launcher` and the registry), and
/// `Support/atspi-tree.py` reads the demo's tree through it with pyatspi, as Orca does. The other GTK tests
/// run without any of this (`GTK_A11Y=none`): faster, and nothing to go wrong.
final class AccessibilityBus {
  /// The session bus's address.
  let address: String
  private let daemon: BackgroundProcess
  let runtime: URL

  /// The Python that has pyatspi: the system's (Debian's python3-pyatspi), not one a version manager put first.
  static let python = "/usr/bin/python3"

  /// Whether dbus-daemon, at-spi's bus launcher and pyatspi are installed (scripts/setup.sh installs them).
  static var toolsAvailable: Bool {
    guard which("dbus-daemon") != nil, FileManager.default.fileExists(atPath: python),
      ["/usr/libexec/at-spi-bus-launcher", "/usr/lib/at-spi2-core/at-spi-bus-launcher"].contains(where: {
        FileManager.default.fileExists(atPath: $0)
      })
    else { return false }
    return (try? run(python, ["-c", "import pyatspi"], timeout: 30).status) == 0
  }

  /// Starts the session bus and waits for its address.
  init() async throws {
    guard let dbus = which("dbus-daemon") else { throw SubprocessError("dbus-daemon is not installed") }
    runtime = FileManager.default.temporaryDirectory.appendingPathComponent("tvgtk-a11y-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    daemon = try BackgroundProcess(
      dbus, ["--session", "--nofork", "--print-address=1"], environment: ["XDG_RUNTIME_DIR": runtime.path])
    let deadline = Date().addingTimeInterval(60)
    var line = ""
    while line.isEmpty {
      line = daemon.standardOutput.split(separator: "\n").first.map(String.init) ?? ""
      if !daemon.isRunning { throw SubprocessError("dbus-daemon exited: \(daemon.standardError)") }
      if Date() > deadline { throw SubprocessError("dbus-daemon gave no address: \(daemon.standardError)") }
      if line.isEmpty { try await Task.sleep(for: .milliseconds(20)) }
    }
    address = line
  }

  deinit { close() }

  /// Stops the session bus (the at-spi launcher and registry it started leave with it).
  func close() {
    daemon.stop()
    try? FileManager.default.removeItem(at: runtime)
  }

  /// The demo's environment: as `DemoSession.environment(display:)`, with the accessibility bridge on.
  func environment(display: String) -> [String: String] {
    [
      "DISPLAY": display, "GSK_RENDERER": "cairo", "GDK_BACKEND": "x11", "GTK_A11Y": "atspi",
      "DBUS_SESSION_BUS_ADDRESS": address, "XDG_RUNTIME_DIR": runtime.path,
    ]
  }

  /// The accessibility tree of the process `pid`, as AT-SPI gives it.
  func tree(of pid: pid_t, display: String) throws -> AccessibleNode {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("atspi-tree.py")
    let result = try run(
      Self.python, [script.path, String(pid)],
      environment: ["DISPLAY": display, "DBUS_SESSION_BUS_ADDRESS": address, "XDG_RUNTIME_DIR": runtime.path],
      timeout: 120)
    guard result.status == 0 else {
      throw SubprocessError(
        "atspi-tree.py failed (\(result.status)): \(result.standardOutput.prefix(500)) \(result.standardError.suffix(1000))"
      )
    }
    do {
      return try JSONDecoder().decode(AccessibleNode.self, from: Data(result.standardOutput.utf8))
    } catch {
      throw SubprocessError("atspi-tree.py printed no tree (\(error)): \(result.standardOutput.prefix(500))")
    }
  }
}

extension AccessibilityBus {
  /// Performs `action` ("click") of the first object of process `pid` whose AT-SPI role is `role` and name `name`,
  /// as a screen reader does when its user activates it (`Support/atspi-action.py`).
  func perform(_ action: String, on role: String, named name: String, of pid: pid_t, display: String) throws {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("atspi-action.py")
    let result = try run(
      Self.python, [script.path, String(pid), role, name, action],
      environment: ["DISPLAY": display, "DBUS_SESSION_BUS_ADDRESS": address, "XDG_RUNTIME_DIR": runtime.path],
      timeout: 120)
    guard result.status == 0 else {
      throw SubprocessError(
        "atspi-action.py failed (\(result.status)): \(result.standardOutput.prefix(500)) \(result.standardError.suffix(1000))"
      )
    }
  }
}

/// One object of an accessibility tree, as AT-SPI gives it (what Orca reads).
struct AccessibleNode: Decodable {
  /// AT-SPI's role name: "list", "list item", "heading", "spin button"…
  var role: String
  var name: String
  /// AT-SPI's description (a list item's place in the table: "row 41 of 1,000,000, section 1").
  var description: String
  /// AT-SPI's state names: "selected", "focused", "selectable"…
  var states: [String]
  /// AT-SPI's Value interface, when the object has it: minimum, current, maximum.
  var value: [Double]?
  var children: [AccessibleNode]?

  /// The first node, depth first, that satisfies `predicate`.
  func first(where predicate: (AccessibleNode) -> Bool) -> AccessibleNode? {
    if predicate(self) { return self }
    for child in children ?? [] {
      if let found = child.first(where: predicate) { return found }
    }
    return nil
  }

  /// Every node, depth first, that satisfies `predicate`.
  func all(where predicate: (AccessibleNode) -> Bool) -> [AccessibleNode] {
    (predicate(self) ? [self] : []) + (children ?? []).flatMap { $0.all(where: predicate) }
  }

  /// Whether the node has `state`.
  func has(_ state: String) -> Bool { states.contains(state) }

  /// The node in one line, for failure messages.
  var summary: String { "\(role) \"\(name)\" \"\(description)\" [\(states.joined(separator: ","))]" }
}

extension AccessibilityBus {
  /// Starts recording the AT-SPI events of process `pid`, as a screen reader receives them
  /// (`Support/atspi-events.py`); wait for `ready()` before acting.
  func recordEvents(of pid: pid_t, display: String) throws -> AccessibilityEventRecorder {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("atspi-events.py")
    return AccessibilityEventRecorder(
      process: try BackgroundProcess(
        Self.python, [script.path, String(pid)],
        environment: ["DISPLAY": display, "DBUS_SESSION_BUS_ADDRESS": address, "XDG_RUNTIME_DIR": runtime.path]))
  }
}

/// One AT-SPI event, as `Support/atspi-events.py` prints it.
struct AccessibleEvent: Decodable {
  /// "object:state-changed:focused", "focus:", "object:property-change:accessible-name"…
  var type: String
  var detail1: Int
  /// The source's role, name and description.
  var role: String
  var name: String
  var description: String

  var summary: String { "\(type) \(detail1) on \(role) \"\(name.prefix(40))\"" }
}

/// The events recorded so far; `flush()` waits until every event the application sent before it is in.
final class AccessibilityEventRecorder {
  let process: BackgroundProcess
  private var flushes = 0

  init(process: BackgroundProcess) { self.process = process }

  deinit { process.stop() }

  /// Stops recording.
  func stop() { process.stop() }

  /// Waits until the recorder listens.
  func ready(timeout: Double = 60) async throws {
    let deadline = Date().addingTimeInterval(timeout)
    while !process.standardOutput.contains("\"ready\"") {
      if !process.isRunning { throw SubprocessError("atspi-events.py exited: \(process.standardError.suffix(1000))") }
      if Date() > deadline { throw SubprocessError("atspi-events.py is not listening after \(timeout) s") }
      try await Task.sleep(for: .milliseconds(50))
    }
  }

  /// Every event so far, once the application has answered a call made now (it answers after sending every event
  /// it sent before).
  func flush(timeout: Double = 60) async throws -> [AccessibleEvent] {
    flushes += 1
    kill(process.pid, SIGUSR1)
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      var events: [AccessibleEvent] = []
      var marks = 0
      for line in process.standardOutput.split(separator: "\n") {
        if line.hasPrefix("{\"flushed\"") {
          marks += 1
          if marks == flushes { return events }
        } else if let event = try? JSONDecoder().decode(AccessibleEvent.self, from: Data(line.utf8)) {
          events.append(event)
        }
      }
      if !process.isRunning { throw SubprocessError("atspi-events.py exited: \(process.standardError.suffix(1000))") }
      if Date() > deadline { throw SubprocessError("atspi-events.py did not flush in \(timeout) s") }
      try await Task.sleep(for: .milliseconds(50))
    }
  }
}
