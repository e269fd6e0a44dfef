#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# contrib/xfs-richacl-feature, the way README.md and richacl(7) give admins
# to turn RichACLs on for an xfs: on image files (xfsprogs on the host).

load common

setup() {
	# ./run-tests installs xfsprogs; a build by hand may lack it.
	command -v mkfs.xfs >/dev/null || skip "mkfs.xfs (package xfsprogs) is missing"
	TESTDIR=$(mktemp -d "${BATS_TMPDIR:-/tmp}/richacl.XXXXXX")
	cd "$TESTDIR" || return 1
}

feature() {
	"$RICHACL_SRCDIR/contrib/xfs-richacl-feature" "$@"
}

# incompat IMG AG: the features_incompat of AG's superblock.
incompat() {
	xfs_db -r -c "sb $2" -c 'print features_incompat' "$1" 2>/dev/null
}

@test "on sets bit 1 << 28 in every superblock, off clears it; xfs_repair refuses it on" {
	truncate -s 300M fs.img
	mkfs.xfs -q -d agcount=4 fs.img
	old=$(incompat fs.img 0)
	old=${old#features_incompat = }
	run feature fs.img
	expect_status 0
	expect_output "xfs-richacl-feature: fs.img: RichACLs on (features_incompat $(printf '%#x' $((old | 1 << 28))))"
	for ag in 0 1 2 3; do
		run incompat fs.img $ag
		expect_output "features_incompat = $(printf '%#x' $((old | 1 << 28)))"
	done
	run xfs_repair -n fs.img
	expect_status 1
	[[ $output == *"Found unsupported filesystem features."* ]]
	run feature --off fs.img
	expect_status 0
	expect_output "xfs-richacl-feature: fs.img: RichACLs off (features_incompat $old)"
	for ag in 0 1 2 3; do
		run incompat fs.img $ag
		expect_output "features_incompat = $old"
	done
	xfs_repair -n fs.img >/dev/null 2>&1
}

@test "a v4 xfs, a file that is no xfs, a missing file: a clear error, nothing written" {
	truncate -s 300M v4.img
	mkfs.xfs -q -m crc=0 v4.img 2>/dev/null
	run feature v4.img
	expect_status 1
	expect_output "xfs-richacl-feature: v4.img: a v4 file system; RichACLs need v5 (mkfs.xfs -m crc=1)"
	head -c 4096 /dev/zero >zero.img
	run feature zero.img
	expect_status 1
	expect_output "xfs-richacl-feature: zero.img: xfs_db cannot read superblock 0 (not an xfs?)"
	cmp -s zero.img <(head -c 4096 /dev/zero)
	run feature nosuch.img
	expect_status 1
	expect_output "xfs-richacl-feature: nosuch.img: no such file or device"
}

@test "usage: one device, --off, --help" {
	run feature
	expect_status 2
	[[ ${lines[0]} == "Usage: xfs-richacl-feature [--off] DEVICE|IMAGE" ]]
	run feature a b
	expect_status 2
	run feature --bogus x
	expect_status 2
	run feature --help
	expect_status 0
	[[ ${lines[0]} == "Usage: xfs-richacl-feature [--off] DEVICE|IMAGE" ]]
}
