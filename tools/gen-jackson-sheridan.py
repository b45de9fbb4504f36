#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Generate data/games/jackson-sheridan.warbench: Jackson & Sheridan, map, OOB and scenarios.

Jackson & Sheridan: The Valley Campaigns (1862 and 1864 scenarios) is a game of the Blue & Gray
Campaign Series. Its rulebook text has two parts: the game-specific rules (Part 1, sections
1-14) and the series base rules (Part 2, sections 1-14, with the Movement & Battle Example).
This file holds the game's point-to-point Valley map, shared by both scenarios, and what the
map needs around it: metadata, the rules family and its parameters, sides, unit classes,
connection and crossing features and the tables (the series tables come from tools/bgcs.py);
and the order of battle (every unit of the set-up charts of Part 1, 13, with the SP the charts
give) and the 1862 and 1864 scenarios (set-up, victory conditions of Part 1, 12, special rules
as text). The text has no reinforcement chart and prints no morale or battle dice; those are
left out, with notes.

The game board is only a picture in the original, so the map is a reconstruction: every
location the text names is here, placed by its real latitude and longitude; the three roads the
text describes are as described; every other road is implied by the rules or follows the
historical road, and says which in its note. See docs/games/jackson-sheridan.md.

Usage: tools/gen-jackson-sheridan.py [OUTPUT]   (default: data/games/jackson-sheridan.warbench)
       tools/gen-jackson-sheridan.py --check    (build, run the consistency checks, write nothing)

