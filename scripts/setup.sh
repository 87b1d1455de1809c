#!/usr/bin/env bash
# Installs what the tests and the GTK demo need beyond the Swift toolchain (Debian packages):
#   tmux                      the terminal demo's end-to-end tests drive it
#   libgtk-4-dev              the GTK4 backend (TableViewGTK) builds against it
#   libadwaita-1-dev          the GTK demo is a GNOME application (libadwaita 1.2; the backend does not need it)
#   xvfb xauth                the GTK tests run the demo window on a virtual X server
#   xdotool imagemagick       they send it real input events and take screenshots
#   fonts-wqy-zenhei          a CJK font, so the feed's Chinese text is drawn and measured
#   fonts-noto-color-emoji    a colour emoji font, so the feed's and the chat's emoji are drawn in colour
#   libsqlite3-dev            the system SQLite (with FTS5) that GRDB, under TableViewSQLite, builds against
#   dbus at-spi2-core         the GTK accessibility tests run the demo on a private session bus with the
#   python3-pyatspi           accessibility bus, and read its tree through AT-SPI as Orca does
# Installs only what is missing; safe to run again.
set -euo pipefail
need=()
for package in tmux libgtk-4-dev libadwaita-1-dev xvfb xauth xdotool imagemagick fonts-wqy-zenhei \
  fonts-noto-color-emoji libsqlite3-dev dbus at-spi2-core python3-pyatspi; do
  # "install ok installed", not just known to dpkg (a removed package can leave its config files).
  [[ "$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)" == *"ok installed" ]] || need+=("$package")
done
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}"
fi
