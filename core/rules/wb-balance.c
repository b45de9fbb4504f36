/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-balance"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "rules/wb-balance-private.h"
#include "rules/wb-play.h"
#include "rules/wb-rng.h"
#include "wb-format.h"

/*
 * Each worker thread loads its own copy of the game (a game is read by
 * the families while they play; a copy a thread shares nothing) and takes
 * the next game index from a shared counter; game i's record goes to slot
 * i. The summary reads the slots in seed order, so threads finishing in
 * any order give the same numbers.
 */

#define DEFAULT_MAX_ACTIONS 100000
#define NOT_PLAYED (-3)

struct _WbBalance {
  char      *game_id;
  char      *game_sha256;
  char      *scenario;
  char     **options;
  guint64    first_seed;
  guint      games_total;
  guint      shard_index, shard_count;
  guint      n_sides;
  char      *sides[WB_MATCH_MAX_SIDES];
  GArray    *games;        /* WbBalanceGame, by seed once finished */
  gboolean   complete;
  WbBalanceCounts *counts; /* rule checks and tables; NULL: not recorded (a version-1 part) */
};

G_DEFINE_QUARK (wb-balance-error-quark, wb_balance_error)

void
wb_balance_options_init (WbBalanceOptions *options)
{
  g_return_if_fail (options != NULL);
  memset (options, 0, sizeof *options);
  options->first_seed = 1;
  options->games = 100;
}

static void
game_clear (gpointer data)
{
  WbBalanceGame *g = data;

  g_clear_pointer (&g->turn_vp, g_array_unref);
}

static WbBalance *
balance_new (void)
{
  WbBalance *b = g_new0 (WbBalance, 1);

  b->games = g_array_new (FALSE, TRUE, sizeof (WbBalanceGame));
  g_array_set_clear_func (b->games, game_clear);
  return b;
}

void
wb_balance_free (WbBalance *b)
{
  if (b == NULL)
    return;
  g_free (b->game_id);
  g_free (b->game_sha256);
  g_free (b->scenario);
  g_strfreev (b->options);
  for (guint s = 0; s < WB_MATCH_MAX_SIDES; s++)
    g_free (b->sides[s]);
  g_array_unref (b->games);
  _wb_balance_counts_free (b->counts);
  g_free (b);
}

gboolean
wb_balance_is_complete (WbBalance *b)
{
  return b->complete;
}

guint
wb_balance_get_n_games (WbBalance *b)
{
  return b->games->len;
}

const WbBalanceGame *
wb_balance_get_game (WbBalance *b,
                     guint      i)
{
  g_return_val_if_fail (i < b->games->len, NULL);
  return &g_array_index (b->games, WbBalanceGame, i);
}

guint
wb_balance_get_n_sides (WbBalance *b)
{
  return b->n_sides;
}

const char *
wb_balance_get_side (WbBalance *b,
                     guint      side)
{
  return side < b->n_sides ? b->sides[side] : NULL;
}

/* --- playing ------------------------------------------------------------------ */

typedef struct {
  const char         *data;       /* the game, saved */
  const char         *scenario;
  const char * const *options;
  guint64             first_seed;
  guint               max_actions;
  guint              *indexes;    /* the game indexes to play */
  guint               n;
  WbBalanceGame      *slots;      /* n of them */
  WbTally           **tallies;    /* each game's counts, n of them */
  gint                next;       /* atomic */
  gint                done;       /* atomic */
  GCancellable       *cancellable;
  GMutex              lock;
  GError             *error;      /* the first worker's failure */
} Run;

/* One automatic game, exactly as `warbench-cli play --auto --seed S`. */
static void
play_one (Run           *run,
          WbGame        *game,
          guint64        seed,
          WbBalanceGame *out,
          WbTally       *tally)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(WbPlay) play = wb_play_new_full (game, "game.warbench", run->scenario, run->options, seed, FALSE, NULL,
                                             &error);
  WbRng policy, players_dice;
  WbMatch *m;
  int last_turn = 0;

  out->seed = seed;
  out->winner = -2;
  out->actions = 0;
  out->turn_vp = g_array_new (FALSE, TRUE, sizeof (int));
  if (play == NULL)
    {
      g_mutex_lock (&run->lock);
      if (run->error == NULL)
        run->error = g_steal_pointer (&error);
      g_mutex_unlock (&run->lock);
      out->winner = NOT_PLAYED;
      return;
    }
  wb_play_set_tally (play, tally);
  wb_rng_seed (&policy, seed, WB_RNG_MATCH_STREAM + 1);
  wb_rng_seed (&players_dice, seed, WB_RNG_MATCH_STREAM + 2);
  m = wb_play_get_state (play);
  last_turn = m->turn;
  for (;;)
    {
      g_autoptr(JsonObject) a = NULL;

      if (g_cancellable_is_cancelled (run->cancellable))
        {
          out->winner = NOT_PLAYED;
          return;
        }
      a = wb_play_suggest (play, &policy);
      if (a == NULL || out->actions >= run->max_actions)
        break;
      if (!wb_play_act_as_players (play, a, &players_dice, &policy, NULL))
        break;
      out->actions++;
      m = wb_play_get_state (play);
      /* The VP as each turn ended. */
      while (last_turn < m->turn)
        {
          g_array_append_vals (out->turn_vp, m->vp, wb_match_n_sides (m));
          last_turn++;
        }
    }
  m = wb_play_get_state (play);
  g_array_append_vals (out->turn_vp, m->vp, wb_match_n_sides (m));
  memcpy (out->vp, m->vp, sizeof out->vp);
  out->turns = m->turn;
  out->decided = m->decided;
  out->winner = m->over ? wb_match_winner (m) : -2;
}

