/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-play-follow"
#include "config.h"

#include "wb-play-follow.h"

void
wb_play_follow (gpointer pane, WbPlay **slot, WbPlay *play, GCallback on_changed)
{
  g_return_if_fail (G_IS_OBJECT (pane) && slot != NULL && on_changed != NULL);
  g_return_if_fail (play == NULL || WB_IS_PLAY (play));

  if (*slot != NULL)
    g_signal_handlers_disconnect_by_func (*slot, on_changed, pane);
  g_set_object (slot, play);
  if (play != NULL)
    g_signal_connect_object (play, "changed", on_changed, pane, G_CONNECT_SWAPPED);
}
