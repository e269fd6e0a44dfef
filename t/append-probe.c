// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * append-probe: try every way an open file can change data that is already
 * in a file, for t/guest/richacl-security.bats.
 *
 *	append-probe FILE SOURCE
 *
 * Meant to run as a user whom FILE's ACL grants read_data and append_data
 * but not write_data: such a user may add to the end of FILE and nothing
 * else, for as long as the open file lives.  Each attempt is one line,
 *
 *	NAME: RESULT
 *
 * where RESULT is "ok" or the errno's name (EPERM, EACCES, ...), followed
 * by " (data changed)" when the bytes FILE held at the start are no longer
 * its first bytes afterwards.  The attempts open FILE themselves, so one
 * process checks them all (every process costs 50-100 ms in the guest).
 * SOURCE, a file of the same file system that the user may read and
 * write, is where the data of the copying attempts comes from.
 *
 * Exit status: 0 when every attempt ran (whatever its result); 1 on a
 * usage error or when FILE cannot be read, with "append-probe: FILE:
 * reason" on stderr.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/falloc.h>
#include <linux/fs.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>
/* XFS_IOC_SWAPEXT (package xfslibs-dev, which ./richacl-vm installs). */
#if defined(__has_include) && __has_include(<xfs/xfs.h>)
#include <xfs/xfs.h>
#define HAVE_XFS_SWAPEXT 1
#endif

static const char *progname = "append-probe";
static const char *path;

/* What FILE held at the start. */
static char original[4096];
static size_t original_len;

/* A second file of the same file system, writable: a source of data. */
static const char *source_path;

/* The ext4 ioctl that moves a file's blocks into a donor file. */
struct move_extent {
	uint32_t reserved;
	uint32_t donor_fd;
	uint64_t orig_start;
	uint64_t donor_start;
	uint64_t len;
	uint64_t moved_len;
};
#define EXT4_IOC_MOVE_EXT _IOWR('f', 15, struct move_extent)

static bool data_intact(void)
{
	char now[sizeof(original)];
	ssize_t n;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return false;
	n = pread(fd, now, original_len, 0);
	close(fd);
	return n == (ssize_t)original_len &&
	       memcmp(now, original, original_len) == 0;
}

/*
 * Each attempt opens FILE with its flags (unless NO_OPEN) and runs its
 * operation on the descriptor: 0 when the operation succeeded, or an errno.
 */
#define NO_OPEN (-1)

static int result(int ret)
{
	return ret < 0 ? errno : 0;
}

static int write_xx(int fd)
{
	ssize_t n = write(fd, "XX", 2);

	return n == 2 ? 0 : n < 0 ? errno : EIO;
}

/* On an O_APPEND descriptor, a positional write goes to the end. */
static int pwrite_xx(int fd)
{
	return result(pwrite(fd, "XX", 2, 0));
}

static int pwritev2_xx(int fd)
{
	struct iovec iov = { .iov_base = "XX", .iov_len = 2 };

	return result(pwritev2(fd, &iov, 1, 0, 0));
}

/* Clear O_APPEND, then write at offset 0. */
static int clear_append_then_pwrite(int fd)
{
	int err = result(fcntl(fd, F_SETFL, 0));

	return err ? err : pwrite_xx(fd);
}

static int truncate_fd(int fd)
{
	return result(ftruncate(fd, 0));
}

static int truncate_path(int fd)
{
	(void)fd;
	return result(truncate(path, 0));
}

static int punch_hole(int fd)
{
	return result(fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
				0, 4));
}

static int zero_range(int fd)
{
	return result(fallocate(fd, FALLOC_FL_ZERO_RANGE, 0, 4));
}

static int collapse_range(int fd)
{
	return result(fallocate(fd, FALLOC_FL_COLLAPSE_RANGE, 0, 4096));
}

static int insert_range(int fd)
{
	return result(fallocate(fd, FALLOC_FL_INSERT_RANGE, 0, 4096));
}

