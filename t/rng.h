/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The random numbers of the property tests: xorshift64*, small, fast, and
 * the same everywhere, so that a seed names a failing case on any machine.
 */
#ifndef RICHACL_TEST_RNG_H
#define RICHACL_TEST_RNG_H

#include <stddef.h>
#include <stdint.h>

static uint64_t rng_state;

static inline void rng_seed(unsigned long seed)
{
	rng_state = seed * 0x9E3779B97F4A7C15ULL + 1;
}

static inline uint32_t rnd(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return (uint32_t)((rng_state * 0x2545F4914F6CDD1DULL) >> 32);
}

/* 1 with probability @percent %. */
static inline int chance(unsigned int percent)
{
	return rnd() % 100 < percent;
}

/*
 * A random permission set: each of the @n @bits with probability 40 %,
 * and now and then (5 %) random bits of @valid on top.
 */
static inline unsigned int rng_mask(const unsigned int *bits, size_t n,
				    unsigned int valid)
{
	unsigned int mask = 0;
	size_t i;

	for (i = 0; i < n; i++)
		if (chance(40))
			mask |= bits[i];
	if (chance(5))
		mask |= rnd() & valid;
	return mask;
}

#endif
