#!/usr/bin/env bash
# The database browser's figures (`tableview-demo --open`), measured the way a user meets them: in a tmux window
# polled every 5 ms. Builds an 8-column `orders` table of ROWS rows (default 10,000,000; an index on `placed`, none
# on `total`) in FILE when it is missing (about 15 s and 1 GB for 10⁷), then times, each RUNS times (default 3):
# the first screen of rows and the demo's resident memory then, every row counted (from the start), End to the
# last row (once counted), `g` to the middle row, and
# the first screen sorted by the indexed `placed` and by the unindexed `total`, the whole order by `total` browsable
# (its side index built), and End in it. Prints one line per figure with
# the commit and the load. Uses the release demo (built first) unless DEMO names a binary.
#
#   scripts/browser-bench.sh [FILE] [ROWS] [RUNS]
#   DEMO=.build/debug/tableview-demo scripts/browser-bench.sh /tmp/orders.sqlite 1000000 1
set -euo pipefail
cd "$(dirname "$0")/.."
file="${1:-${TMPDIR:-/tmp}/tableview-orders-10000000.sqlite}"
rows="${2:-10000000}"
runs="${3:-3}"
[[ "$rows" =~ ^[1-9][0-9]*$ && "$runs" =~ ^[1-9][0-9]*$ ]] || {
  echo "usage: scripts/browser-bench.sh [FILE] [ROWS] [RUNS]" >&2
  exit 2
}
command -v tmux >/dev/null && command -v sqlite3 >/dev/null || { echo "browser-bench: needs tmux and sqlite3" >&2; exit 2; }
demo="${DEMO:-}"
if [ -z "$demo" ]; then
  swift build -c release --product tableview-demo >/dev/null
  demo="$(swift build -c release --show-bin-path)/tableview-demo"
fi
scripts/orders-db.sh "$file" "$rows"
socket="browser-bench-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true' EXIT
pane=b
# shellcheck source=scripts/tmux-timing.sh
source scripts/tmux-timing.sh
first_row() { sed -n 3p | grep -q '^ 1 '; }
# The title says "N rows" once every row is counted ("counting rows…" while the first screen is shown before).
grouped_rows=$(echo "$rows" | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta')
counted() { head -1 | grep -q " $grouped_rows rows"; }
last_row() { grep -q "^ $rows "; }
middle_row() { grep -q "^ $((rows / 2)) "; }
sorted_by() { local s; s=$(cat); head -1 <<<"$s" | grep -q "by $SORT" && ! head -1 <<<"$s" | grep -q ' 0 rows' && sed -n 3p <<<"$s" | grep -q '^ [0-9]'; }
by_placed() { SORT=placed sorted_by; }
by_total() { SORT=total sorted_by; }
# The side index built (this branch: "sorted: every row"), or none (before: "no index serves this order").
sorted_all() { tail -1 | grep -q -e "sorted: every row" -e "no index serves"; }
last_total=$(sqlite3 -readonly "$file" "SELECT id FROM orders ORDER BY total DESC, id DESC LIMIT 1")
last_by_total() { sed -n 29p | grep -q "^ $last_total "; }
commit=$(git rev-parse --short HEAD)
for run in $(seq 1 "$runs"); do
  tmux -L "$socket" kill-server 2>/dev/null || true
  load=$(cut -d' ' -f1 /proc/loadavg)
  start=$(now)
  tmux -L "$socket" new-session -d -s b -x 130 -y 30 "'$demo' --open '$file' --table orders; sleep 600"
  first=$(wait_for first_row "$start")
  pid=$(pgrep -P "$(tmux -L "$socket" display -p -t b '#{pane_pid}')" | head -1)
  rss=$(ps -o rss= -p "$pid" | tr -d ' ')
  all=$(wait_for counted "$start")
  tmux -L "$socket" send-keys -t b End
  last=$(wait_for last_row "$(now)")
  tmux -L "$socket" send-keys -t b g
  tmux -L "$socket" send-keys -t b -l "$((rows / 2))"
  tmux -L "$socket" send-keys -t b Enter
  middle=$(wait_for middle_row "$(now)")
  tmux -L "$socket" send-keys -t b Home Right s
  placed=$(wait_for by_placed "$(now)")
  tmux -L "$socket" send-keys -t b Right Right Right Right s
  sorted_start=$(now)
  total=$(wait_for by_total "$sorted_start")
  browsable=$(wait_for sorted_all "$sorted_start")
  screen | tail -1 | grep -q "no index serves" && browsable="never (no side index)"
  tmux -L "$socket" send-keys -t b End
  sorted_end=$(wait_for last_by_total "$(now)")
  echo "run $run, commit $commit, load $load, $rows rows: first screen ${first} s at $((rss / 1024)) MB, counted ${all} s, End ${last} s," \
    "row $((rows / 2)) ${middle} s, sorted by placed (indexed) ${placed} s, by total (no index) ${total} s," \
    "whole order by total browsable ${browsable} s, End by total ${sorted_end} s"
done
