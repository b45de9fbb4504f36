/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-step"
#include "config.h"

#include <string.h>

#include "rules/wb-step.h"
#include "rules/wb-family.h"
#include "wb-hex-map.h"
#include "wb-point-map.h"

static void
candidate_clear (WbPickCandidate *c)
{
  g_free (c->value);
}

static void
pick_list_free (WbPickList *list)
{
  g_array_unref (list->candidates);
  g_clear_pointer (&list->reasons, g_hash_table_unref);
  g_free (list->refusal);
  g_free (list->badge);
  g_free (list);
}

static void
button_free (WbStepButton *b)
{
  g_free (b->label);
  g_free (b->tooltip);
  g_clear_pointer (&b->action, json_object_unref);
  g_free (b);
}

static void
note_free (WbStepNote *n)
{
  g_free (n->text);
  g_free (n);
}

WbStep *
wb_step_new (void)
{
  WbStep *step = g_new0 (WbStep, 1);

  step->lists = g_ptr_array_new_with_free_func ((GDestroyNotify) pick_list_free);
  step->buttons = g_ptr_array_new_with_free_func ((GDestroyNotify) button_free);
  step->notes = g_ptr_array_new_with_free_func ((GDestroyNotify) note_free);
  return step;
}

void
wb_step_free (WbStep *step)
{
  if (step == NULL)
    return;
  g_free (step->hint);
  g_ptr_array_unref (step->lists);
  g_ptr_array_unref (step->buttons);
  g_ptr_array_unref (step->notes);
  g_free (step->act_label);
  g_free (step->act_tooltip);
  g_free (step->summary);
  g_free (step->refusal);
  g_free (step->board_refusal);
  g_free (step);
}

WbPickList *
wb_step_add_list (WbStep *step, WbPickKind kind, guint flags, guint min, guint max)
{
  WbPickList *list;

  g_return_val_if_fail (step != NULL, NULL);
  list = g_new0 (WbPickList, 1);
  list->kind = kind;
  list->flags = flags;
  list->min = min;
  list->max = MAX (max, min);
  list->candidates = g_array_new (FALSE, TRUE, sizeof (WbPickCandidate));
  g_array_set_clear_func (list->candidates, (GDestroyNotify) candidate_clear);
  g_ptr_array_add (step->lists, list);
  return list;
}

void
wb_step_add_button (WbStep *step, const char *label, const char *tooltip, JsonObject *action)
{
  WbStepButton *b;

  g_return_if_fail (step != NULL && label != NULL && action != NULL);
  b = g_new0 (WbStepButton, 1);
  b->label = g_strdup (label);
  b->tooltip = g_strdup (tooltip);
  b->action = action;
  g_ptr_array_add (step->buttons, b);
}

/* A place of a note, its id interned as the step's places are. */
static WbWhere
note_place (const WbWhere *w)
{
  WbWhere out = { WB_WHERE_ELIMINATED, { 0, 0 }, NULL };

  if (w != NULL)
    {
      out = *w;
      out.place = g_intern_string (w->place);
    }
  return out;
}

void
wb_step_add_note (WbStep *step, const WbWhere *from, const WbWhere *to, const char *text)
{
  WbStepNote *n;

  g_return_if_fail (step != NULL && from != NULL && text != NULL);
  n = g_new0 (WbStepNote, 1);
  n->from = note_place (from);
  n->to = note_place (to);
  n->text = g_strdup (text);
  g_ptr_array_add (step->notes, n);
}

void
wb_pick_list_add (WbPickList *list, const char *value, const WbWhere *where, int cost)
{
  WbPickCandidate c = { NULL, { WB_WHERE_ELIMINATED, { 0, 0 }, NULL }, -1 };

  g_return_if_fail (list != NULL && value != NULL);
  c.value = g_strdup (value);
  if (where != NULL)
    c.where = *where;
  c.cost = cost;
  g_array_append_val (list->candidates, c);
}

const WbPickCandidate *
wb_pick_list_find (const WbPickList *list, const char *value)
{
  g_return_val_if_fail (list != NULL, NULL);
  for (guint i = 0; value != NULL && i < list->candidates->len; i++)
    {
      const WbPickCandidate *c = &g_array_index (list->candidates, WbPickCandidate, i);
      if (strcmp (c->value, value) == 0)
        return c;
    }
  return NULL;
}

void
wb_pick_list_set_reason (WbPickList *list, const char *value, const char *reason)
{
  g_return_if_fail (list != NULL && value != NULL && reason != NULL);
  if (list->reasons == NULL)
    list->reasons = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_hash_table_replace (list->reasons, g_strdup (value), g_strdup (reason));
}

