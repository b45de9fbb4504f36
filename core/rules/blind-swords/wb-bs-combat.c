/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-bs-combat"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "wb-error.h"
#include "wb-game.h"
#include "wb-table.h"
#include "wb-table-resolve.h"
#include "rules/blind-swords/wb-bs-combat.h"
#include "rules/blind-swords/wb-bs-params.h"

/* The combat tables are read once into flat arrays indexed by throw,
 * column and modified CR, so that a resolution is a few loads; the
 * printed codes are parsed here, once, into their parts. */

#define UNKNOWN 0xff

static inline int
throw_index (int coloured, int white)
{
  return (coloured - 1) * 6 + (white - 1);
}

static inline int
clamp_cr (const WbBsTables *t, int cr)
{
  return CLAMP (cr, t->cr_min, t->cr_max);
}

const char *
wb_bs_test_name (WbBsTest test)
{
  switch (test)
    {
    case WB_BS_TEST_NONE: return _("no effect");
    case WB_BS_TEST_CLOSE_FIGHT: return _("Close Fight");
    case WB_BS_TEST_ROUTINE: return _("Routine");
    case WB_BS_TEST_TOUGH: return _("Tough");
    case WB_BS_TEST_SEVERE: return _("Severe");
    case WB_BS_TEST_UNKNOWN:
    default:
      return _("unknown");
    }
}

/* The test a Cohesion Test Table column (or a CRT code's test column)
 * stands for: the rules' names (11.0, 12.1, 12.2). */
static WbBsTest
test_from_label (const char *label)
{
  static const struct { const char *label; WbBsTest test; } names[] = {
    { "Close Fight", WB_BS_TEST_CLOSE_FIGHT },
    { "Routine", WB_BS_TEST_ROUTINE },
    { "Tough", WB_BS_TEST_TOUGH },
    { "Severe", WB_BS_TEST_SEVERE },
  };

  for (guint i = 0; label != NULL && i < G_N_ELEMENTS (names); i++)
    if (g_ascii_strcasecmp (label, names[i].label) == 0)
      return names[i].test;
  return WB_BS_TEST_UNKNOWN;
}

/* ---- Codes ---- */

WbBsDepletion
wb_bs_depletion_from_code (const char *code)
{
  static const struct { const char *code; WbBsDepletion d; } codes[] = {
    { "-", WB_BS_DEPLETE_NONE }, { "D", WB_BS_DEPLETE_D }, { "D2", WB_BS_DEPLETE_D2 },
    { "D all", WB_BS_DEPLETE_ALL }, { "AD", WB_BS_DEPLETE_AD }, { "BD*", WB_BS_DEPLETE_BD },
    { "BD", WB_BS_DEPLETE_BD },
  };

  if (code == NULL || wb_table_cell_is_unknown (code))
    return WB_BS_DEPLETE_UNKNOWN;
  for (guint i = 0; i < G_N_ELEMENTS (codes); i++)
    if (g_ascii_strcasecmp (code, codes[i].code) == 0)
      return codes[i].d;
  return WB_BS_DEPLETE_UNKNOWN;
}

/* A count after a prefix: "RA2" → 2; FALSE unless digits follow. */
static gboolean
count_after (const char *word, const char *prefix, guint8 *out)
{
  gsize n = strlen (prefix);
  char *end;
  long v;

  if (strncmp (word, prefix, n) != 0 || !g_ascii_isdigit (word[n]))
    return FALSE;
  v = strtol (word + n, &end, 10);
  if (*end != '\0' || v < 1 || v > 9)
    return FALSE;
  *out = (guint8) v;
  return TRUE;
}

gboolean
wb_bs_skedaddle_parse (const char *code,
                       WbBsSkedaddle *out)
{
  g_auto(GStrv) words = NULL;

  g_return_val_if_fail (out != NULL, FALSE);
  memset (out, 0, sizeof *out);
  if (code == NULL)
    return FALSE;
  if (wb_table_cell_is_unknown (code))
    {
      out->unknown = 1;
      return TRUE;
    }
  words = g_strsplit (code, " ", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *w = words[i];
      g_autofree char *bare = NULL;

      if (*w == '\0' || strcmp (w, "-") == 0)
        continue;
      /* "(P1)": the Panic part is printed in brackets. */
      if (w[0] == '(' && w[strlen (w) - 1] == ')')
        w = bare = g_strndup (w + 1, strlen (w) - 2);
      if (strcmp (w, "MH") == 0)
        out->morale += 1;
      else if (strcmp (w, "2MH") == 0)
        out->morale += 2;
      else if (strcmp (w, "BT") == 0)
        out->break_test = 1;
      /* The 12.8 example writes the Attacker Morale Hit "AM". */
      else if (strcmp (w, "AMH") == 0 || strcmp (w, "AM") == 0)
        out->attacker_morale += 1;
      else if (count_after (w, "RA", &out->retreat_all) || count_after (w, "AR", &out->attacker_retreat) ||
               count_after (w, "R", &out->retreat) || count_after (w, "P", &out->panic))
        ;
      else
        return FALSE;
    }
  return TRUE;
}

