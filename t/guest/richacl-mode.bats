#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# RichACLs and the file mode on a RichACL ext4 ($RICHACL_MNT): the masks
# and chmod, create-time inheritance and the umask, and the setattr rules
# (chown, chgrp, chmod, utimes) that the ACL can grant.

load guest

setup() {
	guest_setup RICHACL_MNT mode
}

@test "chmod narrows the entries and keeps them; chmod back restores them" {
	echo data >f
	setrichacl --set 'owner@:rwp::allow,user:rtu1:rw::allow' f
	chmod 600 f
	run as rtu1 cat f
	expect_status 1
	expect_output "cat: f: Permission denied"
	chmod 660 f
	run as rtu1 cat f
	expect_output data
	run getrichacl f
	expect_output "f:
    owner@:rwp----------::allow
 user:rtu1:rw-----------::allow"
}

@test "chmod keeps an ACL that it makes equivalent to the mode" {
	command -v getfattr >/dev/null || skip "getfattr (package attr) is missing"
	# Not equivalent to a mode: the owner, when in the owning group, is
	# denied w.  chmod 640 makes it equivalent (masks with write_through);
	# the entries must stay, so that chmod 660 gives the group r, not rw.
	echo data >f
	chgrp rtg1 f
	setrichacl --set 'group@:w::deny,owner@:rw::allow,group@:r::allow' f
	chmod 640 f
	run getfattr -n system.richacl -e hex f
	expect_output "# file: f
system.richacl=0x00c00300070000000100000000000000010000400200000001000000000000400300000000000000000000400100000001000000"
	run getrichacl --raw f
	expect_output "f:
  flags:mw
  owner:rwp-------------::mask
  group:r---------------::mask
  other:----------------::mask
 group@:-w--------------::deny
 owner@:rw--------------::allow
 group@:r---------------::allow"
	chmod 660 f
	run stat -c %a f
	expect_output 660
	run getrichacl f
	expect_output "f:
 owner@:rwp----------::allow
 group@:-w-----------::deny
 group@:r------------::allow"
	# rtu3 is in rtg1, not the owner: group@ allows r and denies w.
	run as rtu3 sh -c 'cat f; echo x >>f'
	expect_status 2
	expect_output "data
sh: 1: cannot create f: Permission denied"
}

@test "setrichacl of an equivalent ACL over a kept one leaves the mode only" {
	command -v getfattr >/dev/null || skip "getfattr (package attr) is missing"
	: >f
	setrichacl --set 'group@:w::deny,owner@:rw::allow,group@:r::allow' f
	chmod 640 f
	setrichacl --set 'owner@:rwp::allow,everyone@:r::allow' f
	run stat -c %a f
	expect_output 644
	run getfattr -n system.richacl f
	expect_status 1
	expect_output "f: system.richacl: No such attribute"
}

@test "an ACL equivalent to the mode leaves no xattr, only the mode" {
	command -v getfattr >/dev/null || skip "getfattr (package attr) is missing"
	: >f
	setrichacl --set 'owner@:rwp::allow,group@:r::allow' f
	run stat -c %a f
	expect_output 640
	run getfattr -n system.richacl f
	expect_status 1
	expect_output "f: system.richacl: No such attribute"
}

@test "a new file inherits; the umask does not apply, the create mode does" {
	mkdir d
	setrichacl --set 'owner@:rwpx:fd:allow,user:rtu1:r:f:allow,everyone@:x::allow' d
	umask 077
	: >d/f
	mkdir d/sub
	run stat -c '%a %n' d/f d/sub
	expect_output "640 d/f
700 d/sub"
	run getrichacl d/f
	expect_output "d/f:
    owner@:rwp----------::allow
 user:rtu1:r------------::allow"
	run as rtu1 cat d/f
	expect_status 0
}

@test "without inheritable entries the umask applies" {
	mkdir d
	setrichacl --set 'owner@:rwpx::allow,everyone@:rx::allow' d
	umask 027
	: >d/f
	mkdir d/sub
	run stat -c '%a %n' d/f d/sub
	expect_output "640 d/f
750 d/sub"
}

@test "auto_inherit marks inherited entries on new files; a create mode without x protects" {
	mkdir d
	setrichacl --set 'flags:a,owner@:rwpx:fd:allow,user:rtu2:r:f:allow' d
	: >d/f
	run getrichacl d/f
	expect_output "d/f:
     flags:ap
    owner@:rwp----------:a:allow
 user:rtu2:r------------:a:allow"
}

