#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Generate data/games/shenandoah.warbench: the map and rules data of Columbia Games'
"Shenandoah: Jackson's Valley Campaign" (block system).

Everything comes from the rulebook text (rules 1.0-9.1 and their sidebars). The original
map is only a picture, so the point-to-point map is a reconstruction: every town, road and
crossing the text names is here, joined and classed the way the text says; the rest follows
the historical geography of the 1862 campaign and is marked "reconstructed" in the file
("source", "note", the "reconstructed" tag). The text prints no town VP values and does not
say which towns are major: MAJOR_TOWNS reconstructs them (tag "vp-reconstructed"). The rivers
and mountain ridges drawn on the map (format 3 map lines) are reconstructed too, and checked
against the crossings. See docs/games/shenandoah.md.

Tables (format 6): every table, chart and die roll the text prints -- road limits, the
firepower dice pool with its modifiers, the firing order, the battle rounds, the straggler
roll, stacking, supply and the Block Types sidebar -- with the text's own values, checked
against the rules params by check_tables ().

Usage: tools/gen-shenandoah.py [OUTPUT]      (default: data/games/shenandoah.warbench)
       tools/gen-shenandoah.py --check       (build, run the consistency checks, write nothing)

Standard library only. The output is in Warbench's canonical layout (core/wb-format-write.c,
the same emitter as tools/gen-wilderness.py): loading and saving it in Warbench gives the
same bytes.

