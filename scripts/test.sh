#!/usr/bin/env bash
# Every test, on a fresh machine too: installs what is missing first (scripts/setup.sh: tmux, GTK 4, Xvfb, SQLite,
# fonts; nothing when all is there), then the package's tests in two runs: everything but the GTK backend's
# end-to-end tests, then those (each starts its own Xvfb server; run apart so that the terminal's tmux sessions and
# the GTK windows do not compete for this machine's two cores). With arguments, one `swift test` with them.
#
#   scripts/test.sh
#   scripts/test.sh --filter Reorder
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
if (($# > 0)); then
  swift test "$@"
else
  swift test --skip TableViewGTKTests
  swift test --filter TableViewGTKTests
fi
