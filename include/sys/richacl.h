/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * librichacl: RichACLs (NFSv4-style access control lists made to fit POSIX
 * through three file masks) in user space.
 *
 * This header is the table of contents of the library.  The constants and
 * the xattr layout are those of the 2015 RichACL interface; see
 * richacl(7) and librichacl(3).
 */
#ifndef SYS_RICHACL_H
#define SYS_RICHACL_H

#include <stddef.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ACL flags (a_flags) */
#define RICHACL_AUTO_INHERIT		0x01
#define RICHACL_PROTECTED		0x02
#define RICHACL_DEFAULTED		0x04
#define RICHACL_WRITE_THROUGH		0x40
#define RICHACL_MASKED			0x80
#define RICHACL_VALID_FLAGS		0xC7

/* ACE types (e_type) */
#define RICHACE_ACCESS_ALLOWED_ACE_TYPE	0x0000
#define RICHACE_ACCESS_DENIED_ACE_TYPE	0x0001

/* ACE flags (e_flags) */
#define RICHACE_FILE_INHERIT_ACE	0x0001
#define RICHACE_DIRECTORY_INHERIT_ACE	0x0002
#define RICHACE_NO_PROPAGATE_INHERIT_ACE 0x0004
#define RICHACE_INHERIT_ONLY_ACE	0x0008
#define RICHACE_IDENTIFIER_GROUP	0x0040
#define RICHACE_INHERITED_ACE		0x0080
#define RICHACE_UNMAPPED_WHO		0x2000
#define RICHACE_SPECIAL_WHO		0x4000
#define RICHACE_VALID_FLAGS		0x60CF

#define RICHACE_INHERITANCE_FLAGS	(RICHACE_FILE_INHERIT_ACE | \
					 RICHACE_DIRECTORY_INHERIT_ACE | \
					 RICHACE_NO_PROPAGATE_INHERIT_ACE | \
					 RICHACE_INHERIT_ONLY_ACE)

/* Special identifiers (e_id with RICHACE_SPECIAL_WHO) */
#define RICHACE_OWNER_SPECIAL_ID	0
#define RICHACE_GROUP_SPECIAL_ID	1
#define RICHACE_EVERYONE_SPECIAL_ID	2

/* Permission bits (e_mask and the file masks) */
#define RICHACE_READ_DATA		0x00000001
#define RICHACE_LIST_DIRECTORY		0x00000001
#define RICHACE_WRITE_DATA		0x00000002
#define RICHACE_ADD_FILE		0x00000002
#define RICHACE_APPEND_DATA		0x00000004
#define RICHACE_ADD_SUBDIRECTORY	0x00000004
#define RICHACE_READ_NAMED_ATTRS	0x00000008
#define RICHACE_WRITE_NAMED_ATTRS	0x00000010
#define RICHACE_EXECUTE			0x00000020
#define RICHACE_DELETE_CHILD		0x00000040
#define RICHACE_READ_ATTRIBUTES		0x00000080
#define RICHACE_WRITE_ATTRIBUTES	0x00000100
#define RICHACE_WRITE_RETENTION		0x00000200
#define RICHACE_WRITE_RETENTION_HOLD	0x00000400
#define RICHACE_DELETE			0x00010000
#define RICHACE_READ_ACL		0x00020000
#define RICHACE_WRITE_ACL		0x00040000
#define RICHACE_WRITE_OWNER		0x00080000
#define RICHACE_SYNCHRONIZE		0x00100000
#define RICHACE_VALID_MASK		0x001F07FF

/* Permissions the VFS never asks for: granted to everybody. */
#define RICHACE_POSIX_ALWAYS_ALLOWED	(RICHACE_SYNCHRONIZE | \
					 RICHACE_READ_ATTRIBUTES | \
					 RICHACE_READ_ACL)
/* Permissions the owner of a file always has. */
#define RICHACE_POSIX_OWNER_ALLOWED	(RICHACE_WRITE_ATTRIBUTES | \
					 RICHACE_WRITE_OWNER | \
					 RICHACE_WRITE_ACL)
/* What each of the three mode bits stands for. */
#define RICHACE_POSIX_MODE_READ		RICHACE_READ_DATA
#define RICHACE_POSIX_MODE_WRITE	(RICHACE_WRITE_DATA | \
					 RICHACE_APPEND_DATA | \
					 RICHACE_DELETE_CHILD)