WbBsTest
wb_bs_test_from_code (const WbBsTables *t,
                      const char *code,
                      WbBsCombatKind kind)
{
  const WbResultCode *rc;

  g_return_val_if_fail (t != NULL, WB_BS_TEST_UNKNOWN);
  if (code == NULL || wb_table_cell_is_unknown (code))
    return WB_BS_TEST_UNKNOWN;
  rc = wb_table_find_code (t->crt, code);
  if (rc == NULL)
    return WB_BS_TEST_UNKNOWN;
  if (rc->test == NULL)
    return kind == WB_BS_CLOSE ? WB_BS_TEST_CLOSE_FIGHT : WB_BS_TEST_NONE;
  return test_from_label (rc->test_column);
}

/* ---- Compiling ---- */

static WbTable *
find_table (WbGame *game, WbParams *p, const char *param, gboolean twins, const char *id, GError **error)
{
  WbTable *table;

  /* The rulebook-only twin of the table, when the option is chosen. */
  if (twins)
    {
      WbParams entry;

      if (wb_params_entry (p, "rulebook_tables", id, &entry))
        id = wb_params_string (&entry, "value");
    }
  table = id != NULL ? wb_game_find_table (game, id) : NULL;
  if (table == NULL)
    g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_NOT_FOUND,
                 _("rules.params.%s: the game has no table “%s”"), param, id != NULL ? id : "");
  return table;
}

static gboolean
invalid (GError **error, WbTable *table, const char *format, ...) G_GNUC_PRINTF (3, 4);

static gboolean
invalid (GError **error, WbTable *table, const char *format, ...)
{
  va_list args;
  g_autofree char *what = NULL;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID, _("Table “%s”: %s"),
               wb_table_get_id (table), what);
  return FALSE;
}

/* "green:0-1 yellow:2-4" into the test each CR takes (@tests[cr]). */
static gboolean
compile_cell (WbBsTables *t, WbTable *crt, const char *cell, guint8 *tests, GError **error)
{
  g_auto(GStrv) bands = NULL;

  if (wb_table_cell_is_unknown (cell))
    {
      memset (tests, WB_BS_TEST_UNKNOWN, WB_BS_CR_SLOTS);
      return TRUE;
    }
  memset (tests, WB_BS_TEST_NONE, WB_BS_CR_SLOTS);
  if (strcmp (cell, "-") == 0)
    return TRUE;
  bands = g_strsplit (cell, " ", -1);
  for (guint i = 0; bands[i] != NULL; i++)
    {
      const char *colon = strchr (bands[i], ':');
      g_autofree char *colour = NULL;
      const WbResultCode *rc;
      WbBsTest test;
      char *end;
      long lo, hi;

      if (*bands[i] == '\0')
        continue;
      if (colon == NULL)
        return invalid (error, crt, _("the cell “%s” is not coloured CR boxes (colour:lo-hi)"), cell);
      colour = g_strndup (bands[i], colon - bands[i]);
      rc = wb_table_find_code (crt, colour);
      if (rc == NULL || rc->test_column == NULL)
        return invalid (error, crt, _("the box colour “%s” is not a code sending to a Cohesion Test"), colour);
      test = test_from_label (rc->test_column);
      if (test == WB_BS_TEST_UNKNOWN || test == WB_BS_TEST_CLOSE_FIGHT)
        return invalid (error, crt, _("the code “%s” tests on “%s”, which is not Routine, Tough or Severe"),
                        colour, rc->test_column);
      lo = strtol (colon + 1, &end, 10);
      hi = *end == '-' ? strtol (end + 1, &end, 10) : lo;
      if (*end != '\0' || lo < 0 || hi < lo || hi >= WB_BS_CR_SLOTS)
        return invalid (error, crt, _("the box “%s” is not a CR range"), bands[i]);
      for (long cr = lo; cr <= hi; cr++)
        tests[cr] = (guint8) test;
    }
  return TRUE;
}

