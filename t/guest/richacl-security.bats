#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# What an ACL promises the admin, checked against a user who tries to get
# more: a file opened with append_data but not write_data stays
# append-only whatever the user does with the open file; write_acl and
# write_owner never give a user a setuid file of another user; the kernel
# clearing the set-id bits leaves the ACL as it was; a whiteout is a new
# entry in its directory.  richacl(7), "Security notes", says the same.

load guest

setup() {
	guest_setup RICHACL_MNT security
}

# What append-probe finds where ext4 and xfs differ: ext4 has no clone or
# dedupe (EOPNOTSUPP before any permission check) and no XFS_IOC_SWAPEXT;
# on xfs, clone, dedupe and the extent swap meet the append-only rule, and
# EXT4_IOC_MOVE_EXT is not there.
declare -gA probe_fs=(
	[ext4]="FICLONE into it: EBADF
FIDEDUPERANGE into it: EOPNOTSUPP
EXT4_IOC_MOVE_EXT into it: EPERM
XFS_IOC_SWAPEXT into it: ENOTTY"
	[xfs]="FICLONE into it: EBADF
FIDEDUPERANGE into it: EPERM
EXT4_IOC_MOVE_EXT into it: ENOTTY
XFS_IOC_SWAPEXT into it: EBADF"
)

@test "append_data without write_data: nothing but appending changes the file" {
	printf '0123456789\n' >f
	head -c 4096 /dev/zero | tr '\0' S >src
	chown rtu1:rtg1 src
	setrichacl --set 'owner@:rwp::allow,user:rtu1:rp::allow' f
	run as rtu1 append-probe f src
	expect_status 0
	expect_output "open O_WRONLY|O_APPEND|O_TRUNC: EACCES
open O_RDONLY|O_APPEND|O_TRUNC: EACCES
open O_WRONLY: EACCES
truncate: EACCES
write: ok
pwrite at 0: ok
pwritev2 at 0: ok
fcntl F_SETFL 0, pwrite at 0: EPERM
ftruncate: EPERM
fallocate PUNCH_HOLE: EPERM
fallocate ZERO_RANGE: EPERM
fallocate COLLAPSE_RANGE: EPERM
fallocate INSERT_RANGE: EPERM
fallocate KEEP_SIZE past the end: ok
mmap shared writable: EACCES
mmap shared, mprotect writable: EACCES
copy_file_range into it: EBADF
splice into it: EINVAL
sendfile into it: EINVAL
${probe_fs[${RICHACL_FS:-ext4}]}"
	# The three appends, and nothing else.
	run cat f
	expect_output "0123456789
XXXXXX"
}

@test "append-only: a user with write_data still gets an ordinary open file" {
	printf '0123456789\n' >f
	setrichacl --set 'owner@:rwp::allow,user:rtu1:rwp::allow' f
	# Clearing O_APPEND, then writing at offset 0 (python is not in
	# the guest: dd's conv=notrunc writes in place).
	as rtu1 sh -c 'printf XX | dd of=f conv=notrunc status=none'
	as rtu1 truncate -s 4 f
	run cat f
	expect_output "XX23"
}

@test "write_acl: another user cannot make a file setuid, and cannot keep it" {
	cp /usr/bin/id prog
	chmod 755 prog
	setrichacl --modify 'user:rtu1:C::allow' prog
	# rtu1 may give itself write and change the program ...
	as rtu1 setrichacl --modify 'user:rtu1:rwpxC::allow' prog
	as rtu1 sh -c 'cat /usr/bin/id >prog'
	# ... but not make it setuid or setgid root.
	run as rtu1 chmod 4755 prog
	expect_status 1
	expect_output "chmod: changing permissions of 'prog': Operation not permitted"
	run as rtu1 chmod 2755 prog
	expect_status 1
	expect_output "chmod: changing permissions of 'prog': Operation not permitted"
	# A mode without the bits is still rtu1's to set.
	as rtu1 chmod 775 prog
	run as rtu1 ./prog -u
	expect_output 2001
	run stat -c '%a %U' prog
	expect_output "775 root"
}

