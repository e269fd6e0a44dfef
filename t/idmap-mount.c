// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * idmap-mount: make an idmapped bind mount, for t/guest/richacl-idmap.bats.
 *
 *	idmap-mount -u MNT:DISK:COUNT [-u ...] [-g MNT:DISK:COUNT ...]
 *		    SOURCE TARGET
 *
 * Bind-mounts the directory SOURCE on TARGET so that through TARGET the
 * ids DISK .. DISK+COUNT-1 of the file system appear as MNT .. MNT+COUNT-1
 * (and back: an id given through TARGET is stored as its DISK id).  Ids
 * not covered by any -u (-g) range have no mapping in the mount.  Without
 * -g, group ids are mapped to themselves.  Needs root (CAP_SYS_ADMIN and
 * CAP_SETUID/CAP_SETGID in the initial user namespace).
 *
 * The new mount API: a user namespace whose uid_map/gid_map are the ranges
 * above ("MNT DISK COUNT": MNT inside the namespace is DISK outside), held
 * by a child process; open_tree(OPEN_TREE_CLONE) for a detached copy of
 * SOURCE; mount_setattr(MOUNT_ATTR_IDMAP) with the namespace; move_mount
 * onto TARGET.  The syscalls go through syscall(2) so that this builds
 * with C libraries without wrappers for them.
 *
 * Exit status: 0 mounted; 1 usage or system error (message on stderr,
 * with the name of the step that failed).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <linux/mount.h>

static const char *progname = "idmap-mount";

/* Large enough for the few lines a test writes (the kernel takes 340). */
#define MAP_SIZE 4096

struct idmap {
	char text[MAP_SIZE];	/* "MNT DISK COUNT\n" lines, as for uid_map */
	size_t len;
};

static void usage(void)
{
	fprintf(stderr, "Usage: %s -u MNT:DISK:COUNT [-u ...] "
		"[-g MNT:DISK:COUNT ...] SOURCE TARGET\n", progname);
	exit(1);
}

static void fail(const char *what)
{
	fprintf(stderr, "%s: %s: %s\n", progname, what, strerror(errno));
	exit(1);
}

/* parse_id: a decimal id; *end is set past it. */
static int parse_id(const char *s, char **end, unsigned long *id)
{
	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	*id = strtoul(s, end, 10);
	if (errno || *id > UINT_MAX)
		return -1;
	return 0;
}

/* add_range: append "MNT:DISK:COUNT" to MAP as a uid_map line. */
static void add_range(struct idmap *map, const char *arg)
{
	unsigned long mnt, disk, count;
	char *p;
	int n;

	if (parse_id(arg, &p, &mnt) || *p != ':' ||
	    parse_id(p + 1, &p, &disk) || *p != ':' ||
	    parse_id(p + 1, &p, &count) || *p || count == 0) {
		fprintf(stderr, "%s: %s: not MNT:DISK:COUNT\n",
			progname, arg);
		exit(1);
	}
	n = snprintf(map->text + map->len, sizeof(map->text) - map->len,
		     "%lu %lu %lu\n", mnt, disk, count);
	if (n < 0 || (size_t)n >= sizeof(map->text) - map->len) {
		fprintf(stderr, "%s: too many ranges\n", progname);
		exit(1);
	}
	map->len += n;
}

static void write_file(const char *path, const char *text, size_t len)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);

	if (fd < 0)
		fail(path);
	if (write(fd, text, len) != (ssize_t)len)
		fail(path);
	if (close(fd))
		fail(path);
}

/*
 * userns_fd: a file descriptor of a new user namespace with the given maps.
 * A child unshares its user namespace and waits; the parent writes the
 * child's maps (as root in the parent namespace: no setgroups dance),
 * opens /proc/PID/ns/user, and lets the child go.
 */
static int userns_fd(const struct idmap *uids, const struct idmap *gids)
{
	int ready[2], release[2], fd, status, err = 0;
	char path[64], c;
	pid_t pid;

	if (pipe2(ready, O_CLOEXEC) || pipe2(release, O_CLOEXEC))
		fail("pipe");
	pid = fork();
	if (pid < 0)
		fail("fork");
	if (pid == 0) {
		close(ready[0]);
		close(release[1]);
		/* Tell the parent 0, or why unshare failed. */
		if (unshare(CLONE_NEWUSER))
			err = errno;
		if (write(ready[1], &err, sizeof(err)) != sizeof(err) || err)
			_exit(1);
		/* Until the parent closes its end (or dies). */
		while (read(release[0], &c, 1) > 0)
			;
		_exit(0);
	}
	close(ready[1]);
	close(release[0]);
	if (read(ready[0], &err, sizeof(err)) != sizeof(err))
		err = EIO;
	if (err) {
		errno = err;
		fail("unshare(CLONE_NEWUSER) in the child");
	}
	snprintf(path, sizeof(path), "/proc/%d/uid_map", (int)pid);
	write_file(path, uids->text, uids->len);
	snprintf(path, sizeof(path), "/proc/%d/gid_map", (int)pid);
	write_file(path, gids->text, gids->len);
	snprintf(path, sizeof(path), "/proc/%d/ns/user", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		fail(path);
	close(release[1]);
	close(ready[0]);
	if (waitpid(pid, &status, 0) != pid)
		fail("waitpid");
	return fd;
}

int main(int argc, char *argv[])
{
	static struct idmap uids, gids;
	struct mount_attr attr;
	int opt, tree;

	while ((opt = getopt(argc, argv, "u:g:")) != -1) {
		switch (opt) {
		case 'u':
			add_range(&uids, optarg);
			break;
		case 'g':
			add_range(&gids, optarg);
			break;
		default:
			usage();
		}
	}
	if (argc - optind != 2 || uids.len == 0)
		usage();
	if (gids.len == 0)
		add_range(&gids, "0:0:4294967295");

	memset(&attr, 0, sizeof(attr));
	attr.attr_set = MOUNT_ATTR_IDMAP;
	attr.userns_fd = userns_fd(&uids, &gids);

	tree = syscall(SYS_open_tree, AT_FDCWD, argv[optind],
		       OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC);
	if (tree < 0)
		fail("open_tree");
	if (syscall(SYS_mount_setattr, tree, "", AT_EMPTY_PATH,
		    &attr, sizeof(attr)))
		fail("mount_setattr(MOUNT_ATTR_IDMAP)");
	if (syscall(SYS_move_mount, tree, "", AT_FDCWD, argv[optind + 1],
		    MOVE_MOUNT_F_EMPTY_PATH))
		fail("move_mount");
	return 0;
}
