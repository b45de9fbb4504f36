/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-spi"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "wb-dice.h"
#include "wb-table-resolve.h"
#include "wb-unit.h"
#include "wb-error.h"
#include "rules/spi/wb-spi-private.h"

/* SPI Blue & Gray combat (7.0): attacks by adjacent units and bombarding
 * artillery (8.0) on the odds CRT of the game file, terrain doubling
 * (7.4, 9.0), the results as the CRT's codes define them (Ae, Ar, Dr, De,
 * Ex), retreats with displacement (7.7, 7.8), advance after combat (7.75),
 * exchange losses (7.6), mandatory combat (7.1), train defense units
 * (17.31) and Attack Effectiveness (11.0, optional). The choices the rules
 * leave to a player are steps that wait for that player's action. */

#define MAX_COMBAT_HEXES 7

gboolean
_wb_spi_on_map (const WbUnitState *u)
{
  return (u->flags & WB_UNIT_IN_SCENARIO) && u->where.kind == WB_WHERE_HEX;
}

gboolean
_wb_spi_is_artillery (SpiData *data, const WbUnitState *u)
{
  /* The game says which class bombards: the role, not the class's id. */
  WbUnitType *klass = wb_game_find_unit_class (data->game, _wb_spi_unit_class (data, u));

  return klass != NULL && wb_roles_contain (klass->roles, "artillery");
}

int
_wb_spi_combat_halves (SpiData *data, const WbUnitState *u, gboolean attack, gboolean printed)
{
  const char *attr = attack ? data->attack_attr : data->defense_attr;
  WbUnit *unit = _wb_spi_unit_info (data, u)->unit;
  int full = unit != NULL ? wb_strength_current_halves (wb_unit_get_strength (unit)) : u->halves;
  WbUnitType *klass;
  const WbAttrValue *v;
  int value;

  klass = unit != NULL && attr != NULL ? wb_game_find_unit_class (data->game, wb_unit_get_class_id (unit)) : NULL;
  if (klass == NULL || wb_unit_type_find_attr (klass, attr) == NULL || (v = wb_unit_get_attr (unit, attr)) == NULL ||
      (v->type != WB_ATTR_INT && v->type != WB_ATTR_NUMBER))
    return printed ? full : u->halves;
  value = v->type == WB_ATTR_INT ? (int) CLAMP (v->i, 0, 10000) * 2 : (int) (CLAMP (v->d, 0, 10000) * 2 + 0.5);
  /* A unit a designer weakened (override_strength) attacks and defends
   * in proportion. */
  if (printed || full <= 0 || u->halves == full)
    return value;
  return (int) ((gint64) value * MAX (u->halves, 0) / full);
}

/* Whether the optional Attack Effectiveness rules (11.0) are in force. */
static gboolean
attack_effectiveness (SpiData *data, WbMatch *m)
{
  return data->ae_optional && wb_match_has_option (m, "attack-effectiveness");
}

gboolean
_wb_spi_profile_says (SpiData *data, WbMatch *m, const WbUnitState *u, gsize offset)
{
  guint32 bits = _wb_spi_profiles_for (data, m, u, m->turn);

  for (guint i = 0; i < data->profiles->len && i < 32; i++)
    if ((bits & (1u << i)) &&
        G_STRUCT_MEMBER (gboolean, g_ptr_array_index (data->profiles, i), offset))
      return TRUE;
  return FALSE;
}

guint
_wb_spi_phasing (WbMatch *m)
{
  return m->step < SPI_SECOND_MOVEMENT ? m->first_side : 1 - m->first_side;
}

static int
hex_code (WbOffset h)
{
  return h.row * 1000 + h.col + 1;
}

static WbOffset
code_hex (int code)
{
  return (WbOffset) { (code - 1) % 1000, (code - 1) / 1000 };
}

static gboolean
same_hex (WbOffset a, WbOffset b)
{
  return a.col == b.col && a.row == b.row;
}

/* @u owes a retreat (@flag: must, or may as bombarding artillery) of
 * @hexes hexes from where it is now. */
static void
owe_retreat (WbUnitState *u, guint32 flag, int hexes)
{
  u->flags |= flag;
  u->data[SPI_DATA_RETREAT] = hexes;
  u->data[SPI_DATA_ORIGIN] = hex_code (u->where.hex);
}

static char *
hex_text (SpiData *data, WbOffset hex)
{
  char buf[32];

  wb_hex_map_format_hex (data->map, hex, buf, sizeof buf);
  return g_strdup (buf);
}

static gboolean
parse_hex_text (SpiData *data, const char *text, WbOffset *hex)
{
  return text != NULL && wb_hex_map_parse_hex (data->map, text, hex) && wb_hex_map_contains (data->map, *hex);
}

static gboolean
parse_hex_member (SpiData *data, JsonObject *o, const char *member, WbOffset *hex)
{
  JsonNode *n = json_object_get_member (o, member);

  return n != NULL && JSON_NODE_HOLDS_OBJECT (n) &&
         parse_hex_text (data, wb_json_string (json_node_get_object (n), "hex", NULL), hex);
}

/* A hexside feature that prohibits crossing and no other feature there
 * negates (a creek without a bridge or ford). */
static gboolean
side_prohibited_now (SpiData *data, WbOffset hex, int dir)
{
  GPtrArray *features = wb_hex_map_get_side_features (data->map, hex, dir);

  for (guint i = 0; features != NULL && i < features->len; i++)
    {
      const char *id = g_ptr_array_index (features, i);
      WbFeatureType *f = wb_game_find_feature (data->game, id);
      gboolean negated = FALSE;

      if (f == NULL || f->move_mode != WB_MOVE_PROHIBIT)
        continue;
      for (guint k = 0; k < features->len && !negated; k++)
        {
          WbFeatureType *o = wb_game_find_feature (data->game, g_ptr_array_index (features, k));
          negated = o != NULL && o->negates != NULL &&
                    g_ptr_array_find_with_equal_func (o->negates, id, g_str_equal, NULL);
        }
      if (!negated)
        return TRUE;
    }
  return FALSE;
}

/* The same, worked out once a hexside: the map does not change under the
 * family, and the automatic player asks for every pair of neighbours. */
static gboolean
side_prohibited (SpiData *data, WbOffset hex, int dir)
{
  guint8 *known;

  if (hex.col < 0 || hex.row < 0 || hex.col >= data->cols || hex.row >= data->rows || dir < 0 ||
      dir >= WB_HEX_DIRECTIONS)
    return side_prohibited_now (data, hex, dir);
  known = &data->side_prohibited[(hex.row * data->cols + hex.col) * WB_HEX_DIRECTIONS + dir];
  if (*known == 0)
    *known = side_prohibited_now (data, hex, dir) ? 2 : 1;
  return *known == 2;
}

/* The defence multiplier of a hexside (a bridge or ford: 2), 1 if none. */
static double
side_defense (SpiData *data, WbOffset hex, int dir)
{
  GPtrArray *features = wb_hex_map_get_side_features (data->map, hex, dir);
  double best = 1;

  for (guint i = 0; features != NULL && i < features->len; i++)
    {
      WbFeatureType *f = wb_game_find_feature (data->game, g_ptr_array_index (features, i));
      if (f != NULL && f->defense > best)
        best = f->defense;
    }
  return best;
}

