// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setrichacl --restore (see restore.h).
 *
 * The dump form: blocks separated by blank lines, each a "# file: NAME"
 * line (NAME quoted as quote.h says), optional "# owner: USER",
 * "# group: GROUP" and "# flags: sst" lines (set-user-ID, set-group-ID,
 * sticky; '-' where clear), other comments, and the ACL text.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../quote.h"
#include "../tool.h"
#include "input.h"
#include "restore.h"

/* The id of the user or group (@group) name or number @s, or -1. */
static long long parse_owner(const char *s, bool group)
{
	if (group) {
		struct group *gr = getgrnam(s);

		if (gr)
			return gr->gr_gid;
	} else {
		struct passwd *pw = getpwnam(s);

		if (pw)
			return pw->pw_uid;
	}
	return tool_parse_id(s);
}

int remap_add(struct remaps *remaps, const char *arg, bool group)
{
	struct remap **map = group ? &remaps->gids : &remaps->uids;
	size_t *count = group ? &remaps->ngids : &remaps->nuids;
	const char *colon = strchr(arg, ':');
	long long from = -1, to = -1;
	struct remap *tmp;
	char *copy;

	copy = strdup(arg);
	if (!copy) {
		perror(progname);
		return -1;
	}
	if (colon) {
		copy[colon - arg] = '\0';
		from = parse_owner(copy, group);
		to = parse_owner(copy + (colon - arg) + 1, group);
	}
	free(copy);
	if (from < 0 || to < 0) {
		fprintf(stderr, "%s: --remap-%s '%s': not FROM:TO with known "
			"%s names or numbers\n", progname,
			group ? "gid" : "uid", arg, group ? "group" : "user");
		return -1;
	}
	tmp = realloc(*map, (*count + 1) * sizeof(**map));
	if (!tmp) {
		perror(progname);
		return -1;
	}
	*map = tmp;
	tmp[*count].from = from;
	tmp[*count].to = to;
	(*count)++;
	return 0;
}

void remaps_free(struct remaps *remaps)
{
	free(remaps->uids);
	free(remaps->gids);
}

static unsigned int remap_id(const struct remaps *remaps, unsigned int id,
			     bool group)
{
	const struct remap *map = group ? remaps->gids : remaps->uids;
	size_t n, count = group ? remaps->ngids : remaps->nuids;

	for (n = 0; n < count; n++)
		if (map[n].from == id)
			return map[n].to;
	return id;
}

/* The state of the parser between lines. */
struct reader {
	const char *source;
	const struct remaps *remaps;
	struct dump *dump;
	struct dump_block *block;	/* the block being read, or NULL */
	char *text;			/* its ACL text so far */
	size_t text_len;
};

static int syntax_error(const struct reader *r, unsigned int lineno,
			const char *what, const char *line)
{
	fprintf(stderr, "%s: %s: line %u: %s: '%s'\n", progname, r->source,
		lineno, what, line);
	return -1;
}

/* Parse the ACL text of the current block, which ends here. */
static int end_block(struct reader *r)
{
	struct dump_block *b = r->block;
	unsigned int given, n;
	char *error = NULL;

	if (!b)
		return 0;
	r->block = NULL;
	if (!r->text_len) {
		fprintf(stderr, "%s: %s: line %u: no ACL for '%s'\n",
			progname, r->source, b->lineno, b->path);
		return -1;
	}
	r->text[r->text_len] = '\0';
	b->acl = richacl_from_text(r->text, &given, &error);
	r->text_len = 0;
	if (!b->acl) {
		fprintf(stderr, "%s: %s: line %u: the ACL of '%s': %s\n",
			progname, r->source, b->lineno, b->path,
			error ? error : strerror(errno));
		free(error);
		return -1;
	}
	fill_masks(b->acl, given);
	for (n = 0; n < b->acl->a_count; n++) {
		struct richace *ace = &b->acl->a_entries[n];

		if (ace->e_flags & (RICHACE_SPECIAL_WHO |
				    RICHACE_UNMAPPED_WHO))
			continue;
		ace->e_id = remap_id(r->remaps, ace->e_id,
				     ace->e_flags & RICHACE_IDENTIFIER_GROUP);
	}
	if (b->has_owner)
		b->owner = remap_id(r->remaps, b->owner, false);
	if (b->has_group)
		b->group = remap_id(r->remaps, b->group, true);
	return 0;
}

/* "# file: NAME": a new block. */
static int begin_block(struct reader *r, unsigned int lineno, char *name)
{
	struct dump *d = r->dump;
	struct dump_block *blocks;

	if (end_block(r))
		return -1;
	if (!*name || unquote_name(name))
		return syntax_error(r, lineno, "not a file name", name);
	blocks = realloc(d->blocks, (d->count + 1) * sizeof(*blocks));
	if (!blocks) {
		perror(progname);
		return -1;
	}
	d->blocks = blocks;
	r->block = &blocks[d->count];
	memset(r->block, 0, sizeof(*r->block));
	r->block->lineno = lineno;
	r->block->path = strdup(name);
	d->count++;
	if (!r->block->path) {
		perror(progname);
		return -1;
	}
	return 0;
}

