#!/usr/bin/env bash
# The README's and docs/GTK.md's screenshots of the GTK demo, taken again from this tree: the feed in the light and
# the dark style, on a private Xvfb display with the cairo renderer (as the tests draw), the first post selected.
#
#   scripts/screenshots.sh            # writes docs/gtk-feed.png and docs/gtk-feed-dark.png
#   DEMO=.build/debug/tableview-gtk-demo scripts/screenshots.sh   # a binary already built
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in Xvfb xdotool import; do
  command -v "$tool" > /dev/null || { echo "screenshots.sh: $tool is not installed (scripts/setup.sh)" >&2; exit 1; }
done
if [ -z "${DEMO:-}" ]; then
  swift build -c release --product tableview-gtk-demo
  DEMO=.build/release/tableview-gtk-demo
fi
display=:$((200 + RANDOM % 300))
Xvfb "$display" -screen 0 1100x800x24 -nolisten tcp > /dev/null 2>&1 &
server=$!
trap 'kill $server 2> /dev/null || true' EXIT
export DISPLAY=$display GSK_RENDERER=cairo
for _ in $(seq 50); do xdotool getmouselocation > /dev/null 2>&1 && break; sleep 0.1; done

# One style: the feed from memory (the same posts every run), the first post selected, the pointer out of the way.
shoot() {
  local style=$1 out=$2
  "$DEMO" --demo feed --memory --size 880x700 "--$style" > /dev/null 2>&1 &
  local demo=$!
  local window
  window=$(xdotool search --sync --onlyvisible --name SwiftTableView | head -n 1)
  sleep 2
  xdotool mousemove --window "$window" 400 300 key Down mousemove --window "$window" 870 690
  sleep 1
  import -window "$window" "$out"
  kill "$demo"
  wait "$demo" 2> /dev/null || true
  echo "$out ($style)"
}
shoot light docs/gtk-feed.png
shoot dark docs/gtk-feed-dark.png
