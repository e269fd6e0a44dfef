// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the system.richacl value (lib/richacl_xattr.c) and of file
 * I/O (lib/richacl_file.c).
 *
 * The golden values are written out by hand, field by field, from the
 * layout in the specification; they do not come from the encoder.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "sys/richacl.h"
#include "tap.h"

#define ALLOW	RICHACE_ACCESS_ALLOWED_ACE_TYPE
#define DENY	RICHACE_ACCESS_DENIED_ACE_TYPE
#define SPECIAL	RICHACE_SPECIAL_WHO
#define GROUP	RICHACE_IDENTIFIER_GROUP
#define UNMAPPED RICHACE_UNMAPPED_WHO

/* ---- helpers ---- */

/* A byte buffer that grows; the tests build values with it. */
struct buf {
	unsigned char *data;
	size_t len;
};

static void buf_bytes(struct buf *b, const void *p, size_t n)
{
	b->data = realloc(b->data, b->len + n + 1);
	if (!b->data)
		abort();
	memcpy(b->data + b->len, p, n);
	b->len += n;
}

static void buf_u8(struct buf *b, unsigned int v)
{
	unsigned char c = v;

	buf_bytes(b, &c, 1);
}

static void buf_le16(struct buf *b, unsigned int v)
{
	buf_u8(b, v & 0xff);
	buf_u8(b, (v >> 8) & 0xff);
}

static void buf_le32(struct buf *b, uint32_t v)
{
	buf_le16(b, v & 0xffff);
	buf_le16(b, v >> 16);
}

static void buf_header(struct buf *b, unsigned int version,
		       unsigned int flags, unsigned int count,
		       uint32_t owner, uint32_t group, uint32_t other)
{
	buf_u8(b, version);
	buf_u8(b, flags);
	buf_le16(b, count);
	buf_le32(b, owner);
	buf_le32(b, group);
	buf_le32(b, other);
}

static void buf_ace(struct buf *b, unsigned int type, unsigned int flags,
		    uint32_t mask, uint32_t id)
{
	buf_le16(b, type);
	buf_le16(b, flags);
	buf_le32(b, mask);
	buf_le32(b, id);
}

/* A string with its NUL. */
static void buf_str(struct buf *b, const char *s)
{
	buf_bytes(b, s, strlen(s) + 1);
}

/* Parse hex digits, skipping blanks; exits on malformed input. */
static struct buf unhex(const char *hex)
{
	struct buf b = { NULL, 0 };
	unsigned int v;
	int n;

	buf_bytes(&b, "", 0);
	while (*hex) {
		if (*hex == ' ' || *hex == '\n') {
			hex++;
			continue;
		}
		if (sscanf(hex, "%2x%n", &v, &n) != 1 || n != 2)
			abort();
		buf_u8(&b, v);
		hex += 2;
	}
	return b;
}

static char *tohex(const void *value, size_t size)
{
	const unsigned char *p = value;
	char *hex = malloc(2 * size + 1);
	size_t n;

	for (n = 0; n < size; n++)
		sprintf(hex + 2 * n, "%02x", p[n]);
	hex[2 * size] = '\0';
	return hex;
}

/*
 * Decode from a heap copy of exactly @size bytes, so that the sanitizers
 * catch any read beyond the value.
 */
static struct richacl *decode(const void *value, size_t size)
{
	void *copy = malloc(size ? size : 1);
	struct richacl *acl;
	int err;

	memcpy(copy, value, size);
	errno = 0;
	acl = richacl_from_xattr(copy, size);
	err = errno;
	free(copy);
	errno = err;
	return acl;
}

/* Decoding fails with EINVAL. */
static int rejected(const struct buf *b)
{
	struct richacl *acl = decode(b->data, b->len);

	if (acl) {
		richacl_free(acl);
		return 0;
	}
	return errno == EINVAL;
}

static int accepted(const struct buf *b)
{
	struct richacl *acl = decode(b->data, b->len);

	richacl_free(acl);
	return acl != NULL;
}

/* ---- golden values ---- */

struct ace_def {
	unsigned short type, flags;
	unsigned int mask, id;
	const char *who;
};

struct golden {
	const char *name;
	unsigned char flags;
	unsigned int owner_mask, group_mask, other_mask;
	unsigned int count;
	struct ace_def aces[6];
	const char *hex;
};

/*
 * Header: version flags count owner-mask group-mask other-mask.
 * Entry:  type flags mask id.  Then the strings of unmapped entries.
 */
