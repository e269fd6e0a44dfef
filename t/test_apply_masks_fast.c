// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The fast parts of richacl_apply_masks() answer what the plain ones did:
 *
 *  - compat_class_may() (lib/richacl_class_may.c) sorts the named entries
 *    by principal instead of walking the acl once per named entry;
 *  - compat_same_access() (lib/richacl_same_access.c) asks richacl_access()
 *    about each uid's view of the acls (the entries other than user
 *    entries, and that uid's) instead of the whole acls.
 *
 * Each is compared, on many random acls, with the plain algorithm written
 * out here as the oracle.  The library does not export these functions:
 * the test is built with their files.
 *
 * Environment: RICHACL_TEST_SEED (default 1), RICHACL_TEST_CASES (default
 * 20000).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "richacl_compat.h"
#include "tap.h"
#include "rng.h"

#define OWNER	1
/* An entry type that decides nothing (NFSv4's audit entries). */
#define OTHER_TYPE	2

#define diag(...) do { printf("# "); printf(__VA_ARGS__); putchar('\n'); } while (0)

static void bail_out(const char *what)
{
	printf("Bail out! %s: out of memory\n", what);
	exit(1);
}

static unsigned int random_perms(void)
{
	static const unsigned int bits[] = {
		RICHACE_READ_DATA, RICHACE_WRITE_DATA, RICHACE_APPEND_DATA,
		RICHACE_EXECUTE, RICHACE_DELETE, RICHACE_WRITE_ACL,
	};
	return rng_mask(bits, sizeof(bits) / sizeof(bits[0]),
			RICHACE_VALID_MASK);
}

/*
 * Entries from small pools (so that principals repeat), of every kind the
 * algorithms tell apart: the specials, users (the owner among them),
 * groups, unmapped names; allow, deny and other types; inherit-only.
 */
static void random_entry(struct richacl *acl)
{
	struct richace *ace = richacl_insert_entry(acl, acl->a_count);
	unsigned int kind = rnd() % 100;

	if (!ace)
		abort();
	if (kind < 10) {
		ace->e_flags = RICHACE_SPECIAL_WHO;
		ace->e_id = RICHACE_OWNER_SPECIAL_ID;
	} else if (kind < 20) {
		ace->e_flags = RICHACE_SPECIAL_WHO;
		ace->e_id = RICHACE_GROUP_SPECIAL_ID;
	} else if (kind < 32) {
		ace->e_flags = RICHACE_SPECIAL_WHO;
		ace->e_id = RICHACE_EVERYONE_SPECIAL_ID;
	} else if (kind < 66) {
		ace->e_id = 1 + rnd() % 5;	/* 1 is the owner */
	} else if (kind < 96) {
		ace->e_flags = RICHACE_IDENTIFIER_GROUP;
		/* Group ids that are also user ids: kept apart. */
		ace->e_id = 1 + rnd() % 4;
	} else if (richace_set_unmapped_who(ace, "nobody@EXAMPLE.COM",
					    chance(50))) {
		abort();
	}
	ace->e_type = chance(40) ? RICHACE_ACCESS_DENIED_ACE_TYPE :
		      chance(95) ? RICHACE_ACCESS_ALLOWED_ACE_TYPE :
				   OTHER_TYPE;
	ace->e_mask = random_perms();
	if (chance(10))
		ace->e_flags |= RICHACE_FILE_INHERIT_ACE |
				RICHACE_INHERIT_ONLY_ACE;
}

static struct richacl *random_acl(unsigned int max)
{
	struct richacl *acl = richacl_alloc(0);
	unsigned int count = rnd() % (max + 1), n;

	if (!acl)
		abort();
	for (n = 0; n < count; n++)
		random_entry(acl);
	acl->a_flags = RICHACL_MASKED;
	if (chance(50))
		acl->a_flags |= RICHACL_WRITE_THROUGH;
	acl->a_owner_mask = random_perms();
	acl->a_group_mask = random_perms();
	acl->a_other_mask = random_perms();
	return acl;
}

