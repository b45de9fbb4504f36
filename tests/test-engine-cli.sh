#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The open engine on the command line (docs/engine-cli.md, issue 19 item 6):
# `state` and `actions` of an automatic Wilderness game saved with --save,
# `play --script` replaying a whole automatic game's actions to the same
# result, a refused script line, `replay` of a refused entry, and a short
# game driven by a Python program (tests/engine-driver.py) through
# state/actions/play --script whose journal replays.
# Usage: test-engine-cli.sh WARBENCH_CLI SOURCE_DIR
CLI=$1
SRC=$2
GAME=$SRC/data/games/battle-of-the-wilderness.warbench
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
failures=0

fail() {
  printf 'FAIL: %s\n' "$1"
  [ -f "$TMP/err" ] && sed 's/^/  | /' "$TMP/err" | head -n 10
  failures=$((failures + 1))
}

if ! command -v python3 > /dev/null; then
  echo "SKIP: no python3"
  exit 77
fi

# An automatic game, saved whole.
"$CLI" play "$GAME" --auto -q --seed 4 --save "$TMP/auto.warbench-play" > "$TMP/auto.out" 2> "$TMP/err" ||
  fail "play --auto --save"

# state: the documented members, at the end and at an earlier entry.
if "$CLI" state "$TMP/auto.warbench-play" --game "$GAME" > "$TMP/state.json" 2> "$TMP/err"; then
  python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))
for k in ("game", "scenario", "entry", "entries", "turn", "turns", "turn_text", "step", "step_text",
          "active", "player", "awaiting", "hint", "sides", "vp", "over", "winner", "result", "units", "markers"):
    assert k in s, "no member %s" % k
assert s["over"] is True and s["awaiting"] == "over", s["awaiting"]
assert s["winner"] in s["sides"] or s["winner"] is None
assert set(s["vp"]) == set(s["sides"])
for u in s["units"]:
    for k in ("id", "name", "side", "where", "place", "halves", "strength", "flags", "badge"):
        assert k in u, "unit without %s: %r" % (k, u)
    assert len(u["where"]) == 1 and list(u["where"])[0] in ("hex", "location", "box", "eliminated", "waiting"), u
assert any("eliminated" in u["where"] for u in s["units"])
' "$TMP/state.json" 2> "$TMP/err" || fail "state: the JSON members"
else
  fail "state"
fi
"$CLI" state "$TMP/auto.warbench-play" --game "$GAME" --entry 0 > "$TMP/state0.json" 2> "$TMP/err" &&
  python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))
assert s["entry"] == 0 and s["turn"] == 1 and not s["over"], s
' "$TMP/state0.json" 2> "$TMP/err" || fail "state --entry 0"
"$CLI" state "$TMP/auto.warbench-play" --game "$GAME" --entry 99999999 > /dev/null 2> "$TMP/err" &&
  fail "state --entry past the journal is refused"
"$CLI" state "$TMP/auto.warbench-play" --game "$GAME" --viewer nobody > /dev/null 2> "$TMP/err" &&
  fail "state --viewer of no side is refused"
# The Wilderness's counters do not hide: a viewer sees every unit.
"$CLI" state "$TMP/auto.warbench-play" --game "$GAME" --entry 3 --viewer union > "$TMP/viewer.json" 2> "$TMP/err" &&
  python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))
assert s["viewer"] == "union" and not any(u.get("hidden") for u in s["units"])
' "$TMP/viewer.json" 2> "$TMP/err" || fail "state --viewer"

# Blocks (Jackson & Sheridan): a viewer sees the enemy's blocks as their side and place only.
JS=$SRC/data/games/jackson-sheridan.warbench
"$CLI" play "$JS" --auto -q --scenario 1862 --seed 2 --max-actions 30 --save "$TMP/js.warbench-play" > /dev/null 2>&1
"$CLI" state "$TMP/js.warbench-play" --game "$JS" --viewer union > "$TMP/js-union.json" 2> "$TMP/err" &&
  "$CLI" state "$TMP/js.warbench-play" --game "$JS" > "$TMP/js-all.json" 2> "$TMP/err" &&
  python3 -c '
import json, sys
union, everyone = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
hidden = [u for u in union["units"] if u.get("hidden")]
assert hidden and all(u["side"] != "union" and "id" not in u and "halves" not in u for u in hidden), hidden
assert all(u["side"] != "union" for u in hidden)
assert not any(u.get("hidden") for u in everyone["units"])
assert len(union["units"]) == len(everyone["units"])
' "$TMP/js-union.json" "$TMP/js-all.json" 2> "$TMP/err" || fail "state --viewer hides the enemy's blocks"

