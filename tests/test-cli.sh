#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Tests warbench-cli end to end: exit codes, messages and the files it writes.
# Usage: test-cli.sh PATH/TO/warbench-cli SOURCE_DIR
set -eu

CLI=$1
SRCDIR=$2
TMP=$(mktemp -d "${TMPDIR:-/tmp}/wb-cli-XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
# Messages are checked in English.
LC_ALL=C.UTF-8
LANGUAGE=
export LC_ALL LANGUAGE

failures=0
step() { printf '# %s\n' "$*"; }
fail() { printf 'FAIL: %s\n' "$*"; failures=$((failures + 1)); }

# expect_status STATUS COMMAND…: runs the command, output in $TMP/out and $TMP/err.
expect_status() {
  want=$1
  shift
  set +e
  "$@" >"$TMP/out" 2>"$TMP/err"
  got=$?
  set -e
  if [ "$got" -ne "$want" ]; then
    fail "exit $got, expected $want: $*"
    sed 's/^/  stdout: /' "$TMP/out" | head -n 20
    sed 's/^/  stderr: /' "$TMP/err" | head -n 20
  fi
}

expect_output() {
  # expect_output FILE PATTERN (grep -E)
  if ! grep -Eq -- "$2" "$1"; then
    fail "no match for '$2' in $(basename "$1"):"
    sed 's/^/  | /' "$1" | head -n 30
  fi
}

# magic FILE: the first bytes as hex, no spaces.
magic() { head -c 8 "$1" | od -An -tx1 | tr -d ' \n'; }

expect_magic() {
  # expect_magic FILE HEX-PREFIX
  if [ ! -s "$1" ]; then
    fail "$1 is missing or empty"
    return
  fi
  case $(magic "$1") in
    "$2"*) ;;
    *) fail "$1 starts with $(magic "$1"), expected $2" ;;
  esac
}

step "help, version and usage errors"
expect_status 0 "$CLI" --help
expect_output "$TMP/out" 'validate'
expect_output "$TMP/out" 'render'
expect_status 0 "$CLI" --version
expect_output "$TMP/out" '^warbench-cli [0-9]'
expect_status 0 "$CLI" render --help
expect_output "$TMP/out" '--layers'
expect_status 2 "$CLI"
expect_status 2 "$CLI" frobnicate
expect_status 2 "$CLI" validate
expect_status 2 "$CLI" validate --no-such-option x.warbench
expect_status 2 "$CLI" info
expect_status 2 "$CLI" new
expect_status 2 "$CLI" new --hex 0x5 -o "$TMP/x.warbench"
expect_status 2 "$CLI" new --hex 10x8 --points
expect_status 2 "$CLI" new --hex banana

step "new, validate, info"
expect_status 0 "$CLI" new --hex 10x8 -o "$TMP/hex.warbench" --title "Test of the CLI"
expect_status 0 "$CLI" validate "$TMP/hex.warbench"
expect_output "$TMP/out" 'hex\.warbench: ok'
expect_status 0 "$CLI" info "$TMP/hex.warbench"
expect_output "$TMP/out" 'Test of the CLI'
expect_output "$TMP/out" '10×8'
expect_output "$TMP/out" 'spi-blue-gray|[Rr]ules'

expect_status 0 "$CLI" new --points -o "$TMP/points.warbench"
expect_status 0 "$CLI" validate "$TMP/points.warbench"
expect_status 0 "$CLI" info "$TMP/points.warbench"
expect_output "$TMP/out" 'point-to-point'

# Without -o the game goes to standard output, and is valid.
expect_status 0 "$CLI" new --hex 5x4
cp "$TMP/out" "$TMP/stdout.warbench"
expect_output "$TMP/stdout.warbench" '"format": "warbench-game"'
expect_status 0 "$CLI" validate "$TMP/stdout.warbench"

step "render"
for ext in png svg pdf; do
  expect_status 0 "$CLI" render "$TMP/hex.warbench" -o "$TMP/map.$ext"
done
expect_magic "$TMP/map.png" 89504e470d0a1a0a
expect_magic "$TMP/map.svg" 3c3f786d6c        # <?xml
expect_magic "$TMP/map.pdf" 255044462d        # %PDF-
expect_status 0 "$CLI" render "$TMP/hex.warbench" --map map --scenario scenario --scale 0.5 \
  --layers terrain,grid -o "$TMP/small.PNG"
expect_magic "$TMP/small.PNG" 89504e470d0a1a0a
expect_status 0 "$CLI" render "$TMP/points.warbench" --layers all,-units -o "$TMP/points.png"
expect_magic "$TMP/points.png" 89504e470d0a1a0a
# A designer's own point-to-point game (tests/data/cedar-run.warbench: its own class, crossing
# and connection names, with roles): it validates, renders, and plays to the end.
expect_status 0 "$CLI" validate "$SRCDIR/tests/data/cedar-run.warbench"
expect_status 0 "$CLI" render "$SRCDIR/tests/data/cedar-run.warbench" --scenario campaign -o "$TMP/cedar-run.png"
expect_magic "$TMP/cedar-run.png" 89504e470d0a1a0a
expect_status 0 "$CLI" play "$SRCDIR/tests/data/cedar-run.warbench" --auto --seed 3 --save "$TMP/cedar-run.warbench-play"
expect_status 0 "$CLI" replay "$TMP/cedar-run.warbench-play" --game "$SRCDIR/tests/data/cedar-run.warbench"
expect_status 2 "$CLI" render "$TMP/hex.warbench" -o "$TMP/map.jpeg"
expect_status 2 "$CLI" render "$TMP/hex.warbench"
expect_status 2 "$CLI" render "$TMP/hex.warbench" --layers terrain,bogus -o "$TMP/x.png"
expect_status 2 "$CLI" render "$TMP/hex.warbench" --scale -1 -o "$TMP/x.png"
expect_status 1 "$CLI" render "$TMP/hex.warbench" --map no-such-map -o "$TMP/x.png"
expect_output "$TMP/err" 'no-such-map'
expect_status 1 "$CLI" render "$TMP/hex.warbench" -o "$TMP/no/such/dir/x.png"
expect_output "$TMP/err" 'no/such/dir/x\.png'

step "counters"
WILD="$SRCDIR/data/games/battle-of-the-wilderness.warbench"
for ext in png svg pdf; do
  expect_status 0 "$CLI" counters "$WILD" --side union --size 40 -o "$TMP/sheet.$ext"
done
expect_magic "$TMP/sheet.png" 89504e470d0a1a0a
expect_magic "$TMP/sheet.svg" 3c3f786d6c
expect_magic "$TMP/sheet.pdf" 255044462d
expect_status 0 "$CLI" counters "$WILD" --no-text -o "$TMP/shapes.png"
# A game with chits prints them under its units (issue 17: chits on printed sheets): the
# Confederate sheet of Chickasaw Bayou is taller with its chits than without (--no-chits).
CB="$SRCDIR/data/games/chickasaw-bayou.warbench"
expect_status 0 "$CLI" counters "$CB" --side confederate --size 40 -o "$TMP/chits.png"
expect_status 0 "$CLI" counters "$CB" --side confederate --size 40 --no-chits -o "$TMP/units.png"
png_height() { od -An -tu1 -j20 -N4 "$1" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }'; }
[ "$(png_height "$TMP/chits.png")" -gt "$(png_height "$TMP/units.png")" ] || fail "no chits under the units"
expect_status 0 "$CLI" render "$WILD" --scenario historical --viewer union -o "$TMP/fog.png"
expect_magic "$TMP/fog.png" 89504e470d0a1a0a
expect_status 1 "$CLI" render "$WILD" --viewer prussia -o "$TMP/x.png"
expect_output "$TMP/err" 'prussia'
expect_status 1 "$CLI" counters "$WILD" --side prussia -o "$TMP/x.png"
expect_output "$TMP/err" 'prussia'
expect_status 1 "$CLI" counters "$TMP/hex.warbench" -o "$TMP/x.png"
expect_output "$TMP/err" 'no units'
expect_status 2 "$CLI" counters "$WILD" --size 2 -o "$TMP/x.png"
expect_status 2 "$CLI" counters "$WILD" -o "$TMP/x.gif"
expect_status 2 "$CLI" counters "$WILD"

step "chart"
CRT_GAME="$SRCDIR/data/games/battle-of-the-wilderness.warbench"
for ext in png svg pdf; do
  expect_status 0 "$CLI" chart "$CRT_GAME" crt -o "$TMP/crt.$ext"
