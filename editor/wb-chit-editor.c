/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-chit-editor"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>

#include "wb-chit-editor-private.h"
#include "wb-edit.h"
#include "wb-text-field.h"

/* The chit pane: the list of chits on the left, grouped by side with the
 * Wild chits last, and on the right a stack of two pages, the selected
 * chit's form and a scenario's draw cup (wb-chit-cup.c). The widgets are
 * wb-chit-editor.ui's; this file makes the list's rows and the drop-downs'
 * choices from the game and turns edits into commands. The list is
 * rebuilt only when its rows' sides or ids change; otherwise its labels
 * and faces are updated in place, and the form's widgets are set from the
 * model with self->updating held, so showing never edits and the focus
 * stays where the designer is typing. */

G_DEFINE_FINAL_TYPE (WbChitEditor, wb_chit_editor, GTK_TYPE_WIDGET)

enum {
  CLOSE_REQUESTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

#define ROW_CHIT  "wb-chit"
#define ROW_GROUP "wb-group"

/* The row group of the Wild chits (the others: their side's id). */
static const char wild_group[] = "wild";

static void update_form (WbChitEditor *self);
static void update_list (WbChitEditor *self);

/* --- pushing edits --------------------------------------------------------------- */

void
_wb_chit_editor_show_error (WbChitEditor *self,
                            const char   *message)
{
  gtk_label_set_text (GTK_LABEL (self->error_label), message ? message : "");
  gtk_widget_set_visible (self->error_label, message != NULL);
}

gboolean
_wb_chit_editor_push (WbChitEditor *self,
                      WbCommand    *command)
{
  g_autoptr(WbCommand) owned = command;
  g_autoptr(GError) error = NULL;

  if (self->game == NULL || self->stack == NULL)
    return FALSE;
  if (!wb_edit_push (self->game, self->stack, owned, &error))
    {
      _wb_chit_editor_show_error (self, error->message);
      update_form (self);
      _wb_chit_cup_update (self);
      return FALSE;
    }
  _wb_chit_editor_show_error (self, NULL);
  return TRUE;
}

static WbChit *
selected_chit (WbChitEditor *self)
{
  return self->game != NULL && self->selected != NULL ? wb_game_find_chit (self->game, self->selected)
                                                      : NULL;
}

/* A copy of the selected chit to change and push with push_edit (). */
static WbChit *
edit_begin (WbChitEditor *self)
{
  WbChit *chit;

  if (self->updating)
    return NULL;
  chit = selected_chit (self);
  return chit != NULL ? wb_chit_copy (chit) : NULL;
}

static gboolean
push_edit (WbChitEditor *self,
           WbChit       *edit,
           const char   *merge_key)
{
  WbChit *chit = selected_chit (self);
  gboolean ok;

  if (chit != NULL && wb_chit_equal (chit, edit))
    {
      wb_chit_free (edit);
      return TRUE;
    }
  ok = _wb_chit_editor_push (self, wb_command_edit_chit_new (self->game, edit, merge_key));
  wb_chit_free (edit);
  return ok;
}

/* --- the list ------------------------------------------------------------------ */

static void
list_order (WbChitEditor *self,
            GPtrArray    *order)
{
  GPtrArray *chits = wb_game_get_chits (self->game);
  GPtrArray *sides = wb_game_get_sides (self->game);

  for (guint s = 0; s <= sides->len; s++)
    {
      const char *side = s < sides->len ? ((WbSide *) g_ptr_array_index (sides, s))->id : NULL;

      for (guint i = 0; i < chits->len; i++)
        {
          WbChit *chit = g_ptr_array_index (chits, i);

          if (chit->side == side)
            g_ptr_array_add (order, chit);
        }
    }
  /* A chit of a side the game no longer has would not load; show it all the same. */
  for (guint i = 0; i < chits->len; i++)
    if (!g_ptr_array_find (order, g_ptr_array_index (chits, i), NULL))
      g_ptr_array_add (order, g_ptr_array_index (chits, i));
}

static void
set_row_labels (GtkWidget    *row,
                const WbChit *chit)
{
  GtkWidget *title = g_object_get_data (G_OBJECT (row), "wb-title");
  GtkWidget *subtitle = g_object_get_data (G_OBJECT (row), "wb-subtitle");
  g_autofree char *summary = _wb_chit_summary (chit);
  const char *name = chit->name != NULL && *chit->name ? chit->name : chit->id;

  if (g_strcmp0 (gtk_label_get_label (GTK_LABEL (title)), name) != 0)
    gtk_label_set_label (GTK_LABEL (title), name);
  if (g_strcmp0 (gtk_label_get_label (GTK_LABEL (subtitle)), summary) != 0)
    gtk_label_set_label (GTK_LABEL (subtitle), summary);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, summary,
                                  -1);
  gtk_widget_queue_draw (g_object_get_data (G_OBJECT (row), "wb-face"));
}

