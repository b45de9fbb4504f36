/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-journal"
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "wb-error.h"
#include "wb-file-private.h"
#include "wb-family.h"
#include "wb-journal.h"
#include "wb-format.h"

struct _WbJournal
{
  GObject       parent_instance;

  WbPlayHeader  header;
  GArray       *entries;    /* WbJournalEntry, index = id */
  guint32       cursor;
  char         *path;       /* the file appended to, or NULL */
  /* The file is opened for writing only when something is written to it,
   * so replaying (or only reading) a playtest never writes, and a read-only
   * playtest replays. */
  int           fd;         /* its descriptor, or -1 until the first write */
  gboolean      read_only;  /* the file could not be opened for writing */
  /* The bytes and lines of the file that are whole lines of this journal:
   * a line cut short by a crash, or half written on a full disk, lies
   * beyond and is cut off before the next line is written. */
  gint64        good_size;
  guint32       n_lines;
  gboolean      tail_dirty;   /* there may be bytes past good_size */
  gboolean      need_newline; /* the last whole line lacks its newline */
};

G_DEFINE_FINAL_TYPE (WbJournal, wb_journal, G_TYPE_OBJECT)

void
wb_play_header_clear (WbPlayHeader *h)
{
  g_clear_pointer (&h->game_id, g_free);
  g_clear_pointer (&h->game_title, g_free);
  g_clear_pointer (&h->game_sha256, g_free);
  g_clear_pointer (&h->game_path, g_free);
  g_clear_pointer (&h->game_text, g_free);
  g_clear_pointer (&h->scenario, g_free);
  g_clear_pointer (&h->options, g_strfreev);
  g_clear_pointer (&h->settings, g_hash_table_unref);
  g_clear_pointer (&h->warbench_version, g_free);
  g_clear_pointer (&h->family_id, g_free);
}

static void
header_copy (WbPlayHeader *dst, const WbPlayHeader *src)
{
  GHashTableIter iter;
  gpointer k, v;

  dst->game_id = g_strdup (src->game_id);
  dst->game_title = g_strdup (src->game_title);
  dst->game_sha256 = g_strdup (src->game_sha256);
  dst->game_path = g_strdup (src->game_path);
  dst->game_text = g_strdup (src->game_text);
  dst->scenario = g_strdup (src->scenario);
  dst->options = g_strdupv (src->options);
  dst->seed = src->seed;
  dst->physical_dice = src->physical_dice;
  dst->engine_version = src->engine_version;
  dst->warbench_version = g_strdup (src->warbench_version);
  dst->family_id = g_strdup (src->family_id);
  dst->family_version = src->family_version;
  dst->format_version = src->format_version;
  dst->settings = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  if (src->settings != NULL)
    {
      g_hash_table_iter_init (&iter, src->settings);
      while (g_hash_table_iter_next (&iter, &k, &v))
        g_hash_table_insert (dst->settings, g_strdup (k), g_strdup (v));
    }
}

static void
entry_clear (gpointer data)
{
  WbJournalEntry *e = data;

  g_clear_pointer (&e->action, json_object_unref);
  g_clear_pointer (&e->bookmark, g_free);
  g_clear_pointer (&e->note, g_free);
}

static void
wb_journal_finalize (GObject *object)
{
  WbJournal *self = WB_JOURNAL (object);

  if (self->fd >= 0)
    close (self->fd);
  g_free (self->path);
  g_array_unref (self->entries);
  wb_play_header_clear (&self->header);
  G_OBJECT_CLASS (wb_journal_parent_class)->finalize (object);
}

static void
wb_journal_class_init (WbJournalClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = wb_journal_finalize;
}

static void
wb_journal_init (WbJournal *self)
{
  WbJournalEntry start = { 0 };

  self->fd = -1;
  self->entries = g_array_new (FALSE, TRUE, sizeof (WbJournalEntry));
  g_array_set_clear_func (self->entries, entry_clear);
  g_array_append_val (self->entries, start);
}

WbJournal *
wb_journal_new (const WbPlayHeader *header)
{
  WbJournal *self;

  g_return_val_if_fail (header != NULL, NULL);
  self = g_object_new (WB_TYPE_JOURNAL, NULL);
  header_copy (&self->header, header);
  return self;
}

const WbPlayHeader *
wb_journal_get_header (WbJournal *self)
{
  g_return_val_if_fail (WB_IS_JOURNAL (self), NULL);
  return &self->header;
}

void
wb_journal_set_played_by (WbJournal *self, guint engine_version, const char *family_id, guint family_version)
{
  g_return_if_fail (WB_IS_JOURNAL (self));
  self->header.engine_version = engine_version;
  g_free (self->header.family_id);
  self->header.family_id = g_strdup (family_id);
  self->header.family_version = family_version;
}

void
wb_journal_set_game_text (WbJournal *self, const char *text)
{
  g_return_if_fail (WB_IS_JOURNAL (self));
  if (self->header.game_text == text)
    return;
  g_free (self->header.game_text);
  self->header.game_text = g_strdup (text);
}

guint
wb_journal_get_n_entries (WbJournal *self)
{
  g_return_val_if_fail (WB_IS_JOURNAL (self), 0);
  return self->entries->len;
}

const WbJournalEntry *
wb_journal_get_entry (WbJournal *self, guint32 id)
{
  g_return_val_if_fail (WB_IS_JOURNAL (self), NULL);
  return id < self->entries->len ? &g_array_index (self->entries, WbJournalEntry, id) : NULL;
}

guint32
wb_journal_get_cursor (WbJournal *self)
{
  g_return_val_if_fail (WB_IS_JOURNAL (self), 0);
  return self->cursor;
}

const char *
wb_journal_get_path (WbJournal *self)
{
  g_return_val_if_fail (WB_IS_JOURNAL (self), NULL);
  return self->path;
}

