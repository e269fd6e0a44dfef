// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Applying the file masks exactly: turn a masked acl into an acl without
 * masks that grants every process exactly what the masked acl grants it
 * (richacl_access() is the judge; see lib/richacl_access.c).  This is the
 * construction richacl_apply_masks() falls back to where the 2015 one
 * (lib/richacl_apply_masks_seeds.c) grants some process more or less.
 *
 * When the masks take nothing away from any process (typical for a file
 * that has just inherited its acl), the entries stay exactly as they are;
 * see masks_restrict_nothing().  Otherwise the work is done in seven
 * steps, each its own function below, on a copy of the acl.  A process is
 * in the owner, the group or the other class as defined in
 * richacl_access.c; the steps give each class what its mask allows:
 *
 *   1. move everyone@ down: at most one effective everyone@ entry remains,
 *      an allow entry at the very end;
 *   2. propagate the permissions of that everyone@ entry to owner@, group@
 *      and the named users and groups that would lose them in step 3;
 *   3. apply the masks to the allow entries;
 *   4. write_through: grant owner@ exactly the owner mask;
 *   5. write_through: grant everyone@ exactly the other mask;
 *   6. isolate the owner class: deny the owner what lies beyond its mask;
 *   7. isolate the group class: deny group@ and the named users and groups
 *      what the trailing everyone@ entry grants beyond theirs.
 *
 * Finally, the owner@ entry of step 4 goes when everyone@ does its job, and
 * the entries left empty go, so that the acl of a mode chmod'ed to that
 * mode comes back unchanged.
 *
 * The steps keep entries whose permissions become empty: an entry that
 * matches a process puts it in the group class, even when it allows or
 * denies nothing, and steps 2 and 7 must see it.
 *
 * Inherit-only entries are never changed, and an inheritable entry that
 * must change is split into an inherit-only copy with the old permissions
 * and an effective entry (see richacl_compat.h): what directories pass on
 * stays the same.  Entries that stay or lose permissions keep their
 * inherited flag; entries that gain permissions, and the entries the steps
 * create, are not inherited.
 *
 * The result has neither the masked nor the write_through flag.
 *
 * The result is exact for every permission, a, c and S included (the
 * 2015 code let everyone@ entries that only granted those go).
 *
 * In the worked examples, the masks are those of a chmod to the mode shown
 * (which also sets write_through) on a file: r is r, w is wp, x is x.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "richacl_compat.h"

/* Drop @index from the effective entries: an inheritable one stays as
 * inherit-only; *@index then points to the next entry. */
static void retire_entry(struct richacl *acl, unsigned int *index)
{
	struct richace *ace = &acl->a_entries[*index];

	if (richace_is_inheritable(ace)) {
		ace->e_flags |= RICHACE_INHERIT_ONLY_ACE;
		(*index)++;
	} else
		richacl_delete_entry(acl, *index);
}

/*
 * Step 1: move everyone@ down.
 *
 * Every process matches everyone@, so what an everyone@ entry decides at
 * its position is decided for everybody: entries further down can no
 * longer change it.  Drop each everyone@ entry, add what it allowed to the
 * allow entries below it and remove it from the deny entries below it (and
 * the other way round for what it denied), and allow the sum of what the
 * everyone@ entries allowed in one entry at the very end (an everyone@
 * allow entry already there stays, with its inherited flag unless it
 * gains permissions).  Decisions and the class of every process stay the
 * same.
 *
 *    everyone@:r::allow         joe:rw::allow
 *    joe:w::allow         ->    group@:wx::deny
 *    everyone@:w::deny          everyone@:rx::allow
 *    group@:x::deny
 *    everyone@:x::allow
 *
 * (everyone@ allowed r before joe's entry and denied w before group@'s;
 * group@'s deny of x still comes before everyone@'s allow of x.)
 */
static int move_everyone_down(struct richacl *acl)
{
	unsigned int allowed = 0, denied = 0, n = 0;
	struct richace everyone;

	while (n < acl->a_count) {
		struct richace *ace = &acl->a_entries[n];

		if (!compat_is_effective(ace)) {
			n++;
			continue;
		}
		if (richace_is_everyone(ace)) {
			if (richace_is_allow(ace))
				allowed |= ace->e_mask & ~denied;
			else
				denied |= ace->e_mask & ~allowed;
			/* The last entry already is where it must go. */
			if (n == acl->a_count - 1u && richace_is_allow(ace) &&
			    allowed)
				return compat_change_mask(acl, &n, allowed);
			retire_entry(acl, &n);
			continue;
		}
		if (compat_change_mask(acl, &n, richace_is_allow(ace) ?
				       (ace->e_mask | allowed) & ~denied :
				       (ace->e_mask | denied) & ~allowed))
			return -1;
		n++;
	}
	if (!allowed)
		return 0;
	everyone = compat_special_who(RICHACE_EVERYONE_SPECIAL_ID);
	return compat_insert(acl, acl->a_count, &everyone,
			     RICHACE_ACCESS_ALLOWED_ACE_TYPE, allowed);
}

