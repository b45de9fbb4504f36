#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every table of a bundled game works as the engine and the printed game need it:
the exact analysis runs (`warbench-cli table --json`) and every throw of the dice
lands on a row (no "uncovered" throws: a gap in a transcribed table is a bug; a dice
pool's rows are strengths, not throws, so it is not checked for them);
charts (no dice) export as CSV; every table draws as a chart.

Usage: check-bundled-tables.py WARBENCH_CLI GAME.warbench"""

import json
import os
import subprocess
import sys
import tempfile


def main():
    cli, game_path = sys.argv[1], sys.argv[2]
    with open(game_path, encoding="utf-8") as f:
        game = json.load(f)
    errors = []
    tables = game.get("tables", [])
    with tempfile.TemporaryDirectory() as tmp:
        for t in tables:
            tid = t["id"]
            if t["kind"] == "chart":
                r = subprocess.run([cli, "table", game_path, tid, "--csv"], capture_output=True, text=True)
                if r.returncode != 0:
                    errors.append("%s: --csv failed: %s" % (tid, r.stderr.strip()))
            else:
                r = subprocess.run([cli, "table", game_path, tid, "--json"], capture_output=True, text=True)
                if r.returncode != 0:
                    errors.append("%s: analysis failed: %s" % (tid, r.stderr.strip()))
                else:
                    stats = json.loads(r.stdout)
                    for c in stats["columns"] if t["kind"] != "dice_pool" else []:
                        if c["uncovered"]:
                            errors.append("%s: column %s: %d of %d throws land on no row"
                                          % (tid, c["label"], c["uncovered"], stats["throws"]))
            out = os.path.join(tmp, tid + ".svg")
            r = subprocess.run([cli, "chart", game_path, tid, "-o", out], capture_output=True, text=True)
            if r.returncode != 0 or not os.path.getsize(out):
                errors.append("%s: chart failed: %s" % (tid, r.stderr.strip()))
    for e in errors:
        print("%s: %s" % (os.path.basename(game_path), e), file=sys.stderr)
    print("%s: %d tables checked" % (os.path.basename(game_path), len(tables)))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
