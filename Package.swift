// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "SwiftTableView",
  products: [
    .library(name: "TableViewCore", targets: ["TableViewCore"]),
    .library(name: "TerminalKit", targets: ["TerminalKit"]),
    .library(name: "TableViewTerminal", targets: ["TableViewTerminal"]),
    .library(name: "DemoData", targets: ["DemoData"]),
    .executable(name: "tableview-bench", targets: ["tableview-bench"]),
    .executable(name: "tableview-demo", targets: ["tableview-demo"]),
  ],
  dependencies: [
    // `swift package generate-documentation` (scripts/docs.sh): the DocC catalogs in Sources/*/*.docc.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0")
  ],
  targets: [
    // The headless engine: standard library only.
    .target(name: "TableViewCore", linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
    // Terminal primitives (raw mode, input decoding, display width, screen buffer): no engine knowledge.
    .target(name: "TerminalKit"),
    // The terminal backend: views and cells the engine reuses, drawn with TerminalKit.
    .target(name: "TableViewTerminal", dependencies: ["TableViewCore", "TerminalKit"]),
    // The demos' data sets (feed posts, fixed rows, hours, dates): standard library only, so every backend's demo
    // shows the same data.
    // The demos' data sets, and the date picker's model on the engine's PickerView: no backend.
    .target(name: "DemoData", dependencies: ["TableViewCore"]),
    .executableTarget(name: "tableview-bench", dependencies: ["TableViewCore"]),
    .executableTarget(
      name: "tableview-demo", dependencies: ["TableViewCore", "TerminalKit", "TableViewTerminal", "DemoData"]),
    .testTarget(name: "TableViewCoreTests", dependencies: ["TableViewCore"]),
    .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit"]),
    .testTarget(name: "DemoDataTests", dependencies: ["DemoData", "TableViewCore"]),
    .testTarget(name: "TableViewTerminalTests", dependencies: ["TableViewTerminal", "TableViewCore", "TerminalKit"]),
  ]
)
