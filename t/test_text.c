// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests of the text form (lib/richacl_text_*.c), exact strings. */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "sys/richacl.h"
#include "tap.h"

/* Parse @text and check that it fails with exactly @message. */
static void parse_error(const char *text, const char *message)
{
	char *error = (char *)"unset";
	struct richacl *acl;

	errno = 0;
	acl = richacl_from_text(text, NULL, &error);
	ok(!acl && errno == EINVAL, "'%s' is rejected with EINVAL", text);
	is_str(error, message, "'%s': error message", text);
	if (acl)
		richacl_free(acl);
	else
		free(error);
}

/* Parse @text, which must be a single entry, into *@ace. */
static int parse_one(const char *text, struct richace *ace)
{
	char *error = NULL;
	struct richacl *acl = richacl_from_text(text, NULL, &error);
	int ret = 0;

	if (!acl) {
		printf("# '%s': %s\n", text, error ? error : strerror(errno));
		free(error);
		return 0;
	}
	if (acl->a_count == 1) {
		ret = 1;
		richace_copy(ace, &acl->a_entries[0]);
	}
	richacl_free(acl);
	return ret;
}

static void check_entry(const char *text, unsigned short type,
			unsigned short flags, unsigned int mask,
			unsigned int id)
{
	struct richace ace = { 0 };

	ok(parse_one(text, &ace) && ace.e_type == type &&
	   ace.e_flags == flags && ace.e_mask == mask && ace.e_id == id &&
	   !ace.e_who,
	   "parse '%s'", text);
	free(ace.e_who);
}

static const struct {
	unsigned int mask;
	const char *letter, *file_name, *dir_name;
} perms[] = {
	{ RICHACE_READ_DATA, "r", "read_data", "list_directory" },
	{ RICHACE_WRITE_DATA, "w", "write_data", "add_file" },
	{ RICHACE_APPEND_DATA, "p", "append_data", "add_subdirectory" },
	{ RICHACE_EXECUTE, "x", "execute", "execute" },
	{ RICHACE_DELETE_CHILD, "d", "delete_child", "delete_child" },
	{ RICHACE_DELETE, "D", "delete", "delete" },
	{ RICHACE_READ_ATTRIBUTES, "a", "read_attributes", "read_attributes" },
	{ RICHACE_WRITE_ATTRIBUTES, "A", "write_attributes",
	  "write_attributes" },
	{ RICHACE_READ_NAMED_ATTRS, "R", "read_named_attrs",
	  "read_named_attrs" },
	{ RICHACE_WRITE_NAMED_ATTRS, "W", "write_named_attrs",
	  "write_named_attrs" },
	{ RICHACE_READ_ACL, "c", "read_acl", "read_acl" },
	{ RICHACE_WRITE_ACL, "C", "write_acl", "write_acl" },
	{ RICHACE_WRITE_OWNER, "o", "write_owner", "write_owner" },
	{ RICHACE_SYNCHRONIZE, "S", "synchronize", "synchronize" },
	{ RICHACE_WRITE_RETENTION, "e", "write_retention", "write_retention" },
	{ RICHACE_WRITE_RETENTION_HOLD, "E", "write_retention_hold",
	  "write_retention_hold" },
};
#define NPERMS (sizeof(perms) / sizeof(perms[0]))

static const struct {
	unsigned int flag;
	const char *letter, *name;
} ace_flags[] = {
	{ RICHACE_FILE_INHERIT_ACE, "f", "file_inherit" },
	{ RICHACE_DIRECTORY_INHERIT_ACE, "d", "dir_inherit" },
	{ RICHACE_NO_PROPAGATE_INHERIT_ACE, "n", "no_propagate" },
	{ RICHACE_INHERIT_ONLY_ACE, "i", "inherit_only" },
	{ RICHACE_INHERITED_ACE, "a", "inherited" },
}, acl_flags[] = {
	{ RICHACL_MASKED, "m", "masked" },
	{ RICHACL_WRITE_THROUGH, "w", "write_through" },
	{ RICHACL_AUTO_INHERIT, "a", "auto_inherit" },
	{ RICHACL_PROTECTED, "p", "protected" },
	{ RICHACL_DEFAULTED, "d", "defaulted" },
};

static const unsigned short SPECIAL = RICHACE_SPECIAL_WHO;

