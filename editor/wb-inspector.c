/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-inspector"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "wb-number-field.h"
#include "wb-text-field.h"
#include "wb-inspector.h"

/* The inspector: the map editor's selection, laid out as a form.
 *
 * The form is built when the selection changes (build_*), and its values
 * are set from the model whenever the map changes (sync_*), with the
 * widgets' handlers held off meanwhile (@syncing) so that showing a value
 * never edits it. Each handler turns a user's change into one command for
 * the target the form was built for (@shown, not whatever is selected by
 * the time a focus-out arrives), pushed through the editor so the canvas
 * patches the area at once. Text is applied on Enter and on leaving the
 * field (entries through wb_text_field_guard: a refusal marks the field,
 * Ctrl+Z or Escape put back the model's text); toggles, drop-downs and
 * spin buttons at once. */

struct _WbInspector
{
  GtkWidget      parent_instance;

  WbMapEditor   *editor;
  WbMap         *map;           /* whose changed signal we follow */
  WbGame        *game;

  GtkWidget     *scroller;
  GtkWidget     *content;       /* the form: rebuilt per selection */
  GtkWidget     *error_label;

  WbSelection    shown;         /* what the form was built for */
  GHashTable    *fields;        /* field name → widget (borrowed) */
  GPtrArray     *terrain_ids;   /* the terrain drop-down's ids, in order */
  GPtrArray     *class_ids;     /* the class drop-down's ids */
  gboolean       syncing;
};

G_DEFINE_FINAL_TYPE (WbInspector, wb_inspector, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_EDITOR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void sync_form (WbInspector *self);

/* Helpers ---------------------------------------------------------------- */

static GtkWidget *
field (WbInspector *self,
       const char  *name)
{
  return self->fields != NULL ? g_hash_table_lookup (self->fields, name) : NULL;
}

static void
add_field (WbInspector *self,
           const char  *name,
           GtkWidget   *widget)
{
  g_hash_table_insert (self->fields, g_strdup (name), widget);
}

static const char *
feature_name (WbFeatureType *f)
{
  return f->name != NULL ? f->name : f->id;
}

static const char *
location_name (WbLocation *loc)
{
  return loc->name != NULL ? loc->name : loc->id;
}

static void
show_error (WbInspector *self,
            const char  *message)
{
  gtk_label_set_label (GTK_LABEL (self->error_label), message != NULL ? message : "");
  gtk_widget_set_visible (self->error_label, message != NULL);
}

static void
section_heading (GtkWidget  *box,
                 const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_add_css_class (label, "heading");
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_margin_top (label, 6);
  gtk_box_append (GTK_BOX (box), label);
}

static GtkWidget *
grid_new (void)
{
  GtkWidget *grid = gtk_grid_new ();

  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  return grid;
}

/* A row of @grid: a right-aligned label naming @widget (its mnemonic, so
 * Alt+letter reaches it and screen readers read it). */
static void
grid_row (GtkWidget  *grid,
          int         row,
          const char *text,
          GtkWidget  *widget)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (text);

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_set_valign (label, GTK_ALIGN_BASELINE);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), widget);
  gtk_widget_set_hexpand (widget, TRUE);
  gtk_grid_attach (GTK_GRID (grid), label, 0, row, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), widget, 1, row, 1, 1);
}

static void
set_check (GtkWidget *check,
           gboolean   active)
{
  if (check != NULL)
    gtk_check_button_set_active (GTK_CHECK_BUTTON (check), active);
}

static void
set_spin (GtkWidget *spin,
          double     value)
{
  if (spin != NULL && gtk_spin_button_get_value (GTK_SPIN_BUTTON (spin)) != value)
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
}

static void
set_text (GtkWidget  *entry,
          const char *text)
{
  if (entry != NULL)
    wb_text_field_set_text (GTK_ENTRY (entry), text);
}

static char *
text_view_get (GtkWidget *view)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (view));
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

static void
text_view_set (GtkWidget  *view,
               const char *text)
{
  g_autofree char *now = NULL;

  if (view == NULL)
    return;
  now = text_view_get (view);
  if (g_strcmp0 (now, text ? text : "") != 0)
    gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (view)), text ? text : "", -1);
}

static gboolean
has_id (GPtrArray  *ids,
        const char *id)
{
  for (guint i = 0; ids != NULL && i < ids->len; i++)
    if (g_strcmp0 (g_ptr_array_index (ids, i), id) == 0)
      return TRUE;
  return FALSE;
}

/* Calls @callback when the user leaves @widget (focus moves elsewhere). */
static void
on_leave (GtkWidget *widget,
          GCallback  callback,
          gpointer   data)
{
  GtkEventController *focus = gtk_event_controller_focus_new ();

  g_signal_connect_swapped (focus, "leave", callback, data);
  gtk_widget_add_controller (widget, focus);
}

