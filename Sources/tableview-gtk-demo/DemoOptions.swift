import DemoData

/// The demo's command line.
struct DemoOptions {
  /// The page shown first: feed, fixed, loop, date or chat.
  var page = "feed"
  /// The number of rows of the feed or the fixed-rows page.
  var rows: Int?
  /// `--db PATH`: the feed's database file (built first when missing); by default a file in the user's cache
  /// folder (`$XDG_CACHE_HOME/swifttableview/feed-N.sqlite`, as the terminal demo's).
  var database: String?
  /// `--chat-db PATH`: the chat's database file (built first when missing); by default a file in the user's cache
  /// folder (`$XDG_CACHE_HOME/swifttableview/chat-N.sqlite`, as the terminal demo's).
  var chatDatabase: String?
  /// `--memory`: the feed and the chat computed in memory instead of a database (the benchmarks and self-tests always use it).
  var memory = false
  /// Where the test hook writes the table's state (JSON), if anywhere.
  var stateFile: String?
  /// `--scrollbar-fade-delay SECONDS` (a test hook): how long overlay scrollbars stay after a scroll (GTK's 2 s).
  var scrollbarFadeDelay: Double?
  /// A self-test to run instead of waiting for the user ("scroll-steps").
  var selfTest: String?
  /// Run the frame benchmark and exit.
  var bench = false
  /// The speed of the benchmark's flicks, in pixels per second.
  var benchVelocity = 6_000.0
  /// Benchmark GtkListView on the feed's posts instead of our table.
  var benchListView = false
  /// `--columnview FILE`: benchmark GtkColumnView over `--table` of FILE (the baseline of `--bench --open FILE`).
  var benchColumnView = false
  /// Frames of the benchmark's fling.
  var benchFrames = 600
  /// The chat's seconds between arriving messages (0: none).
  var chatInterval = 2.0
  /// The chat's artificial delay of an older page, in milliseconds.
  var chatPageDelay = 300
  /// The benchmark's figures as JSON lines (`name`, `n`, `ns_per_op` or `count`), as tableview-bench's `--json`.
  var json = false
  /// Whether the fixed-rows page selects several rows (Space or a click toggles a row, Shift+arrows extend).
  var multipleSelection = false
  /// `--soak ROUNDS`: rounds of scrolling, jumps and edits, memory sampled after each (`MemorySoakRun`).
  var soak: Int?
  /// `--dark` or `--light`: the style asked for; `nil` follows the system's preference (`GTK_THEME=Adwaita:dark`
  /// counts as `--dark`: see main.swift).
  var colorScheme: DemoColorScheme?
  /// `--open FILE`: any SQLite file browsed read-only (its tables and views, then one of them in columns) instead
  /// of the demo's pages.
  var open: String?
  /// `--table NAME`: the table `--open` shows first (without it, the list of the file's tables and views).
  var table: String?
  /// `--always-show-scrollbars`: the scrollbars beside the lists, always shown, as GNOME's "Always Show Scrollbars"
  /// asks (by default they lie over the lists and fade out when nothing scrolls).
  var alwaysShowScrollbars = false
  /// `--statistics`: the status line shows the engine's figures from the start (the menu's "Engine Statistics").
  var statistics = false
  /// The window's size.
  var width = 900
  /// The window's size.
  var height = 700