static gpointer
worker (gpointer data)
{
  Run *run = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = wb_game_load_from_data (run->data, -1, "game.warbench", &error);

  if (game == NULL)
    {
      g_mutex_lock (&run->lock);
      if (run->error == NULL)
        run->error = g_steal_pointer (&error);
      g_mutex_unlock (&run->lock);
      return NULL;
    }
  for (;;)
    {
      guint k = (guint) g_atomic_int_add (&run->next, 1);

      if (k >= run->n || g_cancellable_is_cancelled (run->cancellable))
        break;
      run->tallies[k] = wb_tally_new ();
      play_one (run, game, run->first_seed + run->indexes[k], &run->slots[k], run->tallies[k]);
      if (run->slots[k].winner != NOT_PLAYED)
        g_atomic_int_inc (&run->done);
    }
  return NULL;
}

WbBalance *
wb_balance_run (WbGame                 *game,
                const WbBalanceOptions *options,
                WbBalanceProgress       progress,
                gpointer                user_data,
                GCancellable           *cancellable,
                GError                **error)
{
  g_autoptr(WbBalance) b = NULL;
  g_autoptr(GCancellable) own = NULL;
  g_autofree char *data = NULL;
  g_autofree guint *indexes = NULL;
  g_autoptr(GPtrArray) threads = g_ptr_array_new ();
  g_autoptr(WbMatch) probe = NULL;
  WbScenario *scenario;
  Run run = { 0, };
  guint jobs, n = 0, shards, n_checks = 0;
  const WbRuleCheck *checks = NULL;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (options != NULL, NULL);

  if (options->games == 0 || options->games > 100000000)
    {
      g_set_error (error, WB_BALANCE_ERROR, WB_BALANCE_ERROR_INVALID,
                   _("The number of games must be from 1 to 100,000,000"));
      return NULL;
    }
  shards = MAX (options->shard_count, 1u);
  if (options->shard_index >= shards)
    {
      g_set_error (error, WB_BALANCE_ERROR, WB_BALANCE_ERROR_INVALID,
                   _("Shard %u of %u: the shard is counted from 0 to %u"), options->shard_index, shards, shards - 1);
      return NULL;
    }
  scenario = options->scenario != NULL ? wb_game_find_scenario (game, options->scenario)
             : wb_game_get_scenarios (game)->len > 0 ? g_ptr_array_index (wb_game_get_scenarios (game), 0) : NULL;
  if (scenario == NULL)
    {
      g_set_error (error, WB_BALANCE_ERROR, WB_BALANCE_ERROR_INVALID, _("No scenario “%s”"),
                   options->scenario != NULL ? options->scenario : "");
      return NULL;
    }
  /* The scenario and options are checked once, before any thread. */
  {
    g_autoptr(WbPlay) play = wb_play_new_full (game, "game.warbench", wb_scenario_get_id (scenario),
                                               options->options, options->first_seed, FALSE, NULL, error);

    if (play == NULL)
      return NULL;
    if (wb_play_is_free_play (play))
      {
        g_set_error (error, WB_BALANCE_ERROR, WB_BALANCE_ERROR_NOT_PLAYED,
                     _("The engine does not play the “%s” rules yet: no automatic games"),
                     wb_game_get_rules (game)->family);
        return NULL;
      }
    probe = wb_match_copy (wb_play_get_state (play));
    checks = wb_play_get_checks (play, &n_checks);
  }

  b = balance_new ();
  b->counts = _wb_balance_counts_new (checks, n_checks);
  data = wb_game_to_data (game, NULL);
  b->game_id = g_strdup (wb_game_get_id (game));
  b->game_sha256 = g_compute_checksum_for_string (G_CHECKSUM_SHA256, data, -1);
  b->scenario = g_strdup (wb_scenario_get_id (scenario));
  b->options = g_strdupv ((char **) options->options);
  b->first_seed = options->first_seed;
  b->games_total = options->games;
  b->shard_index = options->shard_index;
  b->shard_count = shards;
  b->n_sides = wb_match_n_sides (probe);
  for (guint s = 0; s < b->n_sides; s++)
    b->sides[s] = g_strdup (wb_match_side_name (probe, s));

  indexes = g_new (guint, options->games / shards + 1);
  for (guint i = options->shard_index; i < options->games; i += shards)
    indexes[n++] = i;

  if (cancellable == NULL)
    cancellable = own = g_cancellable_new ();
  run.data = data;
  run.scenario = b->scenario;
  run.options = options->options;
  run.first_seed = options->first_seed;
  run.max_actions = options->max_actions > 0 ? options->max_actions : DEFAULT_MAX_ACTIONS;
  run.indexes = indexes;
  run.n = n;
  run.slots = g_new0 (WbBalanceGame, MAX (n, 1u));
  run.tallies = g_new0 (WbTally *, MAX (n, 1u));
  /* A slot no worker reached (a stop) is not a game. */
  for (guint k = 0; k < n; k++)
    run.slots[k].winner = NOT_PLAYED;
  run.cancellable = cancellable;
  g_mutex_init (&run.lock);

  jobs = options->jobs > 0 ? options->jobs : g_get_num_processors ();
  jobs = CLAMP (jobs, 1u, MAX (n, 1u));
  jobs = MIN (jobs, 256u);
  for (guint j = 0; j < jobs; j++)
    g_ptr_array_add (threads, g_thread_new ("wb-balance", worker, &run));
  /* The calling thread reports progress and passes a stop on. */
  while ((guint) g_atomic_int_get (&run.done) < n && !g_cancellable_is_cancelled (cancellable))
    {
      gboolean all_ended = (guint) g_atomic_int_get (&run.next) >= n + jobs;

      if (progress != NULL && !progress ((guint) g_atomic_int_get (&run.done), n, user_data))
        g_cancellable_cancel (cancellable);
      if (all_ended)
        break;
      g_usleep (G_USEC_PER_SEC / 5);
    }
  for (guint j = 0; j < threads->len; j++)
    g_thread_join (g_ptr_array_index (threads, j));
  if (progress != NULL)
    progress ((guint) g_atomic_int_get (&run.done), n, user_data);

  /* The counts of the games finished, in seed order. */
  for (guint k = 0; k < n; k++)
    {
      if (run.slots[k].winner == NOT_PLAYED)
        game_clear (&run.slots[k]);
      else
        {
          g_array_append_val (b->games, run.slots[k]);
          _wb_balance_counts_add_game (b->counts, run.tallies[k]);
        }
      wb_tally_free (run.tallies[k]);
    }
  _wb_balance_counts_set_tables (b->counts, game);
  g_free (run.slots);
  g_free (run.tallies);
  g_mutex_clear (&run.lock);
  if (run.error != NULL && b->games->len == 0)
    {
      g_propagate_error (error, run.error);
      return NULL;
    }
  g_clear_error (&run.error);
  b->complete = b->games->len == n;
  return g_steal_pointer (&b);
}

