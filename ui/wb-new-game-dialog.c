/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-new-game-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "wb-new-game-dialog.h"

enum { KIND_HEX, KIND_POINTS };

struct _WbNewGameDialog
{
  AdwWindow       parent_instance;

  AdwEntryRow    *title_row;
  AdwComboRow    *kind_row;
  GtkWidget      *hex_group;
  GtkWidget      *numbering_group;
  GtkWidget      *point_group;
  GtkSpinButton  *cols_spin;
  GtkSpinButton  *rows_spin;
  AdwComboRow    *orientation_row;
  AdwComboRow    *parity_row;
  GtkSpinButton  *hex_size_spin;
  AdwComboRow    *scheme_row;
  GtkSwitch      *oblique_switch;
  AdwActionRow   *first_col_row;
  GtkSpinButton  *first_col_spin;
  GtkSpinButton  *first_row_spin;
  GtkSpinButton  *digits_spin;
  GtkLabel       *example_label;
  GtkSpinButton  *width_spin;
  GtkSpinButton  *height_spin;
  GtkLabel       *status_label;
  GtkWidget      *create_button;

  WbGame         *target;    /* "Add Map" mode: the game the map goes into; NULL: a new game */
};

G_DEFINE_FINAL_TYPE (WbNewGameDialog, wb_new_game_dialog, ADW_TYPE_WINDOW)

enum { SIGNAL_CREATE, SIGNAL_ADD_MAP, N_SIGNALS };
static guint signals[N_SIGNALS];

static int
spin_int (GtkSpinButton *spin)
{
  return gtk_spin_button_get_value_as_int (spin);
}

static WbHexLayout
chosen_layout (WbNewGameDialog *self)
{
  return (WbHexLayout) {
    adw_combo_row_get_selected (self->orientation_row) == 1 ? WB_HEX_POINTY : WB_HEX_FLAT,
    adw_combo_row_get_selected (self->parity_row) == 1 ? WB_HEX_EVEN : WB_HEX_ODD,
  };
}

/* The scheme row lists the schemes in their enum's order. */
static WbHexNumbering
chosen_numbering (WbNewGameDialog *self)
{
  return (WbHexNumbering) {
    (WbHexNumberingScheme) MIN (adw_combo_row_get_selected (self->scheme_row), WB_HEX_NUMBERING_MIXED),
    gtk_switch_get_active (self->oblique_switch),
    spin_int (self->first_col_spin),
    spin_int (self->first_row_spin),
    spin_int (self->digits_spin),
  };
}

/* Whether the choices are valid; if not, why (transfer full). */
static gboolean
check_choices (WbNewGameDialog *self,
               char           **why)
{
  if (adw_combo_row_get_selected (self->kind_row) == KIND_HEX)
    {
      int cols = spin_int (self->cols_spin), rows = spin_int (self->rows_spin);
      WbHexNumbering num = chosen_numbering (self);
      g_autoptr(GError) error = NULL;
      int last_col = num.first_col + cols - 1;
      int last_row = num.first_row + rows - 1;

      if (cols < 1 || cols > WB_HEX_MAP_MAX_DIM || rows < 1 || rows > WB_HEX_MAP_MAX_DIM)
        {
          /* Translators: %d is the largest number of columns or rows */
          *why = g_strdup_printf (_("A map has 1 to %d columns and rows."), WB_HEX_MAP_MAX_DIM);
          return FALSE;
        }
      if (wb_hex_numbering_check (&num, chosen_layout (self), cols, rows, &error))
        return TRUE;
      /* The straight digits say which number is too long, as a designer
       * counts them; the other schemes say what the numbering lacks. */
      if (num.scheme == WB_HEX_NUMBERING_DIGITS && !num.oblique && last_col >= last_row)
        *why = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             /* Translators: %d are a column number and a digit count */
                                             "The last column number, %d, does not fit in %d digit.",
                                             "The last column number, %d, does not fit in %d digits.",
                                             num.digits),
                                last_col, num.digits);
      else if (num.scheme == WB_HEX_NUMBERING_DIGITS && !num.oblique)
        *why = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             /* Translators: %d are a row number and a digit count */
                                             "The last row number, %d, does not fit in %d digit.",
                                             "The last row number, %d, does not fit in %d digits.",
                                             num.digits),
                                last_row, num.digits);
      else
        /* Translators: %s says why, e.g. "letters name 104 columns at most
         * (A to ZZZZ); this numbering needs 120" */
        *why = g_strdup_printf (_("These hex numbers cannot number the map: %s."), error->message);
      return FALSE;
    }
  return TRUE;
}

