# SPDX-License-Identifier: GPL-3.0-or-later
"""The tables of the Blue & Gray Campaign Series base rules, shared by the generators of the
two bundled games of the series (tools/gen-jackson-sheridan.py, tools/gen-grants-gamble.py).

Both rulebook texts carry the same base rules; Jackson & Sheridan numbers them "Part 2, N",
Grant's Gamble "Base N", so every builder takes a function turning a section number into the
game's own reference. Only the weather table is printed as a table; every other table here is
a rule the text gives in words (a roll against a number, a chart of allowances) written as the
table the engine resolves. Numbers come from the text only; what the text does not give is "?"
and the notes say where each value comes from.

Table members are written in the order of core/wb-format-write.c (id, name, kind, dice, source,
note, read, pair, ends, pool, modifiers, columns, rows, codes); defaults are left out.
"""

# Base 2 (Fortresses): the fortified cities and the units each holds in its Fortified City
# Line Position (Base 11.1), each rolling two extra dice when defending there.
FORTRESSES = [("washington-dc", "Washington DC", 4), ("richmond", "Richmond", 3),
              ("petersburg", "Petersburg", 2), ("ft-monroe", "Ft. Monroe", 2)]
FORTRESS_EXTRA_DICE = 2

# Base 3: movement rate in locations a turn, by unit type. Base 7: rain -1, two rainy turns in a
# row -2. Base 5: out of supply -1, cumulative with the weather.
MOVEMENT = [("infantry", "Infantry", 3), ("garrison", "Garrison", 2), ("cavalry", "Cavalry", 4),
            ("leader", "Leader", 4)]
WEATHER_MOVEMENT = [("Clear", 0), ("Rain", -1), ("Rain 2 turns", -2)]
OUT_OF_SUPPLY_MOVEMENT = -1

# Base 10: cavalry screen values, "normally 2 or 3" (every cavalry unit of both games has 2 or 3
# at set-up; a game may add others).
SCREEN_VALUES = [2, 3]
MORALE_RATINGS = [1, 2, 3, 4, 5, 6]     # one die against the rating: 6 never fails
MAX_SP = 12                              # the largest block of either game (Base 14: "8 to 12")

# Battle dice by SP (Base 11.2). The dice are printed on each block's label, which is not in
# the text: 6 SP is stated; every other row is the workbench's reconstruction from the example
# (a playable game needs them), marked so a designer checks them against the labels.
_SMALL = ("reconstructed from the example in {example}: the VIII corps, reduced \"from 4 to 2 "
          "SP\", rolls 3 dice; the other blocks under 5 SP taken alike")
_LARGE = ("reconstructed from the example in {example}: the VI corps, 12 SP at the 1864 set-up, "
          "rolls 4 dice; the blocks between 8 and 12 SP taken alike")
BATTLE_DICE = {
    1: ("3", _SMALL), 2: ("3", _SMALL), 3: ("3", _SMALL), 4: ("3", _SMALL),
    5: ("4", "reconstructed: between 4 SP (3 dice) and 6 SP (4 dice), taken as 4, the dice "
             "growing with the unit's size ({s14_1})"),
    6: ("4", "stated: \"A 6 SP unit would roll 4 dice\" ({s11_2})"),
    7: ("4", "reconstructed: between 6 and 8 SP, both 4 dice, and the dice grow with the unit's "
             "size ({s14_1})"),
    8: ("4", "reconstructed from the example in {example}: the Confederate EA unit, reduced "
             "\"from 8 to 7 SP\", rolls 4 dice"),
    9: ("4", _LARGE), 10: ("4", _LARGE), 11: ("4", _LARGE), 12: ("4", _LARGE),
}

# Morale (the star on a label, Base 3) is not in the text either. Reconstructed: the example's
# VIII corps has morale 3 (a Union unit), and "the Confederate has slightly higher morale"
# (Base 14.1): every Union unit 3, every Confederate unit 4.
MORALE = {"union": 3, "confederate": 4}