/* --- statistics --------------------------------------------------------------- */

void
wb_balance_wilson (guint   k,
                   guint   n,
                   double *low,
                   double *high)
{
  const double z = 1.959963984540054;
  double p, d, c, h;

  if (n == 0)
    {
      *low = 0;
      *high = 1;
      return;
    }
  p = (double) k / n;
  d = 1 + z * z / n;
  c = (p + z * z / (2.0 * n)) / d;
  h = z * sqrt (p * (1 - p) / n + z * z / (4.0 * n * n)) / d;
  *low = MAX (0, c - h);
  *high = MIN (1, c + h);
}

static int
cmp_double (gconstpointer a,
            gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* The q-quantile of sorted @v (linear between neighbours). */
static double
quantile (const double *v,
          guint         n,
          double        q)
{
  double pos, frac;
  guint i;

  if (n == 0)
    return 0;
  pos = q * (n - 1);
  i = (guint) floor (pos);
  frac = pos - i;
  return i + 1 < n ? v[i] * (1 - frac) + v[i + 1] * frac : v[n - 1];
}

static void
add_quantiles (JsonBuilder *jb,
               double      *v,
               guint        n)
{
  double mean = 0, var = 0;

  qsort (v, n, sizeof *v, (int (*) (const void *, const void *)) cmp_double);
  for (guint i = 0; i < n; i++)
    mean += v[i];
  mean = n > 0 ? mean / n : 0;
  for (guint i = 0; i < n; i++)
    var += (v[i] - mean) * (v[i] - mean);
  json_builder_set_member_name (jb, "mean");
  json_builder_add_double_value (jb, round (mean * 1000) / 1000);
  json_builder_set_member_name (jb, "sd");
  json_builder_add_double_value (jb, n > 1 ? round (sqrt (var / (n - 1)) * 1000) / 1000 : 0);
  json_builder_set_member_name (jb, "min");
  json_builder_add_double_value (jb, n > 0 ? v[0] : 0);
  json_builder_set_member_name (jb, "q1");
  json_builder_add_double_value (jb, quantile (v, n, 0.25));
  json_builder_set_member_name (jb, "median");
  json_builder_add_double_value (jb, quantile (v, n, 0.5));
  json_builder_set_member_name (jb, "q3");
  json_builder_add_double_value (jb, quantile (v, n, 0.75));
  json_builder_set_member_name (jb, "max");
  json_builder_add_double_value (jb, n > 0 ? v[n - 1] : 0);
}

static int
cmp_game (gconstpointer a,
          gconstpointer b)
{
  guint64 x = ((const WbBalanceGame *) a)->seed, y = ((const WbBalanceGame *) b)->seed;

  return x < y ? -1 : x > y;
}

JsonNode *
wb_balance_summary_json (WbBalance *b)
{
  g_autoptr(JsonBuilder) jb = json_builder_new ();
  guint n = b->games->len, draws = 0, unfinished = 0, max_turn = 0;
  guint wins[WB_MATCH_MAX_SIDES] = { 0 }, decided[WB_MATCH_MAX_SIDES] = { 0 };
  g_autofree double *v = g_new0 (double, MAX (n, 1u));

  g_array_sort (b->games, cmp_game);
  for (guint i = 0; i < n; i++)
    {
      WbBalanceGame *g = &g_array_index (b->games, WbBalanceGame, i);

      if (g->winner >= 0 && (guint) g->winner < b->n_sides)
        wins[g->winner]++;
      else if (g->winner == -1)
        draws++;
      else
        unfinished++;
      if (g->decided > 0 && (guint) g->decided <= b->n_sides)
        decided[g->decided - 1]++;
      max_turn = MAX (max_turn, g->turn_vp != NULL ? g->turn_vp->len / MAX (b->n_sides, 1u) : 0);
    }

  json_builder_begin_object (jb);
  json_builder_set_member_name (jb, "games");
  json_builder_add_int_value (jb, n);
  json_builder_set_member_name (jb, "sides");
  json_builder_begin_array (jb);
  for (guint s = 0; s < b->n_sides; s++)
    {
      double lo, hi;

      wb_balance_wilson (wins[s], n, &lo, &hi);
      json_builder_begin_object (jb);
      json_builder_set_member_name (jb, "side");
      json_builder_add_string_value (jb, b->sides[s]);
      json_builder_set_member_name (jb, "wins");
      json_builder_add_int_value (jb, wins[s]);
      json_builder_set_member_name (jb, "win_rate");
      json_builder_add_double_value (jb, n > 0 ? round ((double) wins[s] / n * 1e4) / 1e4 : 0);
      json_builder_set_member_name (jb, "ci95");
      json_builder_begin_array (jb);
      json_builder_add_double_value (jb, round (lo * 1e4) / 1e4);
      json_builder_add_double_value (jb, round (hi * 1e4) / 1e4);
      json_builder_end_array (jb);
      json_builder_set_member_name (jb, "automatic_victories");
      json_builder_add_int_value (jb, decided[s]);
      json_builder_set_member_name (jb, "vp");
      json_builder_begin_object (jb);
      for (guint i = 0; i < n; i++)
        v[i] = g_array_index (b->games, WbBalanceGame, i).vp[s];
      add_quantiles (jb, v, n);
      json_builder_end_object (jb);
      json_builder_end_object (jb);
    }
  json_builder_end_array (jb);
  json_builder_set_member_name (jb, "draws");
  json_builder_add_int_value (jb, draws);
  json_builder_set_member_name (jb, "unfinished");
  json_builder_add_int_value (jb, unfinished);

  if (b->n_sides == 2)
    {
      json_builder_set_member_name (jb, "vp_margin");
      json_builder_begin_object (jb);
      json_builder_set_member_name (jb, "of");
      json_builder_add_string_value (jb, b->sides[0]);
      for (guint i = 0; i < n; i++)
        {
          WbBalanceGame *g = &g_array_index (b->games, WbBalanceGame, i);

          v[i] = g->vp[0] - g->vp[1];
        }
      add_quantiles (jb, v, n);
      json_builder_end_object (jb);
    }

  json_builder_set_member_name (jb, "turns");
  json_builder_begin_object (jb);
  for (guint i = 0; i < n; i++)
    v[i] = g_array_index (b->games, WbBalanceGame, i).turns;
  add_quantiles (jb, v, n);
  json_builder_end_object (jb);
  json_builder_set_member_name (jb, "actions");
  json_builder_begin_object (jb);
  for (guint i = 0; i < n; i++)
    v[i] = g_array_index (b->games, WbBalanceGame, i).actions;
  add_quantiles (jb, v, n);
  json_builder_end_object (jb);

  /* Per turn and side: the VP at the end of the turn over the games that
   * played it. */
  json_builder_set_member_name (jb, "turn_vp");
  json_builder_begin_array (jb);
  for (guint t = 0; t < max_turn; t++)
    {
      json_builder_begin_object (jb);
      json_builder_set_member_name (jb, "turn");
      json_builder_add_int_value (jb, t + 1);
      for (guint s = 0; s < b->n_sides; s++)
        {
          guint k = 0;

          for (guint i = 0; i < n; i++)
            {
              GArray *tv = g_array_index (b->games, WbBalanceGame, i).turn_vp;

              if (tv != NULL && (t + 1) * b->n_sides <= tv->len)
                v[k++] = g_array_index (tv, int, t * b->n_sides + s);
            }
          qsort (v, k, sizeof *v, (int (*) (const void *, const void *)) cmp_double);
          json_builder_set_member_name (jb, b->sides[s]);
          json_builder_begin_array (jb);
          json_builder_add_double_value (jb, quantile (v, k, 0.25));
          json_builder_add_double_value (jb, quantile (v, k, 0.5));
          json_builder_add_double_value (jb, quantile (v, k, 0.75));
          json_builder_end_array (jb);
        }
      json_builder_end_object (jb);
    }
  json_builder_end_array (jb);
  _wb_balance_counts_summary (b->counts, n, jb);
  json_builder_end_object (jb);
  return json_builder_get_root (jb);
}

/* --- files ---------------------------------------------------------------------- */

JsonNode *
wb_balance_to_json (WbBalance *b)
{
  g_autoptr(JsonBuilder) jb = json_builder_new ();

  g_array_sort (b->games, cmp_game);
  json_builder_begin_object (jb);
  json_builder_set_member_name (jb, "format");
  json_builder_add_string_value (jb, "warbench-balance");
  json_builder_set_member_name (jb, "version");
  json_builder_add_int_value (jb, 2);
  json_builder_set_member_name (jb, "game");
  json_builder_add_string_value (jb, b->game_id != NULL ? b->game_id : "");
  json_builder_set_member_name (jb, "game_sha256");
  json_builder_add_string_value (jb, b->game_sha256 != NULL ? b->game_sha256 : "");
  json_builder_set_member_name (jb, "scenario");
  json_builder_add_string_value (jb, b->scenario);
  json_builder_set_member_name (jb, "options");
  json_builder_begin_array (jb);
  for (guint i = 0; b->options != NULL && b->options[i] != NULL; i++)
    json_builder_add_string_value (jb, b->options[i]);
  json_builder_end_array (jb);
  json_builder_set_member_name (jb, "first_seed");
  {
    char seed[32];

    g_snprintf (seed, sizeof seed, "%" G_GUINT64_FORMAT, b->first_seed);
    json_builder_add_string_value (jb, seed);
  }
  json_builder_set_member_name (jb, "games_total");
  json_builder_add_int_value (jb, b->games_total);
  json_builder_set_member_name (jb, "shard");
  json_builder_begin_array (jb);
  json_builder_add_int_value (jb, b->shard_index);
  json_builder_add_int_value (jb, b->shard_count);
  json_builder_end_array (jb);
  json_builder_set_member_name (jb, "complete");
  json_builder_add_boolean_value (jb, b->complete);
  json_builder_set_member_name (jb, "side_names");
  json_builder_begin_array (jb);
  for (guint s = 0; s < b->n_sides; s++)
    json_builder_add_string_value (jb, b->sides[s]);
  json_builder_end_array (jb);
  json_builder_set_member_name (jb, "summary");
  json_builder_add_value (jb, wb_balance_summary_json (b));
  /* Version 2: the totals a merge adds up (absent: not recorded). */
  if (b->counts != NULL)
    {
      json_builder_set_member_name (jb, "counts");
      json_builder_add_value (jb, _wb_balance_counts_to_json (b->counts));
    }
  json_builder_set_member_name (jb, "records");
  json_builder_begin_array (jb);
  for (guint i = 0; i < b->games->len; i++)
    {
      WbBalanceGame *g = &g_array_index (b->games, WbBalanceGame, i);
      char seed[32];

      g_snprintf (seed, sizeof seed, "%" G_GUINT64_FORMAT, g->seed);
      json_builder_begin_array (jb);
      json_builder_add_string_value (jb, seed);
      json_builder_add_int_value (jb, g->winner);
      json_builder_add_int_value (jb, g->decided);
      json_builder_add_int_value (jb, g->turns);
      json_builder_add_int_value (jb, g->actions);
      json_builder_begin_array (jb);
      for (guint k = 0; g->turn_vp != NULL && k < g->turn_vp->len; k++)
        json_builder_add_int_value (jb, g_array_index (g->turn_vp, int, k));
      json_builder_end_array (jb);
      json_builder_end_array (jb);
    }
  json_builder_end_array (jb);
  json_builder_end_object (jb);
  return json_builder_get_root (jb);
}

static gboolean
bad (GError    **error,
     const char *name,
     const char *what)
{
  g_set_error (error, WB_BALANCE_ERROR, WB_BALANCE_ERROR_INVALID, _("%s: not a balance run (%s)"), name, what);
  return FALSE;
}

WbBalance *
wb_balance_from_json (JsonNode   *node,
                      const char *name,
                      GError    **error)
{
  g_autoptr(WbBalance) b = balance_new ();
  JsonObject *o;
  JsonArray *a, *records;
  guint64 first_seed;
  gint64 version;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node) ||
      g_strcmp0 (json_object_get_string_member_with_default (o = json_node_get_object (node), "format", ""),
                 "warbench-balance") != 0)
    return bad (error, name, _("“format” is not “warbench-balance”")), NULL;
  /* Version 1 has no counts: read, it reports them as not recorded. */
  version = json_object_get_int_member_with_default (o, "version", 0);
  if (version != 1 && version != 2)
    return bad (error, name, _("a version other than 1 or 2")), NULL;
  if (version >= 2 && json_object_has_member (o, "counts") &&
      (b->counts = _wb_balance_counts_from_json (json_object_get_member (o, "counts"), name, error)) == NULL)
    return NULL;
  if (!g_ascii_string_to_unsigned (json_object_get_string_member_with_default (o, "first_seed", ""), 10, 0,
                                   G_MAXUINT64, &first_seed, NULL))
    return bad (error, name, _("“first_seed”")), NULL;
  b->first_seed = first_seed;
  b->game_id = g_strdup (json_object_get_string_member_with_default (o, "game", ""));
  b->game_sha256 = g_strdup (json_object_get_string_member_with_default (o, "game_sha256", ""));
  b->scenario = g_strdup (json_object_get_string_member_with_default (o, "scenario", ""));
  b->games_total = (guint) CLAMP (json_object_get_int_member_with_default (o, "games_total", 0), 0, 100000000);
  b->complete = json_object_get_boolean_member_with_default (o, "complete", FALSE);
  if ((a = json_object_get_array_member (o, "options")) != NULL)
    {
      g_autoptr(GStrvBuilder) sb = g_strv_builder_new ();

      for (guint i = 0; i < json_array_get_length (a); i++)
        g_strv_builder_add (sb, json_array_get_string_element (a, i) != NULL ? json_array_get_string_element (a, i) : "");
      b->options = g_strv_builder_end (sb);
    }
  if ((a = json_object_get_array_member (o, "shard")) == NULL || json_array_get_length (a) != 2)
    return bad (error, name, _("“shard”")), NULL;
  b->shard_index = (guint) json_array_get_int_element (a, 0);
  b->shard_count = (guint) MAX (json_array_get_int_element (a, 1), 1);
  if ((a = json_object_get_array_member (o, "side_names")) == NULL || json_array_get_length (a) < 1 ||
      json_array_get_length (a) > WB_MATCH_MAX_SIDES)
    return bad (error, name, _("“side_names”")), NULL;
  b->n_sides = json_array_get_length (a);
  for (guint s = 0; s < b->n_sides; s++)
    b->sides[s] = g_strdup (json_array_get_string_element (a, s) != NULL ? json_array_get_string_element (a, s) : "");
  if ((records = json_object_get_array_member (o, "records")) == NULL)
    return bad (error, name, _("“records”")), NULL;
  for (guint i = 0; i < json_array_get_length (records); i++)
    {
      JsonArray *r = json_array_get_array_element (records, i);
      WbBalanceGame g = { 0, };
      JsonArray *tv;
      guint64 seed;

      if (r == NULL || json_array_get_length (r) != 6 ||
          !g_ascii_string_to_unsigned (json_array_get_string_element (r, 0) != NULL ? json_array_get_string_element (r, 0) : "",
                                       10, 0, G_MAXUINT64, &seed, NULL) ||
          (tv = json_array_get_array_element (r, 5)) == NULL || json_array_get_length (tv) % b->n_sides != 0)
        {
          g_autofree char *what = g_strdup_printf (_("record %u"), i + 1);

          return bad (error, name, what), NULL;
        }
      g.seed = seed;
      g.winner = (int) json_array_get_int_element (r, 1);
      g.decided = (int) json_array_get_int_element (r, 2);
      g.turns = (int) json_array_get_int_element (r, 3);
      g.actions = (guint) json_array_get_int_element (r, 4);
      g.turn_vp = g_array_new (FALSE, TRUE, sizeof (int));
      for (guint k = 0; k < json_array_get_length (tv); k++)
        {
          int x = (int) json_array_get_int_element (tv, k);

          g_array_append_val (g.turn_vp, x);
        }
      if (g.turn_vp->len >= b->n_sides)
        memcpy (g.vp, &g_array_index (g.turn_vp, int, g.turn_vp->len - b->n_sides), b->n_sides * sizeof (int));
      g_array_append_val (b->games, g);
    }
  return g_steal_pointer (&b);
}

