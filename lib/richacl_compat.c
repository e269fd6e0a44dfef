// SPDX-License-Identifier: LGPL-2.1-or-later
/* Acl editing helpers of richacl_apply_masks(); see richacl_compat.h. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "richacl_compat.h"

int compat_is_effective(const struct richace *ace)
{
	return !richace_is_inherit_only(ace) &&
	       (richace_is_allow(ace) || richace_is_deny(ace));
}

int compat_is_owner_entry(const struct richace *ace, uid_t owner)
{
	return richace_is_owner(ace) ||
	       (richace_is_unix_user(ace) && (uid_t)ace->e_id == owner);
}

unsigned int compat_class_mask(const struct richacl *acl,
			       const struct richace *ace, uid_t owner)
{
	if (compat_is_owner_entry(ace, owner))
		return acl->a_owner_mask;
	if (richace_is_everyone(ace))
		return acl->a_other_mask;
	return acl->a_group_mask;
}

struct richace compat_special_who(unsigned int id)
{
	struct richace who = {
		.e_flags = RICHACE_SPECIAL_WHO,
		.e_id = id,
	};

	return who;
}

int compat_change_mask(struct richacl *acl, unsigned int *index,
		       unsigned int mask)
{
	struct richace *ace = &acl->a_entries[*index];

	if (ace->e_mask == mask)
		return 0;
	if (richace_is_inheritable(ace)) {
		/* Keep what is inherited: an inherit-only copy goes first. */
		if (!richacl_insert_entry(acl, *index))
			return -1;
		if (richace_copy(&acl->a_entries[*index],
				 &acl->a_entries[*index + 1])) {
			richacl_delete_entry(acl, *index);
			return -1;
		}
		acl->a_entries[*index].e_flags |= RICHACE_INHERIT_ONLY_ACE;
		(*index)++;
		ace = &acl->a_entries[*index];
		ace->e_flags &= ~RICHACE_INHERITANCE_FLAGS;
	}
	/* What an entry gains was not inherited. */
	if (mask & ~ace->e_mask)
		ace->e_flags &= ~RICHACE_INHERITED_ACE;
	ace->e_mask = mask;
	return 0;
}

int compat_insert(struct richacl *acl, unsigned int index,
		  const struct richace *who, unsigned short type,
		  unsigned int mask)
{
	unsigned short flags = who->e_flags & COMPAT_WHO_FLAGS;
	unsigned int id = who->e_id;
	char *name = NULL;
	struct richace *ace;

	/* Copy the identifier first: @who may move with the entries. */
	if (who->e_who) {
		name = strdup(who->e_who);
		if (!name)
			return -1;
	}
	ace = richacl_insert_entry(acl, index);
	if (!ace) {
		free(name);
		return -1;
	}
	ace->e_type = type;
	ace->e_flags = flags;
	ace->e_mask = mask;
	ace->e_id = id;
	ace->e_who = name;
	return 0;
}

int compat_trailing_everyone(const struct richacl *acl)
{
	const struct richace *ace;

	if (!acl->a_count)
		return -1;
	ace = &acl->a_entries[acl->a_count - 1];
	if (compat_is_effective(ace) && richace_is_everyone(ace) &&
	    richace_is_allow(ace))
		return acl->a_count - 1;
	return -1;
}

void compat_remove_empty(struct richacl *acl)
{
	unsigned int n, kept = 0;

	/* One pass: deleting one entry at a time moved the rest each time. */
	for (n = 0; n < acl->a_count; n++) {
		struct richace *ace = &acl->a_entries[n];

		if (compat_is_effective(ace) && !ace->e_mask &&
		    !richace_is_inheritable(ace))
			free(ace->e_who);
		else
			acl->a_entries[kept++] = *ace;
	}
	acl->a_count = kept;
}

void compat_replace(struct richacl *to, struct richacl *from)
{
	struct richace *ace;

	richacl_for_each_entry(ace, to)
		free(ace->e_who);
	free(to->a_entries);
	*to = *from;
	free(from);
}
