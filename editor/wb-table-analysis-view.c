/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-table-analysis-view"
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "wb-table-analysis-view.h"

/* The map is a GtkGrid of focusable boxes around labels, like the editor's
 * grid: labels give each cell a tooltip and an accessible name for free,
 * and a CSS class per tenth of probability ("heat-0" … "heat-10") shades
 * it. The shade is one hue laid translucently over the theme's own
 * background, so it reads in the light and the dark theme alike; the
 * darkest three take white text. */

/* --- the numbers behind the map ------------------------------------------ */

typedef struct {
  char         *label;
  GArray       *outcomes;       /* WbTableOutcome, interned results */
  guint64       uncovered;      /* fire: throws giving no band */
  gboolean      effects_known;
  WbCodeEffect  expected;
  double        score;
  char         *reason;         /* flagged non-monotonic: why */
  /* Dice pools, per row of the table: the dice (-1 unknown), the expected
   * hits and the chance of at least one. */
  int          *pool_dice;
  double       *pool_hits;
  double       *pool_any;
} Column;

typedef struct {
  guint64    total;
  gboolean   fire;
  gboolean   checked;          /* the monotonicity check applies */
  GPtrArray *columns;          /* Column* */
  GPtrArray *results;          /* const char* (interned), first appearance */
  GPtrArray *pool_rows;        /* a dice pool's row labels (char*), or NULL */
} Matrix;

static void
column_free (Column *c)
{
  g_free (c->label);
  g_array_unref (c->outcomes);
  g_free (c->reason);
  g_free (c->pool_dice);
  g_free (c->pool_hits);
  g_free (c->pool_any);
  g_free (c);
}

static void
matrix_free (Matrix *m)
{
  if (m == NULL)
    return;
  g_ptr_array_unref (m->columns);
  g_ptr_array_unref (m->results);
  g_clear_pointer (&m->pool_rows, g_ptr_array_unref);
  g_free (m);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Matrix, matrix_free)

static guint64
column_count (const Column *c, const char *result)
{
  for (guint i = 0; i < c->outcomes->len; i++)
    if (g_array_index (c->outcomes, WbTableOutcome, i).result == result)
      return g_array_index (c->outcomes, WbTableOutcome, i).count;
  return 0;
}

static void
add_results (Matrix *m, const Column *c)
{
  for (guint i = 0; i < c->outcomes->len; i++)
    {
      const char *r = g_array_index (c->outcomes, WbTableOutcome, i).result;
      gboolean seen = FALSE;

      for (guint j = 0; j < m->results->len && !seen; j++)
        seen = m->results->pdata[j] == r;
      if (!seen)
        g_ptr_array_add (m->results, (gpointer) r);
    }
}

typedef struct { const char *name; long lo; } Band;

static int
band_cmp (gconstpointer a, gconstpointer b)
{
  const Band *x = a, *y = b;
  return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* Every band a fire table's cells name ("green:0-1 yellow:2-4 red:5+"),
 * by the lowest rating each starts at, so the rows stay put as the target
 * rating changes. */
static void
add_fire_bands (Matrix *m, WbTable *table)
{
  GPtrArray *rows = wb_table_get_rows (table);
  g_autoptr(GArray) bands = g_array_new (FALSE, FALSE, sizeof (Band));

  for (guint r = 0; r < rows->len; r++)
    {
      const WbTableRow *row = rows->pdata[r];

      for (guint c = 0; c < row->cells->len; c++)
        {
          g_auto(GStrv) tokens = g_strsplit_set (row->cells->pdata[c], " \t", -1);

          for (guint t = 0; tokens[t] != NULL; t++)
            {
              const char *colon = strchr (tokens[t], ':');
              g_autofree char *name = NULL;
              const char *interned;
              gboolean seen = FALSE;
              long lo;

              if (colon == NULL || colon == tokens[t] || !g_ascii_isdigit (colon[1]))
                continue;
              name = g_strndup (tokens[t], colon - tokens[t]);
              interned = g_intern_string (name);
              lo = strtol (colon + 1, NULL, 10);
              for (guint i = 0; i < bands->len && !seen; i++)
                {
                  Band *b = &g_array_index (bands, Band, i);
                  if (b->name == interned)
                    {
                      b->lo = MIN (b->lo, lo);
                      seen = TRUE;
                    }
                }
              if (!seen)
                g_array_append_val (bands, ((Band) { interned, lo }));
            }
        }
    }
  g_array_sort (bands, band_cmp);
  for (guint i = 0; i < bands->len; i++)
    g_ptr_array_add (m->results, (gpointer) g_array_index (bands, Band, i).name);
}

/* A fire table's bands for @rating; any other table's results. */
static Matrix *
matrix_new (WbTable *table, int rating, GError **error)
{
  Matrix *m = g_new0 (Matrix, 1);
  WbTableKind kind = wb_table_get_kind (table);

  m->fire = kind == WB_TABLE_FIRE;
  m->checked = kind == WB_TABLE_ODDS || kind == WB_TABLE_DIFFERENTIAL;
  m->columns = g_ptr_array_new_with_free_func ((GDestroyNotify) column_free);
  m->results = g_ptr_array_new ();
  if (m->fire)
    {
      g_autoptr(WbDice) dice = wb_dice_new (wb_table_get_dice (table), error);
      GPtrArray *columns = wb_table_get_columns (table);

      if (dice == NULL)
        {
          matrix_free (m);
          return NULL;
        }
      m->total = dice->total;
      add_fire_bands (m, table);
      for (guint i = 0; i < columns->len; i++)
        {
          Column *c = g_new0 (Column, 1);

          c->label = g_strdup (((WbTableColumn *) columns->pdata[i])->label);
          c->outcomes = wb_fire_band_stats (table, dice, i, rating, &c->uncovered);
          g_ptr_array_add (m->columns, c);
          add_results (m, c);
        }
    }
  else
    {
      g_autoptr(WbTableStats) stats = wb_table_stats_new (table, error);

      if (stats == NULL)
        {
          matrix_free (m);
          return NULL;
        }
      m->total = stats->dice->total;
      if (kind == WB_TABLE_DICE_POOL && stats->columns->len > 0 &&
          ((WbColumnStats *) stats->columns->pdata[0])->pool_dice != NULL)
        {
          GPtrArray *rows = wb_table_get_rows (table);

          m->pool_rows = g_ptr_array_new_with_free_func (g_free);
          for (guint r = 0; r < rows->len; r++)
            g_ptr_array_add (m->pool_rows, g_strdup (((WbTableRow *) rows->pdata[r])->label));
        }
      for (guint i = 0; i < stats->columns->len; i++)
        {
          const WbColumnStats *s = stats->columns->pdata[i];
          Column *c = g_new0 (Column, 1);

          if (m->pool_rows != NULL && s->pool_dice != NULL)
            {
              c->pool_dice = g_memdup2 (s->pool_dice, m->pool_rows->len * sizeof (int));
              c->pool_hits = g_memdup2 (s->pool_expected_hits, m->pool_rows->len * sizeof (double));
              c->pool_any = g_memdup2 (s->pool_any_hit, m->pool_rows->len * sizeof (double));
            }

          c->label = g_strdup (s->label);
          c->outcomes = g_array_copy (s->outcomes);
          c->uncovered = s->uncovered;
          c->effects_known = s->effects_known;
          c->expected = s->expected;
          c->score = s->score;
          c->reason = s->non_monotonic ? g_strdup (s->reason) : NULL;
          g_ptr_array_add (m->columns, c);
          /* A pool's cells are dice counts: its rows say more than they do. */
          if (m->pool_rows == NULL)
            add_results (m, c);
        }
    }
  return m;
}

static const Column *
matrix_find_column (const Matrix *m, const char *label)
{
  for (guint i = 0; i < m->columns->len; i++)
    if (g_strcmp0 (((Column *) m->columns->pdata[i])->label, label) == 0)
      return m->columns->pdata[i];
  return NULL;
}

/* --- the widget ------------------------------------------------------------ */

typedef enum { COMPARE_NONE, COMPARE_TABLE, COMPARE_SAVED } CompareMode;

struct _WbTableAnalysis
{
  GtkWidget      parent_instance;

  WbGame        *game;
  gulong         changed_id;
  char          *table_id;
  GFile         *file;
  guint          update_id;
  gboolean       stale;           /* changed while not shown: update on map */

  CompareMode    mode;
  char          *compare_id;
  int            rating;

  /* The saved file, read in a worker thread and again when its time or
   * size changes; a failure is kept for the same file, time and size. */
  WbGame        *saved_game;
  char          *saved_error;
  GFile         *saved_file;
  guint64        saved_mtime;
  goffset        saved_size;
  GCancellable  *loading;         /* a read in progress, of: */
  GFile         *loading_file;
  guint64        loading_mtime;
  goffset        loading_size;

  GtkWidget     *box;
  GtkWidget     *compare;
  GtkStringList *compare_names;
  GPtrArray     *compare_ids;     /* char*: the tables offered, in list order */
  gboolean       compare_saved;   /* the last entry is sensitive */
  GtkWidget     *rating_box;
  GtkWidget     *rating_spin;
  GtkWidget     *grid;
  GtkWidget     *flagged;
  GtkWidget     *message;
  gboolean       updating;        /* controls set by the code, not the designer */

  GHashTable    *texts;           /* "key\x1fcolumn" → what the cell shows */
};

G_DEFINE_FINAL_TYPE (WbTableAnalysis, wb_table_analysis, GTK_TYPE_WIDGET)

static void update (WbTableAnalysis *self);

static gboolean
update_idle (gpointer data)
{
  WbTableAnalysis *self = data;

  self->update_id = 0;
  /* Hidden (the pane toggled off, another page shown): no work until it
   * shows again. */
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    self->stale = TRUE;
  else
    update (self);
  return G_SOURCE_REMOVE;
}

void
wb_table_analysis_queue_update (WbTableAnalysis *self)
{
  g_return_if_fail (WB_IS_TABLE_ANALYSIS (self));
  /* Before GTK's layout and redraw (GDK_PRIORITY_REDRAW is HIGH_IDLE + 20),
   * so the new numbers show in the next frame. */
  if (self->update_id == 0)
    self->update_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE + 10, update_idle, self, NULL);
}

