// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setrichacl: set, modify or remove the RichACL of files, or restore the
 * ACLs of a dump.
 *
 * All ACL input is read and parsed before any file is touched.  Each file
 * then gets its new ACL in one write (apply.c): the mode alone when the
 * ACL says no more than a mode can, else the whole system.richacl value.
 * Setting an ACL with the auto_inherit flag on a directory propagates
 * automatic inheritance to the tree below (propagate.c).
 *
 * Exit status: 0 when every file was done, 1 when some file failed, 2 on
 * bad usage or bad ACL text (no file touched then); with --test, 3 when
 * some file would change.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>

#include "sys/richacl.h"
#include "../tool.h"
#include "../walk.h"
#include "apply.h"
#include "edit.h"
#include "input.h"
#include "propagate.h"
#include "restore.h"

const char *progname = "setrichacl";

/* --test: this exit status says that some file would change. */
#define STATUS_WOULD_CHANGE 3

enum action {
	ACTION_NONE,
	ACTION_SET,
	ACTION_MODIFY,
	ACTION_REMOVE,
	ACTION_RESTORE,
	ACTION_EDIT,
	ACTION_PROPAGATE,
};

/* Options without a short form. */
enum {
	OPT_ALLOW_EMPTY = 256,
	OPT_RESTORE,
	OPT_TEST,
	OPT_REMAP_UID,
	OPT_REMAP_GID,
	OPT_PROPAGATE,
};

static const struct option long_options[] = {
	{ "modify",	 required_argument, NULL, 'm' },
	{ "modify-file", required_argument, NULL, 'M' },
	{ "set",	 required_argument, NULL, 's' },
	{ "set-file",	 required_argument, NULL, 'S' },
	{ "remove",	 no_argument,	    NULL, 'b' },
	{ "restore",	 required_argument, NULL, OPT_RESTORE },
	{ "edit",	 no_argument,	    NULL, 'e' },
	{ "propagate",	 no_argument,	    NULL, OPT_PROPAGATE },
	{ "allow-empty", no_argument,	    NULL, OPT_ALLOW_EMPTY },
	{ "recursive",	 no_argument,	    NULL, 'R' },
	{ "logical",	 no_argument,	    NULL, 'L' },
	{ "physical",	 no_argument,	    NULL, 'P' },
	{ "test",	 no_argument,	    NULL, OPT_TEST },
	{ "remap-uid",	 required_argument, NULL, OPT_REMAP_UID },
	{ "remap-gid",	 required_argument, NULL, OPT_REMAP_GID },
	{ "version",	 no_argument,	    NULL, 'v' },
	{ "help",	 no_argument,	    NULL, 'h' },
	{ NULL,		 0,		    NULL, 0 }
};

/* What each action option does; the *-file ones name a file to read. */
static const struct {
	int opt;
	enum action action;
	bool from_file;
} action_map[] = {
	{ 'm',	       ACTION_MODIFY,  false },
	{ 'M',	       ACTION_MODIFY,  true },
	{ 's',	       ACTION_SET,     false },
	{ 'S',	       ACTION_SET,     true },
	{ 'b',	       ACTION_REMOVE,  false },
	{ OPT_RESTORE, ACTION_RESTORE, true },
	{ 'e',	       ACTION_EDIT,    false },
	{ OPT_PROPAGATE, ACTION_PROPAGATE, false },
};

#define ARRAY_SIZE(a) (sizeof(a) / sizeof(*(a)))

static void usage(FILE *f)
{
	fprintf(f, "Usage: %s [-R] {--set|--modify} ACL FILE...\n"
		   "       %s [-R] {--set-file|--modify-file} ACL_FILE FILE...\n"
		   "       %s [-R] --remove FILE...\n"
		   "       %s [-R] --edit FILE...\n"
		   "       %s --propagate DIR...\n"
		   "       %s --restore=DUMP\n",
		progname, progname, progname, progname, progname, progname);
}

