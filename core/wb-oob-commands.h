/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Editing the order of battle: units and formations (the OOB editor's
 * commands). Each checks what the file reader would refuse before it
 * changes anything, emits WbGame::changed ("units" or "formations") on
 * apply and revert, and reverts exactly: wb_game_to_data() gives the same
 * text after an undo. The file keeps the order of units and formations, so
 * the commands do too (a parent formation always precedes its children, as
 * the reader requires). */

#include "wb-command.h"
#include "wb-game.h"

G_BEGIN_DECLS

/* Which fields a WbUnitEdit sets. */
typedef enum {
  WB_UNIT_FIELD_NAME        = 1 << 0,
  WB_UNIT_FIELD_DESIGNATION = 1 << 1,
  WB_UNIT_FIELD_SIDE        = 1 << 2,
  WB_UNIT_FIELD_CLASS       = 1 << 3,
  WB_UNIT_FIELD_FORMATION   = 1 << 4,
  WB_UNIT_FIELD_SIZE        = 1 << 5,
  WB_UNIT_FIELD_NOTE        = 1 << 6,
  WB_UNIT_FIELD_STRENGTH    = 1 << 7,
  WB_UNIT_FIELD_ATTR        = 1 << 8,
} WbUnitFields;

/* The new values of the fields named in @fields (the others are ignored).
 * Text fields: NULL or "" unsets (a name falls back to the id, a
 * designation to the name). @attr_id/@attr: one typed attribute of the
 * unit's class; @attr NULL removes it. Changing the class drops the
 * attributes the new class does not define; changing the side takes the
 * unit out of a formation of the other side. Strings are borrowed until
 * the command is made. */
typedef struct {
  WbUnitFields       fields;
  const char        *name;
  const char        *designation;
  const char        *side;
  const char        *class_id;
  const char        *formation;
  const char        *size;
  const char        *note;
  WbStrength         strength;
  const char        *attr_id;
  const WbAttrValue *attr;
} WbUnitEdit;

/* Sets the fields of @edit on each of @units (one undo step; merges with a
 * following edit of the same units and the same single field, so typing or
 * stepping a spin button is one step). Label: "Change strength of
 * Stafford's Brigade", "Change 3 units". */
WbCommand *wb_command_edit_units_new        (WbGame            *game,
                                             WbUnit *const     *units,
                                             guint              n_units,
                                             const WbUnitEdit  *edit);

/* Adds @unit (a reference is taken; its id must be unused) before the unit
 * @before_id, or, when that is NULL, after the last unit of its formation
 * (at the end when it has none or the formation has no units). */
WbCommand *wb_command_add_unit_new          (WbGame            *game,
                                             WbUnit            *unit,
                                             const char        *before_id);
/* Adds a copy of unit @id (a new id from wb_oob_make_unit_id()) just after it. */
WbCommand *wb_command_duplicate_unit_new    (WbGame            *game,
                                             const char        *id);
/* Deletes unit @id. Refused (WB_COMMAND_ERROR_INVALID, naming the scenario)
 * while a scenario sets it up, brings it in as a reinforcement or scores
 * its destruction: take it out of the scenario first. */
WbCommand *wb_command_delete_unit_new       (WbGame            *game,
                                             const char        *id);
/* Puts unit @id into @formation (NULL: none; it must be of the unit's side)
 * and moves it just before the unit @before_id (NULL: after the last unit
 * of @formation, or to the end). */
WbCommand *wb_command_move_unit_new         (WbGame            *game,
                                             const char        *id,
                                             const char        *formation,
                                             const char        *before_id);

/* Adds @formation (taken; id unused, side existing, parent of the same
 * side or NULL) after the last formation under its parent. */
WbCommand *wb_command_add_formation_new     (WbGame            *game,
                                             WbFormation       *formation);
/* Deletes formation @id. Its units and sub-formations are not deleted:
 * they move up to its parent (or to none), and undo puts them back. It
 * fails (WB_COMMAND_ERROR_INVALID) while a chit activates it. */
WbCommand *wb_command_delete_formation_new  (WbGame            *game,
                                             const char        *id);
/* Sets the name, echelon and colour band (NULL or "" unsets; a colour must
 * be "#rrggbb") of formation @id. */
WbCommand *wb_command_edit_formation_new    (WbGame            *game,
                                             const char        *id,
                                             const char        *name,
                                             const char        *echelon,
                                             const char        *color);
/* Makes @parent (NULL: none) the parent of formation @id; refused for a
 * formation of another side or one of its own descendants. The formation
 * and its sub-formations move after the new parent's other sub-formations. */
WbCommand *wb_command_reparent_formation_new (WbGame           *game,
                                             const char        *id,
                                             const char        *parent);

/* The same, and puts the formation (with its sub-formations) just before
 * its new sibling @before_id (NULL: after them all): move up and down. */
WbCommand *wb_command_move_formation_new    (WbGame            *game,
                                             const char        *id,
                                             const char        *parent,
                                             const char        *before_id);

/* Unused ids made from @name ("Stafford's Brigade" → "stafford-s-brigade",
 * then "…-2"). */
char      *wb_oob_make_unit_id              (WbGame            *game,
                                             const char        *name);
char      *wb_oob_make_formation_id         (WbGame            *game,
                                             const char        *name);
/* A new unit with every field of @unit but the id. */
WbUnit    *wb_oob_copy_unit                 (WbUnit            *unit,
                                             const char        *id);

/* Parses strength as printed: "7", "C" or "½" (cadre), "2½" or "2.5";
 * "12/8/4" (a step list, strongest first; @current says which step is
 * in force); "3|2" (fresh|battleworn; @current 1 is the worn side). @kind says which
 * form is expected. Sets WB_COMMAND_ERROR_INVALID/RANGE with a message on
 * bad text. */
gboolean   wb_oob_parse_strength            (const char        *text,
                                             WbStrengthKind     kind,
                                             guint              current,
                                             WbStrength        *out,
                                             GError           **error);
/* TRUE for a firepower rating such as "A2" (a letter and 1–3 digits). */
gboolean   wb_oob_firepower_is_valid        (const char        *text);
/* Whether @unit is used by a scenario; @why (optional) gets a sentence. */
gboolean   wb_oob_unit_is_used              (WbGame            *game,
                                             const char        *id,
                                             char             **why);

G_END_DECLS
