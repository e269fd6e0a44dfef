// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Applying the file masks the way the 2015 series does it (its patches
 * "Move everyone@ aces down the acl", "Propagate everyone@ permissions to
 * other aces", "Set the owner permissions to the owner mask", ...), step
 * by step and in its order, quirks included, so that getrichacl prints
 * what the 2015 tools print.  richacl_apply_masks() only keeps the result
 * when it grants every process exactly what the masked acl grants; see
 * lib/richacl_apply_masks.c.
 *
 * The quirks that matter (each can make the result inexact, which the
 * caller then notices):
 *
 *  - An entry whose permissions change to nothing but a, c and S (the
 *    permissions POSIX always allows) counts as empty: an inheritable one
 *    becomes inherit-only, any other one goes at once.  A principal whose
 *    only entries go that way no longer matches any entry.
 *  - The owner and other masks lose a, c and S before write_through gives
 *    them to the owner and to everyone@.
 *  - An entry that is split keeps its inherited flag in the effective
 *    part, whatever it gains; the entries the steps create have none.
 *
 * Entries are addressed by index (inserting may move the array); a step
 * that deletes the entry at *n leaves *n at the entry before it, so that a
 * loop's n++ moves on to the next one.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "richacl_compat.h"

/* Set the permissions of the entry at *@n to @mask, as the seeds do. */
static int seeds_change_mask(struct richacl *acl, int *n, unsigned int mask)
{
	struct richace *ace = &acl->a_entries[*n];

	if (mask && ace->e_mask == mask) {
		ace->e_flags &= ~RICHACE_INHERIT_ONLY_ACE;
		return 0;
	}
	if (!(mask & ~RICHACE_POSIX_ALWAYS_ALLOWED)) {
		if (richace_is_inheritable(ace)) {
			ace->e_flags |= RICHACE_INHERIT_ONLY_ACE;
		} else {
			richacl_delete_entry(acl, *n);
			(*n)--;
		}
		return 0;
	}
	if (richace_is_inheritable(ace)) {
		/* An inherit-only copy first, then the effective entry. */
		if (!richacl_insert_entry(acl, *n))
			return -1;
		if (richace_copy(&acl->a_entries[*n], &acl->a_entries[*n + 1])) {
			richacl_delete_entry(acl, *n);
			return -1;
		}
		acl->a_entries[*n].e_flags |= RICHACE_INHERIT_ONLY_ACE;
		(*n)++;
		acl->a_entries[*n].e_flags &= ~(RICHACE_INHERITANCE_FLAGS &
						~RICHACE_INHERITED_ACE);
	}
	acl->a_entries[*n].e_mask = mask;
	return 0;
}

/* Is the last entry an effective everyone@ entry?  Its index, or -1. */
static int seeds_last_everyone(const struct richacl *acl)
{
	const struct richace *ace;

	if (!acl->a_count)
		return -1;
	ace = &acl->a_entries[acl->a_count - 1];
	if (richace_is_inherit_only(ace) || !richace_is_everyone(ace))
		return -1;
	return acl->a_count - 1;
}

/*
 * Move everyone@ down: each effective everyone@ entry goes (or becomes
 * inherit-only); what it allowed is added to the allow entries below it
 * and removed from the deny entries below it, what it denied the other
 * way round; one everyone@ allow entry at the end allows what they
 * allowed.  An inherit-only everyone@ allow entry at the end with exactly
 * these permissions becomes effective instead.
 */