#define RICHACE_POSIX_MODE_EXEC		RICHACE_EXECUTE

/* Limits of the xattr format */
#define RICHACL_XATTR			"system.richacl"
#define RICHACL_XATTR_MAX_SIZE		65536
#define RICHACL_XATTR_HEADER_SIZE	16
#define RICHACL_XATTR_ACE_SIZE		12
#define RICHACL_MAX_ENTRIES		((RICHACL_XATTR_MAX_SIZE - \
					  RICHACL_XATTR_HEADER_SIZE) / \
					 RICHACL_XATTR_ACE_SIZE)

/**
 * struct richace - one entry
 * @e_type:	RICHACE_ACCESS_ALLOWED_ACE_TYPE or RICHACE_ACCESS_DENIED_ACE_TYPE
 * @e_flags:	RICHACE_* flags
 * @e_mask:	permission bits
 * @e_id:	a uid, a gid (with RICHACE_IDENTIFIER_GROUP), or a special id
 *		(with RICHACE_SPECIAL_WHO); 0 for unmapped identifiers
 * @e_who:	with RICHACE_UNMAPPED_WHO, the identifier as a string (owned by
 *		the entry, freed with the acl); NULL otherwise
 */
struct richace {
	unsigned short e_type;
	unsigned short e_flags;
	unsigned int e_mask;
	unsigned int e_id;
	char *e_who;
};

/**
 * struct richacl - an access control list
 * @a_flags:	RICHACL_* flags
 * @a_count:	number of entries in use
 * @a_owner_mask, @a_group_mask, @a_other_mask: the file masks
 * @a_entries:	the entries, in evaluation order
 *
 * a_entries is owned by the acl: change the number of entries only with
 * richacl_insert_entry() and richacl_delete_entry().
 */
struct richacl {
	unsigned char a_flags;
	unsigned short a_count;
	unsigned int a_owner_mask;
	unsigned int a_group_mask;
	unsigned int a_other_mask;
	struct richace *a_entries;
	unsigned int a_alloc;	/* private: allocated entries */
};

#define richacl_for_each_entry(_ace, _acl) \
	for ((_ace) = (_acl)->a_entries; \
	     (_ace) != (_acl)->a_entries + (_acl)->a_count; \
	     (_ace)++)

/* Steps back before each pass, never to a pointer before the array. */
#define richacl_for_each_entry_reverse(_ace, _acl) \
	for ((_ace) = (_acl)->a_entries + (_acl)->a_count; \
	     (_ace) != (_acl)->a_entries && ((_ace)--, 1); \
	     )

/* ---- richacl_base.c: the in-memory form ---- */

/* A new acl of @count zeroed entries (NULL with errno set on failure). */
struct richacl *richacl_alloc(unsigned int count);
struct richacl *richacl_clone(const struct richacl *acl);
void richacl_free(struct richacl *acl);
/* Insert a zeroed entry before @index (0..a_count); NULL and errno on failure. */
struct richace *richacl_insert_entry(struct richacl *acl, unsigned int index);
void richacl_delete_entry(struct richacl *acl, unsigned int index);
/* Copy @src into @dst, duplicating e_who; 0, or -1 with errno. */
int richace_copy(struct richace *dst, const struct richace *src);
/* Make @ace an unmapped user (or group, with @is_group) named @who. */
int richace_set_unmapped_who(struct richace *ace, const char *who, int is_group);
/* 1 when the two acls have the same flags, masks and entries. */
int richacl_equal(const struct richacl *a, const struct richacl *b);

int richace_is_owner(const struct richace *ace);
int richace_is_group(const struct richace *ace);
int richace_is_everyone(const struct richace *ace);
int richace_is_unix_user(const struct richace *ace);
int richace_is_unix_group(const struct richace *ace);
int richace_is_allow(const struct richace *ace);
int richace_is_deny(const struct richace *ace);
int richace_is_inherit_only(const struct richace *ace);
int richace_is_inheritable(const struct richace *ace);
/* 1 when both entries name the same principal. */
int richace_is_same_identifier(const struct richace *a, const struct richace *b);

