#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# overlayfs and RichACLs.  An overlay checks the caller against the mode of
# its own inode and the layer's inode with the mounter's credentials: a
# RichACL in a layer would be ignored, and a user would get through the
# overlay what the ACL refuses.  The kernel refuses to mount an overlay
# with a RichACL layer (upper or lower), with a message naming the layer.
# Overlays of filesystems without RichACLs keep their stock behaviour,
# POSIX ACLs included.  Users and groups: see t/guest/README.

load guest

setup() {
	OVL_DIRS=()
	OVL_MERGED=
}

teardown() {
	if [ -n "$OVL_MERGED" ] && mountpoint -q "$OVL_MERGED"; then
		umount "$OVL_MERGED"
	fi
	cd / && rm -rf "${OVL_DIRS[@]}"
}

# layer_dir VAR NAME: guest_mkdir, the directory removed after the test.
layer_dir() {
	guest_mkdir "$@" || return 1
	OVL_DIRS+=("$dir")
}

# overlay LOWER UPPERFS: lower directory LOWER, upper and work directories
# on the filesystem at $UPPERFS, merged in a directory on /tmp; the
# mount(8) run is left in $status and $output, the merged directory in
# $OVL_MERGED, the upper directory in $upper.
overlay() {
	local lower=$1

	layer_dir "$2" upper
	upper=$dir/upper
	mkdir "$upper" "$dir/work"
	OVL_MERGED=$(mktemp -d /tmp/merged.XXXXXX)
	OVL_DIRS+=("$OVL_MERGED")
	run mount -t overlay overlay \
		-o "lowerdir=$lower,upperdir=$upper,workdir=$dir/work" \
		"$OVL_MERGED"
}

# refused LAYER...: the last mount failed as a RichACL layer makes it
# fail, and the kernel said why, naming one of the LAYERs (the first it
# checks: 6.1 checks the upper layer first, 6.12 the layers in the order
# of the options).
refused() {
	local layer
	expect_status 32
	[[ "$output" == *"Operation not supported"* ]] || {
		echo "# mount said: $output" >&2
		return 1
	}
	run dmesg
	for layer; do
		[[ "$output" != *"overlayfs: filesystem on '$layer' has RichACLs; overlayfs cannot enforce them"* ]] ||
			return 0
	done
	echo "# no message naming $* in the kernel log" >&2
	return 1
}

@test "an overlay with a RichACL lower layer is refused, the layer named" {
	layer_dir RICHACL_MNT lower
	lower=$dir
	echo secret >"$lower/f"
	setrichacl --set 'user:rtu1:r::deny everyone@:r::allow' "$lower/f"
	overlay "$lower" PLAIN_MNT
	refused "$lower"
}

@test "an overlay with a RichACL upper layer is refused, the layer named" {
	layer_dir PLAIN_MNT lower
	lower=$dir
	: >"$lower/f"
	overlay "$lower" RICHACL_MNT
	refused "$upper"
}

@test "an overlay of a RichACL filesystem on itself is refused" {
	layer_dir RICHACL_MNT lower
	lower=$dir
	overlay "$lower" RICHACL_MNT
	refused "$upper" "$lower"
}

@test "nobody reads through an overlay what a RichACL denies" {
	# Whatever the kernel does with such an overlay, the ACL holds: a
	# file rtu1 may not read and a directory rtu1 may not list stay so.
	layer_dir RICHACL_MNT lower
	lower=$dir
	echo secret >"$lower/f"
	setrichacl --set 'user:rtu1:r::deny everyone@:r::allow' "$lower/f"
	mkdir "$lower/d"
	: >"$lower/d/inside"
	setrichacl --set 'user:rtu1:rx::deny everyone@:rx::allow' "$lower/d"
	run as rtu1 cat "$lower/f"
	expect_status 1
	overlay "$lower" PLAIN_MNT
	run as rtu1 cat "$OVL_MERGED/f"
	[ "$status" -ne 0 ]
	[[ "$output" != *secret* ]]
	run as rtu1 ls "$OVL_MERGED/d"
	[ "$status" -ne 0 ]
	[[ "$output" != *inside* ]]
}

@test "overlay of ext4 with POSIX ACLs: the lower file's ACL holds" {
	layer_dir PLAIN_MNT lower
	lower=$dir
	echo data >"$lower/f"
	setfacl -m u:rtu1:--- "$lower/f"
	overlay "$lower" PLAIN_MNT
	expect_status 0
	run as rtu1 cat "$OVL_MERGED/f"
	expect_status 1
	expect_output "cat: $OVL_MERGED/f: Permission denied"
	run as rtu2 cat "$OVL_MERGED/f"
	expect_status 0
	expect_output data
	run getfacl -cp "$OVL_MERGED/f"
	expect_output "user::rw-
user:rtu1:---
group::r--
mask::r--
other::r--"
}

@test "overlay of ext4 with POSIX ACLs: copy-up keeps the ACL" {
	layer_dir PLAIN_MNT lower
	lower=$dir
	echo data >"$lower/f"
	setfacl -m u:rtu1:---,u:rtu2:rw "$lower/f"
	overlay "$lower" PLAIN_MNT
	expect_status 0
	echo more >>"$OVL_MERGED/f"
	run getfacl -cp "$upper/f"
	expect_output "user::rw-
user:rtu1:---
user:rtu2:rw-
group::r--
mask::rw-
other::r--"
	run as rtu1 cat "$OVL_MERGED/f"
	expect_status 1
	run as rtu2 sh -c "echo rtu2 >>'$OVL_MERGED/f' && cat '$OVL_MERGED/f'"
	expect_output "data
more
rtu2"
}

@test "overlay of ext4 with POSIX ACLs: a new directory inherits the default ACL" {
	layer_dir PLAIN_MNT lower
	lower=$dir
	mkdir "$lower/d"
	setfacl -d -m u:rtu1:rx "$lower/d"
	overlay "$lower" PLAIN_MNT
	expect_status 0
	mkdir "$OVL_MERGED/d/sub"
	run getfacl -cp "$upper/d/sub"
	expect_output "user::rwx
user:rtu1:r-x
group::r-x
mask::r-x
other::r-x
default:user::rwx
default:user:rtu1:r-x
default:group::r-x
default:mask::r-x
default:other::r-x"
}