gboolean
wb_balance_merge (WbBalance *b,
                  WbBalance *part,
                  GError   **error)
{
  g_autoptr(GHashTable) seeds = NULL;

  if (g_strcmp0 (b->game_sha256, part->game_sha256) != 0 || g_strcmp0 (b->scenario, part->scenario) != 0 ||
      b->first_seed != part->first_seed || b->games_total != part->games_total || b->n_sides != part->n_sides ||
      !g_strv_equal ((const char * const *) (b->options != NULL ? b->options : (char *[]) { NULL }),
                     (const char * const *) (part->options != NULL ? part->options : (char *[]) { NULL })))
    {
      g_set_error (error, WB_BALANCE_ERROR, WB_BALANCE_ERROR_MISMATCH,
                   _("The parts are of different runs: the game file, the scenario, the options, the first seed "
                     "and the number of games must be the same"));
      return FALSE;
    }
  seeds = g_hash_table_new (g_int64_hash, g_int64_equal);
  for (guint i = 0; i < b->games->len; i++)
    g_hash_table_add (seeds, &g_array_index (b->games, WbBalanceGame, i).seed);
  for (guint i = 0; i < part->games->len; i++)
    if (g_hash_table_contains (seeds, &g_array_index (part->games, WbBalanceGame, i).seed))
      {
        g_set_error (error, WB_BALANCE_ERROR, WB_BALANCE_ERROR_MISMATCH,
                     _("The seed %llu is in two parts"),
                     (unsigned long long) g_array_index (part->games, WbBalanceGame, i).seed);
        return FALSE;
      }
  g_clear_pointer (&seeds, g_hash_table_unref);
  /* Counts missing from one part are missing from the whole. */
  if (b->counts != NULL && part->counts != NULL)
    _wb_balance_counts_merge (b->counts, part->counts);
  else
    g_clear_pointer (&b->counts, _wb_balance_counts_free);
  for (guint i = 0; i < part->games->len; i++)
    {
      WbBalanceGame g = g_array_index (part->games, WbBalanceGame, i);

      g.turn_vp = g.turn_vp != NULL ? g_array_ref (g.turn_vp) : NULL;
      g_array_append_val (b->games, g);
    }
  g_array_sort (b->games, cmp_game);
  /* Merged, the run is whole when it holds every seed. */
  b->shard_index = 0;
  b->shard_count = 1;
  b->complete = b->games->len == b->games_total;
  return TRUE;
}

