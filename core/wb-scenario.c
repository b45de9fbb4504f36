/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-scenario"
#include "config.h"

#include "wb-scenario.h"
#include "wb-util-private.h"

struct _WbScenario
{
  GObject     parent_instance;

  const char *id;
  char       *name;
  char       *description;
  const char *map;
  const char *first_side;
  char       *victory_text;
  GArray     *turns;
  GPtrArray  *boxes;
  GPtrArray  *setup;
  GPtrArray  *markers;
  GPtrArray  *reinforcements;
  GPtrArray  *victory;
  GPtrArray  *options;
  GPtrArray  *special_rules;
  WbCup      *cup;
};

G_DEFINE_FINAL_TYPE (WbScenario, wb_scenario, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_NAME,
  PROP_DESCRIPTION,
  PROP_MAP,
  PROP_FIRST_SIDE,
  PROP_VICTORY_TEXT,
  PROP_TURN_COUNT,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

static void
place_clear (WbPlace *p)
{
  g_free (p->ref);
}

GArray *
wb_place_array_new (void)
{
  GArray *a = g_array_new (FALSE, TRUE, sizeof (WbPlace));
  g_array_set_clear_func (a, (GDestroyNotify) place_clear);
  return a;
}

void
wb_place_array_add (GArray *places, WbPlaceKind kind, const char *ref)
{
  WbPlace p = { kind, g_strdup (ref) };
  g_array_append_val (places, p);
}

WbSetup *
wb_setup_new (const char *unit)
{
  WbSetup *s = g_new0 (WbSetup, 1);
  s->unit = g_intern_string (unit);
  s->at = wb_place_array_new ();
  return s;
}

void
wb_setup_free (WbSetup *s)
{
  if (s == NULL)
    return;
  g_array_unref (s->at);
  g_free (s->note);
  g_free (s);
}

WbMarker *
wb_marker_new (const char *feature)
{
  WbMarker *m = g_new0 (WbMarker, 1);
  m->feature = g_intern_string (feature);
  m->at = wb_place_array_new ();
  return m;
}

void
wb_marker_free (WbMarker *m)
{
  if (m == NULL)
    return;
  g_array_unref (m->at);
  g_free (m->note);
  g_free (m);
}

WbReinforcement *
wb_reinforcement_new (int turn)
{
  WbReinforcement *r = g_new0 (WbReinforcement, 1);
  r->turn = turn;
  r->at = wb_place_array_new ();
  r->units = g_ptr_array_new ();
  return r;
}

void
wb_reinforcement_free (WbReinforcement *r)
{
  if (r == NULL)
    return;
  g_array_unref (r->at);
  g_ptr_array_unref (r->units);
  g_free (r->condition);
  g_free (r->note);
  g_free (r);
}

WbVictory *
wb_victory_new (WbVictoryKind kind)
{
  WbVictory *v = g_new0 (WbVictory, 1);
  v->kind = kind;
  v->places = wb_place_array_new ();
  v->units = g_ptr_array_new ();
  return v;
}

void
wb_victory_free (WbVictory *v)
{
  if (v == NULL)
    return;
  g_array_unref (v->places);
  g_ptr_array_unref (v->units);
  g_free (v->text);
  g_free (v);
}

static const char *victory_names[] = { "vp_per_sp", "occupy", "destroy", "text" };

const char *
wb_victory_kind_to_string (WbVictoryKind kind)
{
  g_return_val_if_fail ((guint) kind < G_N_ELEMENTS (victory_names), NULL);
  return victory_names[kind];
}

gboolean
wb_victory_kind_from_string (const char *s, WbVictoryKind *kind)
{
  for (guint i = 0; i < G_N_ELEMENTS (victory_names); i++)
    if (g_strcmp0 (s, victory_names[i]) == 0)
      {
        *kind = (WbVictoryKind) i;
        return TRUE;
      }
  return FALSE;
}

static void
box_free (WbBox *b)
{
  g_free (b->name);
  g_free (b);
}

static void
option_free (WbOption *o)
{
  g_free (o->name);
  g_free (o->text);
  g_free (o);
}

static void
special_rule_free (WbSpecialRule *r)
{
  g_free (r->title);
  g_free (r->text);
  g_free (r);
}

static void
turn_clear (WbTurn *t)
{
  g_free (t->label);
}

static void
wb_scenario_finalize (GObject *object)
{
  WbScenario *self = WB_SCENARIO (object);

  g_free (self->name);
  g_free (self->description);
  g_free (self->victory_text);
  g_array_unref (self->turns);
  g_ptr_array_unref (self->boxes);
  g_ptr_array_unref (self->setup);
  g_ptr_array_unref (self->markers);
  g_ptr_array_unref (self->reinforcements);
  g_ptr_array_unref (self->victory);
  g_ptr_array_unref (self->options);
  g_ptr_array_unref (self->special_rules);
  wb_cup_free (self->cup);
  G_OBJECT_CLASS (wb_scenario_parent_class)->finalize (object);
}

static void
wb_scenario_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  WbScenario *self = WB_SCENARIO (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, self->id);
      break;
    case PROP_NAME:
      g_value_set_string (value, wb_scenario_get_name (self));
      break;
    case PROP_DESCRIPTION:
      g_value_set_string (value, self->description);
      break;
    case PROP_MAP:
      g_value_set_string (value, self->map);
      break;
    case PROP_FIRST_SIDE:
      g_value_set_string (value, self->first_side);
      break;
    case PROP_VICTORY_TEXT:
      g_value_set_string (value, self->victory_text);
      break;
    case PROP_TURN_COUNT:
      g_value_set_int (value, (int) self->turns->len);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_scenario_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  WbScenario *self = WB_SCENARIO (object);

  switch (prop_id)
    {
    case PROP_ID:
      self->id = g_intern_string (g_value_get_string (value));
      break;
    case PROP_NAME:
      wb_scenario_set_name (self, g_value_get_string (value));
      break;
    case PROP_DESCRIPTION:
      wb_scenario_set_description (self, g_value_get_string (value));
      break;
    case PROP_MAP:
      wb_scenario_set_map (self, g_value_get_string (value));
      break;
    case PROP_FIRST_SIDE:
      wb_scenario_set_first_side (self, g_value_get_string (value));
      break;
    case PROP_VICTORY_TEXT:
      wb_scenario_set_victory_text (self, g_value_get_string (value));
      break;
    case PROP_TURN_COUNT:
      wb_scenario_set_turn_count (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_scenario_class_init (WbScenarioClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = wb_scenario_finalize;
  object_class->get_property = wb_scenario_get_property;
  object_class->set_property = wb_scenario_set_property;

  properties[PROP_ID] =
    g_param_spec_string ("id", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, rw);
  properties[PROP_DESCRIPTION] = g_param_spec_string ("description", NULL, NULL, NULL, rw);
  properties[PROP_MAP] = g_param_spec_string ("map", NULL, NULL, NULL, rw);
  properties[PROP_FIRST_SIDE] = g_param_spec_string ("first-side", NULL, NULL, NULL, rw);
  properties[PROP_VICTORY_TEXT] = g_param_spec_string ("victory-text", NULL, NULL, NULL, rw);
  properties[PROP_TURN_COUNT] =
    g_param_spec_int ("turn-count", NULL, NULL, 0, WB_SCENARIO_MAX_TURNS, 0, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
wb_scenario_init (WbScenario *self)
{
  self->turns = g_array_new (FALSE, TRUE, sizeof (WbTurn));
  g_array_set_clear_func (self->turns, (GDestroyNotify) turn_clear);
  self->boxes = g_ptr_array_new_with_free_func ((GDestroyNotify) box_free);
  self->setup = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_setup_free);
  self->markers = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_marker_free);
  self->reinforcements = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_reinforcement_free);
  self->victory = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_victory_free);
  self->options = g_ptr_array_new_with_free_func ((GDestroyNotify) option_free);
  self->special_rules = g_ptr_array_new_with_free_func ((GDestroyNotify) special_rule_free);
}

WbScenario *
wb_scenario_new (const char *id)
{
  g_return_val_if_fail (id != NULL, NULL);
  return g_object_new (WB_TYPE_SCENARIO, "id", id, NULL);
}

const char *
wb_scenario_get_id (WbScenario *self)
{
  g_return_val_if_fail (WB_IS_SCENARIO (self), NULL);
  return self->id;
}

const char *
wb_scenario_get_name (WbScenario *self)
{
  g_return_val_if_fail (WB_IS_SCENARIO (self), NULL);
  return self->name ? self->name : self->id;
}

#define TEXT_PROPERTY(field, PROP)                                      \
  void                                                                  \
  wb_scenario_set_##field (WbScenario *self, const char *value)         \
  {                                                                     \
    g_return_if_fail (WB_IS_SCENARIO (self));                           \
    if (wb_set_str (&self->field, value))                               \
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP]);     \
  }