  static let usage = """
    usage: tableview-gtk-demo [--demo feed|fixed|loop|date|chat] [--rows N] [--db PATH] [--chat-db PATH] [--memory]
                              [--size WxH] [--dark | --light] [--always-show-scrollbars] [--statistics]
                              [--multiple-selection]
                              [--chat-interval SECONDS] [--chat-page-delay MS]
                              [--state-file PATH] [--self-test scroll-steps|touchpad|touchpad-swipe|label-heights|nested-allocation|section-index]
                              [--bench [--listview] [--frames N] [--velocity PX] [--json]]
                              [--soak ROUNDS]
       tableview-gtk-demo --open FILE [--table NAME] [--size WxH] [--dark | --light] [--state-file PATH]
                          [--bench [--frames N] [--velocity PX]]
       tableview-gtk-demo --columnview FILE --table NAME [--frames N] [--velocity PX]

      --demo        the page shown first (switch with the view switcher or the keys 1–5)
      --dark, --light  the dark or the light style (by default the system's preference, through
                    libadwaita's style manager; GTK_THEME=Adwaita:dark also asks for the dark one)
      --always-show-scrollbars  the scrollbars beside the lists and always shown, as GNOME's setting of that
                    name asks (by default they lie over the lists and fade out when nothing scrolls)
      --statistics  the status line shows the engine's figures (widgets alive, cells created and reused), as
                    the menu's Engine Statistics does
      --rows        rows of the feed (1,000,000) or of the fixed-height table (10,000,000),
                    or messages of the chat (1,000,000)
      --multiple-selection  the fixed-height table selects several rows: Space, Enter or a click toggles
                    a row, Shift+arrows extend the selection
      --db          the feed's SQLite database file, built first when it does not exist (by default
                    $XDG_CACHE_HOME/swifttableview/feed-N.sqlite, else ~/.cache/…, as tableview-demo's;
                    the first run builds it with a progress bar). A second process can change it:
                    tableview-demo --db PATH --writer
      --chat-db     the chat's SQLite database file, built first when it does not exist (by default
                    $XDG_CACHE_HOME/swifttableview/chat-N.sqlite, as tableview-demo's): a day of messages
                    per section, the newest at the bottom; sent and arriving messages are written to it
                    and shown from it. A second process can write to it: tableview-demo --chat-db PATH --writer
      --memory      the feed and the chat computed in memory, no database (--bench and --self-test always
                    use it)
      --chat-interval  seconds between the chat's arriving messages (2; 0: none)
      --chat-page-delay  the chat's delay before an older page arrives, in ms (300)
      --state-file  test hook: the table's state is written there as JSON after every change
      --scrollbar-fade-delay  test hook: seconds the overlay scrollbars stay after a scroll (2)
      --self-test   scroll-steps: 10,000 scroll steps through the feed, then print the widgets alive;
                    touchpad: touchpad gestures as GTK delivers them (follow, fling, stretch, spring back);
                    touchpad-swipe: sideways touchpad gestures swiping a feed row open (with --demo feed);
                    label-heights: cells' label heights against GTK's measure (JSON; exit 1 on a mismatch);
                    nested-allocation: a status line changing while the table scrolls (no GTK warnings);
                    section-index: the section index bar's titles after reloads and updates (JSON; exit 1)
      --bench       a 600-frame fling through the feed: CPU per frame, RSS, widgets, jumps; then exit
                    (--listview: the same fling in GtkListView, for comparison; --demo chat: flicks up
                    through the chat while 5 messages a second arrive and older pages load;
                    --json: the chat run's figures as JSON lines)
      --open        browse any SQLite file, read-only: its tables and views (Enter or a click opens one),
                    then the table in columns, paged from the file (never read whole); ↑ ↓ Page Up/Down
                    Home End move through the rows, ← → the column cursor (the columns scroll sideways,
                    the first stays), a click on a title sorts (again: the other way; a third time: by the
                    key), a drag of a title's right edge resizes the column, Esc goes back to the list
      --table       the table or view --open shows first (with --bench: the same fling through its rows,
                    once the first screen is read and the rows counted)
      --columnview  the same fling through --table's rows in GtkColumnView (one GtkLabel a column, the
                    rows read from FILE in pages as they are bound), for comparison with --bench --open
      --soak        ROUNDS rounds of scrolling, jumps and edits on every page, resident memory printed
                    after each; exits 1 unless it settles (second half's peak within 5% of the first's)
    """

