/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-oob-editor"
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "wb-edit.h"
#include "wb-oob-editor-private.h"

/* --- tree items ------------------------------------------------------------ */

typedef enum {
  ITEM_FORMATION,
  ITEM_UNIT,
} ItemKind;

#define WB_TYPE_OOB_ITEM (wb_oob_item_get_type ())
G_DECLARE_FINAL_TYPE (WbOobItem, wb_oob_item, WB, OOB_ITEM, GObject)

struct _WbOobItem
{
  GObject      parent_instance;
  ItemKind     kind;
  const char  *id;          /* interned */
  GListStore  *children;    /* formations: WbOobItem, or NULL when empty */
};

G_DEFINE_FINAL_TYPE (WbOobItem, wb_oob_item, G_TYPE_OBJECT)

static void
wb_oob_item_finalize (GObject *object)
{
  g_clear_object (&WB_OOB_ITEM (object)->children);
  G_OBJECT_CLASS (wb_oob_item_parent_class)->finalize (object);
}

static void
wb_oob_item_class_init (WbOobItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = wb_oob_item_finalize;
}

static void
wb_oob_item_init (WbOobItem *self)
{
}

static WbOobItem *
item_new (ItemKind    kind,
          const char *id)
{
  WbOobItem *item = g_object_new (WB_TYPE_OOB_ITEM, NULL);

  item->kind = kind;
  item->id = g_intern_string (id);
  return item;
}

enum {
  CLOSE_REQUESTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (WbOobEditor, wb_oob_editor, GTK_TYPE_WIDGET)

static void update_actions (WbOobEditor *self);
static void on_selection_changed (WbOobEditor *self);

/* --- building the tree ------------------------------------------------------- */

typedef struct {
  WbOobEditor *self;
  char        *needle;         /* casefolded search text, or NULL */
  GHashTable  *units_by_formation;   /* interned id (or "") → GPtrArray of WbUnit* */
  GHashTable  *children;       /* interned parent id (or "") → GPtrArray of WbFormation* */
} Build;

static gboolean
text_matches (const char *text,
              const char *needle)
{
  g_autofree char *folded = NULL;

  if (text == NULL)
    return FALSE;
  folded = g_utf8_casefold (text, -1);
  return strstr (folded, needle) != NULL;
}

static gboolean
unit_matches (WbUnit     *unit,
              const char *needle)
{
  return needle == NULL || text_matches (wb_unit_get_name (unit), needle) ||
         text_matches (wb_unit_get_designation (unit), needle) ||
         text_matches (wb_unit_get_id (unit), needle);
}

static void
add_units (Build      *b,
           GListStore *store,
           const char *formation,
           gboolean    all)
{
  GPtrArray *units = g_hash_table_lookup (b->units_by_formation, formation ? formation : g_intern_static_string (""));

  for (guint i = 0; units != NULL && i < units->len; i++)
    {
      WbUnit *unit = g_ptr_array_index (units, i);

      if (all || unit_matches (unit, b->needle))
        {
          g_autoptr(WbOobItem) item = item_new (ITEM_UNIT, wb_unit_get_id (unit));
          g_list_store_append (store, item);
        }
    }
}

static void add_formations (Build *b, GListStore *store, const char *parent, gboolean all);

static WbOobItem *
build_formation (Build       *b,
                 WbFormation *f,
                 gboolean     all)
{
  WbOobItem *item = item_new (ITEM_FORMATION, f->id);
  gboolean match = all || b->needle == NULL || text_matches (f->name, b->needle) ||
                   text_matches (f->id, b->needle);

  item->children = g_list_store_new (WB_TYPE_OOB_ITEM);
  add_formations (b, item->children, f->id, match);
  add_units (b, item->children, f->id, match);
  if (!match && g_list_model_get_n_items (G_LIST_MODEL (item->children)) == 0)
    {
      g_object_unref (item);
      return NULL;
    }
  if (g_list_model_get_n_items (G_LIST_MODEL (item->children)) == 0)
    g_clear_object (&item->children);
  return item;
}

static void
add_formations (Build      *b,
                GListStore *store,
                const char *parent,
                gboolean    all)
{
  GPtrArray *children = g_hash_table_lookup (b->children, parent ? parent : g_intern_static_string (""));

  for (guint i = 0; children != NULL && i < children->len; i++)
    {
      g_autoptr(WbOobItem) item = build_formation (b, g_ptr_array_index (children, i), all);

      if (item != NULL)
        g_list_store_append (store, item);
    }
}

static void
build_roots (WbOobEditor *self,
             GListStore  *store)
{
  Build b = { self, NULL, NULL, NULL };
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search));
  GPtrArray *formations, *units;

  if (self->game == NULL || self->side == NULL)
    return;
  if (text != NULL && *text != '\0')
    b.needle = g_utf8_casefold (text, -1);
  b.units_by_formation = g_hash_table_new_full (NULL, NULL, NULL,
                                                (GDestroyNotify) g_ptr_array_unref);
  b.children = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_ptr_array_unref);

  formations = wb_game_get_formations (self->game);
  for (guint i = 0; i < formations->len; i++)
    {
      WbFormation *f = g_ptr_array_index (formations, i);
      const char *key = f->parent && wb_game_find_formation (self->game, f->parent)
                          ? f->parent : g_intern_static_string ("");
      GPtrArray *list;

      if (f->side != self->side)
        continue;
      list = g_hash_table_lookup (b.children, key);
      if (list == NULL)
        g_hash_table_insert (b.children, (gpointer) key, list = g_ptr_array_new ());
      g_ptr_array_add (list, f);
    }
  units = wb_game_get_units (self->game);
  for (guint i = 0; i < units->len; i++)
    {
      WbUnit *u = g_ptr_array_index (units, i);
      const char *key = wb_unit_get_formation (u) ? wb_unit_get_formation (u)
                                                  : g_intern_static_string ("");
      GPtrArray *list;

      if (wb_unit_get_side (u) != self->side)
        continue;
      list = g_hash_table_lookup (b.units_by_formation, key);
      if (list == NULL)
        g_hash_table_insert (b.units_by_formation, (gpointer) key, list = g_ptr_array_new ());
      g_ptr_array_add (list, u);
    }

  add_formations (&b, store, NULL, FALSE);
  add_units (&b, store, NULL, FALSE);

  g_free (b.needle);
  g_hash_table_unref (b.units_by_formation);
  g_hash_table_unref (b.children);
}

static GListModel *
create_children (gpointer item,
                 gpointer user_data)
{
  WbOobItem *it = item;

  return it->children ? g_object_ref (G_LIST_MODEL (it->children)) : NULL;
}