def morale_note(example, s14_1):
    return ("Morale reconstructed (the label is not in the text): Union units 3, as the example's "
            "VIII corps (%s), Confederate units 4, \"slightly higher morale\" (%s); battle dice by "
            "SP from the battle dice table, its rows reconstructed the same way. Check them "
            "against the blocks." % (example, s14_1))


def range_row(lo, hi=None):
    row = {"label": str(lo) if hi is None or hi == lo else "%d-%d" % (lo, hi), "lo": lo}
    if hi is not None and hi != lo:
        row["hi"] = hi
    return row


def weather(ref, note_extra):
    """Base 7: the only table the base rules print."""
    return {
        "id": "weather",
        "name": "Weather",
        "kind": "roll",
        "dice": "1d6",
        "source": "%s Weather Roll: the Union player rolls one die each turn." % ref(7),
        "note": ("Rain two turns in a row: all unit movement rates are reduced by 2 (%s). "
                 "Cumulative with the out-of-supply reduction (%s); the movement table gives the "
                 "rates. %s" % (ref(7), ref(5), note_extra)),
        "columns": [{"label": "Weather"}],
        "rows": [dict(range_row(1, 5), cells=["Clear"]), dict(range_row(6), cells=["Rain"])],
        "codes": [
            {"code": "Clear", "name": "Clear", "text": "All units move at their full movement rate."},
            {"code": "Rain", "name": "Rain",
             "text": ("All unit movement rates are reduced by 1. If it rains for 2 consecutive "
                      "turns all unit movement rates are reduced by 2.")}],
    }


def battle_dice(ref, example, extra_modifiers=(), note_extra=""):
    rows = []
    for sp in range(1, MAX_SP + 1):
        dice = BATTLE_DICE.get(sp, ("?", None))[0]
        rows.append(dict(range_row(sp), cells=[dice, "1"]))
    # one sentence per run of SP values with the same reason: "1-4 SP reconstructed …"
    runs = []
    for sp in sorted(BATTLE_DICE):
        if runs and runs[-1][2] == BATTLE_DICE[sp][1] and runs[-1][1] == sp - 1:
            runs[-1][1] = sp
        else:
            runs.append([sp, sp, BATTLE_DICE[sp][1]])
    how = "; ".join("%s SP %s" % (str(lo) if lo == hi else "%d-%d" % (lo, hi), why.format(
        s11_2=ref("11.2"), s14_1=ref("14.1"), example=example)) for lo, hi, why in runs)
    crossing = ("Attacking along a road or railroad that crosses a %s: one die less in the first "
                "battle round (River/Mountain Line Position). Only the road immediately between "
                "the two locations counts; one die even when it crosses both (%s).")
    modifiers = [
        {"id": "fortress", "text": ("Defending in a fortress location, in its Fortified City Line "
                                    "Position (as many units as the fortresses table gives): two "
                                    "extra dice per unit."),
         "dice": FORTRESS_EXTRA_DICE, "applies": "defensive",
         "source": "%s Fortresses; %s" % (ref(2), ref("11.1"))},
        {"id": "river", "text": crossing % ("river", example), "dice": -1, "group": "crossing",
         "applies": "first_round", "source": "%s Mountains and Rivers; %s" % (ref(2), ref("11.1"))},
        {"id": "mountain", "text": crossing % ("mountain", example), "dice": -1,
         "group": "crossing", "applies": "first_round",
         "source": "%s Mountains and Rivers; %s" % (ref(2), ref("11.1"))},
    ] + list(extra_modifiers)
    return {
        "id": "battle-dice",
        "name": "Battle Dice",
        "kind": "dice_pool",
        "dice": "1d6",
        "source": ("%s Battle fire: each unit in a Line Position rolls the dice printed in the "
                   "circle on its label, modified by terrain; every 6 is a hit. %s Voluntary "
                   "retreat: each opposing infantry and garrison unit rolls one die." %
                   (ref("11.2"), ref("11.3"))),
        "note": ("Dice per unit by its current SP. The block labels are not in the text: only 6 "
                 "SP is stated, every other row is reconstructed (a unit's own dice attribute, "
                 "when set, is what it rolls). %s. The example's VIII corps rolls 3 dice after "
                 "taking two hits \"from 4 to 2 SP\", although the VIII corps of the 1864 Valley "
                 "campaign the example plays out sets up at 10 SP (Jackson & Sheridan, Part 1, "
                 "13): the example is read for its numbers, not for that corps. Only infantry and "
                 "garrison units in a Line Position fire: cavalry and leaders stand in reserve. A "
                 "forced retreat's fire is normal battle fire; the retreating side does not "
                 "fire.%s" %
                 (how, (" " + note_extra) if note_extra else "")),
        "pool": {"sides": 6, "hit": ">=6"},
        "modifiers": modifiers,
        "columns": [{"label": "Battle fire"}, {"label": "Voluntary retreat fire"}],
        "rows": rows,
    }