/* Plain allocation past the end changes no data: allowed. */
static int allocate_past_end(int fd)
{
	return result(fallocate(fd, FALLOC_FL_KEEP_SIZE, 1 << 20, 4096));
}

/* Write through a mapping of FILE, unless it is too short (SIGBUS). */
static void poke(int fd, char *p)
{
	struct stat st;

	if (fstat(fd, &st) == 0 && st.st_size >= 2) {
		memcpy(p, "XX", 2);
		msync(p, original_len, MS_SYNC);
	}
}

/*
 * A shared mapping: writable from the start, or (@prot_later) for reading
 * and then made writable with mprotect.
 */
static int map_shared(int fd, bool prot_later)
{
	int prot = PROT_READ | (prot_later ? 0 : PROT_WRITE);
	char *p = mmap(NULL, original_len, prot, MAP_SHARED, fd, 0);
	int err = 0;

	if (p == MAP_FAILED)
		return errno;
	if (prot_later)
		err = result(mprotect(p, original_len, PROT_READ | PROT_WRITE));
	if (!err)
		poke(fd, p);
	munmap(p, original_len);
	return err;
}

static int mmap_shared_write(int fd) { return map_shared(fd, false); }
static int mmap_then_mprotect(int fd) { return map_shared(fd, true); }

/*
 * Run OP(src, dst) with a read-write descriptor of the source file and
 * DST, FILE's descriptor, after trying to clear its O_APPEND.
 */
static int with_source(int dst, int (*op)(int src, int dst))
{
	int err, src = open(source_path, O_RDWR);

	if (src < 0)
		return errno;
	fcntl(dst, F_SETFL, 0);
	err = op(src, dst);
	close(src);
	return err;
}

static int copy_range_op(int src, int dst)
{
	loff_t in = 0, out = 0;

	return result(copy_file_range(src, &in, dst, &out, 2, 0));
}

static int clone_op(int src, int dst)
{
	return result(ioctl(dst, FICLONE, src));
}

static int dedupe_op(int src, int dst)
{
	struct {
		struct file_dedupe_range range;
		struct file_dedupe_range_info info;
	} arg = {
		.range = { .src_offset = 0, .src_length = 4096,
			   .dest_count = 1 },
		.info = { .dest_fd = dst, .dest_offset = 0 },
	};
	int err = result(ioctl(src, FIDEDUPERANGE, &arg));

	if (!err && arg.info.status < 0)
		err = -arg.info.status;
	return err;
}

/* FILE as the donor: its blocks would receive the source's data. */
static int move_extent_op(int src, int dst)
{
	struct move_extent me = {
		.donor_fd = (uint32_t)dst, .orig_start = 0,
		.donor_start = 0, .len = 1,
	};

	return result(ioctl(src, EXT4_IOC_MOVE_EXT, &me));
}

/* FILE as the target: its extents would be swapped for the source's. */
static int swapext_op(int src, int dst)
{
#ifdef HAVE_XFS_SWAPEXT
	struct xfs_swapext sx = {
		.sx_version = XFS_SX_VERSION, .sx_fdtarget = dst,
		.sx_fdtmp = src, .sx_offset = 0, .sx_length = 4096,
	};

	return result(ioctl(src, XFS_IOC_SWAPEXT, &sx));
#else
	(void)src;
	(void)dst;
	return ENOSYS;	/* not built: the expected output says otherwise */
#endif
}

static int splice_op(int src, int dst)
{
	loff_t in = 0;

	return result(splice(src, &in, dst, NULL, 2, 0));
}

static int sendfile_op(int src, int dst)
{
	off_t in = 0;

	return result(sendfile(dst, src, &in, 2));
}

static int copy_file_range_into(int fd) { return with_source(fd, copy_range_op); }
static int ficlone_into(int fd) { return with_source(fd, clone_op); }
static int fideduperange_into(int fd) { return with_source(fd, dedupe_op); }
static int move_ext_donor(int fd) { return with_source(fd, move_extent_op); }
static int swapext_into(int fd) { return with_source(fd, swapext_op); }
static int splice_into(int fd) { return with_source(fd, splice_op); }
static int sendfile_into(int fd) { return with_source(fd, sendfile_op); }

