/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-spi"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "wb-unit.h"
#include "wb-error.h"
#include "rules/spi/wb-spi-private.h"

/* SPI Blue & Gray movement (5.0), zones of control (6.0), stacking (5.3),
 * night movement (10.2), reinforcements (15.0) and the exclusive rules'
 * movement profiles (Wilderness 17.1-17.3, read from rules.params). */

static const char *
side_id (WbMatch *m, guint side)
{
  return ((WbSide *) g_ptr_array_index (wb_game_get_sides (m->game), side))->id;
}

/* @unit's own Movement Allowance (its class's movement attribute), else
 * the game's. */
static int
allowance_of (SpiData *data, WbUnit *unit)
{
  WbUnitType *klass = unit != NULL && data->movement_attr != NULL
                      ? wb_game_find_unit_class (data->game, wb_unit_get_class_id (unit)) : NULL;
  const WbAttrValue *v;

  if (klass == NULL || wb_unit_type_find_attr (klass, data->movement_attr) == NULL ||
      (v = wb_unit_get_attr (unit, data->movement_attr)) == NULL)
    return data->allowance;
  switch (v->type)
    {
    case WB_ATTR_INT:
      return (int) CLAMP (v->i, 0, 1000) * WB_MOVE_QUARTERS;
    case WB_ATTR_NUMBER:
      return (int) (CLAMP (v->d, 0, 1000) * WB_MOVE_QUARTERS);
    case WB_ATTR_STRING:
    case WB_ATTR_BOOL:
    case WB_ATTR_FIREPOWER:
    default:
      return data->allowance;
    }
}

static void
unit_info_fill (SpiData *data, SpiUnitInfo *e, const WbUnitState *u)
{
  /* By text: g_intern_string ()'s global lock would serialise games
   * played on several threads (the balance lab). */
  GPtrArray *sides = wb_game_get_sides (data->game);
  const char *side = u->side < sides->len ? ((WbSide *) g_ptr_array_index (sides, u->side))->id : NULL;
  const char *klass;

  e->id = u->id;
  e->side = u->side;
  e->unit = u->id != NULL ? wb_game_find_unit (data->game, u->id) : NULL;
  klass = e->unit != NULL ? wb_unit_get_class_id (e->unit) : NULL;
  e->klass = klass != NULL ? klass : "infantry";
  e->profiles = 0;
  for (guint i = 0; i < data->profiles->len && i < 32; i++)
    {
      SpiProfile *p = g_ptr_array_index (data->profiles, i);

      if ((p->side == NULL || g_strcmp0 (p->side, side) == 0) && (p->klass == NULL || g_strcmp0 (p->klass, e->klass) == 0))
        e->profiles |= 1u << i;
    }
  e->allowance = allowance_of (data, e->unit);
}

SpiUnitInfo *
_wb_spi_unit_info (SpiData *data, const WbUnitState *u)
{
  guint h = (guint) (((guintptr) u->id >> 3) * 2654435761u) & data->units_mask;

  if (u->id == NULL)
    {
      unit_info_fill (data, &data->unit_scratch, u);
      return &data->unit_scratch;
    }
  for (;; h = (h + 1) & data->units_mask)
    {
      SpiUnitInfo *e = &data->units[h];

      if (e->id == u->id)
        {
          if (e->side != u->side)
            unit_info_fill (data, e, u);
          return e;
        }
      if (e->id == NULL)
        {
          if (2 * (data->n_units + 1) > data->units_mask + 1)
            e = &data->unit_scratch;
          else
            data->n_units++;
          unit_info_fill (data, e, u);
          return e;
        }
    }
}

void
_wb_spi_caches_free (SpiData *data)
{
  for (guint i = 0; i < data->n_graph_entries; i++)
    g_free (data->graph_entries[i].klass);
  for (guint i = 0; i < G_N_ELEMENTS (data->marks); i++)
    {
      g_free (data->marks[i].enemy);
      g_free (data->marks[i].zoc);
      g_free (data->marks[i].from);
    }
  g_free (data->units);
  g_free (data->side_prohibited);
  g_free (data->no_end_at);
  g_free (data->friends);
  g_free (data->friends_no_stack);
}

const char *
_wb_spi_unit_class (SpiData *data, const WbUnitState *u)
{
  return _wb_spi_unit_info (data, u)->klass;
}

int
_wb_spi_allowance (SpiData *data, const WbUnitState *u)
{
  return _wb_spi_unit_info (data, u)->allowance;
}

WbReachFlags
_wb_spi_zoc_flags (SpiData *data)
{
  switch (data->zoc_mode)
    {
    case SPI_ZOC_NONE:
      return 0;
    case SPI_ZOC_STICKY:
      return WB_REACH_ZOC_STOPS;
    case SPI_ZOC_LOCKING:
    case SPI_ZOC_RIGID:
    default:
      return WB_REACH_ZOC_STOPS | WB_REACH_ZOC_LOCKS;
    }
}