static WbOobItem *
row_item (WbOobEditor *self,
          guint        position)
{
  g_autoptr(GtkTreeListRow) row = g_list_model_get_item (G_LIST_MODEL (self->tree), position);

  return row ? gtk_tree_list_row_get_item (row) : NULL;   /* transfer full */
}

static GPtrArray *
selected_ids (WbOobEditor *self)
{
  g_autoptr(GtkBitset) set = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  GPtrArray *ids = g_ptr_array_new ();
  GtkBitsetIter iter;
  guint pos;

  for (gboolean ok = gtk_bitset_iter_init_first (&iter, set, &pos); ok;
       ok = gtk_bitset_iter_next (&iter, &pos))
    {
      g_autoptr(WbOobItem) item = row_item (self, pos);
      if (item != NULL)
        g_ptr_array_add (ids, (gpointer) item->id);
    }
  return ids;
}

static guint
select_ids (WbOobEditor *self,
            GPtrArray   *ids)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->tree));
  g_autoptr(GtkBitset) set = gtk_bitset_new_empty ();
  g_autoptr(GtkBitset) mask = gtk_bitset_new_range (0, n);
  guint found = 0, first = G_MAXUINT;

  for (guint i = 0; i < n && ids->len > 0; i++)
    {
      g_autoptr(WbOobItem) item = row_item (self, i);

      if (item != NULL && g_ptr_array_find (ids, item->id, NULL))
        {
          gtk_bitset_add (set, i);
          found++;
          if (first == G_MAXUINT)
            first = i;
        }
    }
  gtk_selection_model_set_selection (GTK_SELECTION_MODEL (self->selection), set, mask);
  if (first != G_MAXUINT)
    gtk_widget_activate_action (self->list_view, "list.scroll-to-item", "u", first);
  return found;
}

/* The formations the designer collapsed, kept across rebuilds. */
static GHashTable *
collapsed_ids (WbOobEditor *self)
{
  GHashTable *set = g_hash_table_new (NULL, NULL);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->tree));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GtkTreeListRow) row = g_list_model_get_item (G_LIST_MODEL (self->tree), i);
      WbOobItem *item = gtk_tree_list_row_get_item (row);

      if (item->kind == ITEM_FORMATION && gtk_tree_list_row_is_expandable (row) &&
          !gtk_tree_list_row_get_expanded (row))
        g_hash_table_add (set, (gpointer) item->id);
      g_object_unref (item);
    }
  return set;
}

static void
collapse_ids (WbOobEditor *self,
              GHashTable  *set)
{
  for (guint i = 0; g_hash_table_size (set) > 0 && i < g_list_model_get_n_items (G_LIST_MODEL (self->tree)); i++)
    {
      g_autoptr(GtkTreeListRow) row = g_list_model_get_item (G_LIST_MODEL (self->tree), i);
      g_autoptr(WbOobItem) item = gtk_tree_list_row_get_item (row);

      /* Collapsing takes the children out, so the next row is the next sibling. */
      if (g_hash_table_contains (set, item->id))
        gtk_tree_list_row_set_expanded (row, FALSE);
    }
}

static void
rebuild_now (WbOobEditor *self)
{
  g_autoptr(GPtrArray) ids = NULL;
  g_autoptr(GHashTable) collapsed = collapsed_ids (self);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search));
  g_autoptr(GListStore) fresh = g_list_store_new (WB_TYPE_OOB_ITEM);
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller));
  double scroll = gtk_adjustment_get_value (adj);
  guint n;

  self->stale = FALSE;
  ids = selected_ids (self);
  build_roots (self, fresh);
  self->rebuilding = TRUE;
  n = g_list_model_get_n_items (G_LIST_MODEL (fresh));
  {
    g_autofree gpointer *items = g_new0 (gpointer, MAX (n, 1));
    for (guint i = 0; i < n; i++)
      items[i] = g_list_model_get_item (G_LIST_MODEL (fresh), i);
    g_list_store_splice (self->roots, 0, g_list_model_get_n_items (G_LIST_MODEL (self->roots)),
                         items, n);
    for (guint i = 0; i < n; i++)
      g_object_unref (items[i]);
  }
  /* While searching, every match shows; a selected row stays in view. */
  for (guint i = 0; self->game != NULL && i < ids->len; i++)
    {
      WbUnit *u = wb_game_find_unit (self->game, g_ptr_array_index (ids, i));
      WbFormation *f = wb_game_find_formation (self->game, u ? wb_unit_get_formation (u)
                                                             : g_ptr_array_index (ids, i));
      if (f != NULL && u == NULL)
        f = f->parent ? wb_game_find_formation (self->game, f->parent) : NULL;
      for (guint guard = 0; f != NULL && guard < 64; guard++)
        {
          g_hash_table_remove (collapsed, f->id);
          f = f->parent ? wb_game_find_formation (self->game, f->parent) : NULL;
        }
    }
  if (text == NULL || *text == '\0')
    collapse_ids (self, collapsed);
  select_ids (self, ids);
  gtk_adjustment_set_value (adj, scroll);
  self->rebuilding = FALSE;

  gtk_widget_set_visible (self->empty_label,
                          g_list_model_get_n_items (G_LIST_MODEL (self->tree)) == 0);
  on_selection_changed (self);
}

static void
rebuild (WbOobEditor *self)
{
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    rebuild_now (self);
  else
    self->stale = TRUE;
}

/* The rows as the game is now, before they are read. */
static void
ensure_fresh (WbOobEditor *self)
{
  if (self->stale)
    rebuild_now (self);
}

static void
wb_oob_editor_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (wb_oob_editor_parent_class)->map (widget);
  ensure_fresh (WB_OOB_EDITOR (widget));
}

/* --- rows ---------------------------------------------------------------------- */

