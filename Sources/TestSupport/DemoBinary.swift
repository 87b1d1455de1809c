import Foundation

/// Finds a demo executable that `swift test` built, for end-to-end tests: it sits next to the test bundle in
/// the build products folder (on Linux the running test executable, `/proc/self/exe`; elsewhere `.build/debug`
/// under the package). If it is missing, it is built once with `swift build --product NAME` in a separate
/// scratch folder, so the build never waits for the one running the tests.
///
///     let demo = DemoBinary(name: "tableview-demo", packageRoot: packageRoot)
///     let result = try run(try demo.path(), ["--frames", "down"])
public struct DemoBinary: Sendable {
  /// The executable product's name.
  public let name: String
  /// The folder of the package that builds it.
  public let packageRoot: URL

  /// A demo built by the package at `packageRoot`.
  public init(name: String, packageRoot: URL) {
    self.name = name
    self.packageRoot = packageRoot
  }

  /// The folder `levels` folders above `filePath` (pass `#filePath` of a file in `Tests/Suite/Support/`
  /// and 4 for its package's root).
  public static func folder(above filePath: String, levels: Int) -> URL {
    var url = URL(fileURLWithPath: filePath)
    for _ in 0..<levels { url.deleteLastPathComponent() }
    return url
  }

  private static let cached = Locked<[String: Result<String, SubprocessError>]>([:])

  /// The demo's path, building it first if needed (once per test process).
  public func path() throws -> String {
    try Self.cached.withLock { cached in
      let key = packageRoot.path + "/" + name
      if let result = cached[key] { return try result.get() }
      let result = Result { () throws(SubprocessError) in try locateOrBuild() }
      cached[key] = result
      return try result.get()
    }
  }

  private func locateOrBuild() throws(SubprocessError) -> String {
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
