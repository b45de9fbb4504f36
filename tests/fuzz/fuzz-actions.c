/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "fuzz-common.h"
#include "rules/wb-play.h"

/* Each family's action applier on random actions at real states: the
 * input's first byte picks a game by its value modulo 4 (the Wilderness,
 * SPI; Grant's Gamble and Jackson & Sheridan, Blue & Gray; Shenandoah,
 * Columbia block) and by its bit of value 8 the players' typed dice, the
 * second how many of the automatic player's actions lead to the state, and
 * each following line is a JSON action played there (refused or played,
 * never a crash). */
int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static WbGame *games[4];
  static const char *const scenarios[4] = { "historical", "campaign", "1864", "campaign" };
  g_autoptr(WbPlay) play = NULL;
  g_auto(GStrv) lines = NULL;
  g_autofree char *text = NULL;
  WbRng policy;
  guint g, lead;

  if (games[0] == NULL)
    {
      games[0] = fuzz_bundled_game ("battle-of-the-wilderness.warbench");
      games[1] = fuzz_bundled_game ("grants-gamble.warbench");
      games[2] = fuzz_bundled_game ("jackson-sheridan.warbench");
      games[3] = fuzz_bundled_game ("shenandoah.warbench");
    }
  if (size < 2 || size > 65536)
    return 0;
  g = data[0] % 4;
  lead = data[1] % 64;
  play = wb_play_new_full (games[g], NULL, scenarios[g], NULL, data[0], (data[0] & 8) != 0, NULL, NULL);
  if (play == NULL)
    abort ();
  wb_rng_seed (&policy, data[1], 1);
  for (guint i = 0; i < lead && !wb_play_get_state (play)->over; i++)
    {
      g_autoptr(JsonObject) a = wb_play_suggest (play, &policy);

      if (a == NULL || !wb_play_act_as_players (play, a, &policy, &policy, NULL))
        break;
    }
  text = g_strndup ((const char *) data + 2, size - 2);
  lines = g_strsplit (text, "\n", 64);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(JsonParser) parser = json_parser_new ();
      JsonNode *root;

      if (!json_parser_load_from_data (parser, lines[i], -1, NULL) ||
          (root = json_parser_get_root (parser)) == NULL || !JSON_NODE_HOLDS_OBJECT (root))
        continue;
      wb_play_act (play, json_node_get_object (root), NULL);
      {
        WbPreview preview;
        if (wb_play_preview (play, json_node_get_object (root), &preview, NULL))
          g_free (preview.text);
      }
    }
  return 0;
}
