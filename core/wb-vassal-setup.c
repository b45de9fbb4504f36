/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-vassal"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "wb-vassal.h"
#include "wb-vassal-private.h"

/* The predefined set-ups: one saved game per scenario, every unit where
 * the scenario sets it up (see docs/vassal-export.md). */

char *
_wb_vassal_turn_label (WbTurn *turn,
                       guint   index)
{
  return turn->label != NULL && *turn->label ? g_strdup (turn->label) : g_strdup_printf ("Turn %u", index + 1);
}

/* --- set-ups --------------------------------------------------------------- */

typedef struct {
  PieceDef *piece;
  char     *map;
  int       x, y;
} Placed;

static void
placed_clear (gpointer p)
{
  g_free (((Placed *) p)->map);
}

static MapOut *
scenario_map (Export     *ex,
              WbScenario *scenario)
{
  const char *id = wb_scenario_get_map (scenario);

  for (guint i = 0; i < ex->maps->len; i++)
    {
      MapOut *m = g_ptr_array_index (ex->maps, i);

      if (id == NULL || g_strcmp0 (wb_map_get_id (m->map), id) == 0)
        return m;
    }
  return ex->maps->len > 0 ? g_ptr_array_index (ex->maps, 0) : NULL;
}

/* The off-board window's region @name, added on first use: cells of a
 * grid, four across. */
static Region *
offboard_region (Export     *ex,
                 const char *name)
{
  Region *r;
  guint i;

  for (i = 0; i < ex->offboard->len; i++)
    {
      r = g_ptr_array_index (ex->offboard, i);
      if (strcmp (r->name, name) == 0)
        return r;
    }
  r = g_new0 (Region, 1);
  r->name = g_strdup (name);
  r->x = (int) (i % OFFBOARD_COLUMNS) * ex->offboard_cell_w + ex->offboard_cell_w / 2;
  r->y = (int) (i / OFFBOARD_COLUMNS) * ex->offboard_cell_h + ex->offboard_cell_h / 2;
  g_ptr_array_add (ex->offboard, r);
  return r;
}

static int
compare_turns (gconstpointer a,
               gconstpointer b,
               gpointer      data)
{
  const WbReinforcement *ra = *(WbReinforcement * const *) a, *rb = *(WbReinforcement * const *) b;

  return (ra->turn > rb->turn) - (ra->turn < rb->turn);
}

static const char *
scenario_title (WbScenario *s)
{
  const char *name = wb_scenario_get_name (s);

  return name != NULL && *name ? name : wb_scenario_get_id (s);
}

/* Where each unit of @scenario starts, with no option chosen: its set-up
 * line's first place, a box or a reinforcement turn in the off-board
 * window. */
static void
place_scenario (Export     *ex,
                WbScenario *scenario,
                GArray     *placed)
{
  MapOut *m = scenario_map (ex, scenario);
  GPtrArray *setup = wb_scenario_get_setup (scenario);
  GPtrArray *reinf = wb_scenario_get_reinforcements (scenario);
  GArray *turns = wb_scenario_get_turns (scenario);
  g_autoptr(GHashTable) done = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) by_turn = g_ptr_array_copy (reinf, NULL, NULL);
  guint choices = 0;

  for (guint i = 0; i < setup->len; i++)
    {
      WbSetup *line = g_ptr_array_index (setup, i);
      PieceDef *d = g_hash_table_lookup (ex->pieces, line->unit);
      const WbPlace *place;
      Placed p = { 0, };

      if (!wb_scenario_applies (line->option, line->unless, NULL) || line->at == NULL || line->at->len == 0)
        continue;
      if (d == NULL)
        continue;
      if (g_hash_table_contains (done, line->unit))
        {
          _wb_vassal_warn (ex, _("Scenario “%s”: unit “%s” has two set-up lines; the first is used"),
                           scenario_title (scenario), line->unit);
          continue;
        }
      if (line->at->len > 1)
        choices++;
      place = &g_array_index (line->at, WbPlace, 0);
      p.piece = d;
      if (place->kind == WB_PLACE_BOX)
        {
          GPtrArray *boxes = wb_scenario_get_boxes (scenario);
          const char *box_name = place->ref;
          Region *r;

          for (guint b = 0; b < boxes->len; b++)
            {
              WbBox *box = g_ptr_array_index (boxes, b);

              if (g_strcmp0 (box->id, place->ref) == 0 && box->name != NULL)
                box_name = box->name;
            }
          r = offboard_region (ex, box_name);
          p.map = g_strdup (OFFBOARD);
          p.x = r->x;
          p.y = r->y;
        }
      else if (m != NULL && _wb_vassal_map_place_position (m, place, &p.x, &p.y))
        p.map = g_strdup (m->name);
      else
        {
          _wb_vassal_warn (ex, _("Scenario “%s”: unit “%s” starts at “%s”, which is not on map “%s”; "
                                 "it is left in the piece palette"),
                           scenario_title (scenario), line->unit, place->ref, m != NULL ? m->name : "");
          continue;
        }
      g_hash_table_add (done, (gpointer) line->unit);
      g_array_append_val (placed, p);
    }
  if (choices > 0)
    _wb_vassal_warn (ex, g_dngettext (GETTEXT_PACKAGE,
                                      "Scenario “%s”: %u set-up line offers a choice of places; the predefined "
                                      "set-up uses the first",
                                      "Scenario “%s”: %u set-up lines offer a choice of places; the predefined "
                                      "set-up uses the first of each",
                                      choices),
                     scenario_title (scenario), choices);

  /* The reinforcement regions in turn order, whatever the file's; the
   * copy borrows the scenario's records. */
  g_ptr_array_set_free_func (by_turn, NULL);
  g_ptr_array_sort_with_data (by_turn, compare_turns, NULL);
  for (guint i = 0; i < by_turn->len; i++)
    {
      WbReinforcement *r = g_ptr_array_index (by_turn, i);
      g_autofree char *name = NULL;
      Region *region;

      if (!wb_scenario_applies (r->option, r->unless, NULL) || r->units == NULL)
        continue;
      if (r->turn >= 1 && (guint) r->turn <= turns->len)
        {
          WbTurn *turn = &g_array_index (turns, WbTurn, r->turn - 1);
          g_autofree char *label = _wb_vassal_turn_label (turn, (guint) r->turn - 1);

          name = g_strdup_printf ("Reinforcements: turn %d (%s)", r->turn, label);
        }
      else
        name = g_strdup_printf ("Reinforcements: turn %d", r->turn);
      region = offboard_region (ex, name);
      for (guint u = 0; u < r->units->len; u++)
        {
          const char *id = g_ptr_array_index (r->units, u);
          PieceDef *d = g_hash_table_lookup (ex->pieces, id);
          Placed p = { 0, };

          if (d == NULL || g_hash_table_contains (done, id))
            continue;
          p.piece = d;
          p.map = g_strdup (OFFBOARD);
          p.x = region->x;
          p.y = region->y;
          g_hash_table_add (done, (gpointer) id);
          g_array_append_val (placed, p);
        }
    }
}

