/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-chits"
#include "config.h"

#include <string.h>

#include "wb-chits.h"

WbChit *
wb_chit_new (const char *id, WbChitKind kind)
{
  WbChit *chit = g_new0 (WbChit, 1);

  chit->id = g_intern_string (id);
  chit->kind = kind;
  chit->command_rating = WB_CHIT_RATING_UNKNOWN;
  return chit;
}

void
wb_chit_free (WbChit *chit)
{
  if (chit == NULL)
    return;
  g_free (chit->name);
  g_clear_pointer (&chit->effect, json_node_unref);
  g_free (chit->text);
  g_free (chit->note);
  g_free (chit->source);
  g_free (chit);
}

WbChit *
wb_chit_copy (const WbChit *chit)
{
  WbChit *copy;

  g_return_val_if_fail (chit != NULL, NULL);
  copy = g_memdup2 (chit, sizeof *chit);
  copy->name = g_strdup (chit->name);
  copy->effect = chit->effect != NULL ? json_node_copy (chit->effect) : NULL;
  copy->text = g_strdup (chit->text);
  copy->note = g_strdup (chit->note);
  copy->source = g_strdup (chit->source);
  return copy;
}

gboolean
wb_chit_equal (const WbChit *a, const WbChit *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);
  if ((a->effect == NULL) != (b->effect == NULL) ||
      (a->effect != NULL && !json_node_equal (a->effect, b->effect)))
    return FALSE;
  return a->id == b->id && g_strcmp0 (a->name, b->name) == 0 && a->side == b->side &&
         a->kind == b->kind && a->level == b->level && a->formation == b->formation &&
         a->command_rating == b->command_rating && a->automatic == b->automatic &&
         a->casualty_of == b->casualty_of && a->play == b->play &&
         g_strcmp0 (a->text, b->text) == 0 && a->wild == b->wild &&
         g_strcmp0 (a->note, b->note) == 0 && g_strcmp0 (a->source, b->source) == 0;
}

WbCupAdd *
wb_cup_add_new (int turn)
{
  WbCupAdd *add = g_new0 (WbCupAdd, 1);

  add->turn = turn;
  add->chits = g_ptr_array_new ();
  return add;
}

void
wb_cup_add_free (WbCupAdd *add)
{
  if (add == NULL)
    return;
  g_ptr_array_unref (add->chits);
  g_free (add->note);
  g_free (add);
}

WbCup *
wb_cup_new (void)
{
  WbCup *cup = g_new0 (WbCup, 1);

  cup->chits = g_ptr_array_new ();
  cup->key_chits = g_array_new (FALSE, FALSE, sizeof (WbSideCount));
  cup->included_events = g_array_new (FALSE, FALSE, sizeof (WbSideCount));
  cup->excluded_events = g_array_new (FALSE, FALSE, sizeof (WbSideCount));
  cup->clarity_chits = g_ptr_array_new ();
  cup->add = g_ptr_array_new_with_free_func ((GDestroyNotify) wb_cup_add_free);
  return cup;
}

void
wb_cup_free (WbCup *cup)
{
  if (cup == NULL)
    return;
  g_ptr_array_unref (cup->chits);
  g_array_unref (cup->key_chits);
  g_array_unref (cup->included_events);
  g_array_unref (cup->excluded_events);
  g_ptr_array_unref (cup->clarity_chits);
  g_ptr_array_unref (cup->add);
  g_free (cup->note);
  g_free (cup);
}

static void
copy_ids (GPtrArray *to, GPtrArray *from)
{
  for (guint i = 0; i < from->len; i++)
    g_ptr_array_add (to, g_ptr_array_index (from, i));
}

static void
copy_counts (GArray *to, GArray *from)
{
  g_array_append_vals (to, from->data, from->len);
}

