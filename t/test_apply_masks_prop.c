// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Property test of richacl_apply_masks(): for many random masked acls, the
 * acl with the masks applied grants every kind of process exactly what the
 * masked acl grants it (richacl_access() is the judge).
 *
 * The acls draw their entries from small pools of users and groups so that
 * entries meet the same processes often; permissions, types, inheritance
 * flags are random; the masks come from chmod to a random mode, or are
 * random (with or without write_through).  One TAP line per property.
 *
 * Environment: RICHACL_TEST_SEED (default 1), RICHACL_TEST_CASES (default
 * 20000).  A failure prints the seed and case number, the acl, the process
 * and both answers.
 */
#include <stdint.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "sys/richacl.h"
#include "tap.h"
#include "acl_build.h"
#include "rng.h"

#define OWNER	1
#define GROUP	10

/*
 * The processes: each of the uids 1 (the owner), 2 and 3 (named users
 * in the pool) and 5 (a stranger), in each subset of the groups 10, 20
 * and 30 (named groups) and 40 (named by no entry): every class the
 * access check tells apart, and the owner and named users in groups too.
 * The owning group is 10, or 40 (OTHER_GROUP): richacl_apply_masks()
 * does not know it, its result must be right for any.
 */
#define OTHER_GROUP	40
#define NPROCESSES (4 * 16)
static struct process {
	char name[64];
	struct richacl_cred cred;
	gid_t groups[4];
} processes[NPROCESSES];

static void init_processes(void)
{
	static const uid_t uids[] = { OWNER, 2, 3, 5 };
	static const gid_t gids[] = { GROUP, 20, 30, OTHER_GROUP };
	unsigned int u, set, g;

	for (u = 0; u < 4; u++) {
		for (set = 0; set < 16; set++) {
			struct process *p = &processes[u * 16 + set];
			size_t n = 0;
			int len;

			len = snprintf(p->name, sizeof(p->name), "uid %u%s",
				       (unsigned int)uids[u],
				       uids[u] == OWNER ? " (owner)" : "");
			for (g = 0; g < 4; g++) {
				if (!(set & (1 << g)))
					continue;
				p->groups[n++] = gids[g];
				len += snprintf(p->name + len,
						sizeof(p->name) - len,
						"%s%u", n == 1 ? " in " : ",",
						(unsigned int)gids[g]);
			}
			p->cred.uid = uids[u];
			/* The first group is the primary one. */
			p->cred.gid = n ? p->groups[0] : 99;
			p->cred.groups = n ? p->groups + 1 : NULL;
			p->cred.ngroups = n ? n - 1 : 0;
		}
	}
}

/* A random set of permissions, mostly from the ones that matter most. */
static unsigned int random_perms(void)
{
	static const unsigned int bits[] = {
		RICHACE_READ_DATA, RICHACE_WRITE_DATA, RICHACE_APPEND_DATA,
		RICHACE_EXECUTE, RICHACE_READ_ATTRIBUTES, RICHACE_READ_ACL,
		RICHACE_SYNCHRONIZE, RICHACE_DELETE, RICHACE_WRITE_ACL,
		RICHACE_DELETE_CHILD,
	};
	return rng_mask(bits, sizeof(bits) / sizeof(bits[0]),
			RICHACE_VALID_MASK);
}

