/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * File names in the tools' output, one a line (quote.c): a backslash, a
 * control character or DEL is written as a backslash and three octal
 * digits ("\012" for a newline, "\134" for a backslash), as getfacl does.
 */
#ifndef RICHACL_QUOTE_H
#define RICHACL_QUOTE_H

#include <stdio.h>

/* Write @name to @f, quoted. */
void quote_name(FILE *f, const char *name);

/*
 * Undo quote_name() on @name in place.  A backslash not followed by three
 * octal digits stands for itself.  0, or -1 when a "\000" would end the
 * name early.
 */
int unquote_name(char *name);

#endif /* RICHACL_QUOTE_H */