static const struct golden goldens[] = {
	{ "empty acl", 0, 0, 0, 0, 0, { },
	  "00 00 0000 00000000 00000000 00000000" },
	{ "file masks only", 0, 0x001F07FF, 0x23, 0x00010001, 0, { },
	  "00 00 0000 ff071f00 23000000 01000100" },
	{ "owner@ allow", 0, 0, 0, 0, 1,
	  { { ALLOW, SPECIAL, 0x27, RICHACE_OWNER_SPECIAL_ID, NULL } },
	  "00 00 0100 00000000 00000000 00000000"
	  " 0000 0040 27000000 00000000" },
	{ "group@ deny", 0, 0, 0, 0, 1,
	  { { DENY, SPECIAL, 0x02, RICHACE_GROUP_SPECIAL_ID, NULL } },
	  "00 00 0100 00000000 00000000 00000000"
	  " 0100 0040 02000000 01000000" },
	{ "everyone@ allow", 0, 0, 0, 0, 1,
	  { { ALLOW, SPECIAL, 0x01, RICHACE_EVERYONE_SPECIAL_ID, NULL } },
	  "00 00 0100 00000000 00000000 00000000"
	  " 0000 0040 01000000 02000000" },
	{ "user id", 0, 0, 0, 0, 1,
	  { { ALLOW, 0, 0x23, 1000, NULL } },
	  "00 00 0100 00000000 00000000 00000000"
	  " 0000 0000 23000000 e8030000" },
	{ "group id", 0, 0, 0, 0, 1,
	  { { DENY, GROUP, 0x06, 100, NULL } },
	  "00 00 0100 00000000 00000000 00000000"
	  " 0100 4000 06000000 64000000" },
	{ "large ids", 0, 0, 0, 0, 3,
	  { { ALLOW, 0, 0x01, 4294967294u, NULL },
	    { ALLOW, GROUP, 0x01, 65536, NULL },
	    { DENY, 0, 0x01, 16777217, NULL } },
	  "00 00 0300 00000000 00000000 00000000"
	  " 0000 0000 01000000 feffffff"
	  " 0000 4000 01000000 00000100"
	  " 0100 0000 01000000 01000001" },
	{ "auto_inherit flag", RICHACL_AUTO_INHERIT, 0, 0, 0, 0, { },
	  "00 01 0000 00000000 00000000 00000000" },
	{ "protected flag", RICHACL_PROTECTED, 0, 0, 0, 0, { },
	  "00 02 0000 00000000 00000000 00000000" },
	{ "defaulted flag", RICHACL_DEFAULTED, 0, 0, 0, 0, { },
	  "00 04 0000 00000000 00000000 00000000" },
	{ "write_through flag", RICHACL_WRITE_THROUGH, 0, 0, 0, 0, { },
	  "00 40 0000 00000000 00000000 00000000" },
	{ "masked flag", RICHACL_MASKED, 0, 0, 0, 0, { },
	  "00 80 0000 00000000 00000000 00000000" },
	{ "all acl flags", RICHACL_VALID_FLAGS, 0x07, 0x01, 0x00, 1,
	  { { ALLOW, SPECIAL, 0x07, RICHACE_OWNER_SPECIAL_ID, NULL } },
	  "00 c7 0100 07000000 01000000 00000000"
	  " 0000 0040 07000000 00000000" },
	{ "every permission", 0, RICHACE_VALID_MASK, RICHACE_VALID_MASK,
	  RICHACE_VALID_MASK, 2,
	  { { ALLOW, 0, RICHACE_VALID_MASK, 0, NULL },
	    { DENY, SPECIAL, RICHACE_DELETE | RICHACE_SYNCHRONIZE |
		RICHACE_WRITE_RETENTION_HOLD, 2, NULL } },
	  "00 00 0200 ff071f00 ff071f00 ff071f00"
	  " 0000 0000 ff071f00 00000000"
	  " 0100 0040 00041100 02000000" },
	{ "inheritance flags", 0, 0, 0, 0, 6,
	  { { ALLOW, RICHACE_FILE_INHERIT_ACE, 0x01, 1, NULL },
	    { ALLOW, RICHACE_DIRECTORY_INHERIT_ACE, 0x01, 2, NULL },
	    { ALLOW, RICHACE_NO_PROPAGATE_INHERIT_ACE |
		RICHACE_FILE_INHERIT_ACE, 0x01, 3, NULL },
	    { ALLOW, RICHACE_INHERIT_ONLY_ACE |
		RICHACE_DIRECTORY_INHERIT_ACE | SPECIAL, 0x01, 0, NULL },
	    { DENY, RICHACE_INHERITED_ACE | GROUP, 0x02, 4, NULL },
	    { DENY, 0x00CF | GROUP, 0x04, 5, NULL } },
	  "00 00 0600 00000000 00000000 00000000"
	  " 0000 0100 01000000 01000000"
	  " 0000 0200 01000000 02000000"
	  " 0000 0500 01000000 03000000"
	  " 0000 0a40 01000000 00000000"
	  " 0100 c000 02000000 04000000"
	  " 0100 cf00 04000000 05000000" },
	{ "unmapped user", 0, 0, 0, 0, 1,
	  { { ALLOW, UNMAPPED, 0x01, 0, "alice@EXAMPLE.COM" } },
	  "00 00 0100 00000000 00000000 00000000"
	  " 0000 0020 01000000 00000000"
	  " 616c696365404558414d504c452e434f4d00" },
	{ "unmapped group", 0, 0, 0, 0, 1,
	  { { DENY, UNMAPPED | GROUP, 0x02, 0, "staff@EXAMPLE.COM" } },
	  "00 00 0100 00000000 00000000 00000000"
	  " 0100 4020 02000000 00000000"
	  " 7374616666404558414d504c452e434f4d00" },
	{ "several unmapped, in entry order", RICHACL_AUTO_INHERIT,
	  0, 0, 0, 5,
	  { { ALLOW, UNMAPPED, 0x01, 0, "a@x" },
	    { ALLOW, SPECIAL, 0x02, 0, NULL },
	    { DENY, UNMAPPED | GROUP | RICHACE_FILE_INHERIT_ACE |
		RICHACE_INHERITED_ACE, 0x04, 0, "b@y" },
	    { ALLOW, 0, 0x08, 5, NULL },
	    { ALLOW, UNMAPPED, 0x10, 0, "c" } },
	  "00 01 0500 00000000 00000000 00000000"
	  " 0000 0020 01000000 00000000"
	  " 0000 0040 02000000 00000000"
	  " 0100 c120 04000000 00000000"
	  " 0000 0000 08000000 05000000"
	  " 0000 0020 10000000 00000000"
	  " 61407800 62407900 6300" },
	{ "utf-8 unmapped name", 0, 0, 0, 0, 1,
	  { { ALLOW, UNMAPPED, 0x20, 0, "j\xc3\xbcrgen@example.org" } },
	  "00 00 0100 00000000 00000000 00000000"
	  " 0000 0020 20000000 00000000"
	  " 6ac3bc7267656e406578616d706c652e6f726700" },
	{ "mode 0640 with masks", RICHACL_MASKED | RICHACL_WRITE_THROUGH,
	  0x00040187, 0x00000081, 0x00000081, 3,
	  { { ALLOW, SPECIAL, 0x07, 0, NULL },
	    { ALLOW, SPECIAL, 0x01, 1, NULL },
	    { DENY, SPECIAL, 0x01, 2, NULL } },
	  "00 c0 0300 87010400 81000000 81000000"
	  " 0000 0040 07000000 00000000"
	  " 0000 0040 01000000 01000000"
	  " 0100 0040 01000000 02000000" },
};

