#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Generate data/games/grants-gamble.warbench: Grant's Gamble, map, OOB and scenario.

The source is the rulebook text of "Grant's Gamble: Wilderness Campaign of 1864" (Blue & Gray
Campaign Series): the series Base Rules 1-14 and the Grant's Gamble Game-Specific Rules 1-15.
The original map is only a picture, so the point-to-point map here is a reconstruction: every
location the text names is on it with the values the text prints (fortress capacities, VP,
supply and replacement locations), and the rest (positions, the connections, which locations
are ports, the rivers crossed, the towns between the named ones, the rivers and ridges drawn on
the map) follows the historical geography of Virginia in 1864 and is marked as reconstructed in
"source", "note" and "tags".
See docs/games/grants-gamble.md.

This file holds the map and what a map needs (metadata, rules parameters, sides, unit classes,
connection and crossing features, the tables: the series tables come from tools/bgcs.py), the
order of battle (every unit of the set-up table of Game-Specific 13, with the SP it prints and
the replacement blocks of the Order of Battle Breakdown as step lists) and the campaign
scenario (set-up with the table's set-up choices, 16 turns, the victory conditions of
Game-Specific 12, the special rules as text). The text has no reinforcement chart and prints no
morale or battle dice; those are left out, with notes.

Usage: tools/gen-grants-gamble.py [OUTPUT]      (default: data/games/grants-gamble.warbench)
       tools/gen-grants-gamble.py --check       (build, run the consistency checks, write nothing)

