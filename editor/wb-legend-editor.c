/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-legend-editor"

#include "config.h"

#include <glib/gi18n.h>

#include "wb-number-field.h"
#include "wb-text-field.h"
#include "wb-edit.h"
#include "wb-legend-editor.h"
#include "rules/wb-family.h"

/* The map legend: two lists (terrain, features) and one form for the
 * selected entry. The form edits a copy of the record and pushes it as a
 * command; the window never changes the game itself. Everything on screen
 * is refreshed from the model on the game's "changed" signal, so undo and
 * redo from the main window show here too. Widgets are updated in place
 * (not rebuilt) while the set of entries stays the same, so a spin button
 * keeps its focus while its changes merge into one undo step. */

#define SWATCH_WIDTH  44
#define SWATCH_HEIGHT 28
#define PREVIEW_WIDTH  120
#define PREVIEW_HEIGHT 64

typedef struct {
  const char *value;
  const char *label;
} Choice;

static const Choice pattern_labels[] = {
  { "none", N_("Plain") },
  { "trees", N_("Trees") },
  { "rough", N_("Rough") },
  { "marsh", N_("Marsh") },
  { "water", N_("Water") },
  { "town", N_("Town") },
  { "dots", N_("Dots") },
};

static const Choice style_labels[] = {
  { "marker", N_("Marker") },
  { "road", N_("Road") },
  { "trail", N_("Trail") },
  { "pike", N_("Pike") },
  { "railroad", N_("Railroad") },
  { "creek", N_("Creek") },
  { "river", N_("River") },
  { "ford", N_("Ford") },
  { "bridge", N_("Bridge") },
  { "ferry", N_("Ferry") },
  { "town", N_("Town") },
  { "trench", N_("Trench") },
  { "slope", N_("Slope") },
  { "levee", N_("Levee") },
  { "mountain", N_("Mountain") },
  { "gap", N_("Gap") },
};

static const char *mode_labels[] = {
  N_("No effect"),
  N_("Adds to the cost"),
  N_("Replaces the terrain cost"),
  N_("Prohibited unless cancelled"),
};

/* One row of the movement cost grid: a unit class, or "*" for all. */
typedef struct {
  const char *klass;     /* interned */
  GtkWidget  *own;       /* check: the class has its own cost (NULL for "*") */
  GtkWidget  *spin;
  GtkWidget  *prohibited;
} MoveRow;

struct _WbLegendEditor
{
  GtkWindow    parent_instance;

  WbGame      *game;
  WbUndoStack *stack;
  gboolean     sel_feature;
  const char  *sel_id;       /* interned, or NULL */
  gboolean     updating;     /* the form is being filled from the model */
  char        *message;

  GtkWidget   *terrain_list;
  GtkWidget   *feature_list;
  GtkWidget   *remove_button;
  GtkWidget   *pages;        /* "empty" / "form" */
  GtkWidget   *preview;
  GtkWidget   *heading;
  GtkWidget   *usage_label;
  GtkWidget   *message_label;

  GtkWidget   *form;         /* GtkGrid */
  GtkWidget   *name_entry;
  GtkWidget   *where_label;
  GtkWidget   *color_button;
  GtkWidget   *pattern_dropdown;
  GtkWidget   *style_dropdown;
  GtkWidget   *width_spin;
  GtkWidget   *mode_dropdown;
  GtkWidget   *defense_spin;
  GtkWidget   *los_check;
  GtkWidget   *zoc_check;
  GtkWidget   *note_entry;
  GtkWidget   *roles_entry;
  GtkWidget   *move_grid;
  GArray      *move_rows;    /* MoveRow */
  char        *move_key;     /* the classes the grid was built for */
  GtkWidget   *negates_box;
  char        *negates_key;
  /* Form rows shown for one kind only: label and field. */
  GPtrArray   *terrain_only;
  GPtrArray   *feature_only;
};

G_DEFINE_FINAL_TYPE (WbLegendEditor, wb_legend_editor, GTK_TYPE_WINDOW)

static void refresh (WbLegendEditor *self);
static void fill_roles (WbLegendEditor *self, WbFeatureType *f);

/* Records ---------------------------------------------------------------- */

static WbTerrainType *
selected_terrain (WbLegendEditor *self)
{
  if (self->game == NULL || self->sel_id == NULL || self->sel_feature)
    return NULL;
  return wb_game_find_terrain (self->game, self->sel_id);
}

static WbFeatureType *
selected_feature (WbLegendEditor *self)
{
  if (self->game == NULL || self->sel_id == NULL || !self->sel_feature)
    return NULL;
  return wb_game_find_feature (self->game, self->sel_id);
}

static void
set_message (WbLegendEditor *self,
             const char     *message)
{
  g_free (self->message);
  self->message = g_strdup (message);
  gtk_label_set_label (GTK_LABEL (self->message_label), message != NULL ? message : "");
  gtk_widget_set_visible (self->message_label, message != NULL);
}

/* Pushes @command (taking it); a refusal shows its message and puts the
 * form back as the model is. */
static gboolean
push (WbLegendEditor *self,
      WbCommand      *command)
{
  g_autoptr(WbCommand) owned = command;
  g_autoptr(GError) error = NULL;

  if (self->game == NULL || self->stack == NULL)
    return FALSE;
  if (!wb_edit_push (self->game, self->stack, owned, &error))
    {
      set_message (self, error->message);
      refresh (self);
      return FALSE;
    }
  set_message (self, NULL);
  return TRUE;
}

/* The form's edits: a copy of the selected record, changed by the caller,
 * pushed as an edit. */
typedef struct {
  WbTerrainType *terrain;
  WbFeatureType *feature;
} Edit;

static gboolean
edit_begin (WbLegendEditor *self,
            Edit           *edit)
{
  WbTerrainType *t = selected_terrain (self);
  WbFeatureType *f = selected_feature (self);

  edit->terrain = t != NULL ? wb_terrain_type_copy (t) : NULL;
  edit->feature = f != NULL ? wb_feature_type_copy (f) : NULL;
  return !self->updating && (edit->terrain != NULL || edit->feature != NULL);
}

static gboolean
edit_end (WbLegendEditor *self,
          Edit           *edit,
          const char     *merge_key)
{
  gboolean done = FALSE;

  if (edit->terrain != NULL)
    done = push (self, wb_command_edit_terrain_new (self->game, edit->terrain, merge_key));
  else if (edit->feature != NULL)
    done = push (self, wb_command_edit_feature_new (self->game, edit->feature, merge_key));
  wb_terrain_type_free (edit->terrain);
  wb_feature_type_free (edit->feature);
  return done;
}

static void
edit_discard (Edit *edit)
{
  wb_terrain_type_free (edit->terrain);
  wb_feature_type_free (edit->feature);
}

static GArray *
edit_move (Edit *edit)
{
  return edit->terrain != NULL ? edit->terrain->move : edit->feature->move;
}

static char **
edit_string (Edit       *edit,
             const char *field)
{
  if (g_str_equal (field, "name"))
    return edit->terrain != NULL ? &edit->terrain->name : &edit->feature->name;
  if (g_str_equal (field, "color"))
    return edit->terrain != NULL ? &edit->terrain->color : &edit->feature->color;
  return edit->terrain != NULL ? &edit->terrain->note : &edit->feature->note;
}

static void
move_set (GArray     *move,
          const char *klass,
          double      cost)
{
  for (guint i = 0; i < move->len; i++)
    if (g_array_index (move, WbMoveCost, i).unit_class == klass)
      {
        g_array_index (move, WbMoveCost, i).cost = cost;
        return;
      }
  g_array_append_val (move, ((WbMoveCost) { klass, cost }));
}

static void
move_unset (GArray     *move,
            const char *klass)
{
  for (guint i = 0; i < move->len; i++)
    if (g_array_index (move, WbMoveCost, i).unit_class == klass)
      {
        g_array_remove_index (move, i);
        return;
      }
}

/* Swatches ----------------------------------------------------------------- */

static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        user_data)
{
  WbLegendEditor *self = WB_LEGEND_EDITOR (user_data);
  const char *id = g_object_get_data (G_OBJECT (area), "id");
  gboolean feature = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (area), "feature"));

  if (self->game == NULL)
    return;
  if (id == NULL)
    {
      /* The preview: whatever is selected. */
      id = self->sel_id;
      feature = self->sel_feature;
    }
  if (id == NULL)
    return;

  if (feature)
    {
      WbFeatureType *f = wb_game_find_feature (self->game, id);

      if (f != NULL)
        wb_render_feature_swatch (self->game, f, cr, width, height);
    }
  else
    {
      WbTerrainType *t = wb_game_find_terrain (self->game, id);

      if (t != NULL)
        wb_render_terrain_swatch (self->game, t, cr, width, height);
    }
  cairo_rectangle (cr, 0.5, 0.5, width - 1, height - 1);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.3);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

