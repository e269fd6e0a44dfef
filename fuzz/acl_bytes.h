/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Fuzz inputs as acls: every input decodes to a valid acl, so the
 * algorithm targets spend their time in the algorithms rather than in
 * the validation of the xattr decoder.
 */
#ifndef FUZZ_ACL_BYTES_H
#define FUZZ_ACL_BYTES_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "sys/richacl.h"

/* The file's owner and group, and the ids the entries draw from. */
#define FUZZ_OWNER	1
#define FUZZ_GROUP	10

/* A cursor over the input; reads past the end give zeros. */
struct fuzz_input {
	const uint8_t *data;
	size_t size, pos;
};

unsigned int fuzz_byte(struct fuzz_input *in);
unsigned int fuzz_u32(struct fuzz_input *in);

/*
 * The acl the input describes: a flags byte, three masks, then entries of
 * six bytes (type and who, flags, mask) up to @max_entries or the end of
 * the input.  NULL when out of memory or when the acl breaks a rule of
 * the xattr format (the caller skips the input).
 */
struct richacl *fuzz_acl(struct fuzz_input *in, unsigned int max_entries);

/* A broken invariant: say which, show the acls, abort for libFuzzer. */
#define FUZZ_CHECK(cond, ...) \
	do { \
		if (!(cond)) { \
			fprintf(stderr, "invariant broken: " __VA_ARGS__); \
			fprintf(stderr, "\n"); \
			abort(); \
		} \
	} while (0)

/* Print @acl to stderr under @label (for FUZZ_CHECK reports). */
void fuzz_show(const char *label, const struct richacl *acl);

#endif
