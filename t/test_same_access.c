// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The work estimate of compat_same_access() (lib/richacl_same_access.c):
 * acls whose check would look at more than its budget of 20,000,000
 * entries get 0 ("not known to be the same") instead of minutes of work.
 * The estimate is a product of four counts; it must say "too costly"
 * wherever the true product is over the budget, also where it does not
 * fit in 64 bits.  The test is built with that file, which the library
 * does not export.
 */
#include <stdio.h>

#include "richacl_compat.h"
#include "tap.h"

static const struct {
	unsigned long long g, nuids, entries;
	int too_costly;
	const char *what;
} cases[] = {
	/* One gid: 2 subsets (none, the gid); 2 * 1 * 1 * entries. */
	{ 1, 1, 10000000, 0, "exactly the budget" },
	{ 1, 1, 10000001, 1, "one entry over the budget" },
	/* 31 gids: 4992 subsets * 2 uids * 31 * 64 entries = 19,808,256. */
	{ 31, 2, 64, 0, "31 groups, 2 users, 64 entries: under" },
	/* 32 gids: 5489 subsets * 2 * 32 * 64 = 22,482,944. */
	{ 32, 2, 64, 1, "32 groups, 2 users, 64 entries: over" },
	/* An odd subset count times 2^31 * 2^16 * 2^17: 2^64 times odd. */
	{ 65536, 1ULL << 31, 1ULL << 17, 1, "a product of exactly 2^64 * odd" },
	/* The largest counts richacl's 16-bit entry counts allow. */
	{ 131071, 131072, 131070, 1, "the largest acls" },
	{ ~0ULL, ~0ULL, ~0ULL, 1, "every count at its maximum" },
};

int main(void)
{
	size_t n;

	for (n = 0; n < sizeof(cases) / sizeof(cases[0]); n++)
		is_int(compat_judge_too_costly(cases[n].g, cases[n].nuids,
					       cases[n].entries),
		       cases[n].too_costly, "%s", cases[n].what);
	return tap_done();
}
