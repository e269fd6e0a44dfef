// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Property test of the text form: for random acls (every kind of entry,
 * unmapped ones included, every flag, random masks and sizes), parsing
 * what richacl_to_text() prints gives back the same acl, in each layout.
 *
 * The seed is fixed, so that every run tests the same cases and a failure
 * is never a matter of luck; $RICHACL_TEST_SEED picks other cases (a soak:
 * loop over seeds).  It is printed so that a failure can be replayed.  One
 * TAP line per property.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sys/richacl.h"
#include "tap.h"

#define CASES 10000
#define MAX_COUNT 20

static uint64_t rng_state;

/* splitmix64: small, good enough, and the same everywhere. */
static uint64_t rng(void)
{
	uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

static unsigned int below(unsigned int n)
{
	return (unsigned int)(rng() % n);
}

/* A random subset of @bits; empty now and then. */
static unsigned int subset(unsigned int bits)
{
	return below(8) ? (unsigned int)rng() & bits : 0;
}

/* A name as NFS would send it: no separators, no ':'. */
static void random_name(char *buf, size_t size)
{
	static const char chars[] =
		"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		"0123456789._-@";
	size_t len = 1 + below((unsigned int)size - 1), n;

	for (n = 0; n < len; n++)
		buf[n] = chars[below(sizeof(chars) - 1)];
	buf[len] = '\0';
}

static unsigned int random_id(void)
{
	switch (below(3)) {
	case 0:
		return below(2000);
	case 1:
		return 0xFFFFFFFEu - below(3);
	default:
		return (unsigned int)rng() % 0xFFFFFFFFu;
	}
}

static struct richacl *random_acl(void)
{
	unsigned int count = below(MAX_COUNT + 1), n;
	struct richacl *acl = richacl_alloc(count);
	char name[24];

	if (!acl)
		return NULL;
	acl->a_flags = subset(RICHACL_VALID_FLAGS);
	acl->a_owner_mask = subset(RICHACE_VALID_MASK);
	acl->a_group_mask = subset(RICHACE_VALID_MASK);
	acl->a_other_mask = subset(RICHACE_VALID_MASK);
	for (n = 0; n < count; n++) {
		struct richace *ace = &acl->a_entries[n];
		unsigned int kind = below(7);

		ace->e_type = below(2) ? RICHACE_ACCESS_ALLOWED_ACE_TYPE :
					 RICHACE_ACCESS_DENIED_ACE_TYPE;
		ace->e_flags = subset(RICHACE_INHERITANCE_FLAGS |
				      RICHACE_INHERITED_ACE);
		ace->e_mask = subset(RICHACE_VALID_MASK);
		if (kind < 3) {
			ace->e_flags |= RICHACE_SPECIAL_WHO;
			ace->e_id = kind;
		} else if (kind < 5) {
			if (kind == 4)
				ace->e_flags |= RICHACE_IDENTIFIER_GROUP;
			ace->e_id = random_id();
		} else {
			random_name(name, sizeof(name));
			if (richace_set_unmapped_who(ace, name, kind == 6)) {
				richacl_free(acl);
				return NULL;
			}
		}
	}
	return acl;
}

static const struct {
	unsigned int options;
	const char *name;
} layouts[] = {
	{ 0, "aligned" },
	{ RICHACL_TEXT_UNALIGNED, "unaligned" },
	{ RICHACL_TEXT_LONG, "long" },
	{ RICHACL_TEXT_LONG | RICHACL_TEXT_UNALIGNED | RICHACL_TEXT_DIRECTORY,
	  "long, unaligned, directory names" },
};
#define NLAYOUTS (sizeof(layouts) / sizeof(layouts[0]))

/* One case: 1 when @acl survives printing with @options and parsing. */
static int roundtrip(const struct richacl *acl, unsigned int options,
		     unsigned long long seed, unsigned int index)
{
	unsigned int want = RICHACL_TEXT_OWNER_MASK_GIVEN |
			    RICHACL_TEXT_GROUP_MASK_GIVEN |
			    RICHACL_TEXT_OTHER_MASK_GIVEN, given = 0;
	char *text = richacl_to_text(acl, options), *error = NULL;
	struct richacl *back = NULL;
	int pass;

	if (acl->a_flags)
		want |= RICHACL_TEXT_FLAGS_GIVEN;
	if (text)
		back = richacl_from_text(text, &given, &error);
	pass = back && richacl_equal(acl, back) && given == want;
	if (!pass) {
		printf("# seed %llu, case %u, options 0x%x: %s\n", seed, index,
		       options, error ? error : "parsed to a different acl");
		printf("# text:\n%s", text ? text : "(null)\n");
	}
	free(error);
	free(text);
	richacl_free(back);
	return pass;
}

int main(void)
{
	const unsigned int base = RICHACL_TEXT_FULL | RICHACL_TEXT_SHOW_MASKS |
				  RICHACL_TEXT_NUMERIC_IDS;
	const char *env = getenv("RICHACL_TEST_SEED");
	unsigned int failed[NLAYOUTS] = { 0 }, n, l, entries = 0;
	unsigned long long seed;

	seed = env ? strtoull(env, NULL, 10) : 20151016;
	rng_state = seed;
	printf("# seed %llu (set RICHACL_TEST_SEED to replay)\n", seed);

	for (n = 0; n < CASES; n++) {
		struct richacl *acl = random_acl();

		if (!acl) {
			ok(0, "allocating a random acl");
			return tap_done();
		}
		entries += acl->a_count;
		for (l = 0; l < NLAYOUTS; l++) {
			/* Report the first failure of each layout. */
			if (!failed[l] &&
			    !roundtrip(acl, base | layouts[l].options, seed, n))
				failed[l]++;
		}
		richacl_free(acl);
	}
	for (l = 0; l < NLAYOUTS; l++)
		ok(!failed[l], "%u acls (%u entries) print and parse back "
		   "(%s)", CASES, entries, layouts[l].name);
	return tap_done();
}
