#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# What is particular to RichACLs on xfs ($RICHACL_XFS_MNT): the ACL is the
# root-namespace attribute SGI_RICHACL, which nothing but system.richacl
# reaches (not trusted.*, not the attribute ioctls by handle); it survives
# dropped caches, a remount and a shutdown; the same names on the POSIX
# xfs ($PLAIN_XFS_MNT) behave as on a stock kernel.  The suites about the
# VFS run on xfs too (t/guest/run); this one is xfs's own.

load guest

setup() {
	guest_setup RICHACL_XFS_MNT xfs
}

teardown() {
	cd /
	local mnt
	# The full xfs, should its test have failed.
	if [ -f "$BATS_TEST_TMPDIR/mnt" ]; then
		mnt=$(cat "$BATS_TEST_TMPDIR/mnt")
		! mountpoint -q "$mnt" || umount "$mnt"
		rmdir "$mnt"
	fi
}

# remount MNT: unmount and mount the xfs again, from its device.
remount() {
	local dev
	dev=$(awk -v m="$1" '$2 == m { print $1 }' /proc/mounts)
	[ -n "$dev" ]
	cd /
	umount "$1"
	mount -t xfs "$dev" "$1"
	cd "$TESTDIR"
}

@test "an ACL survives dropped caches, a remount, and a shutdown" {
	local expected
	echo data >f
	setrichacl --set 'owner@:rw::allow,user:rtu1:r::allow,user:rtu2:r::deny,everyone@:r::allow' f
	expected=$(getrichacl f; stat -c %a f)
	sync
	echo 3 >/proc/sys/vm/drop_caches
	run sh -c 'getrichacl f; stat -c %a f'
	expect_output "$expected"
	remount "$RICHACL_XFS_MNT"
	run sh -c 'getrichacl f; stat -c %a f'
	expect_output "$expected"
	run as rtu2 cat f
	expect_status 1
	expect_output "cat: f: Permission denied"
	# A new ACL, then the file system goes down with its log flushed
	# (as after a crash): log recovery brings back the new ACL and mode.
	setrichacl --set 'owner@:rw::allow,user:rtu2:rw::allow' f
	expected=$(getrichacl f; stat -c %a f)
	xfs_io -x -c 'shutdown -f' "$RICHACL_XFS_MNT"
	remount "$RICHACL_XFS_MNT"
	run sh -c 'getrichacl f; stat -c %a f'
	expect_output "$expected"
	run as rtu2 cat f
	expect_output data
}

@test "trusted.SGI_RICHACL neither reads, nor replaces, nor removes the ACL" {
	local expected
	: >f
	setrichacl --set 'owner@:rw::allow,user:rtu1:r::allow' f
	expected=$(getrichacl f)
	run getfattr -n trusted.SGI_RICHACL f
	expect_status 1
	expect_output "f: trusted.SGI_RICHACL: No such attribute"
	run setfattr -n trusted.SGI_RICHACL -v 0x00000000 f
	expect_status 1
	expect_output "setfattr: f: Operation not permitted"
	run setfattr -x trusted.SGI_RICHACL f
	expect_status 1
	expect_output "setfattr: f: No such attribute"
	# listxattr names system.richacl, not the attribute behind it.
	run getfattr -m - --absolute-names f
	expect_output "# file: f
system.richacl"
	run getrichacl f
	expect_output "$expected"
}

@test "security.SGI_RICHACL and user.SGI_RICHACL are attributes of their own" {
	local expected
	echo data >f
	setrichacl --set 'owner@:rw::allow,user:rtu1:r::deny,everyone@:r::allow' f
	expected=$(getrichacl f)
	setfattr -n security.SGI_RICHACL -v 0x00000000 f
	setfattr -n user.SGI_RICHACL -v 0x00000000 f
	run getrichacl f
	expect_output "$expected"
	run as rtu1 cat f
	expect_status 1
	expect_output "cat: f: Permission denied"
	setfattr -x security.SGI_RICHACL f
	setfattr -x user.SGI_RICHACL f
	run getrichacl f
	expect_output "$expected"
}

@test "the attribute ioctls by handle neither see nor change the ACL" {
	local expected
	: >f
	setfattr -n trusted.other -v 0x01 f
	setrichacl --set 'owner@:rw::allow,user:rtu1:r::allow' f
	expected=$(getrichacl f)
	run xfs-attr-probe f list:root get:root:SGI_RICHACL \
		set:root:SGI_RICHACL:00000000 remove:root:SGI_RICHACL \
		get:root:other
	expect_status 0
	expect_output "list:root: other
get:root:SGI_RICHACL: ENODATA
set:root:SGI_RICHACL:00000000: EPERM
remove:root:SGI_RICHACL: ENODATA
get:root:other: 1 bytes"
	run getrichacl f
	expect_output "$expected"
}

