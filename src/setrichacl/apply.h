/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Giving a file its new ACL, or with --test only saying that it would
 * change (apply.c).
 */
#ifndef SETRICHACL_APPLY_H
#define SETRICHACL_APPLY_H

#include <stdbool.h>
#include <sys/stat.h>

#include "sys/richacl.h"

/* How changes are made. */
struct apply {
	bool test;		/* --test: show what would change, change nothing */
	bool would_change;	/* with test: some file would change */
	struct richacl_names *names;	/* the names --test shows */
};

/*
 * Give the file @at (@path in messages and output; status @st; stored
 * acl @stored, NULL when it has none) the acl @acl and the set-user-ID,
 * set-group-ID and sticky bits @special.  An acl a mode can express
 * becomes that mode (no acl stored), as the kernel would store it.
 * Nothing is written when the file already is so.  At no moment does
 * the file grant more than it did before or than it will after.  0, or
 * -1 with errno.
 */
int apply_acl(struct apply *apply, const char *path, const char *at,
	      const struct stat *st, const struct richacl *stored,
	      const struct richacl *acl, mode_t special);

/*
 * Compute the file masks of @acl that @given (RICHACL_TEXT_*_MASK_GIVEN)
 * does not say the text gave, keeping those given and the acl flags.
 */
void fill_masks(struct richacl *acl, unsigned int given);

#endif /* SETRICHACL_APPLY_H */