void
wb_table_analysis_flush (WbTableAnalysis *self)
{
  g_return_if_fail (WB_IS_TABLE_ANALYSIS (self));
  if (self->update_id != 0 || self->stale)
    update (self);
}

static WbTable *
current_table (WbTableAnalysis *self)
{
  if (self->game == NULL || self->table_id == NULL)
    return NULL;
  return wb_game_find_table (self->game, self->table_id);
}

static void
set_message (WbTableAnalysis *self, const char *text)
{
  gtk_label_set_text (GTK_LABEL (self->message), text != NULL ? text : "");
  gtk_widget_set_visible (self->message, text != NULL && *text != '\0');
}

/* --- formatting ------------------------------------------------------------ */

static char *
format_percent (double p)
{
  if (p <= 0)
    return g_strdup ("–");
  if (p < 0.0005)
    return g_strdup (_("<0.1 %"));
  /* Translators: a probability as a percentage */
  return g_strdup_printf (_("%.1f %%"), 100 * p);
}

static char *
format_diff (double d)
{
  if (fabs (d) < 0.0005)
    return g_strdup ("±0");
  /* Translators: a difference of probabilities, in percentage points */
  return g_strdup_printf (_("%+.1f"), 100 * d);
}

/* A score or an expected loss; never "-0.000". */
static char *
format_number (double v, gboolean sign)
{
  if (fabs (v) < 0.0005)
    v = 0;
  return g_strdup_printf (sign ? "%+.3f" : "%.3f", v);
}

static void
set_text (WbTableAnalysis *self, const char *key, const char *column, const char *text)
{
  g_hash_table_insert (self->texts, g_strconcat (key, "\x1f", column, NULL), g_strdup (text));
}

/* --- the grid ---------------------------------------------------------------- */

static gboolean
on_map_key (GtkEventControllerKey *controller,
            guint                  keyval,
            guint                  keycode,
            GdkModifierType        state,
            WbTableAnalysis       *self)
{
  GtkRoot *root = gtk_widget_get_root (self->grid);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  int dx = 0, dy = 0, x, y;

  switch (keyval)
    {
    case GDK_KEY_Left: case GDK_KEY_KP_Left: dx = -1; break;
    case GDK_KEY_Right: case GDK_KEY_KP_Right: dx = 1; break;
    case GDK_KEY_Up: case GDK_KEY_KP_Up: dy = -1; break;
    case GDK_KEY_Down: case GDK_KEY_KP_Down: dy = 1; break;
    default: return FALSE;
    }
  while (focus != NULL && gtk_widget_get_parent (focus) != self->grid)
    focus = gtk_widget_get_parent (focus);
  if (focus == NULL)
    return FALSE;
  gtk_grid_query_child (GTK_GRID (self->grid), focus, &x, &y, NULL, NULL);
  for (x += dx, y += dy; x >= 0 && y >= 0; x += dx, y += dy)
    {
      GtkWidget *next = gtk_grid_get_child_at (GTK_GRID (self->grid), x, y);

      if (next == NULL)
        break;
      if (gtk_widget_get_focusable (next))
        {
          gtk_widget_grab_focus (next);
          return TRUE;
        }
    }
  return TRUE;
}

/* A cell: a focusable box holding one label per line of @text. The first
 * line takes @line_class, the others @extra_class. */
static GtkWidget *
attach_cell (WbTableAnalysis *self,
             int              x,
             int              y,
             const char      *text,
             const char      *tooltip,
             const char      *accessible,
             const char      *line_class,
             const char      *extra_class)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      GtkWidget *label = gtk_label_new (lines[i]);
      const char *cls = i == 0 ? line_class : extra_class;

      gtk_label_set_xalign (GTK_LABEL (label), x == 0 ? 0.0 : 1.0);
      if (cls != NULL)
        gtk_widget_add_css_class (label, cls);
      gtk_box_append (GTK_BOX (box), label);
    }
  gtk_widget_add_css_class (box, "heat-cell");
  gtk_widget_set_focusable (box, TRUE);
  if (tooltip != NULL)
    gtk_widget_set_tooltip_text (box, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  accessible != NULL ? accessible : text, -1);
  gtk_grid_attach (GTK_GRID (self->grid), box, x, y, 1, 1);
  return box;
}

static const char *
result_title (const char *result)
{
  return result[0] == '\0' ? _("(blank)") : result;
}

static char *
result_tooltip (WbTable *table, const char *result, gboolean fire)
{
  GPtrArray *codes = wb_table_get_codes (table);

  if (wb_table_cell_is_unknown (result))
    return g_strdup (_("Cells the rulebook does not give: the players decide the result"));
  if (fire)
    return g_strdup_printf (_("Band “%s” for the target rating"), result);
  for (guint i = 0; i < codes->len; i++)
    {
      const WbResultCode *c = codes->pdata[i];

      if (g_strcmp0 (c->code, result) == 0 && c->name != NULL && c->name[0] != '\0')
        return c->text != NULL && c->text[0] != '\0'
               ? g_strdup_printf ("%s — %s: %s", c->code, c->name, c->text)
               : g_strdup_printf ("%s — %s", c->code, c->name);
    }
  return g_strdup_printf (_("The result “%s”"), result_title (result));
}

static void
attach_header (WbTableAnalysis *self, int x, const Column *a)
{
  GtkWidget *box = attach_cell (self, x, 0, a->label, NULL, NULL, NULL, NULL);

  gtk_widget_add_css_class (box, "heading");
  if (a->reason != NULL)
    {
      GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");
      g_autofree char *accessible = g_strdup_printf (_("Column %s, flagged: %s"), a->label, a->reason);

      gtk_orientable_set_orientation (GTK_ORIENTABLE (box), GTK_ORIENTATION_HORIZONTAL);
      gtk_box_set_spacing (GTK_BOX (box), 4);
      gtk_box_prepend (GTK_BOX (box), icon);
      gtk_widget_add_css_class (box, "flagged");
      gtk_widget_set_tooltip_text (box, a->reason);
      gtk_accessible_update_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      accessible, -1);
    }
  else
    {
      g_autofree char *accessible = g_strdup_printf (_("Column %s"), a->label);

      gtk_widget_set_tooltip_text (box, accessible);
      gtk_accessible_update_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      accessible, -1);
    }
}

