#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Our coreutils (userland-patches/coreutils, first on PATH): ls -l shows
# '+' for a RichACL; cp -p, cp -a and mv copy it, and where the target
# cannot hold it they say so as for a POSIX ACL and leave a copy that
# grants its owner alone anything.  Debian's cp, for comparison, loses
# the ACL and widens access: the failure this guards against.

load guest

# The ACL of the tests: rtu2 may not read, everybody else may.  Its masks
# give mode 0644: a copy with the mode alone lets rtu2 read.
ACL='user:rtu2:r::deny owner@:rw::allow everyone@:r::allow'

setup() {
	[ -n "${RICHACL_COREUTILS-}" ] ||
		{ echo "# RICHACL_COREUTILS is not set: richacl-vm built no coreutils" >&2; return 1; }
	guest_setup RICHACL_MNT coreutils || return 1
	# Messages with ASCII quotes.
	export LC_ALL=C
	echo secret > f
	setrichacl --set "$ACL" f
	# Where the copies go off the RichACL file system: a directory the
	# test users can reach on tmpfs.
	tmp=$(mktemp -d /tmp/coreutils.XXXXXX) && chmod 755 "$tmp"
}

teardown() {
	rm -rf "$tmp" "${plain-}"
}

# value FILE: the system.richacl value of FILE, in hex.
value() {
	getfattr -h -e hex -n system.richacl "$1" | sed -n 's/^system.richacl=//p'
}

@test "our cp, mv and ls come first on the PATH" {
	run command -v cp mv ls
	expect_output "$RICHACL_COREUTILS/bin/cp
$RICHACL_COREUTILS/bin/mv
$RICHACL_COREUTILS/bin/ls"
}

@test "ls -l shows + for a RichACL, also after files without one" {
	: > a
	: > z
	setrichacl --set "$ACL" z
	# Sorted: a (no ACL) first, which must not hide the others' ACLs.
	run ls -l f a z
	expect_status 0
	[[ ${lines[0]} == -rw-r--r--\ *\ a ]]
	[[ ${lines[1]} == -rw-r--r--+\ *\ f ]]
	[[ ${lines[2]} == -rw-r--r--+\ *\ z ]]
	mkdir d
	setrichacl --set 'owner@:rwpx:fd:allow user:rtu1:rx:fd:allow' d
	run ls -ld d
	[[ $output == drwxr-x---+\ * ]]
	# Debian's ls does not see it.
	run /usr/bin/ls -l f
	[[ $output == -rw-r--r--\ * ]]
}

@test "ls -l on the POSIX ext4 and on tmpfs still shows + for POSIX ACLs" {
	guest_mkdir PLAIN_MNT coreutils
	plain=$dir
	: > "$dir/p"
	setfacl -m u:rtu1:r "$dir/p"
	: > "$tmp/t"
	setfacl -m u:rtu1:r "$tmp/t"
	: > "$tmp/u"
	run ls -l "$dir/p" "$tmp/u" "$tmp/t"
	[[ ${lines[0]} == -rw-r--r--+\ *\ $dir/p ]]
	[[ ${lines[1]} == -rw-r--r--+\ *\ $tmp/t ]]
	[[ ${lines[2]} == -rw-r--r--\ *\ $tmp/u ]]
}

@test "cp -p and cp -a copy the RichACL exactly, on the same and to another RichACL file system" {
	local v
	v=$(value f)
	cp -p f g
	[ "$(value g)" = "$v" ]
	[ "$(stat -c %a g)" = 644 ]
	cp -a f h
	[ "$(value h)" = "$v" ]
	run as rtu2 cat g h
	expect_status 1
	[ -n "${RICHACL_XFS_MNT-}" ] || { echo "# RICHACL_XFS_MNT is unset" >&2; return 1; }
	local x
	x=$(mktemp -d "$RICHACL_XFS_MNT/coreutils.XXXXXX")
	cp -p f "$x/g"
	mv h "$x/h"
	[ "$(value "$x/g")" = "$v" ] && [ "$(value "$x/h")" = "$v" ]
	run as rtu2 cat "$x/g"
	expect_output "cat: $x/g: Permission denied"
	rm -rf "$x"
}

@test "cp -p to tmpfs fails as for a POSIX ACL and leaves the copy to its owner alone" {
	run cp -p f "$tmp/g"
	expect_status 1
	expect_output "cp: preserving permissions for '$tmp/g': Operation not supported"
	[ "$(stat -c %a "$tmp/g")" = 600 ]
	run as rtu2 cat "$tmp/g"
	expect_output "cat: $tmp/g: Permission denied"
	run cp -a f "$tmp/h"
	expect_status 1
	expect_output "cp: preserving permissions for '$tmp/h': Operation not supported"
	[ "$(stat -c %a "$tmp/h")" = 600 ]
}

@test "mv to tmpfs and to the POSIX ext4 warns and leaves the file to its owner alone" {
	guest_mkdir PLAIN_MNT coreutils
	plain=$dir
	cp -p f f2
	run mv f "$tmp/g"
	expect_status 0
	expect_output "mv: preserving permissions for '$tmp/g': Operation not supported"
	[ "$(stat -c %a "$tmp/g")" = 600 ]
	run as rtu2 cat "$tmp/g"
	expect_output "cat: $tmp/g: Permission denied"
	run mv f2 "$dir/g"
	expect_status 0
	expect_output "mv: preserving permissions for '$dir/g': Operation not supported"
	run as rtu2 cat "$dir/g"
	expect_output "cat: $dir/g: Permission denied"
}

@test "Debian's cp -p and mv lose the ACL and let the denied user read" {
	cp -p f f2
	/usr/bin/cp -p f "$tmp/g"
	/usr/bin/mv f2 "$tmp/h"
	run as rtu2 cat "$tmp/g" "$tmp/h"
	expect_status 0
	expect_output "secret
secret"
}

@test "cp -p of a file without a RichACL drops the one the copy inherits" {
	mkdir d
	setrichacl --set 'owner@:rwpx:fd:allow user:rtu1:rwx:fd:allow' d
	echo data > "$tmp/plain"
	chmod 640 "$tmp/plain"
	cp -p "$tmp/plain" d/copy
	run getfattr -n system.richacl d/copy
	expect_status 1
	[ "$(stat -c %a d/copy)" = 640 ]
	run as rtu1 cat d/copy
	expect_output "cat: d/copy: Permission denied"
	# Without -p the copy inherits, as any new file.
	cp "$tmp/plain" d/new
	run getfattr -n system.richacl d/new
	expect_status 0
	run as rtu1 cat d/new
	expect_output data
}

@test "cp --preserve=xattr alone leaves the RichACL to the ACL code, as POSIX ACLs" {
	run cp --preserve=xattr f g
	expect_status 0
	expect_output ''
	run getfattr -n system.richacl g
	expect_status 1
	run cp --preserve=xattr,mode f h
	expect_status 0
	[ "$(value h)" = "$(value f)" ]
}
