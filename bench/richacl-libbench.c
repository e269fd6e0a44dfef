// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * richacl-libbench: librichacl throughput.  For a typical acl (5 entries)
 * and a maximal one (RICHACL_MAX_ENTRIES entries, named users), times
 * text parse+format, xattr encode+decode, apply-masks and inheritance, and
 * prints one table row per case: ns/op, ops/s and the bytes handled.  The
 * last line is the peak resident memory.  Reports only: it fails only on
 * a library error or bad usage, never on timing.
 *
 * Under valgrind --tool=callgrind (bench/run --host does that too), each
 * row's loop is also a callgrind dump of its own, named "ACL OPERATION
 * ITERS": the instructions it executed, the same on every run, however
 * loaded the machine.
 *
 *     richacl-libbench [--size tiny|full]
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/richacl.h>
#include <time.h>
#ifdef HAVE_VALGRIND_CALLGRIND_H
#include <valgrind/callgrind.h>
#else
#define CALLGRIND_ZERO_STATS do { } while (0)
#define CALLGRIND_DUMP_STATS_AT(name) do { (void)(name); } while (0)
#endif

static const char *prog = "richacl-libbench";

static void die(const char *what)
{
	fprintf(stderr, "%s: %s: %s\n", prog, what, strerror(errno));
	exit(1);
}

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* The acls in text: a typical one, and the maximal one, built here. */
static char *typical_text(void)
{
	const char *t = "owner@:rwpxaARWcCo:fd:allow user:1001:rwpx:fd:allow "
			"group@:rxa::allow group:3001:rw:f:deny everyone@:ra:fd:allow";
	char *s = strdup(t);

	if (!s)
		die("strdup");
	return s;
}

static char *maximal_text(unsigned int count)
{
	size_t size = (size_t)count * 40 + 64, len = 0;
	char *s = malloc(size);
	unsigned int n;

	if (!s)
		die("malloc");
	len += sprintf(s + len, "owner@:rwpxaARWcCo:fd:allow ");
	for (n = 2; n < count; n++)
		len += sprintf(s + len, "user:%u:rwpx:fd:%s ", 10000 + n,
			       n % 7 ? "allow" : "deny");
	sprintf(s + len, "everyone@:ra:fd:allow");
	return s;
}

static volatile size_t sink;

struct bench_case {
	const char *name;
	const char *text;
	unsigned long iters;
};

/* The start of a row's loop: its time, and callgrind's count from 0. */
static double start(void)
{
	CALLGRIND_ZERO_STATS;
	return now_ns();
}

static void row(const char *acl, const char *op, unsigned int entries,
		unsigned long iters, double ns, size_t bytes)
{
	double per = ns / iters;
	char name[128];

	snprintf(name, sizeof(name), "%s %s %lu", acl, op, iters);
	CALLGRIND_DUMP_STATS_AT(name);

	printf("%-8s %-22s %7u %9lu %12.1f %12.0f %8zu\n", acl, op, entries,
	       iters, per, 1e9 / per, bytes);
}

/* A copy of @acl with masks below what its entries grant: work to do. */
static struct richacl *masked_clone(const struct richacl *acl)
{
	struct richacl *copy = richacl_clone(acl);

	if (!copy)
		die("richacl_clone");
	copy->a_flags |= RICHACL_MASKED;
	copy->a_owner_mask &= ~RICHACE_WRITE_DATA;
	copy->a_group_mask &= ~RICHACE_EXECUTE;
	return copy;
}