static GtkWidget *
make_row (WbChitEditor *self,
          const WbChit *chit)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  GtkWidget *labels = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *face = _wb_chit_face_new (self, chit->id, 40);
  GtkWidget *title = gtk_label_new (NULL);
  GtkWidget *subtitle = gtk_label_new (NULL);
  g_autofree char *name = g_strconcat ("chit:", chit->id, NULL);

  gtk_widget_set_name (row, name);
  g_object_set_data (G_OBJECT (row), ROW_CHIT, (gpointer) chit->id);
  g_object_set_data (G_OBJECT (row), ROW_GROUP, (gpointer) (chit->side != NULL ? chit->side : wild_group));
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_box_append (GTK_BOX (box), face);
  gtk_widget_set_hexpand (labels, TRUE);
  gtk_widget_set_valign (labels, GTK_ALIGN_CENTER);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_ellipsize (GTK_LABEL (title), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (subtitle), 0);
  gtk_label_set_ellipsize (GTK_LABEL (subtitle), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (subtitle, "caption");
  gtk_widget_add_css_class (subtitle, "dim-label");
  gtk_box_append (GTK_BOX (labels), title);
  gtk_box_append (GTK_BOX (labels), subtitle);
  gtk_box_append (GTK_BOX (box), labels);
  g_object_set_data (G_OBJECT (row), "wb-title", title);
  g_object_set_data (G_OBJECT (row), "wb-subtitle", subtitle);
  g_object_set_data (G_OBJECT (row), "wb-face", face);
  set_row_labels (row, chit);
  return row;
}

static GtkListBoxRow *
find_row (WbChitEditor *self,
          const char   *id)
{
  for (GtkWidget *child = gtk_widget_get_first_child (self->list); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_BOX_ROW (child) && g_object_get_data (G_OBJECT (child), ROW_CHIT) == (gpointer) id)
      return GTK_LIST_BOX_ROW (child);
  return NULL;
}

static void
list_header (GtkListBoxRow *row,
             GtkListBoxRow *before,
             gpointer       data)
{
  WbChitEditor *self = data;
  const char *group = g_object_get_data (G_OBJECT (row), ROW_GROUP);
  const char *previous = before != NULL ? g_object_get_data (G_OBJECT (before), ROW_GROUP) : NULL;
  const char *title;
  GtkWidget *header;

  if (g_strcmp0 (group, previous) == 0 || self->game == NULL)
    {
      gtk_list_box_row_set_header (row, NULL);
      return;
    }
  title = _wb_chit_group_name (self->game, group == wild_group ? NULL : group);
  header = gtk_list_box_row_get_header (row);
  if (header != NULL && g_strcmp0 (gtk_label_get_label (GTK_LABEL (header)), title) == 0)
    return;
  header = gtk_label_new (title);
  gtk_label_set_xalign (GTK_LABEL (header), 0);
  gtk_widget_add_css_class (header, "heading");
  gtk_widget_set_margin_start (header, 12);
  gtk_widget_set_margin_top (header, before != NULL ? 12 : 6);
  gtk_widget_set_margin_bottom (header, 4);
  gtk_list_box_row_set_header (row, header);
}

static void
update_list (WbChitEditor *self)
{
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  g_autoptr(GString) shape = g_string_new (NULL);
  GtkWidget *child;
  GtkListBoxRow *row;

  if (self->game != NULL)
    list_order (self, order);
  for (guint i = 0; i < order->len; i++)
    {
      WbChit *chit = g_ptr_array_index (order, i);
      g_string_append_printf (shape, "%s|%s\n", chit->side ? chit->side : "", chit->id);
    }

  if (self->list_shape != NULL && g_str_equal (self->list_shape, shape->str))
    {
      for (guint i = 0; i < order->len; i++)
        {
          WbChit *chit = g_ptr_array_index (order, i);

          row = find_row (self, chit->id);
          if (row != NULL)
            set_row_labels (GTK_WIDGET (row), chit);
        }
    }
  else
    {
      g_free (self->list_shape);
      self->list_shape = g_string_free (g_steal_pointer (&shape), FALSE);
      self->rebuilding = TRUE;
      while ((child = gtk_widget_get_first_child (self->list)) != NULL)
        gtk_list_box_remove (GTK_LIST_BOX (self->list), child);
      for (guint i = 0; i < order->len; i++)
        gtk_list_box_append (GTK_LIST_BOX (self->list), make_row (self, g_ptr_array_index (order, i)));
      row = self->selected != NULL ? find_row (self, self->selected) : NULL;
      if (row != NULL)
        gtk_list_box_select_row (GTK_LIST_BOX (self->list), row);
      self->rebuilding = FALSE;
    }

  {
    g_autofree char *count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u chit", "%u chits",
                                                           order->len), order->len);
    gtk_label_set_label (GTK_LABEL (self->count_label), count);
  }
}

