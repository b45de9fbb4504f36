/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-setup-editor"
#include "config.h"

#include <glib/gi18n-lib.h>

#include "wb-edit.h"
#include "wb-setup-editor.h"
#include "wb-text-field.h"

/* The set-up pane. The lists are rebuilt from the model (on an idle after
 * WbGame::changed, so a row's own handler never sees its row go): a few
 * hundred rows at most, and rebuilding keeps them exactly in step with
 * undo and redo. */

struct _WbSetupEditor
{
  GtkWidget     parent_instance;

  WbGame       *game;
  WbScenario   *scenario;
  WbUndoStack  *stack;
  guint         rebuild_source;
  char         *message;
  guint         n_warnings;
  guint         n_unplaced;
  /* Set while the editor is not on screen: the lists are rebuilt when it
   * maps or when asked for their counts (a closed pane costs nothing when
   * the game opens or changes). */
  guint         stale : 1;
  guint         pick_side : 1;

  /* The template's (wb-setup-editor.ui); its child @box is bound so that
   * gtk_widget_dispose_template () unparents it. */
  GtkWidget    *box;
  GtkWidget    *status;
  GtkWidget    *summary;
  GtkWidget    *table;
  GtkWidget    *side_dropdown;
  GtkStringList *side_ids;
  GtkWidget    *unplaced;
  GtkWidget    *place_entry;
  GtkWidget    *markers;
  GtkWidget    *feature_dropdown;
  GtkStringList *feature_ids;
  GtkWidget    *marker_entry;
  GtkWidget    *boxes;
  GtkWidget    *box_entry;
  GtkWidget    *pages;
  GtkWidget    *units_button;
  GtkWidget    *markers_button;
  GtkWidget    *boxes_button;
  GtkListStore *place_names;   /* locations and boxes, for completion */
};

G_DEFINE_FINAL_TYPE (WbSetupEditor, wb_setup_editor, GTK_TYPE_WIDGET)

enum {
  PICK_MARKER,
  SHOW_PLACE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void rebuild (WbSetupEditor *self);

/* --- helpers shared with the reinforcement editor ------------------------- */

WbUnit *
wb_setup_editor_find_unit (WbGame     *game,
                           const char *text)
{
  g_autofree char *t = NULL;
  GPtrArray *units;
  WbUnit *unit;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);

  t = g_strstrip (g_strdup (text != NULL ? text : ""));
  if (*t == '\0')
    return NULL;
  if ((unit = wb_game_find_unit (game, t)) != NULL)
    return unit;
  units = wb_game_get_units (game);
  for (guint i = 0; i < units->len; i++)
    {
      WbUnit *u = g_ptr_array_index (units, i);

      if (g_ascii_strcasecmp (wb_unit_get_name (u), t) == 0 ||
          g_ascii_strcasecmp (wb_unit_get_designation (u), t) == 0 ||
          g_ascii_strcasecmp (wb_unit_get_id (u), t) == 0)
        return u;
    }
  return NULL;
}

static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        data)
{
  GdkRGBA rgba = { 0.6, 0.6, 0.6, 1 };
  const char *color = data;

  if (color != NULL)
    gdk_rgba_parse (&rgba, color);
  cairo_rectangle (cr, 0.5, 0.5, width - 1, height - 1);
  gdk_cairo_set_source_rgba (cr, &rgba);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.5);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

GtkWidget *
wb_setup_editor_side_swatch (WbGame     *game,
                             const char *side)
{
  WbSide *s = side != NULL ? wb_game_find_side (game, side) : NULL;
  GtkWidget *area = gtk_drawing_area_new ();

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), 14);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), 14);
  gtk_widget_set_valign (area, GTK_ALIGN_CENTER);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_swatch,
                                  g_strdup (s != NULL ? s->color : NULL), g_free);
  if (s != NULL)
    gtk_widget_set_tooltip_text (area, s->name != NULL ? s->name : s->id);
  return area;
}

GdkPaintable *
wb_setup_editor_unit_icon (WbGame     *game,
                           const char *id)
{
  WbUnit *unit = wb_game_find_unit (game, id);
  const int size = 48;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
  cairo_t *cr = cairo_create (surface);
  g_autoptr(GBytes) bytes = NULL;
  GdkTexture *texture;

  if (unit != NULL)
    {
      WbCounterOptions options;

      /* The counter as the map draws it, in the game's style. */
      wb_counter_options_init (&options);
      options.size = size - 2;
      cairo_translate (cr, 1, 1);
      wb_render_counter (cr, game, unit, &options);
    }
  else
    {
      cairo_rectangle (cr, 1, 1, size - 2, size - 2);
      cairo_set_source_rgb (cr, 0.75, 0.75, 0.75);
      cairo_fill (cr);
    }
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  bytes = g_bytes_new (cairo_image_surface_get_data (surface),
                       (gsize) cairo_image_surface_get_stride (surface) * size);
  texture = gdk_memory_texture_new (size, size, GDK_MEMORY_DEFAULT, bytes,
                                    (gsize) cairo_image_surface_get_stride (surface));
  cairo_surface_destroy (surface);
  return GDK_PAINTABLE (texture);
}

/* --- messages and pushing ------------------------------------------------- */

static void
show_message (WbSetupEditor *self,
              const char    *message)
{
  g_free (self->message);
  self->message = g_strdup (message);
  gtk_label_set_text (GTK_LABEL (self->status), message != NULL ? message : "");
  gtk_widget_set_visible (self->status, message != NULL);
}

gboolean
wb_setup_editor_push (WbSetupEditor  *self,
                      WbCommand      *command,
                      GError        **error)
{
  g_autoptr(WbCommand) owned = command;
  g_autoptr(GError) local = NULL;

  g_return_val_if_fail (WB_IS_SETUP_EDITOR (self), FALSE);
  g_return_val_if_fail (WB_IS_COMMAND (command), FALSE);

  if (self->game == NULL || self->stack == NULL)
    {
      g_set_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID, _("No scenario is shown"));
      return FALSE;
    }
  if (!wb_edit_push (self->game, self->stack, owned, &local))
    {
      show_message (self, local->message);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  show_message (self, NULL);
  return TRUE;
}

static gboolean
fail (WbSetupEditor  *self,
      GError         *local,
      GError        **error)
{
  show_message (self, local->message);
  g_propagate_error (error, local);
  return FALSE;
}

/* --- the model ------------------------------------------------------------ */