guint32
_wb_spi_profiles_for (SpiData *data, WbMatch *m, const WbUnitState *u, int turn)
{
  guint32 bits = _wb_spi_unit_info (data, u)->profiles;

  for (guint i = 0; bits != 0 && i < data->profiles->len && i < 32; i++)
    {
      SpiProfile *p = g_ptr_array_index (data->profiles, i);

      if (p->first_turn != 0 && (turn < p->first_turn || turn > p->last_turn))
        bits &= ~(1u << i);
    }
  return bits;
}

static SpiProfile *
profile_at (SpiData *data, guint i)
{
  return g_ptr_array_index (data->profiles, i);
}

/* Whether any profile in @bits says @what. */
static gboolean
profiles_say (SpiData *data, guint32 bits, gsize offset)
{
  for (guint i = 0; i < data->profiles->len && i < 32; i++)
    if ((bits & (1u << i)) && G_STRUCT_MEMBER (gboolean, profile_at (data, i), offset))
      return TRUE;
  return FALSE;
}

WbHexGraph *
_wb_spi_graph (SpiData *data, WbMatch *m, const WbUnitState *u, int turn)
{
  const char *klass = _wb_spi_unit_class (data, u);
  guint32 bits = _wb_spi_profiles_for (data, m, u, turn);
  g_autofree char *key = NULL;
  WbHexGraph *g;
  g_autoptr(GHashTable) costs = NULL;
  WbMoveProfile mp = { .unit_class = klass };

  for (guint i = 0; i < data->n_graph_entries; i++)
    if (data->graph_entries[i].bits == bits && strcmp (data->graph_entries[i].klass, klass) == 0)
      return data->graph_entries[i].graph;
  key = g_strdup_printf ("%s|%x", klass, bits);
  g = g_hash_table_lookup (data->graphs, key);
  if (g != NULL)
    return g;
  /* Several profiles combine: their costs add up (later ones win), and
   * each kind of restriction comes from the first profile that has it. */
  for (guint i = 0; i < data->profiles->len && i < 32; i++)
    {
      SpiProfile *p = profile_at (data, i);

      if (!(bits & (1u << i)))
        continue;
      if (p->costs != NULL)
        {
          GHashTableIter iter;
          gpointer k, v;

          if (costs == NULL)
            costs = g_hash_table_new (g_str_hash, g_str_equal);
          g_hash_table_iter_init (&iter, p->costs);
          while (g_hash_table_iter_next (&iter, &k, &v))
            g_hash_table_insert (costs, k, v);
        }
      if (p->enter != WB_ENTER_ANY && mp.enter == WB_ENTER_ANY)
        {
          mp.enter = p->enter;
          mp.restricted = (const char * const *) p->terrain;
          mp.adjacent = (const char * const *) p->adjacent;
          mp.zoc_exempt = p->zoc_exempt;
        }
      if (p->hexes_with != NULL && mp.hexes_with == NULL)
        mp.hexes_with = (const char * const *) p->hexes_with;
    }
  mp.costs = costs;
  g = wb_hex_graph_new_for (data->game, data->map, &mp);
  g_hash_table_insert (data->graphs, g_steal_pointer (&key), g);
  if (data->n_graph_entries < SPI_MAX_GRAPH_ENTRIES)
    data->graph_entries[data->n_graph_entries++] = (SpiGraphEntry) { g_strdup (klass), bits, g };
  return g;
}

static gboolean
on_map (const WbUnitState *u)
{
  return (u->flags & WB_UNIT_IN_SCENARIO) && u->where.kind == WB_WHERE_HEX;
}

void
_wb_spi_mark_enemies (SpiData *data, WbMatch *m, guint side)
{
  WbUnitState probe = { 0 };
  WbHexGraph *base = NULL;
  guint set = MIN (side, 2);
  gsize n = (gsize) data->cols * data->rows;
  gboolean same;

  data->enemy = data->marks[set].enemy;
  data->zoc = data->marks[set].zoc;
  if (data->marks[set].n_from != m->units->len)
    {
      g_free (data->marks[set].from);
      data->marks[set].from = g_new (int, m->units->len);
      data->marks[set].n_from = m->units->len;
      data->marks[set].valid = FALSE;
    }
  /* The marks depend only on where @side's enemies are. */
  same = data->marks[set].valid && set < 2;
  for (guint i = 0; i < m->units->len; i++)
    {
      const WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      int at = u->side == side || !on_map (u) ? -1 : u->where.hex.row * data->cols + u->where.hex.col;

      if (same && data->marks[set].from[i] != at)
        same = FALSE;
      data->marks[set].from[i] = at;
    }
  if (same)
    return;
  data->marks[set].valid = TRUE;
  /* Zones of control do not depend on the unit exerting them: any graph
   * knows which hexsides stop them. */
  probe.id = SPI_NO_UNIT;
  if (data->zoc_mode != SPI_ZOC_NONE)
    base = _wb_spi_graph (data, m, &probe, 0);
  memset (data->enemy, 0, n);
  memset (data->zoc, 0, n);
  for (guint i = 0; i < m->units->len; i++)
    {
      const WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

      if (u->side == side || !on_map (u))
        continue;
      data->enemy[u->where.hex.row * data->cols + u->where.hex.col] = 1;
      if (base != NULL)
        wb_hex_graph_add_zoc (base, u->where.hex, data->zoc);
    }
}

