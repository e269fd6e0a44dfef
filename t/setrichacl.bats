#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# setrichacl: setting, modifying and removing acls, and automatic
# inheritance.  The tests marked need_richacl run under the fake-xattr shim
# on the host, or on a kernel with RichACL support (RICHACL_SHIM=).

load tools

mkfile() {
	: > "$1" && chmod "$2" "$1"
}

# raw FILE: the stored acl, masks and all, without the "FILE:" header.
raw() {
	getrichacl --raw --unaligned "$1" | sed '1d;$d'
}

# The ACL of the tests: not one a mode can express.
ACL='owner@:rwp::allow user:nobody:r::allow'

# ---- without RichACL support in the kernel (the host) ----

@test "no RichACL support: an acl a mode can express is set as the mode" {
	need_no_kernel_richacl
	mkfile f 0600
	run real_setrichacl --set 'owner@:rwpx::allow group@:rx::allow everyone@:r::allow' f
	expect_status 0
	expect_output ''
	[ "$(stat -c %a f)" = 754 ]
	mkfile g 4755
	run real_setrichacl --set 'owner@:rwp::allow' g
	expect_status 0
	[ "$(stat -c %a g)" = 4600 ]
}

@test "no RichACL support: other acls fail and leave the file alone" {
	need_no_kernel_richacl
	mkfile f 0644
	run real_setrichacl --set "$ACL" f
	expect_status 1
	expect_output 'setrichacl: f: Operation not supported'
	[ "$(stat -c %a f)" = 644 ]
	run real_setrichacl --modify 'user:nobody:r::allow' f
	expect_status 1
	expect_output 'setrichacl: f: Operation not supported'
	[ "$(stat -c %a f)" = 644 ]
	run real_setrichacl --remove f
	expect_status 1
	expect_output 'setrichacl: f: Operation not supported'
}

@test "no RichACL support: --modify within what a mode can say chmods" {
	need_no_kernel_richacl
	mkfile f 0640
	run real_setrichacl --modify 'everyone@:r::allow' f
	expect_status 0
	[ "$(stat -c %a f)" = 644 ]
}

# ---- anywhere ----

@test "bad acl text: status 2, the reason, and no file touched" {
	mkfile f 0600
	mkfile g 0600
	run setrichacl --set 'owner@:rwp::allow everyone@:rwz::allow' f g
	expect_status 2
	expect_output "setrichacl: 'everyone@:rwz::allow': invalid permission 'z'"
	[ "$(stat -c %a f)" = 600 ]
	[ "$(stat -c %a g)" = 600 ]
	run setrichacl --modify 'everyone@:r::allwo' f
	expect_status 2
	[[ $output == "setrichacl: 'everyone@:r::allwo': "* ]]
	[ "$(stat -c %a f)" = 600 ]
	[ -z "$(writes)" ]
}

@test "a missing file is an error; the other files are still done" {
	mkfile f 0600
	mkfile g 0600
	run setrichacl --set 'owner@:rwp::allow everyone@:r::allow' f nofile g
	expect_status 1
	expect_output 'setrichacl: nofile: No such file or directory'
	[ "$(stat -c %a f)" = 644 ]
	[ "$(stat -c %a g)" = 644 ]
}

@test "an unreadable acl file is a usage error" {
	mkfile f 0600
	run setrichacl --set-file nofile f
	expect_status 2
	expect_output 'setrichacl: nofile: No such file or directory'
	run setrichacl -M nofile f
	expect_status 2
	expect_output 'setrichacl: nofile: No such file or directory'
	[ "$(stat -c %a f)" = 600 ]
}