gboolean
wb_step_place (WbMatch *m, WbPickKind kind, const char *value, WbWhere *where)
{
  g_return_val_if_fail (m != NULL && where != NULL, FALSE);
  if (value == NULL)
    return FALSE;
  if (kind == WB_PICK_HEX && WB_IS_HEX_MAP (m->map))
    {
      where->kind = WB_WHERE_HEX;
      where->place = NULL;
      return wb_hex_map_parse_hex (WB_HEX_MAP (m->map), value, &where->hex) &&
             wb_hex_map_contains (WB_HEX_MAP (m->map), where->hex);
    }
  if (kind == WB_PICK_LOCATION && WB_IS_POINT_MAP (m->map) &&
      wb_point_map_find_location (WB_POINT_MAP (m->map), value) != NULL)
    {
      where->kind = WB_WHERE_LOCATION;
      where->hex.col = where->hex.row = 0;
      where->place = g_intern_string (value);
      return TRUE;
    }
  return FALSE;
}

char *
wb_step_place_value (WbMatch *m, const WbWhere *where, WbPickKind *kind)
{
  char buf[32];

  g_return_val_if_fail (m != NULL && where != NULL, NULL);
  if (where->kind == WB_WHERE_HEX && WB_IS_HEX_MAP (m->map))
    {
      if (kind != NULL)
        *kind = WB_PICK_HEX;
      wb_hex_map_format_hex (WB_HEX_MAP (m->map), where->hex, buf, sizeof buf);
      return g_strdup (buf);
    }
  if (where->kind == WB_WHERE_LOCATION && where->place != NULL)
    {
      if (kind != NULL)
        *kind = WB_PICK_LOCATION;
      return g_strdup (where->place);
    }
  return NULL;
}

void
wb_step_add_unit_moves (WbStep *step, WbMatch *m, const WbPicks *picks,
                        GArray *(*destinations) (gpointer data, WbMatch *m, const char *unit),
                        gpointer data, const char *refusal)
{
  WbPickList *units, *places;
  const char *picked;
  WbPickKind kind = WB_IS_HEX_MAP (m->map) ? WB_PICK_HEX : WB_PICK_LOCATION;

  g_return_if_fail (step != NULL && m != NULL && picks != NULL && destinations != NULL);
  units = wb_step_add_list (step, WB_PICK_UNIT, WB_PICK_LEADS, 1, 1);
  units->refusal = g_strdup (refusal);
  for (guint i = 0; i < m->units->len; i++)
    {
      WbUnitState *u = &g_array_index (m->units, WbUnitState, i);
      g_autoptr(GArray) to = NULL;

      if (!(u->flags & WB_UNIT_IN_SCENARIO) || u->side != m->active)
        continue;
      to = destinations (data, m, u->id);
      if (to != NULL && to->len > 0)
        wb_pick_list_add (units, u->id, &u->where, -1);
    }
  places = wb_step_add_list (step, kind, 0, 1, 1);
  picked = wb_picks_get (picks, 0, 0);
  if (picked != NULL && wb_pick_list_find (units, picked) != NULL)
    {
      g_autoptr(GArray) to = destinations (data, m, picked);

      for (guint i = 0; to != NULL && i < to->len; i++)
        {
          const WbDestination *d = &g_array_index (to, WbDestination, i);
          g_autofree char *value = wb_step_place_value (m, &d->where, NULL);

          if (value != NULL)
            wb_pick_list_add (places, value, &d->where, d->cost);
        }
    }
  step->auto_act = TRUE;
}

/* ---- Picks ---- */

struct _WbPicks
{
  GPtrArray *lists;   /* GPtrArray of char*, by list */
};

WbPicks *
wb_picks_new (void)
{
  WbPicks *picks = g_new0 (WbPicks, 1);

  picks->lists = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  return picks;
}

void
wb_picks_free (WbPicks *picks)
{
  if (picks == NULL)
    return;
  g_ptr_array_unref (picks->lists);
  g_free (picks);
}

static GPtrArray *
list_of (const WbPicks *picks, guint list)
{
  return list < picks->lists->len ? g_ptr_array_index (picks->lists, list) : NULL;
}

WbPicks *
wb_picks_copy (const WbPicks *picks)
{
  WbPicks *copy = wb_picks_new ();

  g_return_val_if_fail (picks != NULL, copy);
  for (guint l = 0; l < picks->lists->len; l++)
    for (guint i = 0; i < wb_picks_count (picks, l); i++)
      wb_picks_add (copy, l, wb_picks_get (picks, l, i));
  return copy;
}

guint
wb_picks_count (const WbPicks *picks, guint list)
{
  GPtrArray *values;

  g_return_val_if_fail (picks != NULL, 0);
  values = list_of (picks, list);
  return values != NULL ? values->len : 0;
}