static GtkWidget *
swatch_new (WbLegendEditor *self,
            const char     *id,
            gboolean        feature,
            int             width,
            int             height)
{
  GtkWidget *area = gtk_drawing_area_new ();

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), width);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), height);
  gtk_widget_set_valign (area, GTK_ALIGN_CENTER);
  gtk_widget_set_halign (area, GTK_ALIGN_START);
  g_object_set_data (G_OBJECT (area), "id", (gpointer) id);
  g_object_set_data (G_OBJECT (area), "feature", GINT_TO_POINTER (feature));
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_swatch, self, NULL);
  return area;
}

/* Lists --------------------------------------------------------------------- */

static const char *
where_text (WbFeatureWhere where)
{
  switch (where)
    {
    case WB_FEATURE_HEX: return _("Hex feature");
    case WB_FEATURE_HEXSIDE: return _("Hexside feature");
    case WB_FEATURE_CONNECTION: return _("Connection class");
    case WB_FEATURE_CROSSING: return _("Crossing on connections");
    default: return "";
    }
}

/* Hexes per terrain id over all hex maps, in one pass. */
static GHashTable *
count_terrain (WbGame *game)
{
  GHashTable *counts = g_hash_table_new (NULL, NULL);
  GPtrArray *maps = wb_game_get_maps (game);

  for (guint i = 0; i < maps->len; i++)
    {
      WbMap *m = g_ptr_array_index (maps, i);
      WbHexMap *map;
      int cols, rows;

      if (!WB_IS_HEX_MAP (m))
        continue;
      map = WB_HEX_MAP (m);
      cols = wb_hex_map_get_cols (map);
      rows = wb_hex_map_get_rows (map);
      for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
          {
            const char *t = wb_hex_map_get_terrain (map, (WbOffset) { c, r });
            guint n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, t));

            g_hash_table_insert (counts, (gpointer) t, GUINT_TO_POINTER (n + 1));
          }
    }
  return counts;
}

static char *
terrain_usage (guint n)
{
  if (n == 0)
    return g_strdup (_("Not on the map"));
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u hex", "%u hexes", n), n);
}

static char *
feature_usage (WbGame        *game,
               WbFeatureType *f)
{
  guint hexes = 0, sides = 0, conns = 0, crossings = 0;

  wb_legend_count_feature (game, f->id, &hexes, &sides, &conns, &crossings, NULL);
  switch (f->where)
    {
    case WB_FEATURE_HEX:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u hex", "%u hexes", hexes), hexes);
    case WB_FEATURE_HEXSIDE:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u hexside", "%u hexsides", sides), sides);
    case WB_FEATURE_CONNECTION:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u connection", "%u connections", conns),
                              conns);
    case WB_FEATURE_CROSSING:
    default:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u crossing", "%u crossings", crossings),
                              crossings);
    }
}

static GtkWidget *
list_row_new (WbLegendEditor *self,
              const char     *id,
              gboolean        feature)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *name = gtk_label_new (NULL);
  GtkWidget *subtitle = gtk_label_new (NULL);
  GtkWidget *swatch = swatch_new (self, id, feature, SWATCH_WIDTH, SWATCH_HEIGHT);

  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 4);
  gtk_widget_set_margin_bottom (box, 4);
  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (subtitle), 0);
  gtk_label_set_ellipsize (GTK_LABEL (subtitle), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (subtitle, "dim-label");
  gtk_widget_add_css_class (subtitle, "caption");
  gtk_box_append (GTK_BOX (text), name);
  gtk_box_append (GTK_BOX (text), subtitle);
  gtk_widget_set_valign (text, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (box), swatch);
  gtk_box_append (GTK_BOX (box), text);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  g_object_set_data (G_OBJECT (row), "id", (gpointer) id);
  g_object_set_data (G_OBJECT (row), "name", name);
  g_object_set_data (G_OBJECT (row), "subtitle", subtitle);
  g_object_set_data (G_OBJECT (row), "swatch", swatch);
  return row;
}

/* Rebuilds @list when its entries are not @ids in order; then updates the
 * rows' text. */
static void
sync_list (WbLegendEditor *self,
           GtkWidget      *list,
           gboolean        feature,
           GPtrArray      *records,
           GHashTable     *terrain_counts)
{
  GtkWidget *child = gtk_widget_get_first_child (list);
  gboolean same = TRUE;
  guint i = 0;

  for (; child != NULL; child = gtk_widget_get_next_sibling (child), i++)
    {
      const char *id;

      if (i >= records->len)
        {
          same = FALSE;
          break;
        }
      id = feature ? ((WbFeatureType *) g_ptr_array_index (records, i))->id
                   : ((WbTerrainType *) g_ptr_array_index (records, i))->id;
      if (g_object_get_data (G_OBJECT (child), "id") != id)
        {
          same = FALSE;
          break;
        }
    }
  if (!same || i != records->len)
    {
      while ((child = gtk_widget_get_first_child (list)) != NULL)
        gtk_list_box_remove (GTK_LIST_BOX (list), child);
      for (i = 0; i < records->len; i++)
        {
          const char *id = feature ? ((WbFeatureType *) g_ptr_array_index (records, i))->id
                                   : ((WbTerrainType *) g_ptr_array_index (records, i))->id;

          gtk_list_box_append (GTK_LIST_BOX (list), list_row_new (self, id, feature));
        }
    }

  i = 0;
  for (child = gtk_widget_get_first_child (list); child != NULL;
       child = gtk_widget_get_next_sibling (child), i++)
    {
      g_autofree char *usage = NULL;
      g_autofree char *subtitle = NULL;
      const char *name;

      if (feature)
        {
          WbFeatureType *f = g_ptr_array_index (records, i);

          name = f->name != NULL ? f->name : f->id;
          usage = feature_usage (self->game, f);
          /* Translators: a feature's place and use, "Hexside feature · 87 hexsides" */
          subtitle = g_strdup_printf (_("%s · %s"), where_text (f->where), usage);
        }
      else
        {
          WbTerrainType *t = g_ptr_array_index (records, i);

          name = t->name != NULL ? t->name : t->id;
          usage = terrain_usage (GPOINTER_TO_UINT (g_hash_table_lookup (terrain_counts, t->id)));
          /* Translators: terrain's place and use, "Hex terrain · 312 hexes" */
          subtitle = g_strdup_printf (_("%s · %s"), _("Hex terrain"), usage);
        }
      gtk_label_set_label (g_object_get_data (G_OBJECT (child), "name"), name);
      gtk_label_set_label (g_object_get_data (G_OBJECT (child), "subtitle"), subtitle);
      gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
      gtk_widget_queue_draw (g_object_get_data (G_OBJECT (child), "swatch"));
      if (feature == self->sel_feature &&
          g_object_get_data (G_OBJECT (child), "id") == self->sel_id &&
          gtk_list_box_get_selected_row (GTK_LIST_BOX (list)) != GTK_LIST_BOX_ROW (child))
        gtk_list_box_select_row (GTK_LIST_BOX (list), GTK_LIST_BOX_ROW (child));
    }
  if (feature != self->sel_feature || self->sel_id == NULL)
    gtk_list_box_unselect_all (GTK_LIST_BOX (list));
  gtk_widget_set_visible (g_object_get_data (G_OBJECT (list), "none"), records->len == 0);
  gtk_widget_set_visible (g_object_get_data (G_OBJECT (list), "scrolled"), records->len > 0);
}

/* The form ----------------------------------------------------------------- */

static void
set_spin (GtkWidget *spin,
          double     value)
{
  if (gtk_spin_button_get_value (GTK_SPIN_BUTTON (spin)) != value)
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
}

static void
set_check (GtkWidget *check,
           gboolean   active)
{
  if (gtk_check_button_get_active (GTK_CHECK_BUTTON (check)) != active)
    gtk_check_button_set_active (GTK_CHECK_BUTTON (check), active);
}

static void
set_entry (GtkWidget  *entry,
           const char *text)
{
  wb_text_field_set_text (GTK_ENTRY (entry), text);
}

static guint
choice_index (const Choice *choices,
              guint         n,
              const char   *value)
{
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (choices[i].value, value) == 0)
      return i;
  return GTK_INVALID_LIST_POSITION;
}

static void on_move_own_toggled (GtkCheckButton *check, WbLegendEditor *self);
static void on_move_spin_changed (GtkSpinButton *spin, WbLegendEditor *self);
static void on_move_prohibited_toggled (GtkCheckButton *check, WbLegendEditor *self);
static void on_negate_toggled (GtkCheckButton *check, WbLegendEditor *self);