/* The defence multiplier of a hex: its terrain's and its hex features'. */
static double
hex_defense (SpiData *data, WbOffset hex)
{
  WbTerrainType *t = wb_game_find_terrain (data->game, wb_hex_map_get_terrain (data->map, hex));
  GPtrArray *features = wb_hex_map_get_hex_features (data->map, hex);
  double best = t != NULL && t->defense > 1 ? t->defense : 1;

  for (guint i = 0; features != NULL && i < features->len; i++)
    {
      WbFeatureType *f = wb_game_find_feature (data->game, g_ptr_array_index (features, i));
      if (f != NULL && f->defense > best)
        best = f->defense;
    }
  return best;
}

static gboolean
hex_blocks_los (SpiData *data, WbOffset hex)
{
  WbTerrainType *t = wb_game_find_terrain (data->game, wb_hex_map_get_terrain (data->map, hex));
  GPtrArray *features = wb_hex_map_get_hex_features (data->map, hex);

  if (t != NULL && t->blocks_los)
    return TRUE;
  for (guint i = 0; features != NULL && i < features->len; i++)
    {
      WbFeatureType *f = wb_game_find_feature (data->game, g_ptr_array_index (features, i));
      if (f != NULL && f->blocks_los)
        return TRUE;
    }
  return FALSE;
}

/* 8.3: no blocking hex between; the two end hexes do not block (8.34);
 * along a hexside only when both hexes block (8.32). */
static gboolean
line_of_sight (SpiData *data, WbOffset from, WbOffset to)
{
  WbLosStep steps[64];
  gsize n = wb_hex_line (wb_hex_map_get_layout (data->map), from, to, steps, G_N_ELEMENTS (steps));

  for (gsize i = 1; i + 1 < n && i < G_N_ELEMENTS (steps); i++)
    {
      gboolean a = wb_hex_map_contains (data->map, steps[i].hex) && hex_blocks_los (data, steps[i].hex);
      gboolean b = wb_hex_map_contains (data->map, steps[i].alt) && hex_blocks_los (data, steps[i].alt);

      /* 8.32: along a hexside both hexes block, or either (los_hexside). */
      if (steps[i].tie ? (data->los_either ? (a || b) : (a && b)) : a)
        return FALSE;
    }
  return TRUE;
}

/* The direction from @a to its neighbour @b, or -1 when not adjacent. */
static int
direction (SpiData *data, WbOffset a, WbOffset b)
{
  /* Neighbours in offset coordinates are never more than a column or a
   * row apart: most pairs the automatic player asks about are not. */
  if (ABS (a.col - b.col) > 1 || ABS (a.row - b.row) > 1)
    return -1;
  return wb_hex_direction_to (wb_hex_map_get_layout (data->map), a, b);
}

static void
mark_zoc_of (SpiData *data, WbMatch *m, guint side, guint8 *zoc)
{
  /* _wb_spi_mark_enemies marks the enemies of its side: of @side's
   * enemies' enemies, i.e. @side. */
  _wb_spi_mark_enemies (data, m, 1 - side);
  memcpy (zoc, data->zoc, (gsize) data->cols * data->rows);
}

static gboolean
in_enemy_zoc (SpiData *data, WbMatch *m, const WbUnitState *u)
{
  _wb_spi_mark_enemies (data, m, u->side);
  return data->zoc[u->where.hex.row * data->cols + u->where.hex.col] != 0;
}

void
_wb_spi_eliminate (SpiData *data, WbMatch *m, WbUnitState *u, WbRuleContext *ctx)
{
  g_autofree char *name = wb_match_unit_text (m, u);

  if (u->side < 2)
    spi_state (m)->lost[u->side] += u->halves;
  u->where.kind = WB_WHERE_ELIMINATED;
  u->flags &= ~(guint32) (SPI_MUST_RETREAT | SPI_MAY_RETREAT | SPI_ATTACKER | SPI_DEFENDER | SPI_BOMBARDING);
  wb_rule_say (ctx, m, _("%s is eliminated"), name);
}

/* 7.6: the printed strength an exchange counts — the defenders' defence,
 * the attackers' attack (the one strength of units with one). */
static int
printed_halves (SpiData *data, const WbUnitState *u, gboolean attack)
{
  return _wb_spi_combat_halves (data, u, attack, TRUE);
}

static void
record_vacated (WbMatch *m, WbOffset hex)
{
  SpiState *st = spi_state (m);
  int code = hex_code (hex);

  for (int i = 0; i < st->n_vacated; i++)
    if (st->vacated[i] == code)
      return;
  if (st->n_vacated < SPI_MAX_VACATED)
    st->vacated[st->n_vacated++] = code;
}

static guint
units_of_side_at (WbMatch *m, guint side, WbOffset hex, const WbUnitState *except)
{
  guint n = 0;

  for (guint i = 0; i < m->units->len; i++)
    {
      const WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      if (u != except && u->side == side && _wb_spi_on_map (u) && same_hex (u->where.hex, hex))
        n++;
    }
  return n;
}

/* --- retreats ------------------------------------------------------------- */

typedef enum {
  RETREAT_NO,
  RETREAT_FREE,        /* a hex it may enter (7.72, 7.73) */
  RETREAT_DISPLACE,    /* only by displacing a friendly unit there (7.8) */
} RetreatKind;

static RetreatKind retreat_kind (SpiData *data, WbMatch *m, const WbUnitState *u, WbOffset to,
                                 int depth);

/* Whether @u has any retreat that does not end in elimination. */
static gboolean
can_retreat (SpiData *data, WbMatch *m, const WbUnitState *u, int depth)
{
  WbHexLayout layout = wb_hex_map_get_layout (data->map);

  for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
    if (retreat_kind (data, m, u, wb_hex_neighbour (layout, u->where.hex, d), depth) != RETREAT_NO)
      return TRUE;
  return FALSE;
}

static gboolean
has_free_retreat (SpiData *data, WbMatch *m, const WbUnitState *u)
{
  WbHexLayout layout = wb_hex_map_get_layout (data->map);

  for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
    if (retreat_kind (data, m, u, wb_hex_neighbour (layout, u->where.hex, d), 0) == RETREAT_FREE)
      return TRUE;
  return FALSE;
}

/* 7.72: one hex, not prohibited, not across a prohibited hexside, not into
 * an enemy hex or an enemy zone of control; 7.73: stacking with friends if
 * within the limit; 7.8: else displacing one, if the displaced unit can
 * itself retreat; 17.33-17.34: train defense units stack with nobody and
 * keep to roads and trails. */
