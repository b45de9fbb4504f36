/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "rules/wb-family.h"

G_BEGIN_DECLS

/* Roles (docs/file-format.md, "Roles"): what a rules family treats
 * specially — a cavalry class, a river crossing, a rail line — is a role
 * the game gives to a unit class or a feature, never an id the family
 * expects. Each family lists the roles it knows (WbRulesFamily.roles). */

/* The role @id of @family, or NULL. */
const WbRole *wb_rules_family_find_role (const WbRulesFamily *family, const char *id);
/* What @on names, for messages: "unit classes", "connection classes"… (one
 * bit; translated). */
const char   *wb_role_on_describe       (WbRoleOn on);
/* Why role @role may not be given to a record of kind @on in a game of
 * family @family_id (transfer full, translated): a role the family does
 * not know, with a "did you mean" and the roles there are, or one for other
 * records. NULL when it may: also for every role when the family is not
 * one the engine plays (free play reads no roles). */
char         *wb_roles_refusal          (const char *family_id, const char *role, WbRoleOn on);
/* The same for a whole list (ids interned): also refuses an invalid id or
 * one listed twice. */
char         *wb_roles_list_refusal     (const char *family_id, GPtrArray *roles, WbRoleOn on);

G_END_DECLS