static GtkWidget *
grid_label (const char *text,
            gboolean    heading)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  if (heading)
    gtk_widget_add_css_class (label, "dim-label");
  return label;
}

/* One row per unit class, and "*" first: rebuilt only when the classes
 * change. */
static void
build_move_grid (WbLegendEditor *self)
{
  GPtrArray *classes = wb_game_get_unit_classes (self->game);
  g_autoptr(GString) key = g_string_new ("*");
  GtkWidget *child;

  for (guint i = 0; i < classes->len; i++)
    {
      WbUnitType *k = g_ptr_array_index (classes, i);

      g_string_append_printf (key, "\n%s\t%s", k->id, k->name ? k->name : "");
    }
  if (g_strcmp0 (key->str, self->move_key) == 0)
    return;
  g_free (self->move_key);
  self->move_key = g_strdup (key->str);

  while ((child = gtk_widget_get_first_child (self->move_grid)) != NULL)
    gtk_grid_remove (GTK_GRID (self->move_grid), child);
  g_array_set_size (self->move_rows, 0);

  gtk_grid_attach (GTK_GRID (self->move_grid), grid_label (_("Unit class"), TRUE), 0, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (self->move_grid), grid_label (_("Own cost"), TRUE), 1, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (self->move_grid), grid_label (_("Movement points"), TRUE), 2, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (self->move_grid), grid_label (_("Prohibited"), TRUE), 3, 0, 1, 1);

  for (guint i = 0; i <= classes->len; i++)
    {
      WbUnitType *k = i > 0 ? g_ptr_array_index (classes, i - 1) : NULL;
      MoveRow row = { k != NULL ? k->id : g_intern_static_string ("*"), NULL, NULL, NULL };
      const char *name = k != NULL ? (k->name != NULL ? k->name : k->id) : _("All classes (default)");
      g_autofree char *spin_name = g_strdup_printf ("move-spin-%s", row.klass);
      g_autofree char *own_name = g_strdup_printf ("move-own-%s", row.klass);
      g_autofree char *no_name = g_strdup_printf ("move-prohibited-%s", row.klass);
      g_autofree char *spin_label = NULL;
      g_autofree char *no_label = NULL;
      GtkWidget *label = grid_label (name, FALSE);

      row.own = gtk_check_button_new ();
      gtk_widget_set_name (row.own, own_name);
      gtk_widget_set_halign (row.own, GTK_ALIGN_CENTER);
      if (k != NULL)
        {
          g_autofree char *tip = g_strdup_printf (_("Give %s its own cost; otherwise the default applies"),
                                                  name);
          gtk_widget_set_tooltip_text (row.own, tip);
          gtk_accessible_update_property (GTK_ACCESSIBLE (row.own), GTK_ACCESSIBLE_PROPERTY_LABEL, tip, -1);
        }
      else
        {
          gtk_widget_set_tooltip_text (row.own, _("Give a default cost for every class without its own"));
          gtk_accessible_update_property (GTK_ACCESSIBLE (row.own), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          _("Give a default cost for every class without its own"), -1);
        }
      row.spin = gtk_spin_button_new_with_range (0, 1000, 0.5);
      wb_number_field_guard (GTK_SPIN_BUTTON (row.spin));
      gtk_spin_button_set_digits (GTK_SPIN_BUTTON (row.spin), 1);
      gtk_widget_set_name (row.spin, spin_name);
      /* Translators: accessible name of a spin button; %s is a unit class */
      spin_label = g_strdup_printf (_("Movement points for %s"), name);
      gtk_accessible_update_property (GTK_ACCESSIBLE (row.spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      spin_label, -1);
      gtk_widget_set_tooltip_text (row.spin, spin_label);
      row.prohibited = gtk_check_button_new ();
      gtk_widget_set_name (row.prohibited, no_name);
      gtk_widget_set_halign (row.prohibited, GTK_ALIGN_CENTER);
      /* Translators: %s is a unit class */
      no_label = g_strdup_printf (_("%s may not enter or cross it"), name);
      gtk_widget_set_tooltip_text (row.prohibited, no_label);
      gtk_accessible_update_property (GTK_ACCESSIBLE (row.prohibited), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      no_label, -1);

      g_object_set_data (G_OBJECT (row.own), "klass", (gpointer) row.klass);
      g_object_set_data (G_OBJECT (row.spin), "klass", (gpointer) row.klass);
      g_object_set_data (G_OBJECT (row.prohibited), "klass", (gpointer) row.klass);
      g_signal_connect (row.own, "toggled", G_CALLBACK (on_move_own_toggled), self);
      g_signal_connect (row.spin, "value-changed", G_CALLBACK (on_move_spin_changed), self);
      g_signal_connect (row.prohibited, "toggled", G_CALLBACK (on_move_prohibited_toggled), self);

      gtk_grid_attach (GTK_GRID (self->move_grid), label, 0, (int) i + 1, 1, 1);
      gtk_grid_attach (GTK_GRID (self->move_grid), row.own, 1, (int) i + 1, 1, 1);
      gtk_grid_attach (GTK_GRID (self->move_grid), row.spin, 2, (int) i + 1, 1, 1);
      gtk_grid_attach (GTK_GRID (self->move_grid), row.prohibited, 3, (int) i + 1, 1, 1);
      g_array_append_val (self->move_rows, row);
    }
}

static void
fill_move_grid (WbLegendEditor *self,
                GArray         *move)
{
  double fallback = 1;
  gboolean fallback_found = FALSE;

  build_move_grid (self);
  fallback = wb_move_costs_lookup (move, "*", &fallback_found);
  for (guint i = 0; i < self->move_rows->len; i++)
    {
      MoveRow *row = &g_array_index (self->move_rows, MoveRow, i);
      gboolean own = FALSE;
      double cost = 0;

      for (guint j = 0; j < move->len; j++)
        if (g_array_index (move, WbMoveCost, j).unit_class == row->klass)
          {
            own = TRUE;
            cost = g_array_index (move, WbMoveCost, j).cost;
          }
      if (!own)
        cost = fallback_found ? fallback : 0;
      set_check (row->own, own);
      set_check (row->prohibited, cost < 0);
      if (cost >= 0)
        set_spin (row->spin, cost);
      gtk_widget_set_sensitive (row->spin, own && cost >= 0);
      gtk_widget_set_sensitive (row->prohibited, own);
    }
}

/* Check buttons for the features of the same place that this one cancels
 * (a ford cancels a creek). */
static void
fill_negates (WbLegendEditor *self,
              WbFeatureType  *f)
{
  GPtrArray *features = wb_game_get_features (self->game);
  g_autoptr(GString) key = g_string_new (f->id);
  GtkWidget *child;

  for (guint i = 0; i < features->len; i++)
    {
      WbFeatureType *o = g_ptr_array_index (features, i);

      if (o != f && o->where == f->where)
        g_string_append_printf (key, "\n%s\t%s", o->id, o->name ? o->name : "");
    }
  if (g_strcmp0 (key->str, self->negates_key) != 0)
    {
      g_free (self->negates_key);
      self->negates_key = g_strdup (key->str);
      while ((child = gtk_widget_get_first_child (self->negates_box)) != NULL)
        gtk_flow_box_remove (GTK_FLOW_BOX (self->negates_box), child);
      for (guint i = 0; i < features->len; i++)
        {
          WbFeatureType *o = g_ptr_array_index (features, i);
          GtkWidget *check;
          g_autofree char *name = NULL;

          if (o == f || o->where != f->where)
            continue;
          check = gtk_check_button_new_with_label (o->name != NULL ? o->name : o->id);
          name = g_strdup_printf ("negates-%s", o->id);
          gtk_widget_set_name (check, name);
          g_object_set_data (G_OBJECT (check), "negate", (gpointer) o->id);
          g_signal_connect (check, "toggled", G_CALLBACK (on_negate_toggled), self);
          gtk_flow_box_append (GTK_FLOW_BOX (self->negates_box), check);
        }
    }
  for (child = gtk_widget_get_first_child (self->negates_box); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *check = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));
      const char *id = g_object_get_data (G_OBJECT (check), "negate");

      set_check (check, g_ptr_array_find_with_equal_func (f->negates, id, g_str_equal, NULL));
    }
}

static void
show_rows (GPtrArray *widgets,
           gboolean   visible)
{
  for (guint i = 0; i < widgets->len; i++)
    gtk_widget_set_visible (g_ptr_array_index (widgets, i), visible);
}

