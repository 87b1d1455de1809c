import DemoData
import TerminalKit

/// The demo's command line.
struct DemoOptions {
  /// `--rows N`: the row count of the table screens.
  var rows: Int?
  /// `--demo NAME`: the screen to open on, as an index into `DemoCatalog.entries`.
  var demo = 0
  /// `--frames SCRIPT`: run a script headless and print frames (`-` or nothing: read the script from stdin).
  var frames: String?
  /// `--size WxH`: the screen size in `--frames` mode.
  var size = TerminalSize(columns: 100, rows: 30)
  /// `--arrivals SECONDS`: the time between messages arriving on the chat page (0: none).
  var arrivalInterval = ChatScreen.defaultArrivalInterval
  /// `--page-delay SECONDS`: how long a page of older chat messages takes to arrive.
  var pageDelay = ChatScreen.defaultPageDelay
  /// `--db PATH`: the feed's database file (created and filled first if missing); by default a file in the
  /// user's cache directory (`FeedDatabase.defaultPath`).
  var database: String?
  /// `--chat-db PATH`: the chat's database file (created and filled first if missing); by default a file in the
  /// user's cache directory (`ChatDatabase.defaultPath`).
  var chatDatabase: String?
  /// `--memory`: the feed computed in memory instead of a database (as `--frames` always does).
  var memory = false
  /// `--writer`: no table; insert, edit and delete posts in the database every second (with `--chat-db`: write a
  /// message at the bottom of the chat every second).
  var writer = false
  /// `--read-only`: the databases opened without writing (they must exist); every change is refused with a
  /// message. A file this user cannot write is opened so without the option, with a notice.
  var readOnly = false
  /// `--open FILE`: browse any SQLite file's tables (`BrowserApp`); `--table NAME` opens one at once.
  var open: String?
  var table: String?
  /// `--plain`: the interface for screen readers and braille displays (see `DemoApp`); also chosen by the
  /// environment (see `wantsPlain(environment:)`).
  var plain = false
  /// `--soak ROUNDS`: no terminal; repeat a scripted round of scrolling, jumps and edits and check that resident
  /// memory settles (`MemorySoakSession`).
  var soak: Int?
  /// `--help`.
  var help = false

  /// Whether the environment asks for the plain interface: `TABLEVIEW_PLAIN=1`, or `TERM=dumb`.
  static func wantsPlain(environment: [String: String]) -> Bool {
    environment["TABLEVIEW_PLAIN"] == "1" || environment["TERM"] == "dumb"
  }

  static var usage: String {
    let names = DemoCatalog.entries.map(\.name).joined(separator: ", ")
    return """
      usage: tableview-demo [--demo NAME] [--rows N] [--db PATH] [--chat-db PATH] [--read-only] [--memory]
                            [--arrivals S] [--page-delay S] [--plain] [--frames SCRIPT|- [--size WxH]]
             tableview-demo [--db PATH] [--rows N] --writer
             tableview-demo --chat-db PATH --writer
             tableview-demo --soak ROUNDS [--size WxH]
             tableview-demo --open FILE [--table NAME]

      A UITableView-style table in the terminal: a million self-sizing rows, sticky headers, reuse.
      The feed and the chat live in SQLite databases: by default $XDG_CACHE_HOME/swifttableview/feed-N.sqlite
      and chat-N.sqlite (else in ~/.cache/swifttableview/), built on the first run with a progress bar,
      opened at once later.

        --demo NAME      the screen to open on: \(names) (default feed)
        --rows N         the number of rows of the table screens (feed: 1,000,000; fixed: 10,000,000;
                         chat: 1,000,000 messages of history)
        --arrivals S     seconds between messages arriving on the chat page (default 2; 0: none)
        --page-delay S   seconds a page of older chat messages takes to arrive (in memory; default 0.3)
        --db PATH        the feed's database file (built first when it does not exist)
        --chat-db PATH   the chat's database file (built first when it does not exist): a day of
                         messages per section, the newest at the bottom; messages sent, arriving and
                         written by another process are written to it and shown from it
        --open FILE      browse any SQLite file: its tables and views, then one in columns (read-only;
                         sort by a column, filter by text, go to a row; --table NAME opens one at once)
        --read-only      open the databases without writing (they must exist): browse, search, no changes;
                         a file you cannot write is opened so anyway, with a notice
        --memory         the feed and the chat computed in memory, no database (--frames always uses it)
        --writer         no table: insert, edit and delete posts in the database every second, a line
                         for each, until Ctrl-C (run it beside the demo to watch a live table); with
                         --chat-db, a message from someone else at the bottom of the chat every second
        --frames SCRIPT  no terminal: run SCRIPT and print a plain-text frame after each step
                         (SCRIPT "-" or omitted reads it from standard input)
        --size WxH       the screen size for --frames and --soak (default 100x30)
        --soak ROUNDS    no terminal: ROUNDS rounds of scrolling, jumps and edits on every page (in memory,
                         a manual clock), resident memory printed after each; exits with status 1 unless
                         it settles (the second half's peak within 5% of the first half's)
        --plain          for screen readers and braille displays: no box-drawing decoration, no status
                         line redrawn on every frame; the focused row's text and its place ("row 41 of
                         1,000,000, section 1") on the last lines, written again only when they change
                         (also chosen by TABLEVIEW_PLAIN=1 and by TERM=dumb)
        --help           this text

      \(ScriptStep.grammar)

      Example: tableview-demo --frames "down,down,pgdn,enter,q" --size 80x24
      """
  }

