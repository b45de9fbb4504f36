/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-action-fuzz"
#include "config.h"

#include <check.h>
#include <string.h>

#include "warbench-core.h"
#include "rules/wb-family.h"
#include "rules/wb-play.h"
#include "rules/bg/wb-bg-private.h"
#include "rules/spi/wb-spi-private.h"
#include "rules/columbia/wb-col-private.h"
#include "rules/blind-swords/wb-bs-private.h"

/* Actions come from files (a saved playtest is untrusted input): a family
 * given an action with members of the wrong JSON type — an object where a
 * string is expected, a number for a list, null, a missing member — must
 * refuse it (or play it) without a critical warning, which the tests make
 * fatal (G_DEBUG=fatal-criticals). The actions mutated are the automatic
 * player's own along a game, so every action type of the family is hit in
 * the steps where it is legal. */

static WbGame *
load (const char *name)
{
  g_autofree char *path = g_strdup_printf ("%s/data/games/%s.warbench", g_getenv ("WARBENCH_SOURCE_DIR"), name);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  WbGame *game = wb_game_load (file, NULL, &error);

  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  return game;
}

static JsonNode *
wrong_value (guint kind)
{
  JsonNode *n;

  switch (kind)
    {
    case 0:
      {
        g_autoptr(JsonObject) o = json_object_new ();
        return json_node_init_object (json_node_alloc (), o);
      }
    case 1:
      {
        g_autoptr(JsonArray) a = json_array_new ();
        return json_node_init_array (json_node_alloc (), a);
      }
    case 2:
      return json_node_init_int (json_node_alloc (), 7);
    case 3:
      return json_node_init_null (json_node_alloc ());
    case 4:
      return json_node_init_string (json_node_alloc (), "nowhere");
    default:
      {
        /* A list of the wrong things. */
        g_autoptr(JsonArray) a = json_array_new ();
        json_array_add_object_element (a, json_object_new ());
        json_array_add_int_element (a, 3);
        json_array_add_null_element (a);
        n = json_node_init_array (json_node_alloc (), a);
        return n;
      }
    }
}

/* The rule levels the mutated actions are applied under: every check
 * enforced, or every check off (a designer trying a rule change) — off
 * must not let a malformed action through to code that trusts it. */
static GHashTable *
levels (const WbRulesFamily *family, const char *level)
{
  GHashTable *settings = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; level != NULL && i < family->n_checks; i++)
    g_hash_table_insert (settings, (gpointer) family->checks[i].id, (gpointer) level);
  return settings;
}

static const char *fuzz_level;

/* A copy of @o that shares nothing with it (json_node_copy shares the
 * object). */
static JsonNode *
deep_copy (JsonObject *o)
{
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), o);
  g_autofree char *text = json_to_string (node, FALSE);

  return json_from_string (text, NULL);
}

/* Every member of @action (and of its objects one level down) replaced by
 * every wrong value, and removed, each applied to a copy of @m. */