static void
draw_row_icon (GtkDrawingArea *area,
               cairo_t        *cr,
               int             width,
               int             height,
               gpointer        user_data)
{
  WbOobEditor *self = user_data;
  WbOobItem *item = g_object_get_data (G_OBJECT (area), "wb-item");

  if (self->game == NULL || item == NULL)
    return;
  if (item->kind == ITEM_UNIT)
    {
      WbUnit *unit = wb_game_find_unit (self->game, item->id);
      if (unit != NULL)
        {
          /* Shapes only at this size: symbol, bands, colours. */
          WbCounterOptions o;
          double c = MIN (width, height) - 4;

          wb_counter_options_init (&o);
          o.size = c;
          o.text = FALSE;
          cairo_translate (cr, (width - c) / 2, (height - c) / 2);
          wb_render_counter (cr, self->game, unit, &o);
        }
    }
  else
    {
      WbFormation *f = wb_game_find_formation (self->game, item->id);
      WbSide *side = f ? wb_game_find_side (self->game, f->side) : NULL;
      double r = 0.5, g = 0.5, b = 0.5;

      if (f == NULL)
        return;
      if (!wb_color_parse (f->color, &r, &g, &b) && side != NULL)
        wb_color_parse (side->color, &r, &g, &b);
      /* A flag: the formation's colour band, or its side's colour. */
      cairo_rectangle (cr, 3, height * 0.25, width - 6, height * 0.5);
      cairo_set_source_rgb (cr, r, g, b);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, 0, 0, 0, 0.45);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);
    }
}

static void
setup_row (GtkSignalListItemFactory *factory,
           GtkListItem              *list_item,
           WbOobEditor              *self)
{
  GtkWidget *expander = gtk_tree_expander_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *icon = gtk_drawing_area_new ();
  GtkWidget *name = gtk_label_new (NULL);
  GtkWidget *detail = gtk_label_new (NULL);
  GtkWidget *strength = gtk_label_new (NULL);

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (icon), 26);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (icon), 26);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (icon), draw_row_icon, self, NULL);
  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (name, TRUE);
  gtk_label_set_xalign (GTK_LABEL (detail), 1);
  gtk_label_set_ellipsize (GTK_LABEL (detail), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (detail), 20);
  gtk_widget_add_css_class (detail, "dim-label");
  gtk_widget_add_css_class (strength, "numeric");
  gtk_label_set_width_chars (GTK_LABEL (strength), 6);
  gtk_label_set_xalign (GTK_LABEL (strength), 1);
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), name);
  gtk_box_append (GTK_BOX (box), detail);
  gtk_box_append (GTK_BOX (box), strength);
  gtk_widget_set_margin_end (box, 6);
  gtk_tree_expander_set_child (GTK_TREE_EXPANDER (expander), box);
  gtk_list_item_set_child (list_item, expander);
  g_object_set_data (G_OBJECT (expander), "wb-icon", icon);
  g_object_set_data (G_OBJECT (expander), "wb-name", name);
  g_object_set_data (G_OBJECT (expander), "wb-detail", detail);
  g_object_set_data (G_OBJECT (expander), "wb-strength", strength);
}

static const char *
echelon_mark (const char *echelon)
{
  static const struct { const char *echelon, *mark; } marks[] = {
    { "army", "XXXX" }, { "corps", "XXX" }, { "division", "XX" }, { "brigade", "X" },
    { "regiment", "III" }, { "battalion", "II" }, { "company", "I" },
  };

  for (guint i = 0; echelon != NULL && i < G_N_ELEMENTS (marks); i++)
    if (g_ascii_strcasecmp (echelon, marks[i].echelon) == 0)
      return marks[i].mark;
  return NULL;
}

/* A row put back in the pool names no unit or formation any more: a test
 * or tool that finds rows by "wb-id" must not take it for the one it named. */
static void
unbind_row (GtkSignalListItemFactory *factory,
            GtkListItem              *list_item,
            WbOobEditor              *self)
{
  GtkWidget *expander = gtk_list_item_get_child (list_item);

  g_object_set_data (G_OBJECT (expander), "wb-id", NULL);
  g_object_set_data (G_OBJECT (expander), "wb-item", NULL);
}

static void
bind_row (GtkSignalListItemFactory *factory,
          GtkListItem              *list_item,
          WbOobEditor              *self)
{
  GtkTreeListRow *row = GTK_TREE_LIST_ROW (gtk_list_item_get_item (list_item));
  GtkWidget *expander = gtk_list_item_get_child (list_item);
  WbOobItem *item = gtk_tree_list_row_get_item (row);
  GtkWidget *icon = g_object_get_data (G_OBJECT (expander), "wb-icon");
  GtkWidget *name = g_object_get_data (G_OBJECT (expander), "wb-name");
  GtkWidget *detail = g_object_get_data (G_OBJECT (expander), "wb-detail");
  GtkWidget *strength = g_object_get_data (G_OBJECT (expander), "wb-strength");

  gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (expander), row);
  g_object_set_data_full (G_OBJECT (icon), "wb-item", item, g_object_unref);
  g_object_set_data (G_OBJECT (expander), "wb-item", item);
  /* The row's id, for tests and accessibility tools. */
  g_object_set_data (G_OBJECT (expander), "wb-id", (gpointer) item->id);
  gtk_widget_queue_draw (icon);

  if (item->kind == ITEM_UNIT)
    {
      WbUnit *unit = wb_game_find_unit (self->game, item->id);
      WbUnitType *klass = unit ? wb_game_find_unit_class (self->game, wb_unit_get_class_id (unit)) : NULL;
      g_autofree char *s = unit ? _wb_oob_strength_label (wb_unit_get_strength (unit)) : NULL;
      g_autofree char *d = NULL;
      g_autofree char *tip = NULL;

      if (unit == NULL)
        return;
      d = g_strdup_printf ("%s%s%s", wb_unit_get_designation (unit),
                           klass ? " · " : "", klass ? (klass->name ? klass->name : klass->id) : "");
      gtk_label_set_text (GTK_LABEL (name), wb_unit_get_name (unit));
      gtk_label_set_text (GTK_LABEL (detail), d);
      gtk_label_set_text (GTK_LABEL (strength), s);
      gtk_widget_remove_css_class (name, "heading");
      tip = g_strdup_printf (_("%s (%s): strength %s"), wb_unit_get_name (unit), wb_unit_get_id (unit), s);
      gtk_widget_set_tooltip_text (expander, tip);
    }
  else
    {
      WbFormation *f = wb_game_find_formation (self->game, item->id);
      const char *mark;
      g_autofree char *d = NULL;

      if (f == NULL)
        return;
      mark = echelon_mark (f->echelon);
      d = mark ? g_strdup_printf ("%s · %s", f->echelon, mark) : g_strdup (f->echelon ? f->echelon : "");
      gtk_label_set_text (GTK_LABEL (name), f->name ? f->name : f->id);
      gtk_label_set_text (GTK_LABEL (detail), d);
      gtk_label_set_text (GTK_LABEL (strength), "");
      gtk_widget_add_css_class (name, "heading");
      gtk_widget_set_tooltip_text (expander, f->name ? f->name : f->id);
    }
}

/* --- drag and drop ---------------------------------------------------------------- */

