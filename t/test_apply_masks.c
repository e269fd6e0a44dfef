// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of richacl_apply_masks(): exact results for worked examples,
 * first the two of the 2015 series (seeds 003), then one per step and the
 * corner cases.  The file is owned by uid 1; uid 2 plays "joe".
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sys/richacl.h"
#include "tap.h"

#define OWNER	1
#define SHOW	(RICHACL_TEXT_FULL | RICHACL_TEXT_UNALIGNED | \
		 RICHACL_TEXT_NUMERIC_IDS)

static struct richacl *parse(const char *text)
{
	char *error = NULL;
	struct richacl *acl = richacl_from_text(text, NULL, &error);

	if (!acl) {
		printf("# %s: %s\n", text, error ? error : strerror(errno));
		exit(1);
	}
	return acl;
}

/*
 * Apply the masks to @text, first chmod'ed to @mode unless @mode is -1,
 * and compare the result with @want (one entry a line).
 */
static void check(const char *text, int mode, const char *want,
		  const char *name)
{
	struct richacl *acl = parse(text);
	char *got = NULL;

	if (mode != -1)
		richacl_chmod(acl, S_IFREG | mode);
	if (!richacl_apply_masks(acl, OWNER))
		got = richacl_to_text(acl, SHOW);
	is_str(got, want, "%s", name);
	free(got);
	richacl_free(acl);
}

static void test_seed_examples(void)
{
	/*
	 * The seed's comment shows owner@ first; its steps put owner@'s
	 * entry where everyone@'s permissions are propagated to it, after
	 * joe's, and the 2015 tools print it there.
	 */
	check("user:2:r::allow everyone@:rwpx::allow", 0660,
	      "user:2:rwp::allow\n"
	      "owner@:rwp::allow\n"
	      "group@:rwp::allow\n",
	      "seed: joe:r, everyone@:rwpx at 0660");
	/*
	 * The seed shows "joe:w::deny"; without p joe would get p when he
	 * is in the owning group, which the masked acl does not grant.
	 */
	check("user:2:wp::deny everyone@:rwpx::allow", 0660,
	      "owner@:rwp::allow\n"
	      "user:2:wp::deny\n"
	      "group@:rwp::allow\n"
	      "user:2:r::allow\n",
	      "seed: joe:wp deny, everyone@:rwpx at 0660");
}

static void test_steps(void)
{
	/* The owner mask restricts x: otherwise nothing would change. */
	check("flags:m owner:r::mask group:rwx::mask other:rx::mask "
	      "everyone@:r::allow user:2:w::allow everyone@:w::deny "
	      "group@:x::deny everyone@:x::allow",
	      -1,
	      "owner@:wx::deny\n"
	      "user:2:rw::allow\n"
	      "group@:wx::deny\n"
	      "everyone@:rx::allow\n",
	      "move everyone@ down: one everyone@ allow at the end");
	check("flags:m owner:rwx::mask group:r::mask other:r::mask "
	      "everyone@:rwx::allow",
	      -1,
	      "owner@:rwx::allow\n"
	      "everyone@:r::allow\n",
	      "propagate everyone@ to owner@ (no write_through)");
	check("flags:m owner:rwx::mask group:r::mask other:r::mask "
	      "owner@:x::allow everyone@:rwx::allow",
	      -1,
	      "owner@:rwx::allow\n"
	      "everyone@:r::allow\n",
	      "propagate everyone@ into an existing owner@ allow");
	check("flags:m owner:rwx::mask group:r::mask other:r::mask "
	      "owner@:x::allow group@:w::deny everyone@:rwx::allow",
	      -1,
	      "owner@:x::allow\n"
	      "group@:w::deny\n"
	      "owner@:rw::allow\n"
	      "everyone@:r::allow\n",
	      "propagate everyone@ below a deny of the same permissions");
	check("user:2:rwx::allow everyone@:rwx::allow", 0646,
	      "user:2:r::allow\n"
	      "owner@:rwp::allow\n"
	      "group@:wp::deny\n"
	      "user:2:wp::deny\n"
	      "everyone@:rwp::allow\n",
	      "isolate the group class from everyone@ (0646)");
	check("everyone@:rwx::allow", 0466,
	      "owner@:wp::deny\n"
	      "group@:p::deny\n"
	      "everyone@:rwp::allow\n",
	      "isolate the owner class (0466)");
	check("owner@:x::deny group@:r::allow", 0604,
	      "owner@:rwp::allow\n"
	      "group@:r::deny\n"
	      "everyone@:r::allow\n",
	      "write_through: owner and other get their masks (0604)");
	check("group@:rwpx::allow", 0,
	      "",
	      "mode 0 leaves nothing");
	check("everyone@:rwpx::allow", 0777,
	      "everyone@:rwpx::allow\n",
	      "mode 0777 on everyone@: no owner@ entry needed");
	check("everyone@:rwpx::allow", 0757,
	      "owner@:rwpx::allow\n"
	      "group@:wp::deny\n"
	      "everyone@:rwpx::allow\n",
	      "mode 0757: owner@ must come before group@'s deny");
}