/* Friendly units at @hex other than @self. */
static guint
friends_at (WbMatch *m, const WbUnitState *self, WbOffset hex, gboolean *no_stack_there, SpiData *data)
{
  guint n = 0;

  if (no_stack_there)
    *no_stack_there = FALSE;
  for (guint i = 0; i < m->units->len; i++)
    {
      const WbUnitState *u = &g_array_index (m->units, WbUnitState, i);

      if (u == self || u->side != self->side || !on_map (u) ||
          u->where.hex.col != hex.col || u->where.hex.row != hex.row)
        continue;
      n++;
      if (no_stack_there &&
          profiles_say (data, _wb_spi_profiles_for (data, m, u, m->turn), G_STRUCT_OFFSET (SpiProfile, no_stack)))
        *no_stack_there = TRUE;
    }
  return n;
}

static gboolean
no_end_hex (SpiData *data, WbOffset hex)
{
  guint8 *known = &data->no_end_at[hex.row * data->cols + hex.col];

  if (*known == 0)
    {
      *known = 1;
      for (guint i = 0; data->no_end != NULL && data->no_end[i] != NULL; i++)
        if (wb_hex_map_has_hex_feature (data->map, hex, data->no_end[i]))
          *known = 2;
    }
  return *known == 2;
}

static char *
hex_text (SpiData *data, WbOffset hex)
{
  char buf[32];

  wb_hex_map_format_hex (data->map, hex, buf, sizeof buf);
  return g_strdup (buf);
}

static char *
mp_text (int quarters)
{
  return g_strdup_printf ("%g", quarters / (double) WB_MOVE_QUARTERS);
}

static WbUnitState *
find_unit (WbMatch *m, JsonObject *action, GError **error)
{
  const char *id = wb_json_string (action, "unit", NULL);
  WbUnitState *u = wb_match_find_unit (m, id);

  if (u == NULL || !(u->flags & WB_UNIT_IN_SCENARIO))
    g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_NOT_FOUND,
                 _("No unit “%s” in this scenario"), id != NULL ? id : "");
  return u != NULL && (u->flags & WB_UNIT_IN_SCENARIO) ? u : NULL;
}

static gboolean
parse_hex (SpiData *data, JsonObject *action, const char *member, WbOffset *hex, GError **error)
{
  JsonNode *n = json_object_get_member (action, member);
  const char *text = NULL;

  if (n != NULL && JSON_NODE_HOLDS_OBJECT (n))
    text = wb_json_string (json_node_get_object (n), "hex", NULL);
  if (text == NULL || !wb_hex_map_parse_hex (data->map, text, hex) || !wb_hex_map_contains (data->map, *hex))
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                   _("“%s” must be a hex of the map, as {\"hex\": \"0414\"}"), member);
      return FALSE;
    }
  return TRUE;
}

typedef struct {
  WbHexGraph   *graph;
  guint8       *closed;     /* enemy hexes, and hexes a train defense unit closes */
  WbReachFlags  flags;
  int           allowance;
  guint32       profiles;
} MoveSearch;

/* The search @u's move makes now: its graph, the hexes it may not enter,
 * the zone-of-control rules, what is left of its allowance. @closed is
 * filled (cols × rows). */
static void
move_search (SpiData *data, WbMatch *m, const WbUnitState *u, guint8 *closed, MoveSearch *s)
{
  gboolean no_stack;

  _wb_spi_mark_enemies (data, m, u->side);
  s->graph = _wb_spi_graph (data, m, u, m->turn);
  s->profiles = _wb_spi_profiles_for (data, m, u, m->turn);
  no_stack = profiles_say (data, s->profiles, G_STRUCT_OFFSET (SpiProfile, no_stack));
  memcpy (closed, data->enemy, (gsize) data->cols * data->rows);
  /* 17.33: a train defense unit enters no occupied hex, and no other unit
   * enters its hex. */
  for (guint i = 0; i < m->units->len; i++)
    {
      const WbUnitState *o = &g_array_index (m->units, WbUnitState, i);
      gboolean o_no_stack;

      if (o == u || o->side != u->side || !on_map (o))
        continue;
      o_no_stack = profiles_say (data, _wb_spi_profiles_for (data, m, o, m->turn),
                                 G_STRUCT_OFFSET (SpiProfile, no_stack));
      if (no_stack || o_no_stack)
        closed[o->where.hex.row * data->cols + o->where.hex.col] = 1;
    }
  s->closed = closed;
  s->flags = _wb_spi_zoc_flags (data);
  /* 10.2 at night; 17.32 train defense; 11.2 without Attack Effectiveness. */
  if ((data->night_no_enter_zoc && wb_match_turn_is_night (m, m->turn)) || (u->flags & SPI_INEFFECTIVE) ||
      profiles_say (data, s->profiles, G_STRUCT_OFFSET (SpiProfile, no_enter_zoc)))
    s->flags |= WB_REACH_NO_ENTER_ZOC;
  s->allowance = MAX (0, _wb_spi_allowance (data, u) - u->data[SPI_DATA_SPENT]);
}

/* Which rule keeps @to out of reach: the searches relaxed one rule at a
 * time, in this order, until it is reached. */
