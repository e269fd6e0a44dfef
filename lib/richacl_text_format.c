// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Print the text form of an acl (richacl_to_text(), richacl_mask_to_text()).
 *
 * One line per item: a "flags:" line when the acl has flags, the three
 * mask lines with RICHACL_TEXT_SHOW_MASKS, then the entries as
 * WHO:PERMS:FLAGS:TYPE.  Unless RICHACL_TEXT_UNALIGNED, the who column is
 * right-justified to one more than the longest who string, and the short
 * form of PERMS has one column per permission ('-' when not set).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sys/richacl.h"
#include "richacl_text.h"

/* Whether permission @perm shows with @options. */
static bool perm_shown(const struct text_perm *perm, unsigned int options)
{
	return !perm->always || (options & RICHACL_TEXT_FULL);
}

static void print_perms(FILE *f, unsigned int mask, unsigned int options)
{
	const char *sep = "";
	size_t n;

	for (n = 0; n < text_nperms; n++) {
		const struct text_perm *perm = &text_perms[n];
		bool set = mask & perm->mask;

		if (!perm_shown(perm, options))
			continue;
		if (options & RICHACL_TEXT_LONG) {
			if (!set)
				continue;
			fputs(sep, f);
			fputs(options & RICHACL_TEXT_DIRECTORY ?
			      perm->dir_name : perm->file_name, f);
			sep = "/";
		} else if (set) {
			putc(perm->letter, f);
		} else if (!(options & RICHACL_TEXT_UNALIGNED)) {
			putc('-', f);
		}
	}
}

/* ACE flags and ACL flags: letters, or '/'-joined long names; unpadded. */
static void print_flags(FILE *f, const struct text_flag *table, size_t count,
			unsigned int flags, unsigned int options)
{
	const char *sep = "";
	size_t n;

	for (n = 0; n < count; n++) {
		if (!(flags & table[n].value))
			continue;
		if (options & RICHACL_TEXT_LONG) {
			fputs(sep, f);
			fputs(table[n].name, f);
			sep = "/";
		} else {
			putc(table[n].letter, f);
		}
	}
}

static void print_type(FILE *f, unsigned short type)
{
	size_t n;

	for (n = 0; n < text_ntypes; n++) {
		if (text_types[n].type == type) {
			fputs(text_types[n].name, f);
			return;
		}
	}
	fprintf(f, "%u", type);
}

/*
 * "user:NAME" or "group:NAME" for @id, malloc'ed, into *@who (NULL when
 * the id has no name); from @names when given.  0, or -1 with errno.
 */
static int lookup_who(unsigned int id, bool is_group,
		      struct richacl_names *names, char **who)
{
	const char *prefix = is_group ? "group:" : "user:";
	char *name = NULL;
	const char *cached;
	int ret;

	*who = NULL;
	if (names) {
		cached = richacl_id_name(names, id, is_group);
		if (!cached)
			return errno ? -1 : 0;
		ret = asprintf(who, "%s%s", prefix, cached);
	} else {
		if (text_lookup_name(id, is_group, &name) < 0)
			return -1;
		if (!name)
			return 0;
		ret = asprintf(who, "%s%s", prefix, name);
		free(name);
	}
	if (ret < 0) {
		*who = NULL;
		return -1;
	}
	return 0;
}

/* The who string of @ace, malloc'ed; NULL with errno on failure. */
static char *entry_who(const struct richace *ace, unsigned int options,
		       struct richacl_names *names)
{
	bool is_group = ace->e_flags & RICHACE_IDENTIFIER_GROUP;
	const char *prefix = is_group ? "group:" : "user:";
	char *who = NULL;
	int ret;

