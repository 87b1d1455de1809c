// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "SwiftTableView",
  products: [
    .library(name: "TableViewCore", targets: ["TableViewCore"]),
    .library(name: "TerminalKit", targets: ["TerminalKit"]),
    .library(name: "TableViewTerminal", targets: ["TableViewTerminal"]),
    .library(name: "DemoData", targets: ["DemoData"]),
    .library(name: "SeededRandom", targets: ["SeededRandom"]),
    .library(name: "TerminalTesting", targets: ["TerminalTesting"]),
    .library(name: "TestSupport", targets: ["TestSupport"]),
    .library(name: "TableViewSQLite", targets: ["TableViewSQLite"]),
    .executable(name: "tableview-bench", targets: ["tableview-bench"]),
    .executable(name: "tableview-demo", targets: ["tableview-demo"]),
    .executable(name: "tableview-sqlite-writer", targets: ["tableview-sqlite-writer"]),
  ],
  dependencies: [
    // `swift package generate-documentation` (scripts/docs.sh): the DocC catalogs in Sources/*/*.docc.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    // TableViewSQLite: SQLite through GRDB, over the system SQLite (libsqlite3-dev, scripts/setup.sh).
    .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
  ],
  targets: [
    // The headless engine: standard library only.
    .target(
      name: "TableViewCore",
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
    // Terminal primitives (raw mode, input decoding, display width, screen buffer): no engine knowledge.
    .target(name: "TerminalKit"),
    // The terminal backend: views and cells the engine reuses, drawn with TerminalKit.
    .target(name: "TableViewTerminal", dependencies: ["TableViewCore", "TerminalKit"]),
    // A deterministic random number generator (SplitMix64) for demo data, benchmarks and randomized tests: not
    // part of the engine's API.
    .target(name: "SeededRandom"),
    // For tests: a model terminal that applies output bytes to a screen buffer (what a terminal would show).
    .target(name: "TerminalTesting", dependencies: ["TerminalKit"]),
    // For end-to-end tests of both packages: running programs (the demos, tmux, Xvfb) and finding the demos.
    .target(name: "TestSupport"),
    // The demos' data sets (feed posts, fixed rows, hours, dates) and the date picker's model on the engine's
    // PickerView: no backend, so every backend's demo shows the same data.
    .target(name: "DemoData", dependencies: ["TableViewCore", "SeededRandom"]),
    .executableTarget(
      name: "tableview-bench", dependencies: ["TableViewCore", "SeededRandom", "DemoData", "TableViewSQLite"]),
    .executableTarget(
      name: "tableview-demo",
      dependencies: ["TableViewCore", "TerminalKit", "TableViewTerminal", "DemoData", "TableViewSQLite"]),
    // A table's data source over an SQLite database (GRDB): paged off the owner thread, live changes from any
    // process, persisted heights, full-text search.
    .target(
      name: "TableViewSQLite",
      dependencies: ["TableViewCore", "DemoData", .product(name: "GRDB", package: "GRDB.swift")]
    ),
    // A second process for TableViewSQLite's tests: writes posts, holds a lock, dies mid-transaction.
    .executableTarget(
      name: "tableview-sqlite-writer",
      dependencies: ["TableViewSQLite", .product(name: "GRDB", package: "GRDB.swift")]),
    .testTarget(name: "TableViewCoreTests", dependencies: ["TableViewCore", "SeededRandom"]),
    .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit", "TerminalTesting", "SeededRandom"]),
    .testTarget(name: "DemoDataTests", dependencies: ["DemoData", "TableViewCore"]),
    .testTarget(name: "SeededRandomTests", dependencies: ["SeededRandom"]),
    .testTarget(
      name: "TableViewTerminalTests",
      dependencies: ["TableViewTerminal", "TableViewCore", "TerminalKit", "TestSupport", "TableViewSQLite"]),
    .testTarget(
      name: "TableViewSQLiteTests",
      dependencies: [
        "TableViewSQLite", "TableViewCore", "DemoData", "TestSupport", "SeededRandom",
        .product(name: "GRDB", package: "GRDB.swift"),
      ]),
  ]
)