#define APPEND (O_WRONLY | O_APPEND)
#define RW_APPEND (O_RDWR | O_APPEND)

static const struct attempt {
	const char *name;
	int flags;		/* FILE's open flags, or NO_OPEN */
	int (*run)(int fd);	/* NULL: the open is the attempt */
} attempts[] = {
	{ "open O_WRONLY|O_APPEND|O_TRUNC", APPEND | O_TRUNC, NULL },
	{ "open O_RDONLY|O_APPEND|O_TRUNC", O_RDONLY | O_APPEND | O_TRUNC, NULL },
	{ "open O_WRONLY", O_WRONLY, NULL },
	{ "truncate", NO_OPEN, truncate_path },
	{ "write", APPEND, write_xx },
	{ "pwrite at 0", APPEND, pwrite_xx },
	{ "pwritev2 at 0", APPEND, pwritev2_xx },
	{ "fcntl F_SETFL 0, pwrite at 0", APPEND, clear_append_then_pwrite },
	{ "ftruncate", APPEND, truncate_fd },
	{ "fallocate PUNCH_HOLE", APPEND, punch_hole },
	{ "fallocate ZERO_RANGE", APPEND, zero_range },
	{ "fallocate COLLAPSE_RANGE", APPEND, collapse_range },
	{ "fallocate INSERT_RANGE", APPEND, insert_range },
	{ "fallocate KEEP_SIZE past the end", APPEND, allocate_past_end },
	{ "mmap shared writable", RW_APPEND, mmap_shared_write },
	{ "mmap shared, mprotect writable", RW_APPEND, mmap_then_mprotect },
	{ "copy_file_range into it", RW_APPEND, copy_file_range_into },
	{ "splice into it", RW_APPEND, splice_into },
	{ "sendfile into it", RW_APPEND, sendfile_into },
	{ "FICLONE into it", RW_APPEND, ficlone_into },
	{ "FIDEDUPERANGE into it", RW_APPEND, fideduperange_into },
	{ "EXT4_IOC_MOVE_EXT into it", RW_APPEND, move_ext_donor },
	{ "XFS_IOC_SWAPEXT into it", RW_APPEND, swapext_into },
};

static int run_attempt(const struct attempt *a)
{
	int err = 0, fd = NO_OPEN;

	if (a->flags != NO_OPEN) {
		fd = open(path, a->flags);
		if (fd < 0)
			return errno;
	}
	if (a->run)
		err = a->run(fd);
	if (fd != NO_OPEN)
		close(fd);
	return err;
}

static int fail(const char *what, const char *reason)
{
	fprintf(stderr, "%s: %s: %s\n", progname, what, reason);
	return 1;
}

int main(int argc, char *argv[])
{
	ssize_t n;
	size_t i;
	int fd;

	if (argc != 3) {
		fprintf(stderr, "Usage: %s FILE SOURCE\n", progname);
		return 1;
	}
	path = argv[1];
	source_path = argv[2];

	fd = open(path, O_RDONLY);
	if (fd < 0)
		return fail(path, strerror(errno));
	n = read(fd, original, sizeof(original));
	close(fd);
	if (n <= 0)
		return fail(path, n < 0 ? strerror(errno) : "empty file");
	original_len = (size_t)n;

	fd = open(source_path, O_RDWR);
	if (fd < 0)
		return fail(source_path, strerror(errno));
	close(fd);

	for (i = 0; i < sizeof(attempts) / sizeof(attempts[0]); i++) {
		int err = run_attempt(&attempts[i]);

		printf("%s: %s%s\n", attempts[i].name,
		       err ? strerrorname_np(err) : "ok",
		       data_intact() ? "" : " (data changed)");
		fflush(stdout);
	}
	return 0;
}