static void random_entry(struct richacl *acl)
{
	static const unsigned int users[] = { OWNER, 2, 3 };
	static const unsigned int groups[] = { GROUP, 20, 30 };
	struct richace *ace = richacl_insert_entry(acl, acl->a_count);
	unsigned int kind = rnd() % 100;

	if (!ace)
		abort();
	if (kind < 15) {
		ace->e_flags = RICHACE_SPECIAL_WHO;
		ace->e_id = RICHACE_OWNER_SPECIAL_ID;
	} else if (kind < 30) {
		ace->e_flags = RICHACE_SPECIAL_WHO;
		ace->e_id = RICHACE_GROUP_SPECIAL_ID;
	} else if (kind < 50) {
		ace->e_flags = RICHACE_SPECIAL_WHO;
		ace->e_id = RICHACE_EVERYONE_SPECIAL_ID;
	} else if (kind < 72) {
		ace->e_id = users[rnd() % 3];
	} else if (kind < 96) {
		ace->e_flags = RICHACE_IDENTIFIER_GROUP;
		ace->e_id = groups[rnd() % 3];
	} else if (richace_set_unmapped_who(ace, "nobody@EXAMPLE.COM",
					    chance(50))) {
		abort();
	}
	ace->e_type = chance(40) ? RICHACE_ACCESS_DENIED_ACE_TYPE :
				   RICHACE_ACCESS_ALLOWED_ACE_TYPE;
	ace->e_mask = random_perms();
	if (chance(15))
		ace->e_flags |= RICHACE_FILE_INHERIT_ACE |
				RICHACE_DIRECTORY_INHERIT_ACE;
	else if (chance(10))
		ace->e_flags |= RICHACE_FILE_INHERIT_ACE |
				RICHACE_INHERIT_ONLY_ACE;
	if (chance(10))
		ace->e_flags |= RICHACE_INHERITED_ACE;
}

static struct richacl *random_acl(void)
{
	struct richacl *acl = richacl_alloc(0);
	unsigned int count = rnd() % 8, n;

	if (!acl)
		abort();
	for (n = 0; n < count; n++)
		random_entry(acl);
	if (chance(10))
		acl->a_flags |= RICHACL_AUTO_INHERIT;
	if (chance(50)) {
		/* What chmod does: masks from the mode, write_through. */
		richacl_chmod(acl, (chance(50) ? S_IFDIR : S_IFREG) |
				   (rnd() & 0777));
		return acl;
	}
	acl->a_flags |= RICHACL_MASKED;
	if (chance(50))
		acl->a_flags |= RICHACL_WRITE_THROUGH;
	acl->a_owner_mask = random_perms();
	acl->a_group_mask = random_perms();
	acl->a_other_mask = random_perms();
	return acl;
}

/* The entries directories pass on, ignoring the inherit-only flag. */
static int same_inheritable(const struct richacl *a, const struct richacl *b)
{
	unsigned int i = 0, j = 0;

	for (;;) {
		while (i < a->a_count &&
		       !richace_is_inheritable(&a->a_entries[i]))
			i++;
		while (j < b->a_count &&
		       !richace_is_inheritable(&b->a_entries[j]))
			j++;
		if (i == a->a_count || j == b->a_count)
			return i == a->a_count && j == b->a_count;
		if (a->a_entries[i].e_type != b->a_entries[j].e_type ||
		    a->a_entries[i].e_mask != b->a_entries[j].e_mask ||
		    (a->a_entries[i].e_flags | RICHACE_INHERIT_ONLY_ACE) !=
		    (b->a_entries[j].e_flags | RICHACE_INHERIT_ONLY_ACE) ||
		    !richace_is_same_identifier(&a->a_entries[i],
						&b->a_entries[j]))
			return 0;
		i++;
		j++;
	}
}

struct failures {
	unsigned int count;
	const char *what;
};

static void report(struct failures *f, unsigned long seed, unsigned int n,
		   const struct richacl *before, const struct richacl *after,
		   const char *what)
{
	char *a, *b;

	if (f->count++ >= 5)
		return;
	a = acl_string(before);
	b = after ? acl_string(after) : NULL;
	printf("# seed %lu case %u: %s\n#   acl:     %s\n#   applied: %s\n",
	       seed, n, what, a, b ? b : "(failed)");
	free(a);
	free(b);
}