/* Every scenario placed once before any is written: the off-board window
 * (and its size) must know every region first. */
GPtrArray *
_wb_vassal_place_all (Export *ex)
{
  GPtrArray *scenarios = wb_game_get_scenarios (ex->game);
  GPtrArray *all = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);

  for (guint i = 0; i < scenarios->len; i++)
    {
      GArray *placed = g_array_new (FALSE, TRUE, sizeof (Placed));

      g_array_set_clear_func (placed, placed_clear);
      place_scenario (ex, g_ptr_array_index (scenarios, i), placed);
      g_ptr_array_add (all, placed);
    }
  return all;
}


/* AbstractMetaData's <data>: the same skeleton for the module and for a
 * saved game (which has no <name>). */
char *
_wb_vassal_metadata_xml (Export     *ex,
                         const char *description,
                         const char *name)
{
  GString *x = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
  const char *version = wb_game_get_game_version (ex->game);
  g_autofree char *now = g_strdup_printf ("%" G_GINT64_FORMAT, g_get_real_time () / 1000);

  g_string_append (x, "<data version=\"1\">\n");
  _wb_vassal_xml_text_element (x, 1, "version", version != NULL && *version ? version : "1.0");
  _wb_vassal_xml_text_element (x, 1, "extra1", "");
  _wb_vassal_xml_text_element (x, 1, "extra2", "");
  _wb_vassal_xml_text_element (x, 1, "VassalVersion", WB_VASSAL_VERSION);
  _wb_vassal_xml_text_element (x, 1, "dateSaved", now);
  _wb_vassal_xml_text_element (x, 1, "description", description);
  if (name != NULL)
    _wb_vassal_xml_text_element (x, 1, "name", name);
  g_string_append (x, "</data>\n");
  return g_string_free (x, FALSE);
}

const char *
_wb_vassal_game_title (Export *ex)
{
  const char *title = wb_game_get_title (ex->game);

  return title != NULL && *title ? title : wb_game_get_id (ex->game) != NULL ? wb_game_get_id (ex->game)
                                                                              : "Warbench game";
}

/* BoardPicker's restore command: the map's identifier + "BoardPicker",
 * then each board's name and its column and row, tab-separated. */
static char *
board_command (const char *map,
               const char *board)
{
  SeqEnc se;
  g_autofree char *first = g_strconcat (map, "BoardPicker", NULL);

  _wb_vassal_se_init (&se, '\t');
  _wb_vassal_se_append (&se, first);
  _wb_vassal_se_append (&se, board);
  _wb_vassal_se_append (&se, "0");
  _wb_vassal_se_append (&se, "0");
  return _wb_vassal_se_finish (&se);
}