gboolean
wb_setup_editor_place_at_point (WbSetupEditor  *self,
                                const char     *unit,
                                double          x,
                                double          y,
                                double          radius,
                                GError        **error)
{
  WbPlace place;
  gboolean ok;

  g_return_val_if_fail (WB_IS_SETUP_EDITOR (self), FALSE);
  g_return_val_if_fail (unit != NULL, FALSE);

  if (self->scenario == NULL)
    return fail (self, g_error_new (WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                                    _("No scenario is shown")), error);
  if (!wb_scenario_place_at_point (self->game, self->scenario, x, y, radius, &place))
    return fail (self, g_error_new (WB_COMMAND_ERROR, WB_COMMAND_ERROR_OFF_MAP,
                                    _("There is no hex or location there")), error);
  ok = wb_setup_editor_push (self, wb_command_place_unit_new (self->game, self->scenario, unit,
                                                              &place), error);
  g_free (place.ref);
  return ok;
}

static gboolean
same_places (GArray *a,
             GArray *b)
{
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    {
      WbPlace *p = &g_array_index (a, WbPlace, i);
      WbPlace *q = &g_array_index (b, WbPlace, i);

      if (p->kind != q->kind || g_strcmp0 (p->ref, q->ref) != 0)
        return FALSE;
    }
  return TRUE;
}

gboolean
wb_setup_editor_set_line_places (WbSetupEditor  *self,
                                 guint           index,
                                 const char     *text,
                                 GError        **error)
{
  GPtrArray *setup;
  WbSetup *line;
  GError *local = NULL;
  gboolean ok;

  g_return_val_if_fail (WB_IS_SETUP_EDITOR (self), FALSE);

  if (self->scenario == NULL)
    return fail (self, g_error_new (WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                                    _("No scenario is shown")), error);
  setup = wb_scenario_get_setup (self->scenario);
  if (index >= setup->len)
    return fail (self, g_error_new (WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND,
                                    _("There is no set-up line %u"), index + 1), error);
  line = wb_setup_copy (g_ptr_array_index (setup, index));
  g_array_set_size (line->at, 0);
  if (!wb_scenario_parse_places (self->game, self->scenario, text, line->at, &local))
    {
      wb_setup_free (line);
      return fail (self, local, error);
    }
  /* Enter on an unchanged place is no edit (and no undo step). */
  if (same_places (line->at, ((WbSetup *) g_ptr_array_index (setup, index))->at))
    {
      wb_setup_free (line);
      show_message (self, NULL);
      return TRUE;
    }
  ok = wb_setup_editor_push (self, wb_command_edit_setup_new (self->game, self->scenario, index,
                                                              line), error);
  wb_setup_free (line);
  return ok;
}

gboolean
wb_setup_editor_add_line (WbSetupEditor  *self,
                          const char     *unit,
                          const char     *text,
                          GError        **error)
{
  WbSetup *line;
  GError *local = NULL;
  gboolean ok;

  g_return_val_if_fail (WB_IS_SETUP_EDITOR (self), FALSE);
  g_return_val_if_fail (unit != NULL, FALSE);

  if (self->scenario == NULL)
    return fail (self, g_error_new (WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                                    _("No scenario is shown")), error);
  line = wb_setup_new (unit);
  if (!wb_scenario_parse_places (self->game, self->scenario, text, line->at, &local))
    {
      wb_setup_free (line);
      return fail (self, local, error);
    }
  ok = wb_setup_editor_push (self, wb_command_add_setup_new (self->game, self->scenario, line, -1),
                             error);
  wb_setup_free (line);
  return ok;
}

static gboolean
add_marker_place (WbSetupEditor  *self,
                  const char     *feature,
                  WbPlace        *place,
                  GError        **error)
{
  WbMarker *m = wb_marker_new (feature);
  gboolean ok;

  wb_place_array_add (m->at, place->kind, place->ref);
  ok = wb_setup_editor_push (self, wb_command_add_marker_new (self->game, self->scenario, m, -1),
                             error);
  wb_marker_free (m);
  return ok;
}

gboolean
wb_setup_editor_add_marker (WbSetupEditor  *self,
                            const char     *feature,
                            const char     *text,
                            GError        **error)
{
  WbPlace place;
  GError *local = NULL;
  gboolean ok;

  g_return_val_if_fail (WB_IS_SETUP_EDITOR (self), FALSE);
  g_return_val_if_fail (feature != NULL, FALSE);

  if (self->scenario == NULL)
    return fail (self, g_error_new (WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                                    _("No scenario is shown")), error);
  if (!wb_scenario_parse_place (self->game, self->scenario, text, &place, &local))
    return fail (self, local, error);
  ok = add_marker_place (self, feature, &place, error);
  g_free (place.ref);
  return ok;
}

gboolean
wb_setup_editor_add_marker_at_point (WbSetupEditor  *self,
                                     const char     *feature,
                                     double          x,
                                     double          y,
                                     double          radius,
                                     GError        **error)
{
  WbPlace place;
  gboolean ok;

  g_return_val_if_fail (WB_IS_SETUP_EDITOR (self), FALSE);
  g_return_val_if_fail (feature != NULL, FALSE);

  if (self->scenario == NULL)
    return fail (self, g_error_new (WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                                    _("No scenario is shown")), error);
  if (!wb_scenario_place_at_point (self->game, self->scenario, x, y, radius, &place))
    return fail (self, g_error_new (WB_COMMAND_ERROR, WB_COMMAND_ERROR_OFF_MAP,
                                    _("There is no hex or location there")), error);
  ok = add_marker_place (self, feature, &place, error);
  g_free (place.ref);
  return ok;
}

/* --- option tags ---------------------------------------------------------- */

/* The tag choices of a dropdown: "Always", then "With X" and "Without X"
 * for each option of the scenario. */
GtkStringList *
wb_setup_editor_tag_model (WbScenario *scenario)
{
  GPtrArray *options = wb_scenario_get_options (scenario);
  GtkStringList *list = gtk_string_list_new (NULL);

  gtk_string_list_append (list, _("Always"));
  for (guint i = 0; i < options->len; i++)
    {
      WbOption *o = g_ptr_array_index (options, i);
      const char *name = o->name != NULL ? o->name : o->id;
      g_autofree char *with = g_strdup_printf (_("With “%s”"), name);
      g_autofree char *without = g_strdup_printf (_("Without “%s”"), name);

      gtk_string_list_append (list, with);
      gtk_string_list_append (list, without);
    }
  return list;
}

guint
wb_setup_editor_tag_position (WbScenario *scenario,
                              const char *option,
                              const char *unless)
{
  GPtrArray *options = wb_scenario_get_options (scenario);

  for (guint i = 0; i < options->len; i++)
    {
      WbOption *o = g_ptr_array_index (options, i);

      if (option != NULL && g_strcmp0 (o->id, option) == 0)
        return 1 + 2 * i;
      if (option == NULL && unless != NULL && g_strcmp0 (o->id, unless) == 0)
        return 2 + 2 * i;
    }
  return 0;
}

void
wb_setup_editor_tag_from_position (WbScenario  *scenario,
                                   guint        position,
                                   const char **option,
                                   const char **unless)
{
  GPtrArray *options = wb_scenario_get_options (scenario);

  *option = *unless = NULL;
  if (position == 0 || (position - 1) / 2 >= options->len)
    return;
  if (position % 2 == 1)
    *option = ((WbOption *) g_ptr_array_index (options, (position - 1) / 2))->id;
  else
    *unless = ((WbOption *) g_ptr_array_index (options, (position - 1) / 2))->id;
}

