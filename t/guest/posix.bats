#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# POSIX behaviour on an ext4 without the RichACL feature ($PLAIN_MNT): POSIX
# ACLs, chmod, chgrp, chown, umask, the sticky and setgid bits, exactly as
# on a stock kernel.  A regression net: the RichACL patches must not change
# any of this.  Users and groups: see t/guest/README.

load guest

setup() {
	guest_setup PLAIN_MNT posix
}

@test "umask limits the mode of new files and directories" {
	umask 027
	: >f
	mkdir d
	umask 077
	mkdir d2
	run stat -c '%a %n' f d d2
	expect_output "640 f
750 d
700 d2"
}

@test "setfacl adds a named user; the group class bits show the mask" {
	: >f
	setfacl -m u:rtu1:rw f
	run getfacl f
	expect_output "# file: f
# owner: root
# group: root
user::rw-
user:rtu1:rw-
group::r--
mask::rw-
other::r--"
	run stat -c %a f
	expect_output 664
}

@test "chmod narrows the mask and keeps the entries" {
	: >f
	setfacl -m u:rtu1:rw,g:rtg2:rwx f
	chmod 640 f
	run getfacl -c f
	expect_output "user::rw-
user:rtu1:rw-	#effective:r--
group::r--
group:rtg2:rwx	#effective:r--
mask::r--
other::---"
	chmod 670 f
	run getfacl -c f
	expect_output "user::rw-
user:rtu1:rw-
group::r--
group:rtg2:rwx
mask::rwx
other::---"
}

@test "a named user and a named group get exactly their permissions" {
	echo data >f
	chmod 600 f
	setfacl -m u:rtu2:r,g:rtg1:rw f
	# rtu2: read only; rtu3 through rtg1 (supplementary): read and write;
	# rtu4: nothing.
	run as rtu2 bash -c 'read -r x <f && echo "$x"; echo more >>f'
	expect_status 1
	expect_output "data
bash: line 1: f: Permission denied"
	run as rtu3 bash -c 'echo more >>f && read -r x <f && echo "$x"'
	expect_output "data"
	run as rtu4 cat f
	expect_status 1
	expect_output "cat: f: Permission denied"
}

@test "the mask limits named entries, not the owner" {
	echo data >f
	setfacl -m u:rtu1:rw,m::r f
	chown rtu2 f
	run as rtu1 bash -c 'echo x >>f'
	expect_status 1
	expect_output "bash: line 1: f: Permission denied"
	run as rtu2 bash -c 'echo x >>f'
	expect_status 0
}

@test "a default ACL is inherited and the umask is then ignored" {
	mkdir d
	setfacl -d -m u:rtu1:rwx,g:rtg3:rx d
	umask 077
	: >d/f
	mkdir d/sub
	run getfacl -c d/f d/sub
	expect_output "user::rw-
user:rtu1:rwx	#effective:rw-
group::r-x	#effective:r--
group:rtg3:r-x	#effective:r--
mask::rw-
other::r--

user::rwx
user:rtu1:rwx
group::r-x
group:rtg3:r-x
mask::rwx
other::r-x
default:user::rwx
default:user:rtu1:rwx
default:group::r-x
default:group:rtg3:r-x
default:mask::rwx
default:other::r-x"
	run stat -c '%a %n' d/f d/sub
	expect_output "664 d/f
775 d/sub"
}

@test "the mode argument of open limits the inherited ACL" {
	mkdir d
	setfacl -d -m u:rtu1:rw d
	# open(O_CREAT, 0640) and mkdir(0750): no chmod afterwards.
	perl -MFcntl -e 'sysopen(F, "d/f", O_CREAT | O_WRONLY, 0640) or die "$!";
		mkdir("d/sub", 0750) or die "$!"'
	run getfacl -c d/f d/sub
	expect_output "user::rw-
user:rtu1:rw-	#effective:r--
group::r-x	#effective:r--
mask::r--
other::---

user::rwx
user:rtu1:rw-	#effective:r--
group::r-x
mask::r-x
other::---
default:user::rwx
default:user:rtu1:rw-
default:group::r-x
default:mask::rwx
default:other::r-x"
}

@test "setfacl -b removes the ACL and leaves the mode" {
	: >f
	setfacl -m u:rtu1:rwx f
	setfacl -b f
	run getfacl -c f
	expect_output "user::rw-
group::r--
other::r--"
	run stat -c %a f
	expect_output 644
}