def fortresses(ref, note):
    return {
        "id": "fortresses",
        "name": "Fortresses",
        "kind": "chart",
        "source": "%s Fortresses; %s (Fortified City Line Position)" % (ref(2), ref("11.1")),
        "note": ("Each fortress holds this many defending units in its Fortified City Line "
                 "Position; each of them rolls two extra dice (the battle dice table's fortress "
                 "modifier). %s" % note),
        "columns": [{"label": "Units"}, {"label": "Extra dice each"}],
        "rows": [{"label": name, "cells": [str(n), "+%d" % FORTRESS_EXTRA_DICE]}
                 for _, name, n in FORTRESSES],
    }


def morale_check(ref, example, note_extra=""):
    rows = [dict(range_row(d), cells=["Fail" if d > m else "Pass" for m in MORALE_RATINGS])
            for d in range(1, 7)]
    return {
        "id": "morale-check",
        "name": "Morale Check",
        "kind": "roll",
        "dice": "1d6",
        "source": "%s Morale check: one die for each hit a unit took, each against its morale "
                  "rating." % ref("11.2"),
        "note": ("Columns: the unit's morale rating, printed in the star on its label (not in the "
                 "text; the example's VIII corps has 3). Roll one die per hit: any roll higher "
                 "than the rating fails the check. The attacker checks first; the defender does "
                 "not check when the attacker's Line Position is left vacant (%s). In the example "
                 "the VIII corps rolls a 5 and a 2 against morale 3: the 5 exceeds it and the "
                 "unit fails (%s).%s" %
                 (ref("11.2"), example, (" " + note_extra) if note_extra else "")),
        "columns": [{"label": "Morale %d" % m, "lo": m, "hi": m} for m in MORALE_RATINGS],
        "rows": rows,
        "codes": [
            {"code": "Pass", "name": "Passed", "text": "The unit stays in its position."},
            {"code": "Fail", "name": "Failed morale",
             "text": ("The unit withdraws to the Failed Morale Position and may not return to the "
                      "Line or Reserve Position for that battle. A Line Position left vacant "
                      "forces a retreat.")}],
    }


def threshold_table(tid, name, source, note, ratings, success):
    """A 2d6 roll that succeeds on a total equal to or greater than the Army Commander Rating."""
    return {
        "id": tid,
        "name": name,
        "kind": "roll",
        "dice": "2d6",
        "source": source,
        "note": note,
        "columns": [{"label": "Rating %d" % r, "lo": r, "hi": r} for r in ratings],
        "rows": [dict(range_row(t), cells=[success[0] if t >= r else "-" for r in ratings])
                 for t in range(2, 13)],
        "codes": [{"code": success[0], "name": success[1], "text": success[2]},
                  {"code": "-", "name": success[3], "text": success[4]}],
    }


def cap_roll(ref, ratings, who):
    return threshold_table(
        "cap-roll", "CAP Roll",
        "%s CAP Roll; %s Army Commander Rating" % (ref(9), ref(4)),
        ("Each player rolls two dice each turn (sequence of play, %s); the column is his Army "
         "Commander Rating: %s. CAP may not be saved from turn to turn." % (ref(6), who)),
        ratings,
        ("+1 CAP", "Extra CAP", "Total equal to or greater than the rating: one extra CAP this "
         "turn.", "No extra CAP", "Total less than the rating: only the turn's CAP."))


