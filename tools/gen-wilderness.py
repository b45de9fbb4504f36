#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Generate data/games/battle-of-the-wilderness.warbench, the bundled default game.

Everything comes from the rulebook of SPI's "Battle of the Wilderness" (Blue & Gray
quadrigame, 1975): Standard Rules 1.0-12.0 and Exclusive Rules 13.0-21.0. Where the text
lacks something (the map is only a picture, two charts are cut off, the CRT stops after
seven cells of row 2) the data says so in "source" and "note" members; see
docs/games/battle-of-the-wilderness.md. Tables (format 6): the CRT with its code effects, the
Terrain Effects Chart, the Burnside roll and the Parts Inventory, checked by check_tables ().

Usage: tools/gen-wilderness.py [OUTPUT]      (default: data/games/battle-of-the-wilderness.warbench)
       tools/gen-wilderness.py --check       (build, run the consistency checks, write nothing)

Standard library only. The output is in Warbench's canonical layout (core/wb-format-write.c):
top-level keys in the documented order, 2-space indent, the containers (tables, maps,
scenarios) one member per line, their lists and the top-level lists one element per line,
every entity compact on one line, defaults left out. Loading and saving it in Warbench gives
the same bytes.
"""

import heapq
import json
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from wbgen import chain, hex_line as wbgen_hex_line, write_game  # noqa: E402

# ---------------------------------------------------------------------------------------
# Hex geometry: flat-topped hexes, "odd" parity (0-based odd columns, i.e. the printed
# even columns, are shifted half a hex down), exactly as core/wb-hex.c does it.
# ---------------------------------------------------------------------------------------

COLS, ROWS = 23, 28
DIRS = ["n", "ne", "se", "s", "sw", "nw"]
AXIAL_DIRS = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)]
SQRT3 = math.sqrt(3.0)
# Corner i of a flat hex at 240 + 60 i degrees; the edge crossed going in direction i runs
# from corner i to corner (i + 1) % 6 (wb_hex_corner_offset ()).
CORNERS = [(-0.5, -SQRT3 / 2), (0.5, -SQRT3 / 2), (1.0, 0.0),
           (0.5, SQRT3 / 2), (-0.5, SQRT3 / 2), (-1.0, 0.0)]


def parse(h):
    """Printed "0810" -> 0-based (col, row)."""
    return (int(h[:2]) - 1, int(h[2:]) - 1)


def fmt(o):
    return "%02d%02d" % (o[0] + 1, o[1] + 1)


def to_axial(o):
    c, r = o
    return (c, r - (c - (c & 1)) // 2)


def from_axial(a):
    q, r = a
    return (q, r + (q - (q & 1)) // 2)


def on_map(o):
    return 0 <= o[0] < COLS and 0 <= o[1] < ROWS


def neighbour(o, d):
    q, r = to_axial(o)
    dq, dr = AXIAL_DIRS[d]
    return from_axial((q + dq, r + dr))


def direction(a, b):
    for d in range(6):
        if neighbour(a, d) == b:
            return d
    raise ValueError("%s and %s are not adjacent" % (fmt(a), fmt(b)))


def distance(a, b):
    aq, ar = to_axial(a)
    bq, br = to_axial(b)
    dq, dr = aq - bq, ar - br
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def centre(o, size=1.0):
    c, r = o
    return (size * (1.0 + 1.5 * c), size * SQRT3 * (r + 0.5 + 0.5 * (c & 1)))


def canonical(o, d):
    """A hexside as the file writes it: the hex whose direction is n, ne or se."""
    if d >= 3:
        return (neighbour(o, d), d - 3)
    return (o, d)


def hex_line(a, b):
    """Hexes from a to b inclusive; each step adjacent to the next."""
    return wbgen_hex_line(a, b, distance, to_axial, from_axial)


def path(*waypoints):
    """A route through printed waypoints: straight hex lines between them."""
    return chain([parse(w) for w in waypoints], hex_line, direction)


# ---------------------------------------------------------------------------------------
# The map. The original map is only a picture, so this one is a reconstruction: every hex
# the rules name is where the rules put it, and the rest follows the historical geography
# of the Wilderness, squeezed onto 23 x 28 hexes.
# ---------------------------------------------------------------------------------------

CLEAR, FOREST, ROUGH, FOREST_ROUGH, RIVER = ".", "f", "r", "&", "~"

# The Rapidan: the 0-based row of the river hex in each column. Row 01 is the north bank
# everywhere (the Lethargic Union army enters there, 19.3); 0102, the Union entry hex of
# 16.2, is on the north bank beside Germanna Ford.
RAPIDAN_ROWS = [2, 2, 2, 2, 3, 3, 3, 3, 3, 2, 2, 2, 2, 2, 3, 3, 3, 2, 2, 2, 3, 3, 3]
FERRIES = {"0203": "Germanna Ford", "1203": "Culpeper Mine Ford", "2003": "Ely's Ford"}

ROADS = {
    # 0102 (entry, north bank) - Germanna Ford - Spottswood - Wilderness Tavern crossroad.
    "germanna": ["0102", "0202", "0203", "0204", "0406", "0608", "0810", "1012", "1214", "1315"],
    # Enters at 0118, through Saunders' Field (0516-0517) to Wilderness Tavern and east.
    "turnpike": ["0118", "0217", "0317", "0417", "0517", "0616", "0716", "0816", "0916",
                 "1016", "1116", "1215", "1315", "1415", "1615", "1914", "2113", "2313"],
    # Wilderness Tavern south past Hickman (the Plank Road crossing) to the Todd's Tavern edge.
    "brock": ["1415", "1517", "1719", "1920", "2022", "2124", "2326"],
    # Enters at 0128, past Parker's Store and the Widow Tapp farm to the Brock Road and east.
    "plank": ["0128", "0824", "1023", "1222", "1422", "1621", "1920", "2119", "2319"],
    # The Catharpin Road along the south edge, to the Brock Road at the Todd's Tavern edge.
    "catharpin": ["0627", "0728", "0827", "1127", "1527", "1826", "2127", "2326"],
    # Ely's Ford Road: from the north bank over the ford, south to the Turnpike.
    "elys": ["2002", "2003", "2004", "2005", "2106", "2108", "2010", "2012", "2013"],
}

TRAILS = {
    # Parker's Store road: Wilderness Tavern past the Lacy farm and Chewning farm.
    "parkers-store": ["1315", "1216", "1217", "1117", "1019", "0922", "0923", "0924"],
    # From Saunders' Field south to the Chewning farm trail.
    "saunders-chewning": ["0616", "0717", "0820", "0921"],
    # Spottswood to the north end of Saunders' Field.
    "spottswood-saunders": ["0810", "0612", "0514", "0516"],
    # The Confederate left: from the Turnpike north to the Germanna road.
    "west": ["0217", "0214", "0311", "0508", "0608"],
    # Culpeper Mine Ford to Spottswood's road.
    "culpeper-mine": ["1202", "1203", "1204", "1107", "1012"],
    # Longstreet's approach: from the Catharpin Road north to Parker's Store.
    "longstreet": ["0627", "0626", "0625"],
    # The unfinished railroad bed south of the Plank Road (Longstreet's flank march, May 6),
    # from Longstreet's approach east.
    "railroad": ["0626", "0926", "1225", "1524", "1723"],
    # Chewning farm to the Widow Tapp farm.
    "chewning-tapp": ["0923", "1122", "1322"],
    # North of the Turnpike: Wilderness Tavern to Ely's Ford Road.
    "tavern-elys": ["1414", "1611", "1909", "2010"],
    # From the Germanna road east across Wilderness Run (a ford) to the Ely's Ford trail.
    "germanna-elys": ["1012", "1310", "1611"],
}

# Creeks run along hexsides; each is routed through hex corners given as (hex, corner).
CREEKS = {
    # Wilderness Run: from south of the Lacy farm north-east past Wilderness Tavern to the Rapidan.
    "wilderness-run": [("1019", 1), ("1217", 2), ("1415", 0), ("1511", 1), ("1606", 0), ("1705", 0)],
    # Flat Run: east of Ely's Ford Road, north to the Rapidan.
    "flat-run": [("2119", 0), ("2216", 0), ("2212", 1), ("2208", 0), ("2205", 0)],
    # A run west of the Germanna road, north to the Rapidan.
    "west-run": [("0312", 0), ("0409", 1), ("0507", 0), ("0605", 0)],
    # A run in the south, crossing the Plank Road and the Catharpin Road.
    "south-run": [("1120", 3), ("1224", 3), ("1127", 3), ("1228", 2)],
}

CLEARINGS = [
    # Germanna Ford landing and the north-bank farms are set separately.
    "0204", "0304",
    # Spottswood
    "0810", "0710", "0811", "0910",
    # Saunders' Field
    "0516", "0517",
    # Lacy farm and Wilderness Tavern
    "1214", "1314", "1315", "1414", "1415", "1316",
    # Chewning farm, Parker's Store
    "0922", "0923", "1022", "0824", "0825",
    # Widow Tapp farm
    "1322", "1422", "1421",
    # Hickman
    "1920", "1921", "2020",
    # the Todd's Tavern edge
    "2326", "2226", "2325",
    # Culpeper Mine Ford and Ely's Ford landings
    "1204", "2004",
    # scattered farms
    "0308", "1709", "1810", "2113", "0421", "0326", "1526", "1626", "2222", "0719",
    "1007", "0213", "1618", "2124", "1726", "0405", "2017", "1824", "2107",
]
ROUGH_HEXES = ["1506", "1608", "1411", "2210", "2215", "0612", "1225", "1226", "0307", "0420",
               "1818"]
NORTH_BANK_FOREST = ["0502", "0602", "1001", "1002", "1602", "1702", "2202", "2302", "0201"]

LABELS = {
    "0102": "Germanna Plank Road",
    "0203": "Germanna Ford",
    "1203": "Culpeper Mine Ford",
    "2003": "Ely's Ford",
    "0810": "Spottswood",
    "0516": "Saunders Field",
    "0118": "Orange Turnpike",
    "1415": "Wilderness Tavern",
    "1314": "Lacy House",
    "0922": "Chewning Farm",
    "0824": "Parker's Store",
    "1422": "Widow Tapp",
    "1920": "Hickman",
    "0128": "Orange Plank Road",
    "2326": "To Todd's Tavern",
    "0627": "Catharpin Road",
    "1604": "Rapidan River",
    "1610": "Wilderness Run",
    "2312": "Flat Run",
    "1325": "Unfinished railroad",
}


def river_hexes():
    return {(c, RAPIDAN_ROWS[c]) for c in range(COLS)}


def route_hexsides(routes):
    """{name: [hex...]} and the set of canonical hexsides the routes cross."""
    paths = {name: path(*pts) for name, pts in routes.items()}
    sides = set()
    for hexes in paths.values():
        for a, b in zip(hexes, hexes[1:]):
            sides.add(canonical(a, direction(a, b)))
    return paths, sides


def corner_point(o, i):
    x, y = centre(o)
    return (round(x + CORNERS[i][0], 4), round(y + CORNERS[i][1], 4))


def corner_graph():
    """Hex corners as vertices, hexsides between two on-map hexes as edges."""
    graph = {}
    for c in range(COLS):
        for r in range(ROWS):
            o = (c, r)
            for d in range(6):
                nb = neighbour(o, d)
                if not on_map(nb):
                    continue
                a, b = corner_point(o, d), corner_point(o, (d + 1) % 6)
                side = canonical(o, d)
                graph.setdefault(a, {})[b] = side
                graph.setdefault(b, {})[a] = side
    return graph


def route_creek(graph, waypoints, avoid, penalty):
    """Shortest corner-to-corner route; crossing a road/trail hexside or running along a
    river hex costs more, so creeks cross routes once and stay off the Rapidan's banks."""
    pts = [corner_point(parse(h), i) for h, i in waypoints]
    sides = []
    for start, goal in zip(pts, pts[1:]):
        dist = {start: 0.0}
        prev = {}
        heap = [(0.0, start)]
        while heap:
            dcur, v = heapq.heappop(heap)
            if v == goal:
                break
            if dcur > dist[v]:
                continue
            for w, side in graph[v].items():
                cost = 1.0 + penalty(side) + 0.15 * seg_distance(w, start, goal)
                if side in avoid:
                    cost += 50.0
                nd = dcur + cost
                if nd < dist.get(w, 1e18):
                    dist[w] = nd
                    prev[w] = (v, side)
                    heapq.heappush(heap, (nd, w))
        if goal not in prev:
            raise ValueError("creek cannot reach %s" % (goal,))
        seg = []
        v = goal
        while v != start:
            v, side = prev[v]
            seg.append(side)
        sides.extend(reversed(seg))
    return sides