static RetreatKind
retreat_kind (SpiData *data, WbMatch *m, const WbUnitState *u, WbOffset to, int depth)
{
  WbUnitState plain = *u;
  WbHexGraph *g;
  int dir = direction (data, u->where.hex, to);
  guint friends, enemies;
  gboolean td = _wb_spi_profile_says (data, m, u, G_STRUCT_OFFSET (SpiProfile, no_stack));

  if (dir < 0 || !wb_hex_map_contains (data->map, to))
    return RETREAT_NO;
  /* A retreat of more than one hex goes further from where it started
   * with each hex (rules.params.retreat_hexes, a code's length). */
  if ((u->flags & (SPI_MUST_RETREAT | SPI_MAY_RETREAT)) && u->data[SPI_DATA_ORIGIN] > 0)
    {
      WbHexLayout layout = wb_hex_map_get_layout (data->map);
      WbOffset origin = code_hex (u->data[SPI_DATA_ORIGIN]);

      if (wb_hex_distance (layout, origin, to) <= wb_hex_distance (layout, origin, u->where.hex))
        return RETREAT_NO;
    }
  /* Terrain and hexsides as for movement, without the profile's limits on
   * where the unit may go (17.23 lets a Union unit retreat there), but a
   * train defense unit's roads and trails (17.34). */
  if (!td)
    plain.id = SPI_NO_UNIT;
  g = _wb_spi_graph (data, m, &plain, td ? m->turn : 0);
  if (wb_hex_graph_step_cost (g, u->where.hex, dir) == WB_STEP_PROHIBITED)
    return RETREAT_NO;
  /* The enemy marks are the hexes of the other side's units (two sides). */
  _wb_spi_mark_enemies (data, m, u->side);
  enemies = data->enemy[to.row * data->cols + to.col];
  if (enemies > 0 || data->zoc[to.row * data->cols + to.col])
    return RETREAT_NO;
  friends = units_of_side_at (m, u->side, to, u);
  if (friends == 0)
    return RETREAT_FREE;
  if (!td && friends + 1 <= (guint) data->stacking)
    {
      /* Nobody there is a train defense unit (which stacks with nobody). */
      gboolean blocked = FALSE;
      for (guint i = 0; i < m->units->len && !blocked; i++)
        {
          const WbUnitState *o = &g_array_index (m->units, WbUnitState, i);
          blocked = o != u && o->side == u->side && _wb_spi_on_map (o) && same_hex (o->where.hex, to) &&
                    _wb_spi_profile_says (data, m, o, G_STRUCT_OFFSET (SpiProfile, no_stack));
        }
      if (!blocked)
        return RETREAT_FREE;
    }
  if (depth >= 6)
    return RETREAT_NO;
  /* 7.81-7.82: a unit there that can itself move back. */
  for (guint i = 0; i < m->units->len; i++)
    {
      const WbUnitState *o = &g_array_index (m->units, WbUnitState, i);

      if (o != u && o->side == u->side && _wb_spi_on_map (o) && same_hex (o->where.hex, to))
        {
          /* The displaced unit retreats from @to with @u in its place. */
          WbUnitState moved = *u;
          g_autoptr(WbMatch) probe = wb_match_copy (m);
          WbUnitState *pu = wb_match_find_unit (probe, u->id);
          WbUnitState *po = wb_match_find_unit (probe, o->id);

          moved.where.hex = to;
          pu->where = moved.where;
          if (can_retreat (data, probe, po, depth + 1))
            return RETREAT_DISPLACE;
        }
    }
  return RETREAT_NO;
}

/* Units that owe a retreat and have none are eliminated (7.72); when no
 * retreat is owed any more, the advance (7.75) or the end of the combat. */
static void next_prompt (SpiData *data, WbMatch *m, WbRuleContext *ctx);

static void
settle_retreats (SpiData *data, WbMatch *m, WbRuleContext *ctx)
{
  gboolean again = TRUE;

  while (again)
    {
      again = FALSE;
      for (guint i = 0; i < m->units->len; i++)
        {
          WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

          if ((u->flags & SPI_MUST_RETREAT) && _wb_spi_on_map (u) && !can_retreat (data, m, u, 0))
            {
              WbOffset was = u->where.hex;
              _wb_spi_eliminate (data, m, u, ctx);
              if (units_of_side_at (m, u->side, was, NULL) == 0)
                record_vacated (m, was);
              again = TRUE;
            }
        }
    }
}

static void
end_combat (SpiData *data, WbMatch *m)
{
  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

      u->flags &= ~(guint32) (SPI_ATTACKER | SPI_DEFENDER | SPI_BOMBARDING | SPI_MUST_RETREAT | SPI_MAY_RETREAT);
      u->data[SPI_DATA_RETREAT] = u->data[SPI_DATA_ORIGIN] = 0;
    }
  spi_state (m)->pending = SPI_PENDING_NONE;
  spi_state (m)->ex_needed = 0;
  spi_state (m)->advance_side = 0;
  spi_state (m)->n_vacated = 0;
  m->active = _wb_spi_phasing (m);
}

/* Who may advance into a vacated hex: a victorious unit of the combat,
 * adjacent to it, still on the map, not bombarding (7.75, 7.76). */
static gboolean
may_advance (SpiData *data, WbMatch *m, const WbUnitState *u, WbOffset *into)
{
  guint side = (guint) spi_state (m)->advance_side - 1;

  if (data->advance == 0 || spi_state (m)->advance_side == 0 || u->side != side || !_wb_spi_on_map (u) ||
      !(u->flags & (SPI_ATTACKER | SPI_DEFENDER)))
    return FALSE;
  for (int i = 0; i < spi_state (m)->n_vacated; i++)
    {
      WbOffset h = code_hex (spi_state (m)->vacated[i]);

      if (direction (data, u->where.hex, h) >= 0 && units_of_side_at (m, 1 - side, h, NULL) == 0 &&
          units_of_side_at (m, side, h, NULL) < (guint) data->stacking)
        {
          if (into)
            *into = h;
          return TRUE;
        }
    }
  return FALSE;
}

gboolean
_wb_spi_may_retreat (WbMatch *m)
{
  if (spi_state (m)->pending != SPI_PENDING_RETREAT)
    return FALSE;
  for (guint i = 0; i < m->units->len; i++)
    {
      const WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      if ((u->flags & SPI_MAY_RETREAT) && u->side == m->active)
        return TRUE;
    }
  return FALSE;
}

static void
next_prompt (SpiData *data, WbMatch *m, WbRuleContext *ctx)
{
  settle_retreats (data, m, ctx);
  /* 8.16: bombarding artillery that has no retreat has no choice. */
  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      if ((u->flags & SPI_MAY_RETREAT) && (!_wb_spi_on_map (u) || !can_retreat (data, m, u, 0)))
        u->flags &= ~(guint32) SPI_MAY_RETREAT;
    }
  for (guint s = 0; s < 2; s++)
    {
      /* The attacker (the phasing side) retreats first, then the defender. */
      guint side = s == 0 ? _wb_spi_phasing (m) : 1 - _wb_spi_phasing (m);

      for (guint i = 0; i < m->units->len; i++)
        {
          WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
          if ((u->flags & (SPI_MUST_RETREAT | SPI_MAY_RETREAT)) && u->side == side)
            {
              spi_state (m)->pending = SPI_PENDING_RETREAT;
              m->active = side;
              return;
            }
        }
    }
  if (spi_state (m)->advance_side != 0 && data->advance > 0)
    for (guint i = 0; i < m->units->len; i++)
      if (may_advance (data, m, &g_array_index (m->units, WbUnitState, i), NULL))
        {
          spi_state (m)->pending = SPI_PENDING_ADVANCE;
          m->active = (guint) spi_state (m)->advance_side - 1;
          return;
        }
  end_combat (data, m);
}

/* --- an attack -------------------------------------------------------------- */

typedef struct {
  WbUnitState *units[64];
  guint        n;
} UnitList;

static gboolean
read_units (WbMatch *m, JsonObject *action, const char *member, UnitList *out, GError **error)
{
  JsonNode *n = json_object_get_member (action, member);
  JsonArray *a;

  out->n = 0;
  if (n == NULL || !JSON_NODE_HOLDS_ARRAY (n))
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                   _("“%s” must be a list of unit ids"), member);
      return FALSE;
    }
  a = json_node_get_array (n);
  for (guint i = 0; i < json_array_get_length (a); i++)
    {
      const char *id = json_node_get_value_type (json_array_get_element (a, i)) == G_TYPE_STRING
                         ? wb_json_array_string (a, i) : NULL;
      WbUnitState *u = wb_match_find_unit (m, id);

      if (u == NULL || !_wb_spi_on_map (u))
        {
          g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_NOT_FOUND,
                       _("No unit “%s” on the map"), id != NULL ? id : "");
          return FALSE;
        }
      if (out->n >= G_N_ELEMENTS (out->units))
        {
          g_set_error_literal (error, WB_RULES_ERROR, WB_RULES_ERROR_RANGE, _("Too many units"));
          return FALSE;
        }
      for (guint k = 0; k < out->n; k++)
        if (out->units[k] == u)
          {
            g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                         _("%s is listed twice"), id);
            return FALSE;
          }
      out->units[out->n++] = u;
    }
  return TRUE;
}

