#!/usr/bin/env bash
# The tests: the engine, the terminal backend and the demo data (this package), then the GTK4
# backend (the package in gtk/, whose end-to-end tests start their own Xvfb server).
set -euo pipefail
cd "$(dirname "$0")/.."
swift test
swift test --package-path gtk