# actions: none once the game is over; at the start, moves, each a JSON line.
"$CLI" actions "$TMP/auto.warbench-play" --game "$GAME" > "$TMP/actions" 2> "$TMP/err" || fail "actions"
[ -s "$TMP/actions" ] && fail "actions lists nothing once the game is over"
python3 -c '
import json, sys
lines = [l for l in open(sys.argv[1]) if l.strip()]
head = json.loads(lines[0])
# A journal of the set-up alone: the header line.
open(sys.argv[2], "w").write(json.dumps(head) + "\n")
' "$TMP/auto.warbench-play" "$TMP/start.warbench-play" 2> "$TMP/err" || fail "a journal of the start"
"$CLI" actions "$TMP/start.warbench-play" --game "$GAME" > "$TMP/actions" 2> "$TMP/err" &&
  python3 -c '
import json, sys
acts = [json.loads(l) for l in open(sys.argv[1])]
assert len(acts) > 10, len(acts)
assert all(set(a) >= {"action", "source"} for a in acts)
assert any(a["action"]["type"] == "move" and a["source"] == "pick" for a in acts)
assert sum(1 for a in acts if a.get("suggested")) == 1
texts = [json.dumps(a["action"], sort_keys=True) for a in acts]
assert len(texts) == len(set(texts)), "duplicates"
' "$TMP/actions" 2> "$TMP/err" || fail "actions at the start"

# play --script: the automatic game's actions, read from a file, play the
# same game (the same replay), appended to a save.
python3 -c '
import json, sys
for l in open(sys.argv[1]):
    o = json.loads(l)
    if "action" in o:
        print(json.dumps(o["action"]))
' "$TMP/auto.warbench-play" > "$TMP/script" 2> "$TMP/err" || fail "the automatic game's actions"
"$CLI" play "$GAME" --seed 4 --script "$TMP/script" -q --save "$TMP/scripted.warbench-play" > "$TMP/scripted.out" 2> "$TMP/err" ||
  fail "play --script FILE"
"$CLI" replay "$TMP/auto.warbench-play" --game "$GAME" > "$TMP/replay1" 2> "$TMP/err" || fail "replay the automatic game"
"$CLI" replay "$TMP/scripted.warbench-play" --game "$GAME" > "$TMP/replay2" 2> "$TMP/err" || fail "replay the scripted game"
cmp -s "$TMP/replay1" "$TMP/replay2" || fail "the scripted game replays as the automatic one"
grep -q 'game over' "$TMP/replay2" || fail "the scripted game is over"

# A refused line: its number, exit 1, what was played before it saved.
head -n 5 "$TMP/script" > "$TMP/bad"
echo '{"type": "move", "unit": "no-such-unit", "to": {"hex": "0101"}}' >> "$TMP/bad"
sed -n 6,8p "$TMP/script" >> "$TMP/bad"
if "$CLI" play "$GAME" --seed 4 --script - -q --save "$TMP/bad.warbench-play" < "$TMP/bad" > "$TMP/out" 2> "$TMP/err"; then
  fail "play --script: a refused action exits 1"
else
  grep -q '^(stdin):6: refused: ' "$TMP/err" || fail "play --script: the refused line's number"
  "$CLI" state "$TMP/bad.warbench-play" --game "$GAME" > "$TMP/bad.json" 2> "$TMP/err" &&
    python3 -c 'import json, sys; assert json.load(open(sys.argv[1]))["entry"] == 5' "$TMP/bad.json" 2> "$TMP/err" ||
    fail "play --script: the actions before the refused one are saved"
fi
# Appending to a saved playtest: the rest of the script goes on from there.
tail -n +6 "$TMP/script" > "$TMP/rest"
"$CLI" play "$TMP/bad.warbench-play" --game "$GAME" --script "$TMP/rest" -q > "$TMP/out" 2> "$TMP/err" ||
  fail "play --script on a saved playtest"
"$CLI" replay "$TMP/bad.warbench-play" --game "$GAME" > "$TMP/replay3" 2> "$TMP/err"
cmp -s "$TMP/replay1" "$TMP/replay3" || fail "a script appended to a save plays the same game"
"$CLI" play "$TMP/bad.warbench-play" --game "$GAME" --seed 3 --script - < /dev/null > /dev/null 2> "$TMP/err" &&
  fail "play --script: --seed on a saved playtest is refused"