	if (ace->e_flags & RICHACE_SPECIAL_WHO) {
		if (ace->e_id < text_nspecial_who)
			return strdup(text_special_who[ace->e_id]);
		ret = asprintf(&who, "special:%u", ace->e_id);
	} else if (ace->e_flags & RICHACE_UNMAPPED_WHO) {
		ret = asprintf(&who, "%s%s", prefix,
			       ace->e_who ? ace->e_who : "");
	} else {
		if (!(options & RICHACL_TEXT_NUMERIC_IDS)) {
			if (lookup_who(ace->e_id, is_group, names, &who))
				return NULL;
			if (who)
				return who;
		}
		ret = asprintf(&who, "%s%u", prefix, ace->e_id);
	}
	return ret < 0 ? NULL : who;
}

static void free_whos(char **whos, unsigned int count)
{
	unsigned int n;

	if (!whos)
		return;
	for (n = 0; n < count; n++)
		free(whos[n]);
	free(whos);
}

/* The who column: @who right-justified to @width, then ':'. */
static void print_who(FILE *f, const char *who, int width)
{
	fprintf(f, "%*s:", width, who);
}

static void print_mask_line(FILE *f, const char *who, int width,
			    unsigned int mask, unsigned int options)
{
	print_who(f, who, width);
	print_perms(f, mask, options);
	fputs("::mask\n", f);
}

/*
 * Close the memstream @f: the buffer it wrote to *@buf (which fclose()
 * sets), or NULL when writing failed.
 */
static char *close_stream(FILE *f, char **buf)
{
	bool failed = ferror(f);

	if (fclose(f) || failed) {
		free(*buf);
		errno = ENOMEM;
		return NULL;
	}
	return *buf;
}

char *richacl_to_text(const struct richacl *acl, unsigned int options)
{
	return richacl_to_text_names(acl, options, NULL);
}

char *richacl_to_text_names(const struct richacl *acl, unsigned int options,
			    struct richacl_names *names)
{
	char **whos = NULL, *buf = NULL;
	size_t longest = 0, size;
	unsigned int n;
	int width = 0;
	FILE *f;

	if (!acl) {
		errno = EINVAL;
		return NULL;
	}
	if (acl->a_count) {
		whos = calloc(acl->a_count, sizeof(*whos));
		if (!whos)
			return NULL;
	}
	for (n = 0; n < acl->a_count; n++) {
		whos[n] = entry_who(&acl->a_entries[n], options, names);
		if (!whos[n]) {
			free_whos(whos, n);
			return NULL;
		}
		if (strlen(whos[n]) > longest)
			longest = strlen(whos[n]);
	}
	if (acl->a_flags && longest < strlen("flags"))
		longest = strlen("flags");
	if ((options & RICHACL_TEXT_SHOW_MASKS) && longest < strlen("owner"))
		longest = strlen("owner");	/* as long as group, other */
	if (!(options & RICHACL_TEXT_UNALIGNED))
		width = (int)longest + 1;

	f = open_memstream(&buf, &size);
	if (!f) {
		free_whos(whos, acl->a_count);
		return NULL;
	}
	if (acl->a_flags) {
		print_who(f, "flags", width);
		print_flags(f, text_acl_flags, text_nacl_flags, acl->a_flags,
			    options);
		putc('\n', f);
	}
	if (options & RICHACL_TEXT_SHOW_MASKS) {
		print_mask_line(f, "owner", width, acl->a_owner_mask, options);
		print_mask_line(f, "group", width, acl->a_group_mask, options);
		print_mask_line(f, "other", width, acl->a_other_mask, options);
	}
	for (n = 0; n < acl->a_count; n++) {
		const struct richace *ace = &acl->a_entries[n];

		print_who(f, whos[n], width);
		print_perms(f, ace->e_mask, options);
		putc(':', f);
		print_flags(f, text_ace_flags, text_nace_flags, ace->e_flags,
			    options);
		putc(':', f);
		print_type(f, ace->e_type);
		putc('\n', f);
	}
	free_whos(whos, acl->a_count);
	return close_stream(f, &buf);
}

char *richacl_mask_to_text(unsigned int mask, unsigned int options)
{
	char *buf = NULL;
	size_t size;
	FILE *f = open_memstream(&buf, &size);

	if (!f)
		return NULL;
	print_perms(f, mask, options);
	return close_stream(f, &buf);
}