static void
attach_row_title (WbTableAnalysis *self, int y, const char *title, const char *tooltip)
{
  GtkWidget *box = attach_cell (self, 0, y, title, tooltip, title, NULL, NULL);

  gtk_widget_add_css_class (box, "heading");
}

static void
draw_swatch (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  const GdkRGBA *rgba = data;

  gdk_cairo_set_source_rgba (cr, rgba);
  cairo_rectangle (cr, 0.5, 0.5, width - 1, height - 1);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.4);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

/* A result's row title; a fire band named by a colour ("green", "#3060c0")
 * gets a swatch of it, as on the printed chart. */
static void
attach_result_title (WbTableAnalysis *self, int y, const char *result, const char *tooltip,
                     gboolean fire)
{
  GtkWidget *box = attach_cell (self, 0, y, result_title (result), tooltip, result_title (result),
                                NULL, NULL);
  GdkRGBA rgba;

  gtk_widget_add_css_class (box, "heading");
  if (fire && gdk_rgba_parse (&rgba, result))
    {
      GtkWidget *swatch = gtk_drawing_area_new ();

      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), 12);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), 12);
      gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch,
                                      gdk_rgba_copy (&rgba), (GDestroyNotify) gdk_rgba_free);
      gtk_orientable_set_orientation (GTK_ORIENTABLE (box), GTK_ORIENTATION_HORIZONTAL);
      gtk_box_set_spacing (GTK_BOX (box), 6);
      gtk_box_prepend (GTK_BOX (box), swatch);
    }
}

/* The extra rows: which apply, their keys, titles and tooltips. */
typedef struct {
  const char *key;
  const char *title;
  const char *tooltip;
  size_t      offset;     /* into WbCodeEffect, or -1 for the score */
} Extra;

static const Extra extras[] = {
  { WB_TABLE_ANALYSIS_ATTACKER_ELIMINATED, N_("Attacker eliminated"),
    N_("Expected share of the attacking force eliminated"),
    G_STRUCT_OFFSET (WbCodeEffect, attacker_eliminated) },
  { WB_TABLE_ANALYSIS_DEFENDER_ELIMINATED, N_("Defender eliminated"),
    N_("Expected share of the defending force eliminated"),
    G_STRUCT_OFFSET (WbCodeEffect, defender_eliminated) },
  { WB_TABLE_ANALYSIS_ATTACKER_STEPS, N_("Attacker steps"),
    N_("Expected step losses of the attacker"),
    G_STRUCT_OFFSET (WbCodeEffect, attacker_steps) },
  { WB_TABLE_ANALYSIS_DEFENDER_STEPS, N_("Defender steps"),
    N_("Expected step losses of the defender"),
    G_STRUCT_OFFSET (WbCodeEffect, defender_steps) },
  { WB_TABLE_ANALYSIS_ATTACKER_RETREAT, N_("Attacker retreats"),
    N_("Chance that the attacker retreats"),
    G_STRUCT_OFFSET (WbCodeEffect, attacker_retreat) },
  { WB_TABLE_ANALYSIS_DEFENDER_RETREAT, N_("Defender retreats"),
    N_("Chance that the defender retreats"),
    G_STRUCT_OFFSET (WbCodeEffect, defender_retreat) },
  { WB_TABLE_ANALYSIS_ATTACKER_MORALE, N_("Attacker morale"),
    N_("Expected morale hits on the attacker"),
    G_STRUCT_OFFSET (WbCodeEffect, attacker_morale) },
  { WB_TABLE_ANALYSIS_DEFENDER_MORALE, N_("Defender morale"),
    N_("Expected morale hits on the defender"),
    G_STRUCT_OFFSET (WbCodeEffect, defender_morale) },
  { WB_TABLE_ANALYSIS_SCORE, N_("Attacker score"),
    N_("Expected defender losses minus attacker losses: an elimination counts 1, a retreat ½, a step ¼, a morale hit ⅛"),
    (size_t) -1 },
};

static double
extra_value (const Extra *e, const Column *c)
{
  if (e->offset == (size_t) -1)
    return c->score;
  return G_STRUCT_MEMBER (double, &c->expected, e->offset);
}

/* Eliminations and the score whenever a column knows its effects; steps
 * and retreats only when some column has them. */
static gboolean
extra_applies (const Extra *e, const Matrix *m)
{
  gboolean known = FALSE;

  for (guint i = 0; i < m->columns->len; i++)
    {
      const Column *c = m->columns->pdata[i];

      if (!c->effects_known)
        continue;
      known = TRUE;
      if (fabs (extra_value (e, c)) > 1e-12)
        return TRUE;
    }
  return known && (e->offset == (size_t) -1 ||
                   g_str_has_suffix (e->key, "eliminated"));
}

/* Shades @box by a probability (or a difference) @p: one of ten steps. */
static void
add_heat (GtkWidget *box, const char *scale, double p)
{
  int level = p <= 0 ? 0 : CLAMP ((int) ceil (p * 10 - 1e-9), 1, 10);
  char heat[32];

  if (level == 0)
    return;
  g_snprintf (heat, sizeof heat, "%s-%d", scale, level);
  gtk_widget_add_css_class (box, heat);
  if (level >= 8 && g_str_equal (scale, "heat"))
    gtk_widget_add_css_class (box, "heat-strong");
}

static void
attach_probability (WbTableAnalysis *self, int x, int y, const char *key, const char *row_title,
                    const Column *c, guint64 count, guint64 total, gboolean warn)
{
  double p = (double) count / (double) total;
  g_autofree char *text = format_percent (p);
  g_autofree char *fraction = wb_fraction_format (count, total);
  g_autofree char *tip = NULL, *accessible = NULL;
  GtkWidget *box;

  /* Translators: a cell's tooltip: result, column, the fraction, throws of all */
  tip = g_strdup_printf (_("%s in column %s: %s (%llu of %llu"
                           " throws)"),
                         row_title, c->label, fraction, (unsigned long long) count, (unsigned long long) total);
  accessible = g_strdup_printf (_("%s, column %s: %s"), row_title, c->label,
                                count == 0 ? _("never") : text);
  box = attach_cell (self, x, y, text, tip, accessible,
                     count == 0 ? "dim-label" : warn ? "warning" : NULL, NULL);
  if (!warn)
    add_heat (box, "heat", p);
  set_text (self, key, c->label, text);
}

static int
pool_row (const Matrix *m, const char *label)
{
  for (guint r = 0; m->pool_rows != NULL && r < m->pool_rows->len; r++)
    if (g_strcmp0 (m->pool_rows->pdata[r], label) == 0)
      return (int) r;
  return -1;
}

static char *
pool_dice_text (int dice, double hits)
{
  /* Translators: a dice pool's cell, second line: the dice rolled, the expected hits */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d die · %.3f hits", "%d dice · %.3f hits",
                                       dice), dice, hits);
}

static void
attach_pool_title (WbTableAnalysis *self, int y, const char *label)
{
  g_autofree char *tooltip =
    g_strdup_printf (_("Row %s: the chance of at least one hit, the dice rolled and the expected hits"),
                     label);
  attach_row_title (self, y, label, tooltip);
}

/* A dice pool's rows: per row (a strength) and column the chance of at
 * least one hit, the dice and the expected hits. */
