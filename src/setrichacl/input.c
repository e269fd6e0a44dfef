// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Reading ACL files (see input.h).
 */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../tool.h"
#include "input.h"

char *read_input(const char *path)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
	size_t size = 0, alloc = 4096, got;
	char *buf = NULL, *tmp;
	int saved;

	if (!f)
		return NULL;
	errno = 0;
	for (;;) {
		tmp = realloc(buf, alloc + 1);
		if (!tmp)
			goto fail;
		buf = tmp;
		got = fread(buf + size, 1, alloc - size, f);
		size += got;
		if (size < alloc)
			break;
		alloc *= 2;
	}
	if (ferror(f)) {
		if (!errno)
			errno = EIO;
		goto fail;
	}
	buf[size] = '\0';
	if (f != stdin)
		fclose(f);
	return buf;

fail:
	saved = errno;
	free(buf);
	if (f != stdin)
		fclose(f);
	errno = saved;
	return NULL;
}

/* Is the line @line (@len characters) a "NAME:" header of getrichacl? */
static bool is_header(const char *line, size_t len)
{
	while (len && (line[len - 1] == ' ' || line[len - 1] == '\t' ||
		       line[len - 1] == '\r'))
		len--;
	return len > 1 && line[len - 1] == ':' && strncmp(line, "flags:", 6);
}

int prepare_acl_text(char *text, const char *source)
{
	unsigned int lineno = 0, files = 0;
	bool acl_text = false;
	char *line, *eol;

	for (line = text; *line; line = *eol ? eol + 1 : eol) {
		const char *start = line + strspn(line, " \t\r");
		size_t len;

		eol = strchrnul(line, '\n');
		len = eol - line;
		lineno++;
		if (*start == '#') {
			if (!strncmp(start, "# file:", 7) && ++files > 1)
				goto several;
		} else if (is_header(line, len)) {
			if (++files > 1 || acl_text)
				goto several;
		} else {
			acl_text |= start != eol;
			continue;
		}
		memset(line, ' ', len);
	}
	return 0;

several:
	fprintf(stderr, "%s: %s: line %u: '%.*s' starts the ACL of another "
		"file; only one may be given (setrichacl --restore takes "
		"many)\n", progname, source, lineno, (int)(eol - line), line);
	return -1;
}