const char *
wb_picks_get (const WbPicks *picks, guint list, guint index)
{
  GPtrArray *values;

  g_return_val_if_fail (picks != NULL, NULL);
  values = list_of (picks, list);
  return values != NULL && index < values->len ? g_ptr_array_index (values, index) : NULL;
}

guint
wb_picks_count_value (const WbPicks *picks, guint list, const char *value)
{
  guint n = 0;

  g_return_val_if_fail (picks != NULL, 0);
  for (guint i = 0; i < wb_picks_count (picks, list); i++)
    n += g_strcmp0 (wb_picks_get (picks, list, i), value) == 0;
  return n;
}

void
wb_picks_add (WbPicks *picks, guint list, const char *value)
{
  g_return_if_fail (picks != NULL && value != NULL);
  /* A handful of lists at most: a bound against a bad index. */
  g_return_if_fail (list < 64);
  while (picks->lists->len <= list)
    g_ptr_array_add (picks->lists, g_ptr_array_new_with_free_func (g_free));
  g_ptr_array_add (list_of (picks, list), g_strdup (value));
}

void
wb_picks_remove (WbPicks *picks, guint list, const char *value)
{
  GPtrArray *values;

  g_return_if_fail (picks != NULL);
  values = list_of (picks, list);
  for (guint i = values != NULL ? values->len : 0; i > 0; i--)
    if (g_strcmp0 (g_ptr_array_index (values, i - 1), value) == 0)
      g_ptr_array_remove_index (values, i - 1);
}

void
wb_picks_clear_list (WbPicks *picks, guint list)
{
  GPtrArray *values;

  g_return_if_fail (picks != NULL);
  values = list_of (picks, list);
  if (values != NULL)
    g_ptr_array_set_size (values, 0);
}

void
wb_picks_clear (WbPicks *picks)
{
  g_return_if_fail (picks != NULL);
  g_ptr_array_set_size (picks->lists, 0);
}

JsonArray *
wb_picks_to_json (const WbPicks *picks, guint list)
{
  JsonArray *a = json_array_new ();

  g_return_val_if_fail (picks != NULL, a);
  for (guint i = 0; i < wb_picks_count (picks, list); i++)
    json_array_add_string_element (a, wb_picks_get (picks, list, i));
  return a;
}

/* ---- Boards ---- */

static void
board_box_clear (WbBoardBox *b)
{
  g_free (b->title);
}

static void
board_unit_clear (WbBoardUnit *u)
{
  g_free (u->id);
  g_free (u->label);
  g_free (u->value);
}

WbBoard *
wb_board_new (const char *title)
{
  WbBoard *board = g_new0 (WbBoard, 1);

  board->title = g_strdup (title);
  board->front_after = -1;
  board->boxes = g_array_new (FALSE, TRUE, sizeof (WbBoardBox));
  g_array_set_clear_func (board->boxes, (GDestroyNotify) board_box_clear);
  board->units = g_array_new (FALSE, TRUE, sizeof (WbBoardUnit));
  g_array_set_clear_func (board->units, (GDestroyNotify) board_unit_clear);
  return board;
}

void
wb_board_free (WbBoard *board)
{
  if (board == NULL)
    return;
  g_free (board->title);
  g_free (board->name);
  g_array_unref (board->boxes);
  g_array_unref (board->units);
  g_free (board);
}

guint
wb_board_add_box (WbBoard *board, const char *title, guint row, double weight, gboolean aside, gboolean tinted)
{
  WbBoardBox b = { g_strdup (title), row, weight > 0 ? weight : 1, aside, tinted };

  g_return_val_if_fail (board != NULL, 0);
  g_array_append_val (board->boxes, b);
  return board->boxes->len - 1;
}

WbBoardUnit *
wb_board_add_unit (WbBoard *board, const char *id, const char *label, const char *value, guint side, int box)
{
  WbBoardUnit u = { 0 };

  g_return_val_if_fail (board != NULL && id != NULL, NULL);
  u.id = g_strdup (id);
  u.label = g_strdup (label != NULL ? label : id);
  u.value = g_strdup (value);
  u.side = side;
  u.box = box >= 0 && (guint) box < board->boxes->len ? box : -1;
  g_array_append_val (board->units, u);
  return &g_array_index (board->units, WbBoardUnit, board->units->len - 1);
}

int
wb_board_find_unit (const WbBoard *board, const char *id)
{
  g_return_val_if_fail (board != NULL, -1);
  for (guint i = 0; id != NULL && i < board->units->len; i++)
    if (strcmp (g_array_index (board->units, WbBoardUnit, i).id, id) == 0)
      return (int) i;
  return -1;
}