static int
show_pool (WbTableAnalysis *self, const Matrix *m, int y)
{
  for (guint r = 0; m->pool_rows != NULL && r < m->pool_rows->len; r++, y++)
    {
      const char *label = m->pool_rows->pdata[r];
      g_autofree char *key = g_strconcat (WB_TABLE_ANALYSIS_POOL_PREFIX, label, NULL);

      attach_pool_title (self, y, label);
      for (guint i = 0; i < m->columns->len; i++)
        {
          const Column *c = m->columns->pdata[i];
          g_autofree char *text = NULL, *dice = NULL, *accessible = NULL, *percent = NULL;
          GtkWidget *box;

          if (c->pool_dice == NULL || c->pool_dice[r] < 0)
            {
              accessible = g_strdup_printf (_("Row %s, column %s: dice not given"), label, c->label);
              attach_cell (self, i + 1, y, "?", _("The cell does not give the dice (“?”)"),
                           accessible, "dim-label", NULL);
              set_text (self, key, c->label, "?");
              continue;
            }
          percent = format_percent (c->pool_any[r]);
          dice = pool_dice_text (c->pool_dice[r], c->pool_hits[r]);
          text = g_strdup_printf ("%s\n%s", percent, dice);
          accessible = g_strdup_printf (_("Row %s, column %s: at least one hit %s, %s"), label,
                                        c->label, percent, dice);
          box = attach_cell (self, i + 1, y, text, accessible, accessible,
                             c->pool_any[r] <= 0 ? "dim-label" : NULL, "dim-label");
          add_heat (box, "heat", c->pool_any[r]);
          set_text (self, key, c->label, text);
        }
    }
  return y;
}

static void
show_plain (WbTableAnalysis *self, WbTable *table, const Matrix *m)
{
  int y;
  gboolean any_uncovered = FALSE;

  attach_row_title (self, 0, m->fire ? _("Band") : m->pool_rows != NULL ? _("Row") : _("Result"), NULL);
  for (guint i = 0; i < m->columns->len; i++)
    attach_header (self, i + 1, m->columns->pdata[i]);

  for (y = 1; y <= (int) m->results->len; y++)
    {
      const char *result = m->results->pdata[y - 1];
      g_autofree char *tooltip = result_tooltip (table, result, m->fire);

      attach_result_title (self, y, result, tooltip, m->fire);
      for (guint i = 0; i < m->columns->len; i++)
        {
          const Column *c = m->columns->pdata[i];
          attach_probability (self, i + 1, y, result, result_title (result), c,
                              column_count (c, result), m->total, FALSE);
        }
    }
  y = show_pool (self, m, y);

  /* A pool's rows are strengths, not rolls: nothing is "uncovered". */
  for (guint i = 0; i < m->columns->len && m->pool_rows == NULL; i++)
    any_uncovered |= ((Column *) m->columns->pdata[i])->uncovered > 0;
  if (any_uncovered)
    {
      attach_row_title (self, y, m->fire ? _("No band") : _("Uncovered"),
                        m->fire ? _("Throws whose cell names no band holding the target rating")
                                : _("Throws no row of the table covers"));
      for (guint i = 0; i < m->columns->len; i++)
        {
          const Column *c = m->columns->pdata[i];
          /* No band is an outcome of a fire table; a hole in a CRT a warning. */
          attach_probability (self, i + 1, y, WB_TABLE_ANALYSIS_UNCOVERED,
                              m->fire ? _("No band") : _("Uncovered"), c, c->uncovered,
                              m->total, !m->fire);
        }
      y++;
    }

  for (guint e = 0; e < G_N_ELEMENTS (extras); e++)
    {
      const Extra *x = &extras[e];

      if (!extra_applies (x, m))
        continue;
      attach_row_title (self, y, _(x->title), _(x->tooltip));
      for (guint i = 0; i < m->columns->len; i++)
        {
          const Column *c = m->columns->pdata[i];
          g_autofree char *text = NULL, *accessible = NULL;
          GtkWidget *box;

          if (c->effects_known)
            text = format_number (extra_value (x, c), x->offset == (size_t) -1);
          else
            text = g_strdup ("?");
          accessible = g_strdup_printf ("%s, %s: %s", _(x->title), c->label, text);
          box = attach_cell (self, i + 1, y, text,
                             c->effects_known ? _(x->tooltip)
                                              : _("Not every result of this column is a known code"),
                             accessible, c->effects_known ? NULL : "dim-label", NULL);
          gtk_widget_add_css_class (box, x->offset == (size_t) -1 ? "score" : "expected");
          set_text (self, x->key, c->label, text);
        }
      y++;
    }
}

/* Is more of @result better for the attacker (1), worse (-1), or neither
 * or unknown (0)? */
static int
result_sign (WbTable *table, const char *result)
{
  WbCodeEffect e;
  double s;

  if (!wb_table_code_effect (table, result, &e))
    return 0;
  s = wb_code_effect_score (&e);
  return s > 1e-12 ? 1 : s < -1e-12 ? -1 : 0;
}

/* The background of a compared cell: green where the change is better for
 * the attacker, red where worse, blue where it is neither or unknown; its
 * strength the size of the change. */
static const char *
diff_scale (double d, int sign)
{
  if (sign == 0)
    return "heat";
  return d * sign > 0 ? "better" : "worse";
}

static const char *
diff_meaning (double d, int sign)
{
  if (fabs (d) < 0.0005)
    return _("no change");
  if (sign == 0)
    return d > 0 ? _("more often") : _("less often");
  return d * sign > 0 ? _("better for the attacker") : _("worse for the attacker");
}

static void
attach_compare_cell (WbTableAnalysis *self, int x, int y, const char *key,
                     const char *row_title, const char *column, double a, double b,
                     const char *fa, const char *fb, const char *other, int sign, gboolean score)
{
  double d = b - a;
  /* "50.0 → 33.3 %": the unit once. */
  g_autofree char *pa = score ? format_number (a, TRUE)
                              : a >= 0.0005 && b >= 0.0005 ? g_strdup_printf ("%.1f", 100 * a)
                                                             : format_percent (a);
  g_autofree char *pb = score ? format_number (b, TRUE) : format_percent (b);
  g_autofree char *pd = score ? (fabs (d) < 0.0005 ? g_strdup ("±0") : format_number (d, TRUE))
                              : format_diff (d);
  g_autofree char *text = NULL, *tip = NULL, *accessible = NULL;
  GtkWidget *box;

  if (!score && a <= 0 && b <= 0)
    {
      /* Translators: a cell's tooltip when the result happens in neither table */
      tip = g_strdup_printf (_("%s in column %s: never, here or in %s"), row_title, column, other);
      box = attach_cell (self, x, y, "–", tip, tip, "dim-label", NULL);
      set_text (self, key, column, "–");
      return;
    }
  text = g_strdup_printf ("%s → %s\n%s", pa, pb, pd);

  if (score)
    /* Translators: tooltip of a compared score: row, column, this table's, the other's name and value, the difference, what it means */
    tip = g_strdup_printf (_("%s in column %s: %s here, %s in %s (%s, %s)"), row_title, column,
                           pa, pb, other, pd, diff_meaning (d, sign));
  else
    /* Translators: tooltip of a compared cell; the difference is in percentage points */
    tip = g_strdup_printf (_("%s in column %s: %s (%s) here, %s (%s) in %s; %s percentage points, %s"),
                           row_title, column, pa, fa, pb, fb, other, pd, diff_meaning (d, sign));
  accessible = g_strdup_printf (_("%s, column %s: %s, in %s %s, %s"), row_title, column, pa,
                                other, pb, diff_meaning (d, sign));
  box = attach_cell (self, x, y, text, tip, accessible, NULL,
                     fabs (d) < 0.0005 ? "dim-label" : "difference");
  if (fabs (d) >= 0.0005)
    add_heat (box, diff_scale (d, sign), MIN (fabs (d) * (score ? 1 : 2), 0.5));
  set_text (self, key, column, text);
}

static char *
join_labels (GPtrArray *labels)
{
  g_ptr_array_add (labels, NULL);
  return g_strjoinv (", ", (char **) labels->pdata);
}