static const struct golden *find_golden(const char *name)
{
	size_t n;

	for (n = 0; n < sizeof(goldens) / sizeof(goldens[0]); n++) {
		if (!strcmp(goldens[n].name, name))
			return &goldens[n];
	}
	abort();
}

static struct richacl *golden_acl(const struct golden *g)
{
	struct richacl *acl = richacl_alloc(g->count);
	unsigned int n;

	acl->a_flags = g->flags;
	acl->a_owner_mask = g->owner_mask;
	acl->a_group_mask = g->group_mask;
	acl->a_other_mask = g->other_mask;
	for (n = 0; n < g->count; n++) {
		const struct ace_def *d = &g->aces[n];
		struct richace *ace = &acl->a_entries[n];

		ace->e_type = d->type;
		ace->e_flags = d->flags;
		ace->e_mask = d->mask;
		ace->e_id = d->id;
		if (d->who)
			ace->e_who = strdup(d->who);
	}
	return acl;
}

/* Every unmapped entry has e_id 0; every other has no e_who. */
static int ids_are_clean(const struct richacl *acl)
{
	const struct richace *ace;

	richacl_for_each_entry(ace, acl) {
		if (ace->e_flags & UNMAPPED) {
			if (ace->e_id != 0 || !ace->e_who)
				return 0;
		} else if (ace->e_who) {
			return 0;
		}
	}
	return 1;
}

/* Encode @acl, compare with @want, decode @want, compare with @acl. */
static void check_golden(const char *name, const struct richacl *acl,
			 const struct buf *want)
{
	struct richacl *back;
	char *want_hex = tohex(want->data, want->len), *got_hex = NULL;
	size_t size = 0;
	void *value;

	value = richacl_to_xattr(acl, &size);
	if (value)
		got_hex = tohex(value, size);
	is_str(got_hex, want_hex, "%s: encodes to the golden value", name);
	is_int(richacl_xattr_size(acl), want->len, "%s: xattr size", name);
	back = decode(want->data, want->len);
	ok(back && richacl_equal(back, acl) && ids_are_clean(back),
	   "%s: the golden value decodes to the acl", name);
	richacl_free(back);
	free(value);
	free(got_hex);
	free(want_hex);
}

static void test_goldens(void)
{
	size_t n;

	for (n = 0; n < sizeof(goldens) / sizeof(goldens[0]); n++) {
		struct richacl *acl = golden_acl(&goldens[n]);
		struct buf want = unhex(goldens[n].hex);

		check_golden(goldens[n].name, acl, &want);
		richacl_free(acl);
		free(want.data);
	}
}

/* Many entries, every seventh one unmapped; built with the buf helpers. */
static void test_many_entries(void)
{
	const unsigned int count = 300;
	struct richacl *acl = richacl_alloc(count);
	struct buf want = { NULL, 0 };
	char who[32];
	unsigned int n;

	buf_header(&want, 0, RICHACL_MASKED, count, 0x7, 0x3, 0x1);
	acl->a_flags = RICHACL_MASKED;
	acl->a_owner_mask = 0x7;
	acl->a_group_mask = 0x3;
	acl->a_other_mask = 0x1;
	for (n = 0; n < count; n++) {
		struct richace *ace = &acl->a_entries[n];

		ace->e_type = n % 2;
		ace->e_mask = (n * 0x10001u) & RICHACE_VALID_MASK;
		if (n % 7 == 3) {
			snprintf(who, sizeof(who), "user%u@EXAMPLE.ORG", n);
			richace_set_unmapped_who(ace, who, n % 2);
		} else {
			ace->e_flags = n % 3 ? GROUP : 0;
			ace->e_id = n * 1000003u;
		}
		buf_ace(&want, ace->e_type, ace->e_flags, ace->e_mask,
			ace->e_id);
	}
	for (n = 3; n < count; n += 7) {
		snprintf(who, sizeof(who), "user%u@EXAMPLE.ORG", n);
		buf_str(&want, who);
	}
	check_golden("300 entries", acl, &want);
	richacl_free(acl);
	free(want.data);
}

/* An unmapped entry's e_id is written as 0 and ignored when read. */
static void test_unmapped_id(void)
{
	struct richacl *acl = richacl_alloc(1), *back;
	struct buf b = { NULL, 0 };
	size_t size;
	void *value;
	char *hex;

	richace_set_unmapped_who(&acl->a_entries[0], "bob", 0);
	acl->a_entries[0].e_id = 0x12345678;
	value = richacl_to_xattr(acl, &size);
	hex = tohex(value, size);
	is_str(hex, "00000100000000000000000000000000"
		    "000000200000000000000000" "626f6200",
	       "unmapped entry: e_id is written as 0");
	free(hex);
	free(value);

	buf_header(&b, 0, 0, 1, 0, 0, 0);
	buf_ace(&b, ALLOW, UNMAPPED, 0, 0xdeadbeef);
	buf_str(&b, "bob");
	back = decode(b.data, b.len);
	ok(back && back->a_entries[0].e_id == 0 &&
	   !strcmp(back->a_entries[0].e_who, "bob"),
	   "unmapped entry: a stored e_id is ignored");
	richacl_free(back);
	richacl_free(acl);
	free(b.data);
}

/* ---- rejection, one class at a time ---- */

/* Header plus one entry per argument kind; the base of most defects. */
static struct buf base_value(void)
{
	struct buf b = { NULL, 0 };

	buf_header(&b, 0, RICHACL_VALID_FLAGS, 3, RICHACE_VALID_MASK,
		   RICHACE_VALID_MASK, RICHACE_VALID_MASK);
	buf_ace(&b, ALLOW, SPECIAL, RICHACE_VALID_MASK, 2);
	buf_ace(&b, DENY, UNMAPPED | GROUP | 0x00CF, RICHACE_VALID_MASK, 0);
	buf_ace(&b, ALLOW, GROUP, 0x01, 4294967294u);
	buf_str(&b, "who");
	return b;
}

