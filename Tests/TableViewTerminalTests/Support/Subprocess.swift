import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a finished process left.
struct ProcessResult {
  var status: Int32
  var standardOutput: String
  var standardError: String
}

/// Runs a program to its end (killing it after `timeout` seconds) and collects its output.
///
/// Uses `posix_spawn` and `waitpid` directly, and temporary files rather than pipes: a daemon the program starts
/// (a tmux server) inherits its descriptors and would keep a pipe open forever.
///
/// - Parameters:
///   - executable: The program's path.
///   - arguments: Its arguments.
///   - input: Bytes for its standard input (never a terminal).
///   - environment: Variables to set or override in the inherited environment.
///   - timeout: Seconds before the program is killed.
func run(
  _ executable: String, _ arguments: [String], input: String = "", environment: [String: String] = [:],
  timeout: Double = 60
) throws -> ProcessResult {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tvterm-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let paths = ["in", "out", "err"].map { folder.appendingPathComponent($0).path }
  try Data(input.utf8).write(to: URL(fileURLWithPath: paths[0]))

  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, paths[0], O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, paths[1], O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  posix_spawn_file_actions_addopen(&actions, 2, paths[2], O_WRONLY | O_CREAT | O_TRUNC, 0o644)

  let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0)=\($1)" }
  let argv = ([executable] + arguments).map { strdup($0) } + [nil]
  let envp = variables.map { strdup($0) } + [nil]
  defer {
    for pointer in argv + envp { free(pointer) }
  }
  // The child starts with no signal blocked and default dispositions: a test thread's mask (libdispatch blocks
  // most signals) would otherwise be inherited, and a tmux server would never see its SIGHUP or SIGTERM.
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
  let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  func read(_ path: String) -> String {
    String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data(), as: UTF8.self)
  }
  return ProcessResult(status: exitStatus, standardOutput: read(paths[1]), standardError: read(paths[2]))
}

/// A program that could not be run.
struct SubprocessError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// The full path of a program on `PATH`, or `nil`.
func which(_ name: String) -> String? {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  for directory in path.split(separator: ":") {
    let candidate = "\(directory)/\(name)"
    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
  }
  return nil
}
