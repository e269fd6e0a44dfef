// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * acl-race: two writers replace a file's RichACL in a loop while readers
 * read it and a test user opens the file, for t/guest/acl-race.tap.
 *
 *	acl-race [SECONDS] [USER]	(default: 5 s, rtu1)
 *
 * ACL A grants USER read, ACL B grants USER write; neither grants both.
 * Every value read must be A or B byte for byte (never a mix, never
 * missing), every open by USER must succeed or fail with EACCES, and an
 * open for read and write must never succeed.  Prints TAP; exits 0 when
 * it ran, 1 on a usage or setup error.  Run as root in the guest, in a
 * directory of a RichACL ext4.
 */
#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>
#include <grp.h>

#include "sys/richacl.h"

static const char *progname = "acl-race";

#define FILE_NAME "race"

/* Counters the children share with the parent. */
struct counts {
	unsigned long sets[2], set_errors;
	unsigned long reads[2], read_bad, read_errors;
	unsigned long opens, read_ok, write_ok, both_ok, other_errors;
};

static struct counts *counts;
static volatile sig_atomic_t stop;

static void on_alarm(int sig)
{
	(void)sig;
	stop = 1;
}

static void *encode(const char *text, size_t *size)
{
	char *error = NULL;
	struct richacl *acl = richacl_from_text(text, NULL, &error);
	void *value;

	if (!acl) {
		fprintf(stderr, "%s: %s\n", progname, error ? error : strerror(errno));
		exit(1);
	}
	value = richacl_to_xattr(acl, size);
	richacl_free(acl);
	if (!value) {
		fprintf(stderr, "%s: encoding: %s\n", progname, strerror(errno));
		exit(1);
	}
	return value;
}

static void writer(int which, const void *value, size_t size)
{
	while (!stop) {
		if (setxattr(FILE_NAME, RICHACL_XATTR, value, size, 0))
			__atomic_fetch_add(&counts->set_errors, 1, __ATOMIC_RELAXED);
		else
			__atomic_fetch_add(&counts->sets[which], 1, __ATOMIC_RELAXED);
	}
}

/* Which of the two values @n bytes of @buf are, byte for byte, or -1. */
static int which_value(const char *buf, ssize_t n, void *const values[2],
		       const size_t sizes[2])
{
	int w;

	for (w = 0; w < 2; w++)
		if (n >= 0 && (size_t)n == sizes[w] &&
		    !memcmp(buf, values[w], sizes[w]))
			return w;
	return -1;
}

static void reader(void *const values[2], const size_t sizes[2])
{
	char buf[4096];

	while (!stop) {
		ssize_t n = getxattr(FILE_NAME, RICHACL_XATTR, buf, sizeof(buf));
		int w;

		if (n < 0) {
			counts->read_errors++;
			continue;
		}
		w = which_value(buf, n, values, sizes);
		if (w >= 0)
			counts->reads[w]++;
		else
			counts->read_bad++;
	}
}

static int try_open(int flags)
{
	int fd = open(FILE_NAME, flags);

	if (fd >= 0) {
		close(fd);
		return 1;
	}
	if (errno != EACCES)
		counts->other_errors++;
	return 0;
}

static void opener(const struct passwd *pw)
{
	if (initgroups(pw->pw_name, pw->pw_gid) || setresgid(pw->pw_gid, pw->pw_gid, pw->pw_gid) ||
	    setresuid(pw->pw_uid, pw->pw_uid, pw->pw_uid))
		_exit(1);
	while (!stop) {
		counts->opens++;
		counts->read_ok += (unsigned long)try_open(O_RDONLY);
		counts->write_ok += (unsigned long)try_open(O_WRONLY);
		counts->both_ok += (unsigned long)try_open(O_RDWR);
	}
}

int main(int argc, char *argv[])
{
	unsigned int seconds = argc > 1 ? (unsigned int)atoi(argv[1]) : 5;
	const char *user = argc > 2 ? argv[2] : "rtu1";
	char text[2][128];
	void *values[2];
	size_t sizes[2];
	struct passwd *pw;
	pid_t pids[4];
	int fd, n, status, failed = 0, w;

	if (argc > 3 || seconds == 0) {
		fprintf(stderr, "Usage: %s [SECONDS] [USER]\n", progname);
		return 1;
	}
	pw = getpwnam(user);
	if (!pw) {
		fprintf(stderr, "%s: %s: no such user\n", progname, user);
		return 1;
	}
	snprintf(text[0], sizeof(text[0]), "owner@:rwp::allow,user:%s:r::allow", user);
	snprintf(text[1], sizeof(text[1]), "owner@:rwp::allow,user:%s:w::allow", user);
	for (w = 0; w < 2; w++)
		values[w] = encode(text[w], &sizes[w]);
	counts = mmap(NULL, sizeof(*counts), PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (counts == MAP_FAILED)
		return 1;
	memset(counts, 0, sizeof(*counts));
	fd = open(FILE_NAME, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || close(fd) || setxattr(FILE_NAME, RICHACL_XATTR, values[0], sizes[0], 0)) {
		fprintf(stderr, "%s: %s: %s\n", progname, FILE_NAME, strerror(errno));
		return 1;
	}
	signal(SIGALRM, on_alarm);
	for (n = 0; n < 4; n++) {
		pids[n] = fork();
		if (pids[n] < 0)
			return 1;
		if (pids[n] == 0) {
			alarm(seconds);
			if (n < 2)
				writer(n, values[n], sizes[n]);
			else if (n == 2)
				reader(values, sizes);
			else
				opener(pw);
			_exit(0);
		}
	}
	for (n = 0; n < 4; n++)
		if (waitpid(pids[n], &status, 0) != pids[n] || !WIFEXITED(status) ||
		    WEXITSTATUS(status))
			failed = 1;

	printf("1..4\n");
	printf("%s 1 - writers: %lu sets of A, %lu of B, %lu errors\n",
	       counts->set_errors || !counts->sets[0] || !counts->sets[1] ? "not ok" : "ok",
	       counts->sets[0], counts->sets[1], counts->set_errors);
	printf("%s 2 - reader: %lu reads of A, %lu of B, %lu of neither, %lu errors\n",
	       counts->read_bad || counts->read_errors ||
	       !(counts->reads[0] + counts->reads[1]) ? "not ok" : "ok",
	       counts->reads[0], counts->reads[1], counts->read_bad,
	       counts->read_errors);
	printf("%s 3 - %s: %lu rounds; read allowed %lu times, write %lu, read and write %lu; %lu errors other than EACCES\n",
	       counts->both_ok || counts->other_errors || !counts->opens ? "not ok" : "ok",
	       user, counts->opens, counts->read_ok, counts->write_ok,
	       counts->both_ok, counts->other_errors);
	{
		char buf[4096];
		ssize_t len = getxattr(FILE_NAME, RICHACL_XATTR, buf, sizeof(buf));
		int same = which_value(buf, len, values, sizes) >= 0;

		printf("%s 4 - afterwards the ACL is A or B, and every child exited cleanly\n",
		       same && !failed ? "ok" : "not ok");
	}
	unlink(FILE_NAME);
	for (w = 0; w < 2; w++)
		free(values[w]);
	return 0;
}