/* Does every process get the same from @before and @after? */
static void compare_access(struct failures *f, unsigned long seed,
			   unsigned int n, const struct richacl *before,
			   const struct richacl *after, const char *label)
{
	static const gid_t owning[] = { GROUP, OTHER_GROUP };
	unsigned int p, g;

	for (g = 0; g < 2; g++) {
		for (p = 0; p < NPROCESSES; p++) {
			const struct richacl_cred *cred = &processes[p].cred;
			unsigned int want, got;
			char what[200];

			want = richacl_access(before, OWNER, owning[g], cred,
					      RICHACE_VALID_MASK);
			got = richacl_access(after, OWNER, owning[g], cred,
					     RICHACE_VALID_MASK);
			if (want == got)
				continue;
			snprintf(what, sizeof(what),
				 "owning group %u, %s: masked grants '%s', "
				 "%s '%s'", (unsigned int)owning[g],
				 processes[p].name, perm_string(want), label,
				 perm_string(got));
			report(f, seed, n, before, after, what);
		}
	}
}

/*
 * Every acl of up to two entries over a small alphabet (seven principals,
 * allow or deny, permissions r, w or rw), with every combination of masks
 * over r and w, with and without write_through.  Failures report seed 0
 * and the running case number.
 */
static unsigned int exhaustive(struct failures *f)
{
	static const struct richace alphabet[] = {
		{ .e_flags = RICHACE_SPECIAL_WHO,
		  .e_id = RICHACE_OWNER_SPECIAL_ID },
		{ .e_flags = RICHACE_SPECIAL_WHO,
		  .e_id = RICHACE_GROUP_SPECIAL_ID },
		{ .e_flags = RICHACE_SPECIAL_WHO,
		  .e_id = RICHACE_EVERYONE_SPECIAL_ID },
		{ .e_id = OWNER },
		{ .e_id = 2 },
		{ .e_flags = RICHACE_IDENTIFIER_GROUP, .e_id = GROUP },
		{ .e_flags = RICHACE_IDENTIFIER_GROUP, .e_id = 20 },
	};
	const unsigned int nwho = sizeof(alphabet) / sizeof(alphabet[0]);
	const unsigned int nace = nwho * 2 * 3, rw = RICHACE_READ_DATA |
						    RICHACE_WRITE_DATA;
	unsigned int count, i, n = 0;

	for (count = 0; count <= 2; count++) {
		unsigned int total = 128, code;

		for (i = 0; i < count; i++)
			total *= nace;
		for (code = 0; code < total; code++, n++) {
			unsigned int masks = code % 128, ace_code = code / 128;
			struct richacl *before = richacl_alloc(count), *after;

			if (!before)
				abort();
			for (i = 0; i < count; i++, ace_code /= nace) {
				struct richace *ace = &before->a_entries[i];
				unsigned int c = ace_code % nace;

				*ace = alphabet[c % nwho];
				ace->e_type = c / nwho % 2;
				ace->e_mask = c / nwho / 2 + 1;	/* r, w, rw */
			}
			before->a_flags = RICHACL_MASKED;
			if (masks & 64)
				before->a_flags |= RICHACL_WRITE_THROUGH;
			before->a_owner_mask = masks & rw;
			before->a_group_mask = masks >> 2 & rw;
			before->a_other_mask = masks >> 4 & rw;
			after = richacl_clone(before);
			if (!after)
				abort();
			if (richacl_apply_masks(after, OWNER))
				report(f, 0, n, before, NULL, "apply failed");
			else
				compare_access(f, 0, n, before, after,
					       "applied");
			richacl_free(before);
			richacl_free(after);
		}
	}
	return n;
}

/*
 * Is every entry of @after that has the inherited flag an inherited entry
 * of @before for the same principal, of the same type?  What the steps
 * create is not inherited.  (An entry the 2015 steps split keeps its flag
 * whatever it gains; the 2015 tools print it so.)
 */
