// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * richacl_from_mode() against the 2015 rule, for all 512 modes of files and
 * of directories: its entries, masks and flags, and the text getrichacl
 * prints for it with each combination of its display options.  The
 * expectation comes from t/from_mode_rule.h, which works it out from the
 * mode without librichacl; its own examples are checked first.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sys/richacl.h"
#include "tap.h"
#include "from_mode_rule.h"

#define TEXT_SIZE 4096
#define SHOW_BAD 3	/* mismatches a test shows in full */

static const mode_t types[] = { S_IFREG, S_IFDIR };

static const char *type_name(mode_t type)
{
	return S_ISDIR(type) ? "directories" : "files";
}

/* The expected text, or a bail-out: the buffer is far too large to fill. */
static void expect(char *buf, mode_t mode, unsigned int options)
{
	if (rule_text(buf, TEXT_SIZE, mode, options)) {
		printf("Bail out! expected text of %06o too long\n", mode);
		exit(1);
	}
}

/* @text as TAP diagnostics, each line behind "# ". */
static void diag_lines(const char *what, const char *text)
{
	const char *end;

	printf("#   %s:\n", what);
	for (; *text; text = end + 1) {
		end = strchr(text, '\n');
		if (!end)
			end = text + strlen(text);
		printf("#     %.*s\n", (int)(end - text), text);
		if (!*end)
			break;
	}
}

/* The rule itself, on the examples of spec/formats.md and the 2015 tools. */
static void test_rule_examples(void)
{
	char buf[TEXT_SIZE];
	unsigned int m, wider = 0;

	expect(buf, S_IFREG | 0755, 0);
	is_str(buf, "    owner@:rwpx---------::allow\n"
		    " everyone@:r--x---------::allow\n",
	       "rule: a file of mode 0755 (formats.md)");
	expect(buf, S_IFREG | 0640, 0);
	is_str(buf, " owner@:rwp----------::allow\n"
		    " group@:r------------::allow\n",
	       "rule: mode 0640 (formats.md)");
	expect(buf, S_IFREG | 0604, RULE_RAW);
	is_str(buf, "     owner:rwp-------------::mask\n"
		    "     group:----------------::mask\n"
		    "     other:r---------------::mask\n"
		    "    owner@:rwp-------------::allow\n"
		    "    group@:r---------------::deny\n"
		    " everyone@:r---------------::allow\n",
	       "rule: --raw, mode 0604 (formats.md)");
	expect(buf, S_IFREG | 0031, 0);
	is_str(buf, "    owner@:-wpx---------::deny\n"
		    "    group@:-wpx---------::allow\n"
		    " everyone@:---x---------::allow\n",
	       "rule: mode 0031, the whole group class in group@ (2015)");
	expect(buf, S_IFDIR | 0750, RULE_LONG);
	is_str(buf, " owner@:list_directory/add_file/add_subdirectory/"
		    "execute/delete_child::allow\n"
		    " group@:list_directory/execute::allow\n",
	       "rule: --long, a directory of mode 0750");
	expect(buf, S_IFDIR | 0775, RULE_UNALIGNED | RULE_FULL);
	is_str(buf, "owner@:rwpxd::allow\ngroup@:rwpxd::allow\n"
		    "everyone@:rx::allow\n",
	       "rule: --unaligned --full, a directory of mode 0775");
	expect(buf, S_IFREG | 0000, 0);
	is_str(buf, "", "rule: mode 0000 has no entries");
	expect(buf, S_IFREG | 0000, RULE_RAW | RULE_UNALIGNED);
	is_str(buf, "owner:::mask\ngroup:::mask\nother:::mask\n",
	       "rule: --raw --unaligned, mode 0000");

	/*
	 * Where the group@ allow entry carries permissions that everyone@
	 * grants too (it exists, g & ~e, and overlaps, g & e): the modes in
	 * which the whole group class differs from the group class less the
	 * other class.
	 */
	for (m = 0; m < 01000; m++) {
		unsigned int g = (m >> 3) & 7, e = m & 7;

		if ((g & ~e) && (g & e))
			wider++;
	}
	is_int(wider, 144, "rule: 144 modes have group@ wider than g & ~e");
}