char *
wb_balance_to_csv (WbBalance *b)
{
  GString *s = g_string_new ("seed,winner,automatic_victory,turns,actions");

  g_array_sort (b->games, cmp_game);
  for (guint k = 0; k < b->n_sides; k++)
    g_string_append_printf (s, ",vp_%s", b->sides[k]);
  g_string_append (s, "\r\n");
  for (guint i = 0; i < b->games->len; i++)
    {
      WbBalanceGame *g = &g_array_index (b->games, WbBalanceGame, i);
      const char *winner = g->winner >= 0 && (guint) g->winner < b->n_sides ? b->sides[g->winner]
                           : g->winner == -1 ? "draw" : "unfinished";

      g_string_append_printf (s, "%" G_GUINT64_FORMAT ",%s,%s,%d,%u", g->seed, winner, g->decided > 0 ? "yes" : "no",
                              g->turns, g->actions);
      for (guint k = 0; k < b->n_sides; k++)
        g_string_append_printf (s, ",%d", g->vp[k]);
      g_string_append (s, "\r\n");
    }
  return g_string_free (s, FALSE);
}

static double
member_double (JsonObject *o,
               const char *a,
               const char *m)
{
  JsonObject *sub = json_object_get_object_member (o, a);

  return sub != NULL ? json_object_get_double_member_with_default (sub, m, 0) : 0;
}

