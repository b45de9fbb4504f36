#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The engine knows no rules family by its headers: the files of core/rules/
# itself (not the families' folders) include nothing from a family's folder;
# families are found through core/rules/meson.build's generated list
# (docs/rules-engine.md). Usage: check-family-boundary.sh SOURCE_DIR
set -eu
cd "$1"
status=0
for f in core/rules/*.c core/rules/*.h core/rules/*.in; do
  [ -f "$f" ] || continue
  if grep -nE '#include "rules/[a-z0-9_-]+/' "$f"; then
    echo "$f includes a family's header: a family registers itself (core/rules/meson.build)"
    status=1
  fi
done
exit $status
