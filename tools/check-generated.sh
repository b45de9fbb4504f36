#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Fails if a bundled game is not what its generator writes (someone edited the
# file by hand, or changed the generator without regenerating).
# Usage: check-generated.sh GENERATOR.py BUNDLED.warbench
set -eu
tmp=$(mktemp "${TMPDIR:-/tmp}/wb-gen-XXXXXX.warbench")
trap 'rm -f "$tmp" "$tmp.tmp"' EXIT INT TERM
python3 -B "$1" "$tmp"
if cmp -s "$tmp" "$2"; then
  echo "$2 is what $(basename "$1") writes"
else
  echo "$2 differs from what $(basename "$1") writes: run python3 $1"
  diff "$tmp" "$2" | head -n 20
  exit 1
fi
