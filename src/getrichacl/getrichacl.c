// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getrichacl: show the RichACL of files, or what it grants a user.
 *
 * Exit status: 0 when every file was shown, 1 when some file failed, 2 on
 * bad usage.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <grp.h>
#include <limits.h>
#include <pwd.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sys/richacl.h"
#include "../quote.h"
#include "../tool.h"
#include "../walk.h"

const char *progname = "getrichacl";

/* Options without a short form. */
enum {
	OPT_FULL = 256,
	OPT_RAW,
	OPT_UNALIGNED,
	OPT_NUMERIC_IDS,
	OPT_DUMP,
};

static const struct option long_options[] = {
	{ "long",	 no_argument,	    NULL, 'l' },
	{ "full",	 no_argument,	    NULL, OPT_FULL },
	{ "raw",	 no_argument,	    NULL, OPT_RAW },
	{ "unaligned",	 no_argument,	    NULL, OPT_UNALIGNED },
	{ "numeric-ids", no_argument,	    NULL, OPT_NUMERIC_IDS },
	{ "access",	 optional_argument, NULL, 'a' },
	{ "dump",	 no_argument,	    NULL, OPT_DUMP },
	{ "recursive",	 no_argument,	    NULL, 'R' },
	{ "logical",	 no_argument,	    NULL, 'L' },
	{ "physical",	 no_argument,	    NULL, 'P' },
	{ "version",	 no_argument,	    NULL, 'v' },
	{ "help",	 no_argument,	    NULL, 'h' },
	{ NULL,		 0,		    NULL, 0 }
};

/* The text options each display option adds. */
static const struct {
	int opt;
	unsigned int text_options;
} text_option_map[] = {
	{ 'l',		   RICHACL_TEXT_LONG },
	{ OPT_FULL,	   RICHACL_TEXT_FULL },
	{ OPT_RAW,	   RICHACL_TEXT_FULL | RICHACL_TEXT_SHOW_MASKS },
	{ OPT_UNALIGNED,   RICHACL_TEXT_UNALIGNED },
	{ OPT_NUMERIC_IDS, RICHACL_TEXT_NUMERIC_IDS },
};

static void usage(FILE *f)
{
	fprintf(f, "Usage: %s [OPTION]... FILE...\n", progname);
}

static void help(void)
{
	usage(stdout);
	fputs(
"Show the RichACL of each FILE; a file without one is shown with the ACL\n"
"its mode bits stand for.  By default the effective ACL (file masks\n"
"applied) is shown.  Names are quoted: a backslash or control character\n"
"is shown as a backslash and three octal digits ('\\012' for a newline).\n"
"\n"
"  -l, --long             long permission and flag names\n"
"      --full             also show the permissions always granted (a, c, S)\n"
"      --raw              show the stored ACL and its file masks\n"
"      --unaligned        do not align the columns\n"
"      --numeric-ids      show user and group ids, not names\n"
"      --dump             the dump form: for each file a '# file: NAME' line,\n"
"                         its owner, group and special mode bits as comments,\n"
"                         then the stored ACL as --raw shows it, for\n"
"                         'setrichacl --restore'\n"
"  -R, --recursive        also show the files below each directory, in the\n"
"                         dump form (unless --access is given)\n"
"  -L, --logical          with -R, follow every symbolic link\n"
"  -P, --physical         with -R, follow no symbolic link, and skip symbolic\n"
"                         links named on the command line (by default only\n"
"                         those are followed)\n"
"  -a, --access[=USER[:GROUP:...]]  show the permissions granted to USER\n"
"                         (name or id) as a member of its primary group and\n"
"                         of GROUPs (default: USER's groups); without USER,\n"
"                         to the caller\n"
"  -v, --version          print the version and exit\n"
"  -h, --help             print this help and exit\n"
"\n"
"Exit status: 0 if all is well, 1 if a file could not be shown, 2 on bad\n"
"usage.\n", stdout);
}

static void file_error(const char *path)
{
	tool_file_error(path, errno == EOPNOTSUPP ? "file has a POSIX ACL" :
			NULL);
}

/* Who --access asks for; owns @groups. */
struct who {
	struct richacl_cred cred;
	gid_t *groups;
};

