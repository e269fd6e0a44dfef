// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kdiff's operations: each done by the kernel (run, in the switched
 * child) and predicted by the model (allowed).  The model is
 * richacl_access() on the ACLs the kernel stored plus the VFS rules of
 * the series:
 * - a lookup needs execute on the directory;
 * - a delete needs delete_child on the directory, or delete on the object
 *   (and execute on the directory);
 * - a rename within P is a delete and a create (add_file or
 *   add_subdirectory) in P; a move to Q, a delete from P and a create in
 *   Q, and for a directory write_data (add_file) on itself too, as its
 *   ".." changes; a move over T also deletes T: delete_child and the
 *   create on Q together, or delete on T and the create on Q; exchanging
 *   O and T (RENAME_EXCHANGE) is such a replace on both sides;
 * - a move with RENAME_WHITEOUT also creates the whiteout in P: add_file;
 * - truncating needs write_data, also in append mode: O_TRUNC needs
 *   write_data (not append_data); ftruncate and clearing O_APPEND on an
 *   append-mode descriptor need write_data besides the append_data of
 *   the open;
 * - the owner may always chmod, set times, chown to itself and chgrp to
 *   one of its groups, others need write_acl, write_attributes and
 *   write_owner; only CAP_CHOWN gives a file to a group one is not in;
 * - a chmod that only write_acl allows may not set setuid (no actor here
 *   has CAP_FSETID), nor setgid outside the file's group.
 * A denial is EACCES or EPERM; any other outcome (success, ENOTEMPTY)
 * means the permission check passed.
 *
 * Capabilities keep their POSIX meaning on a RichACL file system:
 * CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH override what the ACL refuses
 * to read, write, search, create and delete (as generic_permission() does
 * for the mode: read-only requests for CAP_DAC_READ_SEARCH, execute of a
 * file only with an x bit in its mode), never chmod, setting times or
 * taking ownership: CAP_FOWNER lets a process chmod, set the times and set
 * the ACL as the owner would, and CAP_CHOWN lets it chown.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <linux/fs.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "cred.h"
#include "kdiff.h"

static int err(int ret)
{
	return ret < 0 ? errno : 0;
}

static int open_close(const char *path, int flags)
{
	int fd = open(path, flags, 0644);

	if (fd < 0)
		return errno;
	close(fd);
	return 0;
}

/* The requests whose capabilities are CAP_FOWNER and CAP_CHOWN. */
#define ATTRIBUTE_CHANGES (RICHACE_WRITE_ACL | RICHACE_WRITE_OWNER | \
			   RICHACE_WRITE_ATTRIBUTES)
/* What a directory's CAP_DAC_READ_SEARCH override excludes. */
#define DIRECTORY_CHANGES (RICHACE_ADD_FILE | RICHACE_ADD_SUBDIRECTORY | \
			   RICHACE_DELETE_CHILD | RICHACE_DELETE)

static int has(const struct kdiff_who *who, int cap)
{
	return who->cap == cap;
}

/* Does a capability of @who grant @mask, which the ACL refused? */
static int overridden(mode_t mode, unsigned int mask,
		      const struct kdiff_who *who)
{
	if (mask & ATTRIBUTE_CHANGES)
		return 0;
	if (S_ISDIR(mode))
		return (!(mask & DIRECTORY_CHANGES) &&
			has(who, CAP_DAC_READ_SEARCH)) ||
		       has(who, CAP_DAC_OVERRIDE);
	if (mask == RICHACE_READ_DATA && has(who, CAP_DAC_READ_SEARCH))
		return 1;
	return (!(mask & RICHACE_EXECUTE) || (mode & 0111)) &&
	       has(who, CAP_DAC_OVERRIDE);
}

/* One permission check of the kernel (inode_permission()). */
static int access_to(const struct kdiff_node *node,
		     const struct kdiff_who *who, unsigned int mask)
{
	return richacl_access(node->acl, node->owner, node->group, &who->cred,
			      mask) == mask ||
	       overridden(node->mode, mask, who);
}

