// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The names of user and group ids for the text form: one look-up
 * (getpwuid_r(), getgrgid_r()) per id, and a cache (struct richacl_names)
 * for callers that print many acls, so that each distinct id is looked up
 * once however many entries and files name it.
 *
 * The cache is an open-addressing hash table of (id, is_group) keys; an
 * id without a name is remembered too (as a NULL name), an id whose
 * look-up failed is not.  Names stay as
 * they were at the first look-up until the cache is freed.
 */
#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sys/richacl.h"
#include "richacl_text.h"

struct name_slot {
	unsigned int id;
	bool is_group;
	bool used;
	char *name;		/* NULL: the id has no name */
};

struct richacl_names {
	struct name_slot *slots;
	size_t size;		/* a power of two, or 0 */
	size_t used;
};

int text_nss_lookup(bool is_group, const char *name, unsigned int *id,
		    char **found_name)
{
	long max = sysconf(is_group ? _SC_GETGR_R_SIZE_MAX :
				      _SC_GETPW_R_SIZE_MAX);
	size_t size = max > 0 ? (size_t)max : 1024;
	const char *found = NULL;
	unsigned int found_id = 0;
	char *buf = NULL;
	int err;

	for (;;) {
		char *tmp = realloc(buf, size);

		if (!tmp) {
			free(buf);
			return -1;
		}
		buf = tmp;
		if (is_group) {
			struct group grp, *gr;

			err = name ? getgrnam_r(name, &grp, buf, size, &gr) :
				     getgrgid_r(*id, &grp, buf, size, &gr);
			if (!err && gr) {
				found = gr->gr_name;
				found_id = gr->gr_gid;
			}
		} else {
			struct passwd pwd, *pw;

			err = name ? getpwnam_r(name, &pwd, buf, size, &pw) :
				     getpwuid_r(*id, &pwd, buf, size, &pw);
			if (!err && pw) {
				found = pw->pw_name;
				found_id = pw->pw_uid;
			}
		}
		if (err != ERANGE)
			break;
		size *= 2;
	}
	if (found) {
		if (name) {
			*id = found_id;
		} else {
			*found_name = strdup(found);
			if (!*found_name)
				err = ENOMEM;
		}
	}
	free(buf);
	/* These mean "no such name" in some NSS setups. */
	if (err && err != ENOENT && err != ESRCH && err != EBADF &&
	    err != EPERM) {
		errno = err;
		return -1;
	}
	return found && !err;
}

int text_lookup_name(unsigned int id, bool is_group, char **name)
{
	int ret;

	*name = NULL;
	ret = text_nss_lookup(is_group, NULL, &id, name);
	if (ret >= 0)
		return 0;
	if (errno == ENOMEM)
		return -1;
	/* Other failures (EIO, a name service down): no name, this time. */
	return 1;
}

struct richacl_names *richacl_names_alloc(void)
{
	return calloc(1, sizeof(struct richacl_names));
}

void richacl_names_free(struct richacl_names *names)
{
	size_t n;

	if (!names)
		return;
	for (n = 0; n < names->size; n++)
		free(names->slots[n].name);
	free(names->slots);
	free(names);
}

static size_t slot_hash(unsigned int id, bool is_group)
{
	/* Fibonacci hashing; the group bit keeps uid n and gid n apart. */
	uint64_t key = ((uint64_t)id << 1) | is_group;

	return (size_t)((key * UINT64_C(0x9E3779B97F4A7C15)) >> 32);
}

static struct name_slot *find_slot(struct name_slot *slots, size_t size,
				   unsigned int id, bool is_group)
{
	size_t n = slot_hash(id, is_group) & (size - 1);

	while (slots[n].used &&
	       (slots[n].id != id || slots[n].is_group != is_group))
		n = (n + 1) & (size - 1);
	return &slots[n];
}

/* Room for one more slot: the table at most three quarters full. */
static int make_room(struct richacl_names *names)
{
	size_t size = names->size ? 2 * names->size : 16, n;
	struct name_slot *slots;

	if (4 * (names->used + 1) <= 3 * names->size)
		return 0;
	slots = calloc(size, sizeof(*slots));
	if (!slots)
		return -1;
	for (n = 0; n < names->size; n++) {
		const struct name_slot *old = &names->slots[n];

		if (old->used)
			*find_slot(slots, size, old->id, old->is_group) = *old;
	}
	free(names->slots);
	names->slots = slots;
	names->size = size;
	return 0;
}

const char *richacl_id_name(struct richacl_names *names, unsigned int id,
			    int is_group)
{
	struct name_slot *slot;
	char *name;

	if (!names) {
		errno = EINVAL;
		return NULL;
	}
	if (names->size) {
		slot = find_slot(names->slots, names->size, id, is_group);
		if (slot->used) {
			errno = 0;
			return slot->name;
		}
	}
	if (make_room(names))
		return NULL;
	switch (text_lookup_name(id, is_group, &name)) {
	case -1:
		return NULL;
	case 1:
		/* Not remembered: the next look-up may work. */
		errno = 0;
		return NULL;
	}
	slot = find_slot(names->slots, names->size, id, is_group);
	*slot = (struct name_slot){ .id = id, .is_group = is_group,
				    .used = true, .name = name };
	names->used++;
	errno = 0;
	return name;
}
