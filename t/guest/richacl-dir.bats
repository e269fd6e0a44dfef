#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# RichACL directory permissions on a RichACL ext4 ($RICHACL_MNT): add_file
# vs add_subdirectory, delete_child and the sticky bit, rename, and how
# entries add up.  Users and groups: t/guest/README.

load guest

setup() {
	guest_setup RICHACL_MNT dir
}

@test "add_file without add_subdirectory: files yes, directories no" {
	mkdir d
	setrichacl --set 'owner@:rwpxd::allow,user:rtu1:wx::allow' d
	run as rtu1 bash -c 'export LC_ALL=C; : >d/f && mkdir d/s'
	expect_status 1
	expect_output "mkdir: cannot create directory 'd/s': Permission denied"
	[ -f d/f ] && [ ! -e d/s ]
}

@test "add_subdirectory without add_file: directories yes, files no" {
	mkdir d
	setrichacl --set 'owner@:rwpxd::allow,user:rtu1:px::allow' d
	run as rtu1 bash -c 'mkdir d/s && : >d/f'
	expect_status 1
	expect_output "bash: line 1: d/f: Permission denied"
	[ -d d/s ] && [ ! -e d/f ]
}

@test "entries add up: read from a user entry, write from a group entry" {
	echo data >f
	setrichacl --set 'owner@:rwp::allow,user:rtu1:r::allow,group:rtg2:w::allow' f
	# rtu1 is in rtg2 (not as primary group).
	run as rtu1 bash -c 'exec 3<>f && read -r x <&3 && echo "$x"'
	expect_output data
	run as rtu2 bash -c 'exec 3<>f'
	expect_status 1
	expect_output "bash: line 1: f: Permission denied"
}

@test "everyone@ is truly everyone, the owner included" {
	echo data >f
	chown rtu1 f
	setrichacl --set 'everyone@:r::allow' f
	run as rtu1 cat f
	expect_output data
	run as rtu4 cat f
	expect_output data
}

@test "the sticky bit still keeps others' files from delete_child" {
	mkdir d
	setrichacl --set 'everyone@:rwpxd::allow' d
	chmod +t d
	as rtu1 touch d/f
	run as rtu2 rm -f d/f
	expect_status 1
	expect_output "rm: cannot remove 'd/f': Operation not permitted"
	as rtu1 rm d/f
}

@test "delete on the entry lets a user past the sticky bit" {
	mkdir s
	chmod 1755 s
	: >s/f
	: >s/g
	setrichacl --set 'user:rtu1:D::allow' s/f
	as rtu1 rm -f s/f
	[ ! -e s/f ]
	# Without D on the entry the sticky bit still refuses.
	setrichacl --set 'owner@:rwpxdD::allow,user:rtu1:xd::allow' s
	chmod +t s
	run as rtu1 rm -f s/g
	expect_status 1
	expect_output "rm: cannot remove 's/g': Operation not permitted"
}

@test "rename needs delete_child at the source and add_file at the target" {
	mkdir a b c
	setrichacl --set 'owner@:rwpxd::allow,user:rtu1:xd::allow' a
	setrichacl --set 'owner@:rwpxd::allow,user:rtu1:wx::allow' b
	setrichacl --set 'owner@:rwpxd::allow,user:rtu1:x::allow' c
	touch a/f a/g
	run as rtu1 mv a/f c/f
	expect_status 1
	expect_output "mv: cannot move 'a/f' to 'c/f': Permission denied"
	as rtu1 mv a/f b/f
	run ls a b
	expect_output "a:
g

b:
f"
}

@test "RENAME_EXCHANGE needs delete_child and add_file in both directories" {
	mkdir a b c
	setrichacl --set 'owner@:rwpxd::allow,user:rtu1:wxd::allow' a b
	setrichacl --set 'owner@:rwpxd::allow,user:rtu1:xd::allow' c
	echo a >a/f
	echo b >b/g
	echo c >c/h
	run as rtu1 renameat2 exchange a/f c/h
	expect_status 1
	expect_output "renameat2: a/f: c/h: Permission denied"
	setrichacl --set 'owner@:rwpxd::allow,user:rtu1:wx::allow' c
	run as rtu1 renameat2 exchange a/f c/h
	expect_status 1
	expect_output "renameat2: a/f: c/h: Permission denied"
	run cat a/f c/h
	expect_output "a
c"
	as rtu1 renameat2 exchange a/f b/g
	run cat a/f b/g
	expect_output "b
a"
}

@test "RENAME_EXCHANGE of a file and a directory needs add_subdirectory" {
	mkdir a b b/sub
	setrichacl --set 'owner@:rwpxd::allow,user:rtu1:wxd::allow' a b
	setrichacl --set 'owner@:rwpxd::allow,user:rtu1:rwpxd::allow' b/sub
	: >a/f
	run as rtu1 renameat2 exchange a/f b/sub
	expect_status 1
	expect_output "renameat2: a/f: b/sub: Permission denied"
	setrichacl --set 'owner@:rwpxd::allow,user:rtu1:wpxd::allow' a
	as rtu1 renameat2 exchange a/f b/sub
	run stat -c '%F %n' a/f b/sub
	expect_output "directory a/f
regular empty file b/sub"
}