static const char *
blocking_rule (SpiData *data, WbMatch *m, const WbUnitState *u, MoveSearch *s, WbOffset to)
{
  WbReachFlags flags = s->flags;
  WbUnitState plain = *u;
  WbHexGraph *base;

  if ((flags & WB_REACH_ZOC_LOCKS) && data->zoc[u->where.hex.row * data->cols + u->where.hex.col])
    {
      flags &= ~WB_REACH_ZOC_LOCKS;
      wb_hex_graph_reach (s->graph, u->where.hex, s->allowance, s->closed, data->zoc, flags);
      if (wb_hex_graph_reached_cost (s->graph, to) >= 0)
        return "spi.zoc-exit";
    }
  if (flags & WB_REACH_NO_ENTER_ZOC)
    {
      flags &= ~WB_REACH_NO_ENTER_ZOC;
      wb_hex_graph_reach (s->graph, u->where.hex, s->allowance, s->closed, data->zoc, flags);
      if (wb_hex_graph_reached_cost (s->graph, to) >= 0)
        return data->night_no_enter_zoc && wb_match_turn_is_night (m, m->turn) ? "spi.night-zoc" : "spi.profile";
    }
  if (flags & WB_REACH_ZOC_STOPS)
    {
      flags &= ~WB_REACH_ZOC_STOPS;
      wb_hex_graph_reach (s->graph, u->where.hex, s->allowance, s->closed, data->zoc, flags);
      if (wb_hex_graph_reached_cost (s->graph, to) >= 0)
        return "spi.zoc-stop";
    }
  wb_hex_graph_reach (s->graph, u->where.hex, s->allowance, NULL, data->zoc, flags);
  if (wb_hex_graph_reached_cost (s->graph, to) >= 0)
    return data->enemy[to.row * data->cols + to.col] ? "spi.enemy-hex" : "spi.stacking";
  wb_hex_graph_reach (s->graph, u->where.hex, G_MAXINT / 2, NULL, data->zoc, flags);
  if (wb_hex_graph_reached_cost (s->graph, to) >= 0)
    return "spi.allowance";
  /* Without the exclusive rules' profile? */
  plain.id = SPI_NO_UNIT;
  base = _wb_spi_graph (data, m, &plain, 0);
  wb_hex_graph_reach (base, u->where.hex, G_MAXINT / 2, NULL, data->zoc, flags);
  if (s->profiles != 0 && wb_hex_graph_reached_cost (base, to) >= 0)
    return "spi.profile";
  return "spi.terrain";
}

static const char *
rule_message (const char *rule)
{
  static const struct { const char *rule, *text; } messages[] = {
    { "spi.zoc-exit", N_("it starts in an enemy zone of control") },
    { "spi.night-zoc", N_("at night it may not enter an enemy zone of control") },
    { "spi.zoc-stop", N_("it would have to go on after entering an enemy zone of control") },
    { "spi.enemy-hex", N_("an enemy unit is there") },
    { "spi.stacking", N_("the way is through hexes it may not stack in") },
    { "spi.allowance", N_("it costs more than the Movement Points it has") },
    { "spi.terrain", N_("no way there crosses only terrain it may enter") },
  };
  for (guint i = 0; i < G_N_ELEMENTS (messages); i++)
    if (strcmp (messages[i].rule, rule) == 0)
      return _(messages[i].text);
  return rule;
}

/* Whether @u belongs to @formation or a formation under it. */
static gboolean
under_formation (SpiData *data, const WbUnitState *u, const char *formation)
{
  WbUnit *unit = wb_game_find_unit (data->game, u->id);
  const char *f = unit != NULL ? wb_unit_get_formation (unit) : NULL;

  for (int depth = 0; f != NULL && depth < 32; depth++)
    {
      WbFormation *rec;

      if (g_strcmp0 (f, formation) == 0)
        return TRUE;
      rec = wb_game_find_formation (data->game, f);
      f = rec != NULL ? rec->parent : NULL;
    }
  return FALSE;
}

static gboolean
roll_applies (SpiData *data, WbMatch *m, const SpiCommandRoll *c, const WbUnitState *u)
{
  return (c->option == NULL || wb_match_has_option (m, c->option)) &&
         g_strcmp0 (side_id (m, u->side), c->side) == 0 &&
         (c->except_class == NULL || g_strcmp0 (_wb_spi_unit_class (data, u), c->except_class) != 0) &&
         under_formation (data, u, c->formation);
}

int
_wb_spi_held (SpiData *data, WbMatch *m, const WbUnitState *u, gboolean *unrolled)
{
  if (unrolled)
    *unrolled = FALSE;
  for (guint i = 0; i < data->command_rolls->len && i < 16; i++)
    {
      const SpiCommandRoll *c = g_ptr_array_index (data->command_rolls, i);

      if (!roll_applies (data, m, c, u))
        continue;
      if (!(spi_state (m)->command_rolled & (1u << i)))
        {
          if (unrolled)
            *unrolled = TRUE;
          return (int) i;
        }
      if (spi_state (m)->command_held & (1u << i))
        return (int) i;
    }
  return -1;
}

