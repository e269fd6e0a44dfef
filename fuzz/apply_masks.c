// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz target: richacl_apply_masks().  For a masked acl from the input,
 * the acl without masks it produces grants every process exactly what
 * the masked acl granted, for every permission, and still encodes.
 * The processes: the owner, a named user and a stranger, each in every
 * subset of the owning group and two named groups.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "acl_bytes.h"

#define MAX_ENTRIES 24

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const uid_t uids[] = { FUZZ_OWNER, 2, 5 };
	static const gid_t gids[] = { FUZZ_GROUP, 20, 30 };
	struct fuzz_input in = { data, size, 0 };
	struct richacl *before, *after;
	unsigned int u, set, g;
	void *value;
	size_t len;

	before = fuzz_acl(&in, MAX_ENTRIES);
	if (!before)
		return 0;
	before->a_flags |= RICHACL_MASKED;
	after = richacl_clone(before);
	if (!after || richacl_apply_masks(after, FUZZ_OWNER) != 0) {
		FUZZ_CHECK(after == NULL || errno == EINVAL || errno == ENOMEM,
			   "apply_masks failed with errno %d", errno);
		richacl_free(after);
		richacl_free(before);
		return 0;
	}
	FUZZ_CHECK(!(after->a_flags & (RICHACL_MASKED | RICHACL_WRITE_THROUGH)),
		   "the result still has masked or write_through flags");
	for (u = 0; u < 3; u++) {
		for (set = 0; set < 8; set++) {
			gid_t groups[3];
			size_t n = 0;
			struct richacl_cred cred;
			unsigned int want, got;

			for (g = 0; g < 3; g++)
				if (set & (1u << g))
					groups[n++] = gids[g];
			cred.uid = uids[u];
			cred.gid = n ? groups[0] : 99;
			cred.groups = n > 1 ? groups + 1 : NULL;
			cred.ngroups = n > 1 ? n - 1 : 0;
			want = richacl_access(before, FUZZ_OWNER, FUZZ_GROUP,
					      &cred, RICHACE_VALID_MASK);
			got = richacl_access(after, FUZZ_OWNER, FUZZ_GROUP,
					     &cred, RICHACE_VALID_MASK);
			if (want != got) {
				fuzz_show("masked", before);
				fuzz_show("applied", after);
			}
			FUZZ_CHECK(want == got,
				   "uid %u, groups 0x%x: masked grants 0x%x, applied 0x%x",
				   (unsigned int)uids[u], set, want, got);
		}
	}
	value = richacl_to_xattr(after, &len);
	FUZZ_CHECK(value, "the result does not encode (errno %d)", errno);
	free(value);
	richacl_free(after);
	richacl_free(before);
	return 0;
}
