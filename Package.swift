// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "SwiftTableView",
  products: [
    .library(name: "TableViewCore", targets: ["TableViewCore"]),
    .library(name: "TerminalKit", targets: ["TerminalKit"]),
    .library(name: "TableViewTerminal", targets: ["TableViewTerminal"]),
    .executable(name: "tableview-bench", targets: ["tableview-bench"]),
    .executable(name: "tableview-demo", targets: ["tableview-demo"]),
  ],
  targets: [
    // The headless engine: standard library only.
    .target(name: "TableViewCore", linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
    // Terminal primitives (raw mode, input decoding, display width, screen buffer): no engine knowledge.
    .target(name: "TerminalKit"),
    // The terminal backend: views and cells the engine reuses, drawn with TerminalKit.
    .target(name: "TableViewTerminal", dependencies: ["TableViewCore", "TerminalKit"]),
    .executableTarget(name: "tableview-bench", dependencies: ["TableViewCore"]),
    .executableTarget(name: "tableview-demo", dependencies: ["TableViewCore", "TerminalKit", "TableViewTerminal"]),
    .testTarget(name: "TableViewCoreTests", dependencies: ["TableViewCore"]),
    .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit"]),
    .testTarget(name: "TableViewTerminalTests", dependencies: ["TableViewTerminal", "TableViewCore", "TerminalKit"]),
  ]
)