/* The saved game of one scenario: begin_save, an AddPiece for every piece
 * then for every stack (a Stack takes its pieces by id, so they come
 * first, as GameState.getRestorePiecesCommand () orders them), each map's
 * boards, end_save; joined as GameModule.encode () joins commands. */
gboolean
_wb_vassal_write_setup (Export      *ex,
                        WbScenario  *scenario,
                        guint        index,
                        GArray      *placed,
                        GString     *x,
                        GError     **error)
{
  g_autoptr(WbZipWriter) vsav = wb_zip_writer_new ();
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GHashTable) stacks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                        (GDestroyNotify) g_ptr_array_unref);
  g_autoptr(GPtrArray) stack_order = g_ptr_array_new ();
  g_autofree char *safe = _wb_vassal_safe_name (wb_scenario_get_id (scenario));
  g_autofree char *file = g_strdup_printf ("setup-%02u-%s.vsav", index + 1, safe);
  g_autofree char *text = NULL, *saved = NULL, *savedata = NULL, *moduledata = NULL;
  const char *title = scenario_title (scenario);
  SeqEnc cmds;

  _wb_vassal_se_init (&cmds, ESC);
  _wb_vassal_se_append (&cmds, "begin_save");
  for (guint i = 0; i < placed->len; i++)
    {
      Placed *p = &g_array_index (placed, Placed, i);
      g_autofree char *id = g_strdup_printf ("wb%u", i + 1);
      g_autofree char *state = _wb_vassal_unit_state (p->piece, p->map, p->x, p->y);
      g_autofree char *cmd = _wb_vassal_add_piece_command (id, p->piece->type, state);
      g_autofree char *key = g_strdup_printf ("%s;%d;%d", p->map, p->x, p->y);
      GPtrArray *members = g_hash_table_lookup (stacks, key);

      _wb_vassal_se_append (&cmds, cmd);
      if (members == NULL)
        {
          members = g_ptr_array_new_with_free_func (g_free);
          g_ptr_array_add (stack_order, p);
          g_hash_table_insert (stacks, g_steal_pointer (&key), members);
        }
      g_ptr_array_add (members, g_steal_pointer (&id));
    }
  for (guint i = 0; i < stack_order->len; i++)
    {
      Placed *p = g_ptr_array_index (stack_order, i);
      g_autofree char *key = g_strdup_printf ("%s;%d;%d", p->map, p->x, p->y);
      GPtrArray *members = g_hash_table_lookup (stacks, key);
      g_autofree char *id = g_strdup_printf ("wbs%u", i + 1);
      g_autofree char *state = NULL, *cmd = NULL;
      SeqEnc se;

      /* Stack.getState (): map, x, y, then its pieces bottom up. */
      _wb_vassal_se_init (&se, ';');
      _wb_vassal_se_append (&se, p->map);
      _wb_vassal_se_append_int (&se, p->x);
      _wb_vassal_se_append_int (&se, p->y);
      for (guint k = 0; k < members->len; k++)
        _wb_vassal_se_append (&se, g_ptr_array_index (members, k));
      state = _wb_vassal_se_finish (&se);
      cmd = _wb_vassal_add_piece_command (id, "stack", state);
      _wb_vassal_se_append (&cmds, cmd);
    }
  for (guint i = 0; i < ex->maps->len; i++)
    {
      MapOut *m = g_ptr_array_index (ex->maps, i);
      g_autofree char *cmd = board_command (m->name, m->board);

      _wb_vassal_se_append (&cmds, cmd);
    }
  if (ex->offboard->len > 0)
    {
      g_autofree char *cmd = board_command (OFFBOARD, OFFBOARD);

      _wb_vassal_se_append (&cmds, cmd);
    }
  _wb_vassal_se_append (&cmds, "end_save");
  text = _wb_vassal_se_finish (&cmds);

  saved = _wb_vassal_obfuscate (text, (guint8) (1 + wb_zip_crc32 (0, (const guint8 *) file, strlen (file)) % 255));
  savedata = _wb_vassal_metadata_xml (ex, title, NULL);
  moduledata = _wb_vassal_metadata_xml (ex, wb_game_get_notes (ex->game), _wb_vassal_game_title (ex));
  if (!wb_zip_writer_add (vsav, "savedGame", saved, strlen (saved), TRUE, error) ||
      !wb_zip_writer_add (vsav, "savedata", savedata, strlen (savedata), TRUE, error) ||
      !wb_zip_writer_add (vsav, "moduledata", moduledata, strlen (moduledata), TRUE, error))
    return FALSE;
  bytes = wb_zip_writer_finish (vsav, error);
  if (bytes == NULL ||
      !_wb_vassal_add_entry (ex, file, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), FALSE, error))
    return FALSE;

  _wb_vassal_xml_open (x, 1, TRUE, "VASSAL.build.module.PredefinedSetup",
                       "file", file, "isMenu", "false", "name", title, "useFile", "true", NULL);
  return TRUE;
}
