// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The maximum file masks of an acl: for each file class (owner, group,
 * other), exactly the permissions that some process of that class can be
 * granted by the entries.  Enforcing these masks changes no decision, and
 * through richacl_masks_to_mode() they give the mode that ls shows.
 */
#include "sys/richacl.h"

/*
 * The permissions the entries grant a process that matches everyone@,
 * owner@ when @owner, the entries of identifier @who (if not NULL), and no
 * other entry: for each permission, the first matching entry that names it
 * decides.  Walking from the last entry to the first, an allow sets its
 * permissions and a deny clears them, so the earliest entry wins.
 */
static unsigned int granted(const struct richacl *acl, int owner,
			    const struct richace *who)
{
	unsigned int mask = 0;
	unsigned int n;

	for (n = acl->a_count; n > 0; n--) {
		const struct richace *ace = &acl->a_entries[n - 1];

		if (richace_is_inherit_only(ace))
			continue;
		if (!richace_is_everyone(ace) &&
		    !(owner && richace_is_owner(ace)) &&
		    !(who && richace_is_same_identifier(ace, who)))
			continue;
		if (richace_is_allow(ace))
			mask |= ace->e_mask;
		else if (richace_is_deny(ace))
			mask &= ~ace->e_mask;
	}
	return mask;
}

/* Is entry @index the first effective entry of its identifier? */
static int first_of_its_who(const struct richacl *acl, unsigned int index)
{
	const struct richace *ace = &acl->a_entries[index];
	unsigned int n;

	for (n = 0; n < index; n++) {
		const struct richace *prev = &acl->a_entries[n];

		if (!richace_is_inherit_only(prev) &&
		    richace_is_same_identifier(prev, ace))
			return 0;
	}
	return 1;
}

/**
 * richacl_compute_max_masks - set the file masks to what the entries grant
 *
 * A process matches some of the entries: the owner matches owner@ and
 * everyone@, every process matches everyone@, and a process may match
 * group@ (when in the owning group) and any user or group entries.  The
 * owner class is the owner, the group class the other processes that are
 * in the owning group or match a user or group entry, the other class the
 * rest.  Each mask is the union of what the processes of its class are
 * granted; inherit-only entries do not count.
 *
 * It suffices to look at one process for each identifier: the one that
 * matches the entries of that identifier besides those every process of
 * the class matches.  A process that matches more is granted each of its
 * permissions by some first entry; the process for that entry's identifier
 * matches that entry and only a subset of the entries before it, so it is
 * granted the permission too.  This is why user and group entries (and
 * group@) raise the owner mask: the owner may be that user, or a member
 * of that group.  And since a user or group entry need not match the owner,
 * or every process of the group class, its deny entries lower those masks
 * only for the process of its own identifier.
 *
 * For an acl equivalent to a mode, the masks are exactly that mode.
 * Clears RICHACL_MASKED and RICHACL_WRITE_THROUGH: the acl grants what its
 * entries say, and the masks describe it.
 */
void richacl_compute_max_masks(struct richacl *acl)
{
	const struct richace group = {
		.e_flags = RICHACE_SPECIAL_WHO,
		.e_id = RICHACE_GROUP_SPECIAL_ID,
	};
	unsigned int n;

	acl->a_owner_mask = granted(acl, 1, NULL) | granted(acl, 1, &group);
	/* The owning group counts with or without a group@ entry. */
	acl->a_group_mask = granted(acl, 0, &group);
	acl->a_other_mask = granted(acl, 0, NULL);

	for (n = 0; n < acl->a_count; n++) {
		const struct richace *ace = &acl->a_entries[n];

		if (richace_is_inherit_only(ace) || richace_is_owner(ace) ||
		    richace_is_group(ace) || richace_is_everyone(ace) ||
		    !first_of_its_who(acl, n))
			continue;
		acl->a_owner_mask |= granted(acl, 1, ace);
		acl->a_group_mask |= granted(acl, 0, ace);
	}
	acl->a_flags &= ~(RICHACL_MASKED | RICHACL_WRITE_THROUGH);
}