static guint
fuzz_action (const WbRulesFamily *family, gpointer data, WbMatch *m, JsonObject *action)
{
  g_autoptr(GList) members = json_object_get_members (action);
  guint tried = 0;

  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *name = l->data;

      for (guint kind = 0; kind <= 6; kind++)
        {
          g_autoptr(JsonNode) copy_node = deep_copy (action);
          JsonObject *copy = json_node_get_object (copy_node);
          g_autoptr(WbMatch) probe = wb_match_copy (m);
          g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_log_event_free);
          g_autoptr(GHashTable) settings = levels (family, fuzz_level);
          WbRuleContext ctx = { settings, events, family->checks, family->n_checks, FALSE, probe, NULL };
          g_autoptr(GError) error = NULL;

          if (kind == 6)
            json_object_remove_member (copy, name);
          else if (g_strcmp0 (name, "type") != 0)
            json_object_set_member (copy, name, wrong_value (kind));
          else
            continue;
          family->apply (data, probe, copy, &ctx, &error);
          tried++;
        }
      /* One level down: a place {"hex": …}, a list of units. */
      {
        JsonNode *inner = json_object_get_member (action, name);

        if (inner != NULL && JSON_NODE_HOLDS_OBJECT (inner))
          {
            g_autoptr(GList) names = json_object_get_members (json_node_get_object (inner));

            for (GList *k = names; k != NULL; k = k->next)
              for (guint kind = 0; kind < 6; kind++)
                {
                  g_autoptr(JsonNode) copy_node = deep_copy (action);
                  JsonObject *copy = json_node_get_object (copy_node);
                  g_autoptr(WbMatch) probe = wb_match_copy (m);
                  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_log_event_free);
                  g_autoptr(GHashTable) settings = levels (family, fuzz_level);
                  WbRuleContext ctx = { settings, events, family->checks, family->n_checks, FALSE, probe, NULL };
                  g_autoptr(GError) error = NULL;

                  json_object_set_member (json_object_get_object_member (copy, name), k->data, wrong_value (kind));
                  family->apply (data, probe, copy, &ctx, &error);
                  tried++;
                }
          }
        else if (inner != NULL && JSON_NODE_HOLDS_ARRAY (inner) && json_array_get_length (json_node_get_array (inner)) > 0)
          for (guint kind = 0; kind < 6; kind++)
            {
              g_autoptr(JsonNode) copy_node = deep_copy (action);
              JsonObject *copy = json_node_get_object (copy_node);
              g_autoptr(WbMatch) probe = wb_match_copy (m);
              g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_log_event_free);
              g_autoptr(GHashTable) settings = levels (family, fuzz_level);
              WbRuleContext ctx = { settings, events, family->checks, family->n_checks, FALSE, probe, NULL };
              g_autoptr(GError) error = NULL;
              JsonArray *list = json_object_get_array_member (copy, name);
              JsonArray *wrong = json_array_new ();

              /* The first element of the wrong type, the rest as they were. */
              json_array_add_element (wrong, wrong_value (kind));
              for (guint e = 1; e < json_array_get_length (list); e++)
                json_array_add_element (wrong, json_node_copy (json_array_get_element (list, e)));
              json_object_set_array_member (copy, name, wrong);
              family->apply (data, probe, copy, &ctx, &error);
              tried++;
            }
      }
    }
  return tried;
}

static void
fuzz_game (const WbRulesFamily *family, const char *game_name, const char *scenario, guint64 seed, guint max_actions)
{
  g_autoptr(WbGame) game = load (game_name);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbMatch) m = wb_match_new (game, scenario, NULL, seed, &error);
  gpointer data;
  WbRng policy;
  guint tried = 0;

  ck_assert_msg (m != NULL, "%s", error ? error->message : "");
  data = family->prepare (game, m, &error);
  ck_assert_msg (data != NULL, "%s", error ? error->message : "");
  family->start (data, m);
  wb_rng_seed (&policy, seed, 1);
  for (guint i = 0; i < max_actions && !m->over; i++)
    {
      g_autoptr(JsonObject) a = family->suggest (data, m, &policy);
      g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_log_event_free);
      g_autoptr(GHashTable) settings = g_hash_table_new (g_str_hash, g_str_equal);
      WbRuleContext ctx = { settings, events, family->checks, family->n_checks, FALSE, m, NULL };

      if (a == NULL)
        break;
      tried += fuzz_action (family, data, m, a);
      if (family->apply (data, m, a, &ctx, &error) != WB_APPLY_DONE)
        {
          g_autofree char *json = NULL;
          g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), a);
          json = json_to_string (node, FALSE);
          ck_abort_msg ("%s: the automatic player's %s is refused: %s", game_name, json,
                        error != NULL ? error->message : "not the family's");
        }
    }
  ck_assert_uint_gt (tried, 100);
  family->release (data);
}

