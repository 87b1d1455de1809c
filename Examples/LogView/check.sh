#!/usr/bin/env bash
# Run by scripts/check-articles.sh after it builds this package; $1 is the folder of the built log-view.
#
# 0. The line and filter scanners against a plain model, on random text read in random chunks (log-view selfcheck).
# 1. A log of 10,000,000 lines (about 770 MB, in a temporary folder; LOG_VIEW_CHECK_LINES=N for another count):
#    its first and its last screen printed without a terminal and checked, the first within 0.25 s of the program's
#    start (the rest of the file is indexed in the background; the last screen waits for the whole index).
# 2. With tmux (scripts/setup.sh installs it; CI requires it): the viewer in a terminal, following a small log. Its
#    first frame within 0.25 s (the status bar says how long it took); lines appended show; the / filter and its
#    clearing, which keeps the focused line where it was on screen; a line copied to a file by its context menu; a
#    truncated file read again; a rotated one replaced by the new file; q quits.
set -euo pipefail
bin="$1/log-view"
lines=${LOG_VIEW_CHECK_LINES:-10000000}
limit=0.25
work="$(mktemp -d "${TMPDIR:-/tmp}/log-view.XXXXXX")"
socket="log-view-check-$$"
cleanup() {
  tmux -L "$socket" kill-server 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "log-view: $*" >&2
  exit 1
}

# 0. The scanners.
"$bin" selfcheck --rounds 1000

# 1. Printed screens of a large log.
"$bin" generate "$work/big.log" --lines "$lines" >/dev/null
first="$("$bin" print "$work/big.log" --size 100x12 2>"$work/first.time")"
# Wide enough for the longest line not to wrap.
last="$("$bin" print "$work/big.log" --size 300x12 --anchor last 2>"$work/last.time")"
cat "$work/first.time" "$work/last.time"
# The first row: the first hour's header, then line 1 with its text; the last row of the table: the last line.
head -c 60 "$work/big.log" | head -n 1 >"$work/first.line"
tail -n 1 "$work/big.log" | head -c 60 >"$work/last.line"
grep -q "^ 2026-11-28 00:00 · " <<<"$first" && grep -qF " 1 $(cat "$work/first.line")" <<<"$(sed -n 2p <<<"$first")" || {
  echo "$first"
  fail "the first screen is not the first hour's first lines"
}
grep -qF " $lines $(cat "$work/last.line")" <<<"$(tail -n 2 <<<"$last" | head -n 1)" \
  && grep -qF "$(sed ':a;s/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/;ta' <<<"$lines") lines" <<<"$(tail -n 1 <<<"$last")" || {
  echo "$last"
  fail "the last screen does not end with line $lines"
}
seconds=$(sed -n 's/^log-view: first screen in \([0-9.]*\) s.*/\1/p' "$work/first.time")
awk -v s="$seconds" -v limit="$limit" 'BEGIN { exit !(s != "" && s < limit) }' \
  || fail "the first screen took ${seconds:-?} s (more than $limit s)"
echo "log-view: $lines lines generated; first and last screens as expected, the first in $seconds s"
rm -f "$work/big.log"

# 2. The viewer in a terminal.
if ! command -v tmux >/dev/null; then
  [ "${CI:-}" = true ] && fail "tmux is not installed (scripts/setup.sh installs it); CI runs the terminal checks"
  echo "log-view: tmux is not installed: the terminal checks skipped"
  exit 0
fi
screen() { tmux -L "$socket" capture-pane -p -t check; }
# Waits (up to 30 s) for the screen to contain a text (a fixed string), or fails showing the screen.
wait_for() {
  for _ in $(seq 300); do
    screen | grep -qF -- "$1" && return 0
    sleep 0.1
  done
  screen
  fail "the screen never showed: $1"
}
keys() { tmux -L "$socket" send-keys -t check "$@"; }
log="$work/app.log"
"$bin" generate "$log" --lines 5000 >/dev/null
tmux -L "$socket" new-session -d -s check -x 100 -y 20 "exec '$bin' '$log' --follow"
wait_for "5000     at Queue.drain"
wait_for "following"
milliseconds=$(screen | sed -n 's/.*opened in \([0-9]*\) ms.*/\1/p')
[ -n "$milliseconds" ] && [ "$milliseconds" -lt 250 ] || fail "the first frame took ${milliseconds:-?} ms (more than 250 ms)"
echo "log-view: in tmux, the first frame in $milliseconds ms"

# Following: lines appended come into view, in a new hour.
echo "2026-12-01T00:00:00.000Z INFO  appended while following" >>"$log"
wait_for "5001 2026-12-01T00:00:00.000Z INFO  appended while following"
wait_for " 2026-12-01 00:00 · 1 line "

# The filter, and its clearing: the focused line stays where it was on screen.
keys Home
wait_for "   1 2026-11-28T00:00:00.000Z"
keys / E R R O R Enter
wait_for "/ERROR: 5 lines"
keys Down Down
wait_for "▌2998 2026-11-28T00:04:59.700Z ERROR"
row=$(screen | grep -n "▌2998 " | cut -d: -f1)
keys Escape
for _ in $(seq 300); do screen | grep -qF "/ERROR" || break; sleep 0.1; done
wait_for "▌2998 2026-11-28T00:04:59.700Z ERROR"
[ "$(screen | grep -n "▌2998 " | cut -d: -f1)" = "$row" ] || {
  screen
  fail "clearing the filter moved the focused line from row $row"
}
echo "log-view: follows appended lines; the filter keeps the focused line in place when cleared"

# The context menu's action: the focused line appended to a file.
keys c
wait_for "Copy line to file…"
keys Enter
wait_for "Copy line 2,998 to file:"
keys "$work/copied.txt" Enter
wait_for "line 2,998 appended to"
[ "$(cat "$work/copied.txt")" = "$(sed -n 2998p "$log")" ] || fail "the copied line is not line 2,998"

# Truncation, then rotation.
keys f
: >"$log"
echo "2026-12-02T00:00:00.000Z INFO  written after truncation" >>"$log"
wait_for "    1 2026-12-02T00:00:00.000Z INFO  written after truncation"
wait_for "file truncated"
mv "$log" "$log.1"
echo "2026-12-03T00:00:00.000Z INFO  the new file after rotation" >"$log"
wait_for "    1 2026-12-03T00:00:00.000Z INFO  the new file after rotation"
wait_for "file rotated"
echo "log-view: copies a line to a file; reads a truncated file again and a rotated one's successor"

keys q
for _ in $(seq 300); do tmux -L "$socket" has-session -t check 2>/dev/null || break; sleep 0.1; done
! tmux -L "$socket" has-session -t check 2>/dev/null || fail "q did not quit"
echo "log-view: the terminal checks passed"