/* The caller: effective uid, gid and supplementary groups. */
static int caller_cred(struct who *who)
{
	int n = getgroups(0, NULL);

	if (n < 0)
		return -1;
	who->groups = calloc(n ? n : 1, sizeof(gid_t));
	if (!who->groups)
		return -1;
	n = getgroups(n, who->groups);
	if (n < 0)
		return -1;
	who->cred.uid = geteuid();
	who->cred.gid = getegid();
	who->cred.groups = who->groups;
	who->cred.ngroups = n;
	return 0;
}

/* A group name or id, or -1 with a message. */
static long long lookup_group(const char *name)
{
	struct group *gr = getgrnam(name);
	long long id;

	if (gr)
		return gr->gr_gid;
	id = tool_parse_id(name);
	if (id < 0)
		fprintf(stderr, "%s: unknown group '%s'\n", progname, name);
	return id;
}

/* The user groups of the passwd entry @pw (getgrouplist). */
static int user_groups(struct who *who, const struct passwd *pw)
{
	int n = 16;

	for (;;) {
		int got = n;
		gid_t *groups = realloc(who->groups, n * sizeof(gid_t));

		if (!groups)
			return -1;
		who->groups = groups;
		if (getgrouplist(pw->pw_name, pw->pw_gid, groups, &got) >= 0) {
			who->cred.groups = groups;
			who->cred.ngroups = got;
			return 0;
		}
		if (got <= n)
			got = 2 * n;
		n = got;
	}
}

/*
 * Parse "USER[:GROUP:...]": USER (name or id) with its primary group, and
 * the GROUPs as supplementary groups; with no GROUP, USER's groups.  A
 * numeric USER without a passwd entry has no primary group.  Returns 0, or
 * -1 after a message.
 */
static int parse_who(struct who *who, char *arg)
{
	char *user = strsep(&arg, ":");
	struct passwd *pw = getpwnam(user);
	long long id;

	if (!pw) {
		id = tool_parse_id(user);
		if (id < 0) {
			fprintf(stderr, "%s: unknown user '%s'\n", progname,
				user);
			return -1;
		}
		pw = getpwuid(id);
		who->cred.uid = id;
	} else {
		who->cred.uid = pw->pw_uid;
	}
	who->cred.gid = pw ? pw->pw_gid : (gid_t)-1;
	if (!arg) {
		if (pw && user_groups(who, pw)) {
			perror(progname);
			return -1;
		}
		return 0;
	}
	while (arg) {
		char *name = strsep(&arg, ":");
		gid_t *groups;

		id = lookup_group(name);
		if (id < 0)
			return -1;
		groups = realloc(who->groups,
				 (who->cred.ngroups + 1) * sizeof(gid_t));
		if (!groups) {
			perror(progname);
			return -1;
		}
		who->groups = groups;
		groups[who->cred.ngroups++] = id;
		who->cred.groups = groups;
	}
	return 0;
}

/* What to show of each file. */
struct show {
	unsigned int text_options;
	bool dump;		/* the dump form (--dump, -R) */
	const struct who *who;	/* --access: what the acl grants whom */
	struct richacl_names *names;	/* each id looked up once */
};

/*
 * The name of uid or gid @id (@is_group), or the number; for the dump.
 * -1 with errno when out of memory.
 */
static int print_id(const char *what, unsigned int id, bool is_group,
		    const struct show *show)
{
	const char *name = NULL;

	if (!(show->text_options & RICHACL_TEXT_NUMERIC_IDS)) {
		name = richacl_id_name(show->names, id, is_group);
		if (!name && errno)
			return -1;
	}
	if (name)
		printf("# %s: %s\n", what, name);
	else
		printf("# %s: %u\n", what, id);
	return 0;
}

/*
 * The comment lines that start a file's block in the dump form: the name,
 * owner and group, and the set-user-ID, set-group-ID and sticky bits as
 * getfacl shows them ("s", "s" and "t", or "-").
 */
static int print_dump_header(const char *path, const struct stat *st,
			     const struct show *show)
{
	fputs("# file: ", stdout);
	quote_name(stdout, path);
	putchar('\n');
	if (print_id("owner", st->st_uid, false, show) ||
	    print_id("group", st->st_gid, true, show))
		return -1;
	if (st->st_mode & 07000)
		printf("# flags: %c%c%c\n",
		       st->st_mode & S_ISUID ? 's' : '-',
		       st->st_mode & S_ISGID ? 's' : '-',
		       st->st_mode & S_ISVTX ? 't' : '-');
	return 0;
}

