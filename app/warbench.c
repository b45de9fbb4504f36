/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "warbench"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "wb-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(WbApplication) app = NULL;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = wb_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
