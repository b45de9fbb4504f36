/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

#include "rules/wb-play.h"

G_BEGIN_DECLS

/* What every play pane does when it is given a play (docs/architecture.md,
 * the panes observe WbPlay::changed): stops following the play in @slot,
 * keeps a reference to @play there (may be NULL) and follows its "changed"
 * signal with @on_changed (pane, WbPlayChange flags), for as long as
 * @pane lives. */
void wb_play_follow (gpointer pane, WbPlay **slot, WbPlay *play, GCallback on_changed);

G_END_DECLS