/* Why @acl is not the acl of @mode by the rule; NULL when it is. */
static const char *acl_mismatch(const struct richacl *acl, mode_t mode)
{
	struct rule_line lines[RULE_MAX_LINES];
	int isdir = S_ISDIR(mode), count = rule_lines(mode, 1, lines), n;

	if (acl->a_flags)
		return "acl flags";
	if (acl->a_owner_mask != rule_mask(lines[0].bits, isdir) ||
	    acl->a_group_mask != rule_mask(lines[1].bits, isdir) ||
	    acl->a_other_mask != rule_mask(lines[2].bits, isdir))
		return "masks";
	if (acl->a_count != (unsigned int)(count - 3))
		return "number of entries";
	for (n = 3; n < count; n++) {
		const struct richace *ace = &acl->a_entries[n - 3];
		const char *who = lines[n].who;
		unsigned int id = !strcmp(who, "owner@") ?
				  RICHACE_OWNER_SPECIAL_ID :
				  !strcmp(who, "group@") ?
				  RICHACE_GROUP_SPECIAL_ID :
				  RICHACE_EVERYONE_SPECIAL_ID;
		unsigned short type = !strcmp(lines[n].type, "deny") ?
				      RICHACE_ACCESS_DENIED_ACE_TYPE :
				      RICHACE_ACCESS_ALLOWED_ACE_TYPE;

		if (ace->e_flags != RICHACE_SPECIAL_WHO || ace->e_id != id)
			return "who or entry flags";
		if (ace->e_type != type)
			return "entry type";
		if (ace->e_mask != rule_mask(lines[n].bits, isdir))
			return "entry permissions";
	}
	return NULL;
}

static struct richacl *from_mode(mode_t mode)
{
	struct richacl *acl = richacl_from_mode(mode);

	if (!acl) {
		printf("Bail out! richacl_from_mode(%06o): %s\n", mode,
		       strerror(errno));
		exit(1);
	}
	return acl;
}

/* Entries, masks and flags, bit for bit, for every mode of @type. */
static void test_acls(mode_t type)
{
	unsigned int m, bad = 0;

	for (m = 0; m < 01000; m++) {
		struct richacl *acl = from_mode(type | m);
		const char *why = acl_mismatch(acl, type | m);

		if (why && bad++ < SHOW_BAD) {
			char *text = richacl_to_text(acl, RICHACL_TEXT_FULL |
						     RICHACL_TEXT_SHOW_MASKS |
						     RICHACL_TEXT_UNALIGNED);

			printf("# mode %04o: %s differ; got:\n", m, why);
			diag_lines("richacl_from_mode", text ? text : "?");
			free(text);
		}
		richacl_free(acl);
	}
	is_int(bad, 0, "from_mode: the 2015 entries, masks and flags, "
	       "512 %s", type_name(type));
}

/* The option names of @options, for test names. */
static const char *option_names(unsigned int options)
{
	static char buf[80];
	size_t n;

	*buf = 0;
	for (n = 0; n < RULE_NOPTIONS; n++)
		if (options & rule_options[n].option)
			strcat(strcat(buf, " "), rule_options[n].name);
	return *buf ? buf + 1 : "no options";
}

/* The text options getrichacl passes for @options. */
static unsigned int text_options(unsigned int options, mode_t mode)
{
	unsigned int text = S_ISDIR(mode) ? RICHACL_TEXT_DIRECTORY : 0;

	if (options & RULE_LONG)
		text |= RICHACL_TEXT_LONG;
	if (options & RULE_FULL)
		text |= RICHACL_TEXT_FULL;
	if (options & RULE_RAW)
		text |= RICHACL_TEXT_FULL | RICHACL_TEXT_SHOW_MASKS;
	if (options & RULE_UNALIGNED)
		text |= RICHACL_TEXT_UNALIGNED;
	if (options & RULE_NUMERIC_IDS)
		text |= RICHACL_TEXT_NUMERIC_IDS;
	return text;
}

/*
 * What getrichacl shows for a file of @mode without an acl: the acl of the
 * mode, with the masks applied unless --raw.
 */
static char *shown(mode_t mode, unsigned int options)
{
	struct richacl *acl = from_mode(mode);
	char *text = NULL;

	if ((options & RULE_RAW) || !richacl_apply_masks(acl, 0))
		text = richacl_to_text(acl, text_options(options, mode));
	if (!text) {
		printf("Bail out! text of %06o: %s\n", mode, strerror(errno));
		exit(1);
	}
	richacl_free(acl);
	return text;
}

/* The text for every mode of @type, with @options. */
static void test_text(mode_t type, unsigned int options)
{
	char want[TEXT_SIZE];
	unsigned int m, bad = 0;

	for (m = 0; m < 01000; m++) {
		char *got = shown(type | m, options);

		expect(want, type | m, options);
		if (strcmp(got, want) && bad++ < SHOW_BAD) {
			printf("# mode %04o:\n", m);
			diag_lines("got", got);
			diag_lines("expected", want);
		}
		free(got);
	}
	is_int(bad, 0, "getrichacl %s: 512 %s as in 2015",
	       option_names(options), type_name(type));
}

int main(void)
{
	unsigned int t, options;

	test_rule_examples();
	for (t = 0; t < sizeof(types) / sizeof(types[0]); t++) {
		test_acls(types[t]);
		for (options = 0; options <= RULE_ALL_OPTIONS; options++)
			test_text(types[t], options);
	}
	return tap_done();
}