@test "usage errors exit with status 2" {
	local usage="Usage: setrichacl {--set|--modify} ACL FILE...
       setrichacl {--set-file|--modify-file} ACL_FILE FILE...
       setrichacl --remove FILE...
Try 'setrichacl --help' for more information."
	mkfile f 0600
	run setrichacl f
	expect_status 2
	expect_output "$usage"
	run setrichacl --set 'owner@:rwp::allow'
	expect_status 2
	expect_output "$usage"
	run setrichacl --set 'owner@:rwp::allow' --remove f
	expect_status 2
	expect_output "setrichacl: only one of --set, --set-file, --modify, --modify-file and --remove may be given
$usage"
	run setrichacl --bogus f
	expect_status 2
	[ "${lines[0]}" = "setrichacl: unrecognized option '--bogus'" ]
	run setrichacl --set
	expect_status 2
	[ "${lines[0]}" = "setrichacl: option '--set' requires an argument" ]
	[ "$(stat -c %a f)" = 600 ]
}

@test "--help lists every option, --version the version" {
	run setrichacl --help
	expect_status 0
	for opt in '-s, --set ACL' '-S, --set-file FILE' '-m, --modify ACL' \
		   '-M, --modify-file FILE' '-b, --remove' '-v, --version' \
		   '-h, --help'; do
		printf '%s\n' "${lines[@]}" | grep -qF -- "  $opt " ||
			{ echo "# missing: $opt" >&2; return 1; }
	done
	run setrichacl -h
	expect_status 0
	[ "${lines[0]}" = 'Usage: setrichacl {--set|--modify} ACL FILE...' ]
	run setrichacl --version
	expect_status 0
	[[ $output =~ ^setrichacl\ \(richacl\)\ [0-9] ]]
	run setrichacl -v
	expect_status 0
	[[ $output =~ ^setrichacl\ \(richacl\)\ [0-9] ]]
}

@test "a file with a POSIX ACL is an error, never a silent chmod" {
	command -v setfacl >/dev/null || skip "setfacl (package acl) not installed"
	mkfile f 0640
	setfacl -m u:nobody:r f || skip "no POSIX ACL support here"
	run setrichacl --set 'owner@:rwp::allow' f
	expect_status 1
	expect_output 'setrichacl: f: file has a POSIX ACL'
	[ "$(stat -c %a f)" = 640 ]
	run setrichacl --modify 'everyone@:r::allow' f
	expect_status 1
	expect_output 'setrichacl: f: file has a POSIX ACL'
	[ "$(stat -c %a f)" = 640 ]
}

# ---- with RichACL support (shim or kernel) ----

@test "--set stores an acl and sets the mode from the masks it computes" {
	need_richacl
	mkfile f 0777
	run setrichacl --set "$ACL" f
	expect_status 0
	expect_output ''
	[ "$(stat -c %a f)" = 640 ]
	run raw f
	expect_output "$(printf '%s\n' \
		'owner:rwp::mask' \
		'group:r::mask' \
		'other:::mask' \
		'owner@:rwp::allow' \
		'user:nobody:r::allow')"
}

@test "--set keeps the masks and flags given" {
	need_richacl
	mkfile f 0600
	run setrichacl -s "flags:m group:::mask $ACL" f
	expect_status 0
	[ "$(stat -c %a f)" = 600 ]
	run raw f
	expect_output "$(printf '%s\n' \
		'flags:m' \
		'owner:rwp::mask' \
		'group:::mask' \
		'other:::mask' \
		'owner@:rwp::allow' \
		'user:nobody:r::allow')"
	run getrichacl --access=nobody f
	expect_output '-  f'
}

@test "an acl a mode can express becomes the mode, and the stored one goes" {
	need_richacl
	mkfile f 0600
	setrichacl --set "$ACL" f
	clear_writes
	run setrichacl --set 'owner@:rwpx::allow everyone@:rx::allow' f
	expect_status 0
	[ "$(stat -c %a f)" = 755 ]
	run getrichacl --raw --unaligned f
	expect_output "$(printf '%s\n' 'f:' \
		'owner:rwpx::mask' 'group:rx::mask' 'other:rx::mask' \
		'owner@:rwpx::allow' 'everyone@:rx::allow' '')"
	if [ -n "$RICHACL_SHIM" ]; then
		expect_writes 'set f'
		[ -z "$(ls "$FAKE_XATTR_DIR")" ]
	fi
}