/* The permissions, from the library's own names for them. */
static void help_permissions(void)
{
	unsigned int bit;

	for (bit = 1; bit; bit <<= 1) {
		char *letter, *name, *dir_name;

		if (!(bit & RICHACE_VALID_MASK))
			continue;
		letter = richacl_mask_to_text(bit, RICHACL_TEXT_FULL |
						   RICHACL_TEXT_UNALIGNED);
		name = richacl_mask_to_text(bit, RICHACL_TEXT_FULL |
						 RICHACL_TEXT_LONG);
		dir_name = richacl_mask_to_text(bit, RICHACL_TEXT_FULL |
						     RICHACL_TEXT_LONG |
						     RICHACL_TEXT_DIRECTORY);
		if (letter && name && dir_name) {
			if (strcmp(name, dir_name))
				printf("    %s  %s (directories: %s)\n", letter,
				       name, dir_name);
			else
				printf("    %s  %s\n", letter, name);
		}
		free(letter);
		free(name);
		free(dir_name);
	}
}

static void help(void)
{
	usage(stdout);
	fputs(
"Set, modify or remove the RichACL of each FILE, or restore a dump.\n"
"\n"
"  -s, --set ACL           replace the ACL of the files with ACL\n"
"  -S, --set-file FILE     the same, with the ACL read from FILE ('-': stdin)\n"
"  -m, --modify ACL        add the entries of ACL, or change the matching\n"
"                          ones (an entry without permissions removes them)\n"
"  -M, --modify-file FILE  the same, with the entries read from FILE\n"
"  -b, --remove            remove the ACL, keeping the mode\n"
"  -e, --edit              edit the ACL of each file in $VISUAL, $EDITOR or\n"
"                          vi; it is set when saved changed\n"
"      --propagate         give every file below each DIR what it inherits\n"
"                          from DIR's ACL now: inherited entries replaced,\n"
"                          others kept, protected ACLs (and what is below\n"
"                          them) left alone; a file gets the auto_inherit\n"
"                          flag\n"
"      --restore DUMP      give every file of DUMP ('-': stdin), as\n"
"                          'getrichacl -R' or '--dump' wrote it, its ACL,\n"
"                          owner, group and mode back\n"
"      --remap-uid FROM:TO  with --restore, user FROM becomes TO (names or\n"
"                          numbers; may be given more than once)\n"
"      --remap-gid FROM:TO  the same for groups\n"
"      --allow-empty       let --set give an ACL without entries (it grants\n"
"                          nothing: mode 000); refused otherwise\n"
"  -R, --recursive         also change the files below each directory; a\n"
"                          file gets no inheritance flags and no entry that\n"
"                          only inherits\n"
"  -L, --logical           with -R, follow every symbolic link\n"
"  -P, --physical          with -R, follow no symbolic link, and skip\n"
"                          symbolic links named on the command line (by\n"
"                          default only those are followed)\n"
"      --test              change nothing; show the new ACL of each file\n"
"                          that would change (exit status 3 if one would)\n"
"  -v, --version           print the version and exit\n"
"  -h, --help              print this help and exit\n"
"\n"
"An ACL entry is WHO:PERMISSIONS:FLAGS:TYPE, e.g. 'user:alice:rwx:fd:allow';\n"
"entries are separated by commas, whitespace or newlines.\n"
"WHO is owner@, group@, everyone@, user:NAME|UID or group:NAME|GID.\n"
"TYPE is allow or deny.\n"
"FLAGS: f file_inherit, d dir_inherit, n no_propagate, i inherit_only,\n"
"a inherited, u unmapped.\n"
"PERMISSIONS: letters, or long names joined by '/':\n", stdout);
	help_permissions();
	fputs(
"File masks: owner:PERMISSIONS::mask, group:...::mask, other:...::mask.\n"
"ACL flags: flags:LETTERS, m masked, w write_through, a auto_inherit,\n"
"p protected, d defaulted.\n"
"\n"
"In an ACL file, lines starting with '#' are comments, and a first line\n"
"'NAME:' is skipped, so that 'getrichacl f | setrichacl --set-file - g'\n"
"copies an ACL.  File masks not given are computed.  An ACL that a mode\n"
"can express is stored as that mode.  An ACL with the auto_inherit flag\n"
"set on a directory is propagated to the tree below (without -R).\n"
"\n"
"Exit status: 0 if all is well, 1 if a file could not be changed, 2 on bad\n"
"usage or a bad ACL (no file is changed then), 3 with --test if a file\n"
"would change.\n", stdout);
}

