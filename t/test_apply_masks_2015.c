// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * richacl_apply_masks() prints what the 2015 tools print wherever that is
 * exact: for each masked acl of t/apply_masks_2015.h, the effective acl
 * is the 2015 one, or, where the 2015 one grants some process other
 * permissions than the masked acl, our exact one.  For those cases the
 * test also shows that the 2015 acl is wrong: some process, with the
 * owning group 10 or a group no entry names, gets something else from it.
 */
#include <stdlib.h>
#include <string.h>

#include "sys/richacl.h"
#include "tap.h"
#include "apply_masks_2015.h"

#define OWNER	1

static struct richacl *parse(const char *text)
{
	struct richacl *acl = richacl_from_text(text, NULL, NULL);

	if (!acl) {
		printf("Bail out! cannot parse '%s'\n", text);
		exit(1);
	}
	return acl;
}

/* The entries of @acl on one line, as in apply_masks_2015.h. */
static char *one_line(const struct richacl *acl)
{
	char *text = richacl_to_text(acl, RICHACL_TEXT_FULL |
					  RICHACL_TEXT_UNALIGNED |
					  RICHACL_TEXT_NUMERIC_IDS), *p;
	size_t len;

	if (!text) {
		printf("Bail out! cannot print an acl\n");
		exit(1);
	}
	for (p = text; *p; p++)
		if (*p == '\n')
			*p = ' ';
	len = strlen(text);
	while (len && text[len - 1] == ' ')
		text[--len] = '\0';
	return text;
}

/*
 * Does some process get other permissions from @plain than from @masked?
 * The uids 1 (the owner), 2, 3 and 5, each in each subset of the groups
 * 10, 20, 30 and 40; the owning group 10 or 40.
 */
static int grants_differently(const struct richacl *masked,
			      const struct richacl *plain)
{
	static const uid_t uids[] = { OWNER, 2, 3, 5 };
	static const gid_t gids[] = { 10, 20, 30, 40 }, owning[] = { 10, 40 };
	unsigned int u, set, g, o;

	for (o = 0; o < 2; o++) {
		for (u = 0; u < 4; u++) {
			for (set = 0; set < 16; set++) {
				struct richacl_cred cred = { .uid = uids[u],
							     .gid = 99 };
				gid_t groups[4];

				cred.groups = groups;
				for (g = 0; g < 4; g++)
					if (set & (1 << g))
						groups[cred.ngroups++] =
							gids[g];
				if (richacl_access(masked, OWNER, owning[o],
						   &cred, RICHACE_VALID_MASK) !=
				    richacl_access(plain, OWNER, owning[o],
						   &cred, RICHACE_VALID_MASK))
					return 1;
			}
		}
	}
	return 0;
}

int main(void)
{
	size_t n, count = sizeof(cases_2015) / sizeof(cases_2015[0]);
	unsigned int same = 0, exact = 0, wrong = 0, honest = 0;

	for (n = 0; n < count; n++) {
		const struct case_2015 *c = &cases_2015[n];
		const char *want = c->exact ? c->exact : c->seeds;
		struct richacl *acl = parse(c->masked);
		char *got = NULL;

		if (!richacl_apply_masks(acl, OWNER))
			got = one_line(acl);
		if (got && !strcmp(got, want)) {
			if (c->exact)
				exact++;
			else
				same++;
		} else if (wrong++ < 5) {
			printf("# %s\n#      got: %s\n#     want: %s\n",
			       c->masked, got ? got : "(failed)", want);
		}
		if (c->exact) {
			struct richacl *masked = parse(c->masked);
			struct richacl *seeds = parse(c->seeds);

			if (grants_differently(masked, seeds))
				honest++;
			else
				printf("# the 2015 result is right: %s\n",
				       c->masked);
			richacl_free(masked);
			richacl_free(seeds);
		}
		free(got);
		richacl_free(acl);
	}
	ok(!wrong, "%u acls: the 2015 effective acl where it is exact (%u), "
	   "ours where not (%u); %u wrong", (unsigned int)count, same, exact,
	   wrong);
	ok(honest == exact, "each 2015 acl we do not print grants some "
	   "process other permissions (%u of %u)", honest, exact);
	return tap_done();
}