static WbOobItem *
item_of_widget (GtkWidget *widget)
{
  return g_object_get_data (G_OBJECT (widget), "wb-item");
}

static GdkContentProvider *
on_drag_prepare (GtkDragSource *source,
                 double         x,
                 double         y,
                 WbOobEditor   *self)
{
  WbOobItem *item = item_of_widget (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source)));

  if (item == NULL)
    return NULL;
  return gdk_content_provider_new_typed (G_TYPE_STRING, item->id);
}

/* The dragged row itself as the drag icon. */
static void
on_drag_begin (GtkDragSource *source,
               GdkDrag       *drag,
               WbOobEditor   *self)
{
  GtkWidget *row = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source));
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (row);

  gtk_drag_source_set_icon (source, paintable, 12, 12);
}

static gboolean
is_selected_unit (WbOobEditor *self,
                  const char  *id)
{
  g_autoptr(GPtrArray) ids = selected_ids (self);

  return g_ptr_array_find (ids, g_intern_string (id), NULL);
}

/* Moves units (@ids, in order) into @formation before @before (NULL: at
 * the end of it), as one step. */
static void
move_units (WbOobEditor *self,
            GPtrArray   *ids,
            const char  *formation,
            const char  *before)
{
  g_autofree char *label = NULL;

  if (ids->len == 1)
    {
      _wb_oob_editor_push (self, wb_command_move_unit_new (self->game, g_ptr_array_index (ids, 0),
                                                           formation, before));
      return;
    }
  label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Move %u unit", "Move %u units", ids->len),
                           ids->len);
  wb_undo_stack_begin_group (self->stack, label);
  for (guint i = 0; i < ids->len; i++)
    if (g_ptr_array_index (ids, i) != before &&
        !_wb_oob_editor_push (self, wb_command_move_unit_new (self->game, g_ptr_array_index (ids, i),
                                                              formation, before)))
      {
        wb_undo_stack_cancel_group (self->stack);
        return;
      }
  wb_undo_stack_end_group (self->stack);
}

/* Drops onto a row are carried out once the drop has returned: the edit
 * rebuilds the rows, the dropped-on one included. */
typedef struct {
  WbOobEditor *self;
  const char  *id;
  WbOobItem   *onto;
} Drop;

static void do_drop (WbOobEditor *self, const char *id, WbOobItem *onto);

static gboolean
drop_idle (gpointer data)
{
  Drop *drop = data;

  do_drop (drop->self, drop->id, drop->onto);
  g_object_unref (drop->onto);
  g_object_unref (drop->self);
  g_free (drop);
  return G_SOURCE_REMOVE;
}

static gboolean
on_drop (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         WbOobEditor   *self)
{
  WbOobItem *onto = item_of_widget (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (target)));
  const char *id = g_intern_string (g_value_get_string (value));
  Drop *drop;

  if (onto == NULL || self->game == NULL || onto->id == id)
    return FALSE;
  drop = g_new (Drop, 1);
  drop->self = g_object_ref (self);
  drop->id = id;
  drop->onto = g_object_ref (onto);
  g_idle_add_full (G_PRIORITY_HIGH, drop_idle, drop, NULL);
  return TRUE;
}

static void
do_drop (WbOobEditor *self,
         const char  *id,
         WbOobItem   *onto)
{
  const char *formation = NULL, *before = NULL;

  if (self->game == NULL)
    return;
  if (onto->kind == ITEM_FORMATION)
    formation = onto->id;
  else
    {
      WbUnit *u = wb_game_find_unit (self->game, onto->id);
      formation = u ? wb_unit_get_formation (u) : NULL;
      before = onto->id;
    }

  if (wb_game_find_unit (self->game, id) != NULL)
    {
      g_autoptr(GPtrArray) ids = NULL;

      if (is_selected_unit (self, id))
        {
          g_autoptr(GPtrArray) sel = selected_ids (self);
          ids = g_ptr_array_new ();
          for (guint i = 0; i < sel->len; i++)
            if (wb_game_find_unit (self->game, g_ptr_array_index (sel, i)))
              g_ptr_array_add (ids, g_ptr_array_index (sel, i));
        }
      else
        {
          ids = g_ptr_array_new ();
          g_ptr_array_add (ids, (gpointer) id);
        }
      move_units (self, ids, formation, before);
      select_ids (self, ids);
      return;
    }
  if (wb_game_find_formation (self->game, id) != NULL &&
      _wb_oob_editor_push (self, wb_command_reparent_formation_new (self->game, id, formation)))
    {
      g_autoptr(GPtrArray) ids = g_ptr_array_new ();
      g_ptr_array_add (ids, (gpointer) id);
      select_ids (self, ids);
    }
}

static void
setup_row_dnd (GtkSignalListItemFactory *factory,
               GtkListItem              *list_item,
               WbOobEditor              *self)
{
  GtkWidget *expander = gtk_list_item_get_child (list_item);
  GtkDragSource *source = gtk_drag_source_new ();
  GtkDropTarget *target = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_MOVE);

  gtk_drag_source_set_actions (source, GDK_ACTION_MOVE);
  g_signal_connect (source, "prepare", G_CALLBACK (on_drag_prepare), self);
  g_signal_connect (source, "drag-begin", G_CALLBACK (on_drag_begin), self);
  gtk_widget_add_controller (expander, GTK_EVENT_CONTROLLER (source));
  g_signal_connect (target, "drop", G_CALLBACK (on_drop), self);
  gtk_widget_add_controller (expander, GTK_EVENT_CONTROLLER (target));
}

/* --- pushing edits ---------------------------------------------------------------- */

void
_wb_oob_editor_show_error (WbOobEditor *self,
                           const char  *message)
{
  gtk_label_set_text (GTK_LABEL (self->error_label), message ? message : "");
  gtk_widget_set_visible (self->error_label, message != NULL);
}

/* Pushes @command (taken) through wb_edit_push; a refusal is shown. */
gboolean
_wb_oob_editor_push (WbOobEditor *self,
                     WbCommand   *command)
{
  g_autoptr(WbCommand) owned = command;
  g_autoptr(GError) error = NULL;

  if (self->game == NULL || self->stack == NULL)
    return FALSE;
  if (!wb_edit_push (self->game, self->stack, owned, &error))
    {
      _wb_oob_editor_show_error (self, error->message);
      _wb_oob_editor_form_update (self, NULL, NULL);
      on_selection_changed (self);
      return FALSE;
    }
  _wb_oob_editor_show_error (self, NULL);
  return TRUE;
}

/* --- actions --------------------------------------------------------------------------- */

