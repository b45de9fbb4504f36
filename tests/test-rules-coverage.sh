#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Every rule check of the columbia-block family (warbench-cli rules) is named in
# docs/rules-coverage.md's Shenandoah section-by-section table, and every one of
# the blind-swords family in its Chickasaw Bayou table.
# Usage: test-rules-coverage.sh WARBENCH-CLI SOURCE-DIR
set -eu
doc="$2/docs/rules-coverage.md"
section=$(sed -n '/^## Shenandoah (Columbia blocks), section by section/,/^## /p' "$doc")
if [ -z "$section" ]; then
  echo "$doc has no section \"## Shenandoah (Columbia blocks), section by section\""
  exit 1
fi
ids=$(LC_ALL=C LANGUAGE= "$1" rules | sed -n 's/^  \(col\.[a-z-]*\) .*/\1/p')
if [ -z "$ids" ]; then
  echo "warbench-cli rules lists no col.* check"
  exit 1
fi
missing=0
for id in $ids; do
  if ! printf '%s\n' "$section" | grep -q "\`$id\`"; then
    echo "$id is not in the Shenandoah table of $doc"
    missing=1
  fi
done
[ "$missing" -eq 0 ] && echo "every col.* check is in the Shenandoah table"
# The same for the blind-swords family's bs.* checks and Chickasaw Bayou's table.
section=$(sed -n '/^## Chickasaw Bayou (Blind Swords), section by section/,/^## /p' "$doc")
if [ -z "$section" ]; then
  echo "$doc has no section \"## Chickasaw Bayou (Blind Swords), section by section\""
  exit 1
fi
ids=$(LC_ALL=C LANGUAGE= "$1" rules | sed -n 's/^  \(bs\.[a-z-]*\) .*/\1/p')
if [ -z "$ids" ]; then
  echo "warbench-cli rules lists no bs.* check"
  exit 1
fi
for id in $ids; do
  if ! printf '%s\n' "$section" | grep -q "\`$id\`"; then
    echo "$id is not in the Chickasaw Bayou table of $doc"
    missing=1
  fi
done
[ "$missing" -eq 0 ] && echo "every bs.* check is in the Chickasaw Bayou table"
exit "$missing"
