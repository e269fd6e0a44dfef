// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * count-lookups.so: an LD_PRELOAD shim that counts the name look-ups of
 * user and group ids (getpwuid, getpwuid_r, getgrgid, getgrgid_r) and the
 * getxattr(2) calls for system.richacl a program makes, for the tests
 * that check the tools look each id up once and read each ACL once.
 * Preloaded before t/fake-xattr.so, it sees the calls the shim serves.
 *
 *	COUNT_LOOKUPS	a file to which the counts are written at exit: the
 *			lines "uid N", "gid N" and "getxattr N"
 */
#include <dlfcn.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/xattr.h>

static unsigned long uid_lookups, gid_lookups, richacl_reads;

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

static void count_read(const char *name)
{
	if (!strcmp(name, "system.richacl"))
		richacl_reads++;
}

ssize_t getxattr(const char *path, const char *name, void *value,
		 size_t size)
{
	ssize_t (*fn)(const char *, const char *, void *, size_t) =
		real("getxattr");

	count_read(name);
	return fn(path, name, value, size);
}

ssize_t lgetxattr(const char *path, const char *name, void *value,
		  size_t size)
{
	ssize_t (*fn)(const char *, const char *, void *, size_t) =
		real("lgetxattr");

	count_read(name);
	return fn(path, name, value, size);
}

ssize_t fgetxattr(int fd, const char *name, void *value, size_t size)
{
	ssize_t (*fn)(int, const char *, void *, size_t) = real("fgetxattr");

	count_read(name);
	return fn(fd, name, value, size);
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
	fprintf(f, "uid %lu\ngid %lu\ngetxattr %lu\n", uid_lookups,
		gid_lookups, richacl_reads);
	fclose(f);
}
