/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-rng"
#include "config.h"

#include <check.h>
#include <stdlib.h>

#include "rules/wb-rng.h"

/* The match dice (core/rules/wb-rng.c) are PCG32 as the reference
 * implementation: its demo's output for seed 42, stream 54, and dice that
 * stay in range, are uniform and repeat from the same seed. */

START_TEST (test_reference_vectors)
{
  /* pcg32-demo (pcg-c-basic), "Round 1" 32-bit output. */
  static const guint32 expected[] = {
    0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e
  };
  WbRng rng;

  wb_rng_seed (&rng, 42, 54);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    ck_assert_uint_eq (wb_rng_next (&rng), expected[i]);
}
END_TEST

START_TEST (test_dice)
{
  WbRng a, b, fork;
  guint counts[7] = { 0 };
  const int n = 600000;

  wb_rng_seed (&a, 1864, WB_RNG_MATCH_STREAM);
  wb_rng_seed (&b, 1864, WB_RNG_MATCH_STREAM);
  for (int i = 0; i < 1000; i++)
    ck_assert_int_eq (wb_rng_die (&a, 6), wb_rng_die (&b, 6));
  /* A copy forks the dice: both go on alike. */
  fork = a;
  ck_assert_uint_eq (wb_rng_next (&fork), wb_rng_next (&a));
  /* Another seed, another sequence. */
  wb_rng_seed (&b, 1865, WB_RNG_MATCH_STREAM);
  {
    int same = 0;
    for (int i = 0; i < 100; i++)
      same += wb_rng_next (&a) == wb_rng_next (&b);
    ck_assert_int_lt (same, 3);
  }
  for (int i = 0; i < n; i++)
    {
      int d = wb_rng_die (&a, 6);
      ck_assert (d >= 1 && d <= 6);
      counts[d]++;
    }
  /* Each face within 1 % of n/6 (about 10 standard deviations). */
  for (int f = 1; f <= 6; f++)
    ck_assert_msg (abs ((int) counts[f] - n / 6) < n / 100, "face %d: %u", f, counts[f]);
  ck_assert_uint_eq (wb_rng_bounded (&a, 1), 0);
}
END_TEST

/* The dice are part of the journal format: a die of n faces is the first
 * PCG32 output r ≥ 2^32 mod n, as r mod n + 1. Every bound (the d6 has a
 * path of its own) gives exactly that; and the first d6 of seed 42,
 * stream 54 are pinned. */
static guint32
reference_bounded (WbRng *rng, guint32 bound)
{
  guint32 threshold = (guint32) (-bound) % bound;

  for (;;)
    {
      guint32 r = wb_rng_next (rng);
      if (r >= threshold)
        return r % bound;
    }
}

START_TEST (test_dice_are_specified)
{
  static const int d6[] = { 4, 4, 3, 2, 2, 5, 6, 4, 1, 3 };
  WbRng a, b;

  wb_rng_seed (&a, 42, 54);
  for (guint i = 0; i < G_N_ELEMENTS (d6); i++)
    ck_assert_int_eq (wb_rng_die (&a, 6), d6[i]);
  for (guint32 bound = 1; bound <= 40; bound++)
    {
      wb_rng_seed (&a, 1000 + bound, WB_RNG_MATCH_STREAM);
      wb_rng_seed (&b, 1000 + bound, WB_RNG_MATCH_STREAM);
      for (int i = 0; i < 20000; i++)
        ck_assert_uint_eq (wb_rng_bounded (&a, bound), reference_bounded (&b, bound));
    }
  /* Near the threshold too: bounds whose 2^32 mod n is large. */
  wb_rng_seed (&a, 7, 7);
  wb_rng_seed (&b, 7, 7);
  for (int i = 0; i < 20000; i++)
    ck_assert_uint_eq (wb_rng_bounded (&a, 3000000000u), reference_bounded (&b, 3000000000u));
}
END_TEST

/* The d6 rejects the four lowest outputs (2^32 mod 6 = 4), as
 * pcg32_boundedrand_r does: kept, they would make 1 and 2 come up a little
 * more often than the other faces, and every journal would replay other
 * dice than the reference. A state of 0 makes the next output 0 (the
 * output comes from the state before the step; on streams 54 and 0 the
 * one after it too): those are thrown away and the die is the first output
 * of 4 or more's, as the reference's, never the 1 a kept 0 would give. */
START_TEST (test_d6_rejects_the_low_outputs)
{
  static const guint64 streams[] = { WB_RNG_MATCH_STREAM, 54, 0 };

  for (guint i = 0; i < G_N_ELEMENTS (streams); i++)
    {
      WbRng a = { 0, (streams[i] << 1u) | 1u };
      WbRng b = a, probe = a;
      guint32 r;
      guint rejected = 0;

      while ((r = wb_rng_next (&probe)) < 4)
        rejected++;
      ck_assert_uint_ge (rejected, 1);
      ck_assert_msg (r % 6 != 0, "stream %u: the test needs a first kept output not ≡ 0 (mod 6)", i);
      ck_assert_int_eq (wb_rng_die (&a, 6), 1 + (int) (r % 6));
      ck_assert_int_eq (1 + (int) reference_bounded (&b, 6), 1 + (int) (r % 6));
      /* The rejected outputs are used up: the dice go on from the same place. */
      ck_assert (a.state == probe.state && b.state == probe.state);
    }
}
END_TEST

/* The match dice are part of every saved playtest: the stream is "WARBENCH"
 * in ASCII, and seed 1 on it gives these first 20 d6 (computed apart, with
 * a transcription of the reference pcg32_srandom_r / pcg32_boundedrand_r,
 * docs/rules-engine.md). A change here makes every journal a designer has
 * saved replay other dice. */
START_TEST (test_match_stream_pinned)
{
  static const int d6[] = { 6, 1, 6, 4, 1, 1, 1, 5, 3, 1, 5, 1, 6, 4, 3, 4, 4, 3, 5, 3 };
  const guint64 stream = WB_RNG_MATCH_STREAM;
  char name[9] = { 0 };
  WbRng rng;

  for (guint i = 0; i < 8; i++)
    name[i] = (char) ((stream >> (8 * (7 - i))) & 0xff);
  ck_assert_str_eq (name, "WARBENCH");
  wb_rng_seed (&rng, 1, WB_RNG_MATCH_STREAM);
  for (guint i = 0; i < G_N_ELEMENTS (d6); i++)
    ck_assert_msg (wb_rng_die (&rng, 6) == d6[i], "d6 number %u of seed 1", i + 1);
}
END_TEST

static Suite *
rng_suite (void)
{
  Suite *s = suite_create ("rng");
  TCase *tc = tcase_create ("pcg32");

  tcase_add_test (tc, test_reference_vectors);
  tcase_add_test (tc, test_dice);
  tcase_add_test (tc, test_dice_are_specified);
  tcase_add_test (tc, test_d6_rejects_the_low_outputs);
  tcase_add_test (tc, test_match_stream_pinned);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *sr = srunner_create (rng_suite ());
  int failed;

  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
