#!/usr/bin/env bash
# The package's tests (but the GTK demo's end-to-end tests, which run the demo as a separate program) under
# AddressSanitizer and ThreadSanitizer, each in its own build folder (.build-asan,
# .build-tsan). Zero reports: any error or leak fails the run. The leaks of XCTest's runner and of the toolchain's
# Foundation are suppressed by name (scripts/lsan-suppressions.txt); leak detection stays on for our code.
#
#   scripts/sanitize.sh                 # both
#   scripts/sanitize.sh address         # one
#   scripts/sanitize.sh thread --filter TableViewSQLiteTests
set -euo pipefail
cd "$(dirname "$0")/.."
# The sanitizers report failures themselves; the Swift runtime's backtracer would run into them.
export SWIFT_BACKTRACE=enable=no
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt"
export ASAN_OPTIONS="detect_leaks=1"
export TSAN_OPTIONS="halt_on_error=1"
sanitizers=(address thread)
if (($# > 0)) && [[ "$1" == address || "$1" == thread ]]; then
  sanitizers=("$1")
  shift
fi
for sanitizer in "${sanitizers[@]}"; do
  folder=".build-${sanitizer:0:1}san"
  echo "== swift test --sanitize=$sanitizer ($folder)"
  swift test --sanitize="$sanitizer" --scratch-path "$folder" --skip TableViewGTKTests "$@"
done
