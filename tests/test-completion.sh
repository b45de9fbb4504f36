#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The bash completion script for warbench-cli (written at build time from the
# tables the commands parse: app/completion/, docs/shell-completion.md), sourced
# and run as bash runs it: COMP_WORDS and COMP_CWORD in, COMPREPLY out. Checks
# the commands and every command's options against what --help lists (so the
# script cannot drift), game and playtest files, a game's ids read from the file
# (checked against the file's JSON), and that a damaged file, a FIFO or a folder
# gives no ids and no message. Also `warbench-cli ids` itself.
# Usage: test-completion.sh PATH/TO/warbench-cli PATH/TO/completion-script SOURCE_DIR
set -u

CLI=$1
SCRIPT=$2
SRCDIR=$3
TMP=$(mktemp -d "${TMPDIR:-/tmp}/wb-completion-XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
export LC_ALL=C.UTF-8 LANGUAGE=
GAMES=$SRCDIR/data/games
WILDERNESS=$GAMES/battle-of-the-wilderness.warbench
CHICKASAW=$GAMES/chickasaw-bayou.warbench

failures=0
step() { printf '# %s\n' "$*"; }
fail() { printf 'FAIL: %s\n' "$*"; failures=$((failures + 1)); }

# Sourcing prints nothing and defines the function `complete` names.
# shellcheck source=/dev/null
source "$SCRIPT" >"$TMP/source-out" 2>&1
[[ -s $TMP/source-out ]] && fail "sourcing the script prints: $(cat "$TMP/source-out")"
[[ $(complete -p warbench-cli 2>/dev/null) == 'complete -F _warbench_cli warbench-cli' ]] ||
  fail "complete -p warbench-cli: $(complete -p warbench-cli 2>&1)"

# comp WORD…: completes the last word (may be ''), as bash would after typing
# the line; the sorted COMPREPLY in $TMP/got, stderr in $TMP/err.
comp() {
  COMP_WORDS=("$@")
  COMP_CWORD=$(($# - 1))
  COMP_LINE="$*"
  COMP_POINT=${#COMP_LINE}
  COMPREPLY=()
  _warbench_cli 2>"$TMP/err"
  if ((${#COMPREPLY[@]} > 0)); then printf '%s\n' "${COMPREPLY[@]}"; fi | LC_ALL=C sort >"$TMP/got"
  if [[ -s $TMP/err ]]; then
    fail "completing “$*” wrote to stderr: $(cat "$TMP/err")"
  fi
}

# expect WHAT FILE_OR_LIST: $TMP/got is exactly the lines given (sorted here).
expect() {
  local what=$1
  shift
  printf '%s\n' "$@" | sed '/^$/d' | LC_ALL=C sort >"$TMP/want"
  LC_ALL=C sort -o "$TMP/got" "$TMP/got"
  if ! cmp -s "$TMP/want" "$TMP/got"; then
    fail "$what"
    diff "$TMP/want" "$TMP/got" | sed 's/^/  /' | head -n 20
  fi
}

# ids_of FILE JSON_PATH: the ids of a game read with Python, not with Warbench.
ids_of() {
  python3 - "$1" "$2" <<'EOF'
import json, sys
game = json.load(open(sys.argv[1], encoding="utf-8"))
kind = sys.argv[2]
if kind == "options":
    seen = []
    for s in game.get("scenarios", []):
        for o in s.get("options", []):
            if o["id"] not in seen:
                seen.append(o["id"])
    print("\n".join(seen))
else:
    print("\n".join(item["id"] for item in game.get(kind, [])))
EOF
}

# help_options COMMAND…: the long options `warbench-cli COMMAND --help` lists.
help_options() {
  "$CLI" "$@" --help | grep -E '^  +(-[A-Za-z?], )?--[a-z]' | grep -oE -- '--[a-z][a-z0-9-]*' | awk '!seen[$0]++'
}

step "commands after “warbench-cli ”, as --help lists them"
mapfile -t commands < <("$CLI" --help | sed -n '/^Commands:/,/^$/p' | sed -n 's/^  \([a-z][a-z-]*\)\( .*\)\{0,1\}$/\1/p')
((${#commands[@]} >= 20)) || fail "only ${#commands[@]} commands in --help"
comp "$CLI" ''
expect "the commands" "${commands[@]}" help
comp "$CLI" 're'
expect "commands starting with re" render replay
comp "$CLI" '--'
expect "global options" $(help_options)
comp "$CLI" help 'ta'
expect "help COMMAND" table

step "every command's options after “warbench-cli COMMAND --”, as its --help lists them"
for command in "${commands[@]}"; do
  actions=$("$CLI" "$command" --help | sed -n "s/^  warbench-cli $command \([a-z][a-z-]*\) .*/\1/p")
  if [[ -n $actions ]]; then
    comp "$CLI" "$command" ''
    expect "$command's actions" $actions
    for action in $actions; do
      comp "$CLI" "$command" "$action" --
      expect "$command $action's options" $(help_options "$command" "$action")
    done
  else
    comp "$CLI" "$command" --
    expect "$command's options" $(help_options "$command")
  fi
done
comp "$CLI" play --sc
expect "play --sc" --scenario --script
comp "$CLI" play "$WILDERNESS" --seed 3 --ph
expect "play FILE --seed N --ph" --physical-dice

step "scenario ids after “play FILE --scenario ”, read from the file"
mapfile -t scenarios < <(ids_of "$WILDERNESS" scenarios)
((${#scenarios[@]} >= 1)) || fail "no scenarios read from $WILDERNESS"
comp "$CLI" play "$WILDERNESS" --scenario ''
expect "play FILE --scenario" "${scenarios[@]}"
comp "$CLI" play "$WILDERNESS" -s ''
expect "play FILE -s" "${scenarios[@]}"
# bash splits "--scenario=" into "--scenario" "=": the value alone is completed.
comp "$CLI" play "$WILDERNESS" --scenario = ''
expect "play FILE --scenario=" "${scenarios[@]}"
mapfile -t chickasaw < <(ids_of "$CHICKASAW" scenarios)
((${#chickasaw[@]} >= 2)) || fail "fewer than two scenarios in $CHICKASAW"
comp "$CLI" balance "$CHICKASAW" --games 10 --scenario ''
expect "balance FILE --scenario (six scenarios)" "${chickasaw[@]}"
comp "$CLI" balance "$CHICKASAW" --scenario "${chickasaw[0]:0:2}"
expect "balance FILE --scenario PREFIX" $(printf '%s\n' "${chickasaw[@]}" | grep "^${chickasaw[0]:0:2}")
comp "$CLI" scenario export "$CHICKASAW" ''
expect "scenario export FILE ID" "${chickasaw[@]}"
comp "$CLI" scenario import "$WILDERNESS" "$CHICKASAW" --scenario ''
expect "scenario import FILE FROM --scenario: FROM's scenarios" "${chickasaw[@]}"
comp "$CLI" play --auto "$WILDERNESS" --scenario ''
expect "play --auto FILE --scenario" "${scenarios[@]}"
comp "$CLI" play --scenario ''
expect "play --scenario with no file yet: nothing" ''

step "table, map, side and option ids"
comp "$CLI" chart "$WILDERNESS" ''
expect "chart FILE TABLE" $(ids_of "$WILDERNESS" tables)
comp "$CLI" table "$WILDERNESS" c
expect "table FILE c" $(ids_of "$WILDERNESS" tables | grep '^c')
comp "$CLI" balance "$WILDERNESS" --vs-table ''
expect "balance FILE --vs-table" $(ids_of "$WILDERNESS" tables)
comp "$CLI" render "$WILDERNESS" --map ''
expect "render FILE --map" $(ids_of "$WILDERNESS" maps)
comp "$CLI" render "$WILDERNESS" --viewer ''
expect "render FILE --viewer" $(ids_of "$WILDERNESS" sides)
comp "$CLI" counters "$WILDERNESS" --side ''
expect "counters FILE --side" $(ids_of "$WILDERNESS" sides)
comp "$CLI" play "$WILDERNESS" -O ''
expect "play FILE -O" $(ids_of "$WILDERNESS" options)
comp "$CLI" setup "$WILDERNESS" --option ''
expect "setup FILE --option" $(ids_of "$WILDERNESS" options)

step "files: games, playtests, folders"
mkdir -p "$TMP/files/sub"
touch "$TMP/files/a.warbench" "$TMP/files/b.warbench-play" "$TMP/files/c.txt"
cd "$TMP/files" || exit 1
comp "$CLI" validate ''
expect "validate: games and folders" a.warbench sub
comp "$CLI" validate a.warbench ''
expect "validate FILE…: games again" a.warbench sub
comp "$CLI" replay ''
expect "replay: playtests and folders" b.warbench-play sub
comp "$CLI" play ''
expect "play: games, playtests and folders" a.warbench b.warbench-play sub
comp "$CLI" render a.warbench -o ''
expect "render -o: any file" a.warbench b.warbench-play c.txt sub
comp "$CLI" replay b.warbench-play --with-game ''
expect "replay --with-game: embedded or a game" embedded a.warbench sub
comp "$CLI" print "$WILDERNESS" ''
expect "print FILE WHAT" map counters setup-cards oob-cards turn-track player-aid rules-summary
comp "$CLI" print "$WILDERNESS" map t
expect "print FILE WHAT…" turn-track
comp "$CLI" ids a.warbench ''
expect "ids FILE KIND" scenarios maps sides tables options
comp "$CLI" new --hex ''
expect "new --hex: a value, nothing to complete" ''
cd - >/dev/null || exit 1

step "a playtest's ids: its game's"
# A journal of format 2 carries no game: the one it names (relative to it).
comp "$CLI" state "$SRCDIR/tests/data/journals/hand-wilderness.warbench-play" --viewer ''
expect "state SAVE --viewer: the sides of the game it names" $(ids_of "$WILDERNESS" sides)
# Away from that game: nothing.
cp "$SRCDIR/tests/data/journals/hand-wilderness.warbench-play" "$TMP/away.warbench-play"
comp "$CLI" state "$TMP/away.warbench-play" --viewer ''
expect "state SAVE --viewer, its game not there: nothing" ''
# A journal of today carries its game.
mkdir "$TMP/saves"
# (--max-actions stops it before the end: exit 1.)
"$CLI" play "$WILDERNESS" --auto --max-actions 3 -q --save "$TMP/saves/p.warbench-play" >/dev/null 2>&1
[[ -s $TMP/saves/p.warbench-play ]] || fail "play --auto --max-actions 3 --save wrote no journal"
comp "$CLI" state "$TMP/saves/p.warbench-play" --viewer ''
expect "state SAVE --viewer: the sides of the game it carries" $(ids_of "$WILDERNESS" sides)
comp "$CLI" play "$TMP/saves/p.warbench-play" --game "$CHICKASAW" -O ''
expect "play SAVE -O: the options of its game" $(ids_of "$WILDERNESS" options)

step "a damaged file, a FIFO, a folder, a missing file: no ids, no message"
head -c 3000 "$WILDERNESS" >"$TMP/damaged.warbench"
printf '{"format": "warbench", "version": 1, "game": {"id": 3}}\n' >"$TMP/wrong.warbench"
mkfifo "$TMP/fifo.warbench"
mkdir "$TMP/folder.warbench"
for bad in damaged wrong fifo folder missing; do
  file=$TMP/$bad.warbench
  comp "$CLI" play "$file" --scenario ''
  expect "play $bad.warbench --scenario: nothing" ''
  comp "$CLI" chart "$file" ''
  expect "chart $bad.warbench: nothing" ''
  timeout 20 "$CLI" ids "$file" scenarios >"$TMP/out" 2>"$TMP/err"
  status=$?
  [[ $status -eq 1 ]] || fail "ids $bad.warbench scenarios: exit $status, expected 1"
  [[ -s $TMP/out || -s $TMP/err ]] && fail "ids $bad.warbench printed: $(cat "$TMP/out" "$TMP/err")"
done

step "warbench-cli ids"
"$CLI" ids "$WILDERNESS" scenarios >"$TMP/got" 2>"$TMP/err" || fail "ids FILE scenarios exits non-zero"
expect "ids FILE scenarios" "${scenarios[@]}"
"$CLI" ids "$CHICKASAW" options --scenario "${chickasaw[0]}" >"$TMP/got" 2>"$TMP/err" ||
  fail "ids FILE options --scenario exits non-zero"
python3 - "$CHICKASAW" "${chickasaw[0]}" >"$TMP/want-options" <<'EOF'
import json, sys
for s in json.load(open(sys.argv[1], encoding="utf-8"))["scenarios"]:
    if s["id"] == sys.argv[2]:
        print("\n".join(o["id"] for o in s.get("options", [])))
EOF
expect "ids FILE options --scenario ID" $(cat "$TMP/want-options")
"$CLI" ids "$WILDERNESS" options --scenario nowhere >"$TMP/out" 2>&1
[[ $? -eq 1 && ! -s $TMP/out ]] || fail "ids FILE options --scenario UNKNOWN: exit 1 and nothing"
"$CLI" ids "$WILDERNESS" units >"$TMP/out" 2>&1
[[ $? -eq 2 ]] || fail "ids FILE units: a usage error (2)"
grep -q 'Unknown kind' "$TMP/out" || fail "ids FILE units: $(cat "$TMP/out")"
"$CLI" ids "$WILDERNESS" >"$TMP/out" 2>&1
[[ $? -eq 2 ]] || fail "ids FILE: a usage error (2)"

if ((failures > 0)); then
  echo "$failures failure(s)"
  exit 1
fi
echo "ok"
