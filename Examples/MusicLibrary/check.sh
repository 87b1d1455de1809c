#!/usr/bin/env bash
# Run by scripts/check-articles.sh after it builds this package: a small library generated, then its first and its
# last screen printed without a terminal, and checked. $1 is the folder of the built music-library.
set -euo pipefail
bin="$1/music-library"
work="$(mktemp -d "${TMPDIR:-/tmp}/music-library.XXXXXX")"
trap 'rm -rf "$work"' EXIT
"$bin" generate "$work/library.sqlite" --albums 500 >/dev/null
first="$("$bin" print "$work/library.sqlite" --size 60x10)"
last="$("$bin" print "$work/library.sqlite" --size 60x10 --anchor last)"
# Album 0 (Blue Glass, by Artist 0) opens the library; album 499 (Glass River, 6 + 499 % 12 = 13 tracks) ends it.
grep -q "500 albums" <<<"$first" && grep -q "Blue Glass — Artist 0 (1960)" <<<"$first" && grep -q " 1\. Blue Blue" <<<"$first" || {
  echo "music-library: the first screen is not the library's first album:"; echo "$first"; exit 1; }
grep -q "Glass River — Artist 499 (2004)" <<<"$last" && grep -q "13\. Night Silver" <<<"$(tail -n 1 <<<"$last")" || {
  echo "music-library: the last screen does not end with the last album's last track:"; echo "$last"; exit 1; }
echo "music-library: generated, first and last screens as expected"
