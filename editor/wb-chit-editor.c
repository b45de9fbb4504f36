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
 * chit's form and a scenario's draw cup (wb-chit-cup.c). The list is
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

static const char * const kind_labels[] = { N_("Activation"), N_("Event"), N_("Wild") };
static const char * const level_labels[] = { N_("Commander-in-chief (CIC)"), N_("Division"), N_("Brigade") };
static const char * const play_labels[] = {
  N_("Not stated in the text (?)"), N_("Immediately"), N_("Immediately or held"), N_("Held"),
};
static const char * const wild_labels[] = { N_("Fog of War"), N_("Fortunes of War") };

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

static GtkWidget *
tool_button (const char *icon,
             const char *action,
             const char *tooltip)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
  gtk_widget_add_css_class (button, "flat");
  return button;
}

static void
add_field (WbChitEditor *self,
           const char   *name,
           GtkWidget    *widget)
{
  g_object_set_data_full (G_OBJECT (widget), "wb-field", g_strdup (name), g_free);
  g_hash_table_insert (self->fields, g_strdup (name), widget);
}

/* A labelled row of @grid; the label names the widget for assistive
 * technologies. */
static void
form_row (GtkWidget  *grid,
          int        *row,
          const char *label_text,
          GtkWidget  *widget,
          const char *tooltip)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (label_text);

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_widget_set_valign (label, GTK_IS_SCROLLED_WINDOW (widget) ? GTK_ALIGN_START : GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), GTK_IS_SCROLLED_WINDOW (widget)
                                 ? gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (widget)) : widget);
  gtk_widget_set_hexpand (widget, TRUE);
  if (tooltip != NULL)
    gtk_widget_set_tooltip_text (widget, tooltip);
  gtk_grid_attach (GTK_GRID (grid), label, 0, *row, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), widget, 1, *row, 1, 1);
  (*row)++;
}

static GtkWidget *
form_grid (void)
{
  GtkWidget *grid = gtk_grid_new ();

  gtk_grid_set_row_spacing (GTK_GRID (grid), 8);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  return grid;
}

static GtkWidget *
labels_dropdown (const char * const *labels,
                 guint               n)
{
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);

  for (guint i = 0; i < n; i++)
    gtk_string_list_append (list, _(labels[i]));
  return gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&list)), NULL);
}

static GtkWidget *
entry_field (WbChitEditor *self,
             const char   *name,
             GCallback     apply,
             const char   *accessible)
{
  GtkWidget *entry = gtk_entry_new ();

  add_field (self, name, entry);
  wb_text_field_guard (GTK_ENTRY (entry), apply, self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible, -1);
  return entry;
}

static GtkWidget *
view_field (WbChitEditor *self,
            const char   *name,
            const char   *accessible)
{
  GtkWidget *view = gtk_text_view_new ();
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkEventController *focus = gtk_event_controller_focus_new ();

  add_field (self, name, view);
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (view), GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_view_set_bottom_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_view_set_right_margin (GTK_TEXT_VIEW (view), 6);
  /* Ctrl+Z is the game's undo, as in the text fields. */
  gtk_text_buffer_set_enable_undo (gtk_text_view_get_buffer (GTK_TEXT_VIEW (view)), FALSE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible, -1);
  g_signal_connect (focus, "leave", G_CALLBACK (on_view_leave), self);
  gtk_widget_add_controller (view, focus);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), view);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scroller), 90);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 200);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_widget_add_css_class (scroller, "frame");
  return scroller;
}