static void test_reject_header(void)
{
	struct buf b = base_value(), h = { NULL, 0 };
	unsigned int bit;
	int all;

	ok(accepted(&b), "the base value decodes");

	b.data[0] = 1;
	ok(rejected(&b), "version 1 is rejected");
	b.data[0] = 0xff;
	ok(rejected(&b), "version 255 is rejected");
	b.data[0] = 0;

	all = 1;
	for (bit = 0; bit < 8; bit++) {
		b.data[1] = 1u << bit;
		if (((1u << bit) & RICHACL_VALID_FLAGS) ? !accepted(&b) :
							  !rejected(&b))
			all = 0;
	}
	ok(all, "exactly the acl flags outside 0xC7 are rejected");
	b.data[1] = RICHACL_VALID_FLAGS;

	ok(rejected(&(struct buf){ b.data, 0 }), "an empty value is rejected");
	errno = 0;
	ok(!richacl_from_xattr(NULL, 0) && errno == EINVAL,
	   "a NULL value of size 0 is rejected");
	ok(rejected(&(struct buf){ b.data, 15 }),
	   "15 bytes (shorter than the header) are rejected");
	buf_header(&h, 0, 0, 0, 0, 0, 0);
	ok(accepted(&h), "a 16-byte header alone decodes");
	free(h.data);
	free(b.data);
}

static void test_reject_count(void)
{
	struct buf b = { NULL, 0 };

	/* two entries, no strings: the count must be exactly right */
	buf_header(&b, 0, 0, 2, 0, 0, 0);
	buf_ace(&b, ALLOW, 0, 1, 1);
	buf_ace(&b, ALLOW, 0, 1, 2);
	ok(accepted(&b), "count 2 with two entries decodes");
	b.data[2] = 3;
	ok(rejected(&b), "count 3 with two entries is rejected");
	b.data[2] = 0x01;
	b.data[3] = 0x02;	/* 0x0201: byte order of the count */
	ok(rejected(&b), "count 513 with two entries is rejected");
	b.data[2] = 0xff;
	b.data[3] = 0xff;
	ok(rejected(&b), "count 65535 is rejected");
	b.data[2] = 1;
	b.data[3] = 0;
	ok(rejected(&b), "count 1 with two entries: trailing bytes rejected");
	free(b.data);
}

/* Entry-level checks of the maximal value (count is not the issue). */
static void test_max_count(void)
{
	struct buf b = { NULL, 0 };
	struct richacl *acl;
	unsigned int n;
	void *value;
	size_t size;

	buf_header(&b, 0, 0, RICHACL_MAX_ENTRIES, 0, 0, 0);
	for (n = 0; n < RICHACL_MAX_ENTRIES; n++)
		buf_ace(&b, n % 2, GROUP, 0x01, n);
	is_int(b.len, 65536, "a 5460-entry value is 65536 bytes");
	acl = decode(b.data, b.len);
	ok(acl && acl->a_count == 5460 &&
	   acl->a_entries[5459].e_id == 5459 &&
	   acl->a_entries[5459].e_type == DENY,
	   "a 5460-entry value decodes");
	value = acl ? richacl_to_xattr(acl, &size) : NULL;
	ok(value && size == b.len && !memcmp(value, b.data, size),
	   "a 5460-entry acl encodes to the same bytes");
	free(value);
	richacl_free(acl);

	buf_ace(&b, ALLOW, 0, 0x01, 1);
	b.data[2] = (RICHACL_MAX_ENTRIES + 1) & 0xff;
	b.data[3] = (RICHACL_MAX_ENTRIES + 1) >> 8;
	ok(rejected(&b), "a 5461-entry value is rejected");
	free(b.data);
}

static void test_reject_masks(void)
{
	static const size_t where[] = { 4, 8, 12, 16 + 4, 28 + 4, 40 + 4 };
	static const char *const what[] = {
		"owner mask", "group mask", "other mask",
		"special entry mask", "unmapped entry mask", "group entry mask"
	};
	struct buf b = base_value();
	unsigned int w, bit;

	for (w = 0; w < 6; w++) {
		unsigned char save[4];
		int all = 1;

		memcpy(save, b.data + where[w], 4);
		for (bit = 0; bit < 32; bit++) {
			uint32_t m = 1u << bit;

			b.data[where[w]] = m & 0xff;
			b.data[where[w] + 1] = (m >> 8) & 0xff;
			b.data[where[w] + 2] = (m >> 16) & 0xff;
			b.data[where[w] + 3] = m >> 24;
			if ((m & RICHACE_VALID_MASK) ? !accepted(&b) :
						       !rejected(&b))
				all = 0;
		}
		ok(all, "%s: exactly the bits outside 0x001F07FF are rejected",
		   what[w]);
		memcpy(b.data + where[w], save, 4);
	}
	ok(accepted(&b), "the base value still decodes");
	free(b.data);
}

static void test_reject_ace_flags(void)
{
	struct buf b = { NULL, 0 };
	unsigned int bit;
	int all = 1;

	/* a user entry: each valid flag alone is fine, except unmapped
	 * (which needs a string) */
	for (bit = 0; bit < 16; bit++) {
		unsigned int f = 1u << bit;

		if (f == UNMAPPED)
			continue;
		b.len = 0;
		buf_header(&b, 0, 0, 1, 0, 0, 0);
		buf_ace(&b, ALLOW, f, 0x01, f == SPECIAL ? 1 : 1000);
		if ((f & RICHACE_VALID_FLAGS) ? !accepted(&b) : !rejected(&b))
			all = 0;
	}
	ok(all, "exactly the entry flags outside 0x60CF are rejected");

	b.len = 0;
	buf_header(&b, 0, 0, 1, 0, 0, 0);
	buf_ace(&b, ALLOW, UNMAPPED | 0x0100, 0x01, 0);
	buf_str(&b, "x");
	ok(rejected(&b), "an unknown flag on an unmapped entry is rejected");
	b.data[16 + 3] = 0x20;
	ok(accepted(&b), "the same entry without it decodes");
	free(b.data);
}

