#!/bin/sh
# docs/authoring-a-game.md stays true: every JSON fragment it quotes from River
# Crossing and Cedar Run is in the game file it names, every command it shows
# runs with success, and the errors it shows are the ones the CLI prints.
set -u
cli=$1
root=$2
# The commands run in a scratch directory: the CLI by its absolute path.
case $cli in /*) ;; *) cli=$(pwd)/$cli ;; esac
doc="$root/docs/authoring-a-game.md"
status=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; status=1; }

# The fenced blocks of the doc, each line prefixed with the marker comment
# just before the block ("-" when there is none) and the block's language.
awk '
  /^```/ {
    if (inblock) { inblock = 0; n++; next }
    inblock = 1; lang = substr($0, 4); if (lang == "") lang = "-"
    if (marker == "") marker = "-"
    next
  }
  inblock { printf "%d\t%s\t%s\t%s\n", n, lang, marker, $0; next }
  /^<!-- .* -->$/ { marker = $0; sub(/^<!-- /, "", marker); sub(/ -->$/, "", marker); next }
  { if ($0 != "") marker = "" }
' "$doc" > "$tmp/blocks"

[ -s "$tmp/blocks" ] || fail "no code blocks found in $doc"

# 1. Every JSON block is quoted from a game, and each of its lines is found on
#    one line of that game file; "…" elides, the pieces found in order.
json_blocks=0
while IFS="$(printf '\t')" read -r n lang marker line; do
  [ "$lang" = json ] || continue
  case $marker in
    "quoted from "*) game="$root/${marker#quoted from }" ;;
    *) fail "block $n: a JSON block not marked <!-- quoted from FILE -->"; continue ;;
  esac
  [ -f "$game" ] || { fail "block $n: no file $game"; continue; }
  echo "$n" >> "$tmp/json-blocks"
  if ! FRAG=$line awk '
      BEGIN { k = split(ENVIRON["FRAG"], piece, "…")
              for (i = 1; i <= k; i++) { gsub(/^[ \t]+|[ \t]+$/, "", piece[i]) } }
      { pos = 1; ok = 1
        for (i = 1; i <= k && ok; i++) {
          if (piece[i] == "") continue
          j = index(substr($0, pos), piece[i])
          if (j == 0) ok = 0; else pos += j - 1 + length(piece[i])
        }
        if (ok) { found = 1; exit } }
      END { exit !found }' "$game"; then
    fail "block $n: not in $(basename "$game"): $line"
  fi
done < "$tmp/blocks"
json_blocks=$(sort -u "$tmp/json-blocks" 2>/dev/null | wc -l)
for g in river-crossing cedar-run; do
  grep -q "	json	quoted from tests/data/$g.warbench	" "$tmp/blocks" || fail "nothing quoted from $g.warbench"
done

# 2. The commands of the blocks marked <!-- run --> and of section 2 run in a
#    scratch directory where tests/data is the source tree's, with success.
mkdir -p "$tmp/run/tests"
ln -s "$root/tests/data" "$tmp/run/tests/data"
grep '	sh	' "$tmp/blocks" | cut -f4 > "$tmp/commands"
ran=0
while IFS= read -r command; do
  case $command in
    "warbench-cli "*) ;;
    *) fail "a command that is not warbench-cli: $command"; continue ;;
  esac
  if ! (cd "$tmp/run" && eval "\"\$cli\" ${command#warbench-cli }") > "$tmp/out" 2>&1; then
    fail "$command"; cat "$tmp/out"
  fi
  ran=$((ran + 1))
done < "$tmp/commands"
# The run block does validate, render, play --auto and replay each game.
for g in river-crossing cedar-run; do
  for c in "validate .*$g" "render .*$g" "play .*$g.* --auto" "replay .*$g"; do
    grep "	sh	run	" "$tmp/blocks" | cut -f4 | grep -q "^warbench-cli $c" ||
      fail "the doc runs no “warbench-cli $c”"
  done
done
for f in river-crossing.png cedar-run.png river-crossing.warbench-play cedar-run.warbench-play my-game.warbench; do
  [ -s "$tmp/run/$f" ] || fail "the doc's commands wrote no $f"
done

# 3. The errors shown are what validate prints for each mistake, the
#    scratch directory shown as ~/games; and only those are shown.
mkdir -p "$tmp/games"
: > "$tmp/errors"
mistake() {
  sed "s/$2/$3/" "$root/tests/data/$1" > "$tmp/games/$1"
  cmp -s "$tmp/games/$1" "$root/tests/data/$1" && { fail "$1: no “$2” to change"; return; }
  if "$cli" validate "$tmp/games/$1" > "$tmp/out" 2>&1; then
    fail "$1 with “$3” validates"; return
  fi
  sed "s|$tmp/games/|~/games/|" "$tmp/out" >> "$tmp/errors"
  cp "$root/tests/data/$1" "$tmp/games/$1"
}
mistake river-crossing.warbench '"zoc": "sticky"' '"zoc": "stiky"'
mistake cedar-run.warbench '"roles": \["cavalry"\]' '"roles": ["cavalary"]'
mistake river-crossing.warbench '"hex": "E02", "label"' '"hex": "0502", "label"'
while IFS= read -r line; do
  grep -qxF -- "$line" "$doc" || fail "the error is not in the doc: $line"
done < "$tmp/errors"
grep '	text	error	' "$tmp/blocks" | cut -f4 > "$tmp/shown"
[ -s "$tmp/shown" ] || fail "the doc shows no error"
while IFS= read -r line; do
  grep -qxF -- "$line" "$tmp/errors" || fail "the doc shows an error validate does not print: $line"
done < "$tmp/shown"

echo "$json_blocks JSON blocks checked, $ran commands run"
exit $status