# replay of a journal whose entry 4 is refused: the log up to it, the state before it.
python3 -c '
import json, sys
out = []
for l in open(sys.argv[1]):
    o = json.loads(l)
    if o.get("entry") == 4:
        o["action"] = {"type": "move", "unit": "no-such-unit", "to": {"hex": "0101"}}
    out.append(json.dumps(o))
open(sys.argv[2], "w").write("\n".join(out) + "\n")
' "$TMP/auto.warbench-play" "$TMP/refused.warbench-play" 2> "$TMP/err" || fail "a journal with a refused entry"
if "$CLI" replay "$TMP/refused.warbench-play" --game "$GAME" > "$TMP/out" 2> "$TMP/err"; then
  fail "replay of a refused entry exits 1"
else
  grep -q 'entry 4 does not replay' "$TMP/err" || fail "replay: the refused entry's error"
  grep -q '^State before entry 4:$' "$TMP/out" || fail "replay: the state before the refused entry"
  python3 -c '
import json, sys
text = open(sys.argv[1]).read()
state = json.loads(text[text.index("State before entry 4:\n") + len("State before entry 4:\n"):])
assert state["entry"] == 3, state["entry"]
' "$TMP/out" 2> "$TMP/err" || fail "replay: the state before the refused entry is JSON at entry 3"
fi

# A short game driven from outside: state, actions, play --script -.
if python3 "$SRC/tests/engine-driver.py" "$CLI" "$GAME" "$TMP/driven.warbench-play" 11 120 > "$TMP/driven.out" 2> "$TMP/err"; then
  grep -q '^120 actions played' "$TMP/driven.out" || { cp "$TMP/driven.out" "$TMP/err"; fail "the driver plays 120 actions"; }
  "$CLI" replay "$TMP/driven.warbench-play" --game "$GAME" -q > "$TMP/out" 2> "$TMP/err" ||
    fail "the driven game's journal replays"
  grep -q '^120 entries, at entry 120$' "$TMP/out" || fail "the driven game's journal has its 120 entries"
else
  fail "the driver"
fi

# A playtest copied alone elsewhere: state, actions and play --script use
# the game it carries.
mkdir -p "$TMP/alone"
cp "$TMP/driven.warbench-play" "$TMP/alone/whole.warbench-play"
"$CLI" state "$TMP/alone/whole.warbench-play" > "$TMP/out" 2> "$TMP/err" || fail "state of a playtest copied alone"
grep -q 'the game the playtest carries' "$TMP/err" || fail "state says it uses the game the playtest carries"
"$CLI" actions "$TMP/alone/whole.warbench-play" > "$TMP/out" 2> "$TMP/err" || fail "actions of a playtest copied alone"
grep -q '"action"' "$TMP/out" || fail "actions of a playtest copied alone lists actions"

# A whole game driven through one engine process: play --script - --respond
# answers each action line with the state and the legal actions; the
# driver plays until the game is over (a refused line on purpose first,
# answered and survived), and the save's state equals the last answer's.
# Under the sanitizers only the first 200 actions (a debug build is slow).
whole_max=100000
[ "${WB_TEST_SANITIZED:-0}" = 1 ] && whole_max=200
if python3 "$SRC/tests/engine-driver.py" "$CLI" "$GAME" "$TMP/whole.warbench-play" 5 "$whole_max" --respond \
     > "$TMP/whole.out" 2> "$TMP/err"; then
  if [ "$whole_max" = 100000 ]; then
    grep -q 'actions played, game over$' "$TMP/whole.out" || { cp "$TMP/whole.out" "$TMP/err"; fail "the driven game ends"; }
  else
    grep -q '^200 actions played' "$TMP/whole.out" || { cp "$TMP/whole.out" "$TMP/err"; fail "the driver plays 200 actions"; }
  fi
  "$CLI" replay "$TMP/whole.warbench-play" --game "$GAME" -q > "$TMP/out" 2> "$TMP/err" ||
    fail "the whole driven game's journal replays"
  [ "$whole_max" != 100000 ] || grep -q '^Result: ' "$TMP/out" || { cp "$TMP/out" "$TMP/err"; fail "the replay ends the game"; }
else
  fail "the whole-game driver"
fi
"$CLI" play "$GAME" --respond > /dev/null 2> "$TMP/err" && fail "--respond without --script is refused"

if [ "$failures" -gt 0 ]; then
  echo "$failures failures"
  exit 1
fi
echo "engine-cli: ok"
