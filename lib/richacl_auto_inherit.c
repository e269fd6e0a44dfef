// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Automatic inheritance: when the acl of a directory changes, the entries
 * its children inherited from it are replaced by what they inherit now.
 * The kernel does not do this; setrichacl walks the tree and calls this
 * for each child.
 */
#include <errno.h>

#include "sys/richacl.h"

/* Move the contents of @src into @dst, and free @src. */
static void richacl_replace(struct richacl *dst, struct richacl *src)
{
	struct richacl old = *dst;

	*dst = *src;
	*src = old;
	richacl_free(src);
}

/*
 * @acl without its inherited entries, followed by @inherited's entries
 * (all marked inherited), with maximum masks; NULL with errno on failure.
 */
static struct richacl *reinherit(const struct richacl *acl,
				 const struct richacl *inherited)
{
	struct richacl *new = richacl_alloc(0);
	const struct richace *ace;

	if (!new)
		return NULL;
	new->a_flags = acl->a_flags;
	richacl_for_each_entry(ace, acl) {
		struct richace *copy;

		if (ace->e_flags & RICHACE_INHERITED_ACE)
			continue;
		copy = richacl_insert_entry(new, new->a_count);
		if (!copy || richace_copy(copy, ace))
			goto fail;
	}
	if (inherited) {
		richacl_for_each_entry(ace, inherited) {
			struct richace *copy;

			copy = richacl_insert_entry(new, new->a_count);
			if (!copy || richace_copy(copy, ace))
				goto fail;
			copy->e_flags |= RICHACE_INHERITED_ACE;
		}
	}
	richacl_compute_max_masks(new);
	return new;

fail:
	richacl_free(new);
	return NULL;
}

/**
 * richacl_auto_inherit - update the inherited entries of a child's acl
 * @acl:	the acl of the child; changed in place
 * @dir_acl:	the (new) acl of the parent directory
 * @isdir:	whether the child is a directory
 *
 * An acl without the auto_inherit flag, or with the protected flag, takes
 * no part and stays as it is.  A defaulted acl (one that nobody set
 * explicitly) is replaced as a whole by what the child inherits now, flags
 * included.  Otherwise the inherited entries are dropped, and the entries
 * the child inherits now are appended, marked inherited; the masks become
 * the maximum masks (see richacl_compute_max_masks()).  When nothing is
 * inherited, no inherited entries are left.
 *
 * Returns 1 when @acl changed, 0 when not, and -1 with errno on failure
 * (@acl is then unchanged).
 */
int richacl_auto_inherit(struct richacl *acl, const struct richacl *dir_acl,
			 int isdir)
{
	struct richacl *inherited, *new;
	int changed;

	if (!(acl->a_flags & RICHACL_AUTO_INHERIT) ||
	    (acl->a_flags & RICHACL_PROTECTED))
		return 0;

	inherited = richacl_inherit(dir_acl, isdir);
	if (!inherited && errno)
		return -1;
	if (acl->a_flags & RICHACL_DEFAULTED) {
		new = inherited ? inherited : richacl_alloc(0);
		if (!new)
			return -1;
		if (!inherited && (dir_acl->a_flags & RICHACL_AUTO_INHERIT))
			new->a_flags = RICHACL_AUTO_INHERIT;
	} else {
		new = reinherit(acl, inherited);
		richacl_free(inherited);
		if (!new)
			return -1;
	}
	changed = !richacl_equal(acl, new);
	richacl_replace(acl, new);
	return changed;
}
