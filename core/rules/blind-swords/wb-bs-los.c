/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-bs"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "wb-error.h"
#include "wb-game.h"
#include "wb-table.h"
#include "rules/wb-match.h"
#include "rules/blind-swords/wb-bs-private.h"

/* The map's effects on combat for the Blind Swords family (series 9.1-9.3,
 * 11.0c, 12.4; exclusive 2.10, 9.1a, 9.3): lines of sight, weapon ranges,
 * Unit Support and the column shifts, read from rules.params (never a
 * terrain id in C; docs/rules-engine.md, "The Blind Swords family: line of
 * sight and shifts").
 *
 * Compiled once a match: every terrain_effects entry becomes a BsEffect,
 * and every hex holds the indexes of the effects of its terrain and hex
 * features and, by direction, those of its hexsides, with its elevation,
 * so that a line of sight reads plain arrays and allocates nothing.
 * Markers placed during play (WbMatch.markers: fallen timber, an
 * epaulement) are looked up when asked, since they come and go. */

#define FX_NONE       0xff
#define FX_MAX        250     /* effects: indexes are bytes, FX_NONE apart */
#define HEX_FX        6       /* effects of a hex's terrain and features */
#define SIDE_FX       3       /* effects of one hexside */
#define AT_FX         12      /* a hex's effects with its markers */
#define LOS_STEPS      256     /* steps of a line of sight (no weapon reaches farther) */
#define MAX_WEAPONS   32
#define MAX_ODDS      16
#define N_BANDS       4       /* Effective, Long, Extreme, Canister (WbBsRange) */

/* What a terrain type, hex feature or hexside feature does to a line of
 * sight at the level of both units (exclusive 9.1a ii, iii). */
typedef enum {
  LOS_CLEAR,
  LOS_OBSCURE,
  LOS_LEVEE,     /* blocks unless the firer or the target is next to it */
  LOS_BLOCK,
} LosRule;

typedef struct {
  const char *id;           /* interned terrain or feature id */
  guint8      los;          /* LosRule */
  guint8      no_support;
  guint8      no_rally;     /* excl. 2.10h, j */
  guint8      entry_check;  /* excl. 2.10j */
  WbTable    *entry_table;  /* excl. 2.10h, or NULL */
  guint8      hexside;
  gint8       target, firer, attacker, defender, uphill, cr_bonus;
  gint8       cr_side;      /* the side cr_bonus is for, -1: both */
  /* The shifts' labels, translated and interned at compile time. */
  const char *target_what, *firer_what, *attacker_what, *defender_what, *uphill_what;
} BsEffect;

typedef struct {
  gint16 elevation;
  guint8 fx[HEX_FX];              /* effect indexes, FX_NONE after the last */
  guint8 side[WB_HEX_DIRECTIONS][SIDE_FX];
} BsHexFx;

typedef struct {
  const char *code;               /* interned Weapon Type code */
  gboolean    in_table;           /* has a row on the Weapon Ranges Table */
  gboolean    unknown;            /* a "?" cell: the rulebook does not give it */
  guint8      lo[N_BANDS], hi[N_BANDS];   /* hexes; lo 0: no such band */
  gint8       long_shift, canister_shift, attack_shift, defend_shift;
  const char *long_what, *canister_what, *attack_what, *defend_what;
} BsWeapon;

typedef struct {
  int         a, d, shift;
  const char *what;
} BsOdds;

struct _BsMapFx
{
  BsEffect   effect[FX_MAX];
  guint      n_effects;
  GHashTable *by_id;              /* interned id → index + 1 */
  BsHexFx   *hex;                 /* cols × rows, row-major */
  int        cols, rows;
  BsWeapon   weapon[MAX_WEAPONS];
  guint      n_weapons;
  BsOdds     odds[MAX_ODDS];
  guint      n_odds;
  int        through_obscuring, over_units, fire_flanking, firer_skirmish, target_skirmish;
  int        artillery_defender, better_cr, worse_cr, close_flanking, cavalry_defender, charge;
  int        unsupported_cr;
};

/* ---- Compiling ---- */

static const char *
intern_printf (const char *format, ...) G_GNUC_PRINTF (1, 2);

static const char *
intern_printf (const char *format, ...)
{
  va_list args;
  g_autofree char *s = NULL;

  va_start (args, format);
  s = g_strdup_vprintf (format, args);
  va_end (args);
  return g_intern_string (s);
}

static const char *
effect_name (WbGame *game, const char *id, gboolean *hexside, gboolean *known)
{
  WbTerrainType *t = wb_game_find_terrain (game, id);
  WbFeatureType *f;

  *hexside = FALSE;
  *known = TRUE;
  if (t != NULL)
    return t->name != NULL ? t->name : id;
  f = wb_game_find_feature (game, id);
  if (f != NULL)
    {
      *hexside = f->where == WB_FEATURE_HEXSIDE;
      return f->name != NULL ? f->name : id;
    }
  *known = FALSE;
  return id;
}

static gboolean
compile_effects (BsData *data, BsMapFx *fx, const WbParams *params, GError **error)
{
  g_autoptr(GList) keys = wb_params_keys (params, "terrain_effects");

  for (GList *l = keys; l != NULL; l = l->next)
    {
      const char *id = g_intern_string (l->data);
      WbParams e;
      BsEffect *ef;
      const char *name, *los, *side;
      gboolean hexside, known;

      if (!wb_params_entry (params, "terrain_effects", id, &e))
        continue;
      name = effect_name (data->game, id, &hexside, &known);
      if (!known)
        return _wb_bs_fail (error, _("rules.params.terrain_effects: “%s” is no terrain type or feature of the game "
                                     "(expected a terrain type, hex feature or hexside feature id)"), id);
      if (fx->n_effects >= FX_MAX)
        return _wb_bs_fail (error, _("rules.params.terrain_effects: at most %d entries"), FX_MAX);
      ef = &fx->effect[fx->n_effects];
      ef->id = id;
      ef->hexside = hexside;
      los = wb_params_string (&e, "los");
      ef->los = g_strcmp0 (los, "block") == 0 ? LOS_BLOCK : g_strcmp0 (los, "obscure") == 0 ? LOS_OBSCURE
              : g_strcmp0 (los, "levee") == 0 ? LOS_LEVEE : LOS_CLEAR;
      ef->no_support = wb_params_bool (&e, "no_support");
      ef->no_rally = wb_params_bool (&e, "no_rally");
      ef->entry_check = wb_params_bool (&e, "entry_check");
      if (wb_params_has (&e, "entry_table"))
        {
          const char *tid = wb_params_string (&e, "entry_table");

          ef->entry_table = tid != NULL ? wb_game_find_table (data->game, tid) : NULL;
          if (ef->entry_table == NULL)
            return _wb_bs_fail (error, _("rules.params.terrain_effects.%s.entry_table: the game has no table “%s”"),
                                id, tid != NULL ? tid : "");
        }
      ef->target = (gint8) wb_params_int (&e, "target_shift");
      ef->firer = (gint8) wb_params_int (&e, "firer_shift");
      ef->attacker = (gint8) wb_params_int (&e, "attacker_shift");
      ef->defender = (gint8) wb_params_int (&e, "defender_shift");
      ef->uphill = (gint8) wb_params_int (&e, "uphill_shift");
      ef->cr_bonus = (gint8) wb_params_int (&e, "cr_bonus");
      side = wb_params_has (&e, "cr_bonus_side") ? wb_params_string (&e, "cr_bonus_side") : NULL;
      ef->cr_side = (gint8) (side != NULL ? _wb_bs_side_index (data->game, side) : -1);
      if (side != NULL && (ef->cr_side < 0 || ef->cr_side > 1))
        return _wb_bs_fail (error, _("rules.params.terrain_effects.%s.cr_bonus_side: “%s” is no side of the game"),
                            id, side);
      /* 9.3 iii: a hexside's target shift is for a target next to it;
       * 11.0c xxi: its defender shift for a defender behind it. */
      ef->target_what = hexside ? intern_printf (_("target next to a %s hexside"), name)
                                : intern_printf (_("target in %s"), name);
      ef->firer_what = intern_printf (_("firing from %s"), name);
      ef->attacker_what = intern_printf (_("attacking from %s"), name);
      ef->defender_what = hexside ? intern_printf (_("defender behind a %s hexside"), name)
                                  : intern_printf (_("defender in %s"), name);
      ef->uphill_what = intern_printf (_("defender uphill across a %s hexside"), name);
      g_hash_table_insert (fx->by_id, (gpointer) id, GUINT_TO_POINTER (fx->n_effects + 1));
      fx->n_effects++;
    }
  return TRUE;
}

