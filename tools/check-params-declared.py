#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Fails if a rules family reads a parameter it does not declare, or reads
rules.params other than through its declaration (docs/rules-params.md).

For each family folder under core/rules/: every name passed to a wb_params_*
getter is declared (`.name = "..."`) in that folder; and no file there
reaches the game's rules.params itself (WbRulesRef's ->params), so the only way
in is the declared getters. The getters also refuse an undeclared name at
run time (a critical); this finds one in code no test runs.
Usage: check-params-declared.py SOURCE-DIR
"""
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1]) / "core" / "rules"
getter = re.compile(r'\bwb_params_(?:has|node|per_scenario|bool|int|number|string|strv|ints|object|length|'
                    r'item|keys|entry)\s*\(\s*[^,()]+,\s*"([A-Za-z0-9_]+)"')
declared = re.compile(r'\.name\s*=\s*"([A-Za-z0-9_]+)"')
problems = []
families = 0
for folder in sorted(p for p in root.iterdir() if p.is_dir()):
    sources = sorted(folder.glob("*.[ch]"))
    if not sources:
        continue
    families += 1
    names = set()
    reads = []
    for src in sources:
        text = src.read_text(encoding="utf-8")
        names.update(declared.findall(text))
        for m in getter.finditer(text):
            reads.append((src, text.count("\n", 0, m.start()) + 1, m.group(1)))
        for m in re.finditer(r"->params\b", text):
            problems.append(f"{src}:{text.count(chr(10), 0, m.start()) + 1}: reads rules.params "
                            "without its declaration (use wb_params_init and the getters)")
    for src, line, name in reads:
        if name not in names:
            problems.append(f"{src}:{line}: reads the parameter “{name}”, which {folder.name} does not declare")
if families == 0:
    problems.append(f"no family folder under {root}")
for p in problems:
    print(p)
if problems:
    sys.exit(1)
print(f"{families} families read only the parameters they declare")
