// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kdiff: the kernel's RichACL decisions against librichacl's model (see
 * kdiff.h).  Runs as root in the guest, in a directory of a RichACL ext4;
 * prints TAP.
 *
 *	kdiff matrix [--via DIR]
 *		each permission (r w p x d D A C o) on a file and on a
 *		directory, for owner@, a named user, group@, a named group
 *		and everyone@: granted by an allow entry, and refused by a
 *		deny entry before an allow entry for everyone@.  With
 *		--via, the objects are made in the current directory and
 *		the users act on them through DIR, the same directory
 *		seen over NFS.
 *	kdiff random [--seed N] [--cases N] [--scenario K] [--via DIR]
 *		N decisions (default 10000) over random scenarios, each
 *		test user and one of them with a capability in turn, each
 *		operation, plus the ACL and mode of new files and
 *		directories (inheritance, umask, create mode) and of chmod,
 *		against the library; one TAP line per 1000.
 *		--scenario K replays one scenario of the seed.  --via DIR:
 *		the users act through DIR (over NFS), without the actor
 *		holding a capability, without the operations NFS does not
 *		carry (see not_over_nfs), and without the creation checks.
 *	kdiff nfs4-acl [--seed N] [--cases N]
 *		make the four objects of N random scenarios (default 10000)
 *		in the current directory and print, as getfattr -e hex
 *		does, the system.nfs4_acl an NFS client must see for each
 *		(kdiff-nfs4.c).
 *
 * A disagreement is a "not ok" with the seed, the scenario, the ACLs, the
 * user, the operation, both answers and the command that replays it.
 * Exit status: 0 when the tests ran, 1 on a usage or setup error.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kdiff.h"

#define TEXT_OPTS (RICHACL_TEXT_UNALIGNED | RICHACL_TEXT_SHOW_MASKS | \
		   RICHACL_TEXT_FULL)

static void show_acl(const char *label, const struct richacl *acl)
{
	char *text = acl ? richacl_to_text(acl, TEXT_OPTS) : NULL;
	char *line, *save = NULL;

	printf("#   %s:%s\n", label, acl ? "" : " (none)");
	for (line = text ? strtok_r(text, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save))
		printf("#     %s\n", line);
	free(text);
}

static void show_state(const struct kdiff_state *st)
{
	printf("#   P owned by %u:%u, O owned by %u:%u (mode 0%o), "
	       "Q owned by %u:%u, T owned by %u:%u\n",
	       (unsigned int)st->p.owner, (unsigned int)st->p.group,
	       (unsigned int)st->o.owner, (unsigned int)st->o.group,
	       (unsigned int)(st->o.mode & 07777),
	       (unsigned int)st->q.owner, (unsigned int)st->q.group,
	       (unsigned int)st->t.owner, (unsigned int)st->t.group);
	show_acl("P", st->p.acl);
	show_acl("O", st->o.acl);
	show_acl("Q", st->q.acl);
	show_acl("T", st->t.acl);
}

static const char *verdict(int allowed)
{
	return allowed ? "allowed" : "denied";
}

/*
 * One decision: the kernel against the model.  Returns 1 when they agree,
 * 0 when not (reported), -1 on a setup error.
 */
static int decide(const struct kdiff_scenario *sc, const struct kdiff_op *op,
		  const struct kdiff_who *who, int *model_out, int *kernel_out)
{
	struct kdiff_state st;
	char err[256];
	int e, model, kernel;

	if (kdiff_setup(sc, err, sizeof(err))) {
		printf("# setup: %s\n", err);
		return -1;
	}
	if (kdiff_read_state(&st)) {
		printf("# reading the stored acls: %s\n", strerror(errno));
		kdiff_free_state(&st);
		return -1;
	}
	model = op->allowed(&st, who);
	e = kdiff_run_as(op, who);
	if (e < 0) {
		printf("# running %s as %s failed\n", op->name,
		       kdiff_who_name(who));
		kdiff_free_state(&st);
		return -1;
	}
	kernel = !(e == EACCES || e == EPERM);
	if (model_out)
		*model_out = model;
	if (kernel_out)
		*kernel_out = kernel;
	if (model != kernel) {
		printf("# disagreement: %s %s as %s: kernel %s (%s), model %s\n",
		       op->name, sc->isdir ? "a directory" : "a file",
		       kdiff_who_name(who), verdict(kernel),
		       e ? strerror(e) : "success",
		       verdict(model));
		show_state(&st);
	}
	kdiff_free_state(&st);
	return model == kernel;
}