/* The first and last hex as the map will print them. */
static void
update_example (WbNewGameDialog *self)
{
  WbHexNumbering num = chosen_numbering (self);
  WbHexLayout layout = chosen_layout (self);
  int cols = spin_int (self->cols_spin), rows = spin_int (self->rows_spin);
  char first[WB_HEX_NUMBER_MAX_LEN], last[WB_HEX_NUMBER_MAX_LEN];
  g_autofree char *text = NULL;

  wb_hex_numbering_format (&num, layout, (WbOffset) { 0, 0 }, first, sizeof first);
  wb_hex_numbering_format (&num, layout, (WbOffset) { cols - 1, rows - 1 }, last, sizeof last);
  /* Translators: the first and last hex numbers of the new map */
  text = g_strdup_printf (_("first hex: %s, last: %s"), first, last);
  gtk_label_set_text (self->example_label, text);
  adw_action_row_set_subtitle (self->first_col_row,
                               num.scheme == WB_HEX_NUMBERING_LETTERS ? _("1 is column A") : "");
}

static void
update (WbNewGameDialog *self)
{
  g_autofree char *why = NULL;
  gboolean hex = adw_combo_row_get_selected (self->kind_row) == KIND_HEX;
  gboolean valid = check_choices (self, &why);

  gtk_widget_set_visible (self->hex_group, hex);
  gtk_widget_set_visible (self->numbering_group, hex);
  gtk_widget_set_visible (self->point_group, !hex);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "new-game.create", valid);
  gtk_label_set_text (self->status_label, why != NULL ? why : "");
  gtk_widget_set_visible (GTK_WIDGET (self->status_label), why != NULL);
  if (hex)
    update_example (self);
}

static void
on_changed (WbNewGameDialog *self)
{
  update (self);
}

/* The map the choices describe, with id @id and every hex @terrain. */
static WbMap *
build_map (WbNewGameDialog *self,
           const char      *id,
           const char      *terrain)
{
  if (adw_combo_row_get_selected (self->kind_row) == KIND_HEX)
    {
      WbHexNumbering num = chosen_numbering (self);
      WbHexMap *map = wb_hex_map_new (id, chosen_layout (self), spin_int (self->cols_spin),
                                      spin_int (self->rows_spin), terrain);

      wb_hex_map_set_hex_size (map, gtk_spin_button_get_value (self->hex_size_spin));
      wb_hex_map_set_hex_numbering (map, &num);
      return WB_MAP (map);
    }
  return WB_MAP (wb_point_map_new (id, gtk_spin_button_get_value (self->width_spin),
                                   gtk_spin_button_get_value (self->height_spin)));
}

WbGame *
wb_new_game_dialog_build_game (WbNewGameDialog *self,
                               char           **why)
{
  g_autofree char *reason = NULL;
  g_autofree char *title = NULL;
  WbGame *game;

  g_return_val_if_fail (WB_IS_NEW_GAME_DIALOG (self), NULL);

  if (!check_choices (self, &reason))
    {
      if (why != NULL)
        *why = g_steal_pointer (&reason);
      return NULL;
    }

  game = wb_game_new_with_map (build_map (self, "map", "clear"));
  title = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->title_row))));
  if (*title)
    wb_game_set_title (game, title);
  return game;
}

WbMap *
wb_new_game_dialog_build_map (WbNewGameDialog *self,
                              char           **why)
{
  g_autofree char *reason = NULL;
  g_autofree char *name = NULL;
  g_autofree char *id = NULL;
  GPtrArray *terrain;
  const char *fill = "clear";
  WbMap *map;

  g_return_val_if_fail (WB_IS_NEW_GAME_DIALOG (self), NULL);
  g_return_val_if_fail (self->target != NULL, NULL);

  if (!check_choices (self, &reason))
    {
      if (why != NULL)
        *why = g_steal_pointer (&reason);
      return NULL;
    }

  /* A new hex map is the game's first terrain all over. */
  terrain = wb_game_get_terrain (self->target);
  if (terrain->len > 0)
    fill = ((WbTerrainType *) g_ptr_array_index (terrain, 0))->id;
  name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->title_row))));
  if (*name == '\0')
    {
      g_free (name);
      name = g_strdup (_("New map"));
    }
  id = wb_game_make_map_id (self->target, name);
  map = build_map (self, id, fill);
  wb_map_set_name (map, name);
  return map;
}

static void
create_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  WbNewGameDialog *self = WB_NEW_GAME_DIALOG (widget);

  if (self->target != NULL)
    {
      g_autoptr(WbMap) map = wb_new_game_dialog_build_map (self, NULL);

      if (map == NULL)
        return;
      g_signal_emit (self, signals[SIGNAL_ADD_MAP], 0, map);
    }
  else
    {
      g_autoptr(WbGame) game = wb_new_game_dialog_build_game (self, NULL);

      if (game == NULL)
        return;
      g_signal_emit (self, signals[SIGNAL_CREATE], 0, game);
    }
  gtk_window_destroy (GTK_WINDOW (self));
}

