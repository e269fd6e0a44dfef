// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * renameat2: rename with one of renameat2(2)'s flags, for the guest suites.
 *
 *	renameat2 exchange|whiteout|noreplace OLD NEW
 *
 * exchange swaps OLD and NEW atomically; whiteout renames OLD to NEW and
 * leaves a whiteout (a character device 0:0) in OLD's place; noreplace
 * fails when NEW exists.  coreutils 9.1 has no command for the first two.
 * Through syscall(2) so that it builds with C libraries without the
 * wrapper.
 *
 * Exit status: 0 done; 1 usage or system error, with a message on stderr
 * as "renameat2: OLD: NEW: reason".
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <linux/fs.h>

static const char *progname = "renameat2";

static const struct {
	const char *name;
	unsigned int flag;
} flags[] = {
	{ "exchange", RENAME_EXCHANGE },
	{ "whiteout", RENAME_WHITEOUT },
	{ "noreplace", RENAME_NOREPLACE },
};

int main(int argc, char *argv[])
{
	size_t i;

	for (i = 0; argc == 4 && i < sizeof(flags) / sizeof(flags[0]); i++)
		if (strcmp(argv[1], flags[i].name) == 0)
			break;
	if (argc != 4 || i == sizeof(flags) / sizeof(flags[0])) {
		fprintf(stderr, "Usage: %s exchange|whiteout|noreplace OLD NEW\n",
			progname);
		return 1;
	}
	if (syscall(SYS_renameat2, AT_FDCWD, argv[2], AT_FDCWD, argv[3],
		    flags[i].flag) != 0) {
		fprintf(stderr, "%s: %s: %s: %s\n", progname, argv[2], argv[3],
			strerror(errno));
		return 1;
	}
	return 0;
}
