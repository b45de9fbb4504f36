/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-zip"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "wb-zip.h"

/*
 * ZIP as PKWARE's APPNOTE describes it, the part every reader takes: each
 * entry is a local header, its name and its data (stored or raw deflate);
 * a central directory repeats the headers with each one's offset, and the
 * end record says where the directory is. No ZIP64 (a module over 4 GiB
 * is refused), no data descriptors (sizes and CRC are known before the
 * header is written, as the archive is built in memory).
 */

G_DEFINE_QUARK (wb-zip-error-quark, wb_zip_error)

#define SIG_LOCAL   0x04034b50u
#define SIG_CENTRAL 0x02014b50u
#define SIG_END     0x06054b50u
#define LOCAL_LEN   30
#define CENTRAL_LEN 46
#define END_LEN     22
#define METHOD_STORE   0
#define METHOD_DEFLATE 8
/* 2.0: deflate; the lowest version any reader expects. */
#define VERSION_NEEDED 20
/* Bit 11: the name is UTF-8. */
#define FLAG_UTF8 0x0800
#define MAX_ENTRIES 0xffff
#define MAX_SIZE    ((guint64) 0xffffffffu)

static guint32 crc_table[256];

static gpointer
crc_table_init (gpointer data)
{
  for (guint32 n = 0; n < 256; n++)
    {
      guint32 c = n;

      for (int k = 0; k < 8; k++)
        c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
      crc_table[n] = c;
    }
  return NULL;
}

guint32
wb_zip_crc32 (guint32       crc,
              const guint8 *data,
              gsize         len)
{
  static GOnce once = G_ONCE_INIT;

  g_once (&once, crc_table_init, NULL);
  crc = ~crc;
  for (gsize i = 0; i < len; i++)
    crc = crc_table[(crc ^ data[i]) & 0xff] ^ (crc >> 8);
  return ~crc;
}

/* Runs all of @in through @converter (raw deflate or inflate) into @out.
 * @limit bounds the output (inflating a corrupt or hostile entry must not
 * grow without end); 0: none. */
static gboolean
convert_all (GConverter    *converter,
             const guint8  *in,
             gsize          len,
             GByteArray    *out,
             gsize          limit,
             GError       **error)
{
  guint8 buf[65536];

  for (;;)
    {
      gsize read = 0, written = 0;
      GConverterResult res;

      res = g_converter_convert (converter, in, len, buf, sizeof buf,
                                 G_CONVERTER_INPUT_AT_END, &read, &written, error);
      if (res == G_CONVERTER_ERROR)
        return FALSE;
      in += read;
      len -= read;
      g_byte_array_append (out, buf, (guint) written);
      if (limit > 0 && out->len > limit)
        {
          g_set_error (error, WB_ZIP_ERROR, WB_ZIP_ERROR_CORRUPT,
                       _("the entry inflates to more than its stated size"));
          return FALSE;
        }
      if (res == G_CONVERTER_FINISHED)
        return TRUE;
      if (read == 0 && written == 0)
        {
          g_set_error (error, WB_ZIP_ERROR, WB_ZIP_ERROR_CORRUPT,
                       _("the deflated data ends before its end"));
          return FALSE;
        }
    }
}

static void
put16 (GByteArray *a,
       guint       v)
{
  guint8 b[2] = { (guint8) (v & 0xff), (guint8) ((v >> 8) & 0xff) };

  g_byte_array_append (a, b, 2);
}

static void
put32 (GByteArray *a,
       guint32     v)
{
  guint8 b[4] = { (guint8) (v & 0xff), (guint8) ((v >> 8) & 0xff),
                  (guint8) ((v >> 16) & 0xff), (guint8) (v >> 24) };

  g_byte_array_append (a, b, 4);
}

static guint
get16 (const guint8 *p)
{
  return (guint) p[0] | (guint) p[1] << 8;
}

static guint32
get32 (const guint8 *p)
{
  return (guint32) p[0] | (guint32) p[1] << 8 | (guint32) p[2] << 16 | (guint32) p[3] << 24;
}

/* --- writer ---------------------------------------------------------------- */

typedef struct {
  char    *name;
  guint    method;
  guint32  crc;
  guint32  csize, usize;
  guint32  offset;
} Entry;

struct _WbZipWriter {
  GByteArray *data;
  GArray     *entries;     /* Entry */
  GHashTable *names;
  guint       dos_time, dos_date;
  gboolean    finished;
};

