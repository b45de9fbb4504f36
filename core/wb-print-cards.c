/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-print"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "wb-print-layout-private.h"
#include "wb-render.h"

/*
 * Set-up cards, order-of-battle cards and the turn record track: what a
 * player keeps beside the map. Everything is named as players read it —
 * units by name, places by hex number and name or by location, sides and
 * options by name — never by the ids of the game file.
 */

/* OOB cards show each counter at its printed size (wb_print_counter_size ():
 * ½ in SPI, ⅝ in Blind Swords, ¾ in block labels), as it sits on the card. */
#define OOB_COUNTER_SIZE(game) wb_print_counter_size (game)

#define BODY 9.0
#define SMALL 7.5

/* --- names ----------------------------------------------------------------- */

static WbMap *
scenario_map (WbGame     *game,
              WbScenario *scenario)
{
  GPtrArray *maps = wb_game_get_maps (game);
  WbMap *map = scenario != NULL ? wb_game_find_map (game, wb_scenario_get_map (scenario)) : NULL;

  return map != NULL ? map : maps->len > 0 ? g_ptr_array_index (maps, 0) : NULL;
}

/* The name the map gives @hex: its label, else the smallest named mark
 * (area) that holds it. */
static const char *
hex_name (WbHexMap *map,
          WbOffset  hex)
{
  GPtrArray *marks = wb_hex_map_get_marks (map);
  const char *label = wb_hex_map_get_label (map, hex);
  const WbMapMark *best = NULL;

  if (label != NULL && *label != '\0')
    return label;
  for (guint i = 0; i < marks->len; i++)
    {
      const WbMapMark *m = g_ptr_array_index (marks, i);

      if (m->name != NULL && *m->name != '\0' && wb_map_mark_has_hex (m, hex) &&
          (best == NULL || m->hexes->len < best->hexes->len))
        best = m;
    }
  return best != NULL ? best->name : NULL;
}

/**
 * wb_place_describe:
 * @game: the game
 * @scenario: (nullable): the scenario the place is in
 * @place: a place
 *
 * Returns: (transfer full): the place as players read it.
 */
char *
wb_place_describe (WbGame        *game,
                   WbScenario    *scenario,
                   const WbPlace *place)
{
  WbMap *map;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (place != NULL, NULL);

  map = scenario_map (game, scenario);
  switch (place->kind)
    {
    case WB_PLACE_HEX:
      {
        WbOffset hex;
        const char *name = NULL;

        if (map != NULL && WB_IS_HEX_MAP (map) && wb_hex_map_parse_hex (WB_HEX_MAP (map), place->ref, &hex) &&
            wb_hex_map_contains (WB_HEX_MAP (map), hex))
          name = hex_name (WB_HEX_MAP (map), hex);
        /* TRANSLATORS: a hex by its printed number, with the name the map gives it */
        return name != NULL ? g_strdup_printf (_("hex %s (%s)"), place->ref, name)
                            /* TRANSLATORS: a hex by its printed number */
                            : g_strdup_printf (_("hex %s"), place->ref);
      }
    case WB_PLACE_LOCATION:
      {
        WbLocation *loc = map != NULL && WB_IS_POINT_MAP (map)
                            ? wb_point_map_find_location (WB_POINT_MAP (map), place->ref) : NULL;

        return g_strdup (loc != NULL && loc->name != NULL && *loc->name != '\0' ? loc->name : place->ref);
      }
    case WB_PLACE_BOX:
    default:
      {
        GPtrArray *boxes = scenario != NULL ? wb_scenario_get_boxes (scenario) : NULL;

        for (guint i = 0; boxes != NULL && i < boxes->len; i++)
          {
            WbBox *box = g_ptr_array_index (boxes, i);

            if (g_strcmp0 (box->id, place->ref) == 0 && box->name != NULL && *box->name != '\0')
              return g_strdup (box->name);
          }
        /* TRANSLATORS: an off-map box the scenario does not name */
        return g_strdup_printf (_("box %s"), place->ref);
      }
    }
}

/**
 * wb_area_describe:
 * @game: the game
 * @scenario: (nullable): the scenario whose map holds the area
 * @area: a map mark id (a reinforcement's entry area)
 *
 * Returns: (transfer full): the area's name ("Hexrow 01"), or "area ID"
 * when the map does not name it.
 */
char *
wb_area_describe (WbGame     *game,
                  WbScenario *scenario,
                  const char *area)
{
  WbMap *map;
  WbMapMark *mark;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (area != NULL, NULL);

  map = scenario_map (game, scenario);
  mark = map != NULL && WB_IS_HEX_MAP (map) ? wb_hex_map_find_mark (WB_HEX_MAP (map), area) : NULL;
  if (mark != NULL && mark->name != NULL && *mark->name != '\0')
    return g_strdup (mark->name);
  /* TRANSLATORS: an entry area the map does not name */
  return g_strdup_printf (_("area %s"), area);
}

/* Whether @word is in @text as a whole word ("VI" in "VI Corps", "Jones"
 * in "Jones's Brigade"; not "G" in "Garrison"). */
static gboolean
has_word (const char *text,
          const char *word)
{
  gsize n = strlen (word);

  if (n == 0)
    return FALSE;
  for (const char *p = strstr (text, word); p != NULL; p = strstr (p + 1, word))
    if ((p == text || !g_ascii_isalnum (p[-1])) && !g_ascii_isalnum (p[n]))
      return TRUE;
  return FALSE;
}

/* Whether @text holds @part, whatever the case ("Banks' division" holds
 * "division"). */
static gboolean
has_casefold (const char *text,
              const char *part)
{
  g_autofree char *t = g_utf8_casefold (text, -1);
  g_autofree char *p = g_utf8_casefold (part, -1);

  return strstr (t, p) != NULL;
}

/**
 * wb_unit_describe:
 * @game: the game
 * @id: a unit id
 *
 * Returns: (transfer full): the unit as the cards name it: "Stafford's
 * Brigade (Stafrd)", the designation after the name unless the name says
 * it ("VI Corps"); @id itself for a unit the game lacks.
 */
