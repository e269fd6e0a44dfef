// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * xfs-attr-probe: xfs's attribute ioctls by handle, which bypass the xattr
 * handlers, for t/guest/richacl-xfs.bats.
 *
 *	xfs-attr-probe FILE OP...
 *
 * Takes FILE's handle (XFS_IOC_FD_TO_HANDLE) and runs each OP through
 * XFS_IOC_ATTRLIST_BY_HANDLE or XFS_IOC_ATTRMULTI_BY_HANDLE (issued on
 * FILE's directory, as xfs wants a directory there), printing
 * "OP: RESULT", one line each:
 *
 *	list:NS			the names in namespace NS, space-separated
 *	get:NS:NAME		the value's length, "N bytes"
 *	set:NS:NAME:HEX		"ok"
 *	remove:NS:NAME		"ok"
 *
 * NS is root, secure or user; a failure prints the errno's name.  Needs
 * CAP_SYS_ADMIN.  Exit status: 0 when every OP ran (whatever its result);
 * 1 on a usage error or when FILE has no handle, with
 * "xfs-attr-probe: FILE: reason" on stderr.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <xfs/xfs.h>

static const char *progname = "xfs-attr-probe";

static const struct {
	const char *name;
	uint32_t flags;
} namespaces[] = {
	{ "user", 0 },
	{ "root", XFS_IOC_ATTR_ROOT },
	{ "secure", XFS_IOC_ATTR_SECURE },
};

/* FILE's directory: where the by-handle ioctls go. */
static int fd;
static char handle[64];
static uint32_t handle_len = sizeof(handle);

static struct xfs_fsop_handlereq handle_req(void)
{
	struct xfs_fsop_handlereq hreq = {
		.ihandle = handle, .ihandlen = handle_len,
	};

	return hreq;
}

static int ns_flags(const char *ns, uint32_t *flags)
{
	size_t i;

	for (i = 0; i < sizeof(namespaces) / sizeof(namespaces[0]); i++) {
		if (!strcmp(ns, namespaces[i].name)) {
			*flags = namespaces[i].flags;
			return 0;
		}
	}
	return -1;
}

static void list_names(uint32_t flags)
{
	static char buf[65536] __attribute__((aligned(8)));
	struct xfs_fsop_attrlist_handlereq req = {
		.hreq = handle_req(), .flags = flags,
		.buflen = sizeof(buf), .buffer = buf,
	};
	struct xfs_attrlist *list = (struct xfs_attrlist *)buf;
	int i, printed = 0;

	do {
		if (ioctl(fd, XFS_IOC_ATTRLIST_BY_HANDLE, &req) < 0) {
			printf("%s%s", printed++ ? " " : "",
			       strerrorname_np(errno));
			break;
		}
		for (i = 0; i < list->al_count; i++) {
			struct xfs_attrlist_ent *ent = (struct xfs_attrlist_ent *)
				(buf + list->al_offset[i]);

			printf("%s%s", printed++ ? " " : "", ent->a_name);
		}
	} while (list->al_more);
	if (!printed)
		printf("(none)");
}

/* One ATTRMULTI operation: 0 or an errno. */
static int multi(uint32_t opcode, uint32_t flags, const char *name,
		 void *value, uint32_t *len)
{
	struct xfs_attr_multiop op = {
		.am_opcode = opcode, .am_attrname = (void *)name,
		.am_attrvalue = value, .am_length = *len, .am_flags = flags,
	};
	struct xfs_fsop_attrmulti_handlereq req = {
		.hreq = handle_req(), .opcount = 1, .ops = &op,
	};

	if (ioctl(fd, XFS_IOC_ATTRMULTI_BY_HANDLE, &req) < 0)
		return errno;
	*len = op.am_length;
	return op.am_error < 0 ? -op.am_error : op.am_error;
}

/* HEX into bytes; the length, or -1 when HEX is not pairs of hex digits. */
static long unhex(const char *hex, unsigned char *out, size_t size)
{
	size_t n = strlen(hex) / 2, i;

	if (strlen(hex) % 2 || n > size)
		return -1;
	for (i = 0; i < n; i++) {
		unsigned int byte;

		if (sscanf(hex + 2 * i, "%2x", &byte) != 1)
			return -1;
		out[i] = (unsigned char)byte;
	}
	return (long)n;
}

static int run_op(char *op)
{
	static unsigned char value[65536];
	char *words[4] = { NULL }, *save = NULL, *copy = strdup(op);
	uint32_t flags, len = sizeof(value);
	int n = 0, err;

	if (!copy)
		return -1;
	for (char *w = strtok_r(copy, ":", &save); w && n < 4;
	     w = strtok_r(NULL, ":", &save))
		words[n++] = w;
	if (n < 2 || ns_flags(words[1], &flags)) {
		free(copy);
		return -1;
	}
	printf("%s: ", op);
	if (!strcmp(words[0], "list") && n == 2) {
		list_names(flags);
		printf("\n");
	} else if (!strcmp(words[0], "get") && n == 3) {
		err = multi(ATTR_OP_GET, flags, words[2], value, &len);
		if (err)
			printf("%s\n", strerrorname_np(err));
		else
			printf("%u bytes\n", len);
	} else if (!strcmp(words[0], "set") && n == 4) {
		long vlen = unhex(words[3], value, sizeof(value));

		if (vlen < 0) {
			free(copy);
			return -1;
		}
		len = (uint32_t)vlen;
		err = multi(ATTR_OP_SET, flags, words[2], value, &len);
		printf("%s\n", err ? strerrorname_np(err) : "ok");
	} else if (!strcmp(words[0], "remove") && n == 3) {
		len = 0;
		err = multi(ATTR_OP_REMOVE, flags, words[2], NULL, &len);
		printf("%s\n", err ? strerrorname_np(err) : "ok");
	} else {
		free(copy);
		return -1;
	}
	fflush(stdout);
	free(copy);
	return 0;
}

int main(int argc, char *argv[])
{
	struct xfs_fsop_handlereq hreq = {
		.ohandle = handle, .ohandlen = &handle_len,
	};
	char *dir, *slash;
	int i, file_fd;

	if (argc < 3) {
		fprintf(stderr, "Usage: %s FILE OP...\n", progname);
		return 1;
	}
	dir = strdup(argv[1]);
	if (!dir)
		return 1;
	slash = strrchr(dir, '/');
	if (!slash)
		strcpy(dir, ".");
	else if (slash == dir)
		dir[1] = '\0';	/* "/" */
	else
		*slash = '\0';
	file_fd = open(argv[1], O_RDONLY);
	fd = open(dir, O_RDONLY | O_DIRECTORY);
	if (file_fd < 0 || fd < 0) {
		fprintf(stderr, "%s: %s: %s\n", progname,
			file_fd < 0 ? argv[1] : dir, strerror(errno));
		return 1;
	}
	free(dir);
	hreq.fd = (uint32_t)file_fd;
	if (ioctl(file_fd, XFS_IOC_FD_TO_HANDLE, &hreq) < 0) {
		fprintf(stderr, "%s: %s: %s\n", progname, argv[1],
			strerror(errno));
		return 1;
	}
	close(file_fd);
	for (i = 2; i < argc; i++) {
		if (run_op(argv[i])) {
			fprintf(stderr, "%s: %s: not an operation\n", progname,
				argv[i]);
			return 1;
		}
	}
	close(fd);
	return 0;
}