static void
entry_clear (gpointer p)
{
  g_free (((Entry *) p)->name);
}

WbZipWriter *
wb_zip_writer_new (void)
{
  WbZipWriter *w = g_new0 (WbZipWriter, 1);
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();

  w->data = g_byte_array_new ();
  w->entries = g_array_new (FALSE, TRUE, sizeof (Entry));
  g_array_set_clear_func (w->entries, entry_clear);
  w->names = g_hash_table_new (g_str_hash, g_str_equal);
  /* MS-DOS time: two-second steps, years from 1980. */
  w->dos_time = (guint) (g_date_time_get_hour (now) << 11 | g_date_time_get_minute (now) << 5 |
                         g_date_time_get_second (now) / 2);
  w->dos_date = (guint) (MAX (g_date_time_get_year (now) - 1980, 0) << 9 |
                         g_date_time_get_month (now) << 5 | g_date_time_get_day_of_month (now));
  return w;
}

void
wb_zip_writer_free (WbZipWriter *writer)
{
  if (writer == NULL)
    return;
  g_byte_array_unref (writer->data);
  g_hash_table_unref (writer->names);
  g_array_unref (writer->entries);
  g_free (writer);
}

static gboolean
name_is_ascii (const char *name)
{
  for (const char *p = name; *p; p++)
    if ((guchar) *p >= 0x80)
      return FALSE;
  return TRUE;
}

/* A local or central header's common middle part: version needed, flags,
 * method, time, date, CRC, sizes, name length, extra length. */
static void
put_common (WbZipWriter *w,
            const Entry *e,
            GByteArray  *a)
{
  put16 (a, VERSION_NEEDED);
  put16 (a, name_is_ascii (e->name) ? 0 : FLAG_UTF8);
  put16 (a, e->method);
  put16 (a, w->dos_time);
  put16 (a, w->dos_date);
  put32 (a, e->crc);
  put32 (a, e->csize);
  put32 (a, e->usize);
  put16 (a, (guint) strlen (e->name));
  put16 (a, 0);
}

gboolean
wb_zip_writer_add (WbZipWriter  *writer,
                   const char   *name,
                   const void   *data,
                   gsize         len,
                   gboolean      compress,
                   GError      **error)
{
  g_autoptr(GByteArray) deflated = NULL;
  const guint8 *payload = data;
  gsize payload_len = len;
  Entry e = { 0, };

  g_return_val_if_fail (writer != NULL && !writer->finished, FALSE);
  g_return_val_if_fail (name != NULL && *name != '\0', FALSE);
  g_return_val_if_fail (data != NULL || len == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (g_hash_table_contains (writer->names, name))
    {
      g_set_error (error, WB_ZIP_ERROR, WB_ZIP_ERROR_DUPLICATE,
                   _("the archive already has an entry “%s”"), name);
      return FALSE;
    }
  if (writer->entries->len >= MAX_ENTRIES || strlen (name) > 0xffff || (guint64) len > MAX_SIZE)
    {
      g_set_error (error, WB_ZIP_ERROR, WB_ZIP_ERROR_TOO_LARGE,
                   _("“%s” does not fit in a ZIP archive (at most 65,535 entries of 4 GiB)"), name);
      return FALSE;
    }

  e.method = METHOD_STORE;
  if (compress && len > 0)
    {
      g_autoptr(GZlibCompressor) z = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_RAW, 9);

      deflated = g_byte_array_new ();
      if (!convert_all (G_CONVERTER (z), data, len, deflated, 0, error))
        return FALSE;
      if (deflated->len < len)
        {
          e.method = METHOD_DEFLATE;
          payload = deflated->data;
          payload_len = deflated->len;
        }
    }

  if ((guint64) writer->data->len + LOCAL_LEN + strlen (name) + payload_len > MAX_SIZE)
    {
      g_set_error (error, WB_ZIP_ERROR, WB_ZIP_ERROR_TOO_LARGE,
                   _("the archive would be larger than 4 GiB, the most a ZIP without ZIP64 holds"));
      return FALSE;
    }

  e.name = g_strdup (name);
  e.crc = wb_zip_crc32 (0, data, len);
  e.usize = (guint32) len;
  e.csize = (guint32) payload_len;
  e.offset = writer->data->len;

  put32 (writer->data, SIG_LOCAL);
  put_common (writer, &e, writer->data);
  g_byte_array_append (writer->data, (const guint8 *) name, (guint) strlen (name));
  g_byte_array_append (writer->data, payload, (guint) payload_len);

  g_array_append_val (writer->entries, e);
  g_hash_table_add (writer->names,
                    g_array_index (writer->entries, Entry, writer->entries->len - 1).name);
  return TRUE;
}

