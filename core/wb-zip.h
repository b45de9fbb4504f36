/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* A small ZIP archive writer and reader (PKWARE APPNOTE 6.3, without
 * ZIP64, encryption or multiple disks): enough for the VASSAL module and
 * the saved games inside it, and for the tests to read them back. Deflate
 * goes through GIO's GZlibCompressor (raw deflate), so no zlib of our own;
 * CRC-32 is computed here. */

#define WB_ZIP_ERROR (wb_zip_error_quark ())

/**
 * WbZipError:
 * @WB_ZIP_ERROR_TOO_LARGE: an entry or the archive is past what a ZIP
 *   without ZIP64 holds (4 GiB, 65,535 entries)
 * @WB_ZIP_ERROR_CORRUPT: the bytes are not a ZIP archive this reader
 *   reads, or an entry's data does not match its size or CRC-32
 * @WB_ZIP_ERROR_NOT_FOUND: no entry has that name
 * @WB_ZIP_ERROR_DUPLICATE: an entry of that name was already added
 */
typedef enum {
  WB_ZIP_ERROR_TOO_LARGE,
  WB_ZIP_ERROR_CORRUPT,
  WB_ZIP_ERROR_NOT_FOUND,
  WB_ZIP_ERROR_DUPLICATE,
} WbZipError;

GQuark        wb_zip_error_quark      (void);

/* CRC-32 (ISO 3309, as ZIP and PNG use it); start with 0. */
guint32       wb_zip_crc32            (guint32       crc,
                                       const guint8 *data,
                                       gsize         len);

typedef struct _WbZipWriter WbZipWriter;

/* An archive built in memory; wb_zip_writer_finish () returns its bytes. */
WbZipWriter  *wb_zip_writer_new       (void);
void          wb_zip_writer_free      (WbZipWriter  *writer);
/* Adds @name (UTF-8, '/' between folders) holding @len bytes of @data,
 * deflated when @compress (stored when deflating would not make it
 * smaller, as for PNG images), else stored. */
gboolean      wb_zip_writer_add       (WbZipWriter  *writer,
                                       const char   *name,
                                       const void   *data,
                                       gsize         len,
                                       gboolean      compress,
                                       GError      **error);
/* Writes the central directory and returns the whole archive; the writer
 * takes no more entries. */
GBytes       *wb_zip_writer_finish    (WbZipWriter  *writer,
                                       GError      **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WbZipWriter, wb_zip_writer_free)

typedef struct _WbZipReader WbZipReader;

/* Reads the central directory of the archive in @bytes (a reference is
 * kept); NULL with WB_ZIP_ERROR_CORRUPT if it is not one. */
WbZipReader  *wb_zip_reader_new       (GBytes       *bytes,
                                       GError      **error);
void          wb_zip_reader_free      (WbZipReader  *reader);
/* The entry names in archive order (owned by the reader). */
GPtrArray    *wb_zip_reader_get_names (WbZipReader  *reader);
gboolean      wb_zip_reader_has       (WbZipReader  *reader,
                                       const char   *name);
/* The stored or deflated entry @name, inflated and checked against its
 * size and CRC-32. */
GBytes       *wb_zip_reader_read      (WbZipReader  *reader,
                                       const char   *name,
                                       GError      **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WbZipReader, wb_zip_reader_free)

G_END_DECLS