/*
 * Call @step(acl, ace, mask) for each effective entry before the trailing
 * everyone@ that names a user or a group, other than a user entry for the
 * owner: the group class beyond group@.  Entries a step inserts just
 * before everyone@ are met again, which for steps 2 and 7 is a no-op.
 */
static int for_each_named_entry(struct richacl *acl, uid_t owner,
				int (*step)(struct richacl *acl,
					    const struct richace *who,
					    unsigned int mask),
				unsigned int mask)
{
	int n;

	for (n = 0; n < compat_trailing_everyone(acl); n++) {
		const struct richace *ace = &acl->a_entries[n];

		if (!compat_is_effective(ace) || richace_is_owner(ace) ||
		    richace_is_group(ace) || richace_is_everyone(ace) ||
		    compat_is_owner_entry(ace, owner))
			continue;
		if (step(acl, ace, mask))
			return -1;
	}
	return 0;
}

/*
 * Make sure that the processes @who matches are allowed @allow just before
 * the trailing everyone@ entry, unless entries for @who already decide it.
 * The permissions are added to the last allow entry for @who when no deny
 * entry below it denies any of them to anybody; otherwise a new allow
 * entry goes just before everyone@.  For the group class, what everyone@
 * keeps under the other mask needs no entry: step 7 never denies it.
 */
static int propagate_to(struct richacl *acl, const struct richace *who,
			unsigned int allow)
{
	int last = compat_trailing_everyone(acl), target = -1, n;
	unsigned int index;

	for (n = 0; n < last; n++) {
		const struct richace *ace = &acl->a_entries[n];

		if (!compat_is_effective(ace))
			continue;
		if (richace_is_same_identifier(ace, who)) {
			allow &= ~ace->e_mask;
			if (richace_is_allow(ace))
				target = n;
		} else if (richace_is_deny(ace) && (ace->e_mask & allow))
			target = -1;
	}
	if (!richace_is_owner(who))
		allow &= ~(acl->a_entries[last].e_mask & acl->a_other_mask);
	if (!allow)
		return 0;
	if (target == -1)
		return compat_insert(acl, last, who,
				     RICHACE_ACCESS_ALLOWED_ACE_TYPE, allow);
	index = target;
	return compat_change_mask(acl, &index,
				  acl->a_entries[index].e_mask | allow);
}

/*
 * Step 2: propagate everyone@ permissions.
 *
 * Step 3 will leave the trailing everyone@ entry only what the other mask
 * contains, and step 7 will deny the group class what lies beyond the
 * group mask.  Processes in the owner and group classes that get
 * permissions from everyone@ would lose them: give them these permissions
 * with entries of their own before everyone@.  (The owner under
 * write_through is left to step 4.)
 *
 *    joe:r::allow                   joe:rwp::allow
 *    everyone@:rwpx::allow    ->    group@:rwp::allow
 *                                   everyone@:rwpx::allow
 *    (mode 0660)
 *
 *    joe:wp::deny                   joe:wp::deny
 *    everyone@:rwpx::allow    ->    group@:rwp::allow
 *                                   joe:r::allow
 *    (mode 0660)                    everyone@:rwpx::allow
 *
 * joe:r::allow gets wp added in place: no deny entry below it denies them.
 * joe's deny of wp stays in force, so joe only gets r.
 */
static int propagate_everyone(struct richacl *acl, uid_t owner)
{
	int last = compat_trailing_everyone(acl);
	unsigned int everyone, owner_allow, group_allow;
	struct richace who;

	if (last == -1)
		return 0;
	everyone = acl->a_entries[last].e_mask;
	owner_allow = everyone & acl->a_owner_mask;
	group_allow = everyone & acl->a_group_mask;

	/*
	 * The owner loses what the other mask hides, and, when in a group
	 * that step 7 isolates, what the group mask hides.
	 */
	if (!(acl->a_flags & RICHACL_WRITE_THROUGH) &&
	    (owner_allow & ~(acl->a_group_mask & acl->a_other_mask))) {
		who = compat_special_who(RICHACE_OWNER_SPECIAL_ID);
		if (propagate_to(acl, &who, owner_allow))
			return -1;
	}

	/* The group class loses what the other mask hides. */
	if (!(group_allow & ~acl->a_other_mask))
		return 0;
	who = compat_special_who(RICHACE_GROUP_SPECIAL_ID);
	if (propagate_to(acl, &who, group_allow))
		return -1;
	return for_each_named_entry(acl, owner, propagate_to, group_allow);
}

