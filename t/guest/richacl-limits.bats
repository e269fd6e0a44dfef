#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The size limits of the system.richacl format and the kernel's validation
# of raw values ($RICHACL_MNT, $RICHACL_BIG_MNT: on ext4 one with ea_inode,
# on xfs the same as $RICHACL_MNT).

load guest

setup() {
	guest_setup RICHACL_MNT limits
}

# The raw xattr tests use setfattr and getfattr (package attr).
need_attr() {
	command -v setfattr >/dev/null || skip "setfattr (package attr) is missing"
}

# acl_text N: N allow entries for the numeric users 10000...  (Not a
# shell loop: in the guest, one of 5460 rounds takes half a minute.)
acl_text() {
	[ "$1" -gt 0 ] || return 0
	seq 10000 $((10000 + $1 - 1)) | sed 's/.*/user:&:r::allow/'
}

# The raw header (16 bytes) of a value, in the hex form setfattr takes:
# version, flags, count (le16), three zero masks.
header() {
	printf '0x%02x%02x%02x%02x%s' "$1" "$2" $(($3 & 255)) $(($3 >> 8)) \
		000000000000000000000000
}

@test "the largest ACL, 5460 entries in a 65536-byte value (ext4: on ea_inode)" {
	[ -n "${RICHACL_BIG_MNT-}" ] || skip "RICHACL_BIG_MNT is not mounted"
	need_attr
	cd "$RICHACL_BIG_MNT"
	: >big
	acl_text 5460 >acl
	setrichacl --set-file acl big
	getfattr --only-values -n system.richacl big >value
	run stat -c %s value
	expect_output 65536
	# Numeric ids: looking up 5460 user names takes long in the guest.
	run getrichacl --numeric-ids big
	# The header line and 5460 entries (bats leaves the blank line out).
	[ "${#lines[@]}" -eq 5461 ]
	expect_status 0
	[ "${lines[5460]}" = " user:15459:r------------::allow" ]
	rm -f big acl value
}

@test "too large for the xattr space without ea_inode: a clear error, the old ACL stays" {
	fs_only ext4 "xfs stores 64 KiB values on every file system"
	: >f
	setrichacl --set 'owner@:rwp::allow,user:rtu1:r::allow' f
	acl_text 2000 >acl
	run setrichacl --set-file acl f
	expect_status 1
	expect_output "setrichacl: f: No space left on device"
	run getrichacl f
	expect_output "f:
    owner@:rwp----------::allow
 user:rtu1:r------------::allow"
}

@test "a raw value claiming 5461 entries: EINVAL" {
	need_attr
	: >f
	run setfattr -n system.richacl -v "$(header 0 0 5461)" f
	expect_status 1
	expect_output "setfattr: f: Invalid argument"
}

# bad_values: one value per rule of the format, each a hex string.
bad_values() {
	# Version 1; an unknown ACL flag; a count beyond the value.
	header 1 0 0; echo
	header 0 8 0; echo
	header 0 0 1; echo
	# One entry: type 2; an unknown entry flag; an unknown permission;
	# special id 3; an unmapped identifier "alice" (valid in the format,
	# but not stored on ext4); uid 4294967295; a well-formed entry
	# followed by a trailing byte.
	for e in 020000000100000000000000 000000100100000000000000 \
		 000000000000800000000000 000000400100000003000000 \
		 000000200100000000000000616c69636500 \
		 0000000001000000ffffffff \
		 0000004001000000020000000000; do
		echo "$(header 0 0 1)$e"
	done
}

# set_bad_values FILE: each bad value gets EINVAL.
set_bad_values() {
	local v n=0
	for v in $(bad_values); do
		run setfattr -n system.richacl -v "$v" "$1"
		expect_status 1
		expect_output "setfattr: $1: Invalid argument"
		n=$((n + 1))
	done
	[ "$n" -eq 10 ]
}

@test "raw values that break a rule of the format: EINVAL, nothing stored" {
	need_attr
	: >f
	set_bad_values f
	run getfattr -n system.richacl f
	expect_status 1
	expect_output "f: system.richacl: No such attribute"
}

@test "a new file inherits an ACL too large for its inode" {
	# 61 entries, 748 bytes: out of the inode, into an xattr block (the
	# ext4 images have 1 KiB blocks; xfs inodes have 512 bytes).
	mkdir d
	{
		echo 'owner@:rwpx:fd:allow'
		for ((n = 0; n < 60; n++)); do
			echo "user:$((10000 + n)):r:fd:allow"
		done
	} >acl
	setrichacl --set-file acl d
	: >d/f
	mkdir d/sub
	run getrichacl d/f
	expect_status 0
	[ "${#lines[@]}" -eq 62 ]
	[ "${lines[61]}" = " user:10059:r------------::allow" ]
	run getrichacl d/sub
	expect_status 0
	[ "${#lines[@]}" -eq 62 ]
}

