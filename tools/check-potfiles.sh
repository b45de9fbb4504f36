#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Fails if a source file with translatable strings is missing from po/POTFILES.in,
# or if POTFILES.in names a file that does not exist. Usage: check-potfiles.sh SOURCE_DIR
set -eu
cd "$1"
status=0
listed=$(grep -v '^#' po/POTFILES.in | sed '/^$/d')
for f in $(grep -rlE '(^|[^A-Za-z0-9_])N?_ ?\("' app core editor ui --include='*.c' 2>/dev/null; \
           grep -rl 'translatable="yes"' ui editor --include='*.ui' 2>/dev/null); do
  if ! printf '%s\n' "$listed" | grep -qxF "$f"; then
    echo "po/POTFILES.in lacks $f (it has translatable strings)"
    status=1
  fi
done
for f in $listed; do
  [ -f "$f" ] || { echo "po/POTFILES.in names $f, which does not exist"; status=1; }
done
if ! printf '%s\n' "$listed" | LC_ALL=C sort -c 2>/dev/null; then
  echo "po/POTFILES.in is not sorted"
  status=1
fi
[ "$status" -eq 0 ] && echo "po/POTFILES.in lists every file with translatable strings"
exit "$status"
