/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-legend-editor"

#include "config.h"

#include <glib/gi18n.h>

#include "wb-legend-private.h"

/* The Map Legend's two lists (terrain types, feature types): a row per
 * type with its swatch, drawn as the map draws it, and its use on the maps;
 * the row picked is the selection the form edits. */

#define SWATCH_WIDTH  44
#define SWATCH_HEIGHT 28

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

GtkWidget *
_wb_legend_swatch_new (WbLegendEditor *self,
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

const char *
_wb_legend_where_text (WbFeatureWhere where)
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
GHashTable *
_wb_legend_count_terrain (WbGame *game)
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

char *
_wb_legend_terrain_usage (guint n)
{
  if (n == 0)
    return g_strdup (_("Not on the map"));
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u hex", "%u hexes", n), n);
}

char *
_wb_legend_feature_usage (WbGame        *game,
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
  GtkWidget *swatch = _wb_legend_swatch_new (self, id, feature, SWATCH_WIDTH, SWATCH_HEIGHT);

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
void
_wb_legend_sync_list (WbLegendEditor *self,
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
          usage = _wb_legend_feature_usage (self->game, f);
          /* Translators: a feature's place and use, "Hexside feature · 87 hexsides" */
          subtitle = g_strdup_printf (_("%s · %s"), _wb_legend_where_text (f->where), usage);
        }
      else
        {
          WbTerrainType *t = g_ptr_array_index (records, i);

          name = t->name != NULL ? t->name : t->id;
          usage = _wb_legend_terrain_usage (GPOINTER_TO_UINT (g_hash_table_lookup (terrain_counts, t->id)));
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
  _wb_legend_set_message (self, NULL);
  _wb_legend_refresh (self);
}

GtkWidget *
_wb_legend_list_section (WbLegendEditor *self,
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
