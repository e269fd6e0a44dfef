// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Quoting file names in the tools' output (see quote.h).
 */
#include "config.h"

#include "quote.h"

static int needs_quoting(unsigned char c)
{
	return c == '\\' || c < 0x20 || c == 0x7f;
}

void quote_name(FILE *f, const char *name)
{
	const unsigned char *p;

	for (p = (const unsigned char *)name; *p; p++) {
		if (needs_quoting(*p))
			fprintf(f, "\\%03o", *p);
		else
			putc(*p, f);
	}
}

static int is_octal(char c)
{
	return c >= '0' && c <= '7';
}

int unquote_name(char *name)
{
	char *in = name, *out = name;

	while (*in) {
		if (in[0] == '\\' && is_octal(in[1]) && is_octal(in[2]) &&
		    is_octal(in[3]) && in[1] <= '3') {
			char c = (char)((in[1] - '0') << 6 |
					(in[2] - '0') << 3 | (in[3] - '0'));

			if (!c)
				return -1;
			*out++ = c;
			in += 4;
		} else {
			*out++ = *in++;
		}
	}
	*out = '\0';
	return 0;
}