/* --- completion of place names ------------------------------------------------ */

/* Location and box names, offered as the designer types a place: the
 * "choosing a location" half of the place entries (hex numbers are typed). */
static void
fill_place_names (WbSetupEditor *self)
{
  WbMap *map = wb_game_find_map (self->game, wb_scenario_get_map (self->scenario));
  GPtrArray *boxes = wb_scenario_get_boxes (self->scenario);
  GtkTreeIter iter;

  gtk_list_store_clear (self->place_names);
  if (WB_IS_POINT_MAP (map))
    {
      GPtrArray *locations = wb_point_map_get_locations (WB_POINT_MAP (map));

      for (guint i = 0; i < locations->len; i++)
        {
          WbLocation *loc = g_ptr_array_index (locations, i);

          gtk_list_store_insert_with_values (self->place_names, &iter, -1,
                                             0, loc->name != NULL && *loc->name ? loc->name : loc->id,
                                             -1);
        }
    }
  for (guint i = 0; i < boxes->len; i++)
    {
      WbBox *b = g_ptr_array_index (boxes, i);

      gtk_list_store_insert_with_values (self->place_names, &iter, -1,
                                         0, b->name != NULL && *b->name ? b->name : b->id, -1);
    }
}

static void
add_completion (WbSetupEditor *self,
                GtkWidget     *entry)
{
  GtkEntryCompletion *completion;

  if (gtk_tree_model_iter_n_children (GTK_TREE_MODEL (self->place_names), NULL) == 0)
    return;
  completion = gtk_entry_completion_new ();
  gtk_entry_completion_set_model (completion, GTK_TREE_MODEL (self->place_names));
  gtk_entry_completion_set_text_column (completion, 0);
  gtk_entry_completion_set_minimum_key_length (completion, 1);
  gtk_entry_set_completion (GTK_ENTRY (entry), completion);
  g_object_unref (completion);
}

/* --- the set-up table ------------------------------------------------------ */

static guint
row_index (GtkWidget *widget)
{
  return GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (widget), "wb-line"));
}

/* A line's place and note are applied on Enter or on leaving the field
 * (wb_text_field_guard); a refusal marks the field. */
static void
place_apply (WbSetupEditor *self,
             GtkEntry      *entry)
{
  g_autoptr(GError) error = NULL;

  if (!wb_setup_editor_set_line_places (self, row_index (GTK_WIDGET (entry)),
                                        gtk_editable_get_text (GTK_EDITABLE (entry)), &error))
    wb_text_field_refuse (entry, error->message);
}

static void
note_apply (WbSetupEditor *self,
            GtkEntry      *entry)
{
  guint index = row_index (GTK_WIDGET (entry));
  GPtrArray *setup = wb_scenario_get_setup (self->scenario);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  g_autoptr(GError) error = NULL;
  WbSetup *line;

  if (index >= setup->len)
    return;
  line = wb_setup_copy (g_ptr_array_index (setup, index));
  if (g_strcmp0 (line->note != NULL ? line->note : "", text) != 0)
    {
      g_free (line->note);
      line->note = *text != '\0' ? g_strdup (text) : NULL;
      if (!wb_setup_editor_push (self, wb_command_edit_setup_new (self->game, self->scenario, index, line),
                                 &error))
        wb_text_field_refuse (entry, error->message);
    }
  wb_setup_free (line);
}

static void
on_tag_selected (GtkDropDown   *dropdown,
                 GParamSpec    *pspec,
                 WbSetupEditor *self)
{
  guint index = row_index (GTK_WIDGET (dropdown));
  GPtrArray *setup = wb_scenario_get_setup (self->scenario);
  WbSetup *line;
  const char *option, *unless;

  if (index >= setup->len || g_object_get_data (G_OBJECT (dropdown), "wb-filling"))
    return;
  line = wb_setup_copy (g_ptr_array_index (setup, index));
  wb_setup_editor_tag_from_position (self->scenario, gtk_drop_down_get_selected (dropdown), &option, &unless);
  if (line->option != option || line->unless != unless)
    {
      line->option = option;
      line->unless = unless;
      wb_setup_editor_push (self, wb_command_edit_setup_new (self->game, self->scenario, index, line),
                            NULL);
    }
  wb_setup_free (line);
}

static void
on_remove_clicked (GtkButton     *button,
                   WbSetupEditor *self)
{
  wb_setup_editor_push (self, wb_command_remove_setup_new (self->game, self->scenario,
                                                           row_index (GTK_WIDGET (button))), NULL);
}

static GdkContentProvider *
on_drag_prepare (GtkDragSource *source,
                 double         x,
                 double         y,
                 const char    *unit)
{
  return gdk_content_provider_new_typed (G_TYPE_STRING, unit);
}

static void
on_drag_begin (GtkDragSource *source,
               GdkDrag       *drag,
               WbSetupEditor *self)
{
  const char *unit = g_object_get_data (G_OBJECT (source), "wb-unit");
  g_autoptr(GdkPaintable) icon = NULL;

  if (self->game == NULL || unit == NULL)
    return;
  icon = wb_setup_editor_unit_icon (self->game, unit);
  gtk_drag_source_set_icon (source, icon, 24, 24);
}

/* Rows carry the unit id; dragging one onto the map places the unit. */
static void
add_unit_drag (WbSetupEditor *self,
               GtkWidget     *row,
               const char    *unit)
{
  GtkDragSource *source = gtk_drag_source_new ();

  gtk_drag_source_set_actions (source, GDK_ACTION_COPY | GDK_ACTION_MOVE);
  g_signal_connect_data (source, "prepare", G_CALLBACK (on_drag_prepare),
                         g_strdup (unit), (GClosureNotify) g_free, 0);
  g_object_set_data_full (G_OBJECT (source), "wb-unit", g_strdup (unit), g_free);
  g_signal_connect (source, "drag-begin", G_CALLBACK (on_drag_begin), self);
  gtk_widget_add_controller (row, GTK_EVENT_CONTROLLER (source));
}

static const char *
unit_label (WbGame     *game,
            const char *id)
{
  WbUnit *unit = wb_game_find_unit (game, id);

  return unit != NULL ? wb_unit_get_name (unit) : id;
}