static char *
list_text (WbMatch *m, WbUnitState * const *units, guint n)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *t = wb_match_unit_text (m, units[i]);
      if (i > 0)
        g_string_append (s, i + 1 == n ? _(" and ") : ", ");
      g_string_append (s, t);
    }
  return g_string_free (s, FALSE);
}

static char *
strength_text (int halves)
{
  return halves % 2 == 0 ? g_strdup_printf ("%d", halves / 2) : g_strdup_printf ("%g", halves / 2.0);
}

/* The column of the CRT for @attack against @defense (eighths of SP): the
 * odds, or on a differential table the difference in SP, rounded for the
 * defender (7.0: 13 to 4 is 3-1) or, with odds_rounding "attacker", up. */
static int
combat_column (SpiData *data, int attack, int defense, WbColumnClamp *clamp)
{
  if (wb_table_get_kind (data->crt) == WB_TABLE_DIFFERENTIAL)
    {
      int diff = attack - defense;
      /* Whole SP: floor or ceiling, for negative differences too. */
      int sp = data->odds_for_attacker ? (diff >= 0 ? (diff + 7) / 8 : -((-diff) / 8))
                                       : (diff >= 0 ? diff / 8 : -((-diff + 7) / 8));

      return wb_table_combat_column (data->crt, sp, 0, clamp);
    }
  if (data->odds_for_attacker && attack > 0 && defense > 0)
    {
      /* Up to whole odds (7 to 3 is 3-1, 3 to 7 is 1-2), then the column. */
      if (attack >= defense)
        return wb_table_combat_column (data->crt, (attack + defense - 1) / defense, 1, clamp);
      return wb_table_combat_column (data->crt, 1, defense / attack, clamp);
    }
  return wb_table_combat_column (data->crt, attack, defense, clamp);
}

/* "6 + 6 = 12" for dice added up, "3, 5 (35)" for a d66 or one die read. */
static char *
dice_text (SpiData *data, const int *dice, int value)
{
  gboolean sum = wb_table_get_read (data->crt) == WB_TABLE_READ_SUM &&
                 g_ascii_strcasecmp (wb_table_get_dice (data->crt), "d66") != 0;
  GString *s = g_string_new (NULL);

  for (int i = 0; i < data->crt_dice; i++)
    g_string_append_printf (s, "%s%d", i == 0 ? "" : sum ? " + " : ", ", dice[i]);
  g_string_append_printf (s, sum ? " = %d" : " (%d)", value);
  return g_string_free (s, FALSE);
}

/* How many hexes a retreat result sends units back: what its code says
 * (its effect in the table's codes, or a number in it: "Dr2"), else the
 * game's retreat_hexes (7.7: one). */
static int
retreat_length (SpiData *data, const char *cell, double effect)
{
  const WbResultCode *code = wb_table_find_code (data->crt, cell);
  gboolean stated = code != NULL && code->has_effect;

  for (const char *p = cell; !stated && *p != '\0'; p++)
    stated = g_ascii_isdigit (*p);
  if (!stated)
    return data->retreat_hexes;
  return CLAMP ((int) (effect + 0.5), 1, 10);
}

