import Foundation
import Synchronization
import TestSupport
import Testing

/// A private X server (Xvfb, 1280×800×24 unless the suite asks for another screen) on a free display number, for
/// one suite.
final class XvfbServer: Sendable {
  /// The display, e.g. ":93".
  let display: String
  private let process: BackgroundProcess

  /// The server of the suite running now (set by the `.xvfb` trait).
  @TaskLocal static var current: XvfbServer?

  /// Whether the programs the end-to-end tests need are installed.
  static var toolsAvailable: Bool {
    which("Xvfb") != nil && which("xdotool") != nil && which("import") != nil && which("convert") != nil
  }

  /// Display numbers this process has taken (two suites may start servers at the same time).
  private static let claimed = Mutex<Set<Int>>([])

  private init(display: String, process: BackgroundProcess) {
    self.display = display
    self.process = process
  }

  deinit { stop() }

  /// Starts a server with a `screen` (width×height×depth) on the first free display in `:90…:140` and waits until
  /// it accepts connections.
  static func start(screen: String = "1280x800x24") async throws -> XvfbServer {
    guard let xvfb = which("Xvfb"), let xdotool = which("xdotool") else {
      throw SubprocessError("Xvfb or xdotool is not installed")
    }
    var failures: [String] = []
    for number in 90...140 {
      let free = claimed.withLock { claimed in
        let fm = FileManager.default
        guard !claimed.contains(number), !fm.fileExists(atPath: "/tmp/.X11-unix/X\(number)"),
          !fm.fileExists(atPath: "/tmp/.X\(number)-lock")
        else { return false }
        claimed.insert(number)
        return true
      }
      guard free else { continue }
      let display = ":\(number)"
      // Keys never auto-repeat (a 100 s delay): under load a key's release can come late, and a
      // repeated Down stepped the picker five years instead of one.
      let process = try BackgroundProcess(
        xvfb, [display, "-screen", "0", screen, "-nolisten", "tcp", "-ardelay", "100000"])
      let deadline = Date().addingTimeInterval(10)
      while process.isRunning && Date() < deadline {
        // The server is ours when the lock file holds its pid (another program may have started one on the
        // same number meanwhile; ours then exits) and it answers.
        if lockOwner(number) == process.pid,
          let probe = try? run(xdotool, ["getdisplaygeometry"], environment: ["DISPLAY": display], timeout: 5),
          probe.status == 0
        {
          return XvfbServer(display: display, process: process)
        }
        try await Task.sleep(for: .milliseconds(50))
      }
      // Taken meanwhile by another program, or too slow: try the next number.
      failures.append("\(display): \(process.standardError.suffix(300))")
      process.stop()
    }
    throw SubprocessError("no Xvfb server could be started on :90…:140\n" + failures.joined(separator: "\n"))
  }

  /// The pid in display `number`'s lock file, if any.
  private static func lockOwner(_ number: Int) -> Int32? {
    guard let data = FileManager.default.contents(atPath: "/tmp/.X\(number)-lock") else { return nil }
    return Int32(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// Stops the server (by its own process id).
  func stop() {
    process.stop()
    if let number = Int(display.dropFirst()) {
      _ = Self.claimed.withLock { $0.remove(number) }
    }
  }
}

/// Runs a suite with its own Xvfb server, started before its first test and stopped after its last; the
/// tests find it as `XvfbServer.current`.
struct XvfbTrait: SuiteTrait, TestScoping {
  /// The screen's width×height×depth.
  var screen = "1280x800x24"

  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let server = try await XvfbServer.start(screen: screen)
    defer { server.stop() }
    try await XvfbServer.$current.withValue(server) { try await function() }
  }
}

extension Trait where Self == XvfbTrait {
  /// The suite gets a private X server (see `XvfbServer`).
  static var xvfb: Self { XvfbTrait() }

  /// The suite gets a private X server with a `screen` of this width×height×depth (GTK keeps a window within the
  /// screen: a window larger than 1280×800 needs a larger screen).
  static func xvfb(screen: String) -> Self { XvfbTrait(screen: screen) }
}
