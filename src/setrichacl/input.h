/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Reading the ACL files of --set-file, --modify-file and --restore
 * (input.c).
 */
#ifndef SETRICHACL_INPUT_H
#define SETRICHACL_INPUT_H

/* All of @path ('-': standard input), malloc'ed; NULL with errno. */
char *read_input(const char *path);

/*
 * Make the text of an ACL file, read from @source, ready for the parser:
 * comment lines (first non-blank character '#') and blank lines are
 * dropped, and so is a first line "NAME:", the header getrichacl prints.
 * A second header, or a second "# file:" comment, means the text holds
 * the ACLs of several files: -1 after a message.
 */
int prepare_acl_text(char *text, const char *source);

#endif /* SETRICHACL_INPUT_H */
