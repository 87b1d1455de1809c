import TestSupport

extension DemoBinary {
  /// The GTK package's desktop demo.
  static let gtkDemo = DemoBinary(
    name: "tableview-gtk-demo", packageRoot: DemoBinary.folder(above: #filePath, levels: 4))
}