static void
set_color_button (WbLegendEditor *self,
                  const char     *color)
{
  GdkRGBA rgba = { 0.6, 0.6, 0.6, 1 };
  GdkRGBA now;

  if (color != NULL)
    gdk_rgba_parse (&rgba, color);
  gtk_color_chooser_get_rgba (GTK_COLOR_CHOOSER (self->color_button), &now);
  if (!gdk_rgba_equal (&now, &rgba))
    gtk_color_chooser_set_rgba (GTK_COLOR_CHOOSER (self->color_button), &rgba);
  gtk_widget_set_tooltip_text (self->color_button,
                               color != NULL ? _("Colour on the map")
                                             : _("Colour on the map (now the style’s own)"));
}

static void
fill_form (WbLegendEditor *self)
{
  WbTerrainType *t = selected_terrain (self);
  WbFeatureType *f = selected_feature (self);
  g_autofree char *usage = NULL;

  if (t == NULL && f == NULL)
    {
      gtk_stack_set_visible_child_name (GTK_STACK (self->pages), "empty");
      gtk_widget_set_sensitive (self->remove_button, FALSE);
      return;
    }
  gtk_stack_set_visible_child_name (GTK_STACK (self->pages), "form");
  gtk_widget_set_sensitive (self->remove_button, TRUE);
  show_rows (self->terrain_only, t != NULL);
  show_rows (self->feature_only, f != NULL);
  gtk_widget_queue_draw (self->preview);

  if (t != NULL)
    {
      g_autoptr(GHashTable) counts = count_terrain (self->game);
      char key[2] = { t->key, 0 };
      g_autofree char *what = NULL;

      usage = terrain_usage (GPOINTER_TO_UINT (g_hash_table_lookup (counts, t->id)));
      gtk_label_set_label (GTK_LABEL (self->heading), t->name != NULL ? t->name : t->id);
      /* Translators: terrain id, map key and use: "forest · key f · 312 hexes" */
      what = g_strdup_printf (_("%s · key %s · %s"), t->id, key, usage);
      gtk_label_set_label (GTK_LABEL (self->usage_label), what);
      set_entry (self->name_entry, t->name);
      set_color_button (self, t->color);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (self->pattern_dropdown),
                                  choice_index (pattern_labels, G_N_ELEMENTS (pattern_labels), t->pattern));
      set_spin (self->defense_spin, t->defense);
      set_check (self->los_check, t->blocks_los);
      set_entry (self->note_entry, t->note);
      fill_move_grid (self, t->move);
      gtk_widget_set_sensitive (self->move_grid, TRUE);
    }
  else
    {
      g_autofree char *what = NULL;

      usage = feature_usage (self->game, f);
      gtk_label_set_label (GTK_LABEL (self->heading), f->name != NULL ? f->name : f->id);
      /* Translators: feature id and use: "creek · 87 hexsides" */
      what = g_strdup_printf (_("%s · %s"), f->id, usage);
      gtk_label_set_label (GTK_LABEL (self->usage_label), what);
      gtk_label_set_label (GTK_LABEL (self->where_label), where_text (f->where));
      set_entry (self->name_entry, f->name);
      set_color_button (self, f->color);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (self->style_dropdown),
                                  choice_index (style_labels, G_N_ELEMENTS (style_labels), f->style));
      set_spin (self->width_spin, f->width);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (self->mode_dropdown), (guint) f->move_mode);
      set_spin (self->defense_spin, f->defense);
      set_check (self->los_check, f->blocks_los);
      set_check (self->zoc_check, f->blocks_zoc);
      set_entry (self->note_entry, f->note);
      fill_roles (self, f);
      fill_move_grid (self, f->move);
      /* Costs count only where the feature adds or sets one. */
      gtk_widget_set_sensitive (self->move_grid, f->move_mode == WB_MOVE_ADD || f->move_mode == WB_MOVE_SET);
      fill_negates (self, f);
    }
}

/* The roles as the designer types them ("railroad, supply-line"), and the
 * roles the game's rules family knows for this kind of feature as the
 * hint. */
static void
fill_roles (WbLegendEditor *self,
            WbFeatureType  *f)
{
  const WbRulesFamily *family = wb_rules_family_find (wb_game_get_rules (self->game)->family);
  WbRoleOn on = f->where == WB_FEATURE_HEX ? WB_ROLE_ON_HEX
                : f->where == WB_FEATURE_HEXSIDE ? WB_ROLE_ON_HEXSIDE
                : f->where == WB_FEATURE_CONNECTION ? WB_ROLE_ON_CONNECTION : WB_ROLE_ON_CROSSING;
  g_autoptr(GString) known = g_string_new (NULL);
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < f->roles->len; i++)
    g_string_append_printf (text, "%s%s", i > 0 ? ", " : "", (const char *) g_ptr_array_index (f->roles, i));
  set_entry (self->roles_entry, text->str);
  for (guint i = 0; family != NULL && i < family->n_roles; i++)
    if (family->roles[i].on & on)
      g_string_append_printf (known, "%s%s", known->len > 0 ? ", " : "", family->roles[i].id);
  gtk_entry_set_placeholder_text (GTK_ENTRY (self->roles_entry), known->str);
}

static void
refresh (WbLegendEditor *self)
{
  g_autoptr(GHashTable) counts = NULL;

  self->updating = TRUE;
  if (self->game == NULL)
    {
      GtkWidget *child;

      while ((child = gtk_widget_get_first_child (self->terrain_list)) != NULL)
        gtk_list_box_remove (GTK_LIST_BOX (self->terrain_list), child);
      while ((child = gtk_widget_get_first_child (self->feature_list)) != NULL)
        gtk_list_box_remove (GTK_LIST_BOX (self->feature_list), child);
      self->sel_id = NULL;
    }
  else
    {
      /* A selection that went (undo of an add) goes. */
      if (self->sel_id != NULL && selected_terrain (self) == NULL && selected_feature (self) == NULL)
        self->sel_id = NULL;
      counts = count_terrain (self->game);
      sync_list (self, self->terrain_list, FALSE, wb_game_get_terrain (self->game), counts);
      sync_list (self, self->feature_list, TRUE, wb_game_get_features (self->game), counts);
    }
  fill_form (self);
  self->updating = FALSE;
}

static void
on_game_changed (WbLegendEditor *self,
                 const char     *what)
{
  refresh (self);
}

/* Signal handlers of the form --------------------------------------------- */

static void
on_row_selected (GtkListBox     *list,
                 GtkListBoxRow  *row,
                 WbLegendEditor *self)
{
  if (self->updating || row == NULL)
    return;
  self->sel_feature = GTK_WIDGET (list) == self->feature_list;
  self->sel_id = g_object_get_data (G_OBJECT (row), "id");
  /* Edits of another entry (or of this one, later) are a new undo step. */
  if (self->stack != NULL)
    wb_undo_stack_seal (self->stack);
  set_message (self, NULL);
  refresh (self);
}

/* The text fields are applied on Enter and on leaving them, one undoable
 * edit each (wb_text_field_guard); a refusal marks the field. */
static void
name_apply (WbLegendEditor *self,
            GtkEntry       *entry)
{
  Edit edit;
  g_autofree char *text = NULL;

  if (!edit_begin (self, &edit))
    {
      edit_discard (&edit);
      return;
    }
  text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));
  if (text[0] == '\0')
    {
      set_message (self, _("A legend entry needs a name"));
      wb_text_field_refuse (entry, self->message);
      edit_discard (&edit);
      return;
    }
  if (g_strcmp0 (*edit_string (&edit, "name"), text) == 0)
    {
      wb_text_field_set_text (entry, text);
      edit_discard (&edit);
      return;
    }
  g_free (*edit_string (&edit, "name"));
  *edit_string (&edit, "name") = g_steal_pointer (&text);
  if (!edit_end (self, &edit, NULL))
    wb_text_field_refuse (entry, self->message);
}

static void
note_apply (WbLegendEditor *self,
            GtkEntry       *entry)
{
  Edit edit;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));

  if (!edit_begin (self, &edit))
    {
      edit_discard (&edit);
      return;
    }
  if (g_strcmp0 (*edit_string (&edit, "note") != NULL ? *edit_string (&edit, "note") : "", text) == 0)
    {
      edit_discard (&edit);
      return;
    }
  g_free (*edit_string (&edit, "note"));
  *edit_string (&edit, "note") = text[0] != '\0' ? g_strdup (text) : NULL;
  if (!edit_end (self, &edit, NULL))
    wb_text_field_refuse (entry, self->message);
}

/* Enter in the roles field: the roles typed, separated by commas or
 * spaces, as one undoable edit (refused with the reader's message when
 * the rules family does not know one). */
static void
roles_apply (WbLegendEditor *self,
             GtkEntry       *entry)
{
  g_auto(GStrv) words = g_regex_split_simple ("[\\s,]+", gtk_editable_get_text (GTK_EDITABLE (entry)), 0, 0);
  Edit edit;

  if (!edit_begin (self, &edit) || edit.feature == NULL)
    {
      edit_discard (&edit);
      return;
    }
  g_ptr_array_set_size (edit.feature->roles, 0);
  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0')
      g_ptr_array_add (edit.feature->roles, (gpointer) g_intern_string (words[i]));
  if (!edit_end (self, &edit, NULL))
    wb_text_field_refuse (entry, self->message);
}

