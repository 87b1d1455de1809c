import TableViewCore

extension IndexPath {
  /// How the demos' status lines name the selected row: "selected §1 #2" (sections and rows counted from 1).
  public var selectionStatus: String { "selected §\(section + 1) #\(row + 1)" }
}
