#!/usr/bin/env bash
# Fuzzing with libFuzzer: builds each target under Fuzz/ with AddressSanitizer (swiftc -sanitize=fuzzer,address,
# together with the source folders listed in Fuzz/TARGET/sources) and runs it for SECONDS (default 60) on its seed
# corpus (Fuzz/TARGET/corpus, regression inputs included) plus what earlier runs found (.build/fuzz/TARGET/corpus).
# Stops at the first failure (a crash, a broken property, a hang of more than 10 s): libFuzzer prints the input, and
# it is saved as .build/fuzz/TARGET/crash-*; keep it in Fuzz/TARGET/corpus and as a unit test.
#
#   scripts/fuzz.sh                  # every target, 60 s each
#   scripts/fuzz.sh 600 TextWrap     # one target, ten minutes
#   scripts/fuzz.sh 0                # only replay the corpora (the regression inputs), no new inputs
set -euo pipefail
# libFuzzer reports failures itself; the Swift runtime's backtracer would run into AddressSanitizer.
export SWIFT_BACKTRACE=enable=no
cd "$(dirname "$0")/.."
seconds="${1:-60}"
[[ "$seconds" =~ ^[0-9]+$ ]] || { echo "usage: scripts/fuzz.sh [SECONDS] [TARGET...]" >&2; exit 2; }
shift || true
if (($# > 0)); then
  targets=("$@")
else
  targets=()
  for folder in Fuzz/*/; do targets+=("$(basename "$folder")"); done
fi

for target in "${targets[@]}"; do
  folder="Fuzz/$target"
  [[ -f "$folder/sources" ]] || { echo "fuzz.sh: no target $target (no $folder/sources)" >&2; exit 2; }
  work=".build/fuzz/$target"
  mkdir -p "$work/corpus"
  sources=()
  while read -r source; do
    [[ -z "$source" || "$source" == \#* ]] && continue
    sources+=("$source"/*.swift)
  done <"$folder/sources"
  echo "== $target: building"
  # The targets see their sources' internal API: one module, named like the library it tests.
  module="$(basename "$(head -n 1 "$folder/sources")")"
  if ! swiftc -sanitize=fuzzer,address -O -g -parse-as-library -module-name "$module" -package-name SwiftTableView \
    "${sources[@]}" "$folder"/*.swift -o "$work/$target" 2>"$work/build.log"; then
    cat "$work/build.log" >&2
    exit 1
  fi
  # gold's "Cannot export local symbol '__asan_…'" warnings are noise; anything else is shown.
  grep -v "warning: Cannot export local symbol '__asan" "$work/build.log" || true
  options=(-timeout=10 -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1 "-artifact_prefix=$work/")
  [[ -f "$folder/dictionary" ]] && options+=("-dict=$folder/dictionary")
  if ((seconds == 0)); then
    echo "== $target: replaying the corpora"
    "$work/$target" "${options[@]}" -runs=0 "$work/corpus" "$folder/corpus"
  else
    echo "== $target: fuzzing for $seconds s"
    "$work/$target" "${options[@]}" "-max_total_time=$seconds" "$work/corpus" "$folder/corpus"
  fi
  echo "== $target: no failure"
done