/* Brings @row into the list's view (GtkListBox has no scroll-to in 4.8). */
static void
scroll_to_row (WbChitEditor  *self,
               GtkListBoxRow *row)
{
  GtkAdjustment *adjustment = gtk_list_box_get_adjustment (GTK_LIST_BOX (self->list));
  graphene_rect_t bounds;
  double top, page;

  if (adjustment == NULL || !gtk_widget_compute_bounds (GTK_WIDGET (row), self->list, &bounds))
    return;
  top = gtk_adjustment_get_value (adjustment);
  page = gtk_adjustment_get_page_size (adjustment);
  if (bounds.origin.y < top)
    gtk_adjustment_set_value (adjustment, bounds.origin.y - 24);
  else if (bounds.origin.y + bounds.size.height > top + page)
    gtk_adjustment_set_value (adjustment, bounds.origin.y + bounds.size.height - page + 8);
}

static void
on_row_selected (GtkListBox    *list,
                 GtkListBoxRow *row,
                 WbChitEditor  *self)
{
  if (self->rebuilding)
    return;
  self->selected = row != NULL ? g_object_get_data (G_OBJECT (row), ROW_CHIT) : NULL;
  _wb_chit_editor_show_error (self, NULL);
  gtk_stack_set_visible_child_name (GTK_STACK (self->pages), "chit");
  update_form (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "chits.remove", self->selected != NULL);
}

/* --- the form: showing ------------------------------------------------------------- */

static void
set_dropdown (GtkWidget *dropdown,
              guint      position)
{
  if (gtk_drop_down_get_selected (GTK_DROP_DOWN (dropdown)) != position)
    gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), position);
}

static GtkWidget *
field (WbChitEditor *self,
       const char   *name)
{
  return g_hash_table_lookup (self->fields, name);
}

static void
set_view_text (GtkWidget  *view,
               const char *text)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (view));
  GtkTextIter start, end;
  g_autofree char *now = NULL;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  now = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  if (g_strcmp0 (now, text != NULL ? text : "") != 0)
    gtk_text_buffer_set_text (buffer, text != NULL ? text : "", -1);
}

static char *
rating_text (const WbChit *chit)
{
  if (chit->command_rating == WB_CHIT_RATING_UNKNOWN)
    return g_strdup ("?");
  if (chit->command_rating == WB_CHIT_RATING_NONE)
    return g_strdup ("");
  return g_strdup_printf ("%d", chit->command_rating);
}

/* Refills @names and @ids (item 0: @none) from @add, keeping the dropdown's
 * model when nothing changed. */
static void
fill_choices (GtkStringList *names,
              GPtrArray     *ids,
              const char    *none,
              GPtrArray     *new_ids,
              GPtrArray     *new_names)
{
  gboolean same = ids->len == new_ids->len + 1;

  for (guint i = 0; same && i < new_ids->len; i++)
    same = g_ptr_array_index (ids, i + 1) == g_ptr_array_index (new_ids, i) &&
           g_strcmp0 (gtk_string_list_get_string (names, i + 1), g_ptr_array_index (new_names, i)) == 0;
  if (same)
    return;
  g_ptr_array_set_size (ids, 0);
  g_ptr_array_add (ids, NULL);
  g_ptr_array_extend (ids, new_ids, NULL, NULL);
  {
    g_autoptr(GPtrArray) strings = g_ptr_array_new ();

    g_ptr_array_add (strings, (gpointer) none);
    g_ptr_array_extend (strings, new_names, NULL, NULL);
    g_ptr_array_add (strings, NULL);
    gtk_string_list_splice (names, 0, g_list_model_get_n_items (G_LIST_MODEL (names)),
                            (const char * const *) strings->pdata);
  }
}

static guint
index_of (GPtrArray  *ids,
          const char *id)
{
  guint i;

  return g_ptr_array_find (ids, id, &i) ? i : 0;
}

