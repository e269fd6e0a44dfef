// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The maximum file masks of an acl: for each file class (owner, group,
 * other), exactly the permissions that some process of that class can be
 * granted by the entries.  Enforcing these masks changes no decision, and
 * through richacl_masks_to_mode() they give the mode that ls shows.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
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

/*
 * The first allow or deny entry naming each permission among the entries
 * a set of processes matches: pos[bit] its index (UINT_MAX for none), and
 * in @allow the permissions whose first entry is an allow.  The earliest
 * such entry decides, as in granted().
 */
struct firsts {
	unsigned int pos[32];
	unsigned int decided, allow;
};

static void firsts_init(struct firsts *f)
{
	unsigned int b;

	for (b = 0; b < 32; b++)
		f->pos[b] = UINT_MAX;
	f->decided = f->allow = 0;
}

/* Add entry @index (in increasing order of index) to @f. */
static void firsts_add(struct firsts *f, const struct richace *ace,
		       unsigned int index)
{
	unsigned int new, b;

	if (!richace_is_allow(ace) && !richace_is_deny(ace))
		return;
	new = ace->e_mask & ~f->decided;
	for (b = 0; new >> b; b++)
		if (new & (1U << b))
			f->pos[b] = index;
	f->decided |= new;
	if (richace_is_allow(ace))
		f->allow |= new;
}

/* What a process matching the entries of both @a and @b is granted. */
static unsigned int firsts_merge(const struct firsts *a,
				 const struct firsts *b)
{
	unsigned int mask = 0, both = a->decided | b->decided, bit;

	for (bit = 0; both >> bit; bit++) {
		unsigned int m = 1U << bit;

		if (!(both & m))
			continue;
		mask |= (a->pos[bit] < b->pos[bit] ? a->allow : b->allow) & m;
	}
	return mask;
}

struct who_ref {
	const struct richace *ace;
	unsigned int index;
};

/*
 * Order by identifier (the same test as richace_is_same_identifier()),
 * then by index: the entries of one identifier end up together, in order.
 */
static int who_cmp(const void *x, const void *y)
{
	const struct who_ref *a = x, *b = y;
	const unsigned short kind = RICHACE_SPECIAL_WHO | RICHACE_UNMAPPED_WHO |
				    RICHACE_IDENTIFIER_GROUP;
	unsigned int ka = a->ace->e_flags & kind, kb = b->ace->e_flags & kind;
	int c;

	if (ka != kb)
		return ka < kb ? -1 : 1;
	if (ka & RICHACE_UNMAPPED_WHO) {
		/* A missing name matches nothing: it sorts first, alone. */
		if (!a->ace->e_who || !b->ace->e_who) {
			if (a->ace->e_who || b->ace->e_who)
				return a->ace->e_who ? 1 : -1;
		} else {
			c = strcmp(a->ace->e_who, b->ace->e_who);
			if (c)
				return c;
		}
	} else if (a->ace->e_id != b->ace->e_id)
		return a->ace->e_id < b->ace->e_id ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index;
}

static int is_named(const struct richace *ace)
{
	return !richace_is_inherit_only(ace) && !richace_is_owner(ace) &&
	       !richace_is_group(ace) && !richace_is_everyone(ace);
}

/*
 * The loop of richacl_compute_max_masks() for many entries: instead of a
 * walk over the whole acl per identifier (quadratic: half a second for
 * the largest acl), the entries of each identifier are grouped by sorting,
 * and each group is merged with the first entries of everyone@ (and
 * owner@) computed once.  The same masks; -1 when out of memory.
 */
static int named_masks_sorted(const struct richacl *acl)
{
	struct firsts common[2], who;
	struct who_ref *refs;
	unsigned int n, count = 0, i, j;

	refs = malloc(acl->a_count * sizeof(*refs));
	if (!refs)
		return -1;
	firsts_init(&common[0]);
	firsts_init(&common[1]);
	for (n = 0; n < acl->a_count; n++) {
		const struct richace *ace = &acl->a_entries[n];

		if (richace_is_inherit_only(ace))
			continue;
		if (richace_is_everyone(ace)) {
			firsts_add(&common[0], ace, n);
			firsts_add(&common[1], ace, n);
		} else if (richace_is_owner(ace))
			firsts_add(&common[1], ace, n);
		if (is_named(ace)) {
			refs[count].ace = ace;
			refs[count].index = n;
			count++;
		}
	}
	qsort(refs, count, sizeof(*refs), who_cmp);
	for (i = 0; i < count; i = j) {
		firsts_init(&who);
		for (j = i; j < count; j++) {
			if (j > i && !richace_is_same_identifier(refs[i].ace,
								 refs[j].ace))
				break;
			/* An entry that is not its own identifier: alone. */
			if (!richace_is_same_identifier(refs[j].ace, refs[j].ace)) {
				j++;
				break;
			}
			firsts_add(&who, refs[j].ace, refs[j].index);
		}
		((struct richacl *)acl)->a_owner_mask |=
			firsts_merge(&common[1], &who);
		((struct richacl *)acl)->a_group_mask |=
			firsts_merge(&common[0], &who);
	}
	free(refs);
	return 0;
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

	if (acl->a_count > 8 && !named_masks_sorted(acl))
		goto done;
	/* Few entries (or no memory): one walk per identifier. */
	for (n = 0; n < acl->a_count; n++) {
		const struct richace *ace = &acl->a_entries[n];

		if (richace_is_inherit_only(ace) || richace_is_owner(ace) ||
		    richace_is_group(ace) || richace_is_everyone(ace) ||
		    !first_of_its_who(acl, n))
			continue;
		acl->a_owner_mask |= granted(acl, 1, ace);
		acl->a_group_mask |= granted(acl, 0, ace);
	}
done:
	acl->a_flags &= ~(RICHACL_MASKED | RICHACL_WRITE_THROUGH);
}
