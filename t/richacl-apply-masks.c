// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * richacl-apply-masks: apply the file masks of an acl, for
 * t/apply_masks.bats.
 *
 *	richacl-apply-masks [-o OWNER] [-m MODE [-d]] TEXT
 *
 * The file is owned by OWNER (numeric, default 0).  With -m, the acl is
 * first chmod'ed to the octal MODE (of a directory with -d, else of a
 * regular file).  The result is printed in the unaligned full short form
 * with numeric ids, without masks (it has no masked flag).
 * Exit status: 0 printed; 1 usage or system error; 2 invalid text.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sys/richacl.h"

static const char *progname = "richacl-apply-masks";

static void usage(void)
{
	fprintf(stderr, "Usage: %s [-o OWNER] [-m MODE [-d]] TEXT\n",
		progname);
	exit(1);
}

static unsigned long parse_number(const char *text, int base,
				  unsigned long max)
{
	unsigned long n;
	char *end;

	errno = 0;
	n = strtoul(text, &end, base);
	if (errno || end == text || *end || *text == '-' || n > max) {
		fprintf(stderr, "%s: invalid number '%s'\n", progname, text);
		exit(1);
	}
	return n;
}

int main(int argc, char *argv[])
{
	mode_t type = S_IFREG, mode = 0;
	int opt, do_chmod = 0;
	uid_t owner = 0;
	struct richacl *acl;
	char *error = NULL, *text;

	while ((opt = getopt(argc, argv, "o:m:d")) != -1) {
		switch (opt) {
		case 'o':
			owner = parse_number(optarg, 10, (uid_t)-2);
			break;
		case 'm':
			mode = parse_number(optarg, 8, 07777);
			do_chmod = 1;
			break;
		case 'd':
			type = S_IFDIR;
			break;
		default:
			usage();
		}
	}
	if (optind != argc - 1)
		usage();

	acl = richacl_from_text(argv[optind], NULL, &error);
	if (!acl) {
		fprintf(stderr, "%s: %s\n", progname,
			error ? error : strerror(errno));
		free(error);
		return 2;
	}
	if (do_chmod)
		richacl_chmod(acl, type | mode);
	if (richacl_apply_masks(acl, owner)) {
		fprintf(stderr, "%s: %s\n", progname, strerror(errno));
		richacl_free(acl);
		return 1;
	}
	text = richacl_to_text(acl, RICHACL_TEXT_FULL |
				    RICHACL_TEXT_UNALIGNED |
				    RICHACL_TEXT_NUMERIC_IDS);
	richacl_free(acl);
	if (!text) {
		perror(progname);
		return 1;
	}
	fputs(text, stdout);
	free(text);
	return 0;
}
