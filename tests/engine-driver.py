#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Drives the engine from outside, as docs/engine-cli.md describes: reads the
state (`warbench-cli state`) and the legal actions (`warbench-cli actions`),
chooses one (the automatic player's suggestion, or now and then another
listed action at random) and plays it (`warbench-cli play SAVE --script -`),
until the game is over or MAX actions are played.

Usage: engine-driver.py CLI GAME SAVE SEED MAX
Prints one line a played action ("entry K: ACTION") and at the end the
number played and whether the game is over. Exit status 1 when the engine
refuses an action it listed, or its JSON is not as documented."""

import json
import random
import subprocess
import sys


def run(args, stdin=None):
    p = subprocess.run(args, input=stdin, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit("FAIL: %s exited %d:\n%s%s" % (" ".join(args), p.returncode, p.stdout, p.stderr))
    return p.stdout


def main():
    cli, game, save, seed, limit = sys.argv[1:6]
    rng = random.Random(int(seed))
    # A new match, saved, with no action yet (an empty script).
    run([cli, "play", game, "--script", "-", "--save", save, "--seed", seed], stdin="")
    played = 0
    state = None
    while played < int(limit):
        state = json.loads(run([cli, "state", save, "--game", game]))
        for key in ("turn", "step_text", "active", "vp", "over", "awaiting", "units", "entry"):
            if key not in state:
                sys.exit("FAIL: the state has no %r" % key)
        if state["entry"] != played:
            sys.exit("FAIL: the state is at entry %d after %d actions" % (state["entry"], played))
        if state["over"]:
            break
        lines = run([cli, "actions", save, "--game", game]).splitlines()
        actions = [json.loads(line) for line in lines]
        if not actions:
            sys.exit("FAIL: no legal action listed while the game goes on")
        for a in actions:
            if not isinstance(a.get("action"), dict) or "type" not in a["action"] or "source" not in a:
                sys.exit("FAIL: not an action line: %r" % a)
        suggested = [a for a in actions if a.get("suggested")]
        if suggested and rng.random() < 0.7:
            choice = suggested[0]
        else:
            choice = rng.choice(actions)
        line = json.dumps(choice["action"])
        run([cli, "play", save, "--game", game, "--script", "-", "-q"], stdin=line + "\n")
        played += 1
        print("entry %d: %s" % (played, line))
    over = state is not None and state["over"]
    print("%d actions played, %s" % (played, "game over" if over else "game goes on"))


if __name__ == "__main__":
    main()
