// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setrichacl: set, modify or remove the RichACL of files.
 *
 * All ACL input is read and parsed before any file is touched.  Each file
 * then gets its new ACL in one write: the mode alone when the ACL says no
 * more than a mode can, else the whole system.richacl value.  Setting an
 * ACL with the auto_inherit flag on a directory propagates automatic
 * inheritance to the tree below.
 *
 * Exit status: 0 when every file was done, 1 when some file failed, 2 on
 * bad usage or bad ACL text (no file touched then).
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "sys/richacl.h"
#include "../tool.h"

const char *progname = "setrichacl";

enum action {
	ACTION_NONE,
	ACTION_SET,
	ACTION_MODIFY,
	ACTION_REMOVE,
};

static const struct option long_options[] = {
	{ "modify",	 required_argument, NULL, 'm' },
	{ "modify-file", required_argument, NULL, 'M' },
	{ "set",	 required_argument, NULL, 's' },
	{ "set-file",	 required_argument, NULL, 'S' },
	{ "remove",	 no_argument,	    NULL, 'b' },
	{ "version",	 no_argument,	    NULL, 'v' },
	{ "help",	 no_argument,	    NULL, 'h' },
	{ NULL,		 0,		    NULL, 0 }
};

/* What each action option does; the *-file ones name a file to read. */
static const struct {
	int opt;
	enum action action;
	int from_file;
} action_map[] = {
	{ 'm', ACTION_MODIFY, 0 },
	{ 'M', ACTION_MODIFY, 1 },
	{ 's', ACTION_SET,    0 },
	{ 'S', ACTION_SET,    1 },
	{ 'b', ACTION_REMOVE, 0 },
};

/* The file masks and whether richacl_from_text() saw each of them. */
static const struct {
	unsigned int given;
	size_t offset;
} mask_map[] = {
#define MASK(given, field) { given, offsetof(struct richacl, field) }
	MASK(RICHACL_TEXT_OWNER_MASK_GIVEN, a_owner_mask),
	MASK(RICHACL_TEXT_GROUP_MASK_GIVEN, a_group_mask),
	MASK(RICHACL_TEXT_OTHER_MASK_GIVEN, a_other_mask),
#undef MASK
};

#define ARRAY_SIZE(a) (sizeof(a) / sizeof(*(a)))

static unsigned int *mask_of(struct richacl *acl, size_t n)
{
	return (unsigned int *)((char *)acl + mask_map[n].offset);
}

static void usage(FILE *f)
{
	fprintf(f, "Usage: %s {--set|--modify} ACL FILE...\n"
		   "       %s {--set-file|--modify-file} ACL_FILE FILE...\n"
		   "       %s --remove FILE...\n",
		progname, progname, progname);
}

static void help(void)
{
	usage(stdout);
	fputs(
"Set, modify or remove the RichACL of each FILE.\n"
"\n"
"  -s, --set ACL           replace the ACL of the files with ACL\n"
"  -S, --set-file FILE     the same, with the ACL read from FILE ('-': stdin)\n"
"  -m, --modify ACL        add the entries of ACL, or change the matching\n"
"                          ones (an entry without permissions removes them)\n"
"  -M, --modify-file FILE  the same, with the entries read from FILE\n"
"  -b, --remove            remove the ACL, keeping the mode\n"
"  -v, --version           print the version and exit\n"
"  -h, --help              print this help and exit\n"
"\n"
"ACL entries are separated by commas, whitespace or newlines; a first line\n"
"'NAME:' in an ACL file is skipped, so that 'getrichacl f | setrichacl\n"
"--set-file - g' copies an ACL.  File masks not given are computed.  An ACL\n"
"that a mode can express is stored as that mode.  An ACL with the\n"
"auto_inherit flag set on a directory is propagated to the tree below.\n"
"\n"
"Exit status: 0 if all is well, 1 if a file could not be changed, 2 on bad\n"
"usage or a bad ACL (no file is changed then).\n", stdout);
}