/* What the command line asks for. */
struct request {
	enum action action;
	struct richacl *acl;
	unsigned int given;
	bool recursive;
	bool allow_empty;	/* --allow-empty */
	struct apply apply;
};

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
static int read_acl(struct request *req, const char *arg, bool from_file)
{
	char *text;
	int ret;

	if (!from_file)
		return parse_acl(req, arg);
	text = read_input(arg);
	if (!text) {
		tool_file_error(arg, NULL);
		return -1;
	}
	ret = prepare_acl_text(text, arg);
	if (!ret)
		ret = parse_acl(req, text);
	free(text);
	return ret;
}

/*
 * --set of an ACL without entries, which grants nothing (mode 000), is
 * taken for a mistake unless --allow-empty says it is meant: -1 after a
 * message.
 */
static int refuse_empty(const struct request *req)
{
	if (req->action != ACTION_SET || req->acl->a_count || req->allow_empty)
		return 0;
	fprintf(stderr, "%s: the ACL has no entries: it would grant nothing "
		"(mode 000); give --allow-empty if that is meant\n",
		progname);
	return -1;
}

/*
 * A file that is not a directory inherits nothing to anyone: its entries
 * that only inherit are dropped, and the inheritance flags of the others.
 * Returns whether @acl changed.
 */
static bool drop_inheritance(struct richacl *acl)
{
	bool changed = false;
	unsigned int n = 0;

	while (n < acl->a_count) {
		struct richace *ace = &acl->a_entries[n];

		if (ace->e_flags & RICHACE_INHERIT_ONLY_ACE) {
			richacl_delete_entry(acl, n);
			changed = true;
			continue;
		}
		if (ace->e_flags & RICHACE_INHERITANCE_FLAGS) {
			ace->e_flags &= ~RICHACE_INHERITANCE_FLAGS;
			changed = true;
		}
		n++;
	}
	return changed;
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
		acl->a_owner_mask = req->acl->a_owner_mask;
		acl->a_group_mask = req->acl->a_group_mask;
		acl->a_other_mask = req->acl->a_other_mask;
	}
	fill_masks(acl, req->given);
	return acl;
}

/* --remove: the file keeps its mode and loses its stored acl. */
static int remove_acl(struct request *req, const struct walk_file *file)
{
	struct richacl *stored, *acl;
	int ret;

	stored = richacl_get_file(file->at);
	if (!stored) {
		/* No acl, or none possible there: nothing to remove. */
		if (errno == ENODATA || errno == EOPNOTSUPP)
			return 0;
		/* An unreadable (corrupt) acl is removed all the same. */
		if (errno != EINVAL && errno != EIO)
			return -1;
	}
	if (!req->apply.test) {
		richacl_free(stored);
		return removexattr(file->at, RICHACL_XATTR);
	}
	acl = richacl_from_mode(file->st.st_mode);
	ret = acl ? apply_acl(&req->apply, file->path, file->at, &file->st,
			      stored, acl, file->st.st_mode) : -1;
	richacl_free(acl);
	richacl_free(stored);
	return ret;
}

static int edit_file(struct request *req, const struct walk_file *file);