#define INTERNED_PROPERTY(field, PROP)                                  \
  const char *                                                          \
  wb_scenario_get_##field (WbScenario *self)                            \
  {                                                                     \
    g_return_val_if_fail (WB_IS_SCENARIO (self), NULL);                 \
    return self->field;                                                 \
  }                                                                     \
  void                                                                  \
  wb_scenario_set_##field (WbScenario *self, const char *value)         \
  {                                                                     \
    const char *v = wb_intern0 (value);                                 \
    g_return_if_fail (WB_IS_SCENARIO (self));                           \
    if (self->field == v)                                               \
      return;                                                           \
    self->field = v;                                                    \
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP]);       \
  }

TEXT_PROPERTY (name, PROP_NAME)
TEXT_PROPERTY (description, PROP_DESCRIPTION)
TEXT_PROPERTY (victory_text, PROP_VICTORY_TEXT)
INTERNED_PROPERTY (map, PROP_MAP)
INTERNED_PROPERTY (first_side, PROP_FIRST_SIDE)

const char *
wb_scenario_get_description (WbScenario *self)
{
  g_return_val_if_fail (WB_IS_SCENARIO (self), NULL);
  return self->description;
}

const char *
wb_scenario_get_victory_text (WbScenario *self)
{
  g_return_val_if_fail (WB_IS_SCENARIO (self), NULL);
  return self->victory_text;
}