static void test_reject_type(void)
{
	static const unsigned int types[] = { 2, 3, 0x100, 0xffff };
	struct buf b = base_value();
	unsigned int n;

	for (n = 0; n < 4; n++) {
		b.data[28] = types[n] & 0xff;
		b.data[29] = types[n] >> 8;
		ok(rejected(&b), "entry type %u is rejected", types[n]);
	}
	b.data[28] = 1;
	b.data[29] = 0;
	ok(accepted(&b), "entry type 1 decodes");
	free(b.data);
}

static void test_reject_special(void)
{
	static const uint32_t ids[] = { 3, 0x100, 0x02000000, 0xffffffff };
	struct buf b = { NULL, 0 };
	unsigned int n;

	for (n = 0; n < 3; n++) {
		b.len = 0;
		buf_header(&b, 0, 0, 1, 0, 0, 0);
		buf_ace(&b, ALLOW, SPECIAL, 0x01, n);
		ok(accepted(&b), "special id %u decodes", n);
	}
	for (n = 0; n < 4; n++) {
		b.len = 0;
		buf_header(&b, 0, 0, 1, 0, 0, 0);
		buf_ace(&b, ALLOW, SPECIAL, 0x01, ids[n]);
		ok(rejected(&b), "special id 0x%x is rejected", ids[n]);
	}

	b.len = 0;
	buf_header(&b, 0, 0, 1, 0, 0, 0);
	buf_ace(&b, ALLOW, SPECIAL | UNMAPPED, 0x01, 0);
	buf_str(&b, "x");
	ok(rejected(&b), "special who with unmapped who is rejected");
	b.data[16 + 3] = 0x20;
	ok(accepted(&b), "unmapped who alone with its string decodes");

	b.len = 0;
	buf_header(&b, 0, 0, 1, 0, 0, 0);
	buf_ace(&b, ALLOW, SPECIAL | GROUP, 0x01, 1);
	ok(rejected(&b), "special who with identifier group is rejected");
	b.data[16 + 2] = 0;
	ok(accepted(&b), "special who alone decodes");
	free(b.data);
}

/* (uid_t)-1 and (gid_t)-1 can be mapped by no user namespace. */
static void test_reject_unmappable_id(void)
{
	static const unsigned short kinds[] = { 0, GROUP };
	struct buf b = { NULL, 0 };
	unsigned int n;

	for (n = 0; n < 2; n++) {
		b.len = 0;
		buf_header(&b, 0, 0, 1, 0, 0, 0);
		buf_ace(&b, ALLOW, kinds[n], 0x01, 0xffffffff);
		ok(rejected(&b), "%s id 4294967295 is rejected",
		   n ? "group" : "user");
		b.data[16 + 8] = 0xfe;
		ok(accepted(&b), "%s id 4294967294 decodes",
		   n ? "group" : "user");
	}
	free(b.data);
}

static void test_reject_strings(void)
{
	struct buf b = { NULL, 0 };

	/* one unmapped entry: "x\0" is its string */
	buf_header(&b, 0, 0, 1, 0, 0, 0);
	buf_ace(&b, ALLOW, UNMAPPED, 0x01, 0);
	ok(rejected(&b), "an unmapped entry without its string is rejected");
	buf_bytes(&b, "abc", 3);
	ok(rejected(&b), "an unterminated string is rejected");
	buf_u8(&b, 0);
	ok(accepted(&b), "the terminated string decodes");
	buf_u8(&b, 0);
	ok(rejected(&b), "a NUL after the last string is rejected");
	b.len--;
	buf_bytes(&b, "d", 1);
	ok(rejected(&b), "a byte after the last string is rejected");

	b.len = 0;
	buf_header(&b, 0, 0, 1, 0, 0, 0);
	buf_ace(&b, ALLOW, UNMAPPED, 0x01, 0);
	buf_u8(&b, 0);
	ok(rejected(&b), "an empty string is rejected");
	b.len--;
	buf_bytes(&b, "\0x", 3);
	ok(rejected(&b), "an empty string before another is rejected");

	/* two unmapped entries, one string */
	b.len = 0;
	buf_header(&b, 0, 0, 2, 0, 0, 0);
	buf_ace(&b, ALLOW, UNMAPPED, 0x01, 0);
	buf_ace(&b, ALLOW, UNMAPPED | GROUP, 0x01, 0);
	buf_str(&b, "one");
	ok(rejected(&b), "two unmapped entries with one string are rejected");
	buf_str(&b, "two");
	ok(accepted(&b), "two unmapped entries with two strings decode");

	/* no unmapped entry: nothing may follow the entries */
	b.len = 0;
	buf_header(&b, 0, 0, 1, 0, 0, 0);
	buf_ace(&b, ALLOW, 0, 0x01, 0);
	ok(accepted(&b), "a user entry decodes");
	buf_u8(&b, 0);
	ok(rejected(&b), "a NUL after the entries is rejected");
	b.len--;
	buf_str(&b, "x");
	ok(rejected(&b), "a string without an unmapped entry is rejected");
	b.len = 16;
	buf_u8(&b, 0);
	ok(rejected(&b), "a byte after an empty acl's header is rejected");
	free(b.data);
}

/* Every proper prefix of a valid value is rejected. */
static void test_truncation(void)
{
	const struct golden *g =
		find_golden("several unmapped, in entry order");
	struct buf values[2];
	unsigned int v;

	values[0] = unhex(g->hex);
	values[1] = base_value();
	for (v = 0; v < 2; v++) {
		size_t len;
		int all = accepted(&values[v]);

		for (len = 0; len < values[v].len; len++) {
			struct buf prefix = { values[v].data, len };

			if (!rejected(&prefix))
				all = 0;
		}
		ok(all, "%s: all %zu shorter prefixes are rejected",
		   v ? "base value" : g->name, values[v].len);
		free(values[v].data);
	}
}