/* "# owner: ", "# group: " or "# flags: " of the current block. */
static int block_comment(struct reader *r, unsigned int lineno,
			 const char *line)
{
	struct dump_block *b = r->block;
	const char *value = line + 9;
	long long id;

	if (!b || r->text_len)
		return 0;	/* another comment */
	if (!strncmp(line, "# owner: ", 9) || !strncmp(line, "# group: ", 9)) {
		bool group = line[2] == 'g';

		id = parse_owner(value, group);
		if (id < 0)
			return syntax_error(r, lineno, group ? "unknown group"
						     : "unknown user", value);
		if (group) {
			b->has_group = true;
			b->group = id;
		} else {
			b->has_owner = true;
			b->owner = id;
		}
	} else if (!strncmp(line, "# flags: ", 9)) {
		if (strlen(value) != 3 || !strchr("s-", value[0]) ||
		    !strchr("s-", value[1]) || !strchr("t-", value[2]))
			return syntax_error(r, lineno, "flags are not [s-][s-][t-]",
					    value);
		b->special = (value[0] == 's' ? S_ISUID : 0) |
			     (value[1] == 's' ? S_ISGID : 0) |
			     (value[2] == 't' ? S_ISVTX : 0);
	}
	return 0;
}

/* A line of ACL text. */
static int acl_line(struct reader *r, unsigned int lineno, const char *line)
{
	size_t len = strlen(line);
	char *text;

	if (!r->block)
		return syntax_error(r, lineno, "ACL text before the first "
					       "'# file:' line", line);
	text = realloc(r->text, r->text_len + len + 2);
	if (!text) {
		perror(progname);
		return -1;
	}
	r->text = text;
	memcpy(text + r->text_len, line, len);
	text[r->text_len + len] = '\n';
	r->text_len += len + 1;
	return 0;
}

static int read_lines(struct reader *r, char *text)
{
	unsigned int lineno = 0;
	char *line, *eol;
	bool last = !*text;

	for (line = text; !last; line = eol + 1) {
		const char *start = line + strspn(line, " \t\r");
		int ret = 0;

		eol = strchrnul(line, '\n');
		last = !*eol || !eol[1];
		*eol = '\0';
		lineno++;
		if (!strncmp(line, "# file: ", 8))
			ret = begin_block(r, lineno, line + 8);
		else if (*start == '#')
			ret = block_comment(r, lineno, line);
		else if (!*start)
			ret = r->text_len ? end_block(r) : 0;
		else
			ret = acl_line(r, lineno, line);
		if (ret)
			return -1;
	}
	return end_block(r);
}

int dump_read(struct dump *dump, const char *source,
	      const struct remaps *remaps)
{
	struct reader r = { .source = source, .remaps = remaps, .dump = dump };
	char *text;
	int ret;

	text = read_input(source);
	if (!text) {
		tool_file_error(source, NULL);
		return -1;
	}
	ret = read_lines(&r, text);
	free(r.text);
	free(text);
	if (!ret && !dump->count) {
		fprintf(stderr, "%s: %s: no '# file:' line: not a dump of "
			"getrichacl -R or --dump\n", progname, source);
		ret = -1;
	}
	return ret;
}

void dump_free(struct dump *dump)
{
	size_t n;

	for (n = 0; n < dump->count; n++) {
		free(dump->blocks[n].path);
		richacl_free(dump->blocks[n].acl);
	}
	free(dump->blocks);
}

/* Give @path the owner and group of @b, when they differ; 0 or -1. */
static int restore_owner(struct apply *apply, const struct dump_block *b,
			 const char *at, struct stat *st)
{
	uid_t uid = b->has_owner ? b->owner : st->st_uid;
	gid_t gid = b->has_group ? b->group : st->st_gid;

	if (uid == st->st_uid && gid == st->st_gid)
		return 0;
	if (apply->test) {
		apply->would_change = true;
		fputs("# file: ", stdout);
		quote_name(stdout, b->path);
		printf("\n# owner: %u\n# group: %u\n\n", (unsigned int)uid,
		       (unsigned int)gid);
		st->st_uid = uid;
		st->st_gid = gid;
		return 0;
	}
	/* chown clears the set-user-ID and set-group-ID bits: stat again. */
	if (chown(at, uid, gid) || stat(at, st))
		return -1;
	return 0;
}

/* Restore one file; 0, or 1 after a message. */
static int restore_one(struct apply *apply, const struct dump_block *b)
{
	struct richacl *stored = NULL;
	char at[32];
	struct stat st;
	int fd, ret = 1;

	fd = open(b->path, O_PATH | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st))
		goto fail;
	if (S_ISLNK(st.st_mode)) {
		tool_file_error(b->path, "a symbolic link now; not restored");
		goto out;
	}
	snprintf(at, sizeof(at), "/proc/self/fd/%d", fd);
	if (restore_owner(apply, b, at, &st))
		goto fail;
	stored = richacl_get_file(at);
	if (!stored && errno != ENODATA && errno != EOPNOTSUPP)
		goto fail;
	if (apply_acl(apply, b->path, at, &st, stored, b->acl, b->special))
		goto fail;
	ret = 0;
	goto out;

fail:
	tool_file_error(b->path, NULL);
out:
	richacl_free(stored);
	if (fd >= 0)
		close(fd);
	return ret;
}

int dump_restore(struct apply *apply, const struct dump *dump)
{
	int status = 0;
	size_t n;

	for (n = 0; n < dump->count; n++)
		status |= restore_one(apply, &dump->blocks[n]);
	return status;
}
