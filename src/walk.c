// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The walk over the files named on the command line and the trees below
 * them (see walk.h).
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "tool.h"
#include "walk.h"

/* A directory being walked: for finding loops when symlinks are followed. */
struct ancestor {
	dev_t dev;
	ino_t ino;
};

struct walker {
	walk_fn *fn;
	void *data;
	bool recursive;
	enum walk_symlinks symlinks;
	char *path;		/* the current path */
	size_t alloc;
	struct ancestor *ancestors;
	size_t depth, max_depth;
	int status;
};

static void failed(struct walker *w)
{
	tool_file_error(w->path, NULL);
	w->status = 1;
}

int walk_path_push(char **path, size_t *alloc, size_t len, const char *name)
{
	size_t need = len + strlen(name) + 2;

	if (need > *alloc) {
		char *p = realloc(*path, need);

		if (!p)
			return -1;
		*path = p;
		*alloc = need;
	}
	sprintf(*path + len, "%s%s", len && (*path)[len - 1] == '/' ? "" : "/",
		name);
	return 0;
}

/* Enter the directory @st unless it is one of its own ancestors; 0 or -1. */
static int push_ancestor(struct walker *w, const struct stat *st)
{
	size_t n;

	for (n = 0; n < w->depth; n++) {
		if (w->ancestors[n].dev == st->st_dev &&
		    w->ancestors[n].ino == st->st_ino) {
			tool_file_error(w->path, "directory loop, not entered");
			w->status = 1;
			return -1;
		}
	}
	if (w->depth == w->max_depth) {
		size_t max = w->max_depth ? 2 * w->max_depth : 16;
		struct ancestor *a = realloc(w->ancestors, max * sizeof(*a));

		if (!a) {
			failed(w);
			return -1;
		}
		w->ancestors = a;
		w->max_depth = max;
	}
	w->ancestors[w->depth].dev = st->st_dev;
	w->ancestors[w->depth].ino = st->st_ino;
	w->depth++;
	return 0;
}

void walk_raise_fd_limit(void)
{
	static bool done;
	struct rlimit rl;

	if (done)
		return;
	done = true;
	if (getrlimit(RLIMIT_NOFILE, &rl) || rl.rlim_cur >= rl.rlim_max)
		return;
	rl.rlim_cur = rl.rlim_max;
	if (setrlimit(RLIMIT_NOFILE, &rl) && rl.rlim_max == RLIM_INFINITY) {
		/* Above the kernel's nr_open: settle for a million. */
		rl.rlim_cur = 1 << 20;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
}

static void visit(struct walker *w, int fd, bool top);

/* Visit what the directory open as @fd holds. */
static void descend(struct walker *w, int fd)
{
	size_t len = strlen(w->path);
	struct dirent *d;
	int dirfd;
	DIR *dir;

	dirfd = openat(fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dirfd < 0) {
		failed(w);
		return;
	}
	dir = fdopendir(dirfd);
	if (!dir) {
		failed(w);
		close(dirfd);
		return;
	}
	while ((errno = 0, d = readdir(dir))) {
		struct stat st;
		int child;

		if (!strcmp(d->d_name, ".") || !strcmp(d->d_name, ".."))
			continue;
		if (walk_path_push(&w->path, &w->alloc, len, d->d_name)) {
			failed(w);
			break;
		}
		child = openat(dirfd, d->d_name,
			       O_PATH | O_NOFOLLOW | O_CLOEXEC);
		if (child < 0 || fstat(child, &st)) {
			failed(w);
		} else if (!S_ISLNK(st.st_mode)) {
			visit(w, child, false);
		} else if (w->symlinks == WALK_LOGICAL) {
			int target = openat(dirfd, d->d_name,
					    O_PATH | O_CLOEXEC);

			if (target < 0) {
				failed(w);
			} else {
				visit(w, target, false);
				close(target);
			}
		}
		if (child >= 0)
			close(child);
		w->path[len] = '\0';
	}
	if (errno) {
		w->path[len] = '\0';
		failed(w);
	}
	closedir(dir);
}

/* Visit the file open (O_PATH) as @fd, and in a recursive walk below it. */
static void visit(struct walker *w, int fd, bool top)
{
	struct walk_file file = { .path = w->path, .top = top };
	char at[32];
	int ret;

	if (fstat(fd, &file.st)) {
		failed(w);
		return;
	}
	snprintf(at, sizeof(at), "/proc/self/fd/%d", fd);
	file.at = at;
	ret = w->fn(&file, w->data);
	if (ret == 1)
		w->status = 1;
	if (ret == WALK_PRUNE || !w->recursive || !S_ISDIR(file.st.st_mode))
		return;
	if (push_ancestor(w, &file.st))
		return;
	descend(w, fd);
	w->depth--;
}

int walk(const char *path, bool recursive, enum walk_symlinks symlinks,
	 walk_fn *fn, void *data)
{
	struct walker w = {
		.fn = fn,
		.data = data,
		.recursive = recursive,
		.symlinks = symlinks,
		.path = strdup(path),
	};
	int flags = O_PATH | O_CLOEXEC;
	struct stat st;
	int fd;

	if (!w.path) {
		tool_file_error(path, NULL);
		return 1;
	}
	w.alloc = strlen(path) + 1;
	if (recursive)
		walk_raise_fd_limit();
	if (recursive && symlinks == WALK_PHYSICAL)
		flags |= O_NOFOLLOW;
	fd = open(path, flags);
	if (fd < 0) {
		failed(&w);
	} else {
		/* -P: a symlink argument is skipped, as getfacl -P does. */
		if (!(flags & O_NOFOLLOW) || fstat(fd, &st) ||
		    !S_ISLNK(st.st_mode))
			visit(&w, fd, true);
		close(fd);
	}
	free(w.ancestors);
	free(w.path);
	return w.status;
}

int walk_by_name(const char *path, walk_fn *fn, void *data)
{
	struct walk_file file = { .path = path, .at = path, .top = true };

	if (stat(path, &file.st)) {
		tool_file_error(path, NULL);
		return 1;
	}
	return fn(&file, data) == 1;
}

bool walk_option(int opt, bool *recursive, enum walk_symlinks *symlinks)
{
	switch (opt) {
	case 'R':
		*recursive = true;
		return true;
	case 'L':
		*symlinks = WALK_LOGICAL;
		return true;
	case 'P':
		*symlinks = WALK_PHYSICAL;
		return true;
	}
	return false;
}