/* ---- matrix ---- */

struct principal {
	const char *text;	/* as in an entry */
	unsigned int user;	/* who tries: kdiff_users[] */
};

/* O and P belong to rtu1:rtg1; rtu3 is in rtg1, rtu2's group is rtg2. */
static const struct principal principals[] = {
	{ "owner@", 0 },
	{ "user:rtu4", 3 },
	{ "group@", 2 },
	{ "group:rtg2", 1 },
	{ "everyone@", 1 },
};

struct matrix_perm {
	char letter;
	int on_parent;		/* the entry goes on P, not on O */
	const char *file_op, *dir_op;
};

static const struct matrix_perm matrix_perms[] = {
	{ 'r', 0, "read", "list" },
	{ 'w', 0, "write", "create a file in" },
	{ 'p', 0, "append", "mkdir in" },
	{ 'x', 0, "execute", "look up a child of" },
	{ 'd', 1, "unlink", NULL },
	{ 'd', 0, NULL, "unlink the child of" },
	{ 'D', 0, "unlink", "rmdir" },
	{ 'A', 0, "set times", "set times" },
	{ 'C', 0, "chmod", "chmod" },
	{ 'o', 0, "chown to self", "chown to self" },
};

static const struct kdiff_op *find_op(const char *name, int isdir)
{
	unsigned int n;

	for (n = 0; n < kdiff_nops; n++)
		if (kdiff_ops[n].for_dir == isdir &&
		    strcmp(kdiff_ops[n].name, name) == 0)
			return &kdiff_ops[n];
	return NULL;
}

/*
 * The acl of @text with the largest masks its entries allow, as setrichacl
 * makes it: the file mode then has an x bit when an entry grants execute,
 * which the NFS client wants before it lets anybody execute a file.
 */
static struct richacl *acl_of(const char *text)
{
	char *error = NULL;
	struct richacl *acl = richacl_from_text(text, NULL, &error);

	if (!acl) {
		fprintf(stderr, "kdiff: %s\n", error ? error : strerror(errno));
		free(error);
		return NULL;
	}
	richacl_compute_max_masks(acl);
	return acl;
}

