// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * count-lookups.so: an LD_PRELOAD shim that counts the name look-ups of
 * user and group ids (getpwuid, getpwuid_r, getgrgid, getgrgid_r) a
 * program makes, for the tests that check the tools look each id up once.
 *
 *	COUNT_LOOKUPS	a file to which the counts are written at exit, one
 *			line "uid N" and one "gid N"
 */
#include <dlfcn.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned long uid_lookups, gid_lookups;

static void *real(const char *name)
{
	void *fn = dlsym(RTLD_NEXT, name);

	if (!fn) {
		fprintf(stderr, "count-lookups: no %s\n", name);
		abort();
	}
	return fn;
}

struct passwd *getpwuid(uid_t uid)
{
	struct passwd *(*fn)(uid_t) = real("getpwuid");

	uid_lookups++;
	return fn(uid);
}

int getpwuid_r(uid_t uid, struct passwd *pwd, char *buf, size_t size,
	       struct passwd **result)
{
	int (*fn)(uid_t, struct passwd *, char *, size_t, struct passwd **) =
		real("getpwuid_r");

	uid_lookups++;
	return fn(uid, pwd, buf, size, result);
}

struct group *getgrgid(gid_t gid)
{
	struct group *(*fn)(gid_t) = real("getgrgid");

	gid_lookups++;
	return fn(gid);
}

int getgrgid_r(gid_t gid, struct group *grp, char *buf, size_t size,
	       struct group **result)
{
	int (*fn)(gid_t, struct group *, char *, size_t, struct group **) =
		real("getgrgid_r");

	gid_lookups++;
	return fn(gid, grp, buf, size, result);
}

__attribute__((destructor)) static void write_counts(void)
{
	const char *path = getenv("COUNT_LOOKUPS");
	FILE *f;

	if (!path)
		return;
	f = fopen(path, "w");
	if (!f)
		return;
	fprintf(f, "uid %lu\ngid %lu\n", uid_lookups, gid_lookups);
	fclose(f);
}
