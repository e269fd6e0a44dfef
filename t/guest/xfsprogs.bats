#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Our xfsprogs (userland-patches/xfsprogs, first on the guest's PATH):
# mkfs.xfs -m richacl=1 makes what the kernel mounts with RichACLs, xfs_db
# and xfs_info name the feature, xfs_repair checks such a file system where Debian's
# refuses it, and finds each malformed RichACL value (planted offline):
# -n names it and changes nothing; a repair removes it and, failing
# closed, the group and other bits of the file's mode.

load guest
load malformed

# Debian's xfs_repair, which the guest's PATH puts behind ours.
stock_xfs_repair=/usr/sbin/xfs_repair

setup() {
	# mkfs.xfs 6.1 makes nothing smaller than 300 MiB.
	image_setup RICHACL_XFSPROGS 300M
}

teardown() {
	image_teardown
}

@test "our xfsprogs come first on the PATH" {
	run command -v mkfs.xfs xfs_repair xfs_db
	expect_output "$RICHACL_XFSPROGS/sbin/mkfs.xfs
$RICHACL_XFSPROGS/sbin/xfs_repair
$RICHACL_XFSPROGS/sbin/xfs_db"
}

@test "mkfs.xfs -m richacl=1: the kernel mounts it with RichACLs, xfs_db names it" {
	mkfs.xfs -q -m richacl=1 "$img"
	run xfs_db -r -c version "$img"
	[[ $output == "versionnum ["*",RICHACL" ]]
	run xfs_db -r -c "sb 0" -c "print features_incompat" "$img"
	(( ${output#features_incompat = } & 1 << 28 ))
	mount_enforces "$img"
	run xfs_repair -n "$img"
	expect_status 0
	# Debian's does not know the feature.
	run "$stock_xfs_repair" -n "$img"
	expect_status 1
	[[ $output == *"Found unsupported filesystem features.  Exiting now."* ]]
}

@test "xfs_info names the feature, mounted (the kernel's geometry) and not" {
	run mkfs.xfs -m richacl=1 "$img"
	[[ $output == *$'\n''         =                       richacl=1'$'\n'* ]]
	run xfs_info "$img"
	[ "${lines[4]}" = "         =                       richacl=1" ]
	mount -o loop "$img" "$mnt"
	run xfs_info "$mnt"
	[ "${lines[4]}" = "         =                       richacl=1" ]
	run xfs_info "$PLAIN_XFS_MNT"
	[ "${lines[4]}" = "         =                       richacl=0" ]
}

@test "mkfs.xfs refuses richacl on a v4 file system" {
	run sh -c 'mkfs.xfs -q -m crc=0,richacl=1 "$1" 2>&1 >/dev/null | head -n 1' _ "$img"
	expect_output "richacl not supported without CRC support"
	run mkfs.xfs -q -m crc=0,richacl=1 "$img"
	expect_status 1
}

@test "without -m richacl=1, mkfs.xfs makes a POSIX ACL xfs" {
	mkfs.xfs -q "$img"
	run xfs_db -r -c version "$img"
	[[ $output != *RICHACL* ]]
	mount -o loop "$img" "$mnt"
	: >"$mnt/f"
	setfacl -m u:rtu1:r "$mnt/f"
	run getfacl -cp "$mnt/f"
	[[ $output == *"user:rtu1:r--"* ]]
}

# plant IMG NAME...: on a fresh xfs in IMG, files NAME (mode 0666) with
# the attribute trusted.SGI_RICHACL set to the bad value NAME of
# malformed.bash, then the RichACL feature turned on (the kernel refuses
# such values once it is); a file "good" with a RichACL the kernel set,
# its value in $BATS_TEST_TMPDIR/good; the inode number of each NAME in
# ino[NAME].
plant() {
	local img=$1 k; shift
	mkfs.xfs -q -f "$img"
	mount -o loop "$img" "$mnt"
	for k; do
		echo data >"$mnt/$k"
		chmod 666 "$mnt/$k"
		malformed_setfattr "$mnt/$k" "$k"
		ino[$k]=$(stat -c %i "$mnt/$k")
	done
	umount "$mnt"
	"$RICHACL_SRCDIR/contrib/xfs-richacl-feature" "$img" >/dev/null
	mount -o loop "$img" "$mnt"
	echo data >"$mnt/good"
	setrichacl --set 'owner@:rw::allow,user:rtu1:r::allow' "$mnt/good"
	(cd "$mnt" && getfattr -e hex -n system.richacl good) >good
	umount "$mnt"
}

# repair_says: the lines of xfs_repair's $output about bad RichACLs,
# each with the line after it.
repair_says() {
	grep -A1 'named SGI_RICHACL' <<<"$output" | grep -v '^--$'
}

@test "xfs_repair names each malformed RichACL; -n changes nothing, a repair removes it" {
	local k sum
	local -A ino
	plant "$img" "${!bad[@]}"
	sum=$(md5sum <"$img")
	run xfs_repair -n "$img"
	expect_status 1
	run repair_says
	expect_output "$(for k in "${!bad[@]}"; do
		echo "${ino[$k]} entry contains illegal value in attribute named SGI_RICHACL (${rule[$k]})"
		echo "${ino[$k]} would remove attribute entry 0 for inode ${ino[$k]}"
	done | sort -n -s -k1,1 | cut -d' ' -f2-)"
	[ "$(md5sum <"$img")" = "$sum" ]

	run xfs_repair "$img"
	expect_status 0
	[ "$(grep -c 'clearing the group and other bits of mode 100666 of inode [0-9]*, whose RichACL is gone' <<<"$output")" -eq "${#bad[@]}" ]
	run xfs_repair -n "$img"
	expect_status 0

	mount -o loop "$img" "$mnt"
	for k in "${!bad[@]}"; do
		run stat -c '%a %U' "$mnt/$k"
		expect_output "600 root"
		run cat "$mnt/$k"
		expect_output data
		run as rtu1 cat "$mnt/$k"
		expect_output "cat: $mnt/$k: Permission denied"
	done
	run sh -c 'cd "$1" && getfattr -e hex -n system.richacl good' _ "$mnt"
	expect_output "$(cat good)"
}

@test "xfs_repair clears the attributes of a file whose large RichACL is malformed" {
	# 3000 bytes: not shortform, a leaf block; xfs_repair 6.1 clears a
	# leaf attribute fork whole when one value in it is bad.
	local -A ino
	# A bad value of this test's own (trailing bytes), beside malformed.bash's.
	bad[big]=00000000000000000000000000000000$(printf '%05998d' 0)
	plant "$img" big
	run xfs_repair -n "$img"
	expect_status 1
	[[ $output == *"problem with attribute contents in inode ${ino[big]}"*"would clear attr fork"* ]]
	run xfs_repair "$img"
	expect_status 0
	[[ $output == *"problem with attribute contents in inode ${ino[big]}"*"clearing the group and other bits of mode 100666 of inode ${ino[big]}, whose RichACL is gone"* ]]
	run xfs_repair -n "$img"
	expect_status 0
	mount -o loop "$img" "$mnt"
	run stat -c %a "$mnt/big"
	expect_output 600
	run cat "$mnt/big"
	expect_output data
	run sh -c 'cd "$1" && getfattr -e hex -n system.richacl good' _ "$mnt"
	expect_output "$(cat good)"
}
