// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the permission check (lib/richacl_access.c): the exact
 * permissions granted to each kind of process.
 *
 * The file is owned by uid 1, group 10.  Processes: the owner (uid 1),
 * joe (uid 2), a stranger (uid 3); groups 10 (owning), 20 and 30.
 */
#include <stdlib.h>

#include "sys/richacl.h"
#include "tap.h"
#include "acl_build.h"

#define OWNER	1
#define GROUP	10

/*
 * What @text grants a process (@uid, primary group @gid, supplementary
 * @groups, -1 terminated) when it asks for @requested (NULL: everything).
 */
static const char *granted(const char *text, uid_t uid, gid_t gid,
			   const gid_t *groups, const char *requested)
{
	struct richacl *acl = acl_build(text);
	struct richacl_cred cred = { .uid = uid, .gid = gid, .groups = groups };
	unsigned int want = requested ? perm_bits(requested) :
					RICHACE_VALID_MASK;
	unsigned int got;

	while (groups && groups[cred.ngroups] != (gid_t)-1)
		cred.ngroups++;
	got = richacl_access(acl, OWNER, GROUP, &cred, want);
	richacl_free(acl);
	return perm_string(got);
}

static const gid_t none[] = { (gid_t)-1 };
static const gid_t in_20[] = { 20, (gid_t)-1 };
static const gid_t in_10[] = { 10, (gid_t)-1 };
static const gid_t in_20_30[] = { 20, 30, (gid_t)-1 };

static void test_who_matches(void)
{
	const char *acl = "owner@:rw::allow u:2:x::allow group@:p::allow "
			  "g:20:D::allow everyone@:R::allow";

	is_str(granted(acl, OWNER, 99, none, NULL), "rwR",
	       "owner@ matches the owner");
	is_str(granted(acl, 2, 99, none, NULL), "xR",
	       "user entry matches its uid");
	is_str(granted(acl, 3, GROUP, none, NULL), "pR",
	       "group@ matches the primary group");
	is_str(granted(acl, 3, 99, in_10, NULL), "pR",
	       "group@ matches a supplementary group");
	is_str(granted(acl, 3, 20, none, NULL), "DR",
	       "group entry matches the primary group");
	is_str(granted(acl, 3, 99, in_20, NULL), "DR",
	       "group entry matches a supplementary group");
	is_str(granted(acl, 3, 99, none, NULL), "R",
	       "a stranger gets everyone@");
	is_str(granted(acl, OWNER, GROUP, in_20, NULL), "rwpDR",
	       "owner in both groups: all matching entries add up");
	is_str(granted(acl, 2, GROUP, in_20_30, "rwx"), "x",
	       "only requested permissions are granted");
	is_str(granted("u:2:r:u:allow", 0, 0, none, NULL), "",
	       "unmapped entries match nobody, not even uid 0");
}

static void test_order(void)
{
	const char *acl = "u:2:w::deny everyone@:rwx::allow";

	is_str(granted(acl, 2, 99, none, NULL), "rx", "deny before allow wins");
	is_str(granted(acl, 3, 99, none, NULL), "rwx",
	       "others are not affected by joe's deny");
	is_str(granted("everyone@:rwx::allow u:2:w::deny", 2, 99, none, NULL),
	       "rwx", "allow before deny wins");
	is_str(granted("everyone@:w::deny owner@:rw::allow", OWNER, 99, none,
		       NULL), "r",
	       "everyone@ is truly everyone: its deny binds the owner");
	is_str(granted("g:20:r::allow g:30:w::allow u:2:x::allow", 2, 20,
		       in_20_30, NULL), "rwx", "several entries add up");
	is_str(granted("g:20:r::deny g:30:rw::allow", 2, 20, in_20_30, NULL),
	       "w", "a deny of one group binds a member of both");
	is_str(granted("owner@:rw:fdi:allow owner@:r::allow", OWNER, 99,
		       none, NULL), "r", "inherit-only entries are skipped");
	is_str(granted("owner@:w:fdi:deny owner@:rw::allow", OWNER, 99,
		       none, NULL), "rw", "inherit-only denies are skipped");
	is_str(granted("owner@:r:fd:allow", OWNER, 99, none, NULL), "r",
	       "inheritable entries also apply to the file");
	is_str(granted("", OWNER, GROUP, none, NULL), "",
	       "an empty acl grants nothing");
}

