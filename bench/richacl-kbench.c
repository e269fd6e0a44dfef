// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * richacl-kbench: the kernel's cost of permission checks, one process per
 * configuration.  Switches to UID:GID once (setgroups, setresgid,
 * setresuid), then times ITERS iterations of each of
 *
 *     stat     stat(FILE)
 *     open     open(FILE, O_RDONLY) + close (each pair timed alone; the
 *              median pair of a round)
 *     walk     stat(DEEPFILE), a path through many directories
 *
 * with clock_gettime, three rounds each (--rounds), and prints the median
 * round in ns/op on one line: "stat NS open NS walk NS".  A round repeats ITERS
 * iterations until it lasted MS milliseconds (--min-ms, default 200): the
 * guest's clock may tick in jiffies.  An operation that fails
 * (EACCES: the configuration is wrong) is an error: the numbers would
 * time the wrong path.  Reports only, never judges the timing.
 *
 *     richacl-kbench [--as UID:GID] [--min-ms MS] [--rounds N] ITERS FILE DEEPFILE
 */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const char *prog = "richacl-kbench";

static void die(const char *what, const char *file)
{
	fprintf(stderr, "%s: %s: %s\n", prog, file ? file : what, strerror(errno));
	exit(1);
}

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

enum op { OP_STAT, OP_OPEN, OP_WALK };

static double min_ns = 200e6;
#define MAX_ROUNDS 99
static unsigned long rounds = 3;

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/*
 * open+close, each pair timed alone, with a sched_yield() between pairs;
 * the round's figure is the median pair.  A closed file is freed after an
 * RCU grace period, in batches whose size depends on where the timer
 * ticks fall: a loop of pairs paid for those frees as they came (+-15 %
 * from one run to the next under QEMU's instruction counting), and the
 * mean of pairs timed alone still moved by up to 10 %, as the frees, the
 * ticks and the journal's work land in some pairs and not in others.  The
 * median pair is the typical one, which none of that touched (each figure
 * includes one clock read).
 */
static double open_round(const char *path, unsigned long iters)
{
	unsigned long i, done = 0, alloc = 0;
	double total = 0, t0, t, *pair = NULL, mid;
	int fd;

	do {
		if (done + iters > alloc) {
			alloc = 2 * (done + iters);
			pair = realloc(pair, alloc * sizeof(*pair));
			if (!pair)
				die("realloc", NULL);
		}
		for (i = 0; i < iters; i++) {
			t0 = now_ns();
			fd = open(path, O_RDONLY);
			if (fd < 0)
				die("open", path);
			close(fd);
			t = now_ns() - t0;
			pair[done + i] = t;
			total += t;
			sched_yield();
		}
		done += iters;
	} while (total < min_ns);
	qsort(pair, done, sizeof(*pair), cmp_double);
	mid = pair[done / 2];
	free(pair);
	return mid;
}

static double one_round(enum op op, const char *path, unsigned long iters)
{
	struct stat st;
	unsigned long i, done = 0;
	double t0 = now_ns(), t;

	if (op == OP_OPEN)
		return open_round(path, iters);
again:
	for (i = 0; i < iters; i++)
		if (stat(path, &st))
			die("stat", path);
	done += iters;
	t = now_ns() - t0;
	if (t < min_ns)
		goto again;
	return t / done;
}

static double median(enum op op, const char *path, unsigned long iters)
{
	double r[MAX_ROUNDS];
	unsigned long n;

	for (n = 0; n < rounds; n++)
		r[n] = one_round(op, path, iters);
	qsort(r, rounds, sizeof(r[0]), cmp_double);
	return r[rounds / 2];
}

int main(int argc, char *argv[])
{
	unsigned long iters, uid = 0, gid = 0;
	int as = 0, a = 1;
	char *end;

	for (;;) {
		if (a + 1 < argc && !strcmp(argv[a], "--as")) {
			uid = strtoul(argv[a + 1], &end, 10);
			if (*end != ':' || !end[1])
				goto usage;
			gid = strtoul(end + 1, &end, 10);
			if (*end)
				goto usage;
			as = 1;
		} else if (a + 1 < argc && !strcmp(argv[a], "--rounds")) {
			rounds = strtoul(argv[a + 1], &end, 10);
			if (*end || !rounds || rounds > MAX_ROUNDS)
				goto usage;
		} else if (a + 1 < argc && !strcmp(argv[a], "--min-ms")) {
			min_ns = strtoul(argv[a + 1], &end, 10) * 1e6;
			if (*end)
				goto usage;
		} else
			break;
		a += 2;
	}
	if (argc - a != 3)
		goto usage;
	iters = strtoul(argv[a], &end, 10);
	if (*end || !iters)
		goto usage;

	if (as) {
		if (setgroups(0, NULL))
			die("setgroups", NULL);
		if (setresgid(gid, gid, gid))
			die("setresgid", NULL);
		if (setresuid(uid, uid, uid))
			die("setresuid", NULL);
	}
	/* Warm the caches (dentries, inodes, the acl cache) first. */
	for (int n = 0; n < 2; n++) {
		struct stat st;
		int fd = open(argv[a + 1], O_RDONLY);

		if (fd < 0)
			die("open", argv[a + 1]);
		close(fd);
		if (stat(argv[a + 2], &st))
			die("stat", argv[a + 2]);
	}

	printf("stat %.0f", median(OP_STAT, argv[a + 1], iters));
	printf(" open %.0f", median(OP_OPEN, argv[a + 1], iters));
	printf(" walk %.0f\n", median(OP_WALK, argv[a + 2], iters));
	return 0;

usage:
	fprintf(stderr, "usage: %s [--as UID:GID] [--min-ms MS] [--rounds N] "
		"ITERS FILE DEEPFILE\n", prog);
	return 2;
}
