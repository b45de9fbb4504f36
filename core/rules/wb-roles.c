/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-roles"
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "rules/wb-params.h"
#include "rules/wb-roles.h"
#include "wb-format-read-private.h"

/* The roles a family knows, and the reader's check of the roles a game
 * gives (wb-format-read.c calls wb_roles_refusal for each). */

const WbRole *
wb_rules_family_find_role (const WbRulesFamily *family, const char *id)
{
  g_return_val_if_fail (family != NULL, NULL);
  for (guint i = 0; id != NULL && i < family->n_roles; i++)
    if (strcmp (family->roles[i].id, id) == 0)
      return &family->roles[i];
  return NULL;
}

const char *
wb_role_on_describe (WbRoleOn on)
{
  switch (on)
    {
    case WB_ROLE_ON_UNIT_CLASS:
      return _("unit classes");
    case WB_ROLE_ON_HEX:
      return _("hex features");
    case WB_ROLE_ON_HEXSIDE:
      return _("hexside features");
    case WB_ROLE_ON_CONNECTION:
      return _("connection classes");
    case WB_ROLE_ON_CROSSING:
      return _("crossings");
    default:
      return _("other records");
    }
}

char *
wb_roles_refusal (const char *family_id, const char *role, WbRoleOn on)
{
  const WbRulesFamily *family = wb_rules_family_find (family_id);
  const WbRole *known;
  g_autoptr(GString) list = NULL;
  g_autoptr(GPtrArray) names = NULL;
  const char *near;

  g_return_val_if_fail (role != NULL, NULL);
  if (family == NULL)
    return NULL;
  known = wb_rules_family_find_role (family, role);
  if (known != NULL && (known->on & on) != 0)
    return NULL;
  list = g_string_new (NULL);
  names = g_ptr_array_new ();
  for (guint i = 0; i < family->n_roles; i++)
    if (family->roles[i].on & on)
      {
        g_string_append_printf (list, "%s%s", list->len > 0 ? ", " : "", family->roles[i].id);
        g_ptr_array_add (names, (gpointer) family->roles[i].id);
      }
  if (known != NULL)
    {
      WbRoleOn first = 1;

      while (!(known->on & first))
        first <<= 1;
      return g_strdup_printf (_("the role “%s” of the “%s” rules is for %s, not %s"),
                              role, family_id, wb_role_on_describe (first), wb_role_on_describe (on));
    }
  near = wb_params_suggest (role, (const char * const *) names->pdata, names->len);
  if (names->len == 0)
    return g_strdup_printf (_("the “%s” rules know no role “%s”, and none for %s"),
                            family_id, role, wb_role_on_describe (on));
  if (near != NULL)
    return g_strdup_printf (_("the “%s” rules know no role “%s” (did you mean “%s”? roles of %s: %s)"),
                            family_id, role, near, wb_role_on_describe (on), list->str);
  return g_strdup_printf (_("the “%s” rules know no role “%s” (roles of %s: %s)"),
                          family_id, role, wb_role_on_describe (on), list->str);
}

char *
wb_roles_list_refusal (const char *family_id, GPtrArray *roles, WbRoleOn on)
{
  for (guint i = 0; roles != NULL && i < roles->len; i++)
    {
      const char *role = g_ptr_array_index (roles, i);
      char *refusal;

      if (role == NULL || !wb_read_valid_id (role))
        return g_strdup_printf (_("“%s” is not a valid role id (expected 1–64 characters from A–Z a–z 0–9 _ - .)"),
                                role != NULL ? role : "");
      for (guint j = 0; j < i; j++)
        if (g_strcmp0 (g_ptr_array_index (roles, j), role) == 0)
          return g_strdup_printf (_("the role “%s” is listed twice"), role);
      if ((refusal = wb_roles_refusal (family_id, role, on)) != NULL)
        return refusal;
    }
  return NULL;
}