char *
wb_unit_describe (WbGame     *game,
                  const char *id)
{
  WbUnit *unit;
  const char *name, *designation;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  unit = wb_game_find_unit (game, id);
  if (unit == NULL)
    return g_strdup (id);
  name = wb_unit_get_name (unit);
  designation = wb_unit_get_designation (unit);
  if (name == NULL || *name == '\0')
    return g_strdup (designation != NULL && *designation != '\0' ? designation : id);
  /* The designation after the name, unless the name says it already
   * ("VI Corps", not "VI Corps (VI)"). */
  if (designation != NULL && *designation != '\0' && !has_word (name, designation))
    /* TRANSLATORS: a unit's name, then the designation printed on its counter */
    return g_strdup_printf (_("%s (%s)"), name, designation);
  return g_strdup (name);
}

static const char *
side_name (WbGame     *game,
           const char *id)
{
  WbSide *side = id != NULL ? wb_game_find_side (game, id) : NULL;

  return side != NULL && side->name != NULL && *side->name != '\0' ? side->name : id;
}

static const char *
option_name (WbScenario *scenario,
             const char *id)
{
  GPtrArray *options = wb_scenario_get_options (scenario);

  for (guint i = 0; i < options->len; i++)
    {
      WbOption *o = g_ptr_array_index (options, i);

      if (g_strcmp0 (o->id, id) == 0)
        return o->name != NULL && *o->name != '\0' ? o->name : o->id;
    }
  return id;
}

/* "With the optional rule “X”" for an entry tagged @option/@unless, or
 * NULL for one that always applies. */
static char *
condition_text (WbScenario *scenario,
                const char *option,
                const char *unless)
{
  if (option != NULL && unless != NULL)
    return g_strdup_printf (_("With the optional rule “%s” and without “%s”"),
                            option_name (scenario, option), option_name (scenario, unless));
  if (option != NULL)
    return g_strdup_printf (_("With the optional rule “%s”"), option_name (scenario, option));
  if (unless != NULL)
    return g_strdup_printf (_("Without the optional rule “%s”"), option_name (scenario, unless));
  return NULL;
}

/* "hex 0414 or hex 0515" as one string. */
static char *
places_text (WbGame     *game,
             WbScenario *scenario,
             GArray     *at,
             const char *area)
{
  g_autoptr(GString) s = g_string_new (NULL);

  if (area != NULL)
    return wb_area_describe (game, scenario, area);
  for (guint i = 0; at != NULL && i < at->len; i++)
    {
      g_autofree char *p = wb_place_describe (game, scenario, &g_array_index (at, WbPlace, i));

      if (i > 0)
        g_string_append (s, _(" or "));
      g_string_append (s, p);
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

/* "16 turns (May 5, 1 to May 6, 8)". */
static char *
length_text (WbScenario *scenario)
{
  GArray *turns = wb_scenario_get_turns (scenario);
  const char *first, *last;

  if (turns->len == 0)
    return g_strdup (_("No turns given"));
  first = g_array_index (turns, WbTurn, 0).label;
  last = g_array_index (turns, WbTurn, turns->len - 1).label;
  if (first != NULL && last != NULL && turns->len > 1)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u turn (%s to %s)", "%u turns (%s to %s)",
                                         turns->len), turns->len, first, last);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u turn", "%u turns", turns->len), turns->len);
}

static guint32
colour_of (const char *s,
           guint32     fallback)
{
  double r, g, b;

  if (s == NULL || !wb_color_parse (s, &r, &g, &b))
    return fallback;
  return ((guint32) (r * 255 + 0.5) << 16) | ((guint32) (g * 255 + 0.5) << 8) | (guint32) (b * 255 + 0.5);
}

static double
luminance (guint32 rgb)
{
  return (0.3 * ((rgb >> 16) & 0xff) + 0.59 * ((rgb >> 8) & 0xff) + 0.11 * (rgb & 0xff)) / 255.0;
}

/* --- cards ------------------------------------------------------------------- */

/* A card: the page body framed, a band in the side's colour with the
 * card's title and subtitle; the content inside the frame. */
typedef struct {
  const char *id;          /* the CARD item's */
  const char *title;
  const char *subtitle;
  guint32     band, ink;
} Card;

#define CARD_PAD  10.0
#define BAND_H    40.0

static void
card_page (WbPrintFlow *flow,
           gpointer     user_data)
{
  Card *card = user_data;
  double x, y, w, h;
  g_autofree char *title = NULL;

  wb_print_doc_get_body (flow->doc, flow->page, &x, &y, &w, &h);
  wb_print_doc_add_item (flow->doc, flow->page, WB_PRINT_ITEM_CARD, card->id, (int) flow->n_pages - 1,
                         x, y, w, h);
  _wb_print_sheet_rect (flow->sheet, x, y, w, BAND_H, TRUE, card->band, 0, 0);
  _wb_print_sheet_rect (flow->sheet, x, y, w, h, FALSE, 0, 1.2, WB_PRINT_INK);
  title = flow->n_pages > 1 ? g_strdup_printf (_("%s (continued)"), card->title) : g_strdup (card->title);
  _wb_print_sheet_text (flow->sheet, WB_PRINT_FONT_TITLE, 15, title, x + CARD_PAD, y + 3,
                        w - 2 * CARD_PAD, 0, card->ink);
  _wb_print_sheet_text (flow->sheet, WB_PRINT_FONT_BODY, BODY, card->subtitle, x + CARD_PAD,
                        y + 4 + _wb_print_line (15), w - 2 * CARD_PAD, 0, card->ink);
  flow->left = x + CARD_PAD;
  flow->width = w - 2 * CARD_PAD;
  flow->y = y + BAND_H + 8;
  flow->bottom = y + h - CARD_PAD;
}

static void
card_init (Card       *card,
           WbGame     *game,
           const char *side_id)
{
  WbSide *side = side_id != NULL ? wb_game_find_side (game, side_id) : NULL;

  card->band = colour_of (side != NULL ? side->color : NULL, 0xd8d8d8);
  card->ink = side != NULL && side->text_color != NULL
                ? colour_of (side->text_color, WB_PRINT_INK)
                : luminance (card->band) < 0.5 ? 0xffffff : WB_PRINT_INK;
  /* A band too close to its text (a side coloured like its print) reads
   * badly: black or white instead. */
  if (fabs (luminance (card->band) - luminance (card->ink)) < 0.35)
    card->ink = luminance (card->band) < 0.5 ? 0xffffff : WB_PRINT_INK;
}

/* --- set-up cards ---------------------------------------------------------- */

typedef struct {
  WbGame              *game;
  WbScenario          *scenario;
  const char * const  *options;    /* NULL: every entry, conditions spelled out */
  const char          *side;
} SetupCtx;

