#!/bin/sh
# kill -9 during `warbench-cli play --save` at random points, many times: the
# journal always replays, with every whole line it holds — at most the action
# being written when the process died is lost — and replaying it writes nothing
# (issue 15). Each run is an automatic game of the Wilderness killed after a
# random delay of up to half a second.
set -u
cli=$1
root=$2
runs=${WB_CRASH_RUNS:-20}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$root/data/games/battle-of-the-wilderness.warbench" "$tmp/game.warbench"
journal="$tmp/crash.warbench-play"
status=0
mid=0
i=0
while [ $i -lt $runs ]; do
  i=$((i + 1))
  rm -f "$journal"
  delay=$(awk -v s="$i$$" 'BEGIN { srand (s); printf "%.3f", 0.01 + rand () * 0.5 }')
  "$cli" play --auto --quiet --seed "$i" --save "$journal" "$tmp/game.warbench" >/dev/null 2>&1 &
  pid=$!
  sleep "$delay"
  kill -9 "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  # Killed before the journal was saved: nothing to lose.
  [ -f "$journal" ] || continue
  cp "$journal" "$tmp/before"
  # Whole lines: the header and the cursor the save wrote, then one line per
  # action (an automatic game moves no cursor); a last line without its
  # newline was being written.
  lines=$(wc -l < "$journal")
  if ! out=$("$cli" replay --quiet "$journal" 2>"$tmp/err"); then
    echo "FAIL run $i (seed $i, killed after ${delay}s): the journal does not replay:"
    cat "$tmp/err"; status=1; continue
  fi
  entries=$(printf '%s\n' "$out" | sed -n 's/^\([0-9]*\) entries, at entry .*/\1/p')
  if [ "$entries" != $((lines - 2)) ]; then
    echo "FAIL run $i: $entries entries replayed of the $((lines - 2)) whole entry lines"
    status=1
  fi
  if ! cmp -s "$journal" "$tmp/before"; then
    echo "FAIL run $i: replaying changed the journal"; status=1
  fi
  [ "$entries" -gt 0 ] && mid=$((mid + 1))
done
# A read-only journal with a cut-short last line replays: the line reported, not rewritten.
"$cli" play --auto --quiet --seed 3 --max-actions 10 --save "$journal" "$tmp/game.warbench" >/dev/null 2>&1
printf '{"entry": 11, "par' >> "$journal"
chmod 0444 "$journal"
cp "$journal" "$tmp/before"
if ! "$cli" replay --quiet "$journal" >/dev/null 2>"$tmp/err"; then
  echo "FAIL: a read-only journal does not replay:"; cat "$tmp/err"; status=1
elif ! grep -q "crash.warbench-play:13: the last line was cut short" "$tmp/err"; then
  echo "FAIL: the cut-short line is not reported:"; cat "$tmp/err"; status=1
elif ! cmp -s "$journal" "$tmp/before"; then
  echo "FAIL: replaying rewrote the read-only journal"; status=1
fi
chmod 0644 "$journal"
# The kills must land in the middle of games, or the test proves nothing.
if [ $mid -lt $((runs / 3)) ]; then
  echo "FAIL: only $mid of $runs runs were killed after the first action"; status=1
fi
[ $status -eq 0 ] && echo "ok: $runs runs killed, $mid of them mid-game, every journal replayed"
exit $status