/* Of P, of O, of O's child c (root's), of Q, of T. */
#define P(mask) access_to(&st->p, who, (mask))
#define O(mask) access_to(&st->o, who, (mask))
#define C(mask) access_to(&st->c, who, (mask))
#define Q(mask) access_to(&st->q, who, (mask))
#define T(mask) access_to(&st->t, who, (mask))
#define OWNER (who->cred.uid == st->o.owner)
/* inode_owner_or_capable() */
#define OWNER_OR_FOWNER (OWNER || has(who, CAP_FOWNER))

/* ---- the kernel side ---- */

/* Open O for appending, then FN(fd): an append-only open file's limits. */
static int on_append_fd(int (*fn)(int fd))
{
	int ret, fd = open(KDIFF_O, O_WRONLY | O_APPEND);

	if (fd < 0)
		return errno;
	ret = fn(fd);
	close(fd);
	return ret;
}
static int clear_append(int fd) { return err(fcntl(fd, F_SETFL, 0)); }
static int truncate_fd(int fd) { return err(ftruncate(fd, 0)); }

static int do_read(void) { return open_close(KDIFF_O, O_RDONLY); }
static int do_write(void) { return open_close(KDIFF_O, O_WRONLY); }
static int do_append(void) { return open_close(KDIFF_O, O_WRONLY | O_APPEND); }
static int do_append_trunc(void)
{
	return open_close(KDIFF_O, O_WRONLY | O_APPEND | O_TRUNC);
}
static int do_append_clear(void) { return on_append_fd(clear_append); }
static int do_append_ftruncate(void) { return on_append_fd(truncate_fd); }
/* access() would drop the capabilities: ask as the effective ids. */
static int do_exec(void)
{
	return err(faccessat(AT_FDCWD, KDIFF_O, X_OK, AT_EACCESS));
}
static int do_unlink(void) { return err(unlink(KDIFF_O)); }
static int do_rmdir(void) { return err(rmdir(KDIFF_O)); }
static int do_list(void) { return open_close(KDIFF_O, O_RDONLY | O_DIRECTORY); }
static int do_create(void)
{
	return open_close(KDIFF_O "/new", O_WRONLY | O_CREAT | O_EXCL);
}
static int do_mkdir(void) { return err(mkdir(KDIFF_O "/newdir", 0755)); }
static int do_search(void)
{
	struct stat st;

	return err(stat(KDIFF_CHILD, &st));
}
static int do_unlink_child(void) { return err(unlink(KDIFF_CHILD)); }
static int do_rename(void) { return err(rename(KDIFF_O, KDIFF_O2)); }
static int do_move(void) { return err(rename(KDIFF_O, KDIFF_QO)); }
static int do_replace(void) { return err(rename(KDIFF_O, KDIFF_T)); }
/* renameat2(2) of O, through syscall(2) for C libraries without it. */
static int rename_o(const char *to, unsigned int flags)
{
	return err((int)syscall(SYS_renameat2, AT_FDCWD, KDIFF_O, AT_FDCWD,
				to, flags));
}
static int do_exchange(void) { return rename_o(KDIFF_T, RENAME_EXCHANGE); }
static int do_move_whiteout(void) { return rename_o(KDIFF_QO, RENAME_WHITEOUT); }
static int do_chmod(void) { return err(chmod(KDIFF_O, 0640)); }
static int do_chmod_setuid(void) { return err(chmod(KDIFF_O, 04750)); }
static int do_chmod_setgid(void) { return err(chmod(KDIFF_O, 02750)); }
static int do_utimes(void)
{
	const struct timespec times[2] = { { 1, 0 }, { 2, 0 } };

	return err(utimensat(AT_FDCWD, KDIFF_O, times, 0));
}
static int do_chown_self(void) { return err(chown(KDIFF_O, getuid(), -1)); }
static int do_chgrp_mine(void) { return err(chown(KDIFF_O, -1, getgid())); }