static void
show_compare (WbTableAnalysis *self, WbTable *table, const Matrix *a, const Matrix *b,
              const char *other)
{
  g_autoptr(GPtrArray) shared = g_ptr_array_new ();     /* const Column* of a */
  g_autoptr(GPtrArray) only_a = g_ptr_array_new ();
  g_autoptr(GPtrArray) only_b = g_ptr_array_new ();
  g_autoptr(GPtrArray) results = g_ptr_array_new ();
  GString *message = g_string_new (NULL);
  gboolean any_uncovered = FALSE, scores = FALSE;
  int y;

  for (guint i = 0; i < a->columns->len; i++)
    {
      Column *c = a->columns->pdata[i];
      g_ptr_array_add (matrix_find_column (b, c->label) != NULL ? shared : only_a, c->label);
    }
  for (guint i = 0; i < b->columns->len; i++)
    {
      Column *c = b->columns->pdata[i];
      if (matrix_find_column (a, c->label) == NULL)
        g_ptr_array_add (only_b, c->label);
    }
  for (guint i = 0; i < a->results->len; i++)
    g_ptr_array_add (results, a->results->pdata[i]);
  for (guint i = 0; i < b->results->len; i++)
    if (!g_ptr_array_find (results, b->results->pdata[i], NULL))
      g_ptr_array_add (results, b->results->pdata[i]);

  if (shared->len == 0)
    g_string_append_printf (message, _("No column label is in both this table and %s."), other);
  if (only_a->len > 0)
    {
      g_autofree char *list = join_labels (only_a);
      if (message->len > 0)
        g_string_append_c (message, ' ');
      /* Translators: the columns only the table being edited has */
      g_string_append_printf (message, _("Only in this table: %s."), list);
    }
  if (only_b->len > 0)
    {
      g_autofree char *list = join_labels (only_b);
      if (message->len > 0)
        g_string_append_c (message, ' ');
      /* Translators: the columns only the other table has: its name, the labels */
      g_string_append_printf (message, _("Only in %s: %s."), other, list);
    }
  set_message (self, message->str);
  g_string_free (message, TRUE);
  if (shared->len == 0)
    return;

  attach_row_title (self, 0, a->fire ? _("Band") : a->pool_rows != NULL ? _("Row") : _("Result"), NULL);
  for (guint i = 0; i < shared->len; i++)
    attach_header (self, i + 1, matrix_find_column (a, shared->pdata[i]));

  for (y = 1; y <= (int) results->len; y++)
    {
      const char *result = results->pdata[y - 1];
      g_autofree char *tooltip = result_tooltip (table, result, a->fire);
      int sign = a->fire ? 0 : result_sign (table, result);

      attach_result_title (self, y, result, tooltip, a->fire);
      for (guint i = 0; i < shared->len; i++)
        {
          const Column *ca = matrix_find_column (a, shared->pdata[i]);
          const Column *cb = matrix_find_column (b, shared->pdata[i]);
          guint64 na = column_count (ca, result), nb = column_count (cb, result);
          g_autofree char *fa = wb_fraction_format (na, a->total);
          g_autofree char *fb = wb_fraction_format (nb, b->total);

          attach_compare_cell (self, i + 1, y, result, result_title (result), ca->label,
                               (double) na / a->total, (double) nb / b->total, fa, fb, other,
                               sign, FALSE);
        }
    }

  /* Dice pools: the chance of at least one hit, rows matched by label. */
  for (guint r = 0; a->pool_rows != NULL && r < a->pool_rows->len; r++)
    {
      const char *label = a->pool_rows->pdata[r];
      g_autofree char *key = g_strconcat (WB_TABLE_ANALYSIS_POOL_PREFIX, label, NULL);
      int rb = pool_row (b, label);

      if (rb < 0)
        continue;
      attach_pool_title (self, y, label);
      for (guint i = 0; i < shared->len; i++)
        {
          const Column *ca = matrix_find_column (a, shared->pdata[i]);
          const Column *cb = matrix_find_column (b, shared->pdata[i]);

          if (ca->pool_dice == NULL || cb->pool_dice == NULL || ca->pool_dice[r] < 0 ||
              cb->pool_dice[rb] < 0)
            {
              attach_cell (self, i + 1, y, "?", _("The cell does not give the dice (“?”)"), NULL,
                           "dim-label", NULL);
              set_text (self, key, ca->label, "?");
            }
          else
            {
              g_autofree char *da = pool_dice_text (ca->pool_dice[r], ca->pool_hits[r]);
              g_autofree char *db = pool_dice_text (cb->pool_dice[rb], cb->pool_hits[rb]);

              attach_compare_cell (self, i + 1, y, key, label, ca->label, ca->pool_any[r],
                                   cb->pool_any[rb], da, db, other, 1, FALSE);
            }
        }
      y++;
    }

  for (guint i = 0; i < shared->len; i++)
    {
      const Column *ca = matrix_find_column (a, shared->pdata[i]);
      const Column *cb = matrix_find_column (b, shared->pdata[i]);

      any_uncovered |= a->pool_rows == NULL && (ca->uncovered > 0 || cb->uncovered > 0);
      scores |= ca->effects_known && cb->effects_known;
    }
  if (any_uncovered)
    {
      const char *title = a->fire ? _("No band") : _("Uncovered");

      attach_row_title (self, y, title, a->fire ? _("Throws whose cell names no band holding the target rating")
                                                : _("Throws no row of the table covers"));
      for (guint i = 0; i < shared->len; i++)
        {
          const Column *ca = matrix_find_column (a, shared->pdata[i]);
          const Column *cb = matrix_find_column (b, shared->pdata[i]);
          g_autofree char *fa = wb_fraction_format (ca->uncovered, a->total);
          g_autofree char *fb = wb_fraction_format (cb->uncovered, b->total);

          attach_compare_cell (self, i + 1, y, WB_TABLE_ANALYSIS_UNCOVERED, title, ca->label,
                               (double) ca->uncovered / a->total, (double) cb->uncovered / b->total,
                               fa, fb, other, 0, FALSE);
        }
      y++;
    }
  if (scores)
    {
      const Extra *x = &extras[G_N_ELEMENTS (extras) - 1];

      attach_row_title (self, y, _(x->title), _(x->tooltip));
      for (guint i = 0; i < shared->len; i++)
        {
          const Column *ca = matrix_find_column (a, shared->pdata[i]);
          const Column *cb = matrix_find_column (b, shared->pdata[i]);

          if (ca->effects_known && cb->effects_known)
            attach_compare_cell (self, i + 1, y, x->key, _(x->title), ca->label, ca->score,
                                 cb->score, NULL, NULL, other, 1, TRUE);
          else
            {
              attach_cell (self, i + 1, y, "?", _("Not every result of this column is a known code"),
                           NULL, "dim-label", NULL);
              set_text (self, x->key, ca->label, "?");
            }
        }
    }
}

static void
show_flagged (WbTableAnalysis *self, const Matrix *m)
{
  GString *text = g_string_new (NULL);
  guint n = 0;

  for (guint i = 0; i < m->columns->len; i++)
    {
      const Column *c = m->columns->pdata[i];

      if (c->reason == NULL)
        continue;
      g_string_append_printf (text, "%s%s — %s", n > 0 ? "; " : "", c->label, c->reason);
      n++;
    }
  if (n > 0)
    {
      g_autofree char *list = g_string_free (text, FALSE);
      g_autofree char *line = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u column flagged: %s",
                                                            "%u columns flagged: %s", n),
                                               n, list);
      gtk_label_set_text (GTK_LABEL (self->flagged), line);
      gtk_widget_remove_css_class (self->flagged, "dim-label");
      gtk_widget_add_css_class (self->flagged, "warning");
    }
  else
    {
      g_string_free (text, TRUE);
      gtk_label_set_text (GTK_LABEL (self->flagged),
                          m->checked ? _("No column flagged: moving right never makes the "
                                         "attacker’s expected result worse.") : "");
      gtk_widget_remove_css_class (self->flagged, "warning");
      gtk_widget_add_css_class (self->flagged, "dim-label");
    }
  gtk_widget_set_visible (self->flagged, n > 0 || m->checked);
}

/* --- the comparison's other table ------------------------------------------- */