def seg_distance(p, a, b):
    ax, ay = a
    bx, by = b
    px, py = p
    dx, dy = bx - ax, by - ay
    ll = dx * dx + dy * dy
    t = 0.0 if ll == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / ll))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def side_hexes(side):
    o, d = side
    return o, neighbour(o, d)


def build_map():
    grid = [[FOREST] * COLS for _ in range(ROWS)]

    def put(h, t):
        c, r = parse(h) if isinstance(h, str) else h
        grid[r][c] = t

    rivers = river_hexes()
    for c in range(COLS):
        for r in range(RAPIDAN_ROWS[c]):
            grid[r][c] = CLEAR                   # north bank: Culpeper County farmland
    for h in NORTH_BANK_FOREST:
        put(h, FOREST)
    for o in rivers:
        put(o, RIVER)
    for h in CLEARINGS:
        put(h, CLEAR)
    for h in ROUGH_HEXES:
        put(h, ROUGH)

    road_paths, road_sides = route_hexsides(ROADS)
    trail_paths, trail_sides = route_hexsides(TRAILS)
    trail_sides -= road_sides

    graph = corner_graph()
    routes = road_sides | trail_sides

    def penalty(side):
        a, b = side_hexes(side)
        p = 0.0
        if a in rivers or b in rivers:
            p += 4.0
        if side in routes:
            p += 3.0
        return p

    creek_sides = {}
    for name, wps in CREEKS.items():
        creek_sides[name] = route_creek(graph, wps, set(), penalty)
    all_creek = set()
    for sides in creek_sides.values():
        all_creek.update(sides)

    ferry_hexes = {parse(h) for h in FERRIES}
    hexsides = {}
    for s in road_sides:
        hexsides.setdefault(s, []).append("road")
    for s in trail_sides:
        hexsides.setdefault(s, []).append("trail")
    for s in all_creek:
        feats = hexsides.setdefault(s, [])
        feats.append("creek")
        if "road" in feats:
            feats.append("bridge")
        elif "trail" in feats:
            feats.append("ford")

    return {
        "grid": grid,
        "rivers": rivers,
        "ferries": ferry_hexes,
        "road_paths": road_paths,
        "trail_paths": trail_paths,
        "hexsides": hexsides,
        "creeks": creek_sides,
    }


# ---------------------------------------------------------------------------------------
# Game, rules, sides, classes, terrain, features, tables
# ---------------------------------------------------------------------------------------

SOURCE = ("SPI, Battle of the Wilderness (Blue & Gray quadrigame), rulebook text: Standard Rules "
          "1.0-12.0 and Exclusive Rules 13.0-21.0. The map, the counters and the printed Combat "
          "Results Table are not in the text.")

GAME = {
    "id": "battle-of-the-wilderness",
    "title": "Battle of the Wilderness",
    "publisher": "Simulations Publications, Inc.",
    "year": "1975",
    "scale": "1 hex = 400 m; 1 SP = 250-350 men (2.5); 1-2 hours per Game-Turn (12.0)",
    "source": SOURCE,
    "notes": ("Subtitle: Gaining the Initiative, May 5-6, 1864. The designer is not named in the "
              "rulebook text. The map is a reconstruction (see the map's source). Corps, division "
              "and brigade-commander attributions are historical background, not from the rulebook, "
              "which gives only strengths and designations (2.4, 14.0, 16.0); IX Corps was formally "
              "independent of the Army of the Potomac until 24 May 1864 and Pickett's Division was "
              "detached from the First Corps that spring, but both are grouped as usual here. See "
              "docs/games/battle-of-the-wilderness.md for what comes from where."),
}

RULES = {
    "family": "spi-blue-gray",
    "params": {
        "movement_allowance": 6,
        "stacking": 2,
        "crt": "crt",
        "odds_rounding": "defender",
        "zoc": "rigid",
        "combat": "mandatory",
        "retreat_hexes": 1,
        "advance_after_combat": 1,
        "artillery_range": 3,
        "los_hexside": "both_block",
        "night_turns_no_combat": True,
        "night_no_enter_zoc": True,
        "reinforcement_entry": "column",
        "attack_effectiveness_optional": True,
        "no_end_features": ["ferry"],
        "objectives_held_by": "confederate",
        # 19.2 (optional): a die at the start of each Union Movement Phase
        # before IX Corps moves; on a 6 it stays put (train defense excepted).
        "command_rolls": [
            {"option": "burnside", "side": "union", "formation": "IX", "except_class": "train",
             "held_on": [6], "name": "General Burnside", "rule": "19.2"},
        ],
        # Exclusive rules 17.1-17.3 as movement profiles the family applies
        # (docs/rules-engine.md): costs per side, terrain entered only along
        # roads and trails or only next to some terrain, train defense units.
        "movement_profiles": [
            {"side": "confederate", "costs": {"trail": 1, "forest": 2}, "rule": "17.11, 17.12"},
            {"side": "union", "turns": [1, 7], "terrain": ["forest"], "enter": "road_only",
             "zoc_exempt": True, "rule": "17.21"},
            {"side": "union", "turns": [8, 15], "terrain": ["forest"], "enter": "adjacent",
             "adjacent": ["clear", "road", "trail"], "rule": "17.22"},
            {"class": "train", "hexes_with": ["road", "trail"], "no_enter_zoc": True,
             "no_stack": True, "no_attack": True, "rule": "17.31-17.34"},
        ],
    },
}

SIDES = [
    {"id": "union", "name": "Union", "color": "#4d6fa8", "text_color": "#ffffff"},
    {"id": "confederate", "name": "Confederate", "color": "#a3a39b", "text_color": "#1a1a1a"},
]

