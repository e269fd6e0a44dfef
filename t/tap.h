/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A minimal TAP producer for the C unit tests.  Every check is one test
 * case; the plan is printed at the end ("1..N"), which TAP allows.
 *
 *	ok(cond, "name %d", i);
 *	is_str(got, "expected", "name");
 *	is_int(got, expected, "name");
 *	return tap_done();
 */
#ifndef RICHACL_TAP_H
#define RICHACL_TAP_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int tap_count;

static inline int tap_vresult(int pass, const char *fmt, va_list ap)
{
	tap_count++;
	printf("%sok %d - ", pass ? "" : "not ", tap_count);
	vprintf(fmt, ap);
	putchar('\n');
	return pass;
}

__attribute__((format(printf, 2, 3)))
static inline int ok(int pass, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tap_vresult(pass, fmt, ap);
	va_end(ap);
	return pass;
}

/* Compare strings; on mismatch show both as TAP diagnostics. */
__attribute__((format(printf, 3, 4)))
static inline int is_str(const char *got, const char *want,
			 const char *fmt, ...)
{
	int pass = got && want ? !strcmp(got, want) : got == want;
	va_list ap;

	va_start(ap, fmt);
	tap_vresult(pass, fmt, ap);
	va_end(ap);
	if (!pass)
		printf("# got:\n# %s\n# expected:\n# %s\n",
		       got ? got : "(null)", want ? want : "(null)");
	return pass;
}

__attribute__((format(printf, 3, 4)))
static inline int is_int(long long got, long long want, const char *fmt, ...)
{
	int pass = got == want;
	va_list ap;

	va_start(ap, fmt);
	tap_vresult(pass, fmt, ap);
	va_end(ap);
	if (!pass)
		printf("# got %lld (0x%llx), expected %lld (0x%llx)\n",
		       got, got, want, want);
	return pass;
}

/* The plan; the exit status stays 0 (failures are counted from the TAP). */
static inline int tap_done(void)
{
	printf("1..%d\n", tap_count);
	fflush(stdout);
	return 0;
}

#endif /* RICHACL_TAP_H */
