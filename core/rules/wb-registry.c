/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-family"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "wb-error.h"
#include "rules/wb-family.h"
#include "rules/wb-registry-private.h"

/* The registry of rules families: the built-in ones (each family's folder
 * names itself in its meson.build, see core/rules/meson.build) and those
 * registered at run time, found by id; and the check of the versions a
 * journal was played by against the family's (docs/rules-engine.md). */

/* A game whose family is not found is played in free play (wb-play.h).
 * Families registered at run time (a family still being built, in its
 * tests): looked up after the built-in ones. */
static GPtrArray *extra_families;
G_LOCK_DEFINE_STATIC (extra_families);

const WbRulesFamily *
wb_rules_family_find (const char *id)
{
  const WbRulesFamily *families[64];
  guint n = wb_rules_builtin_families (families, G_N_ELEMENTS (families));
  const WbRulesFamily *found = NULL;

  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (families[i]->id, id) == 0)
      return families[i];
  G_LOCK (extra_families);
  for (guint i = 0; extra_families != NULL && i < extra_families->len && found == NULL; i++)
    if (g_strcmp0 (((const WbRulesFamily *) g_ptr_array_index (extra_families, i))->id, id) == 0)
      found = g_ptr_array_index (extra_families, i);
  G_UNLOCK (extra_families);
  return found;
}

GPtrArray *
wb_rules_family_list (void)
{
  const WbRulesFamily *families[64];
  guint n = wb_rules_builtin_families (families, G_N_ELEMENTS (families));
  GPtrArray *out = g_ptr_array_new ();

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (out, (gpointer) families[i]);
  G_LOCK (extra_families);
  for (guint i = 0; extra_families != NULL && i < extra_families->len; i++)
    if (!g_ptr_array_find (out, g_ptr_array_index (extra_families, i), NULL))
      g_ptr_array_add (out, g_ptr_array_index (extra_families, i));
  G_UNLOCK (extra_families);
  return out;
}

void
wb_rules_family_register (const WbRulesFamily *family)
{
  g_return_if_fail (family != NULL && family->id != NULL);
  G_LOCK (extra_families);
  if (extra_families == NULL)
    extra_families = g_ptr_array_new ();
  if (!g_ptr_array_find (extra_families, family, NULL))
    g_ptr_array_add (extra_families, (gpointer) family);
  G_UNLOCK (extra_families);
}

gboolean
wb_rules_version_check (const char          *what,
                        guint                played,
                        guint                current,
                        const WbRulesChange *changes,
                        guint                n_changes,
                        GError             **error)
{
  if (played > current)
    {
      g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_TOO_NEW,
                   /* TRANSLATORS: a playtest from a newer Warbench: the rules (a family id, or
                    * "the engine"), the version that played it, the version here */
                   _("This playtest was played by a newer Warbench (%s version %u; this one plays up to "
                     "version %u): open it with that Warbench or a newer one"), what, played, current);
      return FALSE;
    }
  for (guint i = 0; i < n_changes; i++)
    if (changes[i].version > played && changes[i].version <= current && !changes[i].old_kept)
      {
        g_set_error (error, WB_FORMAT_ERROR, WB_FORMAT_ERROR_TOO_OLD,
                     /* TRANSLATORS: the rules (a family id, or "the engine"), the version that
                      * played the playtest, the version that changed, what changed */
                     _("This playtest was played by %s version %u, and version %u changed how the game "
                       "plays: %s. It cannot replay as it was played: open it with a Warbench of %s "
                       "version %u, or start a new playtest"),
                     what, played, changes[i].version, _(changes[i].text), what, played);
        return FALSE;
      }
  return TRUE;
}
