/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "wb-rng.h"

#define PCG_MULTIPLIER G_GUINT64_CONSTANT (6364136223846793005)

guint32
wb_rng_next (WbRng *rng)
{
  guint64 old = rng->state;
  guint32 xorshifted, rot;

  rng->state = old * PCG_MULTIPLIER + rng->inc;
  xorshifted = (guint32) (((old >> 18u) ^ old) >> 27u);
  rot = (guint32) (old >> 59u);
  return (xorshifted >> rot) | (xorshifted << ((-rot) & 31u));
}

void
wb_rng_seed (WbRng *rng, guint64 seed, guint64 stream)
{
  g_return_if_fail (rng != NULL);
  rng->state = 0;
  rng->inc = (stream << 1u) | 1u;
  wb_rng_next (rng);
  rng->state += seed;
  wb_rng_next (rng);
}

guint32
wb_rng_bounded (WbRng *rng, guint32 bound)
{
  guint32 threshold;

  g_return_val_if_fail (bound >= 1, 0);
  /* A d6, the common case, with the same results as below but divisions
   * by a constant (multiplications): 2^32 mod 6 = 4. */
  if (bound == 6)
    for (;;)
      {
        guint32 r = wb_rng_next (rng);
        if (r >= 4)
          return r % 6;
      }
  /* 2^32 mod bound: values below it would favour the low results. */
  threshold = (guint32) (-bound) % bound;
  for (;;)
    {
      guint32 r = wb_rng_next (rng);
      if (r >= threshold)
        return r % bound;
    }
}

int
wb_rng_die (WbRng *rng, int sides)
{
  g_return_val_if_fail (sides >= 1, 1);
  return 1 + (int) wb_rng_bounded (rng, (guint32) sides);
}