static void
update_form (WbChitEditor *self)
{
  WbChit *chit = selected_chit (self);
  GPtrArray *sides;
  g_autofree char *rating = NULL;

  gtk_widget_set_visible (self->form, chit != NULL);
  gtk_widget_set_visible (self->empty, chit == NULL);
  if (chit == NULL)
    return;

  self->updating = TRUE;
  gtk_label_set_label (GTK_LABEL (field (self, "id")), chit->id);
  if (!gtk_widget_has_focus (field (self, "name")) || !wb_text_field_is_dirty (GTK_ENTRY (field (self, "name"))))
    wb_text_field_set_text (GTK_ENTRY (field (self, "name")), chit->name);

  /* Sides, then "both sides" for a Wild chit. */
  sides = wb_game_get_sides (self->game);
  {
    g_autoptr(GPtrArray) ids = g_ptr_array_new ();
    g_autoptr(GPtrArray) names = g_ptr_array_new ();

    for (guint i = 0; i < sides->len; i++)
      {
        WbSide *side = g_ptr_array_index (sides, i);
        g_ptr_array_add (ids, (gpointer) side->id);
        g_ptr_array_add (names, side->name != NULL ? side->name : (char *) side->id);
      }
    /* Item 0: both sides, which only a Wild chit may be. */
    fill_choices (self->side_names, self->side_ids, _("Both sides (a Wild chit)"), ids, names);
  }
  set_dropdown (field (self, "side"), index_of (self->side_ids, chit->side));
  set_dropdown (field (self, "kind"), chit->kind);

  gtk_widget_set_visible (self->activation_box, chit->kind == WB_CHIT_ACTIVATION);
  gtk_widget_set_visible (self->event_box, chit->kind == WB_CHIT_EVENT);
  gtk_widget_set_visible (self->wild_box, chit->kind == WB_CHIT_WILD);

  /* Activation. */
  set_dropdown (field (self, "level"), chit->level);
  {
    g_autoptr(GPtrArray) ids = g_ptr_array_new ();
    g_autoptr(GPtrArray) names = g_ptr_array_new ();
    GPtrArray *formations = wb_game_get_formations (self->game);

    for (guint i = 0; i < formations->len; i++)
      {
        WbFormation *f = g_ptr_array_index (formations, i);

        if (f->side == chit->side || f->id == chit->formation)
          {
            g_ptr_array_add (ids, (gpointer) f->id);
            g_ptr_array_add (names, f->name != NULL && *f->name ? f->name : (char *) f->id);
          }
      }
    fill_choices (self->formation_names, self->formation_ids, _("None (any formation)"), ids, names);
    set_dropdown (field (self, "formation"), index_of (self->formation_ids, chit->formation));
  }
  rating = rating_text (chit);
  if (!gtk_widget_has_focus (field (self, "rating")) || !wb_text_field_is_dirty (GTK_ENTRY (field (self, "rating"))))
    wb_text_field_set_text (GTK_ENTRY (field (self, "rating")), rating);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (field (self, "automatic")), chit->automatic);
  gtk_widget_set_sensitive (field (self, "automatic"), chit->level == WB_CHIT_LEVEL_CIC || chit->automatic);
  {
    g_autoptr(GPtrArray) ids = g_ptr_array_new ();
    g_autoptr(GPtrArray) names = g_ptr_array_new ();
    GPtrArray *chits = wb_game_get_chits (self->game);

    for (guint i = 0; i < chits->len; i++)
      {
        WbChit *c = g_ptr_array_index (chits, i);

        if ((c->kind == WB_CHIT_ACTIVATION && c->side == chit->side && c != chit) ||
            c->id == chit->casualty_of)
          {
            g_ptr_array_add (ids, (gpointer) c->id);
            g_ptr_array_add (names, c->name != NULL && *c->name ? c->name : (char *) c->id);
          }
      }
    fill_choices (self->casualty_names, self->casualty_ids, _("None: not a casualty chit"), ids, names);
    set_dropdown (field (self, "casualty-of"), index_of (self->casualty_ids, chit->casualty_of));
  }

  /* Event. */
  set_dropdown (field (self, "play"), chit->play);
  if (!gtk_widget_has_focus (field (self, "text")))
    set_view_text (field (self, "text"), chit->text);
  if (chit->effect != NULL)
    {
      g_autoptr(JsonGenerator) gen = json_generator_new ();
      g_autofree char *json = NULL;

      json_generator_set_root (gen, chit->effect);
      json = json_generator_to_data (gen, NULL);
      gtk_label_set_label (GTK_LABEL (field (self, "effect")), json);
    }
  else
    gtk_label_set_label (GTK_LABEL (field (self, "effect")), _("None declared"));

  /* Wild. */
  set_dropdown (field (self, "wild"), chit->wild);

  if (!gtk_widget_has_focus (field (self, "note")))
    set_view_text (field (self, "note"), chit->note);
  if (!gtk_widget_has_focus (field (self, "source")) || !wb_text_field_is_dirty (GTK_ENTRY (field (self, "source"))))
    wb_text_field_set_text (GTK_ENTRY (field (self, "source")), chit->source);
  gtk_widget_queue_draw (self->preview);
  self->updating = FALSE;
}

