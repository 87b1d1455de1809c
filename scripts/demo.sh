#!/usr/bin/env bash
# The demo, from a fresh clone: installs what is missing (scripts/setup.sh), then runs it.
#
#   ./scripts/demo.sh                 # the terminal demo: swift run -c release tableview-demo
#   ./scripts/demo.sh --demo chat     # any other arguments go to the demo (see --help)
#   ./scripts/demo.sh --gtk [ARGS]    # the GTK 4 desktop demo, tableview-gtk-demo (under xvfb-run when
#                                     # there is no $DISPLAY: it then runs headless, e.g. for --bench)
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh

if [ "${1:-}" = --gtk ]; then
  shift
  command=(swift run -c release tableview-gtk-demo "$@")
  if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
    exec xvfb-run -a -s "-screen 0 1280x800x24" "${command[@]}"
  fi
  exec "${command[@]}"
fi

exec swift run -c release tableview-demo "$@"