def reinforcement_roll(ref, ratings, who):
    return threshold_table(
        "reinforcement-roll", "Battle Reinforcement",
        "%s Battle Reinforcement" % ref("11.5"),
        ("Two dice for each unit in an adjacent location, not yet in a battle this player turn, "
         "that tries to reinforce after a battle round; the column is the current Army Commander "
         "Rating: %s. No roll is needed when the other side retreats." % who),
        ratings,
        ("Enters", "Enters the battle", "The unit enters the battle location in the Line "
         "Position and fires from the next battle round.", "Does not enter",
         "The unit may not reinforce this battle round; it may try again in the next round's "
         "reinforcement phase."))


def screening(ref, note_extra, values=SCREEN_VALUES):
    rows = [dict(range_row(d), cells=["Screened" if d <= v else "Failed" for v in values])
            for d in range(1, 7)]
    return {
        "id": "screening",
        "name": "Cavalry Screening",
        "kind": "roll",
        "dice": "1d6",
        "source": "%s Cavalry screening actions" % ref(10),
        "note": ("Rolled by the moving player when a unit enters a location occupied only by "
                 "enemy cavalry, once against each cavalry unit there. Columns: the screen value "
                 "in the lower left corner of the cavalry label, \"normally 2 or 3\". The "
                 "cavalry is the defender in the codes' effects; retreats follow the retreat "
                 "rules. %s" % note_extra),
        "columns": [{"label": "Screen %d" % v, "lo": v, "hi": v} for v in values],
        "rows": rows,
        "codes": [
            {"code": "Screened", "name": "Screened",
             "text": ("Equal to or less than the screen value: the moving unit ends its move in "
                      "the location; other moving units may enter it but not move through. The "
                      "cavalry retreats one location."),
             "effect": {"defender_retreat": 1}},
            {"code": "Failed", "name": "Screen failed",
             "text": ("Higher than the screen value: the cavalry retreats three locations; "
                      "opposing units may move into and through the location, and the cavalry "
                      "cannot screen for the rest of the turn."),
             "effect": {"defender_retreat": 3}}],
    }


def movement_columns():
    cols = []
    for supply in (True, False):
        for w, _ in WEATHER_MOVEMENT:
            cols.append(w if supply else ("Out of supply" if w == "Clear"
                                          else "%s, out of supply" % w))
    return cols


def movement_rate(base, weather_mod, in_supply):
    return max(0, base + weather_mod + (0 if in_supply else OUT_OF_SUPPLY_MOVEMENT))


def movement(ref, note_extra):
    rows = []
    for _, name, base in MOVEMENT:
        cells = [str(movement_rate(base, w, s)) for s in (True, False) for _, w in WEATHER_MOVEMENT]
        rows.append({"label": name, "cells": cells})
    return {
        "id": "movement",
        "name": "Movement Allowance",
        "kind": "chart",
        "source": ("%s (movement rate by unit type), %s (rain), %s (out of supply), %s Unit "
                   "movement" % (ref(3), ref(7), ref(5), ref(10))),
        "note": ("Locations a unit may move in a turn, one per movement point along roads and "
                 "railroads. Weather and supply are cumulative; a rate cannot go below 0 "
                 "(\"garrisons may not be able to move\", %s). \"Rain 2 turns\": the second and "
                 "later consecutive turns of rain. Rail movement is not affected by weather or "
                 "supply (%s). %s" % (ref(10), ref(10), note_extra)),
        "columns": [{"label": c} for c in movement_columns()],
        "rows": rows,
    }


def retreat(ref):
    return {
        "id": "retreat",
        "name": "Battle Retreat",
        "kind": "chart",
        "source": "%s Battle Retreat; %s Retreat Rules" % (ref("11.3"), ref("11.4")),
        "note": ("Retreat fire falls on every retreating unit, in reserve and failed morale too; "
                 "the retreating player allocates the hits and does not fire back. All units "
                 "retreat to the same location; a defender may retreat only to a connected "
                 "location free of the enemy that no attacker came from, or else into an adjacent "
                 "battle location, in its Failed Morale Position; an attacker only to a location "
                 "he attacked from (%s). \"No retreat location\": none of these." % ref("11.4")),
        "columns": [{"label": "Locations"}, {"label": "Retreat fire"},
                    {"label": "No retreat location"}],
        "rows": [
            {"label": "Voluntary", "cells": ["1", "1 die per opposing infantry and garrison unit",
                                             "Cannot retreat: the battle goes on"]},
            {"label": "Forced", "cells": ["2", "Normal battle fire",
                                          "All retreating units are eliminated"]}],
    }


