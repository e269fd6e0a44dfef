/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Automatic inheritance into the tree below a directory (propagate.c).
 */
#ifndef SETRICHACL_PROPAGATE_H
#define SETRICHACL_PROPAGATE_H

#include <stdbool.h>

#include "sys/richacl.h"
#include "apply.h"

/*
 * Propagate the new acl @acl of the directory @path (reached by @at) to
 * the files below it that take part in automatic inheritance: those with
 * the auto_inherit flag, or with @all every one not protected.  0, or 1
 * when some file failed (after a message).
 */
int propagate_tree(struct apply *apply, const char *path, const char *at,
		   const struct richacl *acl, bool all);

#endif /* SETRICHACL_PROPAGATE_H */