static void test_parse_perms(void)
{
	char text[128];
	size_t n;

	for (n = 0; n < NPERMS; n++) {
		snprintf(text, sizeof(text), "everyone@:%s::allow",
			 perms[n].letter);
		check_entry(text, 0, SPECIAL, perms[n].mask, 2);
		snprintf(text, sizeof(text), "everyone@:%s::allow",
			 perms[n].file_name);
		check_entry(text, 0, SPECIAL, perms[n].mask, 2);
		if (strcmp(perms[n].file_name, perms[n].dir_name)) {
			snprintf(text, sizeof(text), "everyone@:%s::allow",
				 perms[n].dir_name);
			check_entry(text, 0, SPECIAL, perms[n].mask, 2);
		}
	}
	check_entry("owner@:rwpxdDaARWcCoSeE::allow", 0, SPECIAL,
		    RICHACE_VALID_MASK, 0);
	check_entry("owner@:r-p-----------::deny", 1, SPECIAL,
		    RICHACE_READ_DATA | RICHACE_APPEND_DATA, 0);
	check_entry("owner@:rw/execute/Ca/list_directory::allow", 0, SPECIAL,
		    RICHACE_READ_DATA | RICHACE_WRITE_DATA | RICHACE_EXECUTE |
		    RICHACE_WRITE_ACL | RICHACE_READ_ATTRIBUTES, 0);
	check_entry("owner@:add_file//append_data/::allow", 0, SPECIAL,
		    RICHACE_WRITE_DATA | RICHACE_APPEND_DATA, 0);
	check_entry("group@:::deny", 1, SPECIAL, 0, 1);
	check_entry("group@:---:---:deny", 1, SPECIAL, 0, 1);
}

static void test_parse_flags(void)
{
	char text[128];
	size_t n;

	for (n = 0; n < sizeof(ace_flags) / sizeof(ace_flags[0]); n++) {
		snprintf(text, sizeof(text), "owner@:r:%s:allow",
			 ace_flags[n].letter);
		check_entry(text, 0, SPECIAL | ace_flags[n].flag, 1, 0);
		snprintf(text, sizeof(text), "owner@:r:%s:allow",
			 ace_flags[n].name);
		check_entry(text, 0, SPECIAL | ace_flags[n].flag, 1, 0);
	}
	check_entry("owner@:r:fdnia:allow", 0, SPECIAL | 0x8f, 1, 0);
	check_entry("owner@:r:f/dir_inherit/ni/inherited:allow", 0,
		    SPECIAL | 0x8f, 1, 0);

	for (n = 0; n < sizeof(acl_flags) / sizeof(acl_flags[0]); n++) {
		unsigned int given = 0;
		struct richacl *acl;

		snprintf(text, sizeof(text), "flags:%s", acl_flags[n].letter);
		acl = richacl_from_text(text, &given, NULL);
		ok(acl && acl->a_flags == acl_flags[n].flag &&
		   acl->a_count == 0 && given == RICHACL_TEXT_FLAGS_GIVEN,
		   "parse '%s'", text);
		richacl_free(acl);
		snprintf(text, sizeof(text), "flags:%s", acl_flags[n].name);
		acl = richacl_from_text(text, &given, NULL);
		ok(acl && acl->a_flags == acl_flags[n].flag,
		   "parse '%s'", text);
		richacl_free(acl);
	}
}

static void test_parse_who(void)
{
	const unsigned short GROUP = RICHACE_IDENTIFIER_GROUP;
	struct richace ace = { 0 };

	check_entry("owner@:r::allow", 0, SPECIAL, 1, 0);
	check_entry("group@:r::allow", 0, SPECIAL, 1, 1);
	check_entry("everyone@:r::allow", 0, SPECIAL, 1, 2);
	check_entry("user:1000:r::allow", 0, 0, 1, 1000);
	check_entry("u:1000:r::allow", 0, 0, 1, 1000);
	check_entry("group:1000:r::allow", 0, GROUP, 1, 1000);
	check_entry("g:1000:r::allow", 0, GROUP, 1, 1000);
	check_entry("u:010:r::allow", 0, 0, 1, 10);
	check_entry("u:0:r::allow", 0, 0, 1, 0);
	check_entry("u:4294967294:r::allow", 0, 0, 1, 4294967294u);
	check_entry("user:root:r::allow", 0, 0, 1, 0);
	check_entry("user:nobody:r::allow", 0, 0, 1, 65534);
	check_entry("group:root:r::allow", 0, GROUP, 1, 0);
	check_entry("group:nogroup:r::allow", 0, GROUP, 1, 65534);
	check_entry("group:nogroup:r:fd:allow", 0, GROUP | 3, 1, 65534);

	ok(parse_one("user:alice@EXAMPLE.COM:r:u:allow", &ace) &&
	   ace.e_flags == RICHACE_UNMAPPED_WHO && ace.e_id == 0 &&
	   ace.e_who && !strcmp(ace.e_who, "alice@EXAMPLE.COM"),
	   "an unmapped user keeps its name");
	free(ace.e_who);
	ace.e_who = NULL;
	ok(parse_one("group:1000:r:unmapped/f:deny", &ace) &&
	   ace.e_flags == (RICHACE_UNMAPPED_WHO | GROUP | 1) &&
	   ace.e_type == 1 && ace.e_who && !strcmp(ace.e_who, "1000"),
	   "an unmapped numeric group stays a string");
	free(ace.e_who);
}