done
expect_magic "$TMP/crt.png" 89504e470d0a1a0a
expect_magic "$TMP/crt.svg" 3c3f786d6c
expect_magic "$TMP/crt.pdf" 255044462d
# By name, any case, and scaled: twice the pixels.
expect_status 0 "$CLI" chart "$SRCDIR/data/games/chickasaw-bayou.warbench" "bayou entry table" \
  --scale 2 -o "$TMP/bayou.png"
expect_magic "$TMP/bayou.png" 89504e470d0a1a0a
w1=$(od -An -tu1 -j16 -N4 "$TMP/crt.png" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }')
expect_status 0 "$CLI" chart "$CRT_GAME" crt --scale 2 -o "$TMP/crt2.png"
w2=$(od -An -tu1 -j16 -N4 "$TMP/crt2.png" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }')
[ "$w2" -ge $((w1 * 2 - 1)) ] && [ "$w2" -le $((w1 * 2 + 1)) ] || fail "chart --scale 2 is $w2 px wide, not twice $w1"
expect_status 1 "$CLI" chart "$CRT_GAME" no-such-table -o "$TMP/x.png"
expect_output "$TMP/err" 'no table .no-such-table.'
expect_output "$TMP/err" 'Tables: crt'
expect_status 2 "$CLI" chart "$CRT_GAME" crt -o "$TMP/x.jpeg"
expect_status 2 "$CLI" chart "$CRT_GAME" crt
expect_status 2 "$CLI" chart "$CRT_GAME" -o "$TMP/x.png"
expect_status 2 "$CLI" chart "$CRT_GAME" crt --scale 0 -o "$TMP/x.png"
expect_status 1 "$CLI" chart "$CRT_GAME" crt -o "$TMP/no/such/dir/x.png"
expect_output "$TMP/err" 'no/such/dir/x\.png'

step "validate reports errors with file, line:column and JSON path"
# A unit whose side does not exist.
sed 's/"units": \[\]/"units": [{"id": "u1", "side": "nowhere", "class": "infantry", "strength": 3}]/' \
  "$TMP/hex.warbench" >"$TMP/broken.warbench"
expect_output "$TMP/broken.warbench" '"nowhere"'
expect_status 1 "$CLI" validate "$TMP/hex.warbench" "$TMP/broken.warbench"
expect_output "$TMP/out" 'hex\.warbench: ok'
expect_output "$TMP/err" 'broken\.warbench:[0-9]+:[0-9]+:'
expect_output "$TMP/err" '\$\.units'
expect_status 1 "$CLI" info "$TMP/broken.warbench"
expect_status 1 "$CLI" render "$TMP/broken.warbench" -o "$TMP/x.png"
expect_status 1 "$CLI" validate "$TMP/does-not-exist.warbench"
expect_output "$TMP/err" 'does-not-exist\.warbench'
printf '{"format": "warbench-game", ' >"$TMP/truncated.warbench"
expect_status 1 "$CLI" validate "$TMP/truncated.warbench"
expect_output "$TMP/err" 'truncated\.warbench'

