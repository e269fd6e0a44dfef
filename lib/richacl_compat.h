/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Private to librichacl: acl editing helpers of richacl_apply_masks(), and
 * the parts it is made of.
 *
 * Entries are addressed by index, since inserting an entry may move the
 * entry array.  "Effective" entries are those the access check looks at:
 * allow and deny entries that are not inherit-only.  The helpers never
 * change inherit-only entries; an inheritable entry whose permissions must
 * change is split into an unchanged inherit-only copy and an effective
 * entry without inheritance flags.  An entry that keeps or loses
 * permissions keeps its inherited flag; one that gains permissions, and
 * every entry the helpers create, is not inherited.
 */
#ifndef RICHACL_COMPAT_H
#define RICHACL_COMPAT_H

#include "sys/richacl.h"

/* The flags that say who an entry is for. */
#define COMPAT_WHO_FLAGS	(RICHACE_SPECIAL_WHO | \
				 RICHACE_IDENTIFIER_GROUP | \
				 RICHACE_UNMAPPED_WHO)

/* Does the access check look at @ace? */
int compat_is_effective(const struct richace *ace);

/* Does @ace only ever match the owner (owner@, or user:@owner)? */
int compat_is_owner_entry(const struct richace *ace, uid_t owner);

/*
 * The mask that limits the allow entry @ace when the masks are applied:
 * the owner mask for owner@ and user entries naming @owner, the other
 * mask for everyone@, the group mask for the rest.
 */
unsigned int compat_class_mask(const struct richacl *acl,
			       const struct richace *ace, uid_t owner);

/* A who template for owner@, group@ or everyone@ (@id: a special id). */
struct richace compat_special_who(unsigned int id);

/*
 * Give the effective entry at *@index the permissions @mask.  An
 * inheritable entry is split first: an inherit-only copy with the old
 * permissions stays at *@index and *@index moves to the effective entry.
 * The entry loses its inherited flag when @mask adds permissions.
 * Entries left without permissions stay until compat_remove_empty().
 * 0, or -1 with errno.
 */
int compat_change_mask(struct richacl *acl, unsigned int *index,
		       unsigned int mask);

/*
 * Insert an effective @type entry for the principal of @who (which may be
 * an entry of @acl) with permissions @mask before @index.  0, or -1 with
 * errno.
 */
int compat_insert(struct richacl *acl, unsigned int index,
		  const struct richace *who, unsigned short type,
		  unsigned int mask);

/* The index of a trailing effective everyone@ allow entry, or -1. */
int compat_trailing_everyone(const struct richacl *acl);

/* Delete the effective, non-inheritable entries without permissions. */
void compat_remove_empty(struct richacl *acl);

/* Move the contents of @from into @to and free @from's shell. */
void compat_replace(struct richacl *to, struct richacl *from);

/*
 * richacl_class_may.c.  compat_entries_grant(): what the entries grant a
 * process that matches everyone@, the entries that only ever match the
 * owner when @is_owner, and the entries of the principal of @who (when
 * not NULL); for each permission, the first of these entries that names
 * it decides.  compat_class_may(): in *@may, what the entries can grant a
 * process of the owner class (@is_owner) or of the group class: the union
 * of compat_entries_grant() over group@ and each named principal that can
 * put a process in the class (and the owner alone, for the owner class).
 * A process that matches more is granted each of its permissions by a
 * first entry, which grants it to that entry's principal, too (see
 * richacl_compute_max_masks()).  0, or -1 with errno.
 */
unsigned int compat_entries_grant(const struct richacl *acl, uid_t owner,
				  int is_owner, const struct richace *who);
int compat_class_may(const struct richacl *acl, uid_t owner, int is_owner,
		     unsigned int *may);

/*
 * The two constructions richacl_apply_masks() chooses from, both in place
 * on a masked @acl; 0, or -1 with errno.  richacl_apply_masks_seeds.c:
 * the 2015 series' steps, whose result may grant some processes more or
 * less than @acl.  richacl_apply_masks_exact.c: a result that grants
 * every process exactly what @acl grants.
 */
int compat_apply_masks_seeds(struct richacl *acl, uid_t owner);
int compat_apply_masks_exact(struct richacl *acl, uid_t owner);

/*
 * richacl_same_access.c: does @plain (no masks) grant every process
 * exactly what @masked grants it, for a file owned by @owner and any
 * owning group?  1 yes, 0 no or too large to tell quickly, -1 with errno.
 */
int compat_same_access(const struct richacl *masked,
		       const struct richacl *plain, uid_t owner);

/*
 * Would compat_same_access() look at more than its budget of entries?
 * The subsets of up to three of @g gids (an unnamed owning group
 * included), for each of @nuids uids and @g owning groups, each looking
 * at @entries entries.  1 yes, 0 no.
 */
int compat_judge_too_costly(unsigned long long g, unsigned long long nuids,
			    unsigned long long entries);

#endif /* RICHACL_COMPAT_H */
