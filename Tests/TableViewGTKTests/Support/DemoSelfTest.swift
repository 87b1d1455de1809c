import Foundation
import TestSupport
import Testing

/// A run of `tableview-gtk-demo --self-test NAME` on the suite's X server: the demo checks itself,
/// prints one line of JSON last and exits (0 when it is satisfied).
struct DemoSelfTest {
  /// The JSON line, for messages.
  let line: Substring
  /// Its fields.
  let object: [String: Any]
  /// What the demo wrote to standard error (GTK's warnings among it).
  let standardError: String

  /// Runs the demo with `arguments` (`--self-test` and its name among them) until it exits, within
  /// `timeout` seconds; records an issue unless it exits 0, and throws if it printed no JSON object.
  init(_ arguments: [String], timeout: Double) async throws {
    let server = try #require(XvfbServer.current)
    let demo = try BackgroundProcess(
      try DemoBinary.gtkDemo.path(), arguments, environment: DemoSession.environment(display: server.display))
    defer { demo.stop() }
    let status = await demo.waitForExit(timeout: timeout)
    let output = demo.standardOutput
    standardError = demo.standardError
    #expect(status == 0, "stdout: \(output)\nstderr: \(standardError.suffix(1000))")
    line = try #require(output.split(separator: "\n").last { $0.hasPrefix("{") }, "no JSON in: \(output)")
    object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
  }

  /// A number field as a `Double` (NaN when it is missing).
  func number(_ key: String) -> Double { (object[key] as? NSNumber)?.doubleValue ?? .nan }

  /// A boolean field (false when it is missing).
  func flag(_ key: String) -> Bool { (object[key] as? NSNumber)?.boolValue ?? false }

  /// A number field as an `Int` (−1 when it is missing).
  func integer(_ key: String) -> Int { (object[key] as? NSNumber)?.intValue ?? -1 }
}
