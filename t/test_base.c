// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests of the in-memory form (lib/richacl_base.c). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "sys/richacl.h"
#include "tap.h"

static void set_ace(struct richace *ace, unsigned short type,
		    unsigned short flags, unsigned int mask, unsigned int id)
{
	ace->e_type = type;
	ace->e_flags = flags;
	ace->e_mask = mask;
	ace->e_id = id;
}

static void test_insert_delete(void)
{
	struct richacl *acl = richacl_alloc(0);
	struct richace *ace;
	unsigned int n;

	ok(acl && acl->a_count == 0, "alloc(0) gives an empty acl");
	for (n = 0; n < 10; n++) {
		ace = richacl_insert_entry(acl, 0);
		set_ace(ace, 0, 0, 0, n);
	}
	is_int(acl->a_count, 10, "ten inserts at the front");
	is_int(acl->a_entries[0].e_id, 9, "last inserted is first");
	is_int(acl->a_entries[9].e_id, 0, "first inserted is last");
	ace = richacl_insert_entry(acl, 10);
	ok(ace == &acl->a_entries[10], "insert at the end");
	ok(!richacl_insert_entry(acl, 12) && errno == EINVAL,
	   "insert past the end is EINVAL");
	richacl_delete_entry(acl, 0);
	is_int(acl->a_entries[0].e_id, 8, "delete shifts entries down");
	is_int(acl->a_count, 10, "delete shrinks the count");
	richacl_free(acl);
}

/*
 * The entry loops over no entries and over three, both ways.  An empty
 * acl has an array all the same: the loops add a_count to a_entries, and
 * NULL + 0 is undefined (clang's UBSan reports it; found by fuzz/).
 */
static void test_loops(void)
{
	struct richacl *acl = richacl_alloc(0);
	struct richace *ace;
	unsigned int seen = 0, n;

	ok(acl && acl->a_entries != NULL, "alloc(0) has an entry array");
	richacl_for_each_entry(ace, acl)
		seen++;
	richacl_for_each_entry_reverse(ace, acl)
		seen++;
	is_int(seen, 0, "no entries, no passes");
	for (n = 0; n < 3; n++)
		set_ace(richacl_insert_entry(acl, n), 0, 0, 0, n);
	seen = 0;
	richacl_for_each_entry(ace, acl)
		seen = seen * 10 + ace->e_id + 1;
	is_int(seen, 123, "forward: entries 0, 1, 2");
	seen = 0;
	richacl_for_each_entry_reverse(ace, acl)
		seen = seen * 10 + ace->e_id + 1;
	is_int(seen, 321, "reverse: entries 2, 1, 0");
	richacl_free(acl);
}

static void test_limits(void)
{
	struct richacl *acl = richacl_alloc(RICHACL_MAX_ENTRIES);

	is_int(RICHACL_MAX_ENTRIES, 5460, "the format allows 5460 entries");
	ok(acl != NULL, "alloc(5460) succeeds");
	ok(!richacl_insert_entry(acl, 0) && errno == EINVAL,
	   "a 5461st entry is EINVAL");
	richacl_free(acl);
	errno = 0;
	ok(!richacl_alloc(RICHACL_MAX_ENTRIES + 1) && errno == EINVAL,
	   "alloc(5461) is EINVAL");
}

static void test_identity(void)
{
	struct richacl *acl = richacl_alloc(5), *dup;
	struct richace *e = acl->a_entries;

	set_ace(&e[0], 0, RICHACE_SPECIAL_WHO, 1, RICHACE_OWNER_SPECIAL_ID);
	set_ace(&e[1], 1, RICHACE_SPECIAL_WHO, 2, RICHACE_GROUP_SPECIAL_ID);
	set_ace(&e[2], 0, RICHACE_SPECIAL_WHO, 4, RICHACE_EVERYONE_SPECIAL_ID);
	set_ace(&e[3], 0, 0, 1, 1000);
	set_ace(&e[4], 0, RICHACE_IDENTIFIER_GROUP, 1, 1000);
	ok(richace_is_owner(&e[0]) && !richace_is_group(&e[0]), "owner@");
	ok(richace_is_group(&e[1]) && richace_is_deny(&e[1]), "group@ deny");
	ok(richace_is_everyone(&e[2]) && richace_is_allow(&e[2]), "everyone@");
	ok(richace_is_unix_user(&e[3]) && !richace_is_unix_group(&e[3]),
	   "user:1000");
	ok(richace_is_unix_group(&e[4]) && !richace_is_unix_user(&e[4]),
	   "group:1000");
	ok(!richace_is_same_identifier(&e[3], &e[4]),
	   "user 1000 and group 1000 differ");

	ok(richace_set_unmapped_who(&e[4], "staff@EXAMPLE.COM", 1) == 0,
	   "set an unmapped group");
	ok(!richace_is_unix_group(&e[4]), "an unmapped group is not a unix group");
	dup = richacl_clone(acl);
	ok(dup && richacl_equal(acl, dup), "a clone is equal");
	ok(dup->a_entries[4].e_who != e[4].e_who, "a clone owns its strings");
	richace_set_unmapped_who(&dup->a_entries[4], "staff@EXAMPLE.ORG", 1);
	ok(!richacl_equal(acl, dup), "unmapped names are compared");
	memcpy(dup->a_entries[4].e_who + 14, "COM", 3);
	ok(richacl_equal(acl, dup), "equal again when the names match");
	richacl_free(dup);
	richacl_free(acl);
}

int main(void)
{
	test_insert_delete();
	test_loops();
	test_limits();
	test_identity();
	return tap_done();
}