@test "only the owner may chmod or setfacl; chmod by another is EPERM" {
	: >f
	chmod 666 f
	chown rtu1 f
	run as rtu2 chmod 600 f
	expect_status 1
	expect_output "chmod: changing permissions of 'f': Operation not permitted"
	run as rtu2 setfacl -m u:rtu2:rwx f
	expect_status 1
	expect_output "setfacl: f: Operation not permitted"
	as rtu1 chmod 640 f
	as rtu1 setfacl -m u:rtu2:r f
	run stat -c '%a %U' f
	expect_output "640 rtu1"
}

@test "the owner may chgrp to its own groups only; chown is root's" {
	: >f
	chown rtu1:rtg1 f
	as rtu1 chgrp rtg2 f
	run as rtu1 chgrp rtg3 f
	expect_status 1
	expect_output "chgrp: changing group of 'f': Operation not permitted"
	run as rtu1 chown rtu2 f
	expect_status 1
	expect_output "chown: changing ownership of 'f': Operation not permitted"
	run as rtu2 chgrp rtg2 f
	expect_status 1
	expect_output "chgrp: changing group of 'f': Operation not permitted"
	run stat -c '%U:%G' f
	expect_output "rtu1:rtg2"
}

@test "chmod g+s by an owner outside the group drops the setgid bit" {
	: >f
	chown rtu1:rtg3 f
	as rtu1 chmod 2755 f
	run stat -c %a f
	expect_output 755
	chown rtu1:rtg1 f
	as rtu1 chmod 2755 f
	run stat -c %a f
	expect_output 2755
}

@test "creating and deleting need write and search on the directory" {
	mkdir d
	: >d/f
	chmod 755 d
	run as rtu1 bash -c ': >d/g'
	expect_status 1
	expect_output "bash: line 1: d/g: Permission denied"
	run as rtu1 rm -f d/f
	expect_status 1
	expect_output "rm: cannot remove 'd/f': Permission denied"
	setfacl -m u:rtu1:rwx d
	as rtu1 bash -c ': >d/g'
	as rtu1 rm -f d/f
	run ls d
	expect_output "g"
	setfacl -m u:rtu1:rw d
	run as rtu1 rm -f d/g
	expect_status 1
	expect_output "rm: cannot remove 'd/g': Permission denied"
}

@test "in a sticky directory only the owner of a file or the directory deletes it" {
	mkdir d
	chmod 1777 d
	as rtu1 bash -c ': >d/f1; : >d/f2'
	run as rtu2 rm -f d/f1
	expect_status 1
	expect_output "rm: cannot remove 'd/f1': Operation not permitted"
	as rtu1 rm d/f1
	chown rtu2 d
	as rtu2 rm d/f2
	run ls -A d
	expect_output ""
}

@test "a new file in a setgid directory takes its group" {
	mkdir d
	chown rtu1:rtg3 d
	chmod 2777 d
	as rtu2 bash -c ': >d/f; mkdir d/sub'
	run stat -c '%a %U:%G %n' d/f d/sub
	expect_output "644 rtu2:rtg3 d/f
2755 rtu2:rtg3 d/sub"
}

@test "write access sets times to now; only the owner sets other times" {
	: >f
	chown rtu1 f
	chmod 644 f
	setfacl -m u:rtu2:rw f
	as rtu2 touch f
	run as rtu2 touch -d @0 f
	expect_status 1
	expect_output "touch: setting times of 'f': Operation not permitted"
	run as rtu4 touch f
	expect_status 1
	expect_output "touch: cannot touch 'f': Permission denied"
	as rtu1 touch -d @0 f
	run stat -c %Y f
	expect_output 0
}

@test "chown, and a write by another user, clear setuid and setgid" {
	: >f
	chmod 6755 f
	chown rtu1 f
	run stat -c '%a %U' f
	expect_output "755 rtu1"
	chmod 6777 f
	as rtu2 bash -c 'echo x >>f'
	run stat -c %a f
	expect_output 777
}

@test "rename needs write on both directories and respects the sticky bit" {
	mkdir d1 d2 s
	chmod 777 d2
	chmod 1777 s
	as rtu1 bash -c ': >d2/f; : >s/f'
	run as rtu1 mv d2/f d1/f
	expect_status 1
	expect_output "mv: cannot move 'd2/f' to 'd1/f': Permission denied"
	run as rtu2 mv s/f s/g
	expect_status 1
	expect_output "mv: cannot move 's/f' to 's/g': Operation not permitted"
	as rtu1 mv s/f d2/g
	run ls d1 d2 s
	expect_output "d1:

d2:
f
g

s:"
}
