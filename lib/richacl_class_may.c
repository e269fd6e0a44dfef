// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * What the entries of an acl can grant the processes of the owner class
 * or of the group class: the question richacl_apply_masks() asks to know
 * whether the masks take anything away (lib/richacl_apply_masks_exact.c).
 *
 * The answer is the union of what the entries grant one process per
 * principal (compat_entries_grant()).  Asking each principal in turn
 * walks the whole acl once per named entry: 5460 entries took 2 billion
 * instructions.  Instead, the entries every such process matches (the
 * base: everyone@, and the owner's entries for the owner class) are
 * walked once, recording for each permission the first base entry that
 * names it; the named entries are sorted by principal; and each
 * principal's entries are walked once, recording the same.  For each
 * permission, the earlier of the two entries decides, as in the walk over
 * both lists merged.  The cost grows as n log n (the sort).
 */
#include <errno.h>
#include <stdlib.h>

#include "richacl_compat.h"

#define NBITS	32	/* the bits of e_mask */

/* Does the entry take part in what compat_entries_grant() looks at? */
static int usable(const struct richace *ace)
{
	return compat_is_effective(ace) &&
	       !(ace->e_flags & RICHACE_UNMAPPED_WHO);
}

unsigned int compat_entries_grant(const struct richacl *acl, uid_t owner,
				  int is_owner, const struct richace *who)
{
	unsigned int undecided = ~0U, allowed = 0;
	const struct richace *ace;

	richacl_for_each_entry(ace, acl) {
		if (!usable(ace))
			continue;
		if (!richace_is_everyone(ace) &&
		    !(is_owner && compat_is_owner_entry(ace, owner)) &&
		    !(who && richace_is_same_identifier(ace, who)))
			continue;
		if (richace_is_allow(ace))
			allowed |= ace->e_mask & undecided;
		undecided &= ~ace->e_mask;
	}
	return allowed;
}

/* For each permission bit: the first entry of a list that names it. */
struct firsts {
	unsigned int decided;		/* the bits some entry names */
	unsigned int allowed;		/* ... and the first one allows */
	unsigned int index[NBITS];	/* that entry */
};

static void firsts_add(struct firsts *f, const struct richacl *acl,
		       unsigned int index)
{
	const struct richace *ace = &acl->a_entries[index];
	unsigned int new = ace->e_mask & ~f->decided, bit;

	f->decided |= new;
	if (richace_is_allow(ace))
		f->allowed |= new;
	for (bit = 0; new; bit++, new >>= 1)
		if (new & 1)
			f->index[bit] = index;
}

/* What the merged list of @a and @b allows: the earlier entry decides. */
static unsigned int firsts_merge(const struct firsts *a,
				 const struct firsts *b)
{
	unsigned int both = a->decided & b->decided, allowed, bit;

	allowed = (a->allowed & ~b->decided) | (b->allowed & ~a->decided);
	for (bit = 0; bit < NBITS; bit++) {
		unsigned int m = 1U << bit;

		if (!(both & m))
			continue;
		if (a->index[bit] < b->index[bit])
			allowed |= a->allowed & m;
		else
			allowed |= b->allowed & m;
	}
	return allowed;
}

/* Is the entry a principal's whose process can be in the class? */
static int named_principal(const struct richace *ace, uid_t owner,
			   int is_owner)
{
	return richace_is_unix_group(ace) ||
	       (!is_owner && richace_is_unix_user(ace) &&
		!compat_is_owner_entry(ace, owner));
}

/* A named entry, sortable by principal (users first, then the id), then
 * by position. */
struct named {
	unsigned int group;
	unsigned int id;
	unsigned int index;
};

static int by_principal(const void *x, const void *y)
{
	const struct named *a = x, *b = y;

	if (a->group != b->group)
		return a->group < b->group ? -1 : 1;
	if (a->id != b->id)
		return a->id < b->id ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index;
}

int compat_class_may(const struct richacl *acl, uid_t owner, int is_owner,
		     unsigned int *may)
{
	struct richace group = compat_special_who(RICHACE_GROUP_SPECIAL_ID);
	struct firsts base = { 0 };
	struct named *named;
	unsigned int count = 0, n, start;

	*may = compat_entries_grant(acl, owner, is_owner, &group);
	if (is_owner)
		*may |= compat_entries_grant(acl, owner, 1, NULL);

	named = malloc((acl->a_count ? acl->a_count : 1) * sizeof(*named));
	if (!named)
		return -1;
	for (n = 0; n < acl->a_count; n++) {
		const struct richace *ace = &acl->a_entries[n];

		if (!usable(ace))
			continue;
		if (richace_is_everyone(ace) ||
		    (is_owner && compat_is_owner_entry(ace, owner)))
			firsts_add(&base, acl, n);
		else if (named_principal(ace, owner, is_owner))
			named[count++] = (struct named) {
				.group = !!(ace->e_flags &
					    RICHACE_IDENTIFIER_GROUP),
				.id = ace->e_id,
				.index = n,
			};
	}
	qsort(named, count, sizeof(*named), by_principal);
	for (start = 0; start < count; ) {
		struct firsts mine = { 0 };

		for (n = start; n < count; n++) {
			if (named[n].group != named[start].group ||
			    named[n].id != named[start].id)
				break;
			firsts_add(&mine, acl, named[n].index);
		}
		*may |= firsts_merge(&base, &mine);
		start = n;
	}
	free(named);
	return 0;
}