/*
 * Step 3: apply the masks to each allow entry: owner@ and user entries
 * naming the owner get the owner mask, everyone@ the other mask, all
 * others the group mask.  Deny entries stay as they are.
 *
 *    joe:rwp::allow                 joe:rwp::allow
 *    group@:rwp::allow        ->    group@:rwp::allow
 *    everyone@:rwpx::allow          everyone@::allow
 *    (mode 0660)                    (removed at the end)
 */
static int apply_masks_to_entries(struct richacl *acl, uid_t owner)
{
	unsigned int n;

	for (n = 0; n < acl->a_count; n++) {
		struct richace *ace = &acl->a_entries[n];

		if (!compat_is_effective(ace) || !richace_is_allow(ace))
			continue;
		if (compat_change_mask(acl, &n, ace->e_mask &
				      compat_class_mask(acl, ace, owner)))
			return -1;
	}
	return 0;
}

/*
 * Step 4: with write_through, the owner gets exactly the owner mask.  An
 * owner@ allow entry at the front grants it (one already there is
 * reused, so that it keeps its inherited flag); step 6 denies the rest.
 * Other entries that only match the owner no longer decide anything and
 * go.
 *
 *    owner@:x::deny                 owner@:rwp::allow
 *    joe:rwp::allow           ->    owner@::deny
 *    group@:rwp::allow              joe:rwp::allow
 *    (mode 0660)                    group@:rwp::allow
 *                                   (the empty entry goes at the end)
 */
static int set_owner_permissions(struct richacl *acl, uid_t owner)
{
	struct richace who = compat_special_who(RICHACE_OWNER_SPECIAL_ID);
	unsigned int n = 0;
	int kept = 0;

	if (!(acl->a_flags & RICHACL_WRITE_THROUGH))
		return 0;
	/* An owner@ allow entry in front already is in place. */
	while (n < acl->a_count && !compat_is_effective(&acl->a_entries[n]))
		n++;
	if (acl->a_owner_mask && n < acl->a_count &&
	    richace_is_owner(&acl->a_entries[n]) &&
	    richace_is_allow(&acl->a_entries[n])) {
		if (compat_change_mask(acl, &n, acl->a_owner_mask))
			return -1;
		kept = 1;
		n++;
	}
	for (; n < acl->a_count; n++) {
		struct richace *ace = &acl->a_entries[n];

		if (compat_is_effective(ace) &&
		    compat_is_owner_entry(ace, owner) &&
		    compat_change_mask(acl, &n, 0))
			return -1;
	}
	if (kept || !acl->a_owner_mask)
		return 0;
	return compat_insert(acl, 0, &who, RICHACE_ACCESS_ALLOWED_ACE_TYPE,
			     acl->a_owner_mask);
}

/*
 * Step 5: with write_through, the other class gets exactly the other mask:
 * the trailing everyone@ entry grants it.  What this adds beyond what
 * everyone@ granted is returned in *@added: step 7 takes it away from the
 * group class again.
 *
 *    owner@:rwp::allow              owner@:rwp::allow
 *    everyone@:r::allow       ->    everyone@:rx::allow
 *    (mode 0605)                    (added: x)
 */
static int set_other_permissions(struct richacl *acl, unsigned int *added)
{
	struct richace who = compat_special_who(RICHACE_EVERYONE_SPECIAL_ID);
	int last = compat_trailing_everyone(acl);
	unsigned int index;

	*added = 0;
	if (!(acl->a_flags & RICHACL_WRITE_THROUGH))
		return 0;
	if (last == -1) {
		*added = acl->a_other_mask;
		if (!*added)
			return 0;
		return compat_insert(acl, acl->a_count, &who,
				     RICHACE_ACCESS_ALLOWED_ACE_TYPE, *added);
	}
	index = last;
	*added = acl->a_other_mask & ~acl->a_entries[index].e_mask;
	return compat_change_mask(acl, &index, acl->a_other_mask);
}