char *
wb_balance_to_text (WbBalance *b)
{
  g_autoptr(JsonNode) node = wb_balance_summary_json (b);
  JsonObject *sum = json_node_get_object (node);
  JsonArray *sides = json_object_get_array_member (sum, "sides");
  JsonArray *turns = json_object_get_array_member (sum, "turn_vp");
  guint n = b->games->len;
  GString *s = g_string_new (NULL);

  g_string_append_printf (s, _("%u games of %s (seeds %llu to %llu%s)%s\n"), n,
                          b->scenario, (unsigned long long) b->first_seed,
                          (unsigned long long) (b->first_seed + b->games_total - 1),
                          b->shard_count > 1 ? _(", one shard") : "", b->complete ? "" : _(", stopped early"));
  /* xgettext:no-c-format */
  g_string_append (s, _("Wins (95 % confidence interval):\n"));
  for (guint i = 0; i < json_array_get_length (sides); i++)
    {
      JsonObject *o = json_array_get_object_element (sides, i);
      JsonArray *ci = json_object_get_array_member (o, "ci95");

      g_string_append_printf (s, _("  %-16s %5.1f %%  (%.1f–%.1f %%), %lld wins, %lld"
                                   " automatic victories; VP median %g (quartiles %g–%g)\n"),
                              json_object_get_string_member (o, "side"),
                              json_object_get_double_member (o, "win_rate") * 100,
                              json_array_get_double_element (ci, 0) * 100, json_array_get_double_element (ci, 1) * 100,
                              (long long) json_object_get_int_member (o, "wins"), (long long) json_object_get_int_member (o, "automatic_victories"),
                              member_double (o, "vp", "median"), member_double (o, "vp", "q1"),
                              member_double (o, "vp", "q3"));
    }
  g_string_append_printf (s, _("  Draws %lld, unfinished %lld\n"),
                          (long long) json_object_get_int_member (sum, "draws"), (long long) json_object_get_int_member (sum, "unfinished"));
  if (json_object_has_member (sum, "vp_margin"))
    g_string_append_printf (s, _("VP margin (%s minus the other): mean %.2f, sd %.2f, median %g, quartiles %g to %g, "
                                 "range %g to %g\n"),
                            b->sides[0], member_double (sum, "vp_margin", "mean"), member_double (sum, "vp_margin", "sd"),
                            member_double (sum, "vp_margin", "median"), member_double (sum, "vp_margin", "q1"),
                            member_double (sum, "vp_margin", "q3"), member_double (sum, "vp_margin", "min"),
                            member_double (sum, "vp_margin", "max"));
  g_string_append_printf (s, _("Length: %.2f turns on average (%g to %g), %.0f actions a game\n"),
                          member_double (sum, "turns", "mean"), member_double (sum, "turns", "min"),
                          member_double (sum, "turns", "max"), member_double (sum, "actions", "mean"));
  g_string_append (s, _("VP at the end of each turn (median, quartiles):\n"));
  for (guint t = 0; turns != NULL && t < json_array_get_length (turns); t++)
    {
      JsonObject *o = json_array_get_object_element (turns, t);

      g_string_append_printf (s, _("  Turn %2lld:"), (long long) json_object_get_int_member (o, "turn"));
      for (guint k = 0; k < b->n_sides; k++)
        {
          JsonArray *q = json_object_get_array_member (o, b->sides[k]);

          g_string_append_printf (s, "  %s %g (%g–%g)", b->sides[k], json_array_get_double_element (q, 1),
                                  json_array_get_double_element (q, 0), json_array_get_double_element (q, 2));
        }
      g_string_append_c (s, '\n');
    }
  _wb_balance_counts_text (sum, s);
  return g_string_free (s, FALSE);
}

