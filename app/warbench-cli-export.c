/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "warbench-cli"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "warbench-core.h"
#include "warbench-cli-private.h"

/* warbench-cli: exports to other programs — `vassal` (a VASSAL module). */

/* --- vassal ---------------------------------------------------------------- */

int
cmd_vassal (const char  *prog,
            int          argc,
            char       **argv)
{
  g_autofree char *output = NULL;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("The module to write (.vmod)"), N_("FILE") },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(WbGame) game = NULL;
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);

  if (!parse_options (prog, "vassal", _("FILE"),
                      _("Writes the game as a VASSAL module: the maps as boards with VASSAL's hex grid "
                        "and numbering (or a region per location), every unit and chit as a piece, "
                        "one predefined set-up per scenario, the tables as charts, the turn track "
                        "and the dice."),
                      _("What VASSAL cannot express is printed as a warning and the module is\n"
                        "written all the same; see docs/vassal-export.md."),
                      entries, &argc, &argv))
    return STATUS_USAGE;

  if (argc != 2)
    return usage_error (prog, "vassal", _("Give one game file"));
  if (output == NULL)
    return usage_error (prog, "vassal", _("No output file given (-o FILE.vmod)"));

  game = load_game (argv[1], &error);
  if (game == NULL)
    {
      print_load_error (argv[1], error);
      return STATUS_FAILED;
    }

  if (!wb_vassal_export (game, output, warnings, &error))
    {
      out (stderr, "%s: %s\n", prog, error->message);
      return STATUS_FAILED;
    }
  for (guint i = 0; i < warnings->len; i++)
    out (stderr, _("%s: warning: %s\n"), prog, (const char *) g_ptr_array_index (warnings, i));
  return STATUS_OK;
}