/* ---- richacl_text_parse.c, richacl_text_format.c: the text form ---- */

/* What richacl_from_text() saw beside the entries (its @given output). */
#define RICHACL_TEXT_FLAGS_GIVEN	0x01
#define RICHACL_TEXT_OWNER_MASK_GIVEN	0x02
#define RICHACL_TEXT_GROUP_MASK_GIVEN	0x04
#define RICHACL_TEXT_OTHER_MASK_GIVEN	0x08

/*
 * Parse the text form.  On success, returns the acl and stores in *@given
 * (if not NULL) which of flags and masks the text set.  On failure returns
 * NULL; when the text is at fault, *@error (if not NULL) receives a
 * malloc'ed message naming the offending text and the reason, e.g.
 * "'everyone@:rwz::allow': invalid permission 'z'", and errno is EINVAL.
 * Otherwise *@error is NULL and errno says what failed (ENOMEM).  The
 * reasons are listed in lib/richacl_text_parse.c.  Numeric ids are
 * decimal; a name is looked up unless the entry has the 'u' flag.
 */
struct richacl *richacl_from_text(const char *text, unsigned int *given,
				  char **error);

/* Options of richacl_to_text() and richacl_mask_to_text(). */
#define RICHACL_TEXT_LONG		0x01	/* long names, '/'-joined */
#define RICHACL_TEXT_FULL		0x02	/* also show a, c and S */
#define RICHACL_TEXT_SHOW_MASKS		0x04	/* owner/group/other mask lines */
#define RICHACL_TEXT_UNALIGNED		0x08	/* no justification, no padding */
#define RICHACL_TEXT_NUMERIC_IDS	0x10	/* never look up names */
#define RICHACL_TEXT_DIRECTORY		0x20	/* directory names of r, w, p */

/* One line per item, each ending in '\n'; malloc'ed, NULL with errno. */
char *richacl_to_text(const struct richacl *acl, unsigned int options);
/* A permission set alone, as in the entries; malloc'ed. */
char *richacl_mask_to_text(unsigned int mask, unsigned int options);

/*
 * richacl_names.c: a cache of the names of user and group ids, for
 * printing many acls: each distinct id is looked up once (a tree of
 * thousands of files naming the same users costs a few look-ups, not one
 * per entry).  Names are those of the first look-up until the cache is
 * freed.  richacl_id_name() returns the name of @id, or NULL: errno 0
 * when the id has no name, else the error (ENOMEM).
 */
struct richacl_names;
struct richacl_names *richacl_names_alloc(void);
void richacl_names_free(struct richacl_names *names);
const char *richacl_id_name(struct richacl_names *names, unsigned int id,
			    int is_group);
/* richacl_to_text(), the names from @names (NULL: looked up each time). */
char *richacl_to_text_names(const struct richacl *acl, unsigned int options,
			    struct richacl_names *names);

/* ---- richacl_xattr.c: the system.richacl value ---- */

/*
 * Encode; returns a malloc'ed buffer and its size in *@size.  NULL with
 * errno EINVAL when @acl breaks a rule richacl_from_xattr() checks (so
 * every encoded value decodes), E2BIG when the value would exceed
 * RICHACL_XATTR_MAX_SIZE (long unmapped names), or ENOMEM.
 */
void *richacl_to_xattr(const struct richacl *acl, size_t *size);
/*
 * Decode and validate; NULL with errno EINVAL for an invalid value (never
 * reads beyond @size), or ENOMEM.
 */
struct richacl *richacl_from_xattr(const void *value, size_t size);
/* Size richacl_to_xattr() will produce. */
size_t richacl_xattr_size(const struct richacl *acl);

/* ---- richacl_file.c: files ---- */

/*
 * The RichACL of a file (symlinks followed) or open file.  NULL with errno
 * ENODATA when the file has none, EINVAL when its value does not decode,
 * otherwise the getxattr() error (EOPNOTSUPP without kernel support).
 */
struct richacl *richacl_get_file(const char *path);
struct richacl *richacl_get_fd(int fd);
/* Store @acl with one setxattr() call; 0, or -1 with errno. */
int richacl_set_file(const char *path, const struct richacl *acl);
int richacl_set_fd(int fd, const struct richacl *acl);
/* The acl of a file: its RichACL, or the one equivalent to its mode. */
struct richacl *richacl_get_or_from_mode(const char *path, mode_t *mode);
/* The same for a file the caller has stat'ed: @mode its st_mode. */
struct richacl *richacl_get_or_from_given_mode(const char *path, mode_t mode);