static void test_corner_cases(void)
{
	check("everyone@:rwx:fd:allow", 0640,
	      "owner@:rwp::allow\n"
	      "group@:r::allow\n"
	      "everyone@:rwx:fdi:allow\n",
	      "an inheritable entry keeps an inherit-only copy");
	check("owner@:w:fdi:deny user:2:rw::allow", 0640,
	      "owner@:rwp::allow\n"
	      "owner@:w:fdi:deny\n"
	      "user:2:r::allow\n",
	      "inherit-only entries stay as they are");
	check("flags:m owner:rw::mask group:r::mask other:::mask "
	      "user:1:rw::allow group@:rw::allow",
	      -1,
	      "user:1:rw::allow\n"
	      "group@:r::allow\n",
	      "a user entry naming the owner gets the owner mask");
	check("flags:m owner:rw::mask group:r::mask other:::mask "
	      "group:20:rw::allow",
	      -1,
	      "group:20:r::allow\n",
	      "group entries get the group mask even for the owner");
	/*
	 * joe's deny becomes empty in step 1 (everyone@ decided w first),
	 * but it still puts joe in the group class: joe must be isolated.
	 */
	check("flags:m owner:rwx::mask group:r::mask other:w::mask "
	      "everyone@:w::allow user:2:w::deny",
	      -1,
	      "owner@:w::allow\n"
	      "group@:w::deny\n"
	      "user:2:w::deny\n"
	      "everyone@:w::allow\n",
	      "an entry emptied on the way keeps joe in the group class");
	check("flags:m owner:rwxacS::mask group:ac::mask other:aS::mask "
	      "everyone@:rwxacS::allow",
	      -1,
	      "owner@:rwxacS::allow\n"
	      "group@:c::allow\n"
	      "group@:S::deny\n"
	      "everyone@:aS::allow\n",
	      "a, c and S are masked like any permission");
	check("flags:mwa owner:r::mask group:r::mask other:r::mask "
	      "owner@:r::allow",
	      -1,
	      "flags:a\n"
	      "owner@:r::allow\n"
	      "group@:r::deny\n"
	      "everyone@:r::allow\n",
	      "masked and write_through go, other flags stay");
	check("flags:w owner@:rw::allow everyone@:r::allow",
	      -1,
	      "flags:w\n"
	      "owner@:rw::allow\n"
	      "everyone@:r::allow\n",
	      "an acl without the masked flag is left alone");
}

/*
 * The acl of a mode, chmod'ed to that mode, comes back as it was: chmod
 * and applying the masks add nothing to the acls of plain modes.
 */
static void test_modes_are_fixed_points(void)
{
	unsigned int mode, bad = 0;
	int dir;

	for (dir = 0; dir < 2; dir++) {
		for (mode = 0; mode <= 0777; mode++) {
			mode_t type = dir ? S_IFDIR : S_IFREG;
			struct richacl *acl = richacl_from_mode(type | mode);
			char *want, *got = NULL;

			want = richacl_to_text(acl, SHOW);
			richacl_chmod(acl, type | mode);
			if (!richacl_apply_masks(acl, OWNER))
				got = richacl_to_text(acl, SHOW);
			if (!got || strcmp(got, want)) {
				if (bad++ < 3)
					printf("# %s %04o: %s -> %s\n",
					       dir ? "dir" : "file", mode,
					       want, got ? got : "(failed)");
			}
			free(want);
			free(got);
			richacl_free(acl);
		}
	}
	ok(!bad, "the acl of each mode, chmod'ed to it, applies to itself "
	   "(%u of 1024 differ)", bad);
}

/* Too many entries: EINVAL, and the acl stays as it was. */
static void test_too_large(void)
{
	struct richacl *acl = richacl_alloc(0), *copy;
	struct richace *ace;
	unsigned int n;
	int ret;

	ace = richacl_insert_entry(acl, 0);
	ace->e_type = RICHACE_ACCESS_ALLOWED_ACE_TYPE;
	ace->e_flags = RICHACE_SPECIAL_WHO;
	ace->e_id = RICHACE_EVERYONE_SPECIAL_ID;
	ace->e_mask = RICHACE_WRITE_DATA;
	/* Each inheritable entry below splits in two in step 1. */
	for (n = 0; n < 3000; n++) {
		ace = richacl_insert_entry(acl, acl->a_count);
		ace->e_type = RICHACE_ACCESS_ALLOWED_ACE_TYPE;
		ace->e_flags = RICHACE_FILE_INHERIT_ACE;
		ace->e_id = 100 + n;
		ace->e_mask = RICHACE_READ_DATA;
	}
	richacl_chmod(acl, S_IFREG | 0777);
	copy = richacl_clone(acl);
	errno = 0;
	ret = richacl_apply_masks(acl, OWNER);
	ok(ret == -1 && errno == EINVAL,
	   "a result beyond 5460 entries is EINVAL");
	ok(richacl_equal(acl, copy), "and leaves the acl unchanged");
	richacl_free(acl);
	richacl_free(copy);
}