static GtkWidget *
note_view_new (WbInspector *self,
               GCallback    apply)
{
  GtkWidget *frame = gtk_frame_new (NULL);
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *view = gtk_text_view_new ();

  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (view), GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_view_set_right_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (view), 4);
  gtk_text_view_set_bottom_margin (GTK_TEXT_VIEW (view), 4);
  gtk_text_view_set_accepts_tab (GTK_TEXT_VIEW (view), FALSE);
  gtk_widget_set_tooltip_text (view, _("A note for the designer; applied when you leave the field"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Note"), -1);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scroller), 72);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 200);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), view);
  gtk_frame_set_child (GTK_FRAME (frame), scroller);
  on_leave (view, apply, self);
  add_field (self, "note", view);
  return frame;
}

/* Pushes @command (taking it) over @area (width 0: the whole map); a
 * refusal is shown and the form goes back to the model's values. */
static gboolean
push (WbInspector *self,
      WbCommand   *command,
      double       x,
      double       y,
      double       w,
      double       h)
{
  g_autoptr(GError) error = NULL;

  if (!wb_map_editor_push (self->editor, command, x, y, w, h, &error))
    {
      show_error (self, error->message);
      sync_form (self);
      return FALSE;
    }
  show_error (self, NULL);
  return TRUE;
}

/* A text field's edit was refused: the field is marked with the reason
 * the inspector shows. */
static void
refuse_text (WbInspector *self,
             GtkWidget   *entry)
{
  wb_text_field_refuse (GTK_ENTRY (entry), gtk_label_get_label (GTK_LABEL (self->error_label)));
}

static void
hex_area (WbInspector *self,
          WbOffset     hex,
          double      *x,
          double      *y,
          double      *w,
          double      *h)
{
  WbHexMap *map = WB_HEX_MAP (self->map);
  double size = wb_hex_map_get_hex_size (map);
  double cx, cy;

  wb_hex_center (wb_hex_map_get_layout (map), size, hex, &cx, &cy);
  /* The hex and its neighbours' edges: hexside strokes reach over. */
  *x = cx - 2 * size;
  *y = cy - 2 * size;
  *w = *h = 4 * size;
}

static gboolean
shown_is (WbInspector     *self,
          WbSelectionKind  kind)
{
  return self->shown.kind == kind && self->map != NULL && self->game != NULL;
}

/* Hexes ------------------------------------------------------------------- */

static void
terrain_changed (WbInspector *self)
{
  GtkWidget *dropdown = field (self, "terrain");
  WbTerrainType *t;
  double x, y, w, h;
  guint i;

  if (self->syncing || dropdown == NULL || !shown_is (self, WB_SELECTION_HEX))
    return;
  i = gtk_drop_down_get_selected (GTK_DROP_DOWN (dropdown));
  if (i >= self->terrain_ids->len)
    return;
  t = wb_game_find_terrain (self->game, g_ptr_array_index (self->terrain_ids, i));
  if (t == NULL || wb_hex_map_get_terrain (WB_HEX_MAP (self->map), self->shown.hex) == t->id)
    return;
  hex_area (self, self->shown.hex, &x, &y, &w, &h);
  push (self, wb_command_paint_terrain_new (WB_HEX_MAP (self->map), &self->shown.hex, 1,
                                            t->id, t->name),
        x, y, w, h);
}

static void
elevation_changed (WbInspector *self)
{
  GtkWidget *spin = field (self, "elevation");
  double x, y, w, h;
  int level;

  if (self->syncing || spin == NULL || !shown_is (self, WB_SELECTION_HEX))
    return;
  level = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (spin));
  if (wb_hex_map_get_elevation (WB_HEX_MAP (self->map), self->shown.hex) == level)
    return;
  hex_area (self, self->shown.hex, &x, &y, &w, &h);
  push (self, wb_command_set_elevation_new (WB_HEX_MAP (self->map), &self->shown.hex, 1, level),
        x, y, w, h);
}

static void
label_apply (WbInspector *self)
{
  GtkWidget *entry = field (self, "label");
  g_autofree char *text = NULL;
  const char *now;
  double x, y, w, h;

  if (self->syncing || entry == NULL || !shown_is (self, WB_SELECTION_HEX))
    return;
  text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));
  now = wb_hex_map_get_label (WB_HEX_MAP (self->map), self->shown.hex);
  if (g_strcmp0 (now != NULL ? now : "", text) == 0)
    {
      set_text (entry, now);
      return;
    }
  hex_area (self, self->shown.hex, &x, &y, &w, &h);
  if (!push (self, wb_command_set_label_new (WB_HEX_MAP (self->map), self->shown.hex, text),
             x, y, w, h))
    refuse_text (self, entry);
}

static void
hex_feature_toggled (WbInspector    *self,
                     GtkCheckButton *check)
{
  const char *id = g_object_get_data (G_OBJECT (check), "wb-feature");
  gboolean active = gtk_check_button_get_active (check);
  double x, y, w, h;

  if (self->syncing || !shown_is (self, WB_SELECTION_HEX) ||
      wb_hex_map_has_hex_feature (WB_HEX_MAP (self->map), self->shown.hex, id) == active)
    return;
  hex_area (self, self->shown.hex, &x, &y, &w, &h);
  push (self, wb_command_set_hex_feature_new (self->game, WB_HEX_MAP (self->map),
                                              self->shown.hex, id, active),
        x, y, w, h);
}

static void
hexside_feature_toggled (WbInspector    *self,
                         GtkCheckButton *check)
{
  const char *id = g_object_get_data (G_OBJECT (check), "wb-feature");
  gboolean active = gtk_check_button_get_active (check);
  double x, y, w, h;

  if (self->syncing || !shown_is (self, WB_SELECTION_HEXSIDE) ||
      wb_hex_map_has_side_feature (WB_HEX_MAP (self->map), self->shown.hex, self->shown.dir, id) == active)
    return;
  hex_area (self, self->shown.hex, &x, &y, &w, &h);
  wb_undo_stack_seal (wb_map_editor_get_stack (self->editor));
  push (self, wb_command_set_hexside_feature_new (WB_HEX_MAP (self->map), self->shown.hex,
                                                  self->shown.dir, id, active),
        x, y, w, h);
  wb_undo_stack_seal (wb_map_editor_get_stack (self->editor));
}

/* Check buttons for the game's features that apply @where, each bound to
 * @toggled; a dim line when there are none. */
static void
feature_checks (WbInspector    *self,
                GtkWidget      *box,
                WbFeatureWhere  where,
                GCallback       toggled,
                const char     *none)
{
  GPtrArray *features = wb_game_get_features (self->game);
  GtkWidget *flow = gtk_flow_box_new ();
  guint n = 0;

  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 2);
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (flow), 1);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (flow), TRUE);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (flow), 6);
  for (guint i = 0; i < features->len; i++)
    {
      WbFeatureType *f = g_ptr_array_index (features, i);
      g_autofree char *key = NULL;
      GtkWidget *check;

      if (f->where != where)
        continue;
      check = gtk_check_button_new_with_label (feature_name (f));
      g_object_set_data (G_OBJECT (check), "wb-feature", (gpointer) f->id);
      if (f->note != NULL)
        gtk_widget_set_tooltip_text (check, f->note);
      g_signal_connect_swapped (check, "toggled", toggled, self);
      gtk_flow_box_append (GTK_FLOW_BOX (flow), check);
      /* The flow box's child must not take the focus from the check. */
      gtk_widget_set_focusable (gtk_widget_get_parent (check), FALSE);
      key = g_strconcat ("feature:", f->id, NULL);
      add_field (self, key, check);
      n++;
    }
  if (n == 0)
    {
      GtkWidget *label = gtk_label_new (none);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_box_append (GTK_BOX (box), label);
      g_object_ref_sink (flow);
      g_object_unref (flow);
      return;
    }
  gtk_box_append (GTK_BOX (box), flow);
}

/* The terrain drop-down's items: a swatch of the terrain's colour and its
 * name. The item's position is the terrain's index. */
static void
draw_terrain_swatch (GtkDrawingArea *area,
                     cairo_t        *cr,
                     int             width,
                     int             height,
                     gpointer        data)
{
  const char *color = g_object_get_data (G_OBJECT (area), "wb-color");
  double r = 0.5, g = 0.5, b = 0.5;

  wb_color_parse (color, &r, &g, &b);
  cairo_rectangle (cr, 0.5, 0.5, width - 1, height - 1);
  cairo_set_source_rgb (cr, r, g, b);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.35);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