char *
wb_balance_counts_to_csv (WbBalance *b)
{
  g_autoptr(JsonNode) node = NULL;

  g_return_val_if_fail (b != NULL, NULL);
  node = wb_balance_summary_json (b);
  return _wb_balance_counts_csv (json_node_get_object (node));
}

const WbTally *
wb_balance_get_tally (WbBalance *b)
{
  g_return_val_if_fail (b != NULL, NULL);
  return b->counts != NULL ? _wb_balance_counts_get_tally (b->counts) : NULL;
}

/* --- variants compared ---------------------------------------------------------- */

WbGame *
wb_balance_game_with_table (WbGame     *game,
                            const char *id,
                            const char *other_id,
                            GError    **error)
{
  g_autofree char *data = NULL;
  g_autoptr(WbGame) copy = NULL;
  WbTable *table, *other;
  GPtrArray *rows, *from;

  g_return_val_if_fail (WB_IS_GAME (game) && id != NULL && other_id != NULL, NULL);
  table = wb_game_find_table (game, id);
  other = wb_game_find_table (game, other_id);
  if (table == NULL || other == NULL)
    {
      g_set_error (error, WB_BALANCE_ERROR, WB_BALANCE_ERROR_INVALID, _("The game has no table “%s”"),
                   table == NULL ? id : other_id);
      return NULL;
    }
  /* Only the cells change: the table keeps its id, dice, columns and
   * links (a pair, its ends), so the family reads it as before. */
  if (wb_table_get_kind (table) != wb_table_get_kind (other) ||
      wb_table_get_columns (table)->len != wb_table_get_columns (other)->len ||
      wb_table_get_rows (table)->len != wb_table_get_rows (other)->len)
    {
      g_set_error (error, WB_BALANCE_ERROR, WB_BALANCE_ERROR_INVALID,
                   _("Table “%s” (%s, %u columns, %u rows) cannot stand in for table “%s” (%s, %u columns, %u rows): "
                     "the same kind and shape are needed"),
                   other_id, wb_table_kind_to_string (wb_table_get_kind (other)), wb_table_get_columns (other)->len,
                   wb_table_get_rows (other)->len, id, wb_table_kind_to_string (wb_table_get_kind (table)),
                   wb_table_get_columns (table)->len, wb_table_get_rows (table)->len);
      return NULL;
    }
  /* A copy of the whole game: the caller's stays as it is. */
  data = wb_game_to_data (game, NULL);
  copy = wb_game_load_from_data (data, -1, "game.warbench", error);
  if (copy == NULL)
    return NULL;
  rows = wb_table_get_rows (wb_game_find_table (copy, id));
  from = wb_table_get_rows (wb_game_find_table (copy, other_id));
  for (guint i = 0; i < rows->len; i++)
    {
      GPtrArray *cells = ((WbTableRow *) g_ptr_array_index (rows, i))->cells;
      GPtrArray *given = ((WbTableRow *) g_ptr_array_index (from, i))->cells;

      for (guint k = 0; k < cells->len && k < given->len; k++)
        {
          g_free (cells->pdata[k]);
          cells->pdata[k] = g_strdup (given->pdata[k]);
        }
    }
  return g_steal_pointer (&copy);
}

static double
normal_two_sided_p (double z)
{
  return erfc (fabs (z) / G_SQRT2);
}

static void
margin_stats (WbBalance *b,
              double    *mean,
              double    *var)
{
  guint n = b->games->len;
  double m = 0, v = 0;

  for (guint i = 0; i < n; i++)
    {
      WbBalanceGame *g = &g_array_index (b->games, WbBalanceGame, i);

      m += g->vp[0] - g->vp[1];
    }
  m = n > 0 ? m / n : 0;
  for (guint i = 0; i < n; i++)
    {
      WbBalanceGame *g = &g_array_index (b->games, WbBalanceGame, i);
      double d = g->vp[0] - g->vp[1] - m;

      v += d * d;
    }
  *mean = m;
  *var = n > 1 ? v / (n - 1) : 0;
}

