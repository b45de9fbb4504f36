/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-resize-dialog"
#include "config.h"

#include <glib/gi18n.h>

#include "wb-edit.h"
#include "wb-resize-dialog.h"

/* The Resize Map dialog: a hex map's new size and where its content
 * stays. */

struct _WbResizeDialog
{
  AdwWindow        parent_instance;

  /* Template children. */
  AdwWindowTitle  *window_title;
  GtkSpinButton   *cols_spin;
  GtkSpinButton   *rows_spin;
  GtkGrid         *anchor_grid;
  AdwComboRow     *fill_row;
  GtkLabel        *summary_label;
  GtkLabel        *warning_label;
  GtkWidget       *resize_button;

  GtkToggleButton *anchors[3][3];   /* [row][col] */
  int              anchor_col, anchor_row;
  GPtrArray       *terrain_ids;     /* interned, parallel to the fill row's model */
  const char      *common;          /* the map's commonest terrain */
  char            *error;

  WbGame          *game;
  WbHexMap        *map;
  WbUndoStack     *stack;
};

G_DEFINE_FINAL_TYPE (WbResizeDialog, wb_resize_dialog, ADW_TYPE_WINDOW)

/* Content that a resize would lose: terrain other than the commonest, a
 * level, a label, features on the hex or its sides. */
static gboolean
has_content (WbResizeDialog *self,
             WbOffset        hex)
{
  GPtrArray *features = wb_hex_map_get_hex_features (self->map, hex);
  const char *label = wb_hex_map_get_label (self->map, hex);

  if (wb_hex_map_get_terrain (self->map, hex) != self->common ||
      wb_hex_map_get_elevation (self->map, hex) != 0 ||
      (label != NULL && *label) || (features != NULL && features->len > 0))
    return TRUE;
  for (int dir = 0; dir < WB_HEX_DIRECTIONS; dir++)
    {
      GPtrArray *side = wb_hex_map_get_side_features (self->map, hex, dir);

      if (side != NULL && side->len > 0)
        return TRUE;
    }
  return FALSE;
}

void
wb_resize_dialog_get_shift (WbResizeDialog *self,
                            int            *dcol,
                            int            *drow)
{
  int dw, dh;

  g_return_if_fail (WB_IS_RESIZE_DIALOG (self));

  dw = gtk_spin_button_get_value_as_int (self->cols_spin) - wb_hex_map_get_cols (self->map);
  dh = gtk_spin_button_get_value_as_int (self->rows_spin) - wb_hex_map_get_rows (self->map);
  /* Anchored left/top the content stays put; right/bottom it moves by the
   * whole change; centred by half of it. */
  if (dcol != NULL)
    *dcol = self->anchor_col == 0 ? 0 : self->anchor_col == 1 ? dw / 2 : dw;
  if (drow != NULL)
    *drow = self->anchor_row == 0 ? 0 : self->anchor_row == 1 ? dh / 2 : dh;
}

int
wb_resize_dialog_count_dropped (WbResizeDialog *self)
{
  int cols, rows, dcol, drow, n = 0;
  WbOffset hex;

  g_return_val_if_fail (WB_IS_RESIZE_DIALOG (self), 0);

  cols = gtk_spin_button_get_value_as_int (self->cols_spin);
  rows = gtk_spin_button_get_value_as_int (self->rows_spin);
  wb_resize_dialog_get_shift (self, &dcol, &drow);
  for (hex.row = 0; hex.row < wb_hex_map_get_rows (self->map); hex.row++)
    for (hex.col = 0; hex.col < wb_hex_map_get_cols (self->map); hex.col++)
      {
        int c = hex.col + dcol, r = hex.row + drow;

        if ((c < 0 || r < 0 || c >= cols || r >= rows) && has_content (self, hex))
          n++;
      }
  return n;
}

/* The anchor buttons point away from the anchor, as image editors do. */
static void
update_anchor_buttons (WbResizeDialog *self)
{
  static const char * const arrows[3][3] = {
    { "↖", "↑", "↗" },
    { "←", "●", "→" },
    { "↙", "↓", "↘" },
  };

  for (int r = 0; r < 3; r++)
    for (int c = 0; c < 3; c++)
      {
        int dr = r - self->anchor_row, dc = c - self->anchor_col;
        const char *text = ABS (dr) <= 1 && ABS (dc) <= 1 ? arrows[dr + 1][dc + 1] : "";

        gtk_button_set_label (GTK_BUTTON (self->anchors[r][c]), text);
      }
}