static gboolean
unit_of_side (WbGame     *game,
              const char *unit,
              const char *side)
{
  WbUnit *u = wb_game_find_unit (game, unit);

  return u != NULL && g_strcmp0 (wb_unit_get_side (u), side) == 0;
}

/* Whether an entry goes on the card: the options chosen, or every entry. */
static gboolean
entry_shown (SetupCtx   *ctx,
             const char *option,
             const char *unless)
{
  return ctx->options == NULL || wb_scenario_applies (option, unless, ctx->options);
}

/* One set-up line: its place (each choice on a line of its own, "or …")
 * beside the unit, kept together on a page. */
static void
setup_row (WbPrintFlow *flow,
           SetupCtx    *ctx,
           WbSetup     *st)
{
  double place_w = flow->width * 0.42, line = _wb_print_line (BODY), top;
  guint n = st->at != NULL ? MAX (st->at->len, 1) : 1;
  g_autofree char *unit = wb_unit_describe (ctx->game, st->unit);
  g_autofree char *item = g_strdup_printf ("setup:%s", st->unit);

  _wb_print_flow_need (flow, n * line);
  top = flow->y;
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *place = st->at != NULL && i < st->at->len
                                 ? wb_place_describe (ctx->game, ctx->scenario, &g_array_index (st->at, WbPlace, i))
                                 : g_strdup (_("(no place given)"));
      g_autofree char *text = i > 0 ? g_strdup_printf (_("or %s"), place) : g_strdup (place);

      _wb_print_sheet_text (flow->sheet, WB_PRINT_FONT_BODY, BODY, text, flow->left + (i > 0 ? 8 : 0),
                            top + i * line, place_w - 6 - (i > 0 ? 8 : 0), 0, WB_PRINT_INK);
    }
  _wb_print_sheet_text (flow->sheet, WB_PRINT_FONT_BOLD, BODY, unit, flow->left + place_w, top,
                        flow->width - place_w, 0, WB_PRINT_INK);
  wb_print_doc_add_item (flow->doc, flow->page, WB_PRINT_ITEM_TEXT, item, 0, flow->left, top,
                         flow->width, n * line);
  flow->y = top + n * line;
}

/* The set-up lines of the side: those that always apply, then (on a card
 * for any choice of options) each condition's under its heading. */
static void
setup_section (WbPrintFlow *flow,
               SetupCtx    *ctx)
{
  GPtrArray *lines = wb_scenario_get_setup (ctx->scenario);
  g_autoptr(GPtrArray) conditions = g_ptr_array_new ();   /* WbSetup*: the first of each condition */
  gboolean any = FALSE;

  for (guint i = 0; i < lines->len; i++)
    {
      WbSetup *st = g_ptr_array_index (lines, i);

      if (!unit_of_side (ctx->game, st->unit, ctx->side) || !entry_shown (ctx, st->option, st->unless))
        continue;
      if (!any)
        _wb_print_flow_subhead (flow, _("Set-up"), _wb_print_line (BODY));
      any = TRUE;
      if (ctx->options == NULL && (st->option != NULL || st->unless != NULL))
        {
          gboolean seen = FALSE;

          for (guint k = 0; k < conditions->len && !seen; k++)
            {
              WbSetup *c = g_ptr_array_index (conditions, k);

              seen = g_strcmp0 (c->option, st->option) == 0 && g_strcmp0 (c->unless, st->unless) == 0;
            }
          if (!seen)
            g_ptr_array_add (conditions, st);
          continue;
        }
      setup_row (flow, ctx, st);
    }
  for (guint k = 0; k < conditions->len; k++)
    {
      WbSetup *c = g_ptr_array_index (conditions, k);
      g_autofree char *cond = condition_text (ctx->scenario, c->option, c->unless);
      g_autofree char *head = g_strdup_printf (_("%s:"), cond);

      flow->y += 4;
      _wb_print_flow_need (flow, 2 * _wb_print_line (BODY));
      _wb_print_flow_text (flow, WB_PRINT_FONT_BOLD, BODY, head, 0, WB_PRINT_GREY);
      for (guint i = 0; i < lines->len; i++)
        {
          WbSetup *st = g_ptr_array_index (lines, i);

          if (unit_of_side (ctx->game, st->unit, ctx->side) && g_strcmp0 (c->option, st->option) == 0 &&
              g_strcmp0 (c->unless, st->unless) == 0)
            setup_row (flow, ctx, st);
        }
    }
}

/* Markers, grouped by feature (and condition): "Fallen Timber (Full):
 * hex 2317, hex 2417 …". They belong to no side: every card lists them. */
static void
markers_section (WbPrintFlow *flow,
                 SetupCtx    *ctx)
{
  GPtrArray *markers = wb_scenario_get_markers (ctx->scenario);
  g_autoptr(GPtrArray) firsts = g_ptr_array_new ();

  for (guint i = 0; i < markers->len; i++)
    {
      WbMarker *m = g_ptr_array_index (markers, i);
      gboolean seen = FALSE;

      if (!entry_shown (ctx, m->option, m->unless))
        continue;
      for (guint k = 0; k < firsts->len && !seen; k++)
        {
          WbMarker *f = g_ptr_array_index (firsts, k);

          seen = f->feature == m->feature && g_strcmp0 (f->option, m->option) == 0 &&
                 g_strcmp0 (f->unless, m->unless) == 0;
        }
      if (!seen)
        g_ptr_array_add (firsts, m);
    }
  if (firsts->len == 0)
    return;
  _wb_print_flow_subhead (flow, _("Markers (placed before play)"), 2 * _wb_print_line (BODY));
  for (guint k = 0; k < firsts->len; k++)
    {
      WbMarker *f = g_ptr_array_index (firsts, k);
      WbFeatureType *feature = wb_game_find_feature (ctx->game, f->feature);
      g_autoptr(GString) where = g_string_new (NULL);
      g_autofree char *cond = ctx->options == NULL ? condition_text (ctx->scenario, f->option, f->unless) : NULL;
      g_autofree char *head = NULL;
      guint count = 0;

      for (guint i = 0; i < markers->len; i++)
        {
          WbMarker *m = g_ptr_array_index (markers, i);
          g_autofree char *p = NULL;

          if (m->feature != f->feature || g_strcmp0 (f->option, m->option) != 0 ||
              g_strcmp0 (f->unless, m->unless) != 0 || !entry_shown (ctx, m->option, m->unless))
            continue;
          p = places_text (ctx->game, ctx->scenario, m->at, NULL);
          /* A long list wraps between places, not inside "hex 2417". */
          if (count > 0)
            g_string_append (where, ", ");
          for (const char *c = p; *c != '\0'; c++)
            if (*c == ' ')
              g_string_append (where, "\302\240");   /* U+00A0, no-break space */
            else
              g_string_append_c (where, *c);
          count++;
        }
      if (cond != NULL)
        /* TRANSLATORS: markers of one kind, how many, and the optional rule they depend on */
        head = g_strdup_printf (_("%s × %u — %s:"), feature != NULL && feature->name != NULL ? feature->name
                                                                                           : f->feature, count, cond);
      else
        /* TRANSLATORS: markers of one kind and how many */
        head = g_strdup_printf (_("%s × %u:"), feature != NULL && feature->name != NULL ? feature->name : f->feature,
                                count);
      _wb_print_flow_need (flow, 2 * _wb_print_line (BODY));
      _wb_print_flow_text (flow, WB_PRINT_FONT_BOLD, BODY, head, 0, WB_PRINT_INK);
      _wb_print_flow_paragraph (flow, WB_PRINT_FONT_BODY, BODY, where->str, 12, WB_PRINT_INK);
    }
}