/* --- lines --------------------------------------------------------------- */

static char *
node_to_line (JsonNode *node)
{
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autofree char *text = NULL;

  json_generator_set_root (gen, node);
  text = json_generator_to_data (gen, NULL);
  return g_strconcat (text, "\n", NULL);
}

static char *
object_to_line (JsonObject *o)
{
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), o);
  return node_to_line (node);
}

/* --- the game carried ------------------------------------------------- */

/* Runs @data through @converter into a new buffer, refusing (FALSE, @error
 * set) an output longer than @limit: a small, damaged or hostile input
 * cannot make it allocate more. */
static gboolean
convert_all (GConverter  *converter,
             const void  *data,
             gsize        len,
             gsize        limit,
             GByteArray **out,
             GError     **error)
{
  g_autoptr(GByteArray) buf = g_byte_array_new ();
  const guint8 *in = data;
  gsize done = 0;

  for (;;)
    {
      guint8 chunk[64 * 1024];
      gsize read = 0, written = 0;
      GConverterResult r;

      r = g_converter_convert (converter, in + done, len - done, chunk, sizeof chunk,
                               G_CONVERTER_INPUT_AT_END, &read, &written, error);
      if (r == G_CONVERTER_ERROR)
        return FALSE;
      if (r != G_CONVERTER_FINISHED && read == 0 && written == 0)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT, _("the data is cut short"));
          return FALSE;
        }
      done += read;
      /* buf->len <= limit holds throughout. */
      if (written > limit - buf->len)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE, "limit");
          return FALSE;
        }
      g_byte_array_append (buf, chunk, (guint) written);
      if (r == G_CONVERTER_FINISHED)
        break;
    }
  *out = g_steal_pointer (&buf);
  return TRUE;
}

/* @text gzip-compressed, in base64 (transfer full); NULL if zlib fails,
 * which it does not for text in memory (the journal then carries no game,
 * as an older one). */
static char *
pack_game (const char *text)
{
  g_autoptr(GZlibCompressor) z = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, 9);
  g_autoptr(GByteArray) packed = NULL;
  g_autoptr(GError) error = NULL;
  gsize len = strlen (text);

  /* Deflate never makes a text much longer. */
  if (!convert_all (G_CONVERTER (z), text, len, len + len / 8 + 1024, &packed, &error))
    {
      g_warning ("Could not compress the game for the playtest: %s", error->message);
      return NULL;
    }
  return g_base64_encode (packed->data, packed->len);
}

/* The "embedded_game" member of a header: {"encoding": "gzip+base64",
 * "size": N (the text's bytes), "data": "…"}. The text, whose SHA-256 must
 * be @sha256, at most @limit bytes (transfer full), or NULL with @what
 * saying why. Nothing in it is trusted: the size is checked before the
 * data is unpacked and the unpacking stops at the limit. */
static char *
unpack_game (JsonObject *o, const char *sha256, guint64 limit, int *code, char **what)
{
  g_autoptr(GZlibDecompressor) z = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
  g_autoptr(GByteArray) text = NULL;
  g_autoptr(GError) local = NULL;
  g_autofree guchar *packed = NULL;
  g_autofree char *sum = NULL;
  JsonNode *encoding = json_object_get_member (o, "encoding");
  JsonNode *size = json_object_get_member (o, "size");
  JsonNode *data = json_object_get_member (o, "data");
  gsize packed_len = 0;
  gint64 n;

  *code = WB_FORMAT_ERROR_TYPE;
  if (encoding == NULL || json_node_get_value_type (encoding) != G_TYPE_STRING ||
      g_strcmp0 (json_node_get_string (encoding), "gzip+base64") != 0)
    {
      *what = g_strdup (_("the embedded game's “encoding” must be “gzip+base64”"));
      return NULL;
    }
  if (size == NULL || json_node_get_value_type (size) != G_TYPE_INT64 || json_node_get_int (size) < 1)
    {
      *what = g_strdup (_("the embedded game's “size” must be a whole number of bytes"));
      return NULL;
    }
  if (data == NULL || json_node_get_value_type (data) != G_TYPE_STRING)
    {
      *what = g_strdup (_("the embedded game's “data” must be a string (gzip, in base64)"));
      return NULL;
    }
  if (sha256 == NULL)
    {
      *code = WB_FORMAT_ERROR_MISSING;
      *what = g_strdup (_("an embedded game needs the game's “sha256” to be checked against"));
      return NULL;
    }
  n = json_node_get_int (size);
  if ((guint64) n > limit)
    {
      g_autofree char *big = g_format_size_full ((guint64) n, G_FORMAT_SIZE_IEC_UNITS);
      g_autofree char *max = g_format_size_full (limit, G_FORMAT_SIZE_IEC_UNITS);

      *code = WB_FORMAT_ERROR_TOO_LARGE;
      /* TRANSLATORS: the size the file claims, the limit */
      *what = g_strdup_printf (_("the embedded game is %s, more than the %s a playtest may carry"), big, max);
      return NULL;
    }
  {
    const char *b64 = json_node_get_string (data);

    for (const char *c = b64; *c != '\0'; c++)
      if (!g_ascii_isalnum (*c) && *c != '+' && *c != '/' && *c != '=')
        {
          *code = WB_FORMAT_ERROR_SYNTAX;
          *what = g_strdup (_("the embedded game's “data” is not base64"));
          return NULL;
        }
    packed = g_base64_decode (b64, &packed_len);
  }
  if (!convert_all (G_CONVERTER (z), packed, packed_len, (gsize) n, &text, &local) || text->len != (guint) n)
    {
      *code = local != NULL && g_error_matches (local, G_IO_ERROR, G_IO_ERROR_NO_SPACE)
            ? WB_FORMAT_ERROR_TOO_LARGE : WB_FORMAT_ERROR_SYNTAX;
      *what = *code == WB_FORMAT_ERROR_TOO_LARGE
            ? g_strdup_printf (_("the embedded game unpacks to more than its “size” (%lld bytes)"), (long long) n)
            : local != NULL
            ? g_strdup_printf (_("the embedded game is damaged: %s"), local->message)
            : g_strdup_printf (_("the embedded game is damaged: it unpacks to %u bytes, not its “size” (%lld"
                                 ")"), text->len, (long long) n);
      return NULL;
    }
  sum = g_compute_checksum_for_data (G_CHECKSUM_SHA256, text->data, text->len);
  if (g_ascii_strcasecmp (sum, sha256) != 0 || memchr (text->data, '\0', text->len) != NULL)
    {
      *code = WB_FORMAT_ERROR_SYNTAX;
      /* TRANSLATORS: the SHA-256 of the text found, the one the header records */
      *what = g_strdup_printf (_("the embedded game is damaged: its SHA-256 is %s, not the game's (%s)"), sum,
                               sha256);
      return NULL;
    }
  g_byte_array_append (text, (const guint8 *) "", 1);
  return (char *) g_byte_array_free (g_steal_pointer (&text), FALSE);
}