def commanders(source, note, rows):
    """The game-specific command values: @rows are (label, commander, rating, CAP per turn,
    replacement SP) as the game's rules give them."""
    return {
        "id": "commanders",
        "name": "Army Commanders",
        "kind": "chart",
        "source": source,
        "note": note,
        "columns": [{"label": "Army commander"}, {"label": "Rating"}, {"label": "CAP per turn"},
                    {"label": "Replacements"}],
        "rows": [{"label": label, "cells": [who, str(rating), str(cap), repl]}
                 for label, who, rating, cap, repl in rows],
    }


def replacements_text(r):
    return "%d SP each %s" % (r["sp"], r["every"])


VICTORY_TYPES = {
    # type: (required members, default "at") — the family's vocabulary (docs/rules-engine.md)
    "vp_line": (("side", "tag"), "enemy_turn"),
    "once_location": (("side", "location"), "enemy_turn"),
    "outside_tag": (("side", "tag"), "enemy_turn"),
    "unit_outside_tag": (("side", "unit", "tag"), "enemy_turn"),
    "unit_at_from_turn": (("side", "unit", "location"), "enemy_turn"),
    "unit_eliminated": (("side", "unit"), "any_time"),
    "occupy_all": (("side", "locations"), "player_turn"),
    "hold_all": (("side", "locations"), "game_turn"),
    "infantry_below": (("side", "sp"), "any_time"),
    "rail_cut": (("side", "from", "to"), "game_turn"),
    "scenario_occupy": ((), "game_end"),
}
VICTORY_TIMES = ("enemy_turn", "own_turn", "player_turn", "game_turn", "any_time", "game_end")


def by_scenario(value, scenarios):
    """A parameter's value for each scenario id: {id: value} (the family takes the member named
    for the scenario when there is one)."""
    if isinstance(value, dict) and any(s in value for s in scenarios):
        return {s: value.get(s) for s in scenarios}
    return {s: value for s in scenarios}


