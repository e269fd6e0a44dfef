// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Giving a file its new ACL (see apply.h).
 *
 * A file is in one of two states: a mode alone, or a stored acl with the
 * permission bits its masks stand for.  The new state is computed first
 * and compared with the current one, so that an unchanged file is not
 * written and --test can tell.
 */
#include "config.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include "../quote.h"
#include "apply.h"

/* The file masks and whether richacl_from_text() saw each of them. */
static const struct {
	unsigned int given;
	size_t offset;
} mask_map[] = {
#define MASK(given, field) { given, offsetof(struct richacl, field) }
	MASK(RICHACL_TEXT_OWNER_MASK_GIVEN, a_owner_mask),
	MASK(RICHACL_TEXT_GROUP_MASK_GIVEN, a_group_mask),
	MASK(RICHACL_TEXT_OTHER_MASK_GIVEN, a_other_mask),
#undef MASK
};

#define ARRAY_SIZE(a) (sizeof(a) / sizeof(*(a)))

static unsigned int *mask_of(struct richacl *acl, size_t n)
{
	return (unsigned int *)((char *)acl + mask_map[n].offset);
}

/*
 * richacl_compute_max_masks() clears the masked and write_through flags,
 * which given masks may need: the flags are kept.
 */
void fill_masks(struct richacl *acl, unsigned int given)
{
	unsigned int masks[ARRAY_SIZE(mask_map)];
	unsigned char flags = acl->a_flags;
	size_t n;

	for (n = 0; n < ARRAY_SIZE(mask_map); n++)
		masks[n] = *mask_of(acl, n);
	richacl_compute_max_masks(acl);
	for (n = 0; n < ARRAY_SIZE(mask_map); n++)
		if (given & mask_map[n].given)
			*mask_of(acl, n) = masks[n];
	acl->a_flags = flags;
}

/* With --test: the new acl of @path, in the dump form. */
static int show_change(const struct apply *apply, const char *path,
		       const struct stat *st, const struct richacl *acl)
{
	unsigned int options = RICHACL_TEXT_FULL | RICHACL_TEXT_SHOW_MASKS;
	char *text;

	if (S_ISDIR(st->st_mode))
		options |= RICHACL_TEXT_DIRECTORY;
	text = richacl_to_text_names(acl, options, apply->names);
	if (!text)
		return -1;
	fputs("# file: ", stdout);
	quote_name(stdout, path);
	printf("\n%s\n", text);
	free(text);
	return 0;
}

int apply_acl(struct apply *apply, const char *path, const char *at,
	      const struct stat *st, const struct richacl *stored,
	      const struct richacl *acl, mode_t special)
{
	mode_t mode = st->st_mode;
	bool as_mode = richacl_equiv_mode(acl, &mode) == 0;
	bool same;

	special &= 07000;
	if (as_mode) {
		mode = special | (mode & 0777);
		same = !stored;
	} else {
		mode = special | richacl_masks_to_mode(acl);
		same = stored && richacl_equal(stored, acl);
	}
	if (same && (st->st_mode & 07777) == mode)
		return 0;
	if (apply->test) {
		apply->would_change = true;
		return show_change(apply, path, st, acl);
	}
	/* A mode alone becomes another mode alone: one chmod. */
	if (as_mode && !stored)
		return chmod(at, mode);
	/*
	 * Setting an acl keeps the special bits; change those first, with
	 * no permission bits (which narrows the masks of a stored acl to
	 * nothing until the acl is written); should the acl then fail
	 * (no RichACL support), put the mode back.
	 */
	if ((st->st_mode & 07000) == special)
		return richacl_set_file(at, acl);
	if (chmod(at, special))
		return -1;
	if (richacl_set_file(at, acl)) {
		int saved = errno;

		if (!stored)
			chmod(at, st->st_mode & 07777);
		errno = saved;
		return -1;
	}
	return 0;
}