static int inherited_flags_honest(const struct richacl *before,
				  const struct richacl *after)
{
	const struct richace *ace, *old;

	richacl_for_each_entry(ace, after) {
		int found = 0;

		if (!(ace->e_flags & RICHACE_INHERITED_ACE))
			continue;
		richacl_for_each_entry(old, before) {
			if ((old->e_flags & RICHACE_INHERITED_ACE) &&
			    old->e_type == ace->e_type &&
			    richace_is_same_identifier(old, ace))
				found = 1;
		}
		if (!found)
			return 0;
	}
	return 1;
}

int main(void)
{
	const char *s = getenv("RICHACL_TEST_SEED");
	unsigned long seed = s ? strtoul(s, NULL, 10) : 1;
	unsigned int cases, n, max_count = 0;
	struct failures access = { 0 }, flags = { 0 }, size = { 0 },
			inherit = { 0 }, unmasked = { 0 }, error = { 0 },
			maxmasks = { 0 }, small = { 0 }, inherited = { 0 };

	s = getenv("RICHACL_TEST_CASES");
	cases = s ? strtoul(s, NULL, 10) : 20000;
	rng_seed(seed);
	init_processes();

	for (n = 0; n < cases; n++) {
		struct richacl *before = random_acl(), *after;

		after = richacl_clone(before);
		if (!after)
			abort();
		if (richacl_apply_masks(after, OWNER)) {
			report(&error, seed, n, before, NULL, "apply failed");
			goto next;
		}
		compare_access(&access, seed, n, before, after, "applied");
		if (after->a_flags & (RICHACL_MASKED | RICHACL_WRITE_THROUGH))
			report(&flags, seed, n, before, after,
			       "masked or write_through flag left");
		if ((after->a_flags & ~(RICHACL_MASKED |
					RICHACL_WRITE_THROUGH)) !=
		    (before->a_flags & ~(RICHACL_MASKED |
					 RICHACL_WRITE_THROUGH)))
			report(&flags, seed, n, before, after,
			       "other acl flags changed");
		if (after->a_count > RICHACL_MAX_ENTRIES)
			report(&size, seed, n, before, after,
			       "too many entries");
		if (after->a_count > max_count)
			max_count = after->a_count;
		if (!same_inheritable(before, after))
			report(&inherit, seed, n, before, after,
			       "inheritable entries changed");
		if (!inherited_flags_honest(before, after))
			report(&inherited, seed, n, before, after,
			       "an entry created is inherited");
		after->a_flags |= RICHACL_MASKED;
		compare_access(&maxmasks, seed, n, before, after, "remasked");

		/* Without the masked flag, nothing changes. */
		before->a_flags &= ~RICHACL_MASKED;
		richacl_free(after);
		after = richacl_clone(before);
		if (richacl_apply_masks(after, OWNER) ||
		    !richacl_equal(before, after))
			report(&unmasked, seed, n, before, after,
			       "an acl without masked flag changed");
next:
		richacl_free(before);
		richacl_free(after);
	}

	n = exhaustive(&small);
	ok(!small.count, "all %u acls of up to two entries over r and w "
	   "(%u failures)", n, small.count);
	ok(!error.count, "apply_masks succeeds (%u cases, seed %lu)", cases,
	   seed);
	ok(!access.count, "every process gets the same permissions before "
	   "and after (%u processes, %u failures)", (unsigned)NPROCESSES,
	   access.count);
	ok(!flags.count, "the result has no masked and no write_through flag, "
	   "other flags stay");
	ok(!size.count && max_count <= RICHACL_MAX_ENTRIES,
	   "the result has at most %u entries (largest: %u)",
	   (unsigned)RICHACL_MAX_ENTRIES, max_count);
	ok(!inherit.count, "the entries directories pass on stay the same");
	ok(!maxmasks.count, "the result's masks are its max masks: masking "
	   "it again changes nothing (%u failures)", maxmasks.count);
	ok(!unmasked.count, "acls without the masked flag stay the same");
	ok(!inherited.count, "only entries of inherited principals and types "
	   "are inherited (%u failures)", inherited.count);
	return tap_done();
}
