#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The guest that ./richacl-vm boots is what the other guest suites expect:
# file systems, users, tools.  Cheap checks: builtins where possible.

load ../common

# mounts_of DIR...: "DIR TYPE rw|ro" for each DIR, from /proc/mounts.
mounts_of() {
	local want dev dir type opts found
	for want in "$@"; do
		found="$want none"
		while read -r dev dir type opts _; do
			[ "$dir" = "$want" ] && found="$dir $type ${opts%%,*}"
		done </proc/mounts
		echo "$found"
	done
}

# refused SERIAL TYPE MESSAGE: on a kernel without RichACLs, the disk of
# SERIAL does not mount as TYPE (status 32) and the kernel says MESSAGE:
# the feature bit keeps it from being mounted with its ACLs ignored.
refused() {
	local dev
	dev=$(grep -l "^$1\$" /sys/block/vd*/serial)
	dev=/dev/$(basename "$(dirname "$dev")")
	mkdir -p "/tmp/harness-$1"
	run mount -t "$2" "$dev" "/tmp/harness-$1"
	expect_status 32
	run dmesg
	[[ $output == *"$3"* ]] || return 1
}

@test "the root is the host's, read-only, with tmpfs where the guest writes" {
	run mounts_of / /tmp /run /mnt
	expect_output "/ 9p ro
/tmp tmpfs rw
/run tmpfs rw
/mnt tmpfs rw"
	run touch /usr/richacl-vm-probe
	expect_status 1
	expect_output "touch: cannot touch '/usr/richacl-vm-probe': Read-only file system"
}

@test "the guest has the two CPUs richacl-vm gives it" {
	local online
	read -r online </sys/devices/system/cpu/online
	[ "$online" = 0-1 ]
}

@test "PLAIN_MNT is a fresh ext4 on /mnt/plain" {
	[ "$PLAIN_MNT" = /mnt/plain ]
	run mounts_of /mnt/plain
	expect_output "/mnt/plain ext4 rw"
	run ls -A /mnt/plain
	expect_output "lost+found"
}

@test "RICHACL_MNT is a RichACL ext4; a kernel without RichACLs refuses it" {
	if [ -z "${RICHACL_MNT-}" ]; then
		# richacl-vm knows from the kernel's config whether it should.
		[ "$RICHACL_KERNEL" != richacl ] ||
			{ echo "# RichACL kernel, but RICHACL_MNT is unset" >&2; return 1; }
		[ "$RICHACL_KERNEL" = stock ] ||
			skip "kernel without RichACL support ($RICHACL_KERNEL)"
		# incompat 0x40000
		refused richacl ext4 "Couldn't mount because of unsupported optional features (40000)"
		return
	fi
	[ "$RICHACL_MNT" = /mnt/richacl ] && [ "$RICHACL_BIG_MNT" = /mnt/richacl-big ]
	run mounts_of /mnt/richacl /mnt/richacl-big
	expect_output "/mnt/richacl ext4 rw
/mnt/richacl-big ext4 rw"
	# A RichACL file system has no POSIX ACLs.
	: >"$RICHACL_MNT/harness-probe"
	run setfacl -m u:rtu1:r "$RICHACL_MNT/harness-probe"
	rm -f "$RICHACL_MNT/harness-probe"
	expect_status 1
	expect_output "setfacl: $RICHACL_MNT/harness-probe: Operation not supported"
}

@test "PLAIN_XFS_MNT is a fresh xfs on /mnt/plain-xfs, with POSIX ACLs" {
	[ "$PLAIN_XFS_MNT" = /mnt/plain-xfs ]
	run mounts_of /mnt/plain-xfs
	expect_output "/mnt/plain-xfs xfs rw"
	run ls -A /mnt/plain-xfs
	expect_output ""
	: >"$PLAIN_XFS_MNT/harness-probe"
	setfacl -m u:rtu1:r "$PLAIN_XFS_MNT/harness-probe"
	run getfacl -cp "$PLAIN_XFS_MNT/harness-probe"
	rm -f "$PLAIN_XFS_MNT/harness-probe"
	expect_output "user::rw-
user:rtu1:r--
group::r--
mask::r--
other::r--"
}