/*
 * Step 6: isolate the owner class.  Entries for the group class and
 * everyone@ may grant the owner more than the owner mask: deny the owner
 * everything any entry allows beyond it, before anything else.
 *
 *    owner@:r::allow                owner@:w::deny
 *    everyone@:rw::allow      ->    owner@:r::allow
 *                                   everyone@:rw::allow
 *    (owner mask r, other mask rw)
 */
static int isolate_owner_class(struct richacl *acl)
{
	struct richace who = compat_special_who(RICHACE_OWNER_SPECIAL_ID);
	unsigned int allowed = 0, deny, n;

	for (n = 0; n < acl->a_count; n++) {
		const struct richace *ace = &acl->a_entries[n];

		if (compat_is_effective(ace) && richace_is_allow(ace))
			allowed |= ace->e_mask;
	}
	deny = allowed & ~acl->a_owner_mask;
	if (!deny)
		return 0;

	/* An owner@ deny entry among the leading deny entries will do. */
	for (n = 0; n < acl->a_count; n++) {
		const struct richace *ace = &acl->a_entries[n];

		if (!compat_is_effective(ace))
			continue;
		if (richace_is_allow(ace))
			break;
		if (richace_is_owner(ace))
			return compat_change_mask(acl, &n, ace->e_mask | deny);
	}
	return compat_insert(acl, 0, &who, RICHACE_ACCESS_DENIED_ACE_TYPE,
			     deny);
}

/*
 * Deny the processes @who matches @deny just before the trailing everyone@
 * entry, unless deny entries for @who already do.  An existing deny entry
 * for @who is extended when no allow entry between it and everyone@
 * grants any of @deny.
 */
static int isolate_from_everyone(struct richacl *acl,
				 const struct richace *who, unsigned int deny)
{
	int last = compat_trailing_everyone(acl), n;
	unsigned int index;

	for (n = 0; n < last; n++) {
		const struct richace *ace = &acl->a_entries[n];

		if (compat_is_effective(ace) && richace_is_deny(ace) &&
		    richace_is_same_identifier(ace, who))
			deny &= ~ace->e_mask;
	}
	if (!deny)
		return 0;
	for (n = last - 1; n >= 0; n--) {
		const struct richace *ace = &acl->a_entries[n];

		if (!compat_is_effective(ace))
			continue;
		if (richace_is_allow(ace) && (ace->e_mask & deny))
			break;
		if (richace_is_deny(ace) &&
		    richace_is_same_identifier(ace, who)) {
			index = n;
			return compat_change_mask(acl, &index,
						  ace->e_mask | deny);
		}
	}
	return compat_insert(acl, last, who, RICHACE_ACCESS_DENIED_ACE_TYPE,
			     deny);
}

/*
 * Step 7: isolate the group class.  The trailing everyone@ entry now
 * grants the other class's permissions; deny group@ and each named user
 * and group what it grants beyond the group mask, and what step 5 added.
 *
 *    owner@:rwp::allow              owner@:rwp::allow
 *    joe:r::allow             ->    joe:r::allow
 *    everyone@:rwp::allow           group@:wp::deny
 *    (added: p)                     joe:wp::deny
 *                                   everyone@:rwp::allow
 *
 * (joe:rwx::allow, everyone@:rwx::allow at mode 0646 after steps 1 to 6:
 * everyone@ granted rw of the other mask rwp; step 5 added p.)
 */
static int isolate_group_class(struct richacl *acl, uid_t owner,
			       unsigned int added)
{
	int last = compat_trailing_everyone(acl);
	unsigned int deny;
	struct richace who;

	if (last == -1)
		return 0;
	deny = (acl->a_entries[last].e_mask & ~acl->a_group_mask) | added;
	if (!deny)
		return 0;
	who = compat_special_who(RICHACE_GROUP_SPECIAL_ID);
	if (isolate_from_everyone(acl, &who, deny))
		return -1;
	return for_each_named_entry(acl, owner, isolate_from_everyone, deny);
}

/* Can @ace match the owner (in whatever groups the owner is)? */
static int may_match_owner(const struct richace *ace, uid_t owner)
{
	if (ace->e_flags & RICHACE_UNMAPPED_WHO)
		return 0;
	if (richace_is_unix_user(ace))
		return (uid_t)ace->e_id == owner;
	return 1;	/* owner@, group@, everyone@, any group */
}

/*
 * Finally, with write_through: the owner@ allow entry of step 4 is not
 * needed when the trailing everyone@ entry grants the owner mask and no
 * deny entry that can match the owner takes any of it away (step 6 denies
 * the rest first).  It then goes, and chmod 0777 leaves "everyone@:rwpx"
 * as it was.
 *
 *    owner@:rwpx::allow       ->    everyone@:rwpx::allow
 *    everyone@:rwpx::allow
 *    (mode 0777)
 */
