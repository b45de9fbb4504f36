/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-gui"

#include "config.h"

#include <check.h>
#include <string.h>

#include "gui-common.h"
#include "gui-play-gestures.h"

static void
click (WbWindow *window, const char *text)
{
  WbMapView *view = wb_window_get_map_view (window);
  WbHexMap *map = WB_HEX_MAP (wb_map_view_get_map (view));
  WbOffset h;
  double x, y;

  ck_assert_msg (wb_hex_map_parse_hex (map, text, &h), "%s", text);
  wb_hex_center (wb_hex_map_get_layout (map), wb_hex_map_get_hex_size (map), h, &x, &y);
  g_signal_emit_by_name (view, "point-clicked", x, y);
}

/* Clicks on the unit's hex until it is the one selected (a stack is
 * clicked through); a unit off the map is picked in the reserve. */
static void
select_hex_unit (WbWindow *window, WbPlay *play, const char *unit)
{
  WbMatch *m = wb_play_get_state (play);
  WbUnitState *u = wb_match_find_unit (m, unit);
  WbMapView *view = wb_window_get_map_view (window);
  g_autofree char *hex = NULL;

  ck_assert_ptr_nonnull (u);
  if (u->where.kind != WB_WHERE_HEX)
    {
      GtkWidget *reserve = find_type (GTK_WIDGET (window), g_type_from_name ("WbPlayReserve"));
      ck_assert_ptr_nonnull (reserve);
      g_signal_emit_by_name (reserve, "unit-activated", unit);
      return;
    }
  hex = wb_match_where_text (m, &u->where);
  for (int i = 0; i < 4; i++)
    {
      WbOffset sel;

      click (window, hex);
      if (wb_map_view_get_n_highlights (view) > 0 && wb_map_view_get_selected_hex (view, &sel) &&
          sel.col == u->where.hex.col && sel.row == u->where.hex.row)
        {
          /* The selected one of the stack: the controller's. */
          if (g_strcmp0 (wb_play_controller_get_selected (wb_window_get_play_controller (window)), unit) == 0)
            return;
        }
    }
  ck_abort_msg ("could not select %s in %s", unit, hex);
}

static const char *
hex_member (JsonObject *a, const char *member)
{
  return json_object_get_string_member (json_object_get_object_member (a, member), "hex");
}

static gboolean
take_offer (WbPlayPrompt *prompt, WbPlay *play, const char *type)
{
  g_autoptr(GPtrArray) offers = wb_play_offers (play);

  ck_assert_uint_eq (offers->len, wb_play_prompt_n_offers (prompt));
  for (guint i = 0; i < offers->len; i++)
    if (g_strcmp0 (json_object_get_string_member (((WbOffer *) g_ptr_array_index (offers, i))->action, "type"),
                   type) == 0)
      return wb_play_prompt_take_offer (prompt, i);
  return FALSE;
}

void
play_gesture (WbWindow *window, WbPlay *play, WbPlayPrompt *prompt, JsonObject *a)
{
  const char *type = json_object_get_string_member (a, "type");

  if (strcmp (type, "move") == 0 || strcmp (type, "retreat") == 0 || strcmp (type, "advance") == 0)
    {
      select_hex_unit (window, play, json_object_get_string_member (a, "unit"));
      click (window, hex_member (a, "to"));
    }
  else if (strcmp (type, "enter") == 0)
    {
      select_hex_unit (window, play, json_object_get_string_member (a, "unit"));
      click (window, hex_member (a, "at"));
    }
  else if (strcmp (type, "attack") == 0 || strcmp (type, "eliminate") == 0)
    {
      JsonArray *units = json_object_get_array_member (a, strcmp (type, "attack") == 0 ? "attackers" : "units");

      wb_play_prompt_refresh (prompt);
      for (guint i = 0; i < json_array_get_length (units); i++)
        ck_assert (wb_play_prompt_toggle_unit (prompt, json_array_get_string_element (units, i)));
      if (strcmp (type, "attack") == 0)
        {
          JsonArray *hexes = json_object_get_array_member (a, "defenders");
          for (guint i = 0; i < json_array_get_length (hexes); i++)
            ck_assert (wb_play_prompt_toggle_hex (prompt, json_array_get_string_element (hexes, i)));
          /* The odds show before the roll. */
          ck_assert_msg (strstr (wb_play_prompt_get_odds (prompt), " → ") != NULL, "%s",
                         wb_play_prompt_get_odds (prompt));
        }
      ck_assert (wb_play_prompt_activate (prompt));
    }
  else if (strcmp (type, "no_advance") == 0)
    {
      GtkWidget *button = find_named (GTK_WIDGET (prompt), "no-advance");
      ck_assert_ptr_nonnull (button);
      ck_assert (gtk_widget_get_visible (button));
      g_signal_emit_by_name (button, "clicked");
    }
  else if (strcmp (type, "command_roll") == 0 || strcmp (type, "no_retreat") == 0)
    ck_assert (take_offer (prompt, play, type));
  else if (strcmp (type, "end_step") == 0)
    g_signal_emit_by_name (find_named (GTK_WIDGET (window), "end-step"), "clicked");
  else
    ck_abort_msg ("no gesture for %s", type);
}
