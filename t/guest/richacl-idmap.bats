#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# RichACLs through an idmapped mount of the RichACL ext4: entry ids are
# compared, shown and stored as the mount shows them (kernel-patches 4/8
# richace_match, 6/8 the system.richacl handler).  Each test bind-mounts
# its directory of $RICHACL_MNT on $IDMNT with t/idmap-mount, which swaps
# two users and two groups (the test users of t/guest/README):
#
#	on disk		through $IDMNT
#	uid 2001 rtu1	uid 2002 rtu2
#	uid 2002 rtu2	uid 2001 rtu1
#	gid 3001 rtg1	gid 3002 rtg2
#	gid 3002 rtg2	gid 3001 rtg1
#
# Ids 0-2000 and 2003 (3003) are mapped to themselves; 2004 and up (3004
# and up) have no mapping.  Ids are numeric throughout (--numeric-ids), so
# that the outputs do not depend on the names.

load guest

setup() {
	guest_setup RICHACL_MNT idmap || return
	IDMNT=$(mktemp -d /tmp/idmnt.XXXXXX)
	idmap-mount -u 0:0:2001 -u 2002:2001:1 -u 2001:2002:1 -u 2003:2003:1 \
		    -g 0:0:3001 -g 3002:3001:1 -g 3001:3002:1 -g 3003:3003:1 \
		    "$TESTDIR" "$IDMNT"
}

teardown() {
	cd /
	if [ -n "${IDMNT-}" ]; then
		umount "$IDMNT" && rmdir "$IDMNT"
	fi
	if [ -n "${TESTDIR-}" ]; then
		rm -rf "$TESTDIR"
	fi
}

@test "the mount maps the owner of a file: on-disk 2001 shows as 2002" {
	: >f
	chown 2001:3001 f
	run stat -c %u:%g f "$IDMNT/f"
	expect_output "2001:3001
2002:3002"
}

@test "a user:2001 entry grants uid 2002 through the mount, not uid 2001" {
	echo data >f
	setrichacl --set 'owner@:rwp::allow,user:2001:r::allow' f
	run as rtu1 cat f "$IDMNT/f"
	expect_status 1
	expect_output "data
cat: $IDMNT/f: Permission denied"
	run as rtu2 cat f "$IDMNT/f"
	expect_status 1
	expect_output "cat: f: Permission denied
data"
}

@test "a group:3001 entry grants group 3002 through the mount, not group 3001" {
	echo data >f
	setrichacl --set 'owner@:rwp::allow,group:3001:r::allow' f
	# rtu3 is in rtg1 (3001), rtu2 in rtg2 (3002) only.
	run as rtu3 cat f "$IDMNT/f"
	expect_status 1
	expect_output "data
cat: $IDMNT/f: Permission denied"
	run as rtu2 cat f "$IDMNT/f"
	expect_status 1
	expect_output "cat: f: Permission denied
data"
}

@test "owner@ applies to the owner as the mount shows it" {
	echo data >f
	chown 2001 f
	setrichacl --set 'owner@:r::allow' f
	run as rtu1 cat "$IDMNT/f"
	expect_status 1
	expect_output "cat: $IDMNT/f: Permission denied"
	run as rtu2 cat "$IDMNT/f"
	expect_status 0
	expect_output data
}

@test "getrichacl through the mount shows the mapped ids, unmapped ones as 65534" {
	: >f
	setrichacl --set 'owner@:rwp::allow,user:2001:r::allow,user:2002:w::allow,user:2004:p::allow,group:3001:r::allow,group:3004:w::allow' f
	run getrichacl --numeric-ids "$IDMNT/f"
	expect_output "$IDMNT/f:
      owner@:rwp----------::allow
   user:2002:r------------::allow
   user:2001:-w-----------::allow
  user:65534:--p----------::allow
  group:3002:r------------::allow
 group:65534:-w-----------::allow"
	# The ACL on disk is unchanged.
	run getrichacl --numeric-ids f
	expect_output "f:
     owner@:rwp----------::allow
  user:2001:r------------::allow
  user:2002:-w-----------::allow
  user:2004:--p----------::allow
 group:3001:r------------::allow
 group:3004:-w-----------::allow"
}

@test "setrichacl through the mount stores the on-disk ids" {
	: >f
	setrichacl --set 'owner@:rwp::allow,user:2002:r::allow,user:2003:w::allow,group:3002:r::allow' "$IDMNT/f"
	run getrichacl --numeric-ids f
	expect_output "f:
     owner@:rwp----------::allow
  user:2001:r------------::allow
  user:2003:-w-----------::allow
 group:3001:r------------::allow"
	run getrichacl --numeric-ids "$IDMNT/f"
	expect_output "$IDMNT/f:
     owner@:rwp----------::allow
  user:2002:r------------::allow
  user:2003:-w-----------::allow
 group:3002:r------------::allow"
}

@test "setrichacl through the mount of an id the mount does not map: EINVAL" {
	: >f
	setrichacl --set 'owner@:rwp::allow,user:2001:r::allow' f
	run setrichacl --set 'owner@:rwp::allow,user:2004:r::allow' "$IDMNT/f"
	expect_status 1
	expect_output "setrichacl: $IDMNT/f: Invalid argument"
	run setrichacl --set 'owner@:rwp::allow,group:3004:r::allow' "$IDMNT/f"
	expect_status 1
	expect_output "setrichacl: $IDMNT/f: Invalid argument"
	run getrichacl --numeric-ids f
	expect_output "f:
    owner@:rwp----------::allow
 user:2001:r------------::allow"
}