static char *
header_line (const WbPlayHeader *h)
{
  g_autoptr(JsonObject) o = json_object_new ();
  JsonObject *game = json_object_new ();

  json_object_set_string_member (o, "format", WB_PLAY_FORMAT_NAME);
  json_object_set_int_member (o, "version", WB_PLAY_FORMAT_VERSION);
  if (h->game_id)
    json_object_set_string_member (game, "id", h->game_id);
  if (h->game_title)
    json_object_set_string_member (game, "title", h->game_title);
  if (h->game_sha256)
    json_object_set_string_member (game, "sha256", h->game_sha256);
  if (h->game_path)
    json_object_set_string_member (game, "path", h->game_path);
  json_object_set_object_member (o, "game", game);
  if (h->scenario)
    json_object_set_string_member (o, "scenario", h->scenario);
  if (h->options != NULL && h->options[0] != NULL)
    {
      JsonArray *a = json_array_new ();
      for (guint i = 0; h->options[i]; i++)
        json_array_add_string_element (a, h->options[i]);
      json_object_set_array_member (o, "options", a);
    }
  /* A decimal string: JSON numbers lose 64-bit integers in many readers. */
  {
    g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, h->seed);
    json_object_set_string_member (o, "seed", seed);
  }
  if (h->physical_dice)
    json_object_set_boolean_member (o, "physical_dice", TRUE);
  {
    JsonObject *engine = json_object_new ();
    JsonObject *family = json_object_new ();

    json_object_set_int_member (engine, "version", MAX (h->engine_version, 1));
    if (h->warbench_version != NULL)
      json_object_set_string_member (engine, "warbench", h->warbench_version);
    json_object_set_object_member (o, "engine", engine);
    if (h->family_id != NULL)
      json_object_set_string_member (family, "id", h->family_id);
    json_object_set_int_member (family, "version",
                                h->family_version == WB_FAMILY_VERSION_UNKNOWN ? 1 : h->family_version);
    json_object_set_object_member (o, "family", family);
  }
  if (h->settings != NULL && g_hash_table_size (h->settings) > 0)
    {
      JsonObject *so = json_object_new ();
      g_autoptr(GList) keys = g_hash_table_get_keys (h->settings);

      keys = g_list_sort (keys, (GCompareFunc) strcmp);
      for (GList *l = keys; l; l = l->next)
        json_object_set_string_member (so, l->data, g_hash_table_lookup (h->settings, l->data));
      json_object_set_object_member (o, "settings", so);
    }
  /* Last, so the header's first bytes stay readable in a text viewer. */
  if (h->game_text != NULL)
    {
      g_autofree char *packed = pack_game (h->game_text);
      JsonObject *g = json_object_new ();

      if (packed == NULL)
        {
          json_object_unref (g);
          return object_to_line (o);
        }
      json_object_set_string_member (g, "encoding", "gzip+base64");
      json_object_set_int_member (g, "size", (gint64) strlen (h->game_text));
      json_object_set_string_member (g, "data", packed);
      json_object_set_object_member (o, "embedded_game", g);
    }
  return object_to_line (o);
}

static char *
entry_line (const WbJournalEntry *e)
{
  g_autoptr(JsonObject) o = json_object_new ();

  json_object_set_int_member (o, "entry", e->id);
  json_object_set_int_member (o, "parent", e->parent);
  json_object_set_object_member (o, "action", json_object_ref (e->action));
  return object_to_line (o);
}

static char *
event_line (const char *member, guint32 id, const char *key, const char *value)
{
  g_autoptr(JsonObject) o = json_object_new ();

  json_object_set_int_member (o, member, id);
  if (key != NULL)
    json_object_set_string_member (o, key, value != NULL ? value : "");
  return object_to_line (o);
}

/* Opens the file for writing at the first line written to it, and cuts off
 * whatever follows its last whole line. */
static gboolean
open_for_writing (WbJournal *self, GError **error)
{
  if (self->fd < 0)
    {
      g_autoptr(GError) local = NULL;

      self->fd = wb_file_open_append (self->path, &local);
      if (self->fd < 0)
        {
          if (errno == EACCES || errno == EPERM || errno == EROFS)
            self->read_only = TRUE;
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
    }
  if (self->tail_dirty)
    {
      if (ftruncate (self->fd, (off_t) self->good_size) != 0 || fsync (self->fd) != 0)
        {
          int saved = errno;
          g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_IO,
                       _("%s: could not cut the file back to its last whole line (line %u): %s"), self->path,
                       self->n_lines, g_strerror (saved));
          return FALSE;
        }
      self->tail_dirty = FALSE;
    }
  return TRUE;
}