MOVE_ATTR = {"id": "movement", "name": "Movement", "type": "int", "min": 0, "max": 99}
UNIT_CLASSES = [
    {"id": "infantry", "name": "Infantry", "symbol": "infantry", "attrs": [MOVE_ATTR]},
    {"id": "cavalry", "name": "Cavalry", "symbol": "cavalry", "attrs": [MOVE_ATTR]},
    {"id": "artillery", "name": "Artillery", "symbol": "artillery", "roles": ["artillery"],
     "attrs": [MOVE_ATTR, {"id": "range", "name": "Range", "type": "int", "min": 0, "max": 99}]},
    {"id": "train", "name": "Train Defense", "symbol": "train", "attrs": [MOVE_ATTR]},
]

TERRAIN = [
    {"id": "clear", "name": "Clear", "key": CLEAR, "color": "#efe6c4", 
     "move": {"*": 1}, "note": "9.0: 1 MP. No effect on combat."},
    {"id": "forest", "name": "Forest", "key": FOREST, "color": "#6f9a55", "pattern": "trees",
     "move": {"*": 3}, "blocks_los": True,
     "note": ("9.0: 3 MP; no effect on combat; blocks line of sight (8.33). Confederates pay 2 MP "
              "(17.12) and Union units may not enter it on the first day except along roads and "
              "trails (17.21): both are scenario special rules, as the chart has no per-side costs.")},
    {"id": "rough", "name": "Rough", "key": ROUGH, "color": "#c2a274", "pattern": "rough",
     "move": {"*": 3}, "defense": 2,
     "note": "9.0: 3 MP; defender doubled in the hex. Rough by itself does not block line of sight (8.33)."},
    {"id": "forest-rough", "name": "Forest & Rough", "key": FOREST_ROUGH, "color": "#6e7048",
     "pattern": "rough", "move": {"*": 6}, "defense": 2, "blocks_los": True,
     "note": ("9.0: 6 MP; defender doubled; blocks line of sight (8.33). The standard chart marks it "
              "for Fredericksburg, Chattanooga and Hooker & Lee only; kept for completeness, unused "
              "on this map.")},
    {"id": "river", "name": "River", "key": RIVER, "color": "#5d93cf", "pattern": "water",
     "move": {"*": None},
     "note": "5.24: units may never enter river hexes; they cross only through river ferry hexes."},
]

FEATURES = [
    {"id": "road", "name": "Road", "where": "hexside", "style": "road", "color": "#8b1a1a",
     "width": 0.1, "move_mode": "set", "move": {"*": 1},
     "note": ("5.22, 9.0: 1 MP from road hex to road hex through a road hexside, whatever the other "
              "terrain; combat effect depends on the other terrain.")},
    {"id": "trail", "name": "Trail", "where": "hexside", "style": "trail", "color": "#5a3a1a",
     "width": 0.06, "move_mode": "set", "move": {"*": 2},
     "note": ("5.23: from trail hex to trail hex through a trail hexside, 2 MP if the hex entered "
              "has forest and/or rough, 1 MP if it is clear (never more than the terrain). 17.11: "
              "Confederates pay 1 MP (the road rate).")},
    {"id": "creek", "name": "Creek", "where": "hexside", "style": "creek", "color": "#2d6fc0",
     "width": 0.1, "move_mode": "prohibit", "blocks_zoc": True,
     "note": ("5.25: may only be crossed at bridges or fords; 9.0: may only attack across bridges "
              "or fords; 6.6: zones of control do not extend across it; 8.45: artillery may "
              "bombard across it.")},
    {"id": "ford", "name": "Ford", "where": "hexside", "style": "ford", "color": "#2d6fc0",
     "move_mode": "add", "move": {"*": 1}, "defense": 2, "negates": ["creek"],
     "note": ("5.25: +1 MP (through a ford into forest costs 4 MP). 9.0: defender doubled only if "
              "all attacking units attack across ford or bridge hexsides.")},
    {"id": "bridge", "name": "Bridge", "where": "hexside", "style": "bridge", "color": "#333333",
     "defense": 2, "negates": ["creek"],
     "note": ("5.25, 9.0: no additional MP. Defender doubled only if all attacking units attack "
              "across ford or bridge hexsides.")},
    {"id": "ferry", "name": "River Ferry", "where": "hex", "style": "ferry", "color": "#d9b400",
     "move_mode": "set", "move": {"*": 1}, "blocks_zoc": True,
     "note": ("5.24: the only way across a river. A unit may not end its move here and enters only "
              "with enough MP left to reach the hex on the opposite bank in the same Movement "
              "Phase; it enters and leaves only through the hexsides the map's arrows point to "
              "(here: the hexsides its road or trail crosses). 6.6: zones of control do not extend "
              "into it. The MP cost is not printed; 1 MP (the road rate) is an interpretation.")},
    {"id": "town", "name": "Town", "where": "hex", "style": "town", "color": "#222222",
     "blocks_los": True,
     "note": ("8.33: town hexes block line of sight. Used for the Wilderness Tavern buildings; "
              "whether the original map shows it as town terrain is not known.")},
]

CRT_COLUMNS = [("1-5", 1, 5), ("1-4", 1, 4), ("1-3", 1, 3), ("1-2", 1, 2), ("1-1", 1, 1),
               ("2-1", 2, 1), ("3-1", 3, 1), ("4-1", 4, 1), ("5-1", 5, 1), ("6-1", 6, 1)]
CRT_ROWS = [
    "Ar Ar Dr Dr Dr Dr De De De De",   # 1: as printed in the text
    "Ar Ar Ar Dr Dr Dr Dr Dr De De",   # 2: first seven cells printed, the rest published table
    "Ar Ar Ar Ar Dr Dr Dr Dr Dr De",
    "Ae Ar Ar Ar Ar Dr Dr Dr Dr Dr",
    "Ae Ae Ar Ar Ar Ar Dr Ex Ex Dr",
    "Ae Ae Ae Ae Ar Ar Ex Ex Ex Ex",
]
# 7.6: (code, name, text as printed, effect). Ex is the format's "exchange" alone: the side
# with fewer strength points (the defender: Ex is only at 3-1 and up) loses everything and the
# other at least as much printed strength. The analysis then counts the standard Ex (the
# defender eliminated, half the attacker); with an explicit defender_eliminated it would count
# no attacker loss.
CRT_CODES = [
    ("Ae", "Attacker Eliminated", "All Attacking units are eliminated (remove from the map).",
     {"attacker_eliminated": 1}),
    ("De", "Defender Eliminated", "All Defending units are eliminated.",
     {"defender_eliminated": 1}),
    ("Ex", "Exchange", ("All Defending units are eliminated. The Attacking Player must eliminate "
                        "Attacking units whose total, printed (face value) Combat Strength at least "
                        "equals the total printed Combat Strengths of the eliminated Defending "
                        "units. Only units which participated in a particular attack may be so "
                        "eliminated."),
     {"exchange": True}),
    ("Ar", "Attacker Retreats", "All Attacking units must retreat one hex (see 7.7).",
     {"attacker_retreat": 1}),
    ("Dr", "Defender Retreats", "All Defending units must retreat one hex.",
     {"defender_retreat": 1}),
]
# 7.6 as the text prints it: row 1 whole, row 2 up to the 3-1 column.
CRT_PRINTED = [CRT_ROWS[0].split(), "Ar Ar Ar Dr Dr Dr Dr".split()]

# 9.0 Terrain Effects Chart as printed, then the terrain and hexside features the rules give
# elsewhere (the chart's own rows say "(or fords)" but have no ford row): (row, MP, combat, rule).
TEC_PRINTED = [
    ("Clear Hex", "1 MP", "No effect"),
    ("Forest Hex", "3 MP", "No effect (see 8.3)"),
    ("Rough Hex", "3 MP", "Defender doubled in hex"),
    ("Road Hex", "1 MP; negates effect of other terrain in hex if entered through road hexside",
     "Depends on other terrain"),
    ("Creek Hexside", "May only cross at bridges (or fords)",
     "May only attack across bridges (or fords)"),
    ("Bridge Hexside", "No additional MP",
     "Defender doubled if all attacking units attack across ford (or bridge) hexside"),
    ("Forest & Rough Hex", "6 MP", "Defender doubled in hex (see 8.3)"),
]
# The chart prints the last row's label with "(Fredericksburg, Chatta. Hooker & Lee only)";
# it goes in the Rule column so the label column stays narrow.
TEC_ONLY = {"Forest & Rough Hex": "9.0: Fredericksburg, Chatta. Hooker & Lee only"}
TEC_RULES = [
    ("Trail Hex", "From a trail hex through a trail hexside: 2 MP into forest and/or rough, 1 MP "
                  "into clear", "Not stated", "5.23 (not on the chart)"),
    ("Ford Hexside", "+1 MP (through a ford into forest: 4 MP)",
     "Defender doubled if all attacking units attack across ford (or bridge) hexside",
     "5.25; 9.0 Bridge row (no ford row on the chart)"),
    ("River Hex", "Prohibited: cross only through river ferry hexes", "-",
     "5.24 (not on the chart)"),
    ("River Ferry Hex", "Enter only with enough MP to reach the opposite bank in the same phase, "
                        "through the arrowed hexsides; never end a move in it (MP not printed)",
     "Zones of Control do not extend into it", "5.24, 6.6 (not on the chart)"),
    ("Town Hex", "Not stated", "Blocks artillery line of sight", "8.33 (not on the chart)"),
]

