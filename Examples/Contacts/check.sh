#!/usr/bin/env bash
# Run by scripts/check-articles.sh after it builds this package; $1 is the folder of the built contacts.
#
# Under Xvfb (scripts/setup.sh installs it; CI requires it): the window opened with 2,000 contacts, its first frame
# within 0.25 s of the program's start, then `contacts --self-check` drives it as a user would through the app's own
# paths — the section index's jump, a search typed into the field, a swipe to delete, the Edit button, a favourite
# dropped two places down and one deleted by its control — and checks the table against the book after each.
set -euo pipefail
bin="$1/contacts"
limit=0.25
work="$(mktemp -d "${TMPDIR:-/tmp}/contacts.XXXXXX")"
trap 'rm -rf "$work"' EXIT
fail() {
  echo "contacts: $*" >&2
  exit 1
}
if ! command -v xvfb-run >/dev/null; then
  [ "${CI:-}" = true ] && fail "xvfb-run is not installed (scripts/setup.sh installs it); CI runs this check"
  echo "contacts: xvfb-run is not installed: the check skipped"
  exit 0
fi
status=0
GSK_RENDERER=cairo timeout 120 xvfb-run -a "$bin" --self-check >"$work/out" 2>"$work/err" || status=$?
cat "$work/out"
[ "$status" -eq 0 ] || { cat "$work/err" >&2; fail "the self-check failed (status $status)"; }
grep -q "^contacts: self-check passed" "$work/out" || fail "the self-check did not say it passed"
# GTK's own warnings and criticals are failures (a missing session bus under Xvfb is not the app's).
if grep -v "Unable to acquire session bus" "$work/err" | grep -E "CRITICAL|WARNING"; then
  fail "GTK reported the above"
fi
seconds=$(sed -n 's/^contacts: first frame in \([0-9.]*\) s.*/\1/p' "$work/out")
awk -v s="$seconds" -v limit="$limit" 'BEGIN { exit !(s != "" && s < limit) }' \
  || fail "the first frame took ${seconds:-?} s (more than $limit s)"
echo "contacts: first frame in $seconds s, self-check passed"