static int matrix(void)
{
	unsigned int m, p, isdir, granted, n = 0, total = 0;
	int status = 0;

	for (m = 0; m < sizeof(matrix_perms) / sizeof(matrix_perms[0]); m++)
		for (isdir = 0; isdir < 2; isdir++)
			if (isdir ? matrix_perms[m].dir_op : matrix_perms[m].file_op)
				total += 2 * sizeof(principals) / sizeof(principals[0]);
	printf("1..%u\n", total);
	for (m = 0; m < sizeof(matrix_perms) / sizeof(matrix_perms[0]); m++) {
		const struct matrix_perm *mp = &matrix_perms[m];

		for (isdir = 0; isdir < 2; isdir++) {
			const char *name = isdir ? mp->dir_op : mp->file_op;
			const struct kdiff_op *op;

			if (!name)
				continue;
			op = find_op(name, (int)isdir);
			if (!op) {
				fprintf(stderr, "kdiff: no operation %s\n", name);
				return 1;
			}
			for (p = 0; p < sizeof(principals) / sizeof(principals[0]); p++) {
				const struct principal *pr = &principals[p];
				struct kdiff_scenario sc = { .isdir = (int)isdir };
				struct kdiff_who who;
				char target[160], other[80];
				int model = 0, kernel = 0, r, intended;

				for (granted = 1; granted < 3; granted++) {
					int grant = granted == 1;

					/* The entry under test (then everyone@ for the deny case). */
					if (grant)
						snprintf(target, sizeof(target), "%s:%c::allow",
							 pr->text, mp->letter);
					else
						snprintf(target, sizeof(target),
							 "%s:%c::deny,everyone@:%c::allow",
							 pr->text, mp->letter, mp->letter);
					/* Search P, and O for the operations inside it. */
					snprintf(other, sizeof(other), "everyone@:x::allow");
					sc.p_owner = sc.o_owner = kdiff_users[0].uid;
					sc.p_group = sc.o_group = kdiff_gids[0];
					if (mp->on_parent) {
						char both[260];

						snprintf(both, sizeof(both), "%s,%s", target, other);
						sc.p_acl = acl_of(both);
						sc.o_acl = acl_of("owner@:rw::allow");
					} else {
						char both[260];

						sc.p_acl = acl_of(other);
						if (isdir && mp->letter != 'x' &&
						    mp->letter != 'D' && mp->letter != 'A' &&
						    mp->letter != 'C' && mp->letter != 'o' &&
						    mp->letter != 'r')
							snprintf(both, sizeof(both), "%s,%s", target, other);
						else
							snprintf(both, sizeof(both), "%s", target);
						sc.o_acl = acl_of(both);
					}
					if (!sc.p_acl || !sc.o_acl)
						return 1;
					kdiff_who(&who, &kdiff_users[pr->user], -1);
					r = decide(&sc, op, &who, &model, &kernel);
					/* The owner may always chmod, set times and chown to itself. */
					intended = grant || (pr->user == 0 &&
							     strchr("ACo", mp->letter));
					n++;
					if (r < 0)
						status = 1;
					printf("%s %u - %s: %c for %s (%s), %s: %s %s\n",
					       r == 1 && model == intended ? "ok" : "not ok", n,
					       isdir ? "directory" : "file", mp->letter,
					       pr->text, kdiff_users[pr->user].name,
					       grant ? "allow entry" : "deny entry first",
					       name, verdict(kernel));
					if (r == 1 && model != intended)
						printf("# the model says %s, the matrix expects %s\n",
						       verdict(model), verdict(intended));
					kdiff_free_scenario(&sc);
				}
			}
		}
	}
	return status;
}

/* ---- random ---- */

/* The acl and mode the kernel gave @path against the model's. */
static int same_result(const char *path, const struct richacl *model,
		       mode_t model_mode)
{
	struct richacl *kernel = richacl_get_file(path);
	struct stat st;
	mode_t equiv;
	int same;

	if (stat(path, &st)) {
		richacl_free(kernel);
		return 0;
	}
	if ((st.st_mode & 07777) != (model_mode & 07777))
		same = 0;
	else if (kernel)
		same = model && richacl_equal(kernel, model);
	else
		same = !model || (equiv = st.st_mode,
				  richacl_equiv_mode(model, &equiv) == 0 &&
				  (equiv & 0777) == (st.st_mode & 0777));
	if (!same) {
		printf("#   %s: kernel mode 0%o, model 0%o\n", path,
		       (unsigned int)(st.st_mode & 07777),
		       (unsigned int)(model_mode & 07777));
		show_acl("kernel", kernel);
		show_acl("model", model);
	}
	richacl_free(kernel);
	return same;
}