/* The units of reinforcement @re that are @side's (every unit when @side
 * is NULL), by name (@short_names: without the designation),
 * comma-separated; NULL when there are none. */
static char *
arriving_units (WbGame          *game,
                WbReinforcement *re,
                const char      *side,
                gboolean         short_names)
{
  g_autoptr(GString) s = g_string_new (NULL);

  for (guint i = 0; i < re->units->len; i++)
    {
      const char *id = g_ptr_array_index (re->units, i);
      WbUnit *unit = wb_game_find_unit (game, id);
      g_autofree char *name = NULL;

      if (side != NULL && !unit_of_side (game, id, side))
        continue;
      /* The turn track's boxes are small: the name alone. */
      if (short_names && unit != NULL && wb_unit_get_name (unit) != NULL && *wb_unit_get_name (unit) != '\0')
        name = g_strdup (wb_unit_get_name (unit));
      else
        name = wb_unit_describe (game, id);
      g_string_append_printf (s, "%s%s", s->len > 0 ? ", " : "", name);
    }
  return s->len > 0 ? g_string_free (g_steal_pointer (&s), FALSE) : NULL;
}

/* The reinforcements in the order they arrive (turn, then file order):
 * indexes into the scenario's list. */
static GArray *
reinforcements_by_turn (WbScenario *scenario)
{
  GPtrArray *list = wb_scenario_get_reinforcements (scenario);
  GArray *order = g_array_sized_new (FALSE, FALSE, sizeof (guint), list->len);

  for (int turn = G_MININT, next; ; turn = next)
    {
      next = G_MAXINT;
      for (guint i = 0; i < list->len; i++)
        {
          WbReinforcement *re = g_ptr_array_index (list, i);

          if (re->turn == turn)
            g_array_append_val (order, i);
          else if (re->turn > turn && re->turn < next)
            next = re->turn;
        }
      if (next == G_MAXINT)
        break;
    }
  return order;
}

static char *
turn_heading (WbScenario *scenario,
              int         turn)
{
  GArray *turns = wb_scenario_get_turns (scenario);
  const char *label = turn >= 1 && (guint) turn <= turns->len ? g_array_index (turns, WbTurn, turn - 1).label
                                                              : NULL;

  /* TRANSLATORS: a turn and its label: "Turn 5 (May 5, 5)" */
  return label != NULL ? g_strdup_printf (_("Turn %d (%s)"), turn, label)
                       : g_strdup_printf (_("Turn %d"), turn);
}

static void
reinforcements_section (WbPrintFlow *flow,
                        SetupCtx    *ctx)
{
  GPtrArray *list = wb_scenario_get_reinforcements (ctx->scenario);
  g_autoptr(GArray) order = reinforcements_by_turn (ctx->scenario);
  gboolean any = FALSE;

  for (guint k = 0; k < order->len; k++)
    {
      guint index = g_array_index (order, guint, k);
      WbReinforcement *re = g_ptr_array_index (list, index);
      g_autofree char *units = NULL;
      g_autofree char *turn = NULL;
      g_autofree char *where = NULL;
      g_autofree char *head = NULL;
      g_autofree char *cond = NULL;
      g_autofree char *item = NULL;
      double top;
      guint page;

      if (!entry_shown (ctx, re->option, re->unless))
        continue;
      units = arriving_units (ctx->game, re, ctx->side, FALSE);
      if (units == NULL)
        continue;
      if (!any)
        _wb_print_flow_subhead (flow, _("Reinforcements"), 2 * _wb_print_line (BODY));
      any = TRUE;
      turn = turn_heading (ctx->scenario, re->turn);
      where = places_text (ctx->game, ctx->scenario, re->at, re->area);
      /* TRANSLATORS: when and where reinforcements arrive: "Turn 5 (May 5, 5) at hex 0118" */
      head = *where != '\0' ? g_strdup_printf (_("%s at %s"), turn, where) : g_strdup (turn);
      cond = ctx->options == NULL ? condition_text (ctx->scenario, re->option, re->unless) : NULL;

      flow->y += 3;
      _wb_print_flow_need (flow, (cond != NULL ? 3 : 2) * _wb_print_line (BODY));
      top = flow->y;
      page = flow->page;
      _wb_print_flow_paragraph (flow, WB_PRINT_FONT_BOLD, BODY, head, 0, WB_PRINT_INK);
      if (cond != NULL)
        _wb_print_flow_text (flow, WB_PRINT_FONT_BODY, BODY, cond, 12, WB_PRINT_GREY);
      _wb_print_flow_paragraph (flow, WB_PRINT_FONT_BODY, BODY, units, 12, WB_PRINT_INK);
      if (re->condition != NULL && *re->condition != '\0')
        _wb_print_flow_paragraph (flow, WB_PRINT_FONT_BODY, SMALL, re->condition, 12, WB_PRINT_GREY);
      item = g_strdup_printf ("reinforcement:%u", index);
      wb_print_doc_add_item (flow->doc, page, WB_PRINT_ITEM_TEXT, item, re->turn, flow->left, top, flow->width,
                             page == flow->page ? flow->y - top : _wb_print_line (BODY));
    }
}

