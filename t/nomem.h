/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * For the allocation-failure tests: malloc, calloc, realloc and free
 * replaced (glibc lets a program do that) to fail on demand and to count
 * live blocks.  Set `armed`, `calls` = 0 and `fail_at` = N to make the Nth
 * allocation fail; `live` counts blocks allocated and not freed.
 *
 * Sanitizer builds bring their own allocator: there NOMEM_SANITIZED is
 * defined and a test must not replace anything (make check leaves these
 * tests out of sanitizer builds).
 */
#ifndef RICHACL_NOMEM_H
#define RICHACL_NOMEM_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "sys/richacl.h"

#if defined(__SANITIZE_ADDRESS__)
#define NOMEM_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define NOMEM_SANITIZED 1
#endif
#endif

#ifndef NOMEM_SANITIZED

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

#endif /* NOMEM_SANITIZED */
#endif /* RICHACL_NOMEM_H */
