// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Automatic inheritance into the tree below a directory (see propagate.h).
 *
 * Only a file whose acl has auto_inherit and not protected takes part
 * (with --propagate, every file whose acl is not protected: one without
 * an acl starts from the acl of its mode, and gets the auto_inherit flag);
 * symlinks are skipped.  A directory that takes part passes its new acl on
 * to its own children.  Each file is opened with O_PATH | O_NOFOLLOW
 * relative to its (open) directory and then reached only through
 * /proc/self/fd/N, so that a directory replaced by a symlink during the
 * walk cannot lead it elsewhere.
 */
#include "config.h"

#include <dirent.h>
#include <stdbool.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../tool.h"
#include "../walk.h"
#include "propagate.h"

struct propagation {
	struct apply *apply;
	bool all;		/* --propagate: files without auto_inherit too */
	char *path;		/* the current path, for messages */
	size_t alloc;
	int status;		/* 1 when some file failed */
};

static void failed(struct propagation *p)
{
	tool_file_error(p->path, NULL);
	p->status = 1;
}

static void propagate(struct propagation *p, int dirfd,
		      const struct richacl *dir_acl);

/* Inherit into the file @name of the directory @dirfd from @dir_acl. */
static void inherit_one(struct propagation *p, int dirfd, const char *name,
			const struct richacl *dir_acl)
{
	struct richacl *acl = NULL, *new = NULL;
	char at[32];
	struct stat st;
	int fd, changed;

	fd = openat(dirfd, name, O_PATH | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st))
		goto fail;
	if (S_ISLNK(st.st_mode))
		goto out;
	snprintf(at, sizeof(at), "/proc/self/fd/%d", fd);
	acl = richacl_get_file(at);
	if (!acl) {
		if (errno != ENODATA && errno != EOPNOTSUPP)
			goto fail;
		if (!p->all)
			goto out;
	}
	if (acl && ((acl->a_flags & RICHACL_PROTECTED) ||
		    (!p->all && !(acl->a_flags & RICHACL_AUTO_INHERIT))))
		goto out;
	new = acl ? richacl_clone(acl) : richacl_from_mode(st.st_mode);
	if (!new)
		goto fail;
	new->a_flags |= RICHACL_AUTO_INHERIT;
	changed = richacl_auto_inherit(new, dir_acl, S_ISDIR(st.st_mode));
	if (changed < 0 ||
	    apply_acl(p->apply, p->path, at, &st, acl, new, st.st_mode))
		goto fail;
	if (S_ISDIR(st.st_mode)) {
		int subfd = openat(fd, ".", O_RDONLY | O_DIRECTORY |
					    O_CLOEXEC);

		if (subfd < 0)
			goto fail;
		propagate(p, subfd, new);
	}
	goto out;

fail:
	failed(p);
out:
	richacl_free(new);
	richacl_free(acl);
	if (fd >= 0)
		close(fd);
}

/* Inherit into the children of the directory @dirfd (which this closes). */
static void propagate(struct propagation *p, int dirfd,
		      const struct richacl *dir_acl)
{
	size_t len = strlen(p->path);
	struct dirent *d;
	DIR *dir;

	dir = fdopendir(dirfd);
	if (!dir) {
		close(dirfd);
		failed(p);
		return;
	}
	while ((errno = 0, d = readdir(dir))) {
		if (!strcmp(d->d_name, ".") || !strcmp(d->d_name, ".."))
			continue;
		if (walk_path_push(&p->path, &p->alloc, len, d->d_name)) {
			failed(p);
			closedir(dir);
			return;
		}
		inherit_one(p, dirfd, d->d_name, dir_acl);
		p->path[len] = '\0';
	}
	if (errno)
		failed(p);
	closedir(dir);
}

int propagate_tree(struct apply *apply, const char *path, const char *at,
		   const struct richacl *acl, bool all)
{
	struct propagation p = {
		.apply = apply,
		.all = all,
		.path = strdup(path),
	};
	int fd;

	if (!p.path) {
		tool_file_error(path, NULL);
		return 1;
	}
	p.alloc = strlen(path) + 1;
	walk_raise_fd_limit();
	fd = open(at, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		failed(&p);
	else
		propagate(&p, fd, acl);
	free(p.path);
	return p.status;
}