GBytes *
wb_zip_writer_finish (WbZipWriter  *writer,
                      GError      **error)
{
  GByteArray *a;
  guint32 cd_offset, cd_size;

  g_return_val_if_fail (writer != NULL && !writer->finished, NULL);

  a = writer->data;
  cd_offset = a->len;
  for (guint i = 0; i < writer->entries->len; i++)
    {
      const Entry *e = &g_array_index (writer->entries, Entry, i);

      put32 (a, SIG_CENTRAL);
      put16 (a, VERSION_NEEDED);   /* made by: MS-DOS, 2.0 */
      put_common (writer, e, a);
      put16 (a, 0);                /* comment */
      put16 (a, 0);                /* disk */
      put16 (a, 0);                /* internal attributes */
      put32 (a, 0);                /* external attributes */
      put32 (a, e->offset);
      g_byte_array_append (a, (const guint8 *) e->name, (guint) strlen (e->name));
    }
  cd_size = a->len - cd_offset;
  if ((guint64) a->len + END_LEN > MAX_SIZE)
    {
      g_set_error (error, WB_ZIP_ERROR, WB_ZIP_ERROR_TOO_LARGE,
                   _("the archive would be larger than 4 GiB, the most a ZIP without ZIP64 holds"));
      return NULL;
    }
  put32 (a, SIG_END);
  put16 (a, 0);
  put16 (a, 0);
  put16 (a, writer->entries->len);
  put16 (a, writer->entries->len);
  put32 (a, cd_size);
  put32 (a, cd_offset);
  put16 (a, 0);

  writer->finished = TRUE;
  writer->data = g_byte_array_new ();
  return g_byte_array_free_to_bytes (a);
}

/* --- reader ---------------------------------------------------------------- */

struct _WbZipReader {
  GBytes     *bytes;
  GArray     *entries;     /* Entry */
  GPtrArray  *names;       /* borrowed from entries */
};

static gboolean
corrupt (GError     **error,
         const char  *why)
{
  g_set_error (error, WB_ZIP_ERROR, WB_ZIP_ERROR_CORRUPT, _("not a readable ZIP archive: %s"), why);
  return FALSE;
}

WbZipReader *
wb_zip_reader_new (GBytes  *bytes,
                   GError **error)
{
  g_autoptr(WbZipReader) r = NULL;
  gsize len;
  const guint8 *d = g_bytes_get_data (bytes, &len);
  gssize end = -1;
  guint count;
  guint32 cd_offset, cd_size;
  gsize p;

  g_return_val_if_fail (bytes != NULL, NULL);

  /* The end record is the last 22 bytes unless a comment follows it. */
  for (gssize i = (gssize) len - END_LEN; i >= 0 && i >= (gssize) len - END_LEN - 0xffff; i--)
    if (get32 (d + i) == SIG_END)
      {
        end = i;
        break;
      }
  if (end < 0)
    {
      corrupt (error, _("no end of central directory record"));
      return NULL;
    }
  count = get16 (d + end + 10);
  cd_size = get32 (d + end + 12);
  cd_offset = get32 (d + end + 16);
  if ((guint64) cd_offset + cd_size > (guint64) end)
    {
      corrupt (error, _("the central directory lies outside the file"));
      return NULL;
    }

  r = g_new0 (WbZipReader, 1);
  r->bytes = g_bytes_ref (bytes);
  r->entries = g_array_new (FALSE, TRUE, sizeof (Entry));
  g_array_set_clear_func (r->entries, entry_clear);
  r->names = g_ptr_array_new ();

  p = cd_offset;
  for (guint i = 0; i < count; i++)
    {
      Entry e = { 0, };
      guint name_len, extra_len, comment_len;

      if (p + CENTRAL_LEN > (gsize) end || get32 (d + p) != SIG_CENTRAL)
        {
          corrupt (error, _("a central directory header is damaged"));
          return NULL;
        }
      e.method = get16 (d + p + 10);
      e.crc = get32 (d + p + 16);
      e.csize = get32 (d + p + 20);
      e.usize = get32 (d + p + 24);
      name_len = get16 (d + p + 28);
      extra_len = get16 (d + p + 30);
      comment_len = get16 (d + p + 32);
      e.offset = get32 (d + p + 42);
      if (p + CENTRAL_LEN + name_len > (gsize) end)
        {
          corrupt (error, _("a central directory header is damaged"));
          return NULL;
        }
      e.name = g_strndup ((const char *) d + p + CENTRAL_LEN, name_len);
      g_array_append_val (r->entries, e);
      p += CENTRAL_LEN + name_len + extra_len + comment_len;
    }
  for (guint i = 0; i < r->entries->len; i++)
    g_ptr_array_add (r->names, g_array_index (r->entries, Entry, i).name);

  return g_steal_pointer (&r);
}