/* --- the form: editing --------------------------------------------------------------- */

static void
name_apply (WbChitEditor *self,
            GtkEntry     *entry)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));
  WbChit *edit = edit_begin (self);

  if (edit == NULL)
    return;
  if (text[0] == '\0')
    {
      wb_chit_free (edit);
      _wb_chit_editor_show_error (self, _("A chit needs a name"));
      wb_text_field_refuse (entry, _("A chit needs a name"));
      return;
    }
  g_free (edit->name);
  edit->name = g_steal_pointer (&text);
  if (!push_edit (self, edit, NULL))
    wb_text_field_refuse (entry, gtk_label_get_label (GTK_LABEL (self->error_label)));
}

static void
rating_apply (WbChitEditor *self,
              GtkEntry     *entry)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));
  WbChit *edit = edit_begin (self);
  char *end = NULL;
  long n;

  if (edit == NULL)
    return;
  if (g_str_equal (text, "?"))
    edit->command_rating = WB_CHIT_RATING_UNKNOWN;
  else if (text[0] == '\0')
    edit->command_rating = WB_CHIT_RATING_NONE;
  else
    {
      n = strtol (text, &end, 10);
      if (end == text || *end != '\0' || n < 0 || n > WB_CHIT_RATING_MAX)
        {
          g_autofree char *message =
            g_strdup_printf (_("A command rating is 0 to %d, “?” where the rulebook text does not print it, "
                               "or empty for none"), WB_CHIT_RATING_MAX);

          wb_chit_free (edit);
          _wb_chit_editor_show_error (self, message);
          wb_text_field_refuse (entry, message);
          return;
        }
      edit->command_rating = (int) n;
    }
  if (!push_edit (self, edit, NULL))
    wb_text_field_refuse (entry, gtk_label_get_label (GTK_LABEL (self->error_label)));
}

static void
source_apply (WbChitEditor *self,
              GtkEntry     *entry)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  WbChit *edit = edit_begin (self);

  if (edit == NULL)
    return;
  g_free (edit->source);
  edit->source = text[0] != '\0' ? g_strdup (text) : NULL;
  if (!push_edit (self, edit, NULL))
    wb_text_field_refuse (entry, gtk_label_get_label (GTK_LABEL (self->error_label)));
}

/* A text view is committed when the focus leaves it, one edit. */
static void
on_view_leave (GtkEventControllerFocus *focus,
               WbChitEditor            *self)
{
  GtkWidget *view = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (focus));
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (view));
  const char *which = g_object_get_data (G_OBJECT (view), "wb-field");
  WbChit *edit = edit_begin (self);
  GtkTextIter start, end;
  char *text, **member;

  if (edit == NULL)
    return;
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  member = g_str_equal (which, "text") ? &edit->text : &edit->note;
  g_free (*member);
  *member = text[0] != '\0' ? text : (g_free (text), NULL);
  push_edit (self, edit, NULL);
}

static void
on_side_selected (GtkDropDown  *dropdown,
                  GParamSpec   *pspec,
                  WbChitEditor *self)
{
  guint i = gtk_drop_down_get_selected (dropdown);
  WbChit *edit = edit_begin (self);
  GPtrArray *formations;

  if (edit == NULL || i >= self->side_ids->len)
    {
      g_clear_pointer (&edit, wb_chit_free);
      return;
    }
  edit->side = g_ptr_array_index (self->side_ids, i);
  /* The formation and the chit it replaces belong to the old side: the
   * new side's first formation (its army for a CIC) takes its place. */
  if (edit->kind == WB_CHIT_ACTIVATION && edit->side != NULL)
    {
      WbFormation *f = edit->formation ? wb_game_find_formation (self->game, edit->formation) : NULL;

      if (f != NULL && f->side != edit->side)
        {
          edit->formation = NULL;
          formations = wb_game_get_formations (self->game);
          for (guint j = 0; j < formations->len && edit->formation == NULL; j++)
            if (((WbFormation *) g_ptr_array_index (formations, j))->side == edit->side)
              edit->formation = ((WbFormation *) g_ptr_array_index (formations, j))->id;
        }
      edit->casualty_of = NULL;
    }
  push_edit (self, edit, NULL);
}

