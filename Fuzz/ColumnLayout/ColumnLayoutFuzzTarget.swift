// A libFuzzer target for TableViewCore's ColumnLayout, built by scripts/fuzz.sh against the engine.
//
// The input is a program: a viewport width, a granularity, a frozen count, then up to 16 columns, each a width rule
// (fixed, fraction or fitting), a minimum, a maximum and whether it is hidden, every number picked from a table of
// hostile values (0, negatives, NaN, infinities, the tiniest and the largest doubles, fractions of a cell). Checked:
// the layout's own invariants (widths finite and not negative, the shown columns edge to edge from 0 to the content
// width, which is the viewport's or more); hidden columns take nothing; a column within its minimum and maximum
// unless it is the last one filling the viewport or a granularity step away; the visible columns at any offset are
// shown ones, each at least partly on screen; the column under a screen position is drawn there; a clamped offset
// stays within 0…the maximum. A crash or a hang is a failure too.

import TableViewCore

let values: [Double] = [
  0, -1, .nan, .infinity, -.infinity, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 1, 3, 7.5, 12, 40, 80,
  99.9, 100, 123.456, 640, 1_000, 1e6, 1e9, 1e9 + 1, 1e12, 0.5, 1e-9, 33.333, 2, 5, 17,
]

/// Stops the run, so that libFuzzer keeps the input, when a property does not hold.
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError("ColumnLayout fuzz target: \(message())") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzColumnLayout(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  var program = Program(bytes: UnsafeBufferPointer(start: data, count: size))
  func value() -> Double { values[program.below(values.count)] }
  let viewport = value()
  let granularity = [0, 1, 0.5, .nan, -1, .infinity, 8, 1e300][program.below(8)]
  let frozen = program.below(6) - 1
  var columns: [TableColumn] = []
  let count = program.below(17)
  for index in 0..<count {
    let width: TableColumn.Width =
      switch program.below(3) {
      case 0: .fixed(value())
      case 1: .fraction(value())
      default: .fitting
      }
    columns.append(
      TableColumn(
        identifier: "c\(index)", width: width, minWidth: value(), maxWidth: program.below(3) == 0 ? .infinity : value(),
        isHidden: program.below(5) == 0))
  }
  var fitting: [String: Double] = [:]
  for column in columns where column.width == .fitting && program.below(2) == 0 { fitting[column.identifier] = value() }
  let layout = ColumnLayout(
    columns: columns, viewportWidth: viewport, frozenColumnCount: frozen, fittingWidths: fitting,
    granularity: granularity)
  let context =
    "\(columns.map { "\($0.width) \($0.minWidth)…\($0.maxWidth)\($0.isHidden ? " hidden" : "")" }) "
    + "viewport \(viewport) granularity \(granularity) frozen \(frozen) fitting \(fitting)"
  check(layout.widths.allSatisfy { $0 >= 0 && $0.isFinite }, "widths \(layout.widths): \(context)")
  layout._checkInvariants()
  let step = layout.granularity
  for (index, column) in columns.enumerated() {
    let width = layout.widths[index]
    if column.isHidden {
      check(width == 0, "hidden column \(index) is \(width) wide: \(context)")
      continue
    }
    // Within the minimum (a step of rounding aside); the last shown column may exceed its maximum to fill.
    let minimum = column.minWidth.isFinite && column.minWidth > 0 ? min(column.minWidth, ColumnLayout.maximumWidth) : 0
    let slack = step + 1e-6 * max(1, width)
    check(width >= minimum - slack, "column \(index) is \(width), under its minimum \(minimum): \(context)")
    if index != layout.shownColumns.last, column.maxWidth.isFinite, column.maxWidth >= minimum {
      check(width <= column.maxWidth + slack, "column \(index) is \(width), over its maximum: \(context)")
    }
  }
  for offset in [0, -5, .nan, 10, layout.maximumHorizontalOffset / 2, layout.maximumHorizontalOffset, .infinity] {
    let clamped = layout.clampedHorizontalOffset(offset)
    check(
      clamped >= 0 && clamped <= layout.maximumHorizontalOffset, "offset \(offset) clamped to \(clamped): \(context)")
    let visible = layout.visibleColumns(horizontalOffset: offset)
    for index in visible {
      check(layout.shownColumns.contains(index), "hidden column \(index) visible: \(context)")
      let x = layout.screenX(ofColumn: index, horizontalOffset: offset)
      check(x < layout.viewportWidth && x + layout.widths[index] > 0, "column \(index) off screen at \(x): \(context)")
    }
    for fraction in [0.0, 0.25, 0.5, 0.999] {
      let x = layout.viewportWidth * fraction
      guard let index = layout.column(atScreenX: x, horizontalOffset: offset) else { continue }
      let left = layout.screenX(ofColumn: index, horizontalOffset: offset)
      let tolerance = 1e-6 * max(1, abs(left) + layout.widths[index])
      check(
        x >= left - tolerance && x < left + layout.widths[index] + tolerance,
        "column \(index) at \(left)…\(left + layout.widths[index]) is not under \(x): \(context)")
    }
  }
  return 0
}
