// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Does an acl without masks grant every process exactly what a masked acl
 * grants it?  richacl_apply_masks() asks this of the 2015 construction.
 *
 * Every process cannot be tried, but few need to be.  What an acl grants
 * depends on the process's uid only through the user entries and the
 * owner: trying the owner, each uid the entries name, and one uid they do
 * not name covers every uid.  The owning group is not known: it may be a
 * group no entry names, or any of the named groups; each is tried.  What
 * is left are the process's groups, a subset of the named groups and the
 * owning group (other groups match nothing).  It suffices to try every
 * subset of at most three of them:
 *
 * For one uid and one permission, each acl decides by the first entry
 * that matches and names the permission; the group entries among them
 * match when the process is in their group.  Such a "first member of S
 * in a list decides" function is decided for any S by its first member a
 * in the one list and its first member c in the other: the subset {a, c}
 * gets the same answers as S from both.  The masked acl also picks a
 * mask by class: a process whose groups S meet the owning group or a
 * group of an effective group entry is in the group class, which any
 * member m of that intersection keeps in {a, c, m}; a process whose
 * groups do not is in the other class, and {a, c} does not meet it
 * either.  (When a list has no member of S, the members that exist, or a
 * member m, do the same job.)
 *
 * The work grows with the cube of the number of groups: acls with so many
 * groups that more than JUDGE_BUDGET entries would be looked at get 0.
 */
#include <errno.h>
#include <stdlib.h>

#include "richacl_compat.h"

#define JUDGE_BUDGET	20000000ULL

struct ids {
	unsigned int *id;
	size_t count;
};

static int has_id(const struct ids *ids, unsigned int id)
{
	size_t n;

	for (n = 0; n < ids->count; n++)
		if (ids->id[n] == id)
			return 1;
	return 0;
}

static void add_id(struct ids *ids, unsigned int id)
{
	if (!has_id(ids, id))
		ids->id[ids->count++] = id;
}

/* The uids or (@groups) the gids that the entries of @acl name. */
static void named_ids(struct ids *ids, const struct richacl *acl, int groups)
{
	const struct richace *ace;

	richacl_for_each_entry(ace, acl) {
		if (groups ? richace_is_unix_group(ace) :
			     richace_is_unix_user(ace))
			add_id(ids, ace->e_id);
	}
}

/* The smallest id from @from on that is not in @ids. */
static unsigned int fresh_id(const struct ids *ids, unsigned int from)
{
	while (has_id(ids, from))
		from++;
	return from;
}

/* Do both acls grant @cred the same on a file owned by @owner:@group? */
static int same_for(const struct richacl *masked, const struct richacl *plain,
		    uid_t owner, gid_t group, const struct richacl_cred *cred)
{
	return richacl_access(masked, owner, group, cred, RICHACE_VALID_MASK) ==
	       richacl_access(plain, owner, group, cred, RICHACE_VALID_MASK);
}

/*
 * Try @uid in every subset of at most three of @groups (the named groups
 * and @group); @outside is a gid in none of them.
 */
static int same_for_uid(const struct richacl *masked,
			const struct richacl *plain, uid_t owner, gid_t group,
			uid_t uid, const struct ids *groups, gid_t outside)
{
	size_t n = groups->count, i, j, k;
	struct richacl_cred cred = { .uid = uid, .gid = outside };
	gid_t set[2];

	if (!same_for(masked, plain, owner, group, &cred))
		return 0;
	cred.groups = set;
	for (i = 0; i < n; i++) {
		cred.gid = groups->id[i];
		cred.ngroups = 0;
		if (!same_for(masked, plain, owner, group, &cred))
			return 0;
		for (j = i + 1; j < n; j++) {
			set[0] = groups->id[j];
			cred.ngroups = 1;
			if (!same_for(masked, plain, owner, group, &cred))
				return 0;
			for (k = j + 1; k < n; k++) {
				set[1] = groups->id[k];
				cred.ngroups = 2;
				if (!same_for(masked, plain, owner, group,
					      &cred))
					return 0;
			}
		}
	}
	return 1;
}

/* @a * @b, or more than the budget when that does not fit. */
static unsigned long long work_mul(unsigned long long a, unsigned long long b)
{
	unsigned long long product;

	if (__builtin_mul_overflow(a, b, &product))
		return JUDGE_BUDGET + 1;
	return product;
}

int compat_judge_too_costly(unsigned long long g, unsigned long long nuids,
			    unsigned long long entries)
{
	unsigned long long work;

	/* Past 2^21 gids the count of subsets alone is over the budget. */
	if (g > 1ULL << 21)
		return 1;
	work = 1 + g + g * (g - 1) / 2 + g * (g - 1) * (g - 2) / 6;
	work = work_mul(work, nuids);
	work = work_mul(work, g);
	work = work_mul(work, entries);
	return work > JUDGE_BUDGET;
}

int compat_same_access(const struct richacl *masked,
		       const struct richacl *plain, uid_t owner)
{
	size_t max = masked->a_count + plain->a_count + 2, g, named;
	struct ids uids = { .id = calloc(max, sizeof(unsigned int)) };
	struct ids gids = { .id = calloc(max, sizeof(unsigned int)) };
	unsigned int outside, unowned;
	int same = 1;

	if (!uids.id || !gids.id) {
		free(uids.id);
		free(gids.id);
		return -1;
	}
	add_id(&uids, owner);
	named_ids(&uids, masked, 0);
	named_ids(&uids, plain, 0);
	add_id(&uids, fresh_id(&uids, 0));
	named_ids(&gids, masked, 1);
	named_ids(&gids, plain, 1);
	unowned = fresh_id(&gids, 0);
	outside = fresh_id(&gids, unowned + 1);

	if (compat_judge_too_costly(gids.count + 1, uids.count,
				    masked->a_count + plain->a_count)) {
		same = 0;
		goto out;
	}

	/* The owning group: each named one, then one no entry names. */
	named = gids.count;
	for (g = 0; g <= named && same; g++) {
		gid_t group = unowned;
		size_t u;

		if (g < named)
			group = gids.id[g];
		else
			gids.id[gids.count++] = unowned;
		for (u = 0; u < uids.count && same; u++)
			same = same_for_uid(masked, plain, owner, group,
					    uids.id[u], &gids, outside);
	}
out:
	free(uids.id);
	free(gids.id);
	return same;
}