static GtkWidget *
line_row (WbSetupEditor *self,
          guint          index,
          WbSetup       *line)
{
  WbUnit *unit = wb_game_find_unit (self->game, line->unit);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *name, *entry, *dropdown, *note, *remove;
  g_autoptr(GtkStringList) tags = wb_setup_editor_tag_model (self->scenario);
  g_autofree char *places = wb_scenario_format_places (self->game, self->scenario, line->at);
  g_autofree char *tip = NULL;

  gtk_widget_set_margin_start (row, 18);
  gtk_widget_set_margin_end (row, 6);
  gtk_box_append (GTK_BOX (row), wb_setup_editor_side_swatch (self->game,
                                                              unit ? wb_unit_get_side (unit) : NULL));
  name = gtk_label_new (unit_label (self->game, line->unit));
  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_width_chars (GTK_LABEL (name), 18);
  gtk_label_set_max_width_chars (GTK_LABEL (name), 18);
  gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
  tip = g_strdup_printf (_("%s (%s): drag onto the map to move it"),
                         unit_label (self->game, line->unit), line->unit);
  gtk_widget_set_tooltip_text (name, tip);
  gtk_box_append (GTK_BOX (row), name);

  entry = gtk_entry_new ();
  gtk_editable_set_text (GTK_EDITABLE (entry), places);
  gtk_editable_set_width_chars (GTK_EDITABLE (entry), 10);
  gtk_editable_set_max_width_chars (GTK_EDITABLE (entry), 10);
  gtk_widget_set_tooltip_text (entry, _("Where the unit starts: a hex number, a location or a box; "
                                        "several separated by commas are choices. Enter applies."));
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Place"), -1);
  g_object_set_data (G_OBJECT (entry), "wb-line", GUINT_TO_POINTER (index));
  gtk_widget_set_name (entry, "place");
  wb_text_field_guard (GTK_ENTRY (entry), G_CALLBACK (place_apply), self);
  add_completion (self, entry);
  gtk_box_append (GTK_BOX (row), entry);

  dropdown = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (tags)), NULL);
  g_object_set_data (G_OBJECT (dropdown), "wb-line", GUINT_TO_POINTER (index));
  g_object_set_data (G_OBJECT (dropdown), "wb-filling", GINT_TO_POINTER (1));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown),
                              wb_setup_editor_tag_position (self->scenario, line->option, line->unless));
  g_object_set_data (G_OBJECT (dropdown), "wb-filling", NULL);
  gtk_widget_set_tooltip_text (dropdown, _("Whether the line depends on an optional rule"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Option"), -1);
  gtk_widget_set_sensitive (dropdown, wb_scenario_get_options (self->scenario)->len > 0);
  g_signal_connect (dropdown, "notify::selected", G_CALLBACK (on_tag_selected), self);
  gtk_box_append (GTK_BOX (row), dropdown);

  note = gtk_entry_new ();
  gtk_editable_set_text (GTK_EDITABLE (note), line->note != NULL ? line->note : "");
  gtk_entry_set_placeholder_text (GTK_ENTRY (note), _("Note"));
  gtk_editable_set_width_chars (GTK_EDITABLE (note), 8);
  gtk_widget_set_hexpand (note, TRUE);
  gtk_widget_set_tooltip_text (note, _("A note on this line (the source, a reconstruction). "
                                       "Enter applies."));
  gtk_accessible_update_property (GTK_ACCESSIBLE (note), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Note"), -1);
  g_object_set_data (G_OBJECT (note), "wb-line", GUINT_TO_POINTER (index));
  gtk_widget_set_name (note, "note");
  wb_text_field_guard (GTK_ENTRY (note), G_CALLBACK (note_apply), self);
  gtk_box_append (GTK_BOX (row), note);

  remove = gtk_button_new_from_icon_name ("list-remove-symbolic");
  gtk_widget_add_css_class (remove, "flat");
  gtk_widget_set_tooltip_text (remove, _("Remove from the set-up"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Remove from the set-up"), -1);
  g_object_set_data (G_OBJECT (remove), "wb-line", GUINT_TO_POINTER (index));
  g_signal_connect (remove, "clicked", G_CALLBACK (on_remove_clicked), self);
  gtk_box_append (GTK_BOX (row), remove);

  add_unit_drag (self, name, line->unit);
  return row;
}

static char *
place_heading (WbSetupEditor *self,
               const WbPlace *place)
{
  g_autofree char *name = wb_scenario_format_place (self->game, self->scenario, place);
  WbMap *map = wb_game_find_map (self->game, wb_scenario_get_map (self->scenario));

  switch (place->kind)
    {
    case WB_PLACE_HEX:
      {
        WbOffset hex;
        WbTerrainType *t = NULL;

        if (WB_IS_HEX_MAP (map) && wb_hex_map_parse_hex (WB_HEX_MAP (map), place->ref, &hex))
          t = wb_game_find_terrain (self->game, wb_hex_map_get_terrain (WB_HEX_MAP (map), hex));
        if (t != NULL && t->name != NULL)
          /* Translators: a set-up group heading: "Hex 0414 · Forest" */
          return g_strdup_printf (_("Hex %s · %s"), name, t->name);
        return g_strdup_printf (_("Hex %s"), name);
      }
    case WB_PLACE_BOX:
      /* Translators: a set-up group heading for an off-map box */
      return g_strdup_printf (_("Box: %s"), name);
    case WB_PLACE_LOCATION:
    default:
      return g_steal_pointer (&name);
    }
}

static gboolean
on_heading_drop (GtkDropTarget *target,
                 const GValue  *value,
                 double         x,
                 double         y,
                 WbSetupEditor *self)
{
  GtkWidget *row = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (target));
  WbPlace place;

  if (!G_VALUE_HOLDS_STRING (value) || g_value_get_string (value) == NULL)
    return FALSE;
  place.kind = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "wb-place-kind"));
  place.ref = g_object_get_data (G_OBJECT (row), "wb-place-ref");
  return wb_setup_editor_push (self, wb_command_place_unit_new (self->game, self->scenario,
                                                                g_value_get_string (value), &place),
                               NULL);
}

static void
on_show_place (GtkButton     *button,
               WbSetupEditor *self)
{
  /* The button sits in the heading's first line, in the heading. */
  GtkWidget *row = gtk_widget_get_parent (gtk_widget_get_parent (GTK_WIDGET (button)));

  g_signal_emit (self, signals[SHOW_PLACE], 0,
                 GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "wb-place-kind")),
                 g_object_get_data (G_OBJECT (row), "wb-place-ref"));
}

