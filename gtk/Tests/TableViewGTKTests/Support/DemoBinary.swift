import Foundation
import Synchronization

/// Finds the `tableview-gtk-demo` that `swift test` built: it sits next to the test bundle in the build
/// products folder (on Linux the running test executable, `/proc/self/exe`; elsewhere `.build/debug` under
/// the package, found from this file's path). If it is missing, it is built once with
/// `swift build --product tableview-gtk-demo` in a separate scratch folder, so the build never waits for the
/// one running the tests.
enum DemoBinary {
  static let name = "tableview-gtk-demo"

  /// The GTK package's root folder (`gtk/`).
  static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  private static let cached = Mutex<Result<String, SubprocessError>?>(nil)

  /// The demo's path, building it first if needed.
  static func path() throws -> String {
    try cached.withLock { cached in
      if let cached { return try cached.get() }
      let result = Result { () throws(SubprocessError) in try locateOrBuild() }
      cached = result
      return try result.get()
    }
  }

  private static func locateOrBuild() throws(SubprocessError) -> String {
    var candidates: [URL] = []
    if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      candidates.append(URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent(name))
    }
    for argument in CommandLine.arguments.prefix(1) {
      candidates.append(URL(fileURLWithPath: argument).deletingLastPathComponent().appendingPathComponent(name))
    }
    candidates.append(packageRoot.appendingPathComponent(".build/debug/\(name)"))
    for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
      return candidate.path
    }
    let scratch = packageRoot.appendingPathComponent(".build-e2e-demo").path
    guard let swift = which("swift") else {
      throw SubprocessError("\(name) is not built and swift is not on PATH")
    }
    let build: ProcessResult
    do {
      build = try run(
        swift, ["build", "--package-path", packageRoot.path, "--scratch-path", scratch, "--product", name],
        timeout: 900)
    } catch {
      throw SubprocessError("could not run swift build: \(error)")
    }
    let built = scratch + "/debug/\(name)"
    guard build.status == 0, FileManager.default.isExecutableFile(atPath: built) else {
      throw SubprocessError("swift build --product \(name) failed:\n\(build.standardError)")
    }
    return built
  }
}
