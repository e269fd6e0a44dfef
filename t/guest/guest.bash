# SPDX-License-Identifier: GPL-2.0-or-later
# Shared by the guest suites: `load guest` (it loads ../common too).

load ../common

# guest_mkdir VAR NAME: a fresh directory NAME.XXXXXX (mode 0755) on the
# filesystem mounted at $VAR (RICHACL_MNT, PLAIN_MNT); its path in $dir.
# A RichACL filesystem missing on a kernel with RichACL support is a
# failure, not a skip: only a stock kernel skips.
guest_mkdir() {
	local mnt=${!1-}

	if [ -z "$mnt" ]; then
		if [ "$1" != PLAIN_MNT ] && [ "${RICHACL_KERNEL-}" = richacl ]; then
			echo "# $1 is not mounted on a RichACL kernel" >&2
			return 1
		fi
		skip "$1 is not mounted"
	fi
	dir=$(mktemp -d "$mnt/$2.XXXXXX")
	chmod 755 "$dir"
}

# guest_setup VAR NAME: run the test in a fresh directory from guest_mkdir
# ($TESTDIR), with umask 022.
guest_setup() {
	guest_mkdir "$@" || return 1
	TESTDIR=$dir
	cd "$TESTDIR" || return 1
	umask 022
}

# nfs_setup NAME: guest_setup on $RICHACL_MNT, then work in the test
# directory over NFSv4.2 ($RICHACL_NFS_MNT); $LOCAL is its local path,
# $NFS41 its path over NFSv4.1 ($RICHACL_NFS41_MNT).
nfs_setup() {
	guest_setup RICHACL_MNT "$1" || return 1
	[ -n "${RICHACL_NFS_MNT-}" ] && [ -n "${RICHACL_NFS41_MNT-}" ] ||
		{ echo "# RICHACL_NFS_MNT or RICHACL_NFS41_MNT is unset" >&2
		  return 1; }
	LOCAL=$TESTDIR
	NFS41=$RICHACL_NFS41_MNT/${TESTDIR#"$RICHACL_MNT"/}
	cd "$RICHACL_NFS_MNT/${TESTDIR#"$RICHACL_MNT"/}" || return 1
}

# image_setup VAR SIZE: for the suites of our e2fsprogs and xfsprogs
# (VAR: RICHACL_E2FSPROGS, RICHACL_XFSPROGS), which fail when richacl-vm
# built none: the test runs in $BATS_TEST_TMPDIR, $img is a sparse image
# of SIZE there, $mnt a fresh mount point the test users can reach
# ($BATS_TEST_TMPDIR is private); image_teardown unmounts it.
image_setup() {
	[ -n "${!1-}" ] || {
		echo "# $1 is not set: richacl-vm built no such tools" >&2
		return 1
	}
	cd "$BATS_TEST_TMPDIR" || return 1
	img=$BATS_TEST_TMPDIR/fs.img
	mnt=$(mktemp -d /tmp/fs.XXXXXX) && chmod 755 "$mnt" &&
		truncate -s "$2" "$img"
}

# mount_enforces IMG: mounted at $mnt, IMG's file system enforces a RichACL
# (rtu1 may read, rtu2 may not); unmounted again.
mount_enforces() {
	mount -o loop "$1" "$mnt" || return 1
	chmod 755 "$mnt"
	echo data >"$mnt/f"
	setrichacl --set 'owner@:rw::allow,user:rtu1:r::allow' "$mnt/f"
	run as rtu1 cat "$mnt/f"
	expect_output data
	run as rtu2 cat "$mnt/f"
	expect_status 1
	umount "$mnt"
}

image_teardown() {
	cd /
	! mountpoint -q "$mnt" || umount "$mnt"
	rmdir "$mnt"
	# bats keeps each test's directory until the whole run ends: the
	# images of a suite would fill the guest's tmpfs (its memory; the
	# debug kernel's mkfs.xfs then failed with no room left even for
	# bats' record of its output).
	rm -rf "${BATS_TEST_TMPDIR:?}"/*
}

# user_tools: copies of the built getrichacl and setrichacl (static) in a
# fresh directory the test users can reach, wherever the build tree is
# (a clone in a mode-0700 temporary directory is not); $USER_PATH is that
# directory, then $PATH:  as rtu1 env PATH="$USER_PATH" setrichacl ...
user_tools() {
	local dir

	dir=$(mktemp -d /tmp/tools.XXXXXX) &&
		chmod 755 "$dir" &&
		cp "$(command -v getrichacl)" "$(command -v setrichacl)" "$dir/" ||
		return 1
	USER_PATH=$dir:$PATH
}

# as USER CMD...: run CMD as USER with the user's groups (t/guest/README).
declare -gA primary_group=([rtu1]=rtg1 [rtu2]=rtg2 [rtu3]=rtg3 [rtu4]=users)
as() {
	local user=$1; shift
	setpriv --reuid="$user" --regid="${primary_group[$user]}" --init-groups "$@"
}

# fs_only FS WHY: skip the test unless the suite runs on FS ($RICHACL_FS,
# which t/guest/run sets: ext4 or xfs), saying why it only applies there.
fs_only() {
	[ "${RICHACL_FS:-ext4}" = "$1" ] || skip "$1 only: $2"
}
