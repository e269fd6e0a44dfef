// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fake-xattr.so: an LD_PRELOAD shim that emulates the system.richacl
 * attribute on a kernel without RichACL support, for the tests.
 *
 *	FAKE_XATTR_DIR	where the values live: one file per inode, named
 *			DEVICE-INODE (hex); when unset, the shim passes
 *			everything through
 *	FAKE_XATTR_LOG	when set, a file to which each change of a value
 *			is appended as "set PATH" or "remove PATH"
 *
 * Like ext4 with RichACLs, setting a value validates it (EINVAL for an
 * invalid value or one with unmapped identifiers), then either sets the
 * mode to the one the acl is equivalent to and drops the value, or sets
 * the permission bits from the file masks and stores the value.  Symlinks
 * have no RichACL.  Other attributes go to the real system calls.  The
 * shim does not follow chmod(2) (the kernel would update the file masks).
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "sys/richacl.h"

/*
 * How the caller named the file: by path, by path without following a
 * final symlink, or by file descriptor.
 */
struct target {
	const char *path;
	int fd;
	int nofollow;
};

#define PATH_TARGET(p)	((struct target){ .path = (p), .fd = -1 })
#define LPATH_TARGET(p)	((struct target){ .path = (p), .fd = -1, \
					  .nofollow = 1 })
#define FD_TARGET(f)	((struct target){ .fd = (f) })

static void *real(const char *name)
{
	void *fn = dlsym(RTLD_NEXT, name);

	if (!fn) {
		fprintf(stderr, "fake-xattr: no %s\n", name);
		abort();
	}
	return fn;
}

/* 1 when the shim handles attribute @name. */
static int faked(const char *name)
{
	return getenv("FAKE_XATTR_DIR") && !strcmp(name, RICHACL_XATTR);
}

static int target_stat(const struct target *t, struct stat *st)
{
	if (t->fd >= 0)
		return fstat(t->fd, st);
	return t->nofollow ? lstat(t->path, st) : stat(t->path, st);
}

static int target_chmod(const struct target *t, mode_t mode)
{
	if (t->fd >= 0)
		return fchmod(t->fd, mode);
	return chmod(t->path, mode);
}

/* The file that holds the value of the inode @st. */
static void store_path(char *buf, const struct stat *st)
{
	snprintf(buf, PATH_MAX, "%s/%llx-%llx", getenv("FAKE_XATTR_DIR"),
		 (unsigned long long)st->st_dev,
		 (unsigned long long)st->st_ino);
}

/*
 * Log "WHAT PATH".  A file descriptor, or a /proc/self/fd/N path, is
 * logged as the path the kernel has for it.
 */
static void log_change(const char *what, const struct target *t)
{
	static const char proc_fd[] = "/proc/self/fd/";
	const char *log = getenv("FAKE_XATTR_LOG");
	char link[64], path[PATH_MAX];
	const char *name = t->path;
	ssize_t len;
	FILE *f;

	if (!log)
		return;
	if (t->fd >= 0 ||
	    !strncmp(t->path, proc_fd, sizeof(proc_fd) - 1)) {
		if (t->fd >= 0)
			snprintf(link, sizeof(link), "%s%d", proc_fd, t->fd);
		else
			snprintf(link, sizeof(link), "%s", t->path);
		len = readlink(link, path, sizeof(path) - 1);
		path[len < 0 ? 0 : len] = '\0';
		name = path;
	}
	f = fopen(log, "a");
	if (!f)
		return;
	fprintf(f, "%s %s\n", what, name);
	fclose(f);
}

/*
 * Read the stored value of @st into @buf (up to @max bytes); its length,
 * or -1 with errno (ENODATA when there is none).
 */
static ssize_t load(const struct stat *st, char *buf, size_t max)
{
	char path[PATH_MAX];
	ssize_t len;
	int fd;

	store_path(path, st);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		if (errno == ENOENT)
			errno = ENODATA;
		return -1;
	}
	len = read(fd, buf, max);
	close(fd);
	return len;
}

static ssize_t fake_get(const struct target *t, void *value, size_t size)
{
	static char buf[RICHACL_XATTR_MAX_SIZE];
	struct stat st;
	ssize_t len;

	if (target_stat(t, &st))
		return -1;
	if (S_ISLNK(st.st_mode)) {
		errno = ENODATA;
		return -1;
	}
	len = load(&st, buf, sizeof(buf));
	if (len < 0 || size == 0)
		return len;
	if ((size_t)len > size) {
		errno = ERANGE;
		return -1;
	}
	memcpy(value, buf, len);
	return len;
}

static int store(const struct stat *st, const void *value, size_t size)
{
	char path[PATH_MAX], tmp[PATH_MAX + 8];
	int fd, ok;

	store_path(path, st);
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0)
		return -1;
	ok = write(fd, value, size) == (ssize_t)size;
	if (close(fd) || !ok || rename(tmp, path)) {
		unlink(tmp);
		errno = EIO;
		return -1;
	}
	return 0;
}

static int unstore(const struct stat *st)
{
	char path[PATH_MAX];

	store_path(path, st);
	if (unlink(path)) {
		if (errno == ENOENT)
			errno = ENODATA;
		return -1;
	}
	return 0;
}

static int has_unmapped(const struct richacl *acl)
{
	const struct richace *ace;

	richacl_for_each_entry(ace, acl)
		if (ace->e_flags & RICHACE_UNMAPPED_WHO)
			return 1;
	return 0;
}