/* Appends @line to the file, if any (consumes @line). A line that could not
 * be written whole (a full disk, a failing one) is cut off again, so the
 * file keeps its whole lines only and reopens; the caller then changes
 * nothing in memory either. @may_skip: a line that may go unwritten in a
 * read-only journal (a cursor move: where the reader looks). */
static gboolean
write_line (WbJournal *self, char *line, gboolean may_skip, GError **error)
{
  g_autofree char *owned = line;
  g_autofree char *with_newline = NULL;
  g_autoptr(GError) local = NULL;
  const char *text = owned;
  gsize len;

  if (self->path == NULL)
    return TRUE;
  if (self->read_only && may_skip)
    return TRUE;
  if (self->read_only)
    {
      g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_IO,
                   _("%s is read-only: the playtest replays, but playing on needs a copy (save it "
                     "under another name)"), self->path);
      return FALSE;
    }
  if (!open_for_writing (self, &local))
    {
      if (self->read_only && may_skip)
        return TRUE;
      if (self->read_only)
        g_prefix_error (&local, _("The playtest replays, but playing on needs a copy (save it under another "
                                  "name): "));
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  if (self->need_newline)
    text = with_newline = g_strconcat ("\n", owned, NULL);
  len = strlen (text);
  if (!wb_file_append_synced (self->fd, self->path, text, len, &local))
    {
      self->tail_dirty = TRUE;
      if (ftruncate (self->fd, (off_t) self->good_size) == 0 && fsync (self->fd) == 0)
        {
          self->tail_dirty = FALSE;
          /* TRANSLATORS: the first %s is the error (the file, what failed) */
          g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_IO,
                       _("%s: line %u is not written, the file is cut back to its last whole line "
                         "(%u) and the playtest stays as it was"),
                       local->message, self->n_lines + 1, self->n_lines);
        }
      else
        {
          int saved = errno;
          g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_IO,
                       _("%s: line %u is not written and could not be cut off (%s): the playtest stays "
                         "as it was, and reopening leaves the line out"),
                       local->message, self->n_lines + 1, g_strerror (saved));
        }
      return FALSE;
    }
  self->good_size += (gint64) len;
  self->n_lines++;
  self->need_newline = FALSE;
  return TRUE;
}

/* --- the tree ------------------------------------------------------------ */

static gboolean
check_id (WbJournal *self, guint32 id, GError **error)
{
  if (id < self->entries->len)
    return TRUE;
  g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_NOT_FOUND,
               _("The journal has no entry %u"), id);
  return FALSE;
}

static void
add_entry (WbJournal *self, guint32 parent, JsonObject *action)
{
  WbJournalEntry e = { 0 };
  WbJournalEntry *p;

  e.id = self->entries->len;
  e.parent = parent;
  e.depth = g_array_index (self->entries, WbJournalEntry, parent).depth + 1;
  e.action = json_object_ref (action);
  e.line = self->n_lines;
  g_array_append_val (self->entries, e);
  p = &g_array_index (self->entries, WbJournalEntry, parent);
  p->n_children++;
  p->last_child = e.id;
  self->cursor = e.id;
}

gboolean
wb_journal_append (WbJournal  *self,
                   JsonObject *action,
                   guint32    *id,
                   GError    **error)
{
  WbJournalEntry probe = { 0 };

  g_return_val_if_fail (WB_IS_JOURNAL (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);
  if (self->entries->len >= WB_JOURNAL_MAX_ENTRIES)
    {
      g_set_error (error, WB_RULES_ERROR, WB_RULES_ERROR_RANGE,
                   _("A journal holds at most %d actions"), WB_JOURNAL_MAX_ENTRIES);
      return FALSE;
    }
  probe.id = self->entries->len;
  probe.parent = self->cursor;
  probe.action = action;
  if (!write_line (self, entry_line (&probe), FALSE, error))
    return FALSE;
  add_entry (self, self->cursor, action);
  if (id)
    *id = self->cursor;
  return TRUE;
}

/* Moves the cursor. Invariant: along the path from the start to the
 * cursor, each entry's last child is the next one on the path, so redo
 * after undo comes back the same way. Undo and redo keep it by moving
 * along the path; a jump elsewhere (@walk) sets it along the new path. */
static gboolean
move_cursor (WbJournal *self, guint32 id, gboolean walk, GError **error)
{
  if (!write_line (self, event_line ("cursor", id, NULL, NULL), TRUE, error))
    return FALSE;
  self->cursor = id;
  for (guint32 c = id; walk && c != 0; )
    {
      guint32 parent = g_array_index (self->entries, WbJournalEntry, c).parent;

      g_array_index (self->entries, WbJournalEntry, parent).last_child = c;
      c = parent;
    }
  return TRUE;
}

gboolean
wb_journal_undo (WbJournal *self, GError **error)
{
  g_return_val_if_fail (WB_IS_JOURNAL (self), FALSE);
  if (self->cursor == 0)
    {
      g_set_error_literal (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                           _("Nothing to undo: this is the start of the scenario"));
      return FALSE;
    }
  return move_cursor (self, g_array_index (self->entries, WbJournalEntry, self->cursor).parent, FALSE,
                      error);
}

gboolean
wb_journal_redo (WbJournal *self, GError **error)
{
  const WbJournalEntry *e;

  g_return_val_if_fail (WB_IS_JOURNAL (self), FALSE);
  e = &g_array_index (self->entries, WbJournalEntry, self->cursor);
  if (e->n_children == 0)
    {
      g_set_error_literal (error, WB_RULES_ERROR, WB_RULES_ERROR_INVALID,
                           _("Nothing to redo"));
      return FALSE;
    }
  return move_cursor (self, e->last_child, FALSE, error);
}

gboolean
wb_journal_go_to (WbJournal *self, guint32 id, GError **error)
{
  g_return_val_if_fail (WB_IS_JOURNAL (self), FALSE);
  return check_id (self, id, error) && move_cursor (self, id, TRUE, error);
}

static gboolean
set_text (WbJournal *self, guint32 id, const char *member, const char *key, const char *text,
          gboolean bookmark, GError **error)
{
  WbJournalEntry *e;

  if (!check_id (self, id, error))
    return FALSE;
  if (text != NULL && strlen (text) > WB_JOURNAL_MAX_TEXT)
    {
      g_set_error_literal (error, WB_RULES_ERROR, WB_RULES_ERROR_RANGE, _("The text is too long"));
      return FALSE;
    }
  if (!write_line (self, event_line (member, id, key, text), FALSE, error))
    return FALSE;
  e = &g_array_index (self->entries, WbJournalEntry, id);
  if (bookmark)
    {
      g_free (e->bookmark);
      e->bookmark = text != NULL && *text != '\0' ? g_strdup (text) : NULL;
    }
  else
    {
      g_free (e->note);
      e->note = text != NULL && *text != '\0' ? g_strdup (text) : NULL;
    }
  return TRUE;
}

gboolean
wb_journal_set_bookmark (WbJournal *self, guint32 id, const char *name, GError **error)
{
  g_return_val_if_fail (WB_IS_JOURNAL (self), FALSE);
  return set_text (self, id, "bookmark", "name", name, TRUE, error);
}

gboolean
wb_journal_set_note (WbJournal *self, guint32 id, const char *text, GError **error)
{
  g_return_val_if_fail (WB_IS_JOURNAL (self), FALSE);
  return set_text (self, id, "note", "text", text, FALSE, error);
}

GArray *
wb_journal_path_to (WbJournal *self, guint32 id)
{
  GArray *path = g_array_new (FALSE, FALSE, sizeof (guint32));

  g_return_val_if_fail (WB_IS_JOURNAL (self), path);
  if (id >= self->entries->len)
    return path;
  g_array_set_size (path, g_array_index (self->entries, WbJournalEntry, id).depth + 1);
  for (guint32 c = id, i = path->len; i-- > 0; c = g_array_index (self->entries, WbJournalEntry, c).parent)
    g_array_index (path, guint32, i) = c;
  return path;
}

GArray *
wb_journal_children (WbJournal *self, guint32 id)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (guint32));

  g_return_val_if_fail (WB_IS_JOURNAL (self), out);
  /* Children always come after their parent. */
  for (guint32 i = id + 1; i < self->entries->len; i++)
    if (g_array_index (self->entries, WbJournalEntry, i).parent == id)
      g_array_append_val (out, i);
  return out;
}

