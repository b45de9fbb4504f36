#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Drives the engine from outside, as docs/engine-cli.md describes: reads the
state (`warbench-cli state`) and the legal actions (`warbench-cli actions`),
chooses one (the automatic player's suggestion, or now and then another
listed action at random) and plays it (`warbench-cli play SAVE --script -`),
until the game is over or MAX actions are played.

Usage: engine-driver.py CLI GAME SAVE SEED MAX [--respond]
Prints one line a played action ("entry K: ACTION") and at the end the
number played and whether the game is over. Exit status 1 when the engine
refuses an action it listed, or its JSON is not as documented.

With --respond, one engine process plays the whole session: `play GAME
--script - --respond` answers every action line written to its stdin with
a JSON line of the log, the state and the legal actions (a whole game takes
seconds, not one process per action); at the end the save's `state` must
equal the last answer's."""

import json
import random
import subprocess
import sys


def run(args, stdin=None):
    p = subprocess.run(args, input=stdin, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit("FAIL: %s exited %d:\n%s%s" % (" ".join(args), p.returncode, p.stdout, p.stderr))
    return p.stdout


def check_state(state, played):
    for key in ("turn", "step_text", "active", "vp", "over", "awaiting", "units", "entry"):
        if key not in state:
            sys.exit("FAIL: the state has no %r" % key)
    if state["entry"] != played:
        sys.exit("FAIL: the state is at entry %d after %d actions" % (state["entry"], played))


def choose(rng, actions):
    if not actions:
        sys.exit("FAIL: no legal action listed while the game goes on")
    for a in actions:
        if not isinstance(a.get("action"), dict) or "type" not in a["action"] or "source" not in a:
            sys.exit("FAIL: not an action line: %r" % a)
    suggested = [a for a in actions if a.get("suggested")]
    if suggested and rng.random() < 0.7:
        return suggested[0]
    return rng.choice(actions)


def persistent(cli, game, save, seed, limit):
    rng = random.Random(int(seed))
    engine = subprocess.Popen([cli, "play", game, "--script", "-", "--respond", "--save", save, "--seed", seed],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    played = 0
    answer = json.loads(engine.stdout.readline())
    # One refused line on purpose: answered, and the session goes on.
    engine.stdin.write("{\"type\": \"no such action\"}\n")
    engine.stdin.flush()
    refused = json.loads(engine.stdout.readline())
    if "refused" not in refused or refused["entry"] != 0:
        sys.exit("FAIL: a refused action was not answered as refused: %r" % refused)
    while played < limit and not answer["state"]["over"]:
        check_state(answer["state"], played)
        choice = choose(rng, answer["actions"])
        engine.stdin.write(json.dumps(choice["action"]) + "\n")
        engine.stdin.flush()
        answer = json.loads(engine.stdout.readline())
        if "refused" in answer:
            sys.exit("FAIL: the engine refused an action it listed: %s" % answer["refused"])
        played += 1
        if not answer["log"]:
            sys.exit("FAIL: action %d wrote no log line" % played)
    engine.stdin.close()
    if engine.wait() != 1:
        sys.exit("FAIL: the engine's exit status does not say an action was refused")
    check_state(answer["state"], played)
    again = json.loads(run([cli, "state", save, "--game", game]))
    for key in ("entry", "turn", "vp", "over", "winner", "units"):
        if again.get(key) != answer["state"].get(key):
            sys.exit("FAIL: the save's %s differs from the last answer's" % key)
    print("%d actions played, %s" % (played, "game over" if answer["state"]["over"] else "game goes on"))


def main():
    cli, game, save, seed, limit = sys.argv[1:6]
    if sys.argv[6:] == ["--respond"]:
        persistent(cli, game, save, seed, int(limit))
        return
    rng = random.Random(int(seed))
    # A new match, saved, with no action yet (an empty script).
    run([cli, "play", game, "--script", "-", "--save", save, "--seed", seed], stdin="")
    played = 0
    state = None
    while played < int(limit):
        state = json.loads(run([cli, "state", save, "--game", game]))
        check_state(state, played)
        if state["over"]:
            break
        lines = run([cli, "actions", save, "--game", game]).splitlines()
        choice = choose(rng, [json.loads(line) for line in lines])
        line = json.dumps(choice["action"])
        run([cli, "play", save, "--game", game, "--script", "-", "-q"], stdin=line + "\n")
        played += 1
        print("entry %d: %s" % (played, line))
    over = state is not None and state["over"]
    print("%d actions played, %s" % (played, "game over" if over else "game goes on"))


if __name__ == "__main__":
    main()
