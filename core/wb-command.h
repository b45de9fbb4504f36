/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define WB_COMMAND_ERROR (wb_command_error_quark ())

/**
 * WbCommandError:
 * @WB_COMMAND_ERROR_INVALID: the command does not fit its target (an unknown or
 *   read-only property, a value of the wrong type)
 * @WB_COMMAND_ERROR_NOT_FOUND: the command names something that does not exist
 * @WB_COMMAND_ERROR_OFF_MAP: a hex or hexside lies outside its map
 * @WB_COMMAND_ERROR_RANGE: a value is outside what the game file can hold
 *
 * Why a command could not be applied. A command that fails leaves the model
 * as it was.
 */
typedef enum {
  WB_COMMAND_ERROR_INVALID,
  WB_COMMAND_ERROR_NOT_FOUND,
  WB_COMMAND_ERROR_OFF_MAP,
  WB_COMMAND_ERROR_RANGE,
} WbCommandError;

GQuark wb_command_error_quark (void);

#define WB_TYPE_COMMAND (wb_command_get_type ())
G_DECLARE_DERIVABLE_TYPE (WbCommand, wb_command, WB, COMMAND, GObject)

/**
 * WbCommandClass:
 * @apply: changes the model and emits its owner's change notification
 *   (wb_map_changed(), wb_game_changed() or the object's own notify). Called
 *   the first time by wb_undo_stack_push() and again on every redo, always on
 *   the model state the command was built for. On failure it sets @error and
 *   leaves the model untouched (check everything before changing anything).
 * @revert: puts back exactly what the last @apply changed, and notifies.
 *   Cannot fail: the stack only reverts a command on the state its apply left.
 * @get_label: the human, translated label ("Paint 7 hexes Forest"). The
 *   default returns the #WbCommand:label property, which subclasses set with
 *   wb_command_set_label().
 * @merge: optional. Called by the undo stack after @next has been applied and
 *   while @self is the newest step (see wb_undo_stack_push() for when). If
 *   @self can absorb @next it updates itself so that its revert undoes both and
 *   its apply redoes both, updates its label, and returns %TRUE; the stack then
 *   drops @next. It must not touch the model. The default returns %FALSE.
 *
 * The virtual methods of a command. This is the extension point for editors:
 * each kind of edit is a small subclass.
 */
struct _WbCommandClass
{
  GObjectClass parent_class;

  gboolean     (*apply)     (WbCommand  *self,
                             GError    **error);
  void         (*revert)    (WbCommand  *self);
  const char * (*get_label) (WbCommand  *self);
  gboolean     (*merge)     (WbCommand  *self,
                             WbCommand  *next);

  /*< private >*/
  gpointer padding[8];
};

gboolean     wb_command_apply      (WbCommand   *self,
                                    GError     **error);
void         wb_command_revert     (WbCommand   *self);
const char  *wb_command_get_label  (WbCommand   *self);
void         wb_command_set_label  (WbCommand   *self,
                                    const char  *label);
gboolean     wb_command_merge      (WbCommand   *self,
                                    WbCommand   *next);

#define WB_TYPE_COMMAND_GROUP (wb_command_group_get_type ())
G_DECLARE_FINAL_TYPE (WbCommandGroup, wb_command_group, WB, COMMAND_GROUP, WbCommand)

WbCommand   *wb_command_group_new        (const char     *label);
/* Appends @command (takes a reference). The group applies its children in
 * order and reverts them in reverse order. */
void         wb_command_group_add        (WbCommandGroup *self,
                                          WbCommand      *command);
guint        wb_command_group_get_n_children (WbCommandGroup *self);
WbCommand   *wb_command_group_get_child  (WbCommandGroup *self,
                                          guint           index);

G_END_DECLS
