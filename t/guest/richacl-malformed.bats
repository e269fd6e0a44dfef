#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Malformed RichACL values on disk, written offline (bypassing the kernel's
# checks), one file per rule of the format, mode 0666, owned by root: the
# kernel reads each as EIO, fails closed on access (EIO, root included),
# keeps stat working, and lets root replace the value.  The kernel log is
# checked by kernel-log.tap at the end of the run.  The image is made in
# the guest's /tmp and loop-mounted: on ext4 (made with mke2fs -O richacl)
# debugfs writes the values as system.richacl; on xfs they are written as the attribute
# trusted.SGI_RICHACL while the file system has no RichACL feature, which
# contrib/xfs-richacl-feature then turns on.

load guest
load malformed

# ext4_image IMG: a RichACL ext4 (our mke2fs, first on the PATH), the
# files and values written by debugfs.
ext4_image() {
	local img=$1 cmds=$BATS_FILE_TMPDIR/cmds
	truncate -s 16M "$img"
	mke2fs -q -F -t ext4 -O richacl "$img"
	{
		echo "write /dev/null good"
		malformed_debugfs "$BATS_FILE_TMPDIR/values"
	} >"$cmds"
	debugfs -w -f "$cmds" "$img" >"$BATS_FILE_TMPDIR/plant.log" 2>&1
}

# xfs_image IMG: the files and values, as trusted.SGI_RICHACL on an xfs
# without the RichACL feature, which is turned on afterwards.
xfs_image() {
	local img=$1 mnt=$BATS_FILE_TMPDIR/mnt k
	truncate -s 300M "$img"
	mkfs.xfs -q -f "$img"
	mount -o loop "$img" "$mnt"
	{
		touch "$mnt/good" && chmod 666 "$mnt/good"
		for k in "${!bad[@]}"; do
			touch "$mnt/$k" && chmod 666 "$mnt/$k" &&
				malformed_setfattr "$mnt/$k" "$k" ||
				echo "error: $k not written"
		done
		umount "$mnt"
		"$RICHACL_SRCDIR/contrib/xfs-richacl-feature" "$img"
	} >"$BATS_FILE_TMPDIR/plant.log" 2>&1
}

setup_file() {
	local img=$BATS_FILE_TMPDIR/bad.img
	mkdir -p "$BATS_FILE_TMPDIR/mnt"
	malformed_values "$BATS_FILE_TMPDIR/values"
	if [ "${RICHACL_FS:-ext4}" = xfs ]; then
		xfs_image "$img"
	else
		ext4_image "$img"
	fi
	mount -o loop "$img" "$BATS_FILE_TMPDIR/mnt"
	chmod 755 "$BATS_FILE_TMPDIR/mnt"
}

teardown_file() {
	umount "$BATS_FILE_TMPDIR/mnt"
}

setup() {
	[ "${RICHACL_KERNEL-}" = richacl ] || skip "not a RichACL kernel"
	cd "$BATS_FILE_TMPDIR/mnt"
}

@test "a file and a value for each rule were written offline" {
	local names="acl-flag ace-flag count empty good mask short special-id too-many trailing type uid unmapped version"
	run grep -i -e error -e 'not found' "$BATS_FILE_TMPDIR/plant.log"
	expect_status 1
	[ "${RICHACL_FS:-ext4}" = xfs ] || names+=" lost+found"
	run ls
	# shellcheck disable=SC2086 # a word list
	expect_output "$(printf '%s\n' $names | LC_ALL=C sort)"
}

@test "reading a bad value: EIO, for every rule" {
	local k
	for k in "${!bad[@]}"; do
		run getrichacl "$k"
		expect_status 1
		expect_output "getrichacl: $k: Input/output error"
	done
}

@test "a good file on the same file system reads fine" {
	run getrichacl good
	expect_status 0
	expect_output "good:
 everyone@:rwp----------::allow"
}

@test "access fails closed: EIO for root and for a user; stat still works" {
	local k
	for k in "${!bad[@]}"; do
		run cat "$k"
		expect_status 1
		expect_output "cat: $k: Input/output error"
		run as rtu1 cat "$k"
		expect_status 1
		expect_output "cat: $k: Input/output error"
		run stat -c '%a %U' "$k"
		expect_status 0
		expect_output "666 root"
	done
}

@test "root replaces a bad value with setrichacl, and the file works again" {
	local k
	for k in "${!bad[@]}"; do
		setrichacl --set 'owner@:rw::allow,user:rtu1:r::allow' "$k"
		run getrichacl "$k"
		expect_output "$k:
    owner@:rw-----------::allow
 user:rtu1:r------------::allow"
		as rtu1 cat "$k"
	done
}