GArray *
wb_journal_leaves (WbJournal *self)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (guint32));

  g_return_val_if_fail (WB_IS_JOURNAL (self), out);
  for (guint32 i = 0; i < self->entries->len; i++)
    if (g_array_index (self->entries, WbJournalEntry, i).n_children == 0)
      g_array_append_val (out, i);
  return out;
}

/* --- files --------------------------------------------------------------- */

char *
wb_journal_to_data (WbJournal *self)
{
  GString *out;

  g_return_val_if_fail (WB_IS_JOURNAL (self), NULL);
  out = g_string_new (NULL);
  {
    g_autofree char *h = header_line (&self->header);
    g_string_append (out, h);
  }
  for (guint32 i = 1; i < self->entries->len; i++)
    {
      g_autofree char *l = entry_line (&g_array_index (self->entries, WbJournalEntry, i));
      g_string_append (out, l);
    }
  for (guint32 i = 0; i < self->entries->len; i++)
    {
      const WbJournalEntry *e = &g_array_index (self->entries, WbJournalEntry, i);
      if (e->bookmark != NULL)
        {
          g_autofree char *l = event_line ("bookmark", i, "name", e->bookmark);
          g_string_append (out, l);
        }
      if (e->note != NULL)
        {
          g_autofree char *l = event_line ("note", i, "text", e->note);
          g_string_append (out, l);
        }
    }
  /* Where the match is (redo from there follows the path to it; other
   * branches' last visited children are not kept). */
  {
    g_autofree char *l = event_line ("cursor", self->cursor, NULL, NULL);
    g_string_append (out, l);
  }
  return g_string_free (out, FALSE);
}

/* Attaches the file @path, whose first @good_size bytes (@n_lines lines)
 * are this journal: it is opened for writing at the first line written. */
static void
attach_file (WbJournal *self, const char *path, gint64 good_size, guint32 n_lines, gboolean tail_dirty,
             gboolean need_newline)
{
  if (self->fd >= 0)
    close (self->fd);
  self->fd = -1;
  self->read_only = FALSE;
  g_free (self->path);
  self->path = g_strdup (path);
  self->good_size = good_size;
  self->n_lines = n_lines;
  self->tail_dirty = tail_dirty;
  self->need_newline = need_newline;
}

