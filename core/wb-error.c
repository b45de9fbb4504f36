/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-error"
#include "config.h"

#include "wb-error.h"

G_DEFINE_QUARK (wb-format-error-quark, wb_format_error)
G_DEFINE_QUARK (wb-rules-error-quark, wb_rules_error)