def check_params(game):
    """Checks the ids the game's own rules parameters name (victory conditions, leader abilities,
    the closed crossing) against the game, as the family's prepare does; returns error strings."""
    errors = []
    err = errors.append
    params = game["rules"]["params"]
    mp = game["maps"][0]
    locs = {e["id"]: e for e in mp["locations"]}
    tags = {t for e in mp["locations"] for t in e.get("tags", [])}
    sides = [s["id"] for s in game["sides"]]
    units = {u["id"]: u for u in game["units"]}
    scenarios = [s["id"] for s in game["scenarios"]]

    for sc, conds in by_scenario(params.get("victory", []), scenarios).items():
        if not isinstance(conds, list):
            err("victory (%s): not a list" % sc)
            continue
        for i, c in enumerate(conds):
            where = "victory (%s) [%d]" % (sc, i)
            kind = VICTORY_TYPES.get(c.get("type"))
            if kind is None:
                err("%s: unknown type %r" % (where, c.get("type")))
                continue
            for m in kind[0]:
                if m not in c:
                    err("%s: no %s" % (where, m))
            if c.get("at", kind[1]) not in VICTORY_TIMES:
                err("%s: unknown at %r" % (where, c["at"]))
            if "side" in c and c["side"] not in sides:
                err("%s: unknown side %r" % (where, c["side"]))
            if not c.get("rule"):
                err("%s: no rule to cite" % where)
            for m in ("tag",):
                if m in c and c[m] not in tags:
                    err("%s: no location has the tag %r" % (where, c[m]))
            for m in ("location",):
                if m in c and c[m] not in locs:
                    err("%s: unknown location %r" % (where, c[m]))
            for m in ("locations", "from", "to"):
                for l in c.get(m, []):
                    if l not in locs:
                        err("%s: %s: unknown location %r" % (where, m, l))
            if "unit" in c:
                u = units.get(c["unit"])
                if u is None:
                    err("%s: unknown unit %r" % (where, c["unit"]))
                elif u["side"] == c.get("side"):
                    err("%s: %s is not the enemy's" % (where, c["unit"]))
            for u in c.get("exempt", []):
                if u not in units:
                    err("%s: exempt: unknown unit %r" % (where, u))
            if c.get("type") == "once_location" and i >= 32:
                err("%s: once_location must be among the first 32" % where)
    for sc, abilities in by_scenario(params.get("leader_abilities", {}), scenarios).items():
        for uid, a in (abilities or {}).items():
            plays = "locations" in a or a.get("reaction") or a.get("morale_reroll")
            if plays and uid not in units:
                err("leader_abilities (%s): %s is not a unit" % (sc, uid))
            if a.get("side") not in sides:
                err("leader_abilities (%s): %s: unknown side %r" % (sc, uid, a.get("side")))
    crossing = params.get("closed_crossing")
    if crossing is not None:
        if len(crossing.get("locations", [])) != 2 or any(l not in locs for l in crossing["locations"]):
            err("closed_crossing: two locations of the map")
        if crossing.get("side") not in sides:
            err("closed_crossing: unknown side")
    tag = params.get("rail_uncontrolled_tag")
    if tag is not None and tag not in tags:
        err("rail_uncontrolled_tag: no location has the tag %r" % tag)
    return errors


