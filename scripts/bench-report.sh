#!/usr/bin/env bash
# Benchmark figures a reader can trust: runs the release benchmark N times (alternating with a baseline binary when
# one is given, so that both see the same machine), records the one-minute load average before each run, and writes
# a Markdown table of min–max per row over the runs, with the commit, the date and the loads. The README's and
# docs/BENCHMARKS.md's tables are pasted from its output, never typed in.
#
#   scripts/bench-report.sh [-n RUNS] [--baseline BINARY] [--out FILE] [-- BENCH ARGS...]
#   scripts/bench-report.sh -n 5 -- --filter scroll_step --sizes 1000,10000000
#   scripts/bench-report.sh -n 3 --baseline /tmp/tableview-bench-before -- --filter insert_row
#
# The raw JSON lines are kept beside the table (FILE.jsonl) for later analysis.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=3
baseline=""
out=""
while (($# > 0)); do
  case "$1" in
    -n) runs="$2"; shift 2 ;;
    --baseline) baseline="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --) shift; break ;;
    *) echo "usage: scripts/bench-report.sh [-n RUNS] [--baseline BINARY] [--out FILE] [-- BENCH ARGS...]" >&2; exit 2 ;;
  esac
done
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "bench-report: -n takes a positive number" >&2; exit 2; }
if [ -n "$baseline" ] && [ ! -x "$baseline" ]; then
  echo "bench-report: the baseline $baseline is not an executable" >&2
  exit 2
fi
swift build -c release --product tableview-bench >&2
current="$(swift build -c release --show-bin-path)/tableview-bench"
commit="$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- Sources Package.swift || echo '+changes')"
raw="$(mktemp)"
trap 'rm -f "$raw"' EXIT

load() { cut -d' ' -f1 /proc/loadavg; }
for ((run = 1; run <= runs; run++)); do
  binaries=("current:$current")
  [ -n "$baseline" ] && binaries+=("baseline:$baseline")
  for entry in "${binaries[@]}"; do
    label="${entry%%:*}"
    binary="${entry#*:}"
    before="$(load)"
    echo "bench-report: run $run/$runs, $label (load $before)" >&2
    "$binary" --json "$@" | while IFS= read -r line; do
      [[ "$line" == \{* ]] && printf '{"binary":"%s","run":%d,"load":%s,"result":%s}\n' "$label" "$run" "$before" "$line"
    done >>"$raw"
  done
done

# The raw lines are kept first, so that a table that cannot be made leaves them behind.
if [ -n "$out" ]; then cp "$raw" "$out.jsonl"; fi
python3 - "$raw" "$commit" "$runs" "$baseline" >"${out:-/dev/stdout}" <<'PY'
import collections, datetime, json, sys
raw, commit, runs, baseline = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
rows = collections.OrderedDict()
loads = collections.defaultdict(list)
for line in open(raw):
    entry = json.loads(line)
    result = entry["result"]
    key = (result["name"], result["n"])
    rows.setdefault(key, collections.defaultdict(lambda: collections.defaultdict(list)))
    # A count row (bytes, rows) has "count" and "baseline_count" where a time row has nanoseconds.
    rows[key][entry["binary"]]["ns"].append(result["ns_per_op"] if "ns_per_op" in result else result["count"])
    base = result.get("baseline_ns_per_op", result.get("baseline_count"))
    if base is not None:
        rows[key][entry["binary"]]["base"].append(base)
        rows[key][entry["binary"]]["base_name"] = [result.get("baseline", "")]
    loads[entry["binary"]].append(entry["load"])

def span(values):
    if not values: return "—"
    lo, hi = min(values), max(values)
    fmt = (lambda v: f"{v:,.0f}") if hi >= 100 else (lambda v: f"{v:.3g}")
    return fmt(lo) if fmt(lo) == fmt(hi) else f"{fmt(lo)}–{fmt(hi)}"

def ratio(a, b):
    if not a or not b: return "—"
    pairs = [x / y for x, y in zip(a, b) if y]
    if not pairs: return "—"
    lo, hi = f"{min(pairs):.3g}", f"{max(pairs):.3g}"
    return f"×{lo}" if lo == hi else f"×{lo}–{hi}"

date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
print(f"Commit `{commit}`, {date}, {runs} run(s); load average before each run: "
      + "; ".join(f"{b} {min(v):.2f}–{max(v):.2f}" for b, v in loads.items()) + ".")
print()
if baseline:
    # The last column is each row against its own baseline in the same run of this build (the exact-height step
    # for `estimated_step`, the Fenwick tree for `index_*`...), where the row has one.
    print("| row | n | ns/op (this build) | ns/op (baseline binary) | this ÷ baseline | this build ÷ its in-run baseline |")
    print("|---|---:|---:|---:|---:|---:|")
    for (name, n), by in rows.items():
        cur, base = by["current"]["ns"], by["baseline"]["ns"]
        own = by["current"].get("base_name", [""])[0]
        inrun = f"{ratio(cur, by['current']['base'])} ({own})" if by["current"]["base"] else "—"
        print(f"| {name} | {n:,} | {span(cur)} | {span(base)} | {ratio(cur, base)} | {inrun} |")
else:
    print("| row | n | ns/op | baseline | baseline ns/op | ratio |")
    print("|---|---:|---:|---|---:|---:|")
    for (name, n), by in rows.items():
        cur = by["current"]
        print(f"| {name} | {n:,} | {span(cur['ns'])} | {cur.get('base_name', ['—'])[0] or '—'} | "
              f"{span(cur['base'])} | {ratio(cur['ns'], cur['base'])} |")
PY