/* {"type": "command_roll", "roll": I}: the die a command roll asks for at
 * the start of the phase (19.2: Burnside; a 6 holds IX Corps). */
WbApplyResult
_wb_spi_command_roll (SpiData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  gint64 i = wb_json_int (action, "roll", 0);
  const SpiCommandRoll *c;
  const char *name;
  int die;

  if (i < 0 || i >= data->command_rolls->len ||
      !(m->step == SPI_FIRST_MOVEMENT || m->step == SPI_SECOND_MOVEMENT))
    {
      g_set_error_literal (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                           _("No such command roll in this Movement Phase"));
      return WB_APPLY_REFUSED;
    }
  c = g_ptr_array_index (data->command_rolls, (guint) i);
  name = c->name != NULL ? c->name : c->formation;
  if ((c->option != NULL && !wb_match_has_option (m, c->option)) ||
      g_strcmp0 (side_id (m, m->active), c->side) != 0 || (spi_state (m)->command_rolled & (1u << i)))
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                   _("%s is not rolled for now"), name);
      return WB_APPLY_REFUSED;
    }
  if (!wb_rule_die (ctx, m, action, 0, 6, &die, error))
    return WB_APPLY_REFUSED;
  spi_state (m)->command_rolled |= (guint16) (1u << i);
  if (c->held_on & (1u << die))
    {
      spi_state (m)->command_held |= (guint16) (1u << i);
      /* TRANSLATORS: a command roll in the log: its name, the die, the formation */
      wb_rule_say (ctx, m, _("%s: die %d → %s may not move this phase"), name, die, c->formation);
    }
  else
    wb_rule_say (ctx, m, _("%s: die %d → %s moves normally"), name, die, c->formation);
  return WB_APPLY_DONE;
}

/* The command rolls the active side has still to make this phase, as
 * buttons: "Roll for General Burnside". */
void
_wb_spi_offers (SpiData *data, WbMatch *m, GPtrArray *offers)
{
  if (_wb_spi_may_retreat (m))
    {
      WbOffer *o = g_new0 (WbOffer, 1);

      /* TRANSLATORS: a button: the bombarding artillery does not take the Ar result (rule 8.16) */
      o->label = g_strdup (_("Artillery Stays"));
      o->action = json_object_new ();
      json_object_set_string_member (o->action, "type", "no_retreat");
      g_ptr_array_add (offers, o);
    }
  if (!(m->step == SPI_FIRST_MOVEMENT || m->step == SPI_SECOND_MOVEMENT))
    return;
  for (guint i = 0; i < data->command_rolls->len && i < 16; i++)
    {
      const SpiCommandRoll *c = g_ptr_array_index (data->command_rolls, i);
      WbOffer *o;

      if ((c->option != NULL && !wb_match_has_option (m, c->option)) ||
          g_strcmp0 (side_id (m, m->active), c->side) != 0 || (spi_state (m)->command_rolled & (1u << i)))
        continue;
      o = g_new0 (WbOffer, 1);
      /* TRANSLATORS: a button in the play prompt: a command roll's name, "General Burnside" */
      o->label = g_strdup_printf (_("Roll for %s"), c->name != NULL ? c->name : c->formation);
      o->action = json_object_new ();
      json_object_set_string_member (o->action, "type", "command_roll");
      json_object_set_int_member (o->action, "roll", i);
      g_ptr_array_add (offers, o);
    }
}

