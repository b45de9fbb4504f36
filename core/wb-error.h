/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define WB_FORMAT_ERROR (wb_format_error_quark ())

/**
 * WbFormatError:
 * @WB_FORMAT_ERROR_IO: the file could not be read or written
 * @WB_FORMAT_ERROR_SYNTAX: the text is not valid JSON
 * @WB_FORMAT_ERROR_NOT_A_GAME: the "format" member is missing or names another format
 * @WB_FORMAT_ERROR_TOO_NEW: the file was written by a newer Warbench
 * @WB_FORMAT_ERROR_MISSING: a required member is missing
 * @WB_FORMAT_ERROR_TYPE: a member has the wrong JSON type or an unknown enum value
 * @WB_FORMAT_ERROR_RANGE: a number is out of its allowed range
 * @WB_FORMAT_ERROR_DUPLICATE: an id is used twice
 * @WB_FORMAT_ERROR_REFERENCE: a reference names nothing that exists
 * @WB_FORMAT_ERROR_OFF_MAP: a hex lies outside its map
 * @WB_FORMAT_ERROR_TOO_LARGE: the file or a count in it exceeds the limits
 * @WB_FORMAT_ERROR_TOO_OLD: a playtest played by rules that have changed since
 *   in a way that cannot replay it
 */
typedef enum {
  WB_FORMAT_ERROR_IO,
  WB_FORMAT_ERROR_SYNTAX,
  WB_FORMAT_ERROR_NOT_A_GAME,
  WB_FORMAT_ERROR_TOO_NEW,
  WB_FORMAT_ERROR_MISSING,
  WB_FORMAT_ERROR_TYPE,
  WB_FORMAT_ERROR_RANGE,
  WB_FORMAT_ERROR_DUPLICATE,
  WB_FORMAT_ERROR_REFERENCE,
  WB_FORMAT_ERROR_OFF_MAP,
  WB_FORMAT_ERROR_TOO_LARGE,
  WB_FORMAT_ERROR_TOO_OLD,
} WbFormatError;

GQuark wb_format_error_quark (void);

#define WB_RULES_ERROR (wb_rules_error_quark ())

/**
 * WbRulesError:
 * @WB_RULES_ERROR_INVALID: the action does not fit the step or the state (not
 *   now, not this unit, nothing to undo) or is malformed
 * @WB_RULES_ERROR_NOT_FOUND: the action names a unit, place, scenario or entry
 *   the game or the journal lacks
 * @WB_RULES_ERROR_RANGE: a number is out of its range (a die's face, a strength)
 * @WB_RULES_ERROR_BROKEN: the action breaks a rule whose check is enforced; the
 *   message names the rule's id and the rulebook's section
 * @WB_RULES_ERROR_NEEDS_ROLL: physical dice: the players' roll the action needs
 *   is missing (wb_play_needs_roll says which die)
 * @WB_RULES_ERROR_NEEDS_RESULT: a table cell the rulebook does not give came
 *   up: the players give the result (wb_play_needs_result)
 *
 * Why the rules engine refused an action (core/rules/). A refused action
 * changes nothing.
 */
typedef enum {
  WB_RULES_ERROR_INVALID,
  WB_RULES_ERROR_NOT_FOUND,
  WB_RULES_ERROR_RANGE,
  WB_RULES_ERROR_BROKEN,
  WB_RULES_ERROR_NEEDS_ROLL,
  WB_RULES_ERROR_NEEDS_RESULT,
} WbRulesError;

GQuark wb_rules_error_quark (void);

G_END_DECLS
