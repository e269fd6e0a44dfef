#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# RichACLs enforced by the patched kernel on a RichACL ext4 ($RICHACL_MNT):
# the rules POSIX cannot express, as root and as the test users of
# t/guest/README (switched to with setpriv).  Every process costs 50-100 ms
# in the TCG guest: few of them per test.

load guest

setup() {
	guest_setup RICHACL_MNT basic
}

@test "read and append without write_data: appending works, overwriting does not" {
	echo one >f
	setrichacl --set 'owner@:rwp::allow,user:rtu1:rp::allow' f
	run as rtu1 bash -c 'echo two >>f && echo three >f'
	expect_status 1
	expect_output "bash: line 1: f: Permission denied"
	run cat f
	expect_output "one
two"
}

@test "the mode of a file shows the masks setrichacl computed" {
	: >f
	setrichacl --set 'owner@:rwp::allow,user:rtu1:rp::allow' f
	run stat -c %a f
	expect_output 660
	run getrichacl f
	expect_output "f:
    owner@:rwp----------::allow
 user:rtu1:r-p----------::allow"
}

@test "root can still overwrite a file whose ACL grants only append" {
	echo one >f
	setrichacl --set 'owner@:p::allow,everyone@:p::allow' f
	echo two >f
	run cat f
	expect_output two
}

@test "a named user is granted read, others are not" {
	echo secret >f
	setrichacl --set 'owner@:rwp::allow,user:rtu2:r::allow' f
	run as rtu2 cat f
	expect_status 0
	expect_output secret
	run as rtu4 cat f
	expect_status 1
	expect_output "cat: f: Permission denied"
}

@test "deny before allow: a deny entry for a group wins over everyone@" {
	echo data >f
	setrichacl --set 'group:rtg1:r::deny,everyone@:r::allow' f
	# rtu3 is in rtg1 (not as primary group); rtu2 is not.
	run as rtu3 cat f
	expect_status 1
	expect_output "cat: f: Permission denied"
	run as rtu2 cat f
	expect_output data
}

@test "an owner with only execute on a directory cannot delete in it" {
	mkdir d
	: >d/f
	chown rtu1:rtg1 d d/f
	setrichacl --set 'owner@:x::allow,everyone@:rx::allow' d
	run as rtu1 rm -f d/f
	expect_status 1
	expect_output "rm: cannot remove 'd/f': Permission denied"
	[ -e d/f ]
}

@test "delete on the file is enough to remove it without delete_child" {
	mkdir d
	: >d/f
	setrichacl --set 'owner@:rwpxd::allow,everyone@:x::allow' d
	setrichacl --set 'owner@:rwp::allow,user:rtu2:D::allow' d/f
	run as rtu2 rm -f d/f
	expect_status 0
	[ ! -e d/f ]
}

@test "setrichacl by a user who is neither owner nor granted write_acl: EPERM" {
	: >f
	setrichacl --set 'owner@:rwp::allow,everyone@:r::allow' f
	run as rtu1 setrichacl --set 'everyone@:rwp::allow' f
	expect_status 1
	expect_output "setrichacl: f: Operation not permitted"
}

@test "a remount keeps RichACLs on: a deny entry still wins over the mode" {
	echo data >f
	setrichacl --set 'user:rtu1:r::deny,everyone@:r::allow' f
	mount -o remount,rw "$RICHACL_MNT"
	run stat -c %a f
	expect_output 444
	run as rtu1 cat f
	expect_status 1
	expect_output "cat: f: Permission denied"
	run as rtu2 cat f
	expect_output data
}
