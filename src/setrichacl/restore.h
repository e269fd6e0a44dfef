/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * setrichacl --restore: reading the dump form of getrichacl -R / --dump
 * and giving each file its ACL, owner, group and special mode bits back
 * (restore.c).
 */
#ifndef SETRICHACL_RESTORE_H
#define SETRICHACL_RESTORE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "apply.h"

/* --remap-uid / --remap-gid FROM:TO: ids as they are to be restored. */
struct remap {
	unsigned int from, to;
};

struct remaps {
	struct remap *uids, *gids;
	size_t nuids, ngids;
};

/*
 * Add the remapping @arg ("FROM:TO", a user (@group false) or group name
 * or number each) to @remaps; 0, or -1 after a message.
 */
int remap_add(struct remaps *remaps, const char *arg, bool group);
void remaps_free(struct remaps *remaps);

/* One file's block of a dump. */
struct dump_block {
	char *path;
	unsigned int lineno;	/* of its "# file:" line */
	bool has_owner, has_group;
	uid_t owner;
	gid_t group;
	mode_t special;		/* set-user-ID, set-group-ID and sticky bits */
	struct richacl *acl;	/* masks filled in */
};

struct dump {
	struct dump_block *blocks;
	size_t count;
};

/*
 * Read the dump @source ('-': standard input) with @remaps applied.  All
 * of it is checked first: 0, or -1 after a message naming the line.
 */
int dump_read(struct dump *dump, const char *source,
	      const struct remaps *remaps);
void dump_free(struct dump *dump);

/* Restore every file of @dump; 0, or 1 when some file failed. */
int dump_restore(struct apply *apply, const struct dump *dump);

#endif /* SETRICHACL_RESTORE_H */
