/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Test-only helpers of the access and apply-masks tests: a small reader
 * and printer of the short text form with numeric ids, so that these tests
 * depend on nothing but the in-memory form.
 *
 *	acl = acl_build("flags:m owner:rw::mask u:7:r:fd:allow");
 *	s = acl_string(acl);	"flags:m,owner:rw::mask,...,u:7:r:fd:allow"
 *
 * Items are separated by commas, blanks or newlines.  Masks are printed
 * only when the acl is masked; entries print in the unaligned short form
 * (permissions in table order, all sixteen letters).
 */
#ifndef RICHACL_ACL_BUILD_H
#define RICHACL_ACL_BUILD_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sys/richacl.h"

static const struct {
	char letter;
	unsigned int bit;
} acl_build_perms[] = {
	{ 'r', RICHACE_READ_DATA },
	{ 'w', RICHACE_WRITE_DATA },
	{ 'p', RICHACE_APPEND_DATA },
	{ 'x', RICHACE_EXECUTE },
	{ 'd', RICHACE_DELETE_CHILD },
	{ 'D', RICHACE_DELETE },
	{ 'a', RICHACE_READ_ATTRIBUTES },
	{ 'A', RICHACE_WRITE_ATTRIBUTES },
	{ 'R', RICHACE_READ_NAMED_ATTRS },
	{ 'W', RICHACE_WRITE_NAMED_ATTRS },
	{ 'c', RICHACE_READ_ACL },
	{ 'C', RICHACE_WRITE_ACL },
	{ 'o', RICHACE_WRITE_OWNER },
	{ 'S', RICHACE_SYNCHRONIZE },
	{ 'e', RICHACE_WRITE_RETENTION },
	{ 'E', RICHACE_WRITE_RETENTION_HOLD },
};

static const struct {
	char letter;
	unsigned short bit;
} acl_build_ace_flags[] = {
	{ 'f', RICHACE_FILE_INHERIT_ACE },
	{ 'd', RICHACE_DIRECTORY_INHERIT_ACE },
	{ 'n', RICHACE_NO_PROPAGATE_INHERIT_ACE },
	{ 'i', RICHACE_INHERIT_ONLY_ACE },
	{ 'a', RICHACE_INHERITED_ACE },
	{ 'u', RICHACE_UNMAPPED_WHO },
};

static const struct {
	char letter;
	unsigned char bit;
} acl_build_acl_flags[] = {
	{ 'm', RICHACL_MASKED },
	{ 'w', RICHACL_WRITE_THROUGH },
	{ 'a', RICHACL_AUTO_INHERIT },
	{ 'p', RICHACL_PROTECTED },
	{ 'd', RICHACL_DEFAULTED },
};

#define ACL_BUILD_LOOKUP(table, c, out) do {				\
	size_t i_;							\
	for (i_ = 0; i_ < sizeof(table) / sizeof(table[0]); i_++)	\
		if (table[i_].letter == (c)) {				\
			(out) |= table[i_].bit;				\
			break;						\
		}							\
	if (i_ == sizeof(table) / sizeof(table[0])) {			\
		fprintf(stderr, "acl_build: bad letter '%c'\n", (c));	\
		abort();						\
	}								\
} while (0)

/* The permission letters of @s (up to the first ':' or the end). */
static inline unsigned int perm_bits(const char *s)
{
	unsigned int mask = 0;

	for (; *s && *s != ':' && *s != ','; s++)
		if (*s != '-')
			ACL_BUILD_LOOKUP(acl_build_perms, *s, mask);
	return mask;
}

/* The permission letters of @mask, in table order ("" for none). */
static inline const char *perm_string(unsigned int mask)
{
	static char buf[8][20];
	static int slot;
	char *s = buf[slot++ % 8], *p = s;
	size_t i;

	for (i = 0; i < sizeof(acl_build_perms) / sizeof(acl_build_perms[0]);
	     i++)
		if (mask & acl_build_perms[i].bit)
			*p++ = acl_build_perms[i].letter;
	*p = 0;
	return s;
}

/* Split @item at ':' into at most @max fields (modifies @item). */
static inline int acl_build_split(char *item, char **field, int max)
{
	int n = 0;

	field[n++] = item;
	for (; *item; item++)
		if (*item == ':') {
			if (n == max)
				return -1;
			*item = 0;
			field[n++] = item + 1;
		}
	return n;
}