static gboolean
compile_crt (WbBsTables *t, WbTable *crt, GError **error)
{
  GPtrArray *columns = wb_table_get_columns (crt);
  GPtrArray *rows = wb_table_get_rows (crt);
  const WbTableEnds *ends = wb_table_get_ends (crt);
  gboolean seen[WB_BS_THROWS] = { FALSE };

  if (g_strcmp0 (wb_table_get_dice (crt), "d66") != 0)
    return invalid (error, crt, _("the CRT is read on d66 (9.3a), not “%s”"), wb_table_get_dice (crt));
  if (columns->len == 0 || columns->len > WB_BS_MAX_COLUMNS)
    return invalid (error, crt, _("%u columns (1 to %d)"), columns->len, WB_BS_MAX_COLUMNS);
  t->n_columns = (guint8) columns->len;
  for (guint c = 0; c < columns->len; c++)
    {
      const WbTableColumn *col = g_ptr_array_index (columns, c);

      /* Columns by firing SPs: C is ½ (2.1), so half SPs are whole. */
      t->column_lo[c] = (guint16) MAX (0, (int) (col->lo * 2 + 0.5));
      t->column_hi[c] = (guint16) MAX (0, (int) (col->hi * 2 + 0.5));
      if (t->column_lo[c] == 0 || t->column_hi[c] < t->column_lo[c] ||
          (c > 0 && t->column_lo[c] <= t->column_hi[c - 1]))
        return invalid (error, crt, _("the column “%s” does not follow the one before it in firing SPs"),
                        col->label);
    }
  t->left_refuse = ends->left == WB_TABLE_END_REFUSE;
  t->defensive_left_refuse = ends->defensive_left == WB_TABLE_END_REFUSE;
  t->right_refuse = ends->right == WB_TABLE_END_REFUSE;
  for (guint r = 0; r < rows->len; r++)
    {
      const WbTableRow *row = g_ptr_array_index (rows, r);

      for (int v = row->lo; v <= row->hi; v++)
        {
          int i;

          if (v / 10 < 1 || v / 10 > 6 || v % 10 < 1 || v % 10 > 6)
            continue;
          i = throw_index (v / 10, v % 10);
          seen[i] = TRUE;
          for (guint c = 0; c < columns->len; c++)
            if (!compile_cell (t, crt, g_ptr_array_index (row->cells, c), t->crt_test[i][c], error))
              return FALSE;
        }
    }
  for (int i = 0; i < WB_BS_THROWS; i++)
    if (!seen[i])
      return invalid (error, crt, _("no row holds the throw %d"), (i / 6 + 1) * 10 + i % 6 + 1);
  return TRUE;
}

/* The row of a 1d6 table holding @die, or NULL. */
static const WbTableRow *
die_row (WbTable *table, int die)
{
  GPtrArray *rows = wb_table_get_rows (table);

  for (guint r = 0; r < rows->len; r++)
    {
      const WbTableRow *row = g_ptr_array_index (rows, r);

      if (die >= row->lo && die <= MAX (row->lo, row->hi))
        return row;
    }
  return NULL;
}

static gboolean
compile_cohesion (WbBsTables *t, WbBsCombatKind kind, WbTable *dep, WbTable *sked, GError **error)
{
  GPtrArray *columns = wb_table_get_columns (dep);

  if (wb_table_get_read (dep) != WB_TABLE_READ_COLORED || wb_table_get_read (sked) != WB_TABLE_READ_WHITE)
    return invalid (error, dep, _("the Depletion Test reads the coloured die and the Skedaddle Test the white (12.0)"));
  t->depletion[kind] = dep;
  t->skedaddle[kind] = sked;
  for (guint c = 0; c < columns->len; c++)
    {
      const WbTableColumn *col = g_ptr_array_index (columns, c);
      WbBsTest test = test_from_label (col->label);
      int sc = -1;
      GPtrArray *scols = wb_table_get_columns (sked);

      if (test == WB_BS_TEST_UNKNOWN)
        return invalid (error, dep, _("the column “%s” is not a Cohesion Test (Close Fight, Routine, Tough, Severe)"),
                        col->label);
      for (guint k = 0; k < scols->len; k++)
        if (test_from_label (((WbTableColumn *) g_ptr_array_index (scols, k))->label) == test)
          sc = (int) k;
      if (sc < 0)
        return invalid (error, sked, _("no column “%s” to pair with %s"), col->label, wb_table_get_id (dep));
      t->has_test[kind][test] = 1;
      t->deplete_column[kind][test] = (int) c;
      t->skedaddle_column[kind][test] = sc;
      for (int die = 1; die <= 6; die++)
        {
          const WbTableRow *dr = die_row (dep, die), *sr = die_row (sked, die);
          const char *dcell, *scell;
          WbBsDepletion d;

          if (dr == NULL || sr == NULL)
            return invalid (error, dr == NULL ? dep : sked, _("no row holds the die %d"), die);
          dcell = g_ptr_array_index (dr->cells, c);
          scell = g_ptr_array_index (sr->cells, sc);
          d = wb_bs_depletion_from_code (dcell);
          if (d == WB_BS_DEPLETE_UNKNOWN && !wb_table_cell_is_unknown (dcell))
            return invalid (error, dep, _("“%s” is not a Depletion Test result (-, D, D2, D all, AD, BD*)"), dcell);
          if (kind == WB_BS_FIRE && (d == WB_BS_DEPLETE_AD || d == WB_BS_DEPLETE_BD))
            return invalid (error, dep, _("“%s” has no attacker in Fire Combat (12.1)"), dcell);
          t->deplete[kind][test][die - 1] = (guint8) d;
          if (!wb_bs_skedaddle_parse (scell, &t->skedaddle_result[kind][test][die - 1]))
            return invalid (error, sked, _("“%s” is not a Skedaddle Test result (MH, 2MH, BT, R#, RA#, AMH, AR#, P#)"),
                            scell);
        }
    }
  return TRUE;
}

