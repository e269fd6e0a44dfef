// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * richacl-algo: run one algorithm of librichacl on acls in text form, for
 * the tests in t/algorithms.bats.
 *
 *	richacl-algo max-masks TEXT
 *	richacl-algo chmod [-d] MODE TEXT
 *	richacl-algo equiv-mode [-d] TEXT
 *	richacl-algo from-mode [-d] MODE
 *	richacl-algo inherit [-d] TEXT
 *	richacl-algo inherit-inode [-d] [-u UMASK] MODE TEXT
 *	richacl-algo auto-inherit [-d] PARENT CHILD
 *	richacl-algo modify TEXT CHANGES
 *
 * -d: the file is a directory.  MODE and UMASK are octal (UMASK defaults
 * to 0).  Acls are printed in the unaligned full form with masks and
 * numeric ids.  equiv-mode prints the mode (four octal digits) or "not
 * equivalent"; inherit prints "no acl" when nothing is inherited;
 * inherit-inode prints the new mode, then the acl or "no acl";
 * auto-inherit prints "changed" or "unchanged", then the child's acl.
 * Exit status: 0 done; 1 usage or system error; 2 invalid text.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sys/richacl.h"

#define SHOW (RICHACL_TEXT_FULL | RICHACL_TEXT_SHOW_MASKS | \
	      RICHACL_TEXT_UNALIGNED | RICHACL_TEXT_NUMERIC_IDS)

static const char *progname = "richacl-algo";

/* The command line after the command name. */
struct args {
	int isdir;
	mode_t umask;
	char **argv;	/* the operands */
	int argc;
};

static void usage(void)
{
	fprintf(stderr,
		"Usage: %s max-masks TEXT\n"
		"       %s chmod [-d] MODE TEXT\n"
		"       %s equiv-mode [-d] TEXT\n"
		"       %s from-mode [-d] MODE\n"
		"       %s inherit [-d] TEXT\n"
		"       %s inherit-inode [-d] [-u UMASK] MODE TEXT\n"
		"       %s auto-inherit [-d] PARENT CHILD\n"
		"       %s modify TEXT CHANGES\n",
		progname, progname, progname, progname, progname, progname,
		progname, progname);
	exit(1);
}

static void fail(const char *what)
{
	fprintf(stderr, "%s: %s: %s\n", progname, what, strerror(errno));
	exit(1);
}

static mode_t parse_mode(const char *text)
{
	char *end;
	unsigned long mode;

	errno = 0;
	mode = strtoul(text, &end, 8);
	if (errno || end == text || *end || mode > 07777) {
		fprintf(stderr, "%s: invalid mode '%s'\n", progname, text);
		exit(1);
	}
	return mode;
}

static struct richacl *parse_acl(const char *text)
{
	char *error = NULL;
	struct richacl *acl = richacl_from_text(text, NULL, &error);

	if (!acl) {
		if (!error)
			fail("richacl_from_text");
		fprintf(stderr, "%s: %s\n", progname, error);
		free(error);
		exit(2);
	}
	return acl;
}

/* Print @acl, or "no acl", and free it. */
static void print_acl(struct richacl *acl)
{
	char *text;

	if (!acl) {
		puts("no acl");
		return;
	}
	text = richacl_to_text(acl, SHOW);
	if (!text)
		fail("richacl_to_text");
	fputs(text, stdout);
	free(text);
	richacl_free(acl);
}

static mode_t file_type(const struct args *args)
{
	return args->isdir ? S_IFDIR : S_IFREG;
}

static void cmd_max_masks(struct args *args)
{
	struct richacl *acl = parse_acl(args->argv[0]);

	richacl_compute_max_masks(acl);
	print_acl(acl);
}

static void cmd_chmod(struct args *args)
{
	mode_t mode = parse_mode(args->argv[0]);
	struct richacl *acl = parse_acl(args->argv[1]);

	richacl_chmod(acl, file_type(args) | mode);
	print_acl(acl);
}