/* --propagate: what the tree below the directory inherits from it now. */
static int propagate_from(struct request *req, const struct walk_file *file)
{
	struct richacl *acl;
	int status;

	if (!S_ISDIR(file->st.st_mode)) {
		tool_file_error(file->path, "not a directory");
		return 1;
	}
	acl = richacl_get_or_from_given_mode(file->at, file->st.st_mode);
	if (!acl) {
		tool_file_error(file->path, errno == EOPNOTSUPP ?
				"file has a POSIX ACL" : NULL);
		return 1;
	}
	status = propagate_tree(&req->apply, file->path, file->at, acl, true);
	richacl_free(acl);
	return status;
}

/* Do @req to one file of the walk; 0 when all went well, 1 when not. */
static int change_file(const struct walk_file *file, void *data)
{
	struct request *req = data;
	struct richacl *old, *acl, *unreadable = NULL;
	int status = 0;

	if (req->action == ACTION_REMOVE) {
		if (remove_acl(req, file))
			goto fail;
		return 0;
	}
	if (req->action == ACTION_EDIT)
		return edit_file(req, file);
	if (req->action == ACTION_PROPAGATE)
		return propagate_from(req, file);
	old = richacl_get_file(file->at);
	if (!old && errno != ENODATA && errno != EOPNOTSUPP) {
		/* --set replaces an unreadable (corrupt) acl. */
		if (req->action != ACTION_SET ||
		    (errno != EINVAL && errno != EIO))
			goto fail;
		unreadable = richacl_alloc(0);
		if (!unreadable)
			goto fail;
	}
	if (!old && !unreadable) {
		old = richacl_get_or_from_given_mode(file->at,
						     file->st.st_mode);
		if (!old) {
			if (errno != EOPNOTSUPP)
				goto fail;
			tool_file_error(file->path, "file has a POSIX ACL");
			return 1;
		}
		acl = new_acl(req, old, file->st.st_uid);
		old = NULL;
	} else {
		struct richacl *copy = old ? richacl_clone(old) : NULL;

		if (old && !copy)
			goto fail_free;
		acl = new_acl(req, copy, file->st.st_uid);
	}
	if (!acl)
		goto fail_free;
	if (!S_ISDIR(file->st.st_mode) && drop_inheritance(acl)) {
		fill_masks(acl, req->given);
		if (file->top) {
			fflush(stdout);
			fprintf(stderr, "%s: %s: not a directory: inheritance "
				"flags dropped\n", progname, file->path);
		}
	}
	if (apply_acl(&req->apply, file->path, file->at, &file->st,
		      old ? old : unreadable, acl, file->st.st_mode)) {
		richacl_free(acl);
		goto fail_free;
	}
	if (!req->recursive && S_ISDIR(file->st.st_mode) &&
	    (acl->a_flags & RICHACL_AUTO_INHERIT))
		status = propagate_tree(&req->apply, file->path, file->at, acl,
					false);
	richacl_free(acl);
	richacl_free(old);
	richacl_free(unreadable);
	return status;

fail_free:
	richacl_free(old);
	richacl_free(unreadable);
fail:
	tool_file_error(file->path, NULL);
	return 1;
}

/*
 * --edit: the file's ACL as getrichacl shows it through the editor, then,
 * when it changed, set like --set.  0, or 1 after a message.
 */
static int edit_file(struct request *req, const struct walk_file *file)
{
	struct request set = { .action = ACTION_SET,
			       .recursive = req->recursive,
			       .allow_empty = req->allow_empty,
			       .apply = req->apply };
	unsigned int options = 0;
	char *text, *edited = NULL;
	struct richacl *acl;
	int status = 1, changed;

	acl = richacl_get_or_from_given_mode(file->at, file->st.st_mode);
	if (!acl) {
		tool_file_error(file->path, errno == EOPNOTSUPP ?
				"file has a POSIX ACL" : NULL);
		return 1;
	}
	if (S_ISDIR(file->st.st_mode))
		options |= RICHACL_TEXT_DIRECTORY;
	text = richacl_apply_masks(acl, file->st.st_uid) ? NULL :
		richacl_to_text(acl, options);
	richacl_free(acl);
	if (!text) {
		tool_file_error(file->path, NULL);
		return 1;
	}
	changed = edit_text(file->path, text, &edited);
	free(text);
	if (changed == 0)
		status = 0;
	else if (changed > 0 && !prepare_acl_text(edited, file->path) &&
		 !parse_acl(&set, edited) && !refuse_empty(&set)) {
		status = change_file(file, &set);
		req->apply.would_change |= set.apply.would_change;
	}
	richacl_free(set.acl);
	free(edited);
	return status;
}