static guint8
effect_of (BsMapFx *fx, const char *id)
{
  gpointer v = id != NULL ? g_hash_table_lookup (fx->by_id, id) : NULL;

  return v != NULL ? (guint8) (GPOINTER_TO_UINT (v) - 1) : FX_NONE;
}

static BsHexFx *
hex_fx (BsMapFx *fx, WbOffset h)
{
  if (h.col < 0 || h.row < 0 || h.col >= fx->cols || h.row >= fx->rows)
    return NULL;
  return &fx->hex[h.row * fx->cols + h.col];
}

static gboolean
add_index (guint8 *list, guint max, guint8 e)
{
  for (guint i = 0; i < max; i++)
    {
      if (list[i] == e)
        return TRUE;
      if (list[i] == FX_NONE)
        {
          list[i] = e;
          return TRUE;
        }
    }
  return FALSE;
}

static gboolean
compile_map (BsData *data, BsMapFx *fx, GError **error)
{
  g_autoptr(GArray) sides = NULL;
  char where[32];

  fx->cols = data->cols;
  fx->rows = data->rows;
  fx->hex = g_new (BsHexFx, (gsize) MAX (fx->cols * fx->rows, 1));
  memset (fx->hex, FX_NONE, sizeof (BsHexFx) * (gsize) MAX (fx->cols * fx->rows, 1));
  for (int r = 0; r < fx->rows; r++)
    for (int c = 0; c < fx->cols; c++)
      {
        WbOffset h = { c, r };
        BsHexFx *x = hex_fx (fx, h);
        GPtrArray *features = wb_hex_map_get_hex_features (data->map, h);
        guint8 e;

        x->elevation = (gint16) wb_hex_map_get_elevation (data->map, h);
        if ((e = effect_of (fx, wb_hex_map_get_terrain (data->map, h))) != FX_NONE)
          add_index (x->fx, HEX_FX, e);
        for (guint i = 0; features != NULL && i < features->len; i++)
          if ((e = effect_of (fx, g_ptr_array_index (features, i))) != FX_NONE && !add_index (x->fx, HEX_FX, e))
            {
              wb_hex_map_format_hex (data->map, h, where, sizeof where);
              return _wb_bs_fail (error, _("rules.params.terrain_effects: the hex %s has more than %d terrain "
                                           "types and features with effects"), where, HEX_FX);
            }
      }
  sides = wb_hex_map_list_sides (data->map);
  for (guint s = 0; sides != NULL && s < sides->len; s++)
    {
      WbHexside side = g_array_index (sides, WbHexside, s);
      GPtrArray *features = wb_hex_map_get_side_features (data->map, side.hex, side.dir);
      WbOffset a, b;

      wb_hexside_hexes (data->layout, side, &a, &b);
      for (guint i = 0; features != NULL && i < features->len; i++)
        {
          guint8 e = effect_of (fx, g_ptr_array_index (features, i));
          BsHexFx *xa = hex_fx (fx, a), *xb = hex_fx (fx, b);

          if (e == FX_NONE)
            continue;
          /* Each hex sharing the hexside holds it, by its own direction. */
          if ((xa != NULL && !add_index (xa->side[side.dir], SIDE_FX, e)) ||
              (xb != NULL && !add_index (xb->side[(side.dir + 3) % WB_HEX_DIRECTIONS], SIDE_FX, e)))
            {
              wb_hex_map_format_hex (data->map, xa != NULL ? a : b, where, sizeof where);
              return _wb_bs_fail (error, _("rules.params.terrain_effects: a hexside of %s has more than %d "
                                           "features with effects"), where, SIDE_FX);
            }
        }
    }
  return TRUE;
}

static BsWeapon *
weapon_find (BsMapFx *fx, const char *code)
{
  /* Codes are interned; a caller's own string is compared as text. */
  for (guint w = 0; code != NULL && w < fx->n_weapons; w++)
    if (fx->weapon[w].code == code || strcmp (fx->weapon[w].code, code) == 0)
      return &fx->weapon[w];
  return NULL;
}

static BsWeapon *
weapon_add (BsMapFx *fx, const char *code, GError **error)
{
  BsWeapon *w = weapon_find (fx, code);

  if (w != NULL)
    return w;
  if (fx->n_weapons >= MAX_WEAPONS)
    {
      _wb_bs_fail (error, _("The Blind Swords rules play at most %d Weapon Types"), MAX_WEAPONS);
      return NULL;
    }
  w = &fx->weapon[fx->n_weapons++];
  w->code = code;
  return w;
}

/* Whether the match plays the rulebook-only twins: the compiled tables
 * are another than their parameter names (wb_bs_tables_compile chose
 * them for the scenario option; the options are not at hand here). */
static gboolean
twins_played (BsData *data, const WbParams *params)
{
  const WbBsTables *t = data->tables;

  if (t == NULL)
    return FALSE;
  return (t->crt != NULL && g_strcmp0 (wb_table_get_id (t->crt), wb_params_string (params, "crt_table")) != 0) ||
         (t->depletion[0] != NULL &&
          g_strcmp0 (wb_table_get_id (t->depletion[0]), wb_params_string (params, "fire_cohesion_table")) != 0) ||
         (t->break_test != NULL &&
          g_strcmp0 (wb_table_get_id (t->break_test), wb_params_string (params, "break_test_table")) != 0);
}