WbApplyResult
_wb_spi_attack (SpiData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  JsonNode *dn = json_object_get_member (action, "defenders");
  WbHexLayout layout = wb_hex_map_get_layout (data->map);
  WbOffset dhex[MAX_COMBAT_HEXES];
  guint n_dhex = 0;
  UnitList attackers, defenders = { { NULL }, 0 };
  gboolean adjacent_any = FALSE, all_across_defended_sides = TRUE;
  double side_mult = 1e9;
  int attack = 0, defense_scaled = 0, roll, column, computed, dice[WB_DICE_MAX_COUNT];
  WbColumnClamp clamp;
  const char *cell, *reduce;
  WbCodeEffect effect;
  g_autofree char *atext = NULL, *dtext = NULL, *hexes = NULL, *astr = NULL, *dstr = NULL;
  GString *hx;

  if (spi_state (m)->pending != SPI_PENDING_NONE)
    {
      g_set_error_literal (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                           _("Finish the combat in progress first"));
      return WB_APPLY_REFUSED;
    }
  if (!wb_rule_check (ctx, m, "spi.combat-phase",
                      m->step == SPI_FIRST_COMBAT || m->step == SPI_SECOND_COMBAT, error,
                      "%s", _("Attacks are made in the Combat Phase")) ||
      !read_units (m, action, "attackers", &attackers, error))
    return WB_APPLY_REFUSED;
  if (data->crt == NULL)
    {
      g_set_error_literal (error, WB_RULES_ERROR, WB_RULES_ERROR_NOT_FOUND,
                           _("The game has no combat results table (rules.params.crt)"));
      return WB_APPLY_REFUSED;
    }
  if (dn == NULL || !JSON_NODE_HOLDS_ARRAY (dn) || json_array_get_length (json_node_get_array (dn)) == 0 ||
      json_array_get_length (json_node_get_array (dn)) > MAX_COMBAT_HEXES || attackers.n == 0)
    {
      g_set_error_literal (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                           _("An attack names its attackers and the hexes attacked (\"defenders\": [\"0414\"])"));
      return WB_APPLY_REFUSED;
    }
  for (guint i = 0; i < json_array_get_length (json_node_get_array (dn)); i++)
    {
      const char *t = wb_json_array_string (json_node_get_array (dn), i);
      if (!parse_hex_text (data, t, &dhex[n_dhex]))
        {
          g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                       _("“%s” is not a hex of the map"), t != NULL ? t : "");
          return WB_APPLY_REFUSED;
        }
      n_dhex++;
    }

  /* The defenders: every enemy unit in the hexes (7.21). */
  hx = g_string_new (NULL);
  for (guint h = 0; h < n_dhex; h++)
    {
      int in_hex = 0, n_in_hex = 0;
      g_autofree char *t = hex_text (data, dhex[h]);

      g_string_append_printf (hx, "%s%s", h ? ", " : "", t);
      for (guint i = 0; i < m->units->len && defenders.n < G_N_ELEMENTS (defenders.units); i++)
        {
          WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
          if (u->side != _wb_spi_phasing (m) && _wb_spi_on_map (u) && same_hex (u->where.hex, dhex[h]))
            {
              defenders.units[defenders.n++] = u;
              in_hex += _wb_spi_combat_halves (data, u, FALSE, FALSE);
              n_in_hex++;
              if (!wb_rule_check (ctx, m, "spi.attack-once", !(u->flags & SPI_DEFENDED), error,
                                  _("%s has already been attacked this phase"), t))
                {
                  g_string_free (hx, TRUE);
                  return WB_APPLY_REFUSED;
                }
            }
        }
      if (n_in_hex == 0)
        {
          g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                       _("No enemy unit in %s"), t);
          g_string_free (hx, TRUE);
          return WB_APPLY_REFUSED;
        }
      /* 7.4: the terrain's multiple of the hex's strength. */
      defense_scaled += (int) (in_hex * hex_defense (data, dhex[h]) * 4 + 0.5);
    }
  hexes = g_string_free (hx, FALSE);

  /* The attackers: adjacent to every hex attacked (7.24, 7.25), or
   * artillery bombarding (8.1). */
  for (guint i = 0; i < attackers.n; i++)
    {
      WbUnitState *u = attackers.units[i];
      g_autofree char *name = wb_match_unit_text (m, u);
      gboolean adjacent_all = TRUE, adjacent_one = FALSE;

      if (!wb_rule_check (ctx, m, "spi.phasing", u->side == _wb_spi_phasing (m), error,
                          _("%s is not the attacker's"), name) ||
          !wb_rule_check (ctx, m, "spi.attack-once", !(u->flags & WB_UNIT_ATTACKED), error,
                          _("%s has already attacked this phase"), name) ||
          !wb_rule_check (ctx, m, "spi.td-no-attack",
                          !_wb_spi_profile_says (data, m, u, G_STRUCT_OFFSET (SpiProfile, no_attack)),
                          error, _("%s may never attack"), name) ||
          !wb_rule_check (ctx, m, "spi.ineffective", !(u->flags & SPI_INEFFECTIVE), error,
                          _("%s has lost its Attack Effectiveness"), name))
        return WB_APPLY_REFUSED;
      for (guint h = 0; h < n_dhex; h++)
        {
          int d = direction (data, u->where.hex, dhex[h]);
          if (d < 0)
            adjacent_all = FALSE;
          else
            {
              adjacent_one = TRUE;
              if (!wb_rule_check (ctx, m, "spi.creek", !side_prohibited (data, u->where.hex, d), error,
                                  _("%s may not attack across a creek except at a bridge or ford"), name))
                return WB_APPLY_REFUSED;
              side_mult = MIN (side_mult, side_defense (data, u->where.hex, d));
            }
        }
      if (adjacent_one)
        {
          if (!wb_rule_check (ctx, m, "spi.adjacent", adjacent_all, error,
                              _("%s must be adjacent to every hex it attacks"), name))
            return WB_APPLY_REFUSED;
          u->flags |= SPI_ATTACKER;
          adjacent_any = TRUE;
        }
      else
        {
          /* 8.1: artillery bombards from two or three hexes with a line of
           * sight to one of the hexes attacked (8.22), never from an enemy
           * zone of control (8.41). */
          gboolean in_range = FALSE;

          for (guint h = 0; h < n_dhex && !in_range; h++)
            in_range = wb_hex_distance (layout, u->where.hex, dhex[h]) <= data->artillery_range &&
                       line_of_sight (data, u->where.hex, dhex[h]);
          if (!wb_rule_check (ctx, m, "spi.adjacent", _wb_spi_is_artillery (data, u), error,
                              _("%s is not adjacent to the hexes it attacks"), name) ||
              !wb_rule_check (ctx, m, "spi.bombard-range", in_range, error,
                              _("%s has no line of sight within %d hexes to the hexes attacked"), name,
                              data->artillery_range) ||
              !wb_rule_check (ctx, m, "spi.bombard-zoc", !in_enemy_zoc (data, m, u), error,
                              _("%s is in an enemy zone of control: it must attack an adjacent unit"),
                              name))
            return WB_APPLY_REFUSED;
          u->flags |= SPI_BOMBARDING;
        }
      attack += _wb_spi_combat_halves (data, u, TRUE, FALSE);
    }
  /* 7.22: units in one hex attack together (8.14: artillery too). */
  for (guint i = 0; i < attackers.n; i++)
    for (guint k = 0; k < m->units->len; k++)
      {
        WbUnitState *o = &g_array_index (m->units, WbUnitState, k);
        gboolean listed = FALSE;

        if (o->side != _wb_spi_phasing (m) || !_wb_spi_on_map (o) || (o->flags & WB_UNIT_ATTACKED) ||
            !same_hex (o->where.hex, attackers.units[i]->where.hex) ||
            _wb_spi_profile_says (data, m, o, G_STRUCT_OFFSET (SpiProfile, no_attack)) ||
            (o->flags & SPI_INEFFECTIVE))
          continue;
        for (guint j = 0; j < attackers.n; j++)
          listed |= attackers.units[j] == o;
        if (!listed)
          {
            g_autofree char *oname = wb_match_unit_text (m, o);
            if (!wb_rule_check (ctx, m, "spi.stack-together", FALSE, error,
                                _("%s is in the same hex as an attacker and must attack with it"), oname))
              return WB_APPLY_REFUSED;
          }
      }

  {
    const WbUnitState *left = NULL;

    if (adjacent_any && _wb_spi_leaves_unengaged (data, m, attackers.units, attackers.n, dhex, n_dhex, &left))
      {
        g_autofree char *lname = wb_match_unit_text (m, left);
        g_autofree char *lhex = hex_text (data, left->where.hex);

        if (!wb_rule_check (ctx, m, "spi.mandatory", FALSE, error,
                            _("%s must be attacked in this attack: no other unit can attack %s (7.23)"), lname,
                            lhex))
          return WB_APPLY_REFUSED;
      }
    if (adjacent_any && _wb_spi_leaves_attacker_idle (data, m, attackers.units, attackers.n, dhex, n_dhex, &left))
      {
        g_autofree char *iname = wb_match_unit_text (m, left);

        if (!wb_rule_check (ctx, m, "spi.mandatory", FALSE, error,
                            _("%s must take part in this attack: it is in the zone of control of the units "
                              "attacked and of no other it could attack (7.12)"), iname))
          return WB_APPLY_REFUSED;
      }
  }

  /* 9.0: doubled behind a bridge or ford when every adjacent attacker
   * attacks across one; never more than doubled (not cumulative). */
  all_across_defended_sides = adjacent_any && side_mult > 1 && side_mult < 1e9;
  if (all_across_defended_sides)
    {
      int plain = 0;
      for (guint i = 0; i < defenders.n; i++)
        plain += _wb_spi_combat_halves (data, defenders.units[i], FALSE, FALSE);
      defense_scaled = MAX (defense_scaled, (int) (plain * side_mult * 4 + 0.5));
    }

  computed = combat_column (data, attack * 4, MAX (defense_scaled, 1), &clamp);
  column = computed;
  /* 7.9: the attacker may lower the odds before the roll. */
  reduce = wb_json_string (action, "odds", NULL);
  if (reduce != NULL)
    {
      GPtrArray *cols = wb_table_get_columns (data->crt);
      int want = -1;

      for (guint c = 0; c < cols->len; c++)
        if (g_strcmp0 (((WbTableColumn *) g_ptr_array_index (cols, c))->label, reduce) == 0)
          want = (int) c;
      if (want < 0 || want > computed)
        {
          g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                       _("The odds may be lowered, not raised: “%s” is not a column at or below the "
                         "attack's"), reduce);
          return WB_APPLY_REFUSED;
        }
      column = want;
    }
  if (column < 0)
    {
      g_set_error_literal (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                           _("These odds are not on the combat results table"));
      return WB_APPLY_REFUSED;
    }
  if (ctx->preview != NULL)
    {
      /* TRANSLATORS: an attack's odds before the roll: strengths and column */
      ctx->preview->text = g_strdup_printf (_("%s to %s → %s"), astr = strength_text (attack),
                                            dstr = g_strdup_printf ("%g", defense_scaled / 8.0),
                                            ((WbTableColumn *) g_ptr_array_index (wb_table_get_columns (data->crt),
                                                                                  column))->label);
      ctx->preview->table = data->crt;
      ctx->preview->column = column;
      return WB_APPLY_DONE;
    }
  /* The CRT's own dice (1d6, 2d6, d66…), read as the table reads them. */
  for (int i = 0; i < data->crt_dice; i++)
    if (!wb_rule_die (ctx, m, action, (guint) i, data->crt_faces, &dice[i], error))
      return WB_APPLY_REFUSED;
  roll = wb_table_throw_value (data->crt, dice, (guint) data->crt_dice);
  cell = wb_table_resolve (data->crt, (guint) column, roll);
  /* A cell the rulebook does not give: the players say what it is. */
  if (cell != NULL && wb_table_cell_is_unknown (cell))
    {
      const char *given = wb_json_string (action, "result", NULL);

      if (given == NULL || !wb_table_code_effect (data->crt, given, &effect))
        {
          wb_rule_needs_result (ctx, data->crt, column, roll, error);
          return WB_APPLY_REFUSED;
        }
      cell = g_intern_string (given);
    }
  if (cell == NULL || !wb_table_code_effect (data->crt, cell, &effect))
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                   _("The combat results table has no known result for a %d on %s"), roll,
                   ((WbTableColumn *) g_ptr_array_index (wb_table_get_columns (data->crt), column))->label);
      return WB_APPLY_REFUSED;
    }

  for (guint i = 0; i < attackers.n; i++)
    attackers.units[i]->flags |= WB_UNIT_ATTACKED;
  for (guint i = 0; i < defenders.n; i++)
    defenders.units[i]->flags |= SPI_DEFENDED | SPI_DEFENDER;
  atext = list_text (m, attackers.units, attackers.n);
  dtext = list_text (m, defenders.units, defenders.n);
  astr = strength_text (attack);
  dstr = g_strdup_printf ("%g", defense_scaled / 8.0);
  if (data->crt_dice == 1)
    /* TRANSLATORS: an attack in the log: attackers, defenders, hexes,
     * strengths, the odds column, the die, the result */
    wb_rule_say (ctx, m, _("%s attack %s in %s: %s to %s → %s, die %d → %s"), atext, dtext, hexes,
                 astr, dstr,
                 ((WbTableColumn *) g_ptr_array_index (wb_table_get_columns (data->crt), column))->label,
                 roll, cell);
  else
    {
      g_autofree char *thrown = dice_text (data, dice, roll);

      /* TRANSLATORS: an attack in the log: attackers, defenders, hexes,
       * strengths, the column, the dice ("6 + 6 = 12"), the result */
      wb_rule_say (ctx, m, _("%s attack %s in %s: %s to %s → %s, dice %s → %s"), atext, dtext, hexes,
                   astr, dstr,
                   ((WbTableColumn *) g_ptr_array_index (wb_table_get_columns (data->crt), column))->label,
                   thrown, cell);
    }

  spi_state (m)->n_vacated = 0;
  if (effect.exchange || effect.defender_eliminated >= 1)
    {
      int owed = 0;

      for (guint i = 0; i < defenders.n; i++)
        {
          owed += printed_halves (data, defenders.units[i], FALSE);
          record_vacated (m, defenders.units[i]->where.hex);
          _wb_spi_eliminate (data, m, defenders.units[i], ctx);
        }
      spi_state (m)->advance_side = (int) _wb_spi_phasing (m) + 1;
      if (effect.exchange)
        {
          int available = 0;

          for (guint i = 0; i < attackers.n; i++)
            if (attackers.units[i]->flags & SPI_ATTACKER)
              available += printed_halves (data, attackers.units[i], TRUE);
          if (available <= owed)
            {
              /* Everything adjacent goes (8.15: bombarding artillery does not). */
              for (guint i = 0; i < attackers.n; i++)
                if (attackers.units[i]->flags & SPI_ATTACKER)
                  _wb_spi_eliminate (data, m, attackers.units[i], ctx);
            }
          else
            {
              spi_state (m)->ex_needed = owed;
              spi_state (m)->pending = SPI_PENDING_EXCHANGE;
              m->active = _wb_spi_phasing (m);
              return WB_APPLY_DONE;
            }
        }
    }
  else if (effect.attacker_eliminated >= 1)
    {
      for (guint i = 0; i < attackers.n; i++)
        if (attackers.units[i]->flags & SPI_ATTACKER)
          {
            record_vacated (m, attackers.units[i]->where.hex);
            _wb_spi_eliminate (data, m, attackers.units[i], ctx);
          }
      spi_state (m)->advance_side = (int) (1 - _wb_spi_phasing (m)) + 1;
    }
  else if (effect.defender_retreat > 0)
    {
      int length = retreat_length (data, cell, effect.defender_retreat);

      for (guint i = 0; i < defenders.n; i++)
        owe_retreat (defenders.units[i], SPI_MUST_RETREAT, length);
      spi_state (m)->advance_side = (int) _wb_spi_phasing (m) + 1;
    }
  else if (effect.attacker_retreat > 0)
    {
      gboolean ae = attack_effectiveness (data, m);
      int length = retreat_length (data, cell, effect.attacker_retreat);

      for (guint i = 0; i < attackers.n; i++)
        if (attackers.units[i]->flags & SPI_ATTACKER)
          {
            owe_retreat (attackers.units[i], SPI_MUST_RETREAT, length);
            /* 11.1: lost by units attacking from an enemy zone of control. */
            if (ae)
              attackers.units[i]->flags |= SPI_INEFFECTIVE;
          }
        else if (attackers.units[i]->flags & SPI_BOMBARDING)
          /* 8.16: bombarding artillery may elect to suffer it. */
          owe_retreat (attackers.units[i], SPI_MAY_RETREAT, length);
      spi_state (m)->advance_side = (int) (1 - _wb_spi_phasing (m)) + 1;
    }
  next_prompt (data, m, ctx);
  return WB_APPLY_DONE;
}