WbApplyResult
_wb_spi_move (SpiData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  WbUnitState *u = find_unit (m, action, error);
  g_autofree guint8 *closed = NULL;
  g_autofree char *name = NULL, *from = NULL, *to_text = NULL, *mp = NULL;
  MoveSearch s;
  WbOffset to;
  gboolean no_stack_there;
  int cost;

  if (u == NULL || !parse_hex (data, action, "to", &to, error))
    return WB_APPLY_REFUSED;
  name = wb_match_unit_text (m, u);
  if (!on_map (u))
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                   _("%s is not on the map"), name);
      return WB_APPLY_REFUSED;
    }
  from = hex_text (data, u->where.hex);
  to_text = hex_text (data, to);
  if (!wb_rule_check (ctx, m, "spi.phasing",
                      u->side == m->active && (m->step == SPI_FIRST_MOVEMENT || m->step == SPI_SECOND_MOVEMENT),
                      error, _("%s may not move now: it is the %s's %s"), name,
                      wb_match_side_name (m, m->active),
                      m->step == SPI_FIRST_MOVEMENT || m->step == SPI_SECOND_MOVEMENT
                        ? _("Movement Phase") : _("Combat Phase")) ||
      !wb_rule_check (ctx, m, "spi.moved-once", !(u->flags & WB_UNIT_MOVED), error,
                      _("%s has already moved this phase"), name))
    return WB_APPLY_REFUSED;

  {
    gboolean unrolled;
    int held = _wb_spi_held (data, m, u, &unrolled);

    if (held >= 0)
      {
        const SpiCommandRoll *c = g_ptr_array_index (data->command_rolls, held);
        if (unrolled)
          {
            /* The roll is an action of its own, so the log and replay have it. */
            g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                         _("Roll for %s first: its command roll is an action of its own (rule %s)"),
                         c->name != NULL ? c->name : c->formation, c->rule != NULL ? c->rule : "");
            return WB_APPLY_REFUSED;
          }
        if (!wb_rule_check (ctx, m, "spi.command-roll", FALSE, error, _("%s is held by %s this phase"),
                            name, c->name != NULL ? c->name : c->formation))
          return WB_APPLY_REFUSED;
      }
  }
  closed = g_new (guint8, (gsize) data->cols * data->rows);
  move_search (data, m, u, closed, &s);
  wb_hex_graph_reach (s.graph, u->where.hex, s.allowance, s.closed, data->zoc, s.flags);
  cost = wb_hex_graph_reached_cost (s.graph, to);
  if (cost < 0)
    {
      const char *rule = blocking_rule (data, m, u, &s, to);
      SpiProfile *p = NULL;
      g_autofree char *why = NULL;

      for (guint i = 0; i < data->profiles->len && i < 32 && p == NULL; i++)
        if (s.profiles & (1u << i))
          p = profile_at (data, i);
      if (strcmp (rule, "spi.profile") == 0)
        why = g_strdup_printf (_("the exclusive rules keep it out (%s)"),
                               p != NULL && p->rule != NULL ? p->rule : "");
      else
        why = g_strdup (rule_message (rule));
      if (!wb_rule_check (ctx, m, rule, FALSE, error, _("%s cannot move from %s to %s: %s"), name,
                          from, to_text, why))
        return WB_APPLY_REFUSED;
      cost = -1;
    }
  if (!wb_rule_check (ctx, m, "spi.no-end", !no_end_hex (data, to), error,
                      _("%s may not end its move in %s, a river ferry hex"), name, to_text) ||
      !wb_rule_check (ctx, m, "spi.stacking",
                      friends_at (m, u, to, &no_stack_there, data) + 1 <= (guint) data->stacking &&
                      !no_stack_there,
                      error, _("%s would make more than %d units in %s"), name, data->stacking, to_text))
    return WB_APPLY_REFUSED;

  u->where.hex = to;
  u->flags |= WB_UNIT_MOVED;
  if (cost >= 0)
    {
      u->data[SPI_DATA_SPENT] += cost;
      mp = mp_text (cost);
      /* TRANSLATORS: a move in the log: unit, from, to, MP spent */
      wb_rule_say (ctx, m, _("%s moves %s → %s (%s MP)"), name, from, to_text, mp);
    }
  else
    wb_rule_say (ctx, m, _("%s moves %s → %s"), name, from, to_text);
  return WB_APPLY_DONE;
}

/* The hexes @u's reinforcement line names for this scenario's options. */
static GArray *
entry_hexes (SpiData *data, WbMatch *m, const WbUnitState *u)
{
  GPtrArray *reinf = wb_scenario_get_reinforcements (m->scenario);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (WbOffset));

  for (guint i = 0; i < reinf->len; i++)
    {
      WbReinforcement *r = g_ptr_array_index (reinf, i);
      gboolean has = FALSE;

      if (!wb_scenario_applies (r->option, r->unless, (const char * const *) m->options))
        continue;
      for (guint k = 0; k < r->units->len && !has; k++)
        has = g_strcmp0 (g_ptr_array_index (r->units, k), u->id) == 0;
      for (guint k = 0; has && r->at != NULL && k < r->at->len; k++)
        {
          const WbPlace *pl = &g_array_index (r->at, WbPlace, k);
          WbOffset h;

          if (pl->kind == WB_PLACE_HEX && wb_hex_map_parse_hex (data->map, pl->ref, &h) &&
              wb_hex_map_contains (data->map, h))
            g_array_append_val (out, h);
        }
      if (has)
        break;
    }
  return out;
}

/* Every hex with a unit on it (cols × rows bytes, transfer full). */
static guint8 *
occupancy (SpiData *data, WbMatch *m)
{
  guint8 *occ = g_new0 (guint8, (gsize) data->cols * data->rows);

  for (guint i = 0; i < m->units->len; i++)
    {
      const WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      if (on_map (u))
        occ[u->where.hex.row * data->cols + u->where.hex.col] = 1;
    }
  return occ;
}

/* 15.13: where a unit of @entry may come on: the entry hex, or when it is
 * occupied the nearest unoccupied hexes (WbOffset, transfer full). */
static GArray *
entry_places (SpiData *data, const guint8 *occ, WbOffset e)
{
  WbHexLayout layout = wb_hex_map_get_layout (data->map);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (WbOffset));
  int nearest = G_MAXINT;

  if (!occ[e.row * data->cols + e.col])
    {
      g_array_append_val (out, e);
      return out;
    }
  for (int pass = 0; pass < 2; pass++)
    for (int r = 0; r < data->rows; r++)
      for (int c = 0; c < data->cols; c++)
        {
          WbOffset h = { c, r };
          int d;

          if (occ[r * data->cols + c])
            continue;
          d = wb_hex_distance (layout, e, h);
          if (pass == 0)
            nearest = MIN (nearest, d);
          else if (d == nearest)
            g_array_append_val (out, h);
        }
  return out;
}