PARTS = [("Game Map", "1", "4"), ("Die-Cut Counter Sheet", "1", "4"),
         ("Standard Rules Folder", "1", "2 identical"), ("Exclusive Rules Folder", "1", "4 different"),
         ("Die (or Randomizer)", "1", "1"), ("Game Box", "0", "1"), ("Folio (Folder)", "1", "0")]

TABLES = [
    {"id": "crt",
     "name": "Combat Results Table",
     "kind": "odds",
     "dice": "1d6",
     "source": ("7.6. Row 1 and the first seven cells of row 2 (1-5 to 3-1) are from the rulebook "
                "text, which stops there; the rest of row 2 (4-1 to 6-1) and rows 3-6 are from the "
                "published Blue & Gray Combat Results Table, not from the text."),
     "note": ("Odds are attacking to defending Strength Points, rounded down in favour of the "
              "defender (7.0: 13 to 4 is 3-1). Attacks executed at greater than 6-1 are treated as "
              "6-1; attacks executed at worse than 1-5 are treated as 1-5 (7.6). Defenders on rough "
              "or forest & rough, or attacked only across fords or bridges, are doubled (7.4, 9.0). "
              "The attacker may announce a lower column before the roll (7.9). Bombarding "
              "artillery suffers no result (8.15) but may take an Ar (8.16). Optional 11.0: an "
              "attacking unit that receives Ar from an enemy-controlled hex loses Attack "
              "Effectiveness until the end of the next night turn."),
     "columns": [{"label": l, "lo": lo, "hi": hi} for l, lo, hi in CRT_COLUMNS],
     "rows": [{"label": str(i + 1), "lo": i + 1, "cells": row.split()}
              for i, row in enumerate(CRT_ROWS)],
     "codes": [{"code": c, "name": n, "text": t, "effect": e} for c, n, t, e in CRT_CODES]},
    {"id": "terrain-effects",
     "name": "Terrain Effects Chart",
     "kind": "chart",
     "source": ("9.0 Terrain Effects Chart (the first seven rows, as printed); the trail, ford, "
                "river, river ferry and town rows are from 5.23, 5.24, 5.25, 6.6 and 8.33, as the "
                "Rule column says."),
     "note": ("Movement Allowance 6 MP (5.0). Exclusive rules change movement, not combat "
              "(17.13): Confederates move along trails at 1 MP (17.11) and enter forest at 2 MP "
              "(17.12); Union units may not enter forest on the first day (turns 1-7) except "
              "along roads and trails or into an enemy-controlled hex (17.21), and on the second "
              "day only hexes next to a clear, road or trail hex (17.22). Forest (with or without "
              "rough) and town hexes block artillery line of sight; rough alone does not (8.33)."),
     "columns": [{"label": "Movement Points [MP] to Enter [or Cross]"},
                 {"label": "Effect on Combat"}, {"label": "Rule"}],
     "rows": ([{"label": t, "cells": [mp, c, TEC_ONLY.get(t, "9.0")]} for t, mp, c in TEC_PRINTED]
              + [{"label": t, "cells": [mp, c, rule]} for t, mp, c, rule in TEC_RULES])},
    {"id": "burnside",
     "name": "General Burnside",
     "kind": "roll",
     "dice": "1d6",
     "source": "19.2 General Burnside (optional rule)",
     "note": ("Rolled at the beginning of each Union Movement Phase in which any IX Corps unit is "
              "to be moved. The text states only the 6; on 1-5 the IX Corps moves normally. IX "
              "Corps units attack and defend normally either way; the Train Defense units are not "
              "affected."),
     "columns": [{"label": "IX Corps"}],
     "rows": [{"label": "1-5", "lo": 1, "hi": 5, "cells": ["may move"]},
              {"label": "6", "lo": 6, "cells": ["none may move this Movement Phase"]}]},
    {"id": "parts-inventory",
     "name": "Parts Inventory",
     "kind": "chart",
     "source": "2.6 Parts Inventory",
     "columns": [{"label": "Folio Game"}, {"label": "QuadriGame"}],
     "rows": [{"label": p, "cells": [f, q]} for p, f, q in PARTS]},
]

TABLE_KEYS = ["id", "name", "kind", "dice", "source", "note", "read", "pair", "ends", "pool",
              "modifiers", "columns", "rows", "codes"]


def check_tables(game):
    errors = []
    err = errors.append
    tables = {t["id"]: t for t in game["tables"]}
    if len(tables) != len(game["tables"]):
        err("duplicate table ids")
    for t in game["tables"]:
        keys = list(t)
        if keys != [k for k in TABLE_KEYS if k in t]:
            err("%s: members out of the format's order: %s" % (t["id"], keys))
        if not t.get("source"):
            err("%s: every table names its rule section in source" % t["id"])
        for r in t["rows"]:
            if len(r["cells"]) != len(t["columns"]):
                err("%s: row %s has %d cells for %d columns"
                    % (t["id"], r["label"], len(r["cells"]), len(t["columns"])))
        if t["kind"] in ("odds", "roll"):
            seen = sorted(x for r in t["rows"] for x in range(r["lo"], r.get("hi", r["lo"]) + 1))
            if seen != list(range(1, 7)):
                err("%s: 1d6 rows must cover 1-6 exactly once" % t["id"])
    crt = tables["crt"]
    # 7.6: the printed header, and every cell the text prints.
    if [c["label"] for c in crt["columns"]] != ["1-5", "1-4", "1-3", "1-2", "1-1", "2-1", "3-1",
                                                 "4-1", "5-1", "6-1"]:
        err("crt: the columns are 7.6's 1-5 ... 6-1")
    for i, printed in enumerate(CRT_PRINTED):
        if crt["rows"][i]["cells"][:len(printed)] != printed:
            err("crt: row %d differs from the text: %s" % (i + 1, crt["rows"][i]["cells"]))
    codes = {c["code"] for c in crt["codes"]}
    if codes != {"Ae", "De", "Ex", "Ar", "Dr"} or \
       any(x not in codes for r in crt["rows"] for x in r["cells"]):
        err("crt: every cell is one of 7.6's five results")
    # 7.6 treats odds beyond 1-5 and 6-1 as those columns: clamping at both ends, the format's
    # default, which the writer leaves out (so no "ends" here).
    if crt.get("ends", {"left": "clamp", "right": "clamp"}) != {"left": "clamp", "right": "clamp"}:
        err("crt: 7.6 clamps at both ends")
    # 9.0: the chart's rows and MP as the terrain types and features hold them.
    terrain = {t["id"]: t for t in game["terrain"]}
    tec = {r["label"]: r["cells"] for r in tables["terrain-effects"]["rows"]}
    for label, tid in (("Clear Hex", "clear"), ("Forest Hex", "forest"), ("Rough Hex", "rough"),
                       ("Forest & Rough Hex", "forest-rough")):
        if tec[label][0] != "%d MP" % terrain[tid]["move"]["*"]:
            err("terrain-effects: %s is not %s's cost" % (label, tid))
        if ("doubled" in tec[label][1]) != (terrain[tid].get("defense") == 2):
            err("terrain-effects: %s's combat effect differs from %s's defense" % (label, tid))
    if len(TEC_PRINTED) != 7:
        err("terrain-effects: 9.0 prints seven rows")
    return errors


# ---------------------------------------------------------------------------------------
# Formations and units
# ---------------------------------------------------------------------------------------

ORD = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}
UNION_DIVISIONS = {"II": 4, "V": 4, "VI": 3, "IX": 3}

CSA_DIVISIONS = [
    # (id, name, corps)
    ("div-johnson", "Johnson's Division", "second-corps"),
    ("div-rodes", "Rodes's Division", "second-corps"),
    ("div-early", "Early's Division", "second-corps"),
    ("div-heth", "Heth's Division", "third-corps"),
    ("div-wilcox", "Wilcox's Division", "third-corps"),
    ("div-anderson", "Anderson's Division", "third-corps"),
    ("div-kershaw", "Kershaw's Division", "first-corps"),
    ("div-field", "Field's Division", "first-corps"),
    ("div-pickett", "Pickett's Division", "first-corps"),
]


def formations():
    out = [{"id": "army-potomac", "name": "Army of the Potomac", "echelon": "army", "side": "union"}]
    for corps in UNION_DIVISIONS:
        out.append({"id": corps, "name": "%s Corps" % corps, "echelon": "corps", "side": "union",
                    "parent": "army-potomac"})
    for corps, n in UNION_DIVISIONS.items():
        for d in range(1, n + 1):
            out.append({"id": "%d-%s" % (d, corps), "name": "%s Division, %s Corps" % (ORD[d], corps),
                        "echelon": "division", "side": "union", "parent": corps})
    out.append({"id": "army-nv", "name": "Army of Northern Virginia", "echelon": "army",
                "side": "confederate"})
    for cid, name in (("first-corps", "First Corps (Longstreet)"),
                      ("second-corps", "Second Corps (Ewell)"),
                      ("third-corps", "Third Corps (Hill)")):
        out.append({"id": cid, "name": name, "echelon": "corps", "side": "confederate",
                    "parent": "army-nv"})
    for did, name, corps in CSA_DIVISIONS:
        out.append({"id": did, "name": name, "echelon": "division", "side": "confederate",
                    "parent": corps})
    return out