static inline void acl_build_item(struct richacl *acl, char *item)
{
	char *f[6], **e = f;
	struct richace *ace;
	int n = acl_build_split(item, f, 6);
	const char *s;

	if (n == 2 && !strcmp(f[0], "flags")) {
		for (s = f[1]; *s; s++)
			ACL_BUILD_LOOKUP(acl_build_acl_flags, *s, acl->a_flags);
		return;
	}
	if (n == 4 && !strcmp(f[3], "mask")) {
		if (!strcmp(f[0], "owner"))
			acl->a_owner_mask = perm_bits(f[1]);
		else if (!strcmp(f[0], "group"))
			acl->a_group_mask = perm_bits(f[1]);
		else if (!strcmp(f[0], "other"))
			acl->a_other_mask = perm_bits(f[1]);
		else
			goto bad;
		return;
	}
	ace = richacl_insert_entry(acl, acl->a_count);
	if (!ace)
		abort();
	if (n == 4 && (!strcmp(f[0], "owner@") || !strcmp(f[0], "group@") ||
		       !strcmp(f[0], "everyone@"))) {
		ace->e_flags = RICHACE_SPECIAL_WHO;
		ace->e_id = f[0][0] == 'o' ? RICHACE_OWNER_SPECIAL_ID :
			    f[0][0] == 'g' ? RICHACE_GROUP_SPECIAL_ID :
					     RICHACE_EVERYONE_SPECIAL_ID;
		e = f + 1;
	} else if (n == 5 && (!strcmp(f[0], "u") || !strcmp(f[0], "user"))) {
		ace->e_id = strtoul(f[1], NULL, 10);
		e = f + 2;
	} else if (n == 5 && (!strcmp(f[0], "g") || !strcmp(f[0], "group"))) {
		ace->e_flags = RICHACE_IDENTIFIER_GROUP;
		ace->e_id = strtoul(f[1], NULL, 10);
		e = f + 2;
	} else
		goto bad;
	ace->e_mask = perm_bits(e[0]);
	for (s = e[1]; *s; s++)
		ACL_BUILD_LOOKUP(acl_build_ace_flags, *s, ace->e_flags);
	if (!strcmp(e[2], "allow"))
		ace->e_type = RICHACE_ACCESS_ALLOWED_ACE_TYPE;
	else if (!strcmp(e[2], "deny"))
		ace->e_type = RICHACE_ACCESS_DENIED_ACE_TYPE;
	else
		goto bad;
	return;
bad:
	fprintf(stderr, "acl_build: bad item '%s'\n", item);
	abort();
}

/* The acl @text describes; aborts on a mistake in the test. */
static inline struct richacl *acl_build(const char *text)
{
	struct richacl *acl = richacl_alloc(0);
	char *copy = strdup(text), *item, *save = NULL;

	if (!acl || !copy)
		abort();
	for (item = strtok_r(copy, ", \t\n", &save); item;
	     item = strtok_r(NULL, ", \t\n", &save))
		acl_build_item(acl, item);
	free(copy);
	return acl;
}

/* One entry in the short form, appended to @out (at least 64 bytes free). */
static inline void ace_string(const struct richace *ace, char *out)
{
	char who[32], flags[8], *p = flags;
	size_t i;

	if (richace_is_owner(ace))
		strcpy(who, "owner@");
	else if (richace_is_group(ace))
		strcpy(who, "group@");
	else if (richace_is_everyone(ace))
		strcpy(who, "everyone@");
	else if (ace->e_who)
		snprintf(who, sizeof(who), "%s:%s",
			 ace->e_flags & RICHACE_IDENTIFIER_GROUP ? "g" : "u",
			 ace->e_who);
	else if (ace->e_flags & RICHACE_IDENTIFIER_GROUP)
		snprintf(who, sizeof(who), "g:%u", ace->e_id);
	else
		snprintf(who, sizeof(who), "u:%u", ace->e_id);
	for (i = 0; i < sizeof(acl_build_ace_flags) /
			sizeof(acl_build_ace_flags[0]); i++)
		if (ace->e_flags & acl_build_ace_flags[i].bit)
			*p++ = acl_build_ace_flags[i].letter;
	*p = 0;
	sprintf(out + strlen(out), "%s:%s:%s:%s", who,
		perm_string(ace->e_mask), flags,
		richace_is_deny(ace) ? "deny" : "allow");
}

/*
 * The whole acl, items joined by ','; malloc'ed.  Flags and masks only
 * appear when set / when the acl is masked.
 */
static inline char *acl_string(const struct richacl *acl)
{
	size_t size = 200 + 80 * (size_t)acl->a_count;
	char *out = malloc(size), *p;
	const struct richace *ace;
	size_t i;

	if (!out)
		abort();
	*out = 0;
	if (acl->a_flags) {
		strcat(out, "flags:");
		p = out + strlen(out);
		for (i = 0; i < sizeof(acl_build_acl_flags) /
				sizeof(acl_build_acl_flags[0]); i++)
			if (acl->a_flags & acl_build_acl_flags[i].bit)
				*p++ = acl_build_acl_flags[i].letter;
		*p = 0;
		strcat(out, ",");
	}
	if (acl->a_flags & RICHACL_MASKED)
		sprintf(out + strlen(out),
			"owner:%s::mask,group:%s::mask,other:%s::mask,",
			perm_string(acl->a_owner_mask),
			perm_string(acl->a_group_mask),
			perm_string(acl->a_other_mask));
	richacl_for_each_entry(ace, acl) {
		ace_string(ace, out);
		strcat(out, ",");
	}
	if (*out)
		out[strlen(out) - 1] = 0;
	return out;
}

#endif /* RICHACL_ACL_BUILD_H */