static GtkWidget *
heading_row (WbSetupEditor     *self,
             const WbPlace     *place,
             GPtrArray         *problems)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  g_autofree char *text = place_heading (self, place);
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_set_margin_top (row, 6);
  gtk_widget_set_margin_start (row, 6);
  g_object_set_data (G_OBJECT (row), "wb-place-kind", GINT_TO_POINTER (place->kind));
  g_object_set_data_full (G_OBJECT (row), "wb-place-ref", g_strdup (place->ref), g_free);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  gtk_box_append (GTK_BOX (line), label);
  if (place->kind != WB_PLACE_BOX)
    {
      GtkWidget *show = gtk_button_new_from_icon_name ("find-location-symbolic");

      gtk_widget_add_css_class (show, "flat");
      gtk_widget_set_valign (show, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (show, _("Show on the map"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (show), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Show on the map"), -1);
      g_signal_connect (show, "clicked", G_CALLBACK (on_show_place), self);
      gtk_box_append (GTK_BOX (line), show);
    }
  gtk_box_append (GTK_BOX (row), line);
  /* A unit dropped on a group's heading joins it (a box, most usefully). */
  {
    GtkDropTarget *target = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_COPY | GDK_ACTION_MOVE);

    g_signal_connect (target, "drop", G_CALLBACK (on_heading_drop), self);
    gtk_widget_add_controller (row, GTK_EVENT_CONTROLLER (target));
  }
  /* Each stacking problem of the place on a line of its own. */
  for (guint i = 0; i < problems->len; i++)
    {
      WbStackingProblem *p = g_ptr_array_index (problems, i);
      GtkWidget *warning_line, *icon, *warning;

      if (p->place.kind != place->kind || g_strcmp0 (p->place.ref, place->ref) != 0)
        continue;
      warning_line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      gtk_widget_set_margin_start (warning_line, 12);
      icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");
      gtk_widget_add_css_class (icon, "warning");
      gtk_widget_set_valign (icon, GTK_ALIGN_START);
      warning = gtk_label_new (p->message);
      gtk_widget_add_css_class (warning, "warning");
      gtk_label_set_xalign (GTK_LABEL (warning), 0);
      gtk_label_set_wrap (GTK_LABEL (warning), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (warning), 50);
      gtk_box_append (GTK_BOX (warning_line), icon);
      gtk_box_append (GTK_BOX (warning_line), warning);
      gtk_box_append (GTK_BOX (row), warning_line);
    }
  return row;
}

static void
clear_list (GtkWidget *list)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (list)) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (list), child);
}

static void
append_row (GtkWidget *list,
            GtkWidget *child,
            gboolean   activatable)
{
  GtkWidget *row = gtk_list_box_row_new ();

  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), child);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), activatable);
  gtk_list_box_row_set_selectable (GTK_LIST_BOX_ROW (row), activatable);
  gtk_list_box_append (GTK_LIST_BOX (list), row);
}

static gboolean
same_place (const WbPlace *a,
            const WbPlace *b)
{
  return a->kind == b->kind && g_strcmp0 (a->ref, b->ref) == 0;
}

static void
rebuild_table (WbSetupEditor *self)
{
  GPtrArray *setup = wb_scenario_get_setup (self->scenario);
  g_autoptr(GPtrArray) problems = wb_scenario_check_stacking (self->game, self->scenario, NULL);
  g_autoptr(GArray) places = g_array_new (FALSE, FALSE, sizeof (WbPlace));
  g_autofree char *summary = NULL;

  clear_list (self->table);
  /* The places in order of first appearance, boxes after the map. */
  for (int pass = 0; pass < 2; pass++)
    for (guint i = 0; i < setup->len; i++)
      {
        WbSetup *line = g_ptr_array_index (setup, i);
        WbPlace *p;
        gboolean seen = FALSE;

        if (line->at->len == 0)
          continue;
        p = &g_array_index (line->at, WbPlace, 0);
        if ((p->kind == WB_PLACE_BOX) != (pass == 1))
          continue;
        for (guint j = 0; j < places->len && !seen; j++)
          seen = same_place (&g_array_index (places, WbPlace, j), p);
        if (!seen)
          g_array_append_val (places, *p);
      }
  /* Empty boxes too, so units can be dropped into them. */
  for (guint i = 0; i < wb_scenario_get_boxes (self->scenario)->len; i++)
    {
      WbBox *b = g_ptr_array_index (wb_scenario_get_boxes (self->scenario), i);
      WbPlace p = { WB_PLACE_BOX, (char *) b->id };
      gboolean seen = FALSE;

      for (guint j = 0; j < places->len && !seen; j++)
        seen = same_place (&g_array_index (places, WbPlace, j), &p);
      if (!seen)
        g_array_append_val (places, p);
    }
  for (guint j = 0; j < places->len; j++)
    {
      WbPlace *p = &g_array_index (places, WbPlace, j);

      append_row (self->table, heading_row (self, p, problems), FALSE);
      for (guint i = 0; i < setup->len; i++)
        {
          WbSetup *line = g_ptr_array_index (setup, i);

          if (line->at->len > 0 && same_place (&g_array_index (line->at, WbPlace, 0), p))
            append_row (self->table, line_row (self, i, line), FALSE);
        }
    }

  self->n_warnings = problems->len;
  if (problems->len > 0)
    summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                            "%u units in %u places · %u stacking warning",
                                            "%u units in %u places · %u stacking warnings",
                                            problems->len),
                               setup->len, places->len, problems->len);
  else
    summary = g_strdup_printf (_("%u units in %u places"), setup->len, places->len);
  gtk_label_set_text (GTK_LABEL (self->summary), summary);
}

/* --- units not placed ----------------------------------------------------- */

static const char *
selected_side (WbSetupEditor *self)
{
  guint pos = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->side_dropdown));

  if (self->side_ids == NULL || pos == GTK_INVALID_LIST_POSITION)
    return NULL;
  return gtk_string_list_get_string (self->side_ids, pos);
}

static gboolean
unit_is_scheduled (WbScenario *scenario,
                   const char *unit)
{
  GPtrArray *setup = wb_scenario_get_setup (scenario);
  GPtrArray *reinforcements = wb_scenario_get_reinforcements (scenario);
  const char *u = g_intern_string (unit);

  for (guint i = 0; i < setup->len; i++)
    if (((WbSetup *) g_ptr_array_index (setup, i))->unit == u)
      return TRUE;
  for (guint i = 0; i < reinforcements->len; i++)
    {
      WbReinforcement *r = g_ptr_array_index (reinforcements, i);

      for (guint j = 0; j < r->units->len; j++)
        if (g_ptr_array_index (r->units, j) == u)
          return TRUE;
    }
  return FALSE;
}

