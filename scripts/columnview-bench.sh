#!/usr/bin/env bash
# The GTK browser's grid against GtkColumnView over the same rows: the frame benchmark's fling (600 frames of
# flicks at 6,000 px/s, then a jump to the middle) through the `orders` table of FILE, in our browser
# (`tableview-gtk-demo --bench --open FILE --table orders`) and in GtkColumnView (`--columnview FILE --table
# orders`), alternating, RUNS times each (default 3; the first of each pair alternates too). Builds the table of ROWS
# rows in FILE when it is missing (scripts/orders-db.sh; default 1,000,000) and the release demo unless DEMO names a
# binary. Prints one line per run with the commit and the load average when it started, then the ratio of the CPU
# per frame (ours / GtkColumnView's) of each pair. Extra arguments (after RUNS) go to both, e.g. --frames 300.
#
#   scripts/columnview-bench.sh [FILE] [ROWS] [RUNS] [DEMO OPTIONS…]
#   scripts/columnview-bench.sh /tmp/orders-1000000.sqlite 1000000 3
set -euo pipefail
cd "$(dirname "$0")/.."
file="${1:-${TMPDIR:-/tmp}/tableview-orders-1000000.sqlite}"
rows="${2:-1000000}"
runs="${3:-3}"
shift $(($# < 3 ? $# : 3))
[[ "$rows" =~ ^[1-9][0-9]*$ && "$runs" =~ ^[1-9][0-9]*$ ]] || {
  echo "usage: scripts/columnview-bench.sh [FILE] [ROWS] [RUNS] [DEMO OPTIONS…]" >&2
  exit 2
}
command -v xvfb-run >/dev/null || { echo "columnview-bench: needs xvfb-run (xvfb)" >&2; exit 2; }
demo="${DEMO:-}"
if [ -z "$demo" ]; then
  swift build -c release --product tableview-gtk-demo >/dev/null
  demo="$(swift build -c release --show-bin-path)/tableview-gtk-demo"
fi
scripts/orders-db.sh "$file" "$rows"
commit=$(git rev-parse --short HEAD)

# One run: prints "load cpu_p50 cpu_p99 interval_p50 interval_p99 row_jumps scrollbar_against rows_alive widgets
# rss jump_ms px_per_frame" (exits 1 with the output when the run fails).
measure() {
  local load out
  load=$(cut -d' ' -f1 /proc/loadavg)
  if ! out=$(xvfb-run -a -s "-screen 0 1280x800x24" env GSK_RENDERER=cairo GTK_A11Y=none \
    "$demo" "$@" 2>&1); then
    echo "columnview-bench: $demo $* failed:" >&2
    echo "$out" >&2
    exit 1
  fi
  awk -v load="$load" '
    $1 == "cpu_per_frame_ms" { p50 = $3; p99 = $5 }
    $1 == "frame_interval_ms" { i50 = $3; i99 = $5 }
    $1 == "row_jump_frames" { jumps = $2 }
    $1 == "scrollbar_against" { against = $2 }
    $1 == "row_views_alive" || $1 == "row_widgets_alive" { alive = $2 }
    $1 == "gtk_widgets_in_viewport" || $1 == "gtk_widgets_in_list" { widgets = $2 }
    $1 == "rss_mb" { rss = $2 }
    $1 == "jump_to_middle_ms" { jump = $2 }
    $1 == "scrolled_px" { px = $10 }
    END { print load, p50, p99, i50, i99, jumps, against, alive, widgets, rss, jump, px }' <<<"$out"
}

echo "commit $commit, $(nproc) cores, $file ($rows rows), $runs runs each, window 900x700, Xvfb, cairo"
printf '%-4s %-13s %5s %9s %9s %11s %11s %6s %9s %6s %8s %7s %8s %9s\n' run demo load cpu_p50 cpu_p99 interval_p50 \
  interval_p99 jumps thumb_bad rows widgets rss_mb jump_ms px/frame
ratios=()
for run in $(seq 1 "$runs"); do
  order=(ours columnview)
  ((run % 2 == 0)) && order=(columnview ours)
  declare -A p50=() p99=()
  for which in "${order[@]}"; do
    if [ "$which" = ours ]; then
      line=$(measure --bench --open "$file" --table orders "$@")
    else
      line=$(measure --columnview "$file" --table orders "$@")
    fi
    read -r load c50 c99 i50 i99 jumps against alive widgets rss jump px <<<"$line"
    p50[$which]=$c50
    p99[$which]=$c99
    printf '%-4s %-13s %5s %9s %9s %11s %11s %6s %9s %6s %8s %7s %8s %9s\n' "$run" \
      "$([ "$which" = ours ] && echo browser || echo GtkColumnView)" "$load" "$c50" "$c99" "$i50" "$i99" "$jumps" \
      "$against" "$alive" "$widgets" "$rss" "$jump" "$px"
  done
  ratios+=("$(awk -v a="${p50[ours]}" -v b="${p50[columnview]}" -v c="${p99[ours]}" -v d="${p99[columnview]}" \
    'BEGIN { printf "%.2f/%.2f", (b > 0 ? a / b : 0), (d > 0 ? c / d : 0) }')")
done
echo "CPU per frame, ours / GtkColumnView's (p50/p99), each pair: ${ratios[*]} (target ≤ 0.50);" \
  "load now $(cut -d' ' -f1-3 /proc/loadavg)"
