import Foundation

/// Finds the `tableview-demo` that `swift test` built: it sits next to the test bundle in the build products
/// folder (on Linux the running test executable, `/proc/self/exe`; elsewhere `.build/debug` under the package,
/// found from this file's path). If it is missing, it is built once with `swift build --product tableview-demo`
/// in a separate scratch folder, so the build never waits for the one running the tests.
enum DemoBinary {
  /// The package's root folder.
  static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  private static let lock = NSLock()
  nonisolated(unsafe) private static var cached: Result<String, DemoBinaryError>?

  /// The demo's path, building it first if needed.
  static func path() throws -> String {
    lock.lock()
    defer { lock.unlock() }
    if let cached { return try cached.get() }
    let result = Result { () throws(DemoBinaryError) in try locateOrBuild() }
    cached = result
    return try result.get()
  }

  private static func locateOrBuild() throws(DemoBinaryError) -> String {
    var candidates: [URL] = []
    if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      candidates.append(URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("tableview-demo"))
    }
    for argument in CommandLine.arguments.prefix(1) {
      candidates.append(
        URL(fileURLWithPath: argument).deletingLastPathComponent().appendingPathComponent("tableview-demo"))
    }
    candidates.append(packageRoot.appendingPathComponent(".build/debug/tableview-demo"))
    for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
      return candidate.path
    }
    let scratch = packageRoot.appendingPathComponent(".build-e2e-demo").path
    guard let swift = which("swift") else {
      throw DemoBinaryError("tableview-demo is not built and swift is not on PATH")
    }
    let build: ProcessResult
    do {
      build = try run(
        swift, ["build", "--package-path", packageRoot.path, "--scratch-path", scratch, "--product", "tableview-demo"])
    } catch {
      throw DemoBinaryError("could not run swift build: \(error)")
    }
    let built = scratch + "/debug/tableview-demo"
    guard build.status == 0, FileManager.default.isExecutableFile(atPath: built) else {
      throw DemoBinaryError("swift build --product tableview-demo failed:\n\(build.standardError)")
    }
    return built
  }
}

/// Why the demo binary could not be found or built.
struct DemoBinaryError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