GAME="$SRCDIR/data/games/battle-of-the-wilderness.warbench"
if [ -f "$GAME" ]; then
  step "the bundled game"
  expect_status 0 "$CLI" validate "$GAME"
  expect_status 0 "$CLI" info "$GAME"
  expect_output "$TMP/out" 'Wilderness'
  expect_status 0 "$CLI" render "$GAME" -o "$TMP/wilderness.png"
  expect_magic "$TMP/wilderness.png" 89504e470d0a1a0a
  # The same game with the first unit's side changed to a missing one.
  awk 'BEGIN { done = 0 }
       !done && /"units": \[/ { inunits = 1 }
       inunits && !done && /"side": "[^"]*"/ { sub(/"side": "[^"]*"/, "\"side\": \"nowhere\""); done = 1 }
       { print }' "$GAME" >"$TMP/wilderness-broken.warbench"
  expect_status 1 "$CLI" validate "$TMP/wilderness-broken.warbench"
  expect_output "$TMP/err" 'wilderness-broken\.warbench:[0-9]+:[0-9]+: \$\.units\[[0-9]+\]\.side'

  step "setup: the set-up chart"
  expect_status 0 "$CLI" setup "$GAME"
  expect_output "$TMP/out" '^Set-up$'
  expect_output "$TMP/out" '^  hex 0414 +Stafford.s Brigade +Confederate$'
  expect_output "$TMP/out" '^  hex 0922 \(Chewning Farm\) +3rd Brigade, 3rd Division, V Corps +Union'
  expect_output "$TMP/out" '^Reinforcements$'
  expect_output "$TMP/out" '^  Turn 5 \(May 5, 5\), Confederate, at hex 0118 \(Orange Turnpike\): Johnston.s Brigade, Ramseur.s Brigade$'
  # Names, not ids (issue 18): locations, sides and units as the cards name them,
  # choices on continuation lines, the columns holding.
  GG="$SRCDIR/data/games/grants-gamble.warbench"
  expect_status 0 "$CLI" setup "$GG"
  expect_output "$TMP/out" '^  Culpeper CH +Grant +Union · '
  expect_output "$TMP/out" '^    or Elk Tavern$'
  expect_output "$TMP/out" '^    or Falmouth$'
  expect_output "$TMP/out" '^  Fredericksburg +II Corps +Confederate'
  if grep -Eq 'culpeper-ch|elk-tavern|orange-ch|union-vi|csa-ii|	|(^|  )(union|confederate)( |$)' "$TMP/out"; then
    fail "setup prints ids:"
    grep -En 'culpeper-ch|elk-tavern|orange-ch|union-vi|csa-ii|(^|  )(union|confederate)( |$)' "$TMP/out" | head -n 5
  fi
  columns=$(awk '/^Set-up$/ { on = 1; next } /^$/ { on = 0 }
                 on && /^  [^ ]/ { print match($0, /  (Union|Confederate)( · |$)/) }' "$TMP/out" | sort -u | wc -l)
  [ "$columns" -eq 1 ] || fail "the side column of setup does not hold ($columns positions)"
  expect_status 0 "$CLI" setup "$GG" --tsv
  expect_output "$TMP/out" '^setup	union	grant	location:culpeper-ch\|location:elk-tavern\|location:falmouth$'
  expect_status 0 "$CLI" setup "$GAME" --scenario historical --tsv
  expect_output "$TMP/out" "^setup	confederate	stafford	hex:0414\$"
  grep -q '^reinforcement	[0-9]*	' "$TMP/out" || fail "no reinforcement records in setup --tsv"
  historical=$(grep -c '^setup	union' "$TMP/out" || true)
  # The Lethargic Union Army option (19.3) replaces the Union deployment.
  expect_status 0 "$CLI" setup "$GAME" --tsv --option lethargic
  lethargic=$(grep -c '^setup	union' "$TMP/out" || true)
  [ "$historical" -ne "$lethargic" ] || fail "lethargic set-up has as many Union lines ($lethargic) as the historical one"
  expect_status 1 "$CLI" setup "$GAME" --option nope
  expect_output "$TMP/err" 'no option “nope” \(expected one of: pickett, burnside, lethargic, attack-effectiveness\)$'
  expect_status 1 "$CLI" setup "$GAME" --scenario nope
  expect_status 2 "$CLI" setup
else
  step "skipped: $GAME does not exist yet"
fi

step "format: rewrites a valid file in the canonical layout, refuses a broken one"
"$CLI" new --hex 6x5 -o "$TMP/fmt.warbench" >/dev/null
cp "$TMP/fmt.warbench" "$TMP/canonical.warbench"
# Re-indent the file: same content, another layout.
sed 's/^  //' "$TMP/fmt.warbench" >"$TMP/fmt2.warbench"
expect_status 1 "$CLI" format --check "$TMP/fmt2.warbench"
expect_output "$TMP/out" 'not in canonical form'
expect_status 0 "$CLI" format "$TMP/fmt2.warbench"
expect_output "$TMP/out" 'rewritten'
cmp -s "$TMP/fmt2.warbench" "$TMP/canonical.warbench" || fail "format did not give the canonical bytes"
expect_status 0 "$CLI" format --check "$TMP/fmt2.warbench"
printf '{"format": "warbench-game",' >"$TMP/broken.warbench"
cp "$TMP/broken.warbench" "$TMP/broken-copy.warbench"
expect_status 1 "$CLI" format "$TMP/broken.warbench"
cmp -s "$TMP/broken.warbench" "$TMP/broken-copy.warbench" || fail "format changed an invalid file"

step "maps: terrain counts and connectivity"
"$CLI" new --hex 6x5 -o "$TMP/maps.warbench" >/dev/null
expect_status 0 "$CLI" maps "$TMP/maps.warbench"
expect_output "$TMP/out" 'Clear +30'
expect_output "$TMP/out" 'every passable hex is reachable'
"$CLI" new --points -o "$TMP/points.warbench" >/dev/null
expect_status 0 "$CLI" maps "$TMP/points.warbench"
expect_output "$TMP/out" 'every location is connected'
# Creeks on both on-map sides of hex 0101 cut it off.
sed 's/"default_terrain": "clear",/"default_terrain": "clear", "hexsides": [{"hex": "0101", "dir": "se", "features": ["creek"]}, {"hex": "0101", "dir": "s", "features": ["creek"]}],/' \
  "$TMP/maps.warbench" >"$TMP/cut.warbench"
expect_status 1 "$CLI" maps "$TMP/cut.warbench"
expect_output "$TMP/out" '1 passable hexes are cut off from the main region \(2 regions\): 0101'
expect_status 2 "$CLI" maps
expect_status 1 "$CLI" maps "$TMP/broken.warbench"

step "render --region: only part of the map"
# PNG width from the IHDR chunk (bytes 16–19, big-endian).
png_width() { od -An -tu1 -j16 -N4 "$1" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }'; }
"$CLI" new --hex 20x20 -o "$TMP/region.warbench" >/dev/null
expect_status 0 "$CLI" render "$TMP/region.warbench" -o "$TMP/whole.png"
expect_status 0 "$CLI" render "$TMP/region.warbench" --region 0101-0505 -o "$TMP/part.png"
expect_magic "$TMP/part.png" 89504e470d0a1a0a
whole=$(png_width "$TMP/whole.png")
part=$(png_width "$TMP/part.png")
[ "$part" -gt 0 ] && [ "$part" -lt $((whole / 2)) ] || fail "region PNG is $part px wide, the whole map $whole"
expect_status 0 "$CLI" render "$TMP/region.warbench" --region 0,0,100,80 -o "$TMP/part2.svg"
expect_magic "$TMP/part2.svg" 3c3f786d6c
expect_status 2 "$CLI" render "$TMP/region.warbench" --region nonsense -o "$TMP/x.png"
expect_output "$TMP/err" 'Invalid region'
expect_status 1 "$CLI" render "$TMP/region.warbench" --region 9999-9999 -o "$TMP/x.png"
expect_output "$TMP/err" 'outside the map'

step "new --numbering: lettered and oblique hex numbers, typed back in --region"
expect_status 0 "$CLI" new --hex 20x15 --numbering letters --oblique -o "$TMP/lettered.warbench"
expect_output "$TMP/lettered.warbench" '"numbering": \{"scheme": "letters", "oblique": true, "first_col": 1, "first_row": 1, "digits": 2\}'
expect_status 0 "$CLI" validate "$TMP/lettered.warbench"
expect_status 0 "$CLI" render "$TMP/lettered.warbench" --region a1-E05 -o "$TMP/lettered.png"
expect_magic "$TMP/lettered.png" 89504e470d0a1a0a
expect_status 2 "$CLI" render "$TMP/lettered.warbench" --region A01-AB05 -o "$TMP/x.png"
expect_output "$TMP/err" 'Invalid region “A01-AB05”: “AB05” is not a hex number: a column is one letter'
expect_status 2 "$CLI" render "$TMP/lettered.warbench" --region nonsense -o "$TMP/x.png"
expect_output "$TMP/err" 'expected two corner hexes such as A01-T25'
expect_status 0 "$CLI" new --hex 12x10 --numbering mixed
expect_output "$TMP/out" '"numbering": \{"scheme": "mixed", "first_col": 1, "first_row": 1, "digits": 2\}'
expect_status 2 "$CLI" new --hex 12x10 --numbering roman
expect_output "$TMP/err" 'Unknown numbering “roman” \(expected digits, letters or mixed\)'
expect_status 2 "$CLI" new --points --numbering letters
expect_status 1 "$CLI" new --hex 105x10 --numbering letters
expect_output "$TMP/err" 'letters name 104 columns at most \(A to ZZZZ\); this numbering needs 105'

step "oob: the order of battle as CSV and back"
WILD="$SRCDIR/data/games/battle-of-the-wilderness.warbench"
expect_status 0 "$CLI" oob --help
expect_output "$TMP/out" 'Order of battle as CSV'
expect_status 0 "$CLI" oob "$WILD" --csv
head -n 1 "$TMP/out" | grep -q '^kind,side,formation,path,id,name,designation,class,size,strength,current,echelon,color,note,movement,range' \
  || fail "oob --csv header: $(head -n 1 "$TMP/out")"
expect_output "$TMP/out" '^unit,confederate,div-johnson,Army of Northern Virginia / Second Corps \(Ewell\) / Johnson.s Division,stafford,'
[ "$(grep -c '^unit,' "$TMP/out")" -eq 80 ] || fail "oob --csv: expected 80 unit rows"
expect_status 0 "$CLI" oob "$WILD" --csv -o "$TMP/wild.csv"
"$CLI" oob "$WILD" --csv | cmp -s - "$TMP/wild.csv" || fail "oob --csv -o differs from standard output"
# Import into the same game: nothing changes, byte for byte.
cp "$WILD" "$TMP/wild.warbench"
expect_status 0 "$CLI" oob "$TMP/wild.warbench" --import "$TMP/wild.csv"
expect_output "$TMP/out" 'Units: 0 added, 0 changed, 0 removed'
expect_output "$TMP/out" 'Nothing written'
expect_status 0 "$CLI" oob "$TMP/wild.warbench" --import "$TMP/wild.csv" --in-place
cmp -s "$WILD" "$TMP/wild.warbench" || fail "importing its own CSV changed the game file"
# Change a strength and a name; the edit lands in the saved game.
sed -e 's/^\(unit,confederate,div-johnson,[^,]*,stafford,\)Stafford.s Brigade,Stafrd,infantry,X,5,/\1"Stafford, Leroy",Stafrd,infantry,X,12\/8\/4,/' \
  "$TMP/wild.csv" >"$TMP/edit.csv"
expect_status 0 "$CLI" oob "$TMP/wild.warbench" --import "$TMP/edit.csv" -o "$TMP/edited.warbench"
expect_output "$TMP/out" 'Units: 0 added, 1 changed, 0 removed'
expect_output "$TMP/edited.warbench" '"id": "stafford", "name": "Stafford, Leroy", "designation": "Stafrd", .*"strength": \{"steps": \[12, 8, 4\]\}'
cmp -s "$WILD" "$TMP/wild.warbench" || fail "import with -o changed the source game"
# A bad row: line and column, exit 1, nothing written.
sed -e 's/^\(unit,confederate,div-johnson,[^,]*,stafford,[^,]*,[^,]*,infantry,X,\)5,/\1lots,/' \
  "$TMP/wild.csv" >"$TMP/bad.csv"
cp "$TMP/wild.warbench" "$TMP/wild-before.warbench"
expect_status 1 "$CLI" oob "$TMP/wild.warbench" --import "$TMP/bad.csv" --in-place
expect_output "$TMP/err" 'bad.csv: line 34, column strength: expected a number .*found “lots”'
expect_output "$TMP/err" '1 problem; nothing was changed'
cmp -s "$TMP/wild.warbench" "$TMP/wild-before.warbench" || fail "a bad CSV changed the game file"
# A unit the scenario uses cannot be left out.
grep -v ",stafford," "$TMP/wild.csv" >"$TMP/oob-cut.csv"
expect_status 1 "$CLI" oob "$TMP/wild.warbench" --import "$TMP/oob-cut.csv" -o "$TMP/oob-cut.warbench"
expect_output "$TMP/err" 'unit “stafford” is not in the CSV, but scenario “historical” sets it up'
[ ! -e "$TMP/oob-cut.warbench" ] || fail "a refused import wrote its output"
# Not CSV at all.
printf 'kind,id\nunit,"open\n' >"$TMP/open.csv"
expect_status 1 "$CLI" oob "$TMP/wild.warbench" --import "$TMP/open.csv"
expect_output "$TMP/err" 'open.csv: line 2: a quoted cell that starts here is never closed'
expect_status 1 "$CLI" oob "$TMP/wild.warbench" --import "$TMP/missing.csv"
# Usage errors.
expect_status 2 "$CLI" oob "$TMP/wild.warbench"
expect_output "$TMP/err" 'Give either --csv or --import'
expect_status 2 "$CLI" oob "$TMP/wild.warbench" --csv --import "$TMP/wild.csv"
expect_status 2 "$CLI" oob "$TMP/wild.warbench" --csv --in-place
expect_status 2 "$CLI" oob "$TMP/wild.warbench" --import "$TMP/wild.csv" --in-place -o "$TMP/x.warbench"
expect_status 2 "$CLI" oob
expect_status 1 "$CLI" oob "$TMP/broken.warbench" --csv

step "table: exact outcome probabilities, flags, JSON and CSV"
WILD="$SRCDIR/data/games/battle-of-the-wilderness.warbench"
expect_status 0 "$CLI" table "$WILD" crt --stats
expect_output "$TMP/out" '^Combat Results Table \(odds, 1d6\)'
expect_output "$TMP/out" '^ +1-5 +1-4 +1-3'
# 3-1 by hand: De 1/6, Dr 4/6, Ex 1/6; 1-5: Ar 1/2, Ae 1/2.
expect_output "$TMP/out" '^Ar +50\.0% 1/2 +66\.7% 2/3'
expect_output "$TMP/out" '^Dr( +[^ ]+)* +66\.7% 2/3 +50\.0% 1/2 +33\.3% 1/3 +33\.3% 1/3$'
expect_output "$TMP/out" '^  3-1 +attacker: elim 0\.083 .* score \+0\.583$'
expect_output "$TMP/out" '^No column flagged\.$'
# The table by name works too.
expect_status 0 "$CLI" table "$WILD" "Combat Results Table" --json
expect_output "$TMP/out" '"result" : "Ex",'
expect_output "$TMP/out" '"fraction" : "1/6",'
expect_output "$TMP/out" '"flagged" : 0,'
expect_status 0 "$CLI" table "$WILD" crt --csv
expect_output "$TMP/out" '^Roll,1-5,1-4,1-3,1-2,1-1,2-1,3-1,4-1,5-1,6-1'
expect_output "$TMP/out" '^6,Ae,Ae,Ae,Ae,Ar,Ar,Ex,Ex,Ex,Ex'
[ "$(wc -l <"$TMP/out")" -eq 7 ] || fail "table --csv: expected 7 lines"
# A 6-1 column made worse than 5-1 (Ae instead of De on a 1) is flagged, exit 1.
sed 's/"De", "De", "De", "De"\]/"De", "De", "De", "Ae"]/' "$WILD" >"$TMP/bad-crt.warbench"
expect_status 1 "$CLI" table "$TMP/bad-crt.warbench" crt --stats
expect_output "$TMP/out" '^Flagged 6-1: Worse for the attacker than 5-1'
expect_status 1 "$CLI" table "$TMP/bad-crt.warbench" crt --json
expect_output "$TMP/out" '"non_monotonic" : true'
expect_output "$TMP/out" '"flagged" : 1,'
# A d66 fire table: 11-26 is 12 of 36 throws, 31-66 the other 24.
"$CLI" new --points >"$TMP/fire.warbench"
sed -i 's|  "tables": \[\],|  "tables": [{"id": "fire", "name": "Fire Table", "kind": "fire", "dice": "d66", "columns": [{"label": "1-3", "lo": 1, "hi": 3}, {"label": "4-6", "lo": 4, "hi": 6}], "rows": [{"label": "11-26", "lo": 11, "hi": 26, "cells": ["green:0-1 yellow:2-3", "green:0-2 yellow:3-4 red:5+"]}, {"label": "31-66", "lo": 31, "hi": 66, "cells": ["-", "green:0"]}]}],|' "$TMP/fire.warbench"
expect_status 0 "$CLI" table "$TMP/fire.warbench" fire --stats
expect_output "$TMP/out" '^Fire Table \(fire, d66\)'
expect_output "$TMP/out" '^Target rating 5:'
# Rating 0 in 4-6: green on every throw; rating 2 in 1-3: yellow 1/3, no band 2/3.
expect_output "$TMP/out" '^green +33\.3% 1/3 +100\.0%$'
expect_output "$TMP/out" '^yellow +33\.3% 1/3 +-$'
expect_status 0 "$CLI" table "$TMP/fire.warbench" fire --json
expect_output "$TMP/out" '"throws" : 36,'
expect_output "$TMP/out" '"none" : 24'
# Errors.
expect_status 1 "$CLI" table "$WILD" nope --stats
expect_output "$TMP/err" 'no table “nope”; the tables are: crt'
expect_status 2 "$CLI" table "$WILD" crt
expect_output "$TMP/err" 'Give exactly one of --stats, --json, --csv, --pdf, --svg and --png'
expect_status 2 "$CLI" table "$WILD" crt --stats --csv
expect_status 2 "$CLI" table "$WILD"
expect_status 1 "$CLI" table "$TMP/missing.warbench" crt --stats

step "table: dice pools, unknown cells, modifiers (format 6)"
TABLES="$SRCDIR/tests/data/tables.warbench"
expect_status 0 "$CLI" table "$TABLES" battle --stats
# 1 die hitting on a 6: 1/6 expected, 16.7 % at least one hit.
expect_output "$TMP/out" '^Dice pool: d6, a die hits on >=6$'
expect_output "$TMP/out" '^  1-2 +1 dice: expected hits 0\.167, at least one hit 16\.7%$'
expect_output "$TMP/out" '^  3\+ +dice unknown$'
expect_output "$TMP/out" '^  fortress +\+2 dice — Fortified City Line$'
expect_status 0 "$CLI" table "$TABLES" firepower --json
expect_output "$TMP/out" '"expected_hits" : 0\.33333'
# The fire table's "1" column: 11-56 unknown, 30 of 36 throws.
expect_status 0 "$CLI" table "$TABLES" fire --stats
expect_output "$TMP/out" '^1: 83\.3% 5/6 of the throws land on unknown cells'
expect_output "$TMP/out" 'odds-3-1 +\+3 column\(s\) — .* \[one of group odds\] \(close\)$'
expect_status 1 "$CLI" table "$TABLES" tec --stats
expect_output "$TMP/err" 'chart: it has no dice'
expect_status 0 "$CLI" table "$TABLES" tec --csv
expect_output "$TMP/out" '^Forest,2,x2'

step "play: automatic games of the Wilderness and their replay"
WILD="$SRCDIR/data/games/battle-of-the-wilderness.warbench"
cp "$WILD" "$TMP/battle-of-the-wilderness.warbench"
expect_status 0 "$CLI" play "$TMP/battle-of-the-wilderness.warbench" --auto --seed 9 --save "$TMP/g9.warbench-play"
cp "$TMP/out" "$TMP/played"
expect_output "$TMP/played" '^Turn 1 \(May 5, 1\), Confederate: '
expect_output "$TMP/played" ' attack .* → [0-9]-[0-9], die [1-6] → (Ae|Ar|Dr|De|Ex)$'
expect_output "$TMP/played" '^Now: Turn 16 \(May 6, 8\) · game over$'
expect_output "$TMP/played" '^Result: '
# The same seed, the same game.
expect_status 0 "$CLI" play "$TMP/battle-of-the-wilderness.warbench" --auto --seed 9
cmp -s "$TMP/out" "$TMP/played" || fail "play --seed 9 twice gave two games"
# The journal names its game beside it; the replay gives the same log and result.
expect_status 0 "$CLI" replay "$TMP/g9.warbench-play"
grep '^Turn\|^Victory\|^Result' "$TMP/out" > "$TMP/replayed-log"
grep '^Turn\|^Victory\|^Result' "$TMP/played" > "$TMP/played-log"
cmp -s "$TMP/replayed-log" "$TMP/played-log" || fail "replay: another log than the game played"
# The map as the match stands.
expect_status 0 "$CLI" replay "$TMP/g9.warbench-play" -q -o "$TMP/final.png"
head -c 8 "$TMP/final.png" | od -An -c | grep -q 'P   N   G' || fail "replay -o: not a PNG"
# The transcript to compare across versions: the header, every entry with
# its log lines, the state at the end; the same text every time.
expect_status 0 "$CLI" replay "$TMP/g9.warbench-play" --transcript
cp "$TMP/out" "$TMP/transcript"
expect_output "$TMP/transcript" '^played by: engine version 2, spi-blue-gray version 1$'
expect_output "$TMP/transcript" '^entry 1 after 0: \{"type":'
expect_output "$TMP/transcript" '^  over: yes · '
expect_status 0 "$CLI" replay "$TMP/g9.warbench-play" -t
cmp -s "$TMP/out" "$TMP/transcript" || fail "replay --transcript twice gave two texts"

step "replay: a playtest copied alone replays with the game it carries (issue 19, portable playtests)"
head -n 1 "$TMP/g9.warbench-play" | grep -q '^{"format":"warbench-play","version":3,.*"embedded_game":{"encoding":"gzip+base64","size":[0-9]*,"data":"' ||
  fail "play --save: the journal does not carry its game (format 3)"
mkdir "$TMP/mailed"
cp "$TMP/g9.warbench-play" "$TMP/mailed/"
expect_status 0 "$CLI" replay "$TMP/mailed/g9.warbench-play" -t
cmp -s "$TMP/out" "$TMP/transcript" || fail "the playtest copied alone replays otherwise"
expect_output "$TMP/err" 'mailed/battle-of-the-wilderness.warbench is not there: it replays with the game the playtest carries'
# The game beside it edited since: the game as it was, saying which (both
# SHA-256) and how to try the edited one.
sed 's/"title": "Battle of the Wilderness"/"title": "Battle of the Wilderness, edited"/' "$WILD" \
  > "$TMP/mailed/battle-of-the-wilderness.warbench"
expect_status 0 "$CLI" replay "$TMP/mailed/g9.warbench-play" -t
cmp -s "$TMP/out" "$TMP/transcript" || fail "replay beside an edited game: not the game it was played with"
expect_output "$TMP/err" 'battle-of-the-wilderness.warbench has been edited since this playtest was played: it replays with the game as it was then, which the playtest carries \(SHA-256 [0-9a-f]{64}; the file now: [0-9a-f]{64}\)'
expect_output "$TMP/err" 'To replay with the edited game: --with-game .*mailed/battle-of-the-wilderness.warbench'
expect_status 0 "$CLI" replay "$TMP/mailed/g9.warbench-play" -q --with-game embedded
expect_status 0 "$CLI" replay "$TMP/mailed/g9.warbench-play" -q --with-game "$TMP/mailed/battle-of-the-wilderness.warbench"
expect_output "$TMP/err" 'The game has changed since this playtest began: the replay uses the game as it is now'
# An edited game it does not replay on: refused, naming both files.
sed 's/"id": "historical"/"id": "historic"/' "$WILD" > "$TMP/mailed/renamed.warbench"
expect_status 1 "$CLI" replay "$TMP/mailed/g9.warbench-play" -q --with-game "$TMP/mailed/renamed.warbench"
expect_output "$TMP/err" 'g9.warbench-play does not replay with the game file .*renamed.warbench'
expect_output "$TMP/err" 'no scenario “historical”'
expect_status 1 "$CLI" replay "$TMP/mailed/g9.warbench-play" --with-game "$TMP/mailed/nowhere.warbench"
expect_output "$TMP/err" 'The game file .*nowhere.warbench is not there'
expect_status 2 "$CLI" replay "$TMP/mailed/g9.warbench-play" --with-game embedded --game "$WILD"
# A format-2 playtest copied alone has no game: the error says which file
# was looked for, and what to do.
cp "$SRCDIR/tests/data/playtests/river-crossing-format2.warbench-play" "$TMP/mailed/old.warbench-play"
expect_status 1 "$CLI" replay "$TMP/mailed/old.warbench-play"
expect_output "$TMP/err" 'old.warbench-play is a playtest of “River Crossing”, whose game file .*mailed/../river-crossing.warbench is not there, and it does not carry its game \(playtest format 2\)'
expect_output "$TMP/err" 'Give the game file with --with-game FILE'
expect_status 1 "$CLI" replay "$TMP/mailed/old.warbench-play" --with-game embedded
expect_output "$TMP/err" 'does not carry its game \(it was saved in playtest format 2'
expect_status 0 "$CLI" replay "$TMP/mailed/old.warbench-play" -q --with-game "$SRCDIR/tests/data/river-crossing.warbench"
# A damaged game in the playtest: a clear error, no crash.
python3 - "$TMP/mailed/g9.warbench-play" "$TMP/mailed/damaged.warbench-play" <<'PY'
import sys
text = open(sys.argv[1]).read()
i = text.index('"data":"') + len('"data":"') + 40
open(sys.argv[2], 'w').write(text[:i] + 'AAAA' + text[i + 4:])
PY
expect_status 1 "$CLI" replay "$TMP/mailed/damaged.warbench-play"
expect_output "$TMP/err" 'damaged.warbench-play:1: the embedded game is damaged'
# Physical dice: the automatic player types its rolls into the actions,
# and the journal replays from them alone.
expect_status 0 "$CLI" play "$TMP/battle-of-the-wilderness.warbench" --auto --seed 4 --physical-dice \
  -q --save "$TMP/p4.warbench-play"
grep -q '"physical_dice":true' "$TMP/p4.warbench-play" || fail "play --physical-dice: not in the journal"
grep -q '"rolls":\[[1-6]' "$TMP/p4.warbench-play" || fail "play --physical-dice: no typed rolls"
expect_status 0 "$CLI" replay "$TMP/p4.warbench-play" -t
expect_output "$TMP/out" '^dice: physical$'
# A crash mid-line: the replay warns and goes on.
printf '{"entry": 99999, "par' >> "$TMP/g9.warbench-play"
expect_status 0 "$CLI" replay "$TMP/g9.warbench-play" --quiet
expect_output "$TMP/err" 'cut short'
printf 'not json\n{"cursor": 0}\n' >> "$TMP/g9.warbench-play"
expect_status 1 "$CLI" replay "$TMP/g9.warbench-play"
expect_output "$TMP/err" 'g9.warbench-play:[0-9]+:'
expect_status 2 "$CLI" play "$WILD"
# Chickasaw Bayou (blind-swords) plays its chit draw automatically to the end, and replays.
cp "$SRCDIR/data/games/chickasaw-bayou.warbench" "$TMP/chickasaw-bayou.warbench"
expect_status 0 "$CLI" play "$TMP/chickasaw-bayou.warbench" --auto --scenario 17.6 --seed 5 \
  --save "$TMP/cb.warbench-play"
expect_output "$TMP/out" 'The last turn is over'
expect_output "$TMP/out" 'draws the chit Fog of War'
cp "$TMP/out" "$TMP/cb.out"
expect_status 0 "$CLI" replay "$TMP/cb.warbench-play"
expect_output "$TMP/out" 'The last turn is over'
# Shenandoah (columbia-block) plays whole automatic games, and replay reproduces them.
cp "$SRCDIR/data/games/shenandoah.warbench" "$TMP/shenandoah.warbench"
for seed in 1 7 42; do
  expect_status 0 "$CLI" play "$TMP/shenandoah.warbench" --auto --seed $seed --save "$TMP/shen$seed.warbench-play"
  expect_output "$TMP/out" 'The last turn is over'
  cp "$TMP/out" "$TMP/shen$seed.out"
  expect_status 0 "$CLI" replay "$TMP/shen$seed.warbench-play"
  expect_output "$TMP/out" 'The last turn is over'
done
expect_status 1 "$CLI" play "$WILD" --auto --scenario nope
# Options and settings that the game does not have are refused, naming those it has
# (issue 15): a misspelt one would quietly play the game without it.
expect_status 1 "$CLI" play "$WILD" --auto --option picket
expect_output "$TMP/err" 'has no option “picket” \(expected one of: pickett, burnside, lethargic, attack-effectiveness\)$'
expect_status 0 "$CLI" play "$WILD" --auto --option pickett --seed 2 -q
sed '1s/^{/{"settings":{"spi.zoc-exitt":"off"},/' "$TMP/p4.warbench-play" >"$TMP/bad-setting.warbench-play"
expect_status 1 "$CLI" replay "$TMP/bad-setting.warbench-play"
expect_output "$TMP/err" 'no rule check “spi.zoc-exitt” to set \(expected one of: spi\..*spi\.zoc-exit'
sed '1s/^{/{"settings":{"spi.zoc-exit":"off"},/' "$TMP/p4.warbench-play" >"$TMP/setting.warbench-play"
expect_status 0 "$CLI" replay "$TMP/setting.warbench-play" -q
sed '1s/^{/{"options":["lethargy"],/' "$TMP/p4.warbench-play" >"$TMP/bad-option.warbench-play"
expect_status 1 "$CLI" replay "$TMP/bad-option.warbench-play"
expect_output "$TMP/err" 'has no option “lethargy” \(expected one of: pickett, '
# --max-actions and --seed: what the journal can hold, nothing else.
expect_status 2 "$CLI" play "$WILD" --auto --max-actions -1
expect_output "$TMP/err" 'max-actions is a whole number, 0 or more'
if grep -q 'Stopped after -1' "$TMP/err" "$TMP/out"; then fail "play --max-actions -1 played"; fi
expect_status 1 "$CLI" play "$WILD" --auto --max-actions 3 -q
expect_output "$TMP/err" '^Stopped after 3 actions$'
for bad in -1 -0 18446744073709551616 1e3 "" " 5" 0x10; do
  expect_status 2 "$CLI" play "$WILD" --auto --seed "$bad"
  expect_output "$TMP/err" 'The seed is a whole number from 0 to 18446744073709551615'
done
expect_status 0 "$CLI" play "$WILD" --auto -q --seed 18446744073709551615 --save "$TMP/max-seed.warbench-play"
expect_output "$TMP/max-seed.warbench-play" '"seed":"18446744073709551615"'
expect_status 0 "$CLI" replay "$TMP/max-seed.warbench-play" -q

step "rules: the families the engine plays and their rule checks"
expect_status 0 "$CLI" rules
expect_output "$TMP/out" '^spi-blue-gray — SPI Blue & Gray, version 1$'
expect_output "$TMP/out" '^bg-campaign — '
expect_output "$TMP/out" '^  spi.zoc-exit +A unit may not leave an enemy-controlled hex by movement \(5.13, 6.3\)$'
expect_status 0 "$CLI" rules bg-campaign
expect_output "$TMP/out" '^  bg.cap '
expect_output "$TMP/out" '^  river-crossing +\(crossings\) An attacker that came across it'
expect_output "$TMP/out" '^  cavalry +\(unit classes\) Cavalry: '
if grep -q 'spi\.' "$TMP/out"; then fail "rules bg-campaign: another family's checks listed"; fi
expect_status 1 "$CLI" rules columbia-blocks
expect_output "$TMP/err" 'No rules family .columbia-blocks.; the engine plays: spi-blue-gray bg-campaign columbia-block'
expect_status 2 "$CLI" rules a b

step "rules: each family's parameter reference; a wrong parameter refused at load, the same in validate and play"
expect_status 0 "$CLI" rules spi-blue-gray
expect_output "$TMP/out" '^  Parameters \(rules\.params\):$'
expect_output "$TMP/out" '^    artillery_range: whole number, 1 to 100 hexes; default 3 \(8\.1\)$'
expect_output "$TMP/out" '^    zoc: one of “none”, “sticky”, “locking”, “rigid”; default “rigid” \(6\.0\)$'
expect_status 0 "$CLI" rules --markdown
expect_output "$TMP/out" '^\| `victory\[\]\.tag` \| location tag \| none \| '
sed 's/"side": "union", "formation": "IX"/"side": "bogus", "formation": "IX"/' "$WILD" >"$TMP/bogus-side.warbench"
expect_output "$TMP/bogus-side.warbench" '"bogus"'
expect_status 1 "$CLI" validate "$TMP/bogus-side.warbench"
expect_output "$TMP/err" 'bogus-side\.warbench:5:[0-9]+: \$\.rules\.params\.command_rolls\[0\]\.side: unknown side “bogus”'
expect_status 1 "$CLI" play "$TMP/bogus-side.warbench" --auto --seed 1
expect_output "$TMP/err" 'bogus-side\.warbench:5:[0-9]+: \$\.rules\.params\.command_rolls\[0\]\.side: unknown side “bogus”'
for game in "$SRCDIR"/data/games/*.warbench; do
  expect_status 0 "$CLI" validate "$game"
  expect_output "$TMP/out" ': ok$'
done

step "table: the chart as PDF, SVG and PNG"
expect_status 0 "$CLI" table "$WILD" crt --pdf "$TMP/table.pdf"
expect_magic "$TMP/table.pdf" 255044462d
expect_status 0 "$CLI" table "$WILD" "combat results table" --svg "$TMP/table.svg"
expect_magic "$TMP/table.svg" 3c3f786d6c
# The format is the option's, whatever the name; the same chart as `chart`.
expect_status 0 "$CLI" table "$WILD" crt --png "$TMP/table.out" --scale 2
expect_magic "$TMP/table.out" 89504e470d0a1a0a
expect_status 0 "$CLI" chart "$WILD" crt --scale 2 -o "$TMP/chart2.png"
cmp -s "$TMP/table.out" "$TMP/chart2.png" || fail "table --png and chart differ"
expect_status 2 "$CLI" table "$WILD" crt --pdf "$TMP/x.pdf" --png "$TMP/x.png"
expect_output "$TMP/err" 'Give exactly one of'
expect_status 2 "$CLI" table "$WILD" crt --stats --svg "$TMP/x.svg"
expect_status 2 "$CLI" table "$WILD" crt --stats --scale 2
expect_output "$TMP/err" '--scale goes with --pdf, --svg or --png only'
expect_status 2 "$CLI" table "$WILD" crt --png "$TMP/x.png" --scale 0
[ ! -e "$TMP/x.png" ] && [ ! -e "$TMP/x.pdf" ] && [ ! -e "$TMP/x.svg" ] || fail "a refused table chart wrote a file"
expect_status 1 "$CLI" table "$WILD" nope --pdf "$TMP/x.pdf"
expect_output "$TMP/err" 'no table “nope”'
# A folder that does not exist: a message, not a crash (PDF and SVG flush on failure).
for ext in pdf svg png; do
  expect_status 1 "$CLI" table "$WILD" crt --$ext "$TMP/no-such-dir/x.$ext"
  expect_output "$TMP/err" "Cannot export .*no-such-dir/x\\.$ext.*No such file or directory"
  expect_status 1 "$CLI" chart "$WILD" crt -o "$TMP/no-such-dir/x.$ext"
done

step "table: --compare"
# Row 6 of 3-1 turned from Ex into De: De 1/6 -> 2/6, Ex 1/6 -> 0.
sed 's/"Ar", "Ar", "Ex", "Ex", "Ex", "Ex"\]/"Ar", "Ar", "De", "Ex", "Ex", "Ex"]/' "$WILD" >"$TMP/crt-v2.warbench"
cmp -s "$WILD" "$TMP/crt-v2.warbench" && fail "the sed did not change the CRT"
expect_status 0 "$CLI" table "$WILD" crt --compare "$TMP/crt-v2.warbench:crt"
expect_output "$TMP/out" '^Second: Combat Results Table \(crt, 1d6\) in .*crt-v2\.warbench$'
expect_output "$TMP/out" '^Column 3-1: changed$'
expect_output "$TMP/out" '^  De +16\.7% +33\.3% +\+16\.7 pp$'
expect_output "$TMP/out" '^  Ex +16\.7% +0\.0% +-16\.7 pp$'
expect_output "$TMP/out" '^  Dr +66\.7% +66\.7% +0 pp$'
# Score 3-1: +0.583 before; De for Ex on a 6 gains 1/6 of the attacker's elimination.
expect_output "$TMP/out" "^  Attacker's expected score \\+0\\.583 → \\+0\\.667 \\(\\+0\\.083\\)$"
expect_output "$TMP/out" '^Column 4-1: no change$'
expect_output "$TMP/out" "^  Attacker's expected score \\+0\\.583, unchanged$"
[ "$(grep -c ': changed$' "$TMP/out")" -eq 1 ] || fail "compare: expected exactly one changed column"
[ "$(grep -c ': no change$' "$TMP/out")" -eq 9 ] || fail "compare: expected nine unchanged columns"
expect_status 0 "$CLI" table "$WILD" crt --json --compare "$TMP/crt-v2.warbench:crt"
python3 - "$TMP/out" <<'PY' || fail "compare --json: wrong content"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["first"]["id"] == "crt" and d["second"]["file"].endswith("crt-v2.warbench"), d["second"]
cols = {c["label"]: c for c in d["columns"]}
assert len(cols) == 10 and all(c["in"] == "both" for c in cols.values())
c = cols["3-1"]
assert c["changed"] is True
r = {x["result"]: x for x in c["results"]}
assert abs(r["De"]["points"] - 100 / 6) < 1e-9 and abs(r["De"]["second"] - 1 / 3) < 1e-12
assert abs(r["Ex"]["points"] + 100 / 6) < 1e-9 and r["Ex"]["second"] == 0
assert r["Dr"]["points"] == 0
assert abs(c["score"]["change"] - 1 / 12) < 1e-9, c["score"]
assert cols["4-1"]["changed"] is False
assert all(x["points"] == 0 for x in cols["4-1"]["results"])
PY
# A column only in one table: 6-1 renamed 7-1 in the copy.
sed 's/{"label": "6-1", "lo": 6, "hi": 1}/{"label": "7-1", "lo": 7, "hi": 1}/' "$WILD" >"$TMP/crt-v3.warbench"
expect_status 0 "$CLI" table "$WILD" crt --compare "$TMP/crt-v3.warbench:crt" --stats
expect_output "$TMP/out" '^Column 6-1: only in the first table$'
expect_output "$TMP/out" '^Column 7-1: only in the second table$'
[ "$(grep -c ': no change$' "$TMP/out")" -eq 9 ] || fail "compare: expected nine shared columns"
expect_status 0 "$CLI" table "$WILD" crt --compare "$TMP/crt-v3.warbench:crt" --json
expect_output "$TMP/out" '"in" : "second"'
# Two tables of one game, by name; a roll table's results are not codes.
"$CLI" new --points >"$TMP/two.warbench"
sed -i 's|  "tables": \[\],|  "tables": [{"id": "old", "name": "Old Weather", "kind": "roll", "dice": "2d6", "columns": [{"label": "Weather"}], "rows": [{"label": "2-7", "lo": 2, "hi": 7, "cells": ["Clear"]}, {"label": "8-12", "lo": 8, "hi": 12, "cells": ["Rain"]}]}, {"id": "new", "name": "New Weather", "kind": "roll", "dice": "2d6", "columns": [{"label": "Weather"}], "rows": [{"label": "2-6", "lo": 2, "hi": 6, "cells": ["Clear"]}, {"label": "7-12", "lo": 7, "hi": 12, "cells": ["Rain"]}]}, {"id": "gap", "name": "Gap", "kind": "roll", "dice": "2d6", "columns": [{"label": "Weather"}], "rows": [{"label": "2-6", "lo": 2, "hi": 6, "cells": ["Clear"]}]}],|' "$TMP/two.warbench"
expect_status 0 "$CLI" table "$TMP/two.warbench" old --compare "new weather"
expect_output "$TMP/out" '^Second: New Weather \(new, 2d6\) in '
# 2d6: a 7 is 6/36 = 16.7 points moved from Clear to Rain.
expect_output "$TMP/out" '^  Clear +58\.3% +41\.7% +-16\.7 pp$'
expect_output "$TMP/out" '^  Rain +41\.7% +58\.3% +\+16\.7 pp$'
expect_output "$TMP/out" "^  Attacker's expected score not known"
# Throws no row covers (7-12, 21 of 36) are shown as such.
expect_status 0 "$CLI" table "$TMP/two.warbench" old --compare gap
expect_output "$TMP/out" '^  Rain +41\.7% +0\.0% +-41\.7 pp$'
expect_output "$TMP/out" '^  uncovered +0\.0% +58\.3% +\+58\.3 pp$'
expect_status 0 "$CLI" table "$TMP/two.warbench" old --compare gap --json
expect_output "$TMP/out" '"uncovered" : \{'
# Errors: no such table here or there, no such file, dice the analysis refuses.
"$CLI" new --points >"$TMP/nameless.warbench"
sed -i 's|  "tables": \[\],|  "tables": [{"id": "t", "kind": "roll", "dice": "1d6", "columns": [{"label": "R"}], "rows": [{"label": "1-6", "lo": 1, "hi": 6, "cells": ["x"]}]}],|' "$TMP/nameless.warbench"
expect_status 1 "$CLI" table "$TMP/nameless.warbench" t --compare zz
expect_output "$TMP/err" 'no table “zz” to compare with in .*; the tables are: t$'
expect_status 1 "$CLI" table "$TMP/nameless.warbench" zz --png "$TMP/x.png"
expect_status 1 "$CLI" table "$WILD" crt --compare nope
expect_output "$TMP/err" 'no table “nope” to compare with in .*battle-of-the-wilderness\.warbench \(give TABLE or FILE:TABLE\); the tables are: crt'
expect_status 1 "$CLI" table "$WILD" crt --compare "$TMP/crt-v2.warbench:nope"
expect_output "$TMP/err" 'no table “nope” in .*crt-v2\.warbench; the tables are: crt'
expect_status 1 "$CLI" table "$WILD" crt --compare "$TMP/missing.warbench:crt"
expect_output "$TMP/err" 'missing\.warbench'
sed 's/"dice": "1d6"/"dice": "30d6"/' "$WILD" >"$TMP/crt-30d6.warbench"
expect_status 1 "$CLI" table "$WILD" crt --compare "$TMP/crt-30d6.warbench:crt"
expect_output "$TMP/err" 'crt-30d6\.warbench: crt: Dice “30d6”: between 1 and 20 dice'
[ ! -s "$TMP/out" ] || fail "a refused comparison printed something"
expect_status 2 "$CLI" table "$WILD" crt --compare crt --csv
expect_output "$TMP/err" '--compare goes with --stats or --json only'
expect_status 2 "$CLI" table "$WILD" crt --compare crt --pdf "$TMP/x.pdf"
expect_status 2 "$CLI" table "$WILD" crt --compare crt --stats --json

step "print and kit: a kit of every bundled game, pages as the layout says"
for g in battle-of-the-wilderness chickasaw-bayou jackson-sheridan grants-gamble shenandoah; do
  expect_status 0 "$CLI" kit "$SRCDIR/data/games/$g.warbench" --paper letter -o "$TMP/$g-kit.pdf"
  expect_output "$TMP/out" "^Wrote .*$g-kit\.pdf: [0-9]+ pages"
  expect_magic "$TMP/$g-kit.pdf" 255044462d
  expect_status 0 "$CLI" kit "$SRCDIR/data/games/$g.warbench" --paper letter --describe
  pages=$(sed -n '1s/.* \([0-9]*\) pages$/\1/p' "$TMP/out")
  expect_output "$TMP/out" '^page 1 portrait \[Contents\]'
  expect_output "$TMP/out" '\[Counter sheets\]'
  expect_output "$TMP/out" '\[Player aid\]'
  if command -v pdfinfo >/dev/null 2>&1; then
    pdfinfo "$TMP/$g-kit.pdf" >"$TMP/info"
    expect_output "$TMP/info" "^Pages: +$pages\$"
    expect_output "$TMP/info" '^Page size: +612 x 792 pts \(letter\)'
  else
    echo "# pdfinfo not installed: kit page counts not checked (./dev installs poppler-utils)"
  fi
  rm -f "$TMP/$g-kit.pdf"
done
expect_status 0 "$CLI" print "$SRCDIR/data/games/chickasaw-bayou.warbench" map --paper a4 --describe
expect_output "$TMP/out" 'Chickasaw Bayou, sheet E3'
expect_status 0 "$CLI" print "$SRCDIR/data/games/chickasaw-bayou.warbench" map --fit --paper a4 --describe
expect_output "$TMP/out" '^paper a4 .* 1 pages$'
expect_status 0 "$CLI" print "$SRCDIR/data/games/shenandoah.warbench" counters --layout fold --describe
expect_output "$TMP/out" 'counter-front'
expect_status 2 "$CLI" print "$WILD" map --paper b7 -o "$TMP/x.pdf"
expect_output "$TMP/err" 'Unknown paper “b7”'
expect_status 2 "$CLI" print "$WILD" spaceships -o "$TMP/x.pdf"
expect_output "$TMP/err" 'Unknown thing to print “spaceships”'
expect_status 2 "$CLI" print "$WILD" counters --layout sideways -o "$TMP/x.pdf"
expect_status 1 "$CLI" print "$WILD" map --scale 90 -o "$TMP/x.pdf"
expect_output "$TMP/err" 'lower the scale'
[ ! -e "$TMP/x.pdf" ] || fail "a refused print wrote a file"
expect_status 2 "$CLI" kit "$WILD"
expect_output "$TMP/err" 'No output file given'

step "balance: game i is play --auto --seed S+i; jobs, shards and merge agree"
expect_status 0 "$CLI" balance "$WILD" --games 3 --seed 5 --jobs 2 --csv "$TMP/b.csv"
expect_output "$TMP/out" '^3 games of historical \(seeds 5 to 7\)'
expect_output "$TMP/out" 'Wins \(95 % confidence interval\)'
expect_status 0 "$CLI" play "$WILD" --auto --seed 6 -q
actions=$(sed -n 's/^\([0-9]*\) actions$/\1/p' "$TMP/out")
grep -q "^6,[A-Za-z]*,no,16,$actions," "$TMP/b.csv" || fail "balance's seed 6 is not play --auto --seed 6 ($actions actions): $(cat "$TMP/b.csv")"
expect_status 0 "$CLI" balance "$WILD" --games 3 --seed 5 --jobs 1 --json "$TMP/j1.json"
expect_status 0 "$CLI" balance "$WILD" --games 3 --seed 5 --shard 0/2 --out "$TMP/p0.json"
expect_status 0 "$CLI" balance "$WILD" --games 3 --seed 5 --shard 1/2 --out "$TMP/p1.json"
expect_status 0 "$CLI" balance --merge "$TMP/p0.json" "$TMP/p1.json" --json "$TMP/jm.json"
python3 -c "
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
sys.exit(0 if a['summary'] == b['summary'] and a['records'] == b['records'] and b['complete'] else 1)
" "$TMP/j1.json" "$TMP/jm.json" || fail "the merged shards differ from the single run"
expect_status 0 "$CLI" balance "$WILD" --games 3 --seed 5 --vs "$WILD"
expect_output "$TMP/out" 'Union wins .*: no significant difference \(z = 0.00, p = 1.0000\)'
expect_status 0 "$CLI" balance "$WILD" --games 3 --seed 5 --vs-option burnside --json "$TMP/vs.json"
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); sys.exit(0 if set(d) == {'a','b','comparison'} and d['b']['options'] == ['burnside'] else 1)" "$TMP/vs.json" || fail "--vs-option's JSON"
expect_status 1 "$CLI" balance --merge "$TMP/p0.json" "$TMP/p0.json"
expect_output "$TMP/err" 'is in two parts'
expect_status 2 "$CLI" balance "$WILD"
expect_output "$TMP/err" 'how many games'
expect_status 2 "$CLI" balance "$WILD" --games 3 --shard 2/2
expect_status 1 "$CLI" balance "$WILD" --games 3 --scenario nope
expect_output "$TMP/err" 'No scenario “nope”'

step "balance --plot: the plots as PNG, SVG and PDF, one kind a file, the variant overlaid"
# png_size FILE: the PNG's width and height in pixels (2 a point), or nothing.
png_size() { python3 -c "
import struct, sys
d = open(sys.argv[1], 'rb').read(24)
print('%dx%d' % struct.unpack('>II', d[16:24]) if d[:8] == b'\\x89PNG\\r\\n\\x1a\\n' else '')" "$1"; }
expect_status 0 "$CLI" balance "$WILD" --games 3 --plot "$TMP/sheet.png" --plot "$TMP/wins.svg" --plot "$TMP/curves.pdf" \
  --plot-kind sheet --plot-kind wins --plot-kind curves
[ "$(png_size "$TMP/sheet.png")" = 1684x1190 ] || fail "the sheet is not an A4 landscape PNG: $(png_size "$TMP/sheet.png")"
head -c 5 "$TMP/curves.pdf" | grep -q '%PDF-' || fail "--plot x.pdf is not a PDF"
grep -q '<svg' "$TMP/wins.svg" || fail "--plot x.svg is not an SVG"
expect_status 0 "$CLI" balance "$WILD" --games 3 --vs-option burnside --plot "$TMP/ab.png" --plot-kind wins
[ "$(png_size "$TMP/ab.png")" = 1440x960 ] || fail "--plot-kind wins: $(png_size "$TMP/ab.png")"
expect_status 0 "$CLI" balance --merge "$TMP/p0.json" "$TMP/p1.json" --plot "$TMP/merged.png"
[ -n "$(png_size "$TMP/merged.png")" ] || fail "--merge --plot wrote no PNG"
expect_status 2 "$CLI" balance "$WILD" --games 3 --plot "$TMP/x.png" --plot-kind pie
expect_output "$TMP/err" 'Unknown plot kind “pie”'
expect_status 2 "$CLI" balance "$WILD" --games 3 --plot "$TMP/x.gif"
expect_output "$TMP/err" 'must end in .svg, .png or .pdf'
[ ! -e "$TMP/x.gif" ] || fail "a refused --plot wrote its file"
expect_status 1 "$CLI" balance "$WILD" --games 1 --plot "$TMP/no-such-dir/x.png"
expect_output "$TMP/err" 'Cannot write the plot'
step "balance on a saved playtest copied alone: its game, scenario and options"
mkdir -p "$TMP/balance-mailed"
expect_status 1 "$CLI" play "$WILD" --auto --seed 8 --option burnside --max-actions 30 --save "$TMP/mailed-src.warbench-play" -q
cp "$TMP/mailed-src.warbench-play" "$TMP/balance-mailed/got.warbench-play"
expect_status 0 "$CLI" balance "$TMP/balance-mailed/got.warbench-play" --games 3 --seed 2 --json "$TMP/mailed.json"
expect_output "$TMP/err" 'the game the playtest carries'
expect_status 0 "$CLI" balance "$WILD" --option burnside --games 3 --seed 2 --json "$TMP/direct.json"
python3 -c "
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
sys.exit(0 if a['summary'] == b['summary'] and a['options'] == b['options'] == ['burnside'] else 1)
" "$TMP/mailed.json" "$TMP/direct.json" || fail "balance of a mailed playtest differs from the game's with its options"

step "balance: rule checks and table counts; version-1 parts; --vs-table"
expect_status 0 "$CLI" balance "$WILD" --games 3 --seed 5 --jobs 2 --counts-csv "$TMP/counts.csv"
expect_output "$TMP/out" '^  spi.moved-once  *tested [1-9][0-9]* '
expect_output "$TMP/out" '^Table Combat Results Table \(crt, 1d6\): [1-9][0-9]* rolls'
grep -q '^check,spi.moved-once,,refused,0,0.000,,' "$TMP/counts.csv" || fail "--counts-csv: $(head -3 "$TMP/counts.csv")"
python3 -c "
import csv, json, sys
j = json.load(open(sys.argv[1]))
rows = list(csv.DictReader(open(sys.argv[2], newline='')))
crt = next(t for t in j['summary']['tables'] if t['id'] == 'crt')
rolls = sum(int(r['count']) for r in rows if r['kind'] == 'table' and r['id'] == 'crt')
merged = json.load(open(sys.argv[3]))
sys.exit(0 if j['version'] == 2 and rolls == crt['rolls'] > 0 and j['counts'] == merged['counts'] else 1)
" "$TMP/j1.json" "$TMP/counts.csv" "$TMP/jm.json" || fail "the counts' CSV, the JSON's and the merged parts' disagree"
python3 -c "
import json, sys
d = json.load(open(sys.argv[1])); d['version'] = 1; del d['counts']; del d['summary']['rule_checks']; del d['summary']['tables']
json.dump(d, open(sys.argv[2], 'w'))
" "$TMP/p0.json" "$TMP/p0-v1.json"
expect_status 0 "$CLI" balance --merge "$TMP/p0-v1.json" "$TMP/p1.json"
expect_output "$TMP/out" 'Rule checks and tables: not recorded \(a part of version 1 was merged\)'
expect_status 1 "$CLI" balance "$WILD" --games 3 --vs-table crt=terrain-effects
expect_output "$TMP/err" 'cannot stand in for table “crt” \(odds, 10 columns, 6 rows\)'
expect_status 2 "$CLI" balance "$WILD" --games 3 --vs-table crt
expect_output "$TMP/err" 'vs-table is ID=OTHER'
expect_status 0 "$CLI" balance "$CB" --games 2 --vs-table fire-depletion=fire-depletion-rulebook
expect_output "$TMP/out" '^A against B, the same seeds:'

if [ "$failures" -ne 0 ]; then
  printf '%d check(s) failed\n' "$failures"
  exit 1
fi
printf 'all checks passed\n'