static void
terrain_item_setup (GtkSignalListItemFactory *factory,
                    GtkListItem              *item,
                    gpointer                  data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *swatch = gtk_drawing_area_new ();
  GtkWidget *label = gtk_label_new (NULL);

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), 14);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), 14);
  gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_terrain_swatch, NULL, NULL);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_box_append (GTK_BOX (box), swatch);
  gtk_box_append (GTK_BOX (box), label);
  gtk_list_item_set_child (item, box);
}

static void
terrain_item_bind (GtkSignalListItemFactory *factory,
                   GtkListItem              *item,
                   WbInspector              *self)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *swatch = gtk_widget_get_first_child (box);
  GtkWidget *label = gtk_widget_get_next_sibling (swatch);
  GtkStringObject *name = gtk_list_item_get_item (item);
  guint i = gtk_list_item_get_position (item);
  WbTerrainType *t = self->game != NULL && i < self->terrain_ids->len
                     ? wb_game_find_terrain (self->game, g_ptr_array_index (self->terrain_ids, i))
                     : NULL;

  g_object_set_data_full (G_OBJECT (swatch), "wb-color",
                          g_strdup (t != NULL ? t->color : NULL), g_free);
  gtk_widget_queue_draw (swatch);
  gtk_label_set_label (GTK_LABEL (label), gtk_string_object_get_string (name));
}

static void
build_hex (WbInspector *self,
           GtkWidget   *box)
{
  GtkListItemFactory *factory;
  GPtrArray *terrain = wb_game_get_terrain (self->game);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  GtkWidget *grid = grid_new ();
  GtkWidget *dropdown, *spin, *entry, *marks;

  g_ptr_array_set_size (self->terrain_ids, 0);
  for (guint i = 0; i < terrain->len; i++)
    {
      WbTerrainType *t = g_ptr_array_index (terrain, i);

      gtk_string_list_append (names, t->name != NULL ? t->name : t->id);
      g_ptr_array_add (self->terrain_ids, (gpointer) t->id);
    }
  dropdown = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&names)), NULL);
  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (terrain_item_setup), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (terrain_item_bind), self);
  gtk_drop_down_set_factory (GTK_DROP_DOWN (dropdown), factory);
  g_object_unref (factory);
  gtk_widget_set_tooltip_text (dropdown, _("The hex’s terrain"));
  g_signal_connect_swapped (dropdown, "notify::selected", G_CALLBACK (terrain_changed), self);
  grid_row (grid, 0, _("_Terrain"), dropdown);
  add_field (self, "terrain", dropdown);

  spin = gtk_spin_button_new_with_range (0, 9, 1);
  wb_number_field_guard (GTK_SPIN_BUTTON (spin));
  gtk_widget_set_tooltip_text (spin, _("The hex’s elevation level, 0 to 9"));
  gtk_widget_set_halign (spin, GTK_ALIGN_START);
  g_signal_connect_swapped (spin, "value-changed", G_CALLBACK (elevation_changed), self);
  grid_row (grid, 1, _("_Elevation"), spin);
  add_field (self, "elevation", spin);

  entry = gtk_entry_new ();
  gtk_widget_set_tooltip_text (entry, _("Text printed in the hex (a town, a hill); Enter applies it"));
  wb_text_field_guard (GTK_ENTRY (entry), G_CALLBACK (label_apply), self);
  grid_row (grid, 2, _("_Label"), entry);
  add_field (self, "label", entry);
  gtk_box_append (GTK_BOX (box), grid);

  section_heading (box, _("Features"));
  feature_checks (self, box, WB_FEATURE_HEX, G_CALLBACK (hex_feature_toggled),
                  _("This game has no hex features"));

  section_heading (box, _("Map Marks"));
  marks = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (marks), 0);
  gtk_label_set_wrap (GTK_LABEL (marks), TRUE);
  gtk_label_set_selectable (GTK_LABEL (marks), FALSE);
  gtk_box_append (GTK_BOX (box), marks);
  add_field (self, "marks", marks);
}

static const char *
mark_kind_name (const char *kind)
{
  if (g_strcmp0 (kind, "objective") == 0)
    return _("Objective");
  if (g_strcmp0 (kind, "entry") == 0)
    return _("Entry");
  if (g_strcmp0 (kind, "supply") == 0)
    return _("Supply");
  if (g_strcmp0 (kind, "setup") == 0)
    return _("Set-up area");
  if (g_strcmp0 (kind, "trench") == 0)
    return _("Trench line");
  if (g_strcmp0 (kind, "place") == 0)
    return _("Place");
  return kind != NULL ? kind : "";
}

static void
sync_hex (WbInspector *self)
{
  WbHexMap *map = WB_HEX_MAP (self->map);
  WbOffset hex = self->shown.hex;
  const char *terrain = wb_hex_map_get_terrain (map, hex);
  GPtrArray *marks = wb_hex_map_get_marks (map);
  g_autoptr(GString) text = g_string_new (NULL);
  GHashTableIter iter;
  gpointer key, value;
  char number[32];
  g_autofree char *title = NULL;

  wb_hex_map_format_hex (map, hex, number, sizeof number);
  /* Translators: the inspector's title for a hex; %s is its number */
  title = g_strdup_printf (_("Hex %s"), number);
  gtk_label_set_label (GTK_LABEL (field (self, "title")), title);

  for (guint i = 0; i < self->terrain_ids->len; i++)
    if (g_ptr_array_index (self->terrain_ids, i) == terrain)
      gtk_drop_down_set_selected (GTK_DROP_DOWN (field (self, "terrain")), i);
  set_spin (field (self, "elevation"), wb_hex_map_get_elevation (map, hex));
  set_text (field (self, "label"), wb_hex_map_get_label (map, hex));

  g_hash_table_iter_init (&iter, self->fields);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (g_str_has_prefix (key, "feature:"))
      set_check (value, wb_hex_map_has_hex_feature (map, hex, (const char *) key + strlen ("feature:")));

  for (guint i = 0; i < marks->len; i++)
    {
      WbMapMark *mark = g_ptr_array_index (marks, i);

      for (guint j = 0; mark->hexes != NULL && j < mark->hexes->len; j++)
        if (wb_offset_equal (g_array_index (mark->hexes, WbOffset, j), hex))
          {
            WbSide *side = mark->side != NULL ? wb_game_find_side (self->game, mark->side) : NULL;

            if (text->len > 0)
              g_string_append_c (text, '\n');
            /* Translators: a map mark's kind and name, "Objective: Chickasaw Bluffs" */
            g_string_append_printf (text, _("%s: %s"), mark_kind_name (mark->kind),
                                    mark->name != NULL ? mark->name : mark->id);
            if (side != NULL)
              g_string_append_printf (text, " (%s)", side->name != NULL ? side->name : side->id);
            if (mark->vp != 0)
              /* Translators: victory points of a map mark */
              g_string_append_printf (text, _(", %d VP"), mark->vp);
            break;
          }
    }
  if (text->len == 0)
    g_string_assign (text, _("None"));
  gtk_label_set_label (GTK_LABEL (field (self, "marks")), text->str);
}

