/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-counter"

#include "config.h"

#include "wb-counter.h"
#include "wb-game.h"

static const char * const style_names[] = {
  [WB_COUNTER_STYLE_AUTO] = "auto",
  [WB_COUNTER_STYLE_SPI] = "spi",
  [WB_COUNTER_STYLE_BLIND_SWORDS] = "blind-swords",
  [WB_COUNTER_STYLE_BLOCK] = "block",
  [WB_COUNTER_STYLE_BG_CAMPAIGN] = "bg-campaign",
};

static const char * const slot_names[WB_COUNTER_N_SLOTS] = {
  [WB_COUNTER_SLOT_MOVEMENT] = "movement",
  [WB_COUNTER_SLOT_WEAPON] = "weapon",
  [WB_COUNTER_SLOT_COHESION] = "cohesion",
  [WB_COUNTER_SLOT_COHESION_WORN] = "cohesion_worn",
  [WB_COUNTER_SLOT_FIREPOWER] = "firepower",
  [WB_COUNTER_SLOT_MORALE] = "morale",
  [WB_COUNTER_SLOT_DICE] = "dice",
  [WB_COUNTER_SLOT_SCREEN] = "screen",
};

/* The attribute ids the bundled games use, so a file that states no slots
 * still shows its numbers. */
static const char * const slot_defaults[WB_COUNTER_N_SLOTS] = {
  [WB_COUNTER_SLOT_MOVEMENT] = "movement",
  [WB_COUNTER_SLOT_WEAPON] = "weapon",
  [WB_COUNTER_SLOT_COHESION] = "cr",
  [WB_COUNTER_SLOT_COHESION_WORN] = "cr_worn",
  [WB_COUNTER_SLOT_FIREPOWER] = "firepower",
  [WB_COUNTER_SLOT_MORALE] = "morale",
  [WB_COUNTER_SLOT_DICE] = "dice",
  [WB_COUNTER_SLOT_SCREEN] = "screen",
};

const char *
wb_counter_style_to_string (WbCounterStyle style)
{
  g_return_val_if_fail ((guint) style < G_N_ELEMENTS (style_names), NULL);
  return style_names[style];
}

/* "auto" is not a name a file may use: leaving the member out says it. */
gboolean
wb_counter_style_from_string (const char     *s,
                              WbCounterStyle *style)
{
  for (guint i = WB_COUNTER_STYLE_SPI; i < G_N_ELEMENTS (style_names); i++)
    if (g_strcmp0 (s, style_names[i]) == 0)
      {
        *style = i;
        return TRUE;
      }
  return FALSE;
}

const char *
wb_counter_slot_to_string (WbCounterSlot slot)
{
  g_return_val_if_fail ((guint) slot < WB_COUNTER_N_SLOTS, NULL);
  return slot_names[slot];
}

gboolean
wb_counter_slot_from_string (const char    *s,
                             WbCounterSlot *slot)
{
  for (guint i = 0; i < WB_COUNTER_N_SLOTS; i++)
    if (g_strcmp0 (s, slot_names[i]) == 0)
      {
        *slot = i;
        return TRUE;
      }
  return FALSE;
}

const char *
wb_counter_slot_default_attr (WbCounterSlot slot)
{
  g_return_val_if_fail ((guint) slot < WB_COUNTER_N_SLOTS, NULL);
  return slot_defaults[slot];
}

WbCounterStyle
wb_counter_style_for_rules_family (const char *family)
{
  if (g_strcmp0 (family, "blind-swords") == 0)
    return WB_COUNTER_STYLE_BLIND_SWORDS;
  if (g_strcmp0 (family, "columbia-block") == 0)
    return WB_COUNTER_STYLE_BLOCK;
  if (g_strcmp0 (family, "bg-campaign") == 0)
    return WB_COUNTER_STYLE_BG_CAMPAIGN;
  return WB_COUNTER_STYLE_SPI;
}

gboolean
wb_counter_style_hides (WbCounterStyle style)
{
  return style == WB_COUNTER_STYLE_BLOCK || style == WB_COUNTER_STYLE_BG_CAMPAIGN;
}

WbCounterStyle
wb_counter_style_for_game (WbGame *game)
{
  const WbCounterSpec *spec;

  g_return_val_if_fail (WB_IS_GAME (game), WB_COUNTER_STYLE_SPI);

  spec = wb_game_get_counter (game);
  if (spec->style != WB_COUNTER_STYLE_AUTO)
    return spec->style;
  return wb_counter_style_for_rules_family (wb_game_get_rules (game)->family);
}

const char *
wb_counter_slot_attr (WbGame        *game,
                      WbCounterSlot  slot)
{
  const WbCounterSpec *spec;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail ((guint) slot < WB_COUNTER_N_SLOTS, NULL);

  spec = wb_game_get_counter (game);
  return spec->slots[slot] != NULL ? spec->slots[slot] : slot_defaults[slot];
}
