#!/usr/bin/env bash
# The peers beside our browser, on the same `orders` file (scripts/orders-db.sh builds it): VisiData (PyPI
# `visidata`, its `vd`) in a tmux window polled every 5 ms, measured the way browser-bench.sh measures ours. For
# each run: the first screen of rows (from the launch; the table list's Enter sent as soon as it shows), resident
# memory then, every row read (VisiData reads the whole table into memory) and the memory then, `gj` to the last
# row once read, and a sort by the unindexed `total` (`[`) to its first sorted screen. Prints one line a run with
# the load; a figure that did not come within the limit (default 300 s, PEERS_LIMIT) says "timeout".
# sqlitebrowser (Debian `sqlitebrowser`) is a Qt window: not measured by this script (docs/DEMO.md says so).
#
#   scripts/peers-bench.sh [FILE] [ROWS] [RUNS]
#   pip install visidata && scripts/peers-bench.sh /tmp/orders6.sqlite 1000000 2
set -euo pipefail
cd "$(dirname "$0")/.."
rows="${2:-1000000}"
file="${1:-${TMPDIR:-/tmp}/tableview-orders-$rows.sqlite}"
runs="${3:-2}"
limit="${PEERS_LIMIT:-300}"
[[ "$rows" =~ ^[1-9][0-9]*$ && "$runs" =~ ^[1-9][0-9]*$ ]] || {
  echo "usage: scripts/peers-bench.sh [FILE] [ROWS] [RUNS]" >&2
  exit 2
}
command -v tmux >/dev/null || { echo "peers-bench: needs tmux" >&2; exit 2; }
command -v vd >/dev/null || { echo "peers-bench: VisiData is not installed (pip install visidata)" >&2; exit 2; }
scripts/orders-db.sh "$file" "$rows"
socket="peers-bench-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true' EXIT
pane=p
# shellcheck source=scripts/tmux-timing.sh
source scripts/tmux-timing.sh
rss_mb() { echo $(($(ps -o rss= -p "$1" | tr -d ' ') / 1024)); }
table_list() { grep -q '^ orders '; }
first_row() { sed -n 3p | grep -Eq '^ +1 ║'; }
# The status line counts the rows read; VisiData reads them in the background.
all_read() { tail -1 | grep -Eq " $rows rows"; }
# The last row (id ROWS) is the only one near the bottom whose customer is "customer 0" (ids that are multiples of
# 50,000).
last_row() { local s; s=$(cat); tail -1 <<<"$s" | grep -q 'go-bottom' && tail -2 <<<"$s" | head -1 | grep -q '│ customer 0 '; }
# Sorted by total going up: the first row's total is the smallest, 0.00.
sorted() { local s; s=$(cat); sed -n 2p <<<"$s" | grep -q '↑total' && sed -n 3p <<<"$s" | grep -Eq '│ +0\.00 │'; }
version=$(vd --version 2>&1 | head -1)
for run in $(seq 1 "$runs"); do
  tmux -L "$socket" kill-server 2>/dev/null || true
  load=$(cut -d' ' -f1 /proc/loadavg)
  start=$(now)
  tmux -L "$socket" new-session -d -s p -x 130 -y 30 "vd '$file'; sleep 600"
  listed=$(wait_for table_list "$start")
  tmux -L "$socket" send-keys -t p Enter
  first=$(wait_for first_row "$start")
  pid=$(pgrep -P "$(tmux -L "$socket" display -p -t p '#{pane_pid}')" | head -1)
  rss_first=$(rss_mb "$pid")
  read_all=$(wait_for all_read "$start")
  rss_all=$(rss_mb "$pid")
  tmux -L "$socket" send-keys -t p g j
  last=$(wait_for last_row "$(now)")
  tmux -L "$socket" send-keys -t p g k l l l l l '['
  sort=$(wait_for sorted "$(now)")
  echo "run $run, $version, load $load, $rows rows: table list ${listed} s, first screen ${first} s at ${rss_first} MB," \
    "every row read ${read_all} s at ${rss_all} MB, last row ${last} s, sorted by total (no index) ${sort} s"
done
