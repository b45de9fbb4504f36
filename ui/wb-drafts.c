/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-drafts"

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "wb-drafts.h"

#define SIDECAR_EXTENSION ".json"

void
wb_draft_info_free (WbDraftInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->id);
  g_free (info->path);
  g_free (info->uri);
  g_free (info->title);
  g_clear_pointer (&info->time, g_date_time_unref);
  g_free (info);
}

char *
wb_drafts_get_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), APP_ID, "drafts", NULL);
}

char *
wb_drafts_id_for_file (GFile *file)
{
  g_autofree char *uri = NULL;
  g_autofree char *sum = NULL;

  g_return_val_if_fail (file == NULL || G_IS_FILE (file), NULL);

  if (file == NULL)
    return g_uuid_string_random ();

  uri = g_file_get_uri (file);
  sum = g_compute_checksum_for_string (G_CHECKSUM_SHA256, uri, -1);
  /* 128 bits are plenty to tell files apart and keep the names short. */
  sum[32] = '\0';
  return g_steal_pointer (&sum);
}

static char *
sidecar_path (const char *id)
{
  g_autofree char *dir = wb_drafts_get_dir ();
  g_autofree char *name = g_strconcat (id, SIDECAR_EXTENSION, NULL);

  return g_build_filename (dir, name, NULL);
}

char *
wb_drafts_get_path (const char *id)
{
  g_autofree char *dir = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (id != NULL && *id, NULL);

  dir = wb_drafts_get_dir ();
  name = g_strconcat (id, WB_GAME_FILE_EXTENSION, NULL);
  return g_build_filename (dir, name, NULL);
}

gboolean
wb_drafts_write (const char  *id,
                 WbGame      *game,
                 GFile       *file,
                 GError     **error)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *sidecar = NULL;
  g_autofree char *uri = NULL;
  g_autofree char *json = NULL;
  g_autoptr(GFile) draft = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *stamp = g_date_time_format_iso8601 (now);
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;

  g_return_val_if_fail (id != NULL && *id, FALSE);
  g_return_val_if_fail (WB_IS_GAME (game), FALSE);
  g_return_val_if_fail (file == NULL || G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  dir = wb_drafts_get_dir ();
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;

      /* Translators: %s are a folder and why it could not be created */
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("Could not create the drafts folder “%s”: %s"), dir, g_strerror (saved));
      return FALSE;
    }

  path = wb_drafts_get_path (id);
  draft = g_file_new_for_path (path);
  if (!wb_game_save (game, draft, NULL, error))
    return FALSE;

  uri = file != NULL ? g_file_get_uri (file) : NULL;
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "version");
  json_builder_add_int_value (builder, WB_DRAFTS_FORMAT_VERSION);
  json_builder_set_member_name (builder, "uri");
  if (uri != NULL)
    json_builder_add_string_value (builder, uri);
  else
    json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "title");
  if (wb_game_get_title (game) != NULL)
    json_builder_add_string_value (builder, wb_game_get_title (game));
  else
    json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "time");
  json_builder_add_string_value (builder, stamp);
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  json = json_generator_to_data (generator, NULL);

  sidecar = sidecar_path (id);
  return g_file_set_contents_full (sidecar, json, -1, G_FILE_SET_CONTENTS_CONSISTENT,
                                   0600, error);
}

/* Fills in what the sidecar says; leaves the fields as they are when it
 * cannot be read. */
static void
read_sidecar (WbDraftInfo *info)
{
  g_autofree char *sidecar = sidecar_path (info->id);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *object;
  JsonNode *node;

  if (!json_parser_load_from_mapped_file (parser, sidecar, &error))
    {
      g_debug ("Draft %s: %s", info->id, error->message);
      return;
    }
  node = json_parser_get_root (parser);
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return;
  object = json_node_get_object (node);

  /* A newer Warbench's sidecar: list the draft, trust none of it. */
  node = json_object_get_member (object, "version");
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_INT64 ||
      json_node_get_int (node) > WB_DRAFTS_FORMAT_VERSION)
    {
      g_debug ("Draft %s: unknown sidecar version", info->id);
      return;
    }

  node = json_object_get_member (object, "uri");
  if (node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
      json_node_get_value_type (node) == G_TYPE_STRING)
    info->uri = g_strdup (json_node_get_string (node));
  node = json_object_get_member (object, "title");
  if (node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
      json_node_get_value_type (node) == G_TYPE_STRING)
    info->title = g_strdup (json_node_get_string (node));
  node = json_object_get_member (object, "time");
  if (node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
      json_node_get_value_type (node) == G_TYPE_STRING)
    {
      GDateTime *time = g_date_time_new_from_iso8601 (json_node_get_string (node), NULL);

      if (time != NULL)
        {
          g_clear_pointer (&info->time, g_date_time_unref);
          info->time = time;
        }
    }
}

static int
compare_time (gconstpointer a,
              gconstpointer b)
{
  const WbDraftInfo *da = *(WbDraftInfo **) a;
  const WbDraftInfo *db = *(WbDraftInfo **) b;

  return g_date_time_compare (da->time, db->time);
}

GPtrArray *
wb_drafts_list (void)
{
  g_autofree char *dir_path = wb_drafts_get_dir ();
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  GPtrArray *drafts = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_draft_info_free);
  const char *name;

  if (dir == NULL)
    return drafts;

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      WbDraftInfo *info;
      GStatBuf st;

      if (!g_str_has_suffix (name, WB_GAME_FILE_EXTENSION) || name[0] == '.')
        continue;

      info = g_new0 (WbDraftInfo, 1);
      info->id = g_strndup (name, strlen (name) - strlen (WB_GAME_FILE_EXTENSION));
      info->path = g_build_filename (dir_path, name, NULL);
      if (g_stat (info->path, &st) == 0)
        info->time = g_date_time_new_from_unix_utc (st.st_mtime);
      else
        info->time = g_date_time_new_now_utc ();
      read_sidecar (info);
      g_ptr_array_add (drafts, info);
    }

  g_ptr_array_sort (drafts, compare_time);
  return drafts;
}

gboolean
wb_drafts_exists (const char *id)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (id != NULL && *id, FALSE);
  path = wb_drafts_get_path (id);
  return g_file_test (path, G_FILE_TEST_EXISTS);
}

void
wb_drafts_delete (const char *id)
{
  g_autofree char *path = NULL;
  g_autofree char *sidecar = NULL;

  g_return_if_fail (id != NULL && *id);

  path = wb_drafts_get_path (id);
  sidecar = sidecar_path (id);
  if (g_unlink (path) != 0 && errno != ENOENT)
    g_warning ("Could not remove the draft %s: %s", path, g_strerror (errno));
  if (g_unlink (sidecar) != 0 && errno != ENOENT)
    g_warning ("Could not remove the draft %s: %s", sidecar, g_strerror (errno));
}