Standard library only. The output is in Warbench's canonical layout (core/wb-format-write.c):
top-level keys in the documented order, 2-space indent, the containers (tables, maps,
scenarios) one member per line, their lists and the top-level lists one element per line,
every entity compact on one line, defaults left out. When build/app/warbench-cli exists the
generator also asks it (format --check) whether the written file is canonical.
"""

import json
import math
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bgcs  # noqa: E402
from wbgen import check_lines, write_game  # noqa: E402
from collections import deque

# ---------------------------------------------------------------------------------------
# Game, rules, sides, classes, features, tables
# ---------------------------------------------------------------------------------------

SOURCE = ("Jackson & Sheridan: The Valley Campaigns rulebook text (Blue & Gray Campaign Series). "
          "Part 1, game-specific rules: 2 Game Board, 3 Game Units, 4 Command Action Points, "
          "5 Supply, 8 Replacements, 10 Movement, 12 Victory, 13 Setup, 14 Strategy. Part 2, "
          "series base rules: 2 Game Board, 3 Game Units, 4-10 (CAP, supply, sequence of play, "
          "weather, replacements, CAP roll, movement), 11 Battles, 13 Movement & Battle Example, "
          "14 Designer and Historical Notes. The game board, the unit labels and the battle board "
          "are not in the text.")

GAME = {
    "id": "jackson-sheridan",
    "title": "Jackson & Sheridan: The Valley Campaigns",
    "scale": ("Roughly 1,000-1,250 men per SP (Part 2, 14.1); a turn represents roughly 2 to 7 "
              "days (Part 2, 14)"),
    "source": SOURCE,
    "notes": ("1862 and 1864 scenarios, 16 turns each (Part 1, 13). The publisher, the designers "
              "and the year are not printed in the rulebook text and are left out. This file holds "
              "the map, the rules parameters, the order of battle and both scenarios (Part 1, 12, 13). "
              "The unit labels are not in the text, so no unit has morale or battle dice. The "
              "map is a reconstruction (see the map's source). See "
              "docs/games/jackson-sheridan.md for what comes from where."),
}

SIDES = [
    {"id": "union", "name": "Union", "color": "#33518c", "text_color": "#ffffff"},
    {"id": "confederate", "name": "Confederate", "color": "#9d9b92", "text_color": "#1e1b14"},
]

# Everything below is printed in the text; nothing is filled in from elsewhere. Scenario-
# dependent values are keyed by scenario year ("1862", "1864"). Key names follow the other
# Blue & Gray Campaign Series game (tools/gen-grants-gamble.py) where the value is the same kind.
JACKSON_TEXT = ("1862 JACKSON: For 1 AP per unit, Jackson may move with up to 2 Confederate units 4 "
                "locations with those units as long as start and end in the same location. "
                "Weather and Supply effects still apply (Part 1, 10).")
SHERIDAN_TEXT = ("1864 SHERIDAN: For 1 AP Sheridan may move with 1 Union unit 4 locations as long as "
                 "they start and end in the same location. Weather and Supply effects still apply "
                 "(Part 1, 10).")
EARLY_TEXT = ("1864 EARLY: For 1 AP Early may move with 1 Confederate unit 4 locations as long as "
              "they start and end in the same location. Weather and Supply effects still apply "
              "(Part 1, 10).")

RULES = {
    "family": "bg-campaign",
    "params": {
        # Part 2, 3 and 10: movement points per unit type; one MP per location entered.
        "movement_allowance": {"infantry": 3, "garrison": 2, "cavalry": 4, "leader": 4},
        # Part 2, 10: "Any number of units may occupy a location."
        "stacking": "unlimited",
        # Part 1, 4; Part 2, 4 and 9.
        "cap_per_turn": {"1862": {"union": 2, "confederate": 2},
                         "1864": {"union": 2, "confederate": 2}},
        "army_commander": {"1862": {"union": "Lincoln", "confederate": "Jackson"},
                           "1864": {"union": "Sheridan", "confederate": "Early"}},
        "army_commander_rating": {"1862": {"union": 9, "confederate": 7},
                                  "1864": {"union": 8, "confederate": 7}},
        "cap_roll": {"dice": "2d6", "extra_cap": 1, "success": "total >= army commander rating"},
        "cap_carry_over": False,
        "activation_cap": 1,
        # Part 2, 7.
        "weather_table": "weather",
        "weather_roll_side": "union",
        "rain_movement": -1,
        "rain_two_turns_movement": -2,
        # Part 1, 5; Part 2, 5.
        "supply_locations": {"union": ["harpers-ferry"], "confederate": ["staunton"]},
        "supply_trace_tag": "in-valley",
        "supply_blocked_by": ["infantry", "garrison"],
        "out_of_supply_movement": -1,
        # Part 1, 8; Part 2, 8.
        "replacements": {"1862": {"union": {"sp": 1, "every": "turn"},
                                  "confederate": {"sp": 1, "every": "turn"}},
                         "1864": {"union": {"sp": 1, "every": "turn"},
                                  "confederate": {"sp": 1, "every": "even turn"}}},
        "replacement_locations": {"union": ["harpers-ferry"], "confederate": ["staunton"]},
        "replacement_return_sp": {"infantry": 1, "garrison": 1},
        # Part 1, 10: no rail movement in 1862 or 1864. Part 2, 10: amphibious moves (no port
        # on this board, see the map).
        "rail_movement_sides": [],
        "amphibious_sides": ["union"],
        "amphibious_units_per_turn": 1,
        "amphibious_cap": 2,
        # Part 2, 10.
        "screen_roll": {"dice": "1d6", "success": "roll <= screen value",
                        "retreat_on_success": 1, "retreat_on_failure": 3},
        # Part 2, 11.
        "battle_hit_on": 6,
        "fortress_extra_dice": 2,
        "crossing_first_round_dice": -1,
        "morale_check": {"dice": "1d6", "per": "hit", "fail": "roll > morale"},
        "reinforce_roll": {"dice": "2d6", "success": "total >= army commander rating"},
        "retreat_locations": {"voluntary": 1, "forced": 2},
        "voluntary_retreat_fire_dice_per_unit": 1,
        # Part 1, 10: the leaders' special moves.
        "leader_abilities": {
            "1862": {"jackson": {"side": "confederate", "cap": 1, "cap_per_unit": True,
                                 "max_units": 2, "locations": 4, "start_and_end_together": True,
                                 "rule": "J&S 10", "text": JACKSON_TEXT}},
            "1864": {"sheridan": {"side": "union", "cap": 1, "cap_per_unit": False,
                                  "max_units": 1, "locations": 4, "start_and_end_together": True,
                                  "rule": "J&S 10", "text": SHERIDAN_TEXT},
                     "early": {"side": "confederate", "cap": 1, "cap_per_unit": False,
                               "max_units": 1, "locations": 4, "start_and_end_together": True,
                               "rule": "J&S 10", "text": EARLY_TEXT}}},
        # Part 1, 2 and 12: the victory conditions the family plays, in the order it checks them
        # (docs/rules-engine.md lists the vocabulary); they read the map's tags.
        "victory": {"1862": None, "1864": None},
    },
}

# Part 1, 12, common to both years: the VP lines (per in-supply infantry unit past the line at
# the end of the enemy's player turn), Harpers Ferry once, any unit outside the Valley.
VICTORY_COMMON = [
    {"type": "vp_line", "side": "confederate", "tag": "north-of-gray-line", "vp": 1,
     "at": "enemy_turn", "rule": "J&S 12"},
    {"type": "vp_line", "side": "union", "tag": "south-of-blue-line", "vp": 1,
     "at": "enemy_turn", "rule": "J&S 12"},
    {"type": "once_location", "side": "confederate", "location": "harpers-ferry", "vp": 3,
     "at": "enemy_turn", "rule": "J&S 12"},
    {"type": "outside_tag", "side": "union", "tag": "in-valley", "area": "the Valley", "vp": 1,
     "at": "enemy_turn", "rule": "J&S 12"},
]


def victory_params(year):
    out = [dict(c) for c in VICTORY_COMMON]
    # "Other than Shields in the 1862 game": the Union's units outside the Valley.
    union_out = {"type": "outside_tag", "side": "confederate", "tag": "in-valley",
                 "area": "the Valley", "vp": 1, "at": "enemy_turn", "rule": "J&S 12"}
    if year == "1862":
        union_out["exempt"] = ["s"]
    out.append(union_out)
    if year == "1862":
        out += [
            {"type": "unit_at_from_turn", "side": "confederate", "unit": "s", "location": "manassas",
             "from_turn": 4, "vp": 1, "at": "enemy_turn", "rule": "J&S 12"},
            {"type": "unit_outside_tag", "side": "union", "unit": "jackson", "tag": "in-valley",
             "area": "the Valley", "vp": 2, "at": "enemy_turn", "rule": "J&S 12"},
            {"type": "unit_eliminated", "side": "union", "unit": "jackson", "at": "any_time",
             "rule": "J&S 12"},
        ]
    else:
        out.append(
            {"type": "occupy_all", "side": "union", "locations": ["staunton", "lynchburg"],
             "tag": "north-of-gray-line", "area": "north of the gray line", "at": "player_turn",
             "rule": "J&S 12"})
    return out


RULES["params"]["victory"] = {year: victory_params(year) for year in ("1862", "1864")}

MOVE = {"id": "movement", "name": "Movement", "type": "int", "min": 0, "max": 9}
MORALE = {"id": "morale", "name": "Morale", "type": "int", "min": 1, "max": 6}
DICE = {"id": "dice", "name": "Battle dice", "type": "int", "min": 0, "max": 20}
SCREEN = {"id": "screen", "name": "Screen value", "type": "int", "min": 1, "max": 6}
FIGHTS = {"id": "fights_as_infantry", "name": "Fights as infantry (1864)", "type": "bool"}
ABILITY = {"id": "ability", "name": "Special ability", "type": "string"}
UNIT_CLASSES = [
    {"id": "infantry", "name": "Infantry", "symbol": "infantry", "roles": ["infantry"], "attrs": [MOVE, MORALE, DICE]},
    {"id": "garrison", "name": "Garrison", "symbol": "garrison", "roles": ["garrison"], "attrs": [MOVE, MORALE, DICE]},
    {"id": "cavalry", "name": "Cavalry", "symbol": "cavalry", "roles": ["cavalry"],
     "attrs": [MOVE, MORALE, DICE, SCREEN, FIGHTS]},
    {"id": "leader", "name": "Leader", "symbol": "leader", "roles": ["leader"], "attrs": [MOVE, ABILITY]},
]

FEATURES = [
    {"id": "road", "name": "Road", "where": "connection", "style": "road", "color": "#7a4524",
     "width": 0.11, "move_mode": "set", "move": {"*": 1},
     "note": ("Part 2, 2: roads connect locations; locations are adjacent if a road connects "
              "them. Part 2, 10: each movement point moves a unit one adjacent location along a "
              "road; locations may not be skipped.")},
    {"id": "railroad", "name": "Railroad", "where": "connection", "style": "railroad",
     "color": "#222222", "width": 0.08, "move_mode": "set", "move": {"*": 1}, "roles": ["railroad"],
     "note": ("Part 2, 2 and 10: treated the same as a road for normal movement, and used for rail "
              "movement. Part 1, 10: rail movement is not allowed in 1862 or 1864. The text does "
              "not say which connections of this board, if any, are railroads, so none is marked; "
              "the class is kept for the series.")},
    {"id": "mountain", "name": "Mountain", "where": "crossing", "style": "mountain",
     "color": "#7a5c34", "roles": ["mountain-crossing"],
     "note": ("Part 2, 2 and 11.1: a unit that attacks along a road crossing a mountain rolls one "
              "die less in the first battle round (Mountain/River Line Position). Only the road "
              "immediately between the attacking and defending locations counts. No effect on "
              "movement.")},
    {"id": "river", "name": "River", "where": "crossing", "style": "river", "color": "#2d6fc0", "roles": ["river-crossing"],
     "note": ("Part 2, 2 and 11.1: a unit that attacks along a road crossing a river rolls one die "
              "less in the first battle round (Mountain/River Line Position). Only the road "
              "immediately between the attacking and defending locations counts; a road crossing "
              "both a mountain and a river still costs one die (Part 2, 13). No effect on "
              "movement.")},
]

def ref(section):
    """A section of the series base rules, as this rulebook numbers it."""
    return "Part 2, %s" % section


EXAMPLE = "Part 2, 13 Movement & Battle Example"
RATINGS_TEXT = "1862 Jackson 7, Lincoln 9; 1864 Early 7, Sheridan 8 (Part 1, 4)"
P = RULES["params"]


def commanders_rows():
    for year in ("1862", "1864"):
        for side, name in (("union", "Union"), ("confederate", "Confederate")):
            yield ("%s %s" % (year, name), P["army_commander"][year][side],
                   P["army_commander_rating"][year][side], P["cap_per_turn"][year][side],
                   bgcs.replacements_text(P["replacements"][year][side]))


# Part 2, 7 prints the weather table; the others are the base rules' rolls and allowances, as
# tables (tools/bgcs.py), and the game's command values (Part 1, 4 and 8).
TABLES = [
    bgcs.weather(ref, "Rail movement is not allowed in this game (Part 1, 10)."),
    bgcs.cap_roll(ref, [7, 8, 9], RATINGS_TEXT),
    bgcs.commanders("Part 1, 4 Command Action Points; Part 1, 8 Replacements",
                    ("The CAP roll adds one CAP on two dice equal to or greater than the rating "
                     "(the cap-roll table); the same rating governs battle reinforcement. "
                     "Lincoln is the 1862 Union army commander \"because he tried to control and "
                     "coordinate his commanders in the Valley\" (Part 1, 4). Replacements arrive "
                     "at Harpers Ferry (Union) and Staunton (Confederate), Part 1, 8."),
                    list(commanders_rows())),
    bgcs.movement(ref, ("Part 1, 3: in 1864 each side's fast cavalry unit moves as cavalry. "
                        "Part 1, 10: Jackson (1862), Sheridan and Early (1864) may move units 4 "
                        "locations with them, weather and supply still applying; no rail "
                        "movement in 1862 or 1864.")),
    bgcs.screening(ref, ("Part 1, 3: in 1864 each side's fast cavalry unit may screen, its SP "
                         "(3 at set-up) being its screen value, or fight; the owner chooses. "
                         "Reduced by hits it screens with less, down to 1."), [1, 2, 3]),
    bgcs.battle_dice(ref, EXAMPLE,
                     note_extra=("Part 1, 3: in 1864 each side's fast cavalry unit fights as "
                                 "infantry.")),
    bgcs.fortresses(ref, ("The series rules list these cities; none is on the Valley board, which "
                          "has no fortress.")),
    bgcs.morale_check(ref, EXAMPLE),
    bgcs.retreat(ref),
    bgcs.reinforcement_roll(ref, [7, 8, 9], RATINGS_TEXT),
]

# ---------------------------------------------------------------------------------------
# The map
# ---------------------------------------------------------------------------------------

WIDTH, HEIGHT = 1200, 1600
MARGIN_X, MARGIN_Y = 95, 70

IN, OUT = "in-valley", "out-of-valley"
GRAY, BLUE = "north-of-gray-line", "south-of-blue-line"

# The VP lines (Part 1, 2) are drawn on the board but the text does not say where they run.
# Reconstructed as latitudes: the gray line between Winchester/Romney and Strasburg/Moorefield,
# the blue line between Port Republic/McDowell and Staunton (Part 1, 14: "push south towards
# Staunton and the blue line"). Tags only in the valley: units outside it cannot trace supply
# (Part 1, 5) and so never score for a line.
GRAY_LINE_LAT = 39.10
BLUE_LINE_LAT = 38.25

# Where the text names each location: its set-up charts, victory rules, strategy notes and the
# series' Movement & Battle Example (which is set on this board).
NAMED = {
    "harpers-ferry": "Part 1, 5, 8, 12, 13 (1862 and 1864), 14",
    "staunton": "Part 1, 5, 8, 12, 13 (1862 and 1864), 14",
    "winchester": "Part 1, 14; Part 2, 13",
    "strasburg": "Part 1, 13 (1862 and 1864)",
    "front-royal": "Part 2, 13",
    "new-market": "Part 1, 13 (1862)",
    "harrisonburg": "Part 1, 13 (1862)",
    "port-republic": "Part 1, 13 (1862)",
    "conrads-store": "Part 1, 13 (1862)",
    "mcdowell": "Part 1, 13 (1862)",
    "moorefield": "Part 1, 13 (1862)",
    "romney": "Part 1, 13 (1862)",
    "lebanon-springs": "Part 1, 13 (1862)",
    "dry-river-gap": "Part 1, 13 (1862)",
    "martinsburg": "Part 1, 13 (1864)",
    "lynchburg": "Part 1, 12 (1864), 14",
    "manassas": "Part 1, 12 (1862), 14",
    "salem": "Part 2, 13",
    "snickersville": "Part 2, 13",
}

# (id, name, latitude, longitude, region, extra members). Latitude and longitude are the real
# places' (decimal degrees), except where a note says the position is reconstructed.
LOCATIONS = [
    ("martinsburg", "Martinsburg", 39.456, -77.964, IN, {}),
    ("harpers-ferry", "Harpers Ferry", 39.325, -77.739, IN,
     {"major": True, "vp": 3, "supply": ["union"], "replacement": ["union"],
      "note": ("Union supply location (Part 1, 5) and replacement location, 1862 and 1864 (Part 1, "
               "8). vp 3: the Confederates get 3 VP once in the game for occupying it at the end "
               "of the Union turn with an in-supply infantry unit (Part 1, 12); the Union scores "
               "nothing here.")}),
    ("romney", "Romney", 39.342, -78.757, IN, {}),
    ("winchester", "Winchester", 39.186, -78.163, IN, {"major": True}),
    ("snickersville", "Snickersville", 39.109, -77.835, OUT,
     {"note": "Today Bluemont, east of Snickers Gap in the Blue Ridge."}),
    ("moorefield", "Moorefield", 39.062, -78.969, IN, {}),
    ("strasburg", "Strasburg", 38.989, -78.359, IN, {}),
    ("front-royal", "Front Royal", 38.918, -78.194, IN, {}),
    ("salem", "Salem", 38.865, -77.857, OUT,
     {"note": "Salem in Fauquier County (today Marshall), east of Manassas Gap."}),
    ("manassas", "Manassas", 38.751, -77.475, OUT,
     {"major": True,
      "note": ("1862: Shields (S) may move in and out of the Valley; from turn 4 the Confederates "
               "get 1 VP whenever he does not end the Union turn here (Part 1, 12).")}),
    ("new-market", "New Market", 38.648, -78.671, IN, {}),
    ("dry-river-gap", "Dry River Gap", 38.500, -79.080, IN,
     {"note": ("Position reconstructed: where the Dry River leaves the mountains west of "
               "Harrisonburg (near Rawley Springs).")}),
    ("harrisonburg", "Harrisonburg", 38.449, -78.869, IN, {}),
    ("conrads-store", "Conrad's Store", 38.408, -78.624, IN,
     {"note": "Today Elkton, on the South Fork of the Shenandoah."}),
    ("mcdowell", "McDowell", 38.330, -79.493, IN, {}),
    ("port-republic", "Port Republic", 38.296, -78.810, IN, {}),
    ("lebanon-springs", "Lebanon Springs", 38.210, -79.250, IN,
     {"note": ("Position reconstructed: west of Staunton on the road to McDowell, where Johnson's "
               "command (JO) sets up in 1862 (Part 1, 13).")}),
    ("staunton", "Staunton", 38.150, -79.072, IN,
     {"major": True, "supply": ["confederate"], "replacement": ["confederate"],
      "note": ("Confederate supply location (Part 1, 5) and replacement location, 1862 and 1864 "
               "(Part 1, 8). 1864: Union infantry here and at Lynchburg, with no Confederate "
               "infantry north of the gray line, is an automatic Union victory (Part 1, 12).")}),
    ("lynchburg", "Lynchburg", 37.414, -79.142, OUT,
     {"major": True,
      "note": ("1864: Union infantry here and at Staunton, with no Confederate infantry north of "
               "the gray line, is an automatic Union victory (Part 1, 12). Out of the Valley: east "
               "of the Blue Ridge.")}),
]

# Labels are placed automatically (place_labels): below the dot where that is free, else the
# first free place around it, so that no label covers a road, a location or another label.
# LABEL_PREFER names a better first try for a few crowded places.
LABEL_PREFER = {}

STATED = "Stated: Part 2, 13 (Movement & Battle Example)"

# (a, b, crossings, note). All are roads (Part 2, 2); crossings are "mountain"/"river".
CONNECTIONS = [
    # The three roads the Movement & Battle Example describes (Part 2, 13).
    ("winchester", "snickersville", ["mountain", "river"],
     STATED + ": Winchester to Snickersville is a road crossing a mountain and a river (the Blue "
     "Ridge at Snickers Gap and the Shenandoah)."),
    ("front-royal", "salem", ["mountain"],
     STATED + ": from Front Royal a unit crosses a mountain on its first movement point to Salem "
     "(Manassas Gap)."),
    ("salem", "snickersville", [],
     STATED + ": from Salem a unit moves to Snickersville on a road that crosses no terrain."),
    # Implied by the rules but not described.
    ("salem", "manassas", [],
     "Implied: 1862 Shields must be able to reach Manassas (Part 1, 12); reconstructed along "
     "the historical route through Manassas Gap. Whether the board marks the Bull Run Mountains "
     "(Thoroughfare Gap) as a mountain crossing is not known; none is marked."),
    ("staunton", "lynchburg", ["mountain"],
     "Implied: 1864 Union infantry must be able to reach Lynchburg (Part 1, 12, 14). "
     "Reconstructed as one road across the Blue Ridge; the intermediate locations of the original "
     "board, if any, are not named in the text."),
    # The Valley Pike and the roads of the lower Valley: Union supply and replacements come
    # from Harpers Ferry, Confederate from Staunton, traced along roads in the Valley (Part 1, 5).
    ("harpers-ferry", "martinsburg", [],
     "Reconstructed: historical road up the Potomac (Part 1, 13: the 1864 Union sets up at both)."),
    ("harpers-ferry", "winchester", [],
     "Reconstructed: historical road through Charles Town; a supply route to Harpers Ferry "
     "(Part 1, 5)."),
    ("martinsburg", "winchester", [], "Reconstructed: the Valley Pike."),
    ("winchester", "strasburg", [], "Reconstructed: the Valley Pike (Kernstown, Middletown)."),
    ("strasburg", "new-market", ["river"],
     "Reconstructed: the Valley Pike (Woodstock, Mount Jackson); it crosses the North Fork of "
     "the Shenandoah at Mount Jackson."),
    ("new-market", "harrisonburg", [], "Reconstructed: the Valley Pike."),
    ("harrisonburg", "staunton", ["river"],
     "Reconstructed: the Valley Pike; it crosses the North River at Mount Crawford."),
    # Front Royal and the Luray (Page) Valley east of the Massanutten.
    ("winchester", "front-royal", ["river"],
     "Reconstructed: historical road; it crosses the forks of the Shenandoah at Front Royal."),
    ("strasburg", "front-royal", [],
     "Reconstructed: historical road (and Manassas Gap Railroad) along the North Fork."),
    ("new-market", "front-royal", ["mountain", "river"],
     "Reconstructed: the road over the Massanutten at New Market Gap and across the South Fork, "
     "then down the Luray Valley (Luray is not named in the text); Shields' historical route "
     "out of the Valley."),
    ("front-royal", "conrads-store", [],
     "Reconstructed: the Luray (Page) Valley road along the South Fork."),
    ("harrisonburg", "conrads-store", ["river"],
     "Reconstructed: historical road; it crosses the South Fork at Conrad's Store."),
    ("conrads-store", "port-republic", [],
     "Reconstructed: historical road up the east side of the South Fork."),
    ("harrisonburg", "port-republic", ["river"],
     "Reconstructed: historical road by Cross Keys; it crosses the North River at the Port "
     "Republic bridge."),
    ("port-republic", "staunton", [], "Reconstructed: historical road by Piedmont."),
    # The mountains west of the Valley: Fremont and Milroy (1862, Part 1, 13).
    ("harrisonburg", "dry-river-gap", [], "Reconstructed: historical road west up the Dry River."),
    ("dry-river-gap", "mcdowell", ["mountain"],
     "Reconstructed: over Shenandoah Mountain towards Franklin and McDowell (Franklin is not "
     "named in the text)."),
    ("dry-river-gap", "moorefield", ["mountain"],
     "Reconstructed: over Shenandoah Mountain towards Franklin and Moorefield (Franklin is not "
     "named in the text)."),
    ("mcdowell", "moorefield", [],
     "Reconstructed: historical road down the South Branch valley by Franklin (not named in "
     "the text)."),
    ("mcdowell", "lebanon-springs", ["mountain"],
     "Reconstructed: the Staunton-Parkersburg Turnpike over Bullpasture and Shenandoah "
     "Mountains (Jackson's march to McDowell, 1862)."),
    ("lebanon-springs", "staunton", [], "Reconstructed: the Staunton-Parkersburg Turnpike."),
    ("moorefield", "romney", [], "Reconstructed: historical road down the South Branch."),
    ("moorefield", "strasburg", ["mountain"],
     "Reconstructed: historical road by Wardensville over Great North Mountain (Fremont's route "
     "to Strasburg, 1862)."),
    ("romney", "winchester", ["mountain"],
     "Reconstructed: the Northwestern Turnpike over Great North Mountain."),
]

MAP_SOURCE = (
    "Reconstructed: the game board is only a picture and is not in the rulebook text. Every "
    "location the text names is here (the 1862 and 1864 set-ups, victory rules and strategy notes "
    "of Part 1, and the Movement & Battle Example of Part 2, 13, which is set on this board), "
    "placed by its real latitude and longitude (north up, 1 degree of longitude = cos 38.5 "
    "degrees of latitude); Dry River Gap and Lebanon Springs are placed approximately. The "
    "original board surely has locations the text does not name: they are not invented, so "
    "distances in locations are shorter than on the original. Roads: three are stated in Part 2, "
    "13 (Winchester-Snickersville crossing a mountain and a river, Front Royal-Salem crossing a "
    "mountain, Salem-Snickersville crossing nothing); two are implied by the victory rules "
    "(Salem-Manassas, Staunton-Lynchburg); the rest follow the historical roads, and their "
    "mountain and river crossings are the historical ones. Each connection's note says which. "
    "Tags: in-valley / out-of-valley is the black dotted Valley line of Part 1, 2 (west of it is "
    "in), taken to follow the Blue Ridge. north-of-gray-line and south-of-blue-line are the VP "
    "lines of Part 1, 2; the text does not say where they run, so they are reconstructed (gray "
    "between Winchester/Romney and Strasburg/Moorefield, blue between Port Republic/McDowell and "
    "Staunton) and given only to locations in the Valley. No fortress and no port: the text "
    "gives none for this board. Railroads are not marked (rail movement is not allowed, Part 1, "
    "10).")

# (The set-up of Part 1, 13 is in the order of battle section below: SETUP is built there.)

LON0 = -79.60
LAT0 = 39.52
KX = math.cos(math.radians(38.5))


def projection():
    lons = [l[3] for l in LOCATIONS]
    lats = [l[2] for l in LOCATIONS]
    span_x = (max(lons) - min(lons)) * KX
    span_y = max(lats) - min(lats)
    k = min((WIDTH - 2 * MARGIN_X) / span_x, (HEIGHT - 2 * MARGIN_Y) / span_y)
    x0 = (WIDTH - span_x * k) / 2
    y0 = (HEIGHT - span_y * k) / 2

    def project(lat, lon):
        return (round(x0 + (lon - min(lons)) * KX * k), round(y0 + (max(lats) - lat) * k))
    return project


def location_entities():
    project = projection()
    out = []
    for lid, name, lat, lon, region, extra in LOCATIONS:
        x, y = project(lat, lon)
        e = {"id": lid, "name": name, "x": x, "y": y}
        if extra.get("major"):
            e["major"] = True
        if extra.get("vp"):
            e["vp"] = extra["vp"]
        for key in ("supply", "replacement"):
            if extra.get(key):
                e[key] = extra[key]
        tags = [region]
        if region == IN and lat > GRAY_LINE_LAT:
            tags.append(GRAY)
        if region == IN and lat < BLUE_LINE_LAT:
            tags.append(BLUE)
        e["tags"] = tags
        if extra.get("note"):
            e["note"] = extra["note"]
        out.append(e)
    return out


def label_candidates(e):
    """Label offsets to try, nearest first: below (the renderer's default, no offset), then
    around the dot on an ellipse that keeps the label clear of it, below/above/right/left
    first, then every 22.5 degrees, then the same a little further out."""
    u = 20.0
    size = u * 0.55 * (1.2 if e.get("major") else 1.0)
    w = text_width(e["name"], size) + 4
    h = size * 1.2
    rad = u * (0.48 if e.get("major") else 0.3)
    angles = [90, 270, 0, 180] + [a * 22.5 for a in range(16) if a * 22.5 % 90]
    out = [None]
    for extra in (2, 6, 12, 20, 30):
        for a in angles:
            t = math.radians(a)
            out.append((round(math.cos(t) * (w / 2 + rad + extra)),
                        round(math.sin(t) * (h / 2 + rad + extra))))
    return out


def place_labels(locations, connections):
    """Give each location the first label place free of roads, locations and earlier labels."""
    pts = {e["id"]: (e["x"], e["y"]) for e in locations}
    placed = []
    for e in locations:
        cands = label_candidates(e)
        if e["id"] in LABEL_PREFER:
            cands = [LABEL_PREFER[e["id"]]] + cands
        for off in cands:
            trial = dict(e)
            if off is not None:
                trial["label_dx"], trial["label_dy"] = off
            if not label_problems(trial, locations, connections, pts, placed):
                break
        else:
            raise SystemExit("gen-jackson-sheridan: no free label place for %s" % e["id"])
        if off is not None:
            e["label_dx"], e["label_dy"] = off
        placed.append(label_box(e))


def connection_entities():
    out = []
    for a, b, crossings, note in CONNECTIONS:
        e = {"a": a, "b": b, "class": "road"}
        if crossings:
            e["crossings"] = crossings
        e["note"] = note
        out.append(e)
    return out


# Geography drawn on the board (format 3 map lines), by latitude and longitude of the real
# features, simplified. None of it is in the text except the Valley line and the VP lines of
# Part 1, 2 (placed as the tags say: see MAP_SOURCE); the rivers and ridges are drawn so that a
# road crosses one exactly where its crossings say it does (check_lines () holds them to it).
BLUE_RIDGE = [(39.33, -77.70), (39.116, -77.868), (39.020, -77.962), (38.900, -78.050),
              (38.85, -78.13), (38.66, -78.32), (38.53, -78.42), (38.36, -78.55), (38.24, -78.71),
              (38.03, -78.86), (37.80, -79.20), (37.45, -79.58), (37.30, -79.75)]
LINES = [
    ("boundary", "Valley line (Blue Ridge)", None, BLUE_RIDGE),
    ("ridge", "Massanutten Mountain", None,
     [(38.945, -78.32), (38.85, -78.42), (38.75, -78.52), (38.65, -78.60), (38.50, -78.70)]),
    ("ridge", "Great North Mountain", None,
     [(39.40, -78.40), (39.15, -78.55), (38.95, -78.72), (38.75, -78.90), (38.56, -79.03),
      (38.47, -79.20), (38.40, -79.30), (38.25, -79.40), (38.10, -79.45)]),
    ("river", "Potomac River", None, [(39.318, -77.725), (39.43, -77.80), (39.56, -77.86)]),
    ("river", "Shenandoah River", None,
     [(38.965, -78.16), (39.05, -78.03), (39.15, -77.93), (39.25, -77.80), (39.318, -77.725)]),
    ("river", "North Fork", None,
     [(38.965, -78.16), (38.985, -78.30), (38.989, -78.359), (38.93, -78.38), (38.86, -78.45),
      (38.78, -78.56), (38.70, -78.66), (38.62, -78.76), (38.585, -78.97)]),
    ("river", "South Fork", None,
     [(38.315, -78.80), (38.37, -78.74), (38.43, -78.66), (38.50, -78.56), (38.66, -78.46),
      (38.86, -78.33), (38.918, -78.194), (38.965, -78.16)]),
    ("river", "North River", None,
     [(38.40, -79.12), (38.38, -78.98), (38.36, -78.94), (38.33, -78.87), (38.315, -78.80)]),
    ("vp-line", "Gray VP line", "confederate", [(GRAY_LINE_LAT, -79.62), (GRAY_LINE_LAT, -77.884)]),
    ("vp-line", "Blue VP line", "union", [(BLUE_LINE_LAT, -79.75), (BLUE_LINE_LAT, -78.697)]),
]
# What a line of each style means for a road that crosses it: the crossings it must list.
LINE_CROSSING = {"river": {"river"}, "ridge": {"mountain"}, "boundary": {"mountain"}}


def line_entities():
    project = projection()
    out = []
    for style, name, side, points in LINES:
        e = {"style": style, "name": name}
        if side:
            e["side"] = side
        e["points"] = [list(project(lat, lon)) for lat, lon in points]
        out.append(e)
    return out


def map_entity():
    locs = location_entities()
    conns = connection_entities()
    place_labels(locs, conns)
    # the members in the writer's order: label_dx/label_dy right after x/y
    order = ["id", "name", "x", "y", "label_dx", "label_dy", "major", "port", "fortress", "vp",
             "supply", "replacement", "tags", "note"]
    locs = [{k: e[k] for k in order if k in e} for e in locs]
    lines = line_entities()
    check_lines(lines, locs, conns, LINE_CROSSING, "gen-jackson-sheridan")
    return {
        "id": "valley",
        "name": "The Shenandoah Valley",
        "kind": "points",
        "source": MAP_SOURCE,
        "lines": lines,
        "width": WIDTH,
        "height": HEIGHT,
        "locations": locs,
        "connections": conns,
    }


# ---------------------------------------------------------------------------------------
# Order of battle (Part 1, 13; Part 2, 3)
# ---------------------------------------------------------------------------------------
#
# The set-up charts of Part 1, 13 are the only list of units in the text. A row gives the unit's
# identifier (the label's bottom-right corner, Part 2, 3) and its SP: "F (12SP)". Garrisons
# carry "G" (Part 2, 3); "2 Garrison (2SP)" is two garrison units of 2 SP. The labels' morale
# (star) and battle dice (circle) are not in the text, so no unit has them: the attributes are
# left out, and every unit's note says so. Movement is the allowance of its type (Part 2, 3).
# The two scenarios use separate units (the units of a game file are shared by its scenarios):
# the 1862 Union garrisons and the 1864 ones are different blocks on the board.
#
# Strength: B&G blocks lose one SP per hit and are rotated (Part 2, 3); a 12-SP corps has twelve
# values, more than the format's step list holds (8), so strength is the single SP value the
# chart gives, the unit's full strength at set-up. Leaders have no SP (0).

RATINGS = bgcs.morale_note("Part 2, 13", "Part 2, 14.1")

FORMATIONS = [
    {"id": "union-1862", "name": "Union forces in the Valley, 1862 (army commander Lincoln)",
     "echelon": "army", "side": "union"},
    {"id": "confederate-1862", "name": "Jackson's Valley Army, 1862", "echelon": "army",
     "side": "confederate"},
    {"id": "union-1864", "name": "Union forces in the Valley, 1864 (Sheridan)",
     "echelon": "army", "side": "union"},
    {"id": "confederate-1864", "name": "Confederate forces in the Valley, 1864 (Early)",
     "echelon": "army", "side": "confederate"},
]

# (id, name, designation or None, side, class, formation, size or None, SP, note or None,
#  extra attrs)
OOB = [
    # 1862 Union (Part 1, 13 "1862 Campaign"; names from Part 1, 12 and 14)
    ("f", "Fremont's command", "F", "union", "infantry", "union-1862", None, 12,
     "Identifier F, 12 SP (Part 1, 13). Read as Fremont: Part 1, 14 names \"Shields, Fremont, "
     "Blenker, and Milroy\" as the Union commands, and the chart's identifiers are their "
     "initials.", {}),
    ("b", "Blenker's command", "B", "union", "infantry", "union-1862", None, 12,
     "Identifier B, 12 SP (Part 1, 13). Read as Blenker (Part 1, 14, see F).", {}),
    ("m", "Milroy's command", "M", "union", "infantry", "union-1862", None, 6,
     "Identifier M, 6 SP (Part 1, 13). Read as Milroy (Part 1, 14, see F).", {}),
    ("s", "Shields' command", "S", "union", "infantry", "union-1862", None, 12,
     "Identifier S, 12 SP (Part 1, 13): \"the Shields unit (S)\" (Part 1, 12). It may move in "
     "and out of the Valley; from turn 4 the Confederates get 1 VP whenever it does not end the "
     "Union turn in Manassas.", {}),
    ("union-g-hf-1862", "Garrison, Harpers Ferry (1862)", "G", "union", "garrison", "union-1862",
     None, 4, "Garrison (4SP) at Harpers Ferry (Part 1, 13).", {}),
    ("union-g-romney-1862", "Garrison, Romney (1862)", "G", "union", "garrison", "union-1862",
     None, 2, "Garrison (2SP) at Romney (Part 1, 13).", {}),
    ("union-cav-1862", "Union cavalry (1862)", "Cav", "union", "cavalry", "union-1862", None, 2,
     "Printed \"Cavalry (2)\" (Part 1, 13), without \"SP\": read as 2 SP like the other rows (the "
     "1864 chart prints \"Cavalry (3SP)\"). The text gives no screen value (Part 2, 10: "
     "\"normally 2 or 3\"): reconstructed as 2, the printed number (Grant's Gamble reads its "
     "\"Cavalry (2)\" as the screen value). The identifier is not printed; \"Cav\" is the "
     "workbench's.", {"screen": 2}),
    # 1862 Confederate
    ("jackson", "Jackson", "Jackson", "confederate", "leader", "confederate-1862", None, 0,
     "Jackson (Leader) at Port Republic (Part 1, 13). Leaders have no SP in the text. The "
     "Union wins automatically if he is eliminated, and gets 2 VP each turn he ends a "
     "Confederate turn outside the Valley (Part 1, 12). He is also the army commander "
     "(rating 7, Part 1, 4), which has no tie to the block (Part 2, 4).",
     {"ability": JACKSON_TEXT}),
    ("ja", "Jackson's division", "JA", "confederate", "infantry", "confederate-1862", None, 8,
     "Identifier JA, 8 SP (Part 1, 13); set up with Jackson. The name is a reading of the "
     "identifier (Part 1, 14: \"catch Jackson or Ewell separate\").", {}),
    ("ew", "Ewell's division", "EW", "confederate", "infantry", "confederate-1862", None, 8,
     "Identifier EW, 8 SP (Part 1, 13). Read as Ewell (Part 1, 14: \"catch Jackson or Ewell "
     "separate\").", {}),
    ("jo", "Johnson's command", "JO", "confederate", "infantry", "confederate-1862", None, 4,
     "Identifier JO, 4 SP (Part 1, 13). The name is historical (Edward Johnson's command west of "
     "Staunton in May 1862); the text gives only the identifier.", {}),
    ("csa-g1-1862", "Garrison, Staunton (1862) 1", "G", "confederate", "garrison",
     "confederate-1862", None, 2, "\"2 Garrison (2SP)\" at Staunton (Part 1, 13): the first.", {}),
    ("csa-g2-1862", "Garrison, Staunton (1862) 2", "G", "confederate", "garrison",
     "confederate-1862", None, 2, "\"2 Garrison (2SP)\" at Staunton (Part 1, 13): the second.",
     {}),
    ("csa-cav-1862", "Confederate cavalry (1862)", "Cav", "confederate", "cavalry",
     "confederate-1862", None, 2,
     "Printed \"Cavalry (2)\" (Part 1, 13): read as 2 SP (see the Union cavalry of 1862). No "
     "screen value in the text: reconstructed as 2 (see the Union cavalry of 1862). The "
     "identifier is not printed; \"Cav\" is the workbench's.", {"screen": 2}),
    # 1864 Union (Part 1, 13 "1864 Campaign")
    ("sheridan", "Sheridan", "Sheridan", "union", "leader", "union-1864", None, 0,
     "Sheridan (Leader) at Harpers Ferry (Part 1, 13). Leaders have no SP in the text. He is "
     "also the army commander (rating 8, Part 1, 4).", {"ability": SHERIDAN_TEXT}),
    ("vi", "VI Corps", "VI", "union", "infantry", "union-1864", "XXX", 12,
     "VI, 12 SP (Part 1, 13); \"the Union VI corps\" (Part 2, 13).", {}),
    ("viii", "VIII Corps", "VIII", "union", "infantry", "union-1864", "XXX", 10,
     "VIII, 10 SP (Part 1, 13). Part 2, 13's example gives \"the VIII corps\" a morale number of "
     "3, the source of the Union units' reconstructed morale.", {}),
    ("xix", "XIX Corps", "XIX", "union", "infantry", "union-1864", "XXX", 10,
     "XIX, 10 SP (Part 1, 13); \"the Union XIX corps\" (Part 2, 13).", {}),
    ("union-cav-1864", "Union cavalry (1864)", "Cav", "union", "cavalry", "union-1864", None, 3,
     "Cavalry (3SP) at Harpers Ferry (Part 1, 13). Part 1, 3: the side's one cavalry unit in "
     "1864 moves as cavalry (4 locations) but otherwise acts as infantry and fights in battles; "
     "it may screen with its SP as its screen number (so no separate screen value). The "
     "identifier is not printed; \"Cav\" is the workbench's.", {"fights_as_infantry": True}),
    ("union-g-hf-1864", "Garrison, Harpers Ferry (1864)", "G", "union", "garrison", "union-1864",
     None, 4, "Garrison (4SP) at Harpers Ferry (Part 1, 13).", {}),
    ("union-g-martinsburg-1864", "Garrison, Martinsburg (1864)", "G", "union", "garrison",
     "union-1864", None, 2, "Garrison (2SP) at Martinsburg (Part 1, 13).", {}),
    # 1864 Confederate
    ("early", "Early", "Early", "confederate", "leader", "confederate-1864", None, 0,
     "Early (Leader) at Strasburg (Part 1, 13). Leaders have no SP in the text. He is also the "
     "army commander (rating 7, Part 1, 4).", {"ability": EARLY_TEXT}),
    ("eaa", "EAA", "EAA", "confederate", "infantry", "confederate-1864", None, 8,
     "Identifier EAA, 8 SP (Part 1, 13); the text gives no name. Part 2, 13's example (on this "
     "board) has a Confederate \"EA\" unit of 8 SP rolling 4 dice, probably one of EAA and EAB; "
     "the battle dice table's 8 SP row comes from it.", {}),
    ("eab", "EAB", "EAB", "confederate", "infantry", "confederate-1864", None, 8,
     "Identifier EAB, 8 SP (Part 1, 13); the text gives no name (see EAA).", {}),
    ("vmi", "VMI", "VMI", "confederate", "infantry", "confederate-1864", None, 2,
     "Identifier VMI, 2 SP (Part 1, 13). Taken as infantry: the chart does not call it a "
     "garrison, and garrisons carry the identifier G (Part 2, 3). Historically the cadets of the "
     "Virginia Military Institute.", {}),
    ("csa-cav-1864", "Confederate cavalry (1864)", "Cav", "confederate", "cavalry",
     "confederate-1864", None, 3,
     "Cavalry (3SP) at Staunton (Part 1, 13). Moves as cavalry but fights as infantry and "
     "screens with its SP (Part 1, 3; see the Union cavalry of 1864). The identifier is not "
     "printed; \"Cav\" is the workbench's.", {"fights_as_infantry": True}),
    ("csa-g1-1864", "Garrison, Staunton (1864) 1", "G", "confederate", "garrison",
     "confederate-1864", None, 2, "\"2 Garrison (2SP)\" at Staunton (Part 1, 13): the first.", {}),
    ("csa-g2-1864", "Garrison, Staunton (1864) 2", "G", "confederate", "garrison",
     "confederate-1864", None, 2, "\"2 Garrison (2SP)\" at Staunton (Part 1, 13): the second.",
     {}),
]


def unit_entities():
    out = []
    allowance = RULES["params"]["movement_allowance"]
    for uid, name, des, side, klass, formation, size, sp, note, extra in OOB:
        u = {"id": uid, "name": name}
        if des and des != name:
            u["designation"] = des
        u["side"] = side
        u["class"] = klass
        u["formation"] = formation
        if size:
            u["size"] = size
        u["strength"] = sp
        attrs = {"movement": allowance[klass]}
        attrs.update(extra)
        # the writer's order: the class's attribute schema
        schema = [a["id"] for c in UNIT_CLASSES if c["id"] == klass for a in c["attrs"]]
        # the units that fight (Base 11.1: cavalry and leaders stand in reserve)
        if klass in ("infantry", "garrison") or attrs.get("fights_as_infantry"):
            attrs["morale"] = bgcs.MORALE[side]
        u["attrs"] = {k: attrs[k] for k in schema if k in attrs}
        u["note"] = note + ("" if klass == "leader" else " " + RATINGS)
        out.append(u)
    return out


# Part 1, 13: (unit, location, note). One line per unit; a row of several units is one line
# each, "2 Garrison" two lines.
GROUPED = ("Part 1, 13 prints the leader line above the unit list with one set-up location for "
           "the group (transcriber's note of the source).")
SETUP_1862 = [
    ("f", "moorefield", None), ("union-g-romney-1862", "romney", None), ("b", "strasburg", None),
    ("union-g-hf-1862", "harpers-ferry", None), ("union-cav-1862", "dry-river-gap", None),
    ("m", "mcdowell", None), ("s", "new-market", None),
    ("jo", "lebanon-springs", None), ("csa-g1-1862", "staunton", None),
    ("csa-g2-1862", "staunton", None), ("csa-cav-1862", "harrisonburg", None),
    ("jackson", "port-republic", None), ("ja", "port-republic", None),
    ("ew", "conrads-store", None),
]
SETUP_1864 = [
    ("sheridan", "harpers-ferry", GROUPED), ("vi", "harpers-ferry", GROUPED),
    ("viii", "harpers-ferry", GROUPED), ("xix", "harpers-ferry", GROUPED),
    ("union-cav-1864", "harpers-ferry", GROUPED), ("union-g-hf-1864", "harpers-ferry", GROUPED),
    ("union-g-martinsburg-1864", "martinsburg", None),
    ("early", "strasburg", GROUPED), ("eaa", "strasburg", GROUPED), ("eab", "strasburg", GROUPED),
    ("vmi", "strasburg", GROUPED),
    ("csa-cav-1864", "staunton", None), ("csa-g1-1864", "staunton", None),
    ("csa-g2-1864", "staunton", None),
]
_CLASS = {o[0]: o[4] for o in OOB}
_SIDE = {o[0]: o[3] for o in OOB}
# For the map checks: (scenario, side, unit, class, location).
SETUP = ([("1862", _SIDE[u], u, _CLASS[u], l) for u, l, _ in SETUP_1862] +
         [("1864", _SIDE[u], u, _CLASS[u], l) for u, l, _ in SETUP_1864])

# ---------------------------------------------------------------------------------------
# Scenarios (Part 1, 12 and 13; rule texts quoted from Part 1)
# ---------------------------------------------------------------------------------------

TEXT_2 = ("On the game board is a dotted black line that defines the Shenandoah Valley, west of "
          "the line units are \"in\" the valley, east of the line units are \"out\" of the valley. "
          "There is blue dotted line to the south and a gray dotted line to the north. These lines "
          "define victory points for each side. The Confederate player receives VP for having in "
          "supply units north of the gray line and the Union receives VP for having in supply "
          "units south of the blue line. (On this map the lines are location tags: in-valley / "
          "out-of-valley, north-of-gray-line, south-of-blue-line; see the map's source.)")
TEXT_3 = ("In the Sheridan 1864 game, both sides have one cavalry unit that can move like cavalry "
          "(4 locations) but for all other purposes act like infantry and they can fight in "
          "battles. They can also do cavalry screens with their SP being their screen number. The "
          "owning player must decide if he wants to screen or fight. In summary they are fast "
          "infantry that can screen like cavalry.")
TEXT_4 = {
    "1862": ("Each turn the Confederate player starts with 2 CAP, the Union starts each turn with 2 "
             "CAP. Both players can receive one extra CAP if successful during the CAP roll. "
             "Jackson's Confederate Army Commander Rating is a 7. The Lincoln Army Commander Rating "
             "is a 9. Note that LINCOLN is the army commander because he tried to control and "
             "coordinate his commanders in the Valley."),
    "1864": ("Each turn the Confederate player starts with 2 CAP, the Union starts each turn with 2 "
             "CAP. Both players can receive one extra CAP if successful during the CAP roll. "
             "Early's Confederate Army Commander Rating is a 7. Sheridan's Union Army Commander "
             "rating is an 8."),
}
TEXT_5 = ("The supply location for the Union player is Harpers Ferry. The supply location for the "
          "Confederate player is Staunton. Tracing supply for both players must be along roads "
          "\"in\" the Shenandoah Valley. They can not be traced on roads outside of the valley "
          "(black dotted line shows boundaries).")
TEXT_8 = {
    "1862": "1862: Each player receives one replacement point per turn.",
    "1864": ("1864: The Union player receives 1 replacement point per turn. The Confederate "
             "receives 1 replacement point each even turn."),
}
TEXT_8_LOC = ("Union Replacement Location 1862 and 1864: Harpers Ferry. Confederate Replacement "
              "Location 1862 and 1864: Staunton.")
TEXT_10_RAIL = "RAIL MOVEMENT: Rail movement is not allowed for either side in 1862 and 1864."
TEXT_SHIELDS = ("In the 1862 game, the Shields unit can move in and out of the valley. Beginning on "
                "turn 4 if the Shields unit (S) does not end the Union turn in the Manassas "
                "location the Confederate player receives 1 VP.")
TEXT_13 = ("This 1862 and 1864 games are 16 turns long. Union player sets up first in both games. "
           "The Confederate player is the first player in the 1862 game and the Union player is "
           "first in the 1864 game.")
TEXT_12_COMMON = (
    "1862 and 1864: The player with the most VP at the end of turn 16 wins the game. The "
    "Confederate player receives 1 VP any time an IN SUPPLY infantry unit is in a location north "
    "of the gray dotted line at the end of the Union player turn. In supply means that the unit "
    "can trace supply to Staunton. The Union player receives 1 VP any time an IN SUPPLY infantry "
    "unit is in a location south of the blue dotted line at the end of the Confederate player "
    "turn. In supply means that the unit can trace supply to Harpers Ferry for the Union. The "
    "Confederates get 3 VPs once in the game for occupying Harpers Ferry at the end of the Union "
    "turn with an in supply infantry unit. Other than Shields in the 1862 game, if any other unit "
    "of a side ends their turn outside of the valley black dotted line, it is one VP for their "
    "opponent in 1862 and 1864. It is only one VP regardless of the number of units outside the "
    "Valley.")
TEXT_12 = {
    "1862": (TEXT_12_COMMON + " " + TEXT_SHIELDS + " If the Jackson Leader unit ENDS a "
             "Confederate turn \"outside\" the black dotted Valley line, the Union receives 2 VP "
             "each turn this happens. 1862 AUTOMATIC UNION VICTORY CONDITIONS: The Union player "
             "receives an automatic victory if the Jackson leader unit is eliminated. (Part 1, 12)"),
    "1864": (TEXT_12_COMMON + " 1864 AUTOMATIC UNION VICTORY CONDITIONS: The Union player "
             "receives an automatic victory if he has infantry units occupying Staunton AND "
             "Lynchburg AND no Confederate infantry units (in or out of supply) are north of the "
             "Confederate VP gray line. (Part 1, 12)"),
}


def victory(year, locations):
    gray = [{"location": e["id"]} for e in locations if GRAY in e["tags"]]
    blue = [{"location": e["id"]} for e in locations if BLUE in e["tags"]]
    out = [
        {"kind": "occupy", "side": "confederate", "vp": 1, "places": gray,
         "text": ("Part 1, 12: 1 VP any time an in-supply (traces supply to Staunton) Confederate "
                  "infantry unit is in a location north of the gray dotted line at the end of the "
                  "Union player turn: per unit, every Union turn. The places are the map's "
                  "north-of-gray-line locations; the line itself is reconstructed (see the map).")},
        {"kind": "occupy", "side": "union", "vp": 1, "places": blue,
         "text": ("Part 1, 12: 1 VP any time an in-supply (traces supply to Harpers Ferry) Union "
                  "infantry unit is in a location south of the blue dotted line at the end of the "
                  "Confederate player turn: per unit, every Confederate turn. The places are the "
                  "map's south-of-blue-line locations; the line itself is reconstructed (see the "
                  "map).")},
        {"kind": "occupy", "side": "confederate", "vp": 3, "places": [{"location": "harpers-ferry"}],
         "text": ("Part 1, 12: 3 VP once in the game for occupying Harpers Ferry at the end of the "
                  "Union turn with an in-supply infantry unit.")},
        {"kind": "text", "side": "union", "vp": 1,
         "text": ("Part 1, 12: 1 VP for the Union each time any Confederate unit ends the "
                  "Confederate turn outside the Valley (black dotted line); one VP however many "
                  "units are outside.")},
        {"kind": "text", "side": "confederate", "vp": 1,
         "text": ("Part 1, 12: 1 VP for the Confederates each time any Union unit%s ends the "
                  "Union turn outside the Valley (black dotted line); one VP however many units "
                  "are outside." % (" other than Shields (S)" if year == "1862" else ""))},
    ]
    # The automatic victories are text: occupy and destroy need a VP value, and an automatic
    # victory has none (docs/games/jackson-sheridan.md, format gaps).
    if year == "1862":
        out += [
            {"kind": "text", "side": "confederate", "vp": 1,
             "text": ("Part 1, 12: beginning on turn 4, 1 VP for the Confederates each time the "
                      "Shields unit (S) does not end the Union turn in Manassas.")},
            {"kind": "text", "side": "union", "vp": 2,
             "text": ("Part 1, 12: 2 VP for the Union each turn the Jackson leader unit ends a "
                      "Confederate turn outside the Valley (black dotted line).")},
            {"kind": "text", "side": "union",
             "text": ("Part 1, 12: automatic Union victory if the Jackson leader unit is "
                      "eliminated.")},
        ]
    else:
        out.append(
            {"kind": "text", "side": "union",
             "text": ("Part 1, 12: automatic Union victory if Union infantry units occupy Staunton "
                      "AND Lynchburg AND no Confederate infantry units (in or out of supply) are "
                      "north of the Confederate VP gray line.")})
    return out


def special_rules(year):
    rules = [{"id": "game-board", "title": "2 Game Board", "text": TEXT_2}]
    if year == "1864":
        rules.append({"id": "cavalry", "title": "3 Game Units (1864 cavalry)", "text": TEXT_3})
    ability = {"1862": [JACKSON_TEXT], "1864": [SHERIDAN_TEXT, EARLY_TEXT]}[year]
    rules += [
        {"id": "cap", "title": "4 Command Action Points", "text": TEXT_4[year]},
        {"id": "supply", "title": "5 Supply", "text": TEXT_5},
        {"id": "replacements", "title": "8 Replacements", "text": TEXT_8[year] + " " + TEXT_8_LOC},
        {"id": "movement", "title": "10 Movement",
         "text": TEXT_10_RAIL + " Special Leader Abilities: " + " ".join(ability)},
    ]
    if year == "1862":
        rules.append({"id": "shields", "title": "12 Victory: Shields", "text": TEXT_SHIELDS})
    rules.append({"id": "setup", "title": "13 Setup", "text": TEXT_13})
    return rules


NO_REINFORCEMENTS = ("The text gives no reinforcements: every unit of the scenario is in the "
                     "set-up of Part 1, 13, and eliminated units come back only as replacements "
                     "(Part 1, 8; Part 2, 8). The turn track has no labels in the text (turns "
                     "1-16).")


def scenario_entities(locations):
    def setup_lines(rows):
        out = []
        for u, l, note in rows:
            e = {"unit": u, "location": l}
            if note:
                e["note"] = note
            out.append(e)
        return out

    return [
        {"id": "1862",
         "name": "1862 Campaign: Jackson in the Valley",
         "description": (
             "Stonewall Jackson's Valley Army against the separate Union commands of Shields, "
             "Fremont, Blenker and Milroy, with Lincoln as the Union army commander (Part 1, 4, 14). "
             "16 turns; the Union sets up first and the Confederate player is the first player "
             "(Part 1, 13). " + NO_REINFORCEMENTS),
         "map": "valley",
         "first_side": "confederate",
         "turns": {"count": 16},
         "setup": setup_lines(SETUP_1862),
         "victory": victory("1862", locations),
         "victory_text": TEXT_12["1862"],
         "special_rules": special_rules("1862")},
        {"id": "1864",
         "name": "1864 Campaign: Sheridan and Early",
         "description": (
             "Sheridan's VI, VIII and XIX Corps against Early's army (Part 1, 13, 14). 16 turns; "
             "the Union sets up first and is the first player (Part 1, 13). " + NO_REINFORCEMENTS),
         "map": "valley",
         "first_side": "union",
         "turns": {"count": 16},
         "setup": setup_lines(SETUP_1864),
         "victory": victory("1864", locations),
         "victory_text": TEXT_12["1864"],
         "special_rules": special_rules("1864")},
    ]


def build_game():
    valley = map_entity()
    return {
        "format": "warbench-game",
        "version": 9,
        "game": GAME,
        "rules": RULES,
        "counter": {"size": '0.75in', "source": "reconstructed: the rulebook (000) does not give the block label's size; 3/4 inch fits a standard wargame block"},
        "sides": SIDES,
        "unit_classes": UNIT_CLASSES,
        "terrain": [],
        "features": FEATURES,
        "tables": TABLES,
        "maps": [valley],
        "formations": FORMATIONS,
        "units": unit_entities(),
        "scenarios": scenario_entities(valley["locations"]),
    }


# ---------------------------------------------------------------------------------------
# Checks: what the loader checks, plus what the rules need of the map.
# ---------------------------------------------------------------------------------------

def text_width(text, size):
    """Rough width of the renderer's bold italic serif label (glyph widths in ems)."""
    em = 0.0
    for ch in text:
        em += 0.74 if ch.isupper() else 0.28 if ch in " '.," else 0.56
    return em * size


def label_box(e):
    """Approximate label box (x0, y0, x1, y1) as core/wb-render-points.c places it."""
    u = 20.0
    size = u * 0.55 * (1.2 if e.get("major") else 1.0)
    w = text_width(e["name"], size) + 4
    h = size * 1.2
    rad = u * (0.48 if e.get("major") else 0.3)
    if "label_dx" in e:
        cx, cy = e["x"] + e["label_dx"], e["y"] + e["label_dy"]
        return (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
    top = e["y"] + rad + u * 0.2
    return (e["x"] - w / 2, top, e["x"] + w / 2, top + h)


def boxes_overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def segment_hits_box(p, q, box, samples=60):
    for i in range(samples + 1):
        t = i / samples
        x, y = p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t
        if box[0] <= x <= box[2] and box[1] <= y <= box[3]:
            return True
    return False


def segments_cross(p1, p2, p3, p4):
    def orient(a, b, c):
        v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        return (v > 0) - (v < 0)
    if len({p1, p2, p3, p4}) < 4:
        return False        # sharing a location is a junction, not a crossing
    return (orient(p1, p2, p3) != orient(p1, p2, p4) and
            orient(p3, p4, p1) != orient(p3, p4, p2))


def label_problems(e, locations, connections, pts, placed):
    box = label_box(e)
    out = []
    for other in placed:
        if boxes_overlap(box, other):
            out.append("label of %s overlaps another label" % e["id"])
    u = 20.0
    for o in locations:
        # the dot, its supply rings and its VP star (core/wb-render-points.c)
        rad = u * (0.48 if o.get("major") else 0.3)
        r = rad + 3 + (u * (0.18 + 0.14 * len(o["supply"]) + 0.05) if o.get("supply") else 0)
        marks = [(o["x"] - r, o["y"] - r, o["x"] + r, o["y"] + r)]
        if o.get("vp"):
            sx, sy = o["x"] + rad + u * 0.3, o["y"] - rad - u * 0.25
            marks.append((sx - u * 0.35, sy - u * 0.35, sx + u * 0.9, sy + u * 0.35))
        if any(boxes_overlap(box, m) for m in marks):
            out.append("label of %s covers location %s" % (e["id"], o["id"]))
    pad = 4      # the road's width and its crossing symbols
    wide = (box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad)
    for c in connections:
        if segment_hits_box(pts[c["a"]], pts[c["b"]], wide):
            out.append("label of %s lies on the road %s-%s" % (e["id"], c["a"], c["b"]))
    if box[0] < 0 or box[1] < 0 or box[2] > WIDTH or box[3] > HEIGHT:
        out.append("label of %s leaves the map" % e["id"])
    return out


def check(game):
    errors = bgcs.check_tables(game["tables"], RULES["params"]) + bgcs.check_params(game)
    err = errors.append
    mp = game["maps"][0]
    locs = {e["id"]: e for e in mp["locations"]}
    sides = {s["id"] for s in game["sides"]}
    feats = {f["id"]: f for f in game["features"]}

    if len(locs) != len(mp["locations"]):
        err("duplicate location ids")
    for lid in NAMED:
        if lid not in locs:
            err("location %s named in the text (%s) is missing" % (lid, NAMED[lid]))
    for lid in locs:
        if lid not in NAMED:
            err("location %s is not named in the text" % lid)
    for e in mp["locations"]:
        if not (0 <= e["x"] <= WIDTH and 0 <= e["y"] <= HEIGHT):
            err("location %s off the map" % e["id"])
        regions = [t for t in e["tags"] if t in (IN, OUT)]
        if len(regions) != 1:
            err("location %s has regions %s" % (e["id"], regions))
        if GRAY in e["tags"] and BLUE in e["tags"]:
            err("location %s is beyond both VP lines" % e["id"])
        if OUT in e["tags"] and (GRAY in e["tags"] or BLUE in e["tags"]):
            err("location %s is out of the Valley but has a VP-line tag" % e["id"])
        for key in ("supply", "replacement"):
            for s in e.get(key, []):
                if s not in sides:
                    err("location %s: unknown side %s" % (e["id"], s))
        if e.get("fortress") or e.get("port"):
            err("location %s: the text gives no fortress or port on this board" % e["id"])

    # supply and replacement locations as Part 1, 5 and 8 give them
    supply = {s: [e["id"] for e in mp["locations"] if s in e.get("supply", [])] for s in sides}
    repl = {s: [e["id"] for e in mp["locations"] if s in e.get("replacement", [])] for s in sides}
    if supply != {"union": ["harpers-ferry"], "confederate": ["staunton"]}:
        err("supply locations %s" % supply)
    if repl != supply:
        err("replacement locations %s differ from the supply locations" % repl)
    if RULES["params"]["supply_locations"] != supply:
        err("rules.params.supply_locations disagrees with the map")
    if RULES["params"]["replacement_locations"] != repl:
        err("rules.params.replacement_locations disagrees with the map")
    for s, ls in supply.items():
        for l in ls:
            if IN not in locs[l]["tags"]:
                err("supply location %s is not in the Valley" % l)

    # connections
    adj = {l: {} for l in locs}
    seen = set()
    for c in mp["connections"]:
        a, b = c["a"], c["b"]
        if a not in locs or b not in locs:
            err("connection %s-%s: unknown location" % (a, b))
            continue
        key = frozenset((a, b))
        if key in seen:
            err("duplicate connection %s-%s" % (a, b))
        seen.add(key)
        if feats.get(c["class"], {}).get("where") != "connection":
            err("connection %s-%s: class %s is not a connection feature" % (a, b, c["class"]))
        for x in c.get("crossings", []):
            if feats.get(x, {}).get("where") != "crossing":
                err("connection %s-%s: %s is not a crossing feature" % (a, b, x))
        if not c.get("note"):
            err("connection %s-%s has no note saying where it comes from" % (a, b))
        adj[a][b] = c
        adj[b][a] = c

    def crossings(a, b):
        return sorted(adj[a][b].get("crossings", [])) if b in adj[a] else None

    # Part 2, 13: the example's roads
    if crossings("winchester", "snickersville") != ["mountain", "river"]:
        err("Winchester-Snickersville must cross a mountain and a river (Part 2, 13)")
    if crossings("front-royal", "salem") != ["mountain"]:
        err("Front Royal-Salem must cross a mountain (Part 2, 13)")
    if crossings("salem", "snickersville") != []:
        err("Salem-Snickersville must cross no terrain (Part 2, 13)")

    def distances(start, allowed=None):
        dist = {start: 0}
        todo = deque([start])
        while todo:
            v = todo.popleft()
            for w in adj[v]:
                if w in dist or (allowed and not allowed(w)):
                    continue
                dist[w] = dist[v] + 1
                todo.append(w)
        return dist

    every = distances("winchester")
    for l in locs:
        if l not in every:
            err("location %s cannot be reached" % l)

    # Part 1, 5: supply is traced along roads in the Valley; both supply locations must reach
    # every Valley location that way, and each other.
    in_valley = lambda l: IN in locs[l]["tags"]
    for s, ls in supply.items():
        d = distances(ls[0], in_valley)
        for l in locs:
            if in_valley(l) and l not in d:
                err("%s cannot trace supply from %s to %s along Valley roads" % (s, ls[0], l))

    # Part 1, 12: Shields must be able to reach Manassas from New Market by turn 4 (three
    # infantry moves a turn); Union infantry must be able to reach Lynchburg (1864).
    if distances("new-market").get("manassas", 99) > 3 * 3:
        err("Shields cannot reach Manassas from New Market in three turns")
    if "lynchburg" not in distances("harpers-ferry"):
        err("Lynchburg cannot be reached")

    # Part 1, 13: every set-up place exists; no side scores at once from its own set-up
    # (Shields aside, every set-up is in the Valley; no Union infantry south of the blue line,
    # no Confederate infantry north of the gray line).
    for year, side, unit, klass, l in SETUP:
        if l not in locs:
            err("set-up %s %s %s: unknown location %s" % (year, side, unit, l))
            continue
        if not in_valley(l):
            err("set-up %s %s %s at %s is outside the Valley" % (year, side, unit, l))
        if side == "union" and klass == "infantry" and BLUE in locs[l]["tags"]:
            err("set-up %s Union %s at %s is south of the blue line" % (year, unit, l))
        if side == "confederate" and klass == "infantry" and GRAY in locs[l]["tags"]:
            err("set-up %s Confederate %s at %s is north of the gray line" % (year, unit, l))
    # the order of battle: every unit set up exactly once, in the scenario of its formation's
    # year, on its own side; no reinforcements (the text has none); victory places exist.
    units = {u["id"]: u for u in game["units"]}
    forms = {f["id"]: f for f in game["formations"]}
    if len(units) != len(game["units"]):
        err("duplicate unit ids")
    placed = {}
    for sc in game["scenarios"]:
        for st in sc["setup"]:
            placed.setdefault(st["unit"], []).append(sc["id"])
        if sc.get("reinforcements"):
            err("scenario %s has reinforcements; the text gives none" % sc["id"])
        for v in sc["victory"]:
            for p in v.get("places", []):
                if p["location"] not in locs:
                    err("scenario %s: victory place %s unknown" % (sc["id"], p["location"]))
            for u in v.get("units", []):
                if u not in units:
                    err("scenario %s: victory unit %s unknown" % (sc["id"], u))
    for uid, u in units.items():
        f = forms.get(u["formation"])
        if f is None or f["side"] != u["side"]:
            err("unit %s: formation %s missing or of the other side" % (uid, u["formation"]))
            continue
        year = f["id"].rsplit("-", 1)[1]
        if placed.get(uid) != [year]:
            err("unit %s (%s) is set up in %s" % (uid, year, placed.get(uid)))
        if u["class"] != "leader" and not u["strength"]:
            err("unit %s has no SP" % uid)
    for uid in placed:
        if uid not in units:
            err("set-up of unknown unit %s" % uid)
    # Part 1, 3: in 1864 each side has exactly one cavalry unit, and it fights as infantry
    for side in ("union", "confederate"):
        cav = [u for u in units.values() if u["class"] == "cavalry" and u["side"] == side
               and u["formation"].endswith("1864")]
        if len(cav) != 1 or not cav[0]["attrs"].get("fights_as_infantry"):
            err("1864 %s: expected one cavalry unit that fights as infantry (Part 1, 3)" % side)

    if GRAY in locs["staunton"]["tags"] or BLUE not in locs["staunton"]["tags"]:
        err("Staunton should lie beyond the blue line (Part 1, 14)")
    if GRAY not in locs["harpers-ferry"]["tags"]:
        err("Harpers Ferry should lie beyond the gray line")

    # layout: no two roads cross, labels do not collide with each other, with a location or
    # with a road they do not belong to.
    pts = {l: (e["x"], e["y"]) for l, e in locs.items()}
    conns = mp["connections"]
    for i, c in enumerate(conns):
        for d in conns[i + 1:]:
            if segments_cross(pts[c["a"]], pts[c["b"]], pts[d["a"]], pts[d["b"]]):
                err("roads %s-%s and %s-%s cross" % (c["a"], c["b"], d["a"], d["b"]))
    placed = []
    for e in mp["locations"]:
        for p in label_problems(e, mp["locations"], conns, pts, placed):
            err(p)
        placed.append(label_box(e))
    return errors


# ---------------------------------------------------------------------------------------
# Output: the canonical layout of core/wb-format-write.c (as tools/gen-wilderness.py)
# ---------------------------------------------------------------------------------------


def main(argv):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    game = build_game()
    errors = check(game)
    for e in errors:
        print("gen-jackson-sheridan: %s" % e, file=sys.stderr)
    if errors:
        return 1
    if len(argv) > 1 and argv[1] == "--check":
        return 0
    out = argv[1] if len(argv) > 1 else os.path.join(root, "data", "games",
                                                      "jackson-sheridan.warbench")
    write_game(game, out)
    cli = os.path.join(root, "build", "app", "warbench-cli")
    if os.access(cli, os.X_OK):
        r = subprocess.run([cli, "format", "--check", out])
        if r.returncode != 0:
            print("gen-jackson-sheridan: %s is not in canonical form" % out, file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
