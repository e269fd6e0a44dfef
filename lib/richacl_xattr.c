// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The system.richacl xattr value: encoding and validating decoding.
 *
 * Layout (little-endian, no padding):
 *
 *	header, 16 bytes:	u8 version (0), u8 flags, le16 count,
 *				le32 owner, group and other masks
 *	count entries, 12 bytes each:
 *				le16 type, le16 flags, le32 mask, le32 id
 *	then, for each entry with RICHACE_UNMAPPED_WHO in entry order, its
 *	identifier as a non-empty NUL-terminated string.
 *
 * Bytes are packed and unpacked one by one, so neither the host's byte
 * order nor its structure layout matters.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sys/richacl.h"

#define RICHACL_XATTR_VERSION	0

/* Offsets within the header and within one entry. */
enum {
	HDR_VERSION = 0,
	HDR_FLAGS = 1,
	HDR_COUNT = 2,
	HDR_OWNER_MASK = 4,
	HDR_GROUP_MASK = 8,
	HDR_OTHER_MASK = 12,

	ACE_TYPE = 0,
	ACE_FLAGS = 2,
	ACE_MASK = 4,
	ACE_ID = 8,
};

static void put_le16(unsigned char *p, unsigned int v)
{
	p[0] = v & 0xff;
	p[1] = (v >> 8) & 0xff;
}

static void put_le32(unsigned char *p, uint32_t v)
{
	p[0] = v & 0xff;
	p[1] = (v >> 8) & 0xff;
	p[2] = (v >> 16) & 0xff;
	p[3] = (v >> 24) & 0xff;
}

static unsigned int get_le16(const unsigned char *p)
{
	return p[0] | (unsigned int)p[1] << 8;
}