Standard library only. The output is in Warbench's canonical layout (core/wb-format-write.c,
`warbench-cli format`): top-level keys in the documented order, 2-space indent, the containers
(tables, maps) one member per line, their lists and the top-level lists one element per line,
every entity compact on one line, defaults left out.
"""

import json
import math
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bgcs  # noqa: E402
from wbgen import check_lines, line_crosses, line_name_points, smooth, write_game  # noqa: E402

# ---------------------------------------------------------------------------------------
# What the text prints. The checks compare the built file with these.
# ---------------------------------------------------------------------------------------

# Every location the rulebook text names on this game's map, as printed (13 prints
# "Culpepper CH"; the map id and name use the usual spelling, see the location's note).
NAMED_IN_TEXT = {
    "culpeper-ch": "13 (setup, printed \"Culpepper CH\")",
    "elk-tavern": "5 (Union supply), 13 (setup)",
    "falmouth": "13 (setup)",
    "aquia-landing": "5 (Union supply), 8 (Union replacements), 13 (setup)",
    "sperryville": "5 (Union supply)",
    "fredericksburg": "10 (example), 13 (setup)",
    "chancellorsville": "10 (example), 13 (setup)",
    "orange-ch": "10 (example), 13 (setup)",
    "stannardsville": "13 (setup)",
    "gordonsville": "13 (setup)",
    "richmond": "Base 2 (fortress), 8 (Confederate replacements), 12 (VP), 13 (setup)",
    "petersburg": "Base 2 (fortress), 12 (VP), 13 (setup)",
    "chesterfield-ch": "13 (setup)",
    "disputania": "13 (setup)",
    "williamsburg": "13 (setup)",
    "yorktown": "13 (setup)",
    "city-point": "2 (road crossing), 13 (setup)",
    "charles-city": "2 (road crossing), 14",
    "cold-harbor": "14",
    "cumberland": "5 (Confederate supply), 12 (rail lines)",
    "hicksford": "5 (Confederate supply), 12 (rail lines)",
    "ft-monroe": "Base 2 (fortress)",
    "washington-dc": "Base 2 (fortress), 14",
}
FORTRESS = {lid: n for lid, _, n in bgcs.FORTRESSES}                              # Base 2
VP = {"richmond": 10, "petersburg": 5}                                              # 12
SUPPLY = {"union": ["aquia-landing", "elk-tavern", "sperryville"],                  # 5
          "confederate": ["cumberland", "hicksford"]}
REPLACEMENT = {"union": ["aquia-landing"], "confederate": ["richmond"]}             # 8

# ---------------------------------------------------------------------------------------
# Game, rules, sides, classes, features, tables
# ---------------------------------------------------------------------------------------

SOURCE = ("Grant's Gamble: Wilderness Campaign of 1864 (Blue & Gray Campaign Series), rulebook "
          "text: Blue & Gray Series Base Rules 1-14 (with the Movement and Battle Example) and "
          "Grant's Gamble Game-Specific Rules 1-5, 8, 10-15, and the Order of Battle breakdown of "
          "infantry replacement blocks (read from a graphic, cut short for the Union). The map, "
          "the block labels, the battle board and the tracks are not in the text.")

GAME = {
    "id": "grants-gamble",
    "title": "Grant's Gamble",
    "scale": ("1 SP = roughly 1,500 men, adjusted for corps artillery and leadership (Base 14.1); "
              "a turn = roughly 2 to 7 days (Base 14); one infantry block = a corps or half corps"),
    "source": SOURCE,
    "notes": ("Subtitle: Wilderness Campaign of 1864. A game of the Blue & Gray Campaign Series "
              "(with Lee's Invincibles and Jackson & Sheridan). The publisher, the designers and "
              "the year are not printed in the rulebook text and are left out. The map is a "
              "reconstruction (see the map's source). The order of battle is the set-up table "
              "of Game-Specific 13 with the replacement blocks of the Order of Battle Breakdown "
              "(cut short in the text after the Union V); the unit labels are not in the text, "
              "so no unit has morale or battle dice. One scenario, the campaign (Game-Specific "
              "12, 13). See docs/games/grants-gamble.md for what comes from where."),
}

RULES = {
    "family": "bg-campaign",
    "params": {
        # Base 3 and 10: movement points per unit type; one MP per location entered.
        "movement_allowance": {"infantry": 3, "garrison": 2, "cavalry": 4, "leader": 4},
        # Base 10: "Any number of units may occupy a location."
        "stacking": "unlimited",
        # Game-Specific 4; Base 4 and 9.
        "cap_per_turn": {"union": 3, "confederate": 3},
        "army_commander_rating": {"union": 7, "confederate": 7},
        "army_commander": {"union": "Grant", "confederate": "Lee"},
        "cap_roll": {"dice": "2d6", "extra_cap": 1, "success": "total >= army commander rating"},
        "cap_carry_over": False,
        "activation_cap": 1,
        # Base 7.
        "weather_table": "weather",
        "weather_roll_side": "union",
        "rain_movement": -1,
        "rain_two_turns_movement": -2,
        # Base 5, Game-Specific 5.
        "supply_blocked_by": ["infantry", "garrison"],
        "out_of_supply_movement": -1,
        "union_supply_any_occupied_port": True,
        # Base 8, Game-Specific 8.
        "replacements": {"union": {"sp": 1, "every": "turn"},
                         "confederate": {"sp": 1, "every": "even turn"}},
        "replacement_return_sp": {"infantry": 1, "garrison": 1},
        # Game-Specific 2: the Charles City-City Point road.
        "closed_crossing": {"locations": ["charles-city", "city-point"], "side": "union",
                            "rule": "GG 2"},
        # Base 10.
        "rail_movement_units_per_turn": 2,
        "rail_movement_cap": 2,
        "rail_movement_sides": ["confederate"],
        "rail_control": ("Game-Specific 10: Confederates control all railroad lines south of the "
                         "Rappahannock River (locations north of it carry the tag "
                         "north-of-rappahannock). Union cannot do rail movement."),
        "rail_uncontrolled_tag": "north-of-rappahannock",
        "amphibious_sides": ["union"],
        "amphibious_units_per_turn": 1,
        "amphibious_cap": 2,
        "screen_roll": {"dice": "1d6", "success": "roll <= screen value", "retreat_on_success": 1,
                        "retreat_on_failure": 3},
        # Base 11.
        "battle_hit_on": 6,
        "fortress_extra_dice": 2,
        "crossing_first_round_dice": -1,
        "morale_check": {"dice": "1d6", "per": "hit", "fail": "roll > morale"},
        "reinforce_roll": {"dice": "2d6", "success": "total >= army commander rating"},
        "retreat_locations": {"voluntary": 1, "forced": 2},
        "voluntary_retreat_fire_dice_per_unit": 1,
        # Game-Specific 3.
        "trench_cost_mp": 2,
        "trench_extra_dice": 1,
        "trench_in_fortress": False,
        "trench_rule": "GG 3",
        # Game-Specific 10 and 11.
        "leader_abilities": {
            "lee": {"side": "confederate", "reaction": True, "rule": "GG 10",
                    "text": ("Reaction Movement (Game-Specific 10): any and all units in a location "
                             "with Lee can react to Union moves into adjacent locations, defended "
                             "or not, one at a time or all at once; once per Union turn.")},
            "grant": {"side": "union", "morale_reroll": True, "rule": "GG 11",
                      "text": ("Game-Specific 11: if the Grant leader unit is present and in "
                               "reserve, the player can re-roll one failed morale check for one "
                               "unit each battle round.")},
        },
        # Game-Specific 12: the victory conditions the family plays, in the order it checks them
        # (docs/rules-engine.md lists the vocabulary). Richmond's and Petersburg's VP at the end
        # of the game are the scenario's occupy entries.
        "victory": [
            {"type": "infantry_below", "side": "confederate", "sp": 28, "at": "any_time",
             "rule": "GG 12"},
            {"type": "infantry_below", "side": "union", "sp": 14, "at": "any_time", "rule": "GG 12"},
            {"type": "hold_all", "side": "union", "locations": ["petersburg", "richmond"],
             "at": "game_turn", "rule": "GG 12"},
            {"type": "rail_cut", "side": "union", "from": ["richmond", "petersburg"],
             "to": ["cumberland", "hicksford"], "vp": 2, "no_reinforcements": True,
             "at": "game_turn", "rule": "GG 12"},
            {"type": "scenario_occupy", "at": "game_end", "rule": "GG 12"},
        ],
    },
}

SIDES = [
    {"id": "union", "name": "Union", "color": "#33518c", "text_color": "#ffffff"},
    {"id": "confederate", "name": "Confederate", "color": "#9d9b92", "text_color": "#1e1b14"},
]

MOVE = {"id": "movement", "name": "Movement", "type": "int", "min": 0, "max": 9}
MORALE = {"id": "morale", "name": "Morale", "type": "int", "min": 1, "max": 6}
DICE = {"id": "dice", "name": "Battle dice", "type": "int", "min": 0, "max": 20}
SCREEN = {"id": "screen", "name": "Screen value", "type": "int", "min": 1, "max": 6}
ABILITY = {"id": "ability", "name": "Special ability", "type": "string"}
UNIT_CLASSES = [
    {"id": "infantry", "name": "Infantry", "symbol": "infantry", "roles": ["infantry"], "attrs": [MOVE, MORALE, DICE]},
    {"id": "garrison", "name": "Garrison", "symbol": "garrison", "roles": ["garrison"], "attrs": [MOVE, MORALE, DICE]},
    {"id": "cavalry", "name": "Cavalry", "symbol": "cavalry", "roles": ["cavalry"], "attrs": [MOVE, MORALE, DICE, SCREEN]},
    {"id": "leader", "name": "Leader", "symbol": "leader", "roles": ["leader"], "attrs": [MOVE, ABILITY]},
]

ROAD_NOTE = ("Base 2, 10: locations joined by a road are adjacent; moving to an adjacent location "
             "costs 1 MP. Roads and railroads are treated the same for normal movement.")
FEATURES = [
    {"id": "road", "name": "Road", "where": "connection", "style": "road", "color": "#7a4b24",
     "width": 0.09, "move_mode": "set", "move": {"*": 1}, "note": ROAD_NOTE},
    {"id": "railroad", "name": "Railroad", "where": "connection", "style": "railroad",
     "color": "#1f1f1f", "width": 0.09, "move_mode": "set", "move": {"*": 1}, "roles": ["railroad"],
     "note": ("Base 2, 10: a railroad also joins adjacent locations for normal movement (1 MP). "
              "Rail movement: up to two units per player per turn, 2 CAP each, unlimited distance "
              "along their CONTROLLED railroad, beginning and ending on a rail line; no attack; "
              "cavalry blocks it; weather and supply do not affect it. Game-Specific 10: "
              "Confederates control all railroad lines south of the Rappahannock River (locations "
              "north of it are tagged north-of-rappahannock); Union cannot do rail movement.")},
    {"id": "river", "name": "River", "where": "crossing", "style": "river", "color": "#2f6fb5",
     "width": 0.1, "roles": ["river-crossing"],
     "note": ("Base 2, 11.1: each unit moving on a road or railroad that crosses a river to attack "
              "a defended location rolls one less die for the first battle round (River Line "
              "Position). Only the road or railroad immediately between the attacking and the "
              "defending location counts. Which river "
              "is crossed is in the connection's note.")},
    {"id": "mountain", "name": "Mountain", "where": "crossing", "style": "mountain",
     "color": "#7b5a3c", "roles": ["mountain-crossing"],
     "note": ("Base 2, 11.1: each unit moving on a road or railroad that crosses a mountain to "
              "attack a defended location rolls one less die for the first battle round (Mountain "
              "Line Position). Only the road or railroad immediately between the attacking and the "
              "defending location counts. The text names no mountain on this map; see the "
              "connection's note.")},
]

def ref(section):
    """A section of the series base rules, as this rulebook numbers it."""
    return "Base %s" % section


EXAMPLE = "Base, Movement and Battle Example"
RATINGS_TEXT = "Grant 7, Lee 7 (Game-Specific 4)"
P = RULES["params"]
TRENCH = {"id": "trench", "text": ("A unit with a trench marker (placed for 2 movement points, "
                                   "never in a fortress location; lost when the unit moves): one "
                                   "extra die in each round of battle."),
          "dice": P["trench_extra_dice"], "source": "Game-Specific 3 Trench markers"}

# Base 7 prints the weather table; the others are the base rules' rolls and allowances, as tables
# (tools/bgcs.py), with Game-Specific 3's trenches, and the game's command values (4 and 8).
TABLES = [
    bgcs.weather(ref, "Rail movement is not affected (Base 10)."),
    bgcs.cap_roll(ref, [7], RATINGS_TEXT),
    bgcs.commanders("Game-Specific 4 Command Action Points; Game-Specific 8 Replacements",
                    ("The CAP roll adds one CAP on two dice equal to or greater than the rating "
                     "(the cap-roll table); the same rating governs battle reinforcement. "
                     "Replacements arrive at Aquia Landing (Union) and Richmond (Confederate), "
                     "Game-Specific 8. A turn ending with both Confederate rail lines cut "
                     "\"eliminates Reinforcements for the Confederate player the next turn\" "
                     "(Game-Specific 12)."),
                    [(name, P["army_commander"][side], P["army_commander_rating"][side],
                      P["cap_per_turn"][side], bgcs.replacements_text(P["replacements"][side]))
                     for side, name in (("union", "Union"), ("confederate", "Confederate"))]),
    bgcs.movement(ref, ("Game-Specific 3: placing a trench block costs the active unit 2 movement "
                        "points. Game-Specific 10: only the Confederates move by rail, on the "
                        "lines south of the Rappahannock.")),
    bgcs.screening(ref, "The cavalry of this game: (3) and (2) a side (Game-Specific 13)."),
    bgcs.battle_dice(ref, EXAMPLE, [TRENCH],
                     ("Trench markers (Game-Specific 3) and fortresses never combine: no trench "
                      "in a fortress location.")),
    bgcs.fortresses(ref, "All four are fortress locations of this map, with these capacities."),
    bgcs.morale_check(ref, EXAMPLE,
                      ("Game-Specific 11: with the Grant leader present and in reserve, the Union "
                       "player can re-roll one failed morale check for one unit each battle "
                       "round.")),
    bgcs.retreat(ref),
    bgcs.reinforcement_roll(ref, [7], RATINGS_TEXT),
]

# ---------------------------------------------------------------------------------------
# The map. Positions are the towns' latitude and longitude, projected (north up, longitude
# scaled by cos 37.8 degrees) onto a 1200 x 1600 point sheet, then nudged where two places
# would sit on top of each other at this scale (Falmouth across the river from
# Fredericksburg). Label offsets keep the names clear of lines and of each other.
# ---------------------------------------------------------------------------------------

WIDTH, HEIGHT = 1200, 1560
LON0, LAT0 = -78.58, 39.01          # the sheet's top-left corner
SCALE = 640.0                       # points per degree of latitude
COS = math.cos(math.radians(37.8))
MARGIN = 30

RECON = "reconstructed"
NORTH = "north-of-rappahannock"

# (id, name, latitude, longitude, nudge (dx, dy) in points, members)
LOCATIONS = [
    ("washington-dc", "Washington DC", 38.895, -77.036, (0, 0),
     {"major": True, "port": True, "tags": [NORTH],
      "note": ("Base 2 lists it as a fortress (4 units) in the series rules; Game-Specific 14 "
               "has Grant ship the VI Corps to Washington by amphibious move. The text does not "
               "say how Washington is drawn on this map: its port and its road to Aquia Landing "
               "are reconstructed.")}),
    ("aquia-landing", "Aquia Landing", 38.390, -77.317, (0, 0),
     {"port": True, "tags": [NORTH],
      "note": ("Union supply location (5) and Union replacement location (8). Port status "
               "reconstructed: the landing on the Potomac was the Union's supply port.")}),
    ("sperryville", "Sperryville", 38.656, -78.227, (0, 0),
     {"note": "Union supply location (5)."}),
    ("culpeper-ch", "Culpeper CH", 38.473, -77.996, (0, 0),
     {"note": "Printed \"Culpepper CH\" in the set-up table (13)."}),
    ("elk-tavern", "Elk Tavern", 38.535, -77.690, (0, 0),
     {"tags": [NORTH],
      "note": ("Union supply location (5). The text does not say where it is; placed between "
               "Culpeper and Falmouth north of the Rappahannock, near Elk Run (Fauquier County), "
               "the Army of the Potomac's side of the river.")}),
    ("falmouth", "Falmouth", 38.324, -77.468, (-22, -34),
     {"tags": [NORTH], "note": "Across the Rappahannock from Fredericksburg; moved apart on the sheet."}),
    ("madison-ch", "Madison CH", 38.380, -78.257, (0, 0),
     {"tags": [RECON], "note": "Reconstructed: not named in the text; the road from Sperryville south to the Rapidan."}),
    ("stannardsville", "Stannardsville", 38.297, -78.440, (0, 0), {}),
    ("orange-ch", "Orange CH", 38.245, -78.111, (0, 0), {}),
    ("chancellorsville", "Chancellorsville", 38.311, -77.634, (-24, 6),
     {"note": "The Wilderness battlefield lies between it and Orange CH."}),
    ("fredericksburg", "Fredericksburg", 38.303, -77.460, (0, 0), {}),
    ("gordonsville", "Gordonsville", 38.137, -78.188, (0, 0), {}),
    ("spotsylvania-ch", "Spotsylvania CH", 38.201, -77.588, (0, 0),
     {"tags": [RECON], "note": "Reconstructed: not named in the text (the battle of May 8-21, 1864)."}),
    ("port-royal", "Port Royal", 38.170, -77.190, (0, 0),
     {"port": True, "tags": [RECON],
      "note": "Reconstructed: not named in the text; on the Rappahannock, a Union supply port in May 1864."}),
    ("louisa-ch", "Louisa CH", 38.025, -77.997, (0, 0),
     {"tags": [RECON], "note": "Reconstructed: not named in the text; on the Virginia Central Railroad."}),
    ("milford-station", "Milford Station", 38.020, -77.370, (0, 0),
     {"tags": [RECON], "note": "Reconstructed: not named in the text; on the RF&P Railroad."}),
    ("hanover-junction", "Hanover Junction", 37.857, -77.457, (0, 0),
     {"tags": [RECON],
      "note": "Reconstructed: not named in the text; where the RF&P and Virginia Central railroads meet, south of the North Anna."}),
    ("hanover-ch", "Hanover CH", 37.766, -77.370, (0, 0),
     {"tags": [RECON], "note": "Reconstructed: not named in the text; south of the Pamunkey."}),
    ("cold-harbor", "Cold Harbor", 37.600, -77.280, (0, -14),
     {"note": "Named in 14 (Grant withdrew from Cold Harbor across the James at Charles City)."}),
    ("white-house", "White House", 37.580, -77.020, (0, 0),
     {"port": True, "tags": [RECON],
      "note": ("Reconstructed: not named in the text; on the Pamunkey at the end of the Richmond & "
               "York River Railroad, the Union supply port of 1862 and of June 1864.")}),
    ("richmond", "Richmond", 37.541, -77.436, (0, 0),
     {"major": True, "note": "Confederate replacement location (8). Fortress: 3 units (Base 2). 10 VP to the side that occupies it at the end of the game (12)."}),
    ("new-kent-ch", "New Kent CH", 37.517, -76.979, (0, 0),
     {"tags": [RECON], "note": "Reconstructed: not named in the text; on the road up the Peninsula."}),
    ("cumberland", "Cumberland", 37.496, -78.245, (0, 0),
     {"note": ("Confederate supply location (5) and the end of a Confederate rail line the Union "
               "cuts for VP (12). The text does not say how the rail line reaches it; here it runs "
               "from Richmond by Amelia CH.")}),
    ("amelia-ch", "Amelia CH", 37.342, -77.980, (0, 0),
     {"tags": [RECON], "note": "Reconstructed: not named in the text; on the Richmond & Danville Railroad."}),
    ("chesterfield-ch", "Chesterfield CH", 37.377, -77.506, (0, 0),
     {"note": "Stands on the Richmond-Petersburg railroad here (reconstructed)."}),
    ("charles-city", "Charles City", 37.343, -77.073, (0, 0),
     {"note": "Printed \"Charles City\" (2, 14): Charles City Court House, on the James."}),
    ("williamsburg", "Williamsburg", 37.271, -76.707, (0, 0), {}),
    ("yorktown", "Yorktown", 37.238, -76.510, (0, 0),
     {"port": True, "note": "Port status reconstructed: on the York River (the McClellan route of 1862, 14)."}),
    ("city-point", "City Point", 37.310, -77.285, (-6, -14),
     {"port": True, "note": "Port status reconstructed: on the James, Butler's and then Grant's base (14)."}),
    ("petersburg", "Petersburg", 37.227, -77.402, (0, 0),
     {"major": True, "note": "Fortress: 2 units (Base 2). 5 VP to the side that occupies it at the end of the game (12)."}),
    ("disputania", "Disputania", 37.125, -77.222, (0, 0),
     {"note": "Printed \"Disputania\" (13); the station is Disputanta, on the Norfolk & Petersburg Railroad."}),
    ("ft-monroe", "Ft. Monroe", 37.004, -76.307, (0, 0),
     {"major": True, "port": True, "note": "Fortress: 2 units (Base 2). Port status reconstructed: Union-held at Old Point Comfort."}),
    ("stony-creek", "Stony Creek", 36.945, -77.400, (0, 0),
     {"tags": [RECON], "note": "Reconstructed: not named in the text; on the Petersburg & Weldon Railroad."}),
    ("hicksford", "Hicksford", 36.688, -77.545, (0, 0),
     {"note": ("Confederate supply location (5) and the end of a Confederate rail line the Union "
               "cuts for VP (12): the Petersburg & Weldon Railroad.")}),
]

# Where a location's name goes when the first free place in the usual order (right, left,
# below, above, then the diagonals) is not the best one: a side, or an exact offset. Every label is placed by
# place_labels () clear of the other labels, the locations and the lines.
LABEL_PREFER = {
    "washington-dc": "above",
    "sperryville": "above",
    "elk-tavern": "above",
    "falmouth": "above",
    "stannardsville": "below",
    "cumberland": "below",
    "hicksford": "below",
    "ft-monroe": "below",
    "petersburg": "left",
    "richmond": "left",
    "cold-harbor": "above",
    "chancellorsville": (-86, -7),   # in the wedge between the Culpeper and Orange roads
    "charles-city": "below",
    "williamsburg": "below",
    "yorktown": "above",
    "city-point": "above",
}

# (a, b, class, crossings, note). A note names the river crossed and says where a connection
# comes from when the text states or implies it; every other connection is reconstructed
# from the roads and railroads of 1864 (the map's source says so).
R, RR = "road", "railroad"
CONNECTIONS = [
    # North of the Rappahannock: the Union rear.
    ("washington-dc", "aquia-landing", R, [],
     "Reconstructed (the Telegraph Road by Alexandria and Dumfries); the text gives no land route to Washington."),
    ("aquia-landing", "falmouth", RR, [],
     "The RF&P Railroad north of the Rappahannock: not Confederate-controlled (Game-Specific 10)."),
    ("falmouth", "elk-tavern", R, [], None),
    ("elk-tavern", "culpeper-ch", R, ["river"], "Crosses the Rappahannock (Kelly's Ford)."),
    ("sperryville", "culpeper-ch", R, [], None),
    ("sperryville", "madison-ch", R, [], None),
    # The Rapidan and Rappahannock line.
    ("falmouth", "fredericksburg", RR, ["river"],
     ("The RF&P Railroad; crosses the Rappahannock. Falmouth is north of the river, so the "
      "railroad is Confederate-controlled only from Fredericksburg south (Game-Specific 10).")),
    ("elk-tavern", "chancellorsville", R, ["river"], "Crosses the Rappahannock (United States Ford)."),
    ("culpeper-ch", "chancellorsville", R, ["river"], "Crosses the Rapidan (Germanna Ford)."),
    ("culpeper-ch", "orange-ch", RR, ["river"],
     "The Orange & Alexandria Railroad; crosses the Rapidan (Rapidan Station)."),
    ("madison-ch", "orange-ch", R, ["river"], "Crosses the Rapidan."),
    ("madison-ch", "stannardsville", R, ["river"], "Crosses the Rapidan (Conway River)."),
    # South of the Rapidan.
    ("orange-ch", "chancellorsville", R, [],
     ("Implied by Game-Specific 10's example (Lee in Chancellorsville reacts to a Union move into "
      "Orange CH, so the two are adjacent): the Orange Turnpike and Plank Road through the Wilderness.")),
    ("chancellorsville", "fredericksburg", R, [],
     "Implied by Game-Specific 10's example (units with Lee in Chancellorsville react into Fredericksburg)."),
    ("orange-ch", "gordonsville", RR, [], "The Orange & Alexandria Railroad."),
    ("stannardsville", "gordonsville", R, ["mountain"],
     "Crosses the Southwest Mountains (reconstructed: the text names no mountain)."),
    ("gordonsville", "louisa-ch", RR, [], "The Virginia Central Railroad."),
    ("chancellorsville", "spotsylvania-ch", R, [], None),
    ("fredericksburg", "spotsylvania-ch", R, [], None),
    ("fredericksburg", "port-royal", R, [], None),
    ("fredericksburg", "milford-station", RR, [], "The RF&P Railroad."),
    ("spotsylvania-ch", "milford-station", R, [], None),
    ("port-royal", "milford-station", R, [], None),
    ("spotsylvania-ch", "hanover-junction", R, ["river"], "The Telegraph Road; crosses the North Anna."),
    ("milford-station", "hanover-junction", RR, ["river"], "The RF&P Railroad; crosses the North Anna."),
    ("louisa-ch", "hanover-junction", RR, [], "The Virginia Central Railroad."),
    ("milford-station", "hanover-ch", R, ["river"], "Crosses the Pamunkey (Hanovertown)."),
    ("hanover-junction", "hanover-ch", R, [], None),
    ("hanover-junction", "richmond", RR, ["river"], "The RF&P Railroad; crosses the Chickahominy."),
    ("hanover-ch", "cold-harbor", R, [], None),
    # Around Richmond and down the Peninsula.
    ("cold-harbor", "richmond", R, ["river"], "Crosses the Chickahominy."),
    ("cold-harbor", "white-house", R, [], None),
    ("cold-harbor", "charles-city", R, ["river"], "Crosses the Chickahominy (Long Bridge)."),
    ("richmond", "white-house", RR, ["river"],
     ("The Richmond & York River Railroad; crosses the Chickahominy. It passes the Cold "
      "Harbor-Charles City road without a junction.")),
    ("white-house", "new-kent-ch", R, [], None),
    ("new-kent-ch", "williamsburg", R, [], None),
    ("richmond", "charles-city", R, [], "The New Market and Darbytown roads along the north bank of the James."),
    ("williamsburg", "charles-city", R, ["river"], "Crosses the Chickahominy near its mouth."),
    ("williamsburg", "yorktown", R, [], None),
    ("yorktown", "ft-monroe", R, [], None),
    ("charles-city", "city-point", R, ["river"],
     ("Game-Specific 2: this road crossing of the James is not usable until the turn after a Union "
      "infantry unit ends its move in both Charles City and City Point.")),
    # South of the James: the Confederate rail lines (Game-Specific 12).
    ("richmond", "chesterfield-ch", RR, ["river"],
     "The Richmond & Petersburg Railroad; crosses the James."),
    ("chesterfield-ch", "petersburg", RR, ["river"],
     "The Richmond & Petersburg Railroad; crosses the Appomattox."),
    ("chesterfield-ch", "city-point", R, ["river"], "Crosses the Appomattox (Bermuda Hundred, Point of Rocks)."),
    ("city-point", "petersburg", RR, [], "The City Point Railroad."),
    ("city-point", "disputania", R, [], None),
    ("petersburg", "disputania", RR, [], "The Norfolk & Petersburg Railroad."),
    ("richmond", "amelia-ch", RR, ["river"],
     ("The Richmond & Danville Railroad; crosses the James and the Appomattox. Implied by "
      "Game-Specific 12 (a Confederate rail line from Richmond to Cumberland); its course is "
      "reconstructed.")),
    ("amelia-ch", "cumberland", RR, ["river"],
     ("Crosses the Appomattox. Implied by Game-Specific 12 (a Confederate rail line from Richmond "
      "or Petersburg to Cumberland); its course is reconstructed.")),
    ("chesterfield-ch", "amelia-ch", R, ["river"], "Crosses the Appomattox."),
    ("petersburg", "amelia-ch", R, [], None),
    ("petersburg", "stony-creek", RR, [],
     ("The Petersburg & Weldon Railroad. Implied by Game-Specific 12 (a Confederate rail line from "
      "Petersburg to Hicksford).")),
    ("stony-creek", "hicksford", RR, [],
     ("The Petersburg & Weldon Railroad. Implied by Game-Specific 12 (a Confederate rail line from "
      "Petersburg to Hicksford).")),
    ("disputania", "stony-creek", R, [], None),
]

MAP_SOURCE = (
    "Reconstructed: the original map is only a picture and is not in the rulebook text. Every "
    "location the text names is here with what the text prints for it: fortresses and their "
    "capacities (Base 2: Washington DC 4, Richmond 3, Petersburg and Ft. Monroe 2), VP (12: "
    "Richmond 10, Petersburg 5), supply locations (5: Union Aquia Landing, Elk Tavern, "
    "Sperryville and any occupied port; Confederate Cumberland and Hicksford) and replacement "
    "locations (8: Union Aquia Landing, Confederate Richmond). The text names no port, no "
    "railroad and no road except the Charles City-City Point crossing (2); which locations are "
    "ports, the roads, the railroads and the rivers and mountain they cross follow the "
    "historical geography of 1864, and eleven locations tagged \"reconstructed\" stand for the "
    "towns between the named ones. Connections the text implies say so in their note. "
    "Positions are latitude and longitude projected north up, nudged apart where needed (Falmouth, Chancellorsville, Cold Harbor, City Point). "
    "The drawn rivers and ridges (lines) follow the real geography, simplified, and are fitted so that a connection crosses a river or a mountain exactly where its crossings say so.")


# Geography drawn on the board (format 3 map lines): the rivers the connections cross and the
# mountains around them, by the approximate latitude and longitude of the real features,
# simplified to a few points each. None of it is in the text (which names only the
# Rappahannock, Game-Specific 10, and the James crossing of 2); the lines are drawn so that a
# connection crosses a river exactly where its crossings list "river" and a ridge exactly where
# they list "mountain"; check_map_lines () holds them to it, on the points and on the smooth
# curves the renderer draws through them. Washington stands on the Potomac and Hicksford on the
# Meherrin: each river runs through its town's point, since no road there crosses it. The
# Rappahannock also bounds the tag north-of-rappahannock (Game-Specific 10): check () holds the
# tags to the drawn river.
LINES = [
    ("river", "Potomac River", None,
     [(39.00, -77.25), (38.93, -77.11), (38.895, -77.036), (38.80, -77.03), (38.65, -77.12),
      (38.50, -77.20), (38.40, -77.26), (38.37, -77.10), (38.25, -76.95), (38.12, -76.65),
      (38.03, -76.33), (37.99, -76.21)]),
    ("river", "Rappahannock River", None,
     [(38.84, -78.08), (38.75, -77.97), (38.62, -77.85), (38.53, -77.80), (38.45, -77.74),
      (38.40, -77.72), (38.39, -77.62), (38.345, -77.47), (38.32, -77.38), (38.24, -77.24),
      (38.20, -77.15), (38.05, -76.95), (37.80, -76.55), (37.62, -76.32), (37.58, -76.21)]),
    ("river", "Rapidan River", None,
     [(38.48, -78.42), (38.33, -78.28), (38.30, -78.17), (38.31, -78.06), (38.33, -77.93),
      (38.34, -77.80), (38.40, -77.72)]),
    ("river", "North Anna River", None,
     [(38.20, -78.06), (38.05, -77.75), (37.86, -77.40)]),
    ("river", "Pamunkey River", None,
     [(37.86, -77.40), (37.80, -77.31), (37.72, -77.20), (37.64, -77.09), (37.61, -77.03),
      (37.53, -76.80)]),
    ("river", "York River", None,
     [(37.53, -76.80), (37.38, -76.62), (37.28, -76.50), (37.22, -76.38), (37.16, -76.21)]),
    ("river", "Chickahominy River", None,
     [(37.70, -77.60), (37.63, -77.45), (37.58, -77.33), (37.50, -77.20), (37.45, -77.11),
      (37.33, -76.95), (37.235, -76.88)]),
    ("river", "James River", None,
     [(37.78, -78.58), (37.67, -78.15), (37.66, -77.85), (37.57, -77.56), (37.48, -77.42),
      (37.41, -77.37), (37.37, -77.32), (37.30, -77.18), (37.25, -77.00), (37.235, -76.88),
      (37.17, -76.70), (37.05, -76.55), (36.96, -76.42)]),
    ("river", "Appomattox River", None,
     [(37.25, -78.58), (37.33, -78.25), (37.42, -77.98), (37.325, -77.72), (37.26, -77.40),
      (37.37, -77.32)]),
    ("river", "Meherrin River", None,
     [(36.72, -78.20), (36.70, -77.85), (36.688, -77.545), (36.64, -77.35), (36.60, -77.20)]),
    ("ridge", "Blue Ridge", None,
     [(38.38, -78.58), (38.42, -78.52), (38.54, -78.44), (38.67, -78.36), (38.85, -78.15),
      (39.00, -77.97)]),
    ("ridge", "Southwest Mountains", None,
     [(38.00, -78.44), (38.10, -78.35), (38.19, -78.27), (38.26, -78.22)]),
]
# What a line of each style means for a connection that crosses it: the crossing it must list.
LINE_CROSSING = {"river": {"river"}, "ridge": {"mountain"}}


def line_entities():
    out = []
    for style, name, side, points in LINES:
        e = {"style": style, "name": name}
        if side:
            e["side"] = side
        e["points"] = [[int(round(c)) for c in project(lat, lon)] for lat, lon in points]
        out.append(e)
    return out


def check_map_lines(lines, locations, connections):
    """check_lines () of tools/wbgen.py on the lines as given and on the smooth curves the
    renderer draws through them; no two drawn lines cross (they may meet at an end)."""
    check_lines(lines, locations, connections, LINE_CROSSING, "gen-grants-gamble")
    drawn = [dict(l, points=smooth(l["points"])) for l in lines]
    check_lines(drawn, locations, connections, LINE_CROSSING, "gen-grants-gamble (as drawn)")
    for i, a in enumerate(drawn):
        for b in drawn[i + 1:]:
            pa, pb = a["points"], b["points"]
            if any(line_crosses(pa[j - 1], pa[j], pb[k - 1], pb[k])
                   for j in range(1, len(pa)) for k in range(1, len(pb))):
                raise SystemExit("gen-grants-gamble: the %s “%s” crosses the %s “%s”" % (
                    a["style"], a["name"], b["style"], b["name"]))


def project(lat, lon):
    x = (lon - LON0) * COS * SCALE
    y = (LAT0 - lat) * SCALE
    return x, y


def location_entities():
    out = []
    for lid, name, lat, lon, (ndx, ndy), extra in LOCATIONS:
        x, y = project(lat, lon)
        e = {"id": lid, "name": name, "x": int(round(x + ndx)), "y": int(round(y + ndy))}
        if extra.get("major"):
            e["major"] = True
        if extra.get("port"):
            e["port"] = True
        if lid in FORTRESS:
            e["fortress"] = FORTRESS[lid]
        if lid in VP:
            e["vp"] = VP[lid]
        supply = [s for s in ("union", "confederate") if lid in SUPPLY[s]]
        if supply:
            e["supply"] = supply
        repl = [s for s in ("union", "confederate") if lid in REPLACEMENT[s]]
        if repl:
            e["replacement"] = repl
        if extra.get("tags"):
            e["tags"] = extra["tags"]
        if extra.get("note"):
            e["note"] = extra["note"]
        out.append(e)
    return out


def connection_entities():
    out = []
    for a, b, klass, crossings, note in CONNECTIONS:
        e = {"a": a, "b": b, "class": klass}
        if crossings:
            e["crossings"] = crossings
        if note:
            e["note"] = note
        out.append(e)
    return out


POINT_UNIT = 20.0          # core/wb-render-private.h
ORDER = ["right", "left", "below", "above", "below-right", "above-right", "below-left",
         "above-left"]


def label_size(e):
    """Font size and approximate text box (w, h) of a location's label
    (core/wb-render-points.c: 0.55 unit, majors 1.2 times that)."""
    size = POINT_UNIT * 0.55 * (1.2 if e.get("major") else 1.0)
    return size, 0.62 * size * len(e["name"]) + 4, size + 4


def mark_radius(e):
    """Half the size of the square a location's symbols take (dot, supply rings, fortress box)."""
    if e.get("fortress"):
        return 21.0
    r = POINT_UNIT * (0.48 if e.get("major") else 0.3) + 3
    if e.get("supply"):
        r += POINT_UNIT * 0.3
    return r