/* The ACL given on the command line and what its text set. */
struct request {
	enum action action;
	struct richacl *acl;
	unsigned int given;
};

/* Read all of @path ('-': standard input); malloc'ed, NULL with errno. */
static char *read_file(const char *path)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
	size_t size = 0, alloc = 4096, got;
	char *buf = NULL, *tmp;
	int saved;

	if (!f)
		return NULL;
	for (;;) {
		tmp = realloc(buf, alloc + 1);
		if (!tmp)
			goto fail;
		buf = tmp;
		got = fread(buf + size, 1, alloc - size, f);
		size += got;
		if (size < alloc)
			break;
		alloc *= 2;
	}
	if (ferror(f)) {
		errno = EIO;
		goto fail;
	}
	buf[size] = '\0';
	if (f != stdin)
		fclose(f);
	return buf;

fail:
	saved = errno;
	free(buf);
	if (f != stdin)
		fclose(f);
	errno = saved;
	return NULL;
}

/* Skip a first line "NAME:" (the header getrichacl prints). */
static const char *skip_name_line(const char *text)
{
	const char *eol = strchr(text, '\n');

	if (eol && eol > text && eol[-1] == ':')
		return eol + 1;
	return text;
}

/* Parse the ACL text into @req; 0, or -1 after a message. */
static int parse_acl(struct request *req, const char *text)
{
	char *error = NULL;

	req->acl = richacl_from_text(text, &req->given, &error);
	if (req->acl)
		return 0;
	if (error)
		fprintf(stderr, "%s: %s\n", progname, error);
	else
		perror(progname);
	free(error);
	return -1;
}

/* Read and parse the ACL of @req from @arg (or the file it names). */
static int read_acl(struct request *req, const char *arg, int from_file)
{
	char *text;
	int ret;

	if (!from_file)
		return parse_acl(req, arg);
	text = read_file(arg);
	if (!text) {
		fprintf(stderr, "%s: %s: %s\n", progname, arg,
			strerror(errno));
		return -1;
	}
	ret = parse_acl(req, skip_name_line(text));
	free(text);
	return ret;
}

/*
 * Compute the file masks that @given does not say are set in @acl, keeping
 * those given and the flags (richacl_compute_max_masks() clears masked and
 * write_through, which given masks may need).
 */
static void fill_masks(struct richacl *acl, unsigned int given)
{
	unsigned int masks[ARRAY_SIZE(mask_map)];
	unsigned char flags = acl->a_flags;
	size_t n;

	for (n = 0; n < ARRAY_SIZE(mask_map); n++)
		masks[n] = *mask_of(acl, n);
	richacl_compute_max_masks(acl);
	for (n = 0; n < ARRAY_SIZE(mask_map); n++)
		if (given & mask_map[n].given)
			*mask_of(acl, n) = masks[n];
	acl->a_flags = flags;
}

/*
 * Store @acl as the acl of @path (whose st_mode is @st_mode) in one write.
 * An acl a mode can express is stored as that mode: a file that has a
 * RichACL (@stored) gets the acl, which the kernel turns into the mode
 * (keeping the setuid, setgid and sticky bits) while it drops the stored
 * one; a file without one is simply chmod'ed, which also works where
 * RichACLs are not supported.  Any other acl is stored whole.  0, or -1
 * with errno.
 */
static int write_acl(const char *path, mode_t st_mode,
		     const struct richacl *acl, int stored)
{
	mode_t mode = st_mode;

	if (stored || richacl_equiv_mode(acl, &mode))
		return richacl_set_file(path, acl);
	return chmod(path, (st_mode & 07000) | (mode & 0777));
}

/*
 * The tree walk of automatic inheritance.  Each file is opened with
 * O_PATH | O_NOFOLLOW relative to its (open) directory and then reached
 * only through /proc/self/fd/N, so that a directory replaced by a symlink
 * during the walk cannot lead it elsewhere.
 */