static void
refresh_compare_list (WbTableAnalysis *self, WbTable *table)
{
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  gboolean same, saved = self->file != NULL;
  guint selected = 0;

  if (table != NULL && self->game != NULL)
    {
      GPtrArray *tables = wb_game_get_tables (self->game);

      for (guint i = 0; i < tables->len; i++)
        {
          WbTable *t = tables->pdata[i];
          const char *name = wb_table_get_name (t);

          if (t == table || wb_table_get_kind (t) != wb_table_get_kind (table))
            continue;
          g_ptr_array_add (ids, g_strdup (wb_table_get_id (t)));
          g_ptr_array_add (names, g_strdup (name != NULL && *name != '\0' ? name : wb_table_get_id (t)));
        }
    }

  if (self->mode == COMPARE_TABLE)
    {
      guint index;

      if (g_ptr_array_find_with_equal_func (ids, self->compare_id, g_str_equal, &index))
        selected = index + 1;
      else
        self->mode = COMPARE_NONE;
    }
  if (self->mode == COMPARE_SAVED)
    {
      if (saved)
        selected = ids->len + 1;
      else
        self->mode = COMPARE_NONE;
    }

  same = self->compare_ids != NULL && saved == self->compare_saved &&
         ids->len == self->compare_ids->len &&
         g_list_model_get_n_items (G_LIST_MODEL (self->compare_names)) == ids->len + 2;
  for (guint i = 0; same && i < ids->len; i++)
    same = g_str_equal (ids->pdata[i], self->compare_ids->pdata[i]) &&
           g_str_equal (names->pdata[i],
                        gtk_string_list_get_string (self->compare_names, i + 1));

  self->updating = TRUE;
  if (!same)
    {
      GtkStringList *list = gtk_string_list_new (NULL);

      gtk_string_list_append (list, C_("compare", "Nothing"));
      for (guint i = 0; i < names->len; i++)
        gtk_string_list_append (list, names->pdata[i]);
      gtk_string_list_append (list, _("Saved version"));
      g_clear_pointer (&self->compare_ids, g_ptr_array_unref);
      self->compare_ids = g_steal_pointer (&ids);
      self->compare_saved = saved;
      g_set_object (&self->compare_names, list);
      gtk_drop_down_set_model (GTK_DROP_DOWN (self->compare), G_LIST_MODEL (list));
      g_object_unref (list);
    }
  if (gtk_drop_down_get_selected (GTK_DROP_DOWN (self->compare)) != selected)
    gtk_drop_down_set_selected (GTK_DROP_DOWN (self->compare), selected);
  self->updating = FALSE;
}

typedef struct {
  GFile   *file;
  guint64  mtime;
  goffset  size;
} SavedKey;

static void
saved_key_free (SavedKey *key)
{
  g_object_unref (key->file);
  g_free (key);
}

static void
load_saved_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  SavedKey *key = data;
  GError *error = NULL;
  WbGame *game = wb_game_load (key->file, cancellable, &error);

  if (game == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, game, g_object_unref);
}

static void
on_saved_loaded (GObject *source, GAsyncResult *result, gpointer data)
{
  WbTableAnalysis *self = WB_TABLE_ANALYSIS (source);
  SavedKey *key = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = g_task_propagate_pointer (G_TASK (result), &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->loading);
  g_set_object (&self->saved_game, game);
  g_free (self->saved_error);
  self->saved_error = error != NULL ? g_strdup (error->message) : NULL;
  g_set_object (&self->saved_file, key->file);
  self->saved_mtime = key->mtime;
  self->saved_size = key->size;
  wb_table_analysis_queue_update (self);
}

/* The saved file's game, or NULL with @error, or NULL and @pending while it
 * is being read (the pane updates again when it is). */
static WbGame *
saved_game (WbTableAnalysis *self, gboolean *pending, GError **error)
{
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GTask) task = NULL;
  SavedKey *key;
  guint64 mtime;
  goffset size;

  *pending = FALSE;
  info = g_file_query_info (self->file, G_FILE_ATTRIBUTE_TIME_MODIFIED ","
                            G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC "," G_FILE_ATTRIBUTE_STANDARD_SIZE,
                            G_FILE_QUERY_INFO_NONE, NULL, error);
  if (info == NULL)
    return NULL;
  mtime = g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED) * G_USEC_PER_SEC +
          g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC);
  size = g_file_info_get_size (info);
  if (self->saved_file != NULL && g_file_equal (self->saved_file, self->file) &&
      self->saved_mtime == mtime && self->saved_size == size)
    {
      if (self->saved_game != NULL)
        return self->saved_game;
      if (self->saved_error != NULL)
        {
          g_set_error_literal (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_IO, self->saved_error);
          return NULL;
        }
    }

  if (self->loading != NULL && g_file_equal (self->loading_file, self->file) &&
      self->loading_mtime == mtime && self->loading_size == size)
    {
      *pending = TRUE;   /* already on its way */
      return NULL;
    }

  /* Read it (again), dropping a read of an older state. */
  if (self->loading != NULL)
    g_cancellable_cancel (self->loading);
  g_set_object (&self->loading, NULL);
  self->loading = g_cancellable_new ();
  key = g_new0 (SavedKey, 1);
  key->file = g_object_ref (self->file);
  key->mtime = mtime;
  key->size = size;
  g_set_object (&self->loading_file, self->file);
  self->loading_mtime = mtime;
  self->loading_size = size;
  task = g_task_new (self, self->loading, on_saved_loaded, NULL);
  g_task_set_task_data (task, key, (GDestroyNotify) saved_key_free);
  g_task_run_in_thread (task, load_saved_thread);
  *pending = TRUE;
  return NULL;
}

/* --- updating ------------------------------------------------------------------ */

/* The focused cell's place in the map, or FALSE. */
static gboolean
focused_cell (WbTableAnalysis *self, int *x, int *y)
{
  GtkRoot *root = gtk_widget_get_root (self->grid);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  while (focus != NULL && gtk_widget_get_parent (focus) != self->grid)
    focus = gtk_widget_get_parent (focus);
  if (focus == NULL)
    return FALSE;
  gtk_grid_query_child (GTK_GRID (self->grid), focus, x, y, NULL, NULL);
  return TRUE;
}

static void
clear_map (WbTableAnalysis *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->grid)) != NULL)
    gtk_grid_remove (GTK_GRID (self->grid), child);
  g_hash_table_remove_all (self->texts);
}

static void
update_rating (WbTableAnalysis *self, WbTable *table)
{
  int min = 0, max = 0;
  gboolean fire = wb_table_get_kind (table) == WB_TABLE_FIRE;
  gboolean any = fire && wb_fire_table_ratings (table, &min, &max);

  gtk_widget_set_visible (self->rating_box, any);
  if (!any)
    return;
  self->rating = CLAMP (self->rating, min, max);
  self->updating = TRUE;
  gtk_spin_button_set_range (GTK_SPIN_BUTTON (self->rating_spin), min, max);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->rating_spin), self->rating);
  self->updating = FALSE;
}

static void update_map (WbTableAnalysis *self);

/* Rebuilds the map; the focus stays on the cell at the same place. */
static void
update (WbTableAnalysis *self)
{
  int x, y;
  gboolean had_focus = focused_cell (self, &x, &y);

  update_map (self);
  if (had_focus)
    {
      GtkWidget *cell = gtk_grid_get_child_at (GTK_GRID (self->grid), x, y);

      if (cell == NULL)
        cell = gtk_grid_get_child_at (GTK_GRID (self->grid), 0, 0);
      if (cell != NULL)
        gtk_widget_grab_focus (cell);
    }
}

