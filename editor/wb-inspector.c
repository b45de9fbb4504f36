/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-inspector"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "wb-number-field.h"
#include "wb-text-field.h"
#include "wb-inspector.h"
#include "wb-edit.h"

/* The inspector: the map editor's selection, laid out as a form.
 *
 * The widgets are wb-inspector.ui's: a page per kind of selection, only
 * the selection's shown (the others hidden, not in a stack, so assistive
 * technologies meet only the form on screen). The form is made when the
 * selection changes (build_*: its page shown, its fields named, the rows
 * that come from the game made afresh, every field as a new one would be),
 * and its values are set from the model whenever the map changes
 * (sync_*), with the widgets' handlers held off meanwhile (@syncing) so
 * that showing a value never edits it. Each handler turns a user's change
 * into one command for the target the form was built for (@shown, not
 * whatever is selected by the time a focus-out arrives), pushed through
 * the editor so the canvas patches the area at once. Text is applied on
 * Enter and on leaving the field (entries through wb_text_field_guard: a
 * refusal marks the field, Ctrl+Z or Escape put back the model's text);
 * toggles, drop-downs and spin buttons at once. */

struct _WbInspector
{
  GtkWidget      parent_instance;

  WbMapEditor   *editor;
  WbMap         *map;           /* whose changed signal we follow */
  WbGame        *game;

  /* Template children. */
  GtkWidget     *scroller;
  GtkWidget     *content;       /* the form: its page made again per selection */
  GtkWidget     *subtitle;
  GtkWidget     *title;
  GtkWidget     *hint;          /* shown without a selection */
  GtkWidget     *hex_page;      /* one of the pages shown with one */
  GtkWidget     *hexside_page;
  GtkWidget     *location_page;
  GtkWidget     *connection_page;
  GtkWidget     *terrain;
  GtkStringList *terrain_names;
  GtkWidget     *elevation;
  GtkWidget     *label;
  GtkWidget     *hex_features;
  GtkWidget     *hex_no_features;
  GtkWidget     *marks;
  GtkWidget     *hexside_features;
  GtkWidget     *hexside_no_features;
  GtkWidget     *name;
  GtkWidget     *fortress;
  GtkWidget     *vp;
  GtkWidget     *major;
  GtkWidget     *port;
  GtkWidget     *label_dx;
  GtkWidget     *label_dy;
  GtkWidget     *tags;
  GtkWidget     *sides_grid;    /* the headings, then a row per side */
  GtkWidget     *supply_heading;
  GtkWidget     *replacements_heading;
  GtkWidget     *location_note;
  GtkWidget     *from;
  GtkWidget     *to;
  GtkWidget     *class_dropdown;
  GtkStringList *class_names;
  GtkWidget     *connection_features;
  GtkWidget     *connection_no_features;
  GtkWidget     *connection_note;
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

/* Check buttons in @flow for the game's features that apply @where, each
 * bound to @toggled; @none (a dim line) instead when there are none. */
static void
fill_features (WbInspector    *self,
               GtkWidget      *flow,
               GtkWidget      *none,
               WbFeatureWhere  where,
               GCallback       toggled)
{
  GPtrArray *features = wb_game_get_features (self->game);
  GtkFlowBoxChild *child;
  guint n = 0;

  while ((child = gtk_flow_box_get_child_at_index (GTK_FLOW_BOX (flow), 0)) != NULL)
    gtk_flow_box_remove (GTK_FLOW_BOX (flow), GTK_WIDGET (child));
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
  gtk_widget_set_visible (flow, n > 0);
  gtk_widget_set_visible (none, n == 0);
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

/* Sets @names to @strings (a new model as far as the drop-down is
 * concerned, its first item selected). */
static void
set_choices (GtkWidget     *dropdown,
             GtkStringList *names,
             GPtrArray     *strings)
{
  g_ptr_array_add (strings, NULL);
  gtk_string_list_splice (names, 0, g_list_model_get_n_items (G_LIST_MODEL (names)),
                          (const char * const *) strings->pdata);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), strings->len > 1 ? 0 : GTK_INVALID_LIST_POSITION);
}