/**
 * wb_print_add_setup_cards:
 * @doc: the document
 * @scenario: a scenario of the document's game
 * @options: (nullable) (array zero-terminated=1): the optional rules
 *   chosen, or NULL for a card good for any choice
 *
 * Adds a set-up card for each side of the game: the scenario, its length
 * and options, where each of the side's units starts (choices spelled out,
 * one per line), the markers placed before play and the side's
 * reinforcements by turn. A long card goes on over more pages.
 */
void
wb_print_add_setup_cards (WbPrintDoc         *doc,
                          WbScenario         *scenario,
                          const char * const *options)
{
  WbGame *game;
  GPtrArray *sides, *scenario_options;
  const char *scenario_name;

  g_return_if_fail (doc != NULL);
  g_return_if_fail (WB_IS_SCENARIO (scenario));

  game = wb_print_doc_get_game (doc);
  sides = wb_game_get_sides (game);
  scenario_options = wb_scenario_get_options (scenario);
  scenario_name = wb_scenario_get_name (scenario) != NULL ? wb_scenario_get_name (scenario)
                                                          : wb_scenario_get_id (scenario);
  for (guint i = 0; i < sides->len; i++)
    {
      WbSide *side = g_ptr_array_index (sides, i);
      const char *name = side_name (game, side->id);
      SetupCtx ctx = { game, scenario, options, side->id };
      g_autofree char *id = g_strdup_printf ("%s:%s", wb_scenario_get_id (scenario), side->id);
      g_autofree char *title = g_strdup_printf (_("%s — set-up card"), name);
      g_autofree char *page_title = g_strdup_printf (_("Set-up: %s"), name);
      g_autofree char *length = length_text (scenario);
      g_autofree char *summary = NULL;
      g_autoptr(GString) opts = g_string_new (NULL);
      Card card = { id, title, scenario_name, 0, 0 };
      WbPrintFlow flow;
      double start_y;

      card_init (&card, game, side->id);
      _wb_print_flow_init (&flow, doc, _("Set-up cards"), page_title, FALSE, card_page, &card);
      _wb_print_flow_new_page (&flow);

      if (wb_scenario_get_first_side (scenario) != NULL)
        /* TRANSLATORS: a scenario's length, then who moves first: "16 turns. Union moves first." */
        summary = g_strdup_printf (_("%s. %s moves first."), length,
                                   side_name (game, wb_scenario_get_first_side (scenario)));
      else
        summary = g_strdup_printf (_("%s."), length);
      _wb_print_flow_paragraph (&flow, WB_PRINT_FONT_BODY, BODY, summary, 0, WB_PRINT_INK);

      for (guint k = 0; k < scenario_options->len; k++)
        {
          WbOption *o = g_ptr_array_index (scenario_options, k);

          if (options != NULL && !g_strv_contains (options, o->id))
            continue;
          g_string_append_printf (opts, "%s%s", opts->len > 0 ? ", " : "",
                                  o->name != NULL && *o->name != '\0' ? o->name : o->id);
        }
      if (options == NULL && opts->len > 0)
        {
          g_autofree char *t = g_strdup_printf (_("Optional rules: %s. What depends on one is listed "
                                                  "under it."), opts->str);

          _wb_print_flow_paragraph (&flow, WB_PRINT_FONT_BODY, BODY, t, 0, WB_PRINT_INK);
        }
      else if (options != NULL && opts->len > 0)
        {
          g_autofree char *t = g_strdup_printf (_("Optional rules in force: %s."), opts->str);

          _wb_print_flow_paragraph (&flow, WB_PRINT_FONT_BODY, BODY, t, 0, WB_PRINT_INK);
        }
      else if (options != NULL && scenario_options->len > 0)
        _wb_print_flow_paragraph (&flow, WB_PRINT_FONT_BODY, BODY, _("No optional rules in force."), 0,
                                  WB_PRINT_INK);

      start_y = flow.y;
      setup_section (&flow, &ctx);
      reinforcements_section (&flow, &ctx);
      if (flow.n_pages == 1 && flow.y == start_y)
        _wb_print_flow_paragraph (&flow, WB_PRINT_FONT_BODY, BODY,
                                  _("None of this side's units is on the map at the start or arrives "
                                    "during the scenario."), 0, WB_PRINT_GREY);
      markers_section (&flow, &ctx);
      _wb_print_flow_clear (&flow);
    }
}

/* --- order of battle ------------------------------------------------------- */

#define OOB_ENTRY_W 180.0

/* "Movement 3 · Morale 4 · Special ability: …": the unit's attributes by
 * their names in its class. */
