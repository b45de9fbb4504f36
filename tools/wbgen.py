# SPDX-License-Identifier: GPL-3.0-or-later
"""Shared by the tools/gen-*.py generators of the bundled games: the canonical
layout of core/wb-format-write.c, so a generated file is exactly what Warbench
saves (load -> save changes no byte; tests/test-format.c checks it)."""

import json
import os

# Objects written one member per line: the document and the containers (each
# table, map and scenario); every other object is one compact line. Default
# values are left out by the generators, as the writer does.
STRUCTURAL_OBJECTS = {"", "tables[]", "maps[]", "scenarios[]"}
# Arrays written one element per line; every other array is inline.
LINE_ARRAYS = {"sides", "unit_classes", "terrain", "features", "tables", "maps", "formations",
               "units", "scenarios", "tables[].columns", "tables[].rows", "tables[].codes",
               "maps[].terrain", "maps[].elevation", "maps[].hexes", "maps[].hexsides",
               "maps[].marks", "maps[].lines", "maps[].locations", "maps[].connections",
               "scenarios[].boxes",
               "scenarios[].options", "scenarios[].setup", "scenarios[].reinforcements",
               "scenarios[].victory", "scenarios[].special_rules"}


def compact(v):
    return json.dumps(v, ensure_ascii=False, separators=(", ", ": "))


def emit(v, path="", indent=0):
    pad = "  " * (indent + 1)
    if isinstance(v, dict) and path in STRUCTURAL_OBJECTS:
        if not v:
            return "{}"
        items = ["%s%s: %s" % (pad, compact(k), emit(x, (path + "." if path else "") + k, indent + 1))
                 for k, x in v.items()]
        return "{\n" + ",\n".join(items) + "\n" + "  " * indent + "}"
    if isinstance(v, list) and path in LINE_ARRAYS:
        if not v:
            return "[]"
        items = [pad + emit(x, path + "[]", indent + 1) for x in v]
        return "[\n" + ",\n".join(items) + "\n" + "  " * indent + "]"
    return compact(v)


def write_game(game, out):
    """Writes @game (a dict in file order) to @out in the canonical layout, atomically."""
    text = emit(game) + "\n"
    assert json.loads(text) == game
    tmp = out + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, out)


# --- hex lines for generators that trace roads and rivers between waypoints ---

def cube_round(x, z):
    """Rounds fractional axial (q = x, r = z) coordinates to a hex."""
    y = -x - z
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy > dz:
        ry = -rx - rz
    else:
        rz = -rx - ry
    return (int(rx), int(rz))


def hex_line(a, b, distance, to_axial, from_axial):
    """Hexes from a to b inclusive (offset coordinates of the caller's grid, which
    supplies distance and the axial conversions); each step adjacent to the next."""
    n = distance(a, b)
    aq, ar = to_axial(a)
    bq, br = to_axial(b)
    # A small nudge keeps ties (lines along hexsides) on one side, consistently.
    aq, ar = aq + 1e-6, ar + 2e-6
    out = []
    for i in range(n + 1):
        t = i / n if n else 0.0
        o = from_axial(cube_round(aq + (bq - aq) * t, ar + (br - ar) * t))
        if not out or out[-1] != o:
            out.append(o)
    return out


def chain(points, line, direction):
    """A route through @points (offsets): @line between each pair, joined; @direction
    raises if two consecutive hexes are not adjacent."""
    hexes = []
    for a, b in zip(points, points[1:]):
        seg = line(a, b)
        if hexes and hexes[-1] == seg[0]:
            seg = seg[1:]
        hexes.extend(seg)
    for a, b in zip(hexes, hexes[1:]):
        direction(a, b)
    return hexes
