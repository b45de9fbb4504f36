/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-sidebar"

#include "config.h"

#include <glib/gi18n.h>

#include "wb-sidebar.h"

/* The game at a glance: its maps, the order of battle of each side, its
 * chits, its tables and its scenarios, in sections. Choosing a map shows it; choosing
 * a scenario shows its map with the scenario's set-up. The other rows are
 * summaries until their editors arrive. The list is rebuilt from the model
 * whenever the game changes, so it never holds state of its own. */

struct _WbSidebar
{
  GtkWidget   parent_instance;

  GtkWidget  *box;
  GtkWidget  *menu_button;      /* the game's parts: add a map, a scenario… */
  GtkWidget  *scroller;
  GtkListBox *list_box;

  WbGame     *game;
  gboolean    rebuilding;
};

G_DEFINE_FINAL_TYPE (WbSidebar, wb_sidebar, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  PROP_MENU_MODEL,
  N_PROPS
};

enum {
  MAP_SELECTED,
  OOB_SELECTED,
  TABLE_SELECTED,
  CHITS_SELECTED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Row data keys. */
#define ROW_SECTION  "wb-section"
#define ROW_MAP      "wb-map"
#define ROW_SIDE     "wb-side"
#define ROW_SCENARIO "wb-scenario"
#define ROW_SUBTITLE "wb-subtitle"
#define ROW_TABLE    "wb-table"
#define ROW_CHITS    "wb-chits"

static const char *
table_kind_name (WbTableKind kind)
{
  switch (kind)
    {
    case WB_TABLE_ODDS:
      return _("Odds");
    case WB_TABLE_DIFFERENTIAL:
      return _("Differential");
    case WB_TABLE_FIRE:
      return _("Fire");
    case WB_TABLE_DICE_POOL:
      return _("Dice pool");
    case WB_TABLE_ROLL:
      return _("Die roll");
    case WB_TABLE_CHART:
      return _("Chart");
    default:
      g_assert_not_reached ();
    }
}

static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        user_data)
{
  const char *color = user_data;
  double r = 0.5, g = 0.5, b = 0.5;

  wb_color_parse (color, &r, &g, &b);

  /* A counter: a rounded square in the side's colour with a fine rim. */
  cairo_new_sub_path (cr);
  cairo_arc (cr, width - 3.5, 3.5, 3, -G_PI / 2, 0);
  cairo_arc (cr, width - 3.5, height - 3.5, 3, 0, G_PI / 2);
  cairo_arc (cr, 3.5, height - 3.5, 3, G_PI / 2, G_PI);
  cairo_arc (cr, 3.5, 3.5, 3, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
  cairo_set_source_rgb (cr, r, g, b);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.25);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

static GtkWidget *
make_row (const char *section,
          GtkWidget  *icon,
          const char *title,
          const char *subtitle,
          const char *trailing,
          gboolean    selectable)
{
  GtkWidget *row, *box, *labels, *label;

  row = gtk_list_box_row_new ();
  gtk_list_box_row_set_selectable (GTK_LIST_BOX_ROW (row), selectable);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), selectable);
  g_object_set_data (G_OBJECT (row), ROW_SECTION, (gpointer) section);
  if (!selectable)
    gtk_widget_add_css_class (row, "summary");

  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);

  gtk_widget_set_valign (icon, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (box), icon);

  labels = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_set_hexpand (labels, TRUE);
  gtk_widget_set_valign (labels, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (box), labels);

  label = gtk_label_new (title);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_tooltip_text (label, title);
  gtk_box_append (GTK_BOX (labels), label);

  if (subtitle != NULL)
    {
      label = gtk_label_new (subtitle);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_widget_add_css_class (label, "caption");
      gtk_widget_add_css_class (label, "dim-label");
      gtk_box_append (GTK_BOX (labels), label);
      g_object_set_data (G_OBJECT (row), ROW_SUBTITLE, label);
    }

  if (trailing != NULL)
    {
      label = gtk_label_new (trailing);
      gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_widget_add_css_class (label, "numeric");
      gtk_box_append (GTK_BOX (box), label);
    }

  gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, title,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  subtitle != NULL ? subtitle : "",
                                  -1);
  return row;
}