/* Bad usage: @message, the usage lines, exit status 2. */
static noreturn void bad_usage(const char *message)
{
	fprintf(stderr, "%s: %s\n", progname, message);
	tool_bad_usage(usage);
}

int main(int argc, char *argv[])
{
	enum walk_symlinks symlinks = WALK_ARGUMENTS;
	struct request req = { .action = ACTION_NONE };
	struct remaps remaps = { .nuids = 0 };
	struct dump dump = { .count = 0 };
	bool from_file = false;
	const char *arg = NULL;
	int status = 0;
	int opt;
	size_t n;

	argv[0] = (char *)progname;	/* for the messages of getopt */
	while ((opt = getopt_long(argc, argv, "m:M:s:S:beRLPvh", long_options,
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
		case OPT_TEST:
			req.apply.test = true;
			break;
		case OPT_ALLOW_EMPTY:
			req.allow_empty = true;
			break;
		case OPT_REMAP_UID:
		case OPT_REMAP_GID:
			if (remap_add(&remaps, optarg, opt == OPT_REMAP_GID)) {
				remaps_free(&remaps);
				return 2;
			}
			break;
		default:
			if (walk_option(opt, &req.recursive, &symlinks))
				break;
			for (n = 0; n < ARRAY_SIZE(action_map); n++)
				if (action_map[n].opt == opt)
					break;
			if (n == ARRAY_SIZE(action_map))
				tool_bad_usage(usage);
			if (req.action != ACTION_NONE)
				bad_usage("only one of --set, --set-file, "
					  "--modify, --modify-file, --remove, "
					  "--restore, --edit and --propagate may be "
					  "given");
			req.action = action_map[n].action;
			from_file = action_map[n].from_file;
			arg = optarg;
			break;
		}
	}
	if (req.action == ACTION_RESTORE) {
		if (optind != argc)
			bad_usage("--restore takes no FILE: the dump names the "
				  "files");
		if (req.recursive)
			bad_usage("--restore takes no -R: the dump names "
				  "every file");
	} else {
		if (req.action == ACTION_NONE || optind == argc)
			tool_bad_usage(usage);
		if (remaps.nuids || remaps.ngids)
			bad_usage("--remap-uid and --remap-gid go with "
				  "--restore");
		if (req.recursive && req.action == ACTION_PROPAGATE)
			bad_usage("--propagate takes no -R: it walks the tree "
				  "itself");
	}

	req.apply.names = richacl_names_alloc();
	if (!req.apply.names) {
		perror(progname);
		remaps_free(&remaps);
		return 1;
	}
	if (req.action == ACTION_RESTORE) {
		if (dump_read(&dump, arg, &remaps)) {
			status = 2;
			goto out;
		}
		status = dump_restore(&req.apply, &dump);
	} else if (req.action == ACTION_SET || req.action == ACTION_MODIFY) {
		if (read_acl(&req, arg, from_file) || refuse_empty(&req)) {
			status = 2;
			goto out;
		}
	}
	for (; optind < argc; optind++)
		status |= walk(argv[optind], req.recursive, symlinks,
			       change_file, &req);
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "%s: write error: %s\n", progname,
			strerror(errno));
		status = 1;
	}
out:
	dump_free(&dump);
	richacl_free(req.acl);
	remaps_free(&remaps);
	richacl_names_free(req.apply.names);
	if (status == 2)
		return status;
	if (!status && req.apply.would_change)
		status = STATUS_WOULD_CHANGE;
	return status;
}