static int
column_index (GPtrArray *columns, const char *label)
{
  for (guint c = 0; c < columns->len; c++)
    {
      const char *l = ((WbTableColumn *) g_ptr_array_index (columns, c))->label;

      if (l != NULL && g_ascii_strncasecmp (l, label, strlen (label)) == 0)
        return (int) c;
    }
  return -1;
}

/* A cell of the Weapon Ranges Table (9.1c): "lo-hi" hexes, "-" none,
 * "?" unknown, or words without a number ("Defensive Fire only"). */
static gboolean
parse_band (const char *cell, guint8 *lo, guint8 *hi, gboolean *unknown)
{
  g_autofree char *s = g_strstrip (g_strdup (cell != NULL ? cell : ""));
  char *end;
  guint64 a, b;

  *lo = *hi = 0;
  if (wb_table_cell_is_unknown (s))
    {
      *unknown = TRUE;
      return TRUE;
    }
  if (strpbrk (s, "0123456789") == NULL)
    return TRUE;
  if (!g_ascii_isdigit (s[0]))
    return FALSE;
  a = g_ascii_strtoull (s, &end, 10);
  while (*end == ' ')
    end++;
  if (*end != '-')
    return FALSE;
  end++;
  while (*end == ' ')
    end++;
  if (!g_ascii_isdigit (*end))
    return FALSE;
  b = g_ascii_strtoull (end, &end, 10);
  if (*end != '\0' || a < 1 || a > b || b > 255)
    return FALSE;
  *lo = (guint8) a;
  *hi = (guint8) b;
  return TRUE;
}

static gboolean
compile_ranges (BsData *data, BsMapFx *fx, const WbParams *params, GError **error)
{
  static const char * const bands[N_BANDS] = { "Effective", "Long", "Extreme", "Canister" };
  const char *id = wb_params_string (params, "weapon_ranges_table");
  WbTable *table;
  GPtrArray *columns, *rows;
  int col[N_BANDS];
  WbParams entry;

  if (id != NULL && twins_played (data, params) && wb_params_entry (params, "rulebook_tables", id, &entry))
    id = wb_params_string (&entry, "value");
  table = id != NULL ? wb_game_find_table (data->game, id) : NULL;
  if (table == NULL)
    return _wb_bs_fail (error, _("rules.params.weapon_ranges_table: the game has no table “%s”"), id != NULL ? id : "");
  columns = wb_table_get_columns (table);
  rows = wb_table_get_rows (table);
  for (guint b = 0; b < N_BANDS; b++)
    {
      col[b] = column_index (columns, bands[b]);
      /* Only artillery has Canister (9.1c iv): a game without may leave it out. */
      if (col[b] < 0 && b != WB_BS_RANGE_CANISTER)
        return _wb_bs_fail (error, _("Table “%s” (rules.params.weapon_ranges_table): no column “%s” (expected the "
                                     "columns Effective, Long, Extreme and Canister)"), id, bands[b]);
    }
  for (guint r = 0; r < rows->len; r++)
    {
      WbTableRow *row = g_ptr_array_index (rows, r);
      g_autofree char *code = g_strdup (row->label != NULL ? row->label : "");
      BsWeapon *w;

      /* "RM: Rifled musket (infantry)", "Mx (artillery)", "CC". */
      code[strcspn (code, ": (\t")] = '\0';
      if (code[0] == '\0')
        return _wb_bs_fail (error, _("Table “%s” (rules.params.weapon_ranges_table), row %u: no Weapon Type code "
                                     "(expected a label such as “RM: Rifled musket”)"), id, r + 1);
      if ((w = weapon_add (fx, g_intern_string (code), error)) == NULL)
        return FALSE;
      if (w->in_table)
        continue;
      w->in_table = TRUE;
      for (guint b = 0; b < N_BANDS; b++)
        {
          const char *cell = col[b] >= 0 && (guint) col[b] < row->cells->len ? g_ptr_array_index (row->cells, col[b])
                                                                               : NULL;

          if (!parse_band (cell, &w->lo[b], &w->hi[b], &w->unknown))
            return _wb_bs_fail (error, _("Table “%s” (rules.params.weapon_ranges_table), row “%s”, column “%s”: “%s” "
                                         "is not a range of hexes (expected lo-hi such as 3-4, or - for none)"),
                                id, row->label, bands[b], cell);
        }
    }
  return TRUE;
}

static gboolean
compile_weapons (BsMapFx *fx, const WbParams *params, GError **error)
{
  g_autoptr(GList) keys = wb_params_keys (params, "weapon_effects");

  for (GList *l = keys; l != NULL; l = l->next)
    {
      const char *code = g_intern_string (l->data);
      WbParams e;
      BsWeapon *w;

      if (!wb_params_entry (params, "weapon_effects", code, &e))
        continue;
      if ((w = weapon_add (fx, code, error)) == NULL)
        return FALSE;
      w->long_shift = (gint8) wb_params_int (&e, "long_shift");
      w->canister_shift = (gint8) wb_params_int (&e, "canister_shift");
      w->attack_shift = (gint8) wb_params_int (&e, "attack_shift");
      w->defend_shift = (gint8) wb_params_int (&e, "defend_shift");
      w->long_what = intern_printf (_("“%s” artillery at Long or Extreme range"), code);
      w->canister_what = intern_printf (_("“%s” artillery at Canister range"), code);
      w->attack_what = intern_printf (_("attackers armed with “%s”"), code);
      w->defend_what = intern_printf (_("defenders armed with “%s”"), code);
    }
  return TRUE;
}

static void
compile_shifts (BsMapFx *fx, const WbParams *params)
{
  WbParams f, c;
  guint n = wb_params_length (params, "close_odds_shifts");

  /* Absent objects read their members' defaults (the rulebook's). */
  wb_params_object (params, "fire_shifts", &f);
  fx->through_obscuring = (int) wb_params_int (&f, "through_obscuring");
  fx->over_units = (int) wb_params_int (&f, "over_units");
  fx->fire_flanking = (int) wb_params_int (&f, "flanking");
  fx->firer_skirmish = (int) wb_params_int (&f, "firer_skirmish");
  fx->target_skirmish = (int) wb_params_int (&f, "target_skirmish");
  wb_params_object (params, "close_shifts", &c);
  fx->artillery_defender = (int) wb_params_int (&c, "artillery_defender");
  fx->better_cr = (int) wb_params_int (&c, "better_cr");
  fx->worse_cr = (int) wb_params_int (&c, "worse_cr");
  fx->close_flanking = (int) wb_params_int (&c, "flanking");
  fx->cavalry_defender = (int) wb_params_int (&c, "cavalry_defender");
  fx->charge = (int) wb_params_int (&c, "charge");
  for (guint i = 0; i < n && fx->n_odds < MAX_ODDS; i++)
    {
      WbParams o;
      BsOdds *odds = &fx->odds[fx->n_odds];

      if (!wb_params_item (params, "close_odds_shifts", i, &o))
        continue;
      odds->a = (int) wb_params_int (&o, "attacker");
      odds->d = (int) wb_params_int (&o, "defender");
      odds->shift = (int) wb_params_int (&o, "shift");
      odds->what = intern_printf (_("%d:%d odds"), odds->a, odds->d);
      fx->n_odds++;
    }
  fx->unsupported_cr = (int) wb_params_int (params, "unsupported_cr");
}

