#!/usr/bin/env bash
# The libraries' public API, counted: the symbols an app that imports a library without `@_spi` sees — public and
# open declarations (types, members, protocol requirements, and the module's extensions of other modules' types),
# not SPI (`@_spi(Backend)`, `@_spi(Benchmark)`) and not the members a type only inherits (a protocol extension's
# `!=` on every Equatable type). From the symbol graphs `swift package dump-symbol-graph` writes (it builds first),
# counted with python3; TableViewGTK when GTK 4 is installed.
#
#   scripts/public-symbols.sh                     # a count per library
#   scripts/public-symbols.sh --list TableViewCore  # and that library's symbols, one a line
set -euo pipefail
cd "$(dirname "$0")/.."

list=""
if [ "${1:-}" = --list ]; then
  list="${2:?usage: scripts/public-symbols.sh [--list MODULE]}"
fi

graphs() {  # PACKAGE_PATH: dumps its symbol graphs, prints the directory they are in
  swift package --package-path "$1" dump-symbol-graph --skip-synthesized-members >&2
  echo "$1/.build/$(uname -m)-unknown-linux-gnu/symbolgraph"
}

root=$(graphs .)
modules=("TableViewCore=$root" "TerminalKit=$root" "TableViewTerminal=$root" "TableViewSQLite=$root")
if pkg-config --exists gtk4 2>/dev/null; then
  modules+=("TableViewGTK=$root")
else
  echo "public-symbols: GTK 4 is not installed (scripts/setup.sh installs libgtk-4-dev): TableViewGTK skipped" >&2
fi

python3 - "$list" "${modules[@]}" <<'EOF'
import glob, json, sys

listed = sys.argv[1]

def symbols(module, directory):
    """The module's public, non-SPI symbols: its own graph's and its extensions' of other modules' types."""
    found = []
    for path in [f"{directory}/{module}.symbols.json"] + sorted(glob.glob(f"{directory}/{module}@*.symbols.json")):
        with open(path) as file:
            for symbol in json.load(file)["symbols"]:
                if symbol["accessLevel"] in ("public", "open") and not symbol.get("spi", False):
                    found.append(f"{symbol['kind']['identifier']} {'.'.join(symbol['pathComponents'])}")
    return sorted(found, key=lambda line: line.split(" ", 1)[1])

total = 0
for argument in sys.argv[2:]:
    module, directory = argument.split("=", 1)
    lines = symbols(module, directory)
    total += len(lines)
    print(f"{module:20} {len(lines):5}")
    if module == listed:
        for line in lines:
            print(f"    {line}")
print(f"{'total':20} {total:5}")
EOF