static void
on_kind_selected (GtkDropDown  *dropdown,
                  GParamSpec   *pspec,
                  WbChitEditor *self)
{
  guint kind = gtk_drop_down_get_selected (dropdown);
  WbChit *edit = edit_begin (self);
  GPtrArray *sides;

  if (edit == NULL || kind > WB_CHIT_WILD || kind == edit->kind)
    {
      g_clear_pointer (&edit, wb_chit_free);
      return;
    }
  /* A chit of another kind keeps its name, side and note; the members of
   * its old kind go (the file would not hold them). */
  edit->kind = kind;
  edit->level = WB_CHIT_LEVEL_CIC;
  edit->formation = NULL;
  edit->command_rating = kind == WB_CHIT_ACTIVATION ? WB_CHIT_RATING_UNKNOWN : WB_CHIT_RATING_NONE;
  edit->automatic = FALSE;
  edit->casualty_of = NULL;
  edit->play = WB_CHIT_PLAY_UNKNOWN;
  g_clear_pointer (&edit->effect, json_node_unref);
  g_clear_pointer (&edit->text, g_free);
  edit->wild = WB_CHIT_WILD_FOG_OF_WAR;
  sides = wb_game_get_sides (self->game);
  if (kind == WB_CHIT_WILD)
    edit->side = NULL;
  else if (edit->side == NULL && sides->len > 0)
    edit->side = ((WbSide *) g_ptr_array_index (sides, 0))->id;
  push_edit (self, edit, NULL);
}

static void
on_choice_selected (GtkDropDown  *dropdown,
                    GParamSpec   *pspec,
                    WbChitEditor *self)
{
  const char *which = g_object_get_data (G_OBJECT (dropdown), "wb-field");
  guint i = gtk_drop_down_get_selected (dropdown);
  WbChit *edit = edit_begin (self);

  if (edit == NULL || i == GTK_INVALID_LIST_POSITION)
    {
      g_clear_pointer (&edit, wb_chit_free);
      return;
    }
  if (g_str_equal (which, "level"))
    {
      edit->level = i;
      if (edit->level != WB_CHIT_LEVEL_CIC)
        edit->automatic = FALSE;
    }
  else if (g_str_equal (which, "formation") && i < self->formation_ids->len)
    edit->formation = g_ptr_array_index (self->formation_ids, i);
  else if (g_str_equal (which, "casualty-of") && i < self->casualty_ids->len)
    edit->casualty_of = g_ptr_array_index (self->casualty_ids, i);
  else if (g_str_equal (which, "play"))
    edit->play = i;
  else if (g_str_equal (which, "wild"))
    edit->wild = i;
  push_edit (self, edit, NULL);
}

static void
on_automatic_toggled (GtkCheckButton *check,
                      WbChitEditor   *self)
{
  WbChit *edit = edit_begin (self);

  if (edit == NULL)
    return;
  edit->automatic = gtk_check_button_get_active (check);
  push_edit (self, edit, NULL);
}

/* --- actions ---------------------------------------------------------------------- */

static const char *
new_chit_id (WbGame *game)
{
  for (guint n = 1;; n++)
    {
      g_autofree char *id = n == 1 ? g_strdup ("chit") : g_strdup_printf ("chit-%u", n);

      if (wb_game_find_chit (game, id) == NULL)
        return g_intern_string (id);
    }
}

static void
add_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  WbChitEditor *self = WB_CHIT_EDITOR (widget);
  WbChit *current = selected_chit (self);
  GPtrArray *sides;
  WbChit *chit;
  const char *id;

  if (self->game == NULL || self->stack == NULL)
    return;
  sides = wb_game_get_sides (self->game);
  id = new_chit_id (self->game);
  /* A CIC of the selected chit's side: it needs no formation, so it is
   * valid as it is made; a game without sides gets a Wild chit. */
  if (current != NULL && current->side != NULL)
    {
      chit = wb_chit_new (id, WB_CHIT_ACTIVATION);
      chit->side = current->side;
    }
  else if (sides->len > 0)
    {
      chit = wb_chit_new (id, WB_CHIT_ACTIVATION);
      chit->side = ((WbSide *) g_ptr_array_index (sides, 0))->id;
    }
  else
    chit = wb_chit_new (id, WB_CHIT_WILD);
  chit->name = g_strdup (_("New chit"));
  if (chit->kind == WB_CHIT_ACTIVATION)
    {
      chit->level = WB_CHIT_LEVEL_CIC;
      chit->command_rating = WB_CHIT_RATING_UNKNOWN;
    }
  if (_wb_chit_editor_push (self, wb_command_add_chit_new (self->game, chit)))
    {
      wb_chit_editor_select (self, id);
      gtk_widget_grab_focus (field (self, "name"));
    }
  wb_chit_free (chit);
}

