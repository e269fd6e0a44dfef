#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# setrichacl: setting, modifying and removing acls, and automatic
# inheritance.  The tests marked need_richacl run under the fake-xattr shim
# on the host, or on a kernel with RichACL support (RICHACL_SHIM=).

load tools

mkfile() {
	: > "$1" && chmod "$2" "$1"
}

mkdir_mode() {
	mkdir "$1" && chmod "$2" "$1"
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
}

@test "no RichACL support: --remove finds no acl to remove, which is no error" {
	need_no_kernel_richacl
	mkfile f 0644
	run real_setrichacl --remove f
	expect_status 0
	expect_output ''
	[ "$(stat -c %a f)" = 644 ]
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
	local usage="Usage: setrichacl [-R] {--set|--modify} ACL FILE...
       setrichacl [-R] {--set-file|--modify-file} ACL_FILE FILE...
       setrichacl [-R] --remove FILE...
       setrichacl [-R] --edit FILE...
       setrichacl --propagate DIR...
       setrichacl --restore=DUMP
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
	expect_output "setrichacl: only one of --set, --set-file, --modify, --modify-file, --remove, --restore, --edit and --propagate may be given
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
	[ "${lines[0]}" = 'Usage: setrichacl [-R] {--set|--modify} ACL FILE...' ]
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
	mkdir f
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
	# d's own acl is already the one set: it is not written again.
	expect_writes 'set d/g'
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

# ---- input: empty acls, comments, several files ----

@test "--set '' is refused unless --allow-empty says so" {
	mkfile f 0644
	run setrichacl --set '' f
	expect_status 2
	expect_output "setrichacl: the ACL has no entries: it would grant nothing (mode 000); give --allow-empty if that is meant"
	[ "$(stat -c %a f)" = 644 ]
	printf '# nothing\n\n' > empty.acl
	run setrichacl --set-file empty.acl f
	expect_status 2
	[ "$(stat -c %a f)" = 644 ]
	run setrichacl --allow-empty --set '' f
	expect_status 0
	[ "$(stat -c %a f)" = 0 ]
}

@test "comments and blank lines in an acl file" {
	mkfile f 0600
	printf '%s\n' '# the acl of f' '' '  # owner first' 'owner@:rwp::allow' \
		'' 'everyone@:r::allow   ' > f.acl
	run setrichacl --set-file f.acl f
	expect_status 0
	expect_output ''
	[ "$(stat -c %a f)" = 644 ]
}

@test "the acls of several files are refused with the line where the second starts" {
	mkfile a 0640
	mkfile b 0600
	mkfile c 0600
	getrichacl a b > two.acl
	run setrichacl --set-file two.acl c
	expect_status 2
	expect_output "setrichacl: two.acl: line 5: 'b:' starts the ACL of another file; only one may be given (setrichacl --restore takes many)"
	getrichacl --dump a b > two.dump
	run setrichacl --modify-file two.dump c
	expect_status 2
	[[ $output == "setrichacl: two.dump: line "*": '# file: b' starts the ACL of another file;"* ]]
	[ "$(stat -c %a c)" = 600 ]
	# One file's dump is one acl.
	getrichacl --dump a > one.dump
	run setrichacl --set-file one.dump c
	expect_status 0
	[ "$(stat -c %a c)" = 640 ]
}

@test "an acl file that is a directory: the reason, status 2" {
	mkfile f 0600
	mkdir d
	run setrichacl --set-file d f
	expect_status 2
	expect_output 'setrichacl: d: Is a directory'
}

@test "--help shows the entry syntax and every permission" {
	run setrichacl --help
	expect_status 0
	grep -qx "An ACL entry is WHO:PERMISSIONS:FLAGS:TYPE, e.g. 'user:alice:rwx:fd:allow';" <<<"$output"
	grep -qx '    r  read_data (directories: list_directory)' <<<"$output"
	grep -qx '    S  synchronize' <<<"$output"
	[ "$(grep -c '^    [a-zA-Z]  ' <<<"$output")" = 16 ]
}

# ---- inheritance flags on files ----

@test "a file gets no inheritance flags and no inherit-only entry; a warning says so" {
	need_richacl
	mkfile f 0600
	mkdir d
	local acl='owner@:rwp:fd:allow user:nobody:r:fi:allow user:daemon:r::allow'
	run setrichacl --set "$acl" f d
	expect_status 0
	expect_output 'setrichacl: f: not a directory: inheritance flags dropped'
	run getrichacl --unaligned f d
	expect_output "$(printf '%s\n' 'f:' 'owner@:rwp::allow' \
		'user:daemon:r::allow' '' 'd:' 'owner@:rwp:fd:allow' \
		'user:nobody:r:fi:allow' 'user:daemon:r::allow' '')"
}

# ---- -R ----

@test "-R sets every file of a tree: directories as given, files without inheritance" {
	need_richacl
	mkdir -p t/sub
	mkfile t/a 0600
	mkfile t/sub/b 0600
	mkfile outside 0600
	ln -s ../outside t/link
	local acl='owner@:rwpx:fd:allow user:nobody:r:fi:allow group@:rx::allow'
	run setrichacl -R --set "$acl" t
	expect_status 0
	expect_output ''
	run getrichacl --unaligned t/sub t/sub/b outside
	expect_output "$(printf '%s\n' 't/sub:' 'owner@:rwpx:fd:allow' \
		'user:nobody:r:fi:allow' 'group@:rx::allow' '' \
		't/sub/b:' 'owner@:rwpx::allow' 'group@:rx::allow' '' \
		'outside:' 'owner@:rwp::allow' '')"
	[ "$(stat -c %a t/a)" = 750 ]
}

@test "-R --modify and -R --remove; errors are per file and the walk goes on" {
	need_richacl
	mkdir -p t/sub
	mkfile t/a 0600
	mkfile t/sub/b 0600
	run setrichacl -R --modify 'user:nobody:r::allow' t
	expect_status 0
	run getrichacl --unaligned t/sub/b
	expect_output "$(printf '%s\n' 't/sub/b:' 'owner@:rwp::allow' \
		'user:nobody:r::allow' '')"
	run setrichacl -R --remove t
	expect_status 0
	# The mode stays: the group bits are those of the mask.
	run getrichacl --unaligned t/sub/b
	expect_output "$(printf '%s\n' 't/sub/b:' 'owner@:rwp::allow' \
		'group@:r::allow' '')"
	run setrichacl -R --modify 'user:nobody:r::allow' t nonexistent
	expect_status 1
	expect_output 'setrichacl: nonexistent: No such file or directory'
}

# ---- --test ----

@test "--test changes nothing, shows what would change and exits 3; 0 once applied" {
	need_richacl
	mkdir_mode t 0700
	mkfile t/a 0600
	mkfile t/b 0644
	clear_writes
	run setrichacl --test -R --modify 'everyone@:r::allow' t/b t/a
	expect_status 3
	expect_output "$(printf '%s\n' '# file: t/a' \
		'     owner:rwp-------------::mask' \
		'     group:r---------------::mask' \
		'     other:r---------------::mask' \
		'    owner@:rwp-------------::allow' \
		' everyone@:r---------------::allow' '')"
	[ "$(stat -c %a t/a)" = 600 ]
	expect_writes ''
	run setrichacl -R --modify 'everyone@:r::allow' t
	expect_status 0
	run setrichacl --test -R --modify 'everyone@:r::allow' t
	expect_status 0
	expect_output ''
	run setrichacl --test --modify 'user:nobody:r::allow' t/a nonexistent
	expect_status 1
}

# ---- --restore ----

# mktree: a tree with every kind of entry, special bits and odd names.
mktree() {
	mkdir -p tree/sub
	mkfile tree/plain 0640
	mkfile tree/setuid 4750
	mkfile $'tree/new\nline' 0600
	mkfile 'tree/back\slash' 0600
	mkfile 'tree/sp ace ' 0644
	mkdir tree/sticky && chmod 1777 tree/sticky
	setrichacl --set 'flags:a owner@:rwpxd:fd:allow user:nobody:w::deny
		group:daemon:rx:fdi:allow everyone@:rx::allow' tree
	setrichacl --set 'owner@:rwp::allow user:nobody:r::allow
		group:daemon:w::deny group@:r::allow
		user:daemon:rwp:a:allow' $'tree/new\nline'
	setrichacl --set 'flags:p owner@:rwpxdD::allow group:nogroup:rx:d:allow
		user:nobody:x:n:deny' tree/sub
	setrichacl --set 'owner:rwp::mask group:r::mask other:::mask
		owner@:rwp::allow user:nobody:rw::allow' 'tree/back\slash'
}

@test "--restore puts back the acls, modes and special bits of a dump, byte for byte" {
	need_richacl
	mktree
	getrichacl -R tree > dump
	# Change everything.
	setrichacl -R --set 'owner@:rwpx::allow' tree
	chmod 0700 tree/setuid tree/sticky
	run getrichacl -R tree
	[ "$output" != "$(cat dump)" ]
	run setrichacl --restore=dump
	expect_status 0
	expect_output ''
	run getrichacl -R tree
	expect_output "$(cat dump)"
	[ "$(stat -c %a tree/setuid)" = 4750 ]
	[ "$(stat -c %a tree/sticky)" = 1777 ]
	# Restoring again writes nothing, and --test says so.
	clear_writes
	run setrichacl --test --restore dump
	expect_status 0
	expect_output ''
	run setrichacl --restore - < dump
	expect_status 0
	expect_writes ''
}

@test "--restore checks the whole dump first: a bad block changes nothing" {
	need_richacl
	mktree
	getrichacl -R tree > dump
	setrichacl -R --set 'owner@:rwpx::allow' tree
	getrichacl -R tree > before
	{ cat dump; printf '# file: tree/plain\nowner@:rwz::allow\n'; } > bad
	run setrichacl --restore=bad
	expect_status 2
	expect_output "setrichacl: bad: line $(( $(wc -l < dump) + 1 )): the ACL of 'tree/plain': 'owner@:rwz::allow': invalid permission 'z'"
	run getrichacl -R tree
	expect_output "$(cat before)"
	printf 'owner@:rwp::allow\n' > bad
	run setrichacl --restore=bad
	expect_status 2
	expect_output "setrichacl: bad: line 1: ACL text before the first '# file:' line: 'owner@:rwp::allow'"
	printf '# file: tree/plain\n# owner: no-such-user-here\nowner@:r::allow\n' > bad
	run setrichacl --restore=bad
	expect_status 2
	expect_output "setrichacl: bad: line 2: unknown user: 'no-such-user-here'"
	printf '# file: tree/plain\n# flags: x--\nowner@:r::allow\n' > bad
	run setrichacl --restore=bad
	expect_status 2
	expect_output "setrichacl: bad: line 2: flags are not [s-][s-][t-]: 'x--'"
	: > bad
	run setrichacl --restore=bad
	expect_status 2
	expect_output "setrichacl: bad: no '# file:' line: not a dump of getrichacl -R or --dump"
	run setrichacl --restore=dump tree
	expect_status 2
	[ "${lines[0]}" = 'setrichacl: --restore takes no FILE: the dump names the files' ]
	run setrichacl --remap-uid 1:2 --set 'owner@:r::allow' tree
	expect_status 2
	[ "${lines[0]}" = 'setrichacl: --remap-uid and --remap-gid go with --restore' ]
}

@test "--restore: a missing file is reported, the others restored" {
	need_richacl
	mktree
	getrichacl -R tree > dump
	setrichacl -R --set 'owner@:rwpx::allow' tree
	rm 'tree/back\slash'
	run setrichacl --restore=dump
	expect_status 1
	expect_output 'setrichacl: tree/back\slash: No such file or directory'
	run getrichacl --unaligned tree/sub
	[ "${lines[1]}" = 'flags:p' ]
}

@test "--remap-uid and --remap-gid move entries and owners to other ids" {
	need_richacl
	mkfile f 0600
	setrichacl --set 'owner@:rwp::allow user:1:r::allow group:2:w::deny' f
	getrichacl --dump --numeric-ids --unaligned f > dump
	sed -i 's/^user:1:/user:3:/; s/^group:2:/group:4:/' dump
	grep -q '^user:3:' dump
	run setrichacl --remap-uid 3:11 --remap-gid=4:12 --restore dump
	expect_status 0
	run getrichacl --unaligned --numeric-ids f
	expect_output "$(printf '%s\n' 'f:' 'owner@:rwp::allow' \
		'user:11:r::allow' 'group:12:w::deny' '')"
	# The owner is remapped too: no chown to the dump's 4242.
	sed -i 's/^# owner: .*/# owner: 4242/; s/^# group: .*/# group: 4343/' dump
	clear_writes
	run setrichacl --remap-uid "4242:$(id -u)" --remap-gid "4343:$(id -g)" \
		--restore dump
	expect_status 0
	[ "$(stat -c %u:%g f)" = "$(id -u):$(id -g)" ]
	run setrichacl --test --restore dump
	expect_status 3
	[ "${lines[0]}" = '# file: f' ]
	[ "${lines[1]}" = '# owner: 4242' ]
	run setrichacl --remap-uid nonsense --restore dump
	expect_status 2
	expect_output "setrichacl: --remap-uid 'nonsense': not FROM:TO with known user names or numbers"
}

# ---- --edit ----

# An "editor" that replaces the line $1 with $2 (sed), for --edit.
fake_editor() {
	printf '#!/bin/sh\nsed -i "s/^%s$/%s/" "$1"\n' "$1" "$2" > editor
	chmod +x editor
	export EDITOR=$PWD/editor VISUAL=
}

@test "--edit shows the ACL in the editor and sets it when saved changed" {
	need_richacl
	mkfile f 0640
	printf '#!/bin/sh\ncat "$1" > shown\n' > show
	chmod +x show
	EDITOR=$PWD/show VISUAL= run setrichacl --edit f
	expect_status 0
	expect_output ''
	[ "$(cat shown)" = "$(printf '%s\n' \
		"# The ACL of f.  Entries: WHO:PERMISSIONS:FLAGS:TYPE (setrichacl --help);" \
		"# lines starting with '#' are ignored.  Saved unchanged, nothing changes." \
		' owner@:rwp----------::allow' ' group@:r------------::allow')" ]
	expect_writes ''
	fake_editor ' group@:r------------::allow' 'user:nobody:r::allow'
	run setrichacl -e f
	expect_status 0
	run getrichacl --unaligned f
	expect_output "$(printf '%s\n' 'f:' 'owner@:rwp::allow' \
		'user:nobody:r::allow' '')"
}

@test "--edit: a bad edit or a failing editor changes nothing" {
	need_richacl
	mkfile f 0640
	fake_editor ' group@:r------------::allow' 'group@:rz::allow'
	run setrichacl --edit f
	expect_status 1
	expect_output "setrichacl: 'group@:rz::allow': invalid permission 'z'"
	[ "$(stat -c %a f)" = 640 ]
	EDITOR=false VISUAL= run setrichacl --edit f
	expect_status 1
	expect_output "setrichacl: the editor 'false' failed (exit status 1)"
	fake_editor ' owner@:rwp----------::allow' ''
	printf '#!/bin/sh\nsed -i "/^[^#]/d" "$1"\n' > editor
	run setrichacl --edit f
	expect_status 1
	expect_output "setrichacl: the ACL has no entries: it would grant nothing (mode 000); give --allow-empty if that is meant"
	[ "$(stat -c %a f)" = 640 ]
	expect_writes ''
}

# ---- --propagate ----

@test "--propagate gives a tree what it inherits now; protected ACLs stay; a second run changes nothing" {
	need_richacl
	mkdir -p d/sub d/s2
	mkfile d/f 0644
	mkfile d/g 0644
	mkfile d/sub/x 0644
	mkfile d/s2/y 0644
	setrichacl --set 'owner@:rwpx:fd:allow user:nobody:r:fd:allow group@:rx::allow' d
	setrichacl --set 'flags:p owner@:rwpx::allow' d/sub
	# A stale inherited entry, and an explicit one.
	setrichacl --set 'owner@:rw::allow user:daemon:r::allow user:bin:r:a:allow' d/g
	run setrichacl --propagate d
	expect_status 0
	expect_output ''
	run getrichacl --unaligned d/f d/g d/sub d/s2 d/s2/y d/sub/x
	expect_output "$(printf '%s\n' 'd/f:' 'flags:a' 'owner@:rwp::allow' \
		'everyone@:r::allow' 'owner@:rwpx:a:allow' 'user:nobody:r:a:allow' '' \
		'd/g:' 'flags:a' 'owner@:rw::allow' 'user:daemon:r::allow' \
		'owner@:rwpx:a:allow' 'user:nobody:r:a:allow' '' \
		'd/sub:' 'flags:p' 'owner@:rwpx::allow' '' \
		'd/s2:' 'flags:a' 'owner@:rwpxd::allow' 'everyone@:rx::allow' \
		'owner@:rwpx:fda:allow' 'user:nobody:r:fda:allow' '' \
		'd/s2/y:' 'flags:a' 'owner@:rwp::allow' 'everyone@:r::allow' \
		'owner@:rwpx:a:allow' 'user:nobody:r:a:allow' '' \
		'd/sub/x:' 'owner@:rwp::allow' 'everyone@:r::allow' '')"
	clear_writes
	run setrichacl --test --propagate d
	expect_status 0
	expect_output ''
	run setrichacl --propagate d
	expect_status 0
	expect_writes ''
	# The directory's entry changes: --test says where, then it is done.
	setrichacl --modify 'user:nobody:rw:fd:allow' d
	run setrichacl --test --propagate d
	expect_status 3
	[ "$(grep -c '^# file: ' <<<"$output")" = 4 ]
	setrichacl --propagate d
	run getrichacl --unaligned d/s2/y
	[ "${lines[5]}" = 'user:nobody:rw:a:allow' ]
	run setrichacl --propagate d/f
	expect_status 1
	expect_output 'setrichacl: d/f: not a directory'
	run setrichacl -R --propagate d
	expect_status 2
	[ "${lines[0]}" = 'setrichacl: --propagate takes no -R: it walks the tree itself' ]
}

@test "-R and --propagate go down a tree deeper than the soft limit on open files allows" {
	need_richacl
	local p=deep i
	for i in $(seq 100); do p+=/d; done
	mkdir -p "$p" && : > "$p/leaf"
	setrichacl --set 'owner@:rwpx:fd:allow' deep
	# Two descriptors a level: 64 would stop a walk some 30 levels down.
	(ulimit -Sn 64 && setrichacl --propagate deep && echo propagated &&
		setrichacl -R --modify 'user:nobody:r::allow' deep &&
		echo modified) > out 2>&1 || :
	run cat out
	expect_output "propagated
modified"
	run getrichacl --unaligned "$p/leaf"
	expect_output "$p/leaf:
flags:a
owner@:rwp::allow
everyone@:r::allow
user:nobody:r::allow
owner@:rwpx:a:allow"
}

@test "a tree of 200 files with every kind of entry and odd names: dump, remove, restore, byte for byte" {
	need_richacl
	local acls=(
		'owner@:rwp::allow user:nobody:r::allow group:daemon:w::deny'
		'flags:a user:nobody:rw::deny owner@:rwpxd:fd:allow everyone@:r:fd:allow'
		'flags:p owner@:rwpxdDaARWcCoSeE::allow group@:rx::allow'
		'owner:rwp::mask group:r::mask other:::mask owner@:rwp::allow user:daemon:rw::allow'
		'owner@:rw::allow user:nobody:r:a:allow group:daemon:r:a:deny'
		'flags:ad owner@:rwpx:fdi:allow group:nogroup:rx:fdn:allow everyone@:x::allow'
		'user:nobody:wp::deny group@:rwp::allow everyone@:r::allow'
		'owner@:r::allow'
	)
	local i n=0 name
	mkdir tree
	for i in $(seq 0 19); do
		mkdir "tree/d$i"
		for name in "f$i" $'new\nline'"$i" "back\\slash$i" "sp ace $i" \
			    "$(printf 'tab\t%s' "$i")" "uni-é-$i" "x$i" "y$i" "z$i"; do
			: > "tree/d$i/$name"
		done
	done
	chmod 4755 tree/d0/f0
	chmod 2750 tree/d1
	chmod 1777 tree/d2
	# The files of each acl in one call (a process per file costs much).
	local -a files0 files1 files2 files3 files4 files5 files6 files7
	while IFS= read -r -d '' name; do
		eval "files$((n % ${#acls[@]}))+=(\"\$name\")"
		n=$((n + 1))
	done < <(find tree -mindepth 1 -print0 | sort -z)
	for i in "${!acls[@]}"; do
		eval 'setrichacl --set "${acls[i]}" "${files'"$i"'[@]}"' 2>/dev/null
	done
	[ "$(find tree | wc -l)" -ge 200 ]
	getrichacl -R tree > dump
	local before
	before=$(cat dump)
	if [ -z "$RICHACL_SHIM" ]; then
		getfattr -R -h -d -m '^system.richacl$' -e hex tree > values
	fi
	tar -cf tree.tar tree
	rm -rf tree
	tar -xf tree.tar
	run getrichacl -R tree
	[ "$output" != "$before" ]
	run setrichacl --restore=dump
	expect_status 0
	expect_output ''
	run getrichacl -R tree
	expect_output "$before"
	if [ -z "$RICHACL_SHIM" ]; then
		run getfattr -R -h -d -m '^system.richacl$' -e hex tree
		expect_output "$(cat values)"
	fi
	run setrichacl --test --restore=dump
	expect_status 0
	# --test -R --modify: 3, then 0 once applied.
	run setrichacl --test -R --modify 'user:nobody:x::allow' tree
	expect_status 3
	setrichacl -R --modify 'user:nobody:x::allow' tree
	run setrichacl --test -R --modify 'user:nobody:x::allow' tree
	expect_status 0
	expect_output ''
}
