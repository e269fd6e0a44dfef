// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Parse the text form of an acl (richacl_from_text()).
 *
 * The text is a list of items separated by any run of commas, spaces, tabs
 * and newlines.  An item is one of
 *
 *	flags:ACLFLAGS
 *	owner:PERMS::mask   group:PERMS::mask   other:PERMS::mask
 *	WHO:PERMS:FLAGS:TYPE
 *
 * with WHO owner@, group@, everyone@, user:ID, u:ID, group:ID or g:ID.
 * PERMS, FLAGS and ACLFLAGS are '/'-separated pieces, each a long name or
 * a run of letters ('-' is ignored so that aligned output parses back).
 *
 * Error messages quote the whole item, then say one of:
 *	invalid permission 'X'		invalid flag 'X'
 *	invalid acl flag 'X'		invalid type 'X'
 *	invalid identifier 'X'		invalid user id 'X'
 *	invalid group id 'X'		unknown user 'X'
 *	unknown group 'X'		missing fields
 *	too many fields			too many entries
 * For permissions and flags, X is the offending character when a piece
 * has exactly one bad character, and the whole piece otherwise; for the
 * rest it is the whole field.  "invalid flag" also covers flags that are
 * valid in general but not in this item: 'u' on owner@, group@ or
 * everyone@, and any flag on a mask.  "owner" and "other" name masks only
 * (owner:r::allow is an invalid identifier); an empty user or group is an
 * invalid id; an id above 4294967294 is invalid ((uid_t)-1 is no id).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sys/richacl.h"
#include "richacl_text.h"

#define SEPARATORS ", \t\n\r"
#define MAX_FIELDS 5

/* The state of parsing one item. */
struct item {
	const char *text;	/* the whole item, for messages */
	char **error;		/* where the message goes (may be NULL) */
	char *fields[MAX_FIELDS];
	unsigned int nfields;	/* all of them, also beyond MAX_FIELDS */
};

/* Report what is wrong with @item: -1 with errno EINVAL. */
__attribute__((format(printf, 2, 3)))
static int fail(struct item *item, const char *fmt, ...)
{
	char *reason, *msg;
	va_list ap;
	int ret;

	if (item->error) {
		va_start(ap, fmt);
		ret = vasprintf(&reason, fmt, ap);
		va_end(ap);
		if (ret < 0)
			return -1;
		ret = asprintf(&msg, "'%s': %s", item->text, reason);
		free(reason);
		if (ret < 0)
			return -1;
		*item->error = msg;
	}
	errno = EINVAL;
	return -1;
}

/* Split @buf (a copy of the item) on ':'. */
static void split_fields(struct item *item, char *buf)
{
	item->nfields = 0;
	for (;;) {
		char *colon = strchr(buf, ':');

		if (item->nfields < MAX_FIELDS)
			item->fields[item->nfields] = buf;
		item->nfields++;
		if (!colon)
			break;
		*colon = '\0';
		buf = colon + 1;
	}
}

/* Check the number of fields: 0, or -1 with the message. */
static int want_fields(struct item *item, unsigned int count)
{
	if (item->nfields < count)
		return fail(item, "missing fields");
	if (item->nfields > count)
		return fail(item, "too many fields");
	return 0;
}

/*
 * One kind of '/'-separated set (permissions, ACE flags, ACL flags): how to
 * look up a letter and a long name, and what to call a bad one.
 */
struct set_kind {
	int (*letter)(char c, unsigned int *value);
	int (*name)(const char *name, size_t len, unsigned int *value);
	const char *what;
};

static int word_is(const char *word, const char *s, size_t len)
{
	return strlen(word) == len && !memcmp(word, s, len);
}

static int perm_letter(char c, unsigned int *value)
{
	size_t n;

	for (n = 0; n < text_nperms; n++) {
		if (text_perms[n].letter == c) {
			*value = text_perms[n].mask;
			return 1;
		}
	}
	return 0;
}

static int perm_name(const char *s, size_t len, unsigned int *value)
{
	size_t n;

	for (n = 0; n < text_nperms; n++) {
		if (word_is(text_perms[n].file_name, s, len) ||
		    word_is(text_perms[n].dir_name, s, len)) {
			*value = text_perms[n].mask;
			return 1;
		}
	}
	return 0;
}

static int flag_letter(const struct text_flag *table, size_t count, char c,
		       unsigned int *value)
{
	size_t n;

	for (n = 0; n < count; n++) {
		if (table[n].letter == c) {
			*value = table[n].value;
			return 1;
		}
	}
	return 0;
}

static int flag_name(const struct text_flag *table, size_t count,
		     const char *s, size_t len, unsigned int *value)
{
	size_t n;

	for (n = 0; n < count; n++) {
		if (word_is(table[n].name, s, len)) {
			*value = table[n].value;
			return 1;
		}
	}
	return 0;
}

