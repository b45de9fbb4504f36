/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-legend-editor"

#include "config.h"

#include <glib/gi18n.h>

#include "wb-number-field.h"
#include "wb-text-field.h"
#include "wb-legend-private.h"
#include "rules/wb-family.h"

/* The Map Legend's form for the selected type: built once, filled in place
 * from the model, and each change applied as an edit of a copy of the
 * record (LegendEdit) pushed as a command. */

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

static void fill_roles (WbLegendEditor *self, WbFeatureType *f);

/* Edits ------------------------------------------------------------------- */

gboolean
_wb_legend_edit_begin (WbLegendEditor *self,
                       LegendEdit     *edit)
{
  WbTerrainType *t = _wb_legend_selected_terrain (self);
  WbFeatureType *f = _wb_legend_selected_feature (self);

  edit->terrain = t != NULL ? wb_terrain_type_copy (t) : NULL;
  edit->feature = f != NULL ? wb_feature_type_copy (f) : NULL;
  return !self->updating && (edit->terrain != NULL || edit->feature != NULL);
}

gboolean
_wb_legend_edit_end (WbLegendEditor *self,
                     LegendEdit     *edit,
                     const char     *merge_key)
{
  gboolean done = FALSE;

  if (edit->terrain != NULL)
    done = _wb_legend_push (self, wb_command_edit_terrain_new (self->game, edit->terrain, merge_key));
  else if (edit->feature != NULL)
    done = _wb_legend_push (self, wb_command_edit_feature_new (self->game, edit->feature, merge_key));
  wb_terrain_type_free (edit->terrain);
  wb_feature_type_free (edit->feature);
  return done;
}

void
_wb_legend_edit_discard (LegendEdit *edit)
{
  wb_terrain_type_free (edit->terrain);
  wb_feature_type_free (edit->feature);
}

static char **
edit_string (LegendEdit *edit,
             const char *field)
{
  if (g_str_equal (field, "name"))
    return edit->terrain != NULL ? &edit->terrain->name : &edit->feature->name;
  if (g_str_equal (field, "color"))
    return edit->terrain != NULL ? &edit->terrain->color : &edit->feature->color;
  return edit->terrain != NULL ? &edit->terrain->note : &edit->feature->note;
}

/* Filling ------------------------------------------------------------------ */

void
_wb_legend_set_spin (GtkWidget *spin,
                     double     value)
{
  if (gtk_spin_button_get_value (GTK_SPIN_BUTTON (spin)) != value)
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
}

void
_wb_legend_set_check (GtkWidget *check,
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

void
_wb_legend_fill_form (WbLegendEditor *self)
{
  WbTerrainType *t = _wb_legend_selected_terrain (self);
  WbFeatureType *f = _wb_legend_selected_feature (self);
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
      g_autoptr(GHashTable) counts = _wb_legend_count_terrain (self->game);
      char key[2] = { t->key, 0 };
      g_autofree char *what = NULL;

      usage = _wb_legend_terrain_usage (GPOINTER_TO_UINT (g_hash_table_lookup (counts, t->id)));
      gtk_label_set_label (GTK_LABEL (self->heading), t->name != NULL ? t->name : t->id);
      /* Translators: terrain id, map key and use: "forest · key f · 312 hexes" */
      what = g_strdup_printf (_("%s · key %s · %s"), t->id, key, usage);
      gtk_label_set_label (GTK_LABEL (self->usage_label), what);
      set_entry (self->name_entry, t->name);
      set_color_button (self, t->color);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (self->pattern_dropdown),
                                  choice_index (pattern_labels, G_N_ELEMENTS (pattern_labels), t->pattern));
      _wb_legend_set_spin (self->defense_spin, t->defense);
      _wb_legend_set_check (self->los_check, t->blocks_los);
      set_entry (self->note_entry, t->note);
      _wb_legend_fill_move_grid (self, t->move);
      gtk_widget_set_sensitive (self->move_grid, TRUE);
    }
  else
    {
      g_autofree char *what = NULL;

      usage = _wb_legend_feature_usage (self->game, f);
      gtk_label_set_label (GTK_LABEL (self->heading), f->name != NULL ? f->name : f->id);
      /* Translators: feature id and use: "creek · 87 hexsides" */
      what = g_strdup_printf (_("%s · %s"), f->id, usage);
      gtk_label_set_label (GTK_LABEL (self->usage_label), what);
      gtk_label_set_label (GTK_LABEL (self->where_label), _wb_legend_where_text (f->where));
      set_entry (self->name_entry, f->name);
      set_color_button (self, f->color);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (self->style_dropdown),
                                  choice_index (style_labels, G_N_ELEMENTS (style_labels), f->style));
      _wb_legend_set_spin (self->width_spin, f->width);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (self->mode_dropdown), (guint) f->move_mode);
      _wb_legend_set_spin (self->defense_spin, f->defense);
      _wb_legend_set_check (self->los_check, f->blocks_los);
      _wb_legend_set_check (self->zoc_check, f->blocks_zoc);
      set_entry (self->note_entry, f->note);
      fill_roles (self, f);
      _wb_legend_fill_move_grid (self, f->move);
      /* Costs count only where the feature adds or sets one. */
      gtk_widget_set_sensitive (self->move_grid, f->move_mode == WB_MOVE_ADD || f->move_mode == WB_MOVE_SET);
      _wb_legend_fill_negates (self, f);
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