static void
on_color_set (GtkColorButton *button,
              WbLegendEditor *self)
{
  Edit edit;
  GdkRGBA rgba;

  if (!edit_begin (self, &edit))
    {
      edit_discard (&edit);
      return;
    }
  gtk_color_chooser_get_rgba (GTK_COLOR_CHOOSER (button), &rgba);
  g_free (*edit_string (&edit, "color"));
  *edit_string (&edit, "color") = g_strdup_printf ("#%02x%02x%02x",
                                                   (int) (CLAMP (rgba.red, 0, 1) * 255 + 0.5),
                                                   (int) (CLAMP (rgba.green, 0, 1) * 255 + 0.5),
                                                   (int) (CLAMP (rgba.blue, 0, 1) * 255 + 0.5));
  edit_end (self, &edit, NULL);
}

static void
on_pattern_selected (GtkDropDown    *dropdown,
                     GParamSpec     *pspec,
                     WbLegendEditor *self)
{
  Edit edit;
  guint i = gtk_drop_down_get_selected (dropdown);

  if (!edit_begin (self, &edit) || edit.terrain == NULL || i >= G_N_ELEMENTS (pattern_labels))
    {
      edit_discard (&edit);
      return;
    }
  g_free (edit.terrain->pattern);
  edit.terrain->pattern = g_strdup (pattern_labels[i].value);
  edit_end (self, &edit, NULL);
}

static void
on_style_selected (GtkDropDown    *dropdown,
                   GParamSpec     *pspec,
                   WbLegendEditor *self)
{
  Edit edit;
  guint i = gtk_drop_down_get_selected (dropdown);

  if (!edit_begin (self, &edit) || edit.feature == NULL || i >= G_N_ELEMENTS (style_labels))
    {
      edit_discard (&edit);
      return;
    }
  g_free (edit.feature->style);
  edit.feature->style = g_strdup (style_labels[i].value);
  edit_end (self, &edit, NULL);
}

static void
on_mode_selected (GtkDropDown    *dropdown,
                  GParamSpec     *pspec,
                  WbLegendEditor *self)
{
  Edit edit;
  guint i = gtk_drop_down_get_selected (dropdown);

  if (!edit_begin (self, &edit) || edit.feature == NULL || i > WB_MOVE_PROHIBIT)
    {
      edit_discard (&edit);
      return;
    }
  edit.feature->move_mode = (WbMoveMode) i;
  edit_end (self, &edit, NULL);
}

static void
on_width_changed (GtkSpinButton  *spin,
                  WbLegendEditor *self)
{
  Edit edit;

  if (!edit_begin (self, &edit) || edit.feature == NULL)
    {
      edit_discard (&edit);
      return;
    }
  edit.feature->width = gtk_spin_button_get_value (spin);
  edit_end (self, &edit, "width");
}

static void
on_defense_changed (GtkSpinButton  *spin,
                    WbLegendEditor *self)
{
  Edit edit;

  if (!edit_begin (self, &edit))
    {
      edit_discard (&edit);
      return;
    }
  if (edit.terrain != NULL)
    edit.terrain->defense = gtk_spin_button_get_value (spin);
  else
    edit.feature->defense = gtk_spin_button_get_value (spin);
  edit_end (self, &edit, "defense");
}

static void
on_flag_toggled (GtkCheckButton *check,
                 WbLegendEditor *self)
{
  Edit edit;
  gboolean active = gtk_check_button_get_active (check);

  if (!edit_begin (self, &edit))
    {
      edit_discard (&edit);
      return;
    }
  if (GTK_WIDGET (check) == self->zoc_check && edit.feature != NULL)
    edit.feature->blocks_zoc = active;
  else if (edit.terrain != NULL)
    edit.terrain->blocks_los = active;
  else
    edit.feature->blocks_los = active;
  edit_end (self, &edit, NULL);
}

static MoveRow *
find_move_row (WbLegendEditor *self,
               const char     *klass)
{
  for (guint i = 0; i < self->move_rows->len; i++)
    if (g_array_index (self->move_rows, MoveRow, i).klass == klass)
      return &g_array_index (self->move_rows, MoveRow, i);
  return NULL;
}

static void
on_move_own_toggled (GtkCheckButton *check,
                     WbLegendEditor *self)
{
  const char *klass = g_object_get_data (G_OBJECT (check), "klass");
  MoveRow *row = find_move_row (self, klass);
  Edit edit;

  if (!edit_begin (self, &edit) || row == NULL)
    {
      edit_discard (&edit);
      return;
    }
  if (gtk_check_button_get_active (check))
    move_set (edit_move (&edit), klass, gtk_spin_button_get_value (GTK_SPIN_BUTTON (row->spin)));
  else
    move_unset (edit_move (&edit), klass);
  edit_end (self, &edit, NULL);
}

static void
on_move_spin_changed (GtkSpinButton  *spin,
                      WbLegendEditor *self)
{
  const char *klass = g_object_get_data (G_OBJECT (spin), "klass");
  g_autofree char *key = g_strdup_printf ("move:%s", klass);
  Edit edit;

  if (!edit_begin (self, &edit))
    {
      edit_discard (&edit);
      return;
    }
  move_set (edit_move (&edit), klass, gtk_spin_button_get_value (spin));
  edit_end (self, &edit, key);
}

static void
on_move_prohibited_toggled (GtkCheckButton *check,
                            WbLegendEditor *self)
{
  const char *klass = g_object_get_data (G_OBJECT (check), "klass");
  MoveRow *row = find_move_row (self, klass);
  Edit edit;

  if (!edit_begin (self, &edit) || row == NULL)
    {
      edit_discard (&edit);
      return;
    }
  move_set (edit_move (&edit), klass,
            gtk_check_button_get_active (check) ? -1
                                                : gtk_spin_button_get_value (GTK_SPIN_BUTTON (row->spin)));
  edit_end (self, &edit, NULL);
}

static void
on_negate_toggled (GtkCheckButton *check,
                   WbLegendEditor *self)
{
  const char *id = g_object_get_data (G_OBJECT (check), "negate");
  Edit edit;
  guint index;

  if (!edit_begin (self, &edit) || edit.feature == NULL)
    {
      edit_discard (&edit);
      return;
    }
  if (gtk_check_button_get_active (check))
    {
      if (!g_ptr_array_find_with_equal_func (edit.feature->negates, id, g_str_equal, NULL))
        g_ptr_array_add (edit.feature->negates, (gpointer) id);
    }
  else if (g_ptr_array_find_with_equal_func (edit.feature->negates, id, g_str_equal, &index))
    g_ptr_array_remove_index (edit.feature->negates, index);
  edit_end (self, &edit, NULL);
}

/* Actions -------------------------------------------------------------------- */

static void
focus_name (WbLegendEditor *self)
{
  gtk_widget_grab_focus (self->name_entry);
  gtk_editable_select_region (GTK_EDITABLE (self->name_entry), 0, -1);
}

static void
add_terrain_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  WbLegendEditor *self = WB_LEGEND_EDITOR (widget);
  const char *name = _("New terrain");
  g_autofree char *id = NULL;
  WbTerrainType *t;
  char key;

  if (self->game == NULL)
    return;
  key = wb_legend_pick_terrain_key (self->game, name);
  if (key == 0)
    {
      set_message (self, _("Every map key is taken: a game holds at most 94 terrain types"));
      return;
    }
  id = wb_legend_make_terrain_id (self->game, name);
  t = wb_terrain_type_new (id);
  t->name = g_strdup (name);
  t->key = key;
  t->color = g_strdup ("#d9d0b0");
  t->pattern = g_strdup ("none");
  g_array_append_val (t->move, ((WbMoveCost) { g_intern_static_string ("*"), 1 }));
  if (push (self, wb_command_add_terrain_new (self->game, t)))
    {
      wb_legend_editor_select (self, FALSE, id);
      focus_name (self);
    }
  wb_terrain_type_free (t);
}

static void
add_feature_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  WbLegendEditor *self = WB_LEGEND_EDITOR (widget);
  static const char *styles[] = { "marker", "creek", "road", "river" };
  const char *names[] = { _("New hex feature"), _("New hexside feature"), _("New connection"),
                          _("New crossing") };
  g_autofree char *id = NULL;
  WbFeatureWhere where;
  WbFeatureType *f;

  if (self->game == NULL ||
      !wb_feature_where_from_string (g_variant_get_string (parameter, NULL), &where))
    return;
  id = wb_legend_make_feature_id (self->game, names[where]);
  f = wb_feature_type_new (id, where);
  f->name = g_strdup (names[where]);
  f->style = g_strdup (styles[where]);
  if (push (self, wb_command_add_feature_new (self->game, f)))
    {
      wb_legend_editor_select (self, TRUE, id);
      focus_name (self);
    }
  wb_feature_type_free (f);
}