static void test_masks(void)
{
	const char *acl = "flags:m owner:rx::mask group:r::mask other:x::mask "
			  "owner@:rwx::allow u:2:rwx::allow group@:rwx::allow "
			  "g:20:rwx::allow everyone@:rwx::allow";

	is_str(granted(acl, OWNER, 99, none, NULL), "rx",
	       "the owner mask limits the owner");
	is_str(granted(acl, 2, 99, none, NULL), "r",
	       "the group mask limits a named user");
	is_str(granted(acl, 3, GROUP, none, NULL), "r",
	       "the group mask limits the owning group");
	is_str(granted(acl, 3, 99, in_20, NULL), "r",
	       "the group mask limits a named group");
	is_str(granted(acl, 3, 99, none, NULL), "x",
	       "the other mask limits a stranger");
	is_str(granted("flags:m owner:rwx::mask group:rwx::mask other:::mask "
		       "everyone@:rwx::allow", 3, GROUP, none, NULL), "rwx",
	       "a member of the owning group is in the group class");
	is_str(granted("flags:m owner:rwx::mask group:rwx::mask other:::mask "
		       "g:30:::allow everyone@:rwx::allow", 3, 99, in_20_30,
		       NULL), "rwx",
	       "an empty matching entry puts the process in the group class");
	is_str(granted("flags:m owner:rwx::mask group:r::mask other:rwx::mask "
		       "g:20:rw::allow", OWNER, 99, in_20, NULL), "r",
	       "the group mask limits group entries that match the owner");
	is_str(granted("flags:m owner:rwx::mask group:r::mask other:rwx::mask "
		       "u:1:rw::allow", OWNER, 99, none, NULL), "rw",
	       "a user entry naming the owner is an owner entry");
	is_str(granted("flags:m owner:rwx::mask group:r::mask other:rwx::mask "
		       "g:20:rw::allow everyone@:wx::allow", 3, 99, in_20,
		       NULL), "r",
	       "masked group entries leave bits to later entries, then the "
	       "class mask applies");
	is_str(granted("flags:m owner:rwx::mask group:r::mask other:rwx::mask "
		       "g:20:w::deny everyone@:rwx::allow", OWNER, 99, in_20,
		       NULL), "rx", "the group mask does not shrink denies");
	is_str(granted("flags:m owner:rwx::mask group:rwx::mask "
		       "other:rwx::mask owner@:r:fdi:allow", OWNER, 99, none,
		       NULL), "",
	       "a masked acl grants no more than its entries");
}

static void test_write_through(void)
{
	const char *acl = "flags:mw owner:rx::mask group:r::mask other:x::mask "
			  "owner@:w::allow u:2:w::allow everyone@:w::deny";

	is_str(granted(acl, OWNER, 99, none, NULL), "rx",
	       "write_through: the owner gets the owner mask");
	is_str(granted(acl, 2, 99, none, NULL), "",
	       "write_through: the group class gets what entries grant");
	is_str(granted(acl, 3, 99, none, NULL), "x",
	       "write_through: the other class gets the other mask");
	is_str(granted(acl, 3, GROUP, none, NULL), "",
	       "write_through: the owning group is not the other class");
	is_str(granted("flags:w owner:rwx::mask group:r::mask other:x::mask "
		       "owner@:w::allow", OWNER, 99, none, NULL), "w",
	       "write_through without masked changes nothing");
	is_str(granted("flags:m owner:rx::mask group:r::mask other:x::mask "
		       "everyone@:rwx::allow", OWNER, 99, none, NULL), "rx",
	       "masked, not write_through: the owner gets entries & mask");
	is_str(granted("flags:m owner:rx::mask group:r::mask other:x::mask "
		       "owner@:r::allow", OWNER, 99, none, NULL), "r",
	       "masked, not write_through: no more than the entries");
	is_str(granted("flags:m owner:rx::mask group:r::mask other:x::mask",
		       3, 99, none, NULL), "",
	       "masked, not write_through: a stranger gets nothing");
}

int main(void)
{
	test_who_matches();
	test_order();
	test_masks();
	test_write_through();
	return tap_done();
}