/* --- the players' answers ------------------------------------------------------ */

/* {"type": "no_retreat"}: the bombarding artillery that may elect an Ar
 * stays (8.16). */
static WbApplyResult
answer_stay (SpiData *data, WbMatch *m, WbRuleContext *ctx, GError **error)
{
  gboolean any = FALSE;

  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      if ((u->flags & SPI_MAY_RETREAT) && u->side == m->active)
        {
          g_autofree char *name = wb_match_unit_text (m, u);

          u->flags &= ~(guint32) SPI_MAY_RETREAT;
          /* TRANSLATORS: 8.16 in the log: a bombarding battery does not take the Ar */
          wb_rule_say (ctx, m, _("%s stays in place (8.16)"), name);
          any = TRUE;
        }
    }
  if (!any)
    {
      g_set_error_literal (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                           _("No bombarding artillery may elect to retreat now (8.16)"));
      return WB_APPLY_REFUSED;
    }
  next_prompt (data, m, ctx);
  return WB_APPLY_DONE;
}

static WbApplyResult
answer_retreat (SpiData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  const char *id = wb_json_string (action, "unit", NULL);
  WbUnitState *u = wb_match_find_unit (m, id);
  g_autofree char *name = NULL, *from = NULL, *to_text = NULL;
  WbOffset to, was;
  RetreatKind kind;

  if (u == NULL || !(u->flags & (SPI_MUST_RETREAT | SPI_MAY_RETREAT)) || u->side != m->active)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                   _("“%s” does not owe a retreat now"), id != NULL ? id : "");
      return WB_APPLY_REFUSED;
    }
  name = wb_match_unit_text (m, u);
  if (!parse_hex_member (data, action, "to", &to))
    {
      g_set_error_literal (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                           _("A retreat names the hex: {\"to\": {\"hex\": \"0414\"}}"));
      return WB_APPLY_REFUSED;
    }
  from = hex_text (data, u->where.hex);
  to_text = hex_text (data, to);
  kind = retreat_kind (data, m, u, to, 0);
  if (!wb_rule_check (ctx, m, "spi.retreat", kind != RETREAT_NO, error,
                      _("%s may not retreat from %s into %s"), name, from, to_text) ||
      !wb_rule_check (ctx, m, "spi.displace",
                      kind != RETREAT_DISPLACE || !has_free_retreat (data, m, u), error,
                      _("%s may displace a friendly unit only when it has no other retreat"), name))
    return WB_APPLY_REFUSED;
  was = u->where.hex;
  if (kind == RETREAT_DISPLACE)
    {
      const char *other = wb_json_string (action, "displace", NULL);
      WbUnitState *o = wb_match_find_unit (m, other);
      g_autofree char *oname = NULL;

      if (o == NULL || o->side != u->side || !_wb_spi_on_map (o) || !same_hex (o->where.hex, to))
        {
          g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                       _("%s can only retreat into %s by displacing a unit there (\"displace\": ID)"),
                       name, to_text);
          return WB_APPLY_REFUSED;
        }
      oname = wb_match_unit_text (m, o);
      owe_retreat (o, SPI_MUST_RETREAT, 1);
      o->flags |= SPI_DISPLACED;
      /* TRANSLATORS: 7.8 displacement in the log */
      wb_rule_say (ctx, m, _("%s retreats %s → %s, displacing %s"), name, from, to_text, oname);
    }
  else
    wb_rule_say (ctx, m, _("%s retreats %s → %s"), name, from, to_text);
  u->where.hex = to;
  /* A longer retreat goes on, one hex per action; artillery that elected
   * its Ar (8.16) now owes the rest. */
  if (--u->data[SPI_DATA_RETREAT] > 0)
    u->flags = (u->flags & ~(guint32) SPI_MAY_RETREAT) | SPI_MUST_RETREAT;
  else
    {
      u->flags &= ~(guint32) (SPI_MUST_RETREAT | SPI_MAY_RETREAT);
      u->data[SPI_DATA_RETREAT] = u->data[SPI_DATA_ORIGIN] = 0;
    }
  if (units_of_side_at (m, u->side, was, NULL) == 0)
    record_vacated (m, was);
  next_prompt (data, m, ctx);
  return WB_APPLY_DONE;
}

