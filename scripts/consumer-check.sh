#!/usr/bin/env bash
# The package as an outside app sees it: a clone of this repository's committed HEAD in a temporary folder, tagged
# there (only there) with a release-like version, and two consumer packages outside the tree that depend on it by
# URL and `from:` that version, one on TableViewTerminal and one on TableViewGTK. Each app imports Foundation too and
# uses `IndexPath(row:section:)` (Foundation's IndexPath, with UIKit's spellings). The terminal app is built and run
# headlessly (it lays out a table and prints the screen it would draw), beside the README's terminal app (built);
# the GTK app is built. Then the consumers' resolutions are checked: GRDB and the DocC plugin must not have been fetched (nor pinned), and the
# terminal consumer builds with no GTK 4 to be found and no warning.
#
#   scripts/consumer-check.sh             # the committed HEAD (uncommitted changes are not in the clone)
#   KEEP=1 scripts/consumer-check.sh      # keep the temporary folder and print its path
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
version="0.1.0"
work="$(mktemp -d /tmp/swifttableview-consumer.XXXXXX)"
if [ "${KEEP:-}" = 1 ]; then
  echo "consumer-check: working in $work"
else
  trap 'rm -rf "$work"' EXIT
fi

git clone --quiet "$repo" "$work/SwiftTableView"
git -C "$work/SwiftTableView" -c user.name=consumer-check -c user.email=consumer-check@localhost \
  tag --annotate --message "consumer-check $version" "$version"
url="file://$work/SwiftTableView"

# consumer NAME PRODUCT [TRAITS]: a package at $work/NAME that depends on PRODUCT by version, with the package's
# traits TRAITS (default none: the SQLite and GTK traits, on by default, fetch GRDB and look up GTK 4).
consumer() {
  local name="$1" product="$2" traits="${3:-traits: []}"
  mkdir -p "$work/$name/Sources/$name"
  cat >"$work/$name/Package.swift" <<EOF
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "$name",
  dependencies: [.package(url: "$url", from: "$version", $traits)],
  targets: [
    .executableTarget(
      name: "$name",
      dependencies: [
        .product(name: "TableViewCore", package: "SwiftTableView"),
        .product(name: "$product", package: "SwiftTableView"),
      ])
  ]
)
EOF
}

consumer TerminalConsumer TableViewTerminal
cat >"$work/TerminalConsumer/Sources/TerminalConsumer/main.swift" <<'EOF'
import Foundation
import TableViewCore
import TableViewTerminal
import TerminalKit

// A model of an app's own: Foundation's IndexPath, with UIKit's spellings.
final class Lines: TableViewDataSource {
  let count: Int
  init(count: Int) { self.count = count }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    let cell = tableView.dequeueReusableCell(
      withIdentifier: "line", for: indexPath, as: TerminalTableViewCell.self)
    cell.textLabel.text = "line \(indexPath.row + 1) of section \(indexPath.section)"
    return cell
  }
}

let chosen: IndexPath = IndexPath(row: 41, section: 0)
let kept: Set<IndexPath> = [chosen, IndexPath(indexes: [0, 42])]
precondition(kept.count == 2 && chosen.row == 41 && chosen.section == 0)

let lines = Lines(count: 10_000_000)
let tableView = TerminalTableView(clock: ManualClock())
tableView.table.register({ TerminalTableViewCell() }, forCellReuseIdentifier: "line")
tableView.table.rowHeight = 1
tableView.table.dataSource = lines
tableView.frame = Rect(x: 0, y: 0, width: 40, height: 5)
tableView.reloadData()
try tableView.table.scrollToRow(at: chosen, at: .top, animated: false)
tableView.table.layoutIfNeeded()
var buffer = ScreenBuffer(width: 40, height: 5)
tableView.render(into: &buffer, origin: CellPoint(x: 0, y: 0))
for line in buffer.lines { print(line) }
EOF