/*
 * Masks that take nothing away from any process leave the entries as they
 * are; only the flags go and the masks become the max masks.
 */
static void test_masks_restricting_nothing(void)
{
	check("flags:m owner:rx::mask group:rx::mask other:rx::mask "
	      "everyone@:rx:fd:allow",
	      -1,
	      "everyone@:rx:fd:allow\n",
	      "an inherited directory acl is not split");
	check("flags:m owner:rwpx::mask group:rwpx::mask other:rwpx::mask "
	      "user:2:r::allow everyone@:r::allow",
	      -1,
	      "user:2:r::allow\n"
	      "everyone@:r::allow\n",
	      "masks wider than the entries change nothing");
	check("flags:mw owner:rwp::mask group:r::mask other:r::mask "
	      "owner@:rwp::allow group@:w::deny everyone@:r::allow",
	      -1,
	      "owner@:rwp::allow\n"
	      "group@:w::deny\n"
	      "everyone@:r::allow\n",
	      "write_through: the entries grant owner and other their masks");
	/* The owner in the owning group gets only rp from the entries. */
	check("flags:mw owner:rwp::mask group:r::mask other:r::mask "
	      "group@:w::deny owner@:rwp::allow everyone@:r::allow",
	      -1,
	      "owner@:rwp::allow\n"
	      "group@:w::deny\n"
	      "everyone@:r::allow\n",
	      "write_through: a group@ deny may take from the owner");
	/* The entries give the other class r; write_through grants rx. */
	check("flags:mw owner:rwp::mask group:r::mask other:rx::mask "
	      "owner@:rwp::allow everyone@:r::allow",
	      -1,
	      "owner@:x::deny\n"
	      "owner@:rwp::allow\n"
	      "group@:x::deny\n"
	      "everyone@:rx::allow\n",
	      "write_through: an other mask beyond the entries changes them");
	check("owner@:rwp::allow everyone@:r::allow", 0664,
	      "owner@:rwp::allow\n"
	      "everyone@:r::allow\n",
	      "chmod 0664 on a 0644 acl: the group class still gets r");
}

/*
 * Entries kept or narrowed in place keep their inherited flag; entries
 * created are not inherited.  The 2015 steps take every everyone@ entry
 * out and put one new entry at the end, so that everyone@ entry is not
 * inherited, as the 2015 tools print it.  A chmod protects an
 * automatically inherited acl.
 */
static void test_inherited_flag(void)
{
	check("flags:ma owner:rwp::mask group:r::mask other:r::mask "
	      "owner@:rwp:a:allow everyone@:r:a:allow",
	      -1,
	      "flags:a\n"
	      "owner@:rwp:a:allow\n"
	      "everyone@:r::allow\n",
	      "a new file's acl keeps its inherited owner@ entry");
	check("flags:ma owner:rwp::mask group:r::mask other:::mask "
	      "owner@:rwp:a:allow everyone@:r:a:allow",
	      -1,
	      "flags:a\n"
	      "owner@:rwp:a:allow\n"
	      "group@:r::allow\n",
	      "a created group@ entry is not inherited");
	check("flags:ma owner:rwp::mask group:rw::mask other:r::mask "
	      "owner@:rwp:a:allow everyone@:rw:a:allow",
	      -1,
	      "flags:a\n"
	      "owner@:rwp:a:allow\n"
	      "group@:rw::allow\n"
	      "everyone@:r::allow\n",
	      "everyone@ narrowed: group@ gets what everyone@ loses");
	check("flags:ma owner:rwpx::mask group:rx::mask other:rx::mask "
	      "owner@:rwpx:a:allow group@:rwx:a:allow everyone@:rx:fda:allow",
	      -1,
	      "flags:a\n"
	      "owner@:rwpx:a:allow\n"
	      "group@:rx:a:allow\n"
	      "everyone@:rx:fda:allow\n",
	      "a narrowed group@ entry stays inherited");
	check("flags:a owner@:rwp:a:allow everyone@:r:a:allow", 0640,
	      "flags:ap\n"
	      "owner@:rwp:a:allow\n"
	      "group@:r::allow\n",
	      "write_through keeps an owner@ entry in front (0640)");
	check("flags:a owner@:rwp:a:allow everyone@:r:a:allow", 0604,
	      "flags:ap\n"
	      "owner@:rwp:a:allow\n"
	      "group@:r::deny\n"
	      "everyone@:r::allow\n",
	      "write_through: a trailing everyone@ entry (0604)");
	check("flags:a owner@:rwp:a:allow everyone@:r:a:allow", 0605,
	      "flags:ap\n"
	      "owner@:x::deny\n"
	      "owner@:rwp:a:allow\n"
	      "group@:rx::deny\n"
	      "everyone@:rx::allow\n",
	      "an entry that gains permissions is no longer inherited");
}

int main(void)
{
	test_seed_examples();
	test_steps();
	test_corner_cases();
	test_masks_restricting_nothing();
	test_inherited_flag();
	test_modes_are_fixed_points();
	test_too_large();
	return tap_done();
}
