// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz target: the system.richacl decoder.  Any value may be rejected
 * (EINVAL), but never read out of bounds or crash; a value it accepts
 * encodes back to the very same bytes (decode then encode is the
 * identity), and that acl prints as text.  One exception, by design: the
 * id field of an unmapped entry is ignored on decoding (the 2015 tools
 * left pointer bits there) and encoded as 0.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "acl_bytes.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* @data as it should encode: the ids of unmapped entries zeroed. */
static uint8_t *expected_bytes(const uint8_t *data, size_t size,
			       const struct richacl *acl)
{
	uint8_t *want = malloc(size ? size : 1);
	unsigned int n;

	if (!want)
		return NULL;
	memcpy(want, data, size);
	for (n = 0; n < acl->a_count; n++) {
		if (acl->a_entries[n].e_flags & RICHACE_UNMAPPED_WHO)
			memset(want + RICHACL_XATTR_HEADER_SIZE +
			       n * RICHACL_XATTR_ACE_SIZE + 8, 0, 4);
	}
	return want;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct richacl *acl;
	void *value;
	uint8_t *want;
	size_t len;
	char *text;

	acl = richacl_from_xattr(data, size);
	if (!acl) {
		FUZZ_CHECK(errno == EINVAL || errno == ENOMEM,
			   "rejected with errno %d", errno);
		return 0;
	}
	value = richacl_to_xattr(acl, &len);
	FUZZ_CHECK(value, "an accepted value does not encode (errno %d)",
		   errno);
	want = expected_bytes(data, size, acl);
	FUZZ_CHECK(!want || (len == size && memcmp(value, want, size) == 0),
		   "encoding the decoded value gives other bytes (%zu, was %zu)",
		   len, size);
	free(want);
	FUZZ_CHECK(richacl_xattr_size(acl) == size,
		   "richacl_xattr_size says %zu for %zu bytes",
		   richacl_xattr_size(acl), size);
	text = richacl_to_text(acl, RICHACL_TEXT_FULL |
				    RICHACL_TEXT_SHOW_MASKS |
				    RICHACL_TEXT_NUMERIC_IDS);
	FUZZ_CHECK(text || errno == ENOMEM, "an accepted value does not print");
	free(text);
	free(value);
	richacl_free(acl);
	return 0;
}
