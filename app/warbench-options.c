/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "warbench"

#include "config.h"

#include <glib/gi18n.h>

#include "warbench-options.h"

const GOptionEntry warbench_options[] = {
  { "version", 'V', 0, G_OPTION_ARG_NONE, NULL, N_("Show the version and quit"), NULL },
  { NULL }
};

const GOptionEntry warbench_gapplication_options[] = {
  { "help", 'h', 0, G_OPTION_ARG_NONE, NULL, N_("Show help options"), NULL },
  { "help-all", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Show all help options"), NULL },
  { "help-gapplication", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Show GApplication options"), NULL },
  { "gapplication-service", 0, 0, G_OPTION_ARG_NONE, NULL,
    N_("Enter GApplication service mode (use from D-Bus service files): start without a window and "
       "wait to be activated over D-Bus"), NULL },
  { NULL }
};

const WarbenchOperand warbench_operands[] = {
  { "*.warbench",
    N_("A game: opened in a window of its own, or in the window already showing it; a window "
       "that shows nothing yet is reused.") },
  { "*.warbench-play",
    N_("A playtest journal: replayed to where it stands, with the game it names (when that file "
       "is still the game it was played with) or else the one it carries, in the window that "
       "shows nothing yet or a new one, ready to go on playing (as Open Playtest… does). One "
       "that cannot be opened is said in a dialog.") },
  { NULL, NULL }
};
