// swift-tools-version: 6.0
import PackageDescription

// A music library browsed in a terminal: albums as sections, tracks as rows, served from an SQLite
// file by TableViewSQLite's SQLiteRecordDataSource. An app of your own depends on SwiftTableView by
// URL and version instead of by path:
//
//     .package(url: "https://github.com/<owner>/SwiftTableView", from: "0.1.0", traits: ["SQLite"]),
//
// and on GRDB, whose types (DatabaseQueue, Row, FetchableRecord) it uses to describe its rows.
let package = Package(
  name: "MusicLibrary",
  dependencies: [
    .package(name: "SwiftTableView", path: "../.."),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
  ],
  targets: [
    .executableTarget(
      name: "music-library",
      dependencies: [
        .product(name: "TableViewCore", package: "SwiftTableView"),
        .product(name: "TerminalKit", package: "SwiftTableView"),
        .product(name: "TableViewTerminal", package: "SwiftTableView"),
        .product(name: "TableViewSQLite", package: "SwiftTableView"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ])
  ]
)