static GtkWidget *
icon_new (const char *name)
{
  GtkWidget *image = gtk_image_new_from_icon_name (name);

  gtk_accessible_update_state (GTK_ACCESSIBLE (image), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  return image;
}

static char *
map_subtitle (WbMap *map)
{
  if (WB_IS_HEX_MAP (map))
    {
      WbHexMap *hex_map = WB_HEX_MAP (map);

      /* Translators: a hex map's size in columns × rows */
      return g_strdup_printf (_("Hex map · %d × %d"),
                              wb_hex_map_get_cols (hex_map),
                              wb_hex_map_get_rows (hex_map));
    }
  else
    {
      guint n = wb_point_map_get_locations (WB_POINT_MAP (map))->len;

      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "Point-to-point · %u location",
                                           "Point-to-point · %u locations", n),
                              n);
    }
}

/* An edit of a map (a location added, a map resized) changes its
 * subtitle, not the list: only that label is updated. */
static void
on_map_changed (WbSidebar *self,
                WbMap     *map)
{
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->list_box));
       row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *label;
      g_autofree char *subtitle = NULL;

      if (g_object_get_data (G_OBJECT (row), ROW_MAP) != map)
        continue;
      label = g_object_get_data (G_OBJECT (row), ROW_SUBTITLE);
      subtitle = map_subtitle (map);
      if (label != NULL && g_strcmp0 (gtk_label_get_label (GTK_LABEL (label)), subtitle) != 0)
        {
          gtk_label_set_label (GTK_LABEL (label), subtitle);
          gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                          GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, subtitle, -1);
        }
    }
}

static void
add_maps (WbSidebar *self)
{
  GPtrArray *maps = wb_game_get_maps (self->game);

  for (guint i = 0; i < maps->len; i++)
    {
      WbMap *map = g_ptr_array_index (maps, i);
      g_autofree char *subtitle = map_subtitle (map);
      const char *icon = WB_IS_HEX_MAP (map) ? "wb-hex-map-symbolic" : "wb-point-map-symbolic";
      GtkWidget *row;

      row = make_row (_("Maps"), icon_new (icon), wb_map_get_name (map), subtitle, NULL, TRUE);
      g_object_set_data_full (G_OBJECT (row), ROW_MAP, g_object_ref (map), g_object_unref);
      gtk_list_box_append (self->list_box, row);
      g_signal_handlers_disconnect_by_func (map, on_map_changed, self);
      g_signal_connect_object (map, "changed", G_CALLBACK (on_map_changed), self,
                               G_CONNECT_SWAPPED);
    }
}

static void
add_order_of_battle (WbSidebar *self)
{
  GPtrArray *sides = wb_game_get_sides (self->game);
  GPtrArray *formations = wb_game_get_formations (self->game);

  for (guint i = 0; i < sides->len; i++)
    {
      WbSide *side = g_ptr_array_index (sides, i);
      g_autoptr(GPtrArray) units = wb_game_list_units_of_side (self->game, side->id);
      g_autofree char *trailing = NULL;
      g_autofree char *subtitle = NULL;
      GtkWidget *swatch;
      guint n_formations = 0;

      for (guint j = 0; j < formations->len; j++)
        {
          WbFormation *formation = g_ptr_array_index (formations, j);

          if (formation->side == side->id)
            n_formations++;
        }

      trailing = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u unit", "%u units", units->len),
                                  units->len);
      if (n_formations > 0)
        subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                 "%u formation", "%u formations", n_formations),
                                    n_formations);

      swatch = gtk_drawing_area_new ();
      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), 16);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), 16);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch,
                                      g_strdup (side->color), g_free);

      {
        /* A side's row opens the OOB editor for that side. */
        GtkWidget *row = make_row (_("Order of Battle"), swatch,
                                   side->name != NULL ? side->name : side->id,
                                   subtitle, trailing, TRUE);
        g_autofree char *tip = g_strdup_printf (_("Edit the %s order of battle (Ctrl+Shift+O)"),
                                                side->name != NULL ? side->name : side->id);
        g_object_set_data (G_OBJECT (row), ROW_SIDE, (gpointer) side->id);
        gtk_widget_set_tooltip_text (row, tip);
        gtk_list_box_append (self->list_box, row);
      }
    }
}