static void
replace_terrain_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  WbLegendEditor *self = WB_LEGEND_EDITOR (widget);
  WbTerrainType *t = selected_terrain (self);
  WbTerrainType *by;
  guint n;

  if (t == NULL)
    return;
  by = wb_game_find_terrain (self->game, g_variant_get_string (parameter, NULL));
  n = wb_legend_count_terrain (self->game, t->id, NULL, NULL);
  if (push (self, wb_command_remove_terrain_new (self->game, t->id, g_variant_get_string (parameter, NULL))) &&
      by != NULL)
    {
      g_autofree char *done = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                            "Repainted %u hex with “%s”",
                                                            "Repainted %u hexes with “%s”", n),
                                               n, by->name != NULL ? by->name : by->id);
      set_message (self, done);
    }
}

static void
on_replace_response (GtkDialog      *dialog,
                     int             response,
                     WbLegendEditor *self)
{
  GtkWidget *dropdown = g_object_get_data (G_OBJECT (dialog), "dropdown");
  GPtrArray *others = g_object_get_data (G_OBJECT (dialog), "others");

  if (response == GTK_RESPONSE_ACCEPT && dropdown != NULL)
    {
      guint i = gtk_drop_down_get_selected (GTK_DROP_DOWN (dropdown));

      if (i < others->len)
        gtk_widget_activate_action (GTK_WIDGET (self), "legend.replace-terrain", "s",
                                    (const char *) g_ptr_array_index (others, i));
    }
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* A terrain type hexes use: say so, and offer to repaint them. */
static void
ask_replacement (WbLegendEditor *self,
                 WbTerrainType  *t)
{
  GtkWidget *dialog, *area;
  GPtrArray *all = wb_game_get_terrain (self->game);
  GPtrArray *others = g_ptr_array_new ();
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  WbHexMap *first_map = NULL;
  WbOffset first = { 0, 0 };
  guint n = wb_legend_count_terrain (self->game, t->id, &first_map, &first);
  g_autofree char *title = NULL;
  g_autofree char *where = NULL;
  char hex[32] = "";

  for (guint i = 0; i < all->len; i++)
    {
      WbTerrainType *o = g_ptr_array_index (all, i);

      if (o == t)
        continue;
      g_ptr_array_add (others, (gpointer) o->id);
      gtk_string_list_append (names, o->name != NULL ? o->name : o->id);
    }

  if (first_map != NULL)
    wb_hex_map_format_hex (first_map, first, hex, sizeof hex);
  title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "“%s” is used by %u hex",
                                        "“%s” is used by %u hexes", n),
                           t->name != NULL ? t->name : t->id, n);
  /* Translators: a hex number and a map name */
  where = g_strdup_printf (_("The first is %s on “%s”."), hex,
                           first_map != NULL ? wb_map_get_name (WB_MAP (first_map)) : "");
  dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE, "%s", title);
  g_object_set_data_full (G_OBJECT (dialog), "others", others, (GDestroyNotify) g_ptr_array_unref);
  if (others->len == 0)
    {
      gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s %s", where,
                                                _("It is the only terrain type, so it stays."));
      gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Close"), GTK_RESPONSE_CANCEL);
    }
  else
    {
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
      GtkWidget *label = gtk_label_new_with_mnemonic (_("_Repaint them with"));
      GtkWidget *dropdown = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (names)), NULL);
      GtkWidget *button;

      gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s %s", where,
                                                _("To remove it, its hexes need another terrain type. "
                                                  "Undo paints them back."));
      gtk_label_set_mnemonic_widget (GTK_LABEL (label), dropdown);
      gtk_widget_set_name (dropdown, "replacement-dropdown");
      gtk_box_append (GTK_BOX (row), label);
      gtk_box_append (GTK_BOX (row), dropdown);
      gtk_widget_set_halign (row, GTK_ALIGN_CENTER);
      area = gtk_message_dialog_get_message_area (GTK_MESSAGE_DIALOG (dialog));
      gtk_box_append (GTK_BOX (area), row);
      g_object_set_data (G_OBJECT (dialog), "dropdown", dropdown);
      gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Keep It"), GTK_RESPONSE_CANCEL);
      button = gtk_dialog_add_button (GTK_DIALOG (dialog), _("Repaint and _Remove"), GTK_RESPONSE_ACCEPT);
      gtk_widget_add_css_class (button, "destructive-action");
    }
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  g_signal_connect (dialog, "response", G_CALLBACK (on_replace_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
remove_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  WbLegendEditor *self = WB_LEGEND_EDITOR (widget);
  WbTerrainType *t = selected_terrain (self);
  WbFeatureType *f = selected_feature (self);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbCommand) command = NULL;
  g_autofree char *name = NULL;
  guint uses = 0;

  if (t == NULL && f == NULL)
    return;
  if (f != NULL)
    {
      uses = wb_legend_count_feature (self->game, f->id, NULL, NULL, NULL, NULL, NULL);
      name = g_strdup (f->name != NULL ? f->name : f->id);
      command = wb_command_remove_feature_new (self->game, f->id);
    }
  else
    command = wb_command_remove_terrain_new (self->game, t->id, NULL);

  if (!wb_edit_push (self->game, self->stack, command, &error))
    {
      set_message (self, error->message);
      if (t != NULL && g_error_matches (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_INVALID))
        ask_replacement (self, t);
      return;
    }
  if (f != NULL && uses > 0)
    {
      g_autofree char *done = g_strdup_printf (_("Removed “%s” and took it off the map (%u places); "
                                                 "undo puts it back"), name, uses);
      set_message (self, done);
    }
  else
    set_message (self, NULL);
}

static void
undo_redo_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (widget));

  if (parent != NULL)
    gtk_widget_activate_action (GTK_WIDGET (parent),
                                g_str_equal (action_name, "legend.undo") ? "win.undo" : "win.redo",
                                NULL);
}

/* Building ----------------------------------------------------------------- */

static GtkWidget *
list_section (WbLegendEditor *self,
              const char     *title,
              GtkWidget     **list,
              const char     *list_name,
              GtkWidget      *buttons)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *head = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (title);
  GtkWidget *scrolled = gtk_scrolled_window_new ();

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (head), label);
  gtk_box_append (GTK_BOX (head), buttons);
  gtk_box_append (GTK_BOX (box), head);

  *list = gtk_list_box_new ();
  gtk_widget_set_name (*list, list_name);
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (*list), GTK_SELECTION_SINGLE);
  gtk_widget_add_css_class (*list, "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (*list), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
  g_signal_connect (*list, "row-selected", G_CALLBACK (on_row_selected), self);

  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), *list);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_has_frame (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_box_append (GTK_BOX (box), scrolled);
  {
    /* Shown instead of an empty list. */
    GtkWidget *none = gtk_label_new (_("None yet: + adds one"));

    gtk_widget_add_css_class (none, "dim-label");
    gtk_label_set_xalign (GTK_LABEL (none), 0);
    gtk_widget_set_visible (none, FALSE);
    gtk_box_append (GTK_BOX (box), none);
    g_object_set_data (G_OBJECT (*list), "none", none);
    g_object_set_data (G_OBJECT (*list), "scrolled", scrolled);
  }
  return box;
}

static GtkWidget *
icon_button (const char *icon,
             const char *tooltip,
             const char *action)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
  gtk_widget_add_css_class (button, "flat");
  if (action != NULL)
    gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  return button;
}

/* A labelled row of the form; @kind: 0 both, 1 terrain only, 2 feature only. */
static void
form_row (WbLegendEditor *self,
          int            *row,
          const char     *label_text,
          GtkWidget      *field,
          int             kind)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (label_text);

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), field);
  gtk_grid_attach (GTK_GRID (self->form), label, 0, *row, 1, 1);
  gtk_grid_attach (GTK_GRID (self->form), field, 1, *row, 1, 1);
  if (kind == 1)
    {
      g_ptr_array_add (self->terrain_only, label);
      g_ptr_array_add (self->terrain_only, field);
    }
  else if (kind == 2)
    {
      g_ptr_array_add (self->feature_only, label);
      g_ptr_array_add (self->feature_only, field);
    }
  (*row)++;
}