static void drop_needless_owner_entry(struct richacl *acl, uid_t owner)
{
	int last = compat_trailing_everyone(acl);
	struct richace *mine = NULL, *ace;

	if (!(acl->a_flags & RICHACL_WRITE_THROUGH) || last == -1)
		return;
	/* Step 4's entry: it emptied all other owner@ entries. */
	richacl_for_each_entry(ace, acl) {
		if (compat_is_effective(ace) && richace_is_owner(ace) &&
		    richace_is_allow(ace) && ace->e_mask) {
			mine = ace;
			break;
		}
	}
	if (!mine || (mine->e_mask & ~acl->a_entries[last].e_mask))
		return;
	richacl_for_each_entry(ace, acl) {
		if (compat_is_effective(ace) && richace_is_deny(ace) &&
		    may_match_owner(ace, owner) &&
		    (ace->e_mask & mine->e_mask))
			return;
	}
	mine->e_mask = 0;	/* removed with the empty entries */
}

/*
 * What the entries grant the owner whatever groups it is in.  owner@,
 * everyone@ and user entries naming the owner always match it; group@ and
 * group entries may, and their deny entries may take permissions away.
 * (The file's group is not known here, so group@ and the group entries
 * count as independent: the result may be too small, which only makes the
 * caller more careful.)
 */
static unsigned int owner_must(const struct richacl *acl, uid_t owner)
{
	unsigned int open = ~0U, may_deny = 0, must = 0;
	const struct richace *ace;

	richacl_for_each_entry(ace, acl) {
		if (!compat_is_effective(ace) ||
		    (ace->e_flags & RICHACE_UNMAPPED_WHO))
			continue;
		if (richace_is_everyone(ace) ||
		    compat_is_owner_entry(ace, owner)) {
			if (richace_is_allow(ace))
				must |= ace->e_mask & open & ~may_deny;
			open &= ~ace->e_mask;
		} else if ((richace_is_group(ace) ||
			    richace_is_unix_group(ace)) &&
			   richace_is_deny(ace)) {
			may_deny |= ace->e_mask & open;
		}
	}
	return must;
}

/*
 * Do the masks take nothing away from any process?  Then the acl without
 * the masked flag grants the same and needs no change.
 *
 * Without write_through, each class must get no more than its mask
 * allows.  That also covers the group mask limiting group@ and group
 * entries for the owner (see richacl_access.c): a permission such an
 * entry would grant the owner first, it grants the group-class process
 * of its principal, so it is within the group mask.  With write_through,
 * the owner and the other class get exactly their masks, so the entries
 * must grant them exactly that, too.  1 or 0, or -1 with errno.
 */
static int masks_restrict_nothing(const struct richacl *acl, uid_t owner)
{
	unsigned int may, group_may,
		     other = compat_entries_grant(acl, owner, 0, NULL);

	if (compat_class_may(acl, owner, 1, &may) ||
	    compat_class_may(acl, owner, 0, &group_may))
		return -1;
	if (group_may & ~acl->a_group_mask)
		return 0;
	if (acl->a_flags & RICHACL_WRITE_THROUGH)
		return may == acl->a_owner_mask &&
		       owner_must(acl, owner) == acl->a_owner_mask &&
		       other == acl->a_other_mask;
	return !(may & ~acl->a_owner_mask) && !(other & ~acl->a_other_mask);
}

int compat_apply_masks_exact(struct richacl *acl, uid_t owner)
{
	int nothing = masks_restrict_nothing(acl, owner);
	struct richacl *work;
	unsigned int added;

	if (nothing == -1)
		return -1;
	if (nothing) {
		acl->a_flags &= ~(RICHACL_MASKED | RICHACL_WRITE_THROUGH);
		return 0;
	}
	work = richacl_clone(acl);
	if (!work)
		return -1;
	if (move_everyone_down(work) ||
	    propagate_everyone(work, owner) ||
	    apply_masks_to_entries(work, owner) ||
	    set_owner_permissions(work, owner) ||
	    set_other_permissions(work, &added) ||
	    isolate_owner_class(work) ||
	    isolate_group_class(work, owner, added)) {
		int error = errno;

		richacl_free(work);
		errno = error;
		return -1;
	}
	drop_needless_owner_entry(work, owner);
	compat_remove_empty(work);
	work->a_flags &= ~(RICHACL_MASKED | RICHACL_WRITE_THROUGH);
	compat_replace(acl, work);
	return 0;
}
