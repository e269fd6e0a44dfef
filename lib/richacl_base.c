// SPDX-License-Identifier: LGPL-2.1-or-later
/* The in-memory form: allocation, entries, identity tests. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "sys/richacl.h"

struct richacl *richacl_alloc(unsigned int count)
{
	struct richacl *acl;

	if (count > RICHACL_MAX_ENTRIES) {
		errno = EINVAL;
		return NULL;
	}
	acl = calloc(1, sizeof(*acl));
	if (!acl)
		return NULL;
	/*
	 * Never a NULL array, even for no entries: the entry loops compute
	 * a_entries + a_count, and NULL + 0 is undefined in C.
	 */
	acl->a_entries = calloc(count ? count : 1, sizeof(*acl->a_entries));
	if (!acl->a_entries) {
		free(acl);
		return NULL;
	}
	acl->a_count = count;
	acl->a_alloc = count ? count : 1;
	return acl;
}

void richacl_free(struct richacl *acl)
{
	struct richace *ace;

	if (!acl)
		return;
	richacl_for_each_entry(ace, acl)
		free(ace->e_who);
	free(acl->a_entries);
	free(acl);
}

int richace_copy(struct richace *dst, const struct richace *src)
{
	char *who = NULL;

	if (src->e_who) {
		who = strdup(src->e_who);
		if (!who)
			return -1;
	}
	*dst = *src;
	dst->e_who = who;
	return 0;
}

struct richacl *richacl_clone(const struct richacl *acl)
{
	struct richacl *dup = richacl_alloc(acl->a_count);
	unsigned int n;

	if (!dup)
		return NULL;
	dup->a_flags = acl->a_flags;
	dup->a_owner_mask = acl->a_owner_mask;
	dup->a_group_mask = acl->a_group_mask;
	dup->a_other_mask = acl->a_other_mask;
	for (n = 0; n < acl->a_count; n++) {
		if (richace_copy(&dup->a_entries[n], &acl->a_entries[n])) {
			dup->a_count = n;
			richacl_free(dup);
			return NULL;
		}
	}
	return dup;
}

struct richace *richacl_insert_entry(struct richacl *acl, unsigned int index)
{
	struct richace *ace;

	if (index > acl->a_count || acl->a_count >= RICHACL_MAX_ENTRIES) {
		errno = EINVAL;
		return NULL;
	}
	if (acl->a_count == acl->a_alloc) {
		unsigned int alloc = acl->a_alloc ? 2 * acl->a_alloc : 4;
		struct richace *entries;

		if (alloc > RICHACL_MAX_ENTRIES)
			alloc = RICHACL_MAX_ENTRIES;
		entries = realloc(acl->a_entries, alloc * sizeof(*entries));
		if (!entries)
			return NULL;
		acl->a_entries = entries;
		acl->a_alloc = alloc;
	}
	ace = acl->a_entries + index;
	memmove(ace + 1, ace, (acl->a_count - index) * sizeof(*ace));
	memset(ace, 0, sizeof(*ace));
	acl->a_count++;
	return ace;
}

void richacl_delete_entry(struct richacl *acl, unsigned int index)
{
	struct richace *ace = acl->a_entries + index;

	if (index >= acl->a_count)
		return;
	free(ace->e_who);
	memmove(ace, ace + 1, (acl->a_count - index - 1) * sizeof(*ace));
	acl->a_count--;
}

int richace_set_unmapped_who(struct richace *ace, const char *who,
			     int is_group)
{
	char *copy = strdup(who);

	if (!copy)
		return -1;
	free(ace->e_who);
	ace->e_who = copy;
	ace->e_id = 0;
	ace->e_flags &= ~(RICHACE_SPECIAL_WHO | RICHACE_IDENTIFIER_GROUP);
	ace->e_flags |= RICHACE_UNMAPPED_WHO;
	if (is_group)
		ace->e_flags |= RICHACE_IDENTIFIER_GROUP;
	return 0;
}

int richacl_equal(const struct richacl *a, const struct richacl *b)
{
	unsigned int n;

	if (a->a_flags != b->a_flags || a->a_count != b->a_count ||
	    a->a_owner_mask != b->a_owner_mask ||
	    a->a_group_mask != b->a_group_mask ||
	    a->a_other_mask != b->a_other_mask)
		return 0;
	for (n = 0; n < a->a_count; n++) {
		const struct richace *x = &a->a_entries[n];
		const struct richace *y = &b->a_entries[n];

		if (x->e_type != y->e_type || x->e_flags != y->e_flags ||
		    x->e_mask != y->e_mask || !richace_is_same_identifier(x, y))
			return 0;
	}
	return 1;
}

static int richace_is_special(const struct richace *ace, unsigned int id)
{
	return (ace->e_flags & RICHACE_SPECIAL_WHO) && ace->e_id == id;
}

int richace_is_owner(const struct richace *ace)
{
	return richace_is_special(ace, RICHACE_OWNER_SPECIAL_ID);
}

int richace_is_group(const struct richace *ace)
{
	return richace_is_special(ace, RICHACE_GROUP_SPECIAL_ID);
}

int richace_is_everyone(const struct richace *ace)
{
	return richace_is_special(ace, RICHACE_EVERYONE_SPECIAL_ID);
}

int richace_is_unix_user(const struct richace *ace)
{
	return !(ace->e_flags & (RICHACE_SPECIAL_WHO | RICHACE_UNMAPPED_WHO |
				 RICHACE_IDENTIFIER_GROUP));
}

int richace_is_unix_group(const struct richace *ace)
{
	return (ace->e_flags & (RICHACE_SPECIAL_WHO | RICHACE_UNMAPPED_WHO |
				RICHACE_IDENTIFIER_GROUP)) ==
	       RICHACE_IDENTIFIER_GROUP;
}

int richace_is_allow(const struct richace *ace)
{
	return ace->e_type == RICHACE_ACCESS_ALLOWED_ACE_TYPE;
}

int richace_is_deny(const struct richace *ace)
{
	return ace->e_type == RICHACE_ACCESS_DENIED_ACE_TYPE;
}

int richace_is_inherit_only(const struct richace *ace)
{
	return !!(ace->e_flags & RICHACE_INHERIT_ONLY_ACE);
}

int richace_is_inheritable(const struct richace *ace)
{
	return !!(ace->e_flags & (RICHACE_FILE_INHERIT_ACE |
				  RICHACE_DIRECTORY_INHERIT_ACE));
}

int richace_is_same_identifier(const struct richace *a,
			       const struct richace *b)
{
	const unsigned short kind = RICHACE_SPECIAL_WHO | RICHACE_UNMAPPED_WHO |
				    RICHACE_IDENTIFIER_GROUP;

	if ((a->e_flags & kind) != (b->e_flags & kind))
		return 0;
	if (a->e_flags & RICHACE_UNMAPPED_WHO)
		return a->e_who && b->e_who && !strcmp(a->e_who, b->e_who);
	return a->e_id == b->e_id;
}
