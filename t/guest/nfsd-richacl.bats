#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# nfsd on an export with RichACLs ($RICHACL_MNT, mounted back at
# $RICHACL_NFS_MNT over NFSv4.2 and $RICHACL_NFS41_MNT over NFSv4.1):
# what the NFS client gets must be what a local process gets.

load guest

# The test directory (guest_setup) over NFSv4.2; tests work in it.
setup() {
	guest_setup RICHACL_MNT nfsd
	[ -n "${RICHACL_NFS_MNT-}" ] && [ -n "${RICHACL_NFS41_MNT-}" ] ||
		{ echo "# RICHACL_NFS_MNT or RICHACL_NFS41_MNT is unset" >&2
		  return 1; }
	LOCAL=$TESTDIR
	NFS41=$RICHACL_NFS41_MNT/${TESTDIR#"$RICHACL_MNT"/}
	cd "$RICHACL_NFS_MNT/${TESTDIR#"$RICHACL_MNT"/}" || return 1
}

# The stored ACL and the mode of each FILE in the local test directory.
local_view() {
	local f
	for f; do
		(cd "$LOCAL" && getrichacl --raw "$f" && stat -c '%A %n' "$f")
	done
}

@test "a file created over NFSv4.2 inherits as a local create does" {
	setrichacl --set 'owner@:rwp:fd:allow user:rtu1:rwp:fd:allow everyone@:r:fd:allow' \
		"$LOCAL"
	umask 022
	: >"$LOCAL/local"
	: >nfs
	mkdir "$LOCAL/localdir" nfsdir
	run local_view nfs nfsdir
	expected=$(local_view local localdir)
	expect_output "${expected//local/nfs}"
}

# NFSv4.1 has no attribute for the umask: the client takes it off the
# mode before it asks, and the masks come out narrowed.
@test "over NFSv4.1 the client applies the umask: the masks are narrowed" {
	setrichacl --set 'owner@:rwp:fd:allow user:rtu1:rwp:fd:allow everyone@:r:fd:allow' \
		"$LOCAL"
	umask 022
	: >"$NFS41/f"
	run local_view f
	expect_output "f:
     flags:m
     owner:rwp-------------::mask
     group:r---------------::mask
     other:r---------------::mask
    owner@:rwp-------------::allow
 user:rtu1:rwp-------------::allow
 everyone@:r---------------::allow

-rw-r--r-- f"
}

# outcome USER CMD...: "ok" or "denied" for CMD run as USER (as), in the
# current directory.
outcome() {
	if as "$@" >/dev/null 2>&1; then echo ok; else echo denied; fi
}

@test "over NFS each test user may read and write as a local process may" {
	local acl user where r w line table=
	for acl in 'owner@:rwp::allow user:rtu1:r::allow group:rtg2:rwp::allow' \
		   'user:rtu1:rwp::deny group:rtg1:rwp::allow everyone@:r::allow' \
		   'owner@:rwp::allow everyone@:rwp::allow'; do
		echo data >"$LOCAL/f"
		setrichacl --set "$acl" "$LOCAL/f"
		# The last one chmod'ed: the other mask leaves r.
		[[ $acl != *everyone@:rwp* ]] || chmod 604 "$LOCAL/f"
		for user in rtu1 rtu2 rtu3 rtu4; do
			line=$user
			for where in "$LOCAL" "$PWD"; do
				r=$(cd "$where" && outcome "$user" cat f)
				w=$(cd "$where" && outcome "$user" sh -c ': >f')
				line+=" $r/$w"
			done
			table+="$line"$'\n'
		done
	done
	# Each line: the user, read/write locally, read/write over NFS.
	run printf %s "$table"
	expect_output "rtu1 ok/ok ok/ok
rtu2 ok/ok ok/ok
rtu3 denied/denied denied/denied
rtu4 denied/denied denied/denied
rtu1 denied/denied denied/denied
rtu2 ok/denied ok/denied
rtu3 ok/ok ok/ok
rtu4 ok/denied ok/denied
rtu1 ok/denied ok/denied
rtu2 ok/denied ok/denied
rtu3 ok/denied ok/denied
rtu4 ok/denied ok/denied"
}