UNITS = []
_UNIT_IDS = set()


def unit(uid, name, designation, side, klass, strength, formation=None, size=None, note=None):
    assert uid not in _UNIT_IDS, uid
    _UNIT_IDS.add(uid)
    u = {"id": uid, "name": name, "designation": designation, "side": side, "class": klass}
    if formation:
        u["formation"] = formation
    if size:
        u["size"] = size
    u["strength"] = strength
    u["attrs"] = {"movement": 6, "range": 3} if klass == "artillery" else {"movement": 6}
    if note:
        u["note"] = note
    UNITS.append(u)
    return uid


def union(des, strength, note=None):
    """A Union brigade "b/d/C" (2.4) or a corps artillery "C" (strength "6a")."""
    if des == "TD":
        raise ValueError
    if "/" in des:
        b, d, c = des.split("/")
        return unit("%s-%s-%s" % (b, d, c),
                    "%s Brigade, %s Division, %s Corps" % (ORD[int(b)], ORD[int(d)], c),
                    des, "union", "infantry", strength, "%s-%s" % (d, c), "X", note)
    return unit("art-%s" % des, "%s Corps Artillery" % des, des, "union", "artillery", strength,
                des, None, note)


def csa(uid, name, des, strength, formation, note=None, klass="infantry", size="X"):
    return unit(uid, name, des, "confederate", klass, strength, formation, size, note)


def build_units():
    """Every unit of 14.1, 14.2, 16.1, 16.2, 19.1 and 19.3, each once, Confederates first in
    chart order, then the Union in order of first appearance in the charts."""
    # 14.1 Confederate Army (Second Corps, Ewell)
    csa("stafford", "Stafford's Brigade", "Stafrd", 5, "div-johnson")
    csa("stonewall", "Stonewall Brigade", "Stnwall", 6, "div-johnson")
    csa("steuart", "Steuart's Brigade", "Stuart", 5, "div-johnson",
        note="Printed \"Stuart\"; historically the brigade of George H. Steuart.")
    csa("jones", "Jones's Brigade", "Jones", 6, "div-johnson")
    csa("battle", "Battle's Brigade", "Battle", 6, "div-rodes")
    csa("doles", "Doles's Brigade", "Doles", 5, "div-rodes")
    csa("daniel", "Daniel's Brigade", "Daniel", 7, "div-rodes")
    csa("gordon", "Gordon's Brigade", "Gordon", 7, "div-early")
    unit("csa-0218", "Unidentified brigade (chart cut in source)", "?", "confederate", "infantry", 6,
         note=("14.1 ends with the row \"0218 | 6 |\": the designation is cut from the source. "
               "Infantry by 14.0 (no \"a\"). Probably one of Early's other brigades (Hays or "
               "Pegram), but that is not recorded. Any further rows of the chart are lost; none "
               "are invented."))
    # 16.1 Confederate reinforcements
    csa("cooke", "Cooke's Brigade", "Cooke", 7, "div-heth")
    csa("kirkland", "Kirkland's Brigade", "Kirklnd", 9, "div-heth")
    csa("walker", "Walker's Brigade", "Walker", 8, "div-heth",
        note="Historically H. H. Walker's brigade.")
    csa("davis", "Davis's Brigade", "Davis", 6, "div-heth")
    csa("lane", "Lane's Brigade", "Lane", 8, "div-wilcox")
    csa("thomas", "Thomas's Brigade", "Thomas", 7, "div-wilcox")
    csa("scales", "Scales's Brigade", "Scales", 8, "div-wilcox")
    csa("mcgowan", "McGowan's Brigade", "McGwn", 8, "div-wilcox")
    csa("csa-art-3", "Third Corps Artillery", "3", 2, "third-corps", klass="artillery", size=None,
        note="Printed \"2a 3\": artillery of strength 2, designation 3 (Third Corps).")
    csa("johnston", "Johnston's Brigade", "Johnstn", 5, "div-rodes",
        note="Historically R. D. Johnston's brigade.")
    csa("ramseur", "Ramseur's Brigade", "Ramseur", 6, "div-rodes")
    csa("henagan", "Henagan's Brigade", "Henagan", 8, "div-kershaw",
        note="Historically Kershaw's old brigade under Henagan.")
    csa("humphreys", "Humphreys's Brigade", "Hmphrys", 6, "div-kershaw")
    csa("bryan", "Bryan's Brigade", "Bryan", 6, "div-kershaw")
    csa("wofford", "Wofford's Brigade", "Wofford", 7, "div-kershaw")
    csa("anderson", "Anderson's Brigade", "Andrsn", 6, "div-field",
        note="Historically G. T. Anderson's brigade of Field's Division, not R. H. Anderson's division.")
    csa("gregg", "Gregg's Brigade", "Gregg", 6, "div-field")
    csa("benning", "Benning's Brigade", "Benning", 5, "div-field")
    csa("law", "Law's Brigade", "Law", 6, "div-field")
    csa("jenkins", "Jenkins's Brigade", "Jenkins", 7, "div-field")
    csa("harris", "Harris's Brigade", "Harris", 6, "div-anderson")
    csa("perry", "Perry's Brigade", "Perry", 3, "div-anderson")
    csa("perrin", "Perrin's Brigade", "Perrin", 6, "div-anderson")
    csa("mahone", "Mahone's Brigade", "Mahone", 7, "div-anderson")
    csa("wright", "Wright's Brigade", "Wright", 4, "div-anderson")
    csa("csa-art-1", "First Corps Artillery", "1", 5, "first-corps", klass="artillery", size=None,
        note="Printed \"5a 1\": artillery of strength 5, designation 1 (First Corps).")
    # 19.1 Pickett's Division (optional)
    csa("hunton", "Hunton's Brigade", "Hunton", 7, "div-pickett")
    csa("corse", "Corse's Brigade", "Corse", 7, "div-pickett")
    csa("terry", "Terry's Brigade", "Terry", 5, "div-pickett")

    # 14.2 Union Army (V Corps), then the rows cut from it (known from 19.3)
    for des, s in (("1/1/V", 12), ("2/1/V", 6), ("3/1/V", 9), ("1/2/V", 4), ("2/2/V", 6),
                   ("3/2/V", 4), ("V", 6), ("1/3/V", 6)):
        union(des, s)
    union("3/3/V", 4, note=("14.2 is cut after \"0922 | 4 |\": the designation is read as 3/3/V, "
                            "the strength-4 unit that follows 1/3/V in 19.3's turn-2 list."))
    for des, s in (("1/4/V", 12), ("2/4/V", 5), ("3/4/V", 5)):
        union(des, s, note="Cut from 14.2; known from 19.3 (turn 2), not a 16.2 reinforcement, so in the initial deployment.")
    for des, s in (("1/1/VI", 9), ("2/1/VI", 7), ("3/1/VI", 8), ("1/2/VI", 8), ("2/2/VI", 8),
                   ("3/2/VI", 8), ("4/2/VI", 7), ("VI", 6), ("1/3/VI", 8), ("2/3/VI", 9)):
        union(des, s, note="Cut from 14.2; known from 19.3 (turn 3), not a 16.2 reinforcement, so in the initial deployment.")
    # 16.2 Union reinforcements
    for des, s in (("2/3/II", 10), ("1/3/II", 10), ("1/4/II", 9), ("2/4/II", 9), ("3/2/II", 10),
                   ("2/2/II", 6)):
        union(des, s)
    union("1/2/II", 10, note=("19.3 prints this unit as \"10 1/1/II\" (1/1/II appears twice there); "
                              "read as 1/2/II, the strength-10 unit at the same place in 16.2."))
    for des, s in (("2/1/II", 6), ("1/1/II", 7), ("3/1/II", 7)):
        union(des, s)
    union("4/1/II", 7, note="Not in 19.3's Lethargic schedule (see that reinforcement line).")
    union("II", 6)
    union("4/1/VI", 7)
    unit("td-6", "Train Defense unit (6)", "TD", "union", "train", 6, "1-IX", "X",
         "17.3: one of the two brigades of 1/IX guarding the army's trains, with the wagons.")
    unit("td-10", "Train Defense unit (10)", "TD", "union", "train", 10, "1-IX", "X",
         "17.3: one of the two brigades of 1/IX guarding the army's trains, with the wagons.")
    union("2/1/IX", 4, note=("Kept as printed in 16.2, though 17.3 says the two TD units are "
                             "the two brigades of 1/IX."))
    union("2/2/IX", 12, note="19.3 prints \"2/2/XI\"; read as 2/2/IX (there is no XI Corps in the game).")
    union("1/3/IX", 13)
    union("2/3/IX", 10)
    union("IX", 4)


# ---------------------------------------------------------------------------------------
# Scenario
# ---------------------------------------------------------------------------------------