static GtkWidget *
choice_dropdown (const Choice *choices,
                 guint         n,
                 const char   *name)
{
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);
  GtkWidget *dropdown;

  for (guint i = 0; i < n; i++)
    gtk_string_list_append (list, _(choices[i].label));
  dropdown = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (list)), NULL);
  gtk_widget_set_name (dropdown, name);
  gtk_widget_set_halign (dropdown, GTK_ALIGN_START);
  return dropdown;
}

static GtkWidget *
section_heading (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  gtk_widget_set_margin_top (label, 12);
  return label;
}

static GtkWidget *
build_form (WbLegendEditor *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *titles = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *combat_head, *negates_head;
  g_autoptr(GtkStringList) modes = gtk_string_list_new (NULL);
  int row = 0;

  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_bottom (box, 18);

  self->preview = swatch_new (self, NULL, FALSE, PREVIEW_WIDTH, PREVIEW_HEIGHT);
  gtk_widget_set_tooltip_text (self->preview, _("As the map draws it"));
  self->heading = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->heading), 0);
  gtk_label_set_ellipsize (GTK_LABEL (self->heading), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (self->heading, "title-2");
  self->usage_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->usage_label), 0);
  gtk_widget_add_css_class (self->usage_label, "dim-label");
  gtk_label_set_selectable (GTK_LABEL (self->usage_label), TRUE);
  gtk_box_append (GTK_BOX (titles), self->heading);
  gtk_box_append (GTK_BOX (titles), self->usage_label);
  gtk_widget_set_valign (titles, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (top), self->preview);
  gtk_box_append (GTK_BOX (top), titles);
  gtk_box_append (GTK_BOX (box), top);

  gtk_box_append (GTK_BOX (box), section_heading (_("Appearance")));
  self->form = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (self->form), 8);
  gtk_grid_set_column_spacing (GTK_GRID (self->form), 12);

  self->name_entry = gtk_entry_new ();
  gtk_widget_set_name (self->name_entry, "name-entry");
  gtk_widget_set_hexpand (self->name_entry, TRUE);
  gtk_widget_set_tooltip_text (self->name_entry, _("The name the legend and the status bar show"));
  wb_text_field_guard (GTK_ENTRY (self->name_entry), G_CALLBACK (name_apply), self);
  form_row (self, &row, _("_Name"), self->name_entry, 0);

  self->where_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->where_label), 0);
  form_row (self, &row, _("Applies to"), self->where_label, 2);

  self->color_button = gtk_color_button_new ();
  gtk_widget_set_name (self->color_button, "color-button");
  gtk_color_chooser_set_use_alpha (GTK_COLOR_CHOOSER (self->color_button), FALSE);
  gtk_widget_set_halign (self->color_button, GTK_ALIGN_START);
  g_signal_connect (self->color_button, "color-set", G_CALLBACK (on_color_set), self);
  form_row (self, &row, _("_Colour"), self->color_button, 0);

  self->pattern_dropdown = choice_dropdown (pattern_labels, G_N_ELEMENTS (pattern_labels), "pattern-dropdown");
  gtk_widget_set_tooltip_text (self->pattern_dropdown, _("The symbols drawn over the colour"));
  g_signal_connect (self->pattern_dropdown, "notify::selected", G_CALLBACK (on_pattern_selected), self);
  form_row (self, &row, _("_Pattern"), self->pattern_dropdown, 1);

  self->style_dropdown = choice_dropdown (style_labels, G_N_ELEMENTS (style_labels), "style-dropdown");
  gtk_widget_set_tooltip_text (self->style_dropdown, _("How the map draws it"));
  g_signal_connect (self->style_dropdown, "notify::selected", G_CALLBACK (on_style_selected), self);
  form_row (self, &row, _("_Style"), self->style_dropdown, 2);

  self->width_spin = gtk_spin_button_new_with_range (0, 1, 0.01);
  wb_number_field_guard (GTK_SPIN_BUTTON (self->width_spin));
  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (self->width_spin), 2);
  gtk_widget_set_name (self->width_spin, "width-spin");
  gtk_widget_set_halign (self->width_spin, GTK_ALIGN_START);
  gtk_widget_set_tooltip_text (self->width_spin,
                               _("Line width as a fraction of the hex size; 0 uses the style’s own"));
  g_signal_connect (self->width_spin, "value-changed", G_CALLBACK (on_width_changed), self);
  form_row (self, &row, _("Line _width"), self->width_spin, 2);

  self->note_entry = gtk_entry_new ();
  gtk_widget_set_name (self->note_entry, "note-entry");
  gtk_widget_set_tooltip_text (self->note_entry, _("Combat effects and anything else, as the rules print them"));
  wb_text_field_guard (GTK_ENTRY (self->note_entry), G_CALLBACK (note_apply), self);
  form_row (self, &row, _("N_ote"), self->note_entry, 0);

  self->roles_entry = gtk_entry_new ();
  gtk_widget_set_name (self->roles_entry, "roles-entry");
  gtk_widget_set_tooltip_text (self->roles_entry,
                               _("What the rules treat it as, whatever its name (a river crossing, a railroad): "
                                 "the roles the game’s rules know, separated by commas; Enter sets them"));
  wb_text_field_guard (GTK_ENTRY (self->roles_entry), G_CALLBACK (roles_apply), self);
  form_row (self, &row, _("_Roles"), self->roles_entry, 2);
  gtk_box_append (GTK_BOX (box), self->form);

  /* Movement. */
  gtk_box_append (GTK_BOX (box), section_heading (_("Movement")));
  {
    GtkWidget *mode_grid = gtk_grid_new ();
    GtkWidget *label = gtk_label_new_with_mnemonic (_("_Effect"));

    for (guint i = 0; i < G_N_ELEMENTS (mode_labels); i++)
      gtk_string_list_append (modes, _(mode_labels[i]));
    self->mode_dropdown = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (modes)), NULL);
    gtk_widget_set_name (self->mode_dropdown, "move-mode-dropdown");
    gtk_widget_set_tooltip_text (self->mode_dropdown, _("How the feature changes the cost of moving"));
    g_signal_connect (self->mode_dropdown, "notify::selected", G_CALLBACK (on_mode_selected), self);
    gtk_label_set_mnemonic_widget (GTK_LABEL (label), self->mode_dropdown);
    gtk_widget_add_css_class (label, "dim-label");
    gtk_grid_set_column_spacing (GTK_GRID (mode_grid), 12);
    gtk_grid_attach (GTK_GRID (mode_grid), label, 0, 0, 1, 1);
    gtk_grid_attach (GTK_GRID (mode_grid), self->mode_dropdown, 1, 0, 1, 1);
    g_ptr_array_add (self->feature_only, mode_grid);
    gtk_box_append (GTK_BOX (box), mode_grid);
  }
  self->move_grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (self->move_grid), 4);
  gtk_grid_set_column_spacing (GTK_GRID (self->move_grid), 16);
  gtk_box_append (GTK_BOX (box), self->move_grid);

  /* Combat and sight. */
  combat_head = section_heading (_("Combat and Sight"));
  gtk_box_append (GTK_BOX (box), combat_head);
  {
    GtkWidget *grid = gtk_grid_new ();
    GtkWidget *label = gtk_label_new_with_mnemonic (_("_Defence ×"));

    gtk_grid_set_row_spacing (GTK_GRID (grid), 8);
    gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
    self->defense_spin = gtk_spin_button_new_with_range (0, 100, 0.5);
    wb_number_field_guard (GTK_SPIN_BUTTON (self->defense_spin));
    gtk_spin_button_set_digits (GTK_SPIN_BUTTON (self->defense_spin), 1);
    gtk_widget_set_name (self->defense_spin, "defense-spin");
    gtk_widget_set_tooltip_text (self->defense_spin,
                                 _("Multiplies a defender’s strength (1: no effect, 2: doubled)"));
    g_signal_connect (self->defense_spin, "value-changed", G_CALLBACK (on_defense_changed), self);
    gtk_label_set_mnemonic_widget (GTK_LABEL (label), self->defense_spin);
    gtk_widget_add_css_class (label, "dim-label");
    gtk_grid_attach (GTK_GRID (grid), label, 0, 0, 1, 1);
    gtk_grid_attach (GTK_GRID (grid), self->defense_spin, 1, 0, 1, 1);

    self->los_check = gtk_check_button_new_with_mnemonic (_("Blocks _line of sight"));
    gtk_widget_set_name (self->los_check, "los-check");
    g_signal_connect (self->los_check, "toggled", G_CALLBACK (on_flag_toggled), self);
    gtk_grid_attach (GTK_GRID (grid), self->los_check, 0, 1, 2, 1);
    self->zoc_check = gtk_check_button_new_with_mnemonic (_("Blocks _zones of control"));
    gtk_widget_set_name (self->zoc_check, "zoc-check");
    g_signal_connect (self->zoc_check, "toggled", G_CALLBACK (on_flag_toggled), self);
    gtk_grid_attach (GTK_GRID (grid), self->zoc_check, 0, 2, 2, 1);
    g_ptr_array_add (self->feature_only, self->zoc_check);
    gtk_box_append (GTK_BOX (box), grid);
  }

  negates_head = section_heading (_("Cancels"));
  gtk_widget_set_tooltip_text (negates_head, _("Features on the same place this one cancels: a ford cancels a creek"));
  gtk_box_append (GTK_BOX (box), negates_head);
  g_ptr_array_add (self->feature_only, negates_head);
  self->negates_box = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (self->negates_box), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (self->negates_box), 4);
  gtk_box_append (GTK_BOX (box), self->negates_box);
  g_ptr_array_add (self->feature_only, self->negates_box);

  return box;
}

