// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What getrichacl and setrichacl say the same way (see tool.h).
 */
#include "config.h"

#include <errno.h>
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
