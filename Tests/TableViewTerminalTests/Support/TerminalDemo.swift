import TestSupport

extension DemoBinary {
  /// This package's terminal demo.
  static let terminalDemo = DemoBinary(
    name: "tableview-demo", packageRoot: DemoBinary.folder(above: #filePath, levels: 4))

  /// The second process of the database tests (`lock PATH SECONDS` holds the write lock).
  static let sqliteWriter = DemoBinary(
    name: "tableview-sqlite-writer", packageRoot: DemoBinary.folder(above: #filePath, levels: 4))
}