/* New files and directories in P, and chmod of O, as root. */
static int creation_and_chmod(const struct kdiff_scenario *sc, uint64_t seed,
			      unsigned int *checks)
{
	static const char *const names[2] = { KDIFF_P "/newf", KDIFF_P "/newd" };
	unsigned int r = (unsigned int)(seed >> 7) ^ (unsigned int)sc->o_owner;
	struct kdiff_state st;
	char err[256];
	int isdir, agree = 1;

	if (kdiff_setup(sc, err, sizeof(err)) || kdiff_read_state(&st)) {
		printf("# setup: %s\n", err);
		return -1;
	}
	for (isdir = 0; isdir < 2; isdir++) {
		mode_t create = (mode_t)((r >> (isdir * 9)) & 0777);
		mode_t um = (mode_t)((r >> 18) & 0077);
		mode_t mode = (isdir ? S_IFDIR : S_IFREG) | create;
		struct richacl *model;
		int fd = -1;

		umask(um);
		if (isdir)
			fd = mkdir(names[1], create);
		else
			fd = open(names[0], O_WRONLY | O_CREAT | O_EXCL, create);
		umask(022);
		if (fd < 0) {
			printf("# creating %s: %s\n", names[isdir], strerror(errno));
			kdiff_free_state(&st);
			return -1;
		}
		if (!isdir)
			close(fd);
		errno = 0;
		model = richacl_inherit_inode(st.p.acl, &mode, um);
		(*checks)++;
		if (!model && errno) {
			printf("# richacl_inherit_inode: %s\n", strerror(errno));
			agree = 0;
		} else if (!same_result(names[isdir], model, mode)) {
			printf("# disagreement: a new %s, create mode 0%o, umask 0%03o\n",
			       isdir ? "directory" : "file", (unsigned int)create,
			       (unsigned int)um);
			show_acl("P", st.p.acl);
			agree = 0;
		}
		richacl_free(model);
		if (isdir)
			rmdir(names[1]);
		else
			unlink(names[0]);
	}
	{
		mode_t m = (mode_t)((r >> 9) & 0777);
		struct richacl *before = richacl_get_file(KDIFF_O), *model = NULL;

		if (before) {
			model = richacl_clone(before);
			/* The file type says whether delete_child goes with w. */
			if (model)
				richacl_chmod(model, (sc->isdir ? S_IFDIR : S_IFREG) | m);
		}
		(*checks)++;
		if (chmod(KDIFF_O, m)) {
			printf("# chmod: %s\n", strerror(errno));
			agree = 0;
		} else if (!same_result(KDIFF_O, model,
					(sc->isdir ? S_IFDIR : S_IFREG) | m)) {
			printf("# disagreement: chmod 0%o\n", (unsigned int)m);
			show_acl("before", before);
			agree = 0;
		}
		richacl_free(before);
		richacl_free(model);
	}
	kdiff_free_state(&st);
	return agree;
}

/*
 * What NFS does not carry, so that over NFS it proves nothing about
 * nfsd's checks: rename flags (no RENAME_WHITEOUT or RENAME_EXCHANGE in
 * NFSv4); system.richacl (the NFS client has no handler for it yet); and
 * opens for writing, because an NFSv4 OPEN cannot say "append": nfsd
 * lets it through on write_data or append_data and checks each WRITE
 * (an append-only open only appends), and the client sends no truncate
 * of an empty file.  nfsd-richacl.bats tests what such opens can write.
 */
static const char *const not_over_nfs[] = {
	"move to Q, whiteout",
	"exchange with T",
	"set the acl",
	"write",
	"append",
	"append and truncate",
	"append, clear O_APPEND",
	"append, ftruncate",
};

static int runs_via(const struct kdiff_op *op)
{
	size_t n;

	for (n = 0; n < sizeof(not_over_nfs) / sizeof(not_over_nfs[0]); n++)
		if (strcmp(op->name, not_over_nfs[n]) == 0)
			return 0;
	return 1;
}