@test "write_acl: changing a setuid file's ACL clears setuid for another user" {
	cp /usr/bin/id prog
	chmod 4755 prog
	setrichacl --modify 'user:rtu1:C::allow' prog
	run stat -c '%a' prog
	expect_output 4755
	as rtu1 setrichacl --modify 'user:rtu1:rwpxC::allow' prog
	run stat -c '%a' prog
	expect_output 775
	run as rtu1 ./prog -u
	expect_output 2001
	# The owner keeps the bit when it changes the ACL.
	chmod 4775 prog
	setrichacl --modify 'user:rtu2:r::allow' prog
	run stat -c '%a' prog
	expect_output 4775
}

@test "a write by another user clears setuid and leaves the ACL as it was" {
	cp /usr/bin/id prog
	chmod 4755 prog
	setrichacl --set 'owner@:rwpxC::allow,user:rtu1:rxC::allow,user:rtu2:rwpx::allow' prog
	run stat -c '%a' prog
	expect_output 4770
	before=$(getrichacl --raw prog)
	as rtu2 sh -c 'echo >>prog'
	run stat -c '%a' prog
	expect_output 770
	run getrichacl --raw prog
	expect_output "$before"
	# rtu1 still holds write_acl.
	as rtu1 setrichacl --modify 'user:rtu4:r::allow' prog
}

@test "RENAME_WHITEOUT needs add_file in the source directory" {
	mkdir d e
	: >d/f
	setrichacl --set 'owner@:rwpxdD::allow,user:rtu1:xd::allow,everyone@:x::allow' d
	setrichacl --set 'owner@:rwpxdD::allow,user:rtu1:xw::allow,everyone@:x::allow' e
	run as rtu1 touch d/new
	expect_status 1
	expect_output "touch: cannot touch 'd/new': Permission denied"
	run as rtu1 renameat2 whiteout d/f e/f
	expect_status 1
	expect_output "renameat2: d/f: e/f: Permission denied"
	run stat -c %F d/f
	expect_output "regular empty file"
	# With add_file the rename leaves its whiteout.
	setrichacl --modify 'user:rtu1:xwd::allow' d
	as rtu1 renameat2 whiteout d/f e/f
	run stat -c '%F %t:%T' d/f e/f
	expect_output "character special file 0:0
regular empty file 0:0"
}

@test "write_owner takes ownership of setuid and setgid files and clears the bits" {
	: >u
	: >g
	: >ug
	: >chgrp-only
	: >no-o
	mkdir sgid-dir
	chmod 4555 u
	chmod 2555 g chgrp-only
	chmod 6555 ug no-o
	chmod 2755 sgid-dir
	for x in u g ug chgrp-only sgid-dir; do
		setrichacl --modify 'user:rtu1:o::allow,user:rtu2:rC::allow' $x
	done
	setrichacl --modify 'user:rtu2:rC::allow' no-o
	before=$(getrichacl --raw ug)
	as rtu1 sh -c 'chown rtu1:rtg1 u g ug sgid-dir && chgrp rtg1 chgrp-only'
	run as rtu1 chown rtu1:rtg1 no-o
	expect_status 1
	expect_output "chown: changing ownership of 'no-o': Operation not permitted"
	run stat -c '%n %a %U:%G' u g ug chgrp-only sgid-dir no-o
	expect_output "u 555 rtu1:rtg1
g 555 rtu1:rtg1
ug 555 rtu1:rtg1
chgrp-only 555 root:rtg1
sgid-dir 2755 rtu1:rtg1
no-o 6555 root:root"
	# The entries and the masks are those of before (write_acl included).
	run getrichacl --raw ug
	expect_output "$before"
	as rtu2 setrichacl --modify 'user:rtu4:r::allow' ug
}

@test "a file inherits no delete_child: no w bit for a class that cannot write" {
	mkdir d
	setrichacl --set 'owner@:rwpxd:fd:allow,user:rtu1:d:fd:allow' d
	touch d/f
	run stat -c %a d/f
	expect_output 600
	setrichacl --set 'owner@:rwpxd:fd:allow,user:rtu1:r:fd:allow' d
	touch d/g
	run getrichacl --raw d/g
	expect_output "d/g:
     flags:m
     owner:rwp-------------::mask
     group:r---------------::mask
     other:----------------::mask
    owner@:rwpx------------::allow
 user:rtu1:r---------------::allow"
	# A subdirectory inherits delete_child: it means something there.
	mkdir d/sub
	run getrichacl --raw d/sub
	expect_output "d/sub:
     flags:m
     owner:rwpxd-----------::mask
     group:r---------------::mask
     other:----------------::mask
    owner@:rwpxd-----------:fd:allow
 user:rtu1:r---------------:fd:allow"
}
