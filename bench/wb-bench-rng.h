/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

/* SplitMix64: small, fast, and the same everywhere (both benchmarks). */
typedef struct {
  guint64 state;
} Rng;

static inline guint64
rng_next (Rng *rng)
{
  guint64 z = (rng->state += 0x9e3779b97f4a7c15ull);

  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
