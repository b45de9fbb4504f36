/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-print"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "wb-print-layout-private.h"
#include "wb-render-table.h"
#include "rules/wb-family.h"

/*
 * The player-aid sheet (the game's tables as printed charts, and a terrain
 * effects chart built from the map legend) and the rules summary page.
 * Charts print without the designer's notes (wb-render-table.c leaves
 * them out) and with their source lines.
 */

#define BODY 9.0
#define SMALL 7.5

/* A chart cut over pages is read across the cut; below this scale it is
 * cut rather than shrunk to one page. */
#define MIN_CHART_SCALE 0.6
#define CHART_GAP 10.0

static void
aid_page (WbPrintFlow *flow,
          gpointer     user_data)
{
  const char *heading = user_data;

  flow->y = _wb_print_sheet_heading (flow->sheet, flow->doc, flow->page, heading);
}

/* One table's chart: scaled to the width when wider, and to a page when
 * taller (down to MIN_CHART_SCALE; past that cut over pages). The boxes
 * come from the chart's size without fonts (the same on every host); the
 * chart is fitted into them when drawn. */
static void
add_chart (WbPrintFlow *flow,
           WbTable     *table)
{
  const char *id = wb_table_get_id (table);
  double w, h, scale, full, page_h;

  wb_render_table_get_size (table, WB_TABLE_CHART_NO_TEXT, &w, &h);
  if (!(w > 0) || !(h > 0))
    return;
  if (flow->sheet == NULL)
    _wb_print_flow_new_page (flow);
  scale = MIN (1.0, flow->width / w);
  full = h * scale;
  page_h = flow->bottom - flow->first_y;
  if (full > page_h && page_h / h >= MIN_CHART_SCALE)
    {
      scale = page_h / h;
      full = page_h;
    }
  if (full <= page_h + 1e-6)
    {
      _wb_print_flow_need (flow, full);
      _wb_print_sheet_chart (flow->sheet, id, flow->left, flow->y, w * scale, full, 0, 1);
      wb_print_doc_add_item (flow->doc, flow->page, WB_PRINT_ITEM_TABLE, id, 0, flow->left, flow->y, w * scale,
                             full);
      flow->y += full + CHART_GAP;
      return;
    }
  /* Cut over whole pages: each part an item of the table, face its part. */
  for (guint part = 0; part * page_h < full; part++)
    {
      double from = part * page_h / full, to = MIN (1.0, (part + 1) * page_h / full);

      if (part > 0 || flow->y > flow->first_y + 1e-6)
        _wb_print_flow_new_page (flow);
      _wb_print_sheet_chart (flow->sheet, id, flow->left, flow->y, w * scale, (to - from) * full, from, to);
      wb_print_doc_add_item (flow->doc, flow->page, WB_PRINT_ITEM_TABLE, id, (int) part, flow->left, flow->y,
                             w * scale, (to - from) * full);
      flow->y += (to - from) * full + CHART_GAP;
    }
}

/* "1 MP", "2 MP; Cavalry 3, Artillery no entry": a legend record's
 * movement costs by unit class ("*" first: every class). */
