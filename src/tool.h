/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What getrichacl and setrichacl say the same way: usage errors, file
 * errors ("prog: file: reason") and the version.
 */
#ifndef RICHACL_TOOL_H
#define RICHACL_TOOL_H

#include <stdio.h>
#include <stdnoreturn.h>

/* The tool's name, defined by each tool, first in every message. */
extern const char *progname;

/* @usage's line(s) and a hint at --help on stderr, then exit status 2. */
noreturn void tool_bad_usage(void (*usage)(FILE *f));

/*
 * "prog: @path: @reason" on stderr, after what stdout holds so far;
 * @reason NULL: strerror(errno).
 */
void tool_file_error(const char *path, const char *reason);

/*
 * A user or group id in decimal, without sign or trailing garbage; -1
 * when @s is not one.
 */
long long tool_parse_id(const char *s);

/* "prog (package) version" on stdout. */
void tool_version(void);

#endif /* RICHACL_TOOL_H */
