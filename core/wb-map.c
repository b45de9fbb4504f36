/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-map"
#include "config.h"

#include "wb-map.h"
#include "wb-util-private.h"

typedef struct
{
  const char *id;
  char       *name;
  char       *source;
} WbMapPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (WbMap, wb_map, G_TYPE_OBJECT)

enum { PROP_0, PROP_ID, PROP_NAME, PROP_SOURCE, N_PROPS };
enum { CHANGED, N_SIGNALS };

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
wb_map_finalize (GObject *object)
{
  WbMapPrivate *priv = wb_map_get_instance_private (WB_MAP (object));

  g_free (priv->name);
  g_free (priv->source);
  G_OBJECT_CLASS (wb_map_parent_class)->finalize (object);
}

static void
wb_map_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  WbMap *self = WB_MAP (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, wb_map_get_id (self));
      break;
    case PROP_NAME:
      g_value_set_string (value, wb_map_get_name (self));
      break;
    case PROP_SOURCE:
      g_value_set_string (value, wb_map_get_source (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_map_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  WbMap *self = WB_MAP (object);
  WbMapPrivate *priv = wb_map_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_ID:
      priv->id = g_intern_string (g_value_get_string (value));
      break;
    case PROP_NAME:
      wb_map_set_name (self, g_value_get_string (value));
      break;
    case PROP_SOURCE:
      wb_map_set_source (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wb_map_class_init (WbMapClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = wb_map_finalize;
  object_class->get_property = wb_map_get_property;
  object_class->set_property = wb_map_set_property;

  properties[PROP_ID] =
    g_param_spec_string ("id", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SOURCE] =
    g_param_spec_string ("source", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * WbMap::changed:
   *
   * The map's content (terrain, hexsides, locations…) changed.
   */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
wb_map_init (WbMap *self)
{
}

const char *
wb_map_get_id (WbMap *self)
{
  WbMapPrivate *priv;

  g_return_val_if_fail (WB_IS_MAP (self), NULL);
  priv = wb_map_get_instance_private (self);
  return priv->id;
}

const char *
wb_map_get_name (WbMap *self)
{
  WbMapPrivate *priv;

  g_return_val_if_fail (WB_IS_MAP (self), NULL);
  priv = wb_map_get_instance_private (self);
  return priv->name ? priv->name : priv->id;
}

void
wb_map_set_name (WbMap *self, const char *name)
{
  WbMapPrivate *priv;

  g_return_if_fail (WB_IS_MAP (self));
  priv = wb_map_get_instance_private (self);
  if (wb_set_str (&priv->name, name))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
}

const char *
wb_map_get_source (WbMap *self)
{
  WbMapPrivate *priv;

  g_return_val_if_fail (WB_IS_MAP (self), NULL);
  priv = wb_map_get_instance_private (self);
  return priv->source;
}

void
wb_map_set_source (WbMap *self, const char *source)
{
  WbMapPrivate *priv;

  g_return_if_fail (WB_IS_MAP (self));
  priv = wb_map_get_instance_private (self);
  if (wb_set_str (&priv->source, source))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SOURCE]);
}

WbMapKind
wb_map_get_kind (WbMap *self)
{
  g_return_val_if_fail (WB_IS_MAP (self), WB_MAP_KIND_HEX);
  return WB_MAP_GET_CLASS (self)->get_kind (self);
}

void
wb_map_get_extent (WbMap *self, double *width, double *height)
{
  g_return_if_fail (WB_IS_MAP (self));
  WB_MAP_GET_CLASS (self)->get_extent (self, width, height);
}

void
wb_map_changed (WbMap *self)
{
  g_return_if_fail (WB_IS_MAP (self));
  g_signal_emit (self, signals[CHANGED], 0);
}
