// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The algorithms against the permission check (richacl_access()): what the
 * acls they produce grant to actual processes.  Random acls come from a
 * fixed-seed generator, so a failure repeats.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sys/richacl.h"
#include "cred.h"
#include "tap.h"

#define OWNER_UID 100
#define GROUP_GID 200
#define ALL RICHACE_VALID_MASK

static unsigned int rand_state = 4711;

static unsigned int next_rand(void)
{
	rand_state = rand_state * 1103515245 + 12345;
	return (rand_state >> 16) & 0x7fff;
}

static struct richacl *parse(const char *text)
{
	char *error = NULL;
	struct richacl *acl = richacl_from_text(text, NULL, &error);

	if (!acl) {
		printf("Bail out! cannot parse '%s': %s\n", text,
		       error ? error : strerror(errno));
		exit(1);
	}
	return acl;
}

static void diag_acl(const char *what, const struct richacl *acl)
{
	char *text = richacl_to_text(acl, RICHACL_TEXT_FULL |
				     RICHACL_TEXT_SHOW_MASKS |
				     RICHACL_TEXT_UNALIGNED |
				     RICHACL_TEXT_NUMERIC_IDS);
	char *line = text;

	printf("# %s:\n", what);
	while (line && *line) {
		char *end = strchr(line, '\n');
		int len = end ? (int)(end - line) : (int)strlen(line);

		printf("#   %.*s\n", len, line);
		line = end ? end + 1 : NULL;
	}
	free(text);
}

/* All processes of the tests: a uid, a primary gid, supplementary groups. */
struct proc {
	struct richacl_cred cred;
	gid_t groups[3];
};

static const uid_t uids[] = { 100, 101, 102, 103 };
static const gid_t gids[] = { 200, 201, 202, 300 };
static const gid_t supplementary[] = { 200, 201, 202 };

#define NR_PROCS (4 * 4 * 8)
static struct proc procs[NR_PROCS];

static void make_procs(void)
{
	unsigned int u, g, s, b, n = 0;

	for (u = 0; u < 4; u++)
		for (g = 0; g < 4; g++)
			for (s = 0; s < 8; s++, n++) {
				struct proc *p = &procs[n];

				p->cred.uid = uids[u];
				p->cred.gid = gids[g];
				p->cred.ngroups = 0;
				for (b = 0; b < 3; b++)
					if (s & (1 << b))
						p->groups[p->cred.ngroups++] =
							supplementary[b];
				p->cred.groups = p->groups;
			}
}

/*
 * The file class of @cred for a file owned by @owner (group GROUP_GID):
 * 0 owner, 1 group (in the owning group, or named by an entry), 2 other.
 */
static int file_class(const struct richacl *acl, uid_t owner,
		      const struct richacl_cred *cred)
{
	const struct richace *ace;

	if (cred->uid == owner)
		return 0;
	if (in_group(cred, GROUP_GID))
		return 1;
	richacl_for_each_entry(ace, acl) {
		if (richace_is_inherit_only(ace))
			continue;
		if (richace_is_unix_user(ace) && ace->e_id == cred->uid)
			return 1;
		if (richace_is_unix_group(ace) && in_group(cred, ace->e_id))
			return 1;
	}
	return 2;
}

/* A random permission set out of r, w, p, x, D and C. */
static void random_perms(char *buf)
{
	static const char letters[] = "rwpxDC";
	unsigned int bits = next_rand() % 64, n;

	for (n = 0; n < 6; n++)
		if (bits & (1 << n))
			*buf++ = letters[n];
	*buf = '\0';
}

/* Random acls have up to this many entries (more than 8: the sorted path). */
static unsigned int max_entries = 6;

/* A random acl of up to max_entries entries of @whos. */
static struct richacl *random_acl(const char *const *whos, unsigned int nwhos,
				  const char *const *flags,
				  unsigned int nflags)
{
	char text[1024] = "";
	unsigned int count = next_rand() % (max_entries + 1), n;

	for (n = 0; n < count; n++) {
		char perms[8], ace[64];

		random_perms(perms);
		snprintf(ace, sizeof(ace), "%s:%s:%s:%s ",
			 whos[next_rand() % nwhos], perms,
			 flags[next_rand() % nflags],
			 next_rand() % 2 ? "allow" : "deny");
		strcat(text, ace);
	}
	return parse(text);
}