/* Enter in the title goes on to the next choice, the map's kind. The
 * title is the first thing the dialog asks, not the last: Enter used to
 * create the game there, before its map was chosen. Creating stays a
 * deliberate press of Create. */
static void
on_title_activated (WbNewGameDialog *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self->kind_row));
}

static void
wb_new_game_dialog_dispose (GObject *object)
{
  g_clear_object (&WB_NEW_GAME_DIALOG (object)->target);
  G_OBJECT_CLASS (wb_new_game_dialog_parent_class)->dispose (object);
}

static void
wb_new_game_dialog_class_init (WbNewGameDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  /**
   * WbNewGameDialog::create:
   * @game: the new game
   *
   * Create was pressed; the dialog closes after the handlers have run.
   */
  signals[SIGNAL_CREATE] = g_signal_new ("create", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 1, WB_TYPE_GAME);

  /**
   * WbNewGameDialog::add-map:
   * @map: the new map, not yet in the game
   *
   * Add was pressed in a dialog made by wb_new_game_dialog_new_for_map();
   * the dialog closes after the handlers have run.
   */
  signals[SIGNAL_ADD_MAP] = g_signal_new ("add-map", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 1, WB_TYPE_MAP);
  G_OBJECT_CLASS (klass)->dispose = wb_new_game_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/warbench/Warbench/wb-new-game-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, WbNewGameDialog, title_row);
  gtk_widget_class_bind_template_child (widget_class, WbNewGameDialog, kind_row);
  gtk_widget_class_bind_template_child (widget_class, WbNewGameDialog, hex_group);
  gtk_widget_class_bind_template_child (widget_class, WbNewGameDialog, numbering_group);
  gtk_widget_class_bind_template_child (widget_class, WbNewGameDialog, point_group);
  gtk_widget_class_bind_template_child (widget_class, WbNewGameDialog, cols_spin);
  gtk_widget_class_bind_template_child (widget_class, WbNewGameDialog, rows_spin);
  gtk_widget_class_bind_template_child (widget_class, WbNewGameDialog, orientation_row);
  gtk_widget_class_bind_template_child (widget_class, WbNewGameDialog, parity_row);
  gtk_widget_class_bind_template_child (widget_class, WbNewGameDialog, hex_size_spin);
  gtk_widget_class_bind_template_child (widget_class, WbNewGameDialog, scheme_row);
  gtk_widget_class_bind_template_child (widget_class, WbNewGameDialog, oblique_switch);
  gtk_widget_class_bind_template_child (widget_class, WbNewGameDialog, first_col_row);
  gtk_widget_class_bind_template_child (widget_class, WbNewGameDialog, first_col_spin);
  gtk_widget_class_bind_template_child (widget_class, WbNewGameDialog, first_row_spin);
  gtk_widget_class_bind_template_child (widget_class, WbNewGameDialog, digits_spin);
  gtk_widget_class_bind_template_child (widget_class, WbNewGameDialog, example_label);
  gtk_widget_class_bind_template_child (widget_class, WbNewGameDialog, width_spin);
  gtk_widget_class_bind_template_child (widget_class, WbNewGameDialog, height_spin);
  gtk_widget_class_bind_template_child (widget_class, WbNewGameDialog, status_label);
  gtk_widget_class_bind_template_child (widget_class, WbNewGameDialog, create_button);
  gtk_widget_class_bind_template_callback (widget_class, on_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_title_activated);

  gtk_widget_class_install_action (widget_class, "new-game.create", NULL, create_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
wb_new_game_dialog_init (WbNewGameDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  update (self);
}

WbNewGameDialog *
wb_new_game_dialog_new (GtkWindow *parent)
{
  return g_object_new (WB_TYPE_NEW_GAME_DIALOG, "transient-for", parent, NULL);
}

WbNewGameDialog *
wb_new_game_dialog_new_for_map (GtkWindow *parent,
                                WbGame    *game)
{
  WbNewGameDialog *self;

  g_return_val_if_fail (WB_IS_GAME (game), NULL);

  self = g_object_new (WB_TYPE_NEW_GAME_DIALOG, "transient-for", parent,
                       "title", _("Add Map"), NULL);
  self->target = g_object_ref (game);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->title_row), _("Map Name"));
  gtk_button_set_label (GTK_BUTTON (self->create_button), _("_Add"));
  return self;
}