/* Hexsides ---------------------------------------------------------------- */

static void
build_hexside (WbInspector *self,
               GtkWidget   *box)
{
  section_heading (box, _("Features"));
  feature_checks (self, box, WB_FEATURE_HEXSIDE, G_CALLBACK (hexside_feature_toggled),
                  _("This game has no hexside features"));
}

static void
sync_hexside (WbInspector *self)
{
  WbHexMap *map = WB_HEX_MAP (self->map);
  WbOffset other = wb_hex_neighbour (wb_hex_map_get_layout (map), self->shown.hex, self->shown.dir);
  char a[32], b[32];
  g_autofree char *title = NULL;
  GHashTableIter iter;
  gpointer key, value;

  wb_hex_map_format_hex (map, self->shown.hex, a, sizeof a);
  wb_hex_map_format_hex (map, other, b, sizeof b);
  if (wb_hex_map_contains (map, other))
    /* Translators: the inspector's title for a hexside between two hexes */
    title = g_strdup_printf (_("Hexside %s – %s"), a, b);
  else
    /* Translators: the inspector's title for a hexside on the map's edge */
    title = g_strdup_printf (_("Hexside of %s (map edge)"), a);
  gtk_label_set_label (GTK_LABEL (field (self, "title")), title);

  g_hash_table_iter_init (&iter, self->fields);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (g_str_has_prefix (key, "feature:"))
      set_check (value, wb_hex_map_has_side_feature (map, self->shown.hex, self->shown.dir,
                                                     (const char *) key + strlen ("feature:")));
}

/* Locations --------------------------------------------------------------- */

static WbLocation *
shown_location (WbInspector *self)
{
  if (!shown_is (self, WB_SELECTION_LOCATION))
    return NULL;
  return wb_point_map_find_location (WB_POINT_MAP (self->map), self->shown.location);
}

static gboolean
push_location (WbInspector     *self,
               WbLocationField  fields,
               WbLocationAttrs *attrs)
{
  return push (self, wb_command_set_location_new (self->game, WB_POINT_MAP (self->map),
                                           self->shown.location, fields, attrs),
        0, 0, 0, 0);
}

static void
name_apply (WbInspector *self)
{
  WbLocation *loc = shown_location (self);
  GtkWidget *entry = field (self, "name");
  g_autofree char *name = NULL;

  if (self->syncing || loc == NULL || entry == NULL)
    return;
  name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));
  if (g_strcmp0 (name, location_name (loc)) == 0)
    {
      set_text (entry, location_name (loc));
      return;
    }
  if (!wb_map_editor_rename_location (self->editor, loc->id, name))
    {
      show_error (self, wb_map_editor_get_status (self->editor));
      sync_form (self);
      refuse_text (self, entry);
      return;
    }
  show_error (self, NULL);
}

static void
location_toggled (WbInspector    *self,
                  GtkCheckButton *check)
{
  WbLocation *loc = shown_location (self);
  g_autoptr(WbLocationAttrs) attrs = NULL;
  gboolean active = gtk_check_button_get_active (check);
  const char *side = g_object_get_data (G_OBJECT (check), "wb-side");
  WbLocationField what = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (check), "wb-field"));
  GPtrArray *sides;

  if (self->syncing || loc == NULL)
    return;
  attrs = wb_location_attrs_new_from (loc);
  switch (what)
    {
    case WB_LOCATION_FIELD_MAJOR:
      if (attrs->major == active)
        return;
      attrs->major = active;
      break;
    case WB_LOCATION_FIELD_PORT:
      if (attrs->port == active)
        return;
      attrs->port = active;
      break;
    case WB_LOCATION_FIELD_SUPPLY:
    case WB_LOCATION_FIELD_REPLACEMENT:
      sides = what == WB_LOCATION_FIELD_SUPPLY ? attrs->supply : attrs->replacement;
      if (has_id (sides, side) == active)
        return;
      if (active)
        g_ptr_array_add (sides, g_strdup (side));
      else
        for (guint i = 0; i < sides->len; i++)
          if (g_strcmp0 (g_ptr_array_index (sides, i), side) == 0)
            {
              g_ptr_array_remove_index (sides, i);
              break;
            }
      break;
    case WB_LOCATION_FIELD_FORTRESS:
    case WB_LOCATION_FIELD_VP:
    case WB_LOCATION_FIELD_TAGS:
    case WB_LOCATION_FIELD_NOTE:
    case WB_LOCATION_FIELD_LABEL_OFFSET:
    default:
      g_return_if_reached ();
    }
  push_location (self, what, attrs);
}

static void
location_spin_changed (WbInspector   *self,
                       GtkSpinButton *spin)
{
  WbLocation *loc = shown_location (self);
  g_autoptr(WbLocationAttrs) attrs = NULL;
  WbLocationField what = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (spin), "wb-field"));
  int value = gtk_spin_button_get_value_as_int (spin);

  if (self->syncing || loc == NULL)
    return;
  attrs = wb_location_attrs_new_from (loc);
  if (what == WB_LOCATION_FIELD_FORTRESS)
    {
      if (attrs->fortress == value)
        return;
      attrs->fortress = value;
    }
  else if (what == WB_LOCATION_FIELD_VP)
    {
      if (attrs->vp == value)
        return;
      attrs->vp = value;
    }
  else
    {
      gboolean x = g_object_get_data (G_OBJECT (spin), "wb-axis") != NULL;
      double *offset = x ? &attrs->label_dx : &attrs->label_dy;

      if (*offset == value)
        return;
      *offset = value;
    }
  push_location (self, what, attrs);
}