/* The CR a column is for: "CR 3" → 3. */
static int
cr_of_column (const WbTableColumn *col)
{
  const char *s = col->label;

  while (*s != '\0' && !g_ascii_isdigit (*s))
    s++;
  return *s != '\0' ? atoi (s) : -1;
}

/* A roll by CR table into @out[cr][die]: @parse gives a cell's value or
 * -1 when it is not one of the table's. */
static gboolean
compile_by_cr (WbBsTables *t, WbTable *table, int (*parse) (const char *cell),
               guint8 out[WB_BS_CR_SLOTS][6], GError **error)
{
  GPtrArray *columns = wb_table_get_columns (table);
  gboolean seen[WB_BS_CR_SLOTS] = { FALSE };

  for (guint c = 0; c < columns->len; c++)
    {
      int cr = cr_of_column (g_ptr_array_index (columns, c));

      if (cr < 0 || cr >= WB_BS_CR_SLOTS)
        return invalid (error, table, _("the column “%s” names no Cohesion Rating"),
                        ((WbTableColumn *) g_ptr_array_index (columns, c))->label);
      seen[cr] = TRUE;
      for (int die = 1; die <= 6; die++)
        {
          const WbTableRow *row = die_row (table, die);
          const char *cell;
          int v;

          if (row == NULL)
            return invalid (error, table, _("no row holds the die %d"), die);
          cell = g_ptr_array_index (row->cells, c);
          v = wb_table_cell_is_unknown (cell) ? UNKNOWN : parse (cell);
          if (v < 0)
            return invalid (error, table, _("“%s” is not one of its results"), cell);
          out[cr][die - 1] = (guint8) v;
        }
    }
  for (int cr = t->cr_min; cr <= t->cr_max; cr++)
    if (!seen[cr])
      return invalid (error, table, _("no column for CR %d"), cr);
  return TRUE;
}

/* 12.6: S (Shaken) or the Broken Box. */
static int
parse_break (const char *cell)
{
  if (strcmp (cell, "S") == 0)
    return 0;
  if (cell[0] == 'B' && cell[1] >= '1' && cell[1] <= '3' && cell[2] == '\0')
    return cell[1] - '0';
  return -1;
}

/* 13.2b: "-" is the unit unchanged, anything else printed rebuilds it. */
static int
parse_rebuild (const char *cell)
{
  return *cell == '\0' ? -1 : strcmp (cell, "-") != 0;
}

static gboolean
compile_morale (WbBsTables *t, WbTable *chart, GError **error)
{
  static const char *rows_wanted[] = { "Shaken", "Disrupted" };
  GPtrArray *columns = wb_table_get_columns (chart);
  GPtrArray *rows = wb_table_get_rows (chart);
  int sp_col = -1, cr_col = -1;

  for (guint c = 0; c < columns->len; c++)
    {
      const char *label = ((WbTableColumn *) g_ptr_array_index (columns, c))->label;

      if (g_ascii_strcasecmp (label, "SP") == 0)
        sp_col = (int) c;
      else if (g_ascii_strcasecmp (label, "CR") == 0)
        cr_col = (int) c;
    }
  if (sp_col < 0 || cr_col < 0)
    return invalid (error, chart, _("no columns SP and CR (12.5)"));
  for (guint k = 0; k < G_N_ELEMENTS (rows_wanted); k++)
    {
      const WbTableRow *found = NULL;

      for (guint r = 0; r < rows->len && found == NULL; r++)
        if (g_ascii_strcasecmp (((WbTableRow *) g_ptr_array_index (rows, r))->label, rows_wanted[k]) == 0)
          found = g_ptr_array_index (rows, r);
      if (found == NULL)
        return invalid (error, chart, _("no row “%s” (12.5)"), rows_wanted[k]);
      t->morale_sp[k + 1] = (gint8) -atoi (g_ptr_array_index (found->cells, sp_col));
      t->morale_cr[k + 1] = (gint8) -atoi (g_ptr_array_index (found->cells, cr_col));
      if (t->morale_sp[k + 1] < 0 || t->morale_cr[k + 1] < 0)
        return invalid (error, chart, _("the row “%s” adds to SP or CR"), rows_wanted[k]);
    }
  return TRUE;
}