Order of battle and scenario: the text counts the blocks (Game Equipment, the Block Types
sidebar: HQs, infantry, cavalry, artillery and 15 detachments a side), names the six HQs and
their divisions (4.21) and the Harper's Ferry Garrison (4.4), gives a few ratings in its
examples and a few set-up towns, but the label sheet and the Order of Battle cards are not in
it. So ROSTER (one line per block) and DETACHMENTS reconstruct every block's brigade, division,
strength, firepower and set-up from the historical order of battle of the 1862 campaign, each
unit's note saying what is from the text and what is reconstructed; the one scenario
("campaign", with 9.1 Historical as the option "historical", Shields' division off-board) sets
every block up on the map, the detachments in the pools (7.4). tests/data/setup/shenandoah--*.tsv
hold the same set-up, transcribed from the table in docs/games/shenandoah.md.
"""

import json
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from wbgen import check_lines, line_crosses, line_name_points, smooth, write_game  # noqa: E402

# ---------------------------------------------------------------------------------------
# Metadata and rules
# ---------------------------------------------------------------------------------------

GAME = {
    "id": "shenandoah",
    "title": "Shenandoah: Jackson's Valley Campaign",
    "publisher": "Columbia Games",
    "scale": "1 Game Turn = 3 days (2.0); infantry blocks are brigades of 600-2400 men, "
             "cavalry battalions of 200-600, artillery 2-4 batteries (4.22-4.24)",
    "source": "Shenandoah: Jackson's Valley Campaign rulebook text: Game Equipment, 1.0 "
              "Deployment, 2.0 Game Turns, 3.0 Map (3.1-3.7), 4.0 Blocks, 5.0 Movement, "
              "6.0 Battles, 7.0 Supply Phase, 8.0 Victory, 9.0 Scenarios, and the sidebars. "
              "The map, the label sheet and the Order of Battle cards are not in the text.",
    "notes": "The publisher is taken from the rulebook's living-rules sidebar "
             "(www.columbiagames.com/shenandoah); the designer and the year are not printed in "
             "the text and are left out. The map is a reconstruction (see the map's source): "
             "which towns are major and their VP values are printed only on the map, so the "
             "major towns and their VP here are reconstructed (tag vp-reconstructed). Blocks, "
             "divisions and set-up come from the Order of Battle cards, which are not in the "
             "text: the roster holds every block the text counts (Game Equipment, the Block "
             "Types sidebar), with the values the text gives (the six HQs and their divisions, "
             "Jackson B3, Banks B1, artillery A2, the static Harper's Ferry Garrison, the set-up "
             "towns it names) and the rest -- brigade, division, strength, firepower and set-up "
             "of each block -- reconstructed from the historical order of battle of the 1862 "
             "campaign, as each unit's note says. See docs/games/shenandoah.md for what "
             "comes from where.",
}

# Counts the rulebook prints that the rules family does not read (Game Equipment, the Block
# Types sidebar, 4.12, 7.4): the roster and the tables are built and checked against them.
TEXT = {
    "blocks": {"total": 71, "usa": 39, "csa": 32},
    "block_types": {"csa": {"hq": 3, "infantry": 9, "cavalry": 2, "artillery": 3,
                            "detachments": 15},
                    "usa": {"hq": 3, "infantry": 14, "cavalry": 3, "artillery": 4,
                            "detachments": 15}},
    "max_strength": 4,
    "detachment_pool": 15,
}

# rules.params of the columbia-block family (core/rules/columbia/wb-col-params.c,
# docs/rules-params.md): every value the family reads, with the section giving it.
RULES = {
    "family": "columbia-block",
    "params": {
        "road_limits": {"pike": {"move": 12, "attack": 6}, "road": {"move": 8, "attack": 4},
                        "trail": {"move": 4, "attack": 2}, "ferry": {"move": 2, "attack": 1},
                        "gap": {"move": 4, "attack": 2}},
        "move_towns": 2,
        "attack_towns": 1,
        "command_range": 1,
        "hq_step_cost": 1,
        "army_commanders": {"csa": ["jackson", "ewell", "johnson"]},
        "straggle": {"towns": 1, "lose_at_most": 3},
        "stacking": {"base": 4, "pike_or_railway": 2, "loss_steps": 1},
        "initiative": {"dice": 2, "tie_winner": "csa", "first_turn_player_1": "csa"},
        "supply_points": {"csa": 2, "usa": 3},
        "steps_per_block": 1,
        "step_cost": {"good": 1, "bad": 2},
        "supply_bases": {"jackson-division": "staunton", "johnson-division": "staunton",
                         "ewell-division": "charlottesville", "banks-division": "hagerstown",
                         "fremont-division": "cumberland", "shields-division": "salem"},
        "good_supply_gaps": {"usa": ["manassas-gap"], "csa": ["rockfish-gap"]},
        "detachment_pool": {"csa": "csa-detachments", "usa": "usa-detachments"},
        "detachments_per_phase": 1,
        "rail_move_sides": ["csa"],
        "rail_move_lines": ["railroad"],
        "victory": {"block": 1, "hq": 2, "detachment": 0.5, "hq_detachment": 1, "off_board": 1},
        "off_board": {"formation": "shields-division", "location": "salem",
                      "off_map": "off-board-east", "exit_before_turn": 7, "return_after_turn": 6,
                      "return_attack_limit": 4},
        "battle_rounds": 4,
        "firepower_order": "ABC",
        "defender_first": True,
        "crossing_penalty": 1,
        "artillery_attack_penalty": 1,
        "cavalry_pursuit_bonus": 1,
        "reinforcement_rounds": {"attacker": 2, "defender_first_road": 2,
                                 "defender_other_roads": 3},
    },
}

SIDES = [
    {"id": "usa", "name": "USA", "color": "#3a5a9c", "text_color": "#ffffff"},
    {"id": "csa", "name": "CSA", "color": "#7d786c", "text_color": "#ffffff"},
]


def with_roles(entity, roles):
    """@entity with its roles where the canonical layout puts them: before "attrs" (unit
    classes) or "note" (features)."""
    out = {}
    for k, v in entity.items():
        if k in ("attrs", "note"):
            out["roles"] = roles
        out[k] = v
    if "roles" not in out:
        out["roles"] = roles
    return out


def attrs(*extra):
    base = [{"id": "division", "name": "Division", "type": "string"},
            {"id": "firepower", "name": "Firepower", "type": "firepower"},
            {"id": "detachment", "name": "Detachment", "type": "bool"}]
    return base + list(extra)


STATIC = {"id": "static", "name": "Static garrison", "type": "bool"}
UNIT_CLASSES = [
    {"id": "hq", "roles": ["hq"], "name": "Headquarters", "symbol": "hq",
     "attrs": attrs({"id": "command_range", "name": "Command Range", "type": "int", "min": 0, "max": 9})},
    {"id": "infantry", "roles": ["infantry"], "name": "Infantry", "symbol": "infantry", "attrs": attrs(STATIC)},
    {"id": "cavalry", "roles": ["cavalry"], "name": "Cavalry", "symbol": "cavalry", "attrs": attrs(STATIC)},
    {"id": "artillery", "roles": ["artillery"], "name": "Artillery", "symbol": "artillery", "attrs": attrs(STATIC)},
    # 4.21: each HQ's detachment HQ commands like an HQ and scores like a detachment HQ (6.62).
    {"id": "hq-detachment", "roles": ["hq", "detachment"], "name": "HQ detachment", "symbol": "hq",
     "attrs": attrs({"id": "command_range", "name": "Command Range", "type": "int", "min": 0, "max": 9})},
    # A detachment whose type (infantry, cavalry, ...) and division are on its label, which is
    # not in the text: the 12 non-HQ detachments of each side (see unit_entities ()). Its
    # "type" is the class role of the brigades it is made from and merges into (the optional
    # Detachments sidebar: same division and type).
    {"id": "detachment", "roles": ["detachment"], "name": "Detachment (type not in the text)", "symbol": "generic",
     "attrs": attrs({"id": "type", "name": "Type (infantry, cavalry, artillery)", "type": "string"})},
]

UNIT_CLASSES = [with_roles({k: v for k, v in c.items() if k != "roles"}, c["roles"])
                for c in UNIT_CLASSES]

CROSSING_NOTE = ("3.5: blocks that attack or reinforce over it fire at -1 (C2=C1) in their "
                 "first combat round; attacking artillery are then A0 and cannot fire in that "
                 "round. No effect on move or attack limits (6.2). Several bridges or fords on "
                 "one road section count as one. Rivers are impassable except at bridges and "
                 "fords (sidebar).")

FEATURES = [
    {"id": "pike", "roles": ["pike"], "name": "Pike", "where": "connection", "style": "pike", "color": "#7a2418",
     "width": 0.24,
     "note": "3.4: thick road; move limit 12 blocks, attack (and retreat, regroup) limit 6 per "
             "road section per Player Turn (5.21, 6.2, 6.71, 6.8). 3.3: a town on a pike "
             "stacks 4+2 blocks in the Supply Phase. The Valley Pike (Staunton-Martinsburg) and "
             "the National Road (from Cumberland eastward) are macadamized (sidebars)."},
    {"id": "road", "roles": ["road"], "name": "Road", "where": "connection", "style": "road", "color": "#8a5a2b",
     "width": 0.14,
     "note": "3.4: thin road; move limit 8 blocks, attack limit 4 per road section per Player "
             "Turn."},
    {"id": "trail", "roles": ["trail"], "name": "Trail", "where": "connection", "style": "trail", "color": "#6b4a26",
     "width": 0.09,
     "note": "3.4: dashed road; move limit 4 blocks, attack limit 2 per road section per Player "
             "Turn. 3.7: every named gap is on a trail."},
    {"id": "ferry", "roles": ["ferry"], "name": "Ferry", "where": "connection", "style": "ferry", "color": "#2d6fc0",
     "width": 0.09,
     "note": "3.4, 3.6: two crossings of the Shenandoah River are named ferries: move limit 2, "
             "attack limit 1, and a block attacking over one fires at -1 (C2=C1) in its first "
             "combat round. The text does not say which two crossings they are."},
    {"id": "railroad", "roles": ["railway"], "name": "Virginia Central Railroad", "where": "connection",
     "style": "railroad", "color": "#1f1f1f", "width": 0.1,
     "note": "5.6: the CSA may move by rail from railroad town to railroad town along it "
             "(Charlottesville in the southeast to Buffalo Gap in the southwest); normal HQ "
             "command is needed; rail moves cannot attack or reinforce, nor leave a battle. The "
             "USA may not move by rail. 3.3: a town on a railway stacks 4+2."},
    {"id": "railway", "roles": ["railway"], "name": "Other railway", "where": "connection", "style": "railroad",
     "color": "#8a8a8a", "width": 0.07,
     "note": "5.6: rail movement on any railway other than the Virginia Central is prohibited "
             "to both players; such a line is no route for movement, retreat or regroup. It "
             "still counts for stacking (3.3: 4+2) and carries good supply through the Manassas "
             "Gap for the USA (7.32)."},
    {"id": "bridge", "roles": ["river-crossing"], "name": "Bridge", "where": "crossing", "style": "bridge", "color": "#333333",
     "note": "3.5: most river crossings are shown as bridges, but nearly all bridges were "
             "destroyed during the campaign, so every bridge is treated as a ford. " + CROSSING_NOTE},
    {"id": "ford", "roles": ["river-crossing"], "name": "Ford", "where": "crossing", "style": "ford", "color": "#5a3a1a",
     "note": "3.5. " + CROSSING_NOTE},
    {"id": "gap", "roles": ["gap"], "name": "Mountain gap", "where": "crossing", "style": "gap", "color": "#5b4a3a",
     "note": "3.7: a pass through the Blue Ridge or Shenandoah mountains usable by brigades; "
             "named gaps are on trails, move/attack limits 4/2. 7.32: supply traced through a "
             "gap is Bad Supply (replacement steps cost 2 SP, no detachments deployed). The "
             "connection's note names the gap."},
    {"id": "manassas-gap", "roles": ["gap"], "name": "Manassas Gap", "where": "crossing", "style": "gap",
     "color": "#5b4a3a",
     "note": "3.7 as any gap (trail, 4/2). 7.32 exception: because of the railway link the USA "
             "traces good supply through the Manassas Gap; the CSA does not."},
    {"id": "rockfish-gap", "roles": ["gap"], "name": "Rockfish Gap", "where": "crossing", "style": "gap",
     "color": "#5b4a3a",
     "note": "3.7 as any gap (trail, 4/2). 7.32 exception: because of the railway link the CSA "
             "traces good supply through the Rockfish Gap; the USA does not."},
]


FEATURES = [with_roles({k: v for k, v in f.items() if k != "roles"}, f["roles"]) for f in FEATURES]

# ---------------------------------------------------------------------------------------
# The map. Positions are real latitude/longitude (approximate, of the 1862 town or its
# present-day site) projected onto the sheet: north up, equirectangular at 38.85 N.
# ---------------------------------------------------------------------------------------

WIDTH, HEIGHT = 1200, 1360
MARGIN = 70
COS = math.cos(math.radians(38.85))


def project(lat, lon):
    """North up; the bounding box of LOCATIONS fills the sheet inside MARGIN, same scale on
    both axes (a degree of longitude is COS degrees of latitude)."""
    lats = [l[2] for l in LOCATIONS]
    lons = [l[3] for l in LOCATIONS]
    sx = (WIDTH - 2 * MARGIN) / ((max(lons) - min(lons)) * COS)
    sy = (HEIGHT - 2 * MARGIN) / (max(lats) - min(lats))
    k = min(sx, sy)
    ox = (WIDTH - (max(lons) - min(lons)) * COS * k) / 2
    oy = (HEIGHT - (max(lats) - min(lats)) * k) / 2
    return (round((lon - min(lons)) * COS * k + ox), round((max(lats) - lat) * k + oy))


REC = "Not named in the rulebook text: added from the historical geography so that "

# (id, name, lat, lon, label (dx, dy) or None, supply sides, tags, note)
# A town "named" below is named in the rulebook text at the rule given in its note.
LOCATIONS = [
    # --- north: the Potomac and Maryland ---
    ("hagerstown", "Hagerstown", 39.642, -77.720, None, ["usa"], ["supply-base"],
     "7.2: USA Supply Base of Banks' division. Banks' blocks trace supply here (7.3)."),
    ("sharpsburg", "Sharpsburg", 39.457, -77.749, (48, 0), [], ["junction"],
     "Road-junctions sidebar: a junction outside the town due to river terrain, treated as if "
     "located in the town; move/attack limits apply separately to each road."),
    ("harpers-ferry", "Harper's Ferry", 39.325, -77.739, (48, 18), [], ["junction", "garrison"],
     "4.4: the Harper's Ferry Garrison is a static defence force: it may not move, retreat or "
     "regroup, and if attacked must win or be eliminated. Road-junctions sidebar: a junction "
     "outside the town due to river terrain, treated as if located in the town. Historically "
     "the B&O and the Winchester & Potomac railways met here; whether the map draws them "
     "(3.3 stacking 4+2) is not in the text, so none is drawn."),
    ("martinsburg", "Martinsburg", 39.456, -77.964, (-52, -2), [], ["valley-pike"],
     "Valley Pike sidebar: the northern end of the pike (from Staunton north to Martinsburg)."),
    ("hancock", "Hancock", 39.699, -78.180, (0, -17), [], ["reconstructed"],
     REC + "the National Road has a town between Cumberland and Hagerstown."),
    ("cumberland", "Cumberland", 39.653, -78.763, (0, -17), ["usa"], ["supply-base"],
     "7.2: USA Supply Base of Fremont's division. National Road sidebar: the road runs "
     "eastward from Cumberland."),
    # --- the lower Valley ---
    ("winchester", "Winchester", 39.186, -78.163, (44, -6), [], ["valley-pike"],
     "Battle Turn example: attacked from Newtown."),
    ("newtown", "Newtown", 39.083, -78.218, (-38, -8), [], ["valley-pike"],
     "Battle Turn example (attacks Winchester) and Battle Reinforcements example (reinforces "
     "Front Royal)."),
    ("strasburg", "Strasburg", 38.989, -78.359, (-44, -8), [], ["valley-pike"],
     "3.3 example: on the Valley Pike, so it stacks six blocks (4+2). Battle Reinforcements "
     "example: attacks Front Royal along a road."),
    ("front-royal", "Front Royal", 38.918, -78.194, (30, 20), [], ["junction"],
     "Road-junctions sidebar: a junction outside the town due to river terrain, treated as if "
     "located in the town. Design note: on Shields' route New Market - Luray - Front Royal - "
     "Manassas Gap. Historically on the Manassas Gap Railroad (see the railway connections)."),
    ("woodstock", "Woodstock", 38.882, -78.506, (-44, 0), [], ["valley-pike", "reconstructed"],
     REC + "the Valley Pike has a town between Strasburg and New Market."),
    ("romney", "Romney", 39.342, -78.757, None, [], ["reconstructed"],
     REC + "Fremont's division can reach its Supply Base at Cumberland from the Valley."),
    ("moorefield", "Moorefield", 39.062, -78.969, (52, -14), [], ["reconstructed"],
     REC + "Fremont's line from Franklin to Cumberland and his march to Strasburg can be made."),
    ("wardensville", "Wardensville", 39.075, -78.594, (0, -17), [], ["reconstructed"],
     REC + "Fremont's march from Moorefield to Strasburg (Shields sidebar: he united with Fremont "
     "at Strasburg) can be made."),
    # --- east of the Blue Ridge, north ---
    ("snickersville", "Snickersville", 39.110, -77.835, (50, 0), [], ["reconstructed"],
     REC + "one of the two Shenandoah ferries (3.6) has a far bank; east of Castleman's Ferry "
     "and Snicker's Gap."),
    ("upperville", "Upperville", 38.992, -77.884, (42, 0), [], ["reconstructed"],
     REC + "one of the two Shenandoah ferries (3.6) has a far bank; east of Berry's Ferry and "
     "Ashby's Gap."),
    ("salem", "Salem", 38.865, -77.858, (32, -10), ["usa"], ["supply-base"],
     "7.2: USA Supply Base of Shields' division. 8.1: Shields' division may move off-board here "
     "(only) before Turn 7 and return here after Turn 6. Design note: reached from Front Royal "
     "through the Manassas Gap. Historically on the Manassas Gap Railroad."),
    ("off-board-east", "Off-board (Fredericksburg)", 38.740, -77.700, (-20, 22), [], ["off-board"],
     "8.1, 9.1: Shields' division off-board near Salem, on its way to McDowell's corps at "
     "Fredericksburg; each Shields block here is worth 1 VP to the USA. Blocks leave and "
     "re-enter only through Salem; re-entering blocks need no HQ command, must stop at Salem, "
     "attack with limit 4, cannot retreat off-board, cannot leave again and no longer count for "
     "VP. Shields' detachments cannot be deployed here. 5.7: no other block may move, retreat "
     "or regroup off-board. An area, not a town."),
    # --- the middle Valley and the Page (Luray) Valley ---
    ("new-market", "New Market", 38.648, -78.671, (-46, 0), [], ["valley-pike"],
     "Design note and 8.1: Shields' division is gathering at New Market when the game starts; "
     "its historical route east ran via Luray."),
    ("luray", "Luray", 38.665, -78.459, (32, 0), [], [],
     "Design note: on Shields' route New Market - Luray - Front Royal."),
    ("franklin", "Franklin", 38.643, -79.331, (-40, 0), [], [],
     "Design note: Jackson pursued Fremont's advance brigades from McDowell as far as Franklin."),
    ("mcdowell", "McDowell", 38.331, -79.491, None, [], [],
     "Design note: Jackson defeated Fremont's advance brigades at McDowell."),
    ("harrisonburg", "Harrisonburg", 38.450, -78.869, (-50, -6), [], ["valley-pike"],
     "3.3 example (eight CSA blocks, two reduced). On the Valley Pike between Staunton and "
     "New Market (historical; the text names both ends of the pike only)."),
    ("conrads-store", "Conrad's Store", 38.408, -78.624, (0, 18), [], [],
     "Road-junctions sidebar: four blocks (a road) can attack Port Republic from Conrad's Store."),
    ("port-republic", "Port Republic", 38.296, -78.809, (58, -4), [], ["junction"],
     "Road-junctions sidebar: one road (from Conrad's Store) and one trail (from Brown's Cove) "
     "join east of the middle ford, outside the town, and are treated as if in the town; blocks "
     "cannot bypass enemy blocks located in Port Republic. Port Republic sidebar: where the "
     "North and South rivers merge to become the South Fork of the Shenandoah."),
    ("standardsville", "Standardsville", 38.297, -78.440, (0, 17), [], [],
     "Design note: Ewell's CSA division at Standardsville (spelled so in the text; the town is "
     "Stanardsville)."),
    ("browns-cove", "Brown's Cove", 38.180, -78.620, (0, 17), [], [],
     "Road-junctions sidebar: two blocks (a trail) can attack Port Republic from Brown's Cove."),
    # --- around Staunton ---
    ("mt-sidney", "Mt Sidney", 38.260, -78.969, (44, -2), [], ["valley-pike"],
     "Jackson's Command sidebar: adjacent to Staunton. On the Valley Pike (historical)."),
    ("staunton", "Staunton", 38.150, -79.072, (-8, 24), ["csa"],
     ["supply-base", "valley-pike", "railroad"],
     "7.2: CSA Supply Base of Jackson's and Johnson's divisions. Jackson's Command sidebar: "
     "Jackson here commands blocks here and in the five adjacent towns: Buffalo Gap, "
     "Churchville, Mt Sidney, Heritage and Waynesboro. Valley Pike sidebar: the southern end "
     "of the pike."),
    ("churchville", "Churchville", 38.225, -79.162, (-32, -14), [], [],
     "Jackson's Command sidebar: adjacent to Staunton."),
    ("buffalo-gap", "Buffalo Gap", 38.180, -79.255, (-10, 18), [], ["railroad"],
     "5.6: the southwestern end of the Virginia Central Railroad. Jackson's Command sidebar: "
     "adjacent to Staunton. A town, not one of the named gaps of 3.7."),
    ("heritage", "Heritage", 38.040, -79.090, None, [], [],
     "Jackson's Command sidebar: adjacent to Staunton; the text says nothing else about it. Its "
     "position here (south of Staunton) and its having no other connection are guesses."),
    ("waynesboro", "Waynesboro", 38.068, -78.889, (-54, 2), [], ["railroad"],
     "Jackson's Command sidebar: adjacent to Staunton. On the Virginia Central Railroad "
     "between Staunton and the Rockfish Gap (historical)."),
    ("charlottesville", "Charlottesville", 38.030, -78.479, None, ["csa"],
     ["supply-base", "railroad"],
     "7.2: CSA Supply Base of Ewell's division. 5.6: the southeastern end of the Virginia "
     "Central Railroad."),
]

# (a, b, class, crossings, note). Every note says which rule fixes the connection or that it
# is reconstructed; "class not stated" means the class is a guess from the historical road.
CONNECTIONS = [
    # The Valley Pike, Staunton to Martinsburg (Valley Pike sidebar; 3.3 example).
    ("staunton", "mt-sidney", "pike", [], "Valley Pike (sidebar; 3.4 pike). Staunton-Mt Sidney adjacency: Jackson's Command sidebar."),
    ("mt-sidney", "harrisonburg", "pike", ["bridge"], "Valley Pike. The North River bridge at Mt Crawford is reconstructed."),
    ("harrisonburg", "new-market", "pike", [], "Valley Pike."),
    ("new-market", "woodstock", "pike", ["bridge"], "Valley Pike. The North Fork bridge at Mt Jackson is reconstructed."),
    ("woodstock", "strasburg", "pike", [], "Valley Pike; Strasburg is on it (3.3 example)."),
    ("strasburg", "newtown", "pike", [], "Valley Pike."),
    ("newtown", "winchester", "pike", [], "Valley Pike; Newtown-Winchester adjacency: Battle Turn example."),
    ("winchester", "martinsburg", "pike", [], "Valley Pike, to its northern end at Martinsburg (sidebar)."),
    # The National Road (sidebar: the name is recorded from Cumberland eastward).
    ("cumberland", "hancock", "pike", [], "The National Road (sidebar). Its class is not stated; as a macadamized road like the Valley Pike it is taken to be a pike. Reconstructed."),
    ("hancock", "hagerstown", "pike", [], "The National Road (sidebar); class as Cumberland-Hancock. Reconstructed."),
    # The Virginia Central Railroad (5.6) and the roads beside it.
    ("charlottesville", "waynesboro", "railroad", ["rockfish-gap"], "Virginia Central Railroad (5.6), through the Rockfish Gap (7.32: good supply for the CSA because of this railway link). The intermediate stations are reconstructed."),
    ("waynesboro", "staunton", "railroad", [], "Virginia Central Railroad (5.6)."),
    ("staunton", "buffalo-gap", "railroad", [], "Virginia Central Railroad (5.6), to its southwestern end at Buffalo Gap."),
    ("charlottesville", "waynesboro", "trail", ["rockfish-gap"], "The Rockfish Gap (7.32). 3.7: named gaps are on trails, hence a trail. Reconstructed route."),
    ("staunton", "waynesboro", "road", [], "Adjacency: Jackson's Command sidebar. Road class not stated (reconstructed)."),
    ("staunton", "buffalo-gap", "road", [], "Adjacency: Jackson's Command sidebar. Road class not stated (reconstructed)."),
    ("staunton", "churchville", "road", [], "Adjacency: Jackson's Command sidebar. Road class not stated (reconstructed)."),
    ("staunton", "heritage", "road", [], "Adjacency: Jackson's Command sidebar. Road class not stated (reconstructed)."),
    # West: Jackson's McDowell campaign and Fremont's line.
    ("churchville", "mcdowell", "road", [], "Implied by the design note (Jackson's march to McDowell); the Staunton-Parkersburg turnpike over the Shenandoah Mountain. Class not stated; whether the map marks a gap on it is unknown. Reconstructed."),
    ("mcdowell", "franklin", "road", [], "Implied by the design note (Jackson pursued Fremont's brigades from McDowell to Franklin). Class not stated. Reconstructed."),
    ("franklin", "moorefield", "road", [], "Reconstructed: Fremont's line north towards Cumberland (7.2)."),
    ("moorefield", "romney", "road", [], "Reconstructed: Fremont's line north towards Cumberland (7.2)."),
    ("romney", "cumberland", "road", ["bridge"], "Reconstructed: Fremont's line to his Supply Base (7.2); the North Branch of the Potomac bridge is reconstructed."),
    ("moorefield", "wardensville", "road", [], "Reconstructed: Fremont's march towards Strasburg (Shields sidebar)."),
    ("wardensville", "strasburg", "road", [], "Reconstructed: Fremont united with Shields at Strasburg (Shields sidebar)."),
    ("romney", "winchester", "road", [], "Reconstructed: the Northwestern Turnpike. Class not stated."),
    # The lower Valley, the Potomac and Harper's Ferry.
    ("strasburg", "front-royal", "road", [], "Battle Reinforcements example: four blocks attack Front Royal from Strasburg, the road's attack limit, so a road; the attackers fire normally in round 1, so no river is crossed."),
    ("newtown", "front-royal", "road", ["bridge"], "Battle Reinforcements example: USA blocks reinforce Front Royal from Newtown and \"a river was crossed\" (artillery A0). Class not stated (road reconstructed). Two bridges over the North and South Forks historically; several crossings on one section count as one (3.5)."),
    ("winchester", "harpers-ferry", "road", [], "Reconstructed (via Charlestown). Class not stated."),
    ("harpers-ferry", "sharpsburg", "road", ["bridge"], "Reconstructed: the Potomac crossing at Harper's Ferry (road-junctions sidebar: Harper's Ferry and Sharpsburg are junctions outside their towns due to river terrain). Class not stated."),
    ("sharpsburg", "martinsburg", "road", ["ford"], "Reconstructed: via Shepherdstown and the Potomac ford. Class not stated."),
    ("sharpsburg", "hagerstown", "road", [], "Reconstructed. Class not stated."),
    ("martinsburg", "hagerstown", "road", ["ford"], "Reconstructed: Banks' line of retreat to his Supply Base (7.2) across the Potomac at Williamsport. Class not stated."),
    # The ferries (3.6) and the country east of the Blue Ridge.
    ("winchester", "snickersville", "ferry", ["gap"], "Reconstructed: 3.6 says two Shenandoah crossings are named ferries but not which; here Castleman's Ferry and, beyond it, Snicker's Gap. 3.7 puts named gaps on trails; the ferry's limits (2/1) are the lower, and the gap still makes supply through it Bad (7.32)."),
    ("winchester", "upperville", "ferry", ["gap"], "Reconstructed: the second Shenandoah ferry of 3.6, here Berry's Ferry and, beyond it, Ashby's Gap; see Winchester-Snickersville."),
    ("snickersville", "upperville", "road", [], "Reconstructed. Class not stated."),
    ("upperville", "salem", "road", [], "Reconstructed. Class not stated."),
    ("front-royal", "salem", "trail", ["manassas-gap"], "Design note: Shields left via Luray, Front Royal and the Manassas Gap. 3.7: named gaps are on trails. 7.32: the USA traces good supply through the Manassas Gap."),
    ("front-royal", "salem", "railway", ["manassas-gap"], "The Manassas Gap railway link of 7.32 (historically the Manassas Gap Railroad). No rail movement (5.6). Reconstructed."),
    ("salem", "off-board-east", "road", [], "8.1: Shields' blocks leave the map and return at Salem only; re-entering blocks attack with limit 4, a road's attack limit. Towards Fredericksburg."),
    # The Luray Valley, Port Republic and the Blue Ridge.
    ("new-market", "luray", "road", ["bridge"], "Implied by the design note (Shields' route New Market - Luray); over the Massanutten by the New Market Gap, whose treatment on the map is unknown, and the South Fork bridge. Class not stated. Reconstructed."),
    ("luray", "front-royal", "road", [], "Implied by the design note (Shields' route Luray - Front Royal). Class not stated."),
    ("luray", "conrads-store", "road", [], "Reconstructed: up the Page Valley (Shields sidebar: Shields advanced up the Page Valley to Port Republic). Class not stated."),
    ("conrads-store", "port-republic", "road", ["ford"], "Road-junctions sidebar: four blocks can attack Port Republic from Conrad's Store, so a road; it joins the Brown's Cove trail east of the middle ford."),
    ("browns-cove", "port-republic", "trail", ["gap", "ford"], "Road-junctions sidebar: two blocks can attack Port Republic from Brown's Cove, so a trail; it joins the Conrad's Store road east of the middle ford. The gap (Brown's Gap) is reconstructed."),
    ("harrisonburg", "port-republic", "road", ["bridge"], "Reconstructed: by Cross Keys to the North River bridge (Shields sidebar: the battle of Port Republic). Class not stated."),
    ("harrisonburg", "conrads-store", "road", ["bridge"], "Reconstructed: to the South Fork crossing at Conrad's Store. Class not stated."),
    ("waynesboro", "port-republic", "road", [], "Reconstructed: down the South River. Class not stated."),
    ("standardsville", "conrads-store", "trail", ["gap"], "Implied by the design note (Ewell at Standardsville could have intercepted Shields in the Page Valley): the Swift Run Gap, so a trail (3.7). Reconstructed."),
    ("standardsville", "charlottesville", "road", [], "Reconstructed: Ewell's line to his Supply Base (7.2). Class not stated."),
    ("browns-cove", "charlottesville", "road", [], "Reconstructed. Class not stated."),
]

# Locations the rulebook text names (the checks below insist they are present).
NAMED_IN_TEXT = [
    "staunton", "buffalo-gap", "churchville", "mt-sidney", "heritage", "waynesboro",
    "charlottesville", "harrisonburg", "strasburg", "martinsburg", "hagerstown", "cumberland",
    "salem", "port-republic", "conrads-store", "browns-cove", "sharpsburg", "front-royal",
    "harpers-ferry", "new-market", "luray", "standardsville", "mcdowell", "franklin",
    "winchester", "newtown",
]

MAP_SOURCE = (
    "Reconstructed: the original map is only a picture and is not in the rulebook text. Every "
    "town the text names is here (26 towns), joined as the text states (the Valley Pike "
    "Staunton-Martinsburg, Strasburg-Front Royal road, Newtown-Winchester, Newtown-Front Royal "
    "over a river, Port Republic's road from Conrad's Store and trail from Brown's Cove east of "
    "the middle ford, Staunton's five neighbours, the Virginia Central Railroad Charlottesville-"
    "Buffalo Gap, the Manassas and Rockfish Gaps, Salem as Shields' exit). Seven towns tagged "
    "\"reconstructed\" and every connection whose note says so come from the historical "
    "geography; a connection's class is a guess where its note says \"class not stated\". "
    "Positions are latitude and longitude projected north-up. Which towns are major and their "
    "VP values (3.1) are printed only on the map: the major towns here (tag vp-reconstructed), "
    "their VP and the side each is friendly to when vacant (3.21; tag friendly-usa or "
    "friendly-csa) are reconstructed from the towns' weight in the 1862 campaign. The drawn rivers and ridges "
    "(lines) are not from the text either: they follow the real geography, simplified, and are "
    "fitted so that a road crosses a river exactly where it has a bridge, ford or ferry and a "
    "ridge exactly where it has a gap.")


# Geography drawn on the board (format 3 map lines): the rivers and mountains of the text's
# sidebars (Rivers, 3.5-3.7), by the approximate latitude and longitude of the real features,
# simplified to a few points each. None of it is in the text; the lines are drawn so that a
# connection crosses a river exactly where its crossings list a bridge or ford (or where it is a
# ferry, 3.6) and a mountain ridge exactly where it lists a gap (3.7); check_map_lines () holds
# them to it. Where a road crosses a mountain and the text marks no gap on it (New Market-Luray
# over the Massanutten, Churchville-McDowell over Shenandoah Mountain) the ridge is drawn broken
# at the road; Great North Mountain is drawn only south of the Strasburg-Wardensville road. A
# river runs through a town's point where the town stands on it and the roads leave the town on
# both banks: Strasburg (North Fork), Front Royal (South Fork), Waynesboro (South River). The
# North Fork turns at Strasburg more sharply than a smooth curve can (from south of the pike
# to north of the Front Royal road), so it is drawn as two lines meeting there.
LINES = [
    ("river", "Potomac River", None,
     [(39.42, -78.98), (39.51, -78.93), (39.60, -78.86), (39.635, -78.77), (39.60, -78.68), (39.52, -78.45),
      (39.58, -78.33), (39.655, -78.26), (39.676, -78.18), (39.655, -78.00), (39.60, -77.83),
      (39.43, -77.80), (39.36, -77.775), (39.338, -77.715), (39.33, -77.62), (39.31, -77.55)]),
    ("river", "South Branch", None,
     [(38.75, -79.30), (38.99, -79.08), (39.10, -78.99), (39.25, -78.87), (39.36, -78.79),
      (39.45, -78.68), (39.60, -78.68)]),
    ("river", "Shenandoah River", None,
     [(38.965, -78.16), (39.03, -78.06), (39.12, -77.93), (39.22, -77.83), (39.28, -77.76),
      (39.338, -77.715)]),
    ("river", "North Fork", None,
     [(38.62, -78.92), (38.70, -78.76), (38.72, -78.58), (38.82, -78.49), (38.91, -78.42),
      (38.989, -78.359)]),
    ("river", "North Fork", None, [(38.989, -78.359), (38.972, -78.245), (38.965, -78.16)]),
    ("river", "South Fork", None,
     [(38.33, -78.79), (38.40, -78.70), (38.50, -78.62), (38.62, -78.54), (38.70, -78.49),
      (38.80, -78.38), (38.89, -78.27), (38.918, -78.194), (38.965, -78.16)]),
    ("river", "North River", None,
     [(38.43, -79.15), (38.385, -79.02), (38.36, -78.94), (38.34, -78.87), (38.33, -78.79)]),
    ("river", "South River", None,
     [(37.94, -79.10), (38.02, -78.97), (38.068, -78.889), (38.17, -78.81), (38.27, -78.785), (38.33, -78.79)]),
    ("river", "Rappahannock River", None,
     [(38.85, -78.06), (38.75, -77.95), (38.62, -77.84), (38.53, -77.81), (38.46, -77.74),
      (38.40, -77.63), (38.33, -77.56)]),
    ("river", "Rapidan River", None,
     [(38.47, -78.40), (38.39, -78.27), (38.31, -78.08), (38.36, -77.90), (38.37, -77.75),
      (38.40, -77.63)]),
    ("ridge", "Blue Ridge", None,
     [(37.945, -78.96), (38.03, -78.86), (38.15, -78.77), (38.265, -78.655), (38.38, -78.53),
      (38.53, -78.42), (38.66, -78.32), (38.845, -78.11), (39.02, -77.962), (39.115, -77.868),
      (39.20, -77.79), (39.27, -77.72)]),
    ("ridge", "Massanutten Mountain", None,
     [(38.69, -78.555), (38.72, -78.52), (38.90, -78.37), (38.95, -78.33)]),
    ("ridge", "Massanutten", None,
     [(38.465, -78.71), (38.54, -78.665), (38.625, -78.61)]),
    ("ridge", "Shenandoah Mountain", None,
     [(38.33, -79.30), (38.46, -79.19), (38.56, -79.10)]),
    ("ridge", "Shenandoah Mountain", None,
     [(37.96, -79.50), (38.10, -79.42), (38.24, -79.36)]),
    ("ridge", "Great North Mountain", None,
     [(38.56, -79.10), (38.66, -79.00), (38.80, -78.84), (39.02, -78.57)]),
    ("ridge", "Allegheny Front", None,
     [(38.55, -79.58), (38.80, -79.42), (39.05, -79.25), (39.35, -79.12), (39.62, -78.95)]),
]
# What a line of each style means for a connection that crosses it: the crossings it must list
# (one of them). A ferry crosses a river by its class (3.6): check_map_lines () gives each ferry
# connection the implied crossing "ferry" before the check.
LINE_CROSSING = {"river": {"bridge", "ford", "ferry"},
                 "ridge": {"gap", "manassas-gap", "rockfish-gap"}}


def line_entities():
    out = []
    for style, name, side, points in LINES:
        e = {"style": style, "name": name}
        if side:
            e["side"] = side
        e["points"] = [list(project(lat, lon)) for lat, lon in points]
        out.append(e)
    return out


def check_map_lines(lines, locations, connections):
    """check_lines () of tools/wbgen.py, with each ferry's implied crossing, on the lines as
    given and on the smooth curves the renderer draws through them."""
    implied = [dict(c, crossings=c.get("crossings", []) + ["ferry"]) if c["class"] == "ferry"
               else c for c in connections]
    check_lines(lines, locations, implied, LINE_CROSSING, "gen-shenandoah")
    drawn = [dict(l, points=smooth(l["points"])) for l in lines]
    check_lines(drawn, locations, implied, LINE_CROSSING, "gen-shenandoah (as drawn)")
    pts = {e["id"]: (e["x"], e["y"]) for e in locations}
    for i, a in enumerate(drawn):
        for b in drawn[i + 1:]:
            pa, pb = a["points"], b["points"]
            if any(line_crosses(pa[j - 1], pa[j], pb[k - 1], pb[k])
                   for j in range(1, len(pa)) for k in range(1, len(pb))):
                raise SystemExit("gen-shenandoah: the %s “%s” crosses the %s “%s”" % (
                    a["style"], a["name"], b["style"], b["name"]))


# Major towns (3.1): a VP value, and the side each is friendly to when vacant (3.21: "Vacant
# major towns are friendly to the USA (blue) or CSA (red)"). The map prints both; the text
# does not, so they are RECONSTRUCTED from the towns' weight in the 1862 campaign: the Valley
# towns Banks held at the start of May are blue, those the CSA held red, the two sides'
# totals equal (8 VP each). (town, VP, side, why)
MAJOR_TOWNS = [
    ("winchester", 3, "usa", "the lower Valley's chief town and Banks' depot, taken by Jackson "
                             "on May 25"),
    ("harpers-ferry", 2, "usa", "the arsenal and the B&O crossing of the Potomac, threatened by "
                                "Jackson at the end of May"),
    ("strasburg", 1, "usa", "Banks' entrenched position at the start of the campaign"),
    ("front-royal", 1, "usa", "the USA post at the Manassas Gap railroad, taken on May 23"),
    ("martinsburg", 1, "usa", "the B&O railroad town at the northern end of the Valley Pike"),
    ("staunton", 3, "csa", "Jackson's base and the Virginia Central railhead (7.2, 5.6)"),
    ("charlottesville", 2, "csa", "Ewell's supply base on the Virginia Central (7.2)"),
    ("harrisonburg", 2, "csa", "the upper Valley's county seat on the pike"),
]
FRIENDLY_TAG = {"usa": "friendly-usa", "csa": "friendly-csa"}
VP_TAG = "vp-reconstructed"


def build_map():
    locs = []
    for (lid, name, lat, lon, label, supply, tags, note) in LOCATIONS:
        x, y = project(lat, lon)
        e = {"id": lid, "name": name, "x": x, "y": y}
        if label:
            e["label_dx"], e["label_dy"] = label
        major = next((m for m in MAJOR_TOWNS if m[0] == lid), None)
        if major:
            e["major"] = True
            e["vp"] = major[1]
            tags = tags + [FRIENDLY_TAG[major[2]], VP_TAG]
            note += (" Major town, %d VP, friendly to the %s when vacant (3.1, 3.21): "
                     "reconstructed, the map prints it and the text does not; chosen as %s."
                     % (major[1], SIDE_NAME[major[2]], major[3]))
        if supply:
            e["supply"] = supply
        if tags:
            e["tags"] = tags
        e["note"] = note
        locs.append(e)
    conns = []
    for (a, b, klass, crossings, note) in CONNECTIONS:
        e = {"a": a, "b": b, "class": klass}
        if crossings:
            e["crossings"] = crossings
        e["note"] = note
        conns.append(e)
    lines = line_entities()
    check_map_lines(lines, locs, conns)
    return {
        "id": "valley",
        "name": "The Shenandoah Valley, May-June 1862",
        "kind": "points",
        "source": MAP_SOURCE,
        "lines": lines,
        "width": WIDTH,
        "height": HEIGHT,
        "locations": locs,
        "connections": conns,
    }


# ---------------------------------------------------------------------------------------
# Order of battle. The text counts the blocks (Game Equipment, the Block Types sidebar: 71
# blocks, 39 blue and 32 gray = 24 + 15 and 17 + 15), names the six HQs and their divisions
# (4.21), the Harper's Ferry Garrison (4.4), a few ratings in its examples (Jackson HQ B3,
# Banks HQ B1, artillery A2) and a few set-up towns (Jackson at Staunton, Ewell's division at
# Standardsville, Shields gathering at New Market). The label sheet and the Order of Battle
# cards, which hold every block's brigade, division, strength, firepower and set-up, are not in
# it. So the roster below is RECONSTRUCTED from the historical order of battle of Jackson's
# 1862 Valley Campaign (HIST_SOURCE), one line per block, so that a designer holding the
# published cards can correct it line by line; every unit's note says what comes from the text
# and what is reconstructed, and docs/games/shenandoah.md has the same as a table.
# ---------------------------------------------------------------------------------------

# The historical order of battle: the Official Records (War of the Rebellion, ser. I, vol. XII,
# part 1) as summarised in the orders of battle of R. G. Tanner, Stonewall in the Valley, and
# P. Cozzens, Shenandoah 1862 (docs/games/shenandoah.md).
HIST_SOURCE = "the historical order of battle (O.R. vol. XII; Tanner; Cozzens)"
# How a maximum strength is estimated, per class (at most 4, 4.12).
STEP_RULE = {"infantry": "about 600 men a step, after 4.22's brigades of 600 to 2400 men",
             "cavalry": "the command's size against the other cavalry (4.23)",
             "artillery": "a step a battery, after 4.24's 2 to 4 batteries"}

FORMATIONS = [
    {"id": "csa", "name": "CSA forces in the Valley (Jackson commanding)", "echelon": "army",
     "side": "csa"},
    {"id": "jackson-division", "name": "Jackson's division", "echelon": "division", "side": "csa",
     "parent": "csa"},
    {"id": "johnson-division", "name": "Johnson's division", "echelon": "division", "side": "csa",
     "parent": "csa"},
    {"id": "ewell-division", "name": "Ewell's division", "echelon": "division", "side": "csa",
     "parent": "csa"},
    {"id": "usa", "name": "USA forces in the Valley (no overall commander)", "echelon": "army",
     "side": "usa"},
    {"id": "banks-division", "name": "Banks' division", "echelon": "division", "side": "usa",
     "parent": "usa"},
    {"id": "fremont-division", "name": "Fremont's division", "echelon": "division", "side": "usa",
     "parent": "usa"},
    {"id": "shields-division", "name": "Shields' division", "echelon": "division", "side": "usa",
     "parent": "usa"},
]
DIVISIONS = {"jackson": ("csa", "Jackson"), "johnson": ("csa", "Johnson"),
             "ewell": ("csa", "Ewell"), "banks": ("usa", "Banks"),
             "fremont": ("usa", "Fremont"), "shields": ("usa", "Shields")}
SIDE_NAME = {"csa": "CSA", "usa": "USA"}
HF_GARRISON = "harpers-ferry-garrison"

# What the text gives for every block of a class (the rest of a line's values are
# reconstructed unless the line's "text" says otherwise).
CLASS_TEXT = {
    "hq": ("4.21: an HQ of a general, staff, couriers and escort, commanding its own division; "
           "command range 1 (5.11); HQs have a zero step (4.12); eliminated it is worth 2 VP to "
           "the enemy (6.62, 8.0)."),
    "infantry": "4.22: an infantry brigade of 600 to 2400 men, most C1 or C2, a few elite C3.",
    "cavalry": ("4.23: a cavalry battalion of 200 to 600 men, B1 or B2; it may retreat in the "
                "first battle round and is +1 in pursuit."),
    "artillery": "4.24: an artillery brigade of 2 to 4 batteries, firepower A2 (from the text).",
}

# The roster, one line per block:
# (id, division, class, name, designation, maximum strength, firepower, set-up town,
#  from the text (beyond CLASS_TEXT), the historical basis of the reconstruction)
# Set-up is the start of the campaign, turn 1 (May 5-7, 1862). A Shields' line block's set-up
# is its town without the option "historical"; with it, every Shields block is off-board
# (9.1). Stacking at set-up keeps 3.3 (4 blocks, 6 on a pike or railway; check ()).
ROSTER = [
    # --- CSA: Jackson's division (the Valley District) ---
    ("jackson", "jackson", "hq", "Jackson HQ", "Jackson", 3, "B3", "staunton",
     "Firepower B3 is the \"B3 Jackson HQ\" of the Battle Turn example (sidebar to 6.4); "
     "set-up at Staunton: \"Jackson, located in Staunton\" (Jackson's Command sidebar). "
     "Overall CSA commander; may command any CSA block in range (4.21, 5.12).",
     "Maj. Gen. T. J. Jackson, commanding the Valley District. His division came back by rail "
     "to Staunton on May 4-5 before marching on McDowell."),
    ("winder", "jackson", "infantry", "Stonewall Brigade (Winder)", "Winder", 4, "C3", "staunton",
     "", "1st Brigade, Brig. Gen. C. S. Winder: 2nd, 4th, 5th, 27th and 33rd Virginia, the army's "
     "veteran brigade, taken as one of 4.22's elite C3 brigades."),
    ("campbell", "jackson", "infantry", "2nd Brigade (Campbell)", "Campbell", 3, "C2", "staunton",
     "", "2nd Brigade, Col. J. A. Campbell (Col. J. M. Patton after Winchester): 21st, 42nd and "
     "48th Virginia, 1st Virginia Battalion."),
    ("taliaferro", "jackson", "infantry", "3rd Brigade (Taliaferro)", "Taliaferro", 3, "C2",
     "staunton", "", "3rd Brigade, Brig. Gen. W. B. Taliaferro: 10th, 23rd and 37th Virginia."),
    ("ashby", "jackson", "cavalry", "Ashby's cavalry", "Ashby", 3, "B2", "harrisonburg",
     "", "Col. (from May 23 Brig. Gen.) Turner Ashby: the 7th Virginia Cavalry and Chew's horse "
     "battery, screening Banks and Shields down the Valley Pike while Jackson marched west."),
    ("jackson-artillery", "jackson", "artillery", "Valley District artillery", "Jackson art", 4,
     "A2", "staunton", "", "The division's batteries (Carpenter, Cutshaw, Poague, Wooding, "
     "Caskie), under Col. S. Crutchfield from May: five batteries, the most of any division, "
     "so the strongest artillery block (at most 4)."),
    # --- CSA: Johnson's division (the Army of the Northwest) ---
    ("johnson", "johnson", "hq", "Johnson HQ", "Johnson", 2, "B1", "churchville",
     "Third in CSA seniority (Command Seniority sidebar).",
     "Brig. Gen. Edward Johnson, Army of the Northwest, fallen back from the Allegheny to West "
     "View, west of Staunton, in early May; West View is not on the map, and Churchville is "
     "the map's town west of Staunton on the road to McDowell. The smallest of the three "
     "commands, so a 2-step HQ."),
    ("conner", "johnson", "infantry", "Conner's brigade", "Conner", 3, "C1", "churchville",
     "", "Col. Z. T. Conner: 12th Georgia, 25th and 31st Virginia; fought at McDowell on May 8."),
    ("scott", "johnson", "infantry", "Scott's brigade", "Scott", 3, "C1", "churchville",
     "", "Col. W. C. Scott: 44th, 52nd and 58th Virginia; fought at McDowell on May 8."),
    ("johnson-artillery", "johnson", "artillery", "Army of the Northwest artillery",
     "Johnson art", 2, "A2", "churchville", "", "Johnson's few batteries (Rice, Lee), "
     "hardly engaged in the mountains: a 2-step block."),
    # --- CSA: Ewell's division ---
    ("ewell", "ewell", "hq", "Ewell HQ", "Ewell", 3, "B2", "standardsville",
     "Set-up inferred from the Design Note (\"Ewell's CSA division at Standardsville\") and the "
     "Jackson's Command sidebar (Ewell's division is outside Jackson's command range). Second "
     "in CSA seniority (sidebar).",
     "Maj. Gen. R. S. Ewell, east of the Blue Ridge at Swift Run Gap and Stanardsville from "
     "April 30; firepower B2, between Jackson's B3 and Banks' B1 of the examples."),
    ("elzey", "ewell", "infantry", "Elzey's brigade", "Elzey", 3, "C2", "standardsville",
     "", "4th Brigade, Brig. Gen. Arnold Elzey: 13th Virginia and the regiments joined to it."),
    ("trimble", "ewell", "infantry", "Trimble's brigade", "Trimble", 3, "C2", "standardsville",
     "", "7th Brigade, Brig. Gen. I. R. Trimble: 21st Georgia, 15th Alabama, 16th Mississippi, "
     "21st North Carolina."),
    ("taylor", "ewell", "infantry", "Louisiana Brigade (Taylor)", "Taylor", 4, "C3",
     "charlottesville", "",
     "8th Brigade, Brig. Gen. Richard Taylor: 6th, 7th, 8th and 9th Louisiana and Wheat's "
     "Tigers, the largest brigade of the campaign and Jackson's spearhead at Front Royal, "
     "Winchester and Port Republic (C3). Still on its way from Gordonsville in early May, "
     "hence Charlottesville."),
    ("steuart", "ewell", "infantry", "Maryland Line (Steuart)", "Steuart", 2, "C2",
     "charlottesville", "", "Brig. Gen. G. H. Steuart's Maryland Line, the 1st Maryland "
     "(Col. B. T. Johnson) with the Baltimore battery: a small command still forming near "
     "Gordonsville in early May, hence Charlottesville."),
    ("munford", "ewell", "cavalry", "Munford's cavalry", "Munford", 2, "B1", "conrads-store",
     "", "Col. T. T. Munford's 2nd Virginia Cavalry (with Flournoy's 6th), watching the Page "
     "Valley for Ewell from Conrad's Store."),
    ("ewell-artillery", "ewell", "artillery", "Ewell's artillery (Courtney)", "Ewell art", 3,
     "A2", "standardsville", "", "Maj. A. R. Courtney's batteries (Courtney, Brockenbrough, "
     "Raine)."),
    # --- USA: Banks' division (Williams' division of the Department of the Shenandoah) ---
    ("banks", "banks", "hq", "Banks HQ", "Banks", 3, "B1", "strasburg",
     "Firepower B1 is the \"B1 Banks HQ\" of the Battle Turn example (sidebar to 6.4). No "
     "overall USA commander (4.21).",
     "Maj. Gen. N. P. Banks, Department of the Shenandoah: after Shields left him (Design "
     "Note) he held the Valley Pike from Strasburg, entrenched there in mid-May."),
    ("donnelly", "banks", "infantry", "Donnelly's brigade", "Donnelly", 3, "C1", "strasburg",
     "", "1st Brigade of Williams' division, Col. Dudley Donnelly: 5th Connecticut, 28th New "
     "York, 46th Pennsylvania; the C1 infantry of the Battle Turn example at Winchester."),
    ("gordon", "banks", "infantry", "Gordon's brigade", "Gordon", 4, "C2", "strasburg",
     "", "3rd Brigade, Col. G. H. Gordon: 2nd Massachusetts, 29th Pennsylvania, 27th Indiana, "
     "3rd Wisconsin; the C2 infantry of the Battle Turn example and the 3C2 reinforcing Front "
     "Royal (at one step down) in the Battle Reinforcements example."),
    ("kenly", "banks", "infantry", "Kenly's command (1st Maryland)", "Kenly", 2, "C1",
     "front-royal", "", "Col. J. R. Kenly's 1st Maryland (US) and detachments, the Front Royal "
     "post overrun on May 23; the \"infantry 2C1 defending\" Front Royal in the Battle "
     "Reinforcements example."),
    (HF_GARRISON, "banks", "infantry", "Harper's Ferry Garrison", "HF Garrison", 3, "C1",
     "harpers-ferry",
     "4.4: the Harper's Ferry Garrison, a static defence force: it may not move, retreat or "
     "regroup, and if attacked must win or be eliminated (static, from the text); at Harper's "
     "Ferry (4.4).",
     "The posts at Harper's Ferry, under Brig. Gen. Rufus Saxton from May 26 (Banks' "
     "department). The text gives neither its type nor its number of blocks: taken as one "
     "infantry block (the 14th USA infantry of the Block Types sidebar) of Banks' division, "
     "whose base Hagerstown is nearest."),
    ("hatch", "banks", "cavalry", "Hatch's cavalry", "Hatch", 3, "B1", "strasburg",
     "", "Brig. Gen. J. P. Hatch: 1st Maine, 1st Vermont, 5th New York and 1st Michigan "
     "Cavalry."),
    ("banks-artillery", "banks", "artillery", "Banks' artillery (Best)", "Banks art", 3, "A2",
     "strasburg", "", "Capt. C. L. Best's batteries (4th US F, Cothran's, Hampton's); the 3A2 "
     "reinforcing Front Royal in the Battle Reinforcements example."),
    # --- USA: Shields' division ---
    ("shields", "shields", "hq", "Shields HQ", "Shields", 3, "B2", "new-market",
     "Set-up: 8.1, \"still gathering at New Market when this game starts\"; with 9.1 Historical "
     "off-board near Salem.",
     "Brig. Gen. James Shields (Major-General Shields sidebar), the Kernstown division: B2, the "
     "better of the USA HQs."),
    ("kimball", "shields", "infantry", "Kimball's brigade", "Kimball", 4, "C2", "new-market",
     "Set up with Shields' division (8.1; off-board in 9.1).",
     "1st Brigade, Brig. Gen. Nathan Kimball: 14th Indiana, 4th and 8th Ohio, 7th West "
     "Virginia; Kernstown veterans (C2)."),
    ("ferry", "shields", "infantry", "Ferry's brigade", "Ferry", 3, "C1", "new-market",
     "Set up with Shields' division (8.1; off-board in 9.1).",
     "2nd Brigade, Col. O. S. Ferry: 39th Illinois, 13th Indiana, 62nd and 67th Ohio."),
    ("tyler", "shields", "infantry", "Tyler's brigade", "Tyler", 4, "C2", "new-market",
     "Set up with Shields' division (8.1; off-board in 9.1).",
     "3rd Brigade, Brig. Gen. E. B. Tyler: 5th, 7th, 29th and 66th Ohio; "
     "Kernstown veterans (C2), at Port Republic on June 9."),
    ("carroll", "shields", "infantry", "Carroll's brigade", "Carroll", 3, "C2", "new-market",
     "Set up with Shields' division (8.1; off-board in 9.1).",
     "4th Brigade, Col. S. S. Carroll: 7th Indiana, 84th and 110th Pennsylvania, 1st "
     "West Virginia; Kernstown veterans (C2)."),
    ("shields-cavalry", "shields", "cavalry", "Shields' cavalry", "Shields cav", 2, "B1",
     "luray", "Set up with Shields' division (8.1; off-board in 9.1).",
     "The 1st Rhode Island and 1st West Virginia Cavalry battalions of the division. At Luray, "
     "the division's road east (Design Note), because New Market already holds six blocks (3.3)."),
    ("shields-artillery", "shields", "artillery", "Shields' artillery (Daum)", "Shields art", 3,
     "A2", "new-market", "Set up with Shields' division (8.1; off-board in 9.1).",
     "Col. Philip Daum's batteries (Clark, Robinson, Huntington)."),
    # --- USA: Fremont's division (the Mountain Department) ---
    ("fremont", "fremont", "hq", "Fremont HQ", "Fremont", 3, "B1", "franklin",
     "The Design Note names Fremont's advance brigades at McDowell and the pursuit to Franklin.",
     "Maj. Gen. J. C. Fremont, Mountain Department, reached Franklin on May 11 with his main "
     "body; firepower B1, as Banks."),
    ("milroy", "fremont", "infantry", "Milroy's brigade", "Milroy", 3, "C2", "mcdowell",
     "The Design Note: Fremont's advance brigades at McDowell.",
     "Brig. Gen. R. H. Milroy: 2nd, 3rd and 5th West Virginia, 25th and 75th Ohio, at McDowell "
     "since April and the attacker there on May 8 (C2)."),
    ("schenck", "fremont", "infantry", "Schenck's brigade", "Schenck", 3, "C1", "mcdowell",
     "The Design Note: Fremont's advance brigades at McDowell.",
     "Brig. Gen. R. C. Schenck: 32nd, 55th, 73rd and 82nd Ohio, which joined Milroy at "
     "McDowell on May 8."),
    ("stahel", "fremont", "infantry", "Stahel's brigade", "Stahel", 4, "C1", "moorefield",
     "", "1st Brigade of Blenker's German division, Brig. Gen. Julius Stahel: 8th, 39th, 41st and "
     "45th New York, 27th Pennsylvania. Blenker's division came over the mountains from "
     "Romney to Moorefield and Petersburg in early May, worn out by the march (C1)."),
    ("koltes", "fremont", "infantry", "Steinwehr's brigade (Koltes)", "Koltes", 3, "C1",
     "moorefield", "", "2nd Brigade of Blenker's division (Steinwehr's), Col. J. A. Koltes: "
     "29th and 68th New York, 73rd Pennsylvania."),
    ("bohlen", "fremont", "infantry", "Bohlen's brigade", "Bohlen", 3, "C1", "moorefield",
     "", "3rd Brigade of Blenker's division, Brig. Gen. Henry Bohlen: 54th and 58th New York, "
     "74th and 75th Pennsylvania."),
    ("cluseret", "fremont", "infantry", "Cluseret's advance brigade", "Cluseret", 2, "C1",
     "franklin", "", "Col. G. P. Cluseret's brigade (60th Ohio, 8th West Virginia), Fremont's "
     "advance guard in the June pursuit: a small 2-step block with Fremont."),
    ("bayard", "fremont", "cavalry", "Bayard's cavalry", "Bayard", 3, "B2", "franklin",
     "", "Brig. Gen. G. D. Bayard's cavalry (1st New Jersey, 1st Pennsylvania and the "
     "Mountain Department's horse), the USA's best-handled cavalry in the June pursuit (B2). "
     "Bayard came from McDowell's corps; here it is Fremont's cavalry, as the issue's order of "
     "battle gives it."),
    ("fremont-artillery", "fremont", "artillery", "Mountain Department artillery",
     "Fremont art", 2, "A2", "mcdowell", "", "The Ohio and West Virginia batteries with Milroy "
     "and Schenck at McDowell (Johnson's 12th Ohio, Hyman's)."),
    ("blenker-artillery", "fremont", "artillery", "Blenker's artillery (Schirmer)",
     "Blenker art", 3, "A2", "moorefield", "", "Blenker's division batteries under Capt. Louis "
     "Schirmer (Wiedrich, Buell, Dilger)."),
]

# Detachments (4.3, 7.4): 15 a side, "for each division". Three of each side's are the HQ
# detachments (4.21); the other twelve are spread over the divisions and typed (the optional
# Detachments sidebar: same division and type) -- reconstructed.
# (division, number of infantry detachments, number of cavalry detachments)
DETACHMENTS = [
    ("jackson", 4, 1), ("ewell", 3, 1), ("johnson", 3, 0),
    ("banks", 3, 1), ("fremont", 3, 1), ("shields", 3, 1),
]
DET_FIRE = {"infantry": "C1", "cavalry": "B1", "hq": "B1"}


def ordered_attrs(klass, values):
    schema = [a["id"] for c in UNIT_CLASSES if c["id"] == klass for a in c["attrs"]]
    return {k: values[k] for k in schema if k in values}


def steps(n, hq):
    """A step list strongest first: 4-3-2-1, or for an HQ down to 0 (4.12)."""
    return list(range(n, -1 if hq else 0, -1))


def town_name(lid):
    return next(l[1] for l in LOCATIONS if l[0] == lid)


def possessive(name):
    return name + ("'" if name.endswith("s") else "'s")


DIVISION_TOWN = {"ewell": "standardsville", "shields": "new-market"}


def roster_note(uid, klass, div, top, fire, town, text, hist):
    s = steps(top, klass == "hq")
    parts = [CLASS_TEXT[klass]]
    if text:
        parts.append("From the text: " + text)
    parts.append("Reconstructed from %s: %s" % (HIST_SOURCE, hist))
    rec = []
    if klass != "hq":
        rec.append("the brigade and its division (%s)" % possessive(DIVISIONS[div][1]))
    rec.append("strength %s (%s)" % ("-".join(map(str, s)),
                                     "the text only says an HQ has a zero step" if klass == "hq"
                                     else STEP_RULE[klass]))
    if not (klass == "artillery" or uid in ("jackson", "banks")):
        rec.append("firepower %s" % fire)
    if uid not in ("jackson", "shields", HF_GARRISON):
        where = "set-up at %s" % town_name(town)
        if DIVISION_TOWN.get(div) == town:
            where += " (the text places the division there, not this block)"
        rec.append(where)
    parts.append("Reconstructed values: %s. The label and the Order of Battle card are not in "
                 "the rulebook text; correct them from the card in the OOB editor or by "
                 "warbench-cli oob --csv / --import (docs/games/shenandoah.md)." % "; ".join(rec))
    return " ".join(parts)


def unit_entities():
    out = []
    for uid, div, klass, name, desig, top, fire, town, text, hist in ROSTER:
        side, div_name = DIVISIONS[div]
        a = {"division": div_name, "firepower": fire}
        if klass == "hq":
            a["command_range"] = 1
        if uid == HF_GARRISON:
            a["static"] = True
        out.append({"id": uid, "name": name, "designation": desig, "side": side, "class": klass,
                    "formation": "%s-division" % div,
                    "strength": {"steps": steps(top, klass == "hq")},
                    "attrs": ordered_attrs(klass, a),
                    "note": roster_note(uid, klass, div, top, fire, town, text, hist)})
    # Detachments: first each HQ's detachment HQ (4.21), then the typed ones of each division.
    for side in ("csa", "usa"):
        for div, (s, div_name) in DIVISIONS.items():
            if s != side:
                continue
            out.append({
                "id": "%s-detachment" % div, "name": "%s HQ detachment" % div_name,
                "designation": "%s det." % div_name, "side": side, "class": "hq-detachment",
                "formation": "%s-division" % div,
                "strength": {"steps": [1, 0], "current": 1},
                "attrs": ordered_attrs("hq-detachment", {"division": div_name, "firepower": DET_FIRE["hq"],
                                              "detachment": True, "command_range": 1}),
                "note": ("4.21: the detachment HQ of %s, used to replace him if eliminated or as "
                         "a secondary leader (Command Seniority sidebar: a fallen USA HQ can only "
                         "be replaced by its own HQ detachment). 7.4: deployed at strength 0, "
                         "raised to 1 on a later Supply Phase for 1 SP; so the steps are 1-0 "
                         "with 0 current (from the text). Eliminated, it is worth 1 VP (6.62, "
                         "8.0). Reconstructed: firepower %s, as the weakest HQ; the label is not "
                         "in the text." % (div_name, DET_FIRE["hq"]))})
        for div, n_inf, n_cav in DETACHMENTS:
            s, div_name = DIVISIONS[div]
            if s != side:
                continue
            for kind, n in (("infantry", n_inf), ("cavalry", n_cav)):
                for i in range(1, n + 1):
                    num = " %d" % i if n > 1 else ""
                    out.append({
                        "id": "%s-%s-det%s" % (div, kind[:3], "-%d" % i if n > 1 else ""),
                        "name": "%s's %s detachment%s" % (div_name, kind, num),
                        "designation": "%s %s det%s" % (div_name, kind[:3], num),
                        "side": side, "class": "detachment",
                        "formation": "%s-division" % div, "strength": {"steps": [1]},
                        "attrs": ordered_attrs("detachment", {
                            "division": div_name, "firepower": DET_FIRE[kind],
                            "detachment": True, "type": kind}),
                        "note": ("4.3, 7.4: a one-step detachment of the side's pool of 15 (the "
                                 "other three are the HQ detachments), deployed with blocks of "
                                 "its division in good supply; eliminated, it is worth 1/2 VP "
                                 "(8.0) (from the text). Reconstructed: its division (%s), its "
                                 "type (%s: the optional Detachments sidebar merges a detachment "
                                 "only into a brigade of the same division and type) and "
                                 "firepower %s (the weakest of its type); the label is not in "
                                 "the text. The twelve typed detachments are spread over the six "
                                 "divisions by their size, with one cavalry detachment for each "
                                 "division that has cavalry." % (possessive(div_name), kind,
                                                                 DET_FIRE[kind]))})
    # One side's roster after the other, in the order of SIDES.
    order = [sd["id"] for sd in SIDES]
    return sorted(out, key=lambda u: order.index(u["side"]))


# ---------------------------------------------------------------------------------------
# The scenario: the game as the rules give it (2.0-8.1), with the 9.1 Historical changes as
# the option "historical".
# ---------------------------------------------------------------------------------------

def turn_labels():
    """2.0: sixteen turns of three days; 8.0: turn 16 is June 19-21. The text also puts May
    12 in turn 3, May 27 in turn 8 and June 9 in turn 12 (sidebars): check() checks them."""
    import datetime
    end = datetime.date(1862, 6, 19)
    out = []
    for n in range(1, 17):
        a = end - datetime.timedelta(days=3 * (16 - n))
        b = a + datetime.timedelta(days=2)
        out.append("%s %d-%d" % (a.strftime("%B"), a.day, b.day) if a.month == b.month else
                   "%s %d - %s %d" % (a.strftime("%B"), a.day, b.strftime("%B"), b.day))
    return out


POOL = "7.4: the pool of fifteen detachments, upright off map; one is deployed each Supply Phase."
# 9.1: Shields' division starts off-board near Salem: at the map's place off-board-east, joined
# to Salem only — the place the family's rules.params.off_board.off_map names, where 8.1's
# moves go and come back from and where each block counts 1 VP.
OFF_BOARD = "off-board-east"


def setup_note(uid, div, town):
    if uid == "jackson":
        return ("Jackson's Command sidebar: \"Jackson, located in Staunton, can command any CSA "
                "blocks located there, or in any of the five adjacent towns\".")
    if uid == HF_GARRISON:
        return "4.4: the static Harper's Ferry Garrison."
    if uid == "shields":
        return "8.1: Shields' division \"was still gathering at New Market when this game starts\"."
    if uid == "ewell":
        return ("Inferred from the text: the Design Note has \"Ewell's CSA division at "
                "Standardsville\" and the Jackson's Command sidebar says Ewell's division is "
                "outside Jackson's command range.")
    if DIVISION_TOWN.get(div) == town:
        said = {"ewell": "the Design Note has \"Ewell's CSA division at Standardsville\"",
                "shields": "8.1 has Shields' division gathering at New Market"}[div]
        return ("Reconstructed: %s; that this block is there is reconstructed from the historical "
                "order of battle (the OB card is not in the text)." % said)
    return ("Reconstructed: the block's historical position at the start of May 1862 (see its "
            "note); the OB card is not in the text.")


def setup_lines(units):
    out = []
    for uid, div, klass, name, desig, top, fire, town, text, hist in ROSTER:
        e = {"unit": uid, "location": town}
        if div == "shields":
            e["unless"] = "historical"
        e["note"] = setup_note(uid, div, town)
        out.append(e)
        if div == "shields":
            out.append({"unit": uid, "location": OFF_BOARD, "option": "historical",
                        "note": "9.1: \"Deploy Shields' division off-board near Salem.\""})
    for u in units:
        if u.get("attrs", {}).get("detachment"):
            out.append({"unit": u["id"], "box": "%s-detachments" % u["side"], "note": POOL})
    return out


def victory(units):
    out = []
    enemy = {"csa": "usa", "usa": "csa"}
    for u in units:
        det = u.get("attrs", {}).get("detachment")
        if det and u["class"] != "hq":
            continue
        vp = 2 if u["class"] == "hq" and not det else 1
        what = ("HQ detachment" if det else "HQ") if u["class"] == "hq" else "block"
        out.append({"kind": "destroy", "side": enemy[u["side"]], "vp": vp, "units": [u["id"]],
                    "text": "8.0, 6.62: %d VP for the eliminated enemy %s." % (vp, what)})
    for side in ("usa", "csa"):
        out.append({"kind": "text", "side": side,
                    "text": ("8.0: 1/2 VP per eliminated enemy detachment (other than the HQ "
                             "detachments). Half VPs cannot be written as a structured entry "
                             "(vp is a whole number).")})
        out.append({"kind": "text", "side": side,
                    "text": ("8.0: the VP value of each enemy major town occupied: the vp of "
                             "the map's major towns, which are friendly to their own side when "
                             "vacant (3.21; tag friendly-usa or friendly-csa). The map prints "
                             "them, the text does not: values and sides are reconstructed "
                             "(tag vp-reconstructed, see the map's source).")})
    out.append({"kind": "text", "side": "usa",
                "text": ("8.0, 8.1: 1 VP per Shields block off-board (moved off at Salem before "
                         "turn 7, or set up there in 9.1) at the end of the game; blocks that "
                         "re-enter no longer count.")})
    return out


VICTORY_TEXT = (
    "8.0 Victory: Victory is gained at the end of Game Turn 16 (June 19-21) by the player with "
    "the highest VP total. Both players gain VP as follows. 1vp per eliminated enemy block, "
    "except 2vp per HQ, and one half (1/2) vp per detachment (1vp per detachment HQ). VP value "
    "of enemy major towns occupied. The USA player also gains 1vp per Shields block off-board, "
    "see 8.1. Note: VP totals are hidden from the other player by keeping eliminated and "
    "off-board blocks upright. 6.61: eliminated blocks are placed off-board, standing upright "
    "and hidden, to be counted as VP.")

SPECIAL_RULES = [
    {"id": "deployment", "title": "1.0 Deployment and fog of war",
     "text": ("Set up blocks on each Order of Battle (OB) card. Deploy on the map all blocks at "
              "their indicated strength and location. Detachments are added to play as noted in "
              "4.3 and 7.4. The OB cards are not in the rulebook text. The set-up keeps what the "
              "text gives (Jackson at Staunton, Ewell's division at Standardsville, Shields' "
              "division gathering at New Market, the Harper's Ferry Garrison at Harper's Ferry) "
              "and reconstructs the rest from the historical positions at the start of May 1862: "
              "Jackson's division at Staunton, Ashby at Harrisonburg, Johnson's division west of "
              "Staunton at Churchville, Ewell's division at Standardsville with Munford at "
              "Conrad's Store and Taylor and Steuart still at Charlottesville; Banks at "
              "Strasburg with Kenly at Front Royal, Shields' division at New Market with its "
              "cavalry at Luray, Fremont's advance brigades (Milroy, Schenck) at McDowell, "
              "Fremont at Franklin and Blenker's division at Moorefield. Detachments start in "
              "the pools (7.4). Fog of war (sidebar): except in combat, "
              "blocks stand upright with their labels facing the owner, so neither player sees "
              "the strength or identity of enemy blocks; deployment is open as to place, hidden "
              "as to identity.")},
    {"id": "initiative", "title": "2.1 Initiative",
     "text": ("Both players roll 2d6; high total is Player 1 for the Game Turn, CSA wins ties. "
              "CSA is always Player 1 on Game Turn 1; no roll is made.")},
    {"id": "command", "title": "4.21, 5.1, 5.12 Command",
     "text": ("The CSA has 3 HQs: Jackson, Johnson and Ewell, each commanding their own division. "
              "Jackson is the overall commander in the Valley and may also command any/all units "
              "of Johnson and Ewell. The USA has 3 HQs: Banks, Fremont and Shields, each "
              "commanding their own division; there is no overall USA commander in the Valley. "
              "Each HQ has a detachment HQ that can be used to replace an eliminated HQ or to act "
              "as a secondary leader. Should Jackson fall, CSA central command devolves to Ewell, "
              "then to Johnson.")},
    {"id": "harpers-ferry-garrison", "title": "4.4 Harper's Ferry Garrison",
     "text": ("The Harper's Ferry Garrison is a static defense force which is not permitted to "
              "move, including Retreat or Regroup. If attacked they must win or be eliminated.")},
    {"id": "rail-move", "title": "5.6 CSA Rail Move",
     "text": ("CSA is permitted to move by rail on the Virginia Central RR, from Charlottesville "
              "to Buffalo Gap. Blocks located in a railroad town(s) can move along the railroad to "
              "another railroad town(s). They cannot attack or reinforce, nor leave a battle even "
              "if unpinned. Normal HQ command is required. Rail movement on other railways is "
              "prohibited by either player.")},
    {"id": "off-board", "title": "5.7 Off-Board Movement",
     "text": ("Blocks cannot move off-board, nor can they Regroup or Retreat off-board. "
              "Exception: Shields' division, 8.1.")},
    {"id": "supply", "title": "7.2 Supply Bases",
     "text": ("CSA: Charlottesville (Ewell), Staunton (Jackson & Johnson). USA: Hagerstown "
              "(Banks), Cumberland (Fremont), Salem (Shields). Divisions must trace supply lines "
              "to their own Supply Base.")},
    {"id": "detachments", "title": "7.4 Detachments",
     "text": ("Each player has a pool of fifteen (15) detachments upright off map. Each Supply "
              "Phase, players choose one (1) free detachment and deploy it on the map. "
              "Detachments must be deployed with block(s) of the same division in good supply, "
              "subject to stacking limits. HQ detachments are deployed at strength zero (0) and "
              "can then be raised to strength 1 on a later Supply Phase by expending 1SP as "
              "normal. (They are not a turn-by-turn reinforcement schedule: the choice is the "
              "player's each Supply Phase, so they are not entered as reinforcements.)")},
    {"id": "shields", "title": "8.1 USA Shields' Division",
     "text": ("Shields' division was transferred from Banks to McDowell's Corps at "
              "Fredericksburg, effective May 1, but was still gathering at New Market when this "
              "game starts. The USA player has the option to keep the Shields' division in play, "
              "or move it off-board (normally) at Salem (only) before Turn 7. Off-board blocks "
              "are worth 1vp each to the USA player. Shields' blocks may return after Turn 6 "
              "(move or attack into Salem) during any USA Move Phase. Command HQ is not required, "
              "but blocks must stop at Salem. Shields' blocks that attack onboard (attack limit "
              "4) cannot retreat off map but can regroup normally if they win. Shields' blocks "
              "that re-enter cannot be counted as USA VP, nor leave the board again. Shields' "
              "detachments cannot be deployed off-board.")},
]

HISTORICAL_TEXT = (
    "9.1 Historical: Shields marched eastward out of the Valley between Turns 3 and 5, because "
    "neither he nor Banks were aware that Jackson had defeated Fremont's advanced brigades at "
    "McDowell. Players may wish to simulate this historical situation with these changes. Deploy "
    "Shields' division off-board near Salem. Each block is worth 1vp to the USA provided it "
    "remains there. However, one or more Shields' blocks may re-enter play at USA player "
    "discretion starting on Turn 7 (see 8.1). Shields' detachments cannot be deployed "
    "off-board. Hence, Shields' detachments cannot be chosen until at least one (1) of Shields' "
    "blocks enter the map.")

DETACHMENTS_TEXT = (
    "Sidebar: Detachments (optional): Detachments can also be created by reducing an existing "
    "brigade by one step. During a Supply Phase, deploy a chosen detachment of the same division "
    "and type (infantry, cavalry, etc.) in the same town. Thereafter, the detachment functions as "
    "an independent unit, but can later merge with the same or another brigade. Detachments can "
    "merge into a brigade of the same division and type when located in the same town during a "
    "Supply Phase. Raise the brigade by one step and return the detachment to the pool. "
    "Non-detachment blocks cannot merge.")


def scenario_entities(units):
    return [{
        "id": "campaign",
        "name": "Jackson's Valley Campaign, May-June 1862",
        "description": (
            "The game as the rules give it: 16 Game Turns of three days (2.0), CSA Player 1 on "
            "turn 1 (2.1), victory at the end of turn 16 (8.0). The turn labels are counted back "
            "from turn 16 = June 19-21 (8.0) and agree with the text's May 12 = turn 3, May 27 = "
            "turn 8 and June 9 = turn 12. The option \"historical\" is 9.1. The set-up is on the "
            "Order of Battle cards, which are not in the text: it is reconstructed from the "
            "historical positions at the start of May 1862 (see the special rule 1.0 and each "
            "set-up line's note). No reinforcements: every block is in play from the start, detachments "
            "come from the pool (7.4) and Shields' division returns from off-board by movement "
            "(8.1)."),
        "map": "valley",
        "first_side": "csa",
        "turns": {"count": 16, "labels": turn_labels()},
        "boxes": [
            {"id": "csa-detachments", "name": "CSA detachment pool (off map)", "side": "csa"},
            {"id": "usa-detachments", "name": "USA detachment pool (off map)", "side": "usa"},
        ],
        "options": [{"id": "historical", "name": "9.1 Historical", "text": HISTORICAL_TEXT},
                    {"id": "detachments-optional", "name": "Detachments (optional sidebar)",
                     "text": DETACHMENTS_TEXT}],
        "setup": setup_lines(units),
        "victory": victory(units),
        "victory_text": VICTORY_TEXT,
        "special_rules": SPECIAL_RULES,
    }]


# ---------------------------------------------------------------------------------------
# Tables: every table, chart and die roll the rulebook prints, as data (format 6 tables).
# Cells are the text's own wording or numbers; nothing here is taken from outside the text.
# ---------------------------------------------------------------------------------------

# 3.4 (with 3.6 ferries and 3.7 gaps): (row, move limit, attack limit, combat, supply, rule).
ROAD_LIMITS = [
    ("Pike", "12", "6", "-", "-", "3.4"),
    ("Road", "8", "4", "-", "-", "3.4"),
    ("Trail", "4", "2", "-", "-", "3.4"),
    ("Ferry", "2", "1", "-1 firepower (C2=C1) on the first combat round", "-", "3.4, 3.6"),
    ("Gap (on a trail)", "4", "2", "-", "Bad Supply through it (7.32)", "3.7"),
    ("Bridge or ford", "no effect", "no effect", "-1 firepower (C2=C1) on the first combat round",
     "-", "3.5, 6.2"),
]

FIRE_STRENGTHS = [1, 2, 3, 4]       # 4.12: maximum strength 4, 3, 2 or 1
FIRE_NUMBERS = [1, 2, 3]            # 4.13, 4.22-4.24: C1-C3, B1-B2 (B3 in the 6.4 example), A2

# 6.4 and its sidebar: A before B before C; with the same letter the defender goes first.
FIRING_ORDER = [
    ("1", "Defender", "A", "Artillery (A2; defending artillery fire normally, 4.24)"),
    ("2", "Attacker", "A", "Artillery (A1 on its first combat round, 4.24)"),
    ("3", "Defender", "B", "Cavalry (B1 or B2, 4.23) and B-rated HQs (Banks HQ B1 in the example)"),
    ("4", "Attacker", "B", "Cavalry and B-rated HQs (Jackson HQ B3 in the example)"),
    ("5", "Defender", "C", "Infantry (C1 or C2, elite C3, 4.22)"),
    ("6", "Attacker", "C", "Infantry"),
]

# 2.3, 6.3-6.51, 6.7, 6.73: what happens in each of the four battle rounds.
BATTLE_ROUNDS = [
    ("1", "Mandatory; no retreats, except cavalry (6.3, 6.4, 6.7)",
     "Main attack only: reinforcements do not fire, retreat or take hits (6.5). Artillery, and "
     "blocks over a bridge, ford or ferry, fire at -1 (3.5, 4.24)",
     "Reinforcements have not arrived (6.51)"),
    ("2", "Retreats allowed (6.72, 6.74)",
     "Reinforcements arrive and take normal turns (6.5)",
     "Reinforcements by the one declared road arrive (6.51)"),
    ("3", "-", "Must win by the end of this round (2.3)",
     "Reinforcements by the other roads arrive (6.51)"),
    ("4", "Pursuit round (6.73)",
     "Must retreat on its battle turn; blocks that cannot retreat are eliminated (6.72, 6.73)",
     "Fire normally; cavalry +1 firepower (B1=B2) (6.73)"),
]

BLOCK_TYPES = [("HQs", 3, 3), ("Infantry", 9, 14), ("Cavalry", 2, 3), ("Artillery", 3, 4)]


def chart_rows(rows):
    return [{"label": r[0], "cells": list(r[1:])} for r in rows]


def table_entities():
    straggle = RULES["params"]["straggle"]
    return [
        {"id": "road-limits", "name": "Road Limits", "kind": "chart",
         "source": "3.4 Roads; 3.5 Bridges & Fords; 3.6 Ferries; 3.7 Gaps; 6.2 Attack Limits",
         "note": ("Blocks per road section per Player Turn (5.21): once a section's Move or "
                  "Attack limit is met it is closed to further movement that turn, except "
                  "retreats and regroups; both players get the limit. Attack limits are half the "
                  "move limits (6.2) and also limit retreats each battle round (6.71) and regroups "
                  "(6.8). Several bridges or fords on one road section count as one (3.5). Limits "
                  "apply separately to each road at a junction outside a town (Road Junctions "
                  "sidebar)."),
         "columns": [{"label": l} for l in ("Move", "Attack", "Combat", "Supply", "Rule")],
         "rows": chart_rows(ROAD_LIMITS)},
        {"id": "firepower", "name": "Battle Hits", "kind": "dice_pool", "dice": "1d6",
         "source": "4.11 Block Strength; 4.13 Firepower; 6.6 Battle Hits; 3.5, 3.6, 4.23, 4.24, "
                   "6.5, 6.73 for the modifiers",
         "note": ("A block rolls one die per step of its current strength (a row) and scores a "
                  "hit for each die at or below its firepower number (a column): C2 hits on 1 or "
                  "2. The letter (A, B, C) sets only the firing order (see the Firing Order "
                  "chart). An HQ at strength 0 rolls no dice (4.11, 4.12). A block whose "
                  "firepower falls to 0 (A2 attacking over a bridge or ford: A0) cannot fire "
                  "(3.5). Hits go one at a time to the strongest enemy block (6.6); counter-battery "
                  "fire puts them on one enemy artillery block, surplus hits wasted (6.63)."),
         "pool": {"sides": 6, "hit": "<=column"},
         "modifiers": [
             {"id": "crossing", "text": ("Attacking or reinforcing over a bridge or ford, or "
                                         "attacking over a ferry: -1 firepower (C2=C1) on the "
                                         "block's first combat round, which may be round 2 or 3. "
                                         "Two or more crossings on one road section count as one."),
              "target": -1, "applies": "first_round", "source": "3.5, 3.6, 6.6"},
             {"id": "attacking-artillery", "text": ("Attacking or reinforcing artillery: -1 "
                                                    "firepower (A2=A1) on its first combat round; "
                                                    "defending artillery fire normally. With a "
                                                    "crossing it is A0 and cannot fire."),
              "target": -1, "applies": "first_round", "source": "4.24, 6.5, 3.5"},
             {"id": "cavalry-pursuit", "text": ("Defending cavalry in the pursuit round (round "
                                                "4): +1 firepower (B1=B2)."),
              "target": 1, "applies": "pursuit", "source": "4.23, 6.73"},
         ],
         "columns": [{"label": "Firepower %d" % f, "lo": f, "hi": f} for f in FIRE_NUMBERS],
         "rows": [{"label": "Strength %d" % s, "lo": s, "cells": [str(s)] * len(FIRE_NUMBERS)}
                  for s in FIRE_STRENGTHS]},
        {"id": "firing-order", "name": "Firing Order", "kind": "chart",
         "source": "6.4 Battle Turns and the Battle Turn sidebar example; 4.22-4.24",
         "note": ("Each block has one battle turn per battle round, in which it fires or retreats "
                  "(6.4). Blocks with the same letter and side go in any order their owner "
                  "chooses (sidebar). The block types are the text's: which HQ has which rating "
                  "is printed only on the labels, except Banks B1 and Jackson B3 in the sidebar "
                  "example."),
         "columns": [{"label": "Side"}, {"label": "Firepower letter"}, {"label": "Blocks"}],
         "rows": chart_rows(FIRING_ORDER)},
        {"id": "battle-rounds", "name": "Battle Rounds", "kind": "chart",
         "source": "2.3; 6.3 Battle Rounds; 6.5 Reinforcements; 6.51 Defender Response; 6.7 "
                   "Retreats; 6.73 Pursuit Round",
         "note": ("A battle lasts four rounds at most. Cavalry may retreat in round 1 (4.23, 6.7). "
                  "If the attacker wins in round 1 before the defending reinforcements arrive, it "
                  "is the defender for all later rounds (6.51). Retreats use the attack limits "
                  "(6.71)."),
         "columns": [{"label": "Both sides"}, {"label": "Attacker"}, {"label": "Defender"}],
         "rows": [{"label": r[0], "lo": int(r[0]), "cells": list(r[1:])}
                  for r in BATTLE_ROUNDS]},
        {"id": "straggler", "name": "Straggler Roll", "kind": "roll", "dice": "1d6",
         "source": "5.13 Stragglers",
         "note": ("Blocks without command (and HQs at strength 0, 5.1) can move one town with a "
                  "straggler roll; unpinned blocks may leave a battle with one (5.4). All straggler "
                  "rolls are made after all friendly movement."),
         "columns": [{"label": "Result"}],
         "rows": [{"label": "1-%d" % straggle["lose_at_most"], "lo": 1, "hi": straggle["lose_at_most"],
                   "cells": ["lose one step; elimination possible"]},
                  {"label": "%d-6" % (straggle["lose_at_most"] + 1), "lo": straggle["lose_at_most"] + 1,
                   "hi": 6,
                   "cells": ["no loss"]}]},
        {"id": "stacking", "name": "Stacking Limits", "kind": "chart",
         "source": "3.3 Stacking Limits",
         "note": ("The limit holds in the Supply Phase only: blocks may overstack while moving, "
                  "retreating (6.75) or fighting. In the Supply Phase each block over the limit "
                  "(owner's choice) is reduced one step. Examples: Strasburg, on the Valley Pike, "
                  "supplies six blocks (4+2); eight CSA blocks in Harrisonburg lose one step on "
                  "two blocks."),
         "columns": [{"label": "Blocks supplied"}, {"label": "Each block over the limit"}],
         "rows": [{"label": "Town", "cells": [
                      str(RULES["params"]["stacking"]["base"]), "reduced one step"]},
                  {"label": "Town on a Pike or Railway", "cells": [
                      "%d (%d+%d)" % (RULES["params"]["stacking"]["base"]
                                      + RULES["params"]["stacking"]["pike_or_railway"],
                                      RULES["params"]["stacking"]["base"],
                                      RULES["params"]["stacking"]["pike_or_railway"]),
                      "reduced one step"]}]},
        {"id": "supply", "name": "Supply", "kind": "chart",
         "source": "7.1 Supply Points; 7.2 Supply Bases; 7.4 Detachments",
         "note": ("Supply points are spent in the Supply Phase to add steps to blocks (HQs "
                  "included); unused points are forfeit. A block receives at most one step per "
                  "Supply Phase (7.1). A division traces its supply line to its own base (7.2)."),
         "columns": [{"label": "Supply points"}, {"label": "Supply bases"},
                     {"label": "Detachments"}],
         "rows": [{"label": "CSA", "cells": [
                      "2", "Charlottesville (Ewell); Staunton (Jackson & Johnson)",
                      "1 free from a pool of 15"]},
                  {"label": "USA", "cells": [
                      "3", "Hagerstown (Banks); Cumberland (Fremont); Salem (Shields)",
                      "1 free from a pool of 15"]}]},
        {"id": "supply-lines", "name": "Supply Lines", "kind": "chart",
         "source": "7.3 Supply Lines; 7.31 Good Supply; 7.32 Bad Supply; 7.4 Detachments",
         "note": ("A supply line runs through friendly or vacant towns to the division's supply "
                  "base, never through a vacant major enemy town (7.3). Unsupplied blocks command, "
                  "move and fight normally. HQ detachments are deployed at strength 0 and raised "
                  "later for 1 SP (7.4)."),
         "columns": [{"label": "Step cost"}, {"label": "Detachments deployed"},
                     {"label": "When"}],
         "rows": [{"label": "Good Supply", "cells": [
                      "1 SP", "yes", "the supply line crosses no mountain gap; the USA through "
                      "the Manassas Gap and the CSA through the Rockfish Gap (railway links)"]},
                  {"label": "Bad Supply", "cells": [
                      "2 SP", "no", "the supply line is traced through a mountain gap"]},
                  {"label": "Unsupplied", "cells": [
                      "no SPs", "no", "no supply line to the division's supply base"]}]},
        {"id": "block-types", "name": "Block Types", "kind": "chart",
         "source": "Block Types sidebar (4.0); Game Equipment",
         "note": ("Both sides also have fifteen (15) detachments not listed in the table: 17 + 15 "
                  "= 32 gray blocks and 24 + 15 = 39 blue blocks (Game Equipment)."),
         "columns": [{"label": "CSA"}, {"label": "USA"}],
         "rows": [{"label": t, "cells": [str(c), str(u)]} for t, c, u in BLOCK_TYPES]
                 + [{"label": "TOTAL", "cells": [str(sum(r[1] for r in BLOCK_TYPES)),
                                                 str(sum(r[2] for r in BLOCK_TYPES))]}]},
    ]


def build_game():
    units = unit_entities()
    return {
        "format": "warbench-game",
        "version": 9,
        "game": GAME,
        "rules": RULES,
        "counter": {"size": '0.75in', "source": 'reconstructed: the rulebook (001) lists the label sheet, not its size; 3/4 inch is the label of a Columbia Games block'},
        "sides": SIDES,
        "unit_classes": UNIT_CLASSES,
        "terrain": [],
        "features": FEATURES,
        "tables": table_entities(),
        "maps": [build_map()],
        "formations": FORMATIONS,
        "units": units,
        "scenarios": scenario_entities(units),
    }


# ---------------------------------------------------------------------------------------
# Checks
# ---------------------------------------------------------------------------------------

TABLE_KEYS = ["id", "name", "kind", "dice", "source", "note", "read", "pair", "ends", "pool",
              "modifiers", "columns", "rows", "codes"]


def covers(rows, lo, hi):
    """True if the rows' lo-hi ranges cover lo..hi, each roll exactly once."""
    seen = []
    for r in rows:
        seen += range(r["lo"], r.get("hi", r["lo"]) + 1)
    return sorted(seen) == list(range(lo, hi + 1))


def check_tables(game):
    errors = []
    err = errors.append
    params = game["rules"]["params"]
    tables = {t["id"]: t for t in game["tables"]}
    if len(tables) != len(game["tables"]):
        err("duplicate table ids")
    for t in game["tables"]:
        keys = list(t)
        if keys != [k for k in TABLE_KEYS if k in t] or set(keys) - set(TABLE_KEYS):
            err("%s: members out of the format's order: %s" % (t["id"], keys))
        if not t.get("source"):
            err("%s: every table names its rule section in source" % t["id"])
        for r in t["rows"]:
            if len(r["cells"]) != len(t["columns"]):
                err("%s: row %s has %d cells for %d columns"
                    % (t["id"], r["label"], len(r["cells"]), len(t["columns"])))
    # 3.4, 3.6, 3.7: the limits as the rules params hold them; 6.2: attack is half the move.
    lim = {r["label"].split()[0].lower(): r["cells"] for r in tables["road-limits"]["rows"]}
    for road, v in params["road_limits"].items():
        if lim[road][:2] != [str(v["move"]), str(v["attack"])]:
            err("road-limits: %s is not %d/%d" % (road, v["move"], v["attack"]))
        if v["attack"] * 2 != v["move"]:
            err("road-limits: 6.2 attack limits are half the move limits (%s)" % road)
    # 4.11, 6.6: one die per step, a hit at or below the firepower number.
    fire = tables["firepower"]
    if [r["lo"] for r in fire["rows"]] != list(range(1, TEXT["max_strength"] + 1)):
        err("firepower: rows are strengths 1-%d (4.12)" % TEXT["max_strength"])
    for r in fire["rows"]:
        if any(c != str(r["lo"]) for c in r["cells"]):
            err("firepower: strength %d rolls %d dice (4.11)" % (r["lo"], r["lo"]))
    if fire["pool"] != {"sides": 6, "hit": "<=column"}:
        err("firepower: d6, a hit at or below the firepower number (6.6)")
    targets = {m["id"]: m["target"] for m in fire["modifiers"]}
    if (targets != {"crossing": -params["crossing_penalty"],
                    "attacking-artillery": -params["artillery_attack_penalty"],
                    "cavalry-pursuit": params["cavalry_pursuit_bonus"]}):
        err("firepower: modifiers are 3.5's -1, 4.24's -1 and 6.73's +1: %s" % targets)
    # 6.4: A before B before C, the defender first within a letter.
    order = [(r["cells"][1], r["cells"][0]) for r in tables["firing-order"]["rows"]]
    if order != [(l, s) for l in params["firepower_order"] for s in ("Defender", "Attacker")]:
        err("firing-order: %s" % order)
    if len(tables["battle-rounds"]["rows"]) != params["battle_rounds"]:
        err("battle-rounds: 6.3 gives %d rounds" % params["battle_rounds"])
    # 5.13: 1-3 lose a step, 4-6 no loss; each roll exactly once.
    if not covers(tables["straggler"]["rows"], 1, 6):
        err("straggler: rows must cover 1-6 exactly once")
    # 3.3: 4 blocks, 4+2 on a pike or railway.
    st = [r["cells"][0] for r in tables["stacking"]["rows"]]
    if st != ["4", "6 (4+2)"]:
        err("stacking: 3.3 gives 4 and 6 (4+2): %s" % st)
    # 7.1, 7.31, 7.32.
    sp = {r["label"].lower(): r["cells"][0] for r in tables["supply"]["rows"]}
    if sp != {k: str(v) for k, v in params["supply_points"].items()}:
        err("supply: 7.1 gives CSA 2sp and USA 3sp: %s" % sp)
    cost = {r["label"].split()[0].lower(): r["cells"][0] for r in tables["supply-lines"]["rows"]}
    if cost.get("good") != "%d SP" % params["step_cost"]["good"] or \
       cost.get("bad") != "%d SP" % params["step_cost"]["bad"]:
        err("supply-lines: 7.31/7.32 step costs 1 and 2 SP: %s" % cost)
    # Block Types sidebar: the per-type counts add up to the totals printed, and with the 15
    # detachments a side to Game Equipment's 32 gray and 39 blue blocks.
    bt = {r["label"]: [int(c) for c in r["cells"]] for r in tables["block-types"]["rows"]}
    total = bt.pop("TOTAL")
    if total != [17, 24] or [sum(v[i] for v in bt.values()) for i in (0, 1)] != total:
        err("block-types: the sidebar's TOTAL is 17 CSA, 24 USA")
    for i, side in enumerate(("csa", "usa")):
        counts = TEXT["block_types"][side]
        if [counts[k] for k in ("hq", "infantry", "cavalry", "artillery")] != [v[i] for v in bt.values()]:
            err("block-types: %s differs from the rules params" % side)
        if total[i] + counts["detachments"] != TEXT["blocks"][side]:
            err("block-types: %s total + 15 detachments is not %d" % (side, TEXT["blocks"][side]))
    return errors



def check(game):
    errors = []
    err = errors.append
    m = game["maps"][0]
    locs = {l["id"]: l for l in m["locations"]}
    feats = {f["id"]: f for f in game["features"]}
    sides = {s["id"] for s in game["sides"]}
    if len(locs) != len(m["locations"]):
        err("duplicate location ids")
    for l in m["locations"]:
        if not (0 <= l["x"] <= m["width"] and 0 <= l["y"] <= m["height"]):
            err("%s: outside the map" % l["id"])
        for s in l.get("supply", []):
            if s not in sides:
                err("%s: unknown side %s" % (l["id"], s))
        # 3.1, 3.21: a major town has a VP value and a side; the map prints both, the text
        # neither, so every one is marked reconstructed.
        tags = l.get("tags", [])
        if l.get("major", False) != (l.get("vp", 0) > 0):
            err("%s: a major town has a VP value and a town with VP is major (3.1)" % l["id"])
        if l.get("major"):
            if len(set(tags) & set(FRIENDLY_TAG.values())) != 1:
                err("%s: a major town is friendly to one side when vacant (3.21)" % l["id"])
            if VP_TAG not in tags or "reconstructed" not in l["note"]:
                err("%s: its VP is not in the text, so it is marked reconstructed" % l["id"])
        elif set(tags) & (set(FRIENDLY_TAG.values()) | {VP_TAG}):
            err("%s: tagged as a major town but has no VP" % l["id"])
    for n in NAMED_IN_TEXT:
        if n not in locs:
            err("town named in the text is missing: %s" % n)
        elif "reconstructed" in locs[n].get("tags", []):
            err("%s is named in the text but tagged reconstructed" % n)
    for l in m["locations"]:
        if l["id"] not in NAMED_IN_TEXT and not (set(l.get("tags", [])) & {"reconstructed", "off-board"}):
            err("%s: not named in the text, so it must be tagged reconstructed" % l["id"])

    seen = set()
    adj = {k: set() for k in locs}
    move_adj = {k: set() for k in locs}
    for c in m["connections"]:
        a, b, k = c["a"], c["b"], c["class"]
        if a not in locs or b not in locs or a == b:
            err("bad connection %s-%s" % (a, b))
            continue
        key = (min(a, b), max(a, b), k)
        if key in seen:
            err("duplicate connection %s-%s %s" % key)
        seen.add(key)
        if feats.get(k, {}).get("where") != "connection":
            err("%s-%s: class %s is not a connection feature" % (a, b, k))
        for x in c.get("crossings", []):
            if feats.get(x, {}).get("where") != "crossing":
                err("%s-%s: %s is not a crossing feature" % (a, b, x))
            if feats[x]["style"] == "gap" and k not in ("trail", "ferry", "railroad", "railway"):
                err("%s-%s: a gap on a %s (3.7: named gaps are on trails)" % (a, b, k))
        if not c.get("note"):
            err("%s-%s: every connection says where it comes from" % (a, b))
        adj[a].add(b)
        adj[b].add(a)
        if k != "railway":
            move_adj[a].add(b)
            move_adj[b].add(a)
    for (a, b, k) in seen:
        if k == "railway" and not any((a, b, kk) in seen for kk in ("pike", "road", "trail", "ferry")):
            err("railway %s-%s has no road beside it: it would make towns adjacent that no "
                "movement joins" % (a, b))

    # Jackson's Command sidebar: Staunton has exactly these five neighbours.
    want = {"buffalo-gap", "churchville", "mt-sidney", "heritage", "waynesboro"}
    if adj["staunton"] != want:
        err("Staunton's neighbours are %s, the text says %s" % (sorted(adj["staunton"]), sorted(want)))
    # 5.6: the Virginia Central runs Charlottesville - ... - Buffalo Gap, one chain.
    rail = {k: set() for k in locs}
    for c in m["connections"]:
        if c["class"] == "railroad":
            rail[c["a"]].add(c["b"])
            rail[c["b"]].add(c["a"])
    ends = sorted(k for k in rail if len(rail[k]) == 1)
    if ends != ["buffalo-gap", "charlottesville"] or any(len(v) > 2 for v in rail.values()):
        err("the Virginia Central must be one line from Charlottesville to Buffalo Gap (5.6)")
    for k, v in rail.items():
        if v and "railroad" not in locs[k].get("tags", []):
            err("%s is on the Virginia Central but not tagged railroad" % k)
    # The Valley Pike: one chain from Staunton to Martinsburg.
    pike_towns = [k for k in locs if "valley-pike" in locs[k].get("tags", [])]
    cur, prev, chain = "staunton", None, ["staunton"]
    while True:
        nxt = [c["b"] if c["a"] == cur else c["a"] for c in m["connections"]
               if c["class"] == "pike" and cur in (c["a"], c["b"])
               and (c["b"] if c["a"] == cur else c["a"]) != prev
               and "valley-pike" in locs[c["b"] if c["a"] == cur else c["a"]].get("tags", [])]
        if len(nxt) != 1:
            break
        prev, cur = cur, nxt[0]
        chain.append(cur)
    if chain[-1] != "martinsburg" or sorted(chain) != sorted(pike_towns):
        err("the Valley Pike is not one chain Staunton-Martinsburg: %s" % chain)
    # Every town reaches every supply base by movement connections; Port Republic's two routes.
    start = "staunton"
    reach, todo = {start}, [start]
    while todo:
        for n in move_adj[todo.pop()]:
            if n not in reach:
                reach.add(n)
                todo.append(n)
    if reach != set(locs):
        err("not connected: %s" % sorted(set(locs) - reach))
    pr = {(c["a"], c["b"]): c["class"] for c in m["connections"] if c["class"] != "railway"}
    if pr.get(("conrads-store", "port-republic")) != "road" or pr.get(("browns-cove", "port-republic")) != "trail":
        err("Port Republic: road from Conrad's Store and trail from Brown's Cove (sidebar)")
    if pr.get(("strasburg", "front-royal")) != "road":
        err("Strasburg-Front Royal is a road (Battle Reinforcements example)")
    bases = {k for k in locs if locs[k].get("supply")}
    if bases != {"staunton", "charlottesville", "hagerstown", "cumberland", "salem"}:
        err("supply bases (7.2): %s" % sorted(bases))
    for div, base in game["rules"]["params"]["supply_bases"].items():
        if base not in locs:
            err("supply base of %s missing" % div)
    # Labels: no two label boxes overlap (rough text metrics of the renderer: 11-point labels).
    boxes = []
    for l in m["locations"]:
        w = 6.2 * len(l["name"])
        cx = l["x"] + l.get("label_dx", 0)
        cy = l["y"] + l.get("label_dy", 0) if "label_dx" in l else l["y"] + 6 + 4 + 7
        boxes.append((l["id"], cx - w / 2, cy - 7, cx + w / 2, cy + 7))
    for i in range(len(boxes)):
        for j in range(i + 1, len(boxes)):
            a, b = boxes[i], boxes[j]
            if a[1] < b[3] and b[1] < a[3] and a[2] < b[4] and b[2] < a[4]:
                err("labels of %s and %s overlap" % (a[0], b[0]))
    # ... nor a town's label a drawn river or ridge, or its name.
    for line in m["lines"]:
        pts = line_name_points(line) + smooth(line["points"], 24)
        for lid, x0, y0, x1, y1 in boxes:
            if any(x0 <= x <= x1 and y0 <= y <= y1 for x, y in pts):
                err("the label of %s lies on the %s %s or its name" % (lid, line["style"], line["name"]))
    # The order of battle against the counts of the text (Game Equipment, Block Types sidebar,
    # 4.21, 7.4) and the scenario against the roster.
    units = {u["id"]: u for u in game["units"]}
    if len(units) != len(game["units"]):
        err("duplicate unit ids")
    bt = TEXT["block_types"]
    blocks = TEXT["blocks"]
    for side in ("csa", "usa"):
        mine = [u for u in game["units"] if u["side"] == side]
        if len(mine) != blocks[side]:
            err("%s has %d blocks, the text says %d" % (side, len(mine), blocks[side]))
        dets = [u for u in mine if u.get("attrs", {}).get("detachment")]
        if len(dets) != bt[side]["detachments"]:
            err("%s has %d detachments, the text says 15" % (side, len(dets)))
        for klass in ("hq", "infantry", "cavalry", "artillery"):
            n = sum(1 for u in mine if u["class"] == klass and u not in dets)
            if n != bt[side][klass]:
                err("%s has %d %s blocks, the Block Types sidebar says %d" % (side, n, klass, bt[side][klass]))
        hq_dets = [u for u in dets if u["class"] == "hq-detachment"]
        if sorted(u["attrs"]["division"] for u in hq_dets) != sorted(
                u["attrs"]["division"] for u in mine if u["class"] == "hq" and u not in dets):
            err("%s: every HQ has one detachment HQ (4.21)" % side)
    if len(game["units"]) != blocks["total"]:
        err("%d blocks, the text says %d" % (len(game["units"]), blocks["total"]))
    bases = game["rules"]["params"]["supply_bases"]
    forms = {f["id"]: f for f in game["formations"]}
    for u in game["units"]:
        if u["formation"] not in forms or forms[u["formation"]]["side"] != u["side"]:
            err("%s: formation %s of another side or unknown" % (u["id"], u["formation"]))
        div = u.get("attrs", {}).get("division")
        if div and "%s-division" % div.lower() not in bases:
            err("%s: division %s has no supply base (7.2)" % (u["id"], div))
        if forms.get(u["formation"], {}).get("echelon") == "division" and u["formation"] not in bases:
            err("%s: division %s has no supply base (7.2)" % (u["id"], u["formation"]))
        steps = u["strength"]["steps"]
        if steps != sorted(steps, reverse=True) or steps[0] > 4:
            err("%s: steps strongest first, at most 4 (4.12)" % u["id"])
        if u["class"] == "artillery" and u.get("attrs", {}).get("firepower") != "A2":
            err("%s: artillery fire A2 (4.24)" % u["id"])
        if not u.get("note"):
            err("%s: every unit says what is known of it" % u["id"])
    # The contract of the family: every block's formation is its division, whose HQ is the
    # one non-detachment hq block in it (4.21), with one HQ detachment; the attr division says
    # the same; firepower is a letter and a digit (4.13) within what 4.22-4.24 allow.
    divisions = {f["id"] for f in game["formations"] if f["echelon"] == "division"}
    for d in sorted(divisions):
        hqs = [u for u in game["units"] if u["formation"] == d and u["class"] in ("hq", "hq-detachment")]
        if sorted(bool(u["attrs"].get("detachment")) for u in hqs) != [False, True]:
            err("%s: one HQ and one HQ detachment (4.21): %s" % (d, [u["id"] for u in hqs]))
    allowed_fire = {"hq": {"B1", "B2", "B3"}, "infantry": {"C1", "C2", "C3"},
                    "cavalry": {"B1", "B2"}, "artillery": {"A2"}}
    for u in game["units"]:
        a = u.get("attrs", {})
        if u["formation"] not in divisions:
            err("%s: every block belongs to a division (4.3, 4.21, 7.2)" % u["id"])
        elif a.get("division", "").lower() + "-division" != u["formation"]:
            err("%s: attr division %s is not its formation %s" % (u["id"], a.get("division"),
                                                                   u["formation"]))
        fire = a.get("firepower", "")
        if len(fire) != 2 or fire[0] not in "ABC" or fire[1] not in "0123456":
            err("%s: firepower %r is not a letter A-C and a digit (4.13)" % (u["id"], fire))
        elif not a.get("detachment") and fire not in allowed_fire[u["class"]]:
            err("%s: %s firepower %s (4.22-4.24)" % (u["id"], u["class"], fire))
        st = u["strength"]["steps"]
        if u["class"] in ("hq", "hq-detachment") and (st[-1] != 0 or st[0] > 3):
            err("%s: an HQ has a zero step and at most 3 (4.12)" % u["id"])
        if u["class"] not in ("hq", "hq-detachment") and (st[-1] != 1 or (a.get("detachment") and st != [1])):
            err("%s: a block's last step is 1, a detachment has one step (4.3, 4.12)" % u["id"])
        if "Reconstructed" not in u["note"]:
            err("%s: the note says which values are reconstructed" % u["id"])
    elite = [u["id"] for u in game["units"] if u.get("attrs", {}).get("firepower") == "C3"]
    if not 1 <= len(elite) <= 4:
        err("4.22: a few elite brigades are C3, not %s" % elite)
    fire_of = {u["id"]: u.get("attrs", {}).get("firepower") for u in game["units"]}
    if fire_of.get("jackson") != "B3" or fire_of.get("banks") != "B1":
        err("the Battle Turn example has Jackson HQ B3 and Banks HQ B1")
    statics = [u["id"] for u in game["units"] if u.get("attrs", {}).get("static")]
    if statics != ["harpers-ferry-garrison"]:
        err("the only static block is the Harper's Ferry Garrison (4.4): %s" % statics)
    for sc in game["scenarios"]:
        boxes = {b["id"] for b in sc.get("boxes", [])}
        opts = {o["id"] for o in sc.get("options", [])}
        for chosen in [set()] + [{o} for o in opts]:
            placed = {}
            for st in sc["setup"]:
                if st.get("option") and st["option"] not in chosen:
                    continue
                if st.get("unless") in chosen:
                    continue
                placed[st["unit"]] = placed.get(st["unit"], 0) + 1
                if "location" in st and st["location"] not in locs:
                    err("%s: %s set up at unknown %s" % (sc["id"], st["unit"], st["location"]))
                if "box" in st and st["box"] not in boxes:
                    err("%s: %s set up in unknown box %s" % (sc["id"], st["unit"], st["box"]))
                if st["unit"] not in units:
                    err("%s: unknown unit %s" % (sc["id"], st["unit"]))
            if set(placed) != set(units) or any(n != 1 for n in placed.values()):
                err("%s %s: every block is set up exactly once (1.0)" % (sc["id"], sorted(chosen)))
            where = {}
            for st in sc["setup"]:
                if (st.get("option") and st["option"] not in chosen) or st.get("unless") in chosen:
                    continue
                where[st["unit"]] = st.get("location") or "box:" + st.get("box", "")
            # 1.0: every block on the map, except the detachments in their pools (7.4) and,
            # in 9.1, Shields' division off-board near Salem.
            for uid, w in where.items():
                u = units[uid]
                det = u.get("attrs", {}).get("detachment")
                shields_off = "historical" in chosen and u["formation"] == "shields-division"
                if det and w != "box:%s-detachments" % u["side"]:
                    err("%s: detachment %s starts in the pool (7.4), not %s" % (sc["id"], uid, w))
                elif not det and shields_off and w != OFF_BOARD:
                    err("%s: 9.1 deploys Shields' %s off-board, not %s" % (sc["id"], uid, w))
                elif not det and not shields_off and (w.startswith("box:") or w == "off-board-east"):
                    err("%s %s: %s starts on the map (1.0), not %s" % (sc["id"], sorted(chosen), uid, w))
            # What the text places: Jackson at Staunton, Ewell at Standardsville, Shields at
            # New Market, the Garrison at Harper's Ferry.
            for uid, town in (("jackson", "staunton"), ("ewell", "standardsville"),
                              ("shields", OFF_BOARD if "historical" in chosen
                               else "new-market"),
                              (HF_GARRISON, "harpers-ferry")):
                if where.get(uid) != town:
                    err("%s: the text puts %s at %s, not %s" % (sc["id"], uid, town, where.get(uid)))
            # 3.3: at most 4 blocks in a town, 6 on a pike or railway, also at set-up.
            plus = {k for c in m["connections"] if c["class"] in ("pike", "railroad", "railway")
                    for k in (c["a"], c["b"])}
            count = {}
            for uid, w in where.items():
                if w in locs and "off-board" not in locs[w].get("tags", []):
                    count[w] = count.get(w, 0) + 1
            for w, n in sorted(count.items()):
                limit = 4 + (2 if w in plus else 0)
                if n > limit:
                    err("%s %s: %d blocks at %s, 3.3 allows %d" % (sc["id"], sorted(chosen), n, w, limit))
        labels = sc["turns"]["labels"]
        for turn, day in ((3, "May 12"), (8, "May 27"), (12, "June 9"), (16, "June 19")):
            month, d = day.split()
            lab = labels[turn - 1]
            lo, hi = (int(x) for x in lab.split()[1].split("-"))
            if not (lab.startswith(month) and lo <= int(d) <= hi):
                err("turn %d is %s, the text puts %s in it" % (turn, lab, day))
        scored = set()
        for v in sc["victory"]:
            for u in v.get("units", []):
                if u not in units or units[u]["side"] == v["side"]:
                    err("%s: victory for %s on %s" % (sc["id"], v["side"], u))
                scored.add(u)
        want = {u["id"] for u in game["units"]
                if not (u.get("attrs", {}).get("detachment") and u["class"] != "hq")}
        if scored != want:
            err("%s: every block, HQ and HQ detachment scores when eliminated (8.0)" % sc["id"])
    return errors


# ---------------------------------------------------------------------------------------
# Output: the canonical layout of core/wb-format-write.c (as tools/gen-wilderness.py).
# ---------------------------------------------------------------------------------------


def main(argv):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    game = build_game()
    errors = check(game) + check_tables(game)
    for e in errors:
        print("gen-shenandoah: %s" % e, file=sys.stderr)
    if errors:
        return 1
    if len(argv) > 1 and argv[1] == "--check":
        return 0
    out = argv[1] if len(argv) > 1 else os.path.join(root, "data", "games", "shenandoah.warbench")
    write_game(game, out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