# Rule texts quoted from the rulebook (special rules and options are shown to the players).
TEXT_10 = ("General Rule: The tinted Game-Turns on the Turn Record Track are night Game-Turns, "
            "and have a different Sequence of Play than day Game-Turns, in which the Combat Phase "
            "is omitted. 10.1 Effect on Combat: There is no Combat Phase during a Night "
            "Game-Turn, and no combat is allowed. Opposing adjacent units do not engage in "
            "combat; they simply remain in place. Artillery units may not bombard during Night "
            "Game-Turns. 10.2 Effect on Movement: Movement restrictions during Night Game-Turns "
            "are identical to Day Game-Turn Movement restrictions, with one addition. Units may "
            "not enter Enemy controlled hexes during a Night Game-Turn, nor may units already in "
            "Enemy controlled hexes exit them.")
TEXT_15 = ("General Rule: Players may receive Reinforcements according to the Reinforcement "
            "Chart. These reinforcement units are placed on the edge of the map in the hex "
            "indicated on the Chart. Reinforcing units arrive during the Player's Movement Phase "
            "of the Game-Turn indicated. Reinforcing units arrive in column formation (one behind "
            "the other), during the Player's Movement Phase of the Game-Turn indicated. The "
            "Owning Player may determine the exact order of arrival at the point at which he "
            "moves the reinforcements onto the map. Note: The order in which the reinforcement "
            "units are listed is the historically correct order of arrival. Procedure: The Player "
            "should visualize the reinforcements as arriving from a chain of hexes which are off "
            "the map. Thus, the first unit to arrive at that hex in the Turn is considered to "
            "have expended one Movement Point to get there; the second unit is considered to have "
            "expended two Movement Points to get there, and so forth. 15.1 Restrictions: 15.11 "
            "The Owning Player may enter his reinforcements on the map at any time during his "
            "Movement Phase. 15.12 Once a unit has entered the map, it may move and engage in "
            "combat freely, just as any other unit already present. 15.13 Reinforcements may "
            "enter the map directly into an Enemy Zone of Control. They may not enter an occupied "
            "hex. If the entry hex is occupied, the reinforcing unit may enter the nearest "
            "unoccupied hex. 15.14 Units forced off the map by combat are considered eliminated "
            "for Victory Point purposes. 15.15 Reinforcement units expend one Movement Point to "
            "be placed on the entry hex.")
TEXT_17_3 = ("The Union Train Defense units, identified by the code \"TD,\" represent the two "
            "brigades of 1/IX which were assigned to guard the huge supply tail of the Union "
            "Army. The units include the actual brigades and the various supply wagons and rear "
            "echelon paraphernalia. 17.31 The Train Defense units may never attack an Enemy unit. "
            "If a \"TD\" unit should find itself adjacent to an Enemy unit during the Union Combat "
            "Phase, it automatically suffers an Ar (Attacker retreat) result before any Union "
            "attacks are resolved. The Confederate unit(s) to which the unit was adjacent may "
            "advance after combat. 17.32 The Train Defense units may never enter an Enemy "
            "controlled hex. 17.33 A Train Defense unit may never stack with any other unit. It "
            "may not enter an occupied hex during movement nor may any other unit enter a hex "
            "containing a Train Defense unit. 17.34 The Train Defense units have a normal "
            "Movement Allowance of 6 Movement Points. They may only enter hexes containing roads "
            "and/or trails. If forced to retreat to a non-road, non-trail hex as a result of "
            "combat, they are eliminated. 17.35 The Train Defense units may displace and be "
            "displaced as long as the special stacking and terrain restrictions for them are "
            "observed.")
TEXT_19_1 = ("One of the main concerns of the Union commanders on the second day was the "
            "whereabouts of Pickett's Division, and the possibility that it might appear on the "
            "battlefield and turn the Union flank. In actuality, the division did not arrive. But "
            "the following rule allows for this possibility. Arriving on Game-Turn Nine on hex "
            "0118 or 0128: 7 Hunton, 7 Corse, 5 Terry.")
TEXT_19_2 = ("At the beginning of each Union Movement Phase, whenever any unit of the Union IX "
            "Corps is to be moved, a special die roll is required. If the result is a \"6,\" none "
            "of the IX Corps units may move during that Movement Phase. They may attack and "
            "defend normally during that Game-Turn. This represents the effects of the corps "
            "commander, General Burnside. TD units are not affected.")
TEXT_19_3 = ("After years of war, it seemed as if the Union Army had finally learned to act "
            "quickly upon its decisions. However, it was possible for them to revert to their "
            "former selves and bring to ruination a perfectly viable plan by lethargic execution. "
            "The following rules show what would have happened if such had been the case in the "
            "Wilderness. There is no Union Initial Deployment when using this rule. Rather, the "
            "Union Player substitutes the following Reinforcement Schedule for the historical one "
            "given.")

RECONSTRUCTED = "reconstructed: hex cut from the source's deployment chart"

CSA_SETUP = [("stafford", "0414"), ("stonewall", "0415"), ("steuart", "0416"), ("jones", "0417"),
             ("battle", "0318"), ("doles", "0319"), ("daniel", "0419"), ("gordon", "0217"),
             ("csa-0218", "0218")]
UNION_SETUP = [("1-1-V", "0616"), ("2-1-V", "0717"), ("3-1-V", "0816"), ("1-2-V", "1016"),
               ("2-2-V", "1116"), ("3-2-V", "1117"), ("art-V", "1217"), ("1-3-V", "0923"),
               ("3-3-V", "0922")]
# Reconstructed: V Corps' 4th Division at the Lacy farm, VI Corps in column on the Germanna
# Plank Road between the ford and Spottswood (lead division nearest Spottswood). None in or
# next to an objective hex, so the reconstruction does not hand the Union an objective.
UNION_SETUP_RECONSTRUCTED = [
    ("1-4-V", "1314"), ("2-4-V", "1214"), ("3-4-V", "1216"),
    ("1-1-VI", "0709"), ("2-1-VI", "0608"), ("3-1-VI", "0508"), ("1-2-VI", "0507"),
    ("2-2-VI", "0406"), ("3-2-VI", "0406"), ("4-2-VI", "0306"), ("art-VI", "0507"),
    ("1-3-VI", "0305"), ("2-3-VI", "0204"),
]

II_CORPS = ["2-3-II", "1-3-II", "1-4-II", "2-4-II", "3-2-II", "2-2-II", "1-2-II", "2-1-II",
            "1-1-II", "3-1-II", "4-1-II", "art-II"]
V_CORPS = ["1-1-V", "2-1-V", "3-1-V", "1-2-V", "2-2-V", "3-2-V", "art-V", "1-3-V", "3-3-V",
           "1-4-V", "2-4-V", "3-4-V"]
VI_CORPS = ["1-1-VI", "2-1-VI", "3-1-VI", "1-2-VI", "2-2-VI", "3-2-VI", "4-2-VI", "art-VI",
            "1-3-VI", "2-3-VI"]
IX_CORPS = ["2-1-IX", "2-2-IX", "1-3-IX", "2-3-IX", "art-IX"]


