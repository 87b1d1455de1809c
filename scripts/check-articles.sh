#!/usr/bin/env bash
# Compiles the Swift code in the DocC articles, so that an article's example cannot drift from the API.
#
# For every article (every .md file in a .docc catalog, Sources/*/*.docc), the ```swift blocks are taken in order and concatenated into one main.swift:
# an article's blocks are one program, so a later block may use what an earlier one declared. Each article
# becomes an executable target of a consumer package made in a temporary folder (mktemp) outside the tree,
# which depends on this repository by path (`.package(path:)`) and uses its library products as an app
# would: `.product(name: "TableViewTerminal", package: "SwiftTableView")`. So an article can use only the
# public API of the products (or, where it says `@_spi(Backend) import`, the backend SPI).
#
# The imports come from the catalog the article is in, and are put at the top of main.swift:
#   TableViewCore.docc      import TableViewCore
#   TerminalKit.docc        import TerminalKit
#   TableViewTerminal.docc  import TableViewCore, import TerminalKit, import TableViewTerminal
#   TableViewGTK.docc       import TableViewCore, import TableViewGTK
#   TableViewSQLite.docc    import TableViewCore, import TableViewSQLite
# An article may import more in its own blocks (`import TableViewSQLite`, `import Foundation`); the package
# links every product the articles name.
#
# Only WritingABackend.md may use `@_spi(Backend) import TableViewCore`; any other article that uses `@_spi` fails.
#
# Skipping a block: a line `<!-- not compiled: REASON -->` directly before its ```swift fence (DocC does not
# render HTML comments). Use it sparingly: for a fragment that cannot stand in a program (an excerpt of a
# signature, a shell session), never to hide code that is wrong.
#
# The examples too: every package in Examples/ (an app over the public API, depending on this repository by path)
# is built with the same build folder, and its check.sh, if it has one, is run with the folder of its binaries.
# Naming catalogs skips them; `scripts/check-articles.sh Examples` checks only them.
#
# The build folder is persistent, .build-articles/ in the repository (ignored by git), so a rerun compiles
# only what changed: the first run builds the whole package (several minutes on a 2-core machine).
#
#   scripts/check-articles.sh                  # every catalog (TableViewGTK when GTK 4 is installed)
#   scripts/check-articles.sh TableViewCore    # the catalogs named (by module name)
#   KEEP=1 scripts/check-articles.sh           # keep the consumer package and print where it is
#
# Exit status: 0 when every article compiles (and every example builds and checks), 1 when one does not (each failing article or example is named, with the
# compiler's errors), 2 on bad usage.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
scratch=${ARTICLES_BUILD_PATH:-$repo/.build-articles}

# The catalogs, by module name, and where they are.
catalogs=()
while IFS= read -r dir; do catalogs+=("$dir"); done < <(
  find Sources -maxdepth 2 -type d -name '*.docc' 2>/dev/null | sort)

wanted=()
examples=true
if [ $# -gt 0 ]; then
  examples=false
  for name in "$@"; do
    if [ "$name" = Examples ]; then examples=true; else wanted+=("$name"); fi
  done
fi
selected=()
for dir in "${catalogs[@]}"; do
  module=$(basename "$dir" .docc)
  if [ $# -gt 0 ] && [ ${#wanted[@]} -eq 0 ]; then
    continue
  elif [ ${#wanted[@]} -gt 0 ]; then
    keep=false
    for name in "${wanted[@]}"; do [ "$name" = "$module" ] && keep=true; done
    $keep || continue
  elif [ "$module" = TableViewGTK ] && ! pkg-config --exists gtk4 2>/dev/null; then
    if [ "${CI:-}" = true ]; then
      echo "check-articles: GTK 4 is not installed (scripts/setup.sh installs libgtk-4-dev); CI checks TableViewGTK too" >&2
      exit 1
    fi
    echo "check-articles: GTK 4 is not installed (scripts/setup.sh installs libgtk-4-dev): TableViewGTK's articles skipped" >&2
    continue
  fi
  selected+=("$dir")
done
if [ ${#wanted[@]} -gt 0 ] && [ ${#selected[@]} -ne ${#wanted[@]} ]; then
  echo "check-articles: unknown catalog in: ${wanted[*]} (known: $(for d in "${catalogs[@]}"; do basename "$d" .docc; done | tr '\n' ' '))" >&2
  exit 2
fi

imports_for() {
  case "$1" in
    TableViewCore) echo "TableViewCore" ;;
    TerminalKit) echo "TerminalKit" ;;
    TableViewTerminal) echo "TableViewCore TerminalKit TableViewTerminal" ;;
    TableViewGTK) echo "TableViewCore TableViewGTK" ;;
    TableViewSQLite) echo "TableViewCore TableViewSQLite" ;;
    *) echo "$1" ;;
  esac
}