static int ace_flag_letter(char c, unsigned int *value)
{
	return flag_letter(text_ace_flags, text_nace_flags, c, value);
}

static int ace_flag_name(const char *s, size_t len, unsigned int *value)
{
	return flag_name(text_ace_flags, text_nace_flags, s, len, value);
}

static int acl_flag_letter(char c, unsigned int *value)
{
	return flag_letter(text_acl_flags, text_nacl_flags, c, value);
}

static int acl_flag_name(const char *s, size_t len, unsigned int *value)
{
	return flag_name(text_acl_flags, text_nacl_flags, s, len, value);
}

static const struct set_kind perm_set = {
	perm_letter, perm_name, "invalid permission"
};
static const struct set_kind ace_flag_set = {
	ace_flag_letter, ace_flag_name, "invalid flag"
};
static const struct set_kind acl_flag_set = {
	acl_flag_letter, acl_flag_name, "invalid acl flag"
};

/* Parse one piece (between slashes) of a set into *@value. */
static int parse_piece(struct item *item, const struct set_kind *kind,
		       const char *piece, size_t len, unsigned int *value)
{
	const char *bad = NULL;
	unsigned int bits = 0, v;
	size_t n, nbad = 0;

	if (kind->name(piece, len, &v)) {
		*value |= v;
		return 0;
	}
	for (n = 0; n < len; n++) {
		if (piece[n] == '-')
			continue;
		if (kind->letter(piece[n], &v)) {
			bits |= v;
		} else {
			bad = piece + n;
			nbad++;
		}
	}
	if (nbad == 1)
		return fail(item, "%s '%c'", kind->what, *bad);
	if (nbad)
		return fail(item, "%s '%.*s'", kind->what, (int)len, piece);
	*value |= bits;
	return 0;
}

/* Parse a whole set field ("rw/execute") into *@value. */
static int parse_set(struct item *item, const struct set_kind *kind,
		     const char *field, unsigned int *value)
{
	*value = 0;
	for (;;) {
		size_t len = strcspn(field, "/");

		if (len && parse_piece(item, kind, field, len, value))
			return -1;
		if (!field[len])
			return 0;
		field += len + 1;
	}
}

static int parse_type(struct item *item, const char *field,
		      unsigned short *type)
{
	size_t n;

	for (n = 0; n < text_ntypes; n++) {
		if (!strcmp(text_types[n].name, field)) {
			*type = text_types[n].type;
			return 0;
		}
	}
	return fail(item, "invalid type '%s'", field);
}

/*
 * A decimal id: 1 when @s is all digits and fits (4294967295 is (uid_t)-1,
 * not an id), -1 when it is all digits and does not fit, 0 otherwise.
 */
static int parse_decimal(const char *s, unsigned int *id)
{
	unsigned long long value = 0;
	const char *p;

	if (!*s)
		return 0;
	for (p = s; *p; p++) {
		if (*p < '0' || *p > '9')
			return 0;
		value = value * 10 + (unsigned int)(*p - '0');
		if (value >= 0xFFFFFFFFULL)
			return -1;
	}
	*id = (unsigned int)value;
	return 1;
}

/* Set the identifier of a user: or group: entry from @name. */
static int parse_who(struct item *item, struct richace *ace,
		     const char *name, int is_group)
{
	const char *kind = is_group ? "group" : "user";
	unsigned int id = 0;
	int ret;

	if (!*name)
		return fail(item, "invalid %s id '%s'", kind, name);
	if (ace->e_flags & RICHACE_UNMAPPED_WHO)
		return richace_set_unmapped_who(ace, name, is_group);
	ret = parse_decimal(name, &id);
	if (ret < 0)
		return fail(item, "invalid %s id '%s'", kind, name);
	if (!ret) {
		ret = text_nss_lookup(is_group, name, &id, NULL);
		if (ret < 0)
			return -1;
		if (!ret)
			return fail(item, "unknown %s '%s'", kind, name);
	}
	ace->e_id = id;
	if (is_group)
		ace->e_flags |= RICHACE_IDENTIFIER_GROUP;
	return 0;
}

/* flags:ACLFLAGS */
static int parse_acl_flags(struct item *item, struct richacl *acl,
			   unsigned int *given)
{
	unsigned int flags;

	if (want_fields(item, 2) ||
	    parse_set(item, &acl_flag_set, item->fields[1], &flags))
		return -1;
	acl->a_flags = flags;
	*given |= RICHACL_TEXT_FLAGS_GIVEN;
	return 0;
}