START_TEST (test_fuzz_spi)
{
  fuzz_level = NULL;
  fuzz_game (wb_spi_family (), "battle-of-the-wilderness", "historical", 3, 400);
  fuzz_level = "off";
  fuzz_game (wb_spi_family (), "battle-of-the-wilderness", "historical", 4, 400);
}
END_TEST

START_TEST (test_fuzz_bg)
{
  fuzz_level = NULL;
  fuzz_game (wb_bg_family (), "jackson-sheridan", "1862", 5, 300);
  fuzz_game (wb_bg_family (), "grants-gamble", "campaign", 5, 300);
  fuzz_level = "off";
  fuzz_game (wb_bg_family (), "jackson-sheridan", "1864", 6, 300);
  fuzz_game (wb_bg_family (), "grants-gamble", "campaign", 6, 300);
}
END_TEST

START_TEST (test_fuzz_col)
{
  fuzz_level = NULL;
  fuzz_game (wb_col_family (), "shenandoah", "campaign", 5, 400);
  fuzz_level = "off";
  fuzz_game (wb_col_family (), "shenandoah", "campaign", 6, 400);
}
END_TEST

START_TEST (test_fuzz_bs)
{
  fuzz_level = NULL;
  fuzz_game (wb_bs_family (), "chickasaw-bayou", "17.4", 5, 400);
  fuzz_level = "off";
  fuzz_game (wb_bs_family (), "chickasaw-bayou", "17.6", 6, 400);
}
END_TEST

/* The rules parameters come from the game file: each member of another
 * type than the family reads gives a refusal or a default, never a
 * critical. */
static void
fuzz_params (const WbRulesFamily *family, const char *game_name, const char *scenario)
{
  g_autoptr(WbGame) game = load (game_name);
  WbRulesRef *rules = wb_game_get_rules (game);
  g_autoptr(JsonNode) original = json_node_copy (rules->params);
  g_autoptr(GList) members = json_object_get_members (json_node_get_object (original));
  guint tried = 0;

  for (GList *l = members; l != NULL; l = l->next)
    for (guint kind = 0; kind <= 6; kind++)
      {
        g_autoptr(JsonNode) params = deep_copy (json_node_get_object (original));
        g_autoptr(GError) error = NULL;
        g_autoptr(WbMatch) m = NULL;
        gpointer data;

        if (kind == 6)
          json_object_remove_member (json_node_get_object (params), l->data);
        else
          json_object_set_member (json_node_get_object (params), l->data, wrong_value (kind));
        json_node_unref (rules->params);
        rules->params = json_node_ref (params);
        m = wb_match_new (game, scenario, NULL, 1, &error);
        ck_assert_msg (m != NULL, "%s", error ? error->message : "");
        data = family->prepare (game, m, &error);
        if (data != NULL)
          {
            family->start (data, m);
            family->release (data);
          }
        tried++;
      }
  ck_assert_uint_gt (tried, 20);
}

START_TEST (test_fuzz_params)
{
  fuzz_params (wb_spi_family (), "battle-of-the-wilderness", "historical");
  fuzz_params (wb_bg_family (), "jackson-sheridan", "1864");
  fuzz_params (wb_bg_family (), "grants-gamble", "campaign");
  fuzz_params (wb_col_family (), "shenandoah", "campaign");
  fuzz_params (wb_bs_family (), "chickasaw-bayou", "17.6");
}
END_TEST

static Suite *
make_suite (void)
{
  Suite *s = suite_create ("action-fuzz");
  TCase *tc = tcase_create ("fuzz");

  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_fuzz_spi);
  tcase_add_test (tc, test_fuzz_bs);
  tcase_add_test (tc, test_fuzz_bg);
  tcase_add_test (tc, test_fuzz_col);
  tcase_add_test (tc, test_fuzz_params);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (make_suite ());
  int failed;

  /* A warning too (an error set twice: a refusal that went on) fails. */
  g_log_set_always_fatal (G_LOG_LEVEL_WARNING | G_LOG_LEVEL_CRITICAL | G_LOG_FATAL_MASK);

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? 0 : 1;
}