@test "a create mode or chmod that narrows an inherited ACL protects it from propagation" {
	mkdir d
	setrichacl --set 'flags:a owner@:rwpx:fd:allow user:rtu1:rwpx:fd:allow' d
	# mkdir -m 700 creates with 0700; mkdir -m 777 creates, then chmods
	# (the umask could interfere), and a chmod protects.
	mkdir -m 700 d/sub
	mkdir d/open
	mkdir -m 777 d/later
	chmod 700 d/later
	touch d/g
	chmod 600 d/g
	run getrichacl --raw d/sub d/open d/later d/g
	expect_output "d/sub:
     flags:map
     owner:rwpx------------::mask
     group:----------------::mask
     other:----------------::mask
    owner@:rwpx------------:fda:allow
 user:rtu1:rwpx------------:fda:allow

d/open:
     flags:ma
     owner:rwpx------------::mask
     group:rwpx------------::mask
     other:----------------::mask
    owner@:rwpx------------:fda:allow
 user:rtu1:rwpx------------:fda:allow

d/later:
     flags:mwap
     owner:rwpxd-----------::mask
     group:----------------::mask
     other:----------------::mask
    owner@:rwpx------------:fda:allow
 user:rtu1:rwpx------------:fda:allow

d/g:
     flags:mwap
     owner:rwp-------------::mask
     group:----------------::mask
     other:----------------::mask
    owner@:rwpx------------:a:allow
 user:rtu1:rwpx------------:a:allow"
	# Propagating the same entry again leaves the protected ones alone.
	setrichacl --modify 'user:rtu1:rwpx:fd:allow' d
	run stat -c '%A %n' d/sub d/open d/later d/g
	expect_output "drwx------ d/sub
drwxrwx--- d/open
drwx------ d/later
-rw------- d/g"
	run as rtu1 sh -c 'echo hi >d/g'
	expect_status 2
	expect_output "sh: 1: cannot create d/g: Permission denied"
}

@test "write_owner lets a user take ownership; others get EPERM" {
	: >f
	setrichacl --set 'owner@:rwp::allow,user:rtu1:o::allow' f
	run as rtu2 chown rtu2 f
	expect_status 1
	expect_output "chown: changing ownership of 'f': Operation not permitted"
	as rtu1 chown rtu1:rtg2 f
	run stat -c '%U:%G' f
	expect_output rtu1:rtg2
}

@test "write_acl lets a user chmod; write_attributes lets a user set times" {
	: >f
	setrichacl --set 'owner@:rwp::allow,user:rtu1:C::allow,user:rtu2:A::allow' f
	as rtu2 touch -d '2001-02-03 04:05:06 UTC' f
	# touch reports the open that failed first; utimensat got EPERM.
	run as rtu1 touch -d '2011-02-03 04:05:06 UTC' f
	expect_status 1
	expect_output "touch: cannot touch 'f': Permission denied"
	run as rtu2 chmod 666 f
	expect_status 1
	expect_output "chmod: changing permissions of 'f': Operation not permitted"
	as rtu1 chmod 604 f
	run stat -c '%a %Y' f
	expect_output "604 981173106"
}

@test "setrichacl by the owner outside the file's group clears setgid" {
	: >f
	chown rtu1:rtg3 f
	chmod 2660 f
	as rtu1 setrichacl --set 'owner@:rwp::allow,group@:rw::allow,user:rtu2:r::allow' f
	run stat -c %a f
	expect_output 660
}

@test "inheritance flags: f for files, d for directories, n stops, i skips the directory" {
	mkdir d
	setrichacl --set 'owner@:rwpxd:fd:allow,user:rtu1:r:f:allow,user:rtu2:r:d:allow,user:rtu3:r:fdn:allow,user:rtu4:rx:fi:allow' d
	: >d/f
	mkdir d/sub
	run getrichacl d/f d/sub
	expect_output "d/f:
    owner@:rwp----------::allow
 user:rtu1:r------------::allow
 user:rtu3:r------------::allow
 user:rtu4:r------------::allow

d/sub:
    owner@:rwpxd--------:fd:allow
 user:rtu1:r------------:fi:allow
 user:rtu2:r------------:d:allow
 user:rtu3:r------------::allow
 user:rtu4:r--x---------:fi:allow"
	run as rtu4 ls d
	expect_status 2
	expect_output "ls: cannot open directory 'd': Permission denied"
	run as rtu1 ls d
	expect_output "f
sub"
}
