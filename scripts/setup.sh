#!/usr/bin/env bash
# Installs what the tests need beyond the Swift toolchain: tmux (the terminal demo's
# end-to-end tests drive it) and a CJK font. Safe to run again.
set -euo pipefail
need=()
command -v tmux >/dev/null 2>&1 || need+=(tmux)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}"
fi