/*
 * Maximum masks: each mask is what the processes of its class are granted,
 * over files of different owners; enforcing the masks changes no decision.
 * Exact when no entry names the owner or the owning group (then a process
 * of the entry's identifier cannot match only it); an upper bound always.
 */
static void test_max_masks(int aliasing)
{
	static const char *const independent[] = {
		"owner@", "group@", "everyone@", "u:101", "u:102", "g:201",
		"g:202"
	};
	static const char *const aliases[] = {
		"owner@", "group@", "everyone@", "u:100", "u:101", "g:200",
		"g:201"
	};
	static const char *const flags[] = { "", "", "", "", "", "", "fi" };
	static const uid_t owners[] = { 100, 101, 102 };
	int bad_bound = 0, bad_exact = 0, bad_decision = 0, n;

	for (n = 0; n < 1500; n++) {
		struct richacl *acl = random_acl(aliasing ? aliases :
						 independent, 7, flags, 7);
		struct richacl *masked;
		unsigned int mask[3] = { 0, 0, 0 }, o, p;

		richacl_compute_max_masks(acl);
		masked = richacl_clone(acl);
		masked->a_flags |= RICHACL_MASKED;
		for (o = 0; o < (aliasing ? 1 : 3); o++) {
			for (p = 0; p < NR_PROCS; p++) {
				const struct richacl_cred *cred =
					&procs[p].cred;
				unsigned int got = richacl_access(acl,
					owners[o], GROUP_GID, cred, ALL);

				mask[file_class(acl, owners[o], cred)] |= got;
				if (got != richacl_access(masked, owners[o],
					GROUP_GID, cred, ALL) &&
				    !bad_decision++) {
					diag_acl("masks change a decision",
						 acl);
				}
			}
		}
		if (((mask[0] & ~acl->a_owner_mask) ||
		     (mask[1] & ~acl->a_group_mask) ||
		     (mask[2] & ~acl->a_other_mask)) && !bad_bound++)
			diag_acl("masks too small", acl);
		if (!aliasing && (mask[0] != acl->a_owner_mask ||
				  mask[1] != acl->a_group_mask ||
				  mask[2] != acl->a_other_mask) &&
		    !bad_exact++) {
			printf("# granted: %x %x %x\n", mask[0], mask[1],
			       mask[2]);
			diag_acl("masks not exact", acl);
		}
		richacl_free(acl);
		richacl_free(masked);
	}
	is_int(bad_bound, 0, "max masks%s%s: upper bounds of each class",
	       aliasing ? " (entries naming owner, group)" : "",
	       max_entries > 8 ? " (up to 16 entries)" : "");
	is_int(bad_decision, 0, "max masks%s%s: enforcing them changes nothing",
	       aliasing ? " (entries naming owner, group)" : "",
	       max_entries > 8 ? " (up to 16 entries)" : "");
	if (!aliasing)
		is_int(bad_exact, 0, "max masks%s: exactly what each class gets",
		       max_entries > 8 ? " (up to 16 entries)" : "");
}

/* Four processes: owner (not in / in the owning group), group, other. */
static const struct richacl_cred owner_cred = { OWNER_UID, 300, NULL, 0 };
static const struct richacl_cred owner_in_group_cred = {
	OWNER_UID, GROUP_GID, NULL, 0
};
static const struct richacl_cred group_cred = { 101, GROUP_GID, NULL, 0 };
static const struct richacl_cred other_cred = { 101, 300, NULL, 0 };

static unsigned int access_of(const struct richacl *acl,
			      const struct richacl_cred *cred)
{
	return richacl_access(acl, OWNER_UID, GROUP_GID, cred, ALL);
}