@test "--remove drops the acl and keeps the mode; no acl is no error" {
	need_richacl
	mkfile f 0600
	setrichacl --set "$ACL" f
	run setrichacl --remove f
	expect_status 0
	[ "$(stat -c %a f)" = 640 ]
	run getrichacl --unaligned f
	expect_output "$(printf '%s\n' 'f:' 'owner@:rwp::allow' \
		'group@:r::allow' '')"
	run setrichacl -b f
	expect_status 0
	expect_output ''
}

@test "--modify adds entries where they belong" {
	need_richacl
	mkfile f 0600
	setrichacl --set 'group@:x::deny owner@:rwp::allow
		user:daemon:r:a:deny user:daemon:w:a:allow' f
	run setrichacl --modify 'user:nobody:r::allow user:bin:w::deny
		group:adm:x:a:deny group:adm:r:a:allow' f
	expect_status 0
	run getrichacl --unaligned f
	expect_output "$(printf '%s\n' 'f:' \
		'group@:x::deny' \
		'user:bin:w::deny' \
		'owner@:rwp::allow' \
		'user:nobody:r::allow' \
		'user:daemon:r:a:deny' \
		'group:adm:x:a:deny' \
		'user:daemon:w:a:allow' \
		'group:adm:r:a:allow' \
		'')"
}

@test "--modify changes matching entries, only with the same inherited flag" {
	need_richacl
	mkfile f 0600
	setrichacl --set 'owner@:rwp::allow user:nobody:r::allow
		user:nobody:w:a:allow' f
	run setrichacl -m 'user:nobody:rx:fd:allow' f
	expect_status 0
	run getrichacl --unaligned f
	expect_output "$(printf '%s\n' 'f:' \
		'owner@:rwp::allow' \
		'user:nobody:rx:fd:allow' \
		'user:nobody:w:a:allow' \
		'')"
	run setrichacl -m 'user:nobody:w:a:deny' f
	expect_status 0
	run getrichacl --unaligned f
	expect_output "$(printf '%s\n' 'f:' \
		'owner@:rwp::allow' \
		'user:nobody:rx:fd:allow' \
		'user:nobody:w:a:deny' \
		'user:nobody:w:a:allow' \
		'')"
}

@test "--modify with empty permissions removes the entry" {
	need_richacl
	mkfile f 0600
	setrichacl --set "$ACL everyone@:x::allow" f
	run setrichacl --modify 'user:nobody:::allow' f
	expect_status 0
	# What is left a mode can say: the acl of mode 0711.
	run getrichacl --unaligned f
	expect_output "$(printf '%s\n' 'f:' \
		'owner@:rwpx::allow' 'everyone@:x::allow' '')"
	[ "$(stat -c %a f)" = 711 ]
}

@test "--modify of a file without an acl starts from the acl of its mode" {
	need_richacl
	# Mode 0664: group@ allows rwp, the whole group class, as in 2015;
	# everyone@ grants r again.  Without everyone@ the group keeps r.
	mkfile f 0664
	run setrichacl --modify 'everyone@:::allow' f
	expect_status 0
	[ "$(stat -c %a f)" = 660 ]
	run getrichacl --unaligned f
	expect_output "$(printf '%s\n' 'f:' \
		'owner@:rwp::allow' 'group@:rwp::allow' '')"
}

@test "--modify works on the effective acl and recomputes the masks" {
	need_richacl
	mkfile f 0600
	setrichacl --set "flags:m owner:rwp::mask group:::mask $ACL" f
	run setrichacl --modify 'everyone@:r::allow' f
	expect_status 0
	[ "$(stat -c %a f)" = 644 ]
	run raw f
	expect_output "$(printf '%s\n' \
		'owner:rwp::mask' 'group:r::mask' 'other:r::mask' \
		'owner@:rwp::allow' 'everyone@:r::allow')"
}

