// swift-tools-version: 6.0
import PackageDescription

// A log viewer in a terminal: a file of ten million lines opened at once (its line offsets indexed on another
// thread), sections by hour, a growing file followed, a `/` filter, a context action. It uses only the public API
// of the terminal products. An app of your own depends on SwiftTableView by URL and version instead of by path:
//
//     .package(url: "https://github.com/<owner>/SwiftTableView", from: "0.1.0"),
let package = Package(
  name: "LogView",
  dependencies: [
    .package(name: "SwiftTableView", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "log-view",
      dependencies: [
        .product(name: "TableViewCore", package: "SwiftTableView"),
        .product(name: "TerminalKit", package: "SwiftTableView"),
        .product(name: "TableViewTerminal", package: "SwiftTableView"),
      ])
  ]
)
