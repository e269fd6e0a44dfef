#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Our e2fsprogs (userland-patches/e2fsprogs, first on the guest's PATH):
# mke2fs -O richacl makes what the kernel mounts with RichACLs, dumpe2fs
# and debugfs name the feature, e2fsck checks such a file system where
# Debian's refuses it, tune2fs sets and clears the feature but never
# while ACLs of the other kind would be left unenforced; e2fsck finds each
# malformed system.richacl value (planted offline), names its inode, and
# clears it failing closed; after a crash its journal replay leaves every
# ACL whole.

load guest
load malformed

# Debian's e2fsck, which the guest's PATH puts behind ours.
stock_e2fsck=/usr/sbin/e2fsck

setup() {
	image_setup RICHACL_E2FSPROGS 64M
}

teardown() {
	image_teardown
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
	mount_enforces "$img"
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
	cp "$img" before.img
	# Exit status 0: no error found, nothing changed (1 would say
	# "errors corrected").
	run e2fsck -f -y "$img"
	expect_status 0
	# Byte for byte, but for the superblock (bytes 1024-2047: the time
	# of the last check, the mount count).
	run sh -c 'cmp -l before.img "$1" | awk "\$1 <= 1024 || \$1 > 2048"' _ "$img"
	expect_output ""
	mount -o loop "$img" "$mnt"
	run sh -c 'cd "$1" && getfattr -e hex -n system.richacl big? mid? small?' _ "$mnt"
	expect_output "$before"
}

# invalid_line INO REASON MODE: what e2fsck says of an invalid value.
invalid_line() {
	echo "Inode $1 has invalid richacl extended attribute ($2); clearing it also clears the group and other bits of mode $3."
}

# ext4_errors: how many ext4 errors the kernel has logged.
ext4_errors() {
	dmesg | grep -c 'EXT4-fs error' || true
}

@test "e2fsck names each malformed ACL by inode; -n changes nothing, -p clears it" {
	local k cmds=$BATS_TEST_TMPDIR/cmds good_acl good_mode sum errors
	local -A ino
	malformed_values "$BATS_TEST_TMPDIR/values"
	mke2fs -q -F -t ext4 -O richacl "$img"
	mount -o loop "$img" "$mnt"
	echo data >"$mnt/good"
	setrichacl --set 'owner@:rw::allow,user:rtu1:r::allow' "$mnt/good"
	good_acl=$(cd "$mnt" && getfattr -e hex -n system.richacl good)
	good_mode=$(stat -c %a "$mnt/good")
	umount "$mnt"
	# One file per rule, mode 0666, the value written offline.
	malformed_debugfs "$BATS_TEST_TMPDIR/values" >"$cmds"
	debugfs -w -f "$cmds" "$img" >plant.log 2>&1
	while read -r k n; do
		ino[$k]=$n
	done < <(awk '/^debugfs: write /{k = $4} /^Allocated inode:/{print k, $3}' plant.log)
	[ "${#ino[@]}" -eq "${#bad[@]}" ]

	sum=$(md5sum <"$img")
	run e2fsck -f -n "$img"
	expect_status 4
	run grep '^Inode' <<<"$output"
	expect_output "$(for k in "${!bad[@]}"; do
		echo "${ino[$k]} $(invalid_line "${ino[$k]}" "${rule[$k]}" 0100666)  Clear? no"
	done | sort -n | cut -d' ' -f2-)"
	[ "$(md5sum <"$img")" = "$sum" ]

	run e2fsck -f -p "$img"
	expect_status 1
	expect_output "$(for k in "${!bad[@]}"; do
		echo "${ino[$k]} $img: $(invalid_line "${ino[$k]}" "${rule[$k]}" 0100666)  CLEARED."
	done | sort -n | cut -d' ' -f2-)