@test "--modify sets the flags and masks given, computes the others" {
	need_richacl
	mkfile f 0600
	setrichacl --set "$ACL" f
	run setrichacl --modify 'flags:mp group:::mask' f
	expect_status 0
	[ "$(stat -c %a f)" = 600 ]
	run raw f
	expect_output "$(printf '%s\n' \
		'flags:mp' 'owner:rwp::mask' 'group:::mask' 'other:::mask' \
		'owner@:rwp::allow' 'user:nobody:r::allow')"
}

@test "getrichacl | setrichacl --set-file - copies an acl" {
	need_richacl
	mkfile f 0600
	mkfile g 0777
	setrichacl --set "$ACL" f
	copy() { getrichacl f | setrichacl --set-file - g; }
	run copy
	expect_status 0
	[ "$(raw f)" = "$(raw g)" ]
	[ "$(stat -c %a g)" = 640 ]
}

@test "--set-file and --modify-file read a file, skipping NAME:" {
	need_richacl
	mkfile f 0600
	mkfile g 0600
	printf '%s\n' 'some file:' "$ACL" > acl
	printf '%s\n' 'everyone@:x::allow' > more
	run setrichacl -S acl f g
	expect_status 0
	run setrichacl --modify-file more g
	expect_status 0
	run getrichacl --unaligned f g
	expect_output "$(printf '%s\n' \
		'f:' 'owner@:rwp::allow' 'user:nobody:r::allow' '' \
		'g:' 'owner@:rwp::allow' 'user:nobody:r::allow' \
		'everyone@:x::allow' '')"
	modify_stdin() { echo 'user:nobody:::allow' | setrichacl -M - g; }
	run modify_stdin
	expect_status 0
	[ "$(stat -c %a g)" = 711 ]
}

@test "many files per call, errors reported per file" {
	need_richacl
	mkfile a 0600
	mkfile b 0600
	ln -s nowhere dangling
	run setrichacl --set "$ACL" a dangling b
	expect_status 1
	expect_output 'setrichacl: dangling: No such file or directory'
	[ "$(raw a)" = "$(raw b)" ]
	[ "$(stat -c %a b)" = 640 ]
}

# corrupt FILE: make the value the shim stores for FILE invalid (version 1).
corrupt() {
	local key
	key=$(stat -c %D "$1")-$(printf %x "$(stat -c %i "$1")")
	printf '\001' | dd bs=1 count=1 conv=notrunc status=none \
		of="$FAKE_XATTR_DIR/$key"
}

@test "--set replaces an acl that cannot be read; --modify refuses" {
	need_richacl
	[ -n "$RICHACL_SHIM" ] || skip "needs the shim to store a bad value"
	mkfile f 0600
	setrichacl --set "$ACL" f
	corrupt f
	run getrichacl f
	expect_status 1
	expect_output 'getrichacl: f: Invalid argument'
	run setrichacl --modify 'everyone@:r::allow' f
	expect_status 1
	expect_output 'setrichacl: f: Invalid argument'
	run setrichacl --set 'owner@:rwp::allow everyone@:r::allow' f
	expect_status 0
	[ "$(stat -c %a f)" = 644 ]
	[ -z "$(ls "$FAKE_XATTR_DIR")" ]
}

# ---- automatic inheritance ----

# The parent's acl: inheritable entries for files (f) and directories (d).
PARENT='flags:a owner@:rwpx::allow
	user:nobody:r:f:allow user:daemon:rx:d:allow'

# mkauto NAME ACL [dir]: a file (or directory) with ACL stored.
mkauto() {
	if [ "$3" = dir ]; then mkdir "$1"; else : > "$1"; fi
	setrichacl --set "$2" "$1"
}

