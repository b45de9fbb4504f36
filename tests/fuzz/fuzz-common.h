/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "warbench-core.h"

/* libFuzzer harnesses (docs/testing.md, "Fuzzing"): each defines
 * LLVMFuzzerTestOneInput; the games they play on come from the source tree
 * (WARBENCH_SOURCE_DIR, else the tree they were built from). */
int      LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);
/* A bundled game, loaded once (data/games/@name); aborts if it cannot. */
WbGame  *fuzz_bundled_game      (const char *name);