GArray *
wb_scenario_get_turns (WbScenario *self)
{
  g_return_val_if_fail (WB_IS_SCENARIO (self), NULL);
  return self->turns;
}

void
wb_scenario_set_turn_count (WbScenario *self, int count)
{
  g_return_if_fail (WB_IS_SCENARIO (self));
  count = CLAMP (count, 0, WB_SCENARIO_MAX_TURNS);
  if ((guint) count == self->turns->len)
    return;
  g_array_set_size (self->turns, (guint) count);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TURN_COUNT]);
}

GPtrArray *
wb_scenario_get_boxes (WbScenario *self)
{
  g_return_val_if_fail (WB_IS_SCENARIO (self), NULL);
  return self->boxes;
}

GPtrArray *
wb_scenario_get_markers (WbScenario *self)
{
  g_return_val_if_fail (WB_IS_SCENARIO (self), NULL);
  return self->markers;
}

GPtrArray *
wb_scenario_get_setup (WbScenario *self)
{
  g_return_val_if_fail (WB_IS_SCENARIO (self), NULL);
  return self->setup;
}

GPtrArray *
wb_scenario_get_reinforcements (WbScenario *self)
{
  g_return_val_if_fail (WB_IS_SCENARIO (self), NULL);
  return self->reinforcements;
}

GPtrArray *
wb_scenario_get_victory (WbScenario *self)
{
  g_return_val_if_fail (WB_IS_SCENARIO (self), NULL);
  return self->victory;
}

GPtrArray *
wb_scenario_get_options (WbScenario *self)
{
  g_return_val_if_fail (WB_IS_SCENARIO (self), NULL);
  return self->options;
}

GPtrArray *
wb_scenario_get_special_rules (WbScenario *self)
{
  g_return_val_if_fail (WB_IS_SCENARIO (self), NULL);
  return self->special_rules;
}

static gboolean
chosen_has (const char * const *chosen, const char *option)
{
  if (chosen == NULL)
    return FALSE;
  for (; *chosen; chosen++)
    if (g_strcmp0 (*chosen, option) == 0)
      return TRUE;
  return FALSE;
}

gboolean
wb_scenario_applies (const char *option, const char *unless, const char * const *chosen)
{
  if (option != NULL && !chosen_has (chosen, option))
    return FALSE;
  if (unless != NULL && chosen_has (chosen, unless))
    return FALSE;
  return TRUE;
}

const WbPlace *
wb_scenario_find_setup (WbScenario *self, const char *unit, const char * const *chosen)
{
  const char *u;

  g_return_val_if_fail (WB_IS_SCENARIO (self), NULL);
  u = g_intern_string (unit);
  for (guint i = 0; i < self->setup->len; i++)
    {
      WbSetup *s = g_ptr_array_index (self->setup, i);
      if (s->unit == u && s->at->len > 0 && wb_scenario_applies (s->option, s->unless, chosen))
        return &g_array_index (s->at, WbPlace, 0);
    }
  return NULL;
}

/**
 * wb_scenario_get_cup:
 *
 * The scenario's draw cup (format 8), or %NULL for a game without chits.
 */
WbCup *
wb_scenario_get_cup (WbScenario *self)
{
  g_return_val_if_fail (WB_IS_SCENARIO (self), NULL);
  return self->cup;
}

/* Takes @cup (may be NULL) and returns the one it replaces (transfer full). */
WbCup *
wb_scenario_replace_cup (WbScenario *self, WbCup *cup)
{
  WbCup *old;

  g_return_val_if_fail (WB_IS_SCENARIO (self), NULL);
  old = self->cup;
  self->cup = cup;
  return old;
}
