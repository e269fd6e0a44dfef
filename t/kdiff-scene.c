// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kdiff's scenarios in the kernel: set one up as root, read back what
 * the kernel stored, and run an operation as a test user in a child.
 */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <linux/capability.h>
#include <pwd.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kdiff.h"

struct kdiff_user kdiff_users[KDIFF_USERS] = {
	{ .name = "rtu1" }, { .name = "rtu2" }, { .name = "rtu3" },
	{ .name = "rtu4" },
};
const char *const kdiff_group_names[KDIFF_GROUPS] = {
	"rtg1", "rtg2", "rtg3", "users",
};
gid_t kdiff_gids[KDIFF_GROUPS];

int kdiff_init_users(void)
{
	unsigned int n;

	for (n = 0; n < KDIFF_USERS; n++) {
		struct kdiff_user *u = &kdiff_users[n];
		struct passwd *pw = getpwnam(u->name);

		if (!pw) {
			fprintf(stderr, "kdiff: no user %s (run in the guest)\n",
				u->name);
			return -1;
		}
		u->uid = pw->pw_uid;
		u->gid = pw->pw_gid;
		u->ngroups = 8;
		if (getgrouplist(u->name, u->gid, u->groups, &u->ngroups) < 0) {
			fprintf(stderr, "kdiff: %s: too many groups\n", u->name);
			return -1;
		}
	}
	for (n = 0; n < KDIFF_GROUPS; n++) {
		struct group *gr = getgrnam(kdiff_group_names[n]);

		if (!gr) {
			fprintf(stderr, "kdiff: no group %s\n",
				kdiff_group_names[n]);
			return -1;
		}
		kdiff_gids[n] = gr->gr_gid;
	}
	return 0;
}

const int kdiff_caps[KDIFF_CAPS] = {
	CAP_FOWNER, CAP_CHOWN, CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH,
};

static const char *const cap_names[] = {
	[CAP_CHOWN] = "CAP_CHOWN",
	[CAP_DAC_OVERRIDE] = "CAP_DAC_OVERRIDE",
	[CAP_DAC_READ_SEARCH] = "CAP_DAC_READ_SEARCH",
	[CAP_FOWNER] = "CAP_FOWNER",
};

void kdiff_who(struct kdiff_who *who, const struct kdiff_user *user, int cap)
{
	who->user = user;
	who->cap = cap;
	who->cred.uid = user->uid;
	who->cred.gid = user->gid;
	who->cred.groups = user->groups;
	who->cred.ngroups = (size_t)user->ngroups;
}

const char *kdiff_who_name(const struct kdiff_who *who)
{
	static char name[64];

	if (who->cap < 0)
		return who->user->name;
	snprintf(name, sizeof(name), "%s+%s", who->user->name,
		 cap_names[who->cap]);
	return name;
}

/* Remove what an earlier case left; missing entries are fine. */
static void clean(void)
{
	static const char *const files[] = {
		KDIFF_O "/new", KDIFF_CHILD, KDIFF_O,
		KDIFF_O2 "/new", KDIFF_O2 "/c", KDIFF_O2,
		KDIFF_QO "/c", KDIFF_QO, KDIFF_T "/c", KDIFF_T,
	};
	static const char *const dirs[] = {
		KDIFF_O "/newdir", KDIFF_O, KDIFF_O2 "/newdir", KDIFF_O2,
		KDIFF_QO, KDIFF_T,
	};
	unsigned int n;

	for (n = 0; n < sizeof(files) / sizeof(files[0]); n++)
		unlink(files[n]);
	for (n = 0; n < sizeof(dirs) / sizeof(dirs[0]); n++)
		rmdir(dirs[n]);
}

#define FAIL(...) \
	do { \
		snprintf(err, errsize, __VA_ARGS__); \
		return -1; \
	} while (0)