static char *
join_ids (GPtrArray *ids)
{
  g_autoptr(GString) s = g_string_new (NULL);

  for (guint i = 0; ids != NULL && i < ids->len; i++)
    {
      if (i > 0)
        g_string_append (s, ", ");
      g_string_append (s, g_ptr_array_index (ids, i));
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static void
tags_apply (WbInspector *self)
{
  WbLocation *loc = shown_location (self);
  GtkWidget *entry = field (self, "tags");
  g_autoptr(WbLocationAttrs) attrs = NULL;
  g_auto(GStrv) parts = NULL;
  g_autofree char *now = NULL;

  if (self->syncing || loc == NULL || entry == NULL)
    return;
  attrs = wb_location_attrs_new_from (loc);
  g_ptr_array_set_size (attrs->tags, 0);
  parts = g_strsplit (gtk_editable_get_text (GTK_EDITABLE (entry)), ",", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      char *tag = g_strstrip (parts[i]);

      if (*tag != '\0' && !has_id (attrs->tags, tag))
        g_ptr_array_add (attrs->tags, g_strdup (tag));
    }
  {
    g_autofree char *wanted = join_ids (attrs->tags);

    now = join_ids (loc->tags);
    if (g_str_equal (wanted, now))
      {
        /* Tidy what was typed ("a,b ,"), nothing to change. */
        set_text (entry, now);
        return;
      }
  }
  if (!push_location (self, WB_LOCATION_FIELD_TAGS, attrs))
    refuse_text (self, entry);
}

static void
location_note_apply (WbInspector *self)
{
  WbLocation *loc = shown_location (self);
  GtkWidget *view = field (self, "note");
  g_autoptr(WbLocationAttrs) attrs = NULL;
  g_autofree char *text = NULL;

  if (self->syncing || loc == NULL || view == NULL)
    return;
  text = g_strstrip (text_view_get (view));
  if (g_strcmp0 (text, loc->note != NULL ? loc->note : "") == 0)
    return;
  attrs = wb_location_attrs_new_from (loc);
  g_free (attrs->note);
  attrs->note = g_steal_pointer (&text);
  push_location (self, WB_LOCATION_FIELD_NOTE, attrs);
}

static GtkWidget *
location_check (WbInspector     *self,
                const char      *label,
                const char      *tooltip,
                WbLocationField  what,
                const char      *side)
{
  GtkWidget *check = label != NULL ? gtk_check_button_new_with_mnemonic (label)
                                   : gtk_check_button_new ();

  gtk_widget_set_tooltip_text (check, tooltip);
  g_object_set_data (G_OBJECT (check), "wb-field", GUINT_TO_POINTER (what));
  g_object_set_data (G_OBJECT (check), "wb-side", (gpointer) side);
  g_signal_connect_swapped (check, "toggled", G_CALLBACK (location_toggled), self);
  return check;
}

static GtkWidget *
location_spin (WbInspector     *self,
               int              lo,
               int              hi,
               const char      *tooltip,
               WbLocationField  what)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (lo, hi, 1);
  wb_number_field_guard (GTK_SPIN_BUTTON (spin));

  gtk_widget_set_tooltip_text (spin, tooltip);
  gtk_widget_set_halign (spin, GTK_ALIGN_START);
  gtk_editable_set_width_chars (GTK_EDITABLE (spin), 6);
  g_object_set_data (G_OBJECT (spin), "wb-field", GUINT_TO_POINTER (what));
  g_signal_connect_swapped (spin, "value-changed", G_CALLBACK (location_spin_changed), self);
  return spin;
}

static void
build_location (WbInspector *self,
                GtkWidget   *box)
{
  GPtrArray *sides = wb_game_get_sides (self->game);
  GtkWidget *grid = grid_new ();
  GtkWidget *sides_grid = grid_new ();
  GtkWidget *entry, *check, *spin, *heading;
  int row = 0;

  entry = gtk_entry_new ();
  gtk_widget_set_tooltip_text (entry, _("The location’s name; Enter applies it"));
  wb_text_field_guard (GTK_ENTRY (entry), G_CALLBACK (name_apply), self);
  grid_row (grid, row++, _("_Name"), entry);
  add_field (self, "name", entry);

  spin = location_spin (self, 0, WB_LOCATION_MAX_FORTRESS,
                        _("How many units the fortress holds; 0 for none"), WB_LOCATION_FIELD_FORTRESS);
  grid_row (grid, row++, _("_Fortress"), spin);
  add_field (self, "fortress", spin);
  spin = location_spin (self, -WB_LOCATION_MAX_VP, WB_LOCATION_MAX_VP,
                        _("Victory points for holding it"), WB_LOCATION_FIELD_VP);
  grid_row (grid, row++, _("_Victory points"), spin);
  add_field (self, "vp", spin);

  check = location_check (self, _("_Major town"), _("A major town (a larger marker); otherwise minor"),
                          WB_LOCATION_FIELD_MAJOR, NULL);
  gtk_grid_attach (GTK_GRID (grid), check, 1, row++, 1, 1);
  add_field (self, "major", check);
  check = location_check (self, _("_Port"), _("Ships can reach it"), WB_LOCATION_FIELD_PORT, NULL);
  gtk_grid_attach (GTK_GRID (grid), check, 1, row++, 1, 1);
  add_field (self, "port", check);

  /* The label's offset from the marker, for the keyboard (the Move
   * Location tool drags it). */
  spin = location_spin (self, (int) -WB_LOCATION_MAX_LABEL_OFFSET, (int) WB_LOCATION_MAX_LABEL_OFFSET,
                        _("How far right of the marker the name is centred, in points; 0 and 0 put it under the marker"),
                        WB_LOCATION_FIELD_LABEL_OFFSET);
  g_object_set_data (G_OBJECT (spin), "wb-axis", GINT_TO_POINTER (1));
  grid_row (grid, row++, _("Label _right"), spin);
  add_field (self, "label-dx", spin);
  spin = location_spin (self, (int) -WB_LOCATION_MAX_LABEL_OFFSET, (int) WB_LOCATION_MAX_LABEL_OFFSET,
                        _("How far below the marker the name is centred, in points; 0 and 0 put it under the marker"),
                        WB_LOCATION_FIELD_LABEL_OFFSET);
  grid_row (grid, row++, _("Label _down"), spin);
  add_field (self, "label-dy", spin);

  entry = gtk_entry_new ();
  gtk_widget_set_tooltip_text (entry, _("Region tags, separated by commas (“valley, north-of-vp-line”); Enter applies them"));
  wb_text_field_guard (GTK_ENTRY (entry), G_CALLBACK (tags_apply), self);
  grid_row (grid, row++, _("_Regions"), entry);
  add_field (self, "tags", entry);
  gtk_box_append (GTK_BOX (box), grid);

  /* Supply and replacements: a side per row, a column each. */
  section_heading (box, _("Sides"));
  if (sides->len > 0)
    {
      heading = gtk_label_new (_("Supply"));
      gtk_widget_add_css_class (heading, "dim-label");
      gtk_grid_attach (GTK_GRID (sides_grid), heading, 1, 0, 1, 1);
      heading = gtk_label_new (_("Replacements"));
      gtk_widget_add_css_class (heading, "dim-label");
      gtk_grid_attach (GTK_GRID (sides_grid), heading, 2, 0, 1, 1);
    }
  for (guint i = 0; i < sides->len; i++)
    {
      WbSide *side = g_ptr_array_index (sides, i);
      const char *name = side->name != NULL ? side->name : side->id;
      GtkWidget *label = gtk_label_new (name);
      g_autofree char *supply_key = g_strconcat ("supply:", side->id, NULL);
      g_autofree char *replacement_key = g_strconcat ("replacement:", side->id, NULL);
      /* Translators: a tooltip; %s is a side */
      g_autofree char *supply_tip = g_strdup_printf (_("A supply source for %s"), name);
      /* Translators: a tooltip; %s is a side */
      g_autofree char *replacement_tip = g_strdup_printf (_("Where %s receives replacements"), name);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_set_hexpand (label, TRUE);
      gtk_grid_attach (GTK_GRID (sides_grid), label, 0, (int) i + 1, 1, 1);

      check = location_check (self, NULL, supply_tip, WB_LOCATION_FIELD_SUPPLY, side->id);
      gtk_widget_set_halign (check, GTK_ALIGN_CENTER);
      gtk_accessible_update_property (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      supply_tip, -1);
      gtk_grid_attach (GTK_GRID (sides_grid), check, 1, (int) i + 1, 1, 1);
      add_field (self, supply_key, check);

      check = location_check (self, NULL, replacement_tip, WB_LOCATION_FIELD_REPLACEMENT, side->id);
      gtk_widget_set_halign (check, GTK_ALIGN_CENTER);
      gtk_accessible_update_property (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      replacement_tip, -1);
      gtk_grid_attach (GTK_GRID (sides_grid), check, 2, (int) i + 1, 1, 1);
      add_field (self, replacement_key, check);
    }
  gtk_box_append (GTK_BOX (box), sides_grid);

  section_heading (box, _("Note"));
  gtk_box_append (GTK_BOX (box), note_view_new (self, G_CALLBACK (location_note_apply)));
}

static void
sync_location (WbInspector *self)
{
  WbLocation *loc = shown_location (self);
  GPtrArray *sides = wb_game_get_sides (self->game);
  g_autofree char *tags = NULL;

  if (loc == NULL)
    return;
  gtk_label_set_label (GTK_LABEL (field (self, "title")), location_name (loc));
  set_text (field (self, "name"), location_name (loc));
  set_check (field (self, "major"), loc->major);
  set_check (field (self, "port"), loc->port);
  set_spin (field (self, "fortress"), loc->fortress);
  set_spin (field (self, "vp"), loc->vp);
  set_spin (field (self, "label-dx"), loc->label_dx);
  set_spin (field (self, "label-dy"), loc->label_dy);
  tags = join_ids (loc->tags);
  set_text (field (self, "tags"), tags);
  text_view_set (field (self, "note"), loc->note);
  for (guint i = 0; i < sides->len; i++)
    {
      WbSide *side = g_ptr_array_index (sides, i);
      g_autofree char *supply_key = g_strconcat ("supply:", side->id, NULL);
      g_autofree char *replacement_key = g_strconcat ("replacement:", side->id, NULL);

      set_check (field (self, supply_key), has_id (loc->supply, side->id));
      set_check (field (self, replacement_key), has_id (loc->replacement, side->id));
    }
}

/* Connections ------------------------------------------------------------- */

static WbConnection *
shown_connection (WbInspector *self)
{
  GPtrArray *connections;
  WbConnection *c;

  if (!shown_is (self, WB_SELECTION_CONNECTION))
    return NULL;
  connections = wb_point_map_get_connections (WB_POINT_MAP (self->map));
  if (self->shown.connection >= connections->len)
    return NULL;
  c = g_ptr_array_index (connections, self->shown.connection);
  return c->a == self->shown.a && c->b == self->shown.b ? c : NULL;
}

/* Pushes the connection as the form shows it. */
static void
connection_apply (WbInspector *self)
{
  WbConnection *c = shown_connection (self);
  GtkWidget *dropdown = field (self, "class");
  GtkWidget *view = field (self, "note");
  g_autoptr(GPtrArray) crossings = g_ptr_array_new ();
  GPtrArray *features = wb_game_get_features (self->game);
  g_autofree char *note = NULL;
  const char *klass;
  guint i;
  gboolean same;

  if (self->syncing || c == NULL || dropdown == NULL)
    return;
  i = gtk_drop_down_get_selected (GTK_DROP_DOWN (dropdown));
  klass = i < self->class_ids->len ? g_ptr_array_index (self->class_ids, i) : c->klass;
  /* In the game's order, so toggling one on and off is exact. */
  for (guint k = 0; k < features->len; k++)
    {
      WbFeatureType *f = g_ptr_array_index (features, k);
      g_autofree char *key = g_strconcat ("feature:", f->id, NULL);
      GtkWidget *check = field (self, key);

      if (f->where == WB_FEATURE_CROSSING && check != NULL &&
          gtk_check_button_get_active (GTK_CHECK_BUTTON (check)))
        g_ptr_array_add (crossings, (gpointer) f->id);
    }
  /* Crossings the game does not list (kept as they are). */
  for (guint k = 0; k < c->crossings->len; k++)
    {
      const char *id = g_ptr_array_index (c->crossings, k);
      WbFeatureType *f = wb_game_find_feature (self->game, id);

      if (f == NULL || f->where != WB_FEATURE_CROSSING)
        g_ptr_array_add (crossings, (gpointer) id);
    }
  note = view != NULL ? g_strstrip (text_view_get (view)) : g_strdup (c->note);

  same = klass == c->klass && g_strcmp0 (note, c->note != NULL ? c->note : "") == 0 &&
         crossings->len == c->crossings->len;
  for (guint k = 0; same && k < crossings->len; k++)
    same = has_id (c->crossings, g_ptr_array_index (crossings, k));
  if (same)
    return;
  /* Keep the file's order when only the note changed. */
  if (crossings->len == c->crossings->len)
    {
      gboolean all = TRUE;

      for (guint k = 0; all && k < crossings->len; k++)
        all = has_id (c->crossings, g_ptr_array_index (crossings, k));
      if (all)
        {
          g_ptr_array_set_size (crossings, 0);
          g_ptr_array_extend (crossings, c->crossings, NULL, NULL);
        }
    }
  g_ptr_array_add (crossings, NULL);
  push (self, wb_command_set_connection_new (self->game, WB_POINT_MAP (self->map),
                                             self->shown.connection, c->a, c->b, klass,
                                             (const char * const *) crossings->pdata, note),
        0, 0, 0, 0);
}

static void
build_connection (WbInspector *self,
                  GtkWidget   *box)
{
  GPtrArray *features = wb_game_get_features (self->game);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  GtkWidget *grid = grid_new ();
  GtkWidget *dropdown, *from, *to;

  from = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (from), 0);
  gtk_label_set_ellipsize (GTK_LABEL (from), PANGO_ELLIPSIZE_END);
  grid_row (grid, 0, _("From"), from);
  add_field (self, "from", from);
  to = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (to), 0);
  gtk_label_set_ellipsize (GTK_LABEL (to), PANGO_ELLIPSIZE_END);
  grid_row (grid, 1, _("To"), to);
  add_field (self, "to", to);

  g_ptr_array_set_size (self->class_ids, 0);
  for (guint i = 0; i < features->len; i++)
    {
      WbFeatureType *f = g_ptr_array_index (features, i);

      if (f->where != WB_FEATURE_CONNECTION)
        continue;
      gtk_string_list_append (names, feature_name (f));
      g_ptr_array_add (self->class_ids, (gpointer) f->id);
    }
  dropdown = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&names)), NULL);
  gtk_widget_set_tooltip_text (dropdown, _("What kind of route it is"));
  g_signal_connect_swapped (dropdown, "notify::selected", G_CALLBACK (connection_apply), self);
  grid_row (grid, 2, _("_Class"), dropdown);
  add_field (self, "class", dropdown);
  gtk_box_append (GTK_BOX (box), grid);

  section_heading (box, _("Crossings"));
  feature_checks (self, box, WB_FEATURE_CROSSING, G_CALLBACK (connection_apply),
                  _("This game has no crossing features"));

  section_heading (box, _("Note"));
  gtk_box_append (GTK_BOX (box), note_view_new (self, G_CALLBACK (connection_apply)));
}

