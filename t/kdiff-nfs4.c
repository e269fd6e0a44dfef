// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kdiff nfs4-acl: what nfsd must send as the NFSv4 acl attribute of
 * random files and directories, computed by librichacl.
 *
 * In the current directory (on a RichACL ext4 that nfsd exports), each
 * case of the seed makes four objects with the ACLs, owners and groups of
 * the random scenario's P, O, Q and T (kdiff-gen.c): c<case>p and
 * c<case>q are directories, c<case>o and c<case>t files or directories.
 * For each it prints what `getfattr -n system.nfs4_acl -e hex` shows on
 * the NFS client (who strings are numbers: AUTH_SYS, idmapping off): the
 * ACL the kernel stored, or the one equivalent to the mode, with the
 * masks applied (richacl_apply_masks()), as an XDR nfsace4 list.
 * Comparing the two is t/guest/nfsd-richacl.bats's job.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kdiff.h"

/* The entry flags that go on the wire: those NFSv4 defines as ours. */
#define WIRE_FLAGS (RICHACE_INHERITANCE_FLAGS | RICHACE_IDENTIFIER_GROUP | \
		    RICHACE_INHERITED_ACE)

static const char *const special_who[] = {
	[RICHACE_OWNER_SPECIAL_ID] = "OWNER@",
	[RICHACE_GROUP_SPECIAL_ID] = "GROUP@",
	[RICHACE_EVERYONE_SPECIAL_ID] = "EVERYONE@",
};

static void put_u32(uint32_t v)
{
	printf("%08" PRIx32, v);
}

/* An XDR opaque: the length, the bytes, zero padding to four bytes. */
static void put_opaque(const char *s)
{
	size_t n, len = strlen(s);

	put_u32((uint32_t)len);
	for (n = 0; n < len; n++)
		printf("%02x", (unsigned char)s[n]);
	for (; n % 4; n++)
		printf("00");
}

static void put_acl(const struct richacl *acl)
{
	const struct richace *ace;
	char who[16];

	put_u32(acl->a_count);
	richacl_for_each_entry(ace, acl) {
		unsigned int flags = ace->e_flags & WIRE_FLAGS;

		if (ace->e_flags & RICHACE_SPECIAL_WHO) {
			flags &= ~RICHACE_IDENTIFIER_GROUP;
			snprintf(who, sizeof(who), "%s", special_who[ace->e_id]);
		} else {
			snprintf(who, sizeof(who), "%u", ace->e_id);
		}
		put_u32(ace->e_type);
		put_u32(flags);
		put_u32(ace->e_mask);
		put_opaque(who);
	}
}

static int make(const char *path, int isdir, const struct richacl *acl,
		uid_t owner, gid_t group)
{
	int fd;

	if (isdir) {
		if (mkdir(path, 0755))
			goto fail;
	} else {
		fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
		if (fd < 0 || close(fd))
			goto fail;
	}
	if (chown(path, owner, group) || richacl_set_file(path, acl))
		goto fail;
	return 0;
fail:
	fprintf(stderr, "kdiff: %s: %s\n", path, strerror(errno));
	return -1;
}

/* The expected getfattr output for @path. */
static int expect(const char *path)
{
	struct richacl *acl;
	struct stat st;
	mode_t mode;

	if (stat(path, &st))
		goto fail;
	acl = richacl_get_or_from_mode(path, &mode);
	if (!acl)
		goto fail;
	if (richacl_apply_masks(acl, st.st_uid)) {
		richacl_free(acl);
		goto fail;
	}
	printf("# file: %s\nsystem.nfs4_acl=0x", path);
	put_acl(acl);
	printf("\n\n");
	richacl_free(acl);
	return 0;
fail:
	fprintf(stderr, "kdiff: %s: %s\n", path, strerror(errno));
	return -1;
}

int kdiff_nfs4_acl(uint64_t seed, unsigned int cases)
{
	unsigned int c, k;

	for (c = 0; c < cases; c++) {
		struct kdiff_scenario sc;
		char path[4][32];
		int r = 0;

		if (kdiff_random_scenario(seed, c, &sc)) {
			fprintf(stderr, "kdiff: out of memory\n");
			return 1;
		}
		for (k = 0; k < 4; k++)
			snprintf(path[k], sizeof(path[k]), "c%u%c", c, "poqt"[k]);
		r = make(path[0], 1, sc.p_acl, sc.p_owner, sc.p_group) ||
		    make(path[1], sc.isdir, sc.o_acl, sc.o_owner, sc.o_group) ||
		    make(path[2], 1, sc.q_acl, sc.q_owner, sc.q_group) ||
		    make(path[3], sc.isdir, sc.t_acl, sc.t_owner, sc.t_group);
		kdiff_free_scenario(&sc);
		for (k = 0; !r && k < 4; k++)
			r = expect(path[k]);
		if (r)
			return 1;
	}
	return 0;
}