/* One row for the chit pane, when the game has chits (format 8); a game
 * without gets its first chit through the Game menu's Chits item. */
static void
add_chits (WbSidebar *self)
{
  GPtrArray *chits = wb_game_get_chits (self->game);
  GPtrArray *scenarios = wb_game_get_scenarios (self->game);
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  guint cups = 0;
  GtkWidget *row;

  if (chits->len == 0)
    return;
  for (guint i = 0; i < scenarios->len; i++)
    cups += wb_scenario_get_cup (g_ptr_array_index (scenarios, i)) != NULL;
  title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u chit", "%u chits", chits->len), chits->len);
  subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u draw cup", "%u draw cups", cups), cups);
  row = make_row (_("Chits"), icon_new ("view-grid-symbolic"), title, subtitle, NULL, TRUE);
  g_object_set_data (G_OBJECT (row), ROW_CHITS, GINT_TO_POINTER (TRUE));
  gtk_widget_set_tooltip_text (row, _("Edit the chits and the scenarios’ draw cups"));
  gtk_list_box_append (self->list_box, row);
}

static void
add_tables (WbSidebar *self)
{
  GPtrArray *tables = wb_game_get_tables (self->game);

  for (guint i = 0; i < tables->len; i++)
    {
      WbTable *table = g_ptr_array_index (tables, i);
      const char *dice = wb_table_get_dice (table);
      const char *name = wb_table_get_name (table);
      g_autofree char *subtitle = NULL;

      if (dice != NULL && *dice)
        {
          /* Translators: a table's kind and its dice, such as Odds · 1d6 */
          subtitle = g_strdup_printf (_("%s · %s"),
                                      table_kind_name (wb_table_get_kind (table)), dice);
        }
      else
        subtitle = g_strdup (table_kind_name (wb_table_get_kind (table)));

      GtkWidget *row = make_row (_("Tables"), icon_new ("x-office-spreadsheet-symbolic"),
                                 name != NULL && *name ? name : wb_table_get_id (table),
                                 subtitle, NULL, TRUE);

      g_object_set_data_full (G_OBJECT (row), ROW_TABLE, g_object_ref (table), g_object_unref);
      gtk_list_box_append (self->list_box, row);
    }
}

static void
add_scenarios (WbSidebar *self)
{
  GPtrArray *scenarios = wb_game_get_scenarios (self->game);

  for (guint i = 0; i < scenarios->len; i++)
    {
      WbScenario *scenario = g_ptr_array_index (scenarios, i);
      WbMap *map = wb_game_find_map (self->game, wb_scenario_get_map (scenario));
      guint turns = wb_scenario_get_turns (scenario)->len;
      const char *name = wb_scenario_get_name (scenario);
      g_autofree char *subtitle = NULL;
      GtkWidget *row;

      subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u turn", "%u turns", turns),
                                  turns);

      row = make_row (_("Scenarios"), icon_new ("emoji-flags-symbolic"),
                      name != NULL && *name ? name : wb_scenario_get_id (scenario),
                      subtitle, NULL, map != NULL);
      if (map != NULL)
        {
          g_object_set_data_full (G_OBJECT (row), ROW_MAP, g_object_ref (map), g_object_unref);
          g_object_set_data_full (G_OBJECT (row), ROW_SCENARIO, g_object_ref (scenario),
                                  g_object_unref);
        }
      gtk_list_box_append (self->list_box, row);
    }
}

static GtkListBoxRow *
find_row (WbSidebar  *self,
          WbMap      *map,
          WbScenario *scenario)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->list_box));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (!GTK_IS_LIST_BOX_ROW (child))
        continue;
      if (g_object_get_data (G_OBJECT (child), ROW_MAP) == (gpointer) map &&
          g_object_get_data (G_OBJECT (child), ROW_SCENARIO) == (gpointer) scenario)
        return GTK_LIST_BOX_ROW (child);
    }

  return NULL;
}

static GtkListBoxRow *
find_side_row (WbSidebar  *self,
               const char *side)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->list_box));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_BOX_ROW (child) &&
        g_strcmp0 (g_object_get_data (G_OBJECT (child), ROW_SIDE), side) == 0)
      return GTK_LIST_BOX_ROW (child);
  return NULL;
}