static void
update_map (WbTableAnalysis *self)
{
  WbTable *table = current_table (self);
  g_autoptr(Matrix) a = NULL;
  g_autoptr(Matrix) b = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *other = NULL;
  int min, max;
  gboolean no_bands;

  g_clear_handle_id (&self->update_id, g_source_remove);
  self->stale = FALSE;
  clear_map (self);
  set_message (self, NULL);
  gtk_label_set_text (GTK_LABEL (self->flagged), "");
  gtk_widget_set_visible (self->flagged, FALSE);
  refresh_compare_list (self, table);
  gtk_widget_set_sensitive (self->compare, table != NULL);
  if (table == NULL)
    {
      gtk_widget_set_visible (self->rating_box, FALSE);
      set_message (self, _("No table"));
      return;
    }
  update_rating (self, table);
  if (wb_table_get_columns (table)->len == 0)
    {
      set_message (self, _("The table has no columns."));
      return;
    }
  no_bands = wb_table_get_kind (table) == WB_TABLE_FIRE && !wb_fire_table_ratings (table, &min, &max);
  a = matrix_new (table, no_bands ? 0 : self->rating, &error);
  if (a == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("No analysis: %s"), error->message);
      set_message (self, text);
      return;
    }
  show_flagged (self, a);

  if (self->mode == COMPARE_TABLE)
    {
      WbTable *t = wb_game_find_table (self->game, self->compare_id);

      other = g_strdup_printf ("“%s”", wb_table_get_name (t) != NULL && *wb_table_get_name (t) != '\0'
                                       ? wb_table_get_name (t) : wb_table_get_id (t));
      b = matrix_new (t, self->rating, &error);
    }
  else if (self->mode == COMPARE_SAVED)
    {
      gboolean pending;
      WbGame *saved = saved_game (self, &pending, &error);
      WbTable *t = saved != NULL ? wb_game_find_table (saved, self->table_id) : NULL;

      other = g_strdup (_("the saved version"));
      if (pending)
        {
          show_plain (self, table, a);
          set_message (self, _("Reading the saved version…"));
          return;
        }
      if (saved != NULL && t == NULL)
        g_set_error (&error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_REFERENCE,
                     _("the saved file has no table “%s”"), self->table_id);
      else if (t != NULL && wb_table_get_kind (t) != wb_table_get_kind (table))
        g_set_error_literal (&error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_TYPE,
                             _("the saved table is of another kind"));
      else if (t != NULL)
        b = matrix_new (t, self->rating, &error);
    }

  if (self->mode != COMPARE_NONE && b == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("No comparison: %s"),
                                               error != NULL ? error->message : "");
      show_plain (self, table, a);
      set_message (self, text);
      return;
    }
  if (b != NULL)
    show_compare (self, table, a, b, other);
  else
    {
      show_plain (self, table, a);
      /* Still a map: unknown cells ("?") and "-" have their rows. */
      if (no_bands)
        set_message (self, _("No cell names a band such as “green:0-1 yellow:2-4 red:5+”."));
      if (a->pool_rows != NULL)
        {
          g_autofree char *rule = wb_table_pool_hit_to_string (wb_table_get_pool (table));
          g_autofree char *text =
            g_strdup_printf (_("Dice pool: d%d, a die hits on %s. Each cell: the chance of at "
                               "least one hit, the dice and the expected hits."),
                             wb_table_get_pool (table)->sides, rule);
          set_message (self, text);
        }
    }
}

/* --- controls ------------------------------------------------------------------ */

static void
on_compare_selected (GtkDropDown *dropdown, GParamSpec *pspec, WbTableAnalysis *self)
{
  guint i = gtk_drop_down_get_selected (dropdown);

  if (self->updating || self->compare_ids == NULL)
    return;
  if (i == 0 || i == GTK_INVALID_LIST_POSITION)
    wb_table_analysis_compare_with (self, NULL);
  else if (i <= self->compare_ids->len)
    wb_table_analysis_compare_with (self, self->compare_ids->pdata[i - 1]);
  else if (!wb_table_analysis_compare_with_saved (self))
    {
      self->updating = TRUE;
      gtk_drop_down_set_selected (dropdown, 0);
      self->updating = FALSE;
    }
}

static void
on_rating_changed (GtkSpinButton *spin, WbTableAnalysis *self)
{
  if (!self->updating)
    wb_table_analysis_set_rating (self, gtk_spin_button_get_value_as_int (spin));
}

static void
on_game_changed (WbGame *game, const char *what, WbTableAnalysis *self)
{
  wb_table_analysis_queue_update (self);
}

/* The compare list: "Saved version" cannot be chosen before a save. */
static void
setup_item (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_width_chars (GTK_LABEL (label), 12);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 24);
  gtk_list_item_set_child (item, label);
}

static void
bind_item (GtkSignalListItemFactory *factory, GtkListItem *item, WbTableAnalysis *self)
{
  GtkStringObject *s = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);
  guint n = self->compare_names != NULL
            ? g_list_model_get_n_items (G_LIST_MODEL (self->compare_names)) : 0;
  gboolean usable = gtk_list_item_get_position (item) + 1 != n || self->compare_saved;

  gtk_label_set_text (GTK_LABEL (label), gtk_string_object_get_string (s));
  gtk_widget_set_sensitive (label, usable);
  gtk_widget_set_tooltip_text (label, usable ? NULL : _("The game has not been saved yet"));
  gtk_list_item_set_activatable (item, usable);
  gtk_list_item_set_selectable (item, usable);
}

static void
wb_table_analysis_dispose (GObject *object)
{
  WbTableAnalysis *self = WB_TABLE_ANALYSIS (object);

  g_clear_handle_id (&self->update_id, g_source_remove);
  if (self->game != NULL)
    g_clear_signal_handler (&self->changed_id, self->game);
  g_clear_object (&self->game);
  g_clear_object (&self->file);
  if (self->loading != NULL)
    g_cancellable_cancel (self->loading);
  g_clear_object (&self->loading);
  g_clear_object (&self->loading_file);
  g_clear_object (&self->saved_game);
  g_clear_pointer (&self->saved_error, g_free);
  g_clear_object (&self->saved_file);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_object (&self->compare_names);
  g_clear_pointer (&self->compare_ids, g_ptr_array_unref);
  G_OBJECT_CLASS (wb_table_analysis_parent_class)->dispose (object);
}

static void
wb_table_analysis_finalize (GObject *object)
{
  WbTableAnalysis *self = WB_TABLE_ANALYSIS (object);

  g_free (self->table_id);
  g_free (self->compare_id);
  g_hash_table_unref (self->texts);
  G_OBJECT_CLASS (wb_table_analysis_parent_class)->finalize (object);
}

static void
wb_table_analysis_map (GtkWidget *widget)
{
  WbTableAnalysis *self = WB_TABLE_ANALYSIS (widget);

  GTK_WIDGET_CLASS (wb_table_analysis_parent_class)->map (widget);
  if (self->stale)
    wb_table_analysis_queue_update (self);
}

static void
wb_table_analysis_class_init (WbTableAnalysisClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = wb_table_analysis_dispose;
  object_class->finalize = wb_table_analysis_finalize;
  widget_class->map = wb_table_analysis_map;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "tableanalysis");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
load_css (void)
{
  static gsize loaded = 0;

  if (g_once_init_enter (&loaded))
    {
      GtkCssProvider *css = gtk_css_provider_new ();
      GString *s = g_string_new (
        "tableanalysis .heat-map box.heat-cell { padding: 2px 6px;"
        " border-right: 1px solid alpha(currentColor, 0.12);"
        " border-bottom: 1px solid alpha(currentColor, 0.12); }"
        "tableanalysis .heat-map box.heading { background: alpha(currentColor, 0.07); font-weight: bold; }"
        "tableanalysis .heat-map box.heat-cell:focus { outline: 2px solid @accent_bg_color; outline-offset: -2px; }"
        "tableanalysis .heat-map box.heat-strong label { color: white; }"
        "tableanalysis .heat-map box.flagged { color: @warning_color; }"
        "tableanalysis .heat-map box.score { font-weight: bold; }"
        "tableanalysis .heat-map label.difference { font-weight: bold; }");

      /* One hue (GNOME blue 5) over the theme's background, a tenth of the
       * probability per step. */
      for (int i = 1; i <= 10; i++)
        g_string_append_printf (s, "tableanalysis .heat-map box.heat-%d { background: rgba(26, 95, 180, %.2f); }"
                                   "tableanalysis .heat-map box.better-%d { background: rgba(46, 194, 126, %.2f); }"
                                   "tableanalysis .heat-map box.worse-%d { background: rgba(224, 27, 36, %.2f); }",
                                i, 0.06 + 0.094 * i, i, 0.06 + 0.094 * i, i, 0.06 + 0.094 * i);
      gtk_css_provider_load_from_data (css, s->str, -1);
      gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                                  GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
      g_object_unref (css);
      g_string_free (s, TRUE);
      g_once_init_leave (&loaded, 1);
    }
}