static void test_parse_items(void)
{
	unsigned int given = 0;
	struct richacl *acl;

	acl = richacl_from_text("", &given, NULL);
	ok(acl && acl->a_count == 0 && acl->a_flags == 0 && given == 0,
	   "an empty text is an empty acl");
	richacl_free(acl);
	acl = richacl_from_text(" ,\n\t, ", &given, NULL);
	ok(acl && acl->a_count == 0 && given == 0,
	   "separators alone are an empty acl");
	richacl_free(acl);

	acl = richacl_from_text(
		"\n flags:ma,owner:rwp::mask\tgroup:r::mask\n"
		"other:----::mask,, owner@:rwp::allow\n\n"
		"  group@:r::deny,everyone@:r::allow,\n", &given, NULL);
	ok(acl && acl->a_count == 3 &&
	   acl->a_flags == (RICHACL_MASKED | RICHACL_AUTO_INHERIT) &&
	   acl->a_owner_mask == 7 && acl->a_group_mask == 1 &&
	   acl->a_other_mask == 0 &&
	   given == (RICHACL_TEXT_FLAGS_GIVEN | RICHACL_TEXT_OWNER_MASK_GIVEN |
		     RICHACL_TEXT_GROUP_MASK_GIVEN |
		     RICHACL_TEXT_OTHER_MASK_GIVEN),
	   "flags, masks and entries with all separators");
	ok(acl && richace_is_owner(&acl->a_entries[0]) &&
	   richace_is_group(&acl->a_entries[1]) &&
	   richace_is_deny(&acl->a_entries[1]) &&
	   richace_is_everyone(&acl->a_entries[2]),
	   "entries keep their order");
	richacl_free(acl);

	acl = richacl_from_text("group:r::mask", &given, NULL);
	ok(acl && acl->a_count == 0 && acl->a_group_mask == 1 &&
	   given == RICHACL_TEXT_GROUP_MASK_GIVEN,
	   "group:PERMS::mask is the group mask");
	richacl_free(acl);
	acl = richacl_from_text("group:0:r::allow", &given, NULL);
	ok(acl && acl->a_count == 1 && given == 0,
	   "group:NAME:PERMS:FLAGS:TYPE is an entry");
	richacl_free(acl);
}

