// SPDX-License-Identifier: LGPL-2.1-or-later
/* setrichacl --modify: merge entries into an acl. */
#include <errno.h>

#include "sys/richacl.h"

static int is_inherited(const struct richace *ace)
{
	return !!(ace->e_flags & RICHACE_INHERITED_ACE);
}

/* Does @change replace @ace: same who, same type, same inherited flag? */
static int same_entry(const struct richace *ace, const struct richace *change)
{
	return ace->e_type == change->e_type &&
	       is_inherited(ace) == is_inherited(change) &&
	       richace_is_same_identifier(ace, change);
}

/*
 * Where a new entry goes, keeping the usual order: non-inherited entries
 * before inherited ones, and in each part the deny entries first.
 */
static unsigned int insert_position(const struct richacl *acl,
				    const struct richace *change)
{
	unsigned int n = 0, end;

	if (!is_inherited(change)) {
		if (richace_is_deny(change)) {
			/* After the leading run of non-inherited denies. */
			while (n < acl->a_count &&
			       richace_is_deny(&acl->a_entries[n]) &&
			       !is_inherited(&acl->a_entries[n]))
				n++;
			return n;
		}
		/* After the last non-inherited entry. */
		for (end = 0; n < acl->a_count; n++)
			if (!is_inherited(&acl->a_entries[n]))
				end = n + 1;
		return end;
	}
	if (richace_is_deny(change)) {
		/* After the denies that start the inherited block. */
		while (n < acl->a_count && !is_inherited(&acl->a_entries[n]))
			n++;
		while (n < acl->a_count &&
		       richace_is_deny(&acl->a_entries[n]) &&
		       is_inherited(&acl->a_entries[n]))
			n++;
		return n;
	}
	return acl->a_count;
}

/* Apply one entry of the changes to @acl. */
static int modify_entry(struct richacl *acl, const struct richace *change)
{
	struct richace *ace;
	unsigned int n = 0;
	int found = 0;

	while (n < acl->a_count) {
		ace = &acl->a_entries[n];
		if (!same_entry(ace, change)) {
			n++;
			continue;
		}
		if (found || !change->e_mask) {
			/* A duplicate, or an entry to remove. */
			richacl_delete_entry(acl, n);
			continue;
		}
		ace->e_mask = change->e_mask;
		ace->e_flags = change->e_flags;
		found = 1;
		n++;
	}
	if (found || !change->e_mask)
		return 0;

	ace = richacl_insert_entry(acl, insert_position(acl, change));
	if (!ace)
		return -1;
	if (richace_copy(ace, change)) {
		int error = errno;

		richacl_delete_entry(acl, ace - acl->a_entries);
		errno = error;
		return -1;
	}
	return 0;
}

/**
 * richacl_modify - merge the entries of @changes into @acl
 *
 * For each entry of @changes, in order: the entries of @acl with the same
 * who, the same type and the same inherited flag are its matches.  When
 * the change has no permissions, its matches are removed.  Otherwise the
 * first match takes the permissions and flags of the change and any further
 * matches are removed; with no match, the change is inserted: a
 * non-inherited deny after the leading run of non-inherited deny entries, a
 * non-inherited allow after the last non-inherited entry, an inherited deny
 * after the deny entries that start the inherited entries, an inherited
 * allow at the end.
 *
 * Only the entries of @changes are used: its flags and masks are the
 * caller's business (setrichacl sets the acl flags and masks that were
 * given, and computes the masks otherwise).  @acl should have its masks
 * applied already (see richacl_apply_masks()); its flags and masks are left
 * as they are.
 *
 * Returns 0, or -1 with errno on failure (@acl may then be partly
 * modified, but is a valid acl).
 */
int richacl_modify(struct richacl *acl, const struct richacl *changes)
{
	const struct richace *change;

	richacl_for_each_entry(change, changes)
		if (modify_entry(acl, change))
			return -1;
	return 0;
}