static char *
costs_text (WbGame *game,
            GArray *move,
            gboolean added)
{
  g_autoptr(GString) s = g_string_new (NULL);

  for (int pass = 0; pass < 2; pass++)
    for (guint i = 0; move != NULL && i < move->len; i++)
      {
        WbMoveCost *c = &g_array_index (move, WbMoveCost, i);
        gboolean every = g_strcmp0 (c->unit_class, "*") == 0;
        WbUnitType *klass = every ? NULL : wb_game_find_unit_class (game, c->unit_class);
        g_autofree char *cost = NULL;

        if (every != (pass == 0))
          continue;
        if (c->cost < 0)
          cost = g_strdup (_("no entry"));
        else
          /* TRANSLATORS: a movement cost: "2 MP", "+1 MP" */
          cost = g_strdup_printf (added ? _("+%g MP") : _("%g MP"), c->cost);
        if (every)
          g_string_append (s, cost);
        else
          g_string_append_printf (s, "%s%s %s", s->len == 0 ? "" : pass == 1 && i > 0 ? ", " : "; ",
                                  klass != NULL && klass->name != NULL ? klass->name : c->unit_class, cost);
      }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static char *
terrain_effects (WbGame        *game,
                 WbTerrainType *t)
{
  g_autoptr(GString) s = g_string_new (NULL);
  g_autofree char *costs = costs_text (game, t->move, FALSE);

  if (*costs != '\0')
    g_string_append_printf (s, _("Movement: %s."), costs);
  if (t->defense != 1 && t->defense > 0)
    g_string_append_printf (s, _("%sDefender ×%g."), s->len > 0 ? " " : "", t->defense);
  if (t->blocks_los)
    g_string_append_printf (s, "%s%s", s->len > 0 ? " " : "", _("Blocks line of sight."));
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static char *
feature_effects (WbGame        *game,
                 WbFeatureType *f)
{
  static const char *const where[] = {
    [WB_FEATURE_HEX] = N_("In a hex"),
    [WB_FEATURE_HEXSIDE] = N_("On a hexside"),
    [WB_FEATURE_CONNECTION] = N_("A connection between locations"),
    [WB_FEATURE_CROSSING] = N_("Crossed by a connection"),
  };
  g_autoptr(GString) s = g_string_new (NULL);
  g_autofree char *costs = costs_text (game, f->move, f->move_mode == WB_MOVE_ADD);

  if ((guint) f->where < G_N_ELEMENTS (where))
    g_string_append_printf (s, "%s.", _(where[f->where]));
  switch (f->move_mode)
    {
    case WB_MOVE_ADD:
      if (*costs != '\0')
        g_string_append_printf (s, _(" Movement: %s to cross or enter."), costs);
      break;
    case WB_MOVE_SET:
      if (*costs != '\0')
        g_string_append_printf (s, _(" Movement along it: %s."), costs);
      break;
    case WB_MOVE_PROHIBIT:
      g_string_append (s, _(" May not be crossed or entered."));
      break;
    case WB_MOVE_NONE:
    default:
      break;
    }
  for (guint i = 0; f->negates != NULL && i < f->negates->len; i++)
    {
      WbFeatureType *n = wb_game_find_feature (game, g_ptr_array_index (f->negates, i));

      g_string_append_printf (s, _(" Cancels %s."), n != NULL && n->name != NULL ? n->name
                                                      : (const char *) g_ptr_array_index (f->negates, i));
    }
  if (f->defense != 1 && f->defense > 0)
    g_string_append_printf (s, _(" Defender ×%g."), f->defense);
  if (f->blocks_los)
    g_string_append_printf (s, " %s", _("Blocks line of sight."));
  if (f->blocks_zoc)
    g_string_append_printf (s, " %s", _("Blocks zones of control."));
  return g_string_free (g_steal_pointer (&s), FALSE);
}

#define SWATCH_W 44.0
#define SWATCH_H 26.0

/* One row of the terrain effects chart: the swatch, the name, the
 * effects as the record states them and its printed note. */
static void
legend_row (WbPrintFlow *flow,
            gboolean     feature,
            const char  *id,
            const char  *name,
            const char  *effects,
            const char  *note)
{
  double tx = SWATCH_W + 8, tw = flow->width - tx, top, h;
  guint page;
  g_auto(GStrv) eff = _wb_print_wrap (WB_PRINT_FONT_BODY, 8, effects, tw);
  g_auto(GStrv) notes = _wb_print_wrap (WB_PRINT_FONT_BODY, SMALL, note, tw);
  g_autofree char *item = g_strdup_printf ("%s:%s", feature ? "feature" : "terrain", id);
  guint n_eff = g_strv_length (eff), n_notes = g_strv_length (notes);

  h = MAX (SWATCH_H, _wb_print_line (BODY) + n_eff * _wb_print_line (8) + n_notes * _wb_print_line (SMALL));
  /* A row is kept on one page unless it is longer than a page. */
  _wb_print_flow_need (flow, MIN (h, flow->bottom - flow->first_y));
  top = flow->y;
  page = flow->page;
  _wb_print_sheet_swatch (flow->sheet, feature, id, flow->left, top + 1, SWATCH_W, SWATCH_H - 2);
  _wb_print_sheet_text (flow->sheet, WB_PRINT_FONT_BOLD, BODY, name, flow->left + tx, top, tw, 0, WB_PRINT_INK);
  flow->y += _wb_print_line (BODY);
  for (guint i = 0; i < n_eff; i++)
    {
      _wb_print_flow_need (flow, _wb_print_line (8));
      _wb_print_sheet_text (flow->sheet, WB_PRINT_FONT_BODY, 8, eff[i], flow->left + tx, flow->y, tw, 0,
                            WB_PRINT_INK);
      flow->y += _wb_print_line (8);
    }
  for (guint i = 0; i < n_notes; i++)
    {
      _wb_print_flow_need (flow, _wb_print_line (SMALL));
      _wb_print_sheet_text (flow->sheet, WB_PRINT_FONT_BODY, SMALL, notes[i], flow->left + tx, flow->y, tw, 0,
                            WB_PRINT_GREY);
      flow->y += _wb_print_line (SMALL);
    }
  if (page == flow->page)
    flow->y = MAX (flow->y, top + SWATCH_H);
  /* The row's item: all of it, or its first page's part. */
  wb_print_doc_add_item (flow->doc, page, WB_PRINT_ITEM_TEXT, item, 0, flow->left, top, flow->width,
                         page == flow->page ? flow->y - top : SWATCH_H);
  flow->y += 4;
}

/* The terrain effects chart from the map legend. */
static void
add_terrain_chart (WbPrintFlow *flow,
                   WbGame      *game)
{
  GPtrArray *terrain = wb_game_get_terrain (game);
  GPtrArray *features = wb_game_get_features (game);
  const char *source = wb_game_get_source (game);

  if (terrain->len == 0 && features->len == 0)
    return;
  _wb_print_flow_subhead (flow, _("Terrain effects chart"), SWATCH_H);
  for (guint i = 0; i < terrain->len; i++)
    {
      WbTerrainType *t = g_ptr_array_index (terrain, i);
      g_autofree char *effects = terrain_effects (game, t);

      legend_row (flow, FALSE, t->id, t->name != NULL ? t->name : t->id, effects, t->note);
    }
  for (guint i = 0; i < features->len; i++)
    {
      WbFeatureType *f = g_ptr_array_index (features, i);
      g_autofree char *effects = feature_effects (game, f);

      legend_row (flow, TRUE, f->id, f->name != NULL ? f->name : f->id, effects, f->note);
    }
  if (source != NULL && *source != '\0')
    {
      /* TRANSLATORS: where a printed chart comes from */
      g_autofree char *line = g_strdup_printf (_("Source: %s"), source);

      _wb_print_flow_paragraph (flow, WB_PRINT_FONT_BODY, SMALL, line, 0, WB_PRINT_GREY);
    }
}

/**
 * wb_print_add_player_aid:
 * @doc: the document
 *
 * Adds the player-aid sheet: each of the game's tables as its printed
 * chart (with its source line, without the designer's note), packed top to
 * bottom, scaled to the page width when wider, then a terrain effects
 * chart built from the map legend.
 */
void
wb_print_add_player_aid (WbPrintDoc *doc)
{
  WbGame *game;
  GPtrArray *tables;
  WbPrintFlow flow;
  g_autofree char *heading = NULL;

  g_return_if_fail (doc != NULL);

  game = wb_print_doc_get_game (doc);
  tables = wb_game_get_tables (game);
  heading = g_strdup (_("Player aid"));
  _wb_print_flow_init (&flow, doc, _("Player aid"), _("Player aid"), FALSE, aid_page, heading);
  _wb_print_flow_new_page (&flow);
  for (guint i = 0; i < tables->len; i++)
    add_chart (&flow, g_ptr_array_index (tables, i));
  add_terrain_chart (&flow, game);
  _wb_print_flow_clear (&flow);
}

/* --- rules summary --------------------------------------------------------- */

static const char *
side_name (WbGame     *game,
           const char *id)
{
  WbSide *side = id != NULL ? wb_game_find_side (game, id) : NULL;

  return side != NULL && side->name != NULL && *side->name != '\0' ? side->name : id;
}

static char *
victory_text (WbGame     *game,
              WbScenario *scenario,
              WbVictory  *v)
{
  g_autoptr(GString) s = g_string_new (NULL);
  const char *side = side_name (game, v->side);

  switch (v->kind)
    {
    case WB_VICTORY_VP_PER_SP:
      g_string_append_printf (s, _("%s: %d VP for each enemy strength point eliminated."), side, v->vp);
      break;
    case WB_VICTORY_OCCUPY:
      {
        g_autoptr(GString) places = g_string_new (NULL);

        for (guint i = 0; v->places != NULL && i < v->places->len; i++)
          {
            g_autofree char *p = wb_place_describe (game, scenario, &g_array_index (v->places, WbPlace, i));

            g_string_append_printf (places, "%s%s", i > 0 ? ", " : "", p);
          }
        g_string_append_printf (s, _("%s: %d VP for each of %s held at the end."), side, v->vp, places->str);
      }
      break;
    case WB_VICTORY_DESTROY:
      {
        g_autoptr(GString) units = g_string_new (NULL);

        for (guint i = 0; v->units != NULL && i < v->units->len; i++)
          {
            g_autofree char *u = wb_unit_describe (game, g_ptr_array_index (v->units, i));

            g_string_append_printf (units, "%s%s", i > 0 ? ", " : "", u);
          }
        g_string_append_printf (s, _("%s: %d VP for eliminating %s."), side, v->vp, units->str);
      }
      break;
    case WB_VICTORY_TEXT:
    default:
      break;
    }
  if (v->text != NULL && *v->text != '\0')
    g_string_append_printf (s, "%s%s", s->len > 0 ? " " : "", v->text);
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static void
summary_page (WbPrintFlow *flow,
              gpointer     user_data)
{
  double x, y, w, h;

  aid_page (flow, user_data);
  wb_print_doc_get_body (flow->doc, flow->page, &x, &y, &w, &h);
  wb_print_doc_add_item (flow->doc, flow->page, WB_PRINT_ITEM_TEXT, "rules-summary", (int) flow->n_pages - 1,
                         x, y, w, h);
}

/**
 * wb_print_add_rules_summary:
 * @doc: the document
 * @scenario: the scenario played
 *
 * Adds the rules summary: the game, the rules family that plays it (its
 * name and the rules it checks, from the family registry), the scenario
 * (its length, sides, optional rules, victory conditions and special
 * rules) and the game's source.
 */
void
wb_print_add_rules_summary (WbPrintDoc *doc,
                            WbScenario *scenario)
{
  WbGame *game;
  WbRulesRef *rules;
  const WbRulesFamily *family;
  GPtrArray *sides, *options, *victory, *special;
  WbPrintFlow flow;
  g_autofree char *heading = NULL;
  g_autoptr(GString) line = g_string_new (NULL);
  const char *s;

  g_return_if_fail (doc != NULL);
  g_return_if_fail (WB_IS_SCENARIO (scenario));

  game = wb_print_doc_get_game (doc);
  rules = wb_game_get_rules (game);
  family = rules->family != NULL ? wb_rules_family_find (rules->family) : NULL;
  heading = g_strdup (_("Rules summary"));
  _wb_print_flow_init (&flow, doc, _("Rules summary"), _("Rules summary"), FALSE, summary_page, heading);
  _wb_print_flow_new_page (&flow);

  _wb_print_flow_need (&flow, _wb_print_line (18));
  _wb_print_sheet_text (flow.sheet, WB_PRINT_FONT_TITLE, 18, wb_game_get_title (game) != NULL
                                                                 ? wb_game_get_title (game) : wb_game_get_id (game),
                        flow.left, flow.y, flow.width, 0, WB_PRINT_INK);
  flow.y += _wb_print_line (18) + 2;
  if ((s = wb_game_get_publisher (game)) != NULL && *s != '\0')
    g_string_append (line, s);
  if ((s = wb_game_get_designer (game)) != NULL && *s != '\0')
    g_string_append_printf (line, _("%sdesigned by %s"), line->len > 0 ? ", " : "", s);
  if ((s = wb_game_get_year (game)) != NULL && *s != '\0')
    g_string_append_printf (line, "%s%s", line->len > 0 ? ", " : "", s);
  if ((s = wb_game_get_scale (game)) != NULL && *s != '\0')
    g_string_append_printf (line, "%s%s", line->len > 0 ? " · " : "", s);
  if (line->len > 0)
    _wb_print_flow_paragraph (&flow, WB_PRINT_FONT_BODY, BODY, line->str, 0, WB_PRINT_GREY);

  /* The rules family, and what it plays: its rule checks. */
  _wb_print_flow_subhead (&flow, _("Rules"), _wb_print_line (BODY));
  if (family != NULL)
    {
      g_autofree char *t = g_strdup_printf (_("Played with the %s rules (Warbench family “%s”, version %u). "
                                              "Warbench checks these rules in play:"),
                                            _(family->name), family->id, MAX (family->version, 1));

      _wb_print_flow_paragraph (&flow, WB_PRINT_FONT_BODY, BODY, t, 0, WB_PRINT_INK);
      for (guint i = 0; i < family->n_checks; i++)
        {
          const WbRuleCheck *c = &family->checks[i];
          g_autofree char *check = c->rule != NULL && *c->rule != '\0'
                                     /* TRANSLATORS: a rule check and the rulebook section it models */
                                     ? g_strdup_printf (_("• %s (%s)"), _(c->title), c->rule)
                                     : g_strdup_printf (_("• %s"), _(c->title));

          _wb_print_flow_paragraph (&flow, WB_PRINT_FONT_BODY, 8, check, 8, WB_PRINT_INK);
        }
    }
  else
    {
      g_autofree char *t = rules->family != NULL
                             ? g_strdup_printf (_("The rules family “%s” is not one Warbench plays: the game is "
                                                  "played by hand (free play)."), rules->family)
                             : g_strdup (_("The game names no rules family: it is played by hand (free play)."));

      _wb_print_flow_paragraph (&flow, WB_PRINT_FONT_BODY, BODY, t, 0, WB_PRINT_INK);
    }

  /* The scenario. */
  {
    GArray *turns = wb_scenario_get_turns (scenario);
    g_autoptr(GString) nights = g_string_new (NULL);
    g_autoptr(GString) side_list = g_string_new (NULL);
    const char *name = wb_scenario_get_name (scenario);
    g_autofree char *t = NULL;

    _wb_print_flow_subhead (&flow, _("Scenario"), _wb_print_line (BODY));
    _wb_print_flow_paragraph (&flow, WB_PRINT_FONT_BOLD, BODY, name != NULL ? name : wb_scenario_get_id (scenario),
                              0, WB_PRINT_INK);
    if ((s = wb_scenario_get_description (scenario)) != NULL && *s != '\0')
      _wb_print_flow_paragraph (&flow, WB_PRINT_FONT_BODY, BODY, s, 0, WB_PRINT_INK);
    for (guint i = 0; i < turns->len; i++)
      if (g_array_index (turns, WbTurn, i).night)
        g_string_append_printf (nights, "%s%u", nights->len > 0 ? ", " : "", i + 1);
    if (turns->len > 0)
      {
        const char *first = g_array_index (turns, WbTurn, 0).label;
        const char *last = g_array_index (turns, WbTurn, turns->len - 1).label;

        t = first != NULL && last != NULL
              ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Length: %u turn, %s to %s.",
                                              "Length: %u turns, %s to %s.", turns->len), turns->len, first, last)
              : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Length: %u turn.", "Length: %u turns.",
                                              turns->len), turns->len);
        if (nights->len > 0)
          {
            g_autofree char *n = g_strdup_printf (_("%s Night turns: %s."), t, nights->str);

            g_free (t);
            t = g_steal_pointer (&n);
          }
        _wb_print_flow_paragraph (&flow, WB_PRINT_FONT_BODY, BODY, t, 0, WB_PRINT_INK);
      }
    sides = wb_game_get_sides (game);
    for (guint i = 0; i < sides->len; i++)
      g_string_append_printf (side_list, "%s%s", i > 0 ? ", " : "",
                              side_name (game, ((WbSide *) g_ptr_array_index (sides, i))->id));
    g_clear_pointer (&t, g_free);
    t = wb_scenario_get_first_side (scenario) != NULL
          ? g_strdup_printf (_("Sides: %s. %s moves first."), side_list->str,
                             side_name (game, wb_scenario_get_first_side (scenario)))
          : g_strdup_printf (_("Sides: %s."), side_list->str);
    _wb_print_flow_paragraph (&flow, WB_PRINT_FONT_BODY, BODY, t, 0, WB_PRINT_INK);
  }

  options = wb_scenario_get_options (scenario);
  if (options->len > 0)
    {
      _wb_print_flow_subhead (&flow, _("Optional rules"), _wb_print_line (BODY));
      for (guint i = 0; i < options->len; i++)
        {
          WbOption *o = g_ptr_array_index (options, i);

          _wb_print_flow_paragraph (&flow, WB_PRINT_FONT_BOLD, BODY, o->name != NULL ? o->name : o->id, 0,
                                    WB_PRINT_INK);
          if (o->text != NULL && *o->text != '\0')
            _wb_print_flow_paragraph (&flow, WB_PRINT_FONT_BODY, 8, o->text, 8, WB_PRINT_INK);
        }
    }

  victory = wb_scenario_get_victory (scenario);
  s = wb_scenario_get_victory_text (scenario);
  if (victory->len > 0 || (s != NULL && *s != '\0'))
    {
      _wb_print_flow_subhead (&flow, _("Victory"), _wb_print_line (BODY));
      for (guint i = 0; i < victory->len; i++)
        {
          g_autofree char *t = victory_text (game, scenario, g_ptr_array_index (victory, i));

          if (*t != '\0')
            _wb_print_flow_paragraph (&flow, WB_PRINT_FONT_BODY, 8, t, 0, WB_PRINT_INK);
        }
      if (s != NULL && *s != '\0')
        _wb_print_flow_paragraph (&flow, WB_PRINT_FONT_BODY, 8, s, 0, WB_PRINT_INK);
    }

  special = wb_scenario_get_special_rules (scenario);
  if (special->len > 0)
    {
      _wb_print_flow_subhead (&flow, _("Special rules"), _wb_print_line (BODY));
      for (guint i = 0; i < special->len; i++)
        {
          WbSpecialRule *r = g_ptr_array_index (special, i);

          if (r->title != NULL && *r->title != '\0')
            _wb_print_flow_paragraph (&flow, WB_PRINT_FONT_BOLD, BODY, r->title, 0, WB_PRINT_INK);
          if (r->text != NULL && *r->text != '\0')
            _wb_print_flow_paragraph (&flow, WB_PRINT_FONT_BODY, 8, r->text, 8, WB_PRINT_INK);
        }
    }

  if ((s = wb_game_get_source (game)) != NULL && *s != '\0')
    {
      _wb_print_flow_subhead (&flow, _("Source"), _wb_print_line (BODY));
      _wb_print_flow_paragraph (&flow, WB_PRINT_FONT_BODY, 8, s, 0, WB_PRINT_GREY);
    }
  _wb_print_flow_clear (&flow);
}
