/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The acl of a file without a RichACL, as the 2015 tools showed it, worked
 * out from the mode alone: the expectation of t/test_from_mode.c and of
 * t/from-mode-rule (t/getrichacl.bats).  It shares no code with librichacl
 * and does not call it, so that it can tell librichacl wrong.
 *
 * The rule (librichacl of 2015, richacl_from_mode()), with o, g and e the
 * owner, group and other bits of the mode (three bits each, r w x):
 *
 *	owner@:~o & (g | e)::deny	when not empty
 *	owner@:o::allow			when o & ~(g & e) is not empty
 *	group@:~g & e::deny		when not empty
 *	group@:g::allow			when g & ~e is not empty
 *	everyone@:e::allow		when not empty
 *
 * The allow entries carry the whole class, even the permissions everyone@
 * grants again below them; an allow entry is left out only when everyone@
 * grants all of it anyway (o in both g and e, or g in e).  No ACL flags,
 * no entry flags beyond the special who; the masks are o, g and e.  r is
 * read_data, w is write_data and append_data and on directories also
 * delete_child, x is execute (the mode mapping of the spec).
 *
 * Since each mode bit stands for its own permissions, the rule is worked
 * out on the three bits, and only turned into permissions to be printed.
 * The text is getrichacl's (spec/formats.md): the who column justified to
 * one more than the longest who, 13 permission columns (16 with --full or
 * --raw) of which a mode can only set the first five (r w p x d), '-' for
 * the others; --unaligned drops justification and padding, --long prints
 * the '/'-joined names; special who values never change with --numeric-ids.
 */
#ifndef RICHACL_FROM_MODE_RULE_H
#define RICHACL_FROM_MODE_RULE_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/* getrichacl's display options. */
#define RULE_LONG		0x01
#define RULE_FULL		0x02
#define RULE_RAW		0x04
#define RULE_UNALIGNED		0x08
#define RULE_NUMERIC_IDS	0x10
#define RULE_ALL_OPTIONS	0x1f

/* The options by name. */
static const struct {
	const char *name;
	unsigned int option;
} rule_options[] = {
	{ "--long", RULE_LONG },
	{ "--full", RULE_FULL },
	{ "--raw", RULE_RAW },
	{ "--unaligned", RULE_UNALIGNED },
	{ "--numeric-ids", RULE_NUMERIC_IDS },
};
#define RULE_NOPTIONS (sizeof(rule_options) / sizeof(rule_options[0]))

/* One line of the acl: a mask line or an entry. */
struct rule_line {
	const char *who;	/* owner@, group@, everyone@; owner, group, other */
	const char *type;	/* allow, deny; mask */
	unsigned int bits;	/* mode bits of one class, 0..7 */
};

#define RULE_MAX_LINES 8

/* The permission columns a mode bit can set, in print order. */
static const struct {
	char letter;
	const char *file_name, *dir_name;
	unsigned int bit;	/* the mode bit (4 r, 2 w, 1 x) */
	int dir_only;		/* delete_child: only on directories */
	unsigned int value;	/* the permission's bit in the xattr format */
} rule_columns[] = {
	{ 'r', "read_data", "list_directory", 4, 0, 0x01 },
	{ 'w', "write_data", "add_file", 2, 0, 0x02 },
	{ 'p', "append_data", "add_subdirectory", 2, 0, 0x04 },
	{ 'x', "execute", "execute", 1, 0, 0x20 },
	{ 'd', "delete_child", "delete_child", 2, 1, 0x40 },
};
#define RULE_NCOLUMNS (sizeof(rule_columns) / sizeof(rule_columns[0]))

/* The columns after those five: 13 in all by default, 16 with --full. */
#define RULE_MORE_COLUMNS 8
#define RULE_MORE_COLUMNS_FULL 11

static inline int rule_column_set(size_t n, unsigned int bits, int isdir)
{
	return (bits & rule_columns[n].bit) &&
	       (isdir || !rule_columns[n].dir_only);
}

