// SPDX-License-Identifier: LGPL-2.1-or-later
/* Does an acl say no more than the permission bits of a mode can say? */
#include <sys/stat.h>

#include "sys/richacl.h"

/*
 * The processes whose permissions decide: POSIX gives the owner the owner
 * bits whether or not the owner is in the owning group, so the owner is
 * looked at both ways.
 */
enum process {
	OWNER,			/* the owner, not in the owning group */
	OWNER_IN_GROUP,		/* the owner, also in the owning group */
	GROUP,			/* in the owning group, not the owner */
	OTHER,			/* neither */
	NR_PROCESSES
};

/* Which special identifiers each process matches. */
static const struct {
	unsigned char owner, group;	/* everyone@ matches them all */
} matches[NR_PROCESSES] = {
	[OWNER]		 = { 1, 0 },
	[OWNER_IN_GROUP] = { 1, 1 },
	[GROUP]		 = { 0, 1 },
	[OTHER]		 = { 0, 0 },
};

static int entry_matches(const struct richace *ace, enum process p)
{
	if (richace_is_owner(ace))
		return matches[p].owner;
	if (richace_is_group(ace))
		return matches[p].group;
	return richace_is_everyone(ace);
}

/*
 * What the entries grant process @p: for each permission, the first entry
 * that matches and names it decides.  In a masked acl, the group mask limits
 * what group@ allow entries grant (the owner and the other class get their
 * masks applied afterwards).
 */
static unsigned int granted(const struct richacl *acl, enum process p)
{
	unsigned int allowed = 0, denied = 0;
	const struct richace *ace;

	richacl_for_each_entry(ace, acl) {
		unsigned int mask = ace->e_mask;

		if (!entry_matches(ace, p))
			continue;
		if (richace_is_allow(ace)) {
			if ((acl->a_flags & RICHACL_MASKED) &&
			    richace_is_group(ace))
				mask &= acl->a_group_mask;
			allowed |= mask & ~denied;
		} else {
			denied |= mask & ~allowed;
		}
	}
	return allowed;
}

/*
 * The mode bits (0..7) that say exactly @mask, ignoring the permissions in
 * @ignore; -1 when no mode bits do.
 */
static int class_mode(unsigned int mask, unsigned int ignore)
{
	mode_t mode;

	mask &= ~ignore;
	mode = richacl_mask_to_mode(mask);
	if ((richacl_mode_to_mask(mode) & ~ignore) != mask)
		return -1;
	return mode;
}

/* Only the special identifiers, no inheritance, allow and deny only. */
static int entries_are_posix(const struct richacl *acl)
{
	const struct richace *ace;

	richacl_for_each_entry(ace, acl) {
		if (ace->e_flags != RICHACE_SPECIAL_WHO ||
		    ace->e_id > RICHACE_EVERYONE_SPECIAL_ID ||
		    (!richace_is_allow(ace) && !richace_is_deny(ace)))
			return 0;
	}
	return 1;
}

/**
 * richacl_equiv_mode - the permission bits that say what @acl says
 * @acl:	the acl
 * @mode:	in: the file type bits (only S_ISDIR matters); out: also the
 *		permission bits, when the acl is equivalent to a mode
 *
 * An acl is equivalent to a mode when it has no flags but masked and
 * write_through, only owner@, group@ and everyone@ entries without entry
 * flags, and the owner (whether in the owning group or not), the owning
 * group and everybody else are granted exactly what three mode bits each
 * stand for.  Permissions the mode cannot take away are ignored: the always
 * allowed ones, those the owner always has (for the owner), and
 * delete_child on non-directories.
 *
 * Returns 0 and sets the permission bits of *@mode (keeping its other
 * bits), or returns -1 and leaves *@mode alone.
 */
int richacl_equiv_mode(const struct richacl *acl, mode_t *mode)
{
	unsigned int ignore = RICHACE_POSIX_ALWAYS_ALLOWED |
			      (S_ISDIR(*mode) ? 0 : RICHACE_DELETE_CHILD);
	unsigned int owner_ignore = ignore | RICHACE_POSIX_OWNER_ALLOWED;
	unsigned int owner, owner_in_group, group, other;
	int o, g, e;

	if (acl->a_flags & ~(RICHACL_MASKED | RICHACL_WRITE_THROUGH))
		return -1;
	if (!entries_are_posix(acl))
		return -1;

	owner = granted(acl, OWNER);
	owner_in_group = granted(acl, OWNER_IN_GROUP);
	group = granted(acl, GROUP);
	other = granted(acl, OTHER);

	if (acl->a_flags & RICHACL_MASKED) {
		if (acl->a_flags & RICHACL_WRITE_THROUGH) {
			owner = acl->a_owner_mask;
			owner_in_group = acl->a_owner_mask;
			other = acl->a_other_mask;
		} else {
			owner &= acl->a_owner_mask;
			owner_in_group &= acl->a_owner_mask;
			other &= acl->a_other_mask;
		}
		group &= acl->a_group_mask;
	}

	/* POSIX: being in the owning group changes nothing for the owner. */
	if ((owner ^ owner_in_group) & ~owner_ignore)
		return -1;

	o = class_mode(owner, owner_ignore);
	g = class_mode(group, ignore);
	e = class_mode(other, ignore);
	if (o < 0 || g < 0 || e < 0)
		return -1;
	*mode = (*mode & ~(mode_t)0777) | o << 6 | g << 3 | e;
	return 0;
}
