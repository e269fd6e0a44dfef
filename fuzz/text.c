// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz target: the text parser.  Any input may be rejected, but never
 * crash; an acl the parser accepts prints in each layout as text that
 * parses back to the same acl.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "acl_bytes.h"

static const unsigned int layouts[] = {
	0,
	RICHACL_TEXT_UNALIGNED,
	RICHACL_TEXT_LONG,
	RICHACL_TEXT_LONG | RICHACL_TEXT_UNALIGNED | RICHACL_TEXT_DIRECTORY,
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const unsigned int base = RICHACL_TEXT_FULL | RICHACL_TEXT_SHOW_MASKS |
				  RICHACL_TEXT_NUMERIC_IDS;
	char *text = malloc(size + 1), *error = NULL;
	struct richacl *acl;
	unsigned int l, given;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	acl = richacl_from_text(text, &given, &error);
	FUZZ_CHECK(acl || error || errno == ENOMEM,
		   "a rejected text has no message: '%s'", text);
	free(error);
	free(text);
	if (!acl)
		return 0;
	for (l = 0; l < sizeof(layouts) / sizeof(layouts[0]); l++) {
		char *out = richacl_to_text(acl, base | layouts[l]);
		struct richacl *back;

		if (!out)
			continue;
		error = NULL;
		back = richacl_from_text(out, NULL, &error);
		if (!back || !richacl_equal(acl, back)) {
			fuzz_show("parsed", acl);
			fuzz_show("reparsed", back);
		}
		FUZZ_CHECK(back && richacl_equal(acl, back),
			   "options 0x%x: text does not parse back (%s):\n%s",
			   base | layouts[l], error ? error : "different acl",
			   out);
		richacl_free(back);
		free(out);
	}
	richacl_free(acl);
	return 0;
}
