// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The acl of a file as the tools see it: its RichACL when it has one, else
 * the acl its mode bits stand for.
 */
#include <errno.h>
#include <sys/stat.h>
#include <sys/xattr.h>

#include "sys/richacl.h"

/* The POSIX ACL attributes, which the mode bits do not describe alone. */
static const char *const posix_acl_xattrs[] = {
	"system.posix_acl_access",
	"system.posix_acl_default",
};

/* 1 when @path has a POSIX ACL, 0 when not, -1 with errno on failure. */
static int has_posix_acl(const char *path)
{
	unsigned int n;

	for (n = 0; n < sizeof(posix_acl_xattrs) / sizeof(*posix_acl_xattrs);
	     n++) {
		if (getxattr(path, posix_acl_xattrs[n], NULL, 0) >= 0)
			return 1;
		if (errno != ENODATA && errno != EOPNOTSUPP)
			return -1;
	}
	return 0;
}

/**
 * richacl_get_or_from_given_mode  -  the acl of a file whose mode is known
 * @path:	the file (symlinks are followed)
 * @mode:	the file's st_mode, from the caller's own stat
 *
 * As richacl_get_or_from_mode(), without its stat(2) call: for a program
 * that has stat'ed the file already (a walk over a tree).
 */
struct richacl *richacl_get_or_from_given_mode(const char *path, mode_t mode)
{
	struct richacl *acl;
	int ret;

	acl = richacl_get_file(path);
	if (acl || (errno != ENODATA && errno != EOPNOTSUPP))
		return acl;
	ret = has_posix_acl(path);
	if (ret) {
		if (ret > 0)
			errno = EOPNOTSUPP;
		return NULL;
	}
	return richacl_from_mode(mode);
}

/**
 * richacl_get_or_from_mode  -  the acl of a file, stored or from its mode
 * @path:	the file (symlinks are followed)
 * @mode:	when not NULL, receives the file's st_mode
 *
 * Returns the file's RichACL.  A file without one (ENODATA), or on a file
 * system without RichACL support (EOPNOTSUPP), gets richacl_from_mode() of
 * its mode.  A file with a POSIX ACL has permissions its mode alone does not
 * describe: NULL with errno EOPNOTSUPP (this is the only case where the
 * function fails with EOPNOTSUPP).  Other failures: NULL with the errno of
 * stat(2), getxattr(2) or the decoder.
 */
struct richacl *richacl_get_or_from_mode(const char *path, mode_t *mode)
{
	struct stat st;

	if (stat(path, &st))
		return NULL;
	if (mode)
		*mode = st.st_mode;
	return richacl_get_or_from_given_mode(path, st.st_mode);
}