static void test_parse_errors(void)
{
	char *error = NULL;
	char text[64];
	struct richacl *acl;
	size_t size, n;
	char *big;

	parse_error("everyone@:rwz::allow",
		    "'everyone@:rwz::allow': invalid permission 'z'");
	parse_error("everyone@:rw/writedata::allow",
		    "'everyone@:rw/writedata::allow': "
		    "invalid permission 'writedata'");
	parse_error("everyone@:r:q:allow",
		    "'everyone@:r:q:allow': invalid flag 'q'");
	parse_error("everyone@:r:fdzq:allow",
		    "'everyone@:r:fdzq:allow': invalid flag 'fdzq'");
	parse_error("everyone@:r:u:allow",
		    "'everyone@:r:u:allow': invalid flag 'u'");
	parse_error("everyone@:r::permit",
		    "'everyone@:r::permit': invalid type 'permit'");
	parse_error("everyone@:r::mask",
		    "'everyone@:r::mask': invalid type 'mask'");
	parse_error("group:0:r::mask",
		    "'group:0:r::mask': invalid type 'mask'");
	parse_error("user:nosuchuser:r::allow",
		    "'user:nosuchuser:r::allow': unknown user 'nosuchuser'");
	parse_error("group:nosuchgroup:r::allow",
		    "'group:nosuchgroup:r::allow': "
		    "unknown group 'nosuchgroup'");
	parse_error("nobody@:r::allow",
		    "'nobody@:r::allow': invalid identifier 'nobody@'");
	parse_error("owner:r::allow",
		    "'owner:r::allow': invalid identifier 'owner'");
	parse_error("rwx", "'rwx': invalid identifier 'rwx'");
	parse_error("everyone@:r:allow",
		    "'everyone@:r:allow': missing fields");
	parse_error("group:r::deny", "'group:r::deny': missing fields");
	parse_error("flags", "'flags': missing fields");
	parse_error("owner@:r::allow:x",
		    "'owner@:r::allow:x': too many fields");
	parse_error("user:1:r::allow:x:y:z",
		    "'user:1:r::allow:x:y:z': too many fields");
	parse_error("flags:a:p", "'flags:a:p': too many fields");
	parse_error("flags:z", "'flags:z': invalid acl flag 'z'");
	parse_error("flags:auto", "'flags:auto': invalid acl flag 'auto'");
	parse_error("owner:r:f:mask", "'owner:r:f:mask': invalid flag 'f'");
	parse_error("user:99999999999:r::allow",
		    "'user:99999999999:r::allow': "
		    "invalid user id '99999999999'");
	parse_error("user:4294967295:r::allow",
		    "'user:4294967295:r::allow': "
		    "invalid user id '4294967295'");
	parse_error("group:4294967296:r::allow",
		    "'group:4294967296:r::allow': "
		    "invalid group id '4294967296'");
	parse_error("user::r::allow",
		    "'user::r::allow': invalid user id ''");
	parse_error("owner@:r::allow bad@:r::allow",
		    "'bad@:r::allow': invalid identifier 'bad@'");

	/* The 5461st entry does not fit the xattr format. */
	size = (RICHACL_MAX_ENTRIES + 1) * 16 + 1;
	big = malloc(size);
	for (n = 0; n < RICHACL_MAX_ENTRIES + 1; n++)
		memcpy(big + n * 16, "owner@:r::allow,", 16);
	big[size - 1] = '\0';
	big[size - 2] = '\0';	/* drop the last comma */
	acl = richacl_from_text(big, NULL, &error);
	ok(!acl && errno == EINVAL && error &&
	   !strcmp(error, "'owner@:r::allow': too many entries"),
	   "5461 entries are too many");
	free(error);
	richacl_free(acl);
	big[RICHACL_MAX_ENTRIES * 16 - 1] = '\0';
	acl = richacl_from_text(big, NULL, NULL);
	ok(acl && acl->a_count == RICHACL_MAX_ENTRIES,
	   "5460 entries are fine");
	richacl_free(acl);
	free(big);

	errno = 0;
	ok(!richacl_from_text(NULL, NULL, NULL) && errno == EINVAL,
	   "a NULL text is EINVAL");
	snprintf(text, sizeof(text), "foo");
	ok(!richacl_from_text(text, NULL, NULL) && errno == EINVAL,
	   "errors without a message pointer");
}

/* Parse @text, print it with @options and compare with @want. */
static void format(const char *text, unsigned int options, const char *want)
{
	struct richacl *acl = richacl_from_text(text, NULL, NULL);
	char *got = acl ? richacl_to_text(acl, options) : NULL;

	is_str(got, want, "print '%s' with options 0x%x", text, options);
	free(got);
	richacl_free(acl);
}

static void mask_text(unsigned int mask, unsigned int options,
		      const char *want)
{
	char *got = richacl_mask_to_text(mask, options);

	is_str(got, want, "mask 0x%x with options 0x%x", mask, options);
	free(got);
}

