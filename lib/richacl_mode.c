// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The three permission bits of one mode class (r, w, x) as RichACL
 * permissions, and back.
 */
#include "sys/richacl.h"

/* One mode bit and the permissions it stands for. */
static const struct {
	mode_t bit;
	unsigned int mask;
} mode_map[] = {
	{ 04, RICHACE_POSIX_MODE_READ },
	{ 02, RICHACE_POSIX_MODE_WRITE },
	{ 01, RICHACE_POSIX_MODE_EXEC },
};

#define MODE_MAP_SIZE (sizeof(mode_map) / sizeof(mode_map[0]))

/**
 * richacl_mode_to_mask - the permissions of the low three bits of @mode
 *
 * Write maps to write_data, append_data and delete_child; callers that deal
 * with non-directories drop delete_child themselves.
 */
unsigned int richacl_mode_to_mask(mode_t mode)
{
	unsigned int mask = 0;
	unsigned int n;

	for (n = 0; n < MODE_MAP_SIZE; n++)
		if (mode & mode_map[n].bit)
			mask |= mode_map[n].mask;
	return mask;
}

/**
 * richacl_mask_to_mode - the mode bits (0..7) that cover @mask
 *
 * A bit is set when @mask contains any of the permissions it stands for, so
 * the result is the smallest mode class that does not hide a permission
 * of @mask that a mode bit can express.
 */
mode_t richacl_mask_to_mode(unsigned int mask)
{
	mode_t mode = 0;
	unsigned int n;

	for (n = 0; n < MODE_MAP_SIZE; n++)
		if (mask & mode_map[n].mask)
			mode |= mode_map[n].bit;
	return mode;
}

/**
 * richacl_masks_to_mode - the permission bits the file masks of @acl stand for
 */
mode_t richacl_masks_to_mode(const struct richacl *acl)
{
	return richacl_mask_to_mode(acl->a_owner_mask) << 6 |
	       richacl_mask_to_mode(acl->a_group_mask) << 3 |
	       richacl_mask_to_mode(acl->a_other_mask);
}