static void
update (WbResizeDialog *self)
{
  int cols = gtk_spin_button_get_value_as_int (self->cols_spin);
  int rows = gtk_spin_button_get_value_as_int (self->rows_spin);
  int dropped = wb_resize_dialog_count_dropped (self);
  gboolean same = cols == wb_hex_map_get_cols (self->map) && rows == wb_hex_map_get_rows (self->map);
  g_autofree char *summary = NULL;
  g_autofree char *warning = NULL;

  /* Translators: "New size: 40 × 30 hexes (now 32 × 22)" */
  summary = g_strdup_printf (_("New size: %d × %d hexes (now %d × %d)"), cols, rows,
                             wb_hex_map_get_cols (self->map), wb_hex_map_get_rows (self->map));
  gtk_label_set_label (self->summary_label, summary);

  if (dropped > 0)
    warning = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                            "%d hex with terrain, a label or features will be dropped.",
                                            "%d hexes with terrain, labels or features will be dropped.",
                                            dropped),
                               dropped);
  else
    warning = g_strdup (same ? _("The map keeps its size.") : _("No content is dropped."));
  gtk_label_set_label (self->warning_label, warning);
  gtk_widget_remove_css_class (GTK_WIDGET (self->warning_label), "error");
  if (dropped > 0)
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->warning_label), "warning");
      gtk_widget_remove_css_class (GTK_WIDGET (self->warning_label), "dim-label");
    }
  else
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->warning_label), "warning");
      gtk_widget_add_css_class (GTK_WIDGET (self->warning_label), "dim-label");
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "resize.apply", !same);
}

void
wb_resize_dialog_set_anchor (WbResizeDialog *self,
                             int             col,
                             int             row)
{
  g_return_if_fail (WB_IS_RESIZE_DIALOG (self));
  g_return_if_fail (col >= 0 && col < 3 && row >= 0 && row < 3);

  self->anchor_col = col;
  self->anchor_row = row;
  if (!gtk_toggle_button_get_active (self->anchors[row][col]))
    gtk_toggle_button_set_active (self->anchors[row][col], TRUE);
  update_anchor_buttons (self);
  update (self);
}

void
wb_resize_dialog_get_anchor (WbResizeDialog *self,
                             int            *col,
                             int            *row)
{
  g_return_if_fail (WB_IS_RESIZE_DIALOG (self));
  if (col != NULL)
    *col = self->anchor_col;
  if (row != NULL)
    *row = self->anchor_row;
}

static void
on_anchor_toggled (GtkToggleButton *button,
                   WbResizeDialog  *self)
{
  int index = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "anchor"));

  if (gtk_toggle_button_get_active (button))
    wb_resize_dialog_set_anchor (self, index % 3, index / 3);
}

const char *
wb_resize_dialog_get_error (WbResizeDialog *self)
{
  g_return_val_if_fail (WB_IS_RESIZE_DIALOG (self), NULL);
  return self->error;
}

static void
apply_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  WbResizeDialog *self = WB_RESIZE_DIALOG (widget);
  guint fill = adw_combo_row_get_selected (self->fill_row);
  g_autoptr(WbCommand) command = NULL;
  g_autoptr(GError) error = NULL;
  int dcol, drow;

  if (fill == GTK_INVALID_LIST_POSITION || fill >= self->terrain_ids->len)
    return;
  wb_resize_dialog_get_shift (self, &dcol, &drow);
  command = wb_command_resize_hex_map_full_new (self->game, self->map,
                                                     gtk_spin_button_get_value_as_int (self->cols_spin),
                                                     gtk_spin_button_get_value_as_int (self->rows_spin),
                                                     dcol, drow,
                                                     g_ptr_array_index (self->terrain_ids, fill));
  g_clear_pointer (&self->error, g_free);
  if (!wb_edit_push (self->game, self->stack, command, &error))
    {
      self->error = g_strdup (error->message);
      gtk_label_set_label (self->warning_label, error->message);
      gtk_widget_add_css_class (GTK_WIDGET (self->warning_label), "error");
      return;
    }
  gtk_window_destroy (GTK_WINDOW (self));
}

