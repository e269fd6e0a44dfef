#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# nfsd on an export with RichACLs ($RICHACL_MNT, mounted back at
# $RICHACL_NFS_MNT over NFSv4.2 and $RICHACL_NFS41_MNT over NFSv4.1):
# what the NFS client gets must be what a local process gets.

load guest

# The test directory (guest_setup) over NFSv4.2; tests work in it.
setup() {
	nfs_setup nfsd
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

# What NFSv4 clients see and set: the acl attribute (GETATTR, SETATTR).

@test "nfs4_getfacl shows the stored ACL, entry for entry" {
	# A directory: setrichacl gives a file no inheritance flags.
	mkdir "$LOCAL/f"
	setrichacl --set 'owner@:rwp::allow user:rtu1:rp::allow group:rtg2:r:fd:allow user:rtu3:w::deny everyone@:r::allow' \
		"$LOCAL/f"
	run nfs4_getfacl f
	expect_output "# file: f
A::OWNER@:rwa
A::2001:ra
A:fdg:3002:r
D::2003:w
A::EVERYONE@:r"
}

@test "without an ACL, nfs4_getfacl shows the ACL of the mode" {
	: >"$LOCAL/f"
	chmod 640 "$LOCAL/f"
	mkdir -m 750 "$LOCAL/d"
	run nfs4_getfacl f d
	expect_output "# file: f
A::OWNER@:rwa
A::GROUP@:r

# file: d
A::OWNER@:rwaDx
A::GROUP@:rx"
}

# The ACL of richacl(7)'s example: joe:r, everyone@:rwpx at 0660.  rtu1
# is in the group class, where everyone@ gives it what the group mask
# allows.
@test "after chmod, nfs4_getfacl shows the effective ACL, as getrichacl does" {
	: >"$LOCAL/f"
	setrichacl --set 'user:rtu1:r::allow everyone@:rwpx::allow' "$LOCAL/f"
	chmod 660 "$LOCAL/f"
	run nfs4_getfacl f
	expect_output "# file: f
A::2001:rwa
A::OWNER@:rwa
A::GROUP@:rwa"
	run getrichacl "$LOCAL/f"
	expect_output "$LOCAL/f:
 user:rtu1:rwp----------::allow
    owner@:rwp----------::allow
    group@:rwp----------::allow"
}

# kdiff nfs4-acl makes files and directories with random ACLs (a third
# of them masked by a chmod) and prints the acl attribute librichacl says
# each must have; getfattr shows what the server sends.  The seed is
# today's UTC date, printed to replay a failure.
@test "the acl attribute of random files is librichacl's effective ACL" {
	local seed files
	seed=$(date -u +%Y%m%d)
	echo "# kdiff nfs4-acl --seed $seed --cases 40" >&3
	(cd "$LOCAL" && kdiff nfs4-acl --seed "$seed" --cases 40) >expected
	files=$(sed -n 's/^# file: //p' expected)
	[ "$(wc -l <<<"$files")" -eq 160 ]
	# shellcheck disable=SC2086 # one word a file
	getfattr -n system.nfs4_acl -e hex $files >got
	diff -u expected got
}

@test "nfs4_setfacl sets the ACL a local getrichacl shows, with its masks" {
	: >"$LOCAL/f"
	nfs4_setfacl -s 'A::OWNER@:rwatTcCy,A::2001:rwa,D::2003:a,A:g:3002:r,A::EVERYONE@:r' f
	run local_view f
	expect_output "f:
      owner:rwp---aA--cC-S--::mask
      group:rwp-------------::mask
      other:r---------------::mask
     owner@:rwp---aA--cC-S--::allow
  user:rtu1:rwp-------------::allow
  user:rtu3:--p-------------::deny
 group:rtg2:r---------------::allow
  everyone@:r---------------::allow

-rw-rw-r-- f"
}

@test "an ACL set over NFS that says no more than a mode is stored as the mode" {
	echo data >"$LOCAL/f"
	setrichacl --set 'owner@:rwp::allow user:rtu1:r::allow' "$LOCAL/f"
	nfs4_setfacl -s 'A::OWNER@:rwa,A::GROUP@:r,A::EVERYONE@:r' f
	run getfattr -n system.richacl "$LOCAL/f"
	expect_output "$LOCAL/f: system.richacl: No such attribute"
	run stat -c %A "$LOCAL/f"
	expect_output "-rw-r--r--"
}

@test "chmod over NFS changes the masks as a local chmod does" {
	: >"$LOCAL/local"
	: >"$LOCAL/nfs"
	setrichacl --set 'owner@:rwp::allow user:rtu1:rwp::allow everyone@:r::allow' \
		"$LOCAL/local" "$LOCAL/nfs"
	chmod 640 "$LOCAL/local" nfs
	run local_view nfs
	expected=$(local_view local)
	expect_output "${expected//local/nfs}"
}

@test "only the owner, or who write_acl allows, sets an ACL over NFS" {
	: >"$LOCAL/f"
	chown rtu1 "$LOCAL/f"
	setrichacl --set 'owner@:rwp::allow user:rtu2:r::allow' "$LOCAL/f"
	before=$(local_view f)
	run as rtu2 nfs4_setfacl -s 'A::2002:rwa' f
	expect_status 255
	expect_output "Failed setxattr operation: $PWD/f: Operation not permitted"
	run local_view f
	expect_output "$before"
	setrichacl --modify 'user:rtu2:rC::allow' "$LOCAL/f"
	as rtu2 nfs4_setfacl -s 'A::OWNER@:rwa,A::2002:rwa' f
	run getrichacl "$LOCAL/f"
	expect_output "$LOCAL/f:
    owner@:rwp----------::allow
 user:rtu2:rwp----------::allow"
	as rtu1 nfs4_setfacl -s 'A::OWNER@:rw,A::2002:r' f
	run getrichacl "$LOCAL/f"
	expect_output "$LOCAL/f:
    owner@:rw-----------::allow
 user:rtu2:r------------::allow"
}

@test "the owner's open NFS file stays writable after an owner@ deny, as a local open does" {
	# nfsd lets the owner past the ACL on reads and writes of a file
	# already open (NFSD_MAY_OWNER_OVERRIDE, as for the mode); the owner
	# may rewrite the ACL anyway, so this gives no one more than the ACL
	# lets them take.  A new open is refused.
	user_tools
	: >"$LOCAL/f"
	chown rtu1:rtg1 "$LOCAL/f"
	setrichacl --set 'owner@:rwpC::allow' "$LOCAL/f"
	run as rtu1 env PATH="$USER_PATH" sh -c '
		exec 3>f
		setrichacl --set "owner@:wp::deny owner@:rC::allow user:rtu2:r::allow" "$1/f" || exit
		printf "written\n" | dd conv=fsync status=none >&3 || exit
		exec 3>&-
		echo more >>f' sh "$LOCAL"
	expect_status 2
	expect_output "sh: 6: cannot create f: Permission denied"
	run cat "$LOCAL/f"
	expect_output "written"
	run getrichacl "$LOCAL/f"
	expect_output "$LOCAL/f:
    owner@:-wp----------::deny
    owner@:r--------C---::allow
 user:rtu2:r------------::allow"
}

@test "an ACL nfsd refuses changes nothing" {
	echo data >"$LOCAL/f"
	setrichacl --set 'owner@:rwp::allow user:rtu1:r::allow' "$LOCAL/f"
	before=$(local_view f)
	# No such user: NFS4ERR_BADOWNER, which the client reports as EINVAL.
	run nfs4_setfacl -s 'A::OWNER@:rwa,A::nosuch@localdomain:r' f
	expect_status 255
	expect_output "Failed setxattr operation: $PWD/f: Invalid argument"
	# An audit entry: NFS4ERR_ATTRNOTSUPP, which the client reports as EIO.
	run nfs4_setfacl -s 'A::OWNER@:rwa,U::EVERYONE@:r' f
	expect_status 255
	expect_output "Failed setxattr operation: $PWD/f: Input/output error"
	run local_view f
	expect_output "$before"
}

@test "an entry set with nfs4_setfacl is enforced for NFS and local users alike" {
	echo data >"$LOCAL/f"
	nfs4_setfacl -s 'A::OWNER@:rwa,A::2001:ra,A::EVERYONE@:r' f
	run getrichacl "$LOCAL/f"
	expect_output "$LOCAL/f:
    owner@:rwp----------::allow
 user:rtu1:r-p----------::allow
 everyone@:r------------::allow"
	run as rtu1 cat f
	expect_output "data"
	run as rtu1 sh -c 'echo more >f'
	expect_status 2
	expect_output "sh: 1: cannot create f: Permission denied"
	run as rtu1 sh -c 'echo more >"$1/f"' sh "$LOCAL"
	expect_status 2
	expect_output "sh: 1: cannot create $LOCAL/f: Permission denied"
	as rtu1 sh -c 'echo more >>"$1/f"' sh "$LOCAL"
	run cat "$LOCAL/f"
	expect_output "data
more"
}

@test "append_data without write_data: over NFS rtu1 appends, and only appends" {
	printf 'one\n' >"$LOCAL/f"
	nfs4_setfacl -s 'A::OWNER@:rwa,A::2001:ra,A::2003:rwa,A::EVERYONE@:r' f
	run getrichacl "$LOCAL/f"
	expect_output "$LOCAL/f:
    owner@:rwp----------::allow
 user:rtu1:r-p----------::allow
 user:rtu3:rwp----------::allow
 everyone@:r------------::allow"
	# Appending: the OPEN for writing is allowed with append_data alone.
	as rtu1 sh -c 'printf "two\n" >>f'
	as rtu1 sh -c 'printf "three\n" >>f'
	run cat "$LOCAL/f"
	expect_output "one
two
three"
	# Opening to truncate needs write_data, as locally.
	run as rtu1 sh -c 'echo x >f'
	expect_status 2
	expect_output "sh: 1: cannot create f: Permission denied"
	# An open without O_APPEND: the client cannot tell the server, so the
	# open succeeds and the write below the end of the file is refused.
	run as rtu1 dd if=/dev/zero of=f bs=1 count=1 conv=notrunc status=none
	expect_status 1
	expect_output "dd: error writing 'f': Permission denied"
	run as rtu1 truncate -s 1 f
	expect_status 1
	expect_output "truncate: failed to truncate 'f' at 1 bytes: Permission denied"
	run as rtu1 fallocate -p -o 0 -l 2 f
	expect_status 1
	expect_output "fallocate: fallocate failed: Permission denied"
	# A write beyond the end would leave a hole: nfsd puts it off while
	# earlier writes may still come, then refuses it.
	run as rtu1 dd if=/dev/zero of=f bs=1 count=1 seek=100000 conv=notrunc status=none
	expect_status 1
	expect_output "dd: error writing 'f': Permission denied"
	run cat "$LOCAL/f"
	expect_output "one
two
three"
	# The client may send again what the file has: through an open that
	# may read, that is no change, and only what follows is added.
	as rtu1 sh -c 'exec 3<>f; printf "one\ntwo\nthree\nfour\n" >&3'
	run as rtu1 sh -c 'exec 3<>f; printf "ONE\n" >&3'
	expect_status 1
	expect_output "sh: 1: printf: printf: I/O error"
	run cat "$LOCAL/f"
	expect_output "one
two
three
four"
	# Who has write_data writes anywhere, as before.
	as rtu3 sh -c 'printf N | dd of=f bs=1 seek=1 conv=notrunc status=none'
	run cat "$LOCAL/f"
	expect_output "oNe
two
three
four"
}

@test "append_data without write_data: whatever rtu1 does over NFS, only appends reach the file" {
	# append-probe tries every way to change an open file (writes at 0,
	# clearing O_APPEND, truncating, fallocate, writable shared
	# mappings, copies into it).  Over NFS the client decides some of
	# them itself, so what each says is not the point: what the server
	# stores is.  (It does not reach writes under a write delegation,
	# which 6.12's nfsd refuses to give for such a file: no write went
	# out under one here, with the refusal or without it.)
	printf '0123456789\n' >"$LOCAL/f"
	head -c 4096 /dev/zero | tr '\0' S >src
	chown rtu1:rtg1 "$LOCAL/src"
	setrichacl --set 'owner@:rwp::allow,user:rtu1:rp::allow' "$LOCAL/f"
	run as rtu1 append-probe f src
	printf '# append-probe over NFS: %s\n' "$output" | tr '\n' ';' >&2
	sync
	echo 3 >/proc/sys/vm/drop_caches
	# The three appends append-probe makes, and nothing else.
	run cat "$LOCAL/f"
	expect_output "0123456789
XXXXXX"
}

@test "append-only NFS opens add megabytes at the end, as local ones do" {
	# rtu1 may read f, rtu4 may not: the client sends again the start of
	# the last page, which nfsd compares for rtu1 and leaves out for rtu4.
	: >"$LOCAL/f"
	chmod 640 "$LOCAL/f"
	setrichacl --modify user:rtu1:rp::allow,user:rtu4:p::allow "$LOCAL/f"
	# More than the largest WRITE (a wsize of at most 1 MiB), ending inside
	# a page: each append is several WRITEs, the last one partial.
	head -c 1200000 /dev/urandom >"$LOCAL/data"
	as rtu1 sh -c 'cat "$1" >>f' sh "$LOCAL/data"
	as rtu4 sh -c 'cat "$1" >>f' sh "$LOCAL/data"
	as rtu1 sh -c 'cat "$1" >>f' sh "$LOCAL/data"
	as rtu4 sh -c 'cat "$1" >>f' sh "$LOCAL/data"
	cat "$LOCAL/data" "$LOCAL/data" "$LOCAL/data" "$LOCAL/data" |
		cmp - "$LOCAL/f"
	run as rtu4 cat f
	expect_status 1
	expect_output "cat: f: Permission denied"
}

# The value of the NFSv4 attribute behind xattr NAME of FILE, in hex.
nfs4_attr() {
	getfattr --absolute-names -n "$1" -e hex "$2" | sed -n "s/^$1=0x//p"
}

@test "over NFSv4.1 the dacl attribute is the acl attribute with the ACL flags" {
	local acl
	: >"$LOCAL/f"
	setrichacl --set 'flags:ap owner@:rwp::allow user:rtu1:r::allow everyone@:r::allow' \
		"$LOCAL/f"
	acl=$(nfs4_attr system.nfs4_acl f)
	[ -n "$acl" ]
	run nfs4_attr system.nfs4_dacl "$NFS41/f"
	expect_output "00000003$acl"
	# Setting it stores the flags; flags RFC 8881 does not define, or
	# that only RichACLs have, are refused and change nothing.
	setfattr -n system.nfs4_dacl -v "0x00000006$acl" f
	run getrichacl "$LOCAL/f"
	expect_output "$LOCAL/f:
     flags:pd
    owner@:rwp----------::allow
 user:rtu1:r------------::allow
 everyone@:r------------::allow"
	for flag in 00000008 00000040 00000080; do
		run setfattr -n system.nfs4_dacl -v "0x$flag$acl" f
		expect_status 1
		expect_output "setfattr: f: Invalid argument"
	done
	run nfs4_attr system.nfs4_dacl f
	expect_output "00000006$acl"
}

@test "over NFSv4.1 the dacl attribute shows automatic inheritance" {
	local acl expected
	mkdir "$LOCAL/d"
	setrichacl --set 'flags:a owner@:rwpxd:fd:allow everyone@:rx:fd:allow' "$LOCAL/d"
	umask 022
	mkdir "$LOCAL/d/local" d/nfs
	run local_view d/nfs
	expected=$(local_view d/local)
	expect_output "${expected//local/nfs}"
	run getrichacl "$LOCAL/d/nfs"
	expect_output "$LOCAL/d/nfs:
     flags:a
    owner@:rwpxd--------:fda:allow
 everyone@:r--x---------:fda:allow"
	acl=$(nfs4_attr system.nfs4_acl d/nfs)
	run nfs4_attr system.nfs4_dacl d/nfs
	expect_output "00000001$acl"
}

@test "a directory's ACL set over NFS is inherited by NFS and local creates alike" {
	nfs4_setfacl -s 'A::OWNER@:rwaDx,A:fd:2001:rwa,A::EVERYONE@:rx' .
	umask 022
	: >"$LOCAL/local"
	: >nfs
	mkdir "$LOCAL/localdir" nfsdir
	run local_view nfs nfsdir
	expected=$(local_view local localdir)
	expect_output "${expected//local/nfs}"
}

# dir_case WHERE ACL [VICTIM_ACL]: a directory WHERE/d with ACL (set
# locally) holding the files v1 and v2 (with VICTIM_ACL); rtu1's outcome
# of each change in it, from the directory as WHERE reaches it.
dir_case() {
	local where=$1 acl=$2 victim=${3-} real=$LOCAL/${1##*/}.d
	mkdir "$real"
	: >"$real/v1"
	: >"$real/v2"
	[ -z "$victim" ] || setrichacl --set "$victim" "$real/v1" "$real/v2"
	setrichacl --set "owner@:rwpxd::allow $acl" "$real"
	cd "$where.d" || return 1
	echo "$(outcome rtu1 touch new) $(outcome rtu1 mkdir newdir)" \
	     "$(outcome rtu1 mv v1 moved) $(outcome rtu1 rm -f v2)"
	cd - >/dev/null || return 1
}

@test "over NFS, adding and removing entries needs what it needs locally" {
	local acl victim line table= ops
	for ops in 'user:rtu1:wx::allow' 'user:rtu1:px::allow' \
		   'user:rtu1:dx::allow' 'user:rtu1:wdx::allow' \
		   'user:rtu1:x::allow|user:rtu1:D::allow'; do
		acl=${ops%%|*} victim=
		[[ $ops != *'|'* ]] || victim=${ops#*|}
		line="$(dir_case "$LOCAL/$RANDOM" "$acl" "$victim") /"
		line+=" $(dir_case "$PWD/$RANDOM" "$acl" "$victim")"
		table+="$acl $victim: $line"$'\n'
	done
	# Each line: touch, mkdir, mv, rm locally / over NFS.
	run printf %s "$table"
	expect_output "user:rtu1:wx::allow : ok denied denied denied / ok denied denied denied
user:rtu1:px::allow : denied ok denied denied / denied ok denied denied
user:rtu1:dx::allow : denied denied denied ok / denied denied denied ok
user:rtu1:wdx::allow : ok denied ok ok / ok denied ok ok
user:rtu1:x::allow user:rtu1:D::allow: denied denied denied ok / denied denied denied ok"
}