gboolean
_wb_bs_map_compile (BsData *data, const WbParams *params, GError **error)
{
  BsMapFx *fx = g_new0 (BsMapFx, 1);

  fx->by_id = g_hash_table_new (g_direct_hash, g_direct_equal);
  data->fx = fx;   /* _wb_bs_release frees it, whatever happens */
  return compile_effects (data, fx, params, error) && compile_map (data, fx, error) &&
         compile_ranges (data, fx, params, error) && compile_weapons (fx, params, error) &&
         (compile_shifts (fx, params), TRUE);
}

void
_wb_bs_map_free (BsMapFx *fx)
{
  if (fx == NULL)
    return;
  g_clear_pointer (&fx->by_id, g_hash_table_unref);
  g_free (fx->hex);
  g_free (fx);
}

/* ---- What is where ---- */

/* The effects at @h: its terrain's and features' and its markers' (each
 * once), into @out (AT_FX); how many. */
static guint
effects_at (BsMapFx *fx, WbMatch *m, WbOffset h, guint8 *out)
{
  BsHexFx *x = hex_fx (fx, h);
  guint n = 0;

  if (x == NULL)
    return 0;
  for (guint i = 0; i < HEX_FX && x->fx[i] != FX_NONE; i++)
    out[n++] = x->fx[i];
  for (guint k = 0; m->markers != NULL && k < m->markers->len && n < AT_FX; k++)
    {
      const WbMatchMarker *mk = &g_array_index (m->markers, WbMatchMarker, k);
      guint8 e;
      gboolean seen = FALSE;

      if (!wb_offset_equal (mk->hex, h) || (e = effect_of (fx, mk->feature)) == FX_NONE)
        continue;
      for (guint i = 0; i < n; i++)
        seen |= out[i] == e;
      if (!seen)
        out[n++] = e;
    }
  return n;
}

gboolean
_wb_bs_hex_no_rally (BsData *data, WbMatch *m, WbOffset hex)
{
  guint8 at[AT_FX];
  guint n = effects_at (data->fx, m, hex, at);

  for (guint k = 0; k < n; k++)
    if (data->fx->effect[at[k]].no_rally)
      return TRUE;
  return FALSE;
}

gboolean
_wb_bs_hex_entry_check (BsData *data, WbMatch *m, WbOffset hex)
{
  guint8 at[AT_FX];
  guint n = effects_at (data->fx, m, hex, at);

  for (guint k = 0; k < n; k++)
    if (data->fx->effect[at[k]].entry_check)
      return TRUE;
  return FALSE;
}

WbTable *
_wb_bs_hex_entry_table (BsData *data, WbMatch *m, WbOffset hex)
{
  guint8 at[AT_FX];
  guint n;

  /* Excl. 2.1b: units moving onto an undamaged Pontoon Bridge do not roll
   * on the Bayou Table (a damaged one is a Bayou hex for all purposes). */
  if (_wb_bs_pontoon_open (data, m, hex))
    return NULL;
  n = effects_at (data->fx, m, hex, at);
  for (guint k = 0; k < n; k++)
    if (data->fx->effect[at[k]].entry_table != NULL)
      return data->fx->effect[at[k]].entry_table;
  return NULL;
}

static gboolean
on_map (const WbUnitState *u)
{
  return u->where.kind == WB_WHERE_HEX;
}

static gboolean
at_hex (const WbUnitState *u, WbOffset h)
{
  return u->where.kind == WB_WHERE_HEX && wb_offset_equal (u->where.hex, h);
}

/* Pioneers and markers (a pontoon bridge) are no fighting units: they do
 * not affect lines of sight (excl. 2.1a), fire, nor give support. */
static gboolean
fighting (BsData *data, guint i)
{
  guint8 role = data->counter[i].role;

  return role != BS_ROLE_PIONEER && role != BS_ROLE_MARKER;
}

static WbUnitState *
unit (WbMatch *m, guint i)
{
  return &g_array_index (m->units, WbUnitState, i);
}

/* ---- Line of sight (exclusive 9.1a) ---- */

typedef struct {
  guint8 block, obscuring, units, friendly, by_target;
} StepLos;

static int
step_rank (const StepLos *s)
{
  return s->block * 10000 + s->obscuring * 1000 + s->units * 100 + s->friendly * 10 + s->by_target;
}

/* One intervening hex @h (not the firer's nor the target's), the firer
 * at @firer_level and the target at @target_level. */
static void
step_los (BsData *data, WbMatch *m, WbOffset h, WbOffset from, WbOffset to, int firer_level, int target_level,
          guint side, StepLos *s)
{
  BsMapFx *fx = data->fx;
  BsHexFx *x = hex_fx (fx, h);
  int e = x->elevation;
  gboolean same = firer_level == target_level;
  gboolean units = FALSE, friendly = FALSE;

  memset (s, 0, sizeof *s);
  for (guint i = 0; i < data->n_units && i < m->units->len; i++)
    {
      const WbUnitState *u = unit (m, i);

      if (!at_hex (u, h) || !fighting (data, i))
        continue;
      units = TRUE;
      friendly |= u->side == side;
    }
  if (same)
    {
      /* i: higher than both units blocks. */
      if (e > firer_level)
        {
          s->block = 1;
          return;
        }
      if (e == firer_level)
        {
          guint8 at[AT_FX];
          guint n = effects_at (fx, m, h, at);

          /* ii: block terrain and any unit block; obscuring terrain is
           * counted (two block, 9.1a ii). A levee that fills a hex
           * blocks unless the firer or the target is next to it. */
          for (guint i = 0; i < n; i++)
            switch (fx->effect[at[i]].los)
              {
              case LOS_BLOCK:
                s->block = 1;
                break;
              case LOS_LEVEE:
                if (wb_hex_distance (data->layout, h, from) > 1 && wb_hex_distance (data->layout, h, to) > 1)
                  s->block = 1;
                break;
              case LOS_OBSCURE:
                s->obscuring = 1;
                break;
              default:
                break;
              }
          if (units)
            s->block = 1;
          s->friendly = friendly;
          s->by_target = friendly && wb_hex_distance (data->layout, h, to) == 1;
          return;
        }
    }
  else if (firer_level < target_level ? e >= target_level : e >= firer_level)
    {
      /* Firer lower (i, ii): a hex higher than both or at the target's
       * level blocks; firer higher (i, ii): at or above the firer's. */
      s->block = 1;
      return;
    }
  /* A lower hex (or one between the levels): units there are passed
   * over and obscure (9.1a example, 9.3 viii); its terrain does not
   * count (only the same-level case names terrain). */
  s->units = units;
  s->friendly = friendly;
  s->by_target = friendly && wb_hex_distance (data->layout, h, to) == 1;
}