static void
wb_legend_editor_dispose (GObject *object)
{
  WbLegendEditor *self = WB_LEGEND_EDITOR (object);

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_object (&self->stack);

  G_OBJECT_CLASS (wb_legend_editor_parent_class)->dispose (object);
}

static void
wb_legend_editor_finalize (GObject *object)
{
  WbLegendEditor *self = WB_LEGEND_EDITOR (object);

  g_array_unref (self->move_rows);
  g_ptr_array_unref (self->terrain_only);
  g_ptr_array_unref (self->feature_only);
  g_free (self->move_key);
  g_free (self->negates_key);
  g_free (self->message);

  G_OBJECT_CLASS (wb_legend_editor_parent_class)->finalize (object);
}

static void
wb_legend_editor_class_init (WbLegendEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = wb_legend_editor_dispose;
  object_class->finalize = wb_legend_editor_finalize;

  gtk_widget_class_install_action (widget_class, "legend.add-terrain", NULL, add_terrain_action);
  gtk_widget_class_install_action (widget_class, "legend.add-feature", "s", add_feature_action);
  gtk_widget_class_install_action (widget_class, "legend.remove", NULL, remove_action);
  gtk_widget_class_install_action (widget_class, "legend.replace-terrain", "s", replace_terrain_action);
  gtk_widget_class_install_action (widget_class, "legend.undo", NULL, undo_redo_action);
  gtk_widget_class_install_action (widget_class, "legend.redo", NULL, undo_redo_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "legend.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "legend.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_l, GDK_CONTROL_MASK, "window.close", NULL);
}

static void
wb_legend_editor_init (WbLegendEditor *self)
{
  GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_HORIZONTAL);
  GtkWidget *left = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *right = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *terrain_buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *feature_buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *add_feature = gtk_menu_button_new ();
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *empty = gtk_label_new (_("Select a terrain or feature type to edit it"));
  g_autoptr(GMenu) where_menu = g_menu_new ();

  self->move_rows = g_array_new (FALSE, FALSE, sizeof (MoveRow));
  self->terrain_only = g_ptr_array_new ();
  self->feature_only = g_ptr_array_new ();

  gtk_window_set_title (GTK_WINDOW (self), _("Map Legend"));
  gtk_window_set_default_size (GTK_WINDOW (self), 900, 720);
  gtk_window_set_hide_on_close (GTK_WINDOW (self), TRUE);

  gtk_box_append (GTK_BOX (terrain_buttons),
                  icon_button ("list-add-symbolic", _("Add a terrain type"), "legend.add-terrain"));
  g_menu_append (where_menu, _("Hex Feature (town, ferry…)"), "legend.add-feature::hex");
  g_menu_append (where_menu, _("Hexside Feature (creek, road…)"), "legend.add-feature::hexside");
  g_menu_append (where_menu, _("Connection Class (pike, railroad…)"), "legend.add-feature::connection");
  g_menu_append (where_menu, _("Crossing (river, gap…)"), "legend.add-feature::crossing");
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (add_feature), "list-add-symbolic");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (add_feature), G_MENU_MODEL (where_menu));
  gtk_widget_set_tooltip_text (add_feature, _("Add a feature type"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (add_feature), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Add a feature type"), -1);
  gtk_widget_add_css_class (add_feature, "flat");
  gtk_box_append (GTK_BOX (feature_buttons), add_feature);

  gtk_widget_set_margin_start (left, 12);
  gtk_widget_set_margin_end (left, 6);
  gtk_widget_set_margin_top (left, 12);
  gtk_widget_set_margin_bottom (left, 12);
  gtk_box_append (GTK_BOX (left), list_section (self, _("Terrain Types"), &self->terrain_list,
                                                "terrain-list", terrain_buttons));
  gtk_box_append (GTK_BOX (left), list_section (self, _("Feature Types"), &self->feature_list,
                                                "feature-list", feature_buttons));
  self->remove_button = gtk_button_new_with_mnemonic (_("_Remove Selected"));
  gtk_widget_set_tooltip_text (self->remove_button,
                               _("Remove the selected type; what the map has of it can be repainted or "
                                 "taken off, and undo brings it all back"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->remove_button), "legend.remove");
  gtk_widget_set_halign (self->remove_button, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (left), self->remove_button);
  gtk_widget_set_size_request (left, 280, -1);

  self->pages = gtk_stack_new ();
  gtk_widget_add_css_class (empty, "dim-label");
  gtk_stack_add_named (GTK_STACK (self->pages), empty, "empty");
  gtk_stack_add_named (GTK_STACK (self->pages), build_form (self), "form");
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), self->pages);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_box_append (GTK_BOX (right), scrolled);

  self->message_label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->message_label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->message_label), 0);
  gtk_widget_set_margin_start (self->message_label, 18);
  gtk_widget_set_margin_end (self->message_label, 18);
  gtk_widget_set_margin_bottom (self->message_label, 12);
  gtk_widget_set_margin_top (self->message_label, 6);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->message_label),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Message"), -1);
  gtk_widget_set_visible (self->message_label, FALSE);
  gtk_box_append (GTK_BOX (right), self->message_label);

  gtk_paned_set_start_child (GTK_PANED (paned), left);
  gtk_paned_set_end_child (GTK_PANED (paned), right);
  gtk_paned_set_resize_start_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_shrink_start_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_shrink_end_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_position (GTK_PANED (paned), 320);
  gtk_window_set_child (GTK_WINDOW (self), paned);

  refresh (self);
}

GtkWidget *
wb_legend_editor_new (GtkWindow   *parent,
                      WbGame      *game,
                      WbUndoStack *stack)
{
  WbLegendEditor *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  self = g_object_new (WB_TYPE_LEGEND_EDITOR, "transient-for", parent, NULL);
  wb_legend_editor_set_target (self, game, stack);
  return GTK_WIDGET (self);
}

void
wb_legend_editor_set_target (WbLegendEditor *self,
                             WbGame         *game,
                             WbUndoStack    *stack)
{
  g_return_if_fail (WB_IS_LEGEND_EDITOR (self));
  g_return_if_fail (game == NULL || WB_IS_GAME (game));
  g_return_if_fail (stack == NULL || WB_IS_UNDO_STACK (stack));

  g_set_object (&self->stack, stack);
  if (game == self->game)
    {
      refresh (self);
      return;
    }
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game != NULL)
    g_signal_connect_object (game, "changed", G_CALLBACK (on_game_changed), self, G_CONNECT_SWAPPED);
  self->sel_id = NULL;
  set_message (self, NULL);
  g_clear_pointer (&self->move_key, g_free);
  g_clear_pointer (&self->negates_key, g_free);
  refresh (self);
}

WbGame *
wb_legend_editor_get_game (WbLegendEditor *self)
{
  g_return_val_if_fail (WB_IS_LEGEND_EDITOR (self), NULL);
  return self->game;
}

gboolean
wb_legend_editor_select (WbLegendEditor *self,
                         gboolean        feature,
                         const char     *id)
{
  g_return_val_if_fail (WB_IS_LEGEND_EDITOR (self), FALSE);

  if (self->game == NULL || id == NULL ||
      (feature ? (gpointer) wb_game_find_feature (self->game, id)
               : (gpointer) wb_game_find_terrain (self->game, id)) == NULL)
    return FALSE;
  self->sel_feature = feature;
  self->sel_id = g_intern_string (id);
  if (self->stack != NULL)
    wb_undo_stack_seal (self->stack);
  refresh (self);
  return TRUE;
}

const char *
wb_legend_editor_get_selected (WbLegendEditor *self,
                               gboolean       *feature)
{
  g_return_val_if_fail (WB_IS_LEGEND_EDITOR (self), NULL);
  if (feature != NULL)
    *feature = self->sel_feature;
  return self->sel_id;
}

const char *
wb_legend_editor_get_message (WbLegendEditor *self)
{
  g_return_val_if_fail (WB_IS_LEGEND_EDITOR (self), NULL);
  return self->message;
}
