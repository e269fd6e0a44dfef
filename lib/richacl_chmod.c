// SPDX-License-Identifier: LGPL-2.1-or-later
/* chmod on a file with a RichACL: the mode sets the file masks. */
#include <sys/stat.h>

#include "sys/richacl.h"

/**
 * richacl_chmod - set the file masks of @acl from the permission bits of @mode
 *
 * The entries stay as they are, so permissions that chmod takes away come
 * back when a later chmod gives the mode bits back.  Delete_child means
 * nothing for non-directories and is left out of their masks.  The acl
 * becomes masked (the masks limit what the entries grant) and write-through
 * (the owner and the other class get exactly their masks), which is what
 * makes the new mode mean what it says.  An acl that takes part in
 * automatic inheritance becomes protected: the mode was set on purpose, and
 * a change propagated from the parent directory must not undo it.
 */
void richacl_chmod(struct richacl *acl, mode_t mode)
{
	unsigned int ignore = S_ISDIR(mode) ? 0 : RICHACE_DELETE_CHILD;

	acl->a_owner_mask = richacl_mode_to_mask(mode >> 6) & ~ignore;
	acl->a_group_mask = richacl_mode_to_mask(mode >> 3) & ~ignore;
	acl->a_other_mask = richacl_mode_to_mask(mode) & ~ignore;
	acl->a_flags |= RICHACL_MASKED | RICHACL_WRITE_THROUGH;
	if (acl->a_flags & RICHACL_AUTO_INHERIT)
		acl->a_flags |= RICHACL_PROTECTED;
}
