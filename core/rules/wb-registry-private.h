/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "rules/wb-family.h"

G_BEGIN_DECLS

/* The families built into the engine, in the order of core/rules/meson.build
 * (generated: wb-families-builtin.c): at most @max into @out; how many. */
guint wb_rules_builtin_families (const WbRulesFamily **out, guint max);

G_END_DECLS
