/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The walk over the files named on the command line and, with -R, the
 * trees below them (walk.c).
 */
#ifndef RICHACL_WALK_H
#define RICHACL_WALK_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

/* Which symbolic links a recursive walk follows (getfacl's rules). */
enum walk_symlinks {
	WALK_ARGUMENTS,	/* those named on the command line only */
	WALK_LOGICAL,	/* -L: all of them */
	WALK_PHYSICAL,	/* -P: none; symlink arguments are skipped */
};

/* One file of the walk, as the callback sees it. */
struct walk_file {
	const char *path;	/* the path the user knows it by */
	const char *at;		/* a path that reaches this very file */
	struct stat st;		/* its status (symlinks followed) */
	bool top;		/* named on the command line */
};

/*
 * Called once a file, a directory before what it holds.  Returns 0 when
 * all went well, 1 when the file failed (after a message), or
 * WALK_PRUNE to leave out what a directory holds.
 */
#define WALK_PRUNE 2
typedef int walk_fn(const struct walk_file *file, void *data);

/*
 * Call @fn for @path and, when @recursive, for every file below it.
 * Each file is opened without following a symlink (unless @symlinks says
 * so) and reached only through its open descriptor, so that a directory
 * replaced by a symlink during the walk cannot lead it elsewhere.  Errors
 * of the walk itself are reported; the walk goes on.  Returns 0, or 1 when
 * something failed.
 */
int walk(const char *path, bool recursive, enum walk_symlinks symlinks,
	 walk_fn *fn, void *data);

/*
 * Call @fn for @path alone, reached by its name (symlinks followed): a
 * stat(2) and what @fn does, where walk() opens, stats and closes the
 * file and reaches it through /proc.  For a program that only reads: a
 * file replaced between two calls is seen half old, half new, where
 * walk() would see the old one throughout.  Returns 0, or 1 when
 * something failed.
 */
int walk_by_name(const char *path, walk_fn *fn, void *data);

/*
 * The options -R, -L and -P, which both tools take: sets *@recursive or
 * *@symlinks and returns true for those, false for any other @opt.
 */
bool walk_option(int opt, bool *recursive, enum walk_symlinks *symlinks);

/*
 * A walk holds two descriptors per level of the tree: under the usual
 * soft limit on open files (1024) it would stop some 500 levels down.
 * This raises the soft limit to the hard one (once); walk() calls it for
 * a recursive walk, other walks over trees must too.
 */
void walk_raise_fd_limit(void);

/*
 * Set *@path, whose first @len characters are a directory's path, to the
 * path of its entry @name, growing it (*@alloc bytes) as needed.  0, or -1
 * with errno.
 */
int walk_path_push(char **path, size_t *alloc, size_t len, const char *name);

#endif /* RICHACL_WALK_H */