/* The first of the test groups @cred is not in. */
static gid_t foreign_group(const struct richacl_cred *cred)
{
	unsigned int n;

	for (n = 0; n < KDIFF_GROUPS; n++)
		if (!in_group(cred, kdiff_gids[n]))
			return kdiff_gids[n];
	return (gid_t)-1;
}

static int do_chgrp_foreign(void)
{
	gid_t groups[16];
	int n = getgroups(16, groups);
	struct richacl_cred cred = {
		.gid = getgid(), .groups = groups,
		.ngroups = n < 0 ? 0 : (size_t)n,
	};

	return err(chown(KDIFF_O, -1, foreign_group(&cred)));
}
static int do_setacl(void)
{
	struct richacl *acl = richacl_get_file(KDIFF_O);
	struct stat st;
	int ret;

	if (!acl && errno == ENODATA && stat(KDIFF_O, &st) == 0)
		acl = richacl_from_mode(st.st_mode);
	if (!acl)
		return errno;
	ret = err(richacl_set_file(KDIFF_O, acl));
	richacl_free(acl);
	return ret;
}

/* ---- the model ---- */

static int may_read(const struct kdiff_state *st, const struct kdiff_who *who)
{
	return P(RICHACE_EXECUTE) && O(RICHACE_READ_DATA);
}
static int may_write(const struct kdiff_state *st, const struct kdiff_who *who)
{
	return P(RICHACE_EXECUTE) && O(RICHACE_WRITE_DATA);
}
static int may_append(const struct kdiff_state *st, const struct kdiff_who *who)
{
	return P(RICHACE_EXECUTE) && O(RICHACE_APPEND_DATA);
}
/* An append-mode open that may do more than append: write_data as well. */
static int may_append_write(const struct kdiff_state *st,
			    const struct kdiff_who *who)
{
	return may_append(st, who) && O(RICHACE_WRITE_DATA);
}
static int may_exec(const struct kdiff_state *st, const struct kdiff_who *who)
{
	return P(RICHACE_EXECUTE) && O(RICHACE_EXECUTE);
}
static int may_delete(const struct kdiff_state *st, const struct kdiff_who *who)
{
	return P(RICHACE_EXECUTE) &&
	       (P(RICHACE_EXECUTE | RICHACE_DELETE_CHILD) || O(RICHACE_DELETE));
}
/* Within P: a delete from P and a create in P. */
static int may_rename(const struct kdiff_state *st, const struct kdiff_who *who)
{
	return may_delete(st, who) &&
	       P(RICHACE_EXECUTE | RICHACE_ADD_FILE);
}
static int may_rename_dir(const struct kdiff_state *st,
			  const struct kdiff_who *who)
{
	return may_delete(st, who) &&
	       P(RICHACE_EXECUTE | RICHACE_ADD_SUBDIRECTORY);
}
/* To Q: a delete from P, a create in Q; a directory's ".." changes. */
static int may_move(const struct kdiff_state *st, const struct kdiff_who *who)
{
	return may_delete(st, who) && Q(RICHACE_EXECUTE) &&
	       Q(RICHACE_EXECUTE | RICHACE_ADD_FILE);
}
static int may_move_dir(const struct kdiff_state *st,
			const struct kdiff_who *who)
{
	return may_delete(st, who) && Q(RICHACE_EXECUTE) &&
	       Q(RICHACE_EXECUTE | RICHACE_ADD_SUBDIRECTORY) &&
	       O(RICHACE_WRITE_DATA);
}
/* The whiteout that takes O's place is a new file in P. */
static int may_move_whiteout(const struct kdiff_state *st,
			     const struct kdiff_who *who)
{
	return (S_ISDIR(st->o.mode) ? may_move_dir(st, who) :
				      may_move(st, who)) &&
	       P(RICHACE_EXECUTE | RICHACE_ADD_FILE);
}
/* Over T: T leaves Q and O takes its place (may_delete with a replace). */
static int may_replace(const struct kdiff_state *st, const struct kdiff_who *who)
{
	unsigned int create = RICHACE_ADD_FILE;

	if (S_ISDIR(st->o.mode)) {
		create = RICHACE_ADD_SUBDIRECTORY;
		if (!O(RICHACE_WRITE_DATA))
			return 0;
	}
	return st->t.acl && may_delete(st, who) && Q(RICHACE_EXECUTE) &&
	       (Q(RICHACE_EXECUTE | RICHACE_DELETE_CHILD | create) ||
		(T(RICHACE_DELETE) && Q(RICHACE_EXECUTE | create)));
}
/*
 * O and T swap places: each leaves its directory and the other takes its
 * place there; directories both change their "..".
 */
