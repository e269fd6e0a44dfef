// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz target: richacl_apply_masks().  For a masked acl from the input,
 * the acl without masks it produces grants every process exactly what
 * the masked acl granted, for every permission, and still encodes.
 * The processes: the owner, a named user and a stranger, each in every
 * subset of two named groups and of the owning group, which is one of
 * them (FUZZ_GROUP) or a group no entry names (40): the result must be
 * right whichever group owns the file.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "acl_bytes.h"

#define MAX_ENTRIES 24

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * Does the process @uid, in those of the four @gids that @set says, get
 * the same from @before and @after on a file owned by group @owning?
 */
static void check_process(const struct richacl *before,
			  const struct richacl *after, gid_t owning,
			  uid_t uid, const gid_t *gids, unsigned int set)
{
	struct richacl_cred cred = { .uid = uid, .gid = 99 };
	unsigned int g, want, got;
	gid_t groups[4];

	for (g = 0; g < 4; g++)
		if (set & (1u << g))
			groups[cred.ngroups++] = gids[g];
	cred.groups = groups;
	want = richacl_access(before, FUZZ_OWNER, owning, &cred,
			      RICHACE_VALID_MASK);
	got = richacl_access(after, FUZZ_OWNER, owning, &cred,
			     RICHACE_VALID_MASK);
	if (want != got) {
		fuzz_show("masked", before);
		fuzz_show("applied", after);
	}
	FUZZ_CHECK(want == got,
		   "owning group %u, uid %u, groups 0x%x: masked grants 0x%x, applied 0x%x",
		   (unsigned int)owning, (unsigned int)uid, set, want, got);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const uid_t uids[] = { FUZZ_OWNER, 2, 5 };
	static const gid_t gids[] = { FUZZ_GROUP, 20, 30, 40 };
	static const gid_t owning[] = { FUZZ_GROUP, 40 };
	struct fuzz_input in = { data, size, 0 };
	struct richacl *before, *after;
	unsigned int u, set, o;
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
	for (o = 0; o < 2; o++) {
		for (u = 0; u < 3; u++) {
			for (set = 0; set < 16; set++)
				check_process(before, after, owning[o],
					      uids[u], gids, set);
		}
	}
	value = richacl_to_xattr(after, &len);
	FUZZ_CHECK(value, "the result does not encode (errno %d)", errno);
	free(value);
	richacl_free(after);
	richacl_free(before);
	return 0;
}