WbBsTables *
wb_bs_tables_compile (WbGame *game,
                      const char *scenario,
                      const char * const *options,
                      GError **error)
{
  g_autoptr(WbBsTables) t = g_new0 (WbBsTables, 1);
  WbParams p;
  const char *option;
  gboolean twins = FALSE;
  WbTable *crt, *dep[2], *sked[2], *bt, *rb, *mh;
  static const char *dep_params[2] = { "fire_cohesion_table", "close_cohesion_table" };

  g_return_val_if_fail (WB_IS_GAME (game), NULL);

  wb_params_init (&p, _wb_bs_params, WB_BS_N_PARAMS, "blind-swords", game, scenario);
  option = wb_params_string (&p, "rulebook_tables_option");
  if (option != NULL && options != NULL && g_strv_contains (options, option))
    twins = TRUE;
  t->cr_min = (gint8) wb_params_int (&p, "cohesion_min");
  t->cr_max = (gint8) wb_params_int (&p, "cohesion_max");
  if (t->cr_max < t->cr_min)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                   _("rules.params: cohesion_max %d is below cohesion_min %d"), t->cr_max, t->cr_min);
      return NULL;
    }

  if ((crt = find_table (game, &p, "crt_table", twins, wb_params_string (&p, "crt_table"), error)) == NULL)
    return NULL;
  for (int k = 0; k < 2; k++)
    {
      const char *pair;

      dep[k] = find_table (game, &p, dep_params[k], twins,
                           k == WB_BS_FIRE ? wb_params_string (&p, "fire_cohesion_table")
                                           : wb_params_string (&p, "close_cohesion_table"), error);
      if (dep[k] == NULL)
        return NULL;
      /* The twin's pair is the twin's own (the file pairs them). */
      pair = wb_table_get_pair (dep[k]);
      sked[k] = pair != NULL ? wb_game_find_table (game, pair) : NULL;
      if (sked[k] == NULL)
        {
          invalid (error, dep[k], _("no Skedaddle half paired with it (pair)"));
          return NULL;
        }
    }
  if ((bt = find_table (game, &p, "break_test_table", twins, wb_params_string (&p, "break_test_table"), error)) == NULL ||
      (rb = find_table (game, &p, "rebuild_table", twins, wb_params_string (&p, "rebuild_table"), error)) == NULL ||
      (mh = find_table (game, &p, "morale_hits_table", twins, wb_params_string (&p, "morale_hits_table"), error)) == NULL)
    return NULL;

  t->crt = crt;
  t->break_test = bt;
  t->rebuild = rb;
  if (!compile_crt (t, crt, error) ||
      !compile_cohesion (t, WB_BS_FIRE, dep[0], sked[0], error) ||
      !compile_cohesion (t, WB_BS_CLOSE, dep[1], sked[1], error) ||
      !compile_by_cr (t, bt, parse_break, t->break_result, error) ||
      !compile_by_cr (t, rb, parse_rebuild, t->rebuild_result, error) ||
      !compile_morale (t, mh, error))
    {
      t->crt = NULL;   /* not referenced yet */
      t->break_test = t->rebuild = NULL;
      t->depletion[0] = t->depletion[1] = t->skedaddle[0] = t->skedaddle[1] = NULL;
      return NULL;
    }
  if (!t->has_test[WB_BS_CLOSE][WB_BS_TEST_CLOSE_FIGHT])
    {
      t->crt = NULL;
      t->break_test = t->rebuild = NULL;
      t->depletion[0] = t->depletion[1] = t->skedaddle[0] = t->skedaddle[1] = NULL;
      invalid (error, dep[1], _("no Close Fight column (11.0)"));
      return NULL;
    }
  g_object_ref (t->crt);
  g_object_ref (t->break_test);
  g_object_ref (t->rebuild);
  for (int k = 0; k < 2; k++)
    {
      g_object_ref (t->depletion[k]);
      g_object_ref (t->skedaddle[k]);
    }
  return g_steal_pointer (&t);
}

void
wb_bs_tables_free (WbBsTables *t)
{
  if (t == NULL)
    return;
  g_clear_object (&t->crt);
  g_clear_object (&t->break_test);
  g_clear_object (&t->rebuild);
  for (int k = 0; k < 2; k++)
    {
      g_clear_object (&t->depletion[k]);
      g_clear_object (&t->skedaddle[k]);
    }
  g_free (t);
}

/* ---- Firing strength ---- */

/* SPs in 1/128: a "C" (½) quartered and halved three times is still whole. */
#define SP_UNIT 128

int
wb_bs_fire_strength (const WbBsTables *t,
                     const WbBsFirer *firers,
                     guint n_firers)
{
  long total = 0;

  g_return_val_if_fail (t != NULL, 0);
  for (guint i = 0; i < n_firers; i++)
    {
      const WbBsFirer *f = &firers[i];
      long sp = (long) f->sp * (SP_UNIT / 2);

      /* The Morale Hit marker first: it modifies the unit's SP (12.5),
       * never below 0 (2.1); then what the fire does with them (9.1c). */
      sp = MAX (0, sp - (long) t->morale_sp[MIN (f->morale, 2)] * SP_UNIT);
      switch ((WbBsRange) f->range)
        {
        case WB_BS_RANGE_LONG: sp /= 2; break;
        case WB_BS_RANGE_EXTREME: sp /= 4; break;
        case WB_BS_RANGE_CANISTER: sp = sp * 3 / 2; break;
        case WB_BS_RANGE_EFFECTIVE:
        default:
          break;
        }
      if (f->flags & WB_BS_FIRER_OPPORTUNITY)
        sp /= 2;
      if (f->flags & WB_BS_FIRER_SUPPORTING)
        sp /= 2;
      if (f->flags & WB_BS_FIRER_HALVED)
        sp /= 2;
      total += sp;
    }
  /* 2.8: the fraction is dropped at the end, except a lone ½ SP. */
  if (total < SP_UNIT / 2)
    return 0;
  if (total < SP_UNIT)
    return 1;
  return (int) (total / SP_UNIT) * 2;
}