static void test_format_perms(void)
{
	const unsigned int LONG = RICHACL_TEXT_LONG, FULL = RICHACL_TEXT_FULL;
	const unsigned int DIR = RICHACL_TEXT_DIRECTORY;
	const unsigned int UNALIGNED = RICHACL_TEXT_UNALIGNED;
	const char *full = "rwpxdDaARWcCoSeE";
	char want[32], text[64];
	size_t n;

	for (n = 0; n < NPERMS; n++) {
		const char *letter = perms[n].letter;
		bool hidden = strchr("acS", letter[0]) != NULL;
		size_t i, col = 0;

		/* Aligned, full: the letter in its column. */
		for (i = 0; i < 16; i++)
			want[i] = full[i] == letter[0] ? letter[0] : '-';
		want[16] = '\0';
		mask_text(perms[n].mask, FULL, want);
		/* Aligned, default: 13 columns without a, c, S. */
		for (i = 0; i < 16; i++) {
			if (strchr("acS", full[i]))
				continue;
			want[col++] = full[i] == letter[0] ? letter[0] : '-';
		}
		want[col] = '\0';
		mask_text(perms[n].mask, 0, want);
		mask_text(perms[n].mask, UNALIGNED, hidden ? "" : letter);
		mask_text(perms[n].mask, UNALIGNED | FULL, letter);
		mask_text(perms[n].mask, LONG,
			  hidden ? "" : perms[n].file_name);
		mask_text(perms[n].mask, LONG | FULL, perms[n].file_name);
		mask_text(perms[n].mask, LONG | FULL | DIR, perms[n].dir_name);

		/* And through a whole entry. */
		snprintf(text, sizeof(text), "everyone@:%s::allow",
			 perms[n].file_name);
		snprintf(want, sizeof(want), "everyone@:%s::allow\n", letter);
		format(text, UNALIGNED | FULL, want);
	}
	mask_text(0, 0, "-------------");
	mask_text(0, FULL, "----------------");
	mask_text(0, UNALIGNED, "");
	mask_text(0, LONG, "");
	mask_text(RICHACE_VALID_MASK, 0, "rwpxdDARWCoeE");
	mask_text(RICHACE_VALID_MASK, FULL, full);
	mask_text(RICHACE_VALID_MASK | 0x80000000, UNALIGNED | FULL, full);
	mask_text(RICHACE_READ_DATA | RICHACE_WRITE_DATA | RICHACE_EXECUTE |
		  RICHACE_SYNCHRONIZE, LONG,
		  "read_data/write_data/execute");
	mask_text(RICHACE_READ_DATA | RICHACE_WRITE_DATA | RICHACE_APPEND_DATA |
		  RICHACE_SYNCHRONIZE, LONG | DIR | FULL,
		  "list_directory/add_file/add_subdirectory/synchronize");
}

static void test_format_flags(void)
{
	const unsigned int LONG = RICHACL_TEXT_LONG;
	const unsigned int UNALIGNED = RICHACL_TEXT_UNALIGNED;
	char text[64], want[64];
	size_t n;

	for (n = 0; n < sizeof(ace_flags) / sizeof(ace_flags[0]); n++) {
		snprintf(text, sizeof(text), "owner@:r:%s:allow",
			 ace_flags[n].name);
		snprintf(want, sizeof(want), "owner@:r:%s:allow\n",
			 ace_flags[n].letter);
		format(text, UNALIGNED, want);
		snprintf(text, sizeof(text), "owner@:r:%s:allow",
			 ace_flags[n].letter);
		snprintf(want, sizeof(want), "owner@:read_data:%s:allow\n",
			 ace_flags[n].name);
		format(text, UNALIGNED | LONG, want);
	}
	for (n = 0; n < sizeof(acl_flags) / sizeof(acl_flags[0]); n++) {
		snprintf(text, sizeof(text), "flags:%s", acl_flags[n].name);
		snprintf(want, sizeof(want), "flags:%s\n",
			 acl_flags[n].letter);
		format(text, UNALIGNED, want);
		snprintf(text, sizeof(text), "flags:%s", acl_flags[n].letter);
		snprintf(want, sizeof(want), "flags:%s\n", acl_flags[n].name);
		format(text, UNALIGNED | LONG, want);
	}
	/* Print order: f d n i a u, and m w a p d. */
	format("u:0:r:ainfd:allow", UNALIGNED | RICHACL_TEXT_NUMERIC_IDS,
	       "user:0:r:fdnia:allow\n");
	format("user:joe@EXAMPLE.COM:r:uainfd:allow", 0,
	       " user:joe@EXAMPLE.COM:r------------:fdniau:allow\n");
	format("u:x:r:u/inherited/inherit_only/n/fd:allow", LONG,
	       " user:x:read_data:file_inherit/dir_inherit/no_propagate/"
	       "inherit_only/inherited/unmapped:allow\n");
	format("flags:dpawm", UNALIGNED, "flags:mwapd\n");
	format("flags:dpawm", LONG,
	       " flags:masked/write_through/auto_inherit/protected/"
	       "defaulted\n");
	format("flags:a owner@:rwp:fd:allow", 0,
	       "  flags:a\n owner@:rwp----------:fd:allow\n");
}