/* The hexside between adjacent @a and @b, crossed or run along by the
 * line: a levee (or a blocking hexside feature) between two intervening
 * hexes, one of them at the level of both units, blocks (exclusive 2.10l:
 * "an intervening Levee hexside"; 9.1a iii: not when the firer or the
 * target is next to it, i.e. its hex is one of the hexside's two). */
static void
side_los (BsData *data, WbOffset a, WbOffset b, WbOffset from, WbOffset to, int level, StepLos *acc)
{
  BsMapFx *fx = data->fx;
  BsHexFx *xa = hex_fx (fx, a), *xb = hex_fx (fx, b);
  int dir;

  /* The firer's and the target's own hexsides never count (9.1a iii:
   * next to the levee, the firer or the target sees over it). */
  if (xa == NULL || xb == NULL || (xa->elevation != level && xb->elevation != level) ||
      wb_offset_equal (a, from) || wb_offset_equal (b, from) || wb_offset_equal (a, to) || wb_offset_equal (b, to))
    return;
  if ((dir = wb_hex_direction_to (data->layout, a, b)) < 0)
    return;
  for (guint i = 0; i < SIDE_FX && xa->side[dir][i] != FX_NONE; i++)
    switch (fx->effect[xa->side[dir][i]].los)
      {
      case LOS_LEVEE:
      case LOS_BLOCK:
        acc->block = 1;
        break;
      case LOS_OBSCURE:
        acc->obscuring++;
        break;
      default:
        break;
      }
}

void
_wb_bs_los (BsData *data, WbMatch *m, WbOffset from, WbOffset to, guint side, BsLos *out)
{
  BsMapFx *fx = data->fx;
  WbLosStep line[LOS_STEPS];
  gsize n;
  int f, t;
  StepLos acc = { 0 };

  memset (out, 0, sizeof *out);
  out->kind = BS_LOS_CLEAR;
  if (hex_fx (fx, from) == NULL || hex_fx (fx, to) == NULL)
    {
      out->kind = BS_LOS_BLOCKED;
      return;
    }
  /* Adjacent hexes always see each other (9.1a: LOS is for targets two
   * or more hexes away); the units' own hexes never count. */
  if (wb_hex_distance (data->layout, from, to) <= 1)
    return;
  n = wb_hex_line (data->layout, from, to, line, LOS_STEPS);
  if (n > LOS_STEPS)
    {
      out->kind = BS_LOS_BLOCKED;
      return;
    }
  f = hex_fx (fx, from)->elevation;
  t = hex_fx (fx, to)->elevation;
  for (gsize k = 1; k + 1 < n; k++)
    {
      StepLos a, b;
      const StepLos *worst;

      step_los (data, m, line[k].hex, from, to, f, t, side, &a);
      worst = &a;
      /* Exactly along a hexside: the more restrictive of the two hexes. */
      if (line[k].tie && hex_fx (fx, line[k].alt) != NULL)
        {
          step_los (data, m, line[k].alt, from, to, f, t, side, &b);
          if (step_rank (&b) > step_rank (&a))
            worst = &b;
        }
      acc.block |= worst->block;
      acc.obscuring += worst->obscuring;
      acc.units += worst->units;
      acc.friendly += worst->units && worst->friendly;
      acc.by_target |= worst->units && worst->by_target;
    }
  /* Hexsides only matter at the level of both units (2.10l: never when
   * either unit is higher). Every hexside the line crosses or runs along,
   * on either side of a tie, counts: the more restrictive again. */
  if (f == t)
    for (gsize k = 0; k + 1 < n; k++)
      {
        WbOffset c0[2] = { line[k].hex, line[k].alt }, c1[2] = { line[k + 1].hex, line[k + 1].alt };
        guint n0 = line[k].tie ? 2 : 1, n1 = line[k + 1].tie ? 2 : 1;

        if (line[k].tie)
          side_los (data, c0[0], c0[1], from, to, f, &acc);
        for (guint i = 0; i < n0; i++)
          for (guint j = 0; j < n1; j++)
            if (wb_hex_distance (data->layout, c0[i], c1[j]) == 1)
              side_los (data, c0[i], c1[j], from, to, f, &acc);
      }
  /* 9.1a ii: one obscuring hex obscures, two block. */
  if (acc.obscuring >= 2)
    acc.block = 1;
  out->obscuring = (guint8) MIN (acc.obscuring, 255);
  out->over_units = acc.units;
  out->over_friendly = acc.friendly;
  out->friendly_by_target = acc.by_target;
  if (acc.block)
    out->kind = BS_LOS_BLOCKED;
  else if (acc.obscuring > 0 || acc.units > 0)
    out->kind = BS_LOS_OBSCURED;
}

/* ---- Ranges (9.1c) ---- */

static gboolean
has_band (const BsWeapon *w)
{
  for (guint b = 0; b < N_BANDS; b++)
    if (w->lo[b] != 0)
      return TRUE;
  return FALSE;
}

gboolean
_wb_bs_close_only (BsData *data, const char *weapon)
{
  const BsWeapon *w = weapon_find (data->fx, weapon);

  return w != NULL && w->in_table && !w->unknown && !has_band (w);
}

int
_wb_bs_range (BsData *data, const char *weapon, int distance, gboolean canister, gboolean defensive)
{
  const BsWeapon *w = weapon_find (data->fx, weapon);

  if (w == NULL || !w->in_table || distance < 1)
    return -1;
  /* 9.1c, 11.3a: CC fires only as Defensive Fire, at Effective range,
   * at an adjacent attacker. */
  if (!w->unknown && !has_band (w))
    return defensive && distance == 1 ? WB_BS_RANGE_EFFECTIVE : -1;
  if (canister && w->lo[WB_BS_RANGE_CANISTER] != 0 && distance >= w->lo[WB_BS_RANGE_CANISTER] &&
      distance <= w->hi[WB_BS_RANGE_CANISTER])
    return WB_BS_RANGE_CANISTER;
  for (int b = WB_BS_RANGE_EFFECTIVE; b <= WB_BS_RANGE_EXTREME; b++)
    if (w->lo[b] != 0 && distance >= w->lo[b] && distance <= w->hi[b])
      return b;
  return -1;
}