/* Show the acl of one file of the walk (or, with --access, what it grants). */
static int print_acl(const struct walk_file *file, void *data)
{
	const struct show *show = data;
	unsigned int text_options = show->text_options;
	struct richacl *acl;
	char *text = NULL;
	int ret = 1;

	acl = richacl_get_or_from_given_mode(file->at, file->st.st_mode);
	if (!acl)
		goto fail;
	if (S_ISDIR(file->st.st_mode))
		text_options |= RICHACL_TEXT_DIRECTORY;
	if (show->who) {
		unsigned int mask = richacl_access(acl, file->st.st_uid,
						   file->st.st_gid,
						   &show->who->cred,
						   RICHACE_VALID_MASK);

		text = richacl_mask_to_text(mask, text_options |
						  RICHACL_TEXT_UNALIGNED);
		if (text) {
			printf("%s  ", *text ? text : "-");
			quote_name(stdout, file->path);
			putchar('\n');
		}
	} else {
		if (!(text_options & RICHACL_TEXT_SHOW_MASKS) &&
		    richacl_apply_masks(acl, file->st.st_uid))
			goto fail_free;
		text = richacl_to_text_names(acl, text_options, show->names);
		if (text && show->dump) {
			if (print_dump_header(file->path, &file->st, show))
				goto fail_text;
			printf("%s\n", text);
		} else if (text) {
			quote_name(stdout, file->path);
			printf(":\n%s\n", text);
		}
	}
	if (text)
		ret = 0;
fail_text:
	free(text);
fail_free:
	richacl_free(acl);
fail:
	if (ret)
		file_error(file->path);
	return ret;
}

int main(int argc, char *argv[])
{
	enum walk_symlinks symlinks = WALK_ARGUMENTS;
	struct show show = { .text_options = 0 };
	struct who who = { .groups = NULL };
	bool recursive = false;
	char *access = NULL;
	int want_access = 0;
	int status = 0;
	int opt;
	size_t n;

	argv[0] = (char *)progname;	/* for the messages of getopt */
	while ((opt = getopt_long(argc, argv, "la::RLPvh", long_options,
				  NULL)) != -1) {
		switch (opt) {
		case 'a':
			want_access = 1;
			access = optarg;
			/* Accept "-a=USER" like "--access=USER". */
			if (access && *access == '=')
				access++;
			break;
		case OPT_DUMP:
			show.dump = true;
			break;
		case 'v':
			tool_version();
			return 0;
		case 'h':
			help();
			return 0;
		case '?':
			tool_bad_usage(usage);
			break;
		default:
			if (walk_option(opt, &recursive, &symlinks))
				break;
			for (n = 0; n < sizeof(text_option_map) /
					sizeof(*text_option_map); n++)
				if (text_option_map[n].opt == opt)
					show.text_options |=
						text_option_map[n].text_options;
			break;
		}
	}
	if (optind == argc)
		tool_bad_usage(usage);
	if (want_access && show.dump) {
		fprintf(stderr, "%s: --access and --dump cannot be combined\n",
			progname);
		tool_bad_usage(usage);
	}
	if (want_access) {
		int ret = access ? parse_who(&who, access) : caller_cred(&who);

		if (ret) {
			if (!access)
				perror(progname);
			free(who.groups);
			return 2;
		}
	}

	if (want_access)
		show.who = &who;
	else if (recursive)
		show.dump = true;
	if (show.dump)
		show.text_options |= RICHACL_TEXT_FULL | RICHACL_TEXT_SHOW_MASKS;
	show.names = richacl_names_alloc();
	if (!show.names) {
		perror(progname);
		free(who.groups);
		return 1;
	}
	for (; optind < argc; optind++) {
		/* One file by name: the fewest system calls (a stat, a read). */
		if (recursive ?
		    walk(argv[optind], true, symlinks, print_acl, &show) :
		    walk_by_name(argv[optind], print_acl, &show))
			status = 1;
	}
	richacl_names_free(show.names);
	free(who.groups);
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "%s: write error: %s\n", progname,
			strerror(errno));
		status = 1;
	}
	return status;
}
