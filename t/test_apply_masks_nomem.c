// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * richacl_apply_masks() when memory runs out: each allocation in turn
 * fails.  It must then return -1 with ENOMEM, leave the acl exactly as it
 * was, and leak nothing; once no allocation fails, the result must be the
 * normal one.  The allocator of nomem.h fails on demand and counts live
 * blocks.
 * Sanitizer builds bring their own allocator: make check leaves the test
 * out there, and run by hand it skips.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sys/richacl.h"
#include "nomem.h"
#include "tap.h"

#ifdef NOMEM_SANITIZED
int main(void)
{
	printf("1..0 # SKIP the sanitizers replace the allocator\n");
	return 0;
}
#else
/*
 * Apply the masks to @text (chmod'ed to @mode) with each allocation
 * failing in turn, until none fails.
 */
static void check(const char *text, mode_t mode, const char *name)
{
	struct richacl *orig = parse(text), *want;
	int problems = 0, ret;

	richacl_chmod(orig, S_IFREG | mode);
	want = richacl_clone(orig);
	if (!want || richacl_apply_masks(want, 1)) {
		printf("Bail out! apply_masks fails without a failing "
		       "allocation\n");
		exit(1);
	}
	for (fail_at = 0; ; fail_at++) {
		struct richacl *acl = richacl_clone(orig);
		long before = live;

		calls = 0;
		armed = 1;
		errno = 0;
		ret = richacl_apply_masks(acl, 1);
		armed = 0;
		if (ret == 0) {
			if (!richacl_equal(acl, want)) {
				printf("# %s: wrong result after %d "
				       "allocations\n", name, fail_at);
				problems++;
			}
			richacl_free(acl);
			break;
		}
		if (errno != ENOMEM) {
			printf("# %s: allocation %d fails: errno %d\n", name,
			       fail_at, errno);
			problems++;
		}
		if (!richacl_equal(acl, orig)) {
			printf("# %s: allocation %d fails: acl changed\n",
			       name, fail_at);
			problems++;
		}
		if (live != before) {
			printf("# %s: allocation %d fails: %ld blocks "
			       "leaked\n", name, fail_at, live - before);
			problems++;
		}
		richacl_free(acl);
		if (fail_at > 10000)
			break;
	}
	ok(!problems && fail_at > 0, "%s: %d allocations, each may fail",
	   name, fail_at);
	richacl_free(orig);
	richacl_free(want);
}

int main(void)
{
	check("user:2:wp::deny everyone@:rwpx::allow", 0660,
	      "the seed's example");
	check("everyone@:rwx:fd:allow user:3:r:fd:allow "
	      "group:20:w::deny everyone@:x::allow", 0646,
	      "inheritable entries that split");
	check("user:alice@EXAMPLE.COM:r:u:allow "
	      "group:staff@EXAMPLE.COM:w:u:deny "
	      "everyone@:rwpx::allow", 0604,
	      "unmapped identifiers that are copied");
	/* The last isolating entry outgrows the entry array. */
	check("user:a@X:r:u:allow user:b@X:r:u:allow user:c@X:r:u:allow "
	      "user:d@X:r:u:allow everyone@:rwpx::allow", 0604,
	      "an unmapped identifier copied, then the array grows");
	check("everyone@:w::allow user:e@X:r:fdu:allow", 0640,
	      "an inheritable unmapped entry that splits");
	return tap_done();
}
#endif