static WbApplyResult
answer_exchange (SpiData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  UnitList chosen;
  int total = 0;

  if (!read_units (m, action, "units", &chosen, error))
    return WB_APPLY_REFUSED;
  for (guint i = 0; i < chosen.n; i++)
    {
      g_autofree char *name = wb_match_unit_text (m, chosen.units[i]);
      if (!(chosen.units[i]->flags & SPI_ATTACKER))
        {
          g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                       _("%s did not attack from an adjacent hex in this combat"), name);
          return WB_APPLY_REFUSED;
        }
      total += printed_halves (data, chosen.units[i], TRUE);
    }
  if (total < spi_state (m)->ex_needed)
    {
      g_autofree char *need = strength_text (spi_state (m)->ex_needed);
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                   _("The exchange takes attacking units of at least %s printed Strength Points (7.6)"),
                   need);
      return WB_APPLY_REFUSED;
    }
  for (guint i = 0; i < chosen.n; i++)
    _wb_spi_eliminate (data, m, chosen.units[i], ctx);
  spi_state (m)->ex_needed = 0;
  spi_state (m)->pending = SPI_PENDING_NONE;
  next_prompt (data, m, ctx);
  return WB_APPLY_DONE;
}

static WbApplyResult
answer_advance (SpiData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  const char *type = wb_json_string (action, "type", "");
  const char *id;
  WbUnitState *u;
  WbOffset to, into;
  g_autofree char *name = NULL, *from = NULL, *to_text = NULL;

  if (strcmp (type, "no_advance") == 0)
    {
      wb_rule_say (ctx, m, "%s", _("does not advance"));
      end_combat (data, m);
      return WB_APPLY_DONE;
    }
  id = wb_json_string (action, "unit", NULL);
  u = wb_match_find_unit (m, id);
  if (u == NULL || !parse_hex_member (data, action, "to", &to))
    {
      g_set_error_literal (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                           _("An advance names a unit and the vacated hex: {\"unit\": ID, \"to\": {\"hex\": …}}"));
      return WB_APPLY_REFUSED;
    }
  name = wb_match_unit_text (m, u);
  to_text = hex_text (data, to);
  if (!may_advance (data, m, u, &into) || direction (data, u->where.hex, to) < 0)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                   _("%s may not advance into %s: only a victorious unit of this combat, into a hex "
                     "next to it that the combat vacated (7.75)"), name, to_text);
      return WB_APPLY_REFUSED;
    }
  {
    gboolean vacated = FALSE;
    for (int i = 0; i < spi_state (m)->n_vacated; i++)
      vacated |= spi_state (m)->vacated[i] == hex_code (to);
    if (!vacated || units_of_side_at (m, 1 - u->side, to, NULL) > 0)
      {
        g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                     _("%s was not vacated by this combat"), to_text);
        return WB_APPLY_REFUSED;
      }
  }
  from = hex_text (data, u->where.hex);
  u->where.hex = to;
  /* 7.75: after advancing, a unit neither attacks nor is attacked this phase. */
  u->flags |= SPI_ADVANCED | WB_UNIT_ATTACKED | SPI_DEFENDED;
  wb_rule_say (ctx, m, _("%s advances %s → %s"), name, from, to_text);
  end_combat (data, m);
  return WB_APPLY_DONE;
}

WbApplyResult
_wb_spi_answer (SpiData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  const char *type = wb_json_string (action, "type", "");
  SpiPending pending = spi_state (m)->pending;
  const char *wanted = pending == SPI_PENDING_RETREAT ? "retreat"
                     : pending == SPI_PENDING_EXCHANGE ? "eliminate"
                     : pending == SPI_PENDING_ADVANCE ? "advance or no_advance" : NULL;

  if ((pending == SPI_PENDING_RETREAT && strcmp (type, "retreat") == 0))
    return answer_retreat (data, m, action, ctx, error);
  if (pending == SPI_PENDING_RETREAT && strcmp (type, "no_retreat") == 0)
    return answer_stay (data, m, ctx, error);
  if (pending == SPI_PENDING_EXCHANGE && strcmp (type, "eliminate") == 0)
    return answer_exchange (data, m, action, ctx, error);
  if (pending == SPI_PENDING_ADVANCE && (strcmp (type, "advance") == 0 || strcmp (type, "no_advance") == 0))
    return answer_advance (data, m, action, ctx, error);
  if (wanted != NULL)
    g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                 _("The combat waits for the %s to %s"), wb_match_side_name (m, m->active), wanted);
  else
    g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                 _("No combat waits for “%s”"), type);
  return WB_APPLY_REFUSED;
}

/* --- the phase ------------------------------------------------------------------ */

