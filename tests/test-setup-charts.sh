#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Every bundled scenario's set-up against a table transcribed from its rulebook.
# Each tests/data/setup/GAME--SCENARIO[--OPTION…].tsv holds the records
# `warbench-cli setup data/games/GAME.warbench --scenario SCENARIO [--option OPTION…] --tsv`
# must print (in any order): one line per unit set up, per unit arriving and per marker.
# The tables are typed from the rulebooks' charts, not from the game files, so a
# wrong hex or a missing unit in a bundled game fails here.
# Usage: test-setup-charts.sh CLI SRCDIR
set -eu
CLI=$1
SRCDIR=$2
TMP=$(mktemp -d "${TMPDIR:-/tmp}/wb-setup-XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
failures=0
checked=0
for table in "$SRCDIR"/tests/data/setup/*.tsv; do
  [ -e "$table" ] || continue
  name=$(basename "$table" .tsv)
  game=${name%%--*}
  rest=${name#*--}
  scenario=${rest%%--*}
  options=""
  if [ "$rest" != "$scenario" ]; then
    for o in $(printf '%s' "${rest#*--}" | sed 's/--/ /g'); do
      options="$options --option $o"
    done
  fi
  # shellcheck disable=SC2086
  if ! "$CLI" setup "$SRCDIR/data/games/$game.warbench" --scenario "$scenario" $options --tsv \
       >"$TMP/actual" 2>"$TMP/err"; then
    printf 'FAIL %s: warbench-cli setup failed:\n' "$name"
    sed 's/^/  | /' "$TMP/err"
    failures=$((failures + 1))
    continue
  fi
  grep -v '^#' "$table" | grep -v '^[[:space:]]*$' | LC_ALL=C sort >"$TMP/expected"
  LC_ALL=C sort "$TMP/actual" >"$TMP/actual.sorted"
  if cmp -s "$TMP/expected" "$TMP/actual.sorted"; then
    printf 'ok   %s: %s records\n' "$name" "$(wc -l <"$TMP/expected" | tr -d ' ')"
  else
    printf 'FAIL %s: the game differs from the transcribed chart (< chart, > game):\n' "$name"
    diff "$TMP/expected" "$TMP/actual.sorted" | grep '^[<>]' | head -n 40 | sed 's/^/  /'
    failures=$((failures + 1))
  fi
  checked=$((checked + 1))
done
printf '%d chart(s) checked, %d failed\n' "$checked" "$failures"
[ "$failures" -eq 0 ]