void
wb_zip_reader_free (WbZipReader *reader)
{
  if (reader == NULL)
    return;
  g_ptr_array_unref (reader->names);
  g_array_unref (reader->entries);
  g_bytes_unref (reader->bytes);
  g_free (reader);
}

GPtrArray *
wb_zip_reader_get_names (WbZipReader *reader)
{
  g_return_val_if_fail (reader != NULL, NULL);
  return reader->names;
}

static const Entry *
find_entry (WbZipReader *reader,
            const char  *name)
{
  for (guint i = 0; i < reader->entries->len; i++)
    {
      const Entry *e = &g_array_index (reader->entries, Entry, i);

      if (strcmp (e->name, name) == 0)
        return e;
    }
  return NULL;
}

gboolean
wb_zip_reader_has (WbZipReader *reader,
                   const char  *name)
{
  g_return_val_if_fail (reader != NULL && name != NULL, FALSE);
  return find_entry (reader, name) != NULL;
}

GBytes *
wb_zip_reader_read (WbZipReader  *reader,
                    const char   *name,
                    GError      **error)
{
  g_autoptr(GByteArray) out = NULL;
  const Entry *e;
  gsize len;
  const guint8 *d;
  gsize start;

  g_return_val_if_fail (reader != NULL && name != NULL, NULL);

  e = find_entry (reader, name);
  if (e == NULL)
    {
      g_set_error (error, WB_ZIP_ERROR, WB_ZIP_ERROR_NOT_FOUND, _("the archive has no entry “%s”"), name);
      return NULL;
    }
  d = g_bytes_get_data (reader->bytes, &len);
  if ((gsize) e->offset + LOCAL_LEN > len || get32 (d + e->offset) != SIG_LOCAL)
    {
      g_set_error (error, WB_ZIP_ERROR, WB_ZIP_ERROR_CORRUPT,
                   _("the local header of “%s” is damaged"), name);
      return NULL;
    }
  start = (gsize) e->offset + LOCAL_LEN + get16 (d + e->offset + 26) + get16 (d + e->offset + 28);
  if (start + e->csize > len)
    {
      g_set_error (error, WB_ZIP_ERROR, WB_ZIP_ERROR_CORRUPT, _("the data of “%s” is cut short"), name);
      return NULL;
    }

  out = g_byte_array_sized_new (e->usize);
  if (e->method == METHOD_STORE)
    g_byte_array_append (out, d + start, e->csize);
  else if (e->method == METHOD_DEFLATE)
    {
      g_autoptr(GZlibDecompressor) z = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_RAW);
      g_autoptr(GError) local = NULL;

      if (!convert_all (G_CONVERTER (z), d + start, e->csize, out, (gsize) e->usize + 1, &local))
        {
          g_set_error (error, WB_ZIP_ERROR, WB_ZIP_ERROR_CORRUPT,
                       _("the data of “%s” does not inflate: %s"), name, local->message);
          return NULL;
        }
    }
  else
    {
      g_set_error (error, WB_ZIP_ERROR, WB_ZIP_ERROR_CORRUPT,
                   _("“%s” uses compression method %u; only stored and deflated entries are read"),
                   name, e->method);
      return NULL;
    }

  if (out->len != e->usize || wb_zip_crc32 (0, out->data, out->len) != e->crc)
    {
      g_set_error (error, WB_ZIP_ERROR, WB_ZIP_ERROR_CORRUPT,
                   _("the data of “%s” does not match its size or CRC-32"), name);
      return NULL;
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}
