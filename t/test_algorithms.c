// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the mode and inheritance algorithms: mode mapping, maximum
 * masks, chmod, equiv_mode, from_mode, inherit, inherit_inode,
 * auto_inherit and modify.  Acls are written in the text form; results are
 * compared in the unaligned full text form with masks.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sys/richacl.h"
#include "tap.h"

#define SHOW (RICHACL_TEXT_FULL | RICHACL_TEXT_SHOW_MASKS | \
	      RICHACL_TEXT_UNALIGNED | RICHACL_TEXT_NUMERIC_IDS)

#define R RICHACE_READ_DATA
#define W RICHACE_WRITE_DATA
#define P RICHACE_APPEND_DATA
#define X RICHACE_EXECUTE
#define D RICHACE_DELETE_CHILD

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

static char *show(const struct richacl *acl)
{
	char *text = richacl_to_text(acl, SHOW);

	if (!text) {
		printf("Bail out! richacl_to_text: %s\n", strerror(errno));
		exit(1);
	}
	return text;
}

/* @got prints as the acl @want (text form) does. */
__attribute__((format(printf, 3, 4)))
static void is_acl(const struct richacl *got, const char *want,
		   const char *fmt, ...)
{
	struct richacl *want_acl = parse(want);
	char *got_text = got ? show(got) : NULL;
	char *want_text = show(want_acl);
	char name[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(name, sizeof(name), fmt, ap);
	va_end(ap);
	is_str(got_text, want_text, "%s", name);
	free(got_text);
	free(want_text);
	richacl_free(want_acl);
}

/* ---- richacl_mode.c ---- */

static void test_mode_mapping(void)
{
	struct richacl *acl = richacl_alloc(0);

	is_int(richacl_mode_to_mask(07), R | W | P | D | X, "rwx: rwpdx");
	is_int(richacl_mode_to_mask(04), R, "r: read_data");
	is_int(richacl_mode_to_mask(02), W | P | D, "w: write, append, "
	       "delete_child");
	is_int(richacl_mode_to_mask(01), X, "x: execute");
	is_int(richacl_mode_to_mask(0750), 0, "only the low three bits");
	is_int(richacl_mask_to_mode(W), 02, "write_data alone is w");
	is_int(richacl_mask_to_mode(P), 02, "append_data alone is w");
	is_int(richacl_mask_to_mode(D), 02, "delete_child alone is w");
	is_int(richacl_mask_to_mode(R | X | RICHACE_DELETE), 05,
	       "other permissions have no mode bit");
	acl->a_owner_mask = R | W | P;
	acl->a_group_mask = R | X;
	acl->a_other_mask = RICHACE_READ_ACL;
	is_int(richacl_masks_to_mode(acl), 0650, "masks to mode");
	richacl_free(acl);
}

/* ---- richacl_from_mode.c ---- */

static void check_from_mode(mode_t mode, const char *want)
{
	struct richacl *acl = richacl_from_mode(mode);

	is_acl(acl, want, "from_mode %s %04o",
	       S_ISDIR(mode) ? "dir" : "file", mode & 07777);
	richacl_free(acl);
}

static void test_from_mode(void)
{
	check_from_mode(S_IFREG | 0755,
		"owner:rwpx::mask group:rx::mask other:rx::mask "
		"owner@:rwpx::allow everyone@:rx::allow");
	check_from_mode(S_IFREG | 0640,
		"owner:rwp::mask group:r::mask other:::mask "
		"owner@:rwp::allow group@:r::allow");
	check_from_mode(S_IFREG | 0604,
		"owner:rwp::mask group:::mask other:r::mask "
		"owner@:rwp::allow group@:r::deny everyone@:r::allow");
	check_from_mode(S_IFREG | 0777,
		"owner:rwpx::mask group:rwpx::mask other:rwpx::mask "
		"everyone@:rwpx::allow");
	check_from_mode(S_IFREG | 0000,
		"owner:::mask group:::mask other:::mask");
	check_from_mode(S_IFDIR | 0755,
		"owner:rwpxd::mask group:rx::mask other:rx::mask "
		"owner@:rwpxd::allow everyone@:rx::allow");
	/* The owner@ deny comes before the group@ allow the owner may hit. */
	check_from_mode(S_IFREG | 0470,
		"owner:r::mask group:rwpx::mask other:::mask "
		"owner@:wpx::deny owner@:r::allow group@:rwpx::allow");
	check_from_mode(S_IFREG | 0407,
		"owner:r::mask group:::mask other:rwpx::mask "
		"owner@:wpx::deny owner@:r::allow group@:rwpx::deny "
		"everyone@:rwpx::allow");
	check_from_mode(S_IFREG | 0557,
		"owner:rx::mask group:rx::mask other:rwpx::mask "
		"owner@:wp::deny group@:wp::deny everyone@:rwpx::allow");
	check_from_mode(S_IFREG | 04750,
		"owner:rwpx::mask group:rx::mask other:::mask "
		"owner@:rwpx::allow group@:rx::allow");
}

/*
 * For all 512 modes of files and directories: from_mode is equivalent to
 * the mode, its masks are the maximum masks, and chmod gives the mode.
 */
static void test_all_modes(void)
{
	int bad_equiv = 0, bad_masks = 0, bad_chmod = 0, bad_type = 0;
	mode_t type[] = { S_IFREG, S_IFDIR };
	unsigned int t, m;

	for (t = 0; t < 2; t++) {
		for (m = 0; m < 01000; m++) {
			mode_t mode = type[t] | m, equiv = type[t] | S_ISVTX;
			struct richacl *acl = richacl_from_mode(mode);
			struct richacl *max = richacl_clone(acl);

			if (richacl_equiv_mode(acl, &equiv) ||
			    (equiv & 0777) != m) {
				if (!bad_equiv++)
					printf("# equiv_mode %06o: %06o\n",
					       mode, equiv);
			}
			if ((equiv & ~0777) != (type[t] | S_ISVTX))
				bad_type++;
			richacl_compute_max_masks(max);
			if (!richacl_equal(acl, max) ||
			    richacl_masks_to_mode(max) != m) {
				if (!bad_masks++)
					printf("# max masks %06o\n", mode);
			}
			richacl_chmod(max, mode);
			if (richacl_masks_to_mode(max) != m ||
			    max->a_flags != (RICHACL_MASKED |
					     RICHACL_WRITE_THROUGH)) {
				if (!bad_chmod++)
					printf("# chmod %06o\n", mode);
			}
			equiv = type[t];
			if (richacl_equiv_mode(max, &equiv) ||
			    (equiv & 0777) != m) {
				if (!bad_chmod++)
					printf("# equiv after chmod %06o\n",
					       mode);
			}
			richacl_free(acl);
			richacl_free(max);
		}
	}
	is_int(bad_equiv, 0, "equiv_mode(from_mode(m)) == m, 1024 modes");
	is_int(bad_type, 0, "equiv_mode keeps the other bits of the mode");
	is_int(bad_masks, 0, "max masks of from_mode(m) are m, 1024 modes");
	is_int(bad_chmod, 0, "chmod(m) gives masks m, equivalent to m");
}

/* ---- richacl_equiv_mode.c ---- */

static void check_equiv(const char *text, mode_t type, int want)
{
	struct richacl *acl = parse(text);
	mode_t mode = type | 0777;
	int ret = richacl_equiv_mode(acl, &mode);

	if (want < 0)
		ok(ret == -1 && mode == (type | 0777),
		   "not equivalent (%s): %s", S_ISDIR(type) ? "dir" : "file",
		   text);
	else
		ok(ret == 0 && mode == (type | want),
		   "equivalent to %04o (%s): %s", want,
		   S_ISDIR(type) ? "dir" : "file", text);
	if (ret == 0 && mode != (type | want))
		printf("# got %06o\n", mode);
	richacl_free(acl);
}

static void test_equiv_mode(void)
{
	check_equiv("", S_IFREG, 0);
	check_equiv("flags:a", S_IFREG, -1);
	check_equiv("flags:p everyone@:r::allow", S_IFREG, -1);
	check_equiv("u:5:r::allow", S_IFREG, -1);
	check_equiv("g:5:r::allow", S_IFREG, -1);
	check_equiv("owner@:r:f:allow", S_IFDIR, -1);
	check_equiv("owner@:r:a:allow", S_IFREG, -1);
	check_equiv("owner@:w::allow", S_IFREG, -1);
	check_equiv("owner@:wp::allow", S_IFREG, 0200);
	check_equiv("owner@:wp::allow", S_IFDIR, -1);
	check_equiv("owner@:wpd::allow", S_IFDIR, 0200);
	check_equiv("owner@:rwpd::allow", S_IFREG, 0600);
	check_equiv("owner@:rD::allow", S_IFREG, -1);
	check_equiv("owner@:rACo::allow", S_IFREG, 0400);
	check_equiv("everyone@:rC::allow", S_IFREG, -1);
	check_equiv("everyone@:racS::allow", S_IFREG, 0444);
	/* group@ entries the owner also hits. */
	check_equiv("owner@:r::allow group@:rwp::allow", S_IFREG, -1);
	check_equiv("group@:rwp::allow owner@:rwp::allow", S_IFREG, 0660);
	check_equiv("group@:r::deny owner@:r::allow everyone@:r::allow",
		    S_IFREG, -1);
	check_equiv("owner@:r::allow group@:r::deny everyone@:r::allow",
		    S_IFREG, 0404);
	check_equiv("owner@:r::deny everyone@:r::allow", S_IFREG, 0044);
	check_equiv("everyone@:r::allow owner@:w::allow", S_IFREG, -1);
	check_equiv("everyone@:r::allow owner@:wp::allow", S_IFREG, 0644);
	/* Masked: the masks limit; write-through: owner and other = mask. */
	check_equiv("flags:m owner:r::mask group:r::mask other:::mask "
		    "owner@:rwp::allow group@:rwp::allow", S_IFREG, 0440);
	check_equiv("flags:m owner:rwp::mask group:::mask other:r::mask "
		    "owner@:r::allow everyone@:rwp::allow", S_IFREG, 0604);
	check_equiv("flags:m owner:rwp::mask group:::mask other:r::mask "
		    "owner@:wp::deny everyone@:rwp::allow", S_IFREG, 0404);
	check_equiv("flags:mw owner:rwp::mask group:::mask other:r::mask "
		    "owner@:x::allow", S_IFREG, 0604);
	check_equiv("flags:mw owner:rwpD::mask group:::mask other:::mask",
		    S_IFREG, -1);
	check_equiv("flags:w owner:rwp::mask owner@:r::allow", S_IFREG, 0400);
	/* Masked group@ entries do not reach the owner beyond the mask. */
	check_equiv("flags:m owner:rwp::mask group:r::mask other:::mask "
		    "owner@:r::allow group@:rwp::allow", S_IFREG, 0440);
}

/* ---- richacl_chmod.c ---- */

static void test_chmod(void)
{
	struct richacl *acl = parse("flags:a u:5:rwpxD::allow "
				    "everyone@:r::allow");
	mode_t mode;

	/* An automatically inherited acl becomes protected (2015). */
	richacl_chmod(acl, S_IFREG | 0750);
	is_acl(acl, "flags:mwap owner:rwpx::mask group:rx::mask other:::mask "
	       "u:5:rwpxD::allow everyone@:r::allow",
	       "chmod sets masks and flags, keeps entries");
	richacl_chmod(acl, S_IFDIR | 0275);
	is_acl(acl, "flags:mwap owner:wpd::mask group:rwpxd::mask "
	       "other:rx::mask u:5:rwpxD::allow everyone@:r::allow",
	       "chmod of a directory sets delete_child");
	richacl_free(acl);
	acl = parse("u:5:rwpxD::allow");
	richacl_chmod(acl, S_IFREG | 0750);
	is_acl(acl, "flags:mw owner:rwpx::mask group:rx::mask other:::mask "
	       "u:5:rwpxD::allow",
	       "chmod does not protect an acl without auto_inherit");
	richacl_free(acl);

	/*
	 * The example of the 2015 article: owner@ r and everyone@ rw, then
	 * mode 0640.  Write-through gives the owner its mask (rwp), so the
	 * owner keeps write, and the result says exactly mode 0640.
	 */
	acl = parse("owner@:r::allow everyone@:rwp::allow");
	richacl_chmod(acl, S_IFREG | 0640);
	is_acl(acl, "flags:mw owner:rwp::mask group:r::mask other:::mask "
	       "owner@:r::allow everyone@:rwp::allow",
	       "chmod 0640 of the article's example");
	mode = S_IFREG;
	ok(richacl_equiv_mode(acl, &mode) == 0 && mode == (S_IFREG | 0640),
	   "... which is equivalent to mode 0640");
	richacl_free(acl);
}

/* ---- richacl_max_masks.c ---- */

static void check_max_masks(const char *text, const char *want)
{
	struct richacl *acl = parse(text);

	richacl_compute_max_masks(acl);
	is_acl(acl, want, "max masks: %s", text);
	richacl_free(acl);
}

static void test_max_masks(void)
{
	check_max_masks("", "owner:::mask group:::mask other:::mask");
	check_max_masks("flags:mwa owner:rwpx::mask everyone@:r::allow",
		"flags:a owner:r::mask group:r::mask other:r::mask "
		"everyone@:r::allow");
	/* A group@ deny before everyone@ keeps it from the group. */
	check_max_masks("group@:w::deny everyone@:rw::allow",
		"owner:rw::mask group:r::mask other:rw::mask "
		"group@:w::deny everyone@:rw::allow");
	/* ... but not after it. */
	check_max_masks("everyone@:w::allow group@:w::deny",
		"owner:w::mask group:w::mask other:w::mask "
		"everyone@:w::allow group@:w::deny");
	/* A deny of another user does not hide an earlier allow. */
	check_max_masks("u:5:w::allow u:6:w::deny",
		"owner:w::mask group:w::mask other:::mask "
		"u:5:w::allow u:6:w::deny");
	/* Nor a later everyone@ allow for the rest of the group class. */
	check_max_masks("u:5:w::deny everyone@:rw::allow",
		"owner:rw::mask group:rw::mask other:rw::mask "
		"u:5:w::deny everyone@:rw::allow");
	/* A user entry raises the owner mask: the owner may be that user. */
	check_max_masks("u:5:x::allow",
		"owner:x::mask group:x::mask other:::mask u:5:x::allow");
	check_max_masks("g:5:x::allow",
		"owner:x::mask group:x::mask other:::mask g:5:x::allow");
	check_max_masks("owner@:x::deny u:5:x::allow",
		"owner:::mask group:x::mask other:::mask "
		"owner@:x::deny u:5:x::allow");
	/* The process of user 5 hits both entries of user 5. */
	check_max_masks("u:5:r::deny u:5:rw::allow",
		"owner:w::mask group:w::mask other:::mask "
		"u:5:r::deny u:5:rw::allow");
	/* Inherit-only entries grant nothing here. */
	check_max_masks("everyone@:r:fi:allow owner@:w:fd:allow",
		"owner:w::mask group:::mask other:::mask "
		"everyone@:r:fi:allow owner@:w:fd:allow");
	/* The examples of richacl_propagate_everyone() in the seeds. */
	check_max_masks("u:5:r::allow everyone@:rwpx::allow",
		"owner:rwpx::mask group:rwpx::mask other:rwpx::mask "
		"u:5:r::allow everyone@:rwpx::allow");
	check_max_masks("u:5:wp::deny everyone@:rwpx::allow",
		"owner:rwpx::mask group:rwpx::mask other:rwpx::mask "
		"u:5:wp::deny everyone@:rwpx::allow");
	/* The owner may be in the owning group. */
	check_max_masks("owner@:r::allow group@:rw::allow",
		"owner:rw::mask group:rw::mask other:::mask "
		"owner@:r::allow group@:rw::allow");
	check_max_masks("owner@:r::deny everyone@:r::allow",
		"owner:::mask group:r::mask other:r::mask "
		"owner@:r::deny everyone@:r::allow");
	/* Unmapped identifiers are identifiers of the group class. */
	check_max_masks("u:alice@EXAMPLE.COM:r:u:allow",
		"owner:r::mask group:r::mask other:::mask "
		"u:alice@EXAMPLE.COM:r:u:allow");
}

/*
 * Against a brute-force model: random acls over a few identifiers, and all
 * processes over those identifiers.  Each mask must be exactly the union of
 * what the processes of its class are granted.
 */
struct process {
	int owner, uid, in_group, groups;	/* groups: bit n = group n */
};

static unsigned int rand_state = 12345;

static unsigned int next_rand(void)
{
	rand_state = rand_state * 1103515245 + 12345;
	return (rand_state >> 16) & 0x7fff;
}

static int model_matches(const struct richace *ace, const struct process *p)
{
	if (richace_is_owner(ace))
		return p->owner;
	if (richace_is_group(ace))
		return p->in_group;
	if (richace_is_everyone(ace))
		return 1;
	if (richace_is_unix_group(ace))
		return !!(p->groups & (1 << ace->e_id));
	return p->uid == (int)ace->e_id;
}

static unsigned int model_granted(const struct richacl *acl,
				  const struct process *p, int *named)
{
	unsigned int allowed = 0, denied = 0;
	const struct richace *ace;

	*named = p->in_group;
	richacl_for_each_entry(ace, acl) {
		if (richace_is_inherit_only(ace) || !model_matches(ace, p))
			continue;
		if (!richace_is_owner(ace) && !richace_is_everyone(ace))
			*named = 1;
		if (richace_is_allow(ace))
			allowed |= ace->e_mask & ~denied;
		else
			denied |= ace->e_mask & ~allowed;
	}
	return allowed;
}

static struct richacl *random_acl(void)
{
	static const char *const whos[] = {
		"owner@", "group@", "everyone@", "u:1", "u:2", "g:1", "g:2"
	};
	static const char *const perms[] = { "r", "w", "x", "rw", "wx", "rwx" };
	char text[1024] = "";
	int n, count = next_rand() % 7;

	for (n = 0; n < count; n++) {
		char ace[64];

		snprintf(ace, sizeof(ace), "%s:%s:%s:%s ",
			 whos[next_rand() % 7], perms[next_rand() % 6],
			 next_rand() % 8 ? "" : "fi",
			 next_rand() % 2 ? "allow" : "deny");
		strcat(text, ace);
	}
	return parse(text);
}

static void test_max_masks_model(void)
{
	int bad = 0, n;

	for (n = 0; n < 2000; n++) {
		struct richacl *acl = random_acl();
		unsigned int mask[3] = { 0, 0, 0 };
		struct process p;

		for (p.owner = 0; p.owner < 2; p.owner++)
		for (p.uid = 0; p.uid < 3; p.uid++)
		for (p.in_group = 0; p.in_group < 2; p.in_group++)
		for (p.groups = 0; p.groups < 8; p.groups += 2) {
			int named;
			unsigned int got = model_granted(acl, &p, &named);

			mask[p.owner ? 0 : named ? 1 : 2] |= got;
		}
		richacl_compute_max_masks(acl);
		if (acl->a_owner_mask != mask[0] ||
		    acl->a_group_mask != mask[1] ||
		    acl->a_other_mask != mask[2]) {
			if (!bad++) {
				char *text = show(acl);

				printf("# model %x %x %x for:\n%s", mask[0],
				       mask[1], mask[2], text);
				free(text);
			}
		}
		richacl_free(acl);
	}
	is_int(bad, 0, "max masks match the brute-force model, 2000 acls");
}

/*
 * equiv_mode against the model: for random acls of owner@, group@ and
 * everyone@ entries, equivalent exactly when each kind of process is
 * granted what the mode bits say.
 */
static void test_equiv_mode_model(void)
{
	static const struct process procs[4] = {
		{ 1, 0, 0, 0 }, { 1, 0, 1, 0 }, { 0, 0, 1, 0 }, { 0, 0, 0, 0 }
	};
	static const char *const whos[] = { "owner@", "group@", "everyone@" };
	static const char *const perms[] = { "r", "wp", "x", "w", "rwpx", "C" };
	int bad = 0, bad_masks = 0, equivalent = 0, n, i;

	for (n = 0; n < 3000; n++) {
		char text[512] = "";
		int count = next_rand() % 5, want = 1, named;
		unsigned int got[4];
		struct richacl *acl;
		mode_t mode = S_IFREG;

		for (i = 0; i < count; i++) {
			char ace[64];

			snprintf(ace, sizeof(ace), "%s:%s::%s ",
				 whos[next_rand() % 3], perms[next_rand() % 6],
				 next_rand() % 2 ? "allow" : "deny");
			strcat(text, ace);
		}
		acl = parse(text);
		for (i = 0; i < 4; i++)
			got[i] = model_granted(acl, &procs[i], &named);
		/* C is always the owner's; w must come with p. */
		got[0] &= ~RICHACE_WRITE_ACL;
		got[1] &= ~RICHACE_WRITE_ACL;
		if (got[0] != got[1])
			want = 0;
		for (i = 0; i < 4; i++) {
			unsigned int m = got[i];

			if ((m & (W | P)) && (m & (W | P)) != (W | P))
				want = 0;
			if (m & RICHACE_WRITE_ACL)
				want = 0;
		}
		if (richacl_equiv_mode(acl, &mode) != (want ? 0 : -1) ||
		    (want && (mode & 0777) !=
		     (richacl_mask_to_mode(got[0]) << 6 |
		      richacl_mask_to_mode(got[2]) << 3 |
		      richacl_mask_to_mode(got[3])))) {
			if (!bad++)
				printf("# equiv_mode wrong (model %d): %s\n",
				       want, text);
		}
		if (want) {
			/* The max masks of an equivalent acl: its mode. */
			richacl_compute_max_masks(acl);
			if (richacl_masks_to_mode(acl) != (mode & 0777) &&
			    !bad_masks++)
				printf("# max masks not %o: %s\n",
				       mode & 0777, text);
		}
		equivalent += want;
		richacl_free(acl);
	}
	is_int(bad, 0, "equiv_mode matches the model, 3000 acls");
	is_int(bad_masks, 0, "max masks of equivalent acls give the mode");
	ok(equivalent > 300 && equivalent < 2700,
	   "the model acls are a mix (%d equivalent)", equivalent);
}

/* ---- richacl_inherit.c ---- */

static void check_inherit(const char *dir_text, int isdir, const char *want)
{
	struct richacl *dir_acl = parse(dir_text);
	struct richacl *acl;

	errno = EBADF;
	acl = richacl_inherit(dir_acl, isdir);
	if (want) {
		is_acl(acl, want, "inherit (%s) from %s",
		       isdir ? "dir" : "file", dir_text);
	} else {
		ok(!acl && errno == 0, "inherit (%s) nothing from %s",
		   isdir ? "dir" : "file", dir_text);
	}
	richacl_free(acl);
	richacl_free(dir_acl);
}

static void test_inherit(void)
{
	/* One entry of each combination of f, d, n, i. */
	const char *dir = "u:1:r:f:allow u:2:r:d:allow u:3:r:fd:allow "
			  "u:4:r:fn:allow u:5:r:dn:allow u:6:r:fdn:allow "
			  "u:7:r:fi:allow u:8:r:di:allow u:9:r:fdni:allow "
			  "u:10:r:n:allow u:11:r:i:allow u:12:r::allow";

	check_inherit(dir, 0,
		"owner:r::mask group:r::mask other:::mask "
		"u:1:r::allow u:3:r::allow u:4:r::allow u:6:r::allow "
		"u:7:r::allow u:9:r::allow");
	check_inherit(dir, 1,
		"owner:r::mask group:r::mask other:::mask "
		"u:1:r:fi:allow u:2:r:d:allow u:3:r:fd:allow "
		"u:5:r::allow u:6:r::allow u:7:r:fi:allow u:8:r:d:allow "
		"u:9:r::allow");
	check_inherit("owner@:rwp::allow u:1:r:i:allow", 0, NULL);
	check_inherit("owner@:rwp::allow u:1:r:fi:allow", 1,
		"owner:::mask group:::mask other:::mask u:1:r:fi:allow");
	check_inherit("flags:a owner@:rwp:fd:allow everyone@:r:f:allow", 1,
		"flags:a owner:rwp::mask group:::mask other:::mask "
		"owner@:rwp:fda:allow everyone@:r:fia:allow");
	check_inherit("flags:a owner@:rwp:fd:allow everyone@:r:f:allow", 0,
		"flags:a owner:rwp::mask group:r::mask other:r::mask "
		"owner@:rwp:a:allow everyone@:r:a:allow");
	/* Without auto_inherit, the inherited flag is not passed on. */
	check_inherit("flags:p owner@:rwp:fa:allow g:3:w:fd:deny", 0,
		"owner:rwp::mask group:::mask other:::mask "
		"owner@:rwp::allow g:3:w::deny");
	check_inherit("u:bob@NFS:rx:fdu:allow", 1,
		"owner:rx::mask group:rx::mask other:::mask "
		"u:bob@NFS:rx:fdu:allow");
	/*
	 * delete_child means nothing on a file: a file does not inherit it
	 * (a directory does), so the masks do not show it either.
	 */
	check_inherit("owner@:rwpxd:fd:allow u:1:rd:fd:allow", 0,
		"owner:rwpx::mask group:r::mask other:::mask "
		"owner@:rwpx::allow u:1:r::allow");
	check_inherit("owner@:rwpxd:fd:allow u:1:rd:fd:allow", 1,
		"owner:rwpxd::mask group:rd::mask other:::mask "
		"owner@:rwpxd:fd:allow u:1:rd:fd:allow");
}

static void check_inherit_inode(const char *dir_text, mode_t mode,
				mode_t umask, mode_t want_mode,
				const char *want)
{
	struct richacl *dir_acl = parse(dir_text);
	struct richacl *acl;
	mode_t got = mode;

	errno = EBADF;
	acl = richacl_inherit_inode(dir_acl, &got, umask);
	is_int(got, want_mode, "inherit_inode %06o umask %03o from %s: mode",
	       mode, umask, dir_text);
	if (want)
		is_acl(acl, want, "inherit_inode %06o umask %03o: acl",
		       mode, umask);
	else
		ok(!acl && errno == 0, "inherit_inode %06o umask %03o: no acl",
		   mode, umask);
	richacl_free(acl);
	richacl_free(dir_acl);
}

static void test_inherit_inode(void)
{
	/* Nothing inherited: the umask applies. */
	check_inherit_inode("owner@:rwpx::allow", S_IFREG | 0666, 022,
			    S_IFREG | 0644, NULL);
	check_inherit_inode("owner@:rwpx:d:allow", S_IFREG | 0666, 027,
			    S_IFREG | 0640, NULL);
	/* Equivalent to a mode: no acl, mode limited, umask ignored. */
	check_inherit_inode("owner@:rwp:f:allow everyone@:r:f:allow",
			    S_IFREG | 0666, 077, S_IFREG | 0644, NULL);
	check_inherit_inode("owner@:rwp:f:allow everyone@:r:f:allow",
			    S_IFREG | 0600, 022, S_IFREG | 0600, NULL);
	check_inherit_inode("owner@:rwpxd:dn:allow group@:rx:dn:allow",
			    S_IFDIR | 04777, 022, S_IFDIR | 04750, NULL);
	/* A directory keeps entries it passes on: never equivalent. */
	check_inherit_inode("owner@:rwpxd:fd:allow group@:rx:fd:allow",
			    S_IFDIR | 04777, 022, S_IFDIR | 04750,
			    "flags:m owner:rwpxd::mask group:rx::mask "
			    "other:::mask owner@:rwpxd:fd:allow "
			    "group@:rx:fd:allow");
	/* An acl: masked, masks limited by the create mode. */
	check_inherit_inode("u:5:rwp:f:allow everyone@:r:f:allow",
			    S_IFREG | 0666, 077, S_IFREG | 0664,
			    "flags:m owner:rwp::mask group:rwp::mask "
			    "other:r::mask u:5:rwp::allow everyone@:r::allow");
	check_inherit_inode("u:5:rwp:f:allow everyone@:r:f:allow",
			    S_IFREG | 0640, 0, S_IFREG | 0640,
			    "flags:m owner:rwp::mask group:r::mask "
			    "other:::mask u:5:rwp::allow everyone@:r::allow");
	check_inherit_inode("flags:a owner@:rwpxd:fd:allow",
			    S_IFDIR | 0755, 022, S_IFDIR | 0700,
			    "flags:ma owner:rwpxd::mask group:::mask "
			    "other:::mask owner@:rwpxd:fda:allow");
	/* No delete_child on files: the group class cannot write. */
	check_inherit_inode("owner@:rwpxd:fd:allow u:1:rd:fd:allow",
			    S_IFREG | 0666, 022, S_IFREG | 0640,
			    "flags:m owner:rwp::mask group:r::mask "
			    "other:::mask owner@:rwpx::allow u:1:r::allow");
	/*
	 * Auto-inherit keeps an acl even when the entries say a mode; the
	 * create mode narrows it (no r for group and other): protected.
	 */
	check_inherit_inode("flags:a everyone@:r:f:allow",
			    S_IFREG | 0600, 0, S_IFREG | 0400,
			    "flags:map owner:r::mask group:::mask "
			    "other:::mask everyone@:r:a:allow");
	/* Issue 15: mkdir -m 700 under an auto-inheriting directory. */
	check_inherit_inode("flags:a owner@:rwpx:fd:allow u:5:rwpx:fd:allow",
			    S_IFDIR | 0700, 022, S_IFDIR | 0700,
			    "flags:map owner:rwpx::mask group:::mask "
			    "other:::mask owner@:rwpx:fda:allow "
			    "u:5:rwpx:fda:allow");
	/* A create mode that takes nothing away does not protect. */
	check_inherit_inode("flags:a owner@:rwpx:fd:allow u:5:rwpx:fd:allow",
			    S_IFDIR | 0777, 022, S_IFDIR | 0770,
			    "flags:ma owner:rwpx::mask group:rwpx::mask "
			    "other:::mask owner@:rwpx:fda:allow "
			    "u:5:rwpx:fda:allow");
}

/* ---- richacl_auto_inherit.c ---- */

static void check_auto_inherit(const char *text, const char *dir_text,
			       int isdir, int want_ret, const char *want)
{
	struct richacl *acl = parse(text);
	struct richacl *dir_acl = parse(dir_text);
	int ret = richacl_auto_inherit(acl, dir_acl, isdir);

	is_int(ret, want_ret, "auto_inherit %s <- %s: returns %d",
	       text, dir_text, want_ret);
	is_acl(acl, want ? want : text, "auto_inherit %s: acl", text);
	richacl_free(acl);
	richacl_free(dir_acl);
}

static void test_auto_inherit(void)
{
	const char *dir = "flags:a owner@:rwp:fd:allow g:3:r:f:allow";

	/* Not taking part. */
	check_auto_inherit("u:1:r::allow u:2:w:a:allow", dir, 0, 0, NULL);
	check_auto_inherit("flags:ap u:1:r::allow u:2:w:a:allow", dir, 0, 0,
			   NULL);
	/* Inherited entries replaced, masks recomputed. */
	check_auto_inherit("flags:a owner:r::mask u:1:r::allow u:2:w:a:allow",
			   dir, 0, 1,
			   "flags:a owner:rwp::mask group:r::mask "
			   "other:::mask u:1:r::allow owner@:rwp:a:allow "
			   "g:3:r:a:allow");
	check_auto_inherit("flags:a owner:rwp::mask group:r::mask "
			   "other:::mask u:1:r::allow owner@:rwp:a:allow "
			   "g:3:r:a:allow", dir, 0, 0, NULL);
	check_auto_inherit("flags:a u:1:r::allow", dir, 1, 1,
			   "flags:a owner:rwp::mask group:r::mask "
			   "other:::mask u:1:r::allow owner@:rwp:fda:allow "
			   "g:3:r:fia:allow");
	/* Nothing to inherit: the inherited entries go. */
	check_auto_inherit("flags:a u:1:r::allow u:2:w:a:allow",
			   "flags:a owner@:r::allow", 0, 1,
			   "flags:a owner:r::mask group:r::mask "
			   "other:::mask u:1:r::allow");
	/* Defaulted: replaced as a whole. */
	check_auto_inherit("flags:ad u:1:r::allow", dir, 0, 1,
			   "flags:a owner:rwp::mask group:r::mask "
			   "other:::mask owner@:rwp:a:allow g:3:r:a:allow");
	check_auto_inherit("flags:ad u:1:r::allow", "flags:a", 0, 1,
			   "flags:a owner:::mask group:::mask other:::mask");
}

/* ---- richacl_modify.c ---- */

static void check_modify(const char *text, const char *changes,
			 const char *want)
{
	struct richacl *acl = parse(text);
	struct richacl *change = parse(changes);

	is_int(richacl_modify(acl, change), 0, "modify %s with %s",
	       text, changes);
	is_acl(acl, want, "modify %s with %s: result", text, changes);
	richacl_free(acl);
	richacl_free(change);
}

static void test_modify(void)
{
	const char *acl = "u:1:r::deny u:2:r::deny u:3:r::allow "
			  "u:4:r::deny u:5:r:a:deny u:6:r:a:allow "
			  "u:7:r:a:deny";

	/* Replace the permissions and flags of a match. */
	check_modify(acl, "u:3:rwp:fd:allow",
		"u:1:r::deny u:2:r::deny u:3:rwp:fd:allow u:4:r::deny "
		"u:5:r:a:deny u:6:r:a:allow u:7:r:a:deny");
	/* Same who but other type or inherited flag: no match. */
	check_modify("u:3:r::allow", "u:3:w::deny",
		"u:3:w::deny u:3:r::allow");
	check_modify("u:3:r:a:allow", "u:3:w::allow",
		"u:3:w::allow u:3:r:a:allow");
	/* Insert positions. */
	check_modify(acl, "u:9:w::deny",
		"u:1:r::deny u:2:r::deny u:9:w::deny u:3:r::allow "
		"u:4:r::deny u:5:r:a:deny u:6:r:a:allow u:7:r:a:deny");
	check_modify(acl, "u:9:w::allow",
		"u:1:r::deny u:2:r::deny u:3:r::allow u:4:r::deny "
		"u:9:w::allow u:5:r:a:deny u:6:r:a:allow u:7:r:a:deny");
	check_modify(acl, "u:9:w:a:deny",
		"u:1:r::deny u:2:r::deny u:3:r::allow u:4:r::deny "
		"u:5:r:a:deny u:9:w:a:deny u:6:r:a:allow u:7:r:a:deny");
	check_modify(acl, "u:9:w:a:allow",
		"u:1:r::deny u:2:r::deny u:3:r::allow u:4:r::deny "
		"u:5:r:a:deny u:6:r:a:allow u:7:r:a:deny u:9:w:a:allow");
	check_modify("", "u:9:w::deny u:8:w::allow u:7:w:a:deny "
		     "u:6:w:a:allow",
		"u:9:w::deny u:8:w::allow u:7:w:a:deny u:6:w:a:allow");
	check_modify("u:6:w:a:allow", "u:9:w::deny u:7:w:a:deny",
		"u:9:w::deny u:7:w:a:deny u:6:w:a:allow");
	/* Empty permissions remove all matches, and add nothing. */
	check_modify("u:1:r::allow g:1:r::allow u:1:w::allow", "u:1:::allow",
		"g:1:r::allow");
	check_modify("u:1:r::allow", "u:2:::allow", "u:1:r::allow");
	/* Duplicates of the first match go away, no leftovers. */
	check_modify("u:1:r::allow g:1:r::allow u:1:w::allow u:1:x::allow",
		"u:1:rx::allow", "u:1:rx::allow g:1:r::allow");
	/* The changes apply in order; flags and masks stay. */
	check_modify("flags:a owner:r::mask owner@:r::allow",
		"flags:p owner:rwpx::mask owner@:w::allow owner@:x::allow",
		"flags:a owner:r::mask owner@:x::allow");
	/* Special and unmapped identifiers. */
	check_modify("group@:r::allow g:1:r::allow u:bob@NFS:r:u:allow",
		"g:1:w::allow group@:x::allow u:bob@NFS::u:allow",
		"group@:x::allow g:1:w::allow");
}

int main(void)
{
	test_mode_mapping();
	test_from_mode();
	test_all_modes();
	test_equiv_mode();
	test_chmod();
	test_max_masks();
	test_max_masks_model();
	test_equiv_mode_model();
	test_inherit();
	test_inherit_inode();
	test_auto_inherit();
	test_modify();
	return tap_done();
}