/* from_mode and chmod'ed from_mode grant each process its mode bits. */
static void test_from_mode(void)
{
	mode_t types[] = { S_IFREG, S_IFDIR };
	int bad = 0;
	unsigned int t, m, k;

	for (t = 0; t < 2; t++) {
		unsigned int ignore = t ? 0 : RICHACE_DELETE_CHILD;

		for (m = 0; m < 01000; m++) {
			struct richacl *acl[2];
			unsigned int o = richacl_mode_to_mask(m >> 6) & ~ignore;
			unsigned int g = richacl_mode_to_mask(m >> 3) & ~ignore;
			unsigned int e = richacl_mode_to_mask(m) & ~ignore;

			acl[0] = richacl_from_mode(types[t] | m);
			acl[1] = richacl_clone(acl[0]);
			richacl_chmod(acl[1], types[t] | m);
			for (k = 0; k < 2; k++) {
				if ((access_of(acl[k], &owner_cred) != o ||
				     access_of(acl[k], &owner_in_group_cred) !=
				     o ||
				     access_of(acl[k], &group_cred) != g ||
				     access_of(acl[k], &other_cred) != e) &&
				    !bad++)
					diag_acl("wrong access", acl[k]);
			}
			richacl_free(acl[0]);
			richacl_free(acl[1]);
		}
	}
	is_int(bad, 0, "from_mode(m) and chmod grant the mode, 1024 modes");
}

/*
 * chmod of any acl: the owner and the other class get exactly the mode's
 * permissions, the group class no more.
 */
static void test_chmod(void)
{
	static const char *const whos[] = {
		"owner@", "group@", "everyone@", "u:101", "u:102", "g:201",
		"g:200"
	};
	static const char *const flags[] = { "" };
	int bad = 0, n;

	for (n = 0; n < 1000; n++) {
		struct richacl *acl = random_acl(whos, 7, flags, 1);
		mode_t mode = (next_rand() % 2 ? S_IFDIR : S_IFREG) |
			      next_rand() % 01000;
		unsigned int ignore = S_ISDIR(mode) ? 0 : RICHACE_DELETE_CHILD;
		unsigned int want[3], p;

		want[0] = richacl_mode_to_mask(mode >> 6) & ~ignore;
		want[1] = richacl_mode_to_mask(mode >> 3) & ~ignore;
		want[2] = richacl_mode_to_mask(mode) & ~ignore;
		richacl_chmod(acl, mode);
		for (p = 0; p < NR_PROCS; p++) {
			const struct richacl_cred *cred = &procs[p].cred;
			int c = file_class(acl, OWNER_UID, cred);
			unsigned int got = access_of(acl, cred);

			if ((c == 1 ? got & ~want[1] : got != want[c]) &&
			    !bad++) {
				printf("# mode %06o, uid %u: got %x\n", mode,
				       cred->uid, got);
				diag_acl("chmod", acl);
			}
		}
		richacl_free(acl);
	}
	is_int(bad, 0, "chmod: owner and other get the mode, group no more");
}

/* Can three mode bits say @mask (ignoring @ignore)? */
static int is_mode_class(unsigned int mask, unsigned int ignore)
{
	mask &= ~ignore;
	return (richacl_mode_to_mask(richacl_mask_to_mode(mask)) & ~ignore) ==
	       mask;
}

/*
 * equiv_mode: an acl of owner@, group@ and everyone@ entries, with masks
 * and the masked and write_through flags or not, is equivalent exactly when
 * the owner (in the owning group or not), the group and the others are
 * granted what three mode bits each say, and then to that mode.
 */
static void test_equiv_mode(void)
{
	static const char *const whos[] = { "owner@", "group@", "everyone@" };
	static const char *const flags[] = { "" };
	static const unsigned char acl_flags[] = {
		0, RICHACL_MASKED, RICHACL_MASKED | RICHACL_WRITE_THROUGH,
		RICHACL_WRITE_THROUGH
	};
	static const unsigned int masks[] = {
		RICHACE_READ_DATA, RICHACE_POSIX_MODE_WRITE,
		RICHACE_WRITE_DATA | RICHACE_APPEND_DATA |
			RICHACE_READ_DATA | RICHACE_EXECUTE,
		RICHACE_EXECUTE, RICHACE_VALID_MASK, 0,
	};
	int bad = 0, equivalent = 0, n;

	for (n = 0; n < 6000; n++) {
		struct richacl *acl = random_acl(whos, 3, flags, 1);
		mode_t type = next_rand() % 2 ? S_IFDIR : S_IFREG;
		mode_t mode = type;
		unsigned int ignore = RICHACE_POSIX_ALWAYS_ALLOWED |
			(S_ISDIR(type) ? 0 : RICHACE_DELETE_CHILD);
		unsigned int owner_ignore = ignore |
					    RICHACE_POSIX_OWNER_ALLOWED;
		unsigned int o1, o2, g, e;
		int want, ret;

		acl->a_flags = acl_flags[next_rand() % 4];
		acl->a_owner_mask = masks[next_rand() % 6];
		acl->a_group_mask = masks[next_rand() % 6];
		acl->a_other_mask = masks[next_rand() % 6];
		o1 = access_of(acl, &owner_cred);
		o2 = access_of(acl, &owner_in_group_cred);
		g = access_of(acl, &group_cred);
		e = access_of(acl, &other_cred);
		want = !((o1 ^ o2) & ~owner_ignore) &&
		       is_mode_class(o1, owner_ignore) &&
		       is_mode_class(g, ignore) && is_mode_class(e, ignore);
		ret = richacl_equiv_mode(acl, &mode);
		if ((ret == 0) != want ||
		    (want && (mode & 0777) !=
		     (richacl_mask_to_mode(o1 & ~owner_ignore) << 6 |
		      richacl_mask_to_mode(g & ~ignore) << 3 |
		      richacl_mask_to_mode(e & ~ignore)))) {
			if (!bad++) {
				printf("# %s, model says %d, got %d (%o)\n",
				       S_ISDIR(type) ? "dir" : "file", want,
				       ret, mode & 0777);
				diag_acl("equiv_mode", acl);
			}
		}
		equivalent += want;
		richacl_free(acl);
	}
	is_int(bad, 0, "equiv_mode agrees with the permission check, "
	       "6000 acls");
	ok(equivalent > 600 && equivalent < 5400,
	   "a mix of equivalent acls (%d)", equivalent);
}