gboolean
wb_journal_save (WbJournal *self, const char *path, GError **error)
{
  g_autofree char *data = NULL;
  gsize len;

  g_return_val_if_fail (WB_IS_JOURNAL (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  data = wb_journal_to_data (self);
  len = strlen (data);
  if (!wb_file_write_atomic (path, data, len, error))
    return FALSE;
  /* The header, then the entries in order. */
  for (guint32 i = 1; i < self->entries->len; i++)
    g_array_index (self->entries, WbJournalEntry, i).line = i + 1;
  {
    guint32 lines = 0;
    for (gsize i = 0; i < len; i++)
      lines += data[i] == '\n';
    attach_file (self, path, (gint64) len, lines, FALSE, FALSE);
  }
  return TRUE;
}

typedef struct {
  const char *name;
  guint       line;
  GError    **error;
} LoadCtx;

static gboolean
load_fail (LoadCtx *ctx, int code, const char *what)
{
  g_set_error (ctx->error, WB_FORMAT_ERROR, code, "%s:%u: %s", ctx->name, ctx->line, what);
  return FALSE;
}

static gboolean
get_id (LoadCtx *ctx, JsonObject *o, const char *member, guint32 limit, guint32 *out)
{
  JsonNode *n = json_object_get_member (o, member);
  gint64 v;

  if (n == NULL || json_node_get_value_type (n) != G_TYPE_INT64)
    {
      g_autofree char *m = g_strdup_printf (_("“%s” must be a whole number"), member);
      return load_fail (ctx, WB_FORMAT_ERROR_TYPE, m);
    }
  v = json_node_get_int (n);
  if (v < 0 || v >= limit)
    {
      g_autofree char *m = g_strdup_printf (_("“%s” %lld names no entry before it"),
                                            member, (long long) v);
      return load_fail (ctx, WB_FORMAT_ERROR_REFERENCE, m);
    }
  *out = (guint32) v;
  return TRUE;
}

static const char *
get_str (JsonObject *o, const char *member)
{
  JsonNode *n = json_object_get_member (o, member);
  return n != NULL && json_node_get_value_type (n) == G_TYPE_STRING ? json_node_get_string (n) : NULL;
}

/* A whole number from @lo to 1,000,000 in @member of @o; @path names it. */
static gboolean
get_version (LoadCtx *ctx, JsonObject *o, const char *member, const char *path, gint64 lo, guint *out)
{
  JsonNode *n = o != NULL ? json_object_get_member (o, member) : NULL;

  if (n == NULL || json_node_get_value_type (n) != G_TYPE_INT64 || json_node_get_int (n) < lo ||
      json_node_get_int (n) > 1000000)
    {
      g_autofree char *m = g_strdup_printf (_("“%s” must be a whole number from %d"), path, (int) lo);
      return load_fail (ctx, WB_FORMAT_ERROR_TYPE, m);
    }
  *out = (guint) json_node_get_int (n);
  return TRUE;
}

/* Version 2: {"engine": {"version": N, "warbench": "0.1.0"},
 *             "family": {"id": "spi-blue-gray", "version": N}}. */
static gboolean
read_versions (LoadCtx *ctx, JsonObject *o, WbPlayHeader *h)
{
  JsonNode *e = json_object_get_member (o, "engine");
  JsonNode *f = json_object_get_member (o, "family");
  JsonObject *engine = e != NULL && JSON_NODE_HOLDS_OBJECT (e) ? json_node_get_object (e) : NULL;
  JsonObject *family = f != NULL && JSON_NODE_HOLDS_OBJECT (f) ? json_node_get_object (f) : NULL;

  if (!get_version (ctx, engine, "version", "engine.version", 1, &h->engine_version) ||
      !get_version (ctx, family, "version", "family.version", 0, &h->family_version))
    return FALSE;
  h->warbench_version = g_strdup (get_str (engine, "warbench"));
  /* Without an id: the game's family. */
  h->family_id = g_strdup (get_str (family, "id"));
  return TRUE;
}

/* @limit: the most the embedded game may unpack to, if any. */
static gboolean
read_header (LoadCtx *ctx, JsonObject *o, WbPlayHeader *h, guint64 limit)
{
  JsonNode *n;
  const char *seed;
  char *end = NULL;

  if (g_strcmp0 (get_str (o, "format"), WB_PLAY_FORMAT_NAME) != 0)
    return load_fail (ctx, WB_FORMAT_ERROR_NOT_A_GAME,
                      _("not a Warbench playtest (expected \"format\": \"warbench-play\")"));
  n = json_object_get_member (o, "version");
  if (n == NULL || json_node_get_value_type (n) != G_TYPE_INT64 || json_node_get_int (n) < 1)
    return load_fail (ctx, WB_FORMAT_ERROR_MISSING, _("missing “version” (a whole number)"));
  if (json_node_get_int (n) > WB_PLAY_FORMAT_VERSION)
    return load_fail (ctx, WB_FORMAT_ERROR_TOO_NEW, _("written by a newer Warbench"));
  h->format_version = (guint) json_node_get_int (n);
  if (h->format_version == 1)
    {
      /* Migrated: version 1 did not say what played it. */
      h->engine_version = 1;
      h->family_version = WB_FAMILY_VERSION_UNKNOWN;
    }
  else if (!read_versions (ctx, o, h))
    return FALSE;
  if ((n = json_object_get_member (o, "game")) != NULL && JSON_NODE_HOLDS_OBJECT (n))
    {
      JsonObject *g = json_node_get_object (n);
      h->game_id = g_strdup (get_str (g, "id"));
      h->game_title = g_strdup (get_str (g, "title"));
      h->game_sha256 = g_strdup (get_str (g, "sha256"));
      h->game_path = g_strdup (get_str (g, "path"));
    }
  h->scenario = g_strdup (get_str (o, "scenario"));
  seed = get_str (o, "seed");
  errno = 0;
  if (seed != NULL && g_ascii_isdigit (*seed))
    h->seed = g_ascii_strtoull (seed, &end, 10);
  if (seed == NULL || !g_ascii_isdigit (*seed) || *end != '\0' || errno == ERANGE)
    return load_fail (ctx, WB_FORMAT_ERROR_TYPE, _("“seed” must be a whole number in a string"));
  if ((n = json_object_get_member (o, "options")) != NULL && JSON_NODE_HOLDS_ARRAY (n))
    {
      JsonArray *a = json_node_get_array (n);
      GPtrArray *opts = g_ptr_array_new ();

      for (guint i = 0; i < json_array_get_length (a) && i < 1000; i++)
        if (json_node_get_value_type (json_array_get_element (a, i)) == G_TYPE_STRING)
          g_ptr_array_add (opts, g_strdup (wb_json_array_string (a, i)));
      g_ptr_array_add (opts, NULL);
      h->options = (char **) g_ptr_array_free (opts, FALSE);
    }
  if ((n = json_object_get_member (o, "physical_dice")) != NULL &&
      json_node_get_value_type (n) == G_TYPE_BOOLEAN)
    h->physical_dice = json_node_get_boolean (n);
  h->settings = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  if ((n = json_object_get_member (o, "settings")) != NULL && JSON_NODE_HOLDS_OBJECT (n))
    {
      JsonObject *so = json_node_get_object (n);
      g_autoptr(GList) members = json_object_get_members (so);

      for (GList *l = members; l; l = l->next)
        {
          const char *v = get_str (so, l->data);
          if (v == NULL || (strcmp (v, "enforce") != 0 && strcmp (v, "warn") != 0 &&
                            strcmp (v, "off") != 0))
            return load_fail (ctx, WB_FORMAT_ERROR_TYPE,
                              _("a rule setting is “enforce”, “warn” or “off”"));
          g_hash_table_insert (h->settings, g_strdup (l->data), g_strdup (v));
        }
    }
  /* Format 3: the game it was played with. Older journals have none. */
  if ((n = json_object_get_member (o, "embedded_game")) != NULL && h->format_version >= 3)
    {
      g_autofree char *what = NULL;
      int code;

      if (!JSON_NODE_HOLDS_OBJECT (n))
        return load_fail (ctx, WB_FORMAT_ERROR_TYPE, _("“embedded_game” must be an object"));
      h->game_text = unpack_game (json_node_get_object (n), h->game_sha256, limit, &code, &what);
      if (h->game_text == NULL)
        return load_fail (ctx, code, what);
    }
  return TRUE;
}

/* A bookmark's name or a note no longer than one played in the app. */
static gboolean
check_text (LoadCtx *ctx, JsonObject *o, const char *member)
{
  const char *text = get_str (o, member);

  if (text != NULL && strlen (text) > WB_JOURNAL_MAX_TEXT)
    {
      g_autofree char *m = g_strdup_printf (_("“%s” is longer than %d bytes"), member, WB_JOURNAL_MAX_TEXT);
      return load_fail (ctx, WB_FORMAT_ERROR_TOO_LARGE, m);
    }
  return TRUE;
}

static gboolean
read_event (LoadCtx *ctx, WbJournal *self, JsonObject *o)
{
  guint32 limit = self->entries->len;
  guint32 id, parent;
  JsonNode *n;

  if (json_object_has_member (o, "entry"))
    {
      if (!get_id (ctx, o, "entry", G_MAXUINT32, &id) || !get_id (ctx, o, "parent", limit, &parent))
        return FALSE;
      if (id != limit)
        return load_fail (ctx, WB_FORMAT_ERROR_RANGE, _("entries must be numbered 1, 2, 3… in order"));
      if (limit >= WB_JOURNAL_MAX_ENTRIES)
        return load_fail (ctx, WB_FORMAT_ERROR_TOO_LARGE, _("too many entries"));
      n = json_object_get_member (o, "action");
      if (n == NULL || !JSON_NODE_HOLDS_OBJECT (n))
        return load_fail (ctx, WB_FORMAT_ERROR_TYPE, _("an entry's “action” must be an object"));
      add_entry (self, parent, json_node_get_object (n));
      return TRUE;
    }
  if (json_object_has_member (o, "cursor"))
    {
      if (!get_id (ctx, o, "cursor", limit, &id))
        return FALSE;
      return move_cursor (self, id, TRUE, NULL);
    }
  if (json_object_has_member (o, "bookmark"))
    return get_id (ctx, o, "bookmark", limit, &id) && check_text (ctx, o, "name") &&
           set_text (self, id, "bookmark", "name", get_str (o, "name"), TRUE, ctx->error);
  if (json_object_has_member (o, "note"))
    return get_id (ctx, o, "note", limit, &id) && check_text (ctx, o, "text") &&
           set_text (self, id, "note", "text", get_str (o, "text"), FALSE, ctx->error);
  return load_fail (ctx, WB_FORMAT_ERROR_TYPE,
                    _("expected an entry, a cursor, a bookmark or a note"));
}

/* json-glib names the text "<data>" and counts its lines and columns: here
 * the text is one line, so the column is kept and the line is the file's.
 * "<data>:1:20: Parse error: …" → 20 and "Parse error: …". */
/* What a line of a journal costs kept in memory, beyond its text: its
 * entry, and each JSON value of it (json-glib's node, its member's name and
 * hash-table slot — about 170 bytes measured). A journal takes at most
 * wb_format_memory_budget() of its size, as a game file does. */
#define JOURNAL_LINE_COST 256
#define JOURNAL_NODE_COST 192

/* The values in @root, counted without recursion (a line may nest deep). */
static guint64
count_nodes (JsonNode *root)
{
  g_autoptr(GPtrArray) stack = g_ptr_array_new ();
  guint64 n = 0;

  g_ptr_array_add (stack, root);
  while (stack->len > 0)
    {
      JsonNode *node = g_ptr_array_steal_index_fast (stack, stack->len - 1);

      n++;
      if (JSON_NODE_HOLDS_OBJECT (node))
        {
          JsonObjectIter iter;
          JsonNode *member;

          json_object_iter_init (&iter, json_node_get_object (node));
          while (json_object_iter_next (&iter, NULL, &member))
            g_ptr_array_add (stack, member);
        }
      else if (JSON_NODE_HOLDS_ARRAY (node))
        {
          JsonArray *array = json_node_get_array (node);

          for (guint i = 0; i < json_array_get_length (array); i++)
            g_ptr_array_add (stack, json_array_get_element (array, i));
        }
    }
  return n;
}

static const char *
parser_message (const char *message, guint *column)
{
  const char *p = message;

  *column = 0;
  if (!g_str_has_prefix (p, "<data>:"))
    return message;
  p += strlen ("<data>:");
  while (g_ascii_isdigit (*p))
    p++;
  if (*p != ':')
    return message;
  p++;
  while (g_ascii_isdigit (*p))
    *column = MIN (*column * 10 + (guint) (*p++ - '0'), G_MAXINT);
  if (*p == ':')
    p++;
  while (*p == ' ')
    p++;
  return p;
}

/* Reads @data; @good_size: the bytes of its whole lines (a last line cut
 * short is beyond), @good_lines: how many lines they are, @need_newline:
 * the last of them lacks its newline. */
static WbJournal *
load_data (const char  *data,
           gsize        len,
           const char  *name,
           char       **warning,
           gsize       *good_size,
           guint32     *good_lines,
           gboolean    *need_newline,
           GError     **error)
{
  g_autoptr(WbJournal) self = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  WbPlayHeader header = { 0 };
  LoadCtx ctx = { name != NULL ? name : "journal", 0, error };
  const char *p = data, *end = data + len;
  guint64 budget = wb_format_memory_budget (len), charged = len;

  if (warning)
    *warning = NULL;
  *good_size = 0;
  *good_lines = 0;
  *need_newline = FALSE;

  while (p < end)
    {
      const char *nl = memchr (p, '\n', (gsize) (end - p));
      gsize line_len = nl != NULL ? (gsize) (nl - p) : (gsize) (end - p);
      g_autoptr(GError) parse_error = NULL;
      JsonNode *root;

      ctx.line++;
      /* The header may carry the game: it alone may be longer. */
      if (line_len > (self == NULL ? WB_JOURNAL_MAX_HEADER_LINE : WB_JOURNAL_MAX_LINE))
        {
          load_fail (&ctx, WB_FORMAT_ERROR_TOO_LARGE, _("the line is too long"));
          goto fail;
        }
      if (line_len == 0)
        {
          p += 1;
          *good_size = (gsize) (p - data);
          *good_lines = ctx.line;
          continue;
        }
      if (!json_parser_load_from_data (parser, p, (gssize) line_len, &parse_error) ||
          (root = json_parser_get_root (parser)) == NULL || !JSON_NODE_HOLDS_OBJECT (root))
        {
          /* A last line without its newline was cut short by a crash. */
          if (nl == NULL && self != NULL)
            {
              if (warning)
                *warning = g_strdup_printf (_("%s:%u: the last line was cut short (the program "
                                              "stopped while writing it) and is left out"),
                                            ctx.name, ctx.line);
              break;
            }
          if (parse_error != NULL)
            {
              guint column;
              const char *what = parser_message (parse_error->message, &column);

              if (column > 0)
                g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_SYNTAX, "%s:%u:%u: %s", ctx.name, ctx.line,
                             column, what);
              else
                load_fail (&ctx, WB_FORMAT_ERROR_SYNTAX, what);
            }
          else
            load_fail (&ctx, WB_FORMAT_ERROR_SYNTAX, _("expected a JSON object"));
          goto fail;
        }
      charged += JOURNAL_LINE_COST + count_nodes (root) * JOURNAL_NODE_COST;
      if (charged > budget)
        {
          g_autofree char *limit = g_format_size_full (budget, G_FORMAT_SIZE_IEC_UNITS);
          g_autofree char *size = g_format_size_full (len, G_FORMAT_SIZE_IEC_UNITS);
          g_autofree char *m = g_strdup_printf (_("the playtest would take more than %s of memory "
                                                  "to open, the limit for a file of %s"),
                                                limit, size);
          load_fail (&ctx, WB_FORMAT_ERROR_TOO_LARGE, m);
          goto fail;
        }
      if (self == NULL)
        {
          /* The game it carries counts against the budget as it unpacks. */
          if (!read_header (&ctx, json_node_get_object (root), &header,
                            MIN ((guint64) WB_JOURNAL_MAX_GAME, budget - charged)))
            goto fail;
          if (header.game_text != NULL)
            charged += strlen (header.game_text);
          self = g_object_new (WB_TYPE_JOURNAL, NULL);
          self->header = header;
          memset (&header, 0, sizeof header);
        }
      else
        {
          self->n_lines = ctx.line;
          if (!read_event (&ctx, self, json_node_get_object (root)))
            goto fail;
        }
      p += line_len + (nl != NULL ? 1 : 0);
      *good_size = (gsize) (p - data);
      *good_lines = ctx.line;
      *need_newline = nl == NULL;
    }
  if (self == NULL)
    {
      ctx.line = MAX (ctx.line, 1);
      load_fail (&ctx, WB_FORMAT_ERROR_MISSING, _("the file is empty"));
      return NULL;
    }
  self->n_lines = 0;
  return g_steal_pointer (&self);

fail:
  wb_play_header_clear (&header);
  return NULL;
}

WbJournal *
wb_journal_load_from_data (const char  *data,
                           gsize        len,
                           const char  *name,
                           char       **warning,
                           GError     **error)
{
  gsize good_size;
  guint32 good_lines;
  gboolean need_newline;

  g_return_val_if_fail (data != NULL, NULL);
  return load_data (data, len, name, warning, &good_size, &good_lines, &need_newline, error);
}

WbJournal *
wb_journal_open (const char *path, char **warning, GError **error)
{
  g_autofree char *data = NULL;
  g_autoptr(GError) local = NULL;
  gsize len = 0, good_size;
  guint32 good_lines;
  gboolean need_newline;
  WbJournal *self;

  g_return_val_if_fail (path != NULL, NULL);
  if (!g_file_get_contents (path, &data, &len, &local))
    {
      g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_IO, "%s", local->message);
      return NULL;
    }
  self = load_data (data, len, path, warning, &good_size, &good_lines, &need_newline, error);
  if (self == NULL)
    return NULL;
  /* Reading writes nothing: a cut-short last line is cut off the file only
   * when the next line is written, so a read-only playtest replays. */
  attach_file (self, path, (gint64) good_size, good_lines, good_size < len, need_newline);
  return self;
}
