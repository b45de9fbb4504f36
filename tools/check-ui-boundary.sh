#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The play UI knows no rules family: the files of ui/ and editor/ include
# nothing from a family's folder (core/rules/FAMILY/), and never ask for or
# compare the name of a family's step (wb_play_awaiting, "battle-allocate"…):
# a family describes its steps (wb_play_step, wb_play_board) and the UI runs
# that description (docs/rules-engine.md, "Steps and boards").
# Usage: check-ui-boundary.sh SOURCE_DIR
set -eu
cd "$1"
status=0
for f in ui/*.c ui/*.h editor/*.c editor/*.h; do
  [ -f "$f" ] || continue
  if grep -nE '#include "(core/)?rules/[a-z0-9_-]+/' "$f"; then
    echo "$f includes a rules family's header: the UI runs the family's step description (wb_play_step)"
    status=1
  fi
  if grep -nE 'wb_play_awaiting|->awaiting' "$f"; then
    echo "$f asks for the name of a family's step: the UI runs the family's step description (wb_play_step)"
    status=1
  fi
  if grep -nE '(strcmp|g_str_has_prefix|g_str_equal) \([^;]*"(move|attack|retreat|advance|eliminate|react|replace|roll|over|any|battle(-[a-z-]*)?)"' "$f"; then
    echo "$f compares a family's step name: the UI runs the family's step description (wb_play_step)"
    status=1
  fi
done
exit $status
