/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Group membership of a process's credentials, for the test programs that
 * model the kernel's decisions (librichacl keeps its own, private copy).
 */
#ifndef T_CRED_H
#define T_CRED_H

#include <stddef.h>

#include "sys/richacl.h"

/* Is @gid @cred's primary group or one of its supplementary groups? */
static inline int in_group(const struct richacl_cred *cred, gid_t gid)
{
	size_t n;

	if (cred->gid == gid)
		return 1;
	for (n = 0; n < cred->ngroups; n++)
		if (cred->groups[n] == gid)
			return 1;
	return 0;
}

#endif