static int seeds_move_everyone_down(struct richacl *acl)
{
	unsigned int allowed = 0, denied = 0;
	struct richace *last;
	int n;

	for (n = 0; n < (int)acl->a_count; n++) {
		const struct richace *ace = &acl->a_entries[n];
		unsigned int mask;

		if (richace_is_inherit_only(ace))
			continue;
		if (richace_is_allow(ace))
			mask = richace_is_everyone(ace) ? 0 :
			       allowed | (ace->e_mask & ~denied);
		else if (richace_is_deny(ace))
			mask = richace_is_everyone(ace) ? 0 :
			       denied | (ace->e_mask & ~allowed);
		else
			continue;
		if (richace_is_everyone(ace)) {
			if (richace_is_allow(ace))
				allowed |= ace->e_mask & ~denied;
			else
				denied |= ace->e_mask & ~allowed;
		}
		if (seeds_change_mask(acl, &n, mask))
			return -1;
	}
	if (!(allowed & ~RICHACE_POSIX_ALWAYS_ALLOWED))
		return 0;
	if (acl->a_count) {
		last = &acl->a_entries[acl->a_count - 1];
		if (richace_is_everyone(last) && richace_is_allow(last) &&
		    richace_is_inherit_only(last) && last->e_mask == allowed) {
			last->e_flags &= ~RICHACE_INHERIT_ONLY_ACE;
			return 0;
		}
	}
	last = &(struct richace){ .e_flags = RICHACE_SPECIAL_WHO,
				  .e_id = RICHACE_EVERYONE_SPECIAL_ID };
	return compat_insert(acl, acl->a_count, last,
			     RICHACE_ACCESS_ALLOWED_ACE_TYPE, allowed);
}

/*
 * Give the principal of @who @allow before the trailing everyone@ entry:
 * drop what entries for @who decide already; add the rest to the last
 * allow entry for @who unless a deny entry for somebody else below it
 * denies any of it, else insert an allow entry just before everyone@.  For
 * the group class, what everyone@ keeps under the other mask needs no
 * entry.
 */
static int seeds_propagate_to(struct richacl *acl, const struct richace *who,
			      unsigned int allow)
{
	int n, allow_last = -1, last = acl->a_count - 1;
	const struct richace *end;

	for (n = 0; n < (int)acl->a_count; n++) {
		const struct richace *ace = &acl->a_entries[n];

		if (richace_is_inherit_only(ace))
			continue;
		if (richace_is_allow(ace)) {
			if (richace_is_same_identifier(ace, who)) {
				allow &= ~ace->e_mask;
				allow_last = n;
			}
		} else if (richace_is_deny(ace)) {
			if (richace_is_same_identifier(ace, who))
				allow &= ~ace->e_mask;
			else if (allow & ace->e_mask)
				allow_last = -1;
		}
	}
	end = &acl->a_entries[last];
	if (!richace_is_owner(who) && richace_is_everyone(end) &&
	    !(allow & ~(end->e_mask & acl->a_other_mask)))
		allow = 0;
	if (!allow)
		return 0;
	if (allow_last != -1)
		return seeds_change_mask(acl, &allow_last,
					 acl->a_entries[allow_last].e_mask |
					 allow);
	return compat_insert(acl, last, who, RICHACE_ACCESS_ALLOWED_ACE_TYPE,
			     allow);
}

/*
 * Call @step(acl, ace, mask) for each effective entry other than owner@
 * and group@, from the one before the last entry up to the first.  The
 * steps only insert entries just before the last one, above the walk; an
 * entry they split shifts the entries below it, and the walk then skips
 * one, as 2015's does (richacl(7) shows where that goes wrong).
 */
static int seeds_for_each_named(struct richacl *acl,
				int (*step)(struct richacl *acl,
					    const struct richace *who,
					    unsigned int mask),
				unsigned int mask)
{
	int n;

	for (n = acl->a_count - 2; n >= 0; n--) {
		const struct richace *ace = &acl->a_entries[n];

		if (richace_is_inherit_only(ace) || richace_is_owner(ace) ||
		    richace_is_group(ace))
			continue;
		if (step(acl, ace, mask))
			return -1;
	}
	return 0;
}

/*
 * Propagate everyone@'s permissions to owner@ when the group or other
 * mask hides some of what the owner may have, and to group@ and every
 * other entry's principal when the other mask hides some of what the
 * group class may have.
 */
