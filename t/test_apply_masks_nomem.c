// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * richacl_apply_masks() when memory runs out: each allocation in turn
 * fails.  It must then return -1 with ENOMEM, leave the acl exactly as it
 * was, and leak nothing; once no allocation fails, the result must be the
 * normal one.  malloc, calloc, realloc and free are replaced here (glibc
 * lets a program do that) to fail on demand and count live blocks.
 * Sanitizer builds bring their own allocator, so the test skips there.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sys/richacl.h"
#include "tap.h"

#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif

#ifdef SANITIZED
int main(void)
{
	printf("1..0 # SKIP the sanitizers replace the allocator\n");
	return 0;
}
#else

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t nmemb, size_t size);
extern void *__libc_realloc(void *ptr, size_t size);
extern void __libc_free(void *ptr);

static int armed;		/* count and fail allocations */
static int calls, fail_at;	/* allocations so far; which one fails */
static long live;		/* blocks allocated and not freed */

static int fail_now(void)
{
	return armed && calls++ == fail_at;
}

void *malloc(size_t size)
{
	void *ptr;

	if (fail_now()) {
		errno = ENOMEM;
		return NULL;
	}
	ptr = __libc_malloc(size);
	if (ptr)
		live++;
	return ptr;
}

void *calloc(size_t nmemb, size_t size)
{
	void *ptr;

	if (fail_now()) {
		errno = ENOMEM;
		return NULL;
	}
	ptr = __libc_calloc(nmemb, size);
	if (ptr)
		live++;
	return ptr;
}

void *realloc(void *old, size_t size)
{
	void *ptr;

	if (fail_now()) {
		errno = ENOMEM;
		return NULL;
	}
	ptr = __libc_realloc(old, size);
	if (ptr && !old)
		live++;
	return ptr;
}

void free(void *ptr)
{
	if (ptr)
		live--;
	__libc_free(ptr);
}

static struct richacl *parse(const char *text)
{
	char *error = NULL;
	struct richacl *acl = richacl_from_text(text, NULL, &error);

	if (!acl) {
		printf("Bail out! cannot parse '%s'\n", text);
		exit(1);
	}
	return acl;
}

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
