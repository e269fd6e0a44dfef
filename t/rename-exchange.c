// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rename-exchange: swap two paths atomically, for t/guest/richacl-dir.bats.
 *
 *	rename-exchange PATH1 PATH2
 *
 * renameat2(RENAME_EXCHANGE), which coreutils 9.1 has no command for.
 * Through syscall(2) so that it builds with C libraries without the
 * wrapper.
 *
 * Exit status: 0 swapped; 1 usage or system error, with a message on
 * stderr as "rename-exchange: PATH1: PATH2: reason".
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <linux/fs.h>

static const char *progname = "rename-exchange";

int main(int argc, char *argv[])
{
	if (argc != 3) {
		fprintf(stderr, "Usage: %s PATH1 PATH2\n", progname);
		return 1;
	}
	if (syscall(SYS_renameat2, AT_FDCWD, argv[1], AT_FDCWD, argv[2],
		    RENAME_EXCHANGE) != 0) {
		fprintf(stderr, "%s: %s: %s: %s\n", progname, argv[1], argv[2],
			strerror(errno));
		return 1;
	}
	return 0;
}