@test "raw values that break a rule of the format leave an ACL and mode as they were" {
	need_attr
	: >f
	setrichacl --set 'owner@:rwp::allow,user:rtu1:r::allow,group:rtg2:w::deny' f
	chmod 640 f
	before=$(getrichacl f; stat -c %a f)
	set_bad_values f
	run sh -c 'getrichacl f; stat -c %a f'
	expect_output "$before"
}

@test "chattr +e migrates a file under a large inheritable ACL on the root" {
	fs_only ext4 "EXT4_IOC_MIGRATE"
	# EXT4_IOC_MIGRATE makes a temporary inode in the root directory
	# inside a handle of a few credits: it must not inherit the root's
	# ACL (61 entries: an xattr block of its own).  The file has to be
	# block-mapped: made before the extent feature is turned on.
	local img=$BATS_TEST_TMPDIR/migrate.img mnt=$BATS_TEST_TMPDIR/mnt
	truncate -s 16M "$img"
	mke2fs -q -F -t ext4 -b 1024 -O ^extent,^flex_bg,^64bit "$img"
	mkdir "$mnt"
	mount -o loop "$img" "$mnt"
	echo data >"$mnt/f"
	umount "$mnt"
	tune2fs -O extent "$img" >/dev/null
	tune2fs -O richacl "$img" >/dev/null
	mount -o loop "$img" "$mnt"
	{
		echo 'owner@:rwpxdD::allow'
		echo 'everyone@:rx::allow'
		for ((n = 0; n < 60; n++)); do
			echo "user:$((10000 + n)):r:fi:allow"
		done
	} >acl
	setrichacl --set-file acl "$mnt"
	local err=0 flags
	chattr +e "$mnt/f" 2>chattr.err || err=$?
	flags=$(lsattr "$mnt/f")
	umount "$mnt"
	run cat chattr.err
	expect_output ""
	[ "$err" -eq 0 ]
	[ "${flags%% *}" = "--------------e-------" ]
}

@test "a chmod that cannot store the new masks changes neither mode nor ACL" {
	fs_only ext4 "a shared xattr block on a full file system"
	# a and b share one xattr block (the same 21-entry ACL); on a full
	# filesystem the new masks of a need a block of their own: ENOSPC.
	# The chmod must fail whole: the mode it reports as not changed must
	# not have changed, and the ACL must still agree with it.
	local img=$BATS_TEST_TMPDIR/full.img mnt
	truncate -s 4M "$img"
	mke2fs -q -F -t ext4 -b 1024 -I 128 -O richacl "$img" >/dev/null 2>&1
	# Where rtu1 can reach it: $BATS_TEST_TMPDIR is private.
	mnt=$(mktemp -d /tmp/full.XXXXXX)
	chmod 755 "$mnt"
	mount -o loop "$img" "$mnt"
	{
		echo 'owner@:rw::allow'
		echo 'user:rtu1:r::allow'
		acl_text 19
	} >acl
	echo data >"$mnt/a"
	: >"$mnt/b"
	setrichacl --set-file acl "$mnt/a" "$mnt/b"
	# Data first, then xattr blocks (distinct values) take every block
	# an xattr block could use.
	cat /dev/zero >"$mnt/fill" 2>/dev/null || :
	local n
	for ((n = 0; n < 1000; n++)); do
		: >"$mnt/x$n" 2>/dev/null &&
			setfattr -n user.fill -v "$(printf "%0512d" "$n")" \
				"$mnt/x$n" 2>/dev/null || break
	done
	local before mode err=0
	before=$(getrichacl "$mnt/a")
	LC_ALL=C chmod 600 "$mnt/a" 2>chmod.err || err=$?
	mode=$(stat -c %a "$mnt/a")
	run as rtu1 cat "$mnt/a"
	local read_status=$status after
	after=$(getrichacl "$mnt/a")
	umount "$mnt"
	rmdir "$mnt"
	run cat chmod.err
	expect_output "chmod: changing permissions of '$mnt/a': No space left on device"
	[ "$err" -eq 1 ]
	[ "$mode" = 640 ]
	[ "$after" = "$before" ]
	[ "$read_status" -eq 0 ]
}
