/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* A small read-only JSON DOM for the game file reader (internal to core).
 *
 * wb_json_parse() turns UTF-8 JSON text into a tree that lives in one
 * arena owned by a WbJsonDoc and freed with it at once: no allocation per
 * value, no hash table per object. Arrays hold their elements, objects
 * their members, contiguously and in document order; member lookup is a
 * linear scan (game objects have a dozen members at most). Every node
 * records the byte offset in the text where it starts, so a caller can
 * locate it (wb_json_offset_to_line_column()) without walking the text
 * again. Strings are unescaped and NUL-terminated.
 *
 * The parser is strict RFC 8259 JSON and adds three rules of its own:
 * nesting deeper than WB_JSON_MAX_DEPTH is refused (it is iterative, so
 * depth never costs C stack), a member name used twice in one object is
 * an error (a game file with a duplicated member is ambiguous), and a
 * number too large for a double is an error. Errors are WB_FORMAT_ERROR_SYNTAX
 * with a message "LINE:COLUMN: what was expected". */

#include <glib.h>

#include "wb-error.h"

G_BEGIN_DECLS

#define WB_JSON_MAX_DEPTH    512
/* Offsets are kept in 29 bits; game files are limited to far less. */
#define WB_JSON_MAX_TEXT_LEN ((gsize) 0x1FFFFFFF)

typedef enum {
  WB_JSON_NULL,
  WB_JSON_BOOL,
  WB_JSON_INT,
  WB_JSON_DOUBLE,
  WB_JSON_STRING,
  WB_JSON_ARRAY,
  WB_JSON_OBJECT,
} WbJsonType;

typedef struct _WbJsonNode   WbJsonNode;
typedef struct _WbJsonMember WbJsonMember;
typedef struct _WbJsonDoc    WbJsonDoc;

/* 16 bytes: a large array of small values costs little more than its text. */
struct _WbJsonNode
{
  guint32 type   : 3;   /* WbJsonType */
  guint32 offset : 29;  /* byte offset of the value's first character */
  guint32 len;          /* string: bytes; array: elements; object: members */
  union
  {
    gboolean      b;
    gint64        i;
    double        d;
    const char   *s;
    WbJsonNode   *items;
    WbJsonMember *members;
  } u;
};

struct _WbJsonMember
{
  const char *key;
  WbJsonNode  value;
};

WbJsonDoc   *wb_json_parse                 (const char  *text,
                                            gsize        len,
                                            GError     **error);
WbJsonNode  *wb_json_doc_get_root          (WbJsonDoc   *doc);
gsize        wb_json_doc_get_arena_size    (WbJsonDoc   *doc);
void         wb_json_doc_free              (WbJsonDoc   *doc);

void         wb_json_offset_to_line_column (const char  *text,
                                            gsize        len,
                                            gsize        offset,
                                            int         *line,
                                            int         *column);
WbJsonNode  *wb_json_object_get            (const WbJsonNode *object,
                                            const char       *key);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WbJsonDoc, wb_json_doc_free)

static inline gboolean
wb_json_is (const WbJsonNode *node, WbJsonType type)
{
  return node != NULL && node->type == type;
}

static inline gboolean
wb_json_is_number (const WbJsonNode *node)
{
  return node != NULL && (node->type == WB_JSON_INT || node->type == WB_JSON_DOUBLE);
}

/* An INT or DOUBLE node as a double. */
static inline double
wb_json_get_number (const WbJsonNode *node)
{
  g_assert (wb_json_is_number (node));
  return node->type == WB_JSON_INT ? (double) node->u.i : node->u.d;
}

static inline const char *
wb_json_get_string (const WbJsonNode *node)
{
  g_assert (wb_json_is (node, WB_JSON_STRING));
  return node->u.s;
}

static inline gboolean
wb_json_get_bool (const WbJsonNode *node)
{
  g_assert (wb_json_is (node, WB_JSON_BOOL));
  return node->u.b;
}

static inline guint
wb_json_array_get_length (const WbJsonNode *array)
{
  g_assert (wb_json_is (array, WB_JSON_ARRAY));
  return array->len;
}

static inline WbJsonNode *
wb_json_array_get (const WbJsonNode *array, guint index)
{
  g_assert (wb_json_is (array, WB_JSON_ARRAY) && index < array->len);
  return &array->u.items[index];
}

static inline guint
wb_json_object_get_size (const WbJsonNode *object)
{
  g_assert (wb_json_is (object, WB_JSON_OBJECT));
  return object->len;
}

/* Members in document order: for (i = 0; i < size; i++) member (object, i). */
static inline WbJsonMember *
wb_json_object_get_member (const WbJsonNode *object, guint index)
{
  g_assert (wb_json_is (object, WB_JSON_OBJECT) && index < object->len);
  return &object->u.members[index];
}

G_END_DECLS
