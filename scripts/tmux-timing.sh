# Sourced by browser-bench.sh and peers-bench.sh: timing what a tmux pane shows, polled every 5 ms.
# The sourcing script sets `socket` (tmux's -L name) and `pane` (the target), and optionally `limit` (seconds a
# wait may take, default 120), and kills the server on exit.

now() { date +%s.%N; }
screen() { tmux -L "$socket" capture-pane -p -t "$pane"; }
# Waits until the screen passes the test `$1` (a function of the screen on standard input), counting from `$2`;
# prints the seconds, or "timeout".
wait_for() {
  local start="$2" deadline
  deadline=$(echo "$start + ${limit:-120}" | bc)
  until screen | "$1"; do
    (($(echo "$(now) > $deadline" | bc))) && { echo "timeout"; return; }
    sleep 0.005
  done
  printf '%.3f' "$(echo "$(now) - $start" | bc)"
}
