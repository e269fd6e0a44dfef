// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * richacl-xattr-loop: the floor under getrichacl/getfacl and
 * setrichacl/setfacl: a plain loop of lgetxattr, or of lsetxattr, on many
 * files, with nothing else (no parsing, no formatting, no names).
 *
 *     richacl-xattr-loop get NAME FILE...   read NAME of every FILE
 *     richacl-xattr-loop set NAME FILE...   copy NAME of the first FILE
 *                                           to every FILE
 *
 * Exit status 0, or 1 when a call failed (named on stderr).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/xattr.h>

static const char *prog = "richacl-xattr-loop";

int main(int argc, char *argv[])
{
	static char value[65536];
	ssize_t size;
	int n, set;

	if (argc < 4 || (strcmp(argv[1], "get") && strcmp(argv[1], "set"))) {
		fprintf(stderr, "usage: %s get|set NAME FILE...\n", prog);
		return 2;
	}
	set = !strcmp(argv[1], "set");
	size = lgetxattr(argv[3], argv[2], value, sizeof(value));
	if (size < 0) {
		fprintf(stderr, "%s: %s: %s\n", prog, argv[3], strerror(errno));
		return 1;
	}
	for (n = 3; n < argc; n++) {
		if (set ? lsetxattr(argv[n], argv[2], value, size, 0) :
			  lgetxattr(argv[n], argv[2], value, sizeof(value)) < 0) {
			fprintf(stderr, "%s: %s: %s\n", prog, argv[n], strerror(errno));
			return 1;
		}
	}
	return 0;
}
