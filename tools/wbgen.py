# SPDX-License-Identifier: GPL-3.0-or-later
"""Shared by the tools/gen-*.py generators of the bundled games: the canonical
layout of core/wb-format-write.c, so a generated file is exactly what Warbench
saves (load -> save changes no byte; tests/test-format.c checks it)."""

import json
import math
import os

# Objects written one member per line: the document and the containers (each
# table, map and scenario); every other object is one compact line. Default
# values are left out by the generators, as the writer does.
STRUCTURAL_OBJECTS = {"", "tables[]", "maps[]", "scenarios[]"}
# Arrays written one element per line; every other array is inline.
LINE_ARRAYS = {"sides", "unit_classes", "terrain", "features", "tables", "maps", "formations",
               "units", "chits", "scenarios", "tables[].columns", "tables[].rows", "tables[].codes", "tables[].modifiers",
               "maps[].terrain", "maps[].elevation", "maps[].hexes", "maps[].hexsides",
               "maps[].marks", "maps[].lines", "maps[].locations", "maps[].connections",
               "scenarios[].boxes",
               "scenarios[].options", "scenarios[].setup", "scenarios[].reinforcements", "scenarios[].markers",
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


# --- drawn map lines (format 3) against connection crossings ---

def line_crosses(p1, p2, q1, q2):
    """Whether segments p1p2 and q1q2 cross at a point inside both (touching ends do not)."""
    def orient(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    d1, d2 = orient(q1, q2, p1), orient(q1, q2, p2)
    d3, d4 = orient(p1, p2, q1), orient(p1, p2, q2)
    return d1 * d2 < 0 and d3 * d4 < 0


def check_lines(lines, locations, connections, meaning, who):
    """Fails unless every connection crosses the drawn lines exactly as its crossings say.
    @meaning maps a line style to the set of crossing ids that crossing such a line needs
    (one of them); a connection that lists one of those ids must cross such a line.
    Styles not in @meaning (VP lines, plain lines) are ignored."""
    pts = {e["id"]: (e["x"], e["y"]) for e in locations}
    watched = set().union(*meaning.values()) if meaning else set()
    for c in connections:
        a, b = pts[c["a"]], pts[c["b"]]
        stated = set(c.get("crossings", [])) & watched
        for line in lines:
            ids = meaning.get(line["style"])
            ps = line["points"]
            if ids and any(line_crosses(a, b, ps[i - 1], ps[i]) for i in range(1, len(ps))) \
                    and not stated & ids:
                raise SystemExit("%s: connection %s-%s crosses %s “%s” on the drawn map, but its "
                                 "crossings (%s) say nothing of it" % (
                                     who, c["a"], c["b"], line["style"], line.get("name", ""),
                                     ", ".join(sorted(c.get("crossings", []))) or "none"))
        for ids in {frozenset(v) for v in meaning.values()}:
            if stated & ids and not any(
                    meaning.get(line["style"]) and set(meaning[line["style"]]) == set(ids) and
                    any(line_crosses(a, b, line["points"][i - 1], line["points"][i])
                        for i in range(1, len(line["points"]))) for line in lines):
                raise SystemExit("%s: connection %s-%s lists %s but crosses no drawn line that "
                                 "shows it" % (who, c["a"], c["b"], ", ".join(sorted(stated & ids))))

def smooth(points, steps=12):
    """The points of a line as core/wb-render-lines.c draws a river or ridge (Catmull-Rom
    through the points, as Béziers), sampled, so the checks see the drawn curve too."""
    n = len(points)
    out = [tuple(points[0])]
    for i in range(n - 1):
        p0, p1, p2, p3 = (points[max(i - 1, 0)], points[i], points[i + 1],
                          points[min(i + 2, n - 1)])
        c1 = (p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6)
        c2 = (p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6)
        for k in range(1, steps + 1):
            t = k / steps
            u = 1 - t
            out.append((u ** 3 * p1[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t ** 3 * p2[0],
                        u ** 3 * p1[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t ** 3 * p2[1]))
    return out

def line_name_points(line):
    """Points covering a line's name as core/wb-render-lines.c draws it: along the middle of
    the line's longest segment, on its upper side (0.6 of the 20-point unit high, bold italic)."""
    ps = line["points"]
    a, b = max(zip(ps, ps[1:]), key=lambda s: math.hypot(s[1][0] - s[0][0], s[1][1] - s[0][1]))
    angle = math.atan2(b[1] - a[1], b[0] - a[0])
    if angle > math.pi / 2:
        angle -= math.pi
    elif angle < -math.pi / 2:
        angle += math.pi
    size = 20.0 * 0.6   # core/wb-render-private.h POINT_UNIT
    w = 0.68 * size * len(line["name"])
    cx, cy = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    c, s = math.cos(angle), math.sin(angle)
    out = []
    for i in range(13):
        u = -w / 2 + w * i / 12
        for v in (-4, -4 - size * 0.6, -4 - size * 1.2):
            out.append((cx + u * c - v * s, cy + u * s + v * c))
    return out