static int seeds_propagate_everyone(struct richacl *acl)
{
	struct richace who = compat_special_who(RICHACE_OWNER_SPECIAL_ID);
	unsigned int owner_allow, group_allow;
	int last = seeds_last_everyone(acl);

	if (last == -1)
		return 0;
	owner_allow = acl->a_entries[last].e_mask & acl->a_owner_mask;
	group_allow = acl->a_entries[last].e_mask & acl->a_group_mask;
	if ((owner_allow & ~(acl->a_group_mask & acl->a_other_mask)) &&
	    seeds_propagate_to(acl, &who, owner_allow))
		return -1;
	if (!(group_allow & ~acl->a_other_mask))
		return 0;
	who = compat_special_who(RICHACE_GROUP_SPECIAL_ID);
	if (seeds_propagate_to(acl, &who, group_allow))
		return -1;
	return seeds_for_each_named(acl, seeds_propagate_to, group_allow);
}

/*
 * Limit each allow entry by a mask: owner@ and user entries for the owner
 * by the owner mask, everyone@ by the other mask, the rest by the group
 * mask.
 */
static int seeds_mask_entries(struct richacl *acl, uid_t owner)
{
	int n;

	for (n = 0; n < (int)acl->a_count; n++) {
		const struct richace *ace = &acl->a_entries[n];

		if (richace_is_inherit_only(ace) || !richace_is_allow(ace))
			continue;
		if (seeds_change_mask(acl, &n, ace->e_mask &
				      compat_class_mask(acl, ace, owner)))
			return -1;
	}
	return 0;
}

/*
 * With write_through, everyone@ at the end gets the other mask (without
 * a, c and S); *@added says what it did not have before.
 */
static int seeds_set_other(struct richacl *acl, unsigned int *added)
{
	unsigned int other = acl->a_other_mask & ~RICHACE_POSIX_ALWAYS_ALLOWED;
	struct richace who = compat_special_who(RICHACE_EVERYONE_SPECIAL_ID);
	int last;

	if (!other || !(acl->a_flags & RICHACL_WRITE_THROUGH))
		return 0;
	*added = other;
	last = seeds_last_everyone(acl);
	if (last == -1)
		return compat_insert(acl, acl->a_count, &who,
				     RICHACE_ACCESS_ALLOWED_ACE_TYPE, other);
	*added &= ~acl->a_entries[last].e_mask;
	return seeds_change_mask(acl, &last, other);
}

/*
 * Deny @who @deny just before the trailing everyone@ entry, minus what
 * entries for @who decide already; an existing deny entry for @who is
 * extended when no allow entry between it and the end allows any of it.
 */
static int seeds_isolate(struct richacl *acl, const struct richace *who,
			 unsigned int deny)
{
	int n;

	for (n = 0; n < (int)acl->a_count; n++) {
		const struct richace *ace = &acl->a_entries[n];

		if (!richace_is_inherit_only(ace) &&
		    richace_is_same_identifier(ace, who))
			deny &= ~ace->e_mask;
	}
	if (!deny)
		return 0;
	for (n = acl->a_count - 2; n >= 0; n--) {
		const struct richace *ace = &acl->a_entries[n];

		if (richace_is_inherit_only(ace))
			continue;
		if (richace_is_deny(ace)) {
			if (richace_is_same_identifier(ace, who))
				return seeds_change_mask(acl, &n,
							 ace->e_mask | deny);
		} else if (richace_is_allow(ace) && (ace->e_mask & deny)) {
			break;
		}
	}
	return compat_insert(acl, acl->a_count - 1, who,
			     RICHACE_ACCESS_DENIED_ACE_TYPE, deny);
}

/*
 * Deny group@ and every other entry's principal what everyone@ at the end
 * allows beyond the group mask, and what write_through @added.
 */
