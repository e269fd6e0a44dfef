#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# nfsd: the NFSv4 server of the guest (t/guest/init) seen through the NFS
# client, with Debian's nfs4-acl-tools (nfs4_getfacl, nfs4_setfacl).
#
# An export without RichACLs ($PLAIN_MNT, ext4 with POSIX ACLs, mounted
# back at $PLAIN_NFS_MNT) must behave exactly as on a stock 6.1 kernel:
# nfsd's translation between POSIX ACLs and NFSv4 ACLs, lossy as it is,
# and the access it grants.  The expected outputs were recorded on the
# stock kernel (./richacl-vm with an empty kernel-patches/series), and the
# RichACL kernel must give the same.  With sec=sys and nfsd's id mapping
# off (the default), who strings are numeric ids.

load guest

# The test directory (guest_setup) as seen over NFS; tests work in it.
setup() {
	guest_setup PLAIN_MNT nfsd
	[ -n "${PLAIN_NFS_MNT-}" ] ||
		{ echo "# PLAIN_NFS_MNT is unset: no NFS mount" >&2; return 1; }
	LOCAL=$TESTDIR
	cd "$PLAIN_NFS_MNT/${TESTDIR#"$PLAIN_MNT"/}" || return 1
}

# local_acl FILE...: getfacl -c of FILE in the local test directory, the
# tabs before "#effective" made one blank.
local_acl() {
	(cd "$LOCAL" && getfacl -c "$@") | sed 's/\t\t*/ /'
}

@test "posix export: a file's mode shows as owner@, group@ and everyone@" {
	: >f
	chmod 640 f
	run nfs4_getfacl f
	expect_status 0
	expect_output "# file: f
A::OWNER@:rwatTcCy
A::GROUP@:rtcy
A::EVERYONE@:tcy"
}

@test "posix export: named user and group entries show with numeric ids" {
	: >"$LOCAL/f"
	setfacl -m u:rtu1:rw,g:rtg2:r "$LOCAL/f"
	run nfs4_getfacl f
	expect_output "# file: f
A::OWNER@:rwatTcCy
A::2001:rwatcy
A::GROUP@:rtcy
A:g:3002:rtcy
A::EVERYONE@:rtcy"
	# The mask narrows what the entries show.
	setfacl -m g:rtg2:rwx "$LOCAL/f"
	chmod 640 "$LOCAL/f"
	run nfs4_getfacl f
	expect_output "# file: f
A::OWNER@:rwatTcCy
A::2001:rtcy
A::GROUP@:rtcy
A:g:3002:rtcy
A::EVERYONE@:tcy"
}

@test "posix export: a default ACL shows as inherit-only entries" {
	mkdir "$LOCAL/d"
	setfacl -d -m u:rtu1:rx "$LOCAL/d"
	run nfs4_getfacl d
	expect_output "# file: d
A::OWNER@:rwaDxtTcCy
A::GROUP@:rxtcy
A::EVERYONE@:rxtcy
A:fdi:OWNER@:rwaDxtTcCy
A:fdi:2001:rxtcy
A:fdi:GROUP@:rxtcy
A:fdi:EVERYONE@:rxtcy"
}

@test "posix export: nfs4_setfacl stores a POSIX ACL" {
	: >f
	run nfs4_setfacl -s \
		'A::OWNER@:rwatTcCy,A::2001:rwatcy,A::GROUP@:rtcy,A::EVERYONE@:tcy' f
	expect_status 0
	run local_acl f
	expect_output "user::rw-
user:rtu1:rw-
group::r--
mask::rw-
other::---"
	run stat -c %a "$LOCAL/f"
	expect_output 660
}

@test "posix export: a name with id mapping off is EINVAL, nothing changes" {
	: >f
	run nfs4_setfacl -s \
		'A::OWNER@:rwatTcCy,A::rtu1@localdomain:rtcy,A::GROUP@:rtcy,A::EVERYONE@:tcy' f
	expect_status 255
	expect_output "Failed setxattr operation: $PWD/f: Invalid argument"
	run local_acl f
	expect_output "user::rw-
group::r--
other::r--"
}

