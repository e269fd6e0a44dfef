// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The cache of id names (lib/richacl_names.c): the names are those
 * getpwuid(3) and getgrgid(3) give, users and groups apart, each id looked
 * up once (the same string comes back), ids without a name remembered,
 * richacl_to_text_names() prints what richacl_to_text() prints; and when
 * each allocation in turn fails, ENOMEM and no leak.
 */
#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sys/richacl.h"
#include "nomem.h"
#include "tap.h"

/* An id no user or group has. */
#define NO_NAME 4000000000u

/* What getpwuid() or getgrgid() says @id is called, or NULL. */
static const char *system_name(unsigned int id, int is_group)
{
	if (is_group) {
		struct group *gr = getgrgid(id);

		return gr ? gr->gr_name : NULL;
	} else {
		struct passwd *pw = getpwuid(id);

		return pw ? pw->pw_name : NULL;
	}
}

static int same_name(const char *got, const char *want)
{
	return got && want ? !strcmp(got, want) : got == want;
}

static void test_names(void)
{
	struct richacl_names *names = richacl_names_alloc();
	const char *first[2][1000];
	unsigned int id, mismatches = 0, moved = 0;
	int g;

	if (!names) {
		printf("Bail out! richacl_names_alloc: %s\n", strerror(errno));
		exit(1);
	}
	errno = EINVAL;
	is_str(richacl_id_name(names, 0, 0), "root", "uid 0 is root");
	is_int(errno, 0, "errno 0 after a name");
	errno = EINVAL;
	ok(!richacl_id_name(names, NO_NAME, 0) && errno == 0,
	   "uid %u: no name, errno 0", NO_NAME);
	errno = EINVAL;
	ok(!richacl_id_name(names, NO_NAME, 1) && errno == 0,
	   "gid %u: no name, errno 0, again", NO_NAME);

	/* Enough ids to make the table grow several times, users and groups. */
	for (id = 0; id < 1000; id++) {
		for (g = 0; g < 2; g++) {
			first[g][id] = richacl_id_name(names, id, g);
			if (!same_name(first[g][id], system_name(id, g))) {
				printf("# %s %u: '%s', not '%s'\n",
				       g ? "gid" : "uid", id,
				       first[g][id] ? first[g][id] : "(none)",
				       system_name(id, g) ? system_name(id, g) :
							    "(none)");
				mismatches++;
			}
		}
	}
	is_int(mismatches, 0, "ids 0-999: the names getpwuid and getgrgid give");
	for (id = 0; id < 1000; id++)
		for (g = 0; g < 2; g++)
			if (richacl_id_name(names, id, g) != first[g][id])
				moved++;
	is_int(moved, 0, "a second look-up gives the cached string");
	richacl_names_free(names);
	richacl_names_free(NULL);
	errno = 0;
	ok(!richacl_id_name(NULL, 0, 0) && errno == EINVAL,
	   "no cache: EINVAL");
}

static void test_to_text_names(void)
{
	static const unsigned int options[] = {
		0,
		RICHACL_TEXT_UNALIGNED | RICHACL_TEXT_LONG,
		RICHACL_TEXT_NUMERIC_IDS | RICHACL_TEXT_SHOW_MASKS,
	};
	struct richacl_names *names = richacl_names_alloc();
	struct richacl *acl;
	char *error = NULL;
	size_t n;

	acl = richacl_from_text("user:0:r::allow\n"
				"group:0:w::allow\n"
				"user:4000000000:x::deny\n"
				"group:4000000000:x::deny\n"
				"owner@:rwx::allow\n"
				"user:0:a::deny\n", NULL, &error);
	if (!acl || !names) {
		printf("Bail out! %s\n", error ? error : strerror(errno));
		exit(1);
	}
	for (n = 0; n < sizeof(options) / sizeof(options[0]); n++) {
		char *want = richacl_to_text(acl, options[n]);
		char *got = richacl_to_text_names(acl, options[n], names);

		is_str(got, want, "options %#x: as richacl_to_text", options[n]);
		free(want);
		free(got);
	}
	is_str(richacl_id_name(names, 0, 1), system_name(0, 1),
	       "gid 0 cached beside uid 0");
	richacl_names_free(names);
	richacl_free(acl);
}

#ifndef NOMEM_SANITIZED
/* Each allocation of a first richacl_to_text_names() in turn fails. */
static void test_nomem(void)
{
	struct richacl *acl = parse("user:0:r::allow\ngroup:0:w::allow\n"
				    "user:1:x::allow\nuser:2:x::allow\n");
	int bad = 0, failures = 0;

	/* The name service's own first-use allocations, before counting. */
	system_name(0, 0);
	system_name(0, 1);
	for (fail_at = 0; ; fail_at++) {
		struct richacl_names *names;
		long before = live;
		char *text;
		int error;

		calls = 0;
		armed = 1;
		names = richacl_names_alloc();
		text = names ? richacl_to_text_names(acl, 0, names) : NULL;
		error = errno;
		armed = 0;
		richacl_names_free(names);
		if (text) {
			free(text);
			if (live != before)
				bad++;
			break;
		}
		failures++;
		if (error != ENOMEM || live != before) {
			printf("# allocation %d: errno %d, %ld blocks leaked\n",
			       fail_at, error, live - before);
			bad++;
		}
	}
	ok(!bad && failures > 3,
	   "richacl_to_text_names: ENOMEM and no leak at each of %d failures",
	   failures);
	richacl_free(acl);
}
#endif

int main(void)
{
	test_names();
	test_to_text_names();
#ifndef NOMEM_SANITIZED
	test_nomem();
#endif
	return tap_done();
}