int kdiff_setup(const struct kdiff_scenario *sc, char *err, size_t errsize)
{
	int fd;

	clean();
	rmdir(KDIFF_P);
	rmdir(KDIFF_Q);
	if (mkdir(KDIFF_P, 0755) && errno != EEXIST)
		FAIL("mkdir %s: %s", KDIFF_P, strerror(errno));
	if (mkdir(KDIFF_Q, 0755) && errno != EEXIST)
		FAIL("mkdir %s: %s", KDIFF_Q, strerror(errno));
	if (sc->isdir) {
		if (mkdir(KDIFF_O, 0755))
			FAIL("mkdir %s: %s", KDIFF_O, strerror(errno));
		fd = open(KDIFF_CHILD, O_WRONLY | O_CREAT | O_EXCL, 0644);
	} else {
		fd = open(KDIFF_O, O_WRONLY | O_CREAT | O_EXCL, 0644);
	}
	if (fd < 0)
		FAIL("creating the object: %s", strerror(errno));
	close(fd);
	if (sc->t_acl) {
		if (sc->isdir)
			fd = mkdir(KDIFF_T, 0755);
		else
			fd = open(KDIFF_T, O_WRONLY | O_CREAT | O_EXCL, 0644);
		if (fd < 0)
			FAIL("creating %s: %s", KDIFF_T, strerror(errno));
		if (!sc->isdir)
			close(fd);
		if (chown(KDIFF_T, sc->t_owner, sc->t_group))
			FAIL("chown: %s", strerror(errno));
		if (richacl_set_file(KDIFF_T, sc->t_acl))
			FAIL("setting the acl of %s: %s", KDIFF_T,
			     strerror(errno));
	}
	if (chown(KDIFF_P, sc->p_owner, sc->p_group) ||
	    chown(KDIFF_O, sc->o_owner, sc->o_group) ||
	    chown(KDIFF_Q, sc->q_owner, sc->q_group))
		FAIL("chown: %s", strerror(errno));
	/* After the chown, which clears them; setting the ACL keeps them. */
	if (sc->o_setid &&
	    chmod(KDIFF_O, (sc->isdir ? 0755 : 0644) | sc->o_setid))
		FAIL("chmod %s: %s", KDIFF_O, strerror(errno));
	if (richacl_set_file(KDIFF_O, sc->o_acl))
		FAIL("setting the acl of %s: %s", KDIFF_O, strerror(errno));
	if (richacl_set_file(KDIFF_P, sc->p_acl))
		FAIL("setting the acl of %s: %s", KDIFF_P, strerror(errno));
	/* The matrix leaves Q alone: root's, mode 0755. */
	if (sc->q_acl && richacl_set_file(KDIFF_Q, sc->q_acl))
		FAIL("setting the acl of %s: %s", KDIFF_Q, strerror(errno));
	return 0;
}

/*
 * Read what the kernel decides by for @path: the stored acl, or the
 * mode's, and the owner, group and mode.  -1 when @path cannot be read.
 */
static int read_node(const char *path, struct kdiff_node *node)
{
	struct stat st;

	if (stat(path, &st))
		return -1;
	node->owner = st.st_uid;
	node->group = st.st_gid;
	node->mode = st.st_mode;
	node->acl = richacl_get_file(path);
	if (!node->acl && errno == ENODATA)
		node->acl = richacl_from_mode(st.st_mode);
	return node->acl ? 0 : -1;
}

int kdiff_read_state(struct kdiff_state *st)
{
	memset(st, 0, sizeof(*st));
	if (read_node(KDIFF_P, &st->p) || read_node(KDIFF_O, &st->o) ||
	    read_node(KDIFF_Q, &st->q))
		return -1;
	if (S_ISDIR(st->o.mode) && read_node(KDIFF_CHILD, &st->c))
		return -1;
	if (access(KDIFF_T, F_OK) == 0 && read_node(KDIFF_T, &st->t))
		return -1;
	return 0;
}

void kdiff_free_state(struct kdiff_state *st)
{
	richacl_free(st->p.acl);
	richacl_free(st->o.acl);
	richacl_free(st->q.acl);
	richacl_free(st->c.acl);
	richacl_free(st->t.acl);
}

/*
 * Keep @cap alone, permitted and effective, after the switch from root
 * (which empties the effective set).  No libcap: the raw system call.
 */
static int keep_only(int cap)
{
	struct __user_cap_header_struct header = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3] = { 0 };

	data[cap / 32].permitted = 1u << (cap % 32);
	data[cap / 32].effective = 1u << (cap % 32);
	return (int)syscall(SYS_capset, &header, data);
}

const char *kdiff_via;

int kdiff_run_as(const struct kdiff_op *op, const struct kdiff_who *who)
{
	const struct kdiff_user *user = who->user;
	pid_t pid = fork();
	int status;

	if (pid < 0)
		return -1;
	if (pid == 0) {
		if ((who->cap >= 0 && prctl(PR_SET_KEEPCAPS, 1L, 0L, 0L, 0L)) ||
		    setgroups((size_t)user->ngroups, user->groups) ||
		    setresgid(user->gid, user->gid, user->gid) ||
		    setresuid(user->uid, user->uid, user->uid) ||
		    (who->cap >= 0 && keep_only(who->cap)) ||
		    (kdiff_via && chdir(kdiff_via)))
			_exit(255);
		_exit(op->run() & 0xff);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status) == 255)
		return -1;
	return WEXITSTATUS(status);
}