@test "a user:2001 add_file entry lets uid 2002 create through the mount, owned by 2001 on disk" {
	mkdir d
	setrichacl --set 'owner@:rwpxd::allow,user:2001:wpx::allow,everyone@:x::allow' d
	run as rtu1 touch "$IDMNT/d/a"
	expect_status 1
	expect_output "touch: cannot touch '$IDMNT/d/a': Permission denied"
	run as rtu2 touch "$IDMNT/d/b"
	expect_status 0
	run stat -c %u:%g d/b "$IDMNT/d/b"
	expect_output "2001:3001
2002:3002"
}

@test "a file created through the mount inherits the on-disk ids" {
	mkdir d
	# Only the inheritable entry is inherited (no owner@ entry on d/f).
	setrichacl --set 'owner@:rwpxd::allow,user:2001:r:f:allow' d
	: >"$IDMNT/d/f"
	run getrichacl --numeric-ids d/f "$IDMNT/d/f"
	expect_output "d/f:
 user:2001:r------------::allow

$IDMNT/d/f:
 user:2002:r------------::allow"
}

@test "the owner as the mount shows it may set the ACL; write_acl and delete entries map too" {
	: >f
	: >g
	chown 2001 f
	setrichacl --set 'owner@:rwp::allow,user:2001:C::allow' g
	# f: owned by 2001 on disk, by 2002 (rtu2) through the mount.
	run as rtu1 setrichacl --set 'owner@:rwpC::allow,user:2003:r::allow' "$IDMNT/f"
	expect_status 1
	expect_output "setrichacl: $IDMNT/f: Operation not permitted"
	run as rtu2 setrichacl --set 'owner@:rwpC::allow,user:2003:r::allow' "$IDMNT/f"
	expect_status 0
	# g: write_acl for 2001 on disk, for 2002 (rtu2) through the mount.
	run as rtu1 setrichacl --set 'owner@:rwp::allow' "$IDMNT/g"
	expect_status 1
	expect_output "setrichacl: $IDMNT/g: Operation not permitted"
	run as rtu2 setrichacl --set 'owner@:rwp::allow,user:2002:r::allow' "$IDMNT/g"
	expect_status 0
	run getrichacl --numeric-ids f g
	expect_output "f:
    owner@:rwp------C---::allow
 user:2003:r------------::allow

g:
    owner@:rwp----------::allow
 user:2001:r------------::allow"
}

@test "a user:2001 delete (D) entry lets uid 2002 remove the file through the mount" {
	mkdir d
	: >d/f
	setrichacl --set 'owner@:rwpxd::allow,everyone@:x::allow' d
	setrichacl --set 'owner@:rwp::allow,user:2001:D::allow' d/f
	run as rtu1 rm -f "$IDMNT/d/f"
	expect_status 1
	expect_output "rm: cannot remove '$IDMNT/d/f': Permission denied"
	run as rtu2 rm -f "$IDMNT/d/f"
	expect_status 0
	[ ! -e d/f ]
}

@test "delete (D) on a file does not remove it from a directory whose owner the mount cannot map" {
	# Through the mount nobody may change a directory owned by an
	# unmapped id: neither the directory's delete_child nor the file's
	# own delete lets rtu3 remove f there; on the filesystem both would.
	mkdir d
	: >d/f
	: >d/g
	setrichacl --set 'owner@:rwpxd::allow,everyone@:xd::allow' d
	setrichacl --set 'owner@:rwp::allow,user:2003:D::allow' d/f
	chown 2004 d
	run as rtu3 rm -f "$IDMNT/d/f" "$IDMNT/d/g"
	expect_status 1
	expect_output "rm: cannot remove '$IDMNT/d/f': Permission denied
rm: cannot remove '$IDMNT/d/g': Permission denied"
	run as rtu3 rm -f d/f d/g
	expect_status 0
}

@test "in a user namespace, entry ids are the namespace's: shown, set, and refused when unmapped" {
	# unshare -Ur: rtu1 (2001) is uid 0 and rtg1 (3001) gid 0 inside;
	# no other id is mapped (shown as 65534, refused when set).
	user_tools
	: >f
	chown 2001:3001 f
	setrichacl --set 'owner@:rwpC::allow user:2001:r::allow user:2002:r::allow group:3001:r::allow' f
	run as rtu1 env PATH="$USER_PATH" unshare -Ur getrichacl --numeric-ids f
	expect_status 0
	expect_output "f:
     owner@:rwp------C---::allow
     user:0:r------------::allow
 user:65534:r------------::allow
    group:0:r------------::allow"
	run as rtu1 env PATH="$USER_PATH" unshare -Ur setrichacl --set 'owner@:rwpC::allow user:0:rw::allow group:0:r::allow' f
	expect_status 0
	run getrichacl --numeric-ids f
	expect_output "f:
     owner@:rwp------C---::allow
  user:2001:rw-----------::allow
 group:3001:r------------::allow"
	run as rtu1 env PATH="$USER_PATH" unshare -Ur setrichacl --set 'owner@:rwpC::allow user:5:r::allow' f
	expect_status 1
	expect_output "setrichacl: f: Invalid argument"
	run getrichacl --numeric-ids f
	expect_output "f:
     owner@:rwp------C---::allow
  user:2001:rw-----------::allow
 group:3001:r------------::allow"
}