def scenario():
    labels = ["May 5, %d" % i for i in range(1, 8)] + ["Night, May 5-6"] + \
             ["May 6, %d" % i for i in range(1, 9)]
    setup = [{"unit": u, "hex": h} for u, h in CSA_SETUP]
    setup += [{"unit": u, "hex": h, "unless": "lethargic"} for u, h in UNION_SETUP]
    setup[-1]["note"] = "14.2 row \"0922 | 4 |\": the designation is cut; read as 3/3/V (see the unit)."
    setup += [{"unit": u, "hex": h, "unless": "lethargic", "note": RECONSTRUCTED}
              for u, h in UNION_SETUP_RECONSTRUCTED]

    lethargic_ii = [u for u in II_CORPS if u != "4-1-II"]
    reinf = [
        {"turn": 1, "hex": "0128", "units": ["cooke", "kirkland", "walker", "davis", "lane", "thomas",
                                             "scales", "mcgowan", "csa-art-3"]},
        {"turn": 5, "hex": "0118", "units": ["johnston", "ramseur"]},
        {"turn": 9, "choices": [{"hex": "0728"}, {"hex": "0627"}],
         "units": ["henagan", "humphreys", "bryan", "wofford", "anderson", "gregg", "benning", "law",
                   "jenkins", "harris", "perry", "perrin", "mahone", "wright", "csa-art-1"]},
        {"turn": 9, "choices": [{"hex": "0118"}, {"hex": "0128"}], "units": ["hunton", "corse", "terry"],
         "option": "pickett"},
        {"turn": 4, "hex": "2326", "units": II_CORPS, "unless": "lethargic"},
        {"turn": 7, "hex": "0102", "units": ["4-1-VI", "td-6", "td-10"], "unless": "lethargic"},
        {"turn": 9, "hex": "0102", "units": IX_CORPS, "unless": "lethargic"},
        {"turn": 1, "area": "row-01", "units": lethargic_ii, "option": "lethargic",
         "note": ("19.3 as printed: its \"10 1/1/II\" is read as 1/2/II, and 4/1/II (7) of 16.2 is "
                  "not listed, so it does not arrive under this option. That looks like an omission "
                  "in the source; the players decide.")},
        {"turn": 2, "area": "row-01", "units": V_CORPS, "option": "lethargic"},
        {"turn": 3, "area": "row-01", "units": VI_CORPS, "option": "lethargic"},
        {"turn": 9, "hex": "0102", "units": ["4-1-VI", "td-6", "td-10"], "option": "lethargic"},
        {"turn": 11, "hex": "0102", "units": IX_CORPS, "option": "lethargic",
         "note": "19.3 prints \"12 2/2/XI\"; read as 2/2/IX."},
    ]
    objectives = [{"hex": "0810"}, {"hex": "1415"}, {"hex": "1920"}]
    return {
        "id": "historical",
        "name": "The Battle of the Wilderness, May 5-6, 1864",
        "description": (
            "Lee's Army of Northern Virginia strikes the Army of the Potomac as it marches through "
            "the Wilderness south of the Rapidan (13.0). The Confederate Player moves first (14.31). "
            "Sixteen Game-Turns; turn 8 is a night turn (14.32). The rulebook gives no clock times: "
            "turns 1-7 are the first day and 8-15 the second (17.21, 17.22), and turn 16 is in "
            "neither range as printed. The Union set-up of 14.2 is cut in the source; the missing "
            "V and VI Corps units are placed on reconstructed hexes (see their notes)."),
        "map": "wilderness",
        "first_side": "confederate",
        "turns": {"count": 16, "labels": labels, "night": [8]},
        "options": [
            {"id": "pickett", "name": "Pickett's Division", "text": "19.1: " + TEXT_19_1},
            {"id": "burnside", "name": "General Burnside", "text": "19.2: " + TEXT_19_2},
            {"id": "lethargic", "name": "Lethargic Union Army",
             "text": ("19.3: " + TEXT_19_3 + " (II Corps on Game-Turn One, V Corps on Two, VI Corps "
                      "on Three, all in hexrow 0001; 4/1/VI and the TD units on Nine and IX Corps on "
                      "Eleven, on hex 0102.)")},
            {"id": "attack-effectiveness", "name": "Attack Effectiveness",
             "text": ("11.0 (Standard Rules, optional): a unit that suffers an Ar result when "
                      "attacking from an Enemy controlled hex is turned face-down and may not attack "
                      "or enter an Enemy controlled hex until the end of the next Night Game-Turn. "
                      "21.3: it is strongly advised that this rule be used in this game.")},
        ],
        "setup": setup,
        "reinforcements": reinf,
        "victory": [
            {"kind": "vp_per_sp", "side": "confederate", "vp": 3},
            {"kind": "occupy", "side": "confederate", "vp": 15, "places": objectives},
            {"kind": "destroy", "side": "confederate", "vp": 15, "units": ["td-6", "td-10"]},
            {"kind": "vp_per_sp", "side": "union", "vp": 2},
            {"kind": "occupy", "side": "union", "vp": 15, "places": objectives},
        ],
        "victory_text": (
            "18.0: At the conclusion of Game-Turn Sixteen the Players total their Victory Points; "
            "the Player with the higher total wins. 18.11: the Confederate Player receives three VP "
            "for every Union Strength Point destroyed, fifteen VP each for occupation of Spottswood "
            "(0810), Wilderness Tavern (1415) and Hickman (1920) at the end of the game, and fifteen "
            "VP for the destruction of both Union Train Defense units. 18.12: the Union Player "
            "receives two VP for every Confederate Strength Point destroyed and fifteen VP each for "
            "occupation of the same three hexes. 18.13: Occupation is defined as being the last "
            "Player to have a unit (or Zone of Control) in the hex in question. All territorial "
            "objectives are initially controlled by the Confederate Player. 15.14: units forced "
            "off the map by combat are considered eliminated for Victory Point purposes."),
        "special_rules": [
            {"id": "confederate-movement", "title": "17.1 Confederate Movement",
             "text": ("17.11 All Confederate units may move along trails at the Road Movement rate, "
                      "i.e., one Movement Point per hex. 17.12 Confederate units may enter forest "
                      "hexes as though they were moving along trails, i.e., two Movement Points per "
                      "hex. 17.13 These changes in the Terrain Effects only affect the movement of "
                      "Confederate units and in no way alter the normal combat effects associated "
                      "with the terrain.")},
            {"id": "union-movement", "title": "17.2 Union Movement",
             "text": ("17.21 During the first day (Game-Turns One through Seven), Union units may not "
                      "move into or through forest hexes, except along roads and trails. However, "
                      "they may always enter a hex in an Enemy Zone of Control, regardless of "
                      "terrain. 17.22 During the second day (Game-Turns Eight through Fifteen), Union "
                      "units may enter any hex adjacent to a clear terrain hex or road or trail hex. "
                      "17.23 Union units may never advance after combat into a hex they are "
                      "prohibited from entering during the Movement Phase. They may retreat into "
                      "such a hex as a result of combat only if it is the only path of retreat open "
                      "to them. 17.24 Starting a Movement Phase in a prohibited hex (due to combat) "
                      "does not affect the unit's ability to move in that Phase. Exit is not "
                      "prohibited. It is possible that a unit will find itself in a hex completely "
                      "encircled by prohibited hexes. In such a case, the unit may not move.")},
            {"id": "train-defense", "title": "17.3 Union Train Defense Units", "text": TEXT_17_3},
            {"id": "reinforcements", "title": "15.0 Reinforcements", "text": TEXT_15},
            {"id": "night", "title": "10.0 Night Game-Turns",
             "text": "Turn 8 is a night Game-Turn (14.32). " + TEXT_10},
        ],
    }


# ---------------------------------------------------------------------------------------
# Assembling the map member
# ---------------------------------------------------------------------------------------

MAP_SOURCE = (
    "Reconstructed: the original 22\" x 17\" map is only a picture and is not in the "
    "rulebook text. Every hex the rules name is where they put it (set-up 14.1/14.2, entry "
    "hexes 16.1/16.2/19.1/19.3, objectives 18.11, the Wilderness Tavern crossroad 1315 of "
    "21.1); the rest (the Rapidan and its three fords, roads, trails, creeks, clearings, "
    "rough) follows the historical geography, approximately and compressed. Even columns "
    "of the original are probably one hex shorter (0627 is an entry hex); here every column "
    "has 28 rows. The printed hex size (printed_hex_size, 16 mm across the flats) is "
    "reconstructed: the rulebook gives the 22 x 17 inch mapsheet, not its hexes; 16 mm is "
    "SPI's usual hex and puts the 23 x 28 grid on the sheet beside its charts.")


def map_entity(m):
    grid = m["grid"]
    hexes = {}
    for h, label in LABELS.items():
        hexes.setdefault(parse(h), {})["label"] = label
    for o in m["ferries"]:
        hexes.setdefault(o, {}).setdefault("features", []).append("ferry")
    hexes.setdefault(parse("1415"), {}).setdefault("features", []).append("town")
    hex_entries = []
    for o in sorted(hexes, key=lambda o: (o[1], o[0])):
        e = {"hex": fmt(o)}
        if "label" in hexes[o]:
            e["label"] = hexes[o]["label"]
        if "features" in hexes[o]:
            e["features"] = hexes[o]["features"]
        hex_entries.append(e)

    order = ["road", "trail", "creek", "bridge", "ford"]
    side_entries = []
    for (o, d) in sorted(m["hexsides"], key=lambda s: (s[0][1], s[0][0], s[1])):
        feats = sorted(set(m["hexsides"][(o, d)]), key=order.index)
        side_entries.append({"hex": fmt(o), "dir": DIRS[d], "features": feats})

    row01 = [fmt((c, 0)) for c in range(COLS)]
    objective_note = "18.11-18.13: 15 VP to the occupier at the end; initially controlled by the Confederate Player."
    marks = [
        {"id": "spottswood", "name": "Spottswood", "kind": "objective", "vp": 15, "hexes": ["0810"],
         "note": objective_note},
        {"id": "wilderness-tavern", "name": "Wilderness Tavern", "kind": "objective", "vp": 15,
         "hexes": ["1415"], "note": objective_note},
        {"id": "hickman", "name": "Hickman", "kind": "objective", "vp": 15, "hexes": ["1920"],
         "note": objective_note},
        {"id": "orange-plank-road", "name": "Orange Plank Road entry", "kind": "entry",
         "side": "confederate", "hexes": ["0128"], "note": "16.1: Hill's Third Corps, turn 1; 19.1: Pickett (optional), turn 9."},
        {"id": "orange-turnpike", "name": "Orange Turnpike entry", "kind": "entry",
         "side": "confederate", "hexes": ["0118"], "note": "16.1: Johnston and Ramseur, turn 5; 19.1: Pickett (optional), turn 9."},
        {"id": "catharpin-road", "name": "Catharpin Road entry", "kind": "entry",
         "side": "confederate", "hexes": ["0728", "0627"], "note": "16.1: Longstreet's First Corps and Anderson's Division, turn 9, on 0728 or 0627."},
        {"id": "brock-road", "name": "Brock Road entry", "kind": "entry", "side": "union",
         "hexes": ["2326"], "note": "16.2: II Corps, turn 4."},
        {"id": "germanna-plank-road", "name": "Germanna Plank Road entry", "kind": "entry",
         "side": "union", "hexes": ["0102"], "note": "16.2: 4/1/VI and the TD units, turn 7; IX Corps, turn 9 (19.3: turns 9 and 11)."},
        {"id": "row-01", "name": "Hexrow 01", "kind": "entry", "side": "union", "hexes": row01,
         "note": ("19.3's \"hexrow 0001\", read as every hex of the first row (xx01), the north "
                  "bank of the Rapidan: the Lethargic Union army's entry area on turns 1-3.")},
    ]
    return {
        "id": "wilderness",
        "name": "The Wilderness",
        "kind": "hex",
        "source": MAP_SOURCE,
        "orientation": "flat",
        "parity": "odd",
        "cols": COLS,
        "rows": ROWS,
        "numbering": {"first_col": 1, "first_row": 1, "digits": 2},
        "hex_size": 25,
        "printed_hex_size": "16mm",
        "default_terrain": "forest",
        "terrain": ["".join(row) for row in grid],
        "hexes": hex_entries,
        "hexsides": side_entries,
        "marks": marks,
    }