/* ---- text -> acl -> xattr -> acl -> text ---- */

#define MASKS0	"owner:::mask\ngroup:::mask\nother:::mask\n"

static const struct {
	const char *text;	/* what a user writes */
	const char *shown;	/* printed: full, masks, numeric, unaligned */
	const char *hex;	/* the value, or NULL when not pinned here */
} round_trips[] = {
	{ "", MASKS0,
	  "00 00 0000 00000000 00000000 00000000" },
	{ "flags:mwapd", "flags:mwapd\n" MASKS0,
	  "00 c7 0000 00000000 00000000 00000000" },
	{ "owner@:rwpx::allow", MASKS0 "owner@:rwpx::allow\n",
	  "00 00 0100 00000000 00000000 00000000 0000 0040 27000000 00000000" },
	{ "owner:rwpxdDaARWcCoSeE::mask group:r::mask other:x::mask",
	  "owner:rwpxdDaARWcCoSeE::mask\ngroup:r::mask\nother:x::mask\n",
	  "00 00 0000 ff071f00 01000000 20000000" },
	{ "group@:w::deny everyone@:r::allow",
	  MASKS0 "group@:w::deny\neveryone@:r::allow\n",
	  "00 00 0200 00000000 00000000 00000000"
	  " 0100 0040 02000000 01000000 0000 0040 01000000 02000000" },
	{ "u:1000:rx::allow g:100:wp:fd:deny",
	  MASKS0 "user:1000:rx::allow\ngroup:100:wp:fd:deny\n",
	  "00 00 0200 00000000 00000000 00000000"
	  " 0000 0000 21000000 e8030000 0100 4300 06000000 64000000" },
	{ "user:alice@EXAMPLE.COM:r:u:allow",
	  MASKS0 "user:alice@EXAMPLE.COM:r:u:allow\n",
	  "00 00 0100 00000000 00000000 00000000 0000 0020 01000000 00000000"
	  " 616c696365404558414d504c452e434f4d00" },
	{ "u:4294967294:r::allow g:0:r::allow",
	  MASKS0 "user:4294967294:r::allow\ngroup:0:r::allow\n", NULL },
	{ "everyone@:read_data/write_data/execute"
	  ":file_inherit/inherit_only:deny",
	  MASKS0 "everyone@:rwx:fi:deny\n", NULL },
	{ "owner@:rwp:fdnia:allow", MASKS0 "owner@:rwp:fdnia:allow\n", NULL },
	{ "flags:a u:a@x:r:u:allow owner@:w::allow g:b@y:p:fau:deny"
	  " u:c:x:u:allow",
	  "flags:a\n" MASKS0 "user:a@x:r:u:allow\nowner@:w::allow\n"
	  "group:b@y:p:fau:deny\nuser:c:x:u:allow\n", NULL },
	{ "flags:m owner:rwp::mask group:r::mask other:::mask"
	  " owner@:rwp::allow group@:r::allow everyone@:rwpx::deny",
	  "flags:m\nowner:rwp::mask\ngroup:r::mask\nother:::mask\n"
	  "owner@:rwp::allow\ngroup@:r::allow\neveryone@:rwpx::deny\n", NULL },
	{ "owner@:dDaARWcCoSeE::allow",
	  MASKS0 "owner@:dDaARWcCoSeE::allow\n", NULL },
	{ "user:j\xc3\xbcrgen@example.org:r:u:allow",
	  MASKS0 "user:j\xc3\xbcrgen@example.org:r:u:allow\n", NULL },
};

static void test_round_trips(void)
{
	const unsigned int options = RICHACL_TEXT_FULL |
		RICHACL_TEXT_SHOW_MASKS | RICHACL_TEXT_NUMERIC_IDS |
		RICHACL_TEXT_UNALIGNED;
	size_t n;

	for (n = 0; n < sizeof(round_trips) / sizeof(round_trips[0]); n++) {
		const char *text = round_trips[n].text;
		struct richacl *acl, *back = NULL;
		char *error = NULL, *shown = NULL, *hex = NULL;
		void *value = NULL;
		size_t size;

		acl = richacl_from_text(text, NULL, &error);
		if (!acl) {
			ok(0, "'%s' parses: %s", text, error);
			free(error);
			continue;
		}
		value = richacl_to_xattr(acl, &size);
		if (value) {
			back = decode(value, size);
			hex = tohex(value, size);
		}
		if (back)
			shown = richacl_to_text(back, options);
		ok(back && richacl_equal(acl, back),
		   "'%s': decode(encode(acl)) is the acl", text);
		is_str(shown, round_trips[n].shown, "'%s': printed back", text);
		if (round_trips[n].hex) {
			struct buf want = unhex(round_trips[n].hex);
			char *want_hex = tohex(want.data, want.len);

			is_str(hex, want_hex, "'%s': the value", text);
			free(want_hex);
			free(want.data);
		}
		free(shown);
		free(hex);
		free(value);
		richacl_free(back);
		richacl_free(acl);
	}
}

/* ---- the encoder refuses what the decoder would ---- */

static int encode_fails(const struct richacl *acl)
{
	size_t size;
	void *value;

	errno = 0;
	value = richacl_to_xattr(acl, &size);
	free(value);
	return !value && errno == EINVAL;
}