/* ---- one file per algorithm ---- */

/* richacl_mode.c: the three mode bits (mode & 7) as permissions, and back. */
unsigned int richacl_mode_to_mask(mode_t mode);
mode_t richacl_mask_to_mode(unsigned int mask);
/* The permission bits of the mode the file masks stand for. */
mode_t richacl_masks_to_mode(const struct richacl *acl);

/*
 * richacl_max_masks.c: set the masks to exactly what each file class can be
 * granted by the entries (so enforcing them changes no decision); clears
 * the masked and write_through flags.
 */
void richacl_compute_max_masks(struct richacl *acl);

/* richacl_chmod.c: set the file masks from @mode (write_through, masked). */
void richacl_chmod(struct richacl *acl, mode_t mode);

/*
 * richacl_equiv_mode.c: 0 and the equivalent permission bits in *@mode
 * (whose file type bits say file or directory) when @acl says no more than
 * a mode can; -1 otherwise.
 */
int richacl_equiv_mode(const struct richacl *acl, mode_t *mode);

/* richacl_from_mode.c: the acl equivalent to @mode (file type bits used). */
struct richacl *richacl_from_mode(mode_t mode);

/*
 * richacl_apply_masks.c: rewrite @acl into an acl without masks that
 * grants every process exactly what @acl with its masks grants it, for a
 * file owned by @owner.  The result has neither the masked nor the
 * write_through flag and carries its maximum masks; what directories pass
 * on stays the same.  No-op for an acl without the masked flag.  0, or -1
 * with errno (EINVAL: the result would have too many entries), @acl then
 * unchanged.
 */
int richacl_apply_masks(struct richacl *acl, uid_t owner);

/*
 * richacl_inherit.c: create-time inheritance.  richacl_inherit() returns
 * the acl a new file (@isdir 0) or directory (@isdir 1) inherits from its
 * parent's @dir_acl, or NULL with errno 0 when nothing is inherited.
 * richacl_inherit_inode() does what a filesystem does at create time:
 * with *@mode the create mode (file type and permission bits) and @umask,
 * it returns the new inode's acl (NULL with errno 0 when it has none) and
 * sets *@mode; on failure NULL with errno set, *@mode unchanged.
 * Inherited acls come with their maximum masks.
 */
struct richacl *richacl_inherit(const struct richacl *dir_acl, int isdir);
struct richacl *richacl_inherit_inode(const struct richacl *dir_acl,
				      mode_t *mode, mode_t umask);

/*
 * richacl_auto_inherit.c: automatic inheritance from a parent directory's
 * @dir_acl into @acl, the acl of a child (@isdir): inherited entries are
 * replaced by freshly inherited ones.  Returns 1 when @acl changed, 0
 * when not, -1 with errno on failure.
 */
int richacl_auto_inherit(struct richacl *acl, const struct richacl *dir_acl,
			 int isdir);

/*
 * richacl_modify.c: setrichacl --modify: merge @changes into @acl (whose
 * masks are already applied).  0, or -1 with errno.
 */
int richacl_modify(struct richacl *acl, const struct richacl *changes);

/**
 * struct richacl_cred - who asks, for the access check
 * @uid:	the (filesystem) user id
 * @gid:	the (filesystem) primary group id
 * @groups:	supplementary groups
 * @ngroups:	their number
 */
struct richacl_cred {
	uid_t uid;
	gid_t gid;
	const gid_t *groups;
	size_t ngroups;
};

/*
 * richacl_access.c: the permission check the kernel does, as a pure
 * function.  Returns the subset of @requested that @acl grants @cred on a
 * file owned by @owner:@group.  The model the kernel is tested against;
 * lib/richacl_access.c describes it.
 */
unsigned int richacl_access(const struct richacl *acl, uid_t owner,
			    gid_t group, const struct richacl_cred *cred,
			    unsigned int requested);

#ifdef __cplusplus
}
#endif

#endif /* SYS_RICHACL_H */