static GtkListBoxRow *
find_table_row (WbSidebar *self,
                WbTable   *table)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->list_box));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (g_object_get_data (G_OBJECT (child), ROW_TABLE) == (gpointer) table)
      return GTK_LIST_BOX_ROW (child);

  return NULL;
}

static GtkListBoxRow *
find_chits_row (WbSidebar *self)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->list_box));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (g_object_get_data (G_OBJECT (child), ROW_CHITS) != NULL)
      return GTK_LIST_BOX_ROW (child);

  return NULL;
}

static void
rebuild (WbSidebar *self)
{
  GtkListBoxRow *selected = gtk_list_box_get_selected_row (self->list_box);
  g_autoptr(WbMap) selected_map = NULL;
  g_autoptr(WbScenario) selected_scenario = NULL;
  g_autoptr(WbTable) selected_table = NULL;
  const char *selected_side = NULL;
  gboolean selected_chits = FALSE;
  GtkWidget *child;

  /* The rows hold the only references the sidebar has; keep the selected
   * ones across the rebuild. */
  if (selected != NULL)
    {
      g_set_object (&selected_map, g_object_get_data (G_OBJECT (selected), ROW_MAP));
      g_set_object (&selected_scenario, g_object_get_data (G_OBJECT (selected), ROW_SCENARIO));
      selected_side = g_object_get_data (G_OBJECT (selected), ROW_SIDE);
      g_set_object (&selected_table, g_object_get_data (G_OBJECT (selected), ROW_TABLE));
      selected_chits = g_object_get_data (G_OBJECT (selected), ROW_CHITS) != NULL;
    }

  self->rebuilding = TRUE;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list_box))) != NULL)
    gtk_list_box_remove (self->list_box, child);

  if (self->game != NULL)
    {
      add_maps (self);
      add_order_of_battle (self);
      add_chits (self);
      add_tables (self);
      add_scenarios (self);
    }

  /* Keep the selection across rebuilds without telling anyone: the window
   * already shows that map. */
  if (selected_map != NULL)
    {
      GtkListBoxRow *row = find_row (self, selected_map, selected_scenario);

      if (row != NULL)
        gtk_list_box_select_row (self->list_box, row);
    }
  else if (selected_side != NULL)
    {
      GtkListBoxRow *row = find_side_row (self, selected_side);

      if (row != NULL)
        gtk_list_box_select_row (self->list_box, row);
    }
  else if (selected_table != NULL)
    {
      GtkListBoxRow *row = find_table_row (self, selected_table);

      if (row != NULL)
        gtk_list_box_select_row (self->list_box, row);
    }
  else if (selected_chits)
    {
      GtkListBoxRow *row = find_chits_row (self);

      if (row != NULL)
        gtk_list_box_select_row (self->list_box, row);
    }
  self->rebuilding = FALSE;
}

static void
update_header (GtkListBoxRow *row,
               GtkListBoxRow *before,
               gpointer       user_data)
{
  const char *section = g_object_get_data (G_OBJECT (row), ROW_SECTION);
  const char *previous = before != NULL ? g_object_get_data (G_OBJECT (before), ROW_SECTION) : NULL;
  GtkWidget *header;

  if (g_strcmp0 (section, previous) == 0)
    {
      gtk_list_box_row_set_header (row, NULL);
      return;
    }

  header = gtk_list_box_row_get_header (row);
  if (header != NULL && g_strcmp0 (gtk_label_get_label (GTK_LABEL (header)), section) == 0)
    return;

  header = gtk_label_new (section);
  gtk_label_set_xalign (GTK_LABEL (header), 0);
  gtk_widget_add_css_class (header, "heading");
  gtk_widget_add_css_class (header, "sidebar-section");
  if (before == NULL)
    gtk_widget_add_css_class (header, "first");
  gtk_list_box_row_set_header (row, header);
}

