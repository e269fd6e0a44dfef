// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The words of the text form: permissions, ACE flags, ACL flags, ACE types
 * and special identifiers.  Both the parser and the printer read these
 * tables; the order of each table is the print order.
 */
#include "sys/richacl.h"
#include "richacl_text.h"

#define COUNT(table) (sizeof(table) / sizeof((table)[0]))

const struct text_perm text_perms[] = {
	{ RICHACE_READ_DATA, 'r', "read_data", "list_directory", false },
	{ RICHACE_WRITE_DATA, 'w', "write_data", "add_file", false },
	{ RICHACE_APPEND_DATA, 'p', "append_data", "add_subdirectory", false },
	{ RICHACE_EXECUTE, 'x', "execute", "execute", false },
	{ RICHACE_DELETE_CHILD, 'd', "delete_child", "delete_child", false },
	{ RICHACE_DELETE, 'D', "delete", "delete", false },
	{ RICHACE_READ_ATTRIBUTES, 'a', "read_attributes", "read_attributes",
	  true },
	{ RICHACE_WRITE_ATTRIBUTES, 'A', "write_attributes", "write_attributes",
	  false },
	{ RICHACE_READ_NAMED_ATTRS, 'R', "read_named_attrs", "read_named_attrs",
	  false },
	{ RICHACE_WRITE_NAMED_ATTRS, 'W', "write_named_attrs",
	  "write_named_attrs", false },
	{ RICHACE_READ_ACL, 'c', "read_acl", "read_acl", true },
	{ RICHACE_WRITE_ACL, 'C', "write_acl", "write_acl", false },
	{ RICHACE_WRITE_OWNER, 'o', "write_owner", "write_owner", false },
	{ RICHACE_SYNCHRONIZE, 'S', "synchronize", "synchronize", true },
	{ RICHACE_WRITE_RETENTION, 'e', "write_retention", "write_retention",
	  false },
	{ RICHACE_WRITE_RETENTION_HOLD, 'E', "write_retention_hold",
	  "write_retention_hold", false },
};
const size_t text_nperms = COUNT(text_perms);

/* IDENTIFIER_GROUP and SPECIAL_WHO are spelled by the who field instead. */
const struct text_flag text_ace_flags[] = {
	{ RICHACE_FILE_INHERIT_ACE, 'f', "file_inherit" },
	{ RICHACE_DIRECTORY_INHERIT_ACE, 'd', "dir_inherit" },
	{ RICHACE_NO_PROPAGATE_INHERIT_ACE, 'n', "no_propagate" },
	{ RICHACE_INHERIT_ONLY_ACE, 'i', "inherit_only" },
	{ RICHACE_INHERITED_ACE, 'a', "inherited" },
	{ RICHACE_UNMAPPED_WHO, 'u', "unmapped" },
};
const size_t text_nace_flags = COUNT(text_ace_flags);

const struct text_flag text_acl_flags[] = {
	{ RICHACL_MASKED, 'm', "masked" },
	{ RICHACL_WRITE_THROUGH, 'w', "write_through" },
	{ RICHACL_AUTO_INHERIT, 'a', "auto_inherit" },
	{ RICHACL_PROTECTED, 'p', "protected" },
	{ RICHACL_DEFAULTED, 'd', "defaulted" },
};
const size_t text_nacl_flags = COUNT(text_acl_flags);

const struct text_type text_types[] = {
	{ RICHACE_ACCESS_ALLOWED_ACE_TYPE, "allow" },
	{ RICHACE_ACCESS_DENIED_ACE_TYPE, "deny" },
};
const size_t text_ntypes = COUNT(text_types);

const char *const text_special_who[] = {
	[RICHACE_OWNER_SPECIAL_ID] = "owner@",
	[RICHACE_GROUP_SPECIAL_ID] = "group@",
	[RICHACE_EVERYONE_SPECIAL_ID] = "everyone@",
};
const size_t text_nspecial_who = COUNT(text_special_who);
