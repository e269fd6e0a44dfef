// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * from-mode-rule: files of every mode, and what getrichacl prints for files
 * without an acl by the 2015 rule (t/from_mode_rule.h), for
 * t/getrichacl.bats.  Does not use librichacl.
 *
 *	from-mode-rule create
 *	from-mode-rule show [--long] [--full] [--raw] [--unaligned]
 *			    [--numeric-ids] FILE...
 *
 * create makes, in the current directory, the files f000 to f777 and the
 * directories d000 to d777, each of the mode its name says.  show prints,
 * for each FILE, what getrichacl prints for it with these options if it
 * has no acl: "FILE:", the acl of its mode, a blank line.
 * Exit status: 0 done; 1 a file failed; 2 bad usage.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "from_mode_rule.h"

static const char *progname = "from-mode-rule";

static void usage(void)
{
	fprintf(stderr,
		"Usage: %s create\n"
		"       %s show [--long] [--full] [--raw] [--unaligned] "
		"[--numeric-ids] FILE...\n", progname, progname);
	exit(2);
}

static int file_error(const char *path)
{
	fprintf(stderr, "%s: %s: %s\n", progname, path, strerror(errno));
	return 1;
}

/* f000..f777 and d000..d777; chmod, so that the umask does not count. */
static int create(void)
{
	char name[8];
	unsigned int m;
	int fd;

	for (m = 0; m < 01000; m++) {
		snprintf(name, sizeof(name), "f%03o", m);
		fd = open(name, O_WRONLY | O_CREAT | O_EXCL, 0600);
		if (fd < 0 || close(fd) || chmod(name, m))
			return file_error(name);
		snprintf(name, sizeof(name), "d%03o", m);
		if (mkdir(name, 0700) || chmod(name, m))
			return file_error(name);
	}
	return 0;
}

static int show(char **argv)
{
	unsigned int opts = 0;
	char text[4096];
	int status = 0;
	size_t n;

	for (; *argv && !strncmp(*argv, "--", 2); argv++) {
		for (n = 0; n < RULE_NOPTIONS; n++)
			if (!strcmp(*argv, rule_options[n].name))
				break;
		if (n == RULE_NOPTIONS)
			usage();
		opts |= rule_options[n].option;
	}
	if (!*argv)
		usage();
	for (; *argv; argv++) {
		struct stat st;

		if (stat(*argv, &st)) {
			status = file_error(*argv);
			continue;
		}
		if (rule_text(text, sizeof(text), st.st_mode, opts)) {
			errno = ENAMETOOLONG;
			status = file_error(*argv);
			continue;
		}
		printf("%s:\n%s\n", *argv, text);
	}
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "%s: write error: %s\n", progname,
			strerror(errno));
		status = 1;
	}
	return status;
}

int main(int argc, char *argv[])
{
	if (argc == 2 && !strcmp(argv[1], "create"))
		return create();
	if (argc >= 2 && !strcmp(argv[1], "show"))
		return show(argv + 2);
	usage();
	return 2;
}
