import Foundation
import GRDB
import TableViewCore
import TableViewSQLite
import TableViewTerminal
import TerminalKit

/// When the program started (the first screen's time is measured from here).
let started = ProcessInfo.processInfo.systemUptime

let usage = """
  usage: music-library generate PATH [--albums N]       a new library of N albums (default 2,000)
         music-library browse PATH                      the library in the terminal (q quits)
         music-library add PATH [--every SECONDS]       adds a track every so often (a second process)
         music-library print PATH [--size COLSxROWS] [--anchor first|last|KEY]   one screen, printed (and
                                                        its time from the start, on standard error)
  """

func option(_ name: String, in arguments: [String]) -> String? {
  arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data((message + "\n").utf8))
  exit(2)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else { fail(usage) }
let path = arguments[1]
do {
  switch arguments[0] {
  case "generate":
    guard !FileManager.default.fileExists(atPath: path) else { fail("music-library: \(path) exists already") }
    guard let albums = Int(option("--albums", in: arguments) ?? "2000"), albums > 0 else {
      fail("music-library: --albums takes a positive number")
    }
    try Library.generate(at: path, albums: albums)
    print("music-library: \(path): \(albums) albums")
  case "browse":
    let clock = MonotonicClock()
    let app = try LibraryApp(path: path, clock: clock)
    try Terminal.withRawMode { terminal in
      try TerminalRunLoop(colorMode: .detect(environment: ProcessEnvironment.current()), clock: clock)
        .run(app, on: terminal)
    }
  case "add":
    guard let interval = Double(option("--every", in: arguments) ?? "1"), interval > 0 else {
      fail("music-library: --every takes a positive number of seconds")
    }
    try Library.addTracks(at: path, interval: interval)
  case "print":
    let size = (option("--size", in: arguments) ?? "80x24").split(separator: "x").compactMap { Int($0) }
    guard size.count == 2, size[0] > 0, size[1] > 1 else { fail("music-library: --size takes COLSxROWS") }
    let anchor: SQLiteRecordAnchor
    switch option("--anchor", in: arguments) ?? "first" {
    case "first": anchor = .first
    case "last": anchor = .last
    case let key:
      guard let id = Int64(key) else { fail("music-library: --anchor takes first, last or a track id") }
      anchor = .key(id.databaseValue)
    }
    let app = try LibraryApp(path: path, anchor: anchor, clock: MonotonicClock())
    app.resize(to: TerminalSize(columns: size[0], rows: size[1]))
    app.settle()
    var buffer = ScreenBuffer(width: size[0], height: size[1])
    app.draw(into: &buffer)
    for line in buffer.lines { print(line) }
    let seconds = ProcessInfo.processInfo.systemUptime - started
    FileHandle.standardError.write(Data("music-library: first screen in \(seconds) s\n".utf8))
  default:
    fail(usage)
  }
} catch {
  fail("music-library: \(error)")
}
