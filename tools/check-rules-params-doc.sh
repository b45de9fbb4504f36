#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Fails if docs/rules-params.md is not what the families' declarations say
# (warbench-cli rules --markdown): the reference cannot drift from the code.
# Usage: check-rules-params-doc.sh WARBENCH-CLI SOURCE-DIR
set -eu
doc="$2/docs/rules-params.md"
tmp=$(mktemp "${TMPDIR:-/tmp}/wb-params-XXXXXX.md")
trap 'rm -f "$tmp"' EXIT INT TERM
LC_ALL=C LANGUAGE= "$1" rules --markdown > "$tmp"
if cmp -s "$tmp" "$doc"; then
  echo "$doc is what warbench-cli rules --markdown writes"
else
  echo "$doc differs from the declarations: run warbench-cli rules --markdown > docs/rules-params.md"
  diff "$tmp" "$doc" | head -n 40
  exit 1
fi