def obstacles(e):
    """Boxes a label must not cover: the location's symbols, its port anchor, its VP star."""
    x, y, r = e["x"], e["y"], mark_radius(e)
    out = [(x - r, y - r, x + r, y + r)]
    rad = POINT_UNIT * (0.48 if e.get("major") else 0.3)
    if e.get("port"):
        ax, ay = x - rad - 7, y - rad - 4
        out.append((ax - 8, ay - 12, ax + 8, ay + 9))
    if e.get("vp"):
        sx, sy = x + rad + 6, y - rad - 5
        out.append((sx - 7, sy - 7, sx + 24, sy + 7))
    return out


def offset(e, where, extra=0):
    _, w, h = label_size(e)
    r = mark_radius(e) + 2 + extra
    dx = {"right": r + w / 2, "left": -(r + w / 2), "below": 0, "above": 0,
          "below-right": r * 0.7 + w / 2, "above-right": r * 0.7 + w / 2,
          "below-left": -(r * 0.7 + w / 2), "above-left": -(r * 0.7 + w / 2)}[where]
    dy = {"right": 0, "left": 0, "below": r + h / 2, "above": -(r + h / 2),
          "below-right": r * 0.7 + h / 2, "above-right": -(r * 0.7 + h / 2),
          "below-left": r * 0.7 + h / 2, "above-left": -(r * 0.7 + h / 2)}[where]
    return int(round(dx)), int(round(dy))


