/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-dice"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "wb-dice.h"

G_DEFINE_QUARK (wb-dice-error-quark, wb_dice_error)

static gboolean
parse_uint (const char **p,
            guint       *out)
{
  guint v = 0;
  const char *s = *p;

  if (!g_ascii_isdigit (*s))
    return FALSE;
  while (g_ascii_isdigit (*s))
    {
      v = v * 10 + (guint) (*s - '0');
      if (v > 100000)
        return FALSE;
      s++;
    }
  *p = s;
  *out = v;
  return TRUE;
}

static WbDice *
dice_from_counts (const char *spec,
                  guint64    *counts,
                  int         n_values,
                  int         offset,
                  guint64     total)
{
  WbDice *dice = g_new0 (WbDice, 1);
  guint n = 0;

  dice->spec = g_strdup (spec);
  dice->total = total;
  dice->outcomes = g_new0 (WbDiceOutcome, n_values);
  for (int v = 0; v < n_values; v++)
    if (counts[v] > 0)
      {
        dice->outcomes[n].value = v + offset;
        dice->outcomes[n].count = counts[v];
        n++;
      }
  dice->n_outcomes = n;
  dice->min = dice->outcomes[0].value;
  dice->max = dice->outcomes[n - 1].value;
  return dice;
}

WbDice *
wb_dice_new (const char  *spec,
             GError     **error)
{
  g_autofree char *s = NULL;
  const char *p;
  guint n = 1, faces = 0;

  g_return_val_if_fail (spec != NULL, NULL);

  s = g_ascii_strdown (spec, -1);
  g_strstrip (s);
  p = s;

  if (strcmp (s, "d66") == 0)
    {
      guint64 counts[56] = { 0 };   /* values 11 … 66 */

      for (int a = 1; a <= 6; a++)
        for (int b = 1; b <= 6; b++)
          counts[a * 10 + b - 11]++;
      return dice_from_counts (s, counts, 56, 11, 36);
    }

  if (g_ascii_isdigit (*p) && !parse_uint (&p, &n))
    goto bad;
  if (*p != 'd')
    goto bad;
  p++;
  if (!parse_uint (&p, &faces) || *p != '\0')
    goto bad;
  if (n < 1 || n > WB_DICE_MAX_COUNT || faces < 2 || faces > WB_DICE_MAX_FACES)
    {
      g_set_error (error, WB_DICE_ERROR, WB_DICE_ERROR_RANGE,
                   _("Dice “%s”: between 1 and %d dice of 2 to %d faces"),
                   spec, WB_DICE_MAX_COUNT, WB_DICE_MAX_FACES);
      return NULL;
    }

  {
    /* Convolution of n dice: sums n … n * faces. Every count is at most
     * total = faces^n, refused when that does not fit in 64 bits. */
    int n_values = (int) (n * faces) + 1;
    g_autofree guint64 *counts = g_new0 (guint64, n_values);
    g_autofree guint64 *next = g_new0 (guint64, n_values);
    guint64 total = 1;

    for (guint i = 0; i < n; i++)
      {
        if (total > G_MAXUINT64 / faces)
          {
            g_set_error (error, WB_DICE_ERROR, WB_DICE_ERROR_RANGE,
                         _("Dice “%s”: too many combinations to count exactly"), spec);
            return NULL;
          }
        total *= faces;
      }

    counts[0] = 1;
    for (guint i = 0; i < n; i++)
      {
        memset (next, 0, sizeof (guint64) * n_values);
        for (int v = 0; v < n_values; v++)
          if (counts[v])
            for (guint f = 1; f <= faces && v + (int) f < n_values; f++)
              next[v + f] += counts[v];
        memcpy (counts, next, sizeof (guint64) * n_values);
      }
    return dice_from_counts (s, counts, n_values, 0, total);
  }

bad:
  g_set_error (error, WB_DICE_ERROR, WB_DICE_ERROR_SYNTAX,
               _("Dice “%s” not understood: expected 1d6, 2d6, NdM or d66"), spec);
  return NULL;
}

void
wb_dice_free (WbDice *dice)
{
  if (dice == NULL)
    return;
  g_free (dice->spec);
  g_free (dice->outcomes);
  g_free (dice);
}

guint64
wb_dice_count_range (const WbDice *dice,
                     int           lo,
                     int           hi)
{
  guint64 sum = 0;

  g_return_val_if_fail (dice != NULL, 0);
  for (guint i = 0; i < dice->n_outcomes; i++)
    if (dice->outcomes[i].value >= lo && dice->outcomes[i].value <= hi)
      sum += dice->outcomes[i].count;
  return sum;
}

double
wb_dice_probability (const WbDice *dice,
                     int           value)
{
  g_return_val_if_fail (dice != NULL, 0.0);
  return (double) wb_dice_count_range (dice, value, value) / (double) dice->total;
}

static guint64
gcd64 (guint64 a,
       guint64 b)
{
  while (b)
    {
      guint64 t = a % b;
      a = b;
      b = t;
    }
  return a;
}

char *
wb_fraction_format (guint64 count,
                    guint64 total)
{
  guint64 g;

  if (count == 0 || total == 0)
    return g_strdup ("0");
  if (count == total)
    return g_strdup ("1");
  g = gcd64 (count, total);
  return g_strdup_printf ("%" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT, count / g, total / g);
}
