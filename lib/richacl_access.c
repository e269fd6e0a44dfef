// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The permission check: which of the requested permissions does an acl
 * grant a process?  A pure function of the acl, the file's owner and
 * group, and the process's credentials.
 *
 * This is the reference model of the kernel's check (the v11 series,
 * "richacl: Permission check algorithm"); the kernel is tested against it.
 *
 * The model
 * ---------
 * A process is the owner when its uid is the file's owner.  It is in the
 * owning group when its gid or one of its supplementary groups is the
 * file's group, and in group G likewise.
 *
 * Every process is in exactly one file class:
 *   - the owner class: the owner;
 *   - the group class: not the owner, but in the owning group, or matched
 *     by an entry other than everyone@ (group@, a user or a group entry);
 *   - the other class: everybody else.
 * The class only matters for masked acls: it says which file mask limits
 * what the entries grant.
 *
 * 1. A masked write-through acl grants the owner exactly the owner mask,
 *    whatever the entries say.
 *
 * 2. The entries are walked in order; inherit-only entries (and entries of
 *    an unknown type) do not take part.
 *    Which entries match:
 *      owner@     the owner;
 *      group@     members of the owning group;
 *      user:U     the process with uid U;
 *      group:G    members of G;
 *      everyone@  every process;
 *      unmapped   nobody (an identifier without a uid or gid).
 *    Each permission is decided by the first matching entry that contains
 *    it: allowed by an allow entry, denied by a deny entry.  Permissions no
 *    entry decides are denied.
 *
 *    In a masked acl, an allow entry other than owner@, everyone@, or a user
 *    entry naming the owner grants only what the group mask contains, even
 *    to the owner.  Without this, "group@:rw::allow" with an owner mask of
 *    rw and a group mask of r would grant the owner rw when the owner is in
 *    the owning group and r otherwise, which no acl without masks can say.
 *
 * 3. In a masked acl, the mask of the process's class then removes what it
 *    does not contain.  A masked write-through acl grants the other class
 *    exactly the other mask, whatever the entries say.
 *
 * Example: "joe:w::deny, everyone@:rw::allow" with the masks owner rw,
 * group r, other rw (masked).  joe: w is denied by the first entry, r
 * allowed by everyone@; joe is in the group class, the group mask keeps r:
 * joe gets r.  A stranger gets rw from everyone@, is in the other class
 * and keeps rw.
 */
#include "sys/richacl.h"

/* Is @gid the process's primary group or one of its supplementary groups? */
static int cred_in_group(const struct richacl_cred *cred, gid_t gid)
{
	size_t n;

	if (cred->gid == gid)
		return 1;
	for (n = 0; n < cred->ngroups; n++)
		if (cred->groups[n] == gid)
			return 1;
	return 0;
}

/* How an entry matches a process. */
enum match {
	MATCH_NONE,
	MATCH_OWNER,	/* owner@, or a user entry naming the owner */
	MATCH_GROUP,	/* group@, other user and group entries */
	MATCH_EVERYONE,	/* everyone@: does not decide the class */
};

static enum match ace_match(const struct richace *ace, uid_t owner,
			    gid_t group, const struct richacl_cred *cred)
{
	if (ace->e_flags & RICHACE_UNMAPPED_WHO)
		return MATCH_NONE;
	if (richace_is_owner(ace))
		return cred->uid == owner ? MATCH_OWNER : MATCH_NONE;
	if (richace_is_group(ace))
		return cred_in_group(cred, group) ? MATCH_GROUP : MATCH_NONE;
	if (richace_is_everyone(ace))
		return MATCH_EVERYONE;
	if (richace_is_unix_user(ace)) {
		if (cred->uid != (uid_t)ace->e_id)
			return MATCH_NONE;
		return cred->uid == owner ? MATCH_OWNER : MATCH_GROUP;
	}
	if (richace_is_unix_group(ace))
		return cred_in_group(cred, (gid_t)ace->e_id) ?
			MATCH_GROUP : MATCH_NONE;
	return MATCH_NONE;	/* an unknown special identifier */
}

unsigned int richacl_access(const struct richacl *acl, uid_t owner,
			    gid_t group, const struct richacl_cred *cred,
			    unsigned int requested)
{
	const int masked = !!(acl->a_flags & RICHACL_MASKED);
	const int write_through = !!(acl->a_flags & RICHACL_WRITE_THROUGH);
	const int is_owner = cred->uid == owner;
	int in_owner_or_group_class = is_owner || cred_in_group(cred, group);
	unsigned int undecided = requested, denied = 0;
	const struct richace *ace;

	if (masked && write_through && is_owner)
		return requested & acl->a_owner_mask;

	richacl_for_each_entry(ace, acl) {
		unsigned int mask = ace->e_mask;
		enum match match;

		if (richace_is_inherit_only(ace) ||
		    !(richace_is_allow(ace) || richace_is_deny(ace)))
			continue;
		match = ace_match(ace, owner, group, cred);
		if (match == MATCH_NONE)
			continue;
		if (match == MATCH_GROUP) {
			in_owner_or_group_class = 1;
			if (masked && richace_is_allow(ace))
				mask &= acl->a_group_mask;
		}
		if (richace_is_deny(ace))
			denied |= mask & undecided;
		undecided &= ~mask;
	}
	denied |= undecided;

	if (masked) {
		if (is_owner)
			denied |= requested & ~acl->a_owner_mask;
		else if (in_owner_or_group_class)
			denied |= requested & ~acl->a_group_mask;
		else if (write_through)
			denied = requested & ~acl->a_other_mask;
		else
			denied |= requested & ~acl->a_other_mask;
	}
	return requested & ~denied;
}
