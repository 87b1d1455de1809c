#!/usr/bin/env bash
# The public API against the last release: `swift package diagnose-api-breaking-changes` compares every library
# product's API (public and `@_spi(Backend)`) with the commit that `.api-baseline` names. A break fails the run
# unless it is listed, word for word as the tool prints it, in `.api-breakage-allowlist` — and a listed break is a
# decision, written in CHANGELOG.md's Unreleased section (the next release then bumps the major version, or the minor
# one before 1.0). The tool counts `@_spi(Backend)` members too: their changes, free in any release, are listed
# the same way. A release moves `.api-baseline` to its own commit and empties the allowlist.
#
#   scripts/api-check.sh             # against .api-baseline
#   scripts/api-check.sh COMMIT      # against another commit
set -euo pipefail
cd "$(dirname "$0")/.."
baseline="${1:-$(grep -v '^#' .api-baseline | grep -m1 -E '^[0-9a-f]{7,40}$' || true)}"
if [ -z "$baseline" ]; then
  echo "api-check: .api-baseline names no commit" >&2
  exit 2
fi
if ! git cat-file -e "$baseline^{commit}" 2>/dev/null; then
  echo "api-check: the baseline $baseline is not a commit of this repository (a shallow clone?)" >&2
  exit 2
fi
allowlist=()
if [ -s .api-breakage-allowlist ]; then
  allowlist=(--breakage-allowlist-path .api-breakage-allowlist)
fi
echo "api-check: the public API against $baseline ($(git log -1 --format=%s "$baseline" | cut -c1-60))"
swift package diagnose-api-breaking-changes "$baseline" "${allowlist[@]}" \
  --products TableViewCore TerminalKit TableViewTerminal TableViewGTK TableViewSQLite
