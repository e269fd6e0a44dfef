// SPDX-License-Identifier: LGPL-2.1-or-later
/* Create-time inheritance: the acl a new file gets from its directory. */
#include <errno.h>
#include <sys/stat.h>

#include "sys/richacl.h"

/*
 * Does a new file (!@isdir) or directory inherit the entry @ace of its
 * parent directory?  Files take the file_inherit entries.  Directories take
 * the dir_inherit entries, and the file_inherit entries so that they pass
 * them on to the files below, unless no_propagate says that the entry
 * stops at this level.
 */
static int is_inherited(const struct richace *ace, int isdir)
{
	unsigned short flags = ace->e_flags;

	if (!isdir)
		return !!(flags & RICHACE_FILE_INHERIT_ACE);
	if (flags & RICHACE_DIRECTORY_INHERIT_ACE)
		return 1;
	return (flags & RICHACE_FILE_INHERIT_ACE) &&
	       !(flags & RICHACE_NO_PROPAGATE_INHERIT_ACE);
}

/* The flags of the inherited copy of an entry with @flags. */
static unsigned short inherited_flags(unsigned short flags, int isdir)
{
	if (!isdir || (flags & RICHACE_NO_PROPAGATE_INHERIT_ACE))
		/* Effective on the new file, and it ends here. */
		return flags & ~RICHACE_INHERITANCE_FLAGS;
	if (!(flags & RICHACE_DIRECTORY_INHERIT_ACE))
		/* Only passed on to the files below. */
		return flags | RICHACE_INHERIT_ONLY_ACE;
	/* Effective on the new directory, and passed on. */
	return flags & ~RICHACE_INHERIT_ONLY_ACE;
}

/**
 * richacl_inherit - the acl a new file or directory inherits
 * @dir_acl:	the acl of the parent directory
 * @isdir:	whether the new object is a directory
 *
 * The inherited entries keep their order; a file's lose delete_child, which
 * means nothing on a file.  When @dir_acl has the
 * auto_inherit flag, so does the new acl, and each of its entries is marked
 * inherited; otherwise no entry is.  The masks are the maximum masks of the
 * new acl (see richacl_compute_max_masks()); it is not masked.
 *
 * Returns NULL with errno 0 when nothing is inherited, and NULL with errno
 * set on failure.
 */
struct richacl *richacl_inherit(const struct richacl *dir_acl, int isdir)
{
	const struct richace *dir_ace;
	struct richacl *acl;
	unsigned int count = 0;
	int auto_inherit = !!(dir_acl->a_flags & RICHACL_AUTO_INHERIT);

	richacl_for_each_entry(dir_ace, dir_acl)
		if (is_inherited(dir_ace, isdir))
			count++;
	if (!count) {
		errno = 0;
		return NULL;
	}
	acl = richacl_alloc(count);
	if (!acl)
		return NULL;
	count = 0;
	richacl_for_each_entry(dir_ace, dir_acl) {
		struct richace *ace = &acl->a_entries[count];

		if (!is_inherited(dir_ace, isdir))
			continue;
		if (richace_copy(ace, dir_ace)) {
			int error = errno;

			acl->a_count = count;
			richacl_free(acl);
			errno = error;
			return NULL;
		}
		count++;
		ace->e_flags = inherited_flags(ace->e_flags, isdir);
		/* delete_child means nothing on a file: it is not inherited. */
		if (!isdir)
			ace->e_mask &= ~RICHACE_DELETE_CHILD;
		if (auto_inherit)
			ace->e_flags |= RICHACE_INHERITED_ACE;
		else
			ace->e_flags &= ~RICHACE_INHERITED_ACE;
	}
	acl->a_flags = auto_inherit ? RICHACL_AUTO_INHERIT : 0;
	richacl_compute_max_masks(acl);
	return acl;
}

/**
 * richacl_inherit_inode - what a file system does when it creates an inode
 * @dir_acl:	the acl of the parent directory
 * @mode:	in: the create mode (file type and permission bits);
 *		out: the mode of the new inode
 * @umask:	the umask of the creating process
 *
 * When nothing is inherited, the new inode gets no acl and the umask
 * applies.  Otherwise the umask does not apply: the inherited acl takes its
 * place.  When the inherited acl is equivalent to a mode, the new inode
 * gets no acl and the permission bits of that mode, limited by the create
 * mode.  Else it gets the inherited acl, masked with its maximum masks
 * limited by the create mode, and the mode those masks stand for; an
 * automatically inherited acl that the create mode narrows is protected.
 *
 * Returns the acl of the new inode, or NULL with errno 0 when it gets none;
 * on failure NULL with errno set, and *@mode is left alone.
 */
struct richacl *richacl_inherit_inode(const struct richacl *dir_acl,
				      mode_t *mode, mode_t umask)
{
	struct richacl *acl = richacl_inherit(dir_acl, S_ISDIR(*mode));
	mode_t equiv = *mode;
	unsigned int owner, group, other;

	if (!acl) {
		if (errno)
			return NULL;
		*mode &= ~umask;
		return NULL;
	}
	if (richacl_equiv_mode(acl, &equiv) == 0) {
		*mode &= equiv;
		richacl_free(acl);
		errno = 0;
		return NULL;
	}
	/* The acl has its maximum masks: limit them by the create mode. */
	owner = acl->a_owner_mask;
	group = acl->a_group_mask;
	other = acl->a_other_mask;
	acl->a_flags |= RICHACL_MASKED;
	acl->a_owner_mask &= richacl_mode_to_mask(*mode >> 6);
	acl->a_group_mask &= richacl_mode_to_mask(*mode >> 3);
	acl->a_other_mask &= richacl_mode_to_mask(*mode);
	/*
	 * A create mode that takes away some of what the entries grant
	 * protects an automatically inherited acl: propagation from the
	 * parent must not give it back.
	 */
	if ((acl->a_flags & RICHACL_AUTO_INHERIT) &&
	    (acl->a_owner_mask != owner || acl->a_group_mask != group ||
	     acl->a_other_mask != other))
		acl->a_flags |= RICHACL_PROTECTED;
	*mode = (*mode & ~(mode_t)0777) | richacl_masks_to_mode(acl);
	return acl;
}
