#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Generate data/games/chickasaw-bayou.warbench: the map of Prelude to Vicksburg: Chickasaw Bayou.

Everything comes from the rulebook text of "Prelude to Vicksburg: Chickasaw Bayou, December
26-29, 1862" (Revolution Games' Blind Swords chit-pull series): the Blind Swords Series Rules
(version 1.1, 2023) and the Exclusive Rules 1.0-17.6. The original map is only a picture, so
the map here is a reconstruction around every hex and feature the text names; the Terrain
Effects Chart, the CRT, the cohesion tables and the movement allowances by order are on the
player aids, not in the text, and the file says so instead of inventing them. See
docs/games/chickasaw-bayou.md for what comes from where.

This file holds the map, the terrain and feature types, the rules parameters, the sides and the
unit classes. Formations, units and scenarios are left for the order-of-battle work; the
scenarios' set-up hexes are kept below only to check that the map fits them.

Usage: tools/gen-chickasaw-bayou.py [OUTPUT]   (default: data/games/chickasaw-bayou.warbench)
       tools/gen-chickasaw-bayou.py --check    (build, run the consistency checks, write nothing)

Standard library only, deterministic. The output is in Warbench's canonical layout
(core/wb-format-write.c), so loading and saving it in Warbench gives the same bytes
(`warbench-cli format --check` agrees).
"""

import hashlib
import json
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from wbgen import chain, hex_line as wbgen_hex_line, write_game  # noqa: E402

# ---------------------------------------------------------------------------------------
# Hex geometry. Flat-topped hexes in vertical columns, numbered CCRR. The printed columns run
# 10-57 and the rows 00-26 (the largest and smallest numbers the rules use; 12.3 names the
# retreat rows XX00 and XX26). The printed EVEN columns are shifted half a hex down: that is
# the only layout in which the corduroy bridge 3519 touches both lane hexes 3418 and 3520
# (2.10k) and the Fallen Timber lines of 17.3-17.6 are unbroken chains. Column 10 is the first
# (0-based index 0) and is shifted, so the parity is "even".
# ---------------------------------------------------------------------------------------

FIRST_COL, FIRST_ROW = 10, 0
COLS, ROWS = 48, 27
DIRS = ["n", "ne", "se", "s", "sw", "nw"]
AXIAL_DIRS = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)]


def parse(h):
    """Printed "3519" -> 0-based (col, row)."""
    return (int(h[:2]) - FIRST_COL, int(h[2:]) - FIRST_ROW)


def fmt(o):
    return "%02d%02d" % (o[0] + FIRST_COL, o[1] + FIRST_ROW)


def to_axial(o):
    # 0-based even columns are shifted down ("even-q").
    c, r = o
    return (c, r - (c + (c & 1)) // 2)


def from_axial(a):
    q, r = a
    return (q, r + (q + (q & 1)) // 2)


def on_map(o):
    return 0 <= o[0] < COLS and 0 <= o[1] < ROWS


def neighbour(o, d):
    q, r = to_axial(o)
    dq, dr = AXIAL_DIRS[d]
    return from_axial((q + dq, r + dr))


def neighbours(o):
    return [n for n in (neighbour(o, d) for d in range(6)) if on_map(n)]


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


def noise(*key):
    """A deterministic number in [0, 1) for a key: the map needs no random module."""
    h = hashlib.sha256(("chickasaw:" + ":".join(str(k) for k in key)).encode()).digest()
    return int.from_bytes(h[:4], "big") / 2.0 ** 32


# ---------------------------------------------------------------------------------------
# What the rules name. These hexes are data from the text; the map must fit all of them.
# Set-up hexes are (hex, type) with type inf / cav / art; they are used for checks only.
# ---------------------------------------------------------------------------------------

SETUP = {
    "17.1": {"union": {"inf": "3900 3901 3902 4001", "art": "4002"},
             "confederate": {"inf": "2709 2710 3204 3305", "art": "2709 3204"}},
    "17.2": {"union": {"inf": "1300 1301 1400 1501 1601 1702 3900 3901 3902 4001",
                       "cav": "1801", "art": "4002"},
             "confederate": {"inf": "2709 2710 3204 3305", "art": "2709 3204"}},
    "17.3": {"union": {"inf": "4810 4811 4812 4813 4909 4910 5108 5207 5306 5307 5405",
                       "art": "4711 5008"},
             "confederate": {"inf": "4321 4717 4816", "art": "4816 4822"}},
    "17.4": {"union": {"inf": "1400 1501 1601 1702 1801 1804 1805 1903 1904 1905 1906 3601 "
                              "3702 3703 3802",
                       "cav": "2005", "art": "1300 1802 3803"},
             "confederate": {"inf": "2316 2519 2709 3204 3305 3309 3520 4717 4721", "cav": "2522",
                             "art": "2421 2710 3204 3320 3619 4717"}},
    "17.5": {"union": {"inf": "1110 1111 1209 1210 1309 1310 2014 2015 2115 2116 2214 2215 2216 "
                              "2314 2315 2414 2508 2509 2510 2607 2608 2609 2810 2811 2910 2911 "
                              "3010 3109 3110 3310 3410 4810 4811 4812 4813 4909 4910 5108 5207 "
                              "5306 5307 5405",
                       "cav": "1915 2408 2809",
                       "art": "1206 2316 2415 2507 3011 3111 4711 5008"},
             "confederate": {"inf": "1025 1125 1225 1325 1425 1525 2120 2223 2320 2323 2419 2422 "
                                    "2519 3316 3514 4220 4321 4421 4717 4816",
                             "cav": "1526",
                             "art": "1625 1725 1824 2421 3320 3619 3719 4816 4822"}},
    "17.6": {"union": {"inf": "1614 1715 1814 1815 1816 1916 2015 2215 2216 2316 2317 2416 2417 "
                              "2517 2518 2617 2717 2816 2818 2916 2918 3015 3016 3116 3117 3118 "
                              "3213 3215 3218 3315 3318 3417 3418 3603 3703 3716 3717 3802 3816 "
                              "3817 3900 3901 3902",
                       "cav": "1915 2911 3010",
                       "art": "1915 2415 2516 3217 3317 3504"},
             "confederate": {"inf": "2120 2124 2419 2423 2519 2523 2619 2723 2822 2920 3022 3220 "
                                    "3320 3520 3619 3819 3919 4120 4219 4519 4717 4816",
                             "cav": "2322",
                             "art": "2024 2421 2822 3320 3520 3619 3622 4822 5222"}},
    # 17.6 variants n and o (3917 3916; 4215 4315 4216 4316; 3118 3117).
    "17.6-variants": {"union": {"inf": "3916 3917 4215 4216 4315 4316 3117 3118"}},
}

# Fallen Timber marker hexes of 17.3-17.6 (markers, not map terrain; see FEATURES).
TIMBER = {
    "full": "2317 2417 2517 2616 2717 2818 2918 3118 3218 3318 3418 3616 4716",
    "half": ("2216 2518 2617 3717 3817 3917 4017 4118 4217 4317 4417 4517 4616 5016 5117 5217 "
             "5317 5416 5516 5615 5715 2417 2517 2616 2717 2818 2918 3118 3218 3318 3418 3616"),
}

# 2.10a: "Example hexes of the different levels".
ELEVATION_EXAMPLES = {"2520": 1, "4121": 2, "4022": 3, "3824": 4, "4123": 5, "4326": 6, "4525": 7}
# Series rule 9.1a's LOS example "Both hexes 2622 and 2621 are on Elevation 2" (fits this map;
# the same section's "hex 1110 is Elevation 8" is from another game of the series: this map
# has levels 1-7, and 1110 is a set-up hex of 17.5 in the bottoms).
ELEVATION_LOS_EXAMPLE = {"2621": 2, "2622": 2}

CORDUROY = "3519"                      # 2.10k
CORDUROY_LANES = ("3418", "3520")      # 2.10k: "lane hex 3418 or lane hex 3520"
PONTOON_HEXES = ("3018", "3017")       # 17.6g designer's note: intended 3018, placed 3017
RAIL_FENCE = ("3120", "3020")          # 2.10c
SNYDER_PIKE_ENDS = ("5320", "5718")    # 17.6j
TRENCH_ROW_ENDS = {1: ("1023", "5723"), 2: ("1526", "5423")}  # 17.6j
OBJECTIVES_17_1 = ("3206", "3010")     # 17.1f
ENTRY = {
    "3900": ("union", "17.4 reinforcements: Lindsey's Brigade 7:00 am, Sheldon's Brigade 7:30 am."),
    "1007": ("union", "17.6l Race-Course Variant: Landram's Brigade, Cooley and Putnam, 11:30 AM."),
    "5718": ("confederate", "17.6j: S. D. Lee's Brigade from Snyder's Bluff, drawn by chit."),
    "1025": ("confederate", "17.6l Race-Course Variant: the 61st TN, 1:00 PM."),
}

# ---------------------------------------------------------------------------------------
# The reconstruction. Terrain keys.
# ---------------------------------------------------------------------------------------

CLEAR, LIGHT, HEAVY, CYPRESS, SWAMP, BAYOU, LAKE, BLAKE = ".", "w", "W", "c", "s", "b", "~", "L"

# Chickasaw Bayou along the foot of the Walnut Hills, from the west edge to the end of the
# Fallen Timber line: north of the first trench row, south of the timber (the Union side).
# 2518 is dry: the Union 13 US Bttn sets up there adjacent to the Confederate 31 LA-a in 2519
# (17.6), so the bayou has a gap there (the sand bar where G. Smith's brigade crossed).
BAYOU_WEST = ["1018", "1318", "1518", "1618", "1717", "1817", "1918", "2318", "2418"]
BAYOU_CENTRE = ["2618", "2719", "2819", "2919", "3018", "3119", "3219", "3319", "3419", "3519",
                "3618", "3718", "3818", "3918", "4018", "4119", "4218", "4318", "4418", "4518"]
BAYOU_POCKETS = ["3017"]               # where Patterson put the pontoon by mistake (17.6g)
# The bayou's northern reach, east of Morgan's front: from a lake in the bottoms south to
# Blake's Levee, past the levee's end (4815), and east along the front of the entrenchments
# to the east edge. It separates Steele (17.3) from the centre, as historically.
BAYOU_EAST = ["4509", "4512", "4515", "4615", "4715", "4815", "4915", "5015", "5116", "5216",
              "5316", "5415", "5515", "5614", "5714"]
LAKES = [
    # (centre, radius): old river lakes in the bottoms.
    ("4407", 1.6), ("1510", 1.2), ("2210", 1.0), ("5512", 1.3),
]
# Blake's Levee (2.10l, 17.3): a levee that occupies hexes. Hovey's brigade sets up along it
# in 4810-4813; it runs from the bottoms near the Yazoo to the bayou at 4815.
BLAKES_LEVEE = ["4803", "4814"]

# The two trench rows (17.6j: "first row of Trenches (hexes 1023 to 5723)", "second row of
# Trenches (hexes 1526 to 5423)"), as chains of hexes through the Confederate set-up hexes
# the scenarios put on the line. The first row takes in the works at the end of Blake's
# Levee (4717, 4816; 17.3, 17.4f).
TRENCH_1 = ["1023", "1322", "1621", "1821", "2120", "2320", "2419", "2519", "2620", "2820",
            "2920", "3020", "3120", "3220", "3320", "3420", "3520", "3619", "3719", "3819",
            "3919", "4019", "4120", "4219", "4319", "4419", "4519", "4618", "4717", "4816",
            "4917", "5017", "5118", "5218", "5319", "5419", "5520", "5620", "5721", "5723"]
TRENCH_2 = ["1526", "1625", "1725", "1824", "2024", "2124", "2223", "2323", "2423", "2523",
            "2623", "2723", "2822", "3022", "3122", "3222", "3322", "3422", "3522", "3622",
            "3722", "3822", "3922", "4022", "4122", "4222", "4321", "4421", "4521", "4621",
            "4721", "4822", "4922", "5022", "5122", "5222", "5322", "5423"]

# The Pike: the Confederate road between the trench rows, from the west edge (towards
# Vicksburg; the 61st TN enters at 1025 in 17.6l and Gregg's brigade is in column along
# 1025-1525 in 17.5) to 5320, then the Snyder's Bluff pike of 17.6j, 5320-5718.
PIKE = ["1025", "1525", "1623", "2022", "2222", "2322", "2421", "2621", "3221", "3521", "3621",
        "4120", "4220", "4320", "4420", "4520", "4619", "4719", "4819", "5020", "5220", "5320",
        "5419", "5519", "5618", "5718"]
# Lanes (2.10k names lanes; 3.1a: "Lane, Pike"). Reconstructed except the corduroy crossing.
LANES = {
    # From the Yazoo landings (entry 3900) past Annie Lake's House and through the Lake Woods
    # to the corduroy bridge (3418 - 3519 - 3520) and up the bluffs to the pike.
    "lake-lane": ["3900", "3702", "3504", "3305", "3206", "3209", "3213", "3214", "3315",
                  "3316", "3417", "3418", "3519", "3520", "3621"],
    # Blair's approach from the west edge (17.2) to Annie Lake's House and the objective 3010.
    "blair-lane": ["1300", "1601", "1802", "2005", "2307", "2408", "2709", "3010", "3110",
                   "3206"],
    # A. J. Smith's approach from the race-course (1007) across the bottoms to the bayou at
    # the sand bar (2518 - 2519) and up to the pike.
    "race-course-lane": ["1007", "1206", "1310", "1613", "1815", "1915", "2115", "2316",
                         "2417", "2518", "2519", "2520", "2621"],
    # From the Lake plantation south-west to G. Smith's and Stuart's position.
    "lake-smith-lane": ["3010", "2811", "2510", "2213", "2115"],
    # Steele's road from the top edge (the landing at the north end of Blake's Levee).
    "steele-lane": ["5000", "4902", "4803"],
    # From the pike down to the works at the end of Blake's Levee.
    "blake-works-lane": ["4819", "4717"],
}

# Creeks running off the Walnut Hills into the bayou, as hex-corner routes (hexside chains).
# Each runs down the west side of a column of hexes, from the crest to the bayou: (printed
# column, first row, last row).
CREEKS = {
    "west-creek": (19, 19, 26),
    "east-creek": (39, 19, 26),
}

# Levee hexsides: the levees along the south bank of Chickasaw Bayou in front of the first
# trench row (reconstructed; 2.10l describes levee hexsides but the text names none).
# (printed columns): wherever a bayou hex there touches a hex of the first trench row, the
# hexside between them is a levee.
LEVEE_COLUMNS = list(range(27, 35)) + list(range(38, 46))

# Elevation: each column's foot of the bluffs (first 0-based row at level 2), rise per row
# and crest, by printed column. Fitted to 2.10a's example hexes.
BLUFF = {}
for _c in range(10, 58):
    if _c <= 21:
        BLUFF[_c] = (24, 0.8, 4)
    elif _c <= 24:
        BLUFF[_c] = (23, 0.7, 4)
    elif _c <= 27:
        BLUFF[_c] = (21, 0.6, 5)
    elif _c <= 35:
        BLUFF[_c] = (22, 0.8, 5)
    elif _c <= 37:
        BLUFF[_c] = (22, 0.9, 6)
    elif _c <= 46:
        BLUFF[_c] = (21, {38: 0.8, 39: 1.0, 40: 1.5, 41: 1.5, 42: 1.2, 43: 0.9, 44: 1.2, 45: 1.3,
                          46: 1.1}[_c], 7)
    elif _c <= 51:
        BLUFF[_c] = (22, 1.0, 6)
    else:
        BLUFF[_c] = (23, 0.8, 5)

LABELS = {
    "3206": "Annie Lake's House",
    "3305": "Lake Woods",
    "3519": "Corduroy Bridge",
    "4806": "Blake's Levee",
    "2118": "Chickasaw Bayou",
    "4425": "Walnut Hills",
    "3900": "To the Yazoo River landings",
    "1007": "To the Race-course",
    "5718": "To Snyder's Bluff",
    "1025": "Pike (to Vicksburg)",
    "3120": "Rail fence",
    "2518": "Sand bar",
}


def build_map():
    grid = [[LIGHT] * COLS for _ in range(ROWS)]
    elev = [[1] * COLS for _ in range(ROWS)]

    def put(o, t):
        grid[o[1]][o[0]] = t

    def get(o):
        return grid[o[1]][o[0]]

    # Elevation: the Walnut Hills rise along the south edge.
    for c in range(COLS):
        foot, rate, crest = BLUFF[c + FIRST_COL]
        # A ravine or a spur now and then, so the contour is not a ruled line; columns the
        # examples fix are left alone.
        if c + FIRST_COL not in (25, 26, 38, 40, 41, 43, 45):
            foot += int(noise("foot", c) * 3) - 1
        for r in range(ROWS):
            if r >= foot:
                elev[r][c] = min(crest, 2 + int(rate * (r - foot)))
    for h, lv in list(ELEVATION_EXAMPLES.items()) + list(ELEVATION_LOS_EXAMPLE.items()):
        c, r = parse(h)
        elev[r][c] = lv

    protected = set()
    setup_types = {}
    for sc in SETUP.values():
        for side in sc.values():
            for kind, hexes in side.items():
                for h in hexes.split():
                    protected.add(parse(h))
                    setup_types.setdefault(parse(h), set()).add(kind)
    for kind in TIMBER.values():
        protected.update(parse(h) for h in kind.split())
    protected.update(parse(h) for h in ENTRY)
    protected.update(parse(h) for h in OBJECTIVES_17_1)

    # Woods and clearings in the bottoms: the default is light woods; plantation fields and
    # heavy woods are blobs around fixed centres.
    def blob(centre, radius, t, avoid=()):
        o0 = parse(centre)
        for c in range(COLS):
            for r in range(ROWS):
                o = (c, r)
                d = distance(o, o0) + (noise(t, centre, c, r) - 0.5) * 1.2
                if d <= radius and o not in avoid:
                    put(o, t)

    clearings = [("3903", 2.6), ("3607", 1.8), ("3109", 2.2), ("3006", 1.5), ("1501", 2.2),
                 ("1902", 1.6), ("2405", 1.8), ("1207", 2.0), ("1210", 1.6), ("2809", 1.8),
                 ("5105", 2.6), ("5308", 1.8), ("5601", 1.8), ("2014", 1.4), ("3312", 1.4),
                 ("4202", 1.8), ("2601", 1.4), ("2914", 1.3), ("3913", 1.2), ("1612", 1.0),
                 ("2315", 0.9), ("5209", 1.2), ("4415", 0.8)]
    for centre, rad in clearings:
        blob(centre, rad, CLEAR)
    heavy = [("3305", 1.2), ("3204", 0.8), ("2709", 1.0), ("1713", 1.6), ("2612", 1.4),
             ("3615", 1.2), ("4113", 1.8), ("4612", 1.2), ("1105", 1.2), ("5610", 1.2),
             ("2114", 0.6), ("5203", 1.0)]
    for centre, rad in heavy:
        blob(centre, rad, HEAVY)
    swamps = [("1416", 1.6), ("2016", 1.0), ("3916", 1.1), ("4316", 1.2), ("5017", 1.2),
              ("5517", 1.4), ("4209", 1.0), ("4613", 1.0), ("1116", 1.2), ("2812", 0.8),
              ("5313", 1.0)]
    nasty = {o for o, kinds in setup_types.items() if kinds & {"cav", "art"}}
    for centre, rad in swamps:
        blob(centre, rad, SWAMP, avoid=nasty)
    cypress = [("1217", 1.0), ("2217", 0.8), ("3717", 0.6), ("4417", 0.9), ("5216", 0.7),
               ("4514", 0.9), ("1614", 0.6), ("3115", 0.5), ("4610", 0.8)]
    for centre, rad in cypress:
        blob(centre, rad, CYPRESS, avoid=protected)
    for centre, rad in LAKES:
        blob(centre, rad, LAKE, avoid=protected)

    bayou = set()
    for chain in (BAYOU_WEST, BAYOU_CENTRE, BAYOU_EAST):
        bayou.update(path(*chain))
    bayou.update(parse(h) for h in BAYOU_POCKETS)
    for o in bayou:
        put(o, BAYOU)
    # The bayou bottoms: swamp or cypress along the banks, on the Union side mostly.
    for o in sorted(bayou):
        for n in neighbours(o):
            if n in bayou or n in protected or get(n) in (LAKE, BLAKE):
                continue
            if elev[n[1]][n[0]] > 1:
                continue
            v = noise("bank", n)
            if v < 0.30:
                put(n, SWAMP if n not in nasty else get(n))
            elif v < 0.42:
                put(n, CYPRESS)

    levee = path(*BLAKES_LEVEE)
    for o in levee:
        put(o, BLAKE)

    # The Walnut Hills: wooded slopes cut by ravines, the crests cleared around the works.
    for c in range(COLS):
        for r in range(ROWS):
            o = (c, r)
            if elev[r][c] >= 2 and get(o) not in (BAYOU, LAKE):
                v = noise("hill", c, r)
                put(o, HEAVY if v < 0.45 else LIGHT if v < 0.8 else CLEAR)

    trench1 = path(*TRENCH_1)
    trench2 = path(*TRENCH_2)
    # Fields of fire: the trench hexes and the hexes in front of the first row are cleared or
    # light woods (slashed); the fallen timber lies in front of them.
    for o in trench1 + trench2:
        put(o, CLEAR if noise("trench", o) < 0.6 else LIGHT)
    for h in TIMBER["full"].split() + TIMBER["half"].split():
        o = parse(h)
        if get(o) in (CLEAR, SWAMP, CYPRESS, LAKE, BAYOU):
            put(o, LIGHT)

    # Roads.
    pike = path(*PIKE)
    lanes = {name: path(*pts) for name, pts in LANES.items()}
    road_hexes = set(pike)
    for hexes in lanes.values():
        road_hexes.update(hexes)
    # Roads do not run through lakes; the pike and lanes keep their hexes dry except the
    # corduroy bridge over the bayou.
    for o in road_hexes:
        if get(o) == LAKE:
            put(o, LIGHT)
    for h in ("2518", "2519", "2520"):
        o = parse(h)
        if get(o) in (SWAMP, CYPRESS):
            put(o, CLEAR)
    # Set-up hexes of cavalry and artillery are never in terrain they may not enter; infantry
    # set-up hexes are never in lake or bayou (cypress is allowed to infantry, but none sets
    # up there: the cohesion check of 2.10j would make that a trap).
    for o, kinds in setup_types.items():
        t = get(o)
        if t in (LAKE, BAYOU, CYPRESS):
            put(o, LIGHT)
        elif t == SWAMP and kinds & {"cav", "art"} and o not in road_hexes:
            put(o, LIGHT)

    sides = {}

    def add_side(a, b, feat):
        s = canonical(a, direction(a, b))
        sides.setdefault(s, set()).add(feat)

    for a, b in zip(pike, pike[1:]):
        add_side(a, b, "pike")
    for hexes in lanes.values():
        for a, b in zip(hexes, hexes[1:]):
            add_side(a, b, "lane")
    for name, (col, r0, r1) in CREEKS.items():
        # The north-west and south-west hexsides of each hex make one unbroken line.
        for r in range(r0, r1 + 1):
            o = parse("%02d%02d" % (col, r))
            for d in (4, 5):
                if on_map(neighbour(o, d)):
                    add_side(o, neighbour(o, d), "creek")
    trench1 = path(*TRENCH_1)
    for o in sorted(bayou):
        if o[0] + FIRST_COL in LEVEE_COLUMNS:
            for n in neighbours(o):
                if n in trench1:
                    add_side(o, n, "levee")
    # Slopes: the Walnut Hills' faces. A change of two levels or more across a hexside is a
    # steep slope; one level, where the upper hex is level 3 or more, a slope.
    for c in range(COLS):
        for r in range(ROWS):
            o = (c, r)
            for d in range(3):
                n = neighbour(o, d)
                if not on_map(n):
                    continue
                a, b = elev[r][c], elev[n[1]][n[0]]
                diff = abs(a - b)
                if diff >= 2:
                    sides.setdefault((o, d), set()).add("steep-slope")
                elif diff == 1 and max(a, b) >= 3:
                    sides.setdefault((o, d), set()).add("slope")

    return {
        "grid": grid,
        "elev": elev,
        "bayou": bayou,
        "levee": levee,
        "trench1": trench1,
        "trench2": trench2,
        "pike": pike,
        "lanes": lanes,
        "road_hexes": road_hexes,
        "sides": sides,
        "setup_types": setup_types,
    }


# ---------------------------------------------------------------------------------------
# Game, rules, sides, classes, terrain, features, tables
# ---------------------------------------------------------------------------------------

SOURCE = ("Prelude to Vicksburg: Chickasaw Bayou, December 26-29, 1862, rulebook text: Blind "
          "Swords Series Rules (Version 1.1, 2023) 1.0-14.5 and Exclusive Rules 1.0-17.6 "
          "(terrain 2.10, stacking 3.1, artillery 6.0-6.5, LOS and column shifts 9.1a/9.3/11.0c, "
          "scenarios 17.1-17.6). The map, the counters, the Terrain Effects Chart, the Combat "
          "Results Table, the Cohesion Test Tables and the Brigade Order Details are on the map "
          "and player aids, not in the text.")

GAME = {
    "id": "chickasaw-bayou",
    "title": "Prelude to Vicksburg: Chickasaw Bayou, December 26-29, 1862",
    "publisher": "Revolution Games",
    "scale": ("1 hex = about 140 yards; 1 SP = about 50 men or one gun; 1 turn = about 30 "
              "minutes; elevation levels of about 50 feet (2.9, 2.10a)"),
    "source": SOURCE,
    "notes": ("Blind Swords chit-pull series. The rulebook text names the publisher in the series "
              "rules' introduction (1.0: \"published by Revolution Games\") but prints no designer "
              "and no year of the game (only the series rules' \"Version 1.1, 2023\"), so both are "
              "left out. This file holds the map (reconstructed: see the map's source), the "
              "terrain and the unit classes; formations, units and scenarios are still to come. "
              "See docs/games/chickasaw-bayou.md for what comes from where."),
}

RULES = {
    "family": "blind-swords",
    "params": {
        "sp_men": 50,
        "stacking_sp": 10,
        "stacking_counts": "printed SP; artillery per the Artillery Stacking Table (player aid); pioneers do not count",
        "artillery_movement": 6,
        "orders": ["attack", "defend", "maneuver", "regroup"],
        "march_column_mp": 0.5,
        "road_mp": 1,
        "cavalry_mount_mp": 3,
        "skirmish_max_per_side": 2,
        "skirmish_enter_mp": 2,
        "cohesion_min": 0,
        "cohesion_max": 6,
        "crt_dice": "d66",
        "crt_first_column": "C",
        "crt_last_column": "23+",
        "unsupported_cr": -1,
        "trench_cr_bonus_confederate": 2,
        "artillery_engagement_range": 2,
        "rally_enemy_distance": 3,
        "broken_track": ["3", "2", "1", "available"],
        "retreat_row": {"union": "00", "confederate": "26"},
        "pioneers_on_map": 6,
        "command_events": False,
        "unknown": [
            "infantry and cavalry movement allowances by order (player aid: Brigade Order Details)",
            "terrain movement costs (Terrain Effects Chart)",
            "Weapon Ranges Table",
            "Artillery Stacking Table",
            "Combat Results Table (2d6 read 11-66, columns C to 23+)",
            "Fire and Close Combat Cohesion Test Tables",
            "Fog of War Chit Table and General Casualty Table",
            "Unique Event descriptions",
        ],
    },
}

SIDES = [
    {"id": "union", "name": "Union (USA)", "color": "#3f5f9c", "text_color": "#ffffff"},
    {"id": "confederate", "name": "Confederate (CSA)", "color": "#8e8f88", "text_color": "#111111"},
]

WEAPON = {"id": "weapon", "name": "Weapon Type", "type": "string"}
CR_FRESH = {"id": "cr", "name": "Cohesion Rating (Fresh)", "type": "int", "min": 0, "max": 6}
CR_WORN = {"id": "cr_worn", "name": "Cohesion Rating (Battleworn)", "type": "int", "min": 0, "max": 6}
FRAGILE = {"id": "fragile", "name": "Fragile (BW side only)", "type": "bool"}
UNIT_CLASSES = [
    {"id": "infantry", "name": "Infantry", "symbol": "infantry",
     "attrs": [WEAPON, CR_FRESH, CR_WORN, FRAGILE]},
    {"id": "cavalry", "name": "Cavalry (mounted)", "symbol": "cavalry",
     "attrs": [WEAPON, CR_FRESH, CR_WORN, FRAGILE,
               {"id": "dismounted_counter", "name": "Has a dismounted counter", "type": "bool"}]},
    {"id": "cavalry-dismounted", "name": "Cavalry (dismounted)", "symbol": "infantry",
     "attrs": [WEAPON, CR_FRESH, CR_WORN, FRAGILE]},
    {"id": "artillery", "name": "Artillery", "symbol": "artillery",
     "attrs": [WEAPON, CR_FRESH, CR_WORN]},
    {"id": "pioneer", "name": "Pioneer", "symbol": "pioneer"},
    {"id": "pontoon-bridge", "name": "Pontoon Bridge", "symbol": "generic"},
]

NO_TEC = "Movement cost: on the Terrain Effects Chart (player aid), not in the rulebook text."
TERRAIN = [
    {"id": "clear", "name": "Clear", "key": CLEAR, "color": "#cfe0a4",
     "note": NO_TEC + " No effect on fire or LOS. Cavalry may Charge only from and into Clear (10.10)."},
    {"id": "light-woods", "name": "Light Woods", "key": LIGHT, "color": "#9cc07a", "pattern": "trees",
     "note": (NO_TEC + " Fire at a target in Light Woods: 1 column left (9.3i); firing through one "
              "Light Woods or Fallen Timber hex on the same level: 1 left (9.3vii); two such hexes "
              "block LOS (9.1a ii). No Unit Support in or from any Woods hex (12.4a iv).")},
    {"id": "heavy-woods", "name": "Heavy Woods", "key": HEAVY, "color": "#5f8f4a", "pattern": "trees",
     "blocks_los": True,
     "note": (NO_TEC + " Blocks LOS at the same level (9.1a ii). Fire at a target in Heavy Woods: "
              "2 columns left (9.3v); Close Combat against a defender here: 1 left (11.0c xxii). No "
              "Unit Support in or from any Woods hex (12.4a iv).")},
    {"id": "cypress", "name": "Cypress", "key": CYPRESS, "color": "#6f8f6a", "pattern": "marsh",
     "move": {"cavalry": None, "artillery": None}, "blocks_los": True,
     "note": ("2.10j: cavalry and artillery may not enter. Infantry entering by movement or retreat "
              "takes an immediate Cohesion Check (die > CR: Morale Hit). Fire or Close Combat from "
              "Cypress: 1 left; at a target in Cypress: 1 left (9.3ii, 9.3ix, 11.0c xx, xxii). No "
              "Rebuild, Recover or Rally event; no Unit Support. LOS as Heavy Woods. Infantry "
              "movement cost: Terrain Effects Chart, not in the text.")},
    {"id": "swamp", "name": "Swamp", "key": SWAMP, "color": "#b6c9a0", "pattern": "marsh",
     "move": {"cavalry": None, "artillery": None},
     "note": ("2.10i: artillery and cavalry may enter only along a road (Lane or Pike; the road "
              "rate of 10.5 then applies). Fire or Close Combat from Swamp: 1 column left (9.3ix, "
              "11.0c xx). Infantry movement cost: Terrain Effects Chart, not in the text.")},
    {"id": "bayou", "name": "Bayou", "key": BAYOU, "color": "#7fa8a0", "pattern": "water",
     "move": {"infantry": 4, "cavalry": None, "cavalry-dismounted": None, "artillery": None},
     "note": ("2.10h: water of indeterminate depth. Cavalry (even dismounted) and artillery never "
              "enter. Infantry spends 4 MP and first rolls on the Bayou Entry Table (table "
              "bayou-entry); retreating infantry enters without the roll but takes a Cohesion "
              "Check. Fire or Close Combat from a Bayou hex: 1 column left. No Rebuild, Recover or "
              "Rally event. The whole hex counts as Bayou even where its water is less than half "
              "the hex.")},
    {"id": "lake", "name": "Lake", "key": LAKE, "color": "#5b93c7", "pattern": "water",
     "move": {"*": None}, "note": "2.10g: no unit may enter a lake hex."},
    {"id": "blakes-levee", "name": "Blake's Levee", "key": BLAKE, "color": "#b79c6b", "pattern": "dots",
     "blocks_los": True,
     "note": ("2.10l, 17.3: Blake's Levee occupies hexes instead of hexsides. It blocks LOS between "
              "units on the same level when it is an intervening hex at that level (9.1a ii); a "
              "defender in a Blake's Levee hex: Close Combat 1 column left (11.0c xxii). "
              "Movement cost: Terrain Effects Chart, not in the text.")},
]

FEATURES = [
    {"id": "pike", "name": "Pike", "where": "hexside", "style": "pike", "color": "#7a2a1a",
     "width": 0.11, "move_mode": "set", "move": {"*": 1},
     "note": ("10.5: 1 MP from a road hex to a connected road hex whatever the other terrain. "
              "10.5a March Column: 1/2 MP per hex along the Pike for infantry and cavalry under "
              "Maneuver orders and for all artillery. 3.1a: the 10 SP stacking limit applies at "
              "all times when using the road rate.")},
    {"id": "lane", "name": "Lane", "where": "hexside", "style": "trail", "color": "#7a5a2e",
     "width": 0.07, "move_mode": "set", "move": {"*": 1},
     "note": ("10.5: 1 MP from a lane hex to a connected lane hex whatever the other terrain; no "
              "March Column rate on lanes (10.5a). 3.1a: the 10 SP stacking limit applies at all "
              "times when using the road rate.")},
    {"id": "creek", "name": "Creek", "where": "hexside", "style": "creek", "color": "#3d78b8",
     "width": 0.08,
     "note": ("2.10f, 11.0c xxi: Close Combat across a creek hexside, 1 column left. Movement "
              "cost (if any): Terrain Effects Chart, not in the text.")},
    {"id": "levee", "name": "Levee", "where": "hexside", "style": "levee", "color": "#8a6d3b",
     "width": 0.08,
     "note": ("2.10l: a 10-15 foot mound of earth. Between units on the same level it blocks LOS "
              "where it is on an intervening hex, unless the firer or the target is adjacent to it "
              "(9.1a iii); never if either unit is higher. A target adjacent to a levee hexside: "
              "fire 1 column left (9.3iii); a defender behind a levee: Close Combat 1 left (11.0c "
              "xxi). Movement cost: Terrain Effects Chart, not in the text.")},
    {"id": "slope", "name": "Slope", "where": "hexside", "style": "slope", "color": "#7b5a36",
     "width": 0.06,
     "note": ("11.0c x: a defender on the higher side, Close Combat 2 columns left. 10.10g: no "
              "Cavalry Charge across it. Movement cost: Terrain Effects Chart, not in the text.")},
    {"id": "steep-slope", "name": "Steep Slope", "where": "hexside", "style": "slope",
     "color": "#4a3018", "width": 0.09,
     "note": ("11.0c xi: a defender on the higher side, Close Combat 3 columns left. 6.5a: artillery "
              "moving up it must start adjacent, spends its whole Movement Allowance and takes a "
              "Morale Hit. 10.10g: no Cavalry Charge across it. Other movement costs: Terrain "
              "Effects Chart, not in the text.")},
    {"id": "trench", "name": "Trench", "where": "hex", "color": "#5b3a1e",
     "note": ("2.10d: rifle pits and trenches. Any target unit in a Trench hex: Fire and Close "
              "Combat 2 columns left (9.3vi/xvii, 11.0c xix). Confederate units in a Trench hex: "
              "+2 Cohesion Rating, but not when they initiate Close Combat; Union units get no "
              "modifier. The Good Ground chit may not be placed in a Trench hex (9.3xvi).")},
    {"id": "corduroy-bridge", "name": "Corduroy Bridge", "where": "hex", "style": "bridge",
     "color": "#6b4a2a",
     "note": ("2.10k: logs across the bayou in 3519. A unit that begins on lane hex 3418 or 3520 "
              "enters for 1 MP, ignoring the Bayou and the Bayou Entry Table; from any other hex it "
              "is a Bayou hex. A unit that stops here is in a Bayou hex for combat; artillery and "
              "cavalry may not end a move or retreat here (eliminated if there is no other "
              "option). It can never be damaged or destroyed.")},
    {"id": "rail-fence", "name": "Rail Fence", "where": "hex", "color": "#9a7b4f",
     "note": "2.10c: in 3120 and 3020 for historical interest only; no effect on game play."},
    {"id": "fallen-timber-full", "name": "Fallen Timber (Full)", "where": "hex",
     "color": "#4d3a22",
     "note": ("2.2a: a marker, placed by each scenario (17.3-17.6), not printed on the map. Union "
              "units may not enter. Confederate units of all types enter at the cost of all their "
              "MP. Fire or Close Combat from it: 1 column left; fire at a target in it: 1 left; one "
              "such hex on the same level obscures LOS, two block it (9.1a ii). Pioneers reduce it "
              "to Half (14.4). Not placed on this map: the format has no per-scenario markers.")},
    {"id": "fallen-timber-half", "name": "Fallen Timber (Half)", "where": "hex",
     "color": "#8a6a3a",
     "note": ("2.2a: a marker, placed by each scenario. Union infantry enters at the cost of all its "
              "MP; Union artillery and cavalry may not enter. Confederate units of all types enter "
              "at the cost of all their MP. Combat and LOS as Full. Pioneers remove it (14.4). Not "
              "placed on this map: the format has no per-scenario markers.")},
    {"id": "epaulement", "name": "Epaulement", "where": "hex", "color": "#6e5a3a",
     "note": ("2.2b: a marker placed by the Epaulement event chit; fire at a unit in the hex, 2 "
              "columns left. Not printed on the map.")},
]

TABLES = [{
    "id": "bayou-entry",
    "name": "Bayou Entry Table",
    "kind": "roll",
    "dice": "1d6",
    "source": "Exclusive Rules 2.10h, as printed",
    "note": ("Rolled before an infantry unit moves into a Bayou hex. No roll for a Wayward Union "
             "move (Fog of War), Handsome Move or Huzzah moves, a skirmisher withdrawing, a "
             "Pontoon Bridge or the Corduroy Bridge; a retreating unit does not roll but takes a "
             "Cohesion Check. 17.6h: no roll for Union units on the 11:30 AM turn of the Grand "
             "Assault."),
    "columns": [{"label": "Result"}],
    "rows": [
        {"label": "1-2", "lo": 1, "hi": 2, "cells": ["Unit enters hex normally spending 4 MP."]},
        {"label": "3-4", "lo": 3, "hi": 4,
         "cells": [("The player chooses: (1) the unit does not enter but still spends 4 MP; or (2) "
                    "it enters spending 4 MP and takes an immediate Cohesion Check: it passes if "
                    "the die roll is equal to or less than its modified Cohesion Rating, otherwise "
                    "it suffers a Morale Hit (a Disrupted unit then takes a Break Test).")]},
        {"label": "5-6", "lo": 5, "hi": 6,
         "cells": ["Unit spends 4 MP but is prohibited from entering the Bayou hex this turn."]},
    ],
}]

MAP_SOURCE = ("Reconstructed: the original 22 x 34 inch map is only a picture. Hex numbering, "
              "orientation and size come from the hexes the rules and scenarios name (columns "
              "10-57, rows 00-26, even columns shifted down: 2.10k's corduroy bridge 3519 touches "
              "lane hexes 3418 and 3520). Every named hex is where the text puts it: the set-up, "
              "entry and objective hexes of 17.1-17.6, the corduroy bridge (2.10k), the rail "
              "fence (2.10c), the pontoon site (17.6g), the trench rows 1023-5723 and 1526-5423 "
              "and the pike 5320-5718 (17.6j), the level examples of 2.10a. The rest (terrain, "
              "the course of the bayou, lanes, creeks, levees, slopes and most levels) is drawn "
              "from the historical geography of Chickasaw Bayou and is not the printed map. See "
              "docs/games/chickasaw-bayou.md.")


def map_entity(m):
    grid = m["grid"]
    hexes = {}
    for h, label in LABELS.items():
        hexes.setdefault(parse(h), {})["label"] = label
    for o in sorted(set(m["trench1"]) | set(m["trench2"])):
        hexes.setdefault(o, {}).setdefault("features", []).append("trench")
    hexes.setdefault(parse(CORDUROY), {}).setdefault("features", []).append("corduroy-bridge")
    for h in RAIL_FENCE:
        hexes.setdefault(parse(h), {}).setdefault("features", []).append("rail-fence")
    hex_entries = []
    for o in sorted(hexes, key=lambda o: (o[1], o[0])):
        e = {"hex": fmt(o)}
        if "label" in hexes[o]:
            e["label"] = hexes[o]["label"]
        if "features" in hexes[o]:
            e["features"] = hexes[o]["features"]
        hex_entries.append(e)

    order = [f["id"] for f in FEATURES]
    side_entries = []
    for (o, d) in sorted(m["sides"], key=lambda s: (s[0][1], s[0][0], s[1])):
        feats = sorted(m["sides"][(o, d)], key=order.index)
        side_entries.append({"hex": fmt(o), "dir": DIRS[d], "features": feats})

    marks = [
        {"id": "objectives-17-1", "name": "Objectives (17.1, 17.2)", "kind": "objective",
         "hexes": list(OBJECTIVES_17_1),
         "note": ("17.1f: Union 2 VP and Confederate 1 VP per hex controlled at the end; both hexes "
                  "are under Confederate control at the start.")},
        {"id": "trench-row-1", "name": "First row of Trenches", "kind": "trench",
         "hexes": [fmt(o) for o in m["trench1"]],
         "note": ("17.6j: \"the first row of Trenches (hexes 1023 to 5723)\". The ends are from the "
                  "text; the hexes between are reconstructed through the Confederate positions of "
                  "17.3-17.6, including the works at the end of Blake's Levee (4717, 4816).")},
        {"id": "trench-row-2", "name": "Second row of Trenches", "kind": "trench",
         "hexes": [fmt(o) for o in m["trench2"]],
         "note": ("17.6j: \"the second row of Trenches (hexes 1526 to 5423)\". The ends are from "
                  "the text; the hexes between are reconstructed.")},
        {"id": "snyders-bluff-pike", "name": "Pike to Snyder's Bluff", "kind": "place",
         "hexes": [fmt(o) for o in m["pike"][m["pike"].index(parse(SNYDER_PIKE_ENDS[0])):]],
         "note": ("17.6j: a Union unit within three hexes of \"the Pike hexes running from hexes 5320 "
                  "to 5718\" brings on all remaining units of S. D. Lee's Brigade.")},
        {"id": "pontoon-site", "name": "Pontoon site (historical)", "kind": "place",
         "hexes": list(PONTOON_HEXES),
         "note": ("17.6g designer's note: the pontoon bridge was meant for 3018, placed in 3017 by "
                  "mistake, moved back to 3018 and destroyed. Both are Bayou hexes.")},
        {"id": "yazoo-landings", "name": "From the Yazoo River landings", "kind": "entry",
         "side": "union", "hexes": ["3900"], "note": ENTRY["3900"][1]},
        {"id": "race-course", "name": "From the Race-course", "kind": "entry", "side": "union",
         "hexes": ["1007"], "note": ENTRY["1007"][1]},
        {"id": "snyders-bluff", "name": "From Snyder's Bluff", "kind": "entry",
         "side": "confederate", "hexes": ["5718"], "note": ENTRY["5718"][1]},
        {"id": "vicksburg", "name": "From Vicksburg (61st TN)", "kind": "entry",
         "side": "confederate", "hexes": ["1025"], "note": ENTRY["1025"][1]},
    ]
    return {
        "id": "chickasaw-bayou",
        "name": "Chickasaw Bayou",
        "kind": "hex",
        "source": MAP_SOURCE,
        "orientation": "flat",
        "parity": "even",
        "cols": COLS,
        "rows": ROWS,
        "numbering": {"first_col": FIRST_COL, "first_row": FIRST_ROW, "digits": 2},
        "hex_size": 24,
        "default_terrain": default_terrain(grid),
        "terrain": ["".join(row) for row in grid],
        "elevation": ["".join(str(v) for v in row) for row in m["elev"]],
        "hexes": hex_entries,
        "hexsides": side_entries,
        "marks": marks,
    }


def default_terrain(grid):
    """The writer's rule: the most common terrain (first reached in row order on a tie)."""
    keys = {t["key"]: t["id"] for t in TERRAIN}
    counts = {}
    best, best_t = 0, None
    for row in grid:
        for k in row:
            t = keys[k]
            counts[t] = counts.get(t, 0) + 1
            if counts[t] > best or (counts[t] == best and t == best_t):
                best, best_t = counts[t], t
    return best_t