WbResizeDialog *
wb_resize_dialog_new (WbWindow *window)
{
  WbResizeDialog *self;
  WbMap *map;
  GPtrArray *terrain;
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr(GHashTable) counts = g_hash_table_new (NULL, NULL);
  guint best = 0, common_index = 0;
  int max_cols = WB_HEX_MAP_MAX_DIM, max_rows = WB_HEX_MAP_MAX_DIM;
  WbHexNumbering num;
  WbOffset hex;

  g_return_val_if_fail (WB_IS_WINDOW (window), NULL);
  map = wb_map_view_get_map (wb_window_get_map_view (window));
  g_return_val_if_fail (WB_IS_HEX_MAP (map), NULL);

  self = g_object_new (WB_TYPE_RESIZE_DIALOG, "transient-for", window, NULL);
  self->game = g_object_ref (wb_window_get_game (window));
  self->map = g_object_ref (WB_HEX_MAP (map));
  self->stack = g_object_ref (wb_window_get_undo_stack (window));
  adw_window_title_set_subtitle (self->window_title, wb_map_get_name (map));

  /* The commonest terrain is the "empty" one: the default fill, and not
   * counted as content. */
  for (hex.row = 0; hex.row < wb_hex_map_get_rows (self->map); hex.row++)
    for (hex.col = 0; hex.col < wb_hex_map_get_cols (self->map); hex.col++)
      {
        const char *id = wb_hex_map_get_terrain (self->map, hex);
        guint n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, id)) + 1;

        g_hash_table_insert (counts, (gpointer) id, GUINT_TO_POINTER (n));
        if (n > best)
          {
            best = n;
            self->common = id;
          }
      }

  terrain = wb_game_get_terrain (self->game);
  for (guint i = 0; i < terrain->len; i++)
    {
      WbTerrainType *t = g_ptr_array_index (terrain, i);

      g_ptr_array_add (self->terrain_ids, (gpointer) g_intern_string (t->id));
      gtk_string_list_append (names, t->name != NULL ? t->name : t->id);
      if (g_intern_string (t->id) == self->common)
        common_index = i;
    }
  adw_combo_row_set_model (self->fill_row, G_LIST_MODEL (names));
  adw_combo_row_set_selected (self->fill_row, common_index);

  /* Every hex number must still print in the map's numbering: as many
   * columns as a one-row map could number, and rows alike (an oblique
   * numbering that still does not fit is refused by the command). */
  wb_hex_map_get_hex_numbering (self->map, &num);
  while (max_cols > 1 &&
         !wb_hex_numbering_check (&num, wb_hex_map_get_layout (self->map), max_cols, 1, NULL))
    max_cols--;
  while (max_rows > 1 &&
         !wb_hex_numbering_check (&num, wb_hex_map_get_layout (self->map), 1, max_rows, NULL))
    max_rows--;
  gtk_spin_button_set_range (self->cols_spin, 1, max_cols);
  gtk_spin_button_set_range (self->rows_spin, 1, max_rows);
  gtk_spin_button_set_value (self->cols_spin, wb_hex_map_get_cols (self->map));
  gtk_spin_button_set_value (self->rows_spin, wb_hex_map_get_rows (self->map));

  wb_resize_dialog_set_anchor (self, 1, 1);
  return self;
}

static void
wb_resize_dialog_dispose (GObject *object)
{
  WbResizeDialog *self = WB_RESIZE_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), WB_TYPE_RESIZE_DIALOG);
  g_clear_object (&self->stack);
  g_clear_object (&self->map);
  g_clear_object (&self->game);
  G_OBJECT_CLASS (wb_resize_dialog_parent_class)->dispose (object);
}

static void
wb_resize_dialog_finalize (GObject *object)
{
  WbResizeDialog *self = WB_RESIZE_DIALOG (object);

  g_ptr_array_unref (self->terrain_ids);
  g_free (self->error);
  G_OBJECT_CLASS (wb_resize_dialog_parent_class)->finalize (object);
}

static void
wb_resize_dialog_class_init (WbResizeDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = wb_resize_dialog_dispose;
  object_class->finalize = wb_resize_dialog_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/warbench/Warbench/wb-resize-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, WbResizeDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, WbResizeDialog, cols_spin);
  gtk_widget_class_bind_template_child (widget_class, WbResizeDialog, rows_spin);
  gtk_widget_class_bind_template_child (widget_class, WbResizeDialog, anchor_grid);
  gtk_widget_class_bind_template_child (widget_class, WbResizeDialog, fill_row);
  gtk_widget_class_bind_template_child (widget_class, WbResizeDialog, summary_label);
  gtk_widget_class_bind_template_child (widget_class, WbResizeDialog, warning_label);
  gtk_widget_class_bind_template_child (widget_class, WbResizeDialog, resize_button);
  gtk_widget_class_bind_template_callback (widget_class, update);

  gtk_widget_class_install_action (widget_class, "resize.apply", NULL, apply_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
wb_resize_dialog_init (WbResizeDialog *self)
{
  static const char * const tips[3][3] = {
    { N_("Keep the content at the top left"), N_("Keep the content at the top"),
      N_("Keep the content at the top right") },
    { N_("Keep the content at the left"), N_("Keep the content in the centre"),
      N_("Keep the content at the right") },
    { N_("Keep the content at the bottom left"), N_("Keep the content at the bottom"),
      N_("Keep the content at the bottom right") },
  };

  self->terrain_ids = g_ptr_array_new ();
  self->anchor_col = self->anchor_row = 1;
  gtk_widget_init_template (GTK_WIDGET (self));

  for (int r = 0; r < 3; r++)
    for (int c = 0; c < 3; c++)
      {
        GtkWidget *button = gtk_toggle_button_new ();

        gtk_widget_set_size_request (button, 30, 30);
        gtk_widget_set_tooltip_text (button, _(tips[r][c]));
        gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                        GTK_ACCESSIBLE_PROPERTY_LABEL, _(tips[r][c]), -1);
        g_object_set_data (G_OBJECT (button), "anchor", GINT_TO_POINTER (r * 3 + c));
        if (r != 0 || c != 0)
          gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), self->anchors[0][0]);
        g_signal_connect (button, "toggled", G_CALLBACK (on_anchor_toggled), self);
        gtk_grid_attach (self->anchor_grid, button, c, r, 1, 1);
        self->anchors[r][c] = GTK_TOGGLE_BUTTON (button);
      }
}