static void
on_row_selected (GtkListBox    *list_box,
                 GtkListBoxRow *row,
                 WbSidebar     *self)
{
  WbMap *map;

  if (self->rebuilding || row == NULL)
    return;

  if (g_object_get_data (G_OBJECT (row), ROW_SIDE) != NULL)
    {
      g_signal_emit (self, signals[OOB_SELECTED], 0, g_object_get_data (G_OBJECT (row), ROW_SIDE));
      return;
    }
  if (g_object_get_data (G_OBJECT (row), ROW_TABLE) != NULL)
    {
      g_signal_emit (self, signals[TABLE_SELECTED], 0, g_object_get_data (G_OBJECT (row), ROW_TABLE));
      return;
    }
  if (g_object_get_data (G_OBJECT (row), ROW_CHITS) != NULL)
    {
      g_signal_emit (self, signals[CHITS_SELECTED], 0);
      return;
    }
  map = g_object_get_data (G_OBJECT (row), ROW_MAP);
  if (map != NULL)
    g_signal_emit (self, signals[MAP_SELECTED], 0, map,
                   g_object_get_data (G_OBJECT (row), ROW_SCENARIO));
}

static void
on_game_changed (WbSidebar  *self,
                 const char *what)
{
  rebuild (self);
}

static void
wb_sidebar_dispose (GObject *object)
{
  WbSidebar *self = WB_SIDEBAR (object);

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  self->scroller = NULL;
  self->menu_button = NULL;
  g_clear_pointer (&self->box, gtk_widget_unparent);

  G_OBJECT_CLASS (wb_sidebar_parent_class)->dispose (object);
}