/* TRUE when @at is a place to come on for one of @entries; @entry is the
 * entry hex it counts for. */
static gboolean
valid_entry (SpiData *data, WbMatch *m, GArray *entries, WbOffset at, WbOffset *entry)
{
  g_autofree guint8 *occ = occupancy (data, m);

  for (guint i = 0; i < entries->len; i++)
    {
      g_autoptr(GArray) places = entry_places (data, occ, g_array_index (entries, WbOffset, i));

      *entry = g_array_index (entries, WbOffset, i);
      for (guint k = 0; k < places->len; k++)
        if (g_array_index (places, WbOffset, k).col == at.col && g_array_index (places, WbOffset, k).row == at.row)
          return TRUE;
    }
  return FALSE;
}

WbApplyResult
_wb_spi_enter (SpiData *data, WbMatch *m, JsonObject *action, WbRuleContext *ctx, GError **error)
{
  WbUnitState *u = find_unit (m, action, error);
  g_autoptr(GArray) entries = NULL;
  g_autofree char *name = NULL, *at_text = NULL, *mp = NULL;
  WbOffset at, entry = { 0, 0 };
  int code, column = 1;

  if (u == NULL || !parse_hex (data, action, "at", &at, error))
    return WB_APPLY_REFUSED;
  name = wb_match_unit_text (m, u);
  at_text = hex_text (data, at);
  if (u->where.kind != WB_WHERE_WAITING || u->arrives <= 0)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                   _("%s is not a reinforcement waiting to enter"), name);
      return WB_APPLY_REFUSED;
    }
  entries = entry_hexes (data, m, u);
  if (!wb_rule_check (ctx, m, "spi.phasing",
                      u->side == m->active && (m->step == SPI_FIRST_MOVEMENT || m->step == SPI_SECOND_MOVEMENT),
                      error, _("%s may enter only in its side's Movement Phase"), name) ||
      !wb_rule_check (ctx, m, "spi.reinforcement-turn", m->turn >= u->arrives, error,
                      _("%s arrives on Game-Turn %d"), name, u->arrives) ||
      !wb_rule_check (ctx, m, "spi.reinforcement-hex", valid_entry (data, m, entries, at, &entry),
                      error, _("%s enters at its entry hex, or the nearest unoccupied hex when that "
                               "one is occupied, not at %s"), name, at_text))
    return WB_APPLY_REFUSED;
  if (entries->len > 0 && !valid_entry (data, m, entries, at, &entry))
    entry = g_array_index (entries, WbOffset, 0);
  else if (entries->len == 0)
    entry = at;
  /* 15.0: arriving in column, the n-th unit at an entry hex this turn has
   * spent n Movement Points getting there (15.15: the first, one). */
  code = entry.row * 1000 + entry.col + 1;
  for (guint i = 0; i < m->units->len; i++)
    {
      const WbUnitState *o = &g_array_index (m->units, WbUnitState, i);
      if ((o->flags & SPI_ENTERED) && o->data[SPI_DATA_ENTRY] == code)
        column++;
    }
  u->where.kind = WB_WHERE_HEX;
  u->where.hex = at;
  u->flags |= SPI_ENTERED;
  u->data[SPI_DATA_ENTRY] = code;
  if (data->entry_free)
    {
      /* rules.params.reinforcement_entry "free": its whole allowance left. */
      u->data[SPI_DATA_SPENT] = 0;
      wb_rule_say (ctx, m, _("%s enters at %s"), name, at_text);
      return WB_APPLY_DONE;
    }
  u->data[SPI_DATA_SPENT] = column * WB_MOVE_QUARTERS;
  mp = mp_text (u->data[SPI_DATA_SPENT]);
  /* TRANSLATORS: a reinforcement in the log: unit, hex, its place in the column */
  wb_rule_say (ctx, m, _("%s enters at %s (%s MP spent arriving in column)"), name, at_text, mp);
  return WB_APPLY_DONE;
}

GArray *
_wb_spi_path (SpiData *data, WbMatch *m, const char *unit, WbOffset hex)
{
  WbUnitState *u = wb_match_find_unit (m, unit);
  g_autofree guint8 *closed = NULL;
  MoveSearch s;

  if (u == NULL || !on_map (u))
    return NULL;
  closed = g_new (guint8, (gsize) data->cols * data->rows);
  move_search (data, m, u, closed, &s);
  wb_hex_graph_reach (s.graph, u->where.hex, s.allowance, s.closed, data->zoc, s.flags);
  if (wb_hex_graph_reached_cost (s.graph, hex) < 0)
    return NULL;
  return wb_hex_graph_path (s.graph, hex);
}

/* Where a combat's prompt lets @u go: its retreats, or the hex it may
 * advance into (cost 0). */