gboolean
_wb_bs_can_fire (BsData *data, WbMatch *m, guint u, WbOffset target, gboolean defensive, int *range, BsLos *los,
                 const char **why)
{
  const WbUnitState *s = unit (m, u);
  const BsCounter *c = &data->counter[u];
  BsLos l;
  int r = -1, distance = 0;
  gboolean enemy = FALSE;
  const char *reason = NULL;

  memset (&l, 0, sizeof l);
  if (!on_map (s))
    reason = _("the unit is not on the map");
  else if (!fighting (data, u))
    reason = _("pioneers never fire (exclusive 2.1a)");
  else if (c->weapon == NULL || weapon_find (data->fx, c->weapon) == NULL ||
           !weapon_find (data->fx, c->weapon)->in_table)
    reason = _("its Weapon Type is not on the Weapon Ranges Table (9.1c)");
  else if (_wb_bs_close_only (data, c->weapon) && !defensive)
    reason = _("CC weapons fire only as Defensive Fire (9.1c)");
  else if (_wb_bs_close_only (data, c->weapon) && bs_role (data, m, u) == BS_ROLE_CAVALRY)
    reason = _("mounted cavalry armed with CC weapons may not issue Defensive Fire (11.3a)");
  else if (_wb_bs_restricted (data, m, u, TRUE))
    reason = _("the scenario restricts it: it may not fire yet");
  if (reason == NULL)
    {
      for (guint i = 0; i < data->n_units && i < m->units->len; i++)
        enemy |= at_hex (unit (m, i), target) && unit (m, i)->side != s->side && bs_role (data, m, i) != BS_ROLE_MARKER;
      distance = wb_hex_distance (data->layout, s->where.hex, target);
      if (!enemy)
        reason = _("no enemy unit is there (9.1)");
      else if (distance < 1)
        reason = _("the target is in the firer's own hex");
    }
  if (reason == NULL)
    {
      _wb_bs_los (data, m, s->where.hex, target, s->side, &l);
      r = _wb_bs_range (data, c->weapon, distance, c->role == BS_ROLE_ARTILLERY, defensive);
      if (l.kind == BS_LOS_BLOCKED)
        reason = _("the line of sight is blocked (9.1a)");
      else if (r < 0)
        reason = weapon_find (data->fx, c->weapon)->unknown
                   ? _("the rulebook does not give its Weapon Ranges (9.1c)")
                   : _("the target is beyond its Extreme range (9.1c)");
      else if (l.over_friendly > 0 && c->role != BS_ROLE_ARTILLERY)
        reason = _("infantry and cavalry never fire over friendly units (9.1b)");
      else if (l.over_friendly > 0 && l.friendly_by_target)
        reason = _("artillery fires over friendly units only when none is next to the target (9.1b)");
      else if (l.over_friendly > 0 && r == WB_BS_RANGE_CANISTER)
        {
          /* 9.1b: over friendly units, not with Canister; the battery
           * may fire at its ordinary range instead. */
          r = _wb_bs_range (data, c->weapon, distance, FALSE, defensive);
          if (r < 0)
            reason = _("artillery never fires Canister over friendly units (9.1b)");
        }
    }
  if (range != NULL)
    *range = reason == NULL ? r : -1;
  if (los != NULL)
    *los = l;
  if (why != NULL)
    *why = reason;
  return reason == NULL;
}

/* ---- Unit Support and the CR (12.4, excl. 12.4a) ---- */

static gboolean
no_support_at (BsData *data, WbMatch *m, WbOffset h)
{
  guint8 at[AT_FX];
  guint n = effects_at (data->fx, m, h, at);

  for (guint i = 0; i < n; i++)
    if (data->fx->effect[at[i]].no_support)
      return TRUE;
  return FALSE;
}

/* Whether unit @i may give or receive Unit Support where it is: not a
 * pioneer or marker, not in Skirmish Order (excl. 15.3), not under
 * Battlefield Chaos (excl. 7.3b), not in no_support terrain (excl. 12.4a
 * iv: Woods; 2.10j: Cypress), which supersedes the rest. */
static gboolean
support_eligible (BsData *data, WbMatch *m, guint i)
{
  const WbUnitState *s = unit (m, i);

  return on_map (s) && fighting (data, i) && !(s->flags & (BS_UNIT_SKIRMISH | BS_UNIT_CHAOS)) &&
         !no_support_at (data, m, s->where.hex);
}

gboolean
_wb_bs_supported (BsData *data, WbMatch *m, guint u)
{
  const WbUnitState *s = unit (m, u);
  const BsCounter *c = &data->counter[u];

  /* 12.4a vi: a unit in the Available box Rebuilding is Supported. */
  if (s->where.kind == WB_WHERE_BOX)
    return data->n_broken > 0 && s->where.place == data->broken[data->n_broken - 1];
  /* excl. 12.4a iii: pioneers are always unsupported. */
  if (c->role == BS_ROLE_PIONEER || !support_eligible (data, m, u))
    return FALSE;
  for (guint i = 0; i < data->n_units && i < m->units->len; i++)
    {
      const WbUnitState *o = unit (m, i);
      guint8 role = bs_role (data, m, i);

      if (i == u || o->side != s->side || !on_map (o) || (o->flags & BS_UNIT_MORALE) ||
          (role != BS_ROLE_INFANTRY && role != BS_ROLE_CAVALRY) ||
          wb_hex_distance (data->layout, o->where.hex, s->where.hex) > 1)
        continue;
      /* i: the same brigade (a Battleworn one too); ii: artillery, any
       * infantry or cavalry. */
      if (c->role != BS_ROLE_ARTILLERY &&
          (data->unit_brigade[u] < 0 || data->unit_brigade[i] != data->unit_brigade[u]))
        continue;
      if (support_eligible (data, m, i))
        return TRUE;
    }
  return FALSE;
}

int
_wb_bs_cr_adjust (BsData *data, WbMatch *m, guint u, gboolean attacking_close)
{
  const WbUnitState *s = unit (m, u);
  int adjust = _wb_bs_supported (data, m, u) ? 0 : data->fx->unsupported_cr;

  /* excl. 2.10d: a trench's +2 for its side's units, not when they
   * initiate a Close Combat. */
  if (on_map (s) && !attacking_close)
    {
      guint8 at[AT_FX];
      guint n = effects_at (data->fx, m, s->where.hex, at);

      for (guint i = 0; i < n; i++)
        {
          const BsEffect *e = &data->fx->effect[at[i]];

          if (e->cr_bonus != 0 && (e->cr_side < 0 || (guint) e->cr_side == s->side))
            adjust += e->cr_bonus;
        }
    }
  return adjust;
}

void
_wb_bs_engine_unit (BsData *data, WbMatch *m, guint u, gboolean attacking_close, WbBsUnit *out)
{
  const WbUnitState *s = unit (m, u);
  const BsCounter *c = &data->counter[u];

  memset (out, 0, sizeof *out);
  out->index = (gint16) u;
  out->sp[0] = c->sp[0];
  out->sp[1] = c->sp[1];
  out->cr[0] = c->cr[0];
  out->cr[1] = c->cr[1];
  out->cr_adjust = (gint8) CLAMP (_wb_bs_cr_adjust (data, m, u, attacking_close), -100, 100);
  out->flags = ((s->flags & BS_UNIT_WORN) ? WB_BS_UNIT_WORN : 0) | (c->fragile ? WB_BS_UNIT_FRAGILE : 0) |
               (c->role == BS_ROLE_ARTILLERY ? WB_BS_UNIT_ARTILLERY : 0);
  out->morale = (guint8) bs_morale (s);
}

