// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * richacl-xattr: convert between the text form and the system.richacl
 * value written in hex, for the tests of the xattr form (t/xattr.bats).
 *
 *	richacl-xattr encode TEXT	prints the value in lowercase hex
 *	richacl-xattr decode HEX	prints the acl (full, with masks,
 *					numeric ids, unaligned)
 *
 * HEX may contain blanks between bytes.  Exit status: 0 done; 1 invalid
 * input ("richacl-xattr: invalid value", "richacl-xattr: invalid hex",
 * or the text parser's message) or usage.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sys/richacl.h"

static const char *progname = "richacl-xattr";

static int fail(const char *message)
{
	fprintf(stderr, "%s: %s\n", progname, message);
	return 1;
}

static int hex_digit(int c)
{
	static const char digits[] = "0123456789abcdef";
	const char *p;

	if (c >= 'A' && c <= 'F')
		c += 'a' - 'A';
	p = c ? strchr(digits, c) : NULL;
	return p ? p - digits : -1;
}

/* Parse @hex (pairs of digits, blanks between pairs) into a new buffer. */
static unsigned char *unhex(const char *hex, size_t *size)
{
	unsigned char *value = malloc(strlen(hex) / 2 + 1);
	size_t len = 0;

	if (!value)
		return NULL;
	while (*hex) {
		int hi, lo;

		if (*hex == ' ' || *hex == '\t' || *hex == '\n') {
			hex++;
			continue;
		}
		hi = hex_digit(hex[0]);
		lo = hi < 0 ? -1 : hex_digit(hex[1]);
		if (lo < 0) {
			free(value);
			errno = EINVAL;
			return NULL;
		}
		value[len++] = hi << 4 | lo;
		hex += 2;
	}
	*size = len;
	return value;
}

static int encode(const char *text)
{
	struct richacl *acl;
	char *error = NULL;
	unsigned char *value;
	size_t size, n;

	acl = richacl_from_text(text, NULL, &error);
	if (!acl) {
		int status = fail(error ? error : strerror(errno));

		free(error);
		return status;
	}
	value = richacl_to_xattr(acl, &size);
	richacl_free(acl);
	if (!value)
		return fail(strerror(errno));
	for (n = 0; n < size; n++)
		printf("%02x", value[n]);
	putchar('\n');
	free(value);
	return 0;
}

static int decode(const char *hex)
{
	const unsigned int options = RICHACL_TEXT_FULL |
		RICHACL_TEXT_SHOW_MASKS | RICHACL_TEXT_NUMERIC_IDS |
		RICHACL_TEXT_UNALIGNED;
	struct richacl *acl;
	unsigned char *value;
	size_t size;
	char *text;

	value = unhex(hex, &size);
	if (!value)
		return fail(errno == EINVAL ? "invalid hex" : strerror(errno));
	acl = richacl_from_xattr(value, size);
	free(value);
	if (!acl)
		return fail(errno == EINVAL ? "invalid value" :
					      strerror(errno));
	text = richacl_to_text(acl, options);
	richacl_free(acl);
	if (!text)
		return fail(strerror(errno));
	fputs(text, stdout);
	free(text);
	return 0;
}

int main(int argc, char *argv[])
{
	if (argc == 3 && !strcmp(argv[1], "encode"))
		return encode(argv[2]);
	if (argc == 3 && !strcmp(argv[1], "decode"))
		return decode(argv[2]);
	fprintf(stderr, "Usage: %s encode TEXT | decode HEX\n", progname);
	return 1;
}
