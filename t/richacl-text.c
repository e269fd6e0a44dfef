// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * richacl-text: parse an acl in text form and print it back, for the tests
 * of the text form (t/text.bats).
 *
 *	richacl-text [--long] [--full] [--raw] [--unaligned] [--numeric-ids]
 *		     [--dir] TEXT
 *
 * TEXT "-" is read from standard input.  --raw shows the masks and implies
 * --full, as in getrichacl.  Exit status: 0 printed; 1 usage or system
 * error; 2 the text is invalid ("richacl-text: MESSAGE" on stderr).
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sys/richacl.h"

static const char *progname = "richacl-text";

static const struct option long_options[] = {
	{ "long", no_argument, NULL, 'l' },
	{ "full", no_argument, NULL, 'f' },
	{ "raw", no_argument, NULL, 'r' },
	{ "unaligned", no_argument, NULL, 'u' },
	{ "numeric-ids", no_argument, NULL, 'n' },
	{ "dir", no_argument, NULL, 'd' },
	{ NULL, 0, NULL, 0 }
};

static void usage(void)
{
	fprintf(stderr, "Usage: %s [--long] [--full] [--raw] [--unaligned] "
		"[--numeric-ids] [--dir] TEXT\n", progname);
	exit(1);
}

/* All of standard input as a string. */
static char *read_stdin(void)
{
	size_t size = 0, len = 0;
	char *buf = NULL;

	for (;;) {
		size_t got;

		if (len + 1 >= size) {
			char *tmp;

			size = size ? 2 * size : 4096;
			tmp = realloc(buf, size);
			if (!tmp) {
				free(buf);
				return NULL;
			}
			buf = tmp;
		}
		got = fread(buf + len, 1, size - len - 1, stdin);
		len += got;
		if (got == 0)
			break;
	}
	if (ferror(stdin)) {
		free(buf);
		return NULL;
	}
	buf[len] = '\0';
	return buf;
}

int main(int argc, char *argv[])
{
	unsigned int options = 0;
	char *input = NULL, *error = NULL, *text;
	struct richacl *acl;
	int opt;

	while ((opt = getopt_long(argc, argv, "", long_options, NULL)) != -1) {
		switch (opt) {
		case 'l':
			options |= RICHACL_TEXT_LONG;
			break;
		case 'f':
			options |= RICHACL_TEXT_FULL;
			break;
		case 'r':
			options |= RICHACL_TEXT_FULL | RICHACL_TEXT_SHOW_MASKS;
			break;
		case 'u':
			options |= RICHACL_TEXT_UNALIGNED;
			break;
		case 'n':
			options |= RICHACL_TEXT_NUMERIC_IDS;
			break;
		case 'd':
			options |= RICHACL_TEXT_DIRECTORY;
			break;
		default:
			usage();
		}
	}
	if (optind != argc - 1)
		usage();
	if (!strcmp(argv[optind], "-")) {
		input = read_stdin();
		if (!input) {
			fprintf(stderr, "%s: standard input: %s\n", progname,
				strerror(errno));
			return 1;
		}
	}
	acl = richacl_from_text(input ? input : argv[optind], NULL, &error);
	free(input);
	if (!acl) {
		int status = error ? 2 : 1;

		fprintf(stderr, "%s: %s\n", progname,
			error ? error : strerror(errno));
		free(error);
		return status;
	}
	text = richacl_to_text(acl, options);
	richacl_free(acl);
	if (!text) {
		fprintf(stderr, "%s: %s\n", progname, strerror(errno));
		return 1;
	}
	fputs(text, stdout);
	free(text);
	return 0;
}