struct walk {
	char *path;		/* the current path, for messages */
	size_t alloc;
	int status;		/* 1 when some file failed */
};

static void walk_error(struct walk *walk)
{
	tool_file_error(walk->path, NULL);
	walk->status = 1;
}

/* Append "/NAME" to walk->path; 0, or -1 with errno. */
static int walk_push(struct walk *walk, size_t len, const char *name)
{
	size_t need = len + strlen(name) + 2;

	if (need > walk->alloc) {
		char *path = realloc(walk->path, need);

		if (!path)
			return -1;
		walk->path = path;
		walk->alloc = need;
	}
	sprintf(walk->path + len, "%s%s",
		len && walk->path[len - 1] == '/' ? "" : "/", name);
	return 0;
}

static void propagate(struct walk *walk, int dirfd,
		      const struct richacl *dir_acl);

/*
 * Automatic inheritance into the file @name of the directory @dirfd from
 * the directory's @dir_acl: only a non-symlink whose acl has auto_inherit
 * and not protected takes part; it is written when it changed, and a
 * directory passes its new acl on to its own children.
 */
static void inherit_one(struct walk *walk, int dirfd, const char *name,
			const struct richacl *dir_acl)
{
	struct richacl *acl = NULL;
	char proc[32];
	struct stat st;
	int fd, changed;

	fd = openat(dirfd, name, O_PATH | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st))
		goto fail;
	if (S_ISLNK(st.st_mode))
		goto out;
	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
	acl = richacl_get_file(proc);
	if (!acl) {
		if (errno != ENODATA && errno != EOPNOTSUPP)
			goto fail;
		goto out;
	}
	if (!(acl->a_flags & RICHACL_AUTO_INHERIT) ||
	    (acl->a_flags & RICHACL_PROTECTED))
		goto out;
	changed = richacl_auto_inherit(acl, dir_acl, S_ISDIR(st.st_mode));
	if (changed < 0 ||
	    (changed > 0 && write_acl(proc, st.st_mode, acl, 1)))
		goto fail;
	if (S_ISDIR(st.st_mode)) {
		int subfd = openat(fd, ".", O_RDONLY | O_DIRECTORY |
					    O_CLOEXEC);

		if (subfd < 0)
			goto fail;
		propagate(walk, subfd, acl);
	}
	goto out;

fail:
	walk_error(walk);
out:
	richacl_free(acl);
	if (fd >= 0)
		close(fd);
}

/*
 * Automatic inheritance into the children of the directory @dirfd (which
 * this closes), walk->path.
 */
static void propagate(struct walk *walk, int dirfd,
		      const struct richacl *dir_acl)
{
	size_t len = strlen(walk->path);
	struct dirent *d;
	DIR *dir;

	dir = fdopendir(dirfd);
	if (!dir) {
		close(dirfd);
		walk_error(walk);
		return;
	}
	while ((errno = 0, d = readdir(dir))) {
		if (!strcmp(d->d_name, ".") || !strcmp(d->d_name, ".."))
			continue;
		if (walk_push(walk, len, d->d_name)) {
			walk_error(walk);
			closedir(dir);
			return;
		}
		inherit_one(walk, dirfd, d->d_name, dir_acl);
		walk->path[len] = '\0';
	}
	if (errno)
		walk_error(walk);
	closedir(dir);
}

/* Propagate automatic inheritance below the directory @path; 0 or 1. */
static int auto_inherit_tree(const char *path, const struct richacl *acl)
{
	struct walk walk = { .path = strdup(path) };
	int fd;

	if (!walk.path) {
		tool_file_error(path, NULL);
		return 1;
	}
	walk.alloc = strlen(path) + 1;
	fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		walk_error(&walk);
	else
		propagate(&walk, fd, acl);
	free(walk.path);
	return walk.status;
}

