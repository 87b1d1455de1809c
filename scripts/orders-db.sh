#!/usr/bin/env bash
# Builds the benchmarks' `orders` table in FILE when FILE is missing: ROWS rows of 8 columns (an index on the
# timestamp `placed`, none on `total`; NULL notes, empty notes, two-line notes, a BLOB a hundred rows), the shape
# the columns issue measured the peers with. About 15 s and 1 GB for 10⁷ rows. Used by browser-bench.sh and
# peers-bench.sh, so both measure the same file.
#
#   scripts/orders-db.sh FILE ROWS
set -euo pipefail
file="$1"
rows="$2"
[[ "$rows" =~ ^[1-9][0-9]*$ ]] || { echo "usage: scripts/orders-db.sh FILE ROWS" >&2; exit 2; }
[ -f "$file" ] && exit 0
command -v sqlite3 >/dev/null || { echo "orders-db: needs sqlite3" >&2; exit 2; }
echo "orders-db: building $file ($rows rows)…" >&2
sqlite3 "$file.partial" "PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;
  CREATE TABLE orders(id INTEGER PRIMARY KEY, placed TEXT NOT NULL, customer TEXT, status TEXT, items INTEGER,
    total REAL, note TEXT, receipt BLOB);
  WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $rows)
  INSERT INTO orders SELECT i, printf('2026-%02d-%02dT%02d:%02d:%02d', 1 + i % 12, 1 + i % 28, i % 24, i % 60, i % 59),
    'customer ' || (i * 7919 % 50000), CASE i % 3 WHEN 0 THEN 'shipped' WHEN 1 THEN 'open' ELSE 'returned' END,
    1 + i % 9, round((i * 37 % 100000) / 7.0, 2),
    CASE WHEN i % 5 = 0 THEN NULL WHEN i % 7 = 0 THEN '' WHEN i % 7 = 1 THEN 'note for ' || i || char(10) || 'line two'
      ELSE 'note ' || i END,
    CASE WHEN i % 101 = 0 THEN randomblob(100) END
  FROM n;
  CREATE INDEX orders_placed ON orders(placed);" >/dev/null
mv "$file.partial" "$file"