static void
rebuild_unplaced (WbSetupEditor *self)
{
  const char *side = selected_side (self);
  g_autoptr(GPtrArray) units = NULL;

  clear_list (self->unplaced);
  self->n_unplaced = 0;
  if (side == NULL)
    return;
  units = wb_game_list_units_of_side (self->game, side);
  for (guint i = 0; i < units->len; i++)
    {
      WbUnit *unit = g_ptr_array_index (units, i);
      GtkWidget *box, *label;
      g_autofree char *tip = NULL;

      if (unit_is_scheduled (self->scenario, wb_unit_get_id (unit)))
        continue;
      box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      gtk_widget_set_margin_start (box, 6);
      gtk_widget_set_margin_top (box, 3);
      gtk_widget_set_margin_bottom (box, 3);
      gtk_box_append (GTK_BOX (box), wb_setup_editor_side_swatch (self->game, side));
      label = gtk_label_new (wb_unit_get_name (unit));
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 24);
      gtk_box_append (GTK_BOX (box), label);
      tip = g_strdup_printf (_("%s: drag onto the map or a place, or select it and type a place below"),
                             wb_unit_get_name (unit));
      gtk_widget_set_tooltip_text (box, tip);
      g_object_set_data_full (G_OBJECT (box), "wb-unit", g_strdup (wb_unit_get_id (unit)), g_free);
      add_unit_drag (self, box, wb_unit_get_id (unit));
      append_row (self->unplaced, box, TRUE);
      self->n_unplaced++;
    }
  if (self->n_unplaced == 0)
    {
      GtkWidget *none = gtk_label_new (_("Every unit is placed or scheduled"));

      gtk_widget_add_css_class (none, "dim-label");
      gtk_label_set_max_width_chars (GTK_LABEL (none), 20);
      gtk_label_set_justify (GTK_LABEL (none), GTK_JUSTIFY_CENTER);
      gtk_widget_set_margin_top (none, 12);
      gtk_label_set_wrap (GTK_LABEL (none), TRUE);
      append_row (self->unplaced, none, FALSE);
    }
}

static void
on_place_selected (WbSetupEditor *self)
{
  GtkListBoxRow *row = gtk_list_box_get_selected_row (GTK_LIST_BOX (self->unplaced));
  const char *unit;

  if (row == NULL)
    {
      show_message (self, _("Select a unit in the list first"));
      return;
    }
  unit = g_object_get_data (G_OBJECT (gtk_list_box_row_get_child (row)), "wb-unit");
  if (unit != NULL &&
      wb_setup_editor_add_line (self, unit, gtk_editable_get_text (GTK_EDITABLE (self->place_entry)),
                                NULL))
    gtk_editable_set_text (GTK_EDITABLE (self->place_entry), "");
}

/* --- markers -------------------------------------------------------------- */

static void
on_marker_remove (GtkButton     *button,
                  WbSetupEditor *self)
{
  wb_setup_editor_push (self, wb_command_remove_marker_new (self->game, self->scenario,
                                                            row_index (GTK_WIDGET (button))), NULL);
}

static const char *
selected_feature (WbSetupEditor *self)
{
  guint pos = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->feature_dropdown));

  if (self->feature_ids == NULL || pos == GTK_INVALID_LIST_POSITION)
    return NULL;
  return gtk_string_list_get_string (self->feature_ids, pos);
}

static void
on_marker_add (WbSetupEditor *self)
{
  const char *feature = selected_feature (self);

  if (feature == NULL)
    {
      show_message (self, _("The game has no hex feature to mark with"));
      return;
    }
  if (wb_setup_editor_add_marker (self, feature,
                                  gtk_editable_get_text (GTK_EDITABLE (self->marker_entry)), NULL))
    gtk_editable_set_text (GTK_EDITABLE (self->marker_entry), "");
}

static void
on_marker_pick (WbSetupEditor *self)
{
  const char *feature = selected_feature (self);

  if (feature == NULL)
    {
      show_message (self, _("The game has no hex feature to mark with"));
      return;
    }
  show_message (self, _("Click the map where the marker goes"));
  g_signal_emit (self, signals[PICK_MARKER], 0, feature);
}

static void
rebuild_markers (WbSetupEditor *self)
{
  GPtrArray *markers = wb_scenario_get_markers (self->scenario);

  clear_list (self->markers);
  for (guint i = 0; i < markers->len; i++)
    {
      WbMarker *m = g_ptr_array_index (markers, i);
      WbFeatureType *f = wb_game_find_feature (self->game, m->feature);
      g_autofree char *where = wb_scenario_format_places (self->game, self->scenario, m->at);
      g_autofree char *text = g_strdup_printf ("%s · %s", f && f->name ? f->name : m->feature, where);
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *label = gtk_label_new (text);
      GtkWidget *remove = gtk_button_new_from_icon_name ("list-remove-symbolic");

      gtk_widget_set_margin_start (box, 6);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_set_hexpand (label, TRUE);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 24);
      if (m->note != NULL)
        gtk_widget_set_tooltip_text (label, m->note);
      gtk_box_append (GTK_BOX (box), label);
      gtk_widget_add_css_class (remove, "flat");
      gtk_widget_set_tooltip_text (remove, _("Remove the marker"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Remove the marker"), -1);
      g_object_set_data (G_OBJECT (remove), "wb-line", GUINT_TO_POINTER (i));
      g_signal_connect (remove, "clicked", G_CALLBACK (on_marker_remove), self);
      gtk_box_append (GTK_BOX (box), remove);
      append_row (self->markers, box, FALSE);
    }
  if (markers->len == 0)
    {
      GtkWidget *none = gtk_label_new (_("No markers"));

      gtk_widget_add_css_class (none, "dim-label");
      gtk_widget_set_margin_top (none, 6);
      append_row (self->markers, none, FALSE);
    }
}

/* --- boxes ----------------------------------------------------------------- */

static void
on_box_remove (GtkButton     *button,
               WbSetupEditor *self)
{
  const char *id = g_object_get_data (G_OBJECT (button), "wb-box");

  wb_setup_editor_push (self, wb_command_remove_box_new (self->game, self->scenario, id), NULL);
}

gboolean
wb_setup_editor_add_box (WbSetupEditor  *self,
                         const char     *name,
                         GError        **error)
{
  g_autofree char *base = NULL;
  g_autofree char *id = NULL;
  g_autofree char *trimmed = NULL;
  GPtrArray *boxes;
  gboolean taken = TRUE;

  g_return_val_if_fail (WB_IS_SETUP_EDITOR (self), FALSE);

  if (self->scenario == NULL)
    return fail (self, g_error_new (WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                                    _("No scenario is shown")), error);
  trimmed = g_strstrip (g_strdup (name != NULL ? name : ""));
  if (*trimmed == '\0')
    return fail (self, g_error_new (WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID,
                                    _("Name the box (“Off-board”, “Snyder’s Bluff”)")), error);
  /* An id from the name, unused among the scenario's boxes. */
  base = g_str_to_ascii (trimmed, NULL);
  for (char *c = base; *c != '\0'; c++)
    *c = g_ascii_isalnum (*c) ? g_ascii_tolower (*c) : '-';
  boxes = wb_scenario_get_boxes (self->scenario);
  for (guint n = 1; taken; n++)
    {
      g_free (id);
      id = n == 1 ? g_strdup (base) : g_strdup_printf ("%s-%u", base, n);
      taken = FALSE;
      for (guint i = 0; i < boxes->len && !taken; i++)
        taken = g_strcmp0 (((WbBox *) g_ptr_array_index (boxes, i))->id, id) == 0;
    }
  return wb_setup_editor_push (self, wb_command_add_box_new (self->game, self->scenario, id,
                                                             trimmed, NULL), error);
}

static void
on_box_add (WbSetupEditor *self)
{
  if (wb_setup_editor_add_box (self, gtk_editable_get_text (GTK_EDITABLE (self->box_entry)), NULL))
    gtk_editable_set_text (GTK_EDITABLE (self->box_entry), "");
}

static void
rebuild_boxes (WbSetupEditor *self)
{
  GPtrArray *boxes = wb_scenario_get_boxes (self->scenario);

  clear_list (self->boxes);
  for (guint i = 0; i < boxes->len; i++)
    {
      WbBox *b = g_ptr_array_index (boxes, i);
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *label = gtk_label_new (b->name != NULL ? b->name : b->id);
      GtkWidget *remove = gtk_button_new_from_icon_name ("list-remove-symbolic");

      gtk_widget_set_margin_start (box, 6);
      gtk_box_append (GTK_BOX (box), wb_setup_editor_side_swatch (self->game, b->side));
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_set_hexpand (label, TRUE);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 24);
      gtk_widget_set_tooltip_text (label, b->id);
      gtk_box_append (GTK_BOX (box), label);
      gtk_widget_add_css_class (remove, "flat");
      gtk_widget_set_tooltip_text (remove, _("Remove the box (only while no unit uses it)"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Remove the box"), -1);
      g_object_set_data_full (G_OBJECT (remove), "wb-box", g_strdup (b->id), g_free);
      g_signal_connect (remove, "clicked", G_CALLBACK (on_box_remove), self);
      gtk_box_append (GTK_BOX (box), remove);
      append_row (self->boxes, box, FALSE);
    }
  if (boxes->len == 0)
    {
      GtkWidget *none = gtk_label_new (_("No off-map boxes"));

      gtk_widget_add_css_class (none, "dim-label");
      gtk_widget_set_margin_top (none, 6);
      append_row (self->boxes, none, FALSE);
    }
}

/* Sides and hex features: rebuilt with the game's records, keeping the
 * chosen side. */
static void
fill_choices (WbSetupEditor *self)
{
  g_autoptr(GtkStringList) side_names = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) feature_names = gtk_string_list_new (NULL);
  const char *side = selected_side (self);
  g_autofree char *keep = g_strdup (side);
  GPtrArray *sides = wb_game_get_sides (self->game);
  GPtrArray *features = wb_game_get_features (self->game);
  guint select = 0;

  g_clear_object (&self->side_ids);
  g_clear_object (&self->feature_ids);
  self->side_ids = gtk_string_list_new (NULL);
  self->feature_ids = gtk_string_list_new (NULL);
  for (guint i = 0; i < sides->len; i++)
    {
      WbSide *s = g_ptr_array_index (sides, i);

      gtk_string_list_append (self->side_ids, s->id);
      gtk_string_list_append (side_names, s->name != NULL ? s->name : s->id);
      if (g_strcmp0 (s->id, keep) == 0)
        select = i;
    }
  for (guint i = 0; i < features->len; i++)
    {
      WbFeatureType *f = g_ptr_array_index (features, i);

      if (f->where != WB_FEATURE_HEX)
        continue;
      gtk_string_list_append (self->feature_ids, f->id);
      gtk_string_list_append (feature_names, f->name != NULL ? f->name : f->id);
    }
  g_object_set_data (G_OBJECT (self->side_dropdown), "wb-filling", GINT_TO_POINTER (1));
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->side_dropdown), G_LIST_MODEL (side_names));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->side_dropdown), select);
  g_object_set_data (G_OBJECT (self->side_dropdown), "wb-filling", NULL);
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->feature_dropdown), G_LIST_MODEL (feature_names));
}