/* Signal handlers ------------------------------------------------------------ */

/* The text fields are applied on Enter and on leaving them, one undoable
 * edit each (wb_text_field_guard); a refusal marks the field. */
static void
name_apply (WbLegendEditor *self,
            GtkEntry       *entry)
{
  LegendEdit edit;
  g_autofree char *text = NULL;

  if (!_wb_legend_edit_begin (self, &edit))
    {
      _wb_legend_edit_discard (&edit);
      return;
    }
  text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));
  if (text[0] == '\0')
    {
      _wb_legend_set_message (self, _("A legend entry needs a name"));
      wb_text_field_refuse (entry, self->message);
      _wb_legend_edit_discard (&edit);
      return;
    }
  if (g_strcmp0 (*edit_string (&edit, "name"), text) == 0)
    {
      wb_text_field_set_text (entry, text);
      _wb_legend_edit_discard (&edit);
      return;
    }
  g_free (*edit_string (&edit, "name"));
  *edit_string (&edit, "name") = g_steal_pointer (&text);
  if (!_wb_legend_edit_end (self, &edit, NULL))
    wb_text_field_refuse (entry, self->message);
}

static void
note_apply (WbLegendEditor *self,
            GtkEntry       *entry)
{
  LegendEdit edit;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));

  if (!_wb_legend_edit_begin (self, &edit))
    {
      _wb_legend_edit_discard (&edit);
      return;
    }
  if (g_strcmp0 (*edit_string (&edit, "note") != NULL ? *edit_string (&edit, "note") : "", text) == 0)
    {
      _wb_legend_edit_discard (&edit);
      return;
    }
  g_free (*edit_string (&edit, "note"));
  *edit_string (&edit, "note") = text[0] != '\0' ? g_strdup (text) : NULL;
  if (!_wb_legend_edit_end (self, &edit, NULL))
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
  LegendEdit edit;

  if (!_wb_legend_edit_begin (self, &edit) || edit.feature == NULL)
    {
      _wb_legend_edit_discard (&edit);
      return;
    }
  g_ptr_array_set_size (edit.feature->roles, 0);
  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0')
      g_ptr_array_add (edit.feature->roles, (gpointer) g_intern_string (words[i]));
  if (!_wb_legend_edit_end (self, &edit, NULL))
    wb_text_field_refuse (entry, self->message);
}

static void
on_color_set (GtkColorButton *button,
              WbLegendEditor *self)
{
  LegendEdit edit;
  GdkRGBA rgba;

  if (!_wb_legend_edit_begin (self, &edit))
    {
      _wb_legend_edit_discard (&edit);
      return;
    }
  gtk_color_chooser_get_rgba (GTK_COLOR_CHOOSER (button), &rgba);
  g_free (*edit_string (&edit, "color"));
  *edit_string (&edit, "color") = g_strdup_printf ("#%02x%02x%02x",
                                                   (int) (CLAMP (rgba.red, 0, 1) * 255 + 0.5),
                                                   (int) (CLAMP (rgba.green, 0, 1) * 255 + 0.5),
                                                   (int) (CLAMP (rgba.blue, 0, 1) * 255 + 0.5));
  _wb_legend_edit_end (self, &edit, NULL);
}