static void cmd_equiv_mode(struct args *args)
{
	struct richacl *acl = parse_acl(args->argv[0]);
	mode_t mode = file_type(args);

	if (richacl_equiv_mode(acl, &mode))
		puts("not equivalent");
	else
		printf("%04o\n", (unsigned int)(mode & 07777));
	richacl_free(acl);
}

static void cmd_from_mode(struct args *args)
{
	mode_t mode = parse_mode(args->argv[0]);
	struct richacl *acl = richacl_from_mode(file_type(args) | mode);

	if (!acl)
		fail("richacl_from_mode");
	print_acl(acl);
}

static void cmd_inherit(struct args *args)
{
	struct richacl *dir_acl = parse_acl(args->argv[0]);
	struct richacl *acl = richacl_inherit(dir_acl, args->isdir);

	if (!acl && errno)
		fail("richacl_inherit");
	richacl_free(dir_acl);
	print_acl(acl);
}

static void cmd_inherit_inode(struct args *args)
{
	mode_t mode = file_type(args) | parse_mode(args->argv[0]);
	struct richacl *dir_acl = parse_acl(args->argv[1]);
	struct richacl *acl = richacl_inherit_inode(dir_acl, &mode,
						    args->umask);

	if (!acl && errno)
		fail("richacl_inherit_inode");
	richacl_free(dir_acl);
	printf("%04o\n", (unsigned int)(mode & 07777));
	print_acl(acl);
}

static void cmd_auto_inherit(struct args *args)
{
	struct richacl *dir_acl = parse_acl(args->argv[0]);
	struct richacl *acl = parse_acl(args->argv[1]);
	int ret = richacl_auto_inherit(acl, dir_acl, args->isdir);

	if (ret < 0)
		fail("richacl_auto_inherit");
	richacl_free(dir_acl);
	puts(ret ? "changed" : "unchanged");
	print_acl(acl);
}

static void cmd_modify(struct args *args)
{
	struct richacl *acl = parse_acl(args->argv[0]);
	struct richacl *changes = parse_acl(args->argv[1]);

	if (richacl_modify(acl, changes))
		fail("richacl_modify");
	richacl_free(changes);
	print_acl(acl);
}

/* The commands; options "+...": getopt stops at the first operand. */
static const struct command {
	const char *name;
	const char *options;
	int operands;
	void (*run)(struct args *args);
} commands[] = {
	{ "max-masks", "+", 1, cmd_max_masks },
	{ "chmod", "+d", 2, cmd_chmod },
	{ "equiv-mode", "+d", 1, cmd_equiv_mode },
	{ "from-mode", "+d", 1, cmd_from_mode },
	{ "inherit", "+d", 1, cmd_inherit },
	{ "inherit-inode", "+du:", 2, cmd_inherit_inode },
	{ "auto-inherit", "+d", 2, cmd_auto_inherit },
	{ "modify", "+", 2, cmd_modify },
};

int main(int argc, char *argv[])
{
	const struct command *cmd = NULL;
	struct args args = { 0, 0, NULL, 0 };
	size_t n;
	int opt;

	if (argc < 2)
		usage();
	for (n = 0; n < sizeof(commands) / sizeof(commands[0]); n++)
		if (!strcmp(argv[1], commands[n].name))
			cmd = &commands[n];
	if (!cmd)
		usage();

	/* Options follow the command name, before the operands. */
	argc--;
	argv++;
	while ((opt = getopt(argc, argv, cmd->options)) != -1) {
		switch (opt) {
		case 'd':
			args.isdir = 1;
			break;
		case 'u':
			args.umask = parse_mode(optarg);
			break;
		default:
			usage();
		}
	}
	if (argc - optind != cmd->operands)
		usage();
	args.argv = argv + optind;
	args.argc = argc - optind;
	cmd->run(&args);
	if (fflush(stdout) || ferror(stdout))
		fail("standard output");
	return 0;
}