static int random_run(uint64_t seed, unsigned int cases, long only)
{
	const unsigned int batch = 1000;
	unsigned int done = 0, bad = 0, tests = 0, u, o;
	unsigned int scenario = only >= 0 ? (unsigned int)only : 0;
	int status = 0;

	printf("# seed %" PRIu64 "\n", seed);
	if (only < 0)
		printf("1..%u\n", (cases + batch - 1) / batch);
	else
		printf("1..1\n");
	while (only >= 0 ? scenario == (unsigned int)only : done < cases) {
		struct kdiff_scenario sc;
		unsigned int before = bad, checks = 0;
		int r;

		if (kdiff_random_scenario(seed, scenario, &sc)) {
			fprintf(stderr, "kdiff: out of memory\n");
			return 1;
		}
		/*
		 * Each user, then one more actor: a user with a capability,
		 * every user and capability in turn over the scenarios.  Not
		 * over NFS, where capabilities stay on the client: nfsd sees
		 * the uid alone.
		 */
		for (u = 0; u < KDIFF_USERS + !kdiff_via; u++) {
			struct kdiff_who who;

			if (u < KDIFF_USERS)
				kdiff_who(&who, &kdiff_users[u], -1);
			else
				kdiff_who(&who, &kdiff_users[scenario % KDIFF_USERS],
					  kdiff_caps[scenario / KDIFF_USERS %
						     KDIFF_CAPS]);
			for (o = 0; o < kdiff_nops; o++) {
				if (kdiff_ops[o].for_dir != sc.isdir ||
				    (kdiff_via && !runs_via(&kdiff_ops[o])))
					continue;
				r = decide(&sc, &kdiff_ops[o], &who, NULL, NULL);
				done++;
				if (r != 1)
					bad++;
				if (r < 0)
					status = 1;
			}
		}
		/* Creation as root is local: perm-diff.tap covers it. */
		r = kdiff_via ? 1 : creation_and_chmod(&sc, seed ^ scenario,
						       &checks);
		done += checks;
		if (r != 1)
			bad++;
		if (bad != before)
			printf("# replay: kdiff random --seed %" PRIu64
			       " --scenario %u%s%s\n", seed, scenario,
			       kdiff_via ? " --via " : "",
			       kdiff_via ? kdiff_via : "");
		kdiff_free_scenario(&sc);
		scenario++;
		/* One TAP line per batch of decisions. */
		while (only < 0 && done >= (tests + 1) * batch && tests * batch < cases) {
			tests++;
			printf("%s %u - decisions %u-%u: %s\n", bad ? "not ok" : "ok",
			       tests, (tests - 1) * batch + 1, tests * batch,
			       bad ? "disagreements above" : "the kernel agrees with the model");
			bad = 0;
		}
	}
	if (only >= 0)
		printf("%s 1 - scenario %ld: %u decisions\n", bad ? "not ok" : "ok",
		       only, done);
	else if (tests * batch < cases)
		printf("%s %u - decisions %u-%u\n", bad ? "not ok" : "ok",
		       tests + 1, tests * batch + 1, done);
	return status;
}

static int usage(void)
{
	fprintf(stderr, "Usage: kdiff matrix [--via DIR]\n"
			"       kdiff random [--seed N] [--cases N] [--scenario K] [--via DIR]\n"
			"       kdiff nfs4-acl [--seed N] [--cases N]\n");
	return 1;
}

int main(int argc, char *argv[])
{
	uint64_t seed = 0;
	unsigned int cases = 10000;
	long only = -1;
	int n;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc < 2)
		return usage();
	if (geteuid() != 0) {
		fprintf(stderr, "kdiff: must run as root (in the guest)\n");
		return 1;
	}
	if (kdiff_init_users())
		return 1;
	umask(022);
	if (strcmp(argv[1], "matrix") == 0 && argc == 2)
		return matrix();
	if (strcmp(argv[1], "matrix") == 0 && argc == 4 &&
	    strcmp(argv[2], "--via") == 0) {
		kdiff_via = argv[3];
		return matrix();
	}
	if (strcmp(argv[1], "random") != 0 &&
	    strcmp(argv[1], "nfs4-acl") != 0)
		return usage();
	for (n = 2; n < argc; n++) {
		char *end;

		if (n + 1 >= argc)
			return usage();
		if (strcmp(argv[n], "--via") == 0 &&
		    strcmp(argv[1], "random") == 0) {
			kdiff_via = argv[++n];
			continue;
		}
		errno = 0;
		if (strcmp(argv[n], "--seed") == 0) {
			seed = strtoull(argv[++n], &end, 10);
		} else if (strcmp(argv[n], "--cases") == 0) {
			cases = (unsigned int)strtoul(argv[++n], &end, 10);
		} else if (strcmp(argv[n], "--scenario") == 0 &&
			   strcmp(argv[1], "random") == 0) {
			only = strtol(argv[++n], &end, 10);
		} else {
			return usage();
		}
		if (errno || *end || end == argv[n]) {
			fprintf(stderr, "kdiff: %s: not a number\n", argv[n]);
			return 1;
		}
	}
	if (strcmp(argv[1], "nfs4-acl") == 0)
		return kdiff_nfs4_acl(seed, cases);
	return random_run(seed, cases, only);
}