${lines[-1]}"
	run e2fsck -f -n "$img"
	expect_status 0

	# The kernel reads every file: no ACL, the owner's bits only; the
	# good ACL is byte for byte what it was.
	errors=$(ext4_errors)
	mount -o loop "$img" "$mnt"
	for k in "${!bad[@]}"; do
		run stat -c '%a %U' "$mnt/$k"
		expect_output "600 root"
		run getfattr --absolute-names -n system.richacl "$mnt/$k"
		expect_status 1
		expect_output "$mnt/$k: system.richacl: No such attribute"
		cat "$mnt/$k"
		run as rtu1 cat "$mnt/$k"
		expect_output "cat: $mnt/$k: Permission denied"
	done
	run sh -c 'cd "$1" && getfattr -e hex -n system.richacl good' _ "$mnt"
	expect_output "$good_acl"
	[ "$(stat -c %a "$mnt/good")" = "$good_mode" ]
	run as rtu1 cat "$mnt/good"
	expect_output data
	[ "$(ext4_errors)" = "$errors" ]
}

# ea_inode_of IMG FIRST_ID: the EA inode whose value is an ACL whose first
# entry is for user FIRST_ID (the kernel puts a file's EA inode after it).
ea_inode_of() {
	local n flags
	for ((n = 12; n < 40; n++)); do
		flags=$(debugfs -R "stat <$n>" "$1" 2>/dev/null |
			sed -n 's/.*Flags: \(0x[0-9a-f]*\).*/\1/p')
		# EXT4_EA_INODE_FL
		[ -n "$flags" ] && ((flags & 0x200000)) || continue
		[ "$(debugfs -R "cat <$n>" "$1" 2>/dev/null |
			od -An -tu4 -j24 -N4 | tr -d ' ')" = "$2" ] || continue
		echo "$n"
		return
	done
	return 1
}

@test "e2fsck clears a malformed 64 KiB ACL in an EA inode, and frees that inode" {
	local ea good_acl files
	mke2fs -q -F -t ext4 -O richacl,ea_inode "$img"
	mount -o loop "$img" "$mnt"
	seq 10000 15459 | sed 's/.*/user:&:r::allow/' >bad.acl
	seq 20000 25459 | sed 's/.*/user:&:r::allow/' >good.acl
	echo data >"$mnt/bad"
	echo data >"$mnt/good"
	setrichacl --set-file bad.acl "$mnt/bad"
	setrichacl --set-file good.acl "$mnt/good"
	good_acl=$(cd "$mnt" && getfattr -e hex -n system.richacl good)
	local bad_ino
	bad_ino=$(stat -c %i "$mnt/bad")
	umount "$mnt"
	# The version byte of the value, in the EA inode's first block.
	ea=$(ea_inode_of "$img" 10000)
	debugfs -w -R "zap_block -f <$ea> -o 0 -l 1 -p 1 0" "$img" 2>/dev/null
	files=$(dumpe2fs -h "$img" 2>/dev/null | sed -n 's/^Free inodes: *//p')

	run e2fsck -f -n "$img"
	expect_status 4
	run grep '^Inode' <<<"$output"
	# The mode of the masks: every entry allows reading.
	expect_output "$(invalid_line "$bad_ino" "unknown version" 0100440)  Clear? no"

	run e2fsck -f -y "$img"
	expect_status 1
	run e2fsck -f -n "$img"
	expect_status 0
	# One inode more is free: the EA inode.
	[ "$(dumpe2fs -h "$img" 2>/dev/null | sed -n 's/^Free inodes: *//p')" = "$((files + 1))" ]
	run sh -c 'debugfs -R "testi <$1>" "$2" 2>/dev/null' _ "$ea" "$img"
	expect_output "Inode $ea is not in use"
	mount -o loop "$img" "$mnt"
	run stat -c %a "$mnt/bad"
	expect_output 400
	run cat "$mnt/bad"
	expect_output data
	run sh -c 'cd "$1" && getfattr -e hex -n system.richacl good' _ "$mnt"
	expect_output "$good_acl"
}

