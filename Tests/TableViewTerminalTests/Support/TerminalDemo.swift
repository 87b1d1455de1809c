import TestSupport

extension DemoBinary {
  /// This package's terminal demo.
  static let terminalDemo = DemoBinary(
    name: "tableview-demo", packageRoot: DemoBinary.folder(above: #filePath, levels: 4))
}