static void
wb_table_analysis_init (WbTableAnalysis *self)
{
  GtkWidget *controls, *label, *scroller, *content;
  GtkListItemFactory *factory;
  GtkEventController *key;

  self->texts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  gtk_widget_set_margin_start (self->box, 6);
  gtk_widget_set_size_request (self->box, 240, -1);

  label = gtk_label_new (_("Exact Analysis"));
  gtk_widget_add_css_class (label, "heading");
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (self->box), label);

  controls = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  label = gtk_label_new_with_mnemonic (_("Compare _with"));
  gtk_box_append (GTK_BOX (controls), label);
  self->compare = gtk_drop_down_new (NULL, NULL);
  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_item), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_item), self);
  gtk_drop_down_set_factory (GTK_DROP_DOWN (self->compare), factory);
  g_object_unref (factory);
  gtk_widget_set_tooltip_text (self->compare,
                               _("Show each probability beside another table’s of the same kind, "
                                 "or this table’s as last saved, and the difference"));
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), self->compare);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->compare), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Compare with"), -1);
  g_signal_connect (self->compare, "notify::selected", G_CALLBACK (on_compare_selected), self);
  gtk_box_append (GTK_BOX (controls), self->compare);
  gtk_box_append (GTK_BOX (self->box), controls);

  self->rating_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  label = gtk_label_new_with_mnemonic (_("Target _rating"));
  gtk_box_append (GTK_BOX (self->rating_box), label);
  self->rating_spin = gtk_spin_button_new_with_range (0, 1, 1);
  gtk_widget_set_tooltip_text (self->rating_spin,
                               _("The target’s rating: each band’s probability is shown for it"));
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), self->rating_spin);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->rating_spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Target rating"), -1);
  g_signal_connect (self->rating_spin, "value-changed", G_CALLBACK (on_rating_changed), self);
  gtk_box_append (GTK_BOX (self->rating_box), self->rating_spin);
  gtk_widget_set_visible (self->rating_box, FALSE);
  gtk_box_append (GTK_BOX (self->box), self->rating_box);

  self->message = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->message), 0);
  gtk_label_set_wrap (GTK_LABEL (self->message), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (self->message), 40);
  gtk_widget_add_css_class (self->message, "dim-label");
  gtk_widget_set_visible (self->message, FALSE);
  gtk_box_append (GTK_BOX (self->box), self->message);

  content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  self->grid = gtk_grid_new ();
  gtk_widget_add_css_class (self->grid, "heat-map");
  gtk_widget_set_halign (self->grid, GTK_ALIGN_START);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->grid), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Probability of each result per column"), -1);
  key = gtk_event_controller_key_new ();
  g_signal_connect (key, "key-pressed", G_CALLBACK (on_map_key), self);
  gtk_widget_add_controller (self->grid, key);
  gtk_box_append (GTK_BOX (content), self->grid);

  self->flagged = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->flagged), 0);
  gtk_label_set_wrap (GTK_LABEL (self->flagged), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (self->flagged), 40);
  gtk_label_set_selectable (GTK_LABEL (self->flagged), TRUE);
  gtk_widget_set_visible (self->flagged, FALSE);
  gtk_box_append (GTK_BOX (content), self->flagged);

  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), content);
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_box_append (GTK_BOX (self->box), scroller);

  load_css ();
  update (self);
}

GtkWidget *
wb_table_analysis_new (void)
{
  return g_object_new (WB_TYPE_TABLE_ANALYSIS, NULL);
}

void
wb_table_analysis_set_game (WbTableAnalysis *self, WbGame *game)
{
  g_return_if_fail (WB_IS_TABLE_ANALYSIS (self));
  g_return_if_fail (game == NULL || WB_IS_GAME (game));

  if (self->game == game)
    return;
  if (self->game != NULL)
    g_clear_signal_handler (&self->changed_id, self->game);
  g_set_object (&self->game, game);
  if (game != NULL)
    self->changed_id = g_signal_connect (game, "changed::tables", G_CALLBACK (on_game_changed), self);
  self->mode = COMPARE_NONE;
  g_clear_object (&self->saved_game);
  wb_table_analysis_queue_update (self);
}

void
wb_table_analysis_set_table (WbTableAnalysis *self, const char *id)
{
  g_return_if_fail (WB_IS_TABLE_ANALYSIS (self));

  if (g_strcmp0 (self->table_id, id) == 0)
    return;
  g_free (self->table_id);
  self->table_id = g_strdup (id);
  self->mode = COMPARE_NONE;
  self->rating = G_MININT / 2;   /* the lowest the table names */
  wb_table_analysis_queue_update (self);
}

void
wb_table_analysis_set_file (WbTableAnalysis *self, GFile *file)
{
  g_return_if_fail (WB_IS_TABLE_ANALYSIS (self));
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  if (g_set_object (&self->file, file))
    wb_table_analysis_queue_update (self);
}

gboolean
wb_table_analysis_compare_with (WbTableAnalysis *self, const char *table_id)
{
  WbTable *table, *other;

  g_return_val_if_fail (WB_IS_TABLE_ANALYSIS (self), FALSE);

  if (table_id == NULL)
    {
      self->mode = COMPARE_NONE;
      wb_table_analysis_queue_update (self);
      return TRUE;
    }
  table = current_table (self);
  other = self->game != NULL ? wb_game_find_table (self->game, table_id) : NULL;
  if (table == NULL || other == NULL || other == table ||
      wb_table_get_kind (other) != wb_table_get_kind (table))
    return FALSE;
  self->mode = COMPARE_TABLE;
  g_free (self->compare_id);
  self->compare_id = g_strdup (table_id);
  wb_table_analysis_queue_update (self);
  return TRUE;
}

gboolean
wb_table_analysis_compare_with_saved (WbTableAnalysis *self)
{
  g_return_val_if_fail (WB_IS_TABLE_ANALYSIS (self), FALSE);

  if (self->file == NULL || current_table (self) == NULL)
    return FALSE;
  self->mode = COMPARE_SAVED;
  wb_table_analysis_queue_update (self);
  return TRUE;
}

void
wb_table_analysis_set_rating (WbTableAnalysis *self, int rating)
{
  g_return_if_fail (WB_IS_TABLE_ANALYSIS (self));

  if (self->rating == rating)
    return;
  self->rating = rating;
  wb_table_analysis_queue_update (self);
}

int
wb_table_analysis_get_rating (WbTableAnalysis *self)
{
  g_return_val_if_fail (WB_IS_TABLE_ANALYSIS (self), 0);
  return self->rating;
}

const char *
wb_table_analysis_get_cell_text (WbTableAnalysis *self, const char *key, const char *column)
{
  g_autofree char *k = NULL;

  g_return_val_if_fail (WB_IS_TABLE_ANALYSIS (self), NULL);
  g_return_val_if_fail (key != NULL && column != NULL, NULL);
  k = g_strconcat (key, "\x1f", column, NULL);
  return g_hash_table_lookup (self->texts, k);
}

const char *
wb_table_analysis_get_flagged_text (WbTableAnalysis *self)
{
  g_return_val_if_fail (WB_IS_TABLE_ANALYSIS (self), NULL);
  return gtk_widget_get_visible (self->flagged) && gtk_widget_has_css_class (self->flagged, "warning")
         ? gtk_label_get_text (GTK_LABEL (self->flagged)) : "";
}

const char *
wb_table_analysis_get_message (WbTableAnalysis *self)
{
  g_return_val_if_fail (WB_IS_TABLE_ANALYSIS (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->message));
}

GtkWidget *
wb_table_analysis_get_field (WbTableAnalysis *self, const char *name)
{
  g_return_val_if_fail (WB_IS_TABLE_ANALYSIS (self), NULL);
  if (g_strcmp0 (name, "map") == 0)
    return self->grid;
  if (g_strcmp0 (name, "compare") == 0)
    return self->compare;
  if (g_strcmp0 (name, "rating") == 0)
    return self->rating_spin;
  if (g_strcmp0 (name, "flagged") == 0)
    return self->flagged;
  if (g_strcmp0 (name, "message") == 0)
    return self->message;
  return NULL;
}