def build_game():
    m = build_map()
    game = {
        "format": "warbench-game",
        "version": 4,
        "game": GAME,
        "rules": RULES,
        "sides": SIDES,
        "unit_classes": UNIT_CLASSES,
        "terrain": TERRAIN,
        "features": FEATURES,
        "tables": TABLES,
        "maps": [map_entity(m)],
        "formations": [],
        "units": [],
        "scenarios": [],
    }
    return game, m


# ---------------------------------------------------------------------------------------
# Checks: what the text fixes, and what makes the map playable.
# ---------------------------------------------------------------------------------------

def check(game, m):
    errors = []
    err = errors.append
    grid, elev = m["grid"], m["elev"]
    keys = {t["key"]: t["id"] for t in game["terrain"]}
    assert len(grid) == ROWS and all(len(r) == COLS for r in grid)

    def terrain(h):
        c, r = parse(h) if isinstance(h, str) else h
        return keys[grid[r][c]]

    def level(h):
        c, r = parse(h) if isinstance(h, str) else h
        return elev[r][c]

    named = set()
    for sc, sides in SETUP.items():
        for side, kinds in sides.items():
            for kind, hexes in kinds.items():
                for h in hexes.split():
                    named.add(h)
                    if not on_map(parse(h)):
                        err("%s %s %s set-up %s is off the map" % (sc, side, kind, h))
                        continue
                    t = terrain(h)
                    if t in ("lake", "bayou"):
                        err("%s %s set-up %s is %s" % (sc, side, h, t))
                    if kind in ("cav", "art") and t == "cypress":
                        err("%s %s %s set-up %s is cypress" % (sc, side, kind, h))
                    if kind in ("cav", "art") and t == "swamp" and parse(h) not in m["road_hexes"]:
                        err("%s %s %s set-up %s is swamp off the roads" % (sc, side, kind, h))
    for kind, hexes in TIMBER.items():
        for h in hexes.split():
            named.add(h)
            if terrain(h) in ("lake", "bayou"):
                err("fallen timber %s is %s" % (h, terrain(h)))
    for h, lv in list(ELEVATION_EXAMPLES.items()) + list(ELEVATION_LOS_EXAMPLE.items()):
        named.add(h)
        if level(h) != lv:
            err("hex %s is level %d, the text says %d" % (h, level(h), lv))
    for row in elev:
        for v in row:
            if not 1 <= v <= 7:
                err("level %d outside 1-7 (2.10a)" % v)
    # 2.10k: the corduroy bridge is a Bayou hex between the two lane hexes, and the lane
    # crosses it.
    if terrain(CORDUROY) != "bayou":
        err("corduroy bridge %s is not a Bayou hex" % CORDUROY)
    for h in CORDUROY_LANES:
        if distance(parse(h), parse(CORDUROY)) != 1:
            err("lane hex %s is not adjacent to %s" % (h, CORDUROY))
        s = canonical(parse(h), direction(parse(h), parse(CORDUROY)))
        if "lane" not in m["sides"].get(s, ()):
            err("no lane between %s and %s" % (h, CORDUROY))
    for h in PONTOON_HEXES:
        if terrain(h) != "bayou":
            err("pontoon hex %s is not Bayou (2.1b)" % h)
    # 17.6j: the trench rows and the pike run between the printed hexes.
    for n, (a, b) in TRENCH_ROW_ENDS.items():
        row = m["trench%d" % n]
        if fmt(row[0]) != a or fmt(row[-1]) != b:
            err("trench row %d runs %s-%s, not %s-%s" % (n, fmt(row[0]), fmt(row[-1]), a, b))
        for o in row:
            if terrain(o) in ("lake", "bayou", "cypress", "swamp"):
                err("trench hex %s is %s" % (fmt(o), terrain(o)))
    for o in m["bayou"]:
        if terrain(o) != "bayou":
            err("bayou hex %s was painted over (%s)" % (fmt(o), terrain(o)))
    if set(m["trench1"]) & set(m["trench2"]):
        err("the trench rows share hexes")
    pike = [fmt(o) for o in m["pike"]]
    if SNYDER_PIKE_ENDS[0] not in pike or pike[-1] != SNYDER_PIKE_ENDS[1]:
        err("the pike does not run from %s to %s" % SNYDER_PIKE_ENDS)
    # Roads stay dry: no road hex is lake or bayou except the corduroy bridge.
    for o in m["road_hexes"]:
        if terrain(o) in ("lake", "bayou") and fmt(o) != CORDUROY:
            err("road through %s hex %s" % (terrain(o), fmt(o)))
    # Entry hexes on the map edge; objectives on the map and passable.
    for h in ENTRY:
        c, r = parse(h)
        if not (c in (0, COLS - 1) or r in (0, ROWS - 1)):
            err("entry %s is not on the map edge" % h)
        if parse(h) not in m["road_hexes"]:
            err("entry %s is not on a road" % h)
        named.add(h)
    for h in OBJECTIVES_17_1:
        named.add(h)
        if terrain(h) in ("lake", "bayou", "cypress"):
            err("objective %s is %s" % (h, terrain(h)))
    # 17.3: Hovey's brigade (4810-4813) stands on Blake's Levee.
    for h in ("4810", "4811", "4812", "4813"):
        if terrain(h) != "blakes-levee":
            err("%s is not on Blake's Levee" % h)
    # 2.10a, 9.1a designer's note: nearly all the map is level 1.
    low = sum(1 for row in elev for v in row if v == 1)
    if low < 0.80 * COLS * ROWS:
        err("only %d of %d hexes are level 1" % (low, COLS * ROWS))
    # Every hex that is not lake can be reached by infantry from the Union entry 3900.
    start = parse("3900")
    seen = {start}
    todo = [start]
    while todo:
        o = todo.pop()
        for n in neighbours(o):
            if n not in seen and terrain(n) != "lake":
                seen.add(n)
                todo.append(n)
    for c in range(COLS):
        for r in range(ROWS):
            if terrain((c, r)) != "lake" and (c, r) not in seen:
                err("hex %s cannot be reached" % fmt((c, r)))
    # Every named hex is on the map.
    for h in sorted(named):
        if not on_map(parse(h)):
            err("named hex %s off the map" % h)
    # Hexsides: canonical, on the map.
    for e in game["maps"][0]["hexsides"]:
        o = parse(e["hex"])
        d = DIRS.index(e["dir"])
        if d >= 3 or not on_map(o) or not on_map(neighbour(o, d)):
            err("hexside %s %s not canonical/on map" % (e["hex"], e["dir"]))
    return errors


# ---------------------------------------------------------------------------------------
# Output: the canonical layout of core/wb-format-write.c (see tools/gen-wilderness.py).
# ---------------------------------------------------------------------------------------


def main(argv):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    game, m = build_game()
    errors = check(game, m)
    for e in errors:
        print("gen-chickasaw-bayou: %s" % e, file=sys.stderr)
    if errors:
        return 1
    if len(argv) > 1 and argv[1] == "--check":
        return 0
    out = argv[1] if len(argv) > 1 else os.path.join(root, "data", "games", "chickasaw-bayou.warbench")
    write_game(game, out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
