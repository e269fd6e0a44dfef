// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * richacl-access: what an acl grants a process, for t/apply_masks.bats.
 *
 *	richacl-access [-o OWNER] [-g GROUP] -u UID [-G G1,G2,...] TEXT
 *
 * The file is owned by OWNER:GROUP (default 0:0).  The process has uid
 * UID; the first group of -G is its primary group, the others its
 * supplementary groups (without -G it is in no group).  It asks for every
 * permission; the granted ones are printed in the unaligned full short
 * form, or "-" for none.  All ids are numeric.
 * Exit status: 0 printed; 1 usage or system error; 2 invalid text.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sys/richacl.h"

static const char *progname = "richacl-access";

static void usage(void)
{
	fprintf(stderr, "Usage: %s [-o OWNER] [-g GROUP] -u UID "
		"[-G G1,G2,...] TEXT\n", progname);
	exit(1);
}

static unsigned int parse_id(const char *text)
{
	unsigned long id;
	char *end;

	errno = 0;
	id = strtoul(text, &end, 10);
	if (errno || end == text || *end || *text == '-' ||
	    id >= (unsigned int)-1) {
		fprintf(stderr, "%s: invalid id '%s'\n", progname, text);
		exit(1);
	}
	return id;
}

/* The comma-separated ids of @list in a malloc'ed array; *@count of them. */
static gid_t *parse_groups(char *list, size_t *count)
{
	gid_t *groups = malloc((strlen(list) / 2 + 1) * sizeof(*groups));
	char *item, *save = NULL;

	if (!groups) {
		perror(progname);
		exit(1);
	}
	*count = 0;
	for (item = strtok_r(list, ",", &save); item;
	     item = strtok_r(NULL, ",", &save))
		groups[(*count)++] = parse_id(item);
	return groups;
}

int main(int argc, char *argv[])
{
	struct richacl_cred cred = { .gid = (gid_t)-1 };
	uid_t owner = 0;
	gid_t group = 0, *groups = NULL;
	size_t ngroups = 0;
	struct richacl *acl;
	char *error = NULL, *text;
	unsigned int granted;
	int opt, have_uid = 0;

	while ((opt = getopt(argc, argv, "o:g:u:G:")) != -1) {
		switch (opt) {
		case 'o':
			owner = parse_id(optarg);
			break;
		case 'g':
			group = parse_id(optarg);
			break;
		case 'u':
			cred.uid = parse_id(optarg);
			have_uid = 1;
			break;
		case 'G':
			free(groups);
			groups = parse_groups(optarg, &ngroups);
			break;
		default:
			usage();
		}
	}
	if (!have_uid || optind != argc - 1)
		usage();
	if (ngroups) {
		cred.gid = groups[0];
		cred.groups = groups + 1;
		cred.ngroups = ngroups - 1;
	}

	acl = richacl_from_text(argv[optind], NULL, &error);
	if (!acl) {
		fprintf(stderr, "%s: %s\n", progname,
			error ? error : strerror(errno));
		free(error);
		free(groups);
		return 2;
	}
	granted = richacl_access(acl, owner, group, &cred,
				 RICHACE_VALID_MASK);
	richacl_free(acl);
	free(groups);
	text = richacl_mask_to_text(granted, RICHACL_TEXT_FULL |
					     RICHACL_TEXT_UNALIGNED);
	if (!text) {
		perror(progname);
		return 1;
	}
	puts(*text ? text : "-");
	free(text);
	return 0;
}