static void
build_hex (WbInspector *self)
{
  GPtrArray *terrain = wb_game_get_terrain (self->game);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  g_ptr_array_set_size (self->terrain_ids, 0);
  for (guint i = 0; i < terrain->len; i++)
    {
      WbTerrainType *t = g_ptr_array_index (terrain, i);

      g_ptr_array_add (names, t->name != NULL ? t->name : (char *) t->id);
      g_ptr_array_add (self->terrain_ids, (gpointer) t->id);
    }
  set_choices (self->terrain, self->terrain_names, names);
  add_field (self, "terrain", self->terrain);
  add_field (self, "elevation", self->elevation);
  add_field (self, "label", self->label);
  fill_features (self, self->hex_features, self->hex_no_features, WB_FEATURE_HEX,
                 G_CALLBACK (hex_feature_toggled));
  add_field (self, "marks", self->marks);
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
build_hexside (WbInspector *self)
{
  fill_features (self, self->hexside_features, self->hexside_no_features, WB_FEATURE_HEXSIDE,
                 G_CALLBACK (hexside_feature_toggled));
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

/* A side's check (a supply source, a replacement place). */
static GtkWidget *
side_check (WbInspector     *self,
            const char      *tooltip,
            WbLocationField  what,
            const char      *side)
{
  GtkWidget *check = gtk_check_button_new ();

  gtk_widget_set_tooltip_text (check, tooltip);
  g_object_set_data (G_OBJECT (check), "wb-field", GUINT_TO_POINTER (what));
  g_object_set_data (G_OBJECT (check), "wb-side", (gpointer) side);
  g_signal_connect_swapped (check, "toggled", G_CALLBACK (location_toggled), self);
  gtk_widget_set_halign (check, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
  return check;
}

static void
build_location (WbInspector *self)
{
  GPtrArray *sides = wb_game_get_sides (self->game);
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  GtkWidget *check;

  add_field (self, "name", self->name);
  add_field (self, "fortress", self->fortress);
  add_field (self, "vp", self->vp);
  add_field (self, "major", self->major);
  add_field (self, "port", self->port);
  add_field (self, "label-dx", self->label_dx);
  add_field (self, "label-dy", self->label_dy);
  add_field (self, "tags", self->tags);

  /* Supply and replacements: a side per row, a column each. */
  for (GtkWidget *child = gtk_widget_get_first_child (self->sides_grid); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (child != self->supply_heading && child != self->replacements_heading)
      g_ptr_array_add (rows, child);
  for (guint i = 0; i < rows->len; i++)
    gtk_grid_remove (GTK_GRID (self->sides_grid), g_ptr_array_index (rows, i));
  gtk_widget_set_visible (self->supply_heading, sides->len > 0);
  gtk_widget_set_visible (self->replacements_heading, sides->len > 0);
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
      gtk_grid_attach (GTK_GRID (self->sides_grid), label, 0, (int) i + 1, 1, 1);

      check = side_check (self, supply_tip, WB_LOCATION_FIELD_SUPPLY, side->id);
      gtk_grid_attach (GTK_GRID (self->sides_grid), check, 1, (int) i + 1, 1, 1);
      add_field (self, supply_key, check);

      check = side_check (self, replacement_tip, WB_LOCATION_FIELD_REPLACEMENT, side->id);
      gtk_grid_attach (GTK_GRID (self->sides_grid), check, 2, (int) i + 1, 1, 1);
      add_field (self, replacement_key, check);
    }

  add_field (self, "note", self->location_note);
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
build_connection (WbInspector *self)
{
  GPtrArray *features = wb_game_get_features (self->game);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  add_field (self, "from", self->from);
  add_field (self, "to", self->to);

  g_ptr_array_set_size (self->class_ids, 0);
  for (guint i = 0; i < features->len; i++)
    {
      WbFeatureType *f = g_ptr_array_index (features, i);

      if (f->where != WB_FEATURE_CONNECTION)
        continue;
      g_ptr_array_add (names, (gpointer) feature_name (f));
      g_ptr_array_add (self->class_ids, (gpointer) f->id);
    }
  set_choices (self->class_dropdown, self->class_names, names);
  add_field (self, "class", self->class_dropdown);

  fill_features (self, self->connection_features, self->connection_no_features, WB_FEATURE_CROSSING,
                 G_CALLBACK (connection_apply));
  add_field (self, "note", self->connection_note);
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

/* Puts the fields of the page to be shown as a new page would have them
 * (empty, nothing marked, no text undo of another target's); sync_form ()
 * then sets the model's values. */
static void
reset_fields (WbInspector *self)
{
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, self->fields);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      GtkWidget *widget = value;

      if (GTK_IS_LABEL (widget))
        gtk_label_set_label (GTK_LABEL (widget), "");
      else if (GTK_IS_ENTRY (widget))
        wb_text_field_reset (GTK_ENTRY (widget), NULL);
      else if (GTK_IS_SPIN_BUTTON (widget))
        {
          GtkSpinButton *spin = GTK_SPIN_BUTTON (widget);

          /* wb_number_field_guard's mark, and the text typed. */
          if (gtk_widget_has_css_class (widget, "error"))
            {
              gtk_widget_remove_css_class (widget, "error");
              gtk_widget_set_tooltip_text (widget, g_object_get_data (G_OBJECT (widget), "wb-inspector-tooltip"));
            }
          gtk_spin_button_set_value (spin, gtk_adjustment_get_lower (gtk_spin_button_get_adjustment (spin)));
        }
      else if (GTK_IS_CHECK_BUTTON (widget))
        gtk_check_button_set_active (GTK_CHECK_BUTTON (widget), FALSE);
      else if (GTK_IS_TEXT_VIEW (widget))
        gtk_text_view_set_buffer (GTK_TEXT_VIEW (widget), NULL);
    }
}

static void
rebuild (WbInspector *self)
{
  const WbSelection *selection = wb_map_editor_get_selection (self->editor);
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  GtkWidget *page;

  /* The focus does not stay in the form of another thing; its leaving
   * may commit a field: hold the handlers off. */
  self->syncing = TRUE;
  if (focus != NULL && gtk_widget_is_ancestor (focus, self->content))
    gtk_root_set_focus (root, NULL);
  g_hash_table_remove_all (self->fields);
  self->shown = *selection;
  show_error (self, NULL);

  if (self->map == NULL || self->game == NULL || selection->kind == WB_SELECTION_NONE)
    {
      gtk_label_set_label (GTK_LABEL (self->hint),
                           self->map == NULL ? _("No map is shown.")
                           : WB_IS_HEX_MAP (self->map)
                           ? _("Click a hex or a hexside with the Select tool (V) to see and edit it here.")
                           : _("Click a location or a connection with the Select tool (V) to see and edit it here."));
      add_field (self, "hint", self->hint);
      self->shown.kind = WB_SELECTION_NONE;
      page = self->hint;
    }
  else
    {
      gtk_label_set_label (GTK_LABEL (self->subtitle), kind_subtitle (selection->kind));
      add_field (self, "title", self->title);

      switch (selection->kind)
        {
        case WB_SELECTION_HEX:
          build_hex (self);
          page = self->hex_page;
          break;
        case WB_SELECTION_HEXSIDE:
          build_hexside (self);
          page = self->hexside_page;
          break;
        case WB_SELECTION_LOCATION:
          build_location (self);
          page = self->location_page;
          break;
        case WB_SELECTION_CONNECTION:
          build_connection (self);
          page = self->connection_page;
          break;
        case WB_SELECTION_NONE:
        default:
          g_assert_not_reached ();
        }
      reset_fields (self);
    }
  /* Only the page shown is there for assistive technologies too. */
  gtk_widget_set_visible (self->subtitle, self->shown.kind != WB_SELECTION_NONE);
  gtk_widget_set_visible (self->title, self->shown.kind != WB_SELECTION_NONE);
  gtk_widget_set_visible (self->hint, page == self->hint);
  gtk_widget_set_visible (self->hex_page, page == self->hex_page);
  gtk_widget_set_visible (self->hexside_page, page == self->hexside_page);
  gtk_widget_set_visible (self->location_page, page == self->location_page);
  gtk_widget_set_visible (self->connection_page, page == self->connection_page);

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
  gtk_widget_dispose_template (GTK_WIDGET (self), WB_TYPE_INSPECTOR);
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

  /* Escape in a changed field puts the model's value back; otherwise it
   * goes on to the canvas. */
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Escape, 0, escape_pressed, NULL);

  wb_edit_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/warbench/Warbench/editor/wb-inspector.ui");
  gtk_widget_class_bind_template_child (widget_class, WbInspector, scroller);
  gtk_widget_class_bind_template_child (widget_class, WbInspector, content);
  gtk_widget_class_bind_template_child (widget_class, WbInspector, subtitle);
  gtk_widget_class_bind_template_child (widget_class, WbInspector, title);
  gtk_widget_class_bind_template_child (widget_class, WbInspector, hex_page);
  gtk_widget_class_bind_template_child (widget_class, WbInspector, hexside_page);
  gtk_widget_class_bind_template_child (widget_class, WbInspector, location_page);
  gtk_widget_class_bind_template_child (widget_class, WbInspector, connection_page);
  gtk_widget_class_bind_template_child (widget_class, WbInspector, hint);
  gtk_widget_class_bind_template_child (widget_class, WbInspector, terrain);
  gtk_widget_class_bind_template_child (widget_class, WbInspector, terrain_names);
  gtk_widget_class_bind_template_child (widget_class, WbInspector, elevation);
  gtk_widget_class_bind_template_child (widget_class, WbInspector, label);
  gtk_widget_class_bind_template_child (widget_class, WbInspector, hex_features);
  gtk_widget_class_bind_template_child (widget_class, WbInspector, hex_no_features);
  gtk_widget_class_bind_template_child (widget_class, WbInspector, marks);
  gtk_widget_class_bind_template_child (widget_class, WbInspector, hexside_features);
  gtk_widget_class_bind_template_child (widget_class, WbInspector, hexside_no_features);
  gtk_widget_class_bind_template_child (widget_class, WbInspector, name);
  gtk_widget_class_bind_template_child (widget_class, WbInspector, fortress);
  gtk_widget_class_bind_template_child (widget_class, WbInspector, vp);
  gtk_widget_class_bind_template_child (widget_class, WbInspector, major);
  gtk_widget_class_bind_template_child (widget_class, WbInspector, port);
  gtk_widget_class_bind_template_child (widget_class, WbInspector, label_dx);
  gtk_widget_class_bind_template_child (widget_class, WbInspector, label_dy);
  gtk_widget_class_bind_template_child (widget_class, WbInspector, tags);
  gtk_widget_class_bind_template_child (widget_class, WbInspector, sides_grid);
  gtk_widget_class_bind_template_child (widget_class, WbInspector, supply_heading);
  gtk_widget_class_bind_template_child (widget_class, WbInspector, replacements_heading);
  gtk_widget_class_bind_template_child (widget_class, WbInspector, location_note);
  gtk_widget_class_bind_template_child (widget_class, WbInspector, from);
  gtk_widget_class_bind_template_child (widget_class, WbInspector, to);
  gtk_widget_class_bind_template_child (widget_class, WbInspector, class_dropdown);
  gtk_widget_class_bind_template_child (widget_class, WbInspector, class_names);
  gtk_widget_class_bind_template_child (widget_class, WbInspector, connection_features);
  gtk_widget_class_bind_template_child (widget_class, WbInspector, connection_no_features);
  gtk_widget_class_bind_template_child (widget_class, WbInspector, connection_note);
  gtk_widget_class_bind_template_child (widget_class, WbInspector, error_label);
  gtk_widget_class_bind_template_callback (widget_class, terrain_item_setup);
  gtk_widget_class_bind_template_callback (widget_class, terrain_item_bind);
  gtk_widget_class_bind_template_callback (widget_class, terrain_changed);
  gtk_widget_class_bind_template_callback (widget_class, elevation_changed);
  gtk_widget_class_bind_template_callback (widget_class, location_spin_changed);
  gtk_widget_class_bind_template_callback (widget_class, location_toggled);
  gtk_widget_class_bind_template_callback (widget_class, location_note_apply);
  gtk_widget_class_bind_template_callback (widget_class, connection_apply);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "inspector");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

/* A location's spin button: which of its values it edits, and the range
 * core allows. */
static void
location_spin_init (GtkWidget       *spin,
                    WbLocationField  what,
                    double           max,
                    gboolean         negative)
{
  gtk_spin_button_set_range (GTK_SPIN_BUTTON (spin), negative ? -max : 0, max);
  g_object_set_data (G_OBJECT (spin), "wb-field", GUINT_TO_POINTER (what));
}

static void
wb_inspector_init (WbInspector *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));
  GtkWidget *spins[6];

  self->fields = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->terrain_ids = g_ptr_array_new ();
  self->class_ids = g_ptr_array_new ();

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_widget_init_template (GTK_WIDGET (self));

  location_spin_init (self->fortress, WB_LOCATION_FIELD_FORTRESS, WB_LOCATION_MAX_FORTRESS, FALSE);
  location_spin_init (self->vp, WB_LOCATION_FIELD_VP, WB_LOCATION_MAX_VP, TRUE);
  /* The label's offset from the marker, in whole points. */
  location_spin_init (self->label_dx, WB_LOCATION_FIELD_LABEL_OFFSET, (int) WB_LOCATION_MAX_LABEL_OFFSET, TRUE);
  location_spin_init (self->label_dy, WB_LOCATION_FIELD_LABEL_OFFSET, (int) WB_LOCATION_MAX_LABEL_OFFSET, TRUE);
  g_object_set_data (G_OBJECT (self->label_dx), "wb-axis", GINT_TO_POINTER (1));
  g_object_set_data (G_OBJECT (self->major), "wb-field", GUINT_TO_POINTER (WB_LOCATION_FIELD_MAJOR));
  g_object_set_data (G_OBJECT (self->port), "wb-field", GUINT_TO_POINTER (WB_LOCATION_FIELD_PORT));

  spins[0] = self->elevation;
  spins[1] = self->fortress;
  spins[2] = self->vp;
  spins[3] = self->label_dx;
  spins[4] = self->label_dy;
  spins[5] = NULL;
  for (guint i = 0; spins[i] != NULL; i++)
    {
      /* Put back by reset_fields () after wb_number_field_guard's mark. */
      g_object_set_data_full (G_OBJECT (spins[i]), "wb-inspector-tooltip",
                              g_strdup (gtk_widget_get_tooltip_text (spins[i])), g_free);
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (spins[i]),
                                 gtk_adjustment_get_lower (gtk_spin_button_get_adjustment (GTK_SPIN_BUTTON (spins[i]))));
      wb_number_field_guard (GTK_SPIN_BUTTON (spins[i]));
    }
  wb_text_field_guard (GTK_ENTRY (self->label), G_CALLBACK (label_apply), self);
  wb_text_field_guard (GTK_ENTRY (self->name), G_CALLBACK (name_apply), self);
  wb_text_field_guard (GTK_ENTRY (self->tags), G_CALLBACK (tags_apply), self);
}

GtkWidget *
wb_inspector_new (WbMapEditor *editor)
{
  g_return_val_if_fail (WB_IS_MAP_EDITOR (editor), NULL);

  return g_object_new (WB_TYPE_INSPECTOR, "editor", editor, NULL);
}