/* ---- Column shifts (excl. 9.3 i-xvii, 11.0c i-xxii) ---- */

static void
add_shift (BsShifts *out, const char *what, int shift)
{
  if (shift == 0 || out->n >= BS_MAX_SHIFTS)
    return;
  out->s[out->n].what = what;
  out->s[out->n].shift = (gint8) CLAMP (shift, -100, 100);
  out->n++;
}

/* The effects in @hexes (each once), into @out (FX_MAX). */
static guint
effects_of_hexes (BsData *data, WbMatch *m, const WbOffset *hexes, guint n_hexes, guint8 *out)
{
  guint n = 0;

  for (guint h = 0; h < n_hexes; h++)
    {
      guint8 at[AT_FX];
      guint k = effects_at (data->fx, m, hexes[h], at);

      for (guint i = 0; i < k; i++)
        {
          gboolean seen = FALSE;

          for (guint j = 0; j < n; j++)
            seen |= out[j] == at[i];
          if (!seen && n < FX_MAX)
            out[n++] = at[i];
        }
    }
  return n;
}

static int
modified_sp (BsData *data, WbMatch *m, guint u)
{
  WbBsUnit e;

  _wb_bs_engine_unit (data, m, u, FALSE, &e);
  return wb_bs_unit_modified_sp (data->tables, &e);
}

void
_wb_bs_fire_shifts (BsData *data, WbMatch *m, const guint *firers, guint n_firers, const guint8 *range_of,
                    WbOffset target, const BsLos *los, gboolean flanking, BsShifts *out)
{
  BsMapFx *fx = data->fx;
  guint8 list[FX_MAX];
  WbOffset hexes[WB_BS_MAX_STACK];
  guint n, n_hexes = 0;
  BsHexFx *tx = hex_fx (fx, target);
  gboolean skirmish = FALSE;
  int art_sp = 0;

  memset (out, 0, sizeof *out);
  /* i-vi, xvii, excl. 2.2a-b: the target's hex and its markers. */
  n = effects_of_hexes (data, m, &target, 1, list);
  for (guint i = 0; i < n; i++)
    add_shift (out, fx->effect[list[i]].target_what, fx->effect[list[i]].target);
  /* iii: a target next to a levee hexside, once whatever its number. */
  if (tx != NULL)
    {
      guint8 seen[FX_MAX];
      guint n_seen = 0;

      for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
        for (guint i = 0; i < SIDE_FX && tx->side[d][i] != FX_NONE; i++)
          {
            guint8 e = tx->side[d][i];
            gboolean dup = FALSE;

            for (guint j = 0; j < n_seen; j++)
              dup |= seen[j] == e;
            if (dup)
              continue;
            seen[n_seen++] = e;
            add_shift (out, fx->effect[e].target_what, fx->effect[e].target);
          }
    }
  /* vii, viii: the line of sight (the worst of the firers'). */
  if (los != NULL && los->obscuring > 0)
    add_shift (out, _("firing through an obscuring hex"), fx->through_obscuring);
  if (los != NULL && los->over_units > 0)
    add_shift (out, _("firing over units"), fx->over_units);
  /* ix, x: the firers' hexes, each effect once (a group fires as one). */
  for (guint f = 0; f < n_firers && n_hexes < WB_BS_MAX_STACK; f++)
    {
      const WbUnitState *s = unit (m, firers[f]);

      if (on_map (s))
        hexes[n_hexes++] = s->where.hex;
      skirmish |= (s->flags & BS_UNIT_SKIRMISH) != 0;
    }
  n = effects_of_hexes (data, m, hexes, n_hexes, list);
  for (guint i = 0; i < n; i++)
    add_shift (out, fx->effect[list[i]].firer_what, fx->effect[list[i]].firer);
  /* xi, xii: Skirmish Order. */
  if (skirmish)
    add_shift (out, _("firer in Skirmish Order"), fx->firer_skirmish);
  skirmish = FALSE;
  for (guint i = 0; i < data->n_units && i < m->units->len; i++)
    skirmish |= at_hex (unit (m, i), target) && (unit (m, i)->flags & BS_UNIT_SKIRMISH);
  if (skirmish)
    add_shift (out, _("target in Skirmish Order"), fx->target_skirmish);
  /* xiii, xiv: half or more of the firing artillery SPs of a type at
   * Long/Extreme or at Canister range. */
  for (guint f = 0; f < n_firers; f++)
    if (data->counter[firers[f]].role == BS_ROLE_ARTILLERY)
      art_sp += modified_sp (data, m, firers[f]);
  for (guint w = 0; w < fx->n_weapons && art_sp > 0; w++)
    {
      const BsWeapon *wp = &fx->weapon[w];
      int at_long = 0, at_canister = 0;

      for (guint f = 0; f < n_firers; f++)
        {
          const BsCounter *c = &data->counter[firers[f]];
          int range = range_of != NULL ? range_of[f] : WB_BS_RANGE_EFFECTIVE;

          if (c->role != BS_ROLE_ARTILLERY || c->weapon != wp->code)
            continue;
          if (range == WB_BS_RANGE_LONG || range == WB_BS_RANGE_EXTREME)
            at_long += modified_sp (data, m, firers[f]);
          else if (range == WB_BS_RANGE_CANISTER)
            at_canister += modified_sp (data, m, firers[f]);
        }
      if (at_long > 0 && 2 * at_long >= art_sp)
        add_shift (out, wp->long_what, wp->long_shift);
      if (at_canister > 0 && 2 * at_canister >= art_sp)
        add_shift (out, wp->canister_what, wp->canister_shift);
    }
  /* xv: Flanking Fire (9.3c). */
  if (flanking)
    add_shift (out, _("Flanking Fire"), fx->fire_flanking);
  /* xvi: the Events in force on the target's hex (Good Ground). */
  _wb_bs_event_shifts (data, m, WB_BS_FIRE, target, -1, out);
}

/* @units' modified SPs (halves) in all, and of Weapon Type @code. */
static int
sp_of (BsData *data, WbMatch *m, const guint *units, guint n, const char *code, int *of_code)
{
  int all = 0;

  *of_code = 0;
  for (guint i = 0; i < n; i++)
    {
      int sp = modified_sp (data, m, units[i]);

      all += sp;
      if (code != NULL && data->counter[units[i]].weapon == code)
        *of_code += sp;
    }
  return all;
}