  /// Parses the arguments (without the program name).
  /// - Throws: A message for the user when an option is unknown or its value is bad.
  static func parse(_ arguments: [String]) throws(DemoError) -> DemoOptions {
    var options = DemoOptions()
    var index = 0
    func value(_ option: String) throws(DemoError) -> String {
      index += 1
      guard index < arguments.count else { throw DemoError("\(option) needs a value") }
      return arguments[index]
    }
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "--rows":
        let text = try value(argument)
        guard let rows = Int(text.replacingUnderscores), (1...FeedDataSet.maximumRowCount).contains(rows) else {
          throw DemoError("--rows needs a number from 1 to \(FeedDataSet.maximumRowCount.grouped), not \"\(text)\"")
        }
        options.rows = rows
      case "--demo":
        let name = try value(argument)
        guard let found = DemoCatalog.entries.firstIndex(where: { $0.matches(name) }) else {
          let names = DemoCatalog.entries.map(\.name).joined(separator: ", ")
          throw DemoError("unknown demo \"\(name)\"; choose one of: \(names)")
        }
        options.demo = found
      case "--frames":
        if index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--") {
          options.frames = try value(argument)
        } else {
          options.frames = "-"
        }
      case "--arrivals":
        let text = try value(argument)
        guard let seconds = Double(text), seconds.isFinite, seconds >= 0, seconds <= 86_400 else {
          throw DemoError("--arrivals needs seconds from 0 to 86,400, not \"\(text)\"")
        }
        options.arrivalInterval = seconds
      case "--page-delay":
        let text = try value(argument)
        guard let seconds = Double(text), seconds.isFinite, seconds >= 0, seconds <= 86_400 else {
          throw DemoError("--page-delay needs seconds from 0 to 86,400, not \"\(text)\"")
        }
        options.pageDelay = seconds
      case "--size":
        let text = try value(argument)
        guard let size = ScriptStep.parseSize(text) else {
          throw DemoError("--size \"\(text)\" is not a size: \(ScriptStep.sizeRule)")
        }
        options.size = size
      case "--db":
        let path = try value(argument)
        guard !path.isEmpty else { throw DemoError("--db needs a file name") }
        options.database = path
      case "--chat-db":
        let path = try value(argument)
        guard !path.isEmpty else { throw DemoError("--chat-db needs a file name") }
        options.chatDatabase = path
      case "--memory":
        options.memory = true
      case "--read-only":
        options.readOnly = true
      case "--open":
        let path = try value(argument)
        guard !path.isEmpty else { throw DemoError("--open needs a file name") }
        options.open = path
      case "--table":
        options.table = try value(argument)
      case "--writer":
        options.writer = true
      case "--plain":
        options.plain = true
      case "--soak":
        let text = try value(argument)
        guard let rounds = Int(text.replacingUnderscores), (4...10_000).contains(rounds) else {
          throw DemoError("--soak needs a number of rounds from 4 to 10,000, not \"\(text)\"")
        }
        options.soak = rounds
      case "--help", "-h":
        options.help = true
      default:
        throw DemoError("unknown option \"\(argument)\"")
      }
      index += 1
    }
    if options.memory && options.database != nil { throw DemoError("--memory and --db cannot go together") }
    if options.memory && options.chatDatabase != nil {
      throw DemoError("--memory and --chat-db cannot go together")
    }
    if options.writer && options.database != nil && options.chatDatabase != nil {
      throw DemoError("--writer writes to one database: --db or --chat-db, not both")
    }
    if options.table != nil && options.open == nil { throw DemoError("--table names a table of the --open file") }
    if options.open != nil && (options.writer || options.memory || options.database != nil || options.soak != nil) {
      throw DemoError("--open browses a file of your own: not with --writer, --memory, --db or --soak")
    }
    if options.readOnly && (options.writer || options.memory) {
      throw DemoError("--read-only opens the databases without writing: not with --writer or --memory")
    }
    if options.writer && (options.memory || options.frames != nil) {
      throw DemoError("--writer writes to a database: not with --memory or --frames")
    }
    if options.soak != nil
      && (options.frames != nil || options.database != nil || options.chatDatabase != nil || options.writer)
    {
      throw DemoError("--soak runs the in-memory demo by itself: not with --frames, --db, --chat-db or --writer")
    }
    if options.frames != nil && (options.database != nil || options.chatDatabase != nil) {
      throw DemoError("--frames shows the in-memory feed and chat: not with --db or --chat-db")
    }
    return options
  }
}

extension String {
  /// The text without "_" (so "1_000_000" reads as a number).
  fileprivate var replacingUnderscores: String { filter { $0 != "_" } }
}