static char *
attributes_text (WbGame *game,
                 WbUnit *unit)
{
  WbUnitType *klass = wb_game_find_unit_class (game, wb_unit_get_class_id (unit));
  GPtrArray *ids = wb_unit_get_attr_ids (unit);
  g_autoptr(GString) s = g_string_new (NULL);

  for (guint i = 0; ids != NULL && i < ids->len; i++)
    {
      const char *id = g_ptr_array_index (ids, i);
      const WbAttrValue *v = wb_unit_get_attr (unit, id);
      WbAttrDef *def = klass != NULL ? wb_unit_type_find_attr (klass, id) : NULL;
      const char *name = def != NULL && def->name != NULL && *def->name != '\0' ? def->name : id;
      g_autofree char *text = NULL;

      if (v == NULL)
        continue;
      switch (v->type)
        {
        case WB_ATTR_INT:
          text = g_strdup_printf ("%s %" G_GINT64_FORMAT, name, v->i);
          break;
        case WB_ATTR_NUMBER:
          text = v->d == 0.5 ? g_strdup_printf ("%s C", name) : g_strdup_printf ("%s %g", name, v->d);
          break;
        case WB_ATTR_BOOL:
          text = v->b ? g_strdup (name) : NULL;
          break;
        case WB_ATTR_STRING:
        case WB_ATTR_FIREPOWER:
        default:
          text = v->s != NULL && *v->s != '\0' ? g_strdup_printf (_("%s: %s"), name, v->s) : NULL;
          break;
        }
      if (text != NULL)
        g_string_append_printf (s, "%s%s", s->len > 0 ? " · " : "", text);
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

/* "Stafrd · Infantry · III · 4 SP". */
static char *
unit_details (WbGame *game,
              WbUnit *unit)
{
  WbUnitType *klass = wb_game_find_unit_class (game, wb_unit_get_class_id (unit));
  const WbStrength *strength = wb_unit_get_strength (unit);
  const char *name = wb_unit_get_name (unit), *designation = wb_unit_get_designation (unit);
  g_autoptr(GString) s = g_string_new (NULL);
  gboolean any_strength = FALSE;

  if (designation != NULL && g_strcmp0 (designation, name) != 0)
    g_string_append (s, designation);
  if (klass != NULL)
    g_string_append_printf (s, "%s%s", s->len > 0 ? " · " : "",
                            klass->name != NULL && *klass->name != '\0' ? klass->name : klass->id);
  if (wb_unit_get_size (unit) != NULL)
    g_string_append_printf (s, "%s%s", s->len > 0 ? " · " : "", wb_unit_get_size (unit));
  for (guint i = 0; i < MAX (strength->n, 1u); i++)
    any_strength |= strength->halves[i] != 0;
  if (any_strength)
    {
      g_autofree char *sp = wb_strength_to_string (strength);

      /* TRANSLATORS: a unit's strength points: "12/8/4 SP" */
      g_string_append_printf (s, _("%s%s SP"), s->len > 0 ? " · " : "", sp);
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

/* One unit: its counter, its name and its values beside it. */
static void
oob_entry (WbPrintFlow *flow,
           WbGame      *game,
           WbUnit      *unit,
           double       x,
           double       w,
           double       h)
{
  double size = OOB_COUNTER_SIZE (game), tx = x + size + 6, tw = w - size - 10, y = flow->y;
  g_autofree char *details = unit_details (game, unit);
  g_autofree char *attrs = attributes_text (game, unit);
  g_autofree char *item = g_strdup_printf ("unit:%s", wb_unit_get_id (unit));
  g_auto(GStrv) lines = _wb_print_wrap (WB_PRINT_FONT_BODY, SMALL, attrs, tw);
  const char *name = wb_unit_get_name (unit);

  _wb_print_sheet_counter (flow->sheet, wb_unit_get_id (unit), x, y, size, 0);
  _wb_print_sheet_text (flow->sheet, WB_PRINT_FONT_BOLD, 8, name != NULL ? name : wb_unit_get_id (unit), tx, y,
                        tw, 0, WB_PRINT_INK);
  y += _wb_print_line (8);
  _wb_print_sheet_text (flow->sheet, WB_PRINT_FONT_BODY, SMALL, details, tx, y, tw, 0, WB_PRINT_INK);
  y += _wb_print_line (SMALL);
  /* Two lines of attributes at most; the second ellipsized with the rest. */
  for (guint i = 0; lines[i] != NULL && i < 2; i++)
    {
      g_autofree char *rest = i == 1 && lines[2] != NULL ? g_strjoinv (" ", lines + 1) : g_strdup (lines[i]);

      _wb_print_sheet_text (flow->sheet, WB_PRINT_FONT_BODY, SMALL, rest, tx, y, tw, 0, WB_PRINT_GREY);
      y += _wb_print_line (SMALL);
    }
  wb_print_doc_add_item (flow->doc, flow->page, WB_PRINT_ITEM_TEXT, item, 0, x, flow->y, w - 4, h);
}

static void
oob_units (WbPrintFlow *flow,
           WbGame      *game,
           GPtrArray   *units)
{
  guint cols = MAX (1, (guint) floor (flow->width / OOB_ENTRY_W));
  double col_w = flow->width / cols;
  double h = MAX (OOB_COUNTER_SIZE (game), _wb_print_line (8) + 3 * _wb_print_line (SMALL));

  for (guint i = 0; i < units->len; i++)
    {
      if (i % cols == 0)
        {
          if (i > 0)
            flow->y += h + 8;
          _wb_print_flow_need (flow, h);
        }
      oob_entry (flow, game, g_ptr_array_index (units, i), flow->left + (i % cols) * col_w, col_w, h);
    }
  if (units->len > 0)
    flow->y += h + 8;
}

static GPtrArray *
units_of_formation (WbGame     *game,
                    const char *formation)
{
  GPtrArray *all = wb_game_get_units (game);
  GPtrArray *units = g_ptr_array_new ();

  for (guint i = 0; i < all->len; i++)
    {
      WbUnit *u = g_ptr_array_index (all, i);

      if (g_strcmp0 (wb_unit_get_formation (u), formation) == 0)
        g_ptr_array_add (units, u);
    }
  return units;
}

/* @f's units, then its subordinate formations' as sections, depth first. */
static void
oob_formation (WbPrintFlow *flow,
               WbGame      *game,
               WbFormation *f,
               guint        depth)
{
  GPtrArray *formations = wb_game_get_formations (game);
  g_autoptr(GPtrArray) units = units_of_formation (game, f->id);

  if (depth > 0)
    {
      const char *name = f->name != NULL && *f->name != '\0' ? f->name : f->id;
      /* "1st Division, II Corps", not "… (division)"; "Banks' division" alike. */
      g_autofree char *head = f->echelon != NULL && *f->echelon != '\0' && !has_casefold (name, f->echelon)
                                ? g_strdup_printf (_("%s (%s)"), name, f->echelon)
                                : g_strdup (name);

      if (depth == 1)
        _wb_print_flow_subhead (flow, head, OOB_COUNTER_SIZE (game));
      else
        {
          flow->y += 2;
          _wb_print_flow_need (flow, _wb_print_line (BODY) + OOB_COUNTER_SIZE (game));
          _wb_print_flow_text (flow, WB_PRINT_FONT_BOLD, BODY, head, MIN (depth - 1, 4) * 10.0, WB_PRINT_GREY);
        }
      flow->y += 2;
    }
  oob_units (flow, game, units);
  /* Formations form a tree when the game loads; the depth bounds a loop
   * an edit could make. */
  if (depth >= 16)
    return;
  for (guint i = 0; i < formations->len; i++)
    {
      WbFormation *child = g_ptr_array_index (formations, i);

      if (child != f && g_strcmp0 (child->parent, f->id) == 0)
        oob_formation (flow, game, child, depth + 1);
    }
}

/* @side's units outside every formation (or in one the game lacks). */
static GPtrArray *
units_outside (WbGame     *game,
               const char *side)
{
  GPtrArray *all = wb_game_get_units (game);
  GPtrArray *units = g_ptr_array_new ();

  for (guint i = 0; i < all->len; i++)
    {
      WbUnit *u = g_ptr_array_index (all, i);
      const char *f = wb_unit_get_formation (u);

      if (g_strcmp0 (wb_unit_get_side (u), side) == 0 && (f == NULL || wb_game_find_formation (game, f) == NULL))
        g_ptr_array_add (units, u);
    }
  return units;
}

static gboolean
top_level (WbGame      *game,
           WbFormation *f)
{
  return f->parent == NULL || wb_game_find_formation (game, f->parent) == NULL;
}

/**
 * wb_print_add_oob_cards:
 * @doc: the document
 *
 * Adds an order-of-battle card for each top-level formation, with its
 * subordinate formations as sections: each unit's counter at the printed
 * size with its name and values beside it. A side's units outside every
 * formation close its last card (or get a card of their own).
 */
void
wb_print_add_oob_cards (WbPrintDoc *doc)
{
  WbGame *game;
  GPtrArray *formations, *sides;

  g_return_if_fail (doc != NULL);

  game = wb_print_doc_get_game (doc);
  formations = wb_game_get_formations (game);
  sides = wb_game_get_sides (game);
  for (guint s = 0; s < sides->len; s++)
    {
      WbSide *side = g_ptr_array_index (sides, s);
      g_autoptr(GPtrArray) outside = units_outside (game, side->id);
      int last = -1;

      for (guint i = 0; i < formations->len; i++)
        {
          WbFormation *f = g_ptr_array_index (formations, i);

          if (top_level (game, f) && g_strcmp0 (f->side, side->id) == 0)
            last = (int) i;
        }
      for (guint i = 0; i < formations->len; i++)
        {
          WbFormation *f = g_ptr_array_index (formations, i);
          const char *name = f->name != NULL && *f->name != '\0' ? f->name : f->id;
          g_autofree char *subtitle = NULL;
          g_autofree char *page_title = NULL;
          Card card = { f->id, name, NULL, 0, 0 };
          WbPrintFlow flow;

          if (!top_level (game, f) || g_strcmp0 (f->side, side->id) != 0)
            continue;
          if (f->echelon != NULL && *f->echelon != '\0')
            {
              g_autofree char *echelon = g_strdup (f->echelon);

              echelon[0] = g_ascii_toupper (echelon[0]);
              /* TRANSLATORS: an OOB card's subtitle: the formation's echelon and side */
              subtitle = g_strdup_printf (_("%s · %s"), echelon, side_name (game, f->side));
            }
          else
            subtitle = g_strdup (side_name (game, f->side));
          card.subtitle = subtitle;
          card_init (&card, game, f->side);
          page_title = g_strdup_printf (_("Order of battle: %s"), name);
          _wb_print_flow_init (&flow, doc, _("Order of battle"), page_title, FALSE, card_page, &card);
          _wb_print_flow_new_page (&flow);
          oob_formation (&flow, game, f, 0);
          if ((int) i == last && outside->len > 0)
            {
              _wb_print_flow_subhead (&flow, _("Outside any formation"), OOB_COUNTER_SIZE (game));
              flow.y += 2;
              oob_units (&flow, game, outside);
            }
          _wb_print_flow_clear (&flow);
        }
      if (last < 0 && outside->len > 0)
        {
          g_autofree char *id = g_strdup_printf ("units:%s", side->id);
          Card card = { id, _("Units outside any formation"), side_name (game, side->id), 0, 0 };
          WbPrintFlow flow;

          card_init (&card, game, side->id);
          _wb_print_flow_init (&flow, doc, _("Order of battle"), card.title, FALSE, card_page, &card);
          _wb_print_flow_new_page (&flow);
          oob_units (&flow, game, outside);
          _wb_print_flow_clear (&flow);
        }
    }
  /* Formations of no side the game has (a side removed): still printed,
   * in a neutral card. */
  for (guint i = 0; i < formations->len; i++)
    {
      WbFormation *f = g_ptr_array_index (formations, i);
      const char *name = f->name != NULL && *f->name != '\0' ? f->name : f->id;
      g_autofree char *page_title = NULL;
      Card card = { f->id, name, f->echelon, 0, 0 };
      WbPrintFlow flow;

      if (!top_level (game, f) || (f->side != NULL && wb_game_find_side (game, f->side) != NULL))
        continue;
      card_init (&card, game, NULL);
      page_title = g_strdup_printf (_("Order of battle: %s"), name);
      _wb_print_flow_init (&flow, doc, _("Order of battle"), page_title, FALSE, card_page, &card);
      _wb_print_flow_new_page (&flow);
      oob_formation (&flow, game, f, 0);
      _wb_print_flow_clear (&flow);
    }
}

/* --- turn record track ----------------------------------------------------- */

#define TRACK_ROWS 4
#define TRACK_TEXT 7.0

/* What a turn's box says: the reinforcements that arrive (who, by name,
 * and where) and the scenario's events of the turn. */
static GPtrArray *
turn_notes (WbGame     *game,
            WbScenario *scenario,
            int         turn)
{
  GPtrArray *notes = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *list = wb_scenario_get_reinforcements (scenario);
  GPtrArray *sides = wb_game_get_sides (game);
  WbCup *cup = wb_scenario_get_cup (scenario);
  GArray *turns = wb_scenario_get_turns (scenario);

  for (guint i = 0; i < list->len; i++)
    {
      WbReinforcement *re = g_ptr_array_index (list, i);
      g_autofree char *where = NULL;
      g_autofree char *cond = NULL;

      if (re->turn != turn)
        continue;
      where = places_text (game, scenario, re->at, re->area);
      if (re->option != NULL)
        cond = g_strdup_printf (_("With “%s”: "), option_name (scenario, re->option));
      else if (re->unless != NULL)
        cond = g_strdup_printf (_("Without “%s”: "), option_name (scenario, re->unless));
      for (guint s = 0; s < sides->len; s++)
        {
          WbSide *side = g_ptr_array_index (sides, s);
          g_autofree char *units = arriving_units (game, re, side->id, TRUE);

          if (units != NULL)
            /* TRANSLATORS: a reinforcement on the turn track: "Union at hex 0118: Johnston's Brigade, …" */
            g_ptr_array_add (notes, g_strdup_printf (_("%s%s at %s: %s"), cond != NULL ? cond : "",
                                                     side_name (game, side->id), where, units));
        }
    }
  for (guint i = 0; cup != NULL && cup->add != NULL && i < cup->add->len; i++)
    {
      WbCupAdd *add = g_ptr_array_index (cup->add, i);
      g_autoptr(GString) chits = g_string_new (NULL);

      if (add->turn != turn)
        continue;
      for (guint k = 0; add->chits != NULL && k < add->chits->len; k++)
        {
          WbChit *chit = wb_game_find_chit (game, g_ptr_array_index (add->chits, k));
          const char *name = chit != NULL && chit->name != NULL ? chit->name
                                                                : (const char *) g_ptr_array_index (add->chits, k);

          g_string_append_printf (chits, "%s%s", chits->len > 0 ? ", " : "", name);
        }
      if (chits->len > 0)
        /* TRANSLATORS: chits that join a chit-pull game's draw cup on a turn */
        g_ptr_array_add (notes, g_strdup_printf (_("Into the draw cup: %s"), chits->str));
    }
  if (turn == (int) turns->len)
    g_ptr_array_add (notes, g_strdup (_("Last turn: the game ends.")));
  return notes;
}

static void
turn_box (WbPrintSheet *sheet,
          WbPrintDoc   *doc,
          guint         page,
          WbScenario   *scenario,
          int           turn,
          double        x,
          double        y,
          double        w,
          double        h)
{
  WbGame *game = wb_print_doc_get_game (doc);
  GArray *turns = wb_scenario_get_turns (scenario);
  const WbTurn *t = &g_array_index (turns, WbTurn, turn - 1);
  g_autoptr(GPtrArray) notes = turn_notes (game, scenario, turn);
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *number = g_strdup_printf (_("Turn %d"), turn);
  g_autofree char *label = NULL;
  g_autofree char *item = g_strdup_printf ("turn:%d", turn);
  double head = _wb_print_line (11) + 2, ty;
  guint room;

  /* A night turn says so, unless its label does already ("Night, May 5-6"). */
  if (t->night && (t->label == NULL || strstr (t->label, "night") == NULL) &&
      (t->label == NULL || strstr (t->label, "Night") == NULL))
    label = t->label != NULL ? g_strdup_printf (_("%s · night"), t->label) : g_strdup (_("Night"));
  else
    label = g_strdup (t->label);
  /* Night turns shaded, as on printed tracks. */
  _wb_print_sheet_rect (sheet, x, y, w, h, TRUE, t->night ? 0xdfe3ec : 0xffffff, 0.8, WB_PRINT_INK);
  _wb_print_sheet_text (sheet, WB_PRINT_FONT_BOLD, 11, number, x + 4, y + 2, w * 0.45, 0, WB_PRINT_INK);
  _wb_print_sheet_text (sheet, WB_PRINT_FONT_BODY, 8, label, x + w * 0.45, y + 2 + (_wb_print_line (11) -
                        _wb_print_line (8)) / 2, w * 0.55 - 4, 1, WB_PRINT_GREY);
  _wb_print_sheet_rule (sheet, x + 4, y + head + 1, x + w - 4, y + head + 1, 0.4, WB_PRINT_LIGHT);

  for (guint i = 0; i < notes->len; i++)
    {
      g_auto(GStrv) wrapped = _wb_print_wrap (WB_PRINT_FONT_BODY, TRACK_TEXT, g_ptr_array_index (notes, i), w - 8);

      for (guint k = 0; wrapped[k] != NULL; k++)
        g_ptr_array_add (lines, g_strdup (wrapped[k]));
    }
  room = (guint) MAX (0, floor ((h - head - 6) / _wb_print_line (TRACK_TEXT)));
  ty = y + head + 4;
  for (guint i = 0; i < lines->len && i < room; i++)
    {
      const char *text = g_ptr_array_index (lines, i);

      if (i + 1 == room && lines->len > room)
        text = _("… more on the set-up cards");
      _wb_print_sheet_text (sheet, WB_PRINT_FONT_BODY, TRACK_TEXT, text, x + 4, ty, w - 8, 0, WB_PRINT_INK);
      ty += _wb_print_line (TRACK_TEXT);
    }
  wb_print_doc_add_item (doc, page, WB_PRINT_ITEM_TEXT, item, turn, x, y, w, h);
}

/**
 * wb_print_add_turn_track:
 * @doc: the document
 * @scenario: a scenario of the document's game
 *
 * Adds a turn record track on landscape pages: a box per turn with its
 * number and label (night turns shaded), the reinforcements that arrive
 * in it by name and where, and the scenario's events of the turn.
 */
void
wb_print_add_turn_track (WbPrintDoc *doc,
                         WbScenario *scenario)
{
  GArray *turns;
  guint n, cols, per_page, rows;
  const char *name;
  g_autofree char *heading = NULL;

  g_return_if_fail (doc != NULL);
  g_return_if_fail (WB_IS_SCENARIO (scenario));

  turns = wb_scenario_get_turns (scenario);
  n = turns->len;
  name = wb_scenario_get_name (scenario) != NULL ? wb_scenario_get_name (scenario) : wb_scenario_get_id (scenario);
  heading = g_strdup_printf (_("Turn record track — %s"), name);
  cols = CLAMP ((n + TRACK_ROWS - 1) / TRACK_ROWS, 4, 6);
  per_page = cols * TRACK_ROWS;
  rows = MIN (TRACK_ROWS, MAX (1, (n + cols - 1) / cols));
  for (guint start = 0; start < n || start == 0; start += per_page)
    {
      guint page;
      WbPrintSheet *sheet = _wb_print_sheet_add (doc, _("Turn record track"), _("Turn record track"), TRUE, &page);
      double x, y, w, h, top, box_w, box_h;

      wb_print_doc_get_body (doc, page, &x, &y, &w, &h);
      top = _wb_print_sheet_heading (sheet, doc, page, heading);
      box_w = w / cols;
      box_h = MIN ((y + h - top) / rows, 170);
      if (n == 0)
        {
          _wb_print_sheet_text (sheet, WB_PRINT_FONT_BODY, BODY, _("The scenario gives no turns."), x, top, w, 0,
                                WB_PRINT_GREY);
          break;
        }
      for (guint i = start; i < n && i < start + per_page; i++)
        {
          guint k = i - start;

          turn_box (sheet, doc, page, scenario, (int) i + 1, x + (k % cols) * box_w, top + (k / cols) * box_h,
                    box_w - 3, box_h - 3);
        }
    }
}