def label_box(e):
    """The approximate box of a location's label, as core/wb-render-points.c draws it."""
    size, w, h = label_size(e)
    if "label_dx" in e:
        cx, cy = e["x"] + e["label_dx"], e["y"] + e["label_dy"]
    else:
        rad = POINT_UNIT * (0.48 if e.get("major") else 0.3)
        cx = e["x"]
        cy = e["y"] + rad + POINT_UNIT * (0.55 if e.get("fortress") else 0.2) + size / 2
    return (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)


def label_clear(e, box, locs, connections, placed, drawn=(), names=()):
    if box[0] < 4 or box[2] > WIDTH - 4 or box[1] < 4 or box[3] > HEIGHT - 4:
        return False
    if any(boxes_overlap(box, q) for q in placed):
        return False
    if any(boxes_overlap(box, o) for l in locs.values() for o in obstacles(l)):
        return False
    for c in connections:
        a, b = locs[c["a"]], locs[c["b"]]
        if segment_hits_box((a["x"], a["y"]), (b["x"], b["y"]), box):
            return False
    for ps in drawn:
        if any(segment_hits_box(ps[i - 1], ps[i], box) for i in range(1, len(ps))):
            return False
    return not any(names_in_box(box, names))


def names_in_box(box, names):
    """The drawn lines' names (line_name_points ()) that reach into @box."""
    return [n for n, pts in names
            if any(box[0] <= x <= box[2] and box[1] <= y <= box[3] for x, y in pts)]