static void pick_side_with_units (WbSetupEditor *self);

/* The lists as the scenario is now. */
static void
rebuild_now (WbSetupEditor *self)
{
  g_clear_handle_id (&self->rebuild_source, g_source_remove);
  self->stale = FALSE;
  if (self->game == NULL || self->scenario == NULL)
    {
      clear_list (self->table);
      clear_list (self->unplaced);
      clear_list (self->markers);
      clear_list (self->boxes);
      self->n_warnings = self->n_unplaced = 0;
      gtk_label_set_text (GTK_LABEL (self->summary), "");
      return;
    }
  /* The scenario was deleted (undo of its creation): show nothing. */
  if (wb_game_find_scenario (self->game, wb_scenario_get_id (self->scenario)) != self->scenario)
    {
      wb_setup_editor_set_target (self, self->game, NULL, self->stack);
      return;
    }
  fill_place_names (self);
  gtk_entry_set_completion (GTK_ENTRY (self->place_entry), NULL);
  gtk_entry_set_completion (GTK_ENTRY (self->marker_entry), NULL);
  add_completion (self, self->place_entry);
  add_completion (self, self->marker_entry);
  rebuild_table (self);
  rebuild_unplaced (self);
  rebuild_markers (self);
  rebuild_boxes (self);
  if (self->pick_side)
    pick_side_with_units (self);
}

/* Off screen, the lists wait until the editor maps or their counts are
 * asked for: a closed pane costs nothing when a game opens or changes. */
static void
rebuild (WbSetupEditor *self)
{
  g_clear_handle_id (&self->rebuild_source, g_source_remove);
  if (self->game != NULL && self->scenario != NULL && !gtk_widget_get_mapped (GTK_WIDGET (self)))
    self->stale = TRUE;
  else
    rebuild_now (self);
}

/* Another scenario: list the first side that has units left to place. */
static void
pick_side_with_units (WbSetupEditor *self)
{
  GPtrArray *sides = wb_game_get_sides (self->game);

  self->pick_side = FALSE;
  for (guint i = 0; i < sides->len && self->n_unplaced == 0; i++)
    gtk_drop_down_set_selected (GTK_DROP_DOWN (self->side_dropdown), i);
  if (self->n_unplaced == 0)
    gtk_drop_down_set_selected (GTK_DROP_DOWN (self->side_dropdown), 0);
}

static void
ensure_fresh (WbSetupEditor *self)
{
  if (self->stale)
    rebuild_now (self);
}

static void
wb_setup_editor_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (wb_setup_editor_parent_class)->map (widget);
  ensure_fresh (WB_SETUP_EDITOR (widget));
}

static gboolean
rebuild_idle (gpointer data)
{
  WbSetupEditor *self = data;

  self->rebuild_source = 0;
  rebuild (self);
  return G_SOURCE_REMOVE;
}

static void
on_game_changed (WbSetupEditor *self,
                 const char    *what)
{
  if (g_strcmp0 (what, "sides") == 0 || g_strcmp0 (what, "features") == 0)
    fill_choices (self);
  if (self->rebuild_source == 0)
    self->rebuild_source = g_idle_add (rebuild_idle, self);
}

static void
on_side_selected (WbSetupEditor *self)
{
  if (self->game != NULL && self->scenario != NULL &&
      g_object_get_data (G_OBJECT (self->side_dropdown), "wb-filling") == NULL)
    rebuild_unplaced (self);
}