static void test_format_layout(void)
{
	const unsigned int LONG = RICHACL_TEXT_LONG, FULL = RICHACL_TEXT_FULL;
	const unsigned int MASKS = RICHACL_TEXT_SHOW_MASKS;
	const unsigned int UNALIGNED = RICHACL_TEXT_UNALIGNED;
	const unsigned int NUMERIC = RICHACL_TEXT_NUMERIC_IDS;
	const unsigned int DIR = RICHACL_TEXT_DIRECTORY;
	struct richacl *acl = richacl_alloc(3);
	char *got;

	/* The spec's example: mode 0604 with --raw. */
	acl->a_owner_mask = RICHACE_POSIX_MODE_READ | RICHACE_WRITE_DATA |
			    RICHACE_APPEND_DATA;
	acl->a_other_mask = RICHACE_READ_DATA;
	acl->a_entries[0] = (struct richace){ 0, RICHACE_SPECIAL_WHO, 7, 0, 0 };
	acl->a_entries[1] = (struct richace){ 1, RICHACE_SPECIAL_WHO, 1, 1, 0 };
	acl->a_entries[2] = (struct richace){ 0, RICHACE_SPECIAL_WHO, 1, 2, 0 };
	got = richacl_to_text(acl, MASKS | FULL);
	is_str(got,
	       "     owner:rwp-------------::mask\n"
	       "     group:----------------::mask\n"
	       "     other:r---------------::mask\n"
	       "    owner@:rwp-------------::allow\n"
	       "    group@:r---------------::deny\n"
	       " everyone@:r---------------::allow\n",
	       "mode 0604 with masks, full");
	free(got);
	richacl_free(acl);

	format("owner@:rwpx::allow everyone@:rx::allow", 0,
	       "    owner@:rwpx---------::allow\n"
	       " everyone@:r--x---------::allow\n");
	format("owner@:rwp::allow group@:r::allow", 0,
	       " owner@:rwp----------::allow\n"
	       " group@:r------------::allow\n");
	format("owner@:rwp::allow group@:r::allow", UNALIGNED,
	       "owner@:rwp::allow\ngroup@:r::allow\n");
	format("owner@:::allow", UNALIGNED, "owner@:::allow\n");
	format("owner@:::allow", LONG, " owner@:::allow\n");
	format("owner@:rwpaS:fd:allow", UNALIGNED | LONG,
	       "owner@:read_data/write_data/append_data:"
	       "file_inherit/dir_inherit:allow\n");
	format("owner@:rwpaS:fd:allow", UNALIGNED | LONG | FULL | DIR,
	       "owner@:list_directory/add_file/add_subdirectory/"
	       "read_attributes/synchronize:file_inherit/dir_inherit:allow\n");
	format("owner@:rwpx::allow", MASKS,
	       "  owner:-------------::mask\n"
	       "  group:-------------::mask\n"
	       "  other:-------------::mask\n"
	       " owner@:rwpx---------::allow\n");
	format("owner:rwp::mask other:r::mask flags:m", MASKS | UNALIGNED,
	       "flags:m\nowner:rwp::mask\ngroup:::mask\nother:r::mask\n");
	format("owner:rwp::mask other:r::mask flags:m", MASKS | LONG,
	       " flags:masked\n"
	       " owner:read_data/write_data/append_data::mask\n"
	       " group:::mask\n"
	       " other:read_data::mask\n");
	format("flags:a", 0, " flags:a\n");
	format("", 0, "");
	format("", MASKS | UNALIGNED, "owner:::mask\ngroup:::mask\n"
	       "other:::mask\n");

	/* Names, numbers and unmapped identifiers. */
	format("user:0:r::allow group:0:r::deny u:65534:r::allow "
	       "g:65534:r::allow", UNALIGNED,
	       "user:root:r::allow\ngroup:root:r::deny\n"
	       "user:nobody:r::allow\ngroup:nogroup:r::allow\n");
	format("user:root:r::allow group:nogroup:r::deny", NUMERIC,
	       "      user:0:r------------::allow\n"
	       " group:65534:r------------::deny\n");
	format("user:4294967294:r::allow", 0,
	       " user:4294967294:r------------::allow\n");
	format("user:4294967294:r::allow", NUMERIC | UNALIGNED,
	       "user:4294967294:r::allow\n");
	format("group:1000:r:u:allow user:bob@EXAMPLE.ORG:w:fu:deny", 0,
	       "           group:1000:r------------:u:allow\n"
	       " user:bob@EXAMPLE.ORG:-w-----------:fu:deny\n");
}

int main(void)
{
	test_parse_perms();
	test_parse_flags();
	test_parse_who();
	test_parse_items();
	test_parse_errors();
	test_format_perms();
	test_format_flags();
	test_format_layout();
	return tap_done();
}
