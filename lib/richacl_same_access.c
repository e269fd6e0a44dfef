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

/* A set of ids: sorted and without duplicates once ids_sort() ran. */
struct ids {
	unsigned int *id;
	size_t count;
};

static int by_id(const void *x, const void *y)
{
	unsigned int a = *(const unsigned int *)x, b = *(const unsigned int *)y;

	return a < b ? -1 : a > b;
}

static void ids_sort(struct ids *ids)
{
	size_t n, kept = 0;

	qsort(ids->id, ids->count, sizeof(*ids->id), by_id);
	for (n = 0; n < ids->count; n++)
		if (!kept || ids->id[kept - 1] != ids->id[n])
			ids->id[kept++] = ids->id[n];
	ids->count = kept;
}

/* The uids or (@groups) the gids that the entries of @acl name. */
static void named_ids(struct ids *ids, const struct richacl *acl, int groups)
{
	const struct richace *ace;

	richacl_for_each_entry(ace, acl) {
		if (groups ? richace_is_unix_group(ace) :
			     richace_is_unix_user(ace))
			ids->id[ids->count++] = ace->e_id;
	}
}

/* The smallest id from @from on that is not in the sorted @ids. */
static unsigned int fresh_id(const struct ids *ids, unsigned int from)
{
	size_t lo = 0, hi = ids->count;

	while (lo < hi) {	/* the first id >= @from */
		size_t mid = lo + (hi - lo) / 2;

		if (ids->id[mid] < from)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < ids->count && ids->id[lo] == from; lo++)
		from++;
	return from;
}

/*
 * An acl as the processes of one uid see it: its entries other than user
 * entries, and the user entries of that uid, in their order.  User entries
 * for other uids never match such a process, so richacl_access() decides
 * the same on the view as on the acl; and a view has few entries when the
 * acl is mostly user entries, the long acls.
 */
struct view {
	const struct richacl *acl;
	struct richacl shown;	/* the view of the last uid asked for */
	unsigned int *common;	/* the indices of the other entries */
	size_t ncommon;
	struct user_entry {
		unsigned int uid, index;
	} *users;		/* sorted by uid, then index */
	size_t nusers;
};

static int by_uid(const void *x, const void *y)
{
	const struct user_entry *a = x, *b = y;

	if (a->uid != b->uid)
		return a->uid < b->uid ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index;
}

static int view_init(struct view *v, const struct richacl *acl)
{
	size_t size = acl->a_count ? acl->a_count : 1;
	unsigned int n;

	*v = (struct view) {
		.acl = acl,
		.shown = {
			.a_flags = acl->a_flags,
			.a_owner_mask = acl->a_owner_mask,
			.a_group_mask = acl->a_group_mask,
			.a_other_mask = acl->a_other_mask,
			.a_entries = calloc(size, sizeof(struct richace)),
		},
		.common = calloc(size, sizeof(unsigned int)),
		.users = calloc(size, sizeof(struct user_entry)),
	};
	if (!v->shown.a_entries || !v->common || !v->users)
		return -1;
	for (n = 0; n < acl->a_count; n++) {
		const struct richace *ace = &acl->a_entries[n];

		if (richace_is_unix_user(ace))
			v->users[v->nusers++] = (struct user_entry) {
				.uid = ace->e_id, .index = n,
			};
		else
			v->common[v->ncommon++] = n;
	}
	qsort(v->users, v->nusers, sizeof(*v->users), by_uid);
	return 0;
}

/* The entries are shallow copies: only the arrays are the view's. */
static void view_free(struct view *v)
{
	free(v->shown.a_entries);
	free(v->common);
	free(v->users);
}

/* Make v->shown the acl as @uid sees it. */
static void view_for(struct view *v, uid_t uid)
{
	size_t lo = 0, hi = v->nusers, c = 0, count = 0;

	while (lo < hi) {	/* the first user entry of @uid or after */
		size_t mid = lo + (hi - lo) / 2;

		if (v->users[mid].uid < uid)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* Merge the two lists of indices, both in order. */
	while (c < v->ncommon ||
	       (lo < v->nusers && v->users[lo].uid == uid)) {
		unsigned int index;

		if (lo < v->nusers && v->users[lo].uid == uid &&
		    (c == v->ncommon || v->users[lo].index < v->common[c]))
			index = v->users[lo++].index;
		else
			index = v->common[c++];
		v->shown.a_entries[count++] = v->acl->a_entries[index];
	}
	v->shown.a_count = count;
}

/* Do both views grant @cred the same on a file owned by @owner:@group? */
static int same_for(const struct view *masked, const struct view *plain,
		    uid_t owner, gid_t group, const struct richacl_cred *cred)
{
	return richacl_access(&masked->shown, owner, group, cred,
			      RICHACE_VALID_MASK) ==
	       richacl_access(&plain->shown, owner, group, cred,
			      RICHACE_VALID_MASK);
}

/*
 * Try @uid in every subset of at most three of @groups (the named groups
 * and @group); @outside is a gid in none of them.
 */
static int same_for_uid(struct view *masked, struct view *plain,
			uid_t owner, gid_t group, uid_t uid,
			const struct ids *groups, gid_t outside)
{
	size_t n = groups->count, i, j, k;
	struct richacl_cred cred = { .uid = uid, .gid = outside };
	gid_t set[2];

	view_for(masked, uid);
	view_for(plain, uid);
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
	struct view vmasked = { 0 }, vplain = { 0 };
	unsigned int outside, unowned;
	int same = 1;

	if (!uids.id || !gids.id) {
		same = -1;
		goto out;
	}
	uids.id[uids.count++] = owner;
	named_ids(&uids, masked, 0);
	named_ids(&uids, plain, 0);
	ids_sort(&uids);
	uids.id[uids.count++] = fresh_id(&uids, 0);
	named_ids(&gids, masked, 1);
	named_ids(&gids, plain, 1);
	ids_sort(&gids);
	unowned = fresh_id(&gids, 0);
	outside = fresh_id(&gids, unowned + 1);

	if (compat_judge_too_costly(gids.count + 1, uids.count,
				    masked->a_count + plain->a_count)) {
		same = 0;
		goto out;
	}
	if (view_init(&vmasked, masked) || view_init(&vplain, plain)) {
		same = -1;
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
			same = same_for_uid(&vmasked, &vplain, owner, group,
					    uids.id[u], &gids, outside);
	}
out:
	view_free(&vmasked);
	view_free(&vplain);
	free(uids.id);
	free(gids.id);
	return same;
}
