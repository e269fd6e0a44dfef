#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Our e2fsprogs (userland-patches/e2fsprogs, first on the guest's PATH):
# mke2fs -O richacl makes what the kernel mounts with RichACLs, dumpe2fs
# and debugfs name the feature, e2fsck checks such a file system where
# Debian's refuses it, tune2fs sets and clears the feature but never
# while ACLs of the other kind would be left unenforced.

load guest

# Debian's e2fsck, which the guest's PATH puts behind ours.
stock_e2fsck=/usr/sbin/e2fsck

setup() {
	[ -n "${RICHACL_E2FSPROGS-}" ] || {
		echo "# RICHACL_E2FSPROGS is not set: richacl-vm built no e2fsprogs" >&2
		return 1
	}
	cd "$BATS_TEST_TMPDIR" || return 1
	img=$BATS_TEST_TMPDIR/fs.img
	# Where the test users can reach it: $BATS_TEST_TMPDIR is private.
	mnt=$(mktemp -d /tmp/e2fs.XXXXXX)
	chmod 755 "$mnt"
	truncate -s 64M "$img"
}

teardown() {
	cd /
	! mountpoint -q "$mnt" || umount "$mnt"
	rmdir "$mnt"
}

# tune2fs_errors ARGS...: tune2fs, only what it says on stderr (its
# version line goes to stdout).
tune2fs_errors() {
	tune2fs "$@" 2>&1 >/dev/null
}

# features IMG: the feature list dumpe2fs prints.
features() {
	dumpe2fs -h "$1" 2>/dev/null | sed -n 's/^Filesystem features: *//p'
}

@test "our e2fsprogs come first on the PATH" {
	run command -v mke2fs e2fsck tune2fs dumpe2fs debugfs
	expect_output "$RICHACL_E2FSPROGS/sbin/mke2fs
$RICHACL_E2FSPROGS/sbin/e2fsck
$RICHACL_E2FSPROGS/sbin/tune2fs
$RICHACL_E2FSPROGS/sbin/dumpe2fs
$RICHACL_E2FSPROGS/sbin/debugfs"
}

@test "mke2fs -O richacl: the kernel mounts it with RichACLs, the tools name it" {
	mke2fs -q -F -t ext4 -O richacl "$img"
	[[ " $(features "$img") " == *" richacl "* ]]
	run debugfs -R features "$img"
	[[ ${lines[-1]} == "Filesystem features: "*" richacl "* ]]
	mount -o loop "$img" "$mnt"
	echo data >"$mnt/f"
	setrichacl --set 'owner@:rw::allow,user:rtu1:r::allow' "$mnt/f"
	run as rtu1 cat "$mnt/f"
	expect_output data
	run as rtu2 cat "$mnt/f"
	expect_status 1
	umount "$mnt"
	run e2fsck -f -n "$img"
	expect_status 0
	# Debian's does not know the feature.
	run "$stock_e2fsck" -f -n "$img"
	expect_status 8
	[[ $output == *"$img has unsupported feature(s): FEATURE_I18"* ]]
}

@test "mke2fs refuses richacl without ext_attr" {
	run mke2fs -q -F -t ext4 -O richacl,^ext_attr "$img"
	expect_status 1
	expect_output "The richacl feature requires the ext_attr feature."
}

@test "tune2fs sets richacl only while no file has a POSIX ACL" {
	mke2fs -q -F -t ext4 "$img"
	mount -o loop "$img" "$mnt"
	echo data >"$mnt/f"
	setfacl -m u:rtu1:r "$mnt/f"
	local ino
	ino=$(stat -c %i "$mnt/f")
	umount "$mnt"
	run tune2fs_errors -O richacl "$img"
	expect_status 1
	expect_output "The richacl feature can't be set while there are POSIX ACLs: inode $ino has system.posix_acl_access."
	[[ " $(features "$img") " != *" richacl "* ]]
	# Without the ACL it goes through, and the kernel enforces RichACLs.
	mount -o loop "$img" "$mnt"
	setfacl -b "$mnt/f"
	umount "$mnt"
	tune2fs -O richacl "$img"
	[[ " $(features "$img") " == *" richacl "* ]]
	mount -o loop "$img" "$mnt"
	setrichacl --set 'owner@:rw::allow,user:rtu1:r::allow' "$mnt/f"
	run as rtu1 cat "$mnt/f"
	expect_output data
	run setfacl -m u:rtu2:r "$mnt/f"
	expect_status 1
}

@test "tune2fs clears richacl only while no file has a RichACL" {
	mke2fs -q -F -t ext4 -O richacl "$img"
	mount -o loop "$img" "$mnt"
	: >"$mnt/f"
	setrichacl --set 'owner@:rw::allow,user:rtu1:r::allow' "$mnt/f"
	local ino
	ino=$(stat -c %i "$mnt/f")
	umount "$mnt"
	run tune2fs_errors -O ^richacl "$img"
	expect_status 1
	expect_output "The richacl feature can't be cleared while there are RichACLs: inode $ino has system.richacl."
	[[ " $(features "$img") " == *" richacl "* ]]
	mount -o loop "$img" "$mnt"
	setrichacl --remove "$mnt/f"
	umount "$mnt"
	tune2fs -O ^richacl "$img"
	[[ " $(features "$img") " != *" richacl "* ]]
	# POSIX ACLs again.
	mount -o loop "$img" "$mnt"
	setfacl -m u:rtu1:r "$mnt/f"
	run getfacl -cp "$mnt/f"
	[[ $output == *"user:rtu1:r--"* ]]
}

@test "tune2fs changes richacl only on an unmounted file system" {
	mke2fs -q -F -t ext4 -O richacl "$img"
	mount -o loop "$img" "$mnt"
	run tune2fs_errors -O ^richacl "$img"
	expect_status 1
	expect_output "The richacl feature may only be disabled when the filesystem is unmounted."
	umount "$mnt"
	tune2fs -O ^richacl "$img"
	mount -o loop "$img" "$mnt"
	run tune2fs_errors -O richacl "$img"
	expect_status 1
	expect_output "The richacl feature may only be enabled when the filesystem is unmounted."
}

@test "e2fsck -f -y finds nothing to fix on a RichACL file system with many ACLs" {
	# Small ACLs, 61 entries (an xattr block), 5460 (64 KiB, an ea_inode).
	mke2fs -q -F -t ext4 -O richacl,ea_inode "$img"
	mount -o loop "$img" "$mnt"
	local n before
	seq 10000 15459 | sed 's/.*/user:&:r::allow/' >big.acl
	seq 10000 10060 | sed 's/.*/user:&:r::allow/' >mid.acl
	for n in 1 2 3; do
		: >"$mnt/big$n" && : >"$mnt/mid$n" && : >"$mnt/small$n"
	done
	setrichacl --set-file big.acl "$mnt"/big?
	setrichacl --set-file mid.acl "$mnt"/mid?
	setrichacl --set 'owner@:rw::allow,user:rtu1:r::allow' "$mnt"/small?
	before=$(cd "$mnt" && getfattr -e hex -n system.richacl big? mid? small?)
	umount "$mnt"
	# Exit status 0: no error found, nothing changed (1 would say
	# "errors corrected").
	run e2fsck -f -y "$img"
	expect_status 0
	mount -o loop "$img" "$mnt"
	run sh -c 'cd "$1" && getfattr -e hex -n system.richacl big? mid? small?' _ "$mnt"
	expect_output "$before"
}