/* ---- Column ---- */

int
wb_bs_column (const WbBsTables *t,
              int strength,
              int shift,
              gboolean defensive,
              gboolean *clamped)
{
  int c = -1, last;

  g_return_val_if_fail (t != NULL, -1);
  if (clamped != NULL)
    *clamped = FALSE;
  if (strength <= 0)
    return -1;
  last = t->n_columns - 1;
  for (int k = 0; k <= last; k++)
    if (strength >= t->column_lo[k] && (k == last || strength <= t->column_hi[k]))
      {
        c = k;
        break;
      }
  if (c < 0)
    {
      if (strength < t->column_lo[0])
        return -1;
      c = last;   /* between two columns: none printed, so read down */
      for (int k = last; k >= 0; k--)
        if (strength >= t->column_lo[k])
          {
            c = k;
            break;
          }
    }
  c += shift;
  if (c < 0)
    {
      if (defensive ? t->defensive_left_refuse : t->left_refuse)
        return -1;
      c = 0;
      if (clamped != NULL)
        *clamped = TRUE;
    }
  else if (c > last)
    {
      if (t->right_refuse)
        return -1;
      c = last;
      if (clamped != NULL)
        *clamped = TRUE;
    }
  return c;
}

/* ---- The CRT ---- */

int
wb_bs_modified_cr (const WbBsTables *t,
                   int printed,
                   int morale,
                   int adjust)
{
  g_return_val_if_fail (t != NULL, 0);
  return clamp_cr (t, printed - t->morale_cr[CLAMP (morale, 0, 2)] + adjust);
}

WbBsTest
wb_bs_crt_read (const WbBsTables *t,
                int column,
                int coloured,
                int white,
                int lead_cr,
                WbBsCombatKind kind)
{
  WbBsTest test;

  g_return_val_if_fail (t != NULL, WB_BS_TEST_UNKNOWN);
  g_return_val_if_fail (column >= 0 && column < t->n_columns, WB_BS_TEST_UNKNOWN);
  g_return_val_if_fail (coloured >= 1 && coloured <= 6 && white >= 1 && white <= 6, WB_BS_TEST_UNKNOWN);
  test = t->crt_test[throw_index (coloured, white)][column][clamp_cr (t, lead_cr)];
  if (test == WB_BS_TEST_NONE && kind == WB_BS_CLOSE)
    return WB_BS_TEST_CLOSE_FIGHT;
  return test;
}

/* ---- Cohesion Tests ---- */

int
wb_bs_unit_sp (const WbBsUnit *u)
{
  return u->sp[(u->flags & WB_BS_UNIT_WORN) ? 1 : 0];
}

int
wb_bs_unit_modified_sp (const WbBsTables *t, const WbBsUnit *u)
{
  return MAX (0, wb_bs_unit_sp (u) - 2 * t->morale_sp[MIN (u->morale, 2)]);
}

int
wb_bs_unit_cr (const WbBsTables *t, const WbBsUnit *u)
{
  return wb_bs_modified_cr (t, u->cr[(u->flags & WB_BS_UNIT_WORN) ? 1 : 0], u->morale, u->cr_adjust);
}

int
wb_bs_largest (const WbBsUnit *units, guint n, int skip)
{
  int best = -1;

  for (guint i = 0; i < n; i++)
    if ((int) i != skip && units[i].broken == 0 &&
        (best < 0 || wb_bs_unit_sp (&units[i]) > wb_bs_unit_sp (&units[best])))
      best = (int) i;
  return best;
}

gboolean
wb_bs_cohesion_lookup (const WbBsTables *t,
                       WbBsCombatKind kind,
                       WbBsTest test,
                       int coloured,
                       int white,
                       WbBsDepletion *depletion,
                       WbBsSkedaddle *skedaddle,
                       WbTable **unknown,
                       int *column)
{
  g_return_val_if_fail (t != NULL && depletion != NULL && skedaddle != NULL, FALSE);
  g_return_val_if_fail (coloured >= 1 && coloured <= 6 && white >= 1 && white <= 6, FALSE);
  if (unknown != NULL)
    *unknown = NULL;
  if (column != NULL)
    *column = -1;
  if (test <= WB_BS_TEST_NONE || test >= WB_BS_TEST_UNKNOWN || !t->has_test[kind][test])
    {
      *depletion = WB_BS_DEPLETE_NONE;
      memset (skedaddle, 0, sizeof *skedaddle);
      return test == WB_BS_TEST_NONE;
    }
  *depletion = t->deplete[kind][test][coloured - 1];
  *skedaddle = t->skedaddle_result[kind][test][white - 1];
  if (*depletion == WB_BS_DEPLETE_UNKNOWN)
    {
      if (unknown != NULL)
        *unknown = t->depletion[kind];
      if (column != NULL)
        *column = t->deplete_column[kind][test];
      return FALSE;
    }
  if (skedaddle->unknown)
    {
      if (unknown != NULL)
        *unknown = t->skedaddle[kind];
      if (column != NULL)
        *column = t->skedaddle_column[kind][test];
      return FALSE;
    }
  return TRUE;
}

