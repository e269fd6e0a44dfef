// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What getrichacl and setrichacl say the same way (see tool.h).
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "tool.h"

noreturn void tool_bad_usage(void (*usage)(FILE *f))
{
	usage(stderr);
	fprintf(stderr, "Try '%s --help' for more information.\n", progname);
	exit(2);
}

void tool_file_error(const char *path, const char *reason)
{
	if (!reason)
		reason = strerror(errno);
	fflush(stdout);
	fprintf(stderr, "%s: %s: %s\n", progname, path, reason);
}

void tool_version(void)
{
	printf("%s (%s) %s\n", progname, PACKAGE_NAME, PACKAGE_VERSION);
}

long long tool_parse_id(const char *s)
{
	unsigned long long id;
	char *end;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	id = strtoull(s, &end, 10);
	if (*end || errno || id >= (unsigned int)-1)
		return -1;
	return id;
}
