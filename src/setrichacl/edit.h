/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * setrichacl --edit: an ACL's text through the user's editor (edit.c).
 */
#ifndef SETRICHACL_EDIT_H
#define SETRICHACL_EDIT_H

/*
 * Put @text, the ACL of @path, in a temporary file after a comment that
 * says how to edit it, and run $VISUAL, $EDITOR or vi on it.  Returns 1
 * when the file changed, 0 when not, with what it then holds in *@edited
 * (malloc'ed); -1 after a message.
 */
int edit_text(const char *path, const char *text, char **edited);

#endif /* SETRICHACL_EDIT_H */