# Extracts the ```swift blocks of an article, in order, as one program. A block after a
# `<!-- not compiled: … -->` line is left out (and counted on stderr).
extract() {
  awk -v article="$1" '
    /^[[:space:]]*<!--[[:space:]]*not compiled:.*-->[[:space:]]*$/ { skipnext = 1; next }
    !inblock && /^[[:space:]]*```[[:space:]]*swift[[:space:]]*$/ {
      inblock = 1; skip = skipnext; skipnext = 0; blocks++
      if (skip) { skipped++ } else { printf "// %s, block %d (line %d)\n", article, blocks, NR + 1 }
      next
    }
    inblock && /^[[:space:]]*```[[:space:]]*$/ { inblock = 0; if (!skip) print ""; next }
    inblock { if (!skip) print; next }
    /^[[:space:]]*$/ { next }
    { skipnext = 0 }
    END { if (skipped) printf "check-articles: %s: %d block(s) marked not compiled\n", article, skipped > "/dev/stderr" }
  ' "$1"
}

work=$(mktemp -d "${TMPDIR:-/tmp}/check-articles.XXXXXX")
if [ -n "${KEEP:-}" ]; then
  echo "check-articles: the consumer package is $work"
else
  trap 'rm -rf "$work"' EXIT
fi

spi_misuse=()     # articles that import SPI where they may not
targets=()        # target name
target_article=() # the article it came from
products=()       # every product the package uses
add_product() {
  local p
  for p in "${products[@]}"; do [ "$p" = "$1" ] && return; done
  products+=("$1")
}