static void
remove_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  WbChitEditor *self = WB_CHIT_EDITOR (widget);
  GtkListBoxRow *row;
  const char *next = NULL;

  if (self->game == NULL || self->stack == NULL || self->selected == NULL)
    return;
  /* The row below (or above) the removed one is selected next. */
  row = find_row (self, self->selected);
  if (row != NULL)
    {
      GtkWidget *sibling = gtk_widget_get_next_sibling (GTK_WIDGET (row));

      if (sibling == NULL)
        sibling = gtk_widget_get_prev_sibling (GTK_WIDGET (row));
      next = sibling != NULL ? g_object_get_data (G_OBJECT (sibling), ROW_CHIT) : NULL;
    }
  if (_wb_chit_editor_push (self, wb_command_remove_chit_new (self->game, self->selected)))
    wb_chit_editor_select (self, next);
}

static void
back_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  g_signal_emit (widget, signals[CLOSE_REQUESTED], 0);
}

static gboolean
on_list_key (GtkEventControllerKey *controller,
             guint                  keyval,
             guint                  keycode,
             GdkModifierType        state,
             WbChitEditor          *self)
{
  if ((state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK)) != 0)
    return FALSE;
  if (keyval == GDK_KEY_Delete || keyval == GDK_KEY_KP_Delete)
    return gtk_widget_activate_action (GTK_WIDGET (self), "chits.remove", NULL);
  if (keyval == GDK_KEY_Insert || keyval == GDK_KEY_KP_Insert)
    return gtk_widget_activate_action (GTK_WIDGET (self), "chits.add", NULL);
  if (keyval == GDK_KEY_Escape)
    return gtk_widget_activate_action (GTK_WIDGET (self), "chits.back", NULL);
  return FALSE;
}

/* --- the model ----------------------------------------------------------------------- */

static void
on_game_changed (WbChitEditor *self,
                 const char   *what)
{
  if (self->selected != NULL && wb_game_find_chit (self->game, self->selected) == NULL)
    self->selected = NULL;
  update_list (self);
  if (self->selected == NULL)
    gtk_list_box_unselect_all (GTK_LIST_BOX (self->list));
  update_form (self);
  _wb_chit_cup_update (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "chits.remove", self->selected != NULL);
}

/* --- building ---------------------------------------------------------------------- */

static void
add_field (WbChitEditor *self,
           const char   *name,
           GtkWidget    *widget)
{
  g_object_set_data_full (G_OBJECT (widget), "wb-field", g_strdup (name), g_free);
  g_hash_table_insert (self->fields, g_strdup (name), widget);
}

static void
wb_chit_editor_dispose (GObject *object)
{
  WbChitEditor *self = WB_CHIT_EDITOR (object);

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_object (&self->stack);
  /* The template's widgets going away may still say so (the list's
   * row-selected, a drop-down's selection): nothing to show or edit. */
  self->rebuilding = TRUE;
  self->updating = TRUE;
  gtk_widget_dispose_template (GTK_WIDGET (self), WB_TYPE_CHIT_EDITOR);
  g_clear_pointer (&self->fields, g_hash_table_unref);
  g_clear_pointer (&self->cup_fields, g_hash_table_unref);
  g_clear_pointer (&self->side_ids, g_ptr_array_unref);
  g_clear_pointer (&self->formation_ids, g_ptr_array_unref);
  g_clear_pointer (&self->casualty_ids, g_ptr_array_unref);
  g_clear_pointer (&self->scenario_ids, g_ptr_array_unref);
  g_clear_pointer (&self->list_shape, g_free);
  g_clear_pointer (&self->cup_shape, g_free);

  G_OBJECT_CLASS (wb_chit_editor_parent_class)->dispose (object);
}

static void
wb_chit_editor_class_init (WbChitEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = wb_chit_editor_dispose;

  /**
   * WbChitEditor::close-requested:
   *
   * The designer asked to go back (the Back button, Escape in the list).
   */
  signals[CLOSE_REQUESTED] =
    g_signal_new ("close-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_install_action (widget_class, "chits.add", NULL, add_action);
  gtk_widget_class_install_action (widget_class, "chits.remove", NULL, remove_action);
  gtk_widget_class_install_action (widget_class, "chits.back", NULL, back_action);

  wb_edit_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/warbench/Warbench/editor/wb-chit-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, box);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, list);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, pages);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, error_label);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, count_label);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, add_button);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, remove_button);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, form);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, empty);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, preview);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, id_label);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, name_entry);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, side_dropdown);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, kind_dropdown);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, activation_box);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, level_dropdown);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, formation_dropdown);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, rating_entry);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, automatic_check);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, casualty_dropdown);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, event_box);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, play_dropdown);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, text_view);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, effect_label);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, wild_box);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, wild_dropdown);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, note_view);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, source_entry);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, side_names);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, formation_names);
  gtk_widget_class_bind_template_child (widget_class, WbChitEditor, casualty_names);
  gtk_widget_class_bind_template_callback (widget_class, on_row_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_list_key);
  gtk_widget_class_bind_template_callback (widget_class, on_side_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_kind_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_choice_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_automatic_toggled);
  gtk_widget_class_bind_template_callback (widget_class, on_view_leave);
  _wb_chit_cup_class_init (widget_class);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "chiteditor");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
