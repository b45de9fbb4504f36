#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Whole automatic games of the bundled Wilderness for many seeds, alone and
# with each optional rule: every game must end legally (the automatic
# player's every action accepted by the rules, the sixteenth turn over),
# and a saved game must replay to the same result.
# Usage: test-auto-games.sh WARBENCH_CLI SOURCE_DIR
CLI=$1
GAME=$2/data/games/battle-of-the-wilderness.warbench
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
failures=0
games=0

play() {
  games=$((games + 1))
  if ! "$CLI" play "$GAME" --auto -q "$@" > "$TMP/out" 2> "$TMP/err" ||
     ! grep -q '· game over$' "$TMP/out"; then
    printf 'FAIL: play %s\n' "$*"
    sed 's/^/  | /' "$TMP/err" "$TMP/out" | head -n 10
    failures=$((failures + 1))
  fi
}

for seed in $(seq 1 30); do
  play --seed "$seed"
done
for option in attack-effectiveness burnside pickett lethargic; do
  for seed in $(seq 1 8); do
    play --seed "$seed" --option "$option"
  done
done
play --seed 5 --option attack-effectiveness --option burnside --option pickett

# Replays reproduce the game exactly.
for seed in 3 17; do
  "$CLI" play "$GAME" --auto --seed "$seed" --option attack-effectiveness --save "$TMP/g.warbench-play" > "$TMP/played"
  "$CLI" replay "$TMP/g.warbench-play" --game "$GAME" > "$TMP/replayed"
  grep '^Turn\|^Victory\|^Result' "$TMP/played" > "$TMP/a"
  grep '^Turn\|^Victory\|^Result' "$TMP/replayed" > "$TMP/b"
  if [ ! -s "$TMP/a" ] || ! cmp -s "$TMP/a" "$TMP/b"; then
    printf 'FAIL: the replay of seed %s differs\n' "$seed"
    failures=$((failures + 1))
  fi
done

printf '%d games, %d failed\n' "$games" "$failures"
[ "$failures" -eq 0 ]