/*
 * inherit_inode: the new inode's acl never grants more than its mode says,
 * its mode says its masks, and the mode is within the create mode.
 */
static void test_inherit_inode(void)
{
	static const char *const whos[] = {
		"owner@", "group@", "everyone@", "u:101", "g:201"
	};
	static const char *const flags[] = {
		"", "f", "d", "fd", "fi", "di", "fdi", "fn", "dn", "fdn"
	};
	int bad = 0, with_acl = 0, n;

	for (n = 0; n < 3000; n++) {
		struct richacl *dir_acl = random_acl(whos, 5, flags, 10);
		mode_t create = (next_rand() % 2 ? S_IFDIR : S_IFREG) |
				next_rand() % 01000;
		mode_t umask = next_rand() % 2 ? 022 : 077;
		mode_t mode = create;
		unsigned int want[3], p;
		struct richacl *acl;

		if (next_rand() % 2)
			dir_acl->a_flags = RICHACL_AUTO_INHERIT;
		acl = richacl_inherit_inode(dir_acl, &mode, umask);
		if ((mode & ~0777) != (create & ~0777) ||
		    (mode & ~create & 0777)) {
			if (!bad++)
				printf("# mode %06o from %06o\n", mode,
				       create);
		}
		if (!acl) {
			richacl_free(dir_acl);
			continue;
		}
		with_acl++;
		want[0] = richacl_mode_to_mask(mode >> 6);
		want[1] = richacl_mode_to_mask(mode >> 3);
		want[2] = richacl_mode_to_mask(mode);
		if ((mode & 0777) != richacl_masks_to_mode(acl) && !bad++)
			diag_acl("mode is not the masks", acl);
		for (p = 0; p < NR_PROCS; p++) {
			const struct richacl_cred *cred = &procs[p].cred;
			int c = file_class(acl, OWNER_UID, cred);
			unsigned int got = access_of(acl, cred);
			unsigned int mode_perms = RICHACE_POSIX_MODE_READ |
				RICHACE_POSIX_MODE_WRITE |
				RICHACE_POSIX_MODE_EXEC;

			if ((got & mode_perms & ~want[c]) && !bad++) {
				printf("# mode %06o, uid %u: got %x\n", mode,
				       cred->uid, got);
				diag_acl("inherited", acl);
			}
		}
		richacl_free(acl);
		richacl_free(dir_acl);
	}
	is_int(bad, 0, "inherit_inode stays within the create mode, "
	       "3000 acls");
	ok(with_acl > 300, "some of them got an acl (%d)", with_acl);
}

int main(void)
{
	make_procs();
	test_max_masks(0);
	test_max_masks(1);
	/* Long acls: several entries per identifier, grouped by sorting. */
	max_entries = 16;
	test_max_masks(0);
	test_max_masks(1);
	max_entries = 6;
	test_from_mode();
	test_chmod();
	test_equiv_mode();
	test_inherit_inode();
	return tap_done();
}
