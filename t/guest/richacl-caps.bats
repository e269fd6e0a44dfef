#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Capabilities mean on a RichACL ext4 ($RICHACL_MNT) what they mean on a
# POSIX one ($PLAIN_MNT): a test user holding one capability (ambient,
# through setpriv) works on another user's file that grants it nothing.
# CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH bypass the permission checks of
# reading, writing, searching and removing; changing the mode, the ACL,
# the owner or the timestamps needs CAP_FOWNER or CAP_CHOWN.
# t/guest/perm-diff.tap checks the same rules on random ACLs.

load guest

setup() {
	guest_setup RICHACL_MNT caps
	mkdir richacl
	PLAIN=$(mktemp -d "$PLAIN_MNT/caps.XXXXXX")
	chmod 755 "$PLAIN"
}

teardown() {
	rm -rf "${PLAIN:?}"
}

# with_cap USER CAP CMD...: CMD as USER, with CAP (as setpriv names it).
with_cap() {
	local user=$1 cap=$2; shift 2
	as "$user" --inh-caps=+"$cap" --ambient-caps=+"$cap" "$@"
}

# The operations on a file f and a directory d of rtu2, one line each.
ops='
	try() { local what=$1; shift
		if out=$("$@" 2>&1); then echo "$what: ok"
		else echo "$what: ${out##*: }"; fi; }
	try read cat d/f
	try write sh -c "echo x >>d/f"
	try list ls d
	try create touch d/new
	try chmod chmod 640 d/f
	try "set times" touch -c -d @1 d/f
	try chown chown rtu1 d/f
	try unlink rm -f d/f
'

# make_victim DIR [search]: DIR/d (0700, or 0711 with search) holding
# DIR/d/f (0600), both rtu2's; on the RichACL file system, ACLs that grant
# them to owner@ alone (and search of d to everyone@).
make_victim() {
	mkdir "$1/d"
	echo data >"$1/d/f"
	if [ "$1" = richacl ]; then
		setrichacl --set "owner@:rwpxdDaARWcCo::allow${2:+,everyone@:x::allow}" "$1/d"
		setrichacl --set 'owner@:rwpaARWcCo::allow' "$1/d/f"
	else
		if [ -n "${2-}" ]; then chmod 711 "$1/d"; else chmod 700 "$1/d"; fi
		chmod 600 "$1/d/f"
	fi
	chown -R rtu2:rtg2 "$1/d"
}

# same_on_both USER CAP SEARCH EXPECTED: the operations give EXPECTED on
# both file systems (SEARCH: see make_victim).
same_on_both() {
	local fs
	for fs in "$PLAIN" richacl; do
		make_victim "$fs" "$3"
		run with_cap "$1" "$2" bash -c "cd '$fs' && $ops"
		echo "# on $fs:" >&2
		expect_output "$4"
		rm -rf "${fs:?}/d"
	done
}

@test "CAP_DAC_OVERRIDE: reads, writes and removes, but chmod, set times and chown are refused" {
	same_on_both rtu1 dac_override "" "read: ok
write: ok
list: ok
create: ok
chmod: Operation not permitted
set times: Operation not permitted
chown: Operation not permitted
unlink: ok"
}

@test "CAP_DAC_OVERRIDE does not let a process replace another user's ACL" {
	local before
	make_victim richacl
	before=$(getrichacl richacl/d/f)
	run with_cap rtu1 dac_override setrichacl --set 'everyone@:rwp::allow' richacl/d/f
	expect_status 1
	expect_output "setrichacl: richacl/d/f: Operation not permitted"
	run getrichacl richacl/d/f
	expect_output "$before"
}

@test "CAP_DAC_READ_SEARCH: reads and lists, nothing else" {
	same_on_both rtu1 dac_read_search "" "read: ok
write: Permission denied
list: ok
create: Permission denied
chmod: Operation not permitted
set times: Operation not permitted
chown: Operation not permitted
unlink: Permission denied"
}

@test "CAP_FOWNER: chmod and set times of another user's file in a searchable directory" {
	same_on_both rtu1 fowner search "read: Permission denied
write: Permission denied
list: Permission denied
create: Permission denied
chmod: ok
set times: ok
chown: Operation not permitted
unlink: Permission denied"
}

@test "CAP_FOWNER lets a process replace another user's ACL" {
	local expected
	: >ref
	setrichacl --set 'everyone@:r::allow' ref
	expected=$(getrichacl ref | sed 1d)
	make_victim richacl search
	with_cap rtu1 fowner setrichacl --set 'everyone@:r::allow' richacl/d/f
	run getrichacl richacl/d/f
	expect_output "richacl/d/f:
$expected"
}

@test "CAP_CHOWN: chown to oneself and nothing else" {
	same_on_both rtu1 chown search "read: Permission denied
write: Permission denied
list: Permission denied
create: Permission denied
chmod: Operation not permitted
set times: Operation not permitted
chown: ok
unlink: Permission denied"
}
