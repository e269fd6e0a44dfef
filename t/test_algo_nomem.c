// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The algorithms when memory runs out: each allocation in turn fails.
 * Every function must then report ENOMEM, leave its input as it promises,
 * and leak nothing.  The allocator of nomem.h fails on demand and counts
 * live blocks.
 * Sanitizer builds bring their own allocator: make check leaves the test
 * out there, and run by hand it skips.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sys/richacl.h"
#include "nomem.h"
#include "tap.h"

#ifdef NOMEM_SANITIZED
int main(void)
{
	printf("1..0 # SKIP the sanitizers replace the allocator\n");
	return 0;
}
#else
/*
 * One operation under test: returns 0 on success, -1 on failure with
 * errno set; it frees what it made, and checks what it must leave alone
 * (returning -2 when it was not left alone).
 */
typedef int (*op_fn)(const char *a, const char *b);

static int op_from_mode(const char *a, const char *b)
{
	struct richacl *acl;

	(void)a;
	(void)b;
	armed = 1;
	acl = richacl_from_mode(S_IFDIR | 0604);
	armed = 0;
	if (!acl)
		return -1;
	richacl_free(acl);
	return 0;
}

static int op_inherit(const char *a, const char *b)
{
	struct richacl *dir_acl = parse(a), *acl;
	int error;

	armed = 1;
	errno = 0;
	acl = richacl_inherit(dir_acl, b != NULL);
	armed = 0;
	error = errno;
	richacl_free(dir_acl);
	if (!acl) {
		errno = error;
		return error ? -1 : -2;
	}
	richacl_free(acl);
	return 0;
}

static int op_inherit_inode(const char *a, const char *b)
{
	struct richacl *dir_acl = parse(a), *acl;
	mode_t mode = (b ? S_IFDIR : S_IFREG) | 0750;
	int error;

	armed = 1;
	acl = richacl_inherit_inode(dir_acl, &mode, 022);
	armed = 0;
	error = errno;
	richacl_free(dir_acl);
	if (!acl && error) {
		errno = error;
		return mode == ((b ? S_IFDIR : S_IFREG) | 0750) ? -1 : -2;
	}
	richacl_free(acl);
	return 0;
}

static int op_auto_inherit(const char *a, const char *b)
{
	struct richacl *dir_acl = parse(a), *acl = parse(b);
	struct richacl *before = richacl_clone(acl);
	int ret, error;

	armed = 1;
	ret = richacl_auto_inherit(acl, dir_acl, 0);
	armed = 0;
	error = errno;
	if (ret < 0 && !richacl_equal(acl, before))
		ret = -2;
	richacl_free(dir_acl);
	richacl_free(acl);
	richacl_free(before);
	errno = error;
	return ret < 0 ? ret : 0;
}

static int op_modify(const char *a, const char *b)
{
	struct richacl *acl = parse(a), *changes = parse(b);
	int ret, error;

	armed = 1;
	ret = richacl_modify(acl, changes);
	armed = 0;
	error = errno;
	/* A partly modified acl must still be whole: print it. */
	if (ret) {
		char *text = richacl_to_text(acl, RICHACL_TEXT_NUMERIC_IDS);

		if (!text)
			ret = -2;
		free(text);
	}
	richacl_free(acl);
	richacl_free(changes);
	errno = error;
	return ret;
}

/* Fail each allocation of @op in turn, until it needs no more. */
static void check_nomem(const char *name, op_fn op, const char *a,
			const char *b)
{
	int bad = 0, failures = 0;

	for (fail_at = 0; ; fail_at++) {
		long before = live;
		int ret;

		calls = 0;
		ret = op(a, b);
		if (live != before) {
			printf("# %s: %ld blocks leaked when allocation %d "
			       "fails\n", name, live - before, fail_at);
			bad++;
		}
		if (calls <= fail_at) {
			if (ret)
				bad++;
			break;	/* no allocation failed: done */
		}
		failures++;
		if (ret == -2 || (ret == -1 && errno != ENOMEM)) {
			printf("# %s: allocation %d: returned %d, errno %d\n",
			       name, fail_at, ret, errno);
			bad++;
		}
	}
	ok(!bad && failures > 0, "%s: %d allocation failures handled",
	   name, failures);
}

int main(void)
{
	const char *dir = "flags:a owner@:rwp:fd:allow u:bob@NFS:r:fu:allow "
			  "g:3:x:fi:allow everyone@:r:d:allow";

	check_nomem("from_mode", op_from_mode, NULL, NULL);
	check_nomem("inherit file", op_inherit, dir, NULL);
	check_nomem("inherit dir", op_inherit, dir, "d");
	check_nomem("inherit_inode file", op_inherit_inode, dir, NULL);
	check_nomem("inherit_inode dir", op_inherit_inode, dir, "d");
	check_nomem("auto_inherit", op_auto_inherit, dir,
		    "flags:a u:1:r::allow u:bob@NFS:w:ua:allow "
		    "u:2:r::allow u:3:r::allow u:4:r::allow");
	check_nomem("auto_inherit defaulted", op_auto_inherit, dir,
		    "flags:ad u:1:r::allow");
	check_nomem("auto_inherit defaulted, nothing inherited",
		    op_auto_inherit, "flags:a", "flags:ad u:1:r::allow");
	check_nomem("modify", op_modify,
		    "u:1:r::allow u:2:r::allow u:3:r::allow u:4:r::allow",
		    "u:5:w::deny u:bob@NFS:r:u:allow u:6:x::allow "
		    "u:7:x:a:allow u:8:x:a:deny");
	return tap_done();
}
#endif
