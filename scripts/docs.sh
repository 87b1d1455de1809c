#!/usr/bin/env bash
# The documentation: one DocC archive per library (TableViewCore, TerminalKit, TableViewTerminal, and TableViewGTK
# from the package in gtk/ when GTK 4 is installed), each built with --warnings-as-errors, so a broken symbol link
# or a malformed doc comment fails. The archives land in .build/plugins/Swift-DocC/outputs/ (and
# gtk/.build/plugins/Swift-DocC/outputs/); the articles are in Sources/TableViewCore/TableViewCore.docc.
#
#   scripts/docs.sh                  # all catalogs
#   scripts/docs.sh TableViewCore    # one (TableViewGTK builds the gtk/ package's)
set -euo pipefail
cd "$(dirname "$0")/.."

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(TableViewCore TerminalKit TableViewTerminal)
  if pkg-config --exists gtk4 2>/dev/null; then
    targets+=(TableViewGTK)
  elif [ "${CI:-}" = true ]; then
    echo "docs: GTK 4 is not installed (scripts/setup.sh installs libgtk-4-dev); CI documents TableViewGTK too" >&2
    exit 1
  else
    echo "docs: GTK 4 is not installed (scripts/setup.sh installs libgtk-4-dev): TableViewGTK skipped" >&2
  fi
fi

for target in "${targets[@]}"; do
  package=()
  [ "$target" = TableViewGTK ] && package=(--package-path gtk)
  echo "docs: $target"
  swift package "${package[@]}" generate-documentation --target "$target" --warnings-as-errors
done
