#!/bin/sh
# The journals of docs/writing-a-journal.md, written by hand: each replays with
# the log its .expected file holds, and each is shown in the doc word for word.
set -u
cli=$1
root=$2
doc="$root/docs/writing-a-journal.md"
status=0
for journal in "$root"/tests/data/journals/*.warbench-play; do
  name=$(basename "$journal" .warbench-play)
  expected="$root/tests/data/journals/$name.expected"
  actual=$("$cli" replay "$journal" 2>/dev/null)
  if [ $? -ne 0 ]; then
    echo "FAIL $name: the replay failed"; "$cli" replay "$journal"; status=1; continue
  fi
  if [ "$actual" != "$(cat "$expected")" ]; then
    echo "FAIL $name: the replay differs from $expected:"
    printf '%s\n' "$actual" | diff "$expected" - ; status=1; continue
  fi
  missing=$(while IFS= read -r line; do
    grep -qxF -- "$line" "$doc" || echo "$line"
  done < "$journal")
  if [ -n "$missing" ]; then
    echo "FAIL $name: these lines are not in docs/writing-a-journal.md:"; echo "$missing"; status=1
    continue
  fi
  echo "ok $name"
done
# The log the doc shows for the first journal is the replay's.
if ! "$cli" replay "$root/tests/data/journals/hand-wilderness.warbench-play" 2>/dev/null | head -5 |
     while IFS= read -r line; do grep -qxF -- "$line" "$doc" || { echo "FAIL: not in the doc: $line"; exit 1; }; done; then
  status=1
fi
exit $status