gboolean
wb_bs_break_test (const WbBsTables *t,
                  WbBsUnit *u,
                  WbBsDie die,
                  gpointer data,
                  GError **error)
{
  int face, result;

  if (u->broken != 0)
    return TRUE;
  if (!die (data, &face, error))
    return FALSE;
  if (face < 1 || face > 6)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_RANGE, _("A die of six faces cannot roll %d"), face);
      return FALSE;
    }
  if (u->n_break_tests < G_N_ELEMENTS (u->break_dice))
    u->break_dice[u->n_break_tests] = (guint8) face;
  u->n_break_tests++;
  result = t->break_result[wb_bs_unit_cr (t, u)][face - 1];
  if (result == UNKNOWN)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_NEEDS_RESULT,
                   _("%s does not give the result of a %d for CR %d: the players give it"),
                   wb_table_get_name (t->break_test), face, wb_bs_unit_cr (t, u));
      return FALSE;
    }
  if (result == 0)
    {
      /* Shaken; Shaken becomes Disrupted; Disrupted: no effect (12.6). */
      u->morale = (guint8) MIN (u->morale + 1, 2);
      return TRUE;
    }
  /* Broken: the markers go, the unit goes on its BW side in the box;
   * artillery and Fragile units are eliminated (12.6, 12.8). */
  u->morale = 0;
  u->retreat = 0;
  u->flags |= WB_BS_UNIT_WORN;
  u->broken = (u->flags & (WB_BS_UNIT_ARTILLERY | WB_BS_UNIT_FRAGILE)) ? WB_BS_ELIMINATED : (guint8) result;
  return TRUE;
}

gboolean
wb_bs_morale_hits (const WbBsTables *t,
                   WbBsUnit *u,
                   int hits,
                   WbBsDie die,
                   gpointer data,
                   GError **error)
{
  /* 12.5, hit by hit: none → Shaken → Disrupted → a Break Test each. */
  for (int h = 0; h < hits && u->broken == 0; h++)
    {
      if (u->morale < 2)
        u->morale++;
      else if (!wb_bs_break_test (t, u, die, data, error))
        return FALSE;
    }
  return TRUE;
}

/* Deplete (12.1a): FR flips to BW; a unit on its BW side (a Fragile one
 * has only that) takes a Break Test (12.6). */
static gboolean
deplete (const WbBsTables *t, WbBsUnit *u, WbBsDie die, gpointer data, GError **error)
{
  if (u->broken != 0)
    return TRUE;
  if (!(u->flags & (WB_BS_UNIT_WORN | WB_BS_UNIT_FRAGILE)))
    {
      u->flags |= WB_BS_UNIT_WORN;
      u->depleted = 1;
      return TRUE;
    }
  return wb_bs_break_test (t, u, die, data, error);
}

static int
total_modified_sp (const WbBsTables *t, const WbBsUnit *units, guint n)
{
  int sp = 0;

  for (guint i = 0; i < n; i++)
    if (units[i].broken == 0)
      sp += wb_bs_unit_modified_sp (t, &units[i]);
  return sp;
}

static gboolean
apply_lead_skedaddle (const WbBsTables *t, const WbBsSkedaddle *s, WbBsUnit *u, WbBsDie die, gpointer data,
                      GError **error)
{
  if (!wb_bs_morale_hits (t, u, s->morale, die, data, error))
    return FALSE;
  if (s->break_test && !wb_bs_break_test (t, u, die, data, error))
    return FALSE;
  if (u->broken == 0)
    u->retreat = MAX (u->retreat, MAX (s->retreat, s->retreat_all));
  return TRUE;
}