def check_tables(tables, params):
    """Checks what the text fixes; returns a list of error strings."""
    errors = []
    err = errors.append
    by_id = {t["id"]: t for t in tables}
    for tid in ("weather", "battle-dice", "fortresses", "morale-check", "cap-roll",
                "reinforcement-roll", "screening", "movement", "retreat"):
        if tid not in by_id:
            err("table %s is missing" % tid)
    if len(by_id) != len(tables):
        err("duplicate table ids")
    for t in tables:
        if not t.get("source"):
            err("table %s has no source" % t["id"])
        ncol = len(t["columns"])
        for r in t["rows"]:
            if len(r["cells"]) != ncol:
                err("table %s row %s: %d cells for %d columns" % (t["id"], r["label"],
                                                                  len(r["cells"]), ncol))
        codes = {c["code"] for c in t.get("codes", [])}
        if codes:
            for r in t["rows"]:
                for c in r["cells"]:
                    if c not in codes and c != "?":
                        err("table %s row %s: cell %s is not a code" % (t["id"], r["label"], c))
        # a die-roll table covers every total of its dice exactly once
        if t["kind"] == "roll":
            n, sides = (int(x) for x in t["dice"].split("d"))
            seen = []
            for r in t["rows"]:
                seen += range(r["lo"], r.get("hi", r["lo"]) + 1)
            if sorted(seen) != list(range(n, n * sides + 1)):
                err("table %s: rows cover %s, not %d-%d once each" % (t["id"], seen, n, n * sides))
    w = by_id.get("weather")
    if w and [(r["lo"], r.get("hi", r["lo"]), r["cells"]) for r in w["rows"]] != \
            [(1, 5, ["Clear"]), (6, 6, ["Rain"])]:
        err("weather: 1-5 Clear, 6 Rain (base 7)")
    ratings = sorted({v for v in flat_ratings(params["army_commander_rating"])})
    for tid in ("cap-roll", "reinforcement-roll"):
        t = by_id.get(tid)
        if not t:
            continue
        if [c["lo"] for c in t["columns"]] != ratings:
            err("%s: columns %s, the game's ratings are %s" % (tid, t["columns"], ratings))
        ok = t["codes"][0]["code"]
        for j, c in enumerate(t["columns"]):
            wins = [r["lo"] for r in t["rows"] if r["cells"][j] == ok]
            if wins != list(range(c["lo"], 13)):
                err("%s column %s: success on %s, not total >= rating" % (tid, c["label"], wins))
    m = by_id.get("morale-check")
    if m:
        for j, c in enumerate(m["columns"]):
            fails = [r["lo"] for r in m["rows"] if r["cells"][j] == "Fail"]
            if fails != list(range(c["lo"] + 1, 7)):
                err("morale-check column %s: fails on %s, not roll > rating" % (c["label"], fails))
        # the example: a 5 against morale 3 fails; a 3 is not higher than 3 and passes
        j3 = [c["lo"] for c in m["columns"]].index(3)
        if m["rows"][4]["cells"][j3] != "Fail" or m["rows"][2]["cells"][j3] != "Pass":
            err("morale-check: against morale 3 the example's 5 fails and a 3 passes")
    s = by_id.get("screening")
    if s:
        for j, c in enumerate(s["columns"]):
            ok = [r["lo"] for r in s["rows"] if r["cells"][j] == "Screened"]
            if ok != list(range(1, c["lo"] + 1)):
                err("screening column %s: screened on %s, not roll <= value" % (c["label"], ok))
    mv = by_id.get("movement")
    if mv:
        allow = params["movement_allowance"]
        for (cls, name, base), r in zip(MOVEMENT, mv["rows"]):
            if allow.get(cls) != base or r["label"] != name or r["cells"][0] != str(base):
                err("movement: %s moves %s (base 3), the rules params say %s" %
                    (name, base, allow.get(cls)))
        if params.get("rain_movement") != -1 or params.get("rain_two_turns_movement") != -2 or \
                params.get("out_of_supply_movement") != OUT_OF_SUPPLY_MOVEMENT:
            err("movement: the rules params disagree with base 5 and 7")
        # base 10's example: an infantry unit with 3 MP moves 3 in clear weather, 2 in rain
        if mv["rows"][0]["cells"][:2] != ["3", "2"]:
            err("movement: infantry 3 in clear, 2 in rain (base 10 example)")
    # reconstructed values agree with the example: VIII at 2 SP rolls 3, EA at 8 SP and VI at
    # 12 SP roll 4, and no row is unknown any more
    bd_rows = {r["lo"]: r["cells"][0] for r in by_id["battle-dice"]["rows"]} if "battle-dice" in by_id else {}
    if bd_rows and (bd_rows.get(2) != "3" or bd_rows.get(8) != "4" or bd_rows.get(12) != "4" or
                    "?" in bd_rows.values()):
        err("battle-dice: the reconstruction disagrees with the example (2 SP: 3, 8 and 12 SP: 4)")
    bd = by_id.get("battle-dice")
    if bd:
        if [r["lo"] for r in bd["rows"]] != list(range(1, MAX_SP + 1)):
            err("battle-dice: one row per SP 1-%d" % MAX_SP)
        if bd["rows"][5]["cells"][0] != "4":
            err("battle-dice: a 6 SP unit rolls 4 dice (base 11.2)")
        if any(r["cells"][1] != "1" for r in bd["rows"]):
            err("battle-dice: voluntary retreat fire is one die per unit (base 11.3)")
        mods = {x["id"]: x for x in bd["modifiers"]}
        if mods.get("fortress", {}).get("dice") != params["fortress_extra_dice"]:
            err("battle-dice: the fortress modifier disagrees with the rules params")
        for k in ("river", "mountain"):
            x = mods.get(k, {})
            if x.get("dice") != params["crossing_first_round_dice"] or \
                    x.get("applies") != "first_round" or x.get("group") != "crossing":
                err("battle-dice: the %s modifier is one die less in the first round only" % k)
    f = by_id.get("fortresses")
    if f and [(r["label"], r["cells"][0]) for r in f["rows"]] != \
            [(name, str(n)) for _, name, n in FORTRESSES]:
        err("fortresses: Washington DC 4, Richmond 3, Petersburg and Ft. Monroe 2 (base 2)")
    return errors


def flat_ratings(v):
    """The numbers of a rating map, nested per scenario or not."""
    if isinstance(v, dict):
        for x in v.values():
            yield from flat_ratings(x)
    else:
        yield v