static GPtrArray *
selected_units (WbOobEditor *self)
{
  g_autoptr(GPtrArray) ids = selected_ids (self);
  GPtrArray *units = g_ptr_array_new ();

  for (guint i = 0; self->game != NULL && i < ids->len; i++)
    {
      WbUnit *u = wb_game_find_unit (self->game, g_ptr_array_index (ids, i));
      if (u != NULL)
        g_ptr_array_add (units, u);
    }
  return units;
}

static WbFormation *
selected_formation (WbOobEditor *self)
{
  g_autoptr(GPtrArray) ids = selected_ids (self);

  if (self->game == NULL || ids->len != 1)
    return NULL;
  return wb_game_find_formation (self->game, g_ptr_array_index (ids, 0));
}

/* Where a new unit or formation goes: the selected formation, or the
 * formation of the (first) selected unit. */
static const char *
target_formation (WbOobEditor *self,
                  WbUnit     **after)
{
  g_autoptr(GPtrArray) units = selected_units (self);
  WbFormation *f = selected_formation (self);

  *after = NULL;
  if (f != NULL)
    return f->id;
  if (units->len > 0)
    {
      *after = g_ptr_array_index (units, units->len - 1);
      return wb_unit_get_formation (*after);
    }
  return NULL;
}

static const char *
echelon_below (const char *echelon)
{
  static const char * const order[] = { "army", "corps", "division", "brigade", "regiment",
                                        "battalion", "company" };

  for (guint i = 0; echelon != NULL && i + 1 < G_N_ELEMENTS (order); i++)
    if (g_ascii_strcasecmp (echelon, order[i]) == 0)
      return order[i + 1];
  return echelon == NULL ? "army" : "brigade";
}

static const char *
size_for_echelon (const char *echelon)
{
  /* Units of a brigade are regiments (III), of a division brigades (X)… */
  const char *below = echelon_below (echelon);
  return echelon_mark (below);
}

static void
add_unit_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  WbOobEditor *self = WB_OOB_EDITOR (widget);
  WbUnit *after = NULL;
  const char *formation = target_formation (self, &after);
  WbFormation *f = formation ? wb_game_find_formation (self->game, formation) : NULL;
  GPtrArray *classes = wb_game_get_unit_classes (self->game);
  g_autoptr(WbUnit) unit = NULL;
  g_autofree char *name = NULL;
  g_autofree char *id = NULL;
  const char *before = NULL;
  const char *ids[2] = { NULL, NULL };

  if (classes->len == 0)
    {
      _wb_oob_editor_show_error (self, _("The game has no unit classes: add one first"));
      return;
    }
  /* "New Unit 7": numbered by how many units the side has. */
  {
    g_autoptr(GPtrArray) side_units = wb_game_list_units_of_side (self->game, self->side);
    name = g_strdup_printf (_("New Unit %u"), side_units->len + 1);
  }
  id = wb_oob_make_unit_id (self->game, name);
  if (after != NULL)
    {
      /* A copy of the selected unit's class, size, strength and ratings:
       * the next regiment of a brigade is mostly like the last. */
      unit = wb_oob_copy_unit (after, id);
      wb_unit_set_name (unit, name);
      wb_unit_set_designation (unit, NULL);
      wb_unit_set_note (unit, NULL);
      {
        GPtrArray *units = wb_game_get_units (self->game);
        guint i;
        if (g_ptr_array_find (units, after, &i) && i + 1 < units->len)
          before = wb_unit_get_id (g_ptr_array_index (units, i + 1));
      }
    }
  else
    {
      WbUnitType *klass = g_ptr_array_index (classes, 0);
      WbStrength s = { WB_STRENGTH_SINGLE, 1, 0, { 2 } };

      unit = wb_unit_new (id);
      wb_unit_set_name (unit, name);
      wb_unit_set_side (unit, self->side);
      wb_unit_set_class_id (unit, klass->id);
      wb_unit_set_formation (unit, formation);
      wb_unit_set_size (unit, f ? size_for_echelon (f->echelon) : NULL);
      wb_unit_set_strength (unit, &s);
    }
  if (_wb_oob_editor_push (self, wb_command_add_unit_new (self->game, unit, before)))
    {
      GtkWidget *entry;

      ids[0] = id;
      wb_oob_editor_select (self, ids);
      entry = wb_oob_editor_get_field (self, "name");
      if (entry != NULL)
        gtk_widget_grab_focus (entry);
    }
}

static void
add_formation_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  WbOobEditor *self = WB_OOB_EDITOR (widget);
  WbUnit *after = NULL;
  const char *parent = target_formation (self, &after);
  WbFormation *p = parent ? wb_game_find_formation (self->game, parent) : NULL;
  const char *echelon = p ? echelon_below (p->echelon) : "army";
  g_autofree char *name = NULL;
  g_autofree char *id = NULL;
  WbFormation *f;
  const char *ids[2] = { NULL, NULL };

  /* Translators: a new formation's name, "New brigade" */
  name = g_strdup_printf (_("New %s"), echelon);
  id = wb_oob_make_formation_id (self->game, name);
  f = wb_formation_new (id);
  f->name = g_strdup (name);
  f->echelon = g_strdup (echelon);
  f->side = self->side;
  f->parent = parent;
  if (_wb_oob_editor_push (self, wb_command_add_formation_new (self->game, f)))
    {
      GtkWidget *entry;

      ids[0] = id;
      wb_oob_editor_select (self, ids);
      entry = wb_oob_editor_get_field (self, "name");
      if (entry != NULL)
        gtk_widget_grab_focus (entry);
    }
}

static void
duplicate_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  WbOobEditor *self = WB_OOB_EDITOR (widget);
  g_autoptr(GPtrArray) units = selected_units (self);
  g_autoptr(GPtrArray) before = g_ptr_array_new ();
  g_autoptr(GPtrArray) fresh = g_ptr_array_new ();
  g_autofree char *label = NULL;
  GPtrArray *all;

  if (units->len == 0)
    return;
  all = wb_game_get_units (self->game);
  for (guint i = 0; i < all->len; i++)
    g_ptr_array_add (before, (gpointer) wb_unit_get_id (g_ptr_array_index (all, i)));
  label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Duplicate %u unit", "Duplicate %u units",
                                        units->len), units->len);
  wb_undo_stack_begin_group (self->stack, label);
  for (guint i = 0; i < units->len; i++)
    if (!_wb_oob_editor_push (self, wb_command_duplicate_unit_new (self->game,
                                                                   wb_unit_get_id (g_ptr_array_index (units, i)))))
      {
        wb_undo_stack_cancel_group (self->stack);
        return;
      }
  wb_undo_stack_end_group (self->stack);
  /* Select the copies. */
  for (guint i = 0; i < all->len; i++)
    {
      const char *id = wb_unit_get_id (g_ptr_array_index (all, i));
      if (!g_ptr_array_find (before, id, NULL))
        g_ptr_array_add (fresh, (gpointer) id);
    }
  select_ids (self, fresh);
}

