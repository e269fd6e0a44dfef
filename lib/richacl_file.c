// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Reading and writing the RichACL of a file (the system.richacl xattr),
 * by path (following symlinks) or by file descriptor.
 */
#include <errno.h>
#include <stdlib.h>
#include <sys/xattr.h>

#include "sys/richacl.h"

/* A file named by path (when @path is not NULL) or by descriptor. */
struct target {
	const char *path;
	int fd;
};

static ssize_t target_getxattr(const struct target *t, void *value,
			       size_t size)
{
	if (t->path)
		return getxattr(t->path, RICHACL_XATTR, value, size);
	return fgetxattr(t->fd, RICHACL_XATTR, value, size);
}

static int target_setxattr(const struct target *t, const void *value,
			   size_t size)
{
	if (t->path)
		return setxattr(t->path, RICHACL_XATTR, value, size, 0);
	return fsetxattr(t->fd, RICHACL_XATTR, value, size, 0);
}

/*
 * Read a value too large for get_acl()'s buffer: ask for its size, then
 * read it; when it grew in between (ERANGE), start over.  Returns a
 * malloc'ed buffer and its size in *@size, or NULL with errno from the
 * system call.
 */
static void *read_large_value(const struct target *t, size_t *size)
{
	for (;;) {
		ssize_t probe, got;
		void *value;

		probe = target_getxattr(t, NULL, 0);
		if (probe < 0)
			return NULL;
		/* one spare byte: a malloc(0) result cannot be told apart */
		value = malloc(probe + 1);
		if (!value)
			return NULL;
		got = target_getxattr(t, value, probe);
		if (got >= 0) {
			*size = got;
			return value;
		}
		free(value);
		if (errno != ERANGE)
			return NULL;
	}
}

/*
 * Most values (up to some 80 entries) fit the buffer on the stack: one
 * getxattr() call, as a plain read of the attribute would make.
 */
#define SMALL_VALUE 1024

static struct richacl *get_acl(const struct target *t)
{
	unsigned char small[SMALL_VALUE];
	struct richacl *acl;
	void *value;
	ssize_t got;
	size_t size;
	int err;

	got = target_getxattr(t, small, sizeof(small));
	if (got >= 0)
		return richacl_from_xattr(small, got);
	if (errno != ERANGE)
		return NULL;
	value = read_large_value(t, &size);
	if (!value)
		return NULL;
	acl = richacl_from_xattr(value, size);
	err = errno;
	free(value);
	errno = err;
	return acl;
}

static int set_acl(const struct target *t, const struct richacl *acl)
{
	void *value;
	size_t size;
	int ret, err;

	value = richacl_to_xattr(acl, &size);
	if (!value)
		return -1;
	ret = target_setxattr(t, value, size);
	err = errno;
	free(value);
	errno = err;
	return ret;
}

/**
 * richacl_get_file - the RichACL of a file
 * @path:	the file; a symlink is followed
 *
 * Returns the acl, or NULL with errno ENODATA when the file has none,
 * EINVAL when its value is not a valid RichACL, or the error of the
 * getxattr() call (e.g. EOPNOTSUPP on a kernel or filesystem without
 * RichACL support, ENOENT).
 */
struct richacl *richacl_get_file(const char *path)
{
	const struct target t = { .path = path, .fd = -1 };

	return get_acl(&t);
}

/**
 * richacl_get_fd - the RichACL of an open file
 * @fd:		the file descriptor
 *
 * As richacl_get_file().
 */
struct richacl *richacl_get_fd(int fd)
{
	const struct target t = { .path = NULL, .fd = fd };

	return get_acl(&t);
}

/**
 * richacl_set_file - store a RichACL on a file
 * @path:	the file; a symlink is followed
 * @acl:	the acl
 *
 * One setxattr() call, which creates or replaces the value.  Returns 0, or
 * -1 with errno: EINVAL when @acl cannot be encoded, or the error of the
 * setxattr() call.
 */
int richacl_set_file(const char *path, const struct richacl *acl)
{
	const struct target t = { .path = path, .fd = -1 };

	return set_acl(&t, acl);
}

/**
 * richacl_set_fd - store a RichACL on an open file
 * @fd:		the file descriptor
 * @acl:	the acl
 *
 * As richacl_set_file().
 */
int richacl_set_fd(int fd, const struct richacl *acl)
{
	const struct target t = { .path = NULL, .fd = fd };

	return set_acl(&t, acl);
}
