/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The dice of a match: PCG32 (M. E. O'Neill, "PCG: A Family of Simple Fast
 * Space-Efficient Statistically Good Algorithms for Random Number
 * Generation", 2014; the pcg32_random_r / pcg32_srandom_r / pcg32_boundedrand_r
 * of the reference C implementation, "pcg-c-basic"), written out here so a
 * journal gives the same rolls on every platform and compiler: a 64-bit
 * linear congruential state (multiplier 6364136223846793005) and an odd
 * increment from the stream, output by xorshift-high then a random
 * rotation. Bounded values reject the low end of the range (no modulo
 * bias). Test vectors in tests/test-rng.c (seed 42, stream 54: 0xa15c02b7,
 * 0x7b47f409, 0xba1d3330 …, the reference demo's). Never the C library's
 * rand(). A value type: copy it to fork the dice. */
typedef struct {
  guint64 state;
  guint64 inc;
} WbRng;

/* Seeds @rng as pcg32_srandom_r (seed, stream). */
void     wb_rng_seed      (WbRng *rng, guint64 seed, guint64 stream);
/* The next 32 random bits. */
guint32  wb_rng_next      (WbRng *rng);
/* Uniform in 0 … @bound − 1 (@bound ≥ 1). */
guint32  wb_rng_bounded   (WbRng *rng, guint32 bound);
/* One die of @sides faces: 1 … @sides. */
int      wb_rng_die       (WbRng *rng, int sides);

/* The stream every match uses (so a journal's seed alone fixes its dice):
 * "WARBENCH" in ASCII. */
#define WB_RNG_MATCH_STREAM G_GUINT64_CONSTANT (0x57415242454e4348)

G_END_DECLS