def place_labels(entities, connections, lines):
    """Give every location the first label offset that is clear, preferred side first: clear
    of the drawn rivers and ridges too where it can be, else clear of the connections."""
    locs = {e["id"]: e for e in entities}
    drawn = [smooth(l["points"], 4) for l in lines]
    names = [(l["name"], line_name_points(l)) for l in lines]
    placed = []
    for e in entities:
        prefer = LABEL_PREFER.get(e["id"])
        order = ORDER
        candidates = []
        if isinstance(prefer, tuple):
            candidates.append(prefer)
        elif prefer:
            order = [prefer] + [o for o in ORDER if o != prefer]
        candidates += [offset(e, w, x) for x in (0, 8, 16) for w in order]
        tries = [(dxy, drawn) for dxy in candidates] + [(dxy, ()) for dxy in candidates]
        for dxy, avoid in tries:
            e["label_dx"], e["label_dy"] = dxy
            if label_clear(e, label_box(e), locs, connections, placed, avoid, names):
                break
        else:
            e["label_dx"], e["label_dy"] = candidates[0]
        placed.append(label_box(e))
    # Key order as the writer puts it: label offsets right after x and y.
    keyed = []
    for e in entities:
        k = {m: e[m] for m in ("id", "name", "x", "y", "label_dx", "label_dy")}
        k.update({m: v for m, v in e.items() if m not in k})
        keyed.append(k)
    return keyed


def map_entity():
    connections = connection_entities()
    lines = line_entities()
    locations = place_labels(location_entities(), connections, lines)
    check_map_lines(lines, locations, connections)
    return {
        "id": "virginia",
        "name": "Virginia, Culpeper to Petersburg",
        "kind": "points",
        "source": MAP_SOURCE,
        "lines": lines,
        "width": WIDTH,
        "height": HEIGHT,
        "locations": locations,
        "connections": connections,
    }


# ---------------------------------------------------------------------------------------
# Order of battle (Game-Specific 13, the set-up table, and the Order of Battle Breakdown of
# Infantry Replacement Blocks)
# ---------------------------------------------------------------------------------------
#
# The set-up table of 13 is the text's list of units: each row gives the unit's identifier
# (its designation) and SP, "VI (10SP)". The Order of Battle Breakdown (a graphic of block
# faces, read into the text) gives the infantry's replacement blocks: the full-strength block
# and the reduced blocks printed for it. A B&G block is rotated one SP per hit and, at its red
# (lowest) value, replaced by the next lower block of the same identifier (Base 3, 11.2); so a
# unit with replacement blocks has a step list of its blocks, strongest first ({"steps":
# [12, 8, 4]}: the 12 block shows 12 to 9, the 8 block 8 to 5, the 4 block 4 to 1), and every
# rotation within a block is one SP. The breakdown is cut short after the Union V: the blocks of
# VI, IX, X and XVIII are not in the text, so those units have the single SP of the set-up
# table. Garrisons: "as shown in the setup table" (one value each).

# Printed in the set-up table (13): unit id -> SP. Leaders and cavalry print none.
SETUP_SP = {
    "union-vi": 10, "union-v": 12, "union-ii": 12, "union-ix": 8, "union-x": 8,
    "union-xviii": 8, "union-g-city-point": 2, "union-g-aquia-landing": 2,
    "csa-i-a": 8, "csa-ii": 12, "csa-iii": 12, "csa-g-richmond-4": 4, "csa-g-richmond-2": 2,
    "csa-g-chesterfield-ch": 2, "csa-g-disputania": 2, "csa-g-petersburg": 4, "csa-i-b": 4,
}
# The Order of Battle Breakdown: unit id -> blocks, full strength first.
BREAKDOWN = {
    "csa-i-a": [8, 4], "csa-i-b": [4], "csa-ii": [12, 8, 4], "csa-iii": [12, 8, 4],
    "union-ii": [12, 8, 4], "union-v": [12, 8, 4],
}
# Printed as "Cavalry (3)", "Cavalry (2)" (13; the breakdown: "cavalry blocks (3) and (2)").
CAVALRY_NUMBER = {"union-cav-3": 3, "union-cav-2": 2, "csa-cav-3": 3, "csa-cav-2": 2}

RATINGS = bgcs.morale_note("Base, Movement and Battle Example", "Base 14.1")
NO_BLOCKS = ("Its replacement blocks are not in the text: the Order of Battle Breakdown is cut "
             "short after the Union V, so the strength is the set-up SP alone.")
CAVALRY_NOTE = (
    "The set-up table prints \"Cavalry (%d)\", without \"SP\" (infantry and garrisons print "
    "\"(8SP)\"), and the Order of Battle Breakdown lists \"cavalry blocks (3) and (2)\". Read as "
    "the screen value, \"a single number in the lower left corner, normally 2 or 3\" (Base 10). "
    "The text gives cavalry no SP: cavalry goes to the reserve and does not fire (Base 11.1), "
    "and an eliminated cavalry unit \"is just brought back\" rather than at 1 SP (Base 8); so "
    "strength is 0, like a leader's. (Jackson & Sheridan's 1862 \"Cavalry (2)\" was read as SP; "
    "there the SP reading is possible too, here the breakdown names the blocks by the number.) "
    "The identifier is not printed; \"Cav\" is the workbench's.")

FORMATIONS = [
    {"id": "union", "name": "Union forces in Virginia (Grant)", "echelon": "army group",
     "side": "union"},
    {"id": "army-of-the-potomac", "name": "Army of the Potomac", "echelon": "army",
     "side": "union", "parent": "union"},
    {"id": "butlers-army", "name": "Butler's army", "echelon": "army", "side": "union",
     "parent": "union"},
    {"id": "confederate", "name": "Confederate forces in Virginia (Lee)",
     "echelon": "army group", "side": "confederate"},
    {"id": "army-of-northern-virginia", "name": "Army of Northern Virginia", "echelon": "army",
     "side": "confederate", "parent": "confederate"},
    {"id": "csa-i-corps", "name": "I Corps (blocks I-A and I-B)", "echelon": "corps",
     "side": "confederate", "parent": "army-of-northern-virginia"},
]
FORMATION_NOTE = (
    "Formations: GS 14 names the \"Union Army of the Potomac\" (the hammer), \"The Union units "
    "in Yorktown and City Point (Butler's army)\" (the anvil) and \"Lee's Army of Northern "
    "Virginia\". The units set up with Grant and with Lee are taken as those armies; the "
    "garrisons outside them and the army commanders stand in their side's root. I-A and I-B are "
    "read as the two blocks of the Confederate I Corps (the identifiers; Base 14: \"infantry "
    "corps or half corps\").")

GRANT_TEXT = RULES["params"]["leader_abilities"]["grant"]["text"]
LEE_TEXT = RULES["params"]["leader_abilities"]["lee"]["text"]

