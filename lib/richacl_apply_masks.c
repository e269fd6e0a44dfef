// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Applying the file masks: turn a masked acl into an acl without masks
 * that grants every process what the masked acl grants it.  NFSv4 clients
 * and servers, and other systems without file masks, can only use acls in
 * that form; getrichacl shows it by default, and setrichacl --modify edits
 * it.
 *
 * The result is the one the 2015 tools print wherever that one is right:
 * lib/richacl_apply_masks_seeds.c builds it step by step as the 2015
 * series does, and lib/richacl_same_access.c checks that it grants every
 * process exactly what the masked acl grants (richacl_access() is the
 * judge).  Where it does not, lib/richacl_apply_masks_exact.c builds a
 * result that does.  The 2015 construction goes wrong in these cases
 * (richacl(7) shows an example of each):
 *
 *  - a user or group whose entries the masks empty no longer matches any
 *    entry, and so gets what everyone@ grants the other class;
 *  - entries and masks that grant only a, c or S (which POSIX always
 *    allows, but an acl check does not) lose them;
 *  - the owner, or a member of the owning group, can get more or less
 *    than its mask where deny entries for groups stand between it and the
 *    entries that grant it.
 *
 * The result carries its maximum masks (richacl_compute_max_masks()), and
 * neither the masked nor the write_through flag: the masks no longer take
 * part in access decisions, but still say what each class can get, so
 * that setting the masked flag again would change nothing.
 */
#include <errno.h>
#include <stdlib.h>

#include "richacl_compat.h"

/*
 * The 2015 result for @acl when it is exact: 1 and *@result, else 0.
 * -1 with errno when memory runs out.  A 2015 result that would have too
 * many entries is no result (EINVAL).
 */
static int seeds_result(const struct richacl *acl, uid_t owner,
			struct richacl **result)
{
	struct richacl *work = richacl_clone(acl);
	int same;

	if (!work)
		return -1;
	if (compat_apply_masks_seeds(work, owner)) {
		int error = errno;

		richacl_free(work);
		errno = error;
		return error == EINVAL ? 0 : -1;
	}
	same = compat_same_access(acl, work, owner);
	if (same == 1) {
		*result = work;
		return 1;
	}
	richacl_free(work);
	return same;
}

int richacl_apply_masks(struct richacl *acl, uid_t owner)
{
	struct richacl *result = NULL;
	int found;

	if (!(acl->a_flags & RICHACL_MASKED))
		return 0;
	found = seeds_result(acl, owner, &result);
	if (found == -1)
		return -1;
	if (found) {
		compat_replace(acl, result);
	} else if (compat_apply_masks_exact(acl, owner)) {
		return -1;
	}
	richacl_compute_max_masks(acl);
	return 0;
}