static void
delete_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  WbOobEditor *self = WB_OOB_EDITOR (widget);
  g_autoptr(GPtrArray) ids = selected_ids (self);
  g_autofree char *label = NULL;

  if (ids->len == 0)
    return;
  if (ids->len == 1)
    {
      const char *id = g_ptr_array_index (ids, 0);
      if (wb_game_find_unit (self->game, id))
        _wb_oob_editor_push (self, wb_command_delete_unit_new (self->game, id));
      else
        _wb_oob_editor_push (self, wb_command_delete_formation_new (self->game, id));
      return;
    }
  label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Delete %u item", "Delete %u items",
                                        ids->len), ids->len);
  wb_undo_stack_begin_group (self->stack, label);
  /* Units first: a formation's units would otherwise move up and stay. */
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < ids->len; i++)
      {
        const char *id = g_ptr_array_index (ids, i);
        gboolean is_unit = wb_game_find_unit (self->game, id) != NULL;
        WbCommand *command;

        if ((pass == 0) != is_unit)
          continue;
        command = is_unit ? wb_command_delete_unit_new (self->game, id)
                          : wb_command_delete_formation_new (self->game, id);
        if (!_wb_oob_editor_push (self, command))
          {
            wb_undo_stack_cancel_group (self->stack);
            return;
          }
      }
  wb_undo_stack_end_group (self->stack);
}

/* The units of @unit's formation (its siblings in the tree), in order. */
static GPtrArray *
siblings_of (WbOobEditor *self,
             WbUnit      *unit)
{
  GPtrArray *all = wb_game_get_units (self->game);
  GPtrArray *out = g_ptr_array_new ();

  for (guint i = 0; i < all->len; i++)
    {
      WbUnit *u = g_ptr_array_index (all, i);
      if (wb_unit_get_side (u) == wb_unit_get_side (unit) &&
          wb_unit_get_formation (u) == wb_unit_get_formation (unit))
        g_ptr_array_add (out, u);
    }
  return out;
}

/* The formations beside @f (same side and parent), in order. */
static GPtrArray *
formation_siblings (WbOobEditor *self,
                    WbFormation *f)
{
  GPtrArray *all = wb_game_get_formations (self->game);
  GPtrArray *out = g_ptr_array_new ();

  for (guint i = 0; i < all->len; i++)
    {
      WbFormation *g = g_ptr_array_index (all, i);
      if (g->side == f->side && g->parent == f->parent)
        g_ptr_array_add (out, g);
    }
  return out;
}

static void
move_formation (WbOobEditor *self,
                WbFormation *f,
                gboolean     up)
{
  g_autoptr(GPtrArray) siblings = formation_siblings (self, f);
  const char *before;
  guint i;

  if (!g_ptr_array_find (siblings, f, &i))
    return;
  if (up)
    {
      if (i == 0)
        return;
      before = ((WbFormation *) g_ptr_array_index (siblings, i - 1))->id;
    }
  else
    {
      if (i + 1 >= siblings->len)
        return;
      before = i + 2 < siblings->len ? ((WbFormation *) g_ptr_array_index (siblings, i + 2))->id : NULL;
    }
  _wb_oob_editor_push (self, wb_command_move_formation_new (self->game, f->id, f->parent, before));
}

static void
move_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  WbOobEditor *self = WB_OOB_EDITOR (widget);
  g_autoptr(GPtrArray) units = selected_units (self);
  g_autoptr(GPtrArray) siblings = NULL;
  gboolean up = g_str_equal (action_name, "oob.move-up");
  WbFormation *f = selected_formation (self);
  WbUnit *unit;
  const char *before;
  guint i;

  if (f != NULL)
    {
      move_formation (self, f, up);
      return;
    }
  if (units->len != 1)
    return;
  unit = g_ptr_array_index (units, 0);
  siblings = siblings_of (self, unit);
  if (!g_ptr_array_find (siblings, unit, &i))
    return;
  if (up)
    {
      if (i == 0)
        return;
      before = wb_unit_get_id (g_ptr_array_index (siblings, i - 1));
    }
  else
    {
      if (i + 1 >= siblings->len)
        return;
      before = i + 2 < siblings->len ? wb_unit_get_id (g_ptr_array_index (siblings, i + 2)) : NULL;
    }
  _wb_oob_editor_push (self, wb_command_move_unit_new (self->game, wb_unit_get_id (unit),
                                                       wb_unit_get_formation (unit), before));
}

static void
move_to_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  WbOobEditor *self = WB_OOB_EDITOR (widget);
  const char *target = g_variant_get_string (parameter, NULL);
  g_autoptr(GPtrArray) units = selected_units (self);
  WbFormation *f = selected_formation (self);

  if (*target == '\0')
    target = NULL;
  if (f != NULL)
    {
      _wb_oob_editor_push (self, wb_command_reparent_formation_new (self->game, f->id, target));
      return;
    }
  if (units->len > 0)
    {
      g_autoptr(GPtrArray) ids = g_ptr_array_new ();
      for (guint i = 0; i < units->len; i++)
        g_ptr_array_add (ids, (gpointer) wb_unit_get_id (g_ptr_array_index (units, i)));
      move_units (self, ids, target, NULL);
    }
}

static void
search_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  WbOobEditor *self = WB_OOB_EDITOR (widget);

  gtk_widget_grab_focus (self->search);
}

static void
back_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  g_signal_emit (widget, signals[CLOSE_REQUESTED], 0);
}

