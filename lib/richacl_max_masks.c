// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The largest file masks of an acl: for each file class (owner, group,
 * other), the permissions some process in that class can be granted by the
 * entries.  With these masks, enforcing the masks changes no decision, and
 * the masks (through richacl_masks_to_mode()) give the mode that ls shows.
 */
#include "sys/richacl.h"

/* How surely an entry applies to the process a walk is made for. */
enum match {
	MATCH_NO,	/* never */
	MATCH_MAY,	/* for some processes of the class, not for others */
	MATCH_MUST,	/* always */
};

typedef enum match (*match_fn)(const struct richace *ace,
			       const struct richace *who);

/*
 * The owner matches owner@ and everyone@.  Any other entry may match the
 * owner too: the owner can be in the owning group (group@), be the user of a
 * user entry, or be a member of the group of a group entry.  So an allow
 * entry of any kind can raise the owner mask, and only owner@ and everyone@
 * deny entries surely take a permission away from the owner.
 */
static enum match match_owner(const struct richace *ace,
			      const struct richace *who)
{
	(void)who;
	if (richace_is_owner(ace) || richace_is_everyone(ace))
		return MATCH_MUST;
	return MATCH_MAY;
}

/*
 * A process of the group class is not the owner and matches group@ or some
 * user or group entry.  The walk is made once for each such identifier @who,
 * for a process that matches @who and everyone@ and nothing else; any other
 * process of the class matches more entries, and every permission it is
 * granted first by some entry is also granted to the process that matches
 * only that entry's identifier (it sees a subset of the earlier entries).
 */
static enum match match_group_class(const struct richace *ace,
				    const struct richace *who)
{
	if (richace_is_everyone(ace) || richace_is_same_identifier(ace, who))
		return MATCH_MUST;
	return MATCH_NO;
}

/* The other class matches everyone@ only. */
static enum match match_other(const struct richace *ace,
			      const struct richace *who)
{
	(void)who;
	return richace_is_everyone(ace) ? MATCH_MUST : MATCH_NO;
}

/*
 * The permissions some process described by @match and @who can be granted.
 * Walking from the last entry to the first, an entry that may match can
 * grant its permissions (if it is the first to decide them); a deny entry
 * that surely matches takes its permissions away again, since it decides
 * them before any later entry could.
 */
static unsigned int max_granted(const struct richacl *acl, match_fn match,
				const struct richace *who)
{
	unsigned int mask = 0;
	unsigned int n;

	for (n = acl->a_count; n > 0; n--) {
		const struct richace *ace = &acl->a_entries[n - 1];
		enum match m;

		if (richace_is_inherit_only(ace))
			continue;
		m = match(ace, who);
		if (m == MATCH_NO)
			continue;
		if (richace_is_allow(ace))
			mask |= ace->e_mask;
		else if (richace_is_deny(ace) && m == MATCH_MUST)
			mask &= ~ace->e_mask;
	}
	return mask;
}

/* Is @ace the first effective entry in @acl that names its identifier? */
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

/*
 * The group mask: the union of what each identifier of the group class can
 * be granted.  The owning group always counts, with or without a group@
 * entry, so that a mode-equivalent acl gives exactly its mode.
 */
static unsigned int max_group_mask(const struct richacl *acl)
{
	const struct richace group = {
		.e_flags = RICHACE_SPECIAL_WHO,
		.e_id = RICHACE_GROUP_SPECIAL_ID,
	};
	unsigned int mask = max_granted(acl, match_group_class, &group);
	unsigned int n;

	for (n = 0; n < acl->a_count; n++) {
		const struct richace *ace = &acl->a_entries[n];

		if (richace_is_inherit_only(ace) || richace_is_owner(ace) ||
		    richace_is_group(ace) || richace_is_everyone(ace))
			continue;
		if (first_of_its_who(acl, n))
			mask |= max_granted(acl, match_group_class, ace);
	}
	return mask;
}

/**
 * richacl_compute_max_masks - set the file masks to what the entries grant
 *
 * Each mask becomes the set of permissions that some process of its class
 * can be granted by the entries (inherit-only entries do not count): an
 * upper bound of what the class is granted, and no larger than it needs to
 * be.  For an acl equivalent to a mode, the masks are exactly that mode.
 * Clears RICHACL_MASKED and RICHACL_WRITE_THROUGH: the masks of the result
 * take nothing away, so the acl grants what its entries say.
 */
void richacl_compute_max_masks(struct richacl *acl)
{
	acl->a_owner_mask = max_granted(acl, match_owner, NULL);
	acl->a_group_mask = max_group_mask(acl);
	acl->a_other_mask = max_granted(acl, match_other, NULL);
	acl->a_flags &= ~(RICHACL_MASKED | RICHACL_WRITE_THROUGH);
}
