#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Validate Warbench game files against data/schema/warbench-game.schema.json.

Usage: tools/validate-schema.py [--schema SCHEMA] FILE...

Prints one line per problem, "FILE: $.json.path: message", the way the loader names places.
Exit status: 0 all valid, 1 some file invalid, 2 usage or unreadable file/schema,
77 (skipped, for meson) when the jsonschema module is missing
(Debian: apt-get install python3-jsonschema).

The schema checks the shape of a file; the loader (core/wb-format-read.c) also checks
references, unique ids and that hexes lie on their map.
"""

import json
import os
import sys

SKIP = 77


def json_path(parts):
    out = "$"
    for p in parts:
        if isinstance(p, int):
            out += "[%d]" % p
        elif p.replace("_", "").isalnum():
            out += "." + p
        else:
            out += "[%s]" % json.dumps(p)
    return out


def message(e):
    schema_path = list(e.schema_path)
    if e.validator == "not" and "allOf" in schema_path:
        return "give one place (hex, location, box or choices), not several"
    if e.validator == "anyOf" and "allOf" in schema_path:
        return "a place is missing: hex, location, box or choices" + (
            " (or area)" if "area" in json.dumps(e.validator_value) else "")
    if e.validator == "oneOf" and e.absolute_path and e.absolute_path[-1] == "strength":
        return ("expected a number (halves allowed), \"C\", {\"steps\": [...], \"current\": n} "
                "or {\"fresh\": n, \"worn\": n, \"current\": \"fresh\"}")
    if e.context:
        # For oneOf/anyOf failures the most specific sub-error says more.
        import jsonschema
        best = jsonschema.exceptions.best_match(e.context)
        return "%s (at %s)" % (best.message, json_path(best.absolute_path)) if best.path else best.message
    return e.message


def main(argv):
    args = argv[1:]
    here = os.path.dirname(os.path.abspath(__file__))
    schema_path = os.path.join(here, os.pardir, "data", "schema", "warbench-game.schema.json")
    if len(args) >= 2 and args[0] == "--schema":
        schema_path = args[1]
        args = args[2:]
    if not args or any(a.startswith("-") and a != "-" for a in args):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2

    try:
        import jsonschema
        from jsonschema.validators import validator_for
    except ImportError:
        print("validate-schema: the Python jsonschema module is missing "
              "(Debian: apt-get install python3-jsonschema); skipping", file=sys.stderr)
        return SKIP

    try:
        with open(schema_path, encoding="utf-8") as f:
            schema = json.load(f)
    except (OSError, ValueError) as e:
        print("validate-schema: %s: %s" % (schema_path, e), file=sys.stderr)
        return 2
    cls = validator_for(schema)
    try:
        cls.check_schema(schema)
    except jsonschema.exceptions.SchemaError as e:
        print("validate-schema: %s: not a valid schema: %s" % (schema_path, e.message), file=sys.stderr)
        return 2
    validator = cls(schema)

    status = 0
    for name in args:
        try:
            if name == "-":
                doc = json.load(sys.stdin)
            else:
                with open(name, encoding="utf-8") as f:
                    doc = json.load(f)
        except ValueError as e:
            print("%s: not JSON: %s" % (name, e), file=sys.stderr)
            status = max(status, 1)
            continue
        except OSError as e:
            print("validate-schema: %s" % e, file=sys.stderr)
            status = 2
            continue
        errors = sorted(validator.iter_errors(doc), key=lambda e: [str(p) for p in e.absolute_path])
        for e in errors:
            print("%s: %s: %s" % (name, json_path(e.absolute_path), message(e)), file=sys.stderr)
        if errors:
            status = max(status, 1)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
