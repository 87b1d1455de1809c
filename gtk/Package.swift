// swift-tools-version: 6.0
import PackageDescription

// The GTK4 backend lives in its own package, so that the engine and the terminal backend build and test on a
// machine without GTK. It needs `libgtk-4-dev` (see ../scripts/setup.sh).
let package = Package(
  name: "SwiftTableViewGTK",
  products: [
    .library(name: "TableViewGTK", targets: ["TableViewGTK"]),
    .executable(name: "tableview-gtk-demo", targets: ["tableview-gtk-demo"]),
  ],
  dependencies: [
    .package(name: "SwiftTableView", path: ".."),
    // `swift package generate-documentation` (../scripts/docs.sh): the catalog in Sources/TableViewGTK.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    // GTK4's C API, found with pkg-config.
    .systemLibrary(name: "CGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
    // The GTK backend: cells are GTK widgets the engine reuses; a viewport the table scrolls.
    .target(
      name: "TableViewGTK",
      dependencies: ["CGtk", .product(name: "TableViewCore", package: "SwiftTableView")]),
    .executableTarget(
      name: "tableview-gtk-demo",
      dependencies: [
        "TableViewGTK", "CGtk",
        .product(name: "TableViewCore", package: "SwiftTableView"),
        .product(name: "DemoData", package: "SwiftTableView"),
        .product(name: "SeededRandom", package: "SwiftTableView"),
        .product(name: "TableViewSQLite", package: "SwiftTableView"),
      ]),
    .testTarget(
      name: "TableViewGTKTests",
      dependencies: [
        "TableViewGTK", .product(name: "TableViewCore", package: "SwiftTableView"),
        .product(name: "TestSupport", package: "SwiftTableView"),
        .product(name: "TableViewSQLite", package: "SwiftTableView"),
      ],
      // Run by the accessibility tests (with the system's python3 and its pyatspi), not compiled.
      exclude: ["Support/atspi-tree.py"]),
  ]
)
