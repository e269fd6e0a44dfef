// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz target: create-time and automatic inheritance.  From a directory
 * acl of the input: what a new file or directory inherits encodes, a
 * file's acl has no inheritance flags, every inherited entry of a
 * directory that is inherit-only still passes something on, and the mode
 * richacl_inherit_inode() gives asks no more than the create mode.
 * Automatic inheritance into a child acl of the input keeps it encodable.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "acl_bytes.h"

#define MAX_ENTRIES 24

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_encodes(const char *what, const struct richacl *acl)
{
	void *value;
	size_t len;

	if (!acl)
		return;
	value = richacl_to_xattr(acl, &len);
	if (!value)
		fuzz_show(what, acl);
	FUZZ_CHECK(value, "%s does not encode (errno %d)", what, errno);
	free(value);
}

static void check_inherited(const struct richacl *acl, int isdir)
{
	const struct richace *ace;

	if (!acl)
		return;
	richacl_for_each_entry(ace, acl) {
		unsigned int inh = ace->e_flags & RICHACE_INHERITANCE_FLAGS;

		if (!isdir)
			FUZZ_CHECK(inh == 0, "a file inherits flags 0x%x", inh);
		else if (inh & RICHACE_INHERIT_ONLY_ACE)
			FUZZ_CHECK(inh & (RICHACE_FILE_INHERIT_ACE |
					  RICHACE_DIRECTORY_INHERIT_ACE),
				   "an inherit-only entry that passes nothing on");
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_input in = { data, size, 0 };
	unsigned int modes = fuzz_u32(&in);
	struct richacl *dir, *child, *acl;
	int isdir;

	dir = fuzz_acl(&in, MAX_ENTRIES);
	if (!dir)
		return 0;
	child = fuzz_acl(&in, MAX_ENTRIES);
	for (isdir = 0; isdir < 2; isdir++) {
		mode_t create = (isdir ? S_IFDIR : S_IFREG) | (modes & 07777);
		mode_t umask = (modes >> 12) & 0777, mode = create;

		acl = richacl_inherit(dir, isdir);
		FUZZ_CHECK(acl || errno == 0 || errno == ENOMEM,
			   "richacl_inherit failed with errno %d", errno);
		check_encodes("inherited", acl);
		check_inherited(acl, isdir);
		richacl_free(acl);

		acl = richacl_inherit_inode(dir, &mode, umask);
		FUZZ_CHECK(acl || errno == 0 || errno == ENOMEM,
			   "richacl_inherit_inode failed with errno %d", errno);
		if (acl || errno == 0) {
			FUZZ_CHECK((mode & S_IFMT) == (create & S_IFMT),
				   "the file type changed");
			FUZZ_CHECK(!(mode & 0777 & ~create),
				   "mode 0%o grants more than create mode 0%o",
				   (unsigned int)mode, (unsigned int)create);
		}
		check_encodes("inherited inode", acl);
		richacl_free(acl);

		if (child) {
			acl = richacl_clone(child);
			if (acl && richacl_auto_inherit(acl, dir, isdir) >= 0)
				check_encodes("auto-inherited", acl);
			richacl_free(acl);
		}
	}
	richacl_free(child);
	richacl_free(dir);
	return 0;
}