static int seeds_isolate_group_class(struct richacl *acl, unsigned int deny)
{
	struct richace who = compat_special_who(RICHACE_GROUP_SPECIAL_ID);
	int last = seeds_last_everyone(acl);

	if (last == -1)
		return 0;
	deny |= acl->a_entries[last].e_mask & ~acl->a_group_mask;
	if (!deny)
		return 0;
	if (seeds_isolate(acl, &who, deny))
		return -1;
	return seeds_for_each_named(acl, seeds_isolate, deny);
}

/*
 * With write_through, the first owner@ allow entry that no deny entry
 * above it stands in the way of gets the owner mask (without a, c and
 * S), all other owner@ entries lose their permissions; inherit-only ones
 * take part, too.  When no entry could take the owner mask and deny
 * entries, the group mask or the other mask might keep some of it from
 * the owner, an owner@ allow entry at the front grants it.
 */
static int seeds_set_owner(struct richacl *acl)
{
	unsigned int owner = acl->a_owner_mask & ~RICHACE_POSIX_ALWAYS_ALLOWED;
	struct richace who = compat_special_who(RICHACE_OWNER_SPECIAL_ID);
	unsigned int denied = 0;
	int n;

	if (!(acl->a_flags & RICHACL_WRITE_THROUGH))
		return 0;
	for (n = 0; n < (int)acl->a_count; n++) {
		const struct richace *ace = &acl->a_entries[n];
		unsigned int mask = 0;

		if (!richace_is_owner(ace)) {
			if (richace_is_deny(ace))
				denied |= ace->e_mask;
			continue;
		}
		if (richace_is_allow(ace) && !(owner & denied)) {
			mask = owner;
			owner = 0;
		}
		if (seeds_change_mask(acl, &n, mask))
			return -1;
	}
	if (!(owner & (denied | ~acl->a_other_mask | ~acl->a_group_mask)))
		return 0;
	return compat_insert(acl, 0, &who, RICHACE_ACCESS_ALLOWED_ACE_TYPE,
			     owner);
}

/*
 * Deny owner@, at the front, whatever any entry allows beyond the owner
 * mask (an owner@ deny entry among the leading deny entries is extended).
 */
static int seeds_isolate_owner_class(struct richacl *acl)
{
	struct richace who = compat_special_who(RICHACE_OWNER_SPECIAL_ID);
	unsigned int allowed = 0, deny;
	int n;

	for (n = acl->a_count - 1; n >= 0; n--) {
		const struct richace *ace = &acl->a_entries[n];

		if (richace_is_inherit_only(ace))
			continue;
		if (richace_is_allow(ace))
			allowed |= ace->e_mask;
		else if (richace_is_deny(ace) && richace_is_everyone(ace))
			allowed &= ~ace->e_mask;
	}
	deny = allowed & ~acl->a_owner_mask;
	if (!deny)
		return 0;
	for (n = 0; n < (int)acl->a_count; n++) {
		const struct richace *ace = &acl->a_entries[n];

		if (richace_is_inherit_only(ace))
			continue;
		if (richace_is_allow(ace))
			break;
		if (richace_is_owner(ace))
			return seeds_change_mask(acl, &n, ace->e_mask | deny);
	}
	return compat_insert(acl, 0, &who, RICHACE_ACCESS_DENIED_ACE_TYPE,
			     deny);
}

int compat_apply_masks_seeds(struct richacl *acl, uid_t owner)
{
	unsigned int added = 0;

	if (seeds_move_everyone_down(acl) ||
	    seeds_propagate_everyone(acl) ||
	    seeds_mask_entries(acl, owner) ||
	    seeds_set_other(acl, &added) ||
	    seeds_isolate_group_class(acl, added) ||
	    seeds_set_owner(acl) ||
	    seeds_isolate_owner_class(acl))
		return -1;
	acl->a_flags &= ~(RICHACL_MASKED | RICHACL_WRITE_THROUGH);
	return 0;
}