/* The oracle of compat_class_may(): one walk per named entry. */
static unsigned int plain_class_may(const struct richacl *acl, uid_t owner,
				    int is_owner)
{
	struct richace group = compat_special_who(RICHACE_GROUP_SPECIAL_ID);
	unsigned int may = compat_entries_grant(acl, owner, is_owner, &group);
	const struct richace *ace;

	if (is_owner)
		may |= compat_entries_grant(acl, owner, 1, NULL);
	richacl_for_each_entry(ace, acl) {
		if (!compat_is_effective(ace) ||
		    (ace->e_flags & RICHACE_UNMAPPED_WHO))
			continue;
		if (richace_is_unix_group(ace) ||
		    (!is_owner && richace_is_unix_user(ace) &&
		     !compat_is_owner_entry(ace, owner)))
			may |= compat_entries_grant(acl, owner, is_owner, ace);
	}
	return may;
}

/*
 * The oracle of compat_same_access(): the whole acls, for every uid of the
 * pools and one more, every owning group of the pool and one more, every
 * set of at most three of those groups (the pools are small enough to try
 * them all, a superset of what the library tries).
 */
static int plain_same_access(const struct richacl *masked,
			     const struct richacl *plain, uid_t owner)
{
	uid_t uid;
	gid_t group, set[3];
	unsigned int subset, n;

	for (uid = 1; uid <= 6; uid++) {
		for (group = 1; group <= 5; group++) {
			for (subset = 0; subset < 32; subset++) {
				struct richacl_cred cred = {
					.uid = uid, .gid = 99, .groups = set,
				};

				if (__builtin_popcount(subset) > 3)
					continue;
				for (n = 0; n < 5; n++)
					if (subset & (1U << n))
						set[cred.ngroups++] = n + 1;
				if (richacl_access(masked, owner, group, &cred,
						   RICHACE_VALID_MASK) !=
				    richacl_access(plain, owner, group, &cred,
						   RICHACE_VALID_MASK))
					return 0;
			}
		}
	}
	return 1;
}

static void show(const char *what, const struct richacl *acl)
{
	char *text = richacl_to_text(acl, RICHACL_TEXT_SHOW_MASKS);

	diag("%s: %s", what, text ? text : "(no text)");
	free(text);
}

int main(void)
{
	const char *s = getenv("RICHACL_TEST_SEED");
	const char *c = getenv("RICHACL_TEST_CASES");
	unsigned long seed = s ? strtoul(s, NULL, 0) : 1;
	unsigned long cases = c ? strtoul(c, NULL, 0) : 20000, n;
	unsigned long wrong_may = 0, wrong_same = 0, same = 0, differ = 0;

	rng_seed(seed);
	for (n = 0; n < cases; n++) {
		struct richacl *acl = random_acl(n % 10 == 0 ? 40 : 10);
		struct richacl *other;
		int is_owner, want, got;

		for (is_owner = 0; is_owner <= 1; is_owner++) {
			unsigned int fast, slow = plain_class_may(acl, OWNER,
								  is_owner);

			if (compat_class_may(acl, OWNER, is_owner, &fast))
				bail_out("compat_class_may");
			if (fast != slow && wrong_may++ < 3) {
				diag("seed %lu case %lu, %s class: %#x, "
				     "expected %#x", seed, n,
				     is_owner ? "owner" : "group", fast, slow);
				show("acl", acl);
			}
		}

		/* Against its masks applied (mostly the same access), or
		 * against another random acl (mostly not). */
		other = richacl_clone(acl);
		if (!other)
			bail_out("richacl_clone");
		if (chance(70)) {
			if (richacl_apply_masks(other, OWNER)) {
				richacl_free(other);
				richacl_free(acl);
				continue;	/* too large once applied */
			}
			if (chance(20) && other->a_count)
				other->a_entries[rnd() % other->a_count].e_mask ^=
					RICHACE_READ_DATA;
		} else {
			richacl_free(other);
			other = random_acl(10);
			other->a_flags = 0;
		}
		want = plain_same_access(acl, other, OWNER);
		got = compat_same_access(acl, other, OWNER);
		if (got == -1)
			bail_out("compat_same_access");
		if (got != want && wrong_same++ < 3) {
			diag("seed %lu case %lu: same access %d, expected %d",
			     seed, n, got, want);
			show("masked", acl);
			show("plain", other);
		}
		if (want)
			same++;
		else
			differ++;
		richacl_free(other);
		richacl_free(acl);
	}
	is_int(wrong_may, 0, "compat_class_may() agrees with one walk per "
	       "named entry (%lu acls, both classes)", cases);
	is_int(wrong_same, 0, "compat_same_access() agrees with richacl_access() "
	       "on the whole acls (%lu pairs the same, %lu not)", same, differ);
	ok(same > cases / 4 && differ > cases / 4,
	   "the pairs are both the same and not the same, often");
	return tap_done();
}
