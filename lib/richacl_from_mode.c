// SPDX-License-Identifier: LGPL-2.1-or-later
/* The acl that says exactly what a file mode says. */
#include <errno.h>
#include <sys/stat.h>

#include "sys/richacl.h"

/* Append an entry for special @id, when @mask is not empty. */
static int add_special(struct richacl *acl, unsigned short type,
		       unsigned int id, unsigned int mask)
{
	struct richace *ace;

	if (!mask)
		return 0;
	ace = richacl_insert_entry(acl, acl->a_count);
	if (!ace)
		return -1;
	ace->e_type = type;
	ace->e_flags = RICHACE_SPECIAL_WHO;
	ace->e_mask = mask;
	ace->e_id = id;
	return 0;
}

/**
 * richacl_from_mode - the acl equivalent to the permission bits of @mode
 *
 * With o, g and e the permissions of the owner, group and other mode
 * classes, the entries are:
 *
 *	owner@:(g|e) & ~o::deny	  (what group@ or everyone@ would add)
 *	owner@:o::allow		  (unless o is in both g and e)
 *	group@:e & ~g::deny	  (what everyone@ would add)
 *	group@:g::allow		  (unless g is in e)
 *	everyone@:e::allow
 *
 * each only when its permissions are not empty.  An allow entry carries
 * its whole class, also what everyone@ grants again: this is the acl the
 * 2015 tools show for a file without one, and scripts compare that text.
 * The owner's entries come first, so an owner who is also in the owning
 * group is not affected by the group@ entries: the acl grants exactly what
 * the mode does, to every process.  Delete_child is only used for
 * directories.  The masks are the three mode classes; no flags are set.
 * Returns NULL with errno set on failure.
 */
struct richacl *richacl_from_mode(mode_t mode)
{
	unsigned int ignore = S_ISDIR(mode) ? 0 : RICHACE_DELETE_CHILD;
	unsigned int owner = richacl_mode_to_mask(mode >> 6) & ~ignore;
	unsigned int group = richacl_mode_to_mask(mode >> 3) & ~ignore;
	unsigned int other = richacl_mode_to_mask(mode) & ~ignore;
	const unsigned short allow = RICHACE_ACCESS_ALLOWED_ACE_TYPE;
	const unsigned short deny = RICHACE_ACCESS_DENIED_ACE_TYPE;
	struct richacl *acl = richacl_alloc(0);

	if (!acl)
		return NULL;
	acl->a_owner_mask = owner;
	acl->a_group_mask = group;
	acl->a_other_mask = other;

	if (add_special(acl, deny, RICHACE_OWNER_SPECIAL_ID,
			~owner & (group | other)) ||
	    add_special(acl, allow, RICHACE_OWNER_SPECIAL_ID,
			owner & ~(group & other) ? owner : 0) ||
	    add_special(acl, deny, RICHACE_GROUP_SPECIAL_ID, ~group & other) ||
	    add_special(acl, allow, RICHACE_GROUP_SPECIAL_ID,
			group & ~other ? group : 0) ||
	    add_special(acl, allow, RICHACE_EVERYONE_SPECIAL_ID, other)) {
		int error = errno;

		richacl_free(acl);
		errno = error;
		return NULL;
	}
	return acl;
}
