// swift-tools-version: 6.0
import PackageDescription

// A contacts list in a GTK window: sections A–Z with the section index down the side, favourites the user reorders,
// a search field, swipe to delete and an edit mode. It uses only the public API of TableViewCore and TableViewGTK
// (and GTK's C API as `CGtk`, the module TableViewGTK builds on). An app of your own depends on SwiftTableView by URL
// and version instead of by path:
//
//     .package(url: "https://github.com/<owner>/SwiftTableView", from: "0.1.0"),
let package = Package(
  name: "Contacts",
  dependencies: [
    .package(name: "SwiftTableView", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "contacts",
      dependencies: [
        .product(name: "TableViewCore", package: "SwiftTableView"),
        .product(name: "TableViewGTK", package: "SwiftTableView"),
      ])
  ]
)