void
_wb_bs_close_shifts (BsData *data, WbMatch *m, const guint *assault, guint n_assault, const guint *flank,
                     guint n_flank, WbOffset target, gboolean charge, BsShifts *out)
{
  BsMapFx *fx = data->fx;
  guint attackers[2 * WB_BS_MAX_STACK], defenders[WB_BS_MAX_STACK];
  WbBsUnit def[WB_BS_MAX_STACK];
  guint n_att = 0, n_def = 0;
  guint attacker_side;
  WbOffset from, flank_hex[WB_BS_MAX_STACK];
  guint n_flank_hexes = 0;
  int att_sp = 0, def_sp = 0, art_sp = 0, best_cr = -1, lead;
  guint8 list[FX_MAX];
  guint n;
  int dir;

  memset (out, 0, sizeof *out);
  if (n_assault == 0 || !on_map (unit (m, assault[0])))
    return;
  attacker_side = unit (m, assault[0])->side;
  from = unit (m, assault[0])->where.hex;
  for (guint i = 0; i < n_assault && n_att < G_N_ELEMENTS (attackers); i++)
    attackers[n_att++] = assault[i];
  for (guint i = 0; i < n_flank && n_att < G_N_ELEMENTS (attackers); i++)
    attackers[n_att++] = flank[i];
  for (guint i = 0; i < data->n_units && i < m->units->len && n_def < WB_BS_MAX_STACK; i++)
    if (at_hex (unit (m, i), target) && unit (m, i)->side != attacker_side && fighting (data, i))
      {
        defenders[n_def] = i;
        _wb_bs_engine_unit (data, m, i, FALSE, &def[n_def]);
        n_def++;
      }

  /* i-vi: the odds of the attacking SPs of every hex against the
   * defenders', the first that holds. */
  for (guint i = 0; i < n_att; i++)
    att_sp += modified_sp (data, m, attackers[i]);
  for (guint i = 0; i < n_def; i++)
    {
      int sp = wb_bs_unit_modified_sp (data->tables, &def[i]);

      def_sp += sp;
      if (data->counter[defenders[i]].role == BS_ROLE_ARTILLERY)
        art_sp += sp;
    }
  for (guint k = 0; k < fx->n_odds && def_sp > 0; k++)
    {
      const BsOdds *o = &fx->odds[k];
      gboolean holds = o->a >= o->d ? att_sp * o->d >= def_sp * o->a : att_sp * o->d <= def_sp * o->a;

      if (holds)
        {
          add_shift (out, o->what, o->shift);
          break;
        }
    }
  /* vii: half or more of the defending SPs are artillery. */
  if (art_sp > 0 && 2 * art_sp >= def_sp)
    add_shift (out, _("artillery defending"), fx->artillery_defender);
  /* viii, ix: the best attacking CR of the Assaulting Hex against the
   * defending Lead Unit's (the largest printed SP; 9.2). */
  for (guint i = 0; i < n_assault; i++)
    {
      WbBsUnit a;

      _wb_bs_engine_unit (data, m, assault[i], TRUE, &a);
      best_cr = MAX (best_cr, wb_bs_unit_cr (data->tables, &a));
    }
  lead = wb_bs_largest (def, n_def, -1);
  if (lead >= 0)
    {
      int lead_cr = wb_bs_unit_cr (data->tables, &def[lead]);

      if (best_cr > lead_cr)
        add_shift (out, _("better attacking CR"), fx->better_cr);
      else if (best_cr < lead_cr)
        add_shift (out, _("better defending CR"), fx->worse_cr);
    }
  /* x, xi, xxi: the hexside between the Assaulting Hex and the defender. */
  dir = wb_hex_direction_to (data->layout, target, from);
  if (dir >= 0 && hex_fx (fx, target) != NULL && hex_fx (fx, from) != NULL)
    {
      BsHexFx *tx = hex_fx (fx, target);

      for (guint i = 0; i < SIDE_FX && tx->side[dir][i] != FX_NONE; i++)
        {
          const BsEffect *e = &fx->effect[tx->side[dir][i]];

          if (tx->elevation > hex_fx (fx, from)->elevation)
            add_shift (out, e->uphill_what, e->uphill);
          add_shift (out, e->defender_what, e->defender);
        }
    }
  /* xii, xiii: half or more of the SPs of a Weapon Type (Smoothbore). */
  for (guint w = 0; w < fx->n_weapons; w++)
    {
      const BsWeapon *wp = &fx->weapon[w];
      int of, all;

      all = sp_of (data, m, attackers, n_att, wp->code, &of);
      if (wp->attack_shift != 0 && of > 0 && 2 * of >= all)
        add_shift (out, wp->attack_what, wp->attack_shift);
      all = sp_of (data, m, defenders, n_def, wp->code, &of);
      if (wp->defend_shift != 0 && of > 0 && 2 * of >= all)
        add_shift (out, wp->defend_what, wp->defend_shift);
    }
  /* xv: a Flanking Hex two hexes from the Assaulting Hex, or two of them. */
  for (guint i = 0; i < n_flank; i++)
    {
      const WbUnitState *s = unit (m, flank[i]);
      gboolean seen = FALSE;

      if (!on_map (s) || wb_offset_equal (s->where.hex, from))
        continue;
      for (guint j = 0; j < n_flank_hexes; j++)
        seen |= wb_offset_equal (flank_hex[j], s->where.hex);
      if (!seen && n_flank_hexes < WB_BS_MAX_STACK)
        flank_hex[n_flank_hexes++] = s->where.hex;
    }
  {
    gboolean far = FALSE;

    for (guint j = 0; j < n_flank_hexes; j++)
      far |= wb_hex_distance (data->layout, flank_hex[j], from) >= 2;
    if (n_flank_hexes >= 2 || far)
      add_shift (out, _("Flanking Attack"), fx->close_flanking);
  }
  /* xvi: the defender (its Lead Unit) is mounted cavalry; xvii: Charging
   * Cavalry against infantry and artillery only. */
  if (lead >= 0 && bs_role (data, m, defenders[lead]) == BS_ROLE_CAVALRY)
    add_shift (out, _("defender is mounted cavalry"), fx->cavalry_defender);
  if (charge)
    {
      gboolean cavalry = FALSE;

      for (guint i = 0; i < n_def; i++)
        cavalry |= bs_role (data, m, defenders[i]) == BS_ROLE_CAVALRY;
      if (!cavalry && n_def > 0)
        add_shift (out, _("Charging Cavalry"), fx->charge);
    }
  /* xix, xxii: the defender's hex; xx: the Assaulting Hex. */
  n = effects_of_hexes (data, m, &target, 1, list);
  for (guint i = 0; i < n; i++)
    add_shift (out, fx->effect[list[i]].defender_what, fx->effect[list[i]].defender);
  n = effects_of_hexes (data, m, &from, 1, list);
  for (guint i = 0; i < n; i++)
    add_shift (out, fx->effect[list[i]].attacker_what, fx->effect[list[i]].attacker);
  /* xiv, xviii: the Events in force (Huzzah!, Good Ground). */
  _wb_bs_event_shifts (data, m, WB_BS_CLOSE, target, n_assault > 0 ? (int) unit (m, assault[0])->side : -1, out);
}