static void
wb_sidebar_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  WbSidebar *self = WB_SIDEBAR (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_MENU_MODEL:
      g_value_set_object (value, gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (self->menu_button)));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_sidebar_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  WbSidebar *self = WB_SIDEBAR (object);

  switch (prop_id)
    {
    case PROP_GAME:
      wb_sidebar_set_game (self, g_value_get_object (value));
      break;
    case PROP_MENU_MODEL:
      gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (self->menu_button), g_value_get_object (value));
      g_object_notify_by_pspec (object, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_sidebar_class_init (WbSidebarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = wb_sidebar_dispose;
  object_class->get_property = wb_sidebar_get_property;
  object_class->set_property = wb_sidebar_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, WB_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /**
   * WbSidebar:menu-model:
   *
   * The sidebar's own menu, at its top: the game's parts (add a map, a
   * scenario, a table…), the rarely used actions of the window that the
   * sidebar lists.
   */
  properties[PROP_MENU_MODEL] =
    g_param_spec_object ("menu-model", NULL, NULL, G_TYPE_MENU_MODEL,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * WbSidebar::map-selected:
   * @map: the map to show
   * @scenario: (nullable): the scenario whose set-up to show on it
   */
  signals[MAP_SELECTED] =
    g_signal_new ("map-selected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, WB_TYPE_MAP, WB_TYPE_SCENARIO);
  /**
   * WbSidebar::oob-selected:
   * @side: the side's id
   *
   * A side's Order of Battle row was chosen.
   */
  signals[OOB_SELECTED] =
    g_signal_new ("oob-selected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);
  /**
   * WbSidebar::table-selected:
   * @table: the table
   *
   * A table's row was chosen.
   */
  signals[TABLE_SELECTED] =
    g_signal_new ("table-selected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, WB_TYPE_TABLE);
  /**
   * WbSidebar::chits-selected:
   *
   * The Chits row was chosen.
   */
  signals[CHITS_SELECTED] =
    g_signal_new ("chits-selected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "wbsidebar");
}

static void
wb_sidebar_init (WbSidebar *self)
{
  GtkWidget *header, *title;

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_add_css_class (header, "sidebar-header");
  title = gtk_label_new (_("Game"));
  gtk_widget_add_css_class (title, "heading");
  gtk_widget_set_hexpand (title, TRUE);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_box_append (GTK_BOX (header), title);
  self->menu_button = gtk_menu_button_new ();
  gtk_widget_set_name (self->menu_button, "game-menu");
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (self->menu_button), "list-add-symbolic");
  gtk_widget_add_css_class (self->menu_button, "flat");
  gtk_widget_set_tooltip_text (self->menu_button, _("Add to the Game"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->menu_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Game Menu"), -1);
  gtk_box_append (GTK_BOX (header), self->menu_button);
  gtk_box_append (GTK_BOX (self->box), header);

  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller),
                                  GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (self->scroller, TRUE);
  gtk_box_append (GTK_BOX (self->box), self->scroller);

  self->list_box = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_widget_add_css_class (GTK_WIDGET (self->list_box), "navigation-sidebar");
  gtk_list_box_set_selection_mode (self->list_box, GTK_SELECTION_SINGLE);
  gtk_list_box_set_header_func (self->list_box, update_header, NULL, NULL);
  g_signal_connect (self->list_box, "row-selected", G_CALLBACK (on_row_selected), self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list_box),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Game contents"),
                                  -1);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller),
                                 GTK_WIDGET (self->list_box));
}

GtkWidget *
wb_sidebar_new (void)
{
  return g_object_new (WB_TYPE_SIDEBAR, NULL);
}

WbGame *
wb_sidebar_get_game (WbSidebar *self)
{
  g_return_val_if_fail (WB_IS_SIDEBAR (self), NULL);
  return self->game;
}

void
wb_sidebar_set_game (WbSidebar *self,
                     WbGame    *game)
{
  g_return_if_fail (WB_IS_SIDEBAR (self));
  g_return_if_fail (game == NULL || WB_IS_GAME (game));

  if (game == self->game)
    return;

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game != NULL)
    g_signal_connect_object (game, "changed", G_CALLBACK (on_game_changed), self,
                             G_CONNECT_SWAPPED);

  gtk_list_box_unselect_all (self->list_box);
  rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

gboolean
wb_sidebar_select (WbSidebar  *self,
                   WbMap      *map,
                   WbScenario *scenario)
{
  GtkListBoxRow *row;

  g_return_val_if_fail (WB_IS_SIDEBAR (self), FALSE);
  g_return_val_if_fail (WB_IS_MAP (map), FALSE);

  row = find_row (self, map, scenario);
  if (row == NULL)
    return FALSE;

  if (row == gtk_list_box_get_selected_row (self->list_box))
    g_signal_emit (self, signals[MAP_SELECTED], 0, map, scenario);
  else
    gtk_list_box_select_row (self->list_box, row);
  return TRUE;
}

gboolean
wb_sidebar_select_side (WbSidebar  *self,
                        const char *side)
{
  GtkListBoxRow *row;

  g_return_val_if_fail (WB_IS_SIDEBAR (self), FALSE);
  g_return_val_if_fail (side != NULL, FALSE);

  row = find_side_row (self, g_intern_string (side));
  if (row == NULL)
    return FALSE;
  if (row == gtk_list_box_get_selected_row (self->list_box))
    g_signal_emit (self, signals[OOB_SELECTED], 0, g_object_get_data (G_OBJECT (row), ROW_SIDE));
  else
    gtk_list_box_select_row (self->list_box, row);
  return TRUE;
}

gboolean
wb_sidebar_select_table (WbSidebar *self,
                         WbTable   *table)
{
  GtkListBoxRow *row;

  g_return_val_if_fail (WB_IS_SIDEBAR (self), FALSE);
  g_return_val_if_fail (WB_IS_TABLE (table), FALSE);

  row = find_table_row (self, table);
  if (row == NULL)
    return FALSE;
  if (row == gtk_list_box_get_selected_row (self->list_box))
    g_signal_emit (self, signals[TABLE_SELECTED], 0, table);
  else
    gtk_list_box_select_row (self->list_box, row);
  return TRUE;
}

gboolean
wb_sidebar_select_chits (WbSidebar *self)
{
  GtkListBoxRow *row;

  g_return_val_if_fail (WB_IS_SIDEBAR (self), FALSE);

  row = find_chits_row (self);
  if (row == NULL)
    return FALSE;
  if (row == gtk_list_box_get_selected_row (self->list_box))
    g_signal_emit (self, signals[CHITS_SELECTED], 0);
  else
    gtk_list_box_select_row (self->list_box, row);
  return TRUE;
}

WbTable *
wb_sidebar_get_selected_table (WbSidebar *self)
{
  GtkListBoxRow *row;

  g_return_val_if_fail (WB_IS_SIDEBAR (self), NULL);

  row = gtk_list_box_get_selected_row (self->list_box);
  return row != NULL ? g_object_get_data (G_OBJECT (row), ROW_TABLE) : NULL;
}

GtkListBox *
wb_sidebar_get_list_box (WbSidebar *self)
{
  g_return_val_if_fail (WB_IS_SIDEBAR (self), NULL);
  return self->list_box;
}