# The README's terminal app (its ```swift block that runs a TerminalRunLoop) is a second target of the terminal
# consumer: built, so the front door's example cannot drift from the API.
mkdir -p "$work/TerminalConsumer/Sources/ReadmeApp"
awk '/^```swift/ { block = ""; inside = 1; next } /^```/ { if (inside && block ~ /TerminalRunLoop/) printf "%s", block; inside = 0; next }
  inside { block = block $0 "\n" }' "$work/SwiftTableView/README.md" >"$work/TerminalConsumer/Sources/ReadmeApp/main.swift"
[ -s "$work/TerminalConsumer/Sources/ReadmeApp/main.swift" ] || { echo "consumer-check: no app in the README" >&2; exit 1; }
python3 - "$work/TerminalConsumer/Package.swift" <<'PY'
import sys
path = sys.argv[1]
text = open(path).read()
target = """    .executableTarget(
      name: "ReadmeApp",
      dependencies: [
        .product(name: "TableViewCore", package: "SwiftTableView"),
        .product(name: "TableViewTerminal", package: "SwiftTableView"),
      ]),
  ]
)"""
text = text[: text.rindex("  ]\n)")].rstrip() + ",\n" + target + "\n"
open(path, "w").write(text)
PY

consumer GTKConsumer TableViewGTK 'traits: ["GTK"]'
cat >"$work/GTKConsumer/Sources/GTKConsumer/main.swift" <<'EOF'
import Foundation
import TableViewCore
import TableViewGTK

final class Lines: TableViewDataSource {
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 1_000_000 }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    let cell = tableView.dequeueReusableCell(withIdentifier: "line", for: indexPath, as: GTKTableViewCell.self)
    cell.textLabel.text = "line \(indexPath.row + 1)"
    return cell
  }
}

// Built, not run: a window needs a display. Naming the API is what this app checks.
let first = IndexPath(row: 0, section: 0)
if CommandLine.arguments.contains("--window") {
  let lines = Lines()
  let tableView = GTKTableView()
  tableView.table.register({ GTKTableViewCell() }, forCellReuseIdentifier: "line")
  tableView.table.dataSource = lines
  tableView.reloadData()
  try? tableView.table.scrollToRow(at: first, at: .top, animated: false)
}
print("GTK consumer: \(first)")
EOF

echo "consumer-check: building the terminal consumer (TableViewTerminal from: $version), with no GTK to be found"
# pkg-config finds no gtk4 here, as on a machine without libgtk-4-dev: the build must not need it.
mkdir -p "$work/no-pkgconfig"
(cd "$work/TerminalConsumer" && PKG_CONFIG_LIBDIR="$work/no-pkgconfig" PKG_CONFIG_PATH="" swift build 2>&1 | tee "$work/terminal-build.log" | tail -n 3)
if grep -E "warning:|error:" "$work/terminal-build.log"; then
  echo "consumer-check: the terminal consumer's build printed warnings or errors (above)" >&2
  exit 1
fi
screen="$(cd "$work/TerminalConsumer" && swift run --skip-build TerminalConsumer)"
echo "$screen"
grep -q "line 42 of section 0" <<<"$(head -n 1 <<<"$screen")" && grep -q "line 46 of section 0" <<<"$screen" || {
  echo "consumer-check: the terminal consumer did not draw rows 42 to 46" >&2
  exit 1
}

# fetched_only NAME: NAME's resolution fetched and pinned no GRDB and no DocC plugin.
fetched_only() {
  local fetched pins
  fetched="$(ls "$work/$1/.build/checkouts" 2>/dev/null || true)"
  pins="$(cat "$work/$1/Package.resolved" 2>/dev/null || true)"
  for unwanted in GRDB swift-docc-plugin; do
    if grep -qi "$unwanted" <<<"$fetched$pins"; then
      echo "consumer-check: $1 fetched $unwanted:" >&2
      echo "$fetched" >&2
      exit 1
    fi
  done
  echo "consumer-check: $1 fetched only: $(echo $fetched)"
}
fetched_only TerminalConsumer

echo "consumer-check: building the GTK consumer (TableViewGTK from: $version)"
(cd "$work/GTKConsumer" && swift build 2>&1 | tail -n 3)
(cd "$work/GTKConsumer" && swift run --skip-build GTKConsumer)
fetched_only GTKConsumer
echo "consumer-check: passed"