JsonNode *
wb_balance_compare_json (WbBalance *a,
                         WbBalance *b)
{
  g_autoptr(JsonBuilder) jb = json_builder_new ();
  guint na = a->games->len, nb = b->games->len;

  g_return_val_if_fail (a->n_sides == b->n_sides, NULL);

  json_builder_begin_object (jb);
  json_builder_set_member_name (jb, "test");
  json_builder_add_string_value (jb, "two-proportion z-test (pooled) for win rates; Welch's t-test, normal "
                                     "approximation, for the VP margin; two-sided, significant below p = 0.05");
  json_builder_set_member_name (jb, "sides");
  json_builder_begin_array (jb);
  for (guint s = 0; s < a->n_sides; s++)
    {
      guint ka = 0, kb = 0;
      double pa, pb, pool, se, z, p;

      for (guint i = 0; i < na; i++)
        ka += g_array_index (a->games, WbBalanceGame, i).winner == (int) s;
      for (guint i = 0; i < nb; i++)
        kb += g_array_index (b->games, WbBalanceGame, i).winner == (int) s;
      pa = na > 0 ? (double) ka / na : 0;
      pb = nb > 0 ? (double) kb / nb : 0;
      pool = na + nb > 0 ? (double) (ka + kb) / (na + nb) : 0;
      se = na > 0 && nb > 0 ? sqrt (pool * (1 - pool) * (1.0 / na + 1.0 / nb)) : 0;
      z = se > 0 ? (pb - pa) / se : 0;
      p = se > 0 ? normal_two_sided_p (z) : 1;
      json_builder_begin_object (jb);
      json_builder_set_member_name (jb, "side");
      json_builder_add_string_value (jb, a->sides[s]);
      json_builder_set_member_name (jb, "win_rate_a");
      json_builder_add_double_value (jb, round (pa * 1e4) / 1e4);
      json_builder_set_member_name (jb, "win_rate_b");
      json_builder_add_double_value (jb, round (pb * 1e4) / 1e4);
      json_builder_set_member_name (jb, "z");
      json_builder_add_double_value (jb, round (z * 1e3) / 1e3);
      json_builder_set_member_name (jb, "p");
      json_builder_add_double_value (jb, round (p * 1e4) / 1e4);
      json_builder_set_member_name (jb, "significant");
      json_builder_add_boolean_value (jb, p < 0.05);
      json_builder_end_object (jb);
    }
  json_builder_end_array (jb);
  if (a->n_sides == 2)
    {
      double ma, va, mb, vb, se, t, p;

      margin_stats (a, &ma, &va);
      margin_stats (b, &mb, &vb);
      se = na > 0 && nb > 0 ? sqrt (va / na + vb / nb) : 0;
      t = se > 0 ? (mb - ma) / se : 0;
      p = se > 0 ? normal_two_sided_p (t) : 1;
      json_builder_set_member_name (jb, "vp_margin");
      json_builder_begin_object (jb);
      json_builder_set_member_name (jb, "mean_a");
      json_builder_add_double_value (jb, round (ma * 1e3) / 1e3);
      json_builder_set_member_name (jb, "mean_b");
      json_builder_add_double_value (jb, round (mb * 1e3) / 1e3);
      json_builder_set_member_name (jb, "t");
      json_builder_add_double_value (jb, round (t * 1e3) / 1e3);
      json_builder_set_member_name (jb, "p");
      json_builder_add_double_value (jb, round (p * 1e4) / 1e4);
      json_builder_set_member_name (jb, "significant");
      json_builder_add_boolean_value (jb, p < 0.05);
      json_builder_end_object (jb);
    }
  json_builder_end_object (jb);
  return json_builder_get_root (jb);
}

char *
wb_balance_compare_text (WbBalance *a,
                         WbBalance *b)
{
  g_autoptr(JsonNode) node = wb_balance_compare_json (a, b);
  JsonObject *o;
  JsonArray *sides;
  GString *s;

  if (node == NULL)
    return g_strdup (_("The two runs have different sides: not compared\n"));
  o = json_node_get_object (node);
  sides = json_object_get_array_member (o, "sides");
  s = g_string_new (_("A against B, the same seeds:\n"));
  for (guint i = 0; i < json_array_get_length (sides); i++)
    {
      JsonObject *x = json_array_get_object_element (sides, i);

      g_string_append_printf (s, _("  %s wins %.1f %% → %.1f %%: %s (z = %.2f, p = %.4f)\n"),
                              json_object_get_string_member (x, "side"),
                              json_object_get_double_member (x, "win_rate_a") * 100,
                              json_object_get_double_member (x, "win_rate_b") * 100,
                              json_object_get_boolean_member (x, "significant") ? _("a significant difference")
                                                                                : _("no significant difference"),
                              json_object_get_double_member (x, "z"), json_object_get_double_member (x, "p"));
    }
  if (json_object_has_member (o, "vp_margin"))
    {
      JsonObject *m = json_object_get_object_member (o, "vp_margin");

      g_string_append_printf (s, _("  VP margin %.2f → %.2f: %s (Welch t = %.2f, p = %.4f)\n"),
                              json_object_get_double_member (m, "mean_a"), json_object_get_double_member (m, "mean_b"),
                              json_object_get_boolean_member (m, "significant") ? _("a significant difference")
                                                                                : _("no significant difference"),
                              json_object_get_double_member (m, "t"), json_object_get_double_member (m, "p"));
    }
  g_string_append (s, _("  (two-sided tests at 5 %: two proportions for the win rates, Welch's for the margin)\n"));
  return g_string_free (s, FALSE);
}