/* The actions' enabled state, in one place. */
static void
update_actions (WbOobEditor *self)
{
  g_autoptr(GPtrArray) ids = self->selection ? selected_ids (self) : g_ptr_array_new ();
  g_autoptr(GPtrArray) units = self->selection ? selected_units (self) : g_ptr_array_new ();
  gboolean ready = self->game != NULL && self->stack != NULL && self->side != NULL;
  gboolean one_unit = units->len == 1 && ids->len == 1;
  gboolean up = FALSE, down = FALSE;
  WbFormation *f = ready && self->selection ? selected_formation (self) : NULL;

  if (f != NULL)
    {
      g_autoptr(GPtrArray) siblings = formation_siblings (self, f);
      guint i;
      if (g_ptr_array_find (siblings, f, &i))
        {
          up = i > 0;
          down = i + 1 < siblings->len;
        }
    }
  else if (ready && one_unit)
    {
      g_autoptr(GPtrArray) siblings = siblings_of (self, g_ptr_array_index (units, 0));
      guint i;
      if (g_ptr_array_find (siblings, g_ptr_array_index (units, 0), &i))
        {
          up = i > 0;
          down = i + 1 < siblings->len;
        }
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "oob.add-unit", ready);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "oob.add-formation", ready);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "oob.duplicate", ready && units->len > 0 &&
                                 units->len == ids->len);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "oob.delete", ready && ids->len > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "oob.move-up", up);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "oob.move-down", down);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "oob.move-to", ready && ids->len > 0);
}

static void
on_selection_changed (WbOobEditor *self)
{
  g_autoptr(GPtrArray) units = NULL;
  WbFormation *f;

  if (self->rebuilding)
    return;
  units = selected_units (self);
  f = units->len == 0 ? selected_formation (self) : NULL;
  _wb_oob_editor_form_update (self, units, f);
  update_actions (self);
}

void
_wb_oob_editor_refresh_form (WbOobEditor *self)
{
  on_selection_changed (self);
}

static void
on_search_changed (WbOobEditor *self)
{
  rebuild (self);
}

static void
on_game_changed (WbOobEditor *self,
                 const char  *what)
{
  if (self->side != NULL && wb_game_find_side (self->game, self->side) == NULL)
    self->side = NULL;
  rebuild (self);
}

static gboolean
on_tree_key (GtkEventControllerKey *controller,
             guint                  keyval,
             guint                  keycode,
             GdkModifierType        state,
             WbOobEditor           *self)
{
  if ((state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK)) != 0)
    return FALSE;
  if (keyval == GDK_KEY_Delete || keyval == GDK_KEY_KP_Delete)
    {
      gtk_widget_activate_action (GTK_WIDGET (self), "oob.delete", NULL);
      return TRUE;
    }
  if (keyval == GDK_KEY_Escape)
    {
      gtk_widget_activate_action (GTK_WIDGET (self), "oob.back", NULL);
      return TRUE;
    }
  return FALSE;
}

/* --- the widget ------------------------------------------------------------------------ */

static void
wb_oob_editor_dispose (GObject *object)
{
  WbOobEditor *self = WB_OOB_EDITOR (object);

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_object (&self->stack);
  g_clear_handle_id (&self->form_idle, g_source_remove);
  g_clear_handle_id (&self->pending_idle, g_source_remove);
  g_clear_pointer (&self->pending, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), WB_TYPE_OOB_EDITOR);
  g_clear_object (&self->selection);
  g_clear_object (&self->roots);
  g_clear_pointer (&self->fields, g_hash_table_unref);
  g_clear_pointer (&self->form_key, g_free);
  g_clear_pointer (&self->form_units, g_ptr_array_unref);
  G_OBJECT_CLASS (wb_oob_editor_parent_class)->dispose (object);
}

static void
wb_oob_editor_class_init (WbOobEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = wb_oob_editor_dispose;
  widget_class->map = wb_oob_editor_map;

  /**
   * WbOobEditor::close-requested:
   *
   * The designer asked to go back (the Back button, Escape in the tree).
   */
  signals[CLOSE_REQUESTED] =
    g_signal_new ("close-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_install_action (widget_class, "oob.add-unit", NULL, add_unit_action);
  gtk_widget_class_install_action (widget_class, "oob.add-formation", NULL, add_formation_action);
  gtk_widget_class_install_action (widget_class, "oob.duplicate", NULL, duplicate_action);
  gtk_widget_class_install_action (widget_class, "oob.delete", NULL, delete_action);
  gtk_widget_class_install_action (widget_class, "oob.move-up", NULL, move_action);
  gtk_widget_class_install_action (widget_class, "oob.move-down", NULL, move_action);
  gtk_widget_class_install_action (widget_class, "oob.move-to", "s", move_to_action);
  gtk_widget_class_install_action (widget_class, "oob.search", NULL, search_action);
  gtk_widget_class_install_action (widget_class, "oob.back", NULL, back_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_d, GDK_CONTROL_MASK, "oob.duplicate", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, "oob.search", NULL);
  /* Ctrl+N is the application's New Window. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Insert, 0, "oob.add-unit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Insert, 0, "oob.add-unit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_u, GDK_CONTROL_MASK | GDK_ALT_MASK,
                                       "oob.add-unit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK | GDK_ALT_MASK,
                                       "oob.add-formation", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, GDK_ALT_MASK, "oob.move-up", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, GDK_ALT_MASK, "oob.move-down", NULL);

  wb_edit_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/warbench/Warbench/editor/wb-oob-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, WbOobEditor, paned);
  gtk_widget_class_bind_template_child (widget_class, WbOobEditor, side_swatch);
  gtk_widget_class_bind_template_child (widget_class, WbOobEditor, side_label);
  gtk_widget_class_bind_template_child (widget_class, WbOobEditor, search);
  gtk_widget_class_bind_template_child (widget_class, WbOobEditor, scroller);
  gtk_widget_class_bind_template_child (widget_class, WbOobEditor, list_view);
  gtk_widget_class_bind_template_child (widget_class, WbOobEditor, empty_label);
  gtk_widget_class_bind_template_child (widget_class, WbOobEditor, inspector);
  gtk_widget_class_bind_template_child (widget_class, WbOobEditor, error_label);
  gtk_widget_class_bind_template_child (widget_class, WbOobEditor, form);
  gtk_widget_class_bind_template_child (widget_class, WbOobEditor, hint);
  gtk_widget_class_bind_template_callback (widget_class, on_search_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_tree_key);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "oobeditor");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
draw_side_swatch (GtkDrawingArea *area,
                  cairo_t        *cr,
                  int             width,
                  int             height,
                  gpointer        user_data)
{
  WbOobEditor *self = user_data;
  WbSide *side = self->game && self->side ? wb_game_find_side (self->game, self->side) : NULL;
  double r, g, b;

  if (side == NULL || !wb_color_parse (side->color, &r, &g, &b))
    return;
  cairo_rectangle (cr, 0.5, 0.5, width - 1, height - 1);
  cairo_set_source_rgb (cr, r, g, b);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.4);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

static void
wb_oob_editor_init (WbOobEditor *self)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  self->fields = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->pending = g_ptr_array_new_with_free_func (g_object_unref);

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->side_swatch), draw_side_swatch, self, NULL);

  /* The tree: the side's formations and units, its rows made by the
   * factory (built when the editor maps: see ensure_fresh). */
  self->roots = g_list_store_new (WB_TYPE_OOB_ITEM);
  self->tree = gtk_tree_list_model_new (G_LIST_MODEL (g_object_ref (self->roots)), FALSE, TRUE,
                                        create_children, NULL, NULL);
  self->selection = gtk_multi_selection_new (G_LIST_MODEL (self->tree));
  g_signal_connect_swapped (self->selection, "selection-changed",
                            G_CALLBACK (on_selection_changed), self);
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), self);
  g_signal_connect_after (factory, "setup", G_CALLBACK (setup_row_dnd), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_row), self);
  gtk_list_view_set_factory (GTK_LIST_VIEW (self->list_view), factory);
  gtk_list_view_set_model (GTK_LIST_VIEW (self->list_view), GTK_SELECTION_MODEL (self->selection));

  update_actions (self);
}