void
wb_setup_editor_refresh (WbSetupEditor *self)
{
  g_return_if_fail (WB_IS_SETUP_EDITOR (self));
  rebuild (self);
}

void
wb_setup_editor_set_target (WbSetupEditor *self,
                            WbGame        *game,
                            WbScenario    *scenario,
                            WbUndoStack   *stack)
{
  gboolean new_scenario;

  g_return_if_fail (WB_IS_SETUP_EDITOR (self));
  g_return_if_fail (game == NULL || WB_IS_GAME (game));
  g_return_if_fail (scenario == NULL || WB_IS_SCENARIO (scenario));

  if (self->game != game)
    {
      if (self->game != NULL)
        g_signal_handlers_disconnect_by_data (self->game, self);
      g_set_object (&self->game, game);
      if (game != NULL)
        g_signal_connect_object (game, "changed", G_CALLBACK (on_game_changed), self,
                                 G_CONNECT_SWAPPED);
    }
  new_scenario = scenario != self->scenario;
  g_set_object (&self->scenario, scenario);
  g_set_object (&self->stack, stack);
  show_message (self, NULL);
  if (game != NULL)
    fill_choices (self);
  self->pick_side = new_scenario && game != NULL && scenario != NULL;
  rebuild (self);
}

WbScenario *
wb_setup_editor_get_scenario (WbSetupEditor *self)
{
  g_return_val_if_fail (WB_IS_SETUP_EDITOR (self), NULL);
  return self->scenario;
}

guint
wb_setup_editor_get_n_warnings (WbSetupEditor *self)
{
  g_return_val_if_fail (WB_IS_SETUP_EDITOR (self), 0);
  ensure_fresh (self);
  return self->n_warnings;
}

guint
wb_setup_editor_get_n_unplaced (WbSetupEditor *self)
{
  g_return_val_if_fail (WB_IS_SETUP_EDITOR (self), 0);
  ensure_fresh (self);
  return self->n_unplaced;
}

const char *
wb_setup_editor_get_message (WbSetupEditor *self)
{
  g_return_val_if_fail (WB_IS_SETUP_EDITOR (self), NULL);
  return self->message;
}

/* --- construction ---------------------------------------------------------- */

/* The side column's switcher: each toggle shows its page. */
static void
on_page_toggled (GtkToggleButton *button,
                 WbSetupEditor   *self)
{
  const char *page;

  if (!gtk_toggle_button_get_active (button))
    return;
  if (GTK_WIDGET (button) == self->units_button)
    page = "units";
  else if (GTK_WIDGET (button) == self->markers_button)
    page = "markers";
  else
    page = "boxes";
  gtk_stack_set_visible_child_name (GTK_STACK (self->pages), page);
}

static void
wb_setup_editor_dispose (GObject *object)
{
  WbSetupEditor *self = WB_SETUP_EDITOR (object);

  g_clear_handle_id (&self->rebuild_source, g_source_remove);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_object (&self->scenario);
  g_clear_object (&self->stack);
  g_clear_object (&self->side_ids);
  g_clear_object (&self->feature_ids);
  g_clear_object (&self->place_names);
  gtk_widget_dispose_template (GTK_WIDGET (self), WB_TYPE_SETUP_EDITOR);
  G_OBJECT_CLASS (wb_setup_editor_parent_class)->dispose (object);
}

static void
wb_setup_editor_finalize (GObject *object)
{
  WbSetupEditor *self = WB_SETUP_EDITOR (object);

  g_free (self->message);
  G_OBJECT_CLASS (wb_setup_editor_parent_class)->finalize (object);
}

static void
wb_setup_editor_class_init (WbSetupEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = wb_setup_editor_dispose;
  object_class->finalize = wb_setup_editor_finalize;
  widget_class->map = wb_setup_editor_map;

  /**
   * WbSetupEditor::pick-marker:
   * @feature: the hex feature to place
   *
   * The designer asked to place a marker by a click on the map.
   */
  signals[PICK_MARKER] =
    g_signal_new ("pick-marker", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  /**
   * WbSetupEditor::show-place:
   * @kind: a #WbPlaceKind (hex or location)
   * @ref: the printed hex number or the location id
   *
   * The designer asked to see a place of the chart on the map.
   */
  signals[SHOW_PLACE] =
    g_signal_new ("show-place", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_STRING);

  wb_edit_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/warbench/Warbench/editor/wb-setup-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, WbSetupEditor, box);
  gtk_widget_class_bind_template_child (widget_class, WbSetupEditor, status);
  gtk_widget_class_bind_template_child (widget_class, WbSetupEditor, summary);
  gtk_widget_class_bind_template_child (widget_class, WbSetupEditor, table);
  gtk_widget_class_bind_template_child (widget_class, WbSetupEditor, units_button);
  gtk_widget_class_bind_template_child (widget_class, WbSetupEditor, markers_button);
  gtk_widget_class_bind_template_child (widget_class, WbSetupEditor, boxes_button);
  gtk_widget_class_bind_template_child (widget_class, WbSetupEditor, pages);
  gtk_widget_class_bind_template_child (widget_class, WbSetupEditor, side_dropdown);
  gtk_widget_class_bind_template_child (widget_class, WbSetupEditor, unplaced);
  gtk_widget_class_bind_template_child (widget_class, WbSetupEditor, place_entry);
  gtk_widget_class_bind_template_child (widget_class, WbSetupEditor, markers);
  gtk_widget_class_bind_template_child (widget_class, WbSetupEditor, feature_dropdown);
  gtk_widget_class_bind_template_child (widget_class, WbSetupEditor, marker_entry);
  gtk_widget_class_bind_template_child (widget_class, WbSetupEditor, boxes);
  gtk_widget_class_bind_template_child (widget_class, WbSetupEditor, box_entry);
  gtk_widget_class_bind_template_callback (widget_class, on_page_toggled);
  gtk_widget_class_bind_template_callback (widget_class, on_side_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_place_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_marker_add);
  gtk_widget_class_bind_template_callback (widget_class, on_marker_pick);
  gtk_widget_class_bind_template_callback (widget_class, on_box_add);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "wbsetupeditor");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
wb_setup_editor_init (WbSetupEditor *self)
{
  self->place_names = gtk_list_store_new (1, G_TYPE_STRING);
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The entries that add (a unit's place, a marker, a box) are not
   * fields: their text is never saved otherwise, and Ctrl+Z stays the
   * game's. */
  wb_text_field_pass_undo (GTK_ENTRY (self->place_entry));
  wb_text_field_pass_undo (GTK_ENTRY (self->marker_entry));
  wb_text_field_pass_undo (GTK_ENTRY (self->box_entry));
}

GtkWidget *
wb_setup_editor_new (void)
{
  return g_object_new (WB_TYPE_SETUP_EDITOR, NULL);
}