gboolean
wb_bs_cohesion_apply (const WbBsTables *t,
                      WbBsCohesion *c,
                      WbBsCombatKind kind,
                      WbBsDepletion depletion,
                      const WbBsSkedaddle *skedaddle,
                      WbBsDie die,
                      gpointer data,
                      GError **error)
{
  WbBsUnit *lead, *attacker = NULL;
  gboolean defender_deplete = FALSE, attacker_deplete = FALSE;

  g_return_val_if_fail (t != NULL && c != NULL && skedaddle != NULL && die != NULL, FALSE);
  g_return_val_if_fail (c->n_defenders > 0 && c->n_defenders <= WB_BS_MAX_STACK && c->lead < c->n_defenders, FALSE);
  g_return_val_if_fail (c->n_attackers <= WB_BS_MAX_STACK, FALSE);
  if (depletion == WB_BS_DEPLETE_UNKNOWN || skedaddle->unknown)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_NEEDS_RESULT,
                   _("The Cohesion Test's result is not known: the players give it"));
      return FALSE;
    }
  lead = &c->defenders[c->lead];
  if (kind == WB_BS_CLOSE && c->n_attackers > 0)
    attacker = &c->attackers[MIN (c->attacker_lead, c->n_attackers - 1)];
  c->depletion = depletion;
  c->skedaddle = *skedaddle;
  c->only = 0;

  /* The Depletion Test, applied in full first (12.1, 12.2). */
  switch (depletion)
    {
    case WB_BS_DEPLETE_D:
      defender_deplete = TRUE;
      break;
    case WB_BS_DEPLETE_D2:
      {
        /* The Lead Unit and the next largest printed SP (with one unit, a D). */
        int next = wb_bs_largest (c->defenders, c->n_defenders, c->lead);

        if (!deplete (t, lead, die, data, error))
          return FALSE;
        if (next >= 0 && !deplete (t, &c->defenders[next], die, data, error))
          return FALSE;
      }
      break;
    case WB_BS_DEPLETE_ALL:
      if (!deplete (t, lead, die, data, error))
        return FALSE;
      for (guint i = 0; i < c->n_defenders; i++)
        if (i != c->lead && !deplete (t, &c->defenders[i], die, data, error))
          return FALSE;
      break;
    case WB_BS_DEPLETE_AD:
      attacker_deplete = TRUE;
      break;
    case WB_BS_DEPLETE_BD:
      {
        /* BD*: both, except at triple odds either way, by total modified
         * SP (12.2a Exception). */
        int a = total_modified_sp (t, c->attackers, c->n_attackers) + c->more_attacking_sp;
        int d = total_modified_sp (t, c->defenders, c->n_defenders);

        if (a >= 3 * d)
          c->only = WB_BS_DEPLETE_D;
        else if (d >= 3 * a)
          c->only = WB_BS_DEPLETE_AD;
        attacker_deplete = c->only != WB_BS_DEPLETE_D;
        defender_deplete = c->only != WB_BS_DEPLETE_AD;
      }
      break;
    case WB_BS_DEPLETE_NONE:
    case WB_BS_DEPLETE_UNKNOWN:
    default:
      break;
    }
  /* The attacker's first, as the 12.8 example plays BD*. */
  if (attacker_deplete && attacker != NULL && !deplete (t, attacker, die, data, error))
    return FALSE;
  if (defender_deplete && !deplete (t, lead, die, data, error))
    return FALSE;

  /* The Skedaddle Test (12.1b, 12.2c): the Lead Unit first, then every
   * defender's retreat (RA), then the attacker's results; Panic is the
   * firing player's to place (wb_bs_panic_apply). */
  if (!apply_lead_skedaddle (t, skedaddle, lead, die, data, error))
    return FALSE;
  /* In Fire Combat only the Lead Unit is affected unless there is Panic
   * (12.1b Important Note): an RA there moves the Lead Unit alone, as the
   * Panic Example plays "MH RA2 (P1)". */
  if (kind == WB_BS_CLOSE && skedaddle->retreat_all > 0)
    for (guint i = 0; i < c->n_defenders; i++)
      if (c->defenders[i].broken == 0)
        c->defenders[i].retreat = MAX (c->defenders[i].retreat, skedaddle->retreat_all);
  if (attacker != NULL)
    {
      if (!wb_bs_morale_hits (t, attacker, skedaddle->attacker_morale, die, data, error))
        return FALSE;
      if (attacker->broken == 0)
        attacker->retreat = MAX (attacker->retreat, skedaddle->attacker_retreat);
    }
  return TRUE;
}

gboolean
wb_bs_panic_apply (const WbBsTables *t,
                   const WbBsSkedaddle *skedaddle,
                   WbBsUnit *unit,
                   WbBsDie die,
                   gpointer data,
                   GError **error)
{
  g_return_val_if_fail (t != NULL && skedaddle != NULL && unit != NULL && die != NULL, FALSE);
  return apply_lead_skedaddle (t, skedaddle, unit, die, data, error);
}

int
wb_bs_rebuild (const WbBsTables *t,
               int cr,
               int die)
{
  int v;

  g_return_val_if_fail (t != NULL, -1);
  g_return_val_if_fail (die >= 1 && die <= 6, -1);
  v = t->rebuild_result[clamp_cr (t, cr)][die - 1];
  return v == UNKNOWN ? -1 : v;
}

gboolean
wb_bs_shift_total (const WbBsTables *t,
                   WbBsCombatKind kind,
                   const char * const *ids,
                   int *shift,
                   GError **error)
{
  WbModifierTotal total;
  const char *tag = kind == WB_BS_CLOSE ? "close" : "fire";

  g_return_val_if_fail (t != NULL && shift != NULL, FALSE);
  for (guint i = 0; ids != NULL && ids[i] != NULL; i++)
    {
      const WbTableModifier *m = wb_table_find_modifier (t->crt, ids[i]);

      if (m != NULL && m->applies != NULL && strcmp (m->applies, tag) != 0)
        {
          g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                       _("The column shift “%s” is for %s, not %s combat"), ids[i], m->applies, tag);
          return FALSE;
        }
    }
  if (!wb_table_modifiers_total (t->crt, ids, &total, error))
    return FALSE;
  *shift = total.columns;
  return TRUE;
}