static void test_encode_invalid(void)
{
	struct richacl *acl = richacl_alloc(1);
	struct richace *ace = &acl->a_entries[0];

	ok(!encode_fails(acl), "a zeroed entry encodes");
	acl->a_flags = 0x08;
	ok(encode_fails(acl), "encode: unknown acl flag");
	acl->a_flags = 0;
	acl->a_group_mask = 0x00200000;
	ok(encode_fails(acl), "encode: unknown file mask bit");
	acl->a_group_mask = 0;
	ace->e_mask = 0x800;
	ok(encode_fails(acl), "encode: unknown entry mask bit");
	ace->e_mask = 0;
	ace->e_type = 2;
	ok(encode_fails(acl), "encode: entry type 2");
	ace->e_type = 0;
	ace->e_flags = 0x10;
	ok(encode_fails(acl), "encode: unknown entry flag");
	ace->e_flags = SPECIAL;
	ace->e_id = 3;
	ok(encode_fails(acl), "encode: special id 3");
	ace->e_id = 2;
	ace->e_flags = SPECIAL | GROUP;
	ok(encode_fails(acl), "encode: special who with identifier group");
	ace->e_flags = UNMAPPED;
	ok(encode_fails(acl), "encode: unmapped entry without a name");
	ace->e_who = strdup("");
	ok(encode_fails(acl), "encode: unmapped entry with an empty name");
	richace_set_unmapped_who(ace, "n", 0);
	ace->e_flags |= SPECIAL;
	ok(encode_fails(acl), "encode: special who with unmapped who");
	ace->e_flags &= ~SPECIAL;
	ok(!encode_fails(acl), "encode: an unmapped entry with a name");
	ace->e_id = 0xffffffff;
	ace->e_flags = 0;
	ok(encode_fails(acl), "encode: user id 4294967295");
	ace->e_flags = GROUP;
	ok(encode_fails(acl), "encode: group id 4294967295");
	richacl_free(acl);
}

/* A value beyond 64 KiB (long unmapped names) is E2BIG, as for setxattr. */
static void test_encode_too_big(void)
{
	struct richacl *acl = richacl_alloc(2);
	char name[RICHACL_XATTR_MAX_SIZE];
	size_t size, room;
	void *value;

	/* Exactly 65536 bytes: the header, two entries, one name and NUL. */
	room = RICHACL_XATTR_MAX_SIZE - RICHACL_XATTR_HEADER_SIZE -
	       2 * RICHACL_XATTR_ACE_SIZE - 1;
	memset(name, 'n', room);
	name[room] = '\0';
	richace_set_unmapped_who(&acl->a_entries[1], name, 0);
	value = richacl_to_xattr(acl, &size);
	ok(value && size == RICHACL_XATTR_MAX_SIZE,
	   "a value of exactly 65536 bytes encodes");
	free(value);
	name[room] = 'n';
	name[room + 1] = '\0';
	richace_set_unmapped_who(&acl->a_entries[1], name, 0);
	errno = 0;
	value = richacl_to_xattr(acl, &size);
	ok(!value && errno == E2BIG, "a value of 65537 bytes is E2BIG");
	free(value);
	richacl_free(acl);
}

/* ---- files ---- */

/*
 * The library calls getxattr() and friends; this program defines them, so
 * that the tests can feed the library values no kernel here would store.
 * Outside fake mode they pass the call on to the kernel.
 */
static struct {
	int on;			/* fake mode */
	const void *value;	/* the current value (NULL: none) */
	size_t size;
	const void *grown;	/* the value after the first size probe */
	size_t grown_size;
	int calls;		/* getxattr() or setxattr() calls seen */
	int set_flags;
	struct buf stored;	/* what setxattr() received */
	char name[64];
} fake;

static ssize_t fake_get(const char *name, void *value, size_t size)
{
	fake.calls++;
	snprintf(fake.name, sizeof(fake.name), "%s", name);
	if (!fake.value) {
		errno = ENODATA;
		return -1;
	}
	if (size == 0) {
		size_t probe = fake.size;

		if (fake.grown) {
			fake.value = fake.grown;
			fake.size = fake.grown_size;
			fake.grown = NULL;
		}
		return probe;
	}
	if (size < fake.size) {
		errno = ERANGE;
		return -1;
	}
	memcpy(value, fake.value, fake.size);
	return fake.size;
}

static int fake_set(const char *name, const void *value, size_t size,
		    int flags)
{
	fake.calls++;
	snprintf(fake.name, sizeof(fake.name), "%s", name);
	fake.set_flags = flags;
	fake.stored.len = 0;
	buf_bytes(&fake.stored, value, size);
	return 0;
}

ssize_t getxattr(const char *path, const char *name, void *value,
		 size_t size)
{
	if (fake.on)
		return fake_get(name, value, size);
	return syscall(SYS_getxattr, path, name, value, size);
}

ssize_t fgetxattr(int fd, const char *name, void *value, size_t size)
{
	if (fake.on)
		return fake_get(name, value, size);
	return syscall(SYS_fgetxattr, fd, name, value, size);
}

int setxattr(const char *path, const char *name, const void *value,
	     size_t size, int flags)
{
	if (fake.on)
		return fake_set(name, value, size, flags);
	return syscall(SYS_setxattr, path, name, value, size, flags);
}

int fsetxattr(int fd, const char *name, const void *value, size_t size,
	      int flags)
{
	if (fake.on)
		return fake_set(name, value, size, flags);
	return syscall(SYS_fsetxattr, fd, name, value, size, flags);
}

/*
 * The value of an acl of @count entries user:N:r::allow, too large for
 * the library's first read when @count is 100; in *@acl.
 */
static struct buf many_entries(unsigned int count, struct richacl **acl)
{
	struct buf b = { 0 };
	unsigned int n;
	size_t size;
	void *value;

	*acl = richacl_alloc(count);
	if (!*acl) {
		printf("Bail out! richacl_alloc\n");
		exit(1);
	}
	for (n = 0; n < count; n++) {
		struct richace *ace = &(*acl)->a_entries[n];

		ace->e_type = RICHACE_ACCESS_ALLOWED_ACE_TYPE;
		ace->e_mask = RICHACE_READ_DATA;
		ace->e_id = 1000 + n;
	}
	value = richacl_to_xattr(*acl, &size);
	if (!value) {
		printf("Bail out! richacl_to_xattr\n");
		exit(1);
	}
	buf_bytes(&b, value, size);
	free(value);
	return b;
}