/*
 * The acl @req gives a file owned by @owner whose current acl is @old
 * (consumed; NULL when unreadable and @req sets a new one).  NULL with
 * errno on failure.
 */
static struct richacl *new_acl(const struct request *req, struct richacl *old,
			       uid_t owner)
{
	struct richacl *acl = old;
	size_t n;

	if (req->action == ACTION_SET) {
		richacl_free(old);
		acl = richacl_clone(req->acl);
		if (!acl)
			return NULL;
	} else {
		if (richacl_apply_masks(acl, owner) ||
		    richacl_modify(acl, req->acl)) {
			richacl_free(acl);
			return NULL;
		}
		if (req->given & RICHACL_TEXT_FLAGS_GIVEN)
			acl->a_flags = req->acl->a_flags;
		for (n = 0; n < ARRAY_SIZE(mask_map); n++)
			*mask_of(acl, n) = *mask_of(req->acl, n);
	}
	fill_masks(acl, req->given);
	return acl;
}

/* Do @req to @path; 0 when all went well, 1 when not. */
static int change_file(const char *path, const struct request *req)
{
	struct richacl *old, *acl;
	struct stat st;
	int stored, status;

	if (req->action == ACTION_REMOVE) {
		if (removexattr(path, RICHACL_XATTR) && errno != ENODATA)
			goto fail;
		return 0;
	}
	if (stat(path, &st))
		goto fail;
	old = richacl_get_file(path);
	stored = old || (errno != ENODATA && errno != EOPNOTSUPP);
	if (!stored)
		old = richacl_get_or_from_mode(path, NULL);
	if (!old) {
		if (errno == EOPNOTSUPP) {
			fflush(stdout);
			fprintf(stderr, "%s: %s: file has a POSIX ACL\n",
				progname, path);
			return 1;
		}
		/* --set replaces an unreadable (corrupt) acl. */
		if (req->action != ACTION_SET ||
		    (errno != EINVAL && errno != EIO))
			goto fail;
	}
	acl = new_acl(req, old, st.st_uid);
	if (!acl)
		goto fail;
	if (write_acl(path, st.st_mode, acl, stored)) {
		tool_file_error(path, NULL);
		richacl_free(acl);
		return 1;
	}
	status = 0;
	if (S_ISDIR(st.st_mode) && (acl->a_flags & RICHACL_AUTO_INHERIT))
		status = auto_inherit_tree(path, acl);
	richacl_free(acl);
	return status;

fail:
	tool_file_error(path, NULL);
	return 1;
}

int main(int argc, char *argv[])
{
	struct request req = { .action = ACTION_NONE };
	const char *arg = NULL;
	int from_file = 0;
	int status = 0;
	int opt;
	size_t n;

	argv[0] = (char *)progname;	/* for the messages of getopt */
	while ((opt = getopt_long(argc, argv, "m:M:s:S:bvh", long_options,
				  NULL)) != -1) {
		switch (opt) {
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
			for (n = 0; n < ARRAY_SIZE(action_map); n++)
				if (action_map[n].opt == opt)
					break;
			if (n == ARRAY_SIZE(action_map))
				tool_bad_usage(usage);
			if (req.action != ACTION_NONE) {
				fprintf(stderr, "%s: only one of --set, "
					"--set-file, --modify, --modify-file "
					"and --remove may be given\n",
					progname);
				tool_bad_usage(usage);
			}
			req.action = action_map[n].action;
			from_file = action_map[n].from_file;
			arg = optarg;
			break;
		}
	}
	if (req.action == ACTION_NONE || optind == argc)
		tool_bad_usage(usage);

	if (req.action != ACTION_REMOVE && read_acl(&req, arg, from_file))
		return 2;

	for (; optind < argc; optind++)
		if (change_file(argv[optind], &req))
			status = 1;
	richacl_free(req.acl);
	return status;
}