static GtkWidget *
dropdown_field (WbChitEditor *self,
                const char   *name,
                GtkWidget    *dropdown,
                GCallback     changed,
                const char   *accessible)
{
  add_field (self, name, dropdown);
  gtk_accessible_update_property (GTK_ACCESSIBLE (dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible, -1);
  g_signal_connect (dropdown, "notify::selected", changed, self);
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
build_form (WbChitEditor *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 16);
  GtkWidget *titles = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *grid, *widget, *id;
  int row = 0;

  gtk_widget_set_margin_start (box, 24);
  gtk_widget_set_margin_end (box, 24);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 24);

  self->preview = _wb_chit_face_new (self, NULL, 96);
  gtk_widget_set_tooltip_text (self->preview, _("The chit’s face, drawn from its data"));
  gtk_box_append (GTK_BOX (top), self->preview);
  id = gtk_label_new (NULL);
  add_field (self, "id", id);
  gtk_label_set_xalign (GTK_LABEL (id), 0);
  gtk_label_set_selectable (GTK_LABEL (id), TRUE);
  gtk_widget_add_css_class (id, "dim-label");
  gtk_widget_add_css_class (id, "monospace");
  gtk_widget_set_tooltip_text (id, _("The chit’s id: what scenarios’ cups and casualty chits name"));
  widget = gtk_label_new (_("Chit"));
  gtk_label_set_xalign (GTK_LABEL (widget), 0);
  gtk_widget_add_css_class (widget, "title-2");
  gtk_box_append (GTK_BOX (titles), widget);
  gtk_box_append (GTK_BOX (titles), id);
  gtk_widget_set_valign (titles, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (top), titles);
  gtk_box_append (GTK_BOX (box), top);

  grid = form_grid ();
  form_row (grid, &row, _("_Name"), entry_field (self, "name", G_CALLBACK (name_apply), _("Name")),
            _("The name printed on the chit"));
  self->side_names = gtk_string_list_new (NULL);
  self->side_ids = g_ptr_array_new ();
  widget = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (self->side_names)), NULL);
  form_row (grid, &row, _("_Side"),
            dropdown_field (self, "side", widget, G_CALLBACK (on_side_selected), _("Side")),
            _("The side whose cup it is drawn for; only a Wild chit belongs to both"));
  form_row (grid, &row, _("_Kind"),
            dropdown_field (self, "kind", labels_dropdown (kind_labels, G_N_ELEMENTS (kind_labels)),
                            G_CALLBACK (on_kind_selected), _("Kind")),
            _("An activation chit activates a leader’s formation; an Event chit is a Unique Event; "
              "a Wild chit is Fog or Fortunes of War"));
  gtk_box_append (GTK_BOX (box), grid);

  /* Activation. */
  self->activation_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_box_append (GTK_BOX (self->activation_box), section_heading (_("Activation")));
  grid = form_grid ();
  row = 0;
  form_row (grid, &row, _("_Level"),
            dropdown_field (self, "level", labels_dropdown (level_labels, G_N_ELEMENTS (level_labels)),
                            G_CALLBACK (on_choice_selected), _("Level")),
            NULL);
  self->formation_names = gtk_string_list_new (NULL);
  self->formation_ids = g_ptr_array_new ();
  widget = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (self->formation_names)), NULL);
  form_row (grid, &row, _("_Formation"),
            dropdown_field (self, "formation", widget, G_CALLBACK (on_choice_selected), _("Formation")),
            _("The formation of its side the chit activates"));
  widget = entry_field (self, "rating", G_CALLBACK (rating_apply), _("Command rating"));
  gtk_entry_set_placeholder_text (GTK_ENTRY (widget), _("None"));
  gtk_editable_set_width_chars (GTK_EDITABLE (widget), 6);
  gtk_widget_set_halign (widget, GTK_ALIGN_START);
  form_row (grid, &row, _("Command _rating"), widget,
            _("0 to 6; “?” when it is printed on the chit and not in the rulebook text; "
              "empty for none (an automatic CIC)"));
  gtk_widget_set_hexpand (widget, FALSE);
  widget = gtk_check_button_new_with_mnemonic (_("_Automatic: activates without a roll"));
  add_field (self, "automatic", widget);
  gtk_widget_set_tooltip_text (widget, _("Only a CIC chit can be automatic"));
  g_signal_connect (widget, "toggled", G_CALLBACK (on_automatic_toggled), self);
  gtk_grid_attach (GTK_GRID (grid), widget, 1, row++, 1, 1);
  self->casualty_names = gtk_string_list_new (NULL);
  self->casualty_ids = g_ptr_array_new ();
  widget = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (self->casualty_names)), NULL);
  form_row (grid, &row, _("_Casualty of"),
            dropdown_field (self, "casualty-of", widget, G_CALLBACK (on_choice_selected), _("Casualty of")),
            _("A leader casualty chit (the red cross) replaces this chit of its side when the leader falls"));
  gtk_box_append (GTK_BOX (self->activation_box), grid);
  gtk_box_append (GTK_BOX (box), self->activation_box);

  /* Event. */
  self->event_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_box_append (GTK_BOX (self->event_box), section_heading (_("Event")));
  grid = form_grid ();
  row = 0;
  form_row (grid, &row, _("_Played"),
            dropdown_field (self, "play", labels_dropdown (play_labels, G_N_ELEMENTS (play_labels)),
                            G_CALLBACK (on_choice_selected), _("Played")),
            _("When the event may be played once drawn"));
  form_row (grid, &row, _("_Text"), view_field (self, "text", _("Text")),
            _("What the rulebook says of the event; kept when the focus leaves"));
  widget = gtk_label_new (NULL);
  add_field (self, "effect", widget);
  gtk_label_set_xalign (GTK_LABEL (widget), 0);
  gtk_label_set_wrap (GTK_LABEL (widget), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (widget), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (widget), TRUE);
  gtk_widget_add_css_class (widget, "monospace");
  form_row (grid, &row, _("Effect"), widget,
            _("What the rules family does when the event is played (edited in the game file)"));
  gtk_box_append (GTK_BOX (self->event_box), grid);
  gtk_box_append (GTK_BOX (box), self->event_box);

  /* Wild. */
  self->wild_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_box_append (GTK_BOX (self->wild_box), section_heading (_("Wild")));
  grid = form_grid ();
  row = 0;
  form_row (grid, &row, _("_Wild chit"),
            dropdown_field (self, "wild", labels_dropdown (wild_labels, G_N_ELEMENTS (wild_labels)),
                            G_CALLBACK (on_choice_selected), _("Wild chit")),
            NULL);
  gtk_box_append (GTK_BOX (self->wild_box), grid);
  gtk_box_append (GTK_BOX (box), self->wild_box);

  /* Note and source. */
  gtk_box_append (GTK_BOX (box), section_heading (_("Notes")));
  grid = form_grid ();
  row = 0;
  form_row (grid, &row, _("N_ote"), view_field (self, "note", _("Note")),
            _("The designer’s note; kept when the focus leaves"));
  form_row (grid, &row, _("S_ource"), entry_field (self, "source", G_CALLBACK (source_apply), _("Source")),
            _("Where the values come from; “reconstructed: …” for values the rulebook text does not print"));
  gtk_box_append (GTK_BOX (box), grid);

  /* Line the form's labels up across its sections. */
  {
    g_autoptr(GtkSizeGroup) group = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);

    for (GtkWidget *child = gtk_widget_get_first_child (box); child != NULL;
         child = gtk_widget_get_next_sibling (child))
      {
        GtkWidget *g = GTK_IS_GRID (child) ? child
                     : GTK_IS_BOX (child) && child != top ? gtk_widget_get_last_child (child) : NULL;

        if (g != NULL && GTK_IS_GRID (g))
          for (GtkWidget *w = gtk_widget_get_first_child (g); w != NULL; w = gtk_widget_get_next_sibling (w))
            {
              int column;

              gtk_grid_query_child (GTK_GRID (g), w, &column, NULL, NULL, NULL);
              if (column == 0)
                gtk_size_group_add_widget (group, w);
            }
      }
  }
  return box;
}