GtkWidget *
wb_oob_editor_new (void)
{
  return g_object_new (WB_TYPE_OOB_EDITOR, NULL);
}

void
wb_oob_editor_set_game (WbOobEditor *self,
                        WbGame      *game,
                        WbUndoStack *stack)
{
  g_return_if_fail (WB_IS_OOB_EDITOR (self));
  g_return_if_fail (game == NULL || WB_IS_GAME (game));

  if (self->game != game)
    {
      if (self->game != NULL)
        g_signal_handlers_disconnect_by_data (self->game, self);
      g_set_object (&self->game, game);
      if (game != NULL)
        g_signal_connect_object (game, "changed", G_CALLBACK (on_game_changed), self,
                                 G_CONNECT_SWAPPED);
      self->side = NULL;
      if (game != NULL && wb_game_get_sides (game)->len > 0)
        self->side = ((WbSide *) g_ptr_array_index (wb_game_get_sides (game), 0))->id;
    }
  g_set_object (&self->stack, stack);
  _wb_oob_editor_form_clear (self);
  wb_oob_editor_set_side (self, self->side);
}

WbGame *
wb_oob_editor_get_game (WbOobEditor *self)
{
  g_return_val_if_fail (WB_IS_OOB_EDITOR (self), NULL);
  return self->game;
}

void
wb_oob_editor_set_side (WbOobEditor *self,
                        const char  *side)
{
  WbSide *s;

  g_return_if_fail (WB_IS_OOB_EDITOR (self));

  s = self->game && side ? wb_game_find_side (self->game, side) : NULL;
  if (self->side != (s ? s->id : NULL))
    gtk_selection_model_unselect_all (GTK_SELECTION_MODEL (self->selection));
  self->side = s ? s->id : NULL;
  if (s != NULL)
    {
      g_autofree char *title = g_strdup_printf (_("%s Order of Battle"), s->name ? s->name : s->id);
      gtk_label_set_text (GTK_LABEL (self->side_label), s->name ? s->name : s->id);
      gtk_widget_set_tooltip_text (self->side_label, title);
    }
  else
    gtk_label_set_text (GTK_LABEL (self->side_label), "");
  gtk_widget_queue_draw (self->side_swatch);
  rebuild (self);
}

const char *
wb_oob_editor_get_side (WbOobEditor *self)
{
  g_return_val_if_fail (WB_IS_OOB_EDITOR (self), NULL);
  return self->side;
}

guint
wb_oob_editor_select (WbOobEditor        *self,
                      const char * const *ids)
{
  g_autoptr(GPtrArray) list = g_ptr_array_new ();

  g_return_val_if_fail (WB_IS_OOB_EDITOR (self), 0);
  ensure_fresh (self);
  for (guint i = 0; ids != NULL && ids[i] != NULL; i++)
    g_ptr_array_add (list, (gpointer) g_intern_string (ids[i]));
  return select_ids (self, list);
}

GPtrArray *
wb_oob_editor_get_selected_units (WbOobEditor *self)
{
  g_return_val_if_fail (WB_IS_OOB_EDITOR (self), NULL);
  ensure_fresh (self);
  return selected_units (self);
}

WbFormation *
wb_oob_editor_get_selected_formation (WbOobEditor *self)
{
  g_return_val_if_fail (WB_IS_OOB_EDITOR (self), NULL);
  ensure_fresh (self);
  return selected_formation (self);
}

guint
wb_oob_editor_get_n_rows (WbOobEditor *self)
{
  g_return_val_if_fail (WB_IS_OOB_EDITOR (self), 0);
  ensure_fresh (self);
  return g_list_model_get_n_items (G_LIST_MODEL (self->tree));
}

GPtrArray *
wb_oob_editor_list_rows (WbOobEditor *self)
{
  GPtrArray *ids;
  guint n;

  g_return_val_if_fail (WB_IS_OOB_EDITOR (self), NULL);
  ensure_fresh (self);
  n = g_list_model_get_n_items (G_LIST_MODEL (self->tree));
  ids = g_ptr_array_new ();
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(WbOobItem) item = row_item (self, i);
      g_ptr_array_add (ids, (gpointer) item->id);
    }
  return ids;
}

gboolean
wb_oob_editor_set_expanded (WbOobEditor *self,
                            const char  *id,
                            gboolean     expanded)
{
  guint n;

  g_return_val_if_fail (WB_IS_OOB_EDITOR (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);
  ensure_fresh (self);

  id = g_intern_string (id);
  n = g_list_model_get_n_items (G_LIST_MODEL (self->tree));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GtkTreeListRow) row = g_list_model_get_item (G_LIST_MODEL (self->tree), i);
      g_autoptr(WbOobItem) item = gtk_tree_list_row_get_item (row);

      if (item->id == id)
        {
          gtk_tree_list_row_set_expanded (row, expanded);
          return TRUE;
        }
    }
  return FALSE;
}

GtkWidget *
wb_oob_editor_get_field (WbOobEditor *self,
                         const char  *field)
{
  g_return_val_if_fail (WB_IS_OOB_EDITOR (self), NULL);
  g_return_val_if_fail (field != NULL, NULL);

  if (g_str_equal (field, "search"))
    return self->search;
  if (g_str_equal (field, "tree"))
    return self->list_view;
  if (g_str_equal (field, "error"))
    return self->error_label;
  return g_hash_table_lookup (self->fields, field);
}

guint
wb_oob_editor_get_preview_draws (WbOobEditor *self)
{
  g_return_val_if_fail (WB_IS_OOB_EDITOR (self), 0);
  return self->preview_draws;
}