static int may_exchange(const struct kdiff_state *st,
			const struct kdiff_who *who)
{
	unsigned int create = RICHACE_ADD_FILE;

	if (S_ISDIR(st->o.mode)) {
		create = RICHACE_ADD_SUBDIRECTORY;
		if (!O(RICHACE_WRITE_DATA) || !T(RICHACE_WRITE_DATA))
			return 0;
	}
	return st->t.acl && P(RICHACE_EXECUTE) && Q(RICHACE_EXECUTE) &&
	       (P(RICHACE_EXECUTE | RICHACE_DELETE_CHILD | create) ||
		(O(RICHACE_DELETE) && P(RICHACE_EXECUTE | create))) &&
	       (Q(RICHACE_EXECUTE | RICHACE_DELETE_CHILD | create) ||
		(T(RICHACE_DELETE) && Q(RICHACE_EXECUTE | create)));
}
static int may_create(const struct kdiff_state *st, const struct kdiff_who *who)
{
	return P(RICHACE_EXECUTE) && O(RICHACE_EXECUTE | RICHACE_ADD_FILE);
}
static int may_mkdir(const struct kdiff_state *st, const struct kdiff_who *who)
{
	return P(RICHACE_EXECUTE) &&
	       O(RICHACE_EXECUTE | RICHACE_ADD_SUBDIRECTORY);
}
static int may_search(const struct kdiff_state *st, const struct kdiff_who *who)
{
	return P(RICHACE_EXECUTE) && O(RICHACE_EXECUTE);
}
static int may_delete_child(const struct kdiff_state *st,
			    const struct kdiff_who *who)
{
	/* c belongs to root: nobody here is its owner. */
	return P(RICHACE_EXECUTE) && O(RICHACE_EXECUTE) &&
	       (O(RICHACE_EXECUTE | RICHACE_DELETE_CHILD) ||
		C(RICHACE_DELETE));
}
static int may_chmod(const struct kdiff_state *st, const struct kdiff_who *who)
{
	return P(RICHACE_EXECUTE) && (OWNER_OR_FOWNER || O(RICHACE_WRITE_ACL));
}
/* write_acl alone never sets setuid: that takes CAP_FSETID. */
static int may_chmod_setuid(const struct kdiff_state *st,
			    const struct kdiff_who *who)
{
	return P(RICHACE_EXECUTE) && OWNER_OR_FOWNER;
}
/*
 * The owner's setgid outside the group is dropped, not refused; write_acl
 * alone sets it only inside the file's group.
 */
static int may_chmod_setgid(const struct kdiff_state *st,
			    const struct kdiff_who *who)
{
	return P(RICHACE_EXECUTE) &&
	       (OWNER_OR_FOWNER ||
		(O(RICHACE_WRITE_ACL) && in_group(&who->cred, st->o.group)));
}
static int may_utimes(const struct kdiff_state *st, const struct kdiff_who *who)
{
	return P(RICHACE_EXECUTE) &&
	       (OWNER_OR_FOWNER || O(RICHACE_WRITE_ATTRIBUTES));
}
/* To one's own group: the owner, write_owner, or CAP_CHOWN. */
static int may_chgrp_mine(const struct kdiff_state *st,
			  const struct kdiff_who *who)
{
	return P(RICHACE_EXECUTE) &&
	       (OWNER || O(RICHACE_WRITE_OWNER) || has(who, CAP_CHOWN));
}
/*
 * To a group one is not in: CAP_CHOWN only, unless it is the file's group
 * already and one is the owner (chgrp_ok(): the gid does not change).
 */