static void
on_pattern_selected (GtkDropDown    *dropdown,
                     GParamSpec     *pspec,
                     WbLegendEditor *self)
{
  LegendEdit edit;
  guint i = gtk_drop_down_get_selected (dropdown);

  if (!_wb_legend_edit_begin (self, &edit) || edit.terrain == NULL || i >= G_N_ELEMENTS (pattern_labels))
    {
      _wb_legend_edit_discard (&edit);
      return;
    }
  g_free (edit.terrain->pattern);
  edit.terrain->pattern = g_strdup (pattern_labels[i].value);
  _wb_legend_edit_end (self, &edit, NULL);
}

static void
on_style_selected (GtkDropDown    *dropdown,
                   GParamSpec     *pspec,
                   WbLegendEditor *self)
{
  LegendEdit edit;
  guint i = gtk_drop_down_get_selected (dropdown);

  if (!_wb_legend_edit_begin (self, &edit) || edit.feature == NULL || i >= G_N_ELEMENTS (style_labels))
    {
      _wb_legend_edit_discard (&edit);
      return;
    }
  g_free (edit.feature->style);
  edit.feature->style = g_strdup (style_labels[i].value);
  _wb_legend_edit_end (self, &edit, NULL);
}

static void
on_mode_selected (GtkDropDown    *dropdown,
                  GParamSpec     *pspec,
                  WbLegendEditor *self)
{
  LegendEdit edit;
  guint i = gtk_drop_down_get_selected (dropdown);

  if (!_wb_legend_edit_begin (self, &edit) || edit.feature == NULL || i > WB_MOVE_PROHIBIT)
    {
      _wb_legend_edit_discard (&edit);
      return;
    }
  edit.feature->move_mode = (WbMoveMode) i;
  _wb_legend_edit_end (self, &edit, NULL);
}

static void
on_width_changed (GtkSpinButton  *spin,
                  WbLegendEditor *self)
{
  LegendEdit edit;

  if (!_wb_legend_edit_begin (self, &edit) || edit.feature == NULL)
    {
      _wb_legend_edit_discard (&edit);
      return;
    }
  edit.feature->width = gtk_spin_button_get_value (spin);
  _wb_legend_edit_end (self, &edit, "width");
}

static void
on_defense_changed (GtkSpinButton  *spin,
                    WbLegendEditor *self)
{
  LegendEdit edit;

  if (!_wb_legend_edit_begin (self, &edit))
    {
      _wb_legend_edit_discard (&edit);
      return;
    }
  if (edit.terrain != NULL)
    edit.terrain->defense = gtk_spin_button_get_value (spin);
  else
    edit.feature->defense = gtk_spin_button_get_value (spin);
  _wb_legend_edit_end (self, &edit, "defense");
}

static void
on_flag_toggled (GtkCheckButton *check,
                 WbLegendEditor *self)
{
  LegendEdit edit;
  gboolean active = gtk_check_button_get_active (check);

  if (!_wb_legend_edit_begin (self, &edit))
    {
      _wb_legend_edit_discard (&edit);
      return;
    }
  if (GTK_WIDGET (check) == self->zoc_check && edit.feature != NULL)
    edit.feature->blocks_zoc = active;
  else if (edit.terrain != NULL)
    edit.terrain->blocks_los = active;
  else
    edit.feature->blocks_los = active;
  _wb_legend_edit_end (self, &edit, NULL);
}

/* Building ----------------------------------------------------------------- */

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

GtkWidget *
_wb_legend_form_new (WbLegendEditor *self)
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

  self->preview = _wb_legend_swatch_new (self, NULL, FALSE, PREVIEW_WIDTH, PREVIEW_HEIGHT);
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