def build_game():
    del UNITS[:]
    _UNIT_IDS.clear()
    build_units()
    m = build_map()
    game = {
        "format": "warbench-game",
        "version": 9,
        "game": GAME,
        "rules": RULES,
        "counter": {"size": '0.5in', "source": "reconstructed: the rulebook (004) names the Unit Counter Sheet but not its size; SPI's Blue & Gray quadrigame counters are 1/2 inch"},
        "sides": SIDES,
        "unit_classes": UNIT_CLASSES,
        "terrain": TERRAIN,
        "features": FEATURES,
        "tables": TABLES,
        "maps": [map_entity(m)],
        "formations": formations(),
        "units": UNITS,
        "scenarios": [scenario()],
    }
    return game, m


# ---------------------------------------------------------------------------------------
# Checks: what the loader will check, plus what makes the map playable.
# ---------------------------------------------------------------------------------------

def check(game, m):
    errors = []
    err = errors.append
    mp = game["maps"][0]
    keys = {t["key"]: t for t in game["terrain"]}
    grid = mp["terrain"]
    assert len(grid) == ROWS and all(len(r) == COLS for r in grid)

    def terrain(h):
        c, r = parse(h)
        return keys[grid[r][c]]["id"]

    for r in range(ROWS):
        for c in range(COLS):
            if (grid[r][c] == RIVER) != ((c, r) in m["rivers"]):
                err("hex %s: terrain %r but the Rapidan says otherwise" % (fmt((c, r)), grid[r][c]))
    for a, b in zip(sorted(m["rivers"]), sorted(m["rivers"])[1:]):
        if distance(a, b) != 1:
            err("the Rapidan is broken between %s and %s" % (fmt(a), fmt(b)))

    units = {u["id"]: u for u in game["units"]}
    feats = {f["id"] for f in game["features"]}
    sc = game["scenarios"][0]
    opts = {o["id"] for o in sc["options"]}
    marks = {mk["id"]: mk for mk in mp["marks"]}

    def hex_ok(h, what):
        if not on_map(parse(h)):
            err("%s: %s off the map" % (what, h))
        elif terrain(h) == "river" and parse(h) not in m["ferries"]:
            err("%s: %s is a river hex" % (what, h))

    # every unit placed exactly once per option set, and every unit used somewhere
    placed = {}
    for s in sc["setup"]:
        if s["unit"] not in units:
            err("setup: unknown unit %s" % s["unit"])
        hex_ok(s["hex"], "setup %s" % s["unit"])
        placed.setdefault(s["unit"], []).append(("setup", s.get("option"), s.get("unless")))
    for rf in sc["reinforcements"]:
        for h in [rf.get("hex")] + [c["hex"] for c in rf.get("choices", [])]:
            if h:
                hex_ok(h, "reinforcement turn %d" % rf["turn"])
        if "area" in rf and rf["area"] not in marks:
            err("unknown area %s" % rf["area"])
        for u in rf["units"]:
            if u not in units:
                err("reinforcement: unknown unit %s" % u)
            placed.setdefault(u, []).append(("turn %d" % rf["turn"], rf.get("option"), rf.get("unless")))
        for o in (rf.get("option"), rf.get("unless")):
            if o and o not in opts:
                err("unknown option %s" % o)
    for u in units:
        if u not in placed:
            err("unit %s never appears" % u)
    for chosen in ([], ["lethargic"], ["pickett"], ["pickett", "lethargic"]):
        for u, where in placed.items():
            n = sum(1 for _, opt, unl in where
                    if (opt is None or opt in chosen) and (unl is None or unl not in chosen))
            if n > 1:
                err("unit %s placed %d times with options %s" % (u, n, chosen))
    # stacking at set-up
    stack = {}
    for s in sc["setup"]:
        stack.setdefault(s["hex"], []).append(s["unit"])
    for h, us in stack.items():
        if len(us) > 2:
            err("stacking: %s holds %s" % (h, us))
    # Union set-up hexes reachable under 17.21: clear, road or trail
    route_hexes = set()
    for hexes in list(m["road_paths"].values()) + list(m["trail_paths"].values()):
        route_hexes.update(hexes)
    for s in sc["setup"]:
        if units[s["unit"]]["side"] == "union":
            o = parse(s["hex"])
            if terrain(s["hex"]) != "clear" and o not in route_hexes:
                err("Union set-up %s at %s: neither clear nor on a road or trail" % (s["unit"], s["hex"]))
    # reconstructed placements stay off and away from the objectives
    obj = [parse(h) for mk in mp["marks"] if mk["kind"] == "objective" for h in mk["hexes"]]
    for u, h in UNION_SETUP_RECONSTRUCTED:
        if any(distance(parse(h), o) <= 1 for o in obj):
            err("reconstructed set-up %s at %s is in or next to an objective" % (u, h))
    for mk in mp["marks"]:
        for h in mk["hexes"]:
            if not on_map(parse(h)):
                err("mark %s: %s off the map" % (mk["id"], h))
            else:
                hex_ok(h, "mark %s" % mk["id"])
    # entry hexes on the map edge (15.0)
    for mk in mp["marks"]:
        if mk["kind"] == "entry" and mk["id"] != "row-01":
            for h in mk["hexes"]:
                c, r = parse(h)
                if h == "0627":
                    continue    # the bottom hex of a short column on the original sheet
                if not (c in (0, COLS - 1) or r in (0, ROWS - 1)):
                    err("entry %s (%s) is not on the map edge" % (h, mk["id"]))
    # hexside features exist, hexsides on the map, every road/trail crossing of a creek is
    # a bridge or ford, and creeks never touch a ferry
    for e in mp["hexsides"]:
        o = parse(e["hex"])
        d = DIRS.index(e["dir"])
        if d >= 3 or not on_map(o) or not on_map(neighbour(o, d)):
            err("hexside %s %s not canonical/on map" % (e["hex"], e["dir"]))
        for f in e["features"]:
            if f not in feats:
                err("unknown feature %s" % f)
        if "creek" in e["features"]:
            if ("road" in e["features"] or "trail" in e["features"]) and not (
                    "bridge" in e["features"] or "ford" in e["features"]):
                err("unbridged crossing at %s %s" % (e["hex"], e["dir"]))
            a, b = o, neighbour(o, d)
            if a in m["ferries"] or b in m["ferries"]:
                err("creek beside a ferry at %s %s" % (e["hex"], e["dir"]))
    # roads and trails never enter river hexes except ferries
    for hexes in list(m["road_paths"].values()) + list(m["trail_paths"].values()):
        for o in hexes:
            if o in m["rivers"] and o not in m["ferries"]:
                err("road or trail through river hex %s" % fmt(o))
    # each ferry is crossed by exactly one route: north bank -> ferry -> south bank
    for f in m["ferries"]:
        n = sum(1 for e in mp["hexsides"] for x in [parse(e["hex"])]
                if "road" in e["features"] or "trail" in e["features"]
                if f in (x, neighbour(x, DIRS.index(e["dir"]))))
        if n != 2:
            err("ferry %s has %d route hexsides" % (fmt(f), n))
    # connectivity: every hex that is not river is reachable from 1415 without crossing a
    # creek except at a bridge or ford, or a river except through a ferry
    sides = {(parse(e["hex"]), DIRS.index(e["dir"])): set(e["features"]) for e in mp["hexsides"]}

    def blocked(o, d):
        f = sides.get(canonical(o, d), set())
        return "creek" in f and not ({"bridge", "ford"} & f)

    start = parse("1415")
    seen = {start}
    todo = [start]
    while todo:
        o = todo.pop()
        for d in range(6):
            nb = neighbour(o, d)
            if not on_map(nb) or nb in seen or blocked(o, d):
                continue
            if nb in m["rivers"] and nb not in m["ferries"]:
                continue
            seen.add(nb)
            todo.append(nb)
    for r in range(ROWS):
        for c in range(COLS):
            if (c, r) not in m["rivers"] and (c, r) not in seen:
                err("hex %s cannot be reached from 1415" % fmt((c, r)))
    return errors


# ---------------------------------------------------------------------------------------
# Output
# ---------------------------------------------------------------------------------------


def main(argv):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    game, m = build_game()
    errors = check(game, m) + check_tables(game)
    for e in errors:
        print("gen-wilderness: %s" % e, file=sys.stderr)
    if errors:
        return 1
    if len(argv) > 1 and argv[1] == "--check":
        return 0
    out = argv[1] if len(argv) > 1 else os.path.join(root, "data", "games",
                                                      "battle-of-the-wilderness.warbench")
    write_game(game, out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