@test "e2fsck names every inode that shares an EA block with a malformed ACL" {
	# The value planted by debugfs in a's EA block (60 entries, too
	# large for the inode, the last of an unknown type); b and c made
	# to share the block (debugfs cannot), its reference count raised to
	# match.  No metadata_csum: zap_block would break the block's.
	local blk cmds=$BATS_TEST_TMPDIR/cmds n
	{
		printf '\0\0\x3c\0\0\0\0\0\0\0\0\0\0\0\0\0'
		for ((n = 0; n < 59; n++)); do
			printf '\0\0\0\0\x01\0\0\0\x10\x27\0\0'
		done
		printf '\x02\0\0\0\x01\0\0\0\x10\x27\0\0'
	} >bad.value
	mke2fs -q -F -t ext4 -b 1024 -O richacl,^metadata_csum "$img"
	printf '%s\n' 'write /dev/null a' 'write /dev/null b' \
		'write /dev/null c' 'ea_set -f bad.value a system.richacl' >"$cmds"
	debugfs -w -f "$cmds" "$img" >/dev/null 2>&1
	blk=$(debugfs -R "stat a" "$img" 2>/dev/null |
		sed -n 's/.*File ACL: \([0-9]*\).*/\1/p')
	[ "$blk" -gt 0 ]
	printf '%s\n' "sif b file_acl $blk" "sif c file_acl $blk" \
		"sif b blocks 2" "sif c blocks 2" \
		"zap_block -o 4 -l 1 -p 3 $blk" >"$cmds"
	debugfs -w -f "$cmds" "$img" >/dev/null 2>&1

	run e2fsck -f -n "$img"
	expect_status 4
	run grep '^Inode' <<<"$output"
	expect_output "$(invalid_line 12 "unknown entry type" 0100666)  Clear? no
Inode 13 shares extended attribute block $blk, and its invalid richacl.
Inode 14 shares extended attribute block $blk, and its invalid richacl."

	run e2fsck -f -p "$img"
	expect_status 1
	expect_output "$img: $(invalid_line 12 "unknown entry type" 0100666)  CLEARED.
$img: Inode 13 shares extended attribute block $blk, whose invalid richacl was cleared: clearing the group and other bits of mode 0100666.
$img: Inode 14 shares extended attribute block $blk, whose invalid richacl was cleared: clearing the group and other bits of mode 0100666.
${lines[-1]}"
	run e2fsck -f -n "$img"
	expect_status 0
	mount -o loop "$img" "$mnt"
	run stat -c %a "$mnt/a" "$mnt/b" "$mnt/c"
	expect_output "600
600
600"
	run getrichacl --numeric-ids "$mnt/b"
	expect_output "$mnt/b:
 owner@:rwp----------::allow"
}

@test "after a crash, e2fsck replays the journal and every ACL is whole" {
	# ACLs of every size set, synced, then changed again and the file
	# system shut down without flushing its journal (xfs_io's
	# shutdown, as a power cut would): after e2fsck's replay each synced
	# ACL is there as set, each later one is the old or the new one whole.
	local n f
	mke2fs -q -F -t ext4 -O richacl,ea_inode "$img"
	mount -o loop "$img" "$mnt"
	for n in 1 60 5460; do
		seq 10000 $((10000 + n - 1)) | sed 's/.*/user:&:r::allow/' >old$n.acl
		seq 20000 $((20000 + n - 1)) | sed 's/.*/user:&:rw::allow/' >new$n.acl
		: >"$mnt/f$n"
		setrichacl --set-file old$n.acl "$mnt/f$n"
	done
	: >"$mnt/later"
	sync
	(cd "$mnt" && getfattr -e hex -n system.richacl f1 f60 f5460) >synced
	for n in 1 60 5460; do
		setrichacl --set-file new$n.acl "$mnt/f$n"
		(cd "$mnt" && getfattr -e hex -n system.richacl f$n) >new$n
	done
	setrichacl --set-file new60.acl "$mnt/later"
	xfs_io -x -c shutdown "$mnt"
	umount "$mnt"
	run dumpe2fs -h "$img"
	[[ $output == *"Filesystem features:"*needs_recovery* ]]

	run e2fsck -f -p "$img"
	[ "$status" -le 1 ]
	run e2fsck -f -n "$img"
	expect_status 0
	mount -o loop "$img" "$mnt"
	for n in 1 60 5460; do
		(cd "$mnt" && getfattr -e hex -n system.richacl f$n) >now$n
		grep -qxFf <(sed -n 2p now$n) synced ||
			cmp -s now$n new$n ||
			{ echo "# f$n: neither the synced nor the new ACL" >&2; return 1; }
	done
	run sh -c 'cd "$1" && getfattr -e hex -n system.richacl later' _ "$mnt"
	{ [ "$status" -eq 0 ] && [ "${lines[1]}" = "$(sed -n 2p new60)" ]; } ||
		[[ $output == *"No such attribute"* ]]
}
