// swift-tools-version: 6.1
import PackageDescription

// One package, every library product usable by URL and version:
//
//     .package(url: "https://github.com/…/SwiftTableView", from: "0.1.0")
//     .product(name: "TableViewTerminal", package: "SwiftTableView")
//
// SwiftPM builds only the targets of the products an app names, but it fetches every package a
// dependency declares and looks up every system library, unless a trait the app turns off guards
// them: GRDB (for `TableViewSQLite`) sits behind the `SQLite` trait and GTK 4 (for `TableViewGTK`)
// behind the `GTK` trait, both on by default. An app of `TableViewTerminal` alone turns them off,
// and then fetches no GRDB and needs no GTK installed:
//
//     .package(url: "https://github.com/…/SwiftTableView", from: "0.1.0", traits: [])
//
// `scripts/consumer-check.sh` checks both in CI. The demos, the benchmark and their data are
// executables and internal targets of this package, not products.
let package = Package(
  name: "SwiftTableView",
  products: [
    // The headless engine: standard library and Foundation's `IndexPath` only.
    .library(name: "TableViewCore", targets: ["TableViewCore"]),
    // Terminal primitives: raw mode, input decoding, display width, a screen buffer.
    .library(name: "TerminalKit", targets: ["TerminalKit"]),
    // The terminal backend.
    .library(name: "TableViewTerminal", targets: ["TableViewTerminal"]),
    // The GTK 4 backend (needs `libgtk-4-dev`).
    .library(name: "TableViewGTK", targets: ["TableViewGTK"]),
    // A table's data source over an SQLite database (GRDB over the system SQLite, `libsqlite3-dev`).
    .library(name: "TableViewSQLite", targets: ["TableViewSQLite"]),
  ],
  traits: [
    .trait(
      name: "SQLite",
      description: "TableViewSQLite, a table's data source over an SQLite database (fetches GRDB)."),
    .trait(name: "GTK", description: "TableViewGTK, the GTK 4 backend (needs libgtk-4-dev)."),
    .default(enabledTraits: ["SQLite", "GTK"]),
  ],
  dependencies: [
    // TableViewSQLite: SQLite through GRDB, over the system SQLite (libsqlite3-dev, scripts/setup.sh).
    .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0")
  ]
    // `swift package generate-documentation` (scripts/docs.sh sets SWIFTTABLEVIEW_DOCS=1): declared only then,
    // so that an app depending on this package never fetches the plugin.
    + (Context.environment["SWIFTTABLEVIEW_DOCS"] == "1"
      ? [.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0")] : []),
  targets: [
    // The headless engine: standard library only (and FoundationEssentials for `IndexPath`).
    .target(
      name: "TableViewCore",
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
    // Terminal primitives (raw mode, input decoding, display width, screen buffer): no engine knowledge.
    .target(name: "TerminalKit"),
    // The terminal backend: views and cells the engine reuses, drawn with TerminalKit.
    .target(name: "TableViewTerminal", dependencies: ["TableViewCore", "TerminalKit"]),
    // GTK 4's C API, found with pkg-config.
    .systemLibrary(name: "CGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
    // libadwaita's C API (GNOME's application, window, header bar, view switcher and style manager), for the GTK
    // demo only: TableViewGTK does not use it, so a plain GTK app needs no libadwaita. Behind the GTK trait, as
    // GTK is: an app that turns the trait off looks up neither.
    .systemLibrary(name: "CAdw", pkgConfig: "libadwaita-1", providers: [.apt(["libadwaita-1-dev"])]),
    // GDK's X11 backend and Xlib, for the GTK demo only (a window another program destroys, see
    // OutsideDestroyGuard): behind the GTK trait too. No pkg-config of its own: its headers are under CGtk's paths.
    .systemLibrary(name: "CGtkX11"),
    // The GTK backend: cells are GTK widgets the engine reuses; a viewport the table scrolls.
    .target(
      name: "TableViewGTK", dependencies: [.target(name: "CGtk", condition: .when(traits: ["GTK"])), "TableViewCore"]),
    // A table's data source over an SQLite database (GRDB): paged off the owner thread, live changes from any
    // process, persisted heights, full-text search.
    .target(
      name: "TableViewSQLite",
      dependencies: [
        "TableViewCore", .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["SQLite"])),
      ]),

    // Internal: a deterministic random number generator (SplitMix64) for demo data, benchmarks and randomized
    // tests.
    .target(name: "SeededRandom"),
    // Internal: the demos' data sets (feed posts, fixed rows, hours, dates) and the date picker's model on the
    // engine's PickerView: no backend, so every backend's demo shows the same data.
    .target(name: "DemoData", dependencies: ["TableViewCore", "SeededRandom"]),
    // Internal: the demos' posts and chat databases (schema, generator, writers) and the posts' data source, an app
    // of TableViewSQLite's building blocks (`package` access), not a product.
    .target(
      name: "DemoDatabase",
      dependencies: [
        "TableViewCore", "DemoData", "TableViewSQLite",
        .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["SQLite"])),
      ]),
    // Test-only: a model terminal that applies output bytes to a screen buffer (what a terminal would show).
    .target(name: "TerminalTesting", dependencies: ["TerminalKit"]),
    // Test-only: doubles the engine's and the backends' tests share (keyboard scripts and their models).
    .target(name: "TableViewTesting", dependencies: ["TableViewCore"]),
    // Test-only: running programs (the demos, tmux, Xvfb) and finding the demos, for end-to-end tests.
    .target(name: "TestSupport"),

    .executableTarget(
      name: "tableview-demo",
      dependencies: [
        "TableViewCore", "TerminalKit", "TableViewTerminal", "DemoData", "TableViewSQLite", "DemoDatabase",
        .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["SQLite"])),
      ]),
    .executableTarget(
      name: "tableview-gtk-demo",
      dependencies: [
        "TableViewGTK", .target(name: "CGtk", condition: .when(traits: ["GTK"])),
        .target(name: "CAdw", condition: .when(traits: ["GTK"])),
        .target(name: "CGtkX11", condition: .when(traits: ["GTK"])), "TableViewCore", "DemoData",
        "SeededRandom", "TableViewSQLite", "DemoDatabase",
        .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["SQLite"])),
      ]),
    // Test-only: the engine's pointer and keyboard scripts played with real X input on a GTKTableView (run by
    // TableViewGTKTests under Xvfb).
    .executableTarget(
      name: "tableview-gtk-scripts",
      dependencies: [
        "TableViewGTK", .target(name: "CGtk", condition: .when(traits: ["GTK"])), "TableViewCore", "TableViewTesting",
      ]),
    .executableTarget(
      name: "tableview-bench",
      dependencies: [
        "TableViewCore", "SeededRandom", "DemoData", "TableViewSQLite", "DemoDatabase", "TableViewTesting",
        .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["SQLite"])),
      ]),
    // A second process for TableViewSQLite's tests: writes posts, holds a lock, dies mid-transaction.
    .executableTarget(
      name: "tableview-sqlite-writer",
      dependencies: [
        "TableViewSQLite", "DemoDatabase",
        .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["SQLite"])),
      ]),

    .testTarget(name: "TableViewCoreTests", dependencies: ["TableViewCore", "SeededRandom", "TableViewTesting"]),
    .testTarget(
      name: "TerminalKitTests", dependencies: ["TerminalKit", "TerminalTesting", "SeededRandom", "TableViewTerminal"]),
    .testTarget(name: "DemoDataTests", dependencies: ["DemoData", "TableViewCore"]),
    .testTarget(name: "SeededRandomTests", dependencies: ["SeededRandom"]),
    .testTarget(
      name: "TableViewTerminalTests",
      dependencies: [
        "TableViewTerminal", "TableViewCore", "TerminalKit", "TestSupport", "TableViewSQLite", "DemoDatabase",
        "TableViewTesting",
        .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["SQLite"])),
      ]),
    .testTarget(
      name: "TableViewSQLiteTests",
      dependencies: [
        "TableViewSQLite", "DemoDatabase", "TableViewCore", "DemoData", "TestSupport", "SeededRandom",
        "TableViewTesting",
        .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["SQLite"])),
      ]),
    // The GTK backend's end-to-end tests: the GTK demo under Xvfb, read through screenshots and AT-SPI.
    .testTarget(
      name: "TableViewGTKTests",
      dependencies: [
        "TableViewGTK", "TableViewCore", "TestSupport", "TableViewSQLite", "DemoDatabase", "TableViewTesting",
        .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["SQLite"])),
      ],
      // Run by the accessibility tests (with the system's python3 and its pyatspi), not compiled.
      exclude: ["Support/atspi-tree.py", "Support/atspi-action.py", "Support/atspi-events.py"]),
  ]
)