WbCup *
wb_cup_copy (const WbCup *cup)
{
  WbCup *copy;

  g_return_val_if_fail (cup != NULL, NULL);
  copy = wb_cup_new ();
  copy_ids (copy->chits, cup->chits);
  copy_counts (copy->key_chits, cup->key_chits);
  copy_counts (copy->included_events, cup->included_events);
  copy_counts (copy->excluded_events, cup->excluded_events);
  copy_ids (copy->clarity_chits, cup->clarity_chits);
  copy->clarity_per_division = cup->clarity_per_division;
  for (guint i = 0; i < cup->add->len; i++)
    {
      const WbCupAdd *a = g_ptr_array_index (cup->add, i);
      WbCupAdd *b = wb_cup_add_new (a->turn);

      copy_ids (b->chits, a->chits);
      b->note = g_strdup (a->note);
      g_ptr_array_add (copy->add, b);
    }
  copy->note = g_strdup (cup->note);
  return copy;
}

int
wb_side_counts_get (GArray *counts, const char *side)
{
  g_return_val_if_fail (counts != NULL, -1);
  for (guint i = 0; i < counts->len; i++)
    if (g_strcmp0 (g_array_index (counts, WbSideCount, i).side, side) == 0)
      return g_array_index (counts, WbSideCount, i).count;
  return -1;
}

void
wb_side_counts_set (GArray *counts, const char *side, int count)
{
  WbSideCount c = { g_intern_string (side), count };

  g_return_if_fail (counts != NULL && side != NULL);
  for (guint i = 0; i < counts->len; i++)
    if (g_array_index (counts, WbSideCount, i).side == c.side)
      {
        if (count < 0)
          g_array_remove_index (counts, i);
        else
          g_array_index (counts, WbSideCount, i).count = count;
        return;
      }
  if (count >= 0)
    g_array_append_val (counts, c);
}

gboolean
wb_cup_uses_chit (const WbCup *cup, const char *chit)
{
  const char *id;

  g_return_val_if_fail (cup != NULL && chit != NULL, FALSE);
  id = g_intern_string (chit);
  if (g_ptr_array_find (cup->chits, id, NULL) || g_ptr_array_find (cup->clarity_chits, id, NULL))
    return TRUE;
  for (guint i = 0; i < cup->add->len; i++)
    if (g_ptr_array_find (((WbCupAdd *) g_ptr_array_index (cup->add, i))->chits, id, NULL))
      return TRUE;
  return FALSE;
}

/* The file's words for the enums, in enum order. */
static const char * const kinds[] = { "activation", "event", "wild", NULL };
static const char * const levels[] = { "cic", "division", "brigade", NULL };
static const char * const plays[] = { "?", "immediate", "immediate-or-hold", "hold", NULL };
static const char * const wilds[] = { "fog-of-war", "fortunes-of-war", NULL };

static gboolean
from_string (const char * const *words, const char *s, int *out)
{
  for (int i = 0; s != NULL && words[i] != NULL; i++)
    if (strcmp (words[i], s) == 0)
      {
        *out = i;
        return TRUE;
      }
  return FALSE;
}

#define WORDS(type, Type, Enum, words)                                   \
  const char *                                                           \
  wb_chit_##type##_to_string (Enum v)                                    \
  {                                                                      \
    g_return_val_if_fail ((guint) v < G_N_ELEMENTS (words) - 1, NULL);   \
    return words[v];                                                     \
  }                                                                      \
  gboolean                                                               \
  wb_chit_##type##_from_string (const char *s, Enum *out)                \
  {                                                                      \
    int v;                                                               \
    if (!from_string (words, s, &v))                                     \
      return FALSE;                                                      \
    *out = (Enum) v;                                                     \
    return TRUE;                                                         \
  }

WORDS (kind, Kind, WbChitKind, kinds)
WORDS (level, Level, WbChitLevel, levels)
WORDS (play, Play, WbChitPlay, plays)
WORDS (wild, Wild, WbChitWild, wilds)