static void
wb_chit_editor_dispose (GObject *object)
{
  WbChitEditor *self = WB_CHIT_EDITOR (object);

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_object (&self->stack);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_pointer (&self->fields, g_hash_table_unref);
  g_clear_pointer (&self->cup_fields, g_hash_table_unref);
  g_clear_object (&self->side_names);
  g_clear_object (&self->formation_names);
  g_clear_object (&self->casualty_names);
  g_clear_object (&self->scenario_names);
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
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "chiteditor");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
wb_chit_editor_init (WbChitEditor *self)
{
  GtkWidget *paned, *left, *header, *scroller, *switcher, *title, *form_scroller;
  GtkEventController *keys;

  self->fields = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Chits"), -1);

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  paned = gtk_paned_new (GTK_ORIENTATION_HORIZONTAL);
  gtk_paned_set_shrink_start_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_shrink_end_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_resize_start_child (GTK_PANED (paned), FALSE);
  gtk_widget_set_vexpand (paned, TRUE);
  gtk_box_append (GTK_BOX (self->box), paned);

  /* The list: back, the title and count, add and remove; the chits. */
  left = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  /* With the form's minimum, within the pages' width on a narrow window. */
  gtk_widget_set_size_request (left, 220, -1);
  gtk_paned_set_start_child (GTK_PANED (paned), left);
  header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_margin_start (header, 6);
  gtk_widget_set_margin_end (header, 6);
  gtk_widget_set_margin_top (header, 6);
  gtk_widget_set_margin_bottom (header, 6);
  gtk_box_append (GTK_BOX (header), tool_button ("go-previous-symbolic", "chits.back",
                                                 _("Back to the Map (Escape)")));
  title = gtk_label_new (_("Chits"));
  gtk_widget_add_css_class (title, "title-4");
  gtk_box_append (GTK_BOX (header), title);
  self->count_label = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->count_label, "dim-label");
  gtk_widget_add_css_class (self->count_label, "numeric");
  gtk_widget_set_hexpand (self->count_label, TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->count_label), 0);
  gtk_box_append (GTK_BOX (header), self->count_label);
  {
    GtkWidget *add = tool_button ("list-add-symbolic", "chits.add", _("Add a Chit (Insert)"));
    GtkWidget *remove = tool_button ("user-trash-symbolic", "chits.remove", _("Remove the Chit (Delete)"));

    add_field (self, "add", add);
    add_field (self, "remove", remove);
    gtk_box_append (GTK_BOX (header), add);
    gtk_box_append (GTK_BOX (header), remove);
  }
  gtk_box_append (GTK_BOX (left), header);
  gtk_box_append (GTK_BOX (left), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));

  self->list = gtk_list_box_new ();
  add_field (self, "list", self->list);
  gtk_widget_add_css_class (self->list, "navigation-sidebar");
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->list), GTK_SELECTION_SINGLE);
  gtk_list_box_set_header_func (GTK_LIST_BOX (self->list), list_header, self, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Chits by side"), -1);
  g_signal_connect (self->list, "row-selected", G_CALLBACK (on_row_selected), self);
  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_list_key), self);
  gtk_widget_add_controller (self->list, keys);
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), self->list);
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_box_append (GTK_BOX (left), scroller);

  /* The pages: the chit, the cup. */
  {
    GtkWidget *right = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
    GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
    GtkWidget *chit_page = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

    self->pages = gtk_stack_new ();
    add_field (self, "pages", self->pages);
    gtk_widget_set_vexpand (self->pages, TRUE);
    switcher = gtk_stack_switcher_new ();
    gtk_stack_switcher_set_stack (GTK_STACK_SWITCHER (switcher), GTK_STACK (self->pages));
    gtk_widget_set_halign (switcher, GTK_ALIGN_CENTER);
    gtk_widget_set_hexpand (switcher, TRUE);
    gtk_widget_set_margin_top (bar, 6);
    gtk_widget_set_margin_bottom (bar, 6);
    gtk_box_append (GTK_BOX (bar), switcher);
    gtk_box_append (GTK_BOX (right), bar);
    gtk_box_append (GTK_BOX (right), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
    self->error_label = gtk_label_new (NULL);
    add_field (self, "error", self->error_label);
    gtk_label_set_wrap (GTK_LABEL (self->error_label), TRUE);
    gtk_label_set_xalign (GTK_LABEL (self->error_label), 0);
    gtk_widget_add_css_class (self->error_label, "error");
    gtk_widget_set_margin_start (self->error_label, 24);
    gtk_widget_set_margin_end (self->error_label, 24);
    gtk_widget_set_margin_top (self->error_label, 8);
    gtk_widget_set_visible (self->error_label, FALSE);
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->error_label), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    _("Why the last edit was refused"), -1);
    gtk_box_append (GTK_BOX (right), self->error_label);
    gtk_box_append (GTK_BOX (right), self->pages);

    self->form = build_form (self);
    self->empty = gtk_label_new (_("Select a chit, or add one with the + button"));
    gtk_widget_add_css_class (self->empty, "dim-label");
    gtk_widget_set_vexpand (self->empty, TRUE);
    gtk_box_append (GTK_BOX (chit_page), self->form);
    gtk_box_append (GTK_BOX (chit_page), self->empty);
    form_scroller = gtk_scrolled_window_new ();
    gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (form_scroller), GTK_POLICY_NEVER,
                                    GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (form_scroller), chit_page);
    gtk_stack_add_titled (GTK_STACK (self->pages), form_scroller, "chit", _("Chit"));
    gtk_stack_add_titled (GTK_STACK (self->pages), _wb_chit_cup_new (self), "cup", _("Draw Cup"));
    gtk_paned_set_end_child (GTK_PANED (paned), right);
  }
  gtk_paned_set_position (GTK_PANED (paned), 300);

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
