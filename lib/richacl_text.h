/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Private to the text form: the tables the parser (richacl_text_parse.c)
 * and the printer (richacl_text_format.c) share.  Each table lists its
 * items in print order; a new permission or flag is one line in
 * richacl_text_tables.c.  The symbols are hidden: they are not part of the
 * library's interface.
 */
#ifndef RICHACL_TEXT_H
#define RICHACL_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#define RICHACL_TEXT_HIDDEN __attribute__((visibility("hidden")))

/**
 * struct text_perm - one permission bit
 * @mask:	the RICHACE_* bit
 * @letter:	its letter in the short form
 * @file_name:	its long name for files
 * @dir_name:	its long name for directories (the same as @file_name except
 *		for r, w and p)
 * @always:	always allowed: hidden unless RICHACL_TEXT_FULL
 */
struct text_perm {
	unsigned int mask;
	char letter;
	const char *file_name;
	const char *dir_name;
	bool always;
};

/**
 * struct text_flag - one ACE flag or ACL flag
 * @value:	the flag bit
 * @letter:	its letter
 * @name:	its long name
 */
struct text_flag {
	unsigned int value;
	char letter;
	const char *name;
};

/**
 * struct text_type - one ACE type
 * @type:	RICHACE_ACCESS_*_ACE_TYPE
 * @name:	its name in the text form
 */
struct text_type {
	unsigned short type;
	const char *name;
};

extern RICHACL_TEXT_HIDDEN const struct text_perm text_perms[];
extern RICHACL_TEXT_HIDDEN const size_t text_nperms;
extern RICHACL_TEXT_HIDDEN const struct text_flag text_ace_flags[];
extern RICHACL_TEXT_HIDDEN const size_t text_nace_flags;
extern RICHACL_TEXT_HIDDEN const struct text_flag text_acl_flags[];
extern RICHACL_TEXT_HIDDEN const size_t text_nacl_flags;
extern RICHACL_TEXT_HIDDEN const struct text_type text_types[];
extern RICHACL_TEXT_HIDDEN const size_t text_ntypes;

/* The who strings of the special identifiers, indexed by special id. */
extern RICHACL_TEXT_HIDDEN const char *const text_special_who[];
extern RICHACL_TEXT_HIDDEN const size_t text_nspecial_who;

/*
 * One look-up in the user (@is_group false) or group database, its buffer
 * grown while too small: by @name when not NULL (*@id set from it), else
 * by *@id (*@found_name set to a malloc'ed copy of the name).  1 found,
 * 0 no such user or group, -1 with errno when the look-up failed (ENOMEM,
 * or the name service's error).  In richacl_names.c.
 */
RICHACL_TEXT_HIDDEN int text_nss_lookup(bool is_group, const char *name,
					unsigned int *id, char **found_name);

/*
 * The name of user or group id @id, malloc'ed, into *@name: 0 with the
 * name, or NULL when the id has none; 1 with NULL when the look-up failed
 * (the name service down: no name this time); -1 with errno ENOMEM.  In
 * richacl_names.c.
 */
RICHACL_TEXT_HIDDEN int text_lookup_name(unsigned int id, bool is_group,
					 char **name);

#endif /* RICHACL_TEXT_H */