static void run_case(const struct bench_case *c)
{
	struct richacl *acl, *acl2;
	unsigned long i;
	char *text;
	void *value;
	size_t size = 0, tlen;
	unsigned int entries;
	double t0;
	char *err = NULL;

	acl = richacl_from_text(c->text, NULL, &err);
	if (!acl) {
		fprintf(stderr, "%s: %s: %s\n", prog, c->name, err ? err : "parse");
		exit(1);
	}
	entries = acl->a_count;
	richacl_compute_max_masks(acl);
	text = richacl_to_text(acl, RICHACL_TEXT_NUMERIC_IDS);
	if (!text)
		die("richacl_to_text");
	tlen = strlen(text);
	free(text);

	t0 = start();
	for (i = 0; i < c->iters; i++) {
		acl2 = richacl_from_text(c->text, NULL, NULL);
		if (!acl2)
			die("richacl_from_text");
		text = richacl_to_text(acl2, RICHACL_TEXT_NUMERIC_IDS);
		if (!text)
			die("richacl_to_text");
		sink += strlen(text);
		free(text);
		richacl_free(acl2);
	}
	row(c->name, "text parse+format", entries, c->iters, now_ns() - t0, tlen);

	t0 = start();
	for (i = 0; i < c->iters; i++) {
		acl2 = richacl_from_text(c->text, NULL, NULL);
		if (!acl2)
			die("richacl_from_text");
		richacl_free(acl2);
	}
	row(c->name, "text parse", entries, c->iters, now_ns() - t0, strlen(c->text));

	t0 = start();
	for (i = 0; i < c->iters; i++) {
		text = richacl_to_text(acl, RICHACL_TEXT_NUMERIC_IDS);
		if (!text)
			die("richacl_to_text");
		sink += strlen(text);
		free(text);
	}
	row(c->name, "text format", entries, c->iters, now_ns() - t0, tlen);

	t0 = start();
	for (i = 0; i < c->iters; i++) {
		value = richacl_to_xattr(acl, &size);
		if (!value)
			die("richacl_to_xattr");
		acl2 = richacl_from_xattr(value, size);
		if (!acl2)
			die("richacl_from_xattr");
		sink += acl2->a_count;
		richacl_free(acl2);
		free(value);
	}
	row(c->name, "xattr encode+decode", entries, c->iters, now_ns() - t0, size);

	t0 = start();
	for (i = 0; i < c->iters; i++) {
		acl2 = richacl_clone(acl);
		if (!acl2)
			die("richacl_clone");
		richacl_free(acl2);
	}
	row(c->name, "clone (baseline)", entries, c->iters, now_ns() - t0, 0);

	t0 = start();
	for (i = 0; i < c->iters; i++) {
		acl2 = masked_clone(acl);
		if (richacl_apply_masks(acl2, 0) && errno != EINVAL)
			die("richacl_apply_masks");
		sink += acl2->a_count;
		richacl_free(acl2);
	}
	row(c->name, "clone+apply-masks", entries, c->iters, now_ns() - t0, 0);
	/* Too many entries once rewritten is a result too (EINVAL): say it. */
	acl2 = masked_clone(acl);
	if (richacl_apply_masks(acl2, 0))
		printf("%-8s apply-masks: EINVAL (the result would exceed %u entries)\n",
		       c->name, (unsigned int)RICHACL_MAX_ENTRIES);
	else
		printf("%-8s apply-masks: %u entries after\n", c->name, acl2->a_count);
	richacl_free(acl2);

	t0 = start();
	for (i = 0; i < c->iters; i++) {
		richacl_compute_max_masks(acl);
		sink += acl->a_owner_mask;
	}
	row(c->name, "compute-max-masks", entries, c->iters, now_ns() - t0, 0);

	t0 = start();
	for (i = 0; i < c->iters; i++) {
		mode_t mode = 0100644;

		sink += richacl_equiv_mode(acl, &mode);
	}
	row(c->name, "equiv-mode", entries, c->iters, now_ns() - t0, 0);

	t0 = start();
	for (i = 0; i < c->iters; i++) {
		acl2 = richacl_inherit(acl, i & 1);
		if (!acl2)
			die("richacl_inherit");
		sink += acl2->a_count;
		richacl_free(acl2);
	}
	row(c->name, "inherit", entries, c->iters, now_ns() - t0, 0);

	richacl_free(acl);
}

int main(int argc, char *argv[])
{
	int tiny = 0;
	struct rusage ru;
	char *typical, *maximal;

	if (argc == 3 && !strcmp(argv[1], "--size") &&
	    (!strcmp(argv[2], "tiny") || !strcmp(argv[2], "full")))
		tiny = !strcmp(argv[2], "tiny");
	else if (argc != 1) {
		fprintf(stderr, "usage: %s [--size tiny|full]\n", prog);
		return 2;
	}
	typical = typical_text();
	maximal = maximal_text(RICHACL_MAX_ENTRIES);
	struct bench_case cases[] = {
		{ "typical", typical, tiny ? 200 : 200000 },
		{ "maximal", maximal, tiny ? 1 : 20 },
	};

	printf("%-8s %-22s %7s %9s %12s %12s %8s\n", "acl", "operation",
	       "entries", "iters", "ns/op", "ops/s", "bytes");
	for (size_t n = 0; n < sizeof(cases) / sizeof(cases[0]); n++)
		run_case(&cases[n]);
	free(typical);
	free(maximal);
	if (getrusage(RUSAGE_SELF, &ru))
		die("getrusage");
	printf("peak resident memory: %ld KiB\n", ru.ru_maxrss);
	return 0;
}