static uint32_t get_le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 |
	       (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static int mask_is_valid(uint32_t mask)
{
	return !(mask & ~(uint32_t)RICHACE_VALID_MASK);
}

/*
 * The rules one entry obeys, for both directions: the encoder writes
 * nothing the decoder would refuse.  The identifier string of an unmapped
 * entry is checked by the callers.
 */
static int ace_is_valid(unsigned int type, unsigned int flags, uint32_t mask,
			uint32_t id)
{
	if (type > RICHACE_ACCESS_DENIED_ACE_TYPE)
		return 0;
	if (flags & ~RICHACE_VALID_FLAGS)
		return 0;
	if (!mask_is_valid(mask))
		return 0;
	if (flags & RICHACE_SPECIAL_WHO) {
		if (flags & (RICHACE_UNMAPPED_WHO | RICHACE_IDENTIFIER_GROUP))
			return 0;
		if (id > RICHACE_EVERYONE_SPECIAL_ID)
			return 0;
	} else if (!(flags & RICHACE_UNMAPPED_WHO) && id == (uint32_t)-1) {
		/* (uid_t)-1 and (gid_t)-1 name nobody: the kernel refuses them. */
		return 0;
	}
	return 1;
}

/* The header fields, other than the count, are valid. */
static int header_is_valid(unsigned int flags, uint32_t owner_mask,
			   uint32_t group_mask, uint32_t other_mask)
{
	return !(flags & ~RICHACL_VALID_FLAGS) && mask_is_valid(owner_mask) &&
	       mask_is_valid(group_mask) && mask_is_valid(other_mask);
}

static int ace_is_unmapped(const struct richace *ace)
{
	return !!(ace->e_flags & RICHACE_UNMAPPED_WHO);
}

/**
 * richacl_xattr_size - the size of the value richacl_to_xattr() produces
 * @acl:	the acl
 *
 * Counts the header, the entries, and the identifier strings (with their
 * terminating NUL) of the unmapped entries.
 */
size_t richacl_xattr_size(const struct richacl *acl)
{
	const struct richace *ace;
	size_t size = RICHACL_XATTR_HEADER_SIZE +
		      (size_t)acl->a_count * RICHACL_XATTR_ACE_SIZE;

	richacl_for_each_entry(ace, acl) {
		if (ace_is_unmapped(ace) && ace->e_who)
			size += strlen(ace->e_who) + 1;
	}
	return size;
}

/* @acl is something richacl_from_xattr() would give back. */
static int acl_is_encodable(const struct richacl *acl)
{
	const struct richace *ace;

	if (acl->a_count > RICHACL_MAX_ENTRIES)
		return 0;
	if (!header_is_valid(acl->a_flags, acl->a_owner_mask,
			     acl->a_group_mask, acl->a_other_mask))
		return 0;
	richacl_for_each_entry(ace, acl) {
		if (!ace_is_valid(ace->e_type, ace->e_flags, ace->e_mask,
				  ace->e_id))
			return 0;
		if (ace_is_unmapped(ace) && (!ace->e_who || !*ace->e_who))
			return 0;
	}
	return 1;
}

/**
 * richacl_to_xattr - encode an acl as a system.richacl value
 * @acl:	the acl
 * @size:	receives the size of the value
 *
 * Returns a malloc'ed buffer.  The e_id of an unmapped entry is written as
 * 0.  Returns NULL with errno EINVAL when @acl breaks a rule of the format
 * (one richacl_from_xattr() checks), or ENOMEM.
 */
void *richacl_to_xattr(const struct richacl *acl, size_t *size)
{
	const struct richace *ace;
	unsigned char *value, *p;
	size_t len;

	if (!acl_is_encodable(acl)) {
		errno = EINVAL;
		return NULL;
	}
	len = richacl_xattr_size(acl);
	if (len > RICHACL_XATTR_MAX_SIZE) {
		/* No system call takes it: what setxattr(2) would say. */
		errno = E2BIG;
		return NULL;
	}
	value = malloc(len);
	if (!value)
		return NULL;

	value[HDR_VERSION] = RICHACL_XATTR_VERSION;
	value[HDR_FLAGS] = acl->a_flags;
	put_le16(value + HDR_COUNT, acl->a_count);
	put_le32(value + HDR_OWNER_MASK, acl->a_owner_mask);
	put_le32(value + HDR_GROUP_MASK, acl->a_group_mask);
	put_le32(value + HDR_OTHER_MASK, acl->a_other_mask);

	p = value + RICHACL_XATTR_HEADER_SIZE;
	richacl_for_each_entry(ace, acl) {
		put_le16(p + ACE_TYPE, ace->e_type);
		put_le16(p + ACE_FLAGS, ace->e_flags);
		put_le32(p + ACE_MASK, ace->e_mask);
		put_le32(p + ACE_ID, ace_is_unmapped(ace) ? 0 : ace->e_id);
		p += RICHACL_XATTR_ACE_SIZE;
	}

	richacl_for_each_entry(ace, acl) {
		if (ace_is_unmapped(ace)) {
			size_t n = strlen(ace->e_who) + 1;

			memcpy(p, ace->e_who, n);
			p += n;
		}
	}

	*size = len;
	return value;
}

/*
 * Take the next identifier string from *@pos (advanced past its NUL) up to
 * @end.  NULL with errno EINVAL when it is missing, unterminated or empty.
 */
static char *take_who(const unsigned char **pos, const unsigned char *end)
{
	const unsigned char *nul;
	size_t len;
	char *who;

	nul = memchr(*pos, '\0', end - *pos);
	if (!nul || nul == *pos) {
		errno = EINVAL;
		return NULL;
	}
	len = nul - *pos;
	who = malloc(len + 1);
	if (!who)
		return NULL;
	memcpy(who, *pos, len + 1);
	*pos = nul + 1;
	return who;
}

/**
 * richacl_from_xattr - decode and validate a system.richacl value
 * @value:	the value
 * @size:	its size in bytes
 *
 * Never reads beyond @size bytes.  The e_id of an unmapped entry is
 * ignored (set to 0).  Returns the acl, or NULL with errno EINVAL for a
 * value that breaks any rule of the format, or ENOMEM.
 */
struct richacl *richacl_from_xattr(const void *value, size_t size)
{
	const unsigned char *p = value, *end, *strings;
	unsigned int count, n;
	struct richacl *acl;
	int err;

	if (size < RICHACL_XATTR_HEADER_SIZE)
		goto invalid;
	if (p[HDR_VERSION] != RICHACL_XATTR_VERSION)
		goto invalid;
	if (!header_is_valid(p[HDR_FLAGS], get_le32(p + HDR_OWNER_MASK),
			     get_le32(p + HDR_GROUP_MASK),
			     get_le32(p + HDR_OTHER_MASK)))
		goto invalid;
	count = get_le16(p + HDR_COUNT);
	if (count > RICHACL_MAX_ENTRIES ||
	    (size - RICHACL_XATTR_HEADER_SIZE) / RICHACL_XATTR_ACE_SIZE < count)
		goto invalid;

	acl = richacl_alloc(count);
	if (!acl)
		return NULL;
	end = p + size;
	acl->a_flags = p[HDR_FLAGS];
	acl->a_owner_mask = get_le32(p + HDR_OWNER_MASK);
	acl->a_group_mask = get_le32(p + HDR_GROUP_MASK);
	acl->a_other_mask = get_le32(p + HDR_OTHER_MASK);

	strings = p + RICHACL_XATTR_HEADER_SIZE +
		  (size_t)count * RICHACL_XATTR_ACE_SIZE;
	p += RICHACL_XATTR_HEADER_SIZE;
	for (n = 0; n < count; n++, p += RICHACL_XATTR_ACE_SIZE) {
		struct richace *ace = &acl->a_entries[n];

		ace->e_type = get_le16(p + ACE_TYPE);
		ace->e_flags = get_le16(p + ACE_FLAGS);
		ace->e_mask = get_le32(p + ACE_MASK);
		ace->e_id = get_le32(p + ACE_ID);
		if (!ace_is_valid(ace->e_type, ace->e_flags, ace->e_mask,
				  ace->e_id)) {
			errno = EINVAL;
			goto free_acl;
		}
		if (ace_is_unmapped(ace)) {
			ace->e_id = 0;
			ace->e_who = take_who(&strings, end);
			if (!ace->e_who)
				goto free_acl;
		}
	}
	if (strings != end) {
		errno = EINVAL;
		goto free_acl;
	}
	return acl;

free_acl:
	err = errno;
	richacl_free(acl);
	errno = err;
	return NULL;

invalid:
	errno = EINVAL;
	return NULL;
}
