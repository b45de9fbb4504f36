#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes a Tiled map equivalent to `wb-bench png 16`, for timing tmxrasterizer.

    python3 bench/make-tmx.py OUTDIR [SIZE]      # SIZE x SIZE hexes, default 100
    QT_QPA_PLATFORM=offscreen tmxrasterizer OUTDIR/map.tmx out.png

The map is what wb-bench draws, as a Tiled user would build it: 100 x 100
flat-topped hexes (orientation hexagonal, stagger axis x, odd columns
shifted), 32 x 28 px tiles with 16-px sides, the size of a 16-pt Warbench hex
at scale 1 (image 2408 x 2814 px, wb-bench 2432 x 2810 with its margin).
Terrain comes from the same value noise and SplitMix64 seeds as wb-bench
(clear, forest, rough, marsh, water, town; elevation 0-4 as a tint of each
terrain tile, 4 pattern variants per terrain and level), then tile layers for
contours, creeks, fords and bridges, roads (12 roads, 12 trails, 2 pikes,
one tile per combination of road hexsides), towns and the hex grid, and an
object layer with the town names. The tile sets are drawn as SVG and turned
into PNG with rsvg-convert.
"""

import math
import os
import subprocess
import sys

COLS, ROWS = 100, 100
TW, TH, SIDE = 32, 28, 16
SHEET_COLS = 16
MASK64 = (1 << 64) - 1

# Hex corners in the tile, clockwise from the west one; edge d (0 N, 1 NE,
# 2 SE, 3 S, 4 SW, 5 NW) runs from corner d + 1 to corner d + 2.
CORNERS = [(0, 14), (8, 0), (24, 0), (32, 14), (24, 28), (8, 28)]
MIDS = [(16, 0), (28, 7), (28, 21), (16, 28), (4, 21), (4, 7)]


def edge(d):
    return CORNERS[(d + 1) % 6], CORNERS[(d + 2) % 6]


# --- the generator of wb-bench ----------------------------------------------

class Rng:
    def __init__(self, state):
        self.state = state & MASK64

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def int(self, n):
        return self.next() % n

    def double(self):
        return (self.next() >> 11) * (1.0 / 9007199254740992.0)


def noise(seed, x, y, cell):
    x0, y0 = math.floor(x / cell), math.floor(y / cell)
    fx, fy = x / cell - x0, y / cell - y0
    v = [[0.0, 0.0], [0.0, 0.0]]
    for i in range(2):
        for j in range(2):
            rng = Rng((seed << 40) ^ (((x0 + i) & 0xFFFFFFFF) << 20) ^ ((y0 + j) & 0xFFFFFFFF))
            rng.next()
            v[i][j] = rng.double()
    fx = fx * fx * (3 - 2 * fx)
    fy = fy * fy * (3 - 2 * fy)
    return (v[0][0] * (1 - fx) + v[1][0] * fx) * (1 - fy) + (v[0][1] * (1 - fx) + v[1][1] * fx) * fy


def neighbour(c, r, d):
    # Odd columns are shifted down half a hex.
    odd = c & 1
    if d == 0:
        return c, r - 1
    if d == 3:
        return c, r + 1
    dc = 1 if d in (1, 2) else -1
    if d in (1, 5):
        return c + dc, r - 1 + odd
    return c + dc, r + odd


def inside(c, r):
    return 0 <= c < COLS and 0 <= r < ROWS


def canonical(c, r, d):
    """A hexside as (hex, dir 0..2), as Warbench stores it."""
    if d < 3:
        return c, r, d
    n = neighbour(c, r, d)
    if inside(*n):
        return n[0], n[1], d - 3
    return c, r, d


TERRAIN = ["clear", "forest", "rough", "marsh", "water", "town"]
COLOURS = {"clear": "#efe6c4", "forest": "#6f9a55", "rough": "#c2a274",
           "marsh": "#a9c7a4", "water": "#5d93cf", "town": "#d8cbb6"}
LEVELS, VARIANTS = 5, 4


def make_map():
    rng = Rng(1)
    terrain = [[None] * COLS for _ in range(ROWS)]
    level = [[0] * COLS for _ in range(ROWS)]
    labels = []
    for r in range(ROWS):
        for c in range(COLS):
            wood, wet, hill = noise(1, c, r, 6), noise(2, c, r, 9), noise(3, c, r, 11)
            t = "clear"
            if wet > 0.82:
                t = "water"
            elif wet > 0.74:
                t = "marsh"
            elif hill > 0.78:
                t = "rough"
            elif wood > 0.5:
                t = "forest"
            elif rng.int(150) == 0:
                t = "town"
            terrain[r][c] = t
            level[r][c] = min(int(hill * 5), LEVELS - 1)
            if t == "town":
                labels.append((c, r, "Town %d-%d" % (c + 1, r + 1)))

    sides = {}   # (c, r, d canonical) -> set of features

    def add_side(c, r, d, f):
        sides.setdefault(canonical(c, r, d), set()).add(f)

    def has_side(c, r, d, f):
        return f in sides.get(canonical(c, r, d), ())

    def add_road(f):
        c, r = 0, rng.int(ROWS)
        dirs = [1, 2, 1, 2, 1, 2, 0, 3]
        d = 1
        for _ in range(COLS * 3):
            if rng.int(3) == 0:
                d = dirs[rng.int(len(dirs))]
            n = neighbour(c, r, d)
            if not inside(*n):
                if n[0] >= COLS:
                    break
                d = 3 if d == 0 else 0 if d == 3 else 2 if d == 1 else 1
                continue
            add_side(c, r, d, f)
            c, r = n

    def add_creek():
        c = rng.int(COLS - 1)
        r = rng.int(ROWS // 2)
        length = ROWS // 4 + rng.int(ROWS // 2)
        k = 0
        while k < length and r < ROWS:
            add_side(c, r, 1, "creek")
            add_side(c, r, 2, "creek")
            if has_side(c, r, 1, "road") or has_side(c, r, 2, "road"):
                add_side(c, r, rng.int(2) + 1, "bridge")
            elif rng.int(12) == 0:
                add_side(c, r, rng.int(2) + 1, "ford")
            k += 1
            r += 1

    for _ in range(ROWS // 8):
        add_road("road")
    for _ in range(ROWS // 8):
        add_road("trail")
    for _ in range(max(ROWS // 40, 1)):
        add_road("pike")
    for _ in range(COLS // 5):
        add_creek()
    return terrain, level, sides, labels


# --- tile sets ----------------------------------------------------------------

class Sheet:
    """A tile set drawn as one SVG, SHEET_COLS tiles wide."""

    def __init__(self, name):
        self.name = name
        self.tiles = []

    def add(self, svg):
        self.tiles.append(svg)
        return len(self.tiles) - 1

    def write(self, outdir):
        rows = (len(self.tiles) + SHEET_COLS - 1) // SHEET_COLS
        w, h = SHEET_COLS * TW, rows * TH
        out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d">' % (w, h)]
        for i, body in enumerate(self.tiles):
            x, y = (i % SHEET_COLS) * TW, (i // SHEET_COLS) * TH
            out.append('<g transform="translate(%d,%d)"><svg width="%d" height="%d">%s</svg></g>'
                       % (x, y, TW, TH, body))
        out.append("</svg>")
        svg = os.path.join(outdir, self.name + ".svg")
        png = os.path.join(outdir, self.name + ".png")
        with open(svg, "w") as f:
            f.write("\n".join(out))
        subprocess.run(["rsvg-convert", "-o", png, svg], check=True)
        os.unlink(svg)
        return w, h


def hex_points(f=1.0):
    return " ".join("%.2f,%.2f" % (16 + (x - 16) * f, 14 + (y - 14) * f) for x, y in CORNERS)


def mix(a, b, t):
    ca = [int(a[i:i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i:i + 2], 16) for i in (1, 3, 5)]
    return "#%02x%02x%02x" % tuple(round(x + (y - x) * t) for x, y in zip(ca, cb))


def terrain_tile(t, lv, v):
    rng = Rng(1000 + 37 * TERRAIN.index(t) + 7 * lv + v)
    fill = mix(COLOURS[t], "#6b451a", min(0.075 * lv, 0.5))
    ink = mix(fill, "#000000", 0.45)
    s = ['<polygon points="%s" fill="%s"/>' % (hex_points(), fill)]
    j = lambda: (rng.double() - 0.5) * 3
    if t == "forest":
        for x, y in ((9, 9), (21, 7), (16, 14), (10, 20), (22, 19)):
            s.append('<circle cx="%.1f" cy="%.1f" r="%.1f" fill="%s" stroke="%s" stroke-width="0.4"/>'
                     % (x + j(), y + j(), 2.2 + rng.double(), mix(fill, ink, 0.55), ink))
    elif t == "rough":
        for x, y in ((10, 9), (21, 8), (11, 19), (22, 19)):
            x, y = x + j(), y + j()
            for k in (-1, 0, 1):
                s.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="0.5"'
                         ' stroke-linecap="round"/>' % (x + k - 1, y + 1.3, x + k + 1, y - 1.3, ink))
    elif t == "marsh":
        for x, y in ((9, 10), (20, 8), (16, 16), (10, 22), (22, 21)):
            x, y = x + j(), y + j()
            s.append('<path d="M%.1f %.1fh5M%.1f %.1fv-2.2M%.1f %.1fl-0.8 -1.4M%.1f %.1fl0.8 -1.4"'
                     ' stroke="%s" stroke-width="0.5" fill="none" stroke-linecap="round"/>'
                     % (x - 2.5, y, x, y, x - 0.6, y, x + 0.6, y, ink))
    elif t == "water":
        for k in (-1, 0, 1):
            y, half = 14 + k * 6.7 + j() / 3, 7 if k == 0 else 5
            s.append('<path d="M%.1f %.1fq1 -1 2 0t2 0t2 0t2 0t2 0" transform="scale(%.2f 1)"'
                     ' transform-origin="16 14" stroke="%s" stroke-width="0.5" fill="none"/>'
                     % (16 - 5, y, half / 5, mix(fill, "#ffffff", 0.45)))
    elif t == "town":
        for x, y in ((11, 9), (17, 8), (21, 12), (10, 16), (16, 19), (21, 18)):
            w, h = 2 + rng.double(), 1.6 + rng.double()
            s.append('<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>'
                     % (x - w / 2, y - h / 2, w, h, ink))
    return "".join(s)


def line_tile(segments, colour, width, casing=None, dash=None, cap="round"):
    d = "".join("M%.1f %.1fL%.1f %.1f" % (a[0], a[1], b[0], b[1]) for a, b in segments)
    out = ""
    if casing:
        out += ('<path d="%s" stroke="%s" stroke-width="%.2f" stroke-linecap="%s" fill="none"/>'
                % (d, casing[0], width + 2 * casing[1], cap))
    out += ('<path d="%s" stroke="%s" stroke-width="%.2f" stroke-linecap="%s" fill="none"%s/>'
            % (d, colour, width, cap, ' stroke-dasharray="%s"' % dash if dash else ""))
    return out


def main():
    global COLS, ROWS
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: make-tmx.py OUTDIR [SIZE]")
    outdir = sys.argv[1]
    if len(sys.argv) == 3:
        COLS = ROWS = int(sys.argv[2])
    os.makedirs(outdir, exist_ok=True)
    terrain, level, sides, labels = make_map()

    ts_terrain = Sheet("terrain")
    tid = {}
    for t in TERRAIN:
        for lv in range(LEVELS):
            for v in range(VARIANTS):
                tid[t, lv, v] = ts_terrain.add(terrain_tile(t, lv, v))

    ts_lines = Sheet("lines")
    grid = ts_lines.add(line_tile([edge(d) for d in range(3)], "#1f1f1f", 0.5, cap="butt"))
    town = ts_lines.add('<rect x="10" y="9" width="5" height="4" fill="#222"/>'
                        '<rect x="17" y="8" width="4" height="5" fill="#222"/>'
                        '<rect x="12" y="15" width="7" height="4" fill="#222"/>')
    contour, creek, ford, bridge = {}, {}, {}, {}
    for m in range(1, 8):
        es = [edge(d) for d in range(3) if m >> d & 1]
        contour[m] = ts_lines.add(line_tile(es, "#8c5c2b", 0.7))
        creek[m] = ts_lines.add(line_tile(es, "#2d6fc0", 1.6))
    for d in range(3):
        mx, my = MIDS[d]
        ux, uy = (mx - 16) / 14, (my - 14) / 14
        seg = [((mx - ux * 5, my - uy * 5), (mx + ux * 5, my + uy * 5))]
        ford[d] = ts_lines.add(line_tile(seg, "#dbeffc", 1.6, ("#346690", 0.8), "1.2 0.9", "butt"))
        bridge[d] = ts_lines.add(line_tile(seg, "#333333", 0.8, ("#ffffff", 0.7), cap="butt"))
    road = {}
    styles = {"trail": ("#5a3a1a", 1.0, None, "2.2 1.4"),
              "road": ("#8b1a1a", 1.6, ("#4c3826", 0.45), None),
              "pike": ("#d9663f", 2.1, ("#573a29", 0.56), None)}
    for kind, (colour, width, casing, dash) in styles.items():
        for m in range(1, 64):
            segs = [((16, 14), MIDS[d]) for d in range(6) if m >> d & 1]
            road[kind, m] = ts_lines.add(line_tile(segs, colour, width, casing, dash))

    # Layers: one gid per cell.
    first_lines = len(ts_terrain.tiles) + 1
    layers = {name: [[0] * COLS for _ in range(ROWS)]
              for name in ("terrain", "contours", "creeks", "crossings", "trails", "roads", "pikes",
                           "towns", "grid")}
    rng = Rng(7)
    for r in range(ROWS):
        for c in range(COLS):
            layers["terrain"][r][c] = 1 + tid[terrain[r][c], level[r][c], rng.int(VARIANTS)]
            layers["grid"][r][c] = first_lines + grid
            if terrain[r][c] == "town":
                layers["towns"][r][c] = first_lines + town
            m = 0
            for d in range(3):
                n = neighbour(c, r, d)
                if inside(*n) and level[n[1]][n[0]] != level[r][c]:
                    m |= 1 << d
            if m:
                layers["contours"][r][c] = first_lines + contour[m]
    creek_mask, road_mask = {}, {}
    for (c, r, d), feats in sides.items():
        for f in feats:
            if f == "creek" and d < 3:
                creek_mask[c, r] = creek_mask.get((c, r), 0) | 1 << d
            elif f in ("ford", "bridge") and d < 3:
                layers["crossings"][r][c] = first_lines + (ford if f == "ford" else bridge)[d]
            elif f in styles:
                road_mask[f, c, r] = road_mask.get((f, c, r), 0) | 1 << d
                n = neighbour(c, r, d)
                if inside(*n):
                    key = (f,) + n
                    road_mask[key] = road_mask.get(key, 0) | 1 << ((d + 3) % 6)
    for (c, r), m in creek_mask.items():
        layers["creeks"][r][c] = first_lines + creek[m]
    for (f, c, r), m in road_mask.items():
        layers[f + "s"][r][c] = first_lines + road[f, m]

    tw, th = ts_terrain.write(outdir)
    lw, lh = ts_lines.write(outdir)

    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<map version="1.8" tiledversion="1.8.2" orientation="hexagonal" renderorder="right-down"'
           ' width="%d" height="%d" tilewidth="%d" tileheight="%d" infinite="0" hexsidelength="%d"'
           ' staggeraxis="x" staggerindex="odd" nextlayerid="%d" nextobjectid="%d">'
           % (COLS, ROWS, TW, TH, SIDE, len(layers) + 2, len(labels) + 1),
           ' <tileset firstgid="1" name="terrain" tilewidth="%d" tileheight="%d" tilecount="%d"'
           ' columns="%d"><image source="terrain.png" width="%d" height="%d"/></tileset>'
           % (TW, TH, len(ts_terrain.tiles), SHEET_COLS, tw, th),
           ' <tileset firstgid="%d" name="lines" tilewidth="%d" tileheight="%d" tilecount="%d"'
           ' columns="%d"><image source="lines.png" width="%d" height="%d"/></tileset>'
           % (first_lines, TW, TH, len(ts_lines.tiles), SHEET_COLS, lw, lh)]
    for i, (name, cells) in enumerate(layers.items()):
        out.append(' <layer id="%d" name="%s" width="%d" height="%d">' % (i + 1, name, COLS, ROWS))
        out.append('  <data encoding="csv">')
        out.append(",\n".join(",".join(str(g) for g in row) for row in cells))
        out.append('  </data>')
        out.append(' </layer>')
    out.append(' <objectgroup id="%d" name="labels">' % (len(layers) + 1))
    for i, (c, r, text) in enumerate(labels):
        x = c * (TW + SIDE) / 2
        y = r * TH + (TH / 2 if c & 1 else 0) + 17
        out.append('  <object id="%d" x="%.1f" y="%.1f" width="60" height="14"><text fontfamily="Serif"'
                   ' pixelsize="10" bold="1" italic="1" halign="center">%s</text></object>'
                   % (i + 1, x - 14, y, text))
    out.append(' </objectgroup>')
    out.append('</map>')
    with open(os.path.join(outdir, "map.tmx"), "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