  /// Parses `arguments` (without the program's name).
  static func parse(_ arguments: [String]) throws(DemoOptionsError) -> DemoOptions {
    var options = DemoOptions()
    var rest = arguments[...]
    func value(_ name: String) throws(DemoOptionsError) -> String {
      guard let next = rest.popFirst() else { throw DemoOptionsError("\(name) needs a value") }
      return next
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--demo":
        let name = try value(argument)
        guard ["feed", "fixed", "loop", "date", "chat"].contains(name) else {
          throw DemoOptionsError("unknown demo \(name): feed, fixed, loop, date or chat")
        }
        options.page = name
      case "--rows":
        let text = try value(argument)
        guard let rows = Int(text), (1...FeedDataSet.maximumRowCount).contains(rows) else {
          throw DemoOptionsError(
            "--rows needs a number from 1 to \(FeedDataSet.maximumRowCount.grouped), not \"\(text)\"")
        }
        options.rows = rows
      case "--size":
        let parts = try value(argument).split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, (200...8192).contains(parts[0]), (200...8192).contains(parts[1]) else {
          throw DemoOptionsError("--size needs WIDTHxHEIGHT, from 200x200 to 8192x8192")
        }
        options.width = parts[0]
        options.height = parts[1]
      case "--multiple-selection": options.multipleSelection = true
      case "--always-show-scrollbars": options.alwaysShowScrollbars = true
      case "--statistics": options.statistics = true
      case "--dark", "--light":
        let scheme: DemoColorScheme = argument == "--dark" ? .dark : .light
        if let chosen = options.colorScheme, chosen != scheme {
          throw DemoOptionsError("--dark and --light cannot go together")
        }
        options.colorScheme = scheme
      case "--db":
        let path = try value(argument)
        guard !path.isEmpty else { throw DemoOptionsError("--db needs a file's path") }
        options.database = path
      case "--chat-db":
        let path = try value(argument)
        guard !path.isEmpty else { throw DemoOptionsError("--chat-db needs a file's path") }
        options.chatDatabase = path
      case "--open":
        let path = try value(argument)
        guard !path.isEmpty else { throw DemoOptionsError("--open needs a file's path") }
        options.open = path
      case "--table":
        let name = try value(argument)
        guard !name.isEmpty else { throw DemoOptionsError("--table needs a table's name") }
        options.table = name
      case "--memory": options.memory = true
      case "--state-file": options.stateFile = try value(argument)
      case "--scrollbar-fade-delay":
        let text = try value(argument)
        guard let seconds = Double(text), seconds.isFinite, (0...3_600).contains(seconds) else {
          throw DemoOptionsError("--scrollbar-fade-delay needs seconds from 0 to 3600, not \"\(text)\"")
        }
        options.scrollbarFadeDelay = seconds
      case "--self-test": options.selfTest = try value(argument)
      case "--bench": options.bench = true
      case "--soak":
        let text = try value(argument)
        guard let rounds = Int(text), (4...10_000).contains(rounds) else {
          throw DemoOptionsError("--soak needs a number of rounds from 4 to 10,000, not \"\(text)\"")
        }
        options.soak = rounds
      case "--frames":
        guard let frames = Int(try value(argument)), frames > 10 else { throw DemoOptionsError("--frames needs > 10") }
        options.benchFrames = frames
      case "--velocity":
        guard let velocity = Double(try value(argument)), velocity > 0 else {
          throw DemoOptionsError("--velocity needs pixels per second > 0")
        }
        options.benchVelocity = velocity
      case "--listview": options.benchListView = true
      case "--columnview":
        let path = try value(argument)
        guard !path.isEmpty else { throw DemoOptionsError("--columnview needs a file's path") }
        options.open = path
        options.bench = true
        options.benchColumnView = true
      case "--json": options.json = true
      case "--chat-interval":
        guard let seconds = Double(try value(argument)), seconds >= 0, seconds <= 3600 else {
          throw DemoOptionsError("--chat-interval needs seconds from 0 (no arrivals) to 3600")
        }
        options.chatInterval = seconds
      case "--chat-page-delay":
        guard let milliseconds = Int(try value(argument)), milliseconds >= 0, milliseconds <= 600_000 else {
          throw DemoOptionsError("--chat-page-delay needs milliseconds from 0 to 600000")
        }
        options.chatPageDelay = milliseconds
      case "--help", "-h": throw DemoOptionsError(usage)
      default: throw DemoOptionsError("unknown option \(argument)\n\(usage)")
      }
    }
    if options.table != nil && options.open == nil { throw DemoOptionsError("--table needs --open FILE") }
    if options.benchColumnView && options.table == nil { throw DemoOptionsError("--columnview needs --table NAME") }
    if options.memory && options.database != nil { throw DemoOptionsError("--memory and --db cannot go together") }
    if options.memory && options.chatDatabase != nil {
      throw DemoOptionsError("--memory and --chat-db cannot go together")
    }
    return options
  }

  /// Whether the feed page is the in-memory one: asked for, or a benchmark or self-test (they measure the
  /// engine on the computed feed).
  var feedInMemory: Bool { memory || bench || selfTest != nil }

  /// Whether the chat page is the in-memory one (`ChatConversation`): as for the feed.
  var chatInMemory: Bool { feedInMemory }
}

/// The style the demo is asked to show (`--dark`, `--light`).
enum DemoColorScheme: Equatable {
  case dark
  case light
}

/// A command-line mistake, with its explanation.
struct DemoOptionsError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
