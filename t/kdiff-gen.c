// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kdiff's random scenarios: a scenario is a function of (seed, index), so
 * one case replays alone.  ACLs of 1 to 6 entries for owner@, group@,
 * everyone@, the test users and groups; allow and deny; random subsets of
 * the permissions the operations ask for; inheritance flags now and then;
 * often a last allow entry for everyone@; and, for a third of them, masks
 * from a random chmod (masked, sometimes write-through) instead of the
 * maximum masks.  P and Q get the same kind of ACL, and O and T.
 */
#include <stdlib.h>
#include <sys/stat.h>

#include "kdiff.h"

/* splitmix64 */
static uint64_t next(uint64_t *s)
{
	uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

static unsigned int below(uint64_t *s, unsigned int n)
{
	return (unsigned int)(next(s) % n);
}

/* What the operations ask for, and a few they never do. */
static const unsigned int perms[] = {
	RICHACE_READ_DATA, RICHACE_WRITE_DATA, RICHACE_APPEND_DATA,
	RICHACE_EXECUTE, RICHACE_DELETE_CHILD, RICHACE_DELETE,
	RICHACE_WRITE_ATTRIBUTES, RICHACE_WRITE_ACL, RICHACE_WRITE_OWNER,
	RICHACE_READ_ACL, RICHACE_READ_NAMED_ATTRS,
};
#define NPERMS (sizeof(perms) / sizeof(perms[0]))

/* Each permission with a chance of @percent. */
static unsigned int random_mask(uint64_t *s, unsigned int percent)
{
	unsigned int mask = 0, n;

	for (n = 0; n < NPERMS; n++)
		if (below(s, 100) < percent)
			mask |= perms[n];
	return mask;
}

/*
 * @tail: end with an allow entry for everyone@: 0 none, 1 execute only (a
 * searchable directory), 2 execute and random permissions.  Operations
 * that need several permissions on several objects (a move, an exchange)
 * are rarely allowed by random entries alone: a generous tail behind them
 * makes the allowed side of those decisions common too.
 */
static struct richacl *random_acl(uint64_t *s, unsigned int tail)
{
	unsigned int count = 1 + below(s, 6), n;
	struct richacl *acl = richacl_alloc(count + (tail ? 1 : 0));

	if (!acl)
		return NULL;
	for (n = 0; n < count; n++) {
		struct richace *ace = &acl->a_entries[n];
		unsigned int who = below(s, 3 + KDIFF_USERS + KDIFF_GROUPS);

		ace->e_type = below(s, 4) ? RICHACE_ACCESS_ALLOWED_ACE_TYPE :
					    RICHACE_ACCESS_DENIED_ACE_TYPE;
		if (who < 3) {
			ace->e_flags = RICHACE_SPECIAL_WHO;
			ace->e_id = who;	/* owner@, group@, everyone@ */
		} else if (who < 3 + KDIFF_USERS) {
			ace->e_id = kdiff_users[who - 3].uid;
		} else {
			ace->e_flags = RICHACE_IDENTIFIER_GROUP;
			ace->e_id = kdiff_gids[who - 3 - KDIFF_USERS];
		}
		if (below(s, 8) == 0)
			ace->e_flags |= (unsigned short)
				((1 + below(s, 15)) & RICHACE_INHERITANCE_FLAGS);
		ace->e_mask = random_mask(s, 40);
	}
	if (tail) {
		struct richace *ace = &acl->a_entries[count];

		ace->e_flags = RICHACE_SPECIAL_WHO;
		ace->e_id = RICHACE_EVERYONE_SPECIAL_ID;
		ace->e_mask = RICHACE_EXECUTE;
		if (tail == 2)
			ace->e_mask |= random_mask(s, 75);
	}
	richacl_compute_max_masks(acl);
	if (below(s, 3) == 0) {
		richacl_chmod(acl, below(s, 0777 + 1));
		if (below(s, 2))
			acl->a_flags &= (unsigned char)~RICHACL_WRITE_THROUGH;
	}
	return acl;
}

static const mode_t setid_bits[] = { S_ISUID, S_ISGID, S_ISUID | S_ISGID };

int kdiff_random_scenario(uint64_t seed, unsigned int index,
			  struct kdiff_scenario *sc)
{
	uint64_t s = seed ^ (0xD1B54A32D192ED03ULL * (index + 1));

	sc->isdir = (int)below(&s, 2);
	sc->p_owner = kdiff_users[below(&s, KDIFF_USERS)].uid;
	sc->p_group = kdiff_gids[below(&s, KDIFF_GROUPS)];
	sc->o_owner = kdiff_users[below(&s, KDIFF_USERS)].uid;
	sc->o_group = kdiff_gids[below(&s, KDIFF_GROUPS)];
	sc->q_owner = kdiff_users[below(&s, KDIFF_USERS)].uid;
	sc->q_group = kdiff_gids[below(&s, KDIFF_GROUPS)];
	sc->p_acl = random_acl(&s, below(&s, 3));
	sc->o_acl = random_acl(&s, below(&s, 2) * 2);
	sc->q_acl = random_acl(&s, below(&s, 3));
	sc->t_owner = kdiff_users[below(&s, KDIFF_USERS)].uid;
	sc->t_group = kdiff_gids[below(&s, KDIFF_GROUPS)];
	sc->t_acl = random_acl(&s, below(&s, 2) * 2);
	/* Half of the objects setuid, setgid or both (drawn last). */
	sc->o_setid = below(&s, 2) ? 0 : setid_bits[below(&s, 3)];
	if (!sc->p_acl || !sc->o_acl || !sc->q_acl || !sc->t_acl) {
		kdiff_free_scenario(sc);
		return -1;
	}
	return 0;
}

void kdiff_free_scenario(struct kdiff_scenario *sc)
{
	richacl_free(sc->p_acl);
	richacl_free(sc->o_acl);
	richacl_free(sc->q_acl);
	richacl_free(sc->t_acl);
	sc->p_acl = sc->o_acl = sc->q_acl = sc->t_acl = NULL;
}
