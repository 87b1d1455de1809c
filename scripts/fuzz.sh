#!/usr/bin/env bash
# Fuzzing with libFuzzer: builds each target under Fuzz/ with AddressSanitizer (swiftc -sanitize=fuzzer,address,
# together with the source folders listed in Fuzz/TARGET/sources) and runs it for SECONDS (default 60) on its seed
# corpus (Fuzz/TARGET/corpus, regression inputs included) plus what earlier runs found (.build/fuzz/TARGET/corpus).
# A target whose sources import other modules lists them in Fuzz/TARGET/modules, in build order, one a line:
# `NAME FOLDER [SWIFTC FLAGS...]` (FOLDER may be a package dependency's checkout under .build/checkouts); each is
# built once with the same sanitizers into a static library (.build/fuzz/modules, rebuilt when a source or the line
# changes). Fuzz/TARGET/options adds libFuzzer options (e.g. a smaller -max_len for slow inputs).
# Stops at the first failure (a crash, a broken property, a hang of more than 10 s): libFuzzer prints the input, and
# it is saved as .build/fuzz/TARGET/crash-*; keep it in Fuzz/TARGET/corpus and as a unit test.
#
#   scripts/fuzz.sh                  # every target, 60 s each
#   scripts/fuzz.sh 600 TextWrap     # one target, ten minutes
#   scripts/fuzz.sh 0                # only replay the corpora (the regression inputs), no new inputs
#   FUZZ_MERGE=1 scripts/fuzz.sh 600 # then add to Fuzz/TARGET/corpus the inputs found that reach new coverage
#                                    # (libFuzzer's -merge=1), for a session to commit: the seed corpora grow
#
# A target with a file `open-defect` (what it still finds, and where it is written down) is run only when named: the
# run of every target prints that it was left out, and why.
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
  # A target is a folder with a `sources` list (Fuzz/Support holds what the targets share).
  for folder in Fuzz/*/; do
    [[ -f "$folder/sources" ]] || continue
    if [[ -f "$folder/open-defect" ]]; then
      echo "== $(basename "$folder"): left out (open defect, run it by name): $(head -n 1 "$folder/open-defect")"
      continue
    fi
    targets+=("$(basename "$folder")")
  done
fi

# -D SQLite -D GTK: the package's default traits, which SwiftPM defines for its targets' sources.
common_flags=(-O -g -parse-as-library -D SQLite -D GTK)

# Builds module NAME from the Swift files under FOLDER into $modules/libNAME.a and NAME.swiftmodule, unless they are
# newer than every source and every module listed before it (in $libraries), and were built with the same line.
build_module() {
  local name="$1" source="$2"
  shift 2
  local line="$name $source $* ${flags[*]}"
  local library="$modules/lib$name.a"
  if [[ -f "$library" && -f "$modules/$name.line" && "$(cat "$modules/$name.line")" == "$line" ]] &&
    [[ -z "$(find "$source" -name '*.swift' -newer "$library" -print -quit)" ]] &&
    { ((${#libraries[@]} == 0)) || [[ -z "$(find "${libraries[@]}" -newer "$library" -print -quit)" ]]; }; then
    return
  fi
  echo "== module $name: building ($source)"
  local files=()
  while IFS= read -r -d '' file; do files+=("$file"); done < <(find "$source" -name '*.swift' -print0 | sort -z)
  rm -f "$modules/$name.line"
  if ! swiftc "${flags[@]}" -module-name "$name" -package-name SwiftTableView -I "$modules" "$@" \
    -emit-module -emit-module-path "$modules/$name.swiftmodule" -emit-library -static -o "$modules/lib$name.a" \
    "${files[@]}" 2>"$modules/$name.log"; then
    cat "$modules/$name.log" >&2
    exit 1
  fi
  echo "$line" >"$modules/$name.line"
}

for target in "${targets[@]}"; do
  folder="Fuzz/$target"
  [[ -f "$folder/sources" ]] || { echo "fuzz.sh: no target $target (no $folder/sources)" >&2; exit 2; }
  # Fuzz/TARGET/sanitizers names other sanitizers than the default `fuzzer,address` (the modules are built once for
  # each set, in a folder of their own).
  sanitizers="fuzzer,address"
  [[ -f "$folder/sanitizers" ]] && sanitizers="$(grep -v '^#' "$folder/sanitizers" | head -n 1)"
  flags=("-sanitize=$sanitizers" "${common_flags[@]}")
  modules=".build/fuzz/modules"
  [[ "$sanitizers" == "fuzzer,address" ]] || modules=".build/fuzz/modules-${sanitizers//,/-}"
  mkdir -p "$modules"
  work=".build/fuzz/$target"
  libraries=()
  # A module's clang flags (-Xcc …: the module map of the C library it wraps) are needed by what imports it too.
  clang_flags=()
  if [[ -f "$folder/modules" ]]; then
    # The package's dependencies, checked out under .build/checkouts (quick when they are).
    swift package resolve >/dev/null
    while read -r name source extra; do
      [[ -z "$name" || "$name" == \#* ]] && continue
      # shellcheck disable=SC2086 # the flags are words
      build_module "$name" "$source" $extra
      # Static libraries link in reverse build order: each before the ones it imports.
      libraries=("$modules/lib$name.a" "${libraries[@]}")
      words=($extra)
      for ((i = 0; i + 1 < ${#words[@]}; i++)); do
        [[ "${words[i]}" == -Xcc ]] && clang_flags+=(-Xcc "${words[i + 1]}")
      done
    done <"$folder/modules"
  fi
  mkdir -p "$work/corpus"
  sources=()
  while read -r source; do
    [[ -z "$source" || "$source" == \#* ]] && continue
    # A library's sources are in folders by concept (Sources/TableViewCore/HeightIndex/...): all of them.
    while IFS= read -r -d '' file; do sources+=("$file"); done < <(find "$source" -name '*.swift' -print0 | sort -z)
  done <"$folder/sources"
  echo "== $target: building"
  # The targets see their sources' internal API: one module, named like the library it tests.
  module="$(basename "$(head -n 1 "$folder/sources")")"
  if ! swiftc "${flags[@]}" -module-name "$module" -package-name SwiftTableView -I "$modules" "${clang_flags[@]}" \
    "${sources[@]}" "$folder"/*.swift "${libraries[@]}" -o "$work/$target" 2>"$work/build.log"; then
    cat "$work/build.log" >&2
    exit 1
  fi
  # gold's "Cannot export local symbol '__asan_…'" warnings are noise; anything else is shown.
  grep -v "warning: Cannot export local symbol '__asan" "$work/build.log" || true
  options=(-timeout=10 -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1 "-artifact_prefix=$work/")
  [[ -f "$folder/dictionary" ]] && options+=("-dict=$folder/dictionary")
  # The target's own options come last (libFuzzer takes the last of a repeated option).
  if [[ -f "$folder/options" ]]; then
    while read -r option; do
      [[ -z "$option" || "$option" == \#* ]] || options+=("$option")
    done <"$folder/options"
  fi
  if ((seconds == 0)); then
    echo "== $target: replaying the corpora"
    "$work/$target" "${options[@]}" -runs=0 "$work/corpus" "$folder/corpus"
  else
    echo "== $target: fuzzing for $seconds s"
    "$work/$target" "${options[@]}" "-max_total_time=$seconds" "$work/corpus" "$folder/corpus"
  fi
  if [[ "${FUZZ_MERGE:-}" == 1 ]]; then
    before=$(find "$folder/corpus" -type f | wc -l)
    "$work/$target" "${options[@]}" -merge=1 "$folder/corpus" "$work/corpus" >"$work/merge.log" 2>&1 || {
      cat "$work/merge.log" >&2
      exit 1
    }
    echo "== $target: $(($(find "$folder/corpus" -type f | wc -l) - before)) inputs with new coverage added to $folder/corpus"
  fi
  echo "== $target: no failure"
done
