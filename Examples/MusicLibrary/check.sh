#!/usr/bin/env bash
# Run by scripts/check-articles.sh after it builds this package: a small library generated, then its first and its
# last screen printed without a terminal, and checked, the first within 0.25 s of the program's start. $1 is the folder
# of the built music-library.
set -euo pipefail
bin="$1/music-library"
work="$(mktemp -d "${TMPDIR:-/tmp}/music-library.XXXXXX")"
trap 'rm -rf "$work"' EXIT
"$bin" generate "$work/library.sqlite" --albums 500 >/dev/null
first="$("$bin" print "$work/library.sqlite" --size 60x10 2>"$work/first.time")"
last="$("$bin" print "$work/library.sqlite" --size 60x10 --anchor last)"
# Album 0 (Blue Glass, by Artist 0) opens the library; album 499 (Glass River, 6 + 499 % 12 = 13 tracks) ends it.
grep -q "500 albums" <<<"$first" && grep -q "Blue Glass — Artist 0 (1960)" <<<"$first" && grep -q " 1\. Blue Blue" <<<"$first" || {
  echo "music-library: the first screen is not the library's first album:"; echo "$first"; exit 1; }
grep -q "Glass River — Artist 499 (2004)" <<<"$last" && grep -q "13\. Night Silver" <<<"$(tail -n 1 <<<"$last")" || {
  echo "music-library: the last screen does not end with the last album's last track:"; echo "$last"; exit 1; }
# The first screen within 0.25 s of the program's start (the file opened, counted and its first pages read).
seconds=$(sed -n 's/^music-library: first screen in \([0-9.e-]*\) s.*/\1/p' "$work/first.time")
awk -v s="$seconds" 'BEGIN { exit !(s != "" && s + 0 < 0.25) }' || {
  echo "music-library: the first screen took ${seconds:-?} s (more than 0.25 s)"; exit 1; }
echo "music-library: generated, first and last screens as expected, the first in $seconds s"
