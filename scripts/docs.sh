#!/usr/bin/env bash
# The documentation: one DocC archive per library (TableViewCore, TerminalKit, TableViewTerminal, TableViewSQLite,
# and TableViewGTK when GTK 4 is installed), each built with --warnings-as-errors, so a broken symbol link or a
# malformed doc comment fails. The archives land in .build/plugins/Swift-DocC/outputs/; the articles are in the
# catalogs (Sources/*/*.docc). The DocC plugin is a dependency of the package only while SWIFTTABLEVIEW_DOCS=1
# (set here), so that apps depending on the package never fetch it. With no
# arguments, the archives are also merged into one site, .build/docs/SwiftTableView.doccarchive, where the
# catalogs' links to each other (/documentation/tableviewcore/…) work.
#
#   scripts/docs.sh                  # all catalogs, and the combined archive
#   scripts/docs.sh TableViewCore    # one
set -euo pipefail
cd "$(dirname "$0")/.."
export SWIFTTABLEVIEW_DOCS=1

targets=("$@")
combine=false
if [ ${#targets[@]} -eq 0 ]; then
  combine=true
  targets=(TableViewCore TerminalKit TableViewTerminal TableViewSQLite)
  if pkg-config --exists gtk4 2>/dev/null; then
    targets+=(TableViewGTK)
  elif [ "${CI:-}" = true ]; then
    echo "docs: GTK 4 is not installed (scripts/setup.sh installs libgtk-4-dev); CI documents TableViewGTK too" >&2
    exit 1
  else
    echo "docs: GTK 4 is not installed (scripts/setup.sh installs libgtk-4-dev): TableViewGTK skipped" >&2
  fi
fi

archives=()
for target in "${targets[@]}"; do
  echo "docs: $target"
  swift package generate-documentation --target "$target" --warnings-as-errors
  archives+=(".build/plugins/Swift-DocC/outputs/$target.doccarchive")
done

if $combine; then
  rm -rf .build/docs/SwiftTableView.doccarchive
  mkdir -p .build/docs
  docc=$(command -v docc || echo "$(dirname "$(command -v swift)")/docc")
  "$docc" merge "${archives[@]}" --synthesized-landing-page-name SwiftTableView \
    --output-path .build/docs/SwiftTableView.doccarchive
  echo "docs: all libraries in .build/docs/SwiftTableView.doccarchive"
fi
