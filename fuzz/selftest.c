// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Not a fuzz target: fuzz/run's own test (t/fuzz-run.bats) runs it to
 * see that a crash is reported.  It aborts on any input that starts with
 * "boom"; fuzz/run builds it only when named.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size >= 4 && memcmp(data, "boom", 4) == 0)
		abort();
	return 0;
}