@test "posix export: what POSIX cannot say is translated, not refused" {
	# A deny entry for rtu1 after the allow entries: nfsd makes it a
	# POSIX ACL that denies rtu1 everything and takes r from the owner.
	: >"$LOCAL/f"
	setfacl -m u:rtu1:r "$LOCAL/f"
	run nfs4_setfacl -a 'D::2001:r' f
	expect_status 0
	run local_acl f
	expect_output "user::-w-
user:rtu1:---
group::r--
mask::r--
other::r--"
	# Inheritance flags on a file's entry are dropped.
	: >"$LOCAL/g"
	run nfs4_setfacl -a 'A:fd:2001:r' g
	expect_status 0
	run local_acl g
	expect_output "user::rw-
user:rtu1:r--
group::r--
mask::r--
other::r--"
}

@test "posix export: access over NFS follows the POSIX ACL" {
	echo data >"$LOCAL/f"
	chmod 640 "$LOCAL/f"
	setfacl -m u:rtu1:r "$LOCAL/f"
	run as rtu1 cat f
	expect_output data
	run as rtu1 sh -c 'echo x >>f'
	expect_status 2
	expect_output "sh: 1: cannot create f: Permission denied"
	run as rtu2 cat f
	expect_status 1
	expect_output "cat: f: Permission denied"
	run as rtu3 cat f
	expect_status 1
	run cat "$LOCAL/f"
	expect_output data
}

@test "posix export: files created over NFS inherit the default ACL" {
	mkdir "$LOCAL/d"
	setfacl -d -m u:rtu1:rwx,g:rtg2:rx "$LOCAL/d"
	: >d/f
	mkdir d/s
	run local_acl d/f d/s
	expect_output "user::rw-
user:rtu1:rwx #effective:rw-
group::r-x #effective:r--
group:rtg2:r-x #effective:r--
mask::rw-
other::r--

user::rwx
user:rtu1:rwx
group::r-x
group:rtg2:r-x
mask::rwx
other::r-x
default:user::rwx
default:user:rtu1:rwx
default:group::r-x
default:group:rtg2:r-x
default:mask::rwx
default:other::r-x"
	run stat -c '%a %n' "$LOCAL/d/f" "$LOCAL/d/s"
	expect_output "664 $LOCAL/d/f
775 $LOCAL/d/s"
}

@test "posix export: chmod over NFS narrows the mask" {
	: >"$LOCAL/f"
	setfacl -m u:rtu1:rw "$LOCAL/f"
	chmod 600 f
	run local_acl f
	expect_output "user::rw-
user:rtu1:rw- #effective:---
group::r-- #effective:---
mask::---
other::---"
}

@test "posix export: the nfs4_acl attribute's bytes" {
	: >"$LOCAL/f"
	setfacl -m u:rtu1:rw,g:rtg2:r "$LOCAL/f"
	run getfattr --absolute-names -n system.nfs4_acl -e hex f
	expect_output "# file: f
system.nfs4_acl=0x00000005000000000000000000160187000000064f574e455240000000000000000000000012008700000004323030310000000000000000001200810000000647524f555040000000000000000000400012008100000004333030320000000000000000001200810000000945564552594f4e4540000000"
}

@test "posix export: the attributes the server says it supports" {
	# The client's record of the server's supported-attributes bitmap
	# for this mount, and of its ACL support: a new attribute or ACL kind
	# leaking into an export without RichACLs shows here.  As recorded on
	# each stock kernel: 6.12's nfsd supports clone_blksize (attribute
	# 77, bm2 0x2000) as well.
	local line field out= bm2
	case $(uname -r) in
	6.1.*) bm2=0x60800 ;;
	6.12.*) bm2=0x62800 ;;
	*) echo "# nothing recorded for kernel $(uname -r)" >&2; return 1 ;;
	esac
	line=$(sed -n "\\| mounted on $PLAIN_NFS_MNT |,/^device /s/^[[:space:]]*nfsv4:[[:space:]]*//p" \
		/proc/self/mountstats)
	for field in ${line//,/ }; do
		case $field in bm[0-2]=*|acl=*) out+="$field " ;; esac
	done
	run echo "$out"
	expect_output "bm0=0xfdffbfff bm1=0xfdbe3e bm2=$bm2 acl=0x3 "
}

@test "posix export: no NFSv4.1 dacl attribute" {
	: >f
	run getfattr --absolute-names -n system.nfs4_dacl f
	expect_status 1
	expect_output "f: system.nfs4_dacl: Operation not supported"
}