# (id, name, designation, side, class, formation, size, note, extra attrs)
OOB = [
    # Union (13, "Union Units")
    ("grant", "Grant", "Grant", "union", "leader", "union", None,
     "Grant (Leader), set up with the Army of the Potomac (13). Leaders have no SP in the text. "
     "His ability (GS 11) is the morale re-roll. He is also the army commander (rating 7, GS 4), "
     "which has no tie to the block (Base 4).", {"ability": GRANT_TEXT}),
    ("union-vi", "VI Corps", "VI", "union", "infantry", "army-of-the-potomac", "XXX",
     "VI, 10 SP (13); \"the VI corps\" (GS 14). " + NO_BLOCKS, {}),
    ("union-v", "V Corps", "V", "union", "infantry", "army-of-the-potomac", "XXX",
     "V, 12 SP (13). Blocks 12, 8, 4 (Order of Battle Breakdown).", {}),
    ("union-ii", "II Corps", "II", "union", "infantry", "army-of-the-potomac", "XXX",
     "II, 12 SP (13). Blocks 12, 8, 4 (Order of Battle Breakdown).", {}),
    ("union-ix", "IX Corps", "IX", "union", "infantry", "army-of-the-potomac", "XXX",
     "IX, 8 SP (13). Set up with the Army of the Potomac (historically Burnside's IX Corps "
     "reported to Grant until May 24, 1864). " + NO_BLOCKS, {}),
    ("union-cav-3", "Union cavalry (3)", "Cav", "union", "cavalry", "army-of-the-potomac", None,
     CAVALRY_NOTE % 3, {}),
    ("union-cav-2", "Union cavalry (2)", "Cav", "union", "cavalry", "army-of-the-potomac", None,
     CAVALRY_NOTE % 2, {}),
    ("union-x", "X Corps", "X", "union", "infantry", "butlers-army", "XXX",
     "X, 8 SP, at Yorktown (13); one of \"The Union units in Yorktown and City Point (Butler's "
     "army)\" (GS 14). " + NO_BLOCKS, {}),
    ("union-xviii", "XVIII Corps", "XVIII", "union", "infantry", "butlers-army", "XXX",
     "XVIII, 8 SP, at City Point (13); Butler's army (GS 14). " + NO_BLOCKS, {}),
    ("union-g-city-point", "Garrison, City Point", "G", "union", "garrison", "butlers-army", None,
     "Garrison (2SP) at City Point (13); Butler's army (GS 14).", {}),
    ("union-g-aquia-landing", "Garrison, Aquia Landing", "G", "union", "garrison", "union", None,
     "Garrison (2SP) at Aquia Landing (13), the Union supply and replacement location (GS 5, 8).",
     {}),
    # Confederate (13, "Confederate Units")
    ("lee", "Lee", "Lee", "confederate", "leader", "confederate", None,
     "Lee (Leader) (13). Leaders have no SP in the text. His ability (GS 10) is Reaction "
     "Movement. He is also the army commander (rating 7, GS 4), which has no tie to the block "
     "(Base 4).", {"ability": LEE_TEXT}),
    ("csa-i-a", "I Corps (I-A)", "I-A", "confederate", "infantry", "csa-i-corps", None,
     "Printed \"I (8SP)\" in the set-up table (13) and \"I-A 8 SP\" in the Order of Battle "
     "Breakdown, whose I-B is the other I block (\"I-B (4SP)\" at Williamsburg). Blocks 8, 4 "
     "(Order of Battle Breakdown). A half corps (Base 14), so no size marking.", {}),
    ("csa-ii", "II Corps", "II", "confederate", "infantry", "army-of-northern-virginia", "XXX",
     "II, 12 SP (13). Blocks 12, 8, 4 (Order of Battle Breakdown).", {}),
    ("csa-iii", "III Corps", "III", "confederate", "infantry", "army-of-northern-virginia", "XXX",
     "III, 12 SP (13). Blocks 12, 8, 4 (Order of Battle Breakdown).", {}),
    ("csa-cav-3", "Confederate cavalry (3)", "Cav", "confederate", "cavalry",
     "army-of-northern-virginia", None, CAVALRY_NOTE % 3, {}),
    ("csa-cav-2", "Confederate cavalry (2)", "Cav", "confederate", "cavalry",
     "army-of-northern-virginia", None, CAVALRY_NOTE % 2, {}),
    ("csa-g-richmond-4", "Garrison, Richmond (4)", "G", "confederate", "garrison", "confederate",
     None, "\"2 Garrison (4SP and 2SP)\" at Richmond (13): the 4 SP one.", {}),
    ("csa-g-richmond-2", "Garrison, Richmond (2)", "G", "confederate", "garrison", "confederate",
     None, "\"2 Garrison (4SP and 2SP)\" at Richmond (13): the 2 SP one.", {}),
    ("csa-g-chesterfield-ch", "Garrison, Chesterfield CH", "G", "confederate", "garrison",
     "confederate", None,
     "\"2 Garrisons (2SP) [1 in each location]\" at Chesterfield CH and Disputania (13): the one "
     "at Chesterfield CH (the two blocks are alike).", {}),
    ("csa-g-disputania", "Garrison, Disputania", "G", "confederate", "garrison", "confederate",
     None,
     "\"2 Garrisons (2SP) [1 in each location]\" at Chesterfield CH and Disputania (13): the one "
     "at Disputania (the two blocks are alike).", {}),
    ("csa-g-petersburg", "Garrison, Petersburg", "G", "confederate", "garrison", "confederate",
     None, "Garrison (4SP) at Petersburg (13).", {}),
    ("csa-i-b", "I Corps (I-B)", "I-B", "confederate", "infantry", "csa-i-corps", None,
     "I-B, 4 SP, at Williamsburg (13). One block, \"No reduced block\" (Order of Battle "
     "Breakdown). A half corps (Base 14), so no size marking. Historically Pickett's division, "
     "which rejoined Lee at the North Anna.", {}),
]


def strength(uid):
    if uid in BREAKDOWN:
        return {"steps": BREAKDOWN[uid]}
    return SETUP_SP.get(uid, 0)


def unit_entities():
    out = []
    allowance = RULES["params"]["movement_allowance"]
    for uid, name, des, side, klass, formation, size, note, extra in OOB:
        u = {"id": uid, "name": name}
        if des and des != name:
            u["designation"] = des
        u["side"] = side
        u["class"] = klass
        u["formation"] = formation
        if size:
            u["size"] = size
        u["strength"] = strength(uid)
        attrs = {"movement": allowance[klass]}
        if uid in CAVALRY_NUMBER:
            attrs["screen"] = CAVALRY_NUMBER[uid]
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


# 13: (unit, locations) in the table's order; several locations are a set-up choice ("Units
# may be at one or more of these locations").
UNION_AREA = ["culpeper-ch", "elk-tavern", "falmouth"]
CONFEDERATE_AREA = ["fredericksburg", "chancellorsville", "orange-ch", "stannardsville",
                    "gordonsville"]
SETUP = [
    ("grant", UNION_AREA), ("union-vi", UNION_AREA), ("union-v", UNION_AREA),
    ("union-ii", UNION_AREA), ("union-ix", UNION_AREA), ("union-cav-3", UNION_AREA),
    ("union-cav-2", UNION_AREA),
    ("union-x", ["yorktown"]),
    ("union-xviii", ["city-point"]), ("union-g-city-point", ["city-point"]),
    ("union-g-aquia-landing", ["aquia-landing"]),
    ("lee", CONFEDERATE_AREA), ("csa-i-a", CONFEDERATE_AREA), ("csa-ii", CONFEDERATE_AREA),
    ("csa-iii", CONFEDERATE_AREA), ("csa-cav-3", CONFEDERATE_AREA),
    ("csa-cav-2", CONFEDERATE_AREA),
    ("csa-g-richmond-4", ["richmond"]), ("csa-g-richmond-2", ["richmond"]),
    ("csa-g-chesterfield-ch", ["chesterfield-ch"]), ("csa-g-disputania", ["disputania"]),
    ("csa-g-petersburg", ["petersburg"]),
    ("csa-i-b", ["williamsburg"]),
]
SETUP_CHOICE_NOTE = {
    "union": ("GS 13: \"Culpepper CH, Elk Tavern, Falmouth. Units may be at one or more of "
              "these locations.\""),
    "confederate": ("GS 13: \"Fredericksburg, Chancellorsville, Orange CH, Stannardsville, "
                    "Gordonsville\"; \"Units may be at one or more of these locations.\""),
}
ONE_IN_EACH = ("GS 13: \"2 Garrisons (2SP) [1 in each location]\" at Chesterfield CH and "
               "Disputania; the two blocks are alike.")

# ---------------------------------------------------------------------------------------
# The scenario (Game-Specific 2-13, rule texts quoted)
# ---------------------------------------------------------------------------------------

TEXT_2 = ("The road crossing between Charles City and City Point is not usable until the turn "
          "after a Union infantry unit ends its move in both locations.")
TEXT_3 = ("Trench markers: May not move. An active unit may spend 2 movement points to place a "
          "trench block with it. Only the unit who spent the movement points gain the terrain "
          "benefit from the trench block. A trench block is removed when the unit moves. Units "
          "with trench markers roll 1 extra die in each round of battle. Units with trench "
          "markers are placed in the line position during battles with trench marker under the "
          "unit. Trench markers may not be placed in fortress locations. (None is on the board at "
          "set-up, so the scenario has no markers.)")
TEXT_4 = ("Each turn the Confederate player starts with 3 CAP, the Union starts each turn with 3 "
          "CAP. Both players can receive one extra CAP if successful during the CAP roll. Lee's "
          "Confederate Army Commander Rating is a 7. Grant's Union Army Commander Rating is 7.")
TEXT_5 = ("The supply locations for the Union player are any occupied port and the following "
          "locations: Aquia Landing, Elk Tavern, and Sperryville. The supply locations for the "
          "Confederate player are Cumberland and Hicksford.")
TEXT_8 = ("The Union player receives 1 replacement point per turn. The Confederate receives 1 "
          "replacement point each even turn. Union replacement location: Aquia Landing. "
          "Confederate replacement location: Richmond.")
TEXT_10 = ("Lee's special ability - Reaction Movement: Any and all units in a location with Lee "
           "can react to any Union moves in locations adjacent to them. This includes defended "
           "and undefended adjacent locations. The reactions can be one unit at a time or all at "
           "once or any combination the Confederate player chooses. Lee and units with him can "
           "only react once in a Union turn. Rail control: Confederates control all railroad "
           "lines south of the Rappahanock River. Union cannot do rail movement.")
TEXT_11 = ("Grant's special abilities: During battle if the Grant leader unit is present and in "
           "reserve, the player can re-roll one failed morale check for one unit each battle "
           "round.")
TEXT_12 = (
    "Richmond is worth 10 VP and Petersburg is worth 5 VP to either side that occupies it at "
    "the end of the game. Union infantry and/or garrison units can hold locations that cut "
    "Confederate rail lines and gain victory points by tracing a line from Richmond or "
    "Petersburg to Cumberland or Hicksford. Each game turn that ends with BOTH lines cut "
    "produces 2 VP for the Union player and eliminates Reinforcements for the Confederate "
    "player the next turn. Winner of the game is most VP at game end. Automatic victory: The "
    "Union player receives an automatic victory if they hold both Petersburg AND Richmond at "
    "the end of any game turn. Also if the Confederates total infantry SP falls below 14. The "
    "Confederate player receives an automatic victory at any time the Union total infantry SP "
    "falls below 28 SP. (Game-Specific 12)")