gboolean
_wb_spi_combat_start (SpiData *data, WbMatch *m, WbRuleContext *ctx)
{
  guint phasing = _wb_spi_phasing (m);
  gboolean any = FALSE;

  /* 17.31: a train defense unit next to an enemy suffers an Ar before any
   * attack; the enemy next to it may advance. */
  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

      if (u->side != phasing || !_wb_spi_on_map (u) ||
          !_wb_spi_profile_says (data, m, u, G_STRUCT_OFFSET (SpiProfile, no_attack)))
        continue;
      for (guint k = 0; k < m->units->len; k++)
        {
          WbUnitState *e = &g_array_index (m->units, WbUnitState, k);

          if (e->side != phasing && _wb_spi_on_map (e) && direction (data, u->where.hex, e->where.hex) >= 0)
            {
              g_autofree char *name = wb_match_unit_text (m, u);

              owe_retreat (u, SPI_MUST_RETREAT | SPI_ATTACKER, 1);
              e->flags |= SPI_DEFENDER;
              if (!any)
                wb_rule_say (ctx, m, _("%s is next to the enemy: Attacker Retreats (17.31)"), name);
              any = TRUE;
            }
        }
    }
  if (!any)
    return FALSE;
  spi_state (m)->n_vacated = 0;
  spi_state (m)->advance_side = (int) (1 - phasing) + 1;
  next_prompt (data, m, ctx);
  return TRUE;
}

gboolean
_wb_spi_ineffective_retreats (SpiData *data, WbMatch *m, WbRuleContext *ctx)
{
  guint phasing = _wb_spi_phasing (m);
  gboolean any = FALSE;

  if (!attack_effectiveness (data, m))
    return FALSE;
  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

      if (u->side == phasing && _wb_spi_on_map (u) && (u->flags & SPI_INEFFECTIVE) &&
          !(u->flags & SPI_ADVANCED) && in_enemy_zoc (data, m, u))
        {
          g_autofree char *name = wb_match_unit_text (m, u);

          owe_retreat (u, SPI_MUST_RETREAT, 1);
          wb_rule_say (ctx, m, _("%s, without Attack Effectiveness, is still in an enemy zone of "
                                 "control and must retreat (11.31)"), name);
          any = TRUE;
        }
    }
  if (!any)
    return FALSE;
  /* 11.31: this gives the enemy no advance. */
  spi_state (m)->n_vacated = 0;
  spi_state (m)->advance_side = 0;
  next_prompt (data, m, ctx);
  return TRUE;
}

/* --- victory ------------------------------------------------------------------------ */

void
_wb_spi_score (SpiData *data, WbMatch *m)
{
  GPtrArray *victory = wb_scenario_get_victory (m->scenario);
  GPtrArray *sides = wb_game_get_sides (m->game);
  g_autofree guint8 *zoc0 = g_new0 (guint8, (gsize) data->cols * data->rows);
  g_autofree guint8 *zoc1 = g_new0 (guint8, (gsize) data->cols * data->rows);
  guint8 *control = NULL;
  guint objective = 0, n_objectives = 0;

  /* Who holds each objective hex: SpiState.holder, copied with the state. */
  for (guint v = 0; v < victory->len; v++)
    {
      WbVictory *vc = g_ptr_array_index (victory, v);
      if (vc->kind == WB_VICTORY_OCCUPY && vc->places != NULL)
        n_objectives += vc->places->len;
    }
  if (n_objectives > 0)
    control = spi_holders (m, n_objectives);
  mark_zoc_of (data, m, 0, zoc0);
  mark_zoc_of (data, m, 1, zoc1);
  m->vp[0] = m->vp[1] = 0;
  for (guint v = 0; v < victory->len; v++)
    {
      WbVictory *vc = g_ptr_array_index (victory, v);
      guint side = 0;

      for (guint s = 0; s < sides->len; s++)
        if (g_strcmp0 (((WbSide *) g_ptr_array_index (sides, s))->id, vc->side) == 0)
          side = s;
      switch (vc->kind)
        {
        case WB_VICTORY_VP_PER_SP:
          /* 18.1: per enemy Strength Point destroyed. */
          wb_match_add_vp (m, side, (gint64) vc->vp * spi_state (m)->lost[1 - side] / 2);
          break;
        case WB_VICTORY_OCCUPY:
          /* 18.13: the last side with a unit or zone of control in the hex. */
          for (guint p = 0; vc->places != NULL && p < vc->places->len; p++, objective++)
            {
              const WbPlace *pl = &g_array_index (vc->places, WbPlace, p);
              WbOffset h;
              int owner, here0, here1;

              if (pl->kind != WB_PLACE_HEX || !parse_hex_text (data, pl->ref, &h) || objective >= n_objectives)
                continue;
              /* Side 1's enemies are side 0's units, and the other way. */
              here0 = data->marks[1].enemy[h.row * data->cols + h.col] || zoc0[h.row * data->cols + h.col];
              here1 = data->marks[0].enemy[h.row * data->cols + h.col] || zoc1[h.row * data->cols + h.col];
              owner = control[objective];
              if (owner == 0)
                owner = (int) data->objectives_side;
              if (here0 && !here1)
                owner = 1;
              else if (here1 && !here0)
                owner = 2;
              control[objective] = (guint8) owner;
              if (owner == (int) side + 1)
                wb_match_add_vp (m, side, vc->vp);
            }
          break;
        case WB_VICTORY_DESTROY:
          {
            gboolean all = vc->units != NULL && vc->units->len > 0;
            for (guint k = 0; all && k < vc->units->len; k++)
              {
                WbUnitState *u = wb_match_find_unit (m, g_ptr_array_index (vc->units, k));
                all = u != NULL && u->where.kind == WB_WHERE_ELIMINATED;
              }
            if (all)
              wb_match_add_vp (m, side, vc->vp);
            break;
          }
        case WB_VICTORY_TEXT:
        default:
          break;
        }
    }
}

GArray *
_wb_spi_retreats (SpiData *data, WbMatch *m, const WbUnitState *u, GPtrArray *displace)
{
  WbHexLayout layout = wb_hex_map_get_layout (data->map);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (WbOffset));

  for (int pass = 0; pass < 2; pass++)
    for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
      {
        WbOffset to = wb_hex_neighbour (layout, u->where.hex, d);
        RetreatKind kind = retreat_kind (data, m, u, to, 0);

        if (kind != (pass == 0 ? RETREAT_FREE : RETREAT_DISPLACE) || (pass == 1 && out->len > 0 &&
                                                                     displace == NULL))
          continue;
        if (pass == 1 && displace != NULL && has_free_retreat (data, m, u))
          continue;
        g_array_append_val (out, to);
        if (displace != NULL)
          {
            WbUnitState *victim = NULL;
            for (guint i = 0; pass == 1 && i < m->units->len && victim == NULL; i++)
              {
                WbUnitState *o = &g_array_index (m->units, WbUnitState, i);
                if (o != u && o->side == u->side && _wb_spi_on_map (o) && same_hex (o->where.hex, to))
                  victim = o;
              }
            g_ptr_array_add (displace, victim);
          }
      }
  return out;
}

gboolean
_wb_spi_may_advance (SpiData *data, WbMatch *m, const WbUnitState *u, WbOffset *into)
{
  return may_advance (data, m, u, into);
}

gboolean
_wb_spi_side_prohibited (SpiData *data, WbOffset hex, int dir)
{
  return side_prohibited (data, hex, dir);
}

int
_wb_spi_direction (SpiData *data, WbOffset a, WbOffset b)
{
  return direction (data, a, b);
}

gboolean
_wb_spi_line_of_sight (SpiData *data, WbOffset from, WbOffset to)
{
  return line_of_sight (data, from, to);
}

gboolean
_wb_spi_in_enemy_zoc (SpiData *data, WbMatch *m, const WbUnitState *u)
{
  return in_enemy_zoc (data, m, u);
}