static void
sync_connection (WbInspector *self)
{
  WbConnection *c = shown_connection (self);
  WbPointMap *map = WB_POINT_MAP (self->map);
  WbLocation *a, *b;
  g_autofree char *title = NULL;
  GHashTableIter iter;
  gpointer key, value;

  if (c == NULL)
    return;
  a = wb_point_map_find_location (map, c->a);
  b = wb_point_map_find_location (map, c->b);
  /* Translators: the inspector's title for a connection between two locations */
  title = g_strdup_printf (_("%s – %s"), a ? location_name (a) : c->a, b ? location_name (b) : c->b);
  gtk_label_set_label (GTK_LABEL (field (self, "title")), title);
  gtk_label_set_label (GTK_LABEL (field (self, "from")), a ? location_name (a) : c->a);
  gtk_label_set_label (GTK_LABEL (field (self, "to")), b ? location_name (b) : c->b);
  for (guint i = 0; i < self->class_ids->len; i++)
    if (g_ptr_array_index (self->class_ids, i) == c->klass)
      gtk_drop_down_set_selected (GTK_DROP_DOWN (field (self, "class")), i);
  g_hash_table_iter_init (&iter, self->fields);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (g_str_has_prefix (key, "feature:"))
      set_check (value, has_id (c->crossings, (const char *) key + strlen ("feature:")));
  text_view_set (field (self, "note"), c->note);
}

