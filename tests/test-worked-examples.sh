#!/bin/sh
# The rulebooks' worked examples played through journals (tests/data/examples/,
# docs/games/*.md "Worked examples"): each journal sets the example up with the
# designer's overrides and plays it with the example's dice; its replay must be
# the log its .expected file holds, and hold the example's facts in order (the
# lines below, one grep each, each after the one before).
set -u
cli=$1
root=$2
dir="$root/tests/data/examples"
status=0

# in_order NAME LOG FACT...: each FACT is found in LOG after the previous one.
in_order() {
  name=$1; log=$2; shift 2
  rest=$log
  for fact in "$@"; do
    line=$(printf '%s\n' "$rest" | grep -nF -- "$fact" | head -1 | cut -d: -f1)
    if [ -z "$line" ]; then
      echo "FAIL $name: \"$fact\" is not in the log after the facts before it"; status=1; return
    fi
    rest=$(printf '%s\n' "$rest" | tail -n +"$((line + 1))")
  done
}

for journal in "$dir"/*.warbench-play; do
  name=$(basename "$journal" .warbench-play)
  actual=$("$cli" replay "$journal" 2>/dev/null)
  if [ $? -ne 0 ]; then
    echo "FAIL $name: the replay failed"; "$cli" replay "$journal"; status=1; continue
  fi
  if [ "$actual" != "$(cat "$dir/$name.expected")" ]; then
    echo "FAIL $name: the replay differs from $name.expected:"
    printf '%s\n' "$actual" | diff "$dir/$name.expected" -; status=1; continue
  fi
  case $name in
    shenandoah-battle-turn)
      # 6.4: A before B before C, the defender first on equal letters; the
      # attacking artillery A1 in round 1 and A2 in round 2.
      in_order "$name" "$actual" \
        "Banks' artillery (Best) fires A2" "Valley District artillery fires A1" "Banks HQ fires B1" \
        "Jackson HQ fires B3" "Munford's cavalry fires B1" "Donnelly's brigade fires C1" \
        "Gordon's brigade fires C2" "Stonewall Brigade (Winder) fires C3" "2nd Brigade (Campbell) fires C2" \
        "round 2" "Banks' artillery (Best) fires A2" "Valley District artillery fires A2" ;;
    shenandoah-battle-reinforcements)
      # 6.5, 6.51: the USA reinforcements arrive in round 2; the CSA holds the
      # town and defends from then on, its artillery A2.
      in_order "$name" "$actual" \
        "Gordon's brigade reinforces the battle at Front Royal" "Gordon's brigade C2 (3), round 2" \
        "Ewell's artillery (Courtney) fires A1, 3 dice: 1 hit" "Ashby's cavalry fires B2, 3 dice: 0 hits" \
        "Kenly's command (1st Maryland) fires C1, 1 die: 0 hits" "Kenly's command (1st Maryland) is eliminated" \
        "defends it from now on (6.51)" "round 2" "Gordon's brigade arrives from Newtown" \
        "Ewell's artillery (Courtney) fires A2, 3 dice: 1 hit" ;;
    shenandoah-battle-hits)
      # 6.6: the first hit on the 3-step block, the second the owner's pick.
      in_order "$name" "$actual" \
        "Gordon's brigade fires C2, 3 dice: 2 hits; CSA picks" \
        "fall on Stonewall Brigade (Winder), 2nd Brigade (Campbell)" ;;
    shenandoah-pursuit)
      # 6.73: in round 4 the attackers retreat on their turns, the defending
      # cavalry fires B2.
      in_order "$name" "$actual" "round 4" "Valley District artillery retreats to Newtown" \
        "Hatch's cavalry fires B2" "Gordon's brigade fires C2" "2nd Brigade (Campbell) retreats to Newtown" \
        "USA wins the battle of Winchester" ;;
    shenandoah-road-junctions)
      # 6.2, Road Junctions: four attack from Conrad's Store, two from Brown's
      # Cove; a fifth from Conrad's Store breaks the limit.
      in_order "$name" "$actual" "Conner's brigade attacks Port Republic from Conrad's Store" \
        "Trimble's brigade reinforces the battle at Port Republic from Brown's Cove" \
        "has carried its 4 attacking blocks this player turn (6.2) [col.road-limits]" ;;
    *)
      echo "FAIL $name: no facts listed for this example in tests/test-worked-examples.sh"; status=1 ;;
  esac
  [ $status -eq 0 ] && echo "ok $name"
done
exit $status