/* The permissions (xattr bit values) of mode class @bits. */
static inline unsigned int rule_mask(unsigned int bits, int isdir)
{
	unsigned int mask = 0;
	size_t n;

	for (n = 0; n < RULE_NCOLUMNS; n++)
		if (rule_column_set(n, bits, isdir))
			mask |= rule_columns[n].value;
	return mask;
}

static inline void rule_add(struct rule_line *lines, int *count,
			    const char *who, const char *type,
			    unsigned int bits)
{
	lines[*count].who = who;
	lines[*count].type = type;
	lines[*count].bits = bits & 7;
	(*count)++;
}

/*
 * The lines of the acl of @mode, with the mask lines first when @masks;
 * returns their number.
 */
static inline int rule_lines(mode_t mode, int masks,
			     struct rule_line lines[RULE_MAX_LINES])
{
	unsigned int o = (mode >> 6) & 7, g = (mode >> 3) & 7, e = mode & 7;
	int count = 0;

	if (masks) {
		rule_add(lines, &count, "owner", "mask", o);
		rule_add(lines, &count, "group", "mask", g);
		rule_add(lines, &count, "other", "mask", e);
	}
	if (~o & (g | e) & 7)
		rule_add(lines, &count, "owner@", "deny", ~o & (g | e));
	if (o & ~(g & e))
		rule_add(lines, &count, "owner@", "allow", o);
	if (~g & e & 7)
		rule_add(lines, &count, "group@", "deny", ~g & e);
	if (g & ~e)
		rule_add(lines, &count, "group@", "allow", g);
	if (e)
		rule_add(lines, &count, "everyone@", "allow", e);
	return count;
}

/* Append to @buf of @size what printf would print; 0, or -1 when full. */
__attribute__((format(printf, 3, 4)))
static inline int rule_append(char *buf, size_t size, const char *fmt,
			      ...)
{
	size_t len = strlen(buf);
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf + len, size - len, fmt, ap);
	va_end(ap);
	return n < 0 || (size_t)n >= size - len ? -1 : 0;
}

static inline int rule_perms(char *buf, size_t size, unsigned int bits,
			     int isdir, unsigned int options)
{
	int aligned = !(options & RULE_UNALIGNED);
	int full = options & (RULE_FULL | RULE_RAW);
	const char *sep = "";
	int more, ret = 0;
	size_t n;

	for (n = 0; n < RULE_NCOLUMNS; n++) {
		int set = rule_column_set(n, bits, isdir);

		if (options & RULE_LONG) {
			if (!set)
				continue;
			ret |= rule_append(buf, size, "%s%s", sep,
					   isdir ? rule_columns[n].dir_name :
						   rule_columns[n].file_name);
			sep = "/";
		} else if (set || aligned) {
			ret |= rule_append(buf, size, "%c",
					   set ? rule_columns[n].letter : '-');
		}
	}
	if (aligned && !(options & RULE_LONG))
		for (more = full ? RULE_MORE_COLUMNS_FULL : RULE_MORE_COLUMNS;
		     more; more--)
			ret |= rule_append(buf, size, "-");
	return ret;
}

/*
 * Into @buf of @size: the text getrichacl prints for a file of @mode
 * without an acl, after the "NAME:" line and before the blank line (each
 * line ends in a newline).  0, or -1 when @buf is too small.
 */
static inline int rule_text(char *buf, size_t size, mode_t mode,
			    unsigned int options)
{
	struct rule_line lines[RULE_MAX_LINES];
	int count = rule_lines(mode, !!(options & RULE_RAW), lines);
	int isdir = S_ISDIR(mode), width = 0, ret = 0, n;

	if (!size)
		return -1;
	*buf = 0;
	if (!(options & RULE_UNALIGNED))
		for (n = 0; n < count; n++)
			if ((int)strlen(lines[n].who) + 1 > width)
				width = (int)strlen(lines[n].who) + 1;
	for (n = 0; n < count; n++) {
		ret |= rule_append(buf, size, "%*s:", width, lines[n].who);
		ret |= rule_perms(buf, size, lines[n].bits, isdir, options);
		ret |= rule_append(buf, size, "::%s\n", lines[n].type);
	}
	return ret;
}

#endif /* RICHACL_FROM_MODE_RULE_H */