/* The form ---------------------------------------------------------------- */

static void
sync_form (WbInspector *self)
{
  gboolean was = self->syncing;

  self->syncing = TRUE;
  switch (self->shown.kind)
    {
    case WB_SELECTION_HEX:
      sync_hex (self);
      break;
    case WB_SELECTION_HEXSIDE:
      sync_hexside (self);
      break;
    case WB_SELECTION_LOCATION:
      sync_location (self);
      break;
    case WB_SELECTION_CONNECTION:
      sync_connection (self);
      break;
    case WB_SELECTION_NONE:
    default:
      break;
    }
  self->syncing = was;
}

static const char *
kind_subtitle (WbSelectionKind kind)
{
  switch (kind)
    {
    case WB_SELECTION_HEX:
      return _("Hex");
    case WB_SELECTION_HEXSIDE:
      return _("Hexside");
    case WB_SELECTION_LOCATION:
      return _("Location");
    case WB_SELECTION_CONNECTION:
      return _("Connection");
    case WB_SELECTION_NONE:
    default:
      return NULL;
    }
}

static void
rebuild (WbInspector *self)
{
  const WbSelection *selection = wb_map_editor_get_selection (self->editor);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  GtkWidget *title, *subtitle;

  /* Widgets going away may report a focus leave: hold the handlers off. */
  self->syncing = TRUE;
  if (self->content != NULL)
    gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), NULL);
  g_hash_table_remove_all (self->fields);
  self->shown = *selection;
  show_error (self, NULL);

  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_bottom (box, 12);
  self->content = box;

  if (self->map == NULL || self->game == NULL || selection->kind == WB_SELECTION_NONE)
    {
      GtkWidget *hint = gtk_label_new (self->map == NULL ? _("No map is shown.")
                                       : WB_IS_HEX_MAP (self->map)
                                       ? _("Click a hex or a hexside with the Select tool (V) to see and edit it here.")
                                       : _("Click a location or a connection with the Select tool (V) to see and edit it here."));

      gtk_label_set_wrap (GTK_LABEL (hint), TRUE);
      gtk_label_set_justify (GTK_LABEL (hint), GTK_JUSTIFY_CENTER);
      gtk_widget_add_css_class (hint, "dim-label");
      gtk_widget_set_valign (hint, GTK_ALIGN_CENTER);
      gtk_widget_set_vexpand (hint, TRUE);
      gtk_box_append (GTK_BOX (box), hint);
      add_field (self, "hint", hint);
      self->shown.kind = WB_SELECTION_NONE;
    }
  else
    {
      subtitle = gtk_label_new (kind_subtitle (selection->kind));
      gtk_label_set_xalign (GTK_LABEL (subtitle), 0);
      gtk_widget_add_css_class (subtitle, "caption-heading");
      gtk_widget_add_css_class (subtitle, "dim-label");
      gtk_box_append (GTK_BOX (box), subtitle);
      title = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (title), 0);
      gtk_label_set_wrap (GTK_LABEL (title), TRUE);
      gtk_widget_add_css_class (title, "title-4");
      gtk_widget_set_margin_bottom (title, 6);
      gtk_box_append (GTK_BOX (box), title);
      add_field (self, "title", title);

      switch (selection->kind)
        {
        case WB_SELECTION_HEX:
          build_hex (self, box);
          break;
        case WB_SELECTION_HEXSIDE:
          build_hexside (self, box);
          break;
        case WB_SELECTION_LOCATION:
          build_location (self, box);
          break;
        case WB_SELECTION_CONNECTION:
          build_connection (self, box);
          break;
        case WB_SELECTION_NONE:
        default:
          g_assert_not_reached ();
        }
    }

  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), box);
  sync_form (self);
  self->syncing = FALSE;
}