@test "auto_inherit on a directory updates the tree below" {
	need_richacl
	mkdir d
	mkauto d/f 'flags:a owner@:rw::allow user:bin:w:a:allow'
	mkauto d/sub 'flags:a owner@:rwpx::allow' dir
	mkauto d/sub/g 'flags:a owner@:r::allow'
	run setrichacl --set "$PARENT" d
	expect_status 0
	expect_output ''
	run getrichacl --unaligned d/f d/sub d/sub/g
	expect_output "$(printf '%s\n' \
		'd/f:' 'flags:a' 'owner@:rw::allow' 'user:nobody:r:a:allow' '' \
		'd/sub:' 'flags:a' 'owner@:rwpx::allow' \
		'user:nobody:r:fia:allow' 'user:daemon:rx:da:allow' '' \
		'd/sub/g:' 'flags:a' 'owner@:r::allow' 'user:nobody:r:a:allow' \
		'')"
}

@test "auto_inherit skips symlinks, protected and non-auto children" {
	need_richacl
	mkdir d outside
	mkauto outside/t 'flags:a owner@:rw::allow'
	ln -s ../outside d/link
	ln -s ../outside/t d/tlink
	mkauto d/prot 'flags:ap owner@:rw::allow'
	mkauto d/manual 'owner@:rw::allow user:bin:r::allow'
	before=$(raw outside/t; raw outside; raw d/prot; raw d/manual)
	clear_writes
	run setrichacl --set "$PARENT" d
	expect_status 0
	[ "$(raw outside/t; raw outside; raw d/prot; raw d/manual)" = "$before" ]
	[ -z "$RICHACL_SHIM" ] || expect_writes 'set d'
}

@test "auto_inherit does not go below a protected directory" {
	need_richacl
	mkdir d
	mkauto d/prot 'flags:ap owner@:rwpx:fd:allow' dir
	mkauto d/prot/f 'flags:a owner@:rw::allow'
	mkauto d/plain 'owner@:rwpx::allow user:bin:r::allow' dir
	mkauto d/plain/f 'flags:a owner@:rw::allow'
	before=$(raw d/prot/f; raw d/plain/f)
	run setrichacl --set "$PARENT" d
	expect_status 0
	[ "$(raw d/prot/f; raw d/plain/f)" = "$before" ]
}

@test "auto_inherit replaces a defaulted acl as a whole" {
	need_richacl
	mkdir d
	mkauto d/f 'flags:ad owner@:rwpx::allow everyone@:r::allow'
	run setrichacl --set "$PARENT" d
	expect_status 0
	run getrichacl --unaligned d/f
	expect_output "$(printf '%s\n' 'd/f:' 'flags:a' \
		'user:nobody:r:a:allow' '')"
}

@test "auto_inherit writes only the acls that change" {
	need_richacl
	mkdir d
	mkauto d/f 'flags:a owner@:rw::allow'
	mkauto d/g 'flags:a owner@:rw::allow'
	mkauto d/sub 'flags:a owner@:rwpx::allow' dir
	mkauto d/sub/h 'flags:a owner@:rw::allow'
	setrichacl --set "$PARENT" d
	[ -n "$RICHACL_SHIM" ] || skip "needs the shim's write log"
	clear_writes
	# A stale child: its inherited entry comes back.
	setrichacl --set 'flags:a owner@:rw::allow' d/g
	clear_writes
	run setrichacl --set "$PARENT" d
	expect_status 0
	expect_writes "$(printf '%s\n' 'set d' 'set d/g')"
}

@test "auto_inherit errors are reported per file" {
	need_richacl
	[ -n "$RICHACL_SHIM" ] || skip "needs the shim to store a bad value"
	mkdir d
	mkauto d/bad 'flags:a owner@:rw::allow'
	mkauto d/good 'flags:a owner@:rw::allow'
	corrupt d/bad
	run setrichacl --set "$PARENT" d
	expect_status 1
	expect_output 'setrichacl: d/bad: Invalid argument'
	run getrichacl --unaligned d/good
	expect_output "$(printf '%s\n' 'd/good:' 'flags:a' 'owner@:rw::allow' \
		'user:nobody:r:a:allow' '')"
}