TEXT_12_RAIL = (
    "Union infantry and/or garrison units can hold locations that cut Confederate rail lines "
    "and gain victory points by tracing a line from Richmond or Petersburg to Cumberland or "
    "Hicksford. Each game turn that ends with BOTH lines cut produces 2 VP for the Union player "
    "and eliminates Reinforcements for the Confederate player the next turn. (The text has no "
    "reinforcement chart: every unit is on the board at set-up, so the \"Reinforcements\" lost "
    "are read as the Confederate replacement point of GS 8; the text does not say.)")
TEXT_13 = ("The Union player sets up first. The Union player is the first player in the turn "
           "sequence. This game is 16 turns.")
AUTO_UNION_SP = 14
AUTO_CONFEDERATE_SP = 28


def victory():
    out = []
    for place, vp in (("richmond", 10), ("petersburg", 5)):
        for side in ("union", "confederate"):
            out.append({"kind": "occupy", "side": side, "vp": vp,
                        "places": [{"location": place}],
                        "text": ("GS 12: %s is worth %d VP to either side that occupies it at "
                                 "the end of the game." % (place.capitalize(), vp))})
    out += [
        {"kind": "text", "side": "union", "vp": 2,
         "text": ("GS 12: 2 VP for the Union each game turn that ends with BOTH Confederate rail "
                  "lines cut (Union infantry or garrison units holding locations so that no line "
                  "runs from Richmond or Petersburg to Cumberland, nor to Hicksford); the "
                  "Confederates then lose their reinforcements the next turn.")},
        {"kind": "text", "side": "union",
         "text": ("GS 12: automatic Union victory if the Union holds both Petersburg AND "
                  "Richmond at the end of any game turn.")},
        {"kind": "text", "side": "union",
         "text": ("GS 12: automatic Union victory if the Confederates' total infantry SP falls "
                  "below %d." % AUTO_UNION_SP)},
        {"kind": "text", "side": "confederate",
         "text": ("GS 12: automatic Confederate victory at any time the Union total infantry "
                  "SP falls below %d SP." % AUTO_CONFEDERATE_SP)},
        {"kind": "text", "text": "GS 12: the winner of the game is the side with most VP at game end."},
    ]
    return out


def special_rules():
    return [
        {"id": "charles-city-crossing", "title": "2 Game Board", "text": TEXT_2},
        {"id": "trench-markers", "title": "3 Game Units: Trench markers", "text": TEXT_3},
        {"id": "cap", "title": "4 Command Action Points", "text": TEXT_4},
        {"id": "supply", "title": "5 Supply", "text": TEXT_5},
        {"id": "replacements", "title": "8 Replacements", "text": TEXT_8},
        {"id": "movement", "title": "10 Movement", "text": TEXT_10},
        {"id": "battle", "title": "11 Battle", "text": TEXT_11},
        {"id": "rail-lines", "title": "12 Victory: cutting the rail lines", "text": TEXT_12_RAIL},
        {"id": "setup", "title": "13 Game Setup", "text": TEXT_13},
    ]


NO_REINFORCEMENTS = ("The text gives no reinforcements: every unit is on the board at set-up, "
                     "and eliminated units come back only as replacements (GS 8; Base 8). The "
                     "turn track has no labels in the text (turns 1-16).")


def scenario_entities():
    setup = []
    for uid, places in SETUP:
        side = _SIDE[uid]
        if len(places) == 1:
            e = {"unit": uid, "location": places[0]}
            if uid in ("csa-g-chesterfield-ch", "csa-g-disputania"):
                e["note"] = ONE_IN_EACH
        else:
            e = {"unit": uid, "choices": [{"location": p} for p in places],
                 "note": SETUP_CHOICE_NOTE[side]}
        setup.append(e)
    return [{
        "id": "campaign",
        "name": "The Wilderness Campaign of 1864",
        "description": (
            "Grant's Army of the Potomac, with Butler's army at Yorktown and City Point, drives "
            "on Richmond and Petersburg against Lee's Army of Northern Virginia (GS 1, 14). 16 "
            "turns; the Union sets up first and is the first player (GS 13). The Army of the "
            "Potomac sets up anywhere among Culpeper CH, Elk Tavern and Falmouth, the Army of "
            "Northern Virginia among Fredericksburg, Chancellorsville, Orange CH, "
            "Stannardsville and Gordonsville (set-up choices). " + NO_REINFORCEMENTS),
        "map": "virginia",
        "first_side": "union",
        "turns": {"count": 16},
        "setup": setup,
        "victory": victory(),
        "victory_text": TEXT_12,
        "special_rules": special_rules(),
    }]


_SIDE = {o[0]: o[3] for o in OOB}
_CLASS = {o[0]: o[4] for o in OOB}


def build_game():
    return {
        "format": "warbench-game",
        "version": 9,
        "game": GAME,
        "rules": RULES,
        "counter": {"size": '0.75in', "source": "reconstructed: the rulebook (003) does not give the block label's size; 3/4 inch fits a standard wargame block"},
        "sides": SIDES,
        "unit_classes": UNIT_CLASSES,
        "terrain": [],
        "features": FEATURES,
        "tables": TABLES,
        "maps": [map_entity()],
        "formations": FORMATIONS,
        "units": unit_entities(),
        "scenarios": scenario_entities(),
    }


# ---------------------------------------------------------------------------------------
# Checks: the printed values, the references the loader checks, and what makes the map
# playable and legible.
# ---------------------------------------------------------------------------------------

def boxes_overlap(p, q):
    return p[0] < q[2] and q[0] < p[2] and p[1] < q[3] and q[1] < p[3]


def segment_hits_box(a, b, box):
    """Whether the segment a-b passes through the box (sampled)."""
    for i in range(41):
        t = i / 40
        x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        if box[0] <= x <= box[2] and box[1] <= y <= box[3]:
            return True
    return False


def point_segment_distance(p, a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    ll = dx * dx + dy * dy
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / ll))
    return math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy))