static void
on_selection_changed (WbInspector *self)
{
  WbUndoStack *stack = wb_map_editor_get_stack (self->editor);

  /* Edits of another thing are another step. */
  if (stack != NULL)
    wb_undo_stack_seal (stack);
  rebuild (self);
}

static void
on_map_changed (WbInspector *self)
{
  const WbSelection *selection = wb_map_editor_get_selection (self->editor);

  /* The editor's own handler has already dropped a selection the change
   * took away (and we rebuilt); what is left is to show new values. A
   * connection whose index moved is rebuilt for the new one. */
  if (selection->kind != self->shown.kind ||
      (selection->kind == WB_SELECTION_CONNECTION && selection->connection != self->shown.connection))
    rebuild (self);
  else
    sync_form (self);
}

static void
on_game_changed (WbInspector *self,
                 const char  *what)
{
  static const char * const schema[] = { "terrain", "features", "sides", "maps", NULL };

  /* The form is made from the game's terrain, features and sides: build it
   * again when they change (not for units and the like, which would cost
   * the user what is being typed). */
  if (what == NULL || g_strv_contains (schema, what))
    rebuild (self);
}

static void
on_editor_map_changed (WbInspector *self)
{
  WbMap *map = wb_map_editor_get_map (self->editor);
  WbGame *game = wb_map_editor_get_game (self->editor);

  if (self->map != NULL)
    g_signal_handlers_disconnect_by_data (self->map, self);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->map, map);
  g_set_object (&self->game, game);
  if (self->map != NULL)
    g_signal_connect_object (self->map, "changed", G_CALLBACK (on_map_changed), self,
                             G_CONNECT_SWAPPED);
  if (self->game != NULL)
    g_signal_connect_object (self->game, "changed", G_CALLBACK (on_game_changed), self,
                             G_CONNECT_SWAPPED);
  rebuild (self);
}

/* Escape in a field whose text the user changed puts the model's value back
 * (and stops there); otherwise it goes on to the canvas's Escape, which
 * clears the selection. */
static char *
focus_text (GtkWidget *focus)
{
  if (GTK_IS_EDITABLE (focus))
    return g_strdup (gtk_editable_get_text (GTK_EDITABLE (focus)));
  if (GTK_IS_TEXT_VIEW (focus))
    return text_view_get (focus);
  return NULL;
}

static gboolean
escape_pressed (GtkWidget *widget,
                GVariant  *args,
                gpointer   data)
{
  WbInspector *self = WB_INSPECTOR (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  if (focus == NULL || !gtk_widget_is_ancestor (focus, widget))
    return FALSE;
  before = focus_text (focus);
  if (before == NULL)
    return FALSE;
  sync_form (self);
  after = focus_text (focus);
  return g_strcmp0 (before, after) != 0;
}

/* Object ------------------------------------------------------------------ */

WbMapEditor *
wb_inspector_get_editor (WbInspector *self)
{
  g_return_val_if_fail (WB_IS_INSPECTOR (self), NULL);
  return self->editor;
}

GtkWidget *
wb_inspector_get_field (WbInspector *self,
                        const char  *name)
{
  g_return_val_if_fail (WB_IS_INSPECTOR (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  if (g_str_equal (name, "error"))
    return self->error_label;
  return field (self, name);
}

static void
wb_inspector_constructed (GObject *object)
{
  WbInspector *self = WB_INSPECTOR (object);

  G_OBJECT_CLASS (wb_inspector_parent_class)->constructed (object);

  g_assert (self->editor != NULL);
  g_signal_connect_object (self->editor, "selection-changed", G_CALLBACK (on_selection_changed),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->editor, "notify::map", G_CALLBACK (on_editor_map_changed),
                           self, G_CONNECT_SWAPPED);
  on_editor_map_changed (self);
}

static void
wb_inspector_dispose (GObject *object)
{
  WbInspector *self = WB_INSPECTOR (object);

  self->syncing = TRUE;
  if (self->map != NULL)
    g_signal_handlers_disconnect_by_data (self->map, self);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->map);
  g_clear_object (&self->game);
  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  g_clear_pointer (&self->error_label, gtk_widget_unparent);
  g_clear_pointer (&self->fields, g_hash_table_unref);
  g_clear_object (&self->editor);

  G_OBJECT_CLASS (wb_inspector_parent_class)->dispose (object);
}

static void
wb_inspector_finalize (GObject *object)
{
  WbInspector *self = WB_INSPECTOR (object);

  g_ptr_array_unref (self->terrain_ids);
  g_ptr_array_unref (self->class_ids);

  G_OBJECT_CLASS (wb_inspector_parent_class)->finalize (object);
}

static void
wb_inspector_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  WbInspector *self = WB_INSPECTOR (object);

  switch (prop_id)
    {
    case PROP_EDITOR:
      g_value_set_object (value, self->editor);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_inspector_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  WbInspector *self = WB_INSPECTOR (object);

  switch (prop_id)
    {
    case PROP_EDITOR:
      self->editor = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_inspector_class_init (WbInspectorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = wb_inspector_constructed;
  object_class->dispose = wb_inspector_dispose;
  object_class->finalize = wb_inspector_finalize;
  object_class->get_property = wb_inspector_get_property;
  object_class->set_property = wb_inspector_set_property;

  properties[PROP_EDITOR] =
    g_param_spec_object ("editor", NULL, NULL, WB_TYPE_MAP_EDITOR,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "inspector");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
wb_inspector_init (WbInspector *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));
  GtkEventController *shortcuts;

  self->fields = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->terrain_ids = g_ptr_array_new ();
  self->class_ids = g_ptr_array_new ();

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Inspector"), -1);

  shortcuts = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                                                          gtk_callback_action_new (escape_pressed, NULL, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);

  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (self->scroller, TRUE);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));

  self->error_label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->error_label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->error_label), 0);
  gtk_widget_add_css_class (self->error_label, "error");
  gtk_widget_set_margin_start (self->error_label, 12);
  gtk_widget_set_margin_end (self->error_label, 12);
  gtk_widget_set_margin_bottom (self->error_label, 12);
  gtk_widget_set_visible (self->error_label, FALSE);
  gtk_widget_set_parent (self->error_label, GTK_WIDGET (self));
}

GtkWidget *
wb_inspector_new (WbMapEditor *editor)
{
  g_return_val_if_fail (WB_IS_MAP_EDITOR (editor), NULL);

  return g_object_new (WB_TYPE_INSPECTOR, "editor", editor, NULL);
}
