// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz inputs as acls (see acl_bytes.h).
 */
#include <stdio.h>
#include <stdlib.h>

#include "acl_bytes.h"

unsigned int fuzz_byte(struct fuzz_input *in)
{
	return in->pos < in->size ? in->data[in->pos++] : 0;
}

unsigned int fuzz_u32(struct fuzz_input *in)
{
	unsigned int v = 0, n;

	for (n = 0; n < 4; n++)
		v |= fuzz_byte(in) << (8 * n);
	return v;
}

/* Who an entry is for: the low three bits of its first byte. */
static const struct {
	unsigned short flags;
	unsigned int id;
} whos[] = {
	{ RICHACE_SPECIAL_WHO, RICHACE_OWNER_SPECIAL_ID },
	{ RICHACE_SPECIAL_WHO, RICHACE_GROUP_SPECIAL_ID },
	{ RICHACE_SPECIAL_WHO, RICHACE_EVERYONE_SPECIAL_ID },
	{ 0, FUZZ_OWNER },			/* user:1, the owner */
	{ 0, 2 },
	{ RICHACE_IDENTIFIER_GROUP, FUZZ_GROUP },	/* the owning group */
	{ RICHACE_IDENTIFIER_GROUP, 20 },
	{ RICHACE_IDENTIFIER_GROUP, 30 },
};

/* The flags an entry may carry besides who it is for. */
#define ENTRY_FLAGS (RICHACE_INHERITANCE_FLAGS | RICHACE_INHERITED_ACE)

struct richacl *fuzz_acl(struct fuzz_input *in, unsigned int max_entries)
{
	struct richacl *acl;
	void *value;
	size_t size;
	unsigned int flags = fuzz_byte(in) & RICHACL_VALID_FLAGS;
	unsigned int owner = fuzz_u32(in), group = fuzz_u32(in);
	unsigned int other = fuzz_u32(in);

	acl = richacl_alloc(0);
	if (!acl)
		return NULL;
	acl->a_flags = (unsigned char)flags;
	acl->a_owner_mask = owner & RICHACE_VALID_MASK;
	acl->a_group_mask = group & RICHACE_VALID_MASK;
	acl->a_other_mask = other & RICHACE_VALID_MASK;
	while (in->pos < in->size && acl->a_count < max_entries) {
		unsigned int b = fuzz_byte(in), f = fuzz_byte(in);
		unsigned int mask = fuzz_u32(in) & RICHACE_VALID_MASK;
		struct richace *ace;

		ace = richacl_insert_entry(acl, acl->a_count);
		if (!ace) {
			richacl_free(acl);
			return NULL;
		}
		ace->e_type = (b & 8) ? RICHACE_ACCESS_DENIED_ACE_TYPE :
					RICHACE_ACCESS_ALLOWED_ACE_TYPE;
		ace->e_flags = whos[b & 7].flags | (f & ENTRY_FLAGS);
		ace->e_id = whos[b & 7].id;
		ace->e_mask = mask;
	}
	/* Only what the decoder would accept: the format's rules hold. */
	value = richacl_to_xattr(acl, &size);
	if (!value) {
		richacl_free(acl);
		return NULL;
	}
	free(value);
	return acl;
}

void fuzz_show(const char *label, const struct richacl *acl)
{
	char *text = acl ? richacl_to_text(acl, RICHACL_TEXT_FULL |
					   RICHACL_TEXT_SHOW_MASKS |
					   RICHACL_TEXT_NUMERIC_IDS) : NULL;

	fprintf(stderr, "%s:\n%s", label, text ? text : "(none)\n");
	free(text);
}