@test "RICHACL_XFS_MNT is a RichACL xfs; a kernel without RichACLs refuses it" {
	if [ "$RICHACL_KERNEL" = stock ]; then
		[ -z "${RICHACL_XFS_MNT-}" ]
		# incompat 1 << 28
		refused richacl-xfs xfs "Superblock has unknown incompatible features (0x10000000) enabled."
		return
	fi
	[ "$RICHACL_KERNEL" = richacl ]
	[ "$RICHACL_XFS_MNT" = /mnt/richacl-xfs ]
	run mounts_of /mnt/richacl-xfs
	expect_output "/mnt/richacl-xfs xfs rw"
	: >"$RICHACL_XFS_MNT/harness-probe"
	run setfacl -m u:rtu1:r "$RICHACL_XFS_MNT/harness-probe"
	expect_status 1
	expect_output "setfacl: $RICHACL_XFS_MNT/harness-probe: Operation not supported"
	setrichacl --set 'owner@:rw::allow user:rtu1:r::allow' \
		"$RICHACL_XFS_MNT/harness-probe"
	run getrichacl "$RICHACL_XFS_MNT/harness-probe"
	rm -f "$RICHACL_XFS_MNT/harness-probe"
	expect_output "$RICHACL_XFS_MNT/harness-probe:
    owner@:rw-----------::allow
 user:rtu1:r------------::allow"
}

# nfs_vers DIR: the NFS version DIR is mounted with ("none" if none).
nfs_vers() {
	local dev dir type opts vers=none
	while read -r dev dir type opts _; do
		[ "$dir" = "$1" ] && [ "$type" = nfs4 ] || continue
		vers=${opts#*vers=}
		vers=${vers%%,*}
	done </proc/mounts
	echo "$vers"
}

@test "the NFS server exports PLAIN_MNT and RICHACL_MNT, mounted back" {
	[ "$PLAIN_NFS_MNT" = /mnt/nfs/plain ]
	run nfs_vers /mnt/nfs/plain
	expect_output 4.2
	run exportfs -v
	[[ $output == *"/mnt/plain"*"127.0.0.1("*"no_root_squash"* ]]
	if [ -z "${RICHACL_MNT-}" ]; then
		[ -z "${RICHACL_NFS_MNT-}" ] && [ -z "${RICHACL_NFS41_MNT-}" ]
		return
	fi
	[ "$RICHACL_NFS_MNT" = /mnt/nfs/richacl ] &&
		[ "$RICHACL_NFS41_MNT" = /mnt/nfs/richacl41 ]
	run nfs_vers /mnt/nfs/richacl
	expect_output 4.2
	run nfs_vers /mnt/nfs/richacl41
	expect_output 4.1
	# The same files, seen over NFS.
	echo probe >"$RICHACL_MNT/harness-nfs"
	run cat "$RICHACL_NFS_MNT/harness-nfs" "$RICHACL_NFS41_MNT/harness-nfs"
	rm -f "$RICHACL_MNT/harness-nfs"
	expect_output "probe
probe"
}

@test "the command starts in RICHACL_MNT, or /tmp without one" {
	[ "$RICHACL_START_DIR" = "${RICHACL_MNT:-/tmp}" ]
}

@test "the test users and groups exist beside the host's" {
	run bash -c 'id rtu1; id rtu2; id rtu3; id rtu4; id -u nobody'
	expect_output "uid=2001(rtu1) gid=3001(rtg1) groups=3001(rtg1),3002(rtg2)
uid=2002(rtu2) gid=3002(rtg2) groups=3002(rtg2)
uid=2003(rtu3) gid=3003(rtg3) groups=3003(rtg3),3001(rtg1)
uid=2004(rtu4) gid=100(users) groups=100(users)
65534"
}

@test "setpriv switches to a test user with its groups" {
	run setpriv --reuid=rtu3 --regid=rtg3 --init-groups id
	expect_output "uid=2003(rtu3) gid=3003(rtg3) groups=3003(rtg3),3001(rtg1)"
}

@test "the build's tools and test helpers are on PATH before the system's" {
	b=$RICHACL_BUILDDIR
	# (bats puts its own directory in front)
	[[ $PATH == *"$b/t:$b/src/getrichacl:$b/src/setrichacl:"*/usr/bin* ]]
	[ -x "$b/src/getrichacl/getrichacl" ] || skip "getrichacl not built yet"
	run command -v getrichacl setrichacl
	expect_output "$b/src/getrichacl/getrichacl
$b/src/setrichacl/setrichacl"
}