static GArray *
prompt_destinations (SpiData *data, WbMatch *m, WbUnitState *u)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (WbDestination));

  if (spi_state (m)->pending == SPI_PENDING_RETREAT && (u->flags & (SPI_MUST_RETREAT | SPI_MAY_RETREAT)) &&
      u->side == m->active)
    {
      g_autoptr(GArray) hexes = _wb_spi_retreats (data, m, u, NULL);
      for (guint i = 0; i < hexes->len; i++)
        {
          WbDestination d = { { WB_WHERE_HEX, g_array_index (hexes, WbOffset, i), NULL }, 0 };
          g_array_append_val (out, d);
        }
    }
  else if (spi_state (m)->pending == SPI_PENDING_ADVANCE)
    {
      WbOffset into;
      if (_wb_spi_may_advance (data, m, u, &into))
        {
          WbDestination d = { { WB_WHERE_HEX, into, NULL }, 0 };
          g_array_append_val (out, d);
        }
    }
  return out;
}

static gint compare_ints (gconstpointer a, gconstpointer b, gpointer user_data);

GArray *
_wb_spi_destinations (SpiData *data, WbMatch *m, const char *unit)
{
  WbUnitState *u = wb_match_find_unit (m, unit);
  g_autofree guint8 *closed = NULL;
  GArray *out;
  MoveSearch s;

  if (u != NULL && on_map (u) && spi_state (m)->pending != SPI_PENDING_NONE)
    return prompt_destinations (data, m, u);
  /* A reinforcement due now: where it may come on (15.13). */
  if (u != NULL && u->where.kind == WB_WHERE_WAITING && (u->flags & WB_UNIT_IN_SCENARIO) &&
      u->arrives > 0 && u->arrives <= m->turn && u->side == m->active &&
      (m->step == SPI_FIRST_MOVEMENT || m->step == SPI_SECOND_MOVEMENT) &&
      spi_state (m)->pending == SPI_PENDING_NONE && !m->over)
    {
      g_autoptr(GArray) at = _wb_spi_entries (data, m, u);
      out = g_array_new (FALSE, FALSE, sizeof (WbDestination));
      for (guint i = 0; i < at->len; i++)
        {
          WbDestination d = { { WB_WHERE_HEX, g_array_index (at, WbOffset, i), NULL }, WB_MOVE_QUARTERS };
          g_array_append_val (out, d);
        }
      return out;
    }
  if (u == NULL || !on_map (u) || u->side != m->active || (u->flags & WB_UNIT_MOVED) ||
      !(m->step == SPI_FIRST_MOVEMENT || m->step == SPI_SECOND_MOVEMENT) || m->over)
    return NULL;
  closed = g_new (guint8, (gsize) data->cols * data->rows);
  move_search (data, m, u, closed, &s);
  wb_hex_graph_reach (s.graph, u->where.hex, s.allowance, s.closed, data->zoc, s.flags);
  {
    guint n_reached;
    const int *reached = wb_hex_graph_reached_hexes (s.graph, &n_reached);
    g_autofree int *order = g_memdup2 (reached, sizeof (int) * n_reached);

    /* Friendly units (other than @u) by hex, and whether one of them
     * stacks with nobody: friends_at () for every hex at once. */
    for (guint i = 0; i < m->units->len; i++)
      {
        const WbUnitState *o = &g_array_index (m->units, WbUnitState, i);
        int at;

        if (o == u || o->side != u->side || !on_map (o))
          continue;
        at = o->where.hex.row * data->cols + o->where.hex.col;
        data->friends[at]++;
        if (profiles_say (data, _wb_spi_profiles_for (data, m, o, m->turn), G_STRUCT_OFFSET (SpiProfile, no_stack)))
          data->friends_no_stack[at] = 1;
      }
    /* In the map's order, row by row, as the player draws from them. */
    g_qsort_with_data (order, (gint) n_reached, sizeof (int), compare_ints, NULL);
    out = g_array_new (FALSE, FALSE, sizeof (WbDestination));
    for (guint i = 0; i < n_reached; i++)
      {
        WbOffset h = { order[i] % data->cols, order[i] / data->cols };
        int cost = wb_hex_graph_reached_cost (s.graph, h);
        WbDestination d = { { WB_WHERE_HEX, h, NULL }, cost };

        if (cost <= 0 || no_end_hex (data, h) ||
            data->friends[order[i]] + 1u > (guint) data->stacking || data->friends_no_stack[order[i]])
          continue;
        g_array_append_val (out, d);
      }
    for (guint i = 0; i < m->units->len; i++)
      {
        const WbUnitState *o = &g_array_index (m->units, WbUnitState, i);
        int at;

        if (!on_map (o))
          continue;
        at = o->where.hex.row * data->cols + o->where.hex.col;
        data->friends[at] = 0;
        data->friends_no_stack[at] = 0;
      }
  }
  return out;
}

static gint
compare_ints (gconstpointer a, gconstpointer b, gpointer user_data)
{
  int x = *(const int *) a, y = *(const int *) b;

  return (x > y) - (x < y);
}

GArray *
_wb_spi_entries (SpiData *data, WbMatch *m, const WbUnitState *u)
{
  g_autoptr(GArray) entries = entry_hexes (data, m, u);
  g_autofree guint8 *occ = occupancy (data, m);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (WbOffset));

  for (guint i = 0; i < entries->len; i++)
    {
      g_autoptr(GArray) places = entry_places (data, occ, g_array_index (entries, WbOffset, i));
      g_array_append_vals (out, places->data, places->len);
    }
  return out;
}