/* owner:PERMS::mask, group:PERMS::mask, other:PERMS::mask */
static int parse_mask(struct item *item, struct richacl *acl,
		      unsigned int *given)
{
	const char *who = item->fields[0];
	unsigned int mask, flags;

	if (want_fields(item, 4) ||
	    parse_set(item, &perm_set, item->fields[1], &mask))
		return -1;
	if (parse_set(item, &ace_flag_set, item->fields[2], &flags))
		return -1;
	if (flags)
		return fail(item, "invalid flag '%s'", item->fields[2]);
	if (!strcmp(who, "owner")) {
		acl->a_owner_mask = mask;
		*given |= RICHACL_TEXT_OWNER_MASK_GIVEN;
	} else if (!strcmp(who, "group")) {
		acl->a_group_mask = mask;
		*given |= RICHACL_TEXT_GROUP_MASK_GIVEN;
	} else {
		acl->a_other_mask = mask;
		*given |= RICHACL_TEXT_OTHER_MASK_GIVEN;
	}
	return 0;
}

/*
 * WHO:PERMS:FLAGS:TYPE; @special is the special id of owner@, group@ or
 * everyone@, or -1 for user:NAME and group:NAME (@is_group).
 */
static int parse_entry(struct item *item, struct richacl *acl, int special,
		       int is_group)
{
	unsigned int first = special < 0 ? 2 : 1, mask, flags;
	unsigned short type = 0;
	struct richace *ace;

	if (want_fields(item, first + 3) ||
	    parse_set(item, &perm_set, item->fields[first], &mask) ||
	    parse_set(item, &ace_flag_set, item->fields[first + 1], &flags) ||
	    parse_type(item, item->fields[first + 2], &type))
		return -1;
	if (special >= 0 && (flags & RICHACE_UNMAPPED_WHO))
		return fail(item, "invalid flag 'u'");
	if (acl->a_count >= RICHACL_MAX_ENTRIES)
		return fail(item, "too many entries");
	ace = richacl_insert_entry(acl, acl->a_count);
	if (!ace)
		return -1;
	ace->e_type = type;
	ace->e_flags = flags;
	ace->e_mask = mask;
	if (special >= 0) {
		ace->e_flags |= RICHACE_SPECIAL_WHO;
		ace->e_id = special;
		return 0;
	}
	if (parse_who(item, ace, item->fields[1], is_group)) {
		richacl_delete_entry(acl, acl->a_count - 1);
		return -1;
	}
	return 0;
}

static int special_id(const char *who)
{
	size_t n;

	for (n = 0; n < text_nspecial_who; n++)
		if (!strcmp(text_special_who[n], who))
			return (int)n;
	return -1;
}

/* Parse one item into @acl. */
static int parse_item(struct item *item, struct richacl *acl,
		      unsigned int *given)
{
	const char *who = item->fields[0];
	int special;

	if (!strcmp(who, "flags"))
		return parse_acl_flags(item, acl, given);
	if (!strcmp(who, "owner") || !strcmp(who, "other")) {
		if (item->nfields == 4 && strcmp(item->fields[3], "mask"))
			return fail(item, "invalid identifier '%s'", who);
		return parse_mask(item, acl, given);
	}
	if (!strcmp(who, "group") && item->nfields == 4 &&
	    !strcmp(item->fields[3], "mask"))
		return parse_mask(item, acl, given);
	if (!strcmp(who, "user") || !strcmp(who, "u"))
		return parse_entry(item, acl, -1, 0);
	if (!strcmp(who, "group") || !strcmp(who, "g"))
		return parse_entry(item, acl, -1, 1);
	special = special_id(who);
	if (special >= 0)
		return parse_entry(item, acl, special, 0);
	return fail(item, "invalid identifier '%s'", who);
}

struct richacl *richacl_from_text(const char *text, unsigned int *given,
				  char **error)
{
	unsigned int seen = 0;
	struct richacl *acl;
	const char *p;

	if (error)
		*error = NULL;
	if (!text) {
		errno = EINVAL;
		return NULL;
	}
	acl = richacl_alloc(0);
	if (!acl)
		return NULL;
	for (p = text + strspn(text, SEPARATORS); *p;
	     p += strspn(p, SEPARATORS)) {
		size_t len = strcspn(p, SEPARATORS);
		struct item item = { .error = error };
		char *copy = strndup(p, len);
		char *buf = strndup(p, len);
		int ret = -1;

		if (copy && buf) {
			item.text = copy;
			split_fields(&item, buf);
			ret = parse_item(&item, acl, &seen);
		}
		free(copy);
		free(buf);
		if (ret)
			goto fail;
		p += len;
	}
	if (given)
		*given = seen;
	return acl;

fail:
	richacl_free(acl);
	return NULL;
}