static int may_chgrp_foreign(const struct kdiff_state *st,
			     const struct kdiff_who *who)
{
	return P(RICHACE_EXECUTE) &&
	       (has(who, CAP_CHOWN) ||
		(OWNER && foreign_group(&who->cred) == st->o.group));
}
static int may_chown_self(const struct kdiff_state *st,
			  const struct kdiff_who *who)
{
	return P(RICHACE_EXECUTE) &&
	       (OWNER || O(RICHACE_WRITE_OWNER) || has(who, CAP_CHOWN));
}

const struct kdiff_op kdiff_ops[] = {
	{ "read",		0, do_read,		may_read },
	{ "write",		0, do_write,		may_write },
	{ "append",		0, do_append,		may_append },
	{ "append and truncate", 0, do_append_trunc,	may_write },
	{ "append, clear O_APPEND", 0, do_append_clear,	may_append_write },
	{ "append, ftruncate",	0, do_append_ftruncate,	may_append_write },
	{ "execute",		0, do_exec,		may_exec },
	{ "unlink",		0, do_unlink,		may_delete },
	{ "rename",		0, do_rename,		may_rename },
	{ "move to Q",		0, do_move,		may_move },
	{ "move to Q, whiteout", 0, do_move_whiteout,	may_move_whiteout },
	{ "move over T",	0, do_replace,		may_replace },
	{ "exchange with T",	0, do_exchange,		may_exchange },
	{ "chmod",		0, do_chmod,		may_chmod },
	{ "chmod setuid",	0, do_chmod_setuid,	may_chmod_setuid },
	{ "chmod setgid",	0, do_chmod_setgid,	may_chmod_setgid },
	{ "set times",		0, do_utimes,		may_utimes },
	{ "chown to self",	0, do_chown_self,	may_chown_self },
	{ "chgrp to own group",	0, do_chgrp_mine,	may_chgrp_mine },
	{ "chgrp to another group", 0, do_chgrp_foreign, may_chgrp_foreign },
	{ "set the acl",	0, do_setacl,		may_chmod },
	{ "list",		1, do_list,		may_read },
	{ "create a file in",	1, do_create,		may_create },
	{ "mkdir in",		1, do_mkdir,		may_mkdir },
	{ "look up a child of",	1, do_search,		may_search },
	{ "unlink the child of", 1, do_unlink_child,	may_delete_child },
	{ "rmdir",		1, do_rmdir,		may_delete },
	{ "rename",		1, do_rename,		may_rename_dir },
	{ "move to Q",		1, do_move,		may_move_dir },
	{ "move to Q, whiteout", 1, do_move_whiteout,	may_move_whiteout },
	{ "move over T",	1, do_replace,		may_replace },
	{ "exchange with T",	1, do_exchange,		may_exchange },
	{ "chmod",		1, do_chmod,		may_chmod },
	{ "chmod setuid",	1, do_chmod_setuid,	may_chmod_setuid },
	{ "chmod setgid",	1, do_chmod_setgid,	may_chmod_setgid },
	{ "set times",		1, do_utimes,		may_utimes },
	{ "chown to self",	1, do_chown_self,	may_chown_self },
	{ "chgrp to own group",	1, do_chgrp_mine,	may_chgrp_mine },
	{ "chgrp to another group", 1, do_chgrp_foreign, may_chgrp_foreign },
	{ "set the acl",	1, do_setacl,		may_chmod },
};
const unsigned int kdiff_nops = sizeof(kdiff_ops) / sizeof(kdiff_ops[0]);