def check(game):
    errors = bgcs.check_tables(game["tables"], RULES["params"]) + bgcs.check_params(game)
    err = errors.append
    dice = {t["id"]: t for t in game["tables"]}["battle-dice"]
    if [m["dice"] for m in dice["modifiers"] if m["id"] == "trench"] != [1]:
        err("battle-dice: a unit with a trench marker rolls 1 extra die (Game-Specific 3)")
    mp = game["maps"][0]
    locs = {e["id"]: e for e in mp["locations"]}
    sides = {s["id"] for s in game["sides"]}
    feats = {f["id"]: f for f in game["features"]}

    if len(locs) != len(mp["locations"]):
        err("duplicate location ids")
    for lid in NAMED_IN_TEXT:
        if lid not in locs:
            err("location %s, named in the text (%s), is missing" % (lid, NAMED_IN_TEXT[lid]))
    for lid, e in locs.items():
        recon = RECON in e.get("tags", [])
        if recon == (lid in NAMED_IN_TEXT):
            err("location %s: tagged reconstructed iff not named in the text" % lid)
        if recon and not e.get("note", "").startswith("Reconstructed"):
            err("location %s: a reconstructed location says so in its note" % lid)
        if not (MARGIN <= e["x"] <= WIDTH - MARGIN and MARGIN <= e["y"] <= HEIGHT - MARGIN):
            err("location %s at (%s, %s) is off the sheet" % (lid, e["x"], e["y"]))
        if e.get("fortress", 0) != FORTRESS.get(lid, 0):
            err("location %s: fortress %s, the text prints %s" % (lid, e.get("fortress"), FORTRESS.get(lid)))
        if e.get("vp", 0) != VP.get(lid, 0):
            err("location %s: vp %s, the text prints %s" % (lid, e.get("vp"), VP.get(lid)))
        for s in e.get("supply", []) + e.get("replacement", []):
            if s not in sides:
                err("location %s: unknown side %s" % (lid, s))
        if e.get("port") and "note" not in e:
            err("port %s: its port status is reconstructed and its note must say so" % lid)
    for side in sides:
        if sorted(l for l, e in locs.items() if side in e.get("supply", [])) != sorted(SUPPLY[side]):
            err("supply locations of %s differ from 5" % side)
        if sorted(l for l, e in locs.items() if side in e.get("replacement", [])) != sorted(REPLACEMENT[side]):
            err("replacement locations of %s differ from 8" % side)

    # Connections: known ends and classes, one per pair, rivers named, north-of-rappahannock
    # railroads flagged, no line running through a third location.
    pairs = set()
    adj = {l: set() for l in locs}
    rail = {l: set() for l in locs}
    for c in mp["connections"]:
        a, b = c["a"], c["b"]
        if a not in locs or b not in locs or a == b:
            err("connection %s-%s: bad ends" % (a, b))
            continue
        key = frozenset((a, b))
        if key in pairs:
            err("connection %s-%s twice" % (a, b))
        pairs.add(key)
        if feats.get(c["class"], {}).get("where") != "connection":
            err("connection %s-%s: class %s is not a connection feature" % (a, b, c["class"]))
        for x in c.get("crossings", []):
            if feats.get(x, {}).get("where") != "crossing":
                err("connection %s-%s: %s is not a crossing feature" % (a, b, x))
        if "river" in c.get("crossings", []) and "crosses the" not in c.get("note", "").lower() \
                and "crossing of the" not in c.get("note", ""):
            err("connection %s-%s: the note must name the river crossed" % (a, b))
        if c["class"] == "railroad" and (NORTH in locs[a].get("tags", [])
                                         or NORTH in locs[b].get("tags", [])):
            if "Game-Specific 10" not in c.get("note", ""):
                err("railroad %s-%s north of the Rappahannock: the note must give the control rule" % (a, b))
        adj[a].add(b)
        adj[b].add(a)
        if c["class"] == "railroad":
            rail[a].add(b)
            rail[b].add(a)
        pa, pb = (locs[a]["x"], locs[a]["y"]), (locs[b]["x"], locs[b]["y"])
        for l, e in locs.items():
            if l in (a, b):
                continue
            if point_segment_distance((e["x"], e["y"]), pa, pb) < 14:
                err("connection %s-%s runs through %s" % (a, b, l))

    # The text's own adjacencies: the Charles City-City Point crossing (2) and the example of
    # Game-Specific 10.
    for a, b in [("charles-city", "city-point"), ("chancellorsville", "fredericksburg"),
                 ("chancellorsville", "orange-ch")]:
        if frozenset((a, b)) not in pairs:
            err("the text makes %s and %s adjacent" % (a, b))

    # Lines meet only at locations, except where a note says they pass each other.
    def ccw(a, b, c):
        return (c[1] - a[1]) * (b[0] - a[0]) - (b[1] - a[1]) * (c[0] - a[0])
    cs = mp["connections"]
    for i, c in enumerate(cs):
        for d in cs[i + 1:]:
            if {c["a"], c["b"]} & {d["a"], d["b"]}:
                continue
            a, b = (locs[c["a"]]["x"], locs[c["a"]]["y"]), (locs[c["b"]]["x"], locs[c["b"]]["y"])
            p, q = (locs[d["a"]]["x"], locs[d["a"]]["y"]), (locs[d["b"]]["x"], locs[d["b"]]["y"])
            if ccw(a, b, p) * ccw(a, b, q) < 0 and ccw(p, q, a) * ccw(p, q, b) < 0:
                if "without a junction" not in c.get("note", "") + d.get("note", ""):
                    err("connections %s-%s and %s-%s cross" % (c["a"], c["b"], d["a"], d["b"]))

    # One network; every location reachable from Richmond.
    seen, todo = {"richmond"}, ["richmond"]
    while todo:
        for n in adj[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    for l in locs:
        if l not in seen:
            err("location %s cannot be reached from Richmond" % l)

    # Game-Specific 10: the locations tagged north-of-rappahannock are those north of the drawn
    # river (a ray due south from them crosses it an odd number of times).
    rappahannock = [l for l in mp.get("lines", []) if l["name"] == "Rappahannock River"]
    if len(rappahannock) != 1:
        err("the map must draw the Rappahannock River once (Game-Specific 10)")
    else:
        ps = smooth(rappahannock[0]["points"])
        for lid, e in locs.items():
            south = (e["x"], HEIGHT + 1)
            crossings = sum(line_crosses((e["x"], e["y"]), south, ps[i - 1], ps[i])
                            for i in range(1, len(ps)))
            if (crossings % 2 == 1) != (NORTH in e.get("tags", [])):
                err("location %s: its %s tag disagrees with the drawn Rappahannock" % (lid, NORTH))

    # Game-Specific 12: Confederate rail lines from Richmond or Petersburg to Cumberland and to
    # Hicksford, entirely south of the Rappahannock.
    def rail_reach(start):
        seen, todo = {start}, [start]
        while todo:
            for n in rail[todo.pop()]:
                if n not in seen and NORTH not in locs[n].get("tags", []):
                    seen.add(n)
                    todo.append(n)
        return seen
    for end in ("cumberland", "hicksford"):
        if end not in rail_reach("richmond") | rail_reach("petersburg"):
            err("no Confederate rail line from Richmond or Petersburg to %s (12)" % end)

    # The order of battle (13 and the Order of Battle Breakdown): formations before their
    # children and on the unit's side; SP as the set-up table prints it; the breakdown's
    # blocks strongest first; one leader a side, the army commander of GS 4; the cavalry's
    # screen value; no automatic victory at set-up (12).
    units = {u["id"]: u for u in game["units"]}
    if len(units) != len(game["units"]):
        err("duplicate unit ids")
    forms = {}
    for f in game["formations"]:
        if f["id"] in forms:
            err("formation %s twice" % f["id"])
        if "parent" in f and (f["parent"] not in forms or forms[f["parent"]]["side"] != f["side"]):
            err("formation %s: parent %s missing, later or of the other side" % (f["id"], f["parent"]))
        forms[f["id"]] = f
    infantry_sp = {"union": 0, "confederate": 0}
    for uid, u in units.items():
        f = forms.get(u.get("formation"))
        if f is None or f["side"] != u["side"]:
            err("unit %s: formation %s missing or of the other side" % (uid, u.get("formation")))
        st = u["strength"]
        if isinstance(st, dict):
            steps = st["steps"]
            if steps != BREAKDOWN.get(uid) or st.get("current", 0) != 0:
                err("unit %s: blocks %s, the breakdown prints %s" % (uid, steps, BREAKDOWN.get(uid)))
            if any(a <= b for a, b in zip(steps, steps[1:])):
                err("unit %s: blocks not strongest first" % uid)
            sp = steps[0]
        else:
            if uid in BREAKDOWN:
                err("unit %s: the breakdown gives its blocks, strength must be a step list" % uid)
            sp = st
        if u["class"] in ("leader", "cavalry"):
            if sp != 0:
                err("unit %s: the text gives a %s no SP" % (uid, u["class"]))
        elif sp != SETUP_SP.get(uid):
            err("unit %s: %s SP at set-up, the table prints %s" % (uid, sp, SETUP_SP.get(uid)))
        if u["class"] == "infantry":
            infantry_sp[u["side"]] += sp
        if u["class"] == "cavalry" and u["attrs"].get("screen") != CAVALRY_NUMBER.get(uid):
            err("cavalry %s: screen %s, the table prints (%s)" % (uid, u["attrs"].get("screen"),
                                                                  CAVALRY_NUMBER.get(uid)))
        if u["attrs"].get("movement") != RULES["params"]["movement_allowance"][u["class"]]:
            err("unit %s: movement differs from Base 3" % uid)
    for side in ("union", "confederate"):
        leaders = [u["name"] for u in units.values() if u["side"] == side and u["class"] == "leader"]
        if leaders != [RULES["params"]["army_commander"][side]]:
            err("%s leaders %s: the text has one, the army commander (GS 4, 13)" % (side, leaders))
        cav = sorted(u["attrs"]["screen"] for u in units.values()
                     if u["side"] == side and u["class"] == "cavalry")
        if cav != [2, 3]:
            err("%s cavalry screens %s: the text prints (3) and (2)" % (side, cav))
    if sum(1 for u in units.values() if u["class"] == "infantry") != 10:
        err("the set-up table has 10 infantry units")
    if infantry_sp["union"] != 58 or infantry_sp["confederate"] != 36:
        err("infantry SP at set-up %s: the table adds up to Union 58, Confederate 36" % infantry_sp)
    if infantry_sp["union"] < AUTO_CONFEDERATE_SP or infantry_sp["confederate"] < AUTO_UNION_SP:
        err("a side would win automatically at set-up (12)")

    # The scenario: every unit set up exactly once, at locations the text names; the choices
    # are 13's lists; victory places carry the VP the map prints; no reinforcements.
    for sc in game["scenarios"]:
        placed = {}
        for st in sc["setup"]:
            uid = st["unit"]
            if uid not in units:
                err("scenario %s: set-up of unknown unit %s" % (sc["id"], uid))
                continue
            placed[uid] = placed.get(uid, 0) + 1
            where = [c["location"] for c in st.get("choices", [])] or [st.get("location")]
            for l in where:
                if l not in locs or "13" not in NAMED_IN_TEXT.get(l, ""):
                    err("scenario %s: %s set up at %s, not a set-up location of 13" % (sc["id"], uid, l))
            if len(where) > 1 and where not in (UNION_AREA, CONFEDERATE_AREA):
                err("scenario %s: %s has choices %s, not 13's" % (sc["id"], uid, where))
            if len(where) > 1 and where != {"union": UNION_AREA,
                                            "confederate": CONFEDERATE_AREA}[units[uid]["side"]]:
                err("scenario %s: %s chooses among the other side's locations" % (sc["id"], uid))
        for uid in units:
            if placed.get(uid) != 1:
                err("scenario %s: unit %s set up %s times" % (sc["id"], uid, placed.get(uid, 0)))
        if sc.get("reinforcements"):
            err("scenario %s has reinforcements; the text gives none" % sc["id"])
        if sc["turns"]["count"] != 16 or sc["first_side"] != "union":
            err("scenario %s: 13 gives 16 turns, the Union first" % sc["id"])
        for v in sc["victory"]:
            for p in v.get("places", []):
                if locs.get(p["location"], {}).get("vp") != v["vp"]:
                    err("scenario %s: victory place %s does not carry %s VP" % (sc["id"], p["location"], v.get("vp")))

    # Legibility: labels clear of each other, of the dots and of the lines.
    boxes = {l: label_box(e) for l, e in locs.items()}
    ids = list(locs)
    for i, p in enumerate(ids):
        bp = boxes[p]
        if bp[0] < 0 or bp[2] > WIDTH or bp[1] < 0 or bp[3] > HEIGHT:
            err("label of %s leaves the sheet" % p)
        for q in ids[i + 1:]:
            if boxes_overlap(bp, boxes[q]):
                err("labels of %s and %s overlap" % (p, q))
        for q, e in locs.items():
            if any(boxes_overlap(bp, o) for o in obstacles(e)):
                err("label of %s covers the location %s" % (p, q))
        for c in mp["connections"]:
            a, b = locs[c["a"]], locs[c["b"]]
            if segment_hits_box((a["x"], a["y"]), (b["x"], b["y"]), bp):
                err("label of %s lies on the connection %s-%s" % (p, c["a"], c["b"]))
        for n in names_in_box(bp, [(l["name"], line_name_points(l)) for l in mp["lines"]]):
            err("label of %s lies on the name of the line %s" % (p, n))
    return errors


# ---------------------------------------------------------------------------------------
# Output: the canonical layout of core/wb-format-write.c (see tools/gen-wilderness.py).
# ---------------------------------------------------------------------------------------


def main(argv):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    game = build_game()
    errors = check(game)
    for e in errors:
        print("gen-grants-gamble: %s" % e, file=sys.stderr)
    if errors:
        return 1
    if len(argv) > 1 and argv[1] == "--check":
        return 0
    out = argv[1] if len(argv) > 1 else os.path.join(root, "data", "games", "grants-gamble.warbench")
    write_game(game, out)
    cli = os.path.join(root, "build", "app", "warbench-cli")
    if os.access(cli, os.X_OK):
        r = subprocess.run([cli, "format", "--check", out])
        if r.returncode != 0:
            print("gen-grants-gamble: %s is not in canonical form" % out, file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
