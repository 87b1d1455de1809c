import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a finished process left.
public struct ProcessResult: Sendable {
  /// The exit code, or 128 + the signal that ended the process.
  public var status: Int32
  /// Everything it wrote to standard output.
  public var standardOutput: String
  /// Everything it wrote to standard error.
  public var standardError: String
}

/// A program that could not be run, or did not do what a test needed in time.
public struct SubprocessError: Error, CustomStringConvertible {
  /// What went wrong.
  public let description: String
  /// An error saying `description`.
  public init(_ description: String) { self.description = description }
}

/// The full path of a program on `PATH`, or `nil`.
public func which(_ name: String) -> String? {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  for directory in path.split(separator: ":") {
    let candidate = "\(directory)/\(name)"
    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
  }
  return nil
}

/// Starts `executable` with `posix_spawn`, its standard input from `input`, its output to the files
/// `output` and `errors`, and `environment` merged over the inherited environment.
///
/// The child starts with no signal blocked and default dispositions: a test thread's mask (libdispatch
/// blocks most signals) would otherwise be inherited, and an X server or a tmux server would never see its
/// SIGTERM or SIGHUP.
private func spawn(
  _ executable: String, _ arguments: [String], environment: [String: String], input: String, output: String,
  errors: String
) throws -> pid_t {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

  let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0)=\($1)" }
  let argv = ([executable] + arguments).map { strdup($0) } + [nil]
  let envp = variables.map { strdup($0) } + [nil]
  defer {
    for pointer in argv + envp { free(pointer) }
  }
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  var none = sigset_t()
  sigemptyset(&none)
  var all = sigset_t()
  sigfillset(&all)
  posix_spawnattr_setsigmask(&attributes, &none)
  posix_spawnattr_setsigdefault(&attributes, &all)
  posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
  var pid: pid_t = 0
  let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
  guard spawned == 0 else { throw SubprocessError("posix_spawn \(executable) failed: \(spawned)") }
  return pid
}

/// The exit status `waitpid` reported: the code, or 128 + the signal that killed the process.
private func exitStatus(_ status: Int32) -> Int32 {
  (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
}

/// A fresh temporary folder for one process's files.
private func temporaryFolder(_ prefix: String) throws -> URL {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder
}

private func readText(_ path: String) -> String {
  String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data(), as: UTF8.self)
}

/// Runs a short program to its end (killing it after `timeout` seconds) and collects its output.
///
/// Input and output go through temporary files rather than pipes: nothing can block on a full pipe, and a
/// daemon the program leaves behind (a tmux server) cannot keep a pipe open.
///
/// - Parameters:
///   - executable: The program's path.
///   - arguments: Its arguments.
///   - input: Bytes for its standard input (never a terminal).
///   - environment: Variables to set or override in the inherited environment.
///   - timeout: Seconds before the program is killed.
public func run(
  _ executable: String, _ arguments: [String], input: String = "", environment: [String: String] = [:],
  timeout: Double = 60
) throws -> ProcessResult {
  let folder = try temporaryFolder("tvtest-run")
  defer { try? FileManager.default.removeItem(at: folder) }
  let paths = ["in", "out", "err"].map { folder.appendingPathComponent($0).path }
  try Data(input.utf8).write(to: URL(fileURLWithPath: paths[0]))
  let pid = try spawn(
    executable, arguments, environment: environment, input: paths[0], output: paths[1], errors: paths[2])
  var status: Int32 = 0
  let deadline = Date().addingTimeInterval(timeout)
  while true {
    let done = waitpid(pid, &status, WNOHANG)
    if done == pid { break }
    if done < 0 && errno != EINTR { throw SubprocessError("waitpid failed: \(errno)") }
    if Date() > deadline {
      kill(pid, SIGKILL)
      _ = waitpid(pid, &status, 0)
      break
    }
    usleep(2_000)
  }
  return ProcessResult(
    status: exitStatus(status), standardOutput: readText(paths[1]), standardError: readText(paths[2]))
}

/// A program running in the background (an X server, the demo): started with `posix_spawn`, reaped with
/// `waitpid`, stopped by its own process id only.
public final class BackgroundProcess: Sendable {
  /// The process id.
  public let pid: pid_t
  /// What the program was, for messages.
  public let name: String
  private let folder: URL
  private let exited = Locked<Int32?>(nil)

  /// Starts `executable` with `arguments`, `environment` merged over the inherited one.
  public init(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws {
    folder = try temporaryFolder("tvtest-bg")
    name = URL(fileURLWithPath: executable).lastPathComponent
    do {
      pid = try spawn(
        executable, arguments, environment: environment, input: "/dev/null",
        output: folder.appendingPathComponent("out").path, errors: folder.appendingPathComponent("err").path)
    } catch {
      try? FileManager.default.removeItem(at: folder)
      throw error
    }
  }

  deinit {
    stop()
    try? FileManager.default.removeItem(at: folder)
  }

  /// The exit status if the process has ended (reaping it), `nil` while it runs.
  public func exitStatusIfExited() -> Int32? {
    exited.withLock { status in
      if let status { return status }
      var raw: Int32 = 0
      if waitpid(pid, &raw, WNOHANG) == pid { status = exitStatus(raw) }
      return status
    }
  }

  /// Whether the process still runs.
  public var isRunning: Bool { exitStatusIfExited() == nil }

  /// Waits up to `timeout` seconds for the process to end; its exit status, or `nil` if it still runs.
  public func waitForExit(timeout: Double) async -> Int32? {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      if let status = exitStatusIfExited() { return status }
      if Date() > deadline { return nil }
      try? await Task.sleep(for: .milliseconds(20))
    }
  }

  /// Ends the process if it still runs: SIGTERM, then SIGKILL after two seconds.
  public func stop() {
    guard isRunning else { return }
    kill(pid, SIGTERM)
    let deadline = Date().addingTimeInterval(2)
    while isRunning && Date() < deadline { usleep(10_000) }
    exited.withLock { status in
      guard status == nil else { return }
      kill(pid, SIGKILL)
      var raw: Int32 = 0
      _ = waitpid(pid, &raw, 0)
      status = exitStatus(raw)
    }
  }

  /// Everything the process wrote to standard output so far.
  public var standardOutput: String { readText(folder.appendingPathComponent("out").path) }
  /// Everything the process wrote to standard error so far.
  public var standardError: String { readText(folder.appendingPathComponent("err").path) }
}
