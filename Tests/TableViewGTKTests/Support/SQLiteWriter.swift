import TestSupport

extension DemoBinary {
  /// The root package's `tableview-sqlite-writer` (another process writing to, or locking, a database file).
  static let sqliteWriter = DemoBinary(
    name: "tableview-sqlite-writer", packageRoot: DemoBinary.folder(above: #filePath, levels: 4))
}