for dir in "${selected[@]}"; do
  module=$(basename "$dir" .docc)
  for article in "$dir"/*.md; do
    program=$(extract "$article")
    [ -n "$program" ] || continue
    # The backend SPI is for backends: only the article about writing one may import it.
    if [ "$(basename "$article")" != WritingABackend.md ] && grep -q '@_spi(' <<<"$program"; then
      echo "check-articles: $article uses @_spi; only WritingABackend.md may (articles show the public API)" >&2
      spi_misuse+=("$article")
    fi
    name="$module"_$(basename "$article" .md | tr -c 'A-Za-z0-9_\n' '_')
    mkdir -p "$work/Sources/$name"
    {
      echo "// Generated by scripts/check-articles.sh from $article"
      for module_import in $(imports_for "$module"); do echo "import $module_import"; done
      echo
      echo "$program"
    } > "$work/Sources/$name/main.swift"
    targets+=("$name")
    target_article+=("$article")
    for module_import in $(imports_for "$module"); do add_product "$module_import"; done
    # Products an article imports itself.
    for extra in $(sed -n 's/^[[:space:]]*\(@_spi([A-Za-z]*)[[:space:]]*\)\{0,1\}import[[:space:]]\{1,\}\(TableView[A-Za-z]*\|TerminalKit\)[[:space:]]*$/\2/p' \
      "$work/Sources/$name/main.swift"); do
      add_product "$extra"
    done
  done
done

failed=()

# check_examples: builds every package in Examples/ and runs its check.sh (adds the failures to `failed`).
check_examples() {
  local dir name bin
  # Each in a build folder of its own: SwiftPM keeps one root package's build plan in a build folder, and another
  # root package built in it afterwards "builds" that plan again (its own binary never appears).
  local examples_scratch
  for dir in Examples/*; do
    [ -f "$dir/Package.swift" ] || continue
    name=$(basename "$dir")
    examples_scratch="$repo/.build-example-$name"
    if swift build --package-path "$dir" --scratch-path "$examples_scratch" > "$work/example-$name.log" 2>&1; then
      bin=$(swift build --package-path "$dir" --scratch-path "$examples_scratch" --show-bin-path)
      if [ -x "$dir/check.sh" ] && ! "$dir/check.sh" "$bin" > "$work/example-$name-check.log" 2>&1; then
        echo "  FAILED  $dir (check.sh)"
        sed 's/^/          /' "$work/example-$name-check.log" | tail -20
        failed+=("$dir")
      else
        echo "  ok      $dir"
      fi
    else
      echo "  FAILED  $dir"
      grep -E "error:" "$work/example-$name.log" | sort -u | head -20 | sed 's/^/          /'
      failed+=("$dir")
    fi
  done
}

if [ ${#targets[@]} -eq 0 ]; then
  $examples && check_examples
  if [ ${#failed[@]} -gt 0 ]; then
    echo "check-articles: ${#failed[@]} example(s) do not build or check:"
    printf '  %s\n' "${failed[@]}"
    exit 1
  fi
  $examples && echo "check-articles: every example builds and checks" || echo "check-articles: no Swift code in the selected catalogs"
  exit 0
fi

{
  echo "// swift-tools-version: 6.0"
  echo "import PackageDescription"
  echo
  echo "let package = Package("
  echo "  name: \"ArticleCheck\","
  printf '  dependencies: [.package(name: "SwiftTableView", path: "%s")' "$repo"
  echo "],"
  echo "  targets: ["
  for name in "${targets[@]}"; do
    echo "    .executableTarget("
    echo "      name: \"$name\","
    printf '      dependencies: ['
    for p in "${products[@]}"; do
      printf '.product(name: "%s", package: "SwiftTableView"), ' "$p"
    done
    echo "]),"
  done
  echo "  ]"
  echo ")"
} > "$work/Package.swift"

echo "check-articles: ${#targets[@]} article(s) with Swift code; building against $repo (build folder $scratch)"
# The dependency first (the slow part, once), then each article on its own, so a failure names its article.
swift build --package-path "$work" --scratch-path "$scratch" --target "${targets[0]}" > "$work/first.log" 2>&1 || true

for i in "${!targets[@]}"; do
  name=${targets[$i]}
  article=${target_article[$i]}
  if swift build --package-path "$work" --scratch-path "$scratch" --target "$name" > "$work/$name.log" 2>&1; then
    echo "  ok      $article"
  else
    echo "  FAILED  $article"
    # The compiler's errors, once each, at their line in the article (each block in main.swift starts with a
    # comment naming its line there).
    awk -v main="$work/Sources/$name/main.swift" -v article="$article" '
      FNR == NR { if (match($0, /, block [0-9]+ \(line [0-9]+\)$/)) { s = substr($0, RSTART); gsub(/[^0-9 ]/, "", s);
                    split(s, f, " "); start[FNR] = f[2] } next }
      index($0, main ":") == 1 && $0 ~ /: error: / {
        rest = substr($0, length(main) + 2); split(rest, f, ":"); line = f[1] + 0
        for (l = line; l > 0 && !(l in start); l--) {}
        where = (l > 0) ? article ":" (start[l] + line - l - 1) : article " (generated line " line ")"
        sub(/^[0-9]+:[0-9]+: /, "", rest)
        if (!seen[where rest]++) print "          " where ": " rest
      }
    ' "$work/Sources/$name/main.swift" "$work/$name.log" | head -40
    if ! grep -q "main.swift:[0-9]*:[0-9]*: error:" "$work/$name.log"; then tail -20 "$work/$name.log" | sed 's/^/          /'; fi
    failed+=("$article")
  fi
done

$examples && check_examples

for article in "${spi_misuse[@]}"; do
  [[ " ${failed[*]} " == *" $article "* ]] || failed+=("$article")
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "check-articles: ${#failed[@]} article(s) or example(s) do not compile:"
  printf '  %s\n' "${failed[@]}"
  echo "(KEEP=1 scripts/check-articles.sh keeps the generated package, to read the programs as compiled)"
  exit 1
fi
if $examples; then
  echo "check-articles: every article compiles, every example builds and checks"
else
  echo "check-articles: every article compiles"
fi