wb_chit_editor_init (WbChitEditor *self)
{
  self->fields = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->side_ids = g_ptr_array_new ();
  self->formation_ids = g_ptr_array_new ();
  self->casualty_ids = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));

  add_field (self, "add", self->add_button);
  add_field (self, "remove", self->remove_button);
  add_field (self, "list", self->list);
  add_field (self, "pages", self->pages);
  add_field (self, "error", self->error_label);
  add_field (self, "id", self->id_label);
  add_field (self, "name", self->name_entry);
  add_field (self, "side", self->side_dropdown);
  add_field (self, "kind", self->kind_dropdown);
  add_field (self, "level", self->level_dropdown);
  add_field (self, "formation", self->formation_dropdown);
  add_field (self, "rating", self->rating_entry);
  add_field (self, "automatic", self->automatic_check);
  add_field (self, "casualty-of", self->casualty_dropdown);
  add_field (self, "play", self->play_dropdown);
  add_field (self, "text", self->text_view);
  add_field (self, "effect", self->effect_label);
  add_field (self, "wild", self->wild_dropdown);
  add_field (self, "note", self->note_view);
  add_field (self, "source", self->source_entry);
  wb_text_field_guard (GTK_ENTRY (self->name_entry), G_CALLBACK (name_apply), self);
  wb_text_field_guard (GTK_ENTRY (self->rating_entry), G_CALLBACK (rating_apply), self);
  wb_text_field_guard (GTK_ENTRY (self->source_entry), G_CALLBACK (source_apply), self);
  gtk_list_box_set_header_func (GTK_LIST_BOX (self->list), list_header, self, NULL);
  _wb_chit_face_init_preview (self, self->preview);
  _wb_chit_cup_init (self);

  update_form (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "chits.remove", FALSE);
}

GtkWidget *
wb_chit_editor_new (void)
{
  return g_object_new (WB_TYPE_CHIT_EDITOR, NULL);
}

void
wb_chit_editor_set_game (WbChitEditor *self,
                         WbGame       *game,
                         WbUndoStack  *stack)
{
  g_return_if_fail (WB_IS_CHIT_EDITOR (self));
  g_return_if_fail (game == NULL || WB_IS_GAME (game));
  g_return_if_fail (stack == NULL || WB_IS_UNDO_STACK (stack));

  g_set_object (&self->stack, stack);
  if (self->game == game)
    return;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game != NULL)
    g_signal_connect_object (game, "changed", G_CALLBACK (on_game_changed), self, G_CONNECT_SWAPPED);
  self->selected = NULL;
  self->scenario = NULL;
  g_clear_pointer (&self->list_shape, g_free);
  g_clear_pointer (&self->cup_shape, g_free);
  _wb_chit_editor_show_error (self, NULL);
  update_list (self);
  update_form (self);
  _wb_chit_cup_update (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "chits.add", game != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "chits.remove", FALSE);
}

gboolean
wb_chit_editor_select (WbChitEditor *self,
                       const char   *id)
{
  GtkListBoxRow *row;

  g_return_val_if_fail (WB_IS_CHIT_EDITOR (self), FALSE);

  if (id == NULL)
    {
      gtk_list_box_unselect_all (GTK_LIST_BOX (self->list));
      self->selected = NULL;
      update_form (self);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "chits.remove", FALSE);
      return TRUE;
    }
  row = find_row (self, g_intern_string (id));
  if (row == NULL)
    return FALSE;
  if (gtk_list_box_get_selected_row (GTK_LIST_BOX (self->list)) == row)
    on_row_selected (GTK_LIST_BOX (self->list), row, self);
  else
    gtk_list_box_select_row (GTK_LIST_BOX (self->list), row);
  scroll_to_row (self, row);
  return TRUE;
}

const char *
wb_chit_editor_get_selected (WbChitEditor *self)
{
  g_return_val_if_fail (WB_IS_CHIT_EDITOR (self), NULL);
  return self->selected;
}

GtkWidget *
wb_chit_editor_get_field (WbChitEditor *self,
                          const char   *name)
{
  GtkWidget *widget;

  g_return_val_if_fail (WB_IS_CHIT_EDITOR (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  widget = g_hash_table_lookup (self->fields, name);
  return widget != NULL ? widget : _wb_chit_cup_get_field (self, name);
}
