/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kdiff: the kernel's RichACL decisions against librichacl's model, in
 * the guest (t/guest/perm-matrix.tap, t/guest/perm-diff.tap).
 *
 * A scenario is a directory P (its ACL, owner and group) holding an
 * object O, a file or a directory (its ACL, owner and group), and a
 * second directory Q (its ACL, owner and group) to move O into, holding
 * T, an object of O's kind that a move may replace (its ACL, owner and
 * group; T is an empty directory when O is a directory); a case is
 * a scenario, a user (without or with one capability) and an operation
 * on O.  The kernel answers by doing the operation as that user; the model
 * answers with richacl_access() on the ACLs the kernel stored, and the
 * rules of the VFS and of the capabilities (kdiff-ops.c).
 */
#ifndef KDIFF_H
#define KDIFF_H

#include <stdint.h>
#include <sys/types.h>

#include "sys/richacl.h"

/* The guest's test users (t/guest/README), their ids read at start. */
#define KDIFF_USERS 4
struct kdiff_user {
	const char *name;
	uid_t uid;
	gid_t gid;
	gid_t groups[8];
	int ngroups;
};
extern struct kdiff_user kdiff_users[KDIFF_USERS];
int kdiff_init_users(void);

/* Named groups the generator draws from. */
#define KDIFF_GROUPS 4
extern const char *const kdiff_group_names[KDIFF_GROUPS];
extern gid_t kdiff_gids[KDIFF_GROUPS];

struct kdiff_scenario {
	int isdir;			/* O is a directory */
	/* as set (before the kernel); no T when t_acl is NULL */
	struct richacl *p_acl, *o_acl, *q_acl, *t_acl;
	uid_t p_owner, o_owner, q_owner, t_owner;
	gid_t p_group, o_group, q_group, t_group;
	mode_t o_setid;			/* S_ISUID, S_ISGID of O, or 0 */
};

/* What the kernel stored for one object: acl NULL when it is not there. */
struct kdiff_node {
	struct richacl *acl;	/* read back, or from the mode */
	uid_t owner;
	gid_t group;
	mode_t mode;
};

/* The objects of a scenario as the kernel stored them. */
struct kdiff_state {
	struct kdiff_node p, o, q;
	struct kdiff_node c;	/* O/c, when O is a directory */
	struct kdiff_node t;	/* when the scenario has T */
};

/*
 * Who does an operation: a test user, with no capability (cap < 0) or
 * with one (CAP_FOWNER, CAP_CHOWN, CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH)
 * in its effective set.
 */
struct kdiff_who {
	const struct kdiff_user *user;
	int cap;
	struct richacl_cred cred;
};
void kdiff_who(struct kdiff_who *who, const struct kdiff_user *user, int cap);
/* "rtu2" or "rtu2+CAP_FOWNER" */
const char *kdiff_who_name(const struct kdiff_who *who);
/* The capabilities a scenario's fifth actor gets in turn. */
#define KDIFF_CAPS 4
extern const int kdiff_caps[KDIFF_CAPS];

struct kdiff_op {
	const char *name;
	int for_dir;		/* 0: on a file O, 1: on a directory O */
	/* Do it as the current (switched) process; 0 or an errno. */
	int (*run)(void);
	/* The model: does @who get through? */
	int (*allowed)(const struct kdiff_state *st,
		       const struct kdiff_who *who);
};
extern const struct kdiff_op kdiff_ops[];
extern const unsigned int kdiff_nops;

/* The paths, relative to the test directory. */
#define KDIFF_P		"P"
#define KDIFF_O		"P/O"
#define KDIFF_O2	"P/O2"	/* where rename puts O */
#define KDIFF_CHILD	"P/O/c"
#define KDIFF_Q		"Q"
#define KDIFF_QO	"Q/O"	/* where a move puts O */
#define KDIFF_T		"Q/T"	/* what a replacing move replaces */

/* kdiff-scene.c: set a scenario up in the kernel, read back what it stored. */
int kdiff_setup(const struct kdiff_scenario *sc, char *err, size_t errsize);
int kdiff_read_state(struct kdiff_state *st);
void kdiff_free_state(struct kdiff_state *st);
/*
 * Where the users act: NULL for the current directory, or the same
 * directory seen another way (an NFS mount of it).
 */
extern const char *kdiff_via;
/* Run @op as @who in a child, in kdiff_via; 0 or the errno it saw. */
int kdiff_run_as(const struct kdiff_op *op, const struct kdiff_who *who);

/* kdiff-gen.c: random scenarios, reproducible from (seed, case). */
int kdiff_random_scenario(uint64_t seed, unsigned int index,
			  struct kdiff_scenario *sc);
void kdiff_free_scenario(struct kdiff_scenario *sc);

/* kdiff-nfs4.c: make the objects of @cases scenarios in the current
 * directory and print the NFSv4 acl attribute each must have. */
int kdiff_nfs4_acl(uint64_t seed, unsigned int cases);

#endif