static void test_files_faked(void)
{
	const struct golden *gs = find_golden("owner@ allow");
	const struct golden *gl =
		find_golden("several unmapped, in entry order");
	struct buf small = unhex(gs->hex), large = unhex(gl->hex);
	struct richacl *acl, *want, *acl100, *acl200;
	struct buf big = many_entries(100, &acl100);
	struct buf bigger = many_entries(200, &acl200);
	int fd;

	fake.on = 1;
	for (fd = 0; fd < 2; fd++) {
		const char *how = fd ? "get_fd" : "get_file";

#define GET() (fd ? richacl_get_fd(0) : richacl_get_file("f"))
		fake.value = NULL;
		errno = 0;
		ok(!GET() && errno == ENODATA, "%s: no value gives ENODATA",
		   how);
		is_str(fake.name, "system.richacl", "%s: the xattr name", how);

		fake.value = small.data;
		fake.size = small.len;
		fake.calls = 0;
		acl = GET();
		want = golden_acl(gs);
		ok(acl && richacl_equal(acl, want), "%s: reads the acl", how);
		is_int(fake.calls, 1, "%s: one read", how);
		richacl_free(acl);
		richacl_free(want);

		fake.value = big.data;
		fake.size = big.len;
		fake.calls = 0;
		acl = GET();
		ok(acl && richacl_equal(acl, acl100),
		   "%s: reads a %zu-byte acl", how, big.len);
		is_int(fake.calls, 3, "%s: too large for the first read: a size "
		       "probe and a read", how);
		richacl_free(acl);

		fake.grown = bigger.data;
		fake.grown_size = bigger.len;
		fake.calls = 0;
		acl = GET();
		ok(acl && richacl_equal(acl, acl200),
		   "%s: a value that grows is read again", how);
		is_int(fake.calls, 5, "%s: probed and read twice", how);
		richacl_free(acl);

		fake.value = large.data;
		fake.size = large.len - 1;
		errno = 0;
		ok(!GET() && errno == EINVAL,
		   "%s: a value that does not decode gives EINVAL", how);
#undef GET
	}

	want = golden_acl(gl);
	for (fd = 0; fd < 2; fd++) {
		const char *how = fd ? "set_fd" : "set_file";
		char *got, *hex = tohex(large.data, large.len);
		int ret;

		fake.calls = 0;
		fake.set_flags = -1;
		ret = fd ? richacl_set_fd(0, want) :
			   richacl_set_file("f", want);
		got = tohex(fake.stored.data, fake.stored.len);
		ok(ret == 0 && fake.calls == 1 && fake.set_flags == 0 &&
		   !strcmp(fake.name, "system.richacl"),
		   "%s: one setxattr call, flags 0", how);
		is_str(got, hex, "%s: stores the encoded value", how);
		free(got);
		free(hex);
	}
	richacl_free(want);
	fake.on = 0;
	free(fake.stored.data);
	free(small.data);
	free(large.data);
	free(big.data);
	free(bigger.data);
	richacl_free(acl100);
	richacl_free(acl200);
}

/*
 * Against the kernel: this host's kernel has no RichACL support, so
 * reading and writing system.richacl gives EOPNOTSUPP.
 */
static void test_files_kernel(void)
{
	char dir[] = "/tmp/test_xattr.XXXXXX";
	char file[64], missing[64], dangling[64];
	struct richacl *acl = richacl_alloc(0);
	int fd;

	if (!mkdtemp(dir))
		abort();
	snprintf(file, sizeof(file), "%s/file", dir);
	snprintf(missing, sizeof(missing), "%s/missing", dir);
	snprintf(dangling, sizeof(dangling), "%s/dangling", dir);
	fd = open(file, O_RDWR | O_CREAT, 0644);
	if (fd < 0 || symlink(missing, dangling))
		abort();

	errno = 0;
	ok(!richacl_get_file(file) && errno == EOPNOTSUPP,
	   "get_file on a plain file: EOPNOTSUPP (no kernel support)");
	errno = 0;
	ok(!richacl_get_fd(fd) && errno == EOPNOTSUPP,
	   "get_fd on a plain file: EOPNOTSUPP");
	errno = 0;
	ok(!richacl_get_file(missing) && errno == ENOENT,
	   "get_file on a missing file: ENOENT");
	errno = 0;
	ok(!richacl_get_file(dangling) && errno == ENOENT,
	   "get_file follows symlinks: ENOENT for a dangling one");
	errno = 0;
	ok(!richacl_get_fd(-1) && errno == EBADF, "get_fd(-1): EBADF");
	errno = 0;
	ok(richacl_set_file(file, acl) == -1 && errno == EOPNOTSUPP,
	   "set_file on a plain file: EOPNOTSUPP");
	errno = 0;
	ok(richacl_set_fd(fd, acl) == -1 && errno == EOPNOTSUPP,
	   "set_fd on a plain file: EOPNOTSUPP");
	errno = 0;
	ok(richacl_set_file(missing, acl) == -1 && errno == ENOENT,
	   "set_file on a missing file: ENOENT");
	acl->a_flags = 0x08;
	errno = 0;
	ok(richacl_set_file(file, acl) == -1 && errno == EINVAL,
	   "set_file with an acl that does not encode: EINVAL");

	close(fd);
	unlink(dangling);
	unlink(file);
	rmdir(dir);
	richacl_free(acl);
}

int main(void)
{
	test_goldens();
	test_many_entries();
	test_unmapped_id();
	test_reject_header();
	test_reject_count();
	test_max_count();
	test_reject_masks();
	test_reject_ace_flags();
	test_reject_type();
	test_reject_special();
	test_reject_unmappable_id();
	test_reject_strings();
	test_truncation();
	test_round_trips();
	test_encode_invalid();
	test_encode_too_big();
	test_files_faked();
	test_files_kernel();
	return tap_done();
}