static int fake_set(const struct target *t, const void *value, size_t size,
		    int flags)
{
	struct richacl *acl;
	struct stat st;
	mode_t mode;
	int exists, ret;

	if (target_stat(t, &st))
		return -1;
	if (S_ISLNK(st.st_mode)) {
		errno = EOPNOTSUPP;
		return -1;
	}
	exists = load(&st, NULL, 0) >= 0;
	if ((flags & XATTR_CREATE) && exists) {
		errno = EEXIST;
		return -1;
	}
	if ((flags & XATTR_REPLACE) && !exists) {
		errno = ENODATA;
		return -1;
	}
	acl = richacl_from_xattr(value, size);
	if (!acl)
		return -1;
	if (has_unmapped(acl)) {
		richacl_free(acl);
		errno = EINVAL;
		return -1;
	}
	mode = st.st_mode;
	if (richacl_equiv_mode(acl, &mode) == 0) {
		ret = target_chmod(t, (st.st_mode & 07000) | (mode & 0777));
		if (!ret && exists)
			ret = unstore(&st);
	} else {
		mode = (st.st_mode & 07000) | richacl_masks_to_mode(acl);
		ret = store(&st, value, size);
		if (!ret)
			ret = target_chmod(t, mode);
	}
	richacl_free(acl);
	if (!ret)
		log_change("set", t);
	return ret;
}

static int fake_remove(const struct target *t)
{
	struct stat st;

	if (target_stat(t, &st))
		return -1;
	if (unstore(&st))
		return -1;
	log_change("remove", t);
	return 0;
}

/* Add system.richacl to the name list the real call gave (@len bytes). */
static ssize_t fake_list(const struct target *t, char *list, size_t size,
			 ssize_t len)
{
	static const char name[] = RICHACL_XATTR;
	struct stat st;

	if (len < 0 || !getenv("FAKE_XATTR_DIR") || target_stat(t, &st) ||
	    S_ISLNK(st.st_mode) || load(&st, NULL, 0) < 0)
		return len;
	if (size == 0)
		return len + sizeof(name);
	if ((size_t)len + sizeof(name) > size) {
		errno = ERANGE;
		return -1;
	}
	memcpy(list + len, name, sizeof(name));
	return len + sizeof(name);
}

typedef ssize_t (*getxattr_fn)(const char *, const char *, void *, size_t);
typedef ssize_t (*fgetxattr_fn)(int, const char *, void *, size_t);
typedef int (*setxattr_fn)(const char *, const char *, const void *, size_t,
			   int);
typedef int (*fsetxattr_fn)(int, const char *, const void *, size_t, int);
typedef int (*removexattr_fn)(const char *, const char *);
typedef int (*fremovexattr_fn)(int, const char *);
typedef ssize_t (*listxattr_fn)(const char *, char *, size_t);
typedef ssize_t (*flistxattr_fn)(int, char *, size_t);

ssize_t getxattr(const char *path, const char *name, void *value, size_t size)
{
	if (faked(name))
		return fake_get(&PATH_TARGET(path), value, size);
	return ((getxattr_fn)real("getxattr"))(path, name, value, size);
}

ssize_t lgetxattr(const char *path, const char *name, void *value,
		  size_t size)
{
	if (faked(name))
		return fake_get(&LPATH_TARGET(path), value, size);
	return ((getxattr_fn)real("lgetxattr"))(path, name, value, size);
}

ssize_t fgetxattr(int fd, const char *name, void *value, size_t size)
{
	if (faked(name))
		return fake_get(&FD_TARGET(fd), value, size);
	return ((fgetxattr_fn)real("fgetxattr"))(fd, name, value, size);
}

int setxattr(const char *path, const char *name, const void *value,
	     size_t size, int flags)
{
	if (faked(name))
		return fake_set(&PATH_TARGET(path), value, size, flags);
	return ((setxattr_fn)real("setxattr"))(path, name, value, size, flags);
}

int lsetxattr(const char *path, const char *name, const void *value,
	      size_t size, int flags)
{
	if (faked(name))
		return fake_set(&LPATH_TARGET(path), value, size, flags);
	return ((setxattr_fn)real("lsetxattr"))(path, name, value, size,
						flags);
}

int fsetxattr(int fd, const char *name, const void *value, size_t size,
	      int flags)
{
	if (faked(name))
		return fake_set(&FD_TARGET(fd), value, size, flags);
	return ((fsetxattr_fn)real("fsetxattr"))(fd, name, value, size, flags);
}

int removexattr(const char *path, const char *name)
{
	if (faked(name))
		return fake_remove(&PATH_TARGET(path));
	return ((removexattr_fn)real("removexattr"))(path, name);
}

int lremovexattr(const char *path, const char *name)
{
	if (faked(name))
		return fake_remove(&LPATH_TARGET(path));
	return ((removexattr_fn)real("lremovexattr"))(path, name);
}

int fremovexattr(int fd, const char *name)
{
	if (faked(name))
		return fake_remove(&FD_TARGET(fd));
	return ((fremovexattr_fn)real("fremovexattr"))(fd, name);
}

ssize_t listxattr(const char *path, char *list, size_t size)
{
	ssize_t len = ((listxattr_fn)real("listxattr"))(path, list, size);

	return fake_list(&PATH_TARGET(path), list, size, len);
}

ssize_t llistxattr(const char *path, char *list, size_t size)
{
	ssize_t len = ((listxattr_fn)real("llistxattr"))(path, list, size);

	return fake_list(&LPATH_TARGET(path), list, size, len);
}

ssize_t flistxattr(int fd, char *list, size_t size)
{
	ssize_t len = ((flistxattr_fn)real("flistxattr"))(fd, list, size);

	return fake_list(&FD_TARGET(fd), list, size, len);
}