@test "on the POSIX xfs, SGI_RICHACL is an ordinary name and POSIX ACLs are as stock" {
	guest_mkdir PLAIN_XFS_MNT xfs
	cd "$dir"
	: >f
	setfacl -m u:rtu1:r f
	run xfs-attr-probe f set:root:SGI_RICHACL:00000000 list:root \
		get:root:SGI_RICHACL get:root:SGI_ACL_FILE remove:root:SGI_RICHACL
	expect_output "set:root:SGI_RICHACL:00000000: ok
list:root: SGI_ACL_FILE SGI_RICHACL
get:root:SGI_RICHACL: 4 bytes
get:root:SGI_ACL_FILE: 64 bytes
remove:root:SGI_RICHACL: ok"
	setfattr -n trusted.SGI_RICHACL -v 0x00000000 f
	run getfattr -m - --absolute-names f
	expect_output "# file: f
system.posix_acl_access
trusted.SGI_ACL_FILE
trusted.SGI_RICHACL"
	run getrichacl f
	expect_status 1
	expect_output "getrichacl: f: file has a POSIX ACL"
	run setrichacl --set 'owner@:rw::allow' f
	expect_status 1
	expect_output "setrichacl: f: file has a POSIX ACL"
	run getfacl -cp f
	expect_output "user::rw-
user:rtu1:r--
group::r--
mask::r--
other::r--"
}

# fill_xfs MNT: take every free block of the xfs mounted on MNT, and its
# reserve pool, which root-namespace attributes (system.richacl among them)
# may draw on when the rest is gone.
fill_xfs() {
	local v n
	: >"$1/pad"
	# The bulk as unwritten extents (nothing written to the image), then
	# data until no block is left.
	fallocate -l $(($(stat -f -c '%a * %S' "$1") - 16 * 1048576)) "$1/fill"
	dd if=/dev/zero of="$1/fill2" bs=64k 2>/dev/null || :
	# The reserve pool: trusted.* attributes of 15 blocks, in one
	# setfattr; the last ones fail.
	v=$(head -c 60000 /dev/zero | base64 -w 0)
	{
		echo "# file: $1/pad"
		for ((n = 0; n < 300; n++)); do
			echo "trusted.pad$n=0s$v"
		done
	} >"$BATS_TEST_TMPDIR/pad.dump"
	setfattr --restore="$BATS_TEST_TMPDIR/pad.dump" 2>/dev/null || :
	rm -f "$BATS_TEST_TMPDIR/pad.dump"
}

@test "on a full xfs, an ACL set or a chmod that needs blocks fails whole" {
	# A 65536-byte ACL lives in 16 blocks of its own; replacing one (a
	# new ACL, or new masks after a chmod) needs them before the old
	# value goes.  When they cannot be had: ENOSPC, and the ACL and the
	# mode are the old ones, on disk too (a remount, xfs_repair).
	local img=$BATS_TEST_TMPDIR/full.img mnt big small
	# Where rtu1 can reach it: $BATS_TEST_TMPDIR is private.
	mnt=$(mktemp -d /tmp/full.XXXXXX)
	chmod 755 "$mnt"
	echo "$mnt" >"$BATS_TEST_TMPDIR/mnt"
	truncate -s 300M "$img"
	mkfs.xfs -q -f -m richacl=1 "$img"
	mount -o loop "$img" "$mnt"
	# (Few processes: in the guest, a loop of 5460 takes half a minute,
	# and so does a getrichacl looking up 5460 user names.)
	seq 10000 15459 | sed 's/.*/user:&:r::allow/' >big.acl
	echo data >"$mnt/big"
	echo data >"$mnt/small"
	setrichacl --set-file big.acl "$mnt/big"
	setrichacl --set 'owner@:rw::allow,user:rtu1:r::allow' "$mnt/small"
	chmod 640 "$mnt/small"
	big=$(getrichacl --numeric-ids "$mnt/big"; stat -c %a "$mnt/big")
	small=$(getrichacl "$mnt/small"; stat -c %a "$mnt/small")
	fill_xfs "$mnt"
	# Fewer reserved blocks left than the value (16) and the attribute
	# tree's blocks xfs reserves with it.
	run xfs_io -x -c resblks "$mnt"
	[ "${lines[1]#available reserved blocks = }" -lt 32 ]

	run setrichacl --set-file big.acl "$mnt/small"
	expect_status 1
	expect_output "setrichacl: $mnt/small: No space left on device"
	run env LC_ALL=C chmod 600 "$mnt/big"
	expect_status 1
	expect_output "chmod: changing permissions of '$mnt/big': No space left on device"
	run sh -c 'getrichacl "$1"; stat -c %a "$1"' _ "$mnt/small"
	expect_output "$small"
	run sh -c 'getrichacl --numeric-ids "$1"; stat -c %a "$1"' _ "$mnt/big"
	expect_output "$big"
	run as rtu1 cat "$mnt/small"
	expect_output data

	umount "$mnt"
	mount -o loop "$img" "$mnt"
	run sh -c 'getrichacl "$1"; stat -c %a "$1"' _ "$mnt/small"
	expect_output "$small"
	run sh -c 'getrichacl --numeric-ids "$1"; stat -c %a "$1"' _ "$mnt/big"
	expect_output "$big"
	# With the space back, both go through.
	rm -f "$mnt/fill"
	setrichacl --set-file big.acl "$mnt/small"
	chmod 600 "$mnt/big"
	run stat -c %a "$mnt/big"
	expect_output 600
	run sh -c 'getrichacl --numeric-ids "$1" | wc -l' _ "$mnt/small"
	expect_output 5462
	umount "$mnt"
	rmdir "$mnt"
	rm "$BATS_TEST_TMPDIR/mnt"
	# Our xfs_repair finds nothing wrong, the 65536-byte ACLs included.
	run xfs_repair -n "$img"
	expect_status 0
}
