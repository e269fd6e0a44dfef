#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# getrichacl and setrichacl under valgrind: no memory errors, no leaks
# (not even reachable blocks), on the paths that allocate the most.

load tools

# vg TOOL ARGS...: run TOOL from the build under valgrind (and the shim).
vg() {
	local tool
	tool=$(type -P "$1") || return 127
	shift
	"$LIBTOOL" --mode=execute env "${shim_env[@]}" valgrind -q \
		--leak-check=full --errors-for-leak-kinds=all \
		--show-leak-kinds=all --error-exitcode=99 --num-callers=40 \
		--suppressions="$BATS_FILE_TMPDIR/dlopen.supp" "$tool" "$@"
}

setup_file() {
	command -v valgrind >/dev/null ||
		skip "valgrind not installed"
	# glibc keeps the NSS modules it loads for getpwnam() and friends
	# until exit, and so do the modules their per-thread state: reachable
	# blocks that are not ours.
	cat > "$BATS_FILE_TMPDIR/dlopen.supp" <<-'END'
	{
	   glibc-dlopen-of-nss-modules
	   Memcheck:Leak
	   match-leak-kinds: reachable
	   ...
	   fun:_dl_open
	   ...
	   fun:__libc_dlopen_mode
	}
	{
	   nss-module-state
	   Memcheck:Leak
	   match-leak-kinds: reachable
	   ...
	   obj:*/libnss_*
	}
	END
}

@test "valgrind: getrichacl of files without an acl, all views" {
	: > f
	chmod 0604 f
	mkdir d
	run vg getrichacl f d
	expect_status 0
	run vg getrichacl --raw --long --numeric-ids f d
	expect_status 0
	run vg getrichacl --access f nofile d
	expect_status 1
	run vg getrichacl --access=nobody:daemon:bin f d
	expect_status 0
	run vg getrichacl --access=no-such-user-here f
	expect_status 2
}

@test "valgrind: getrichacl of stored acls, all views" {
	need_richacl
	mkdir d
	setrichacl --set 'owner@:rwp:fd:allow user:nobody:r::allow
		group:daemon:w::deny everyone@:r::allow' d
	run vg getrichacl d
	expect_status 0
	run vg getrichacl --raw --long --numeric-ids d
	expect_status 0
	run vg getrichacl --full --unaligned d
	expect_status 0
	run vg getrichacl --access=nobody d
	expect_status 0
}

@test "valgrind: setrichacl set, modify, remove and auto_inherit" {
	need_richacl
	mkdir -p d/sub
	: > d/f
	: > d/sub/g
	setrichacl --set 'flags:a owner@:rw::allow' d/f d/sub d/sub/g
	run vg setrichacl --set 'flags:a owner@:rwpx:fd:allow
		user:nobody:r:fd:allow' d
	expect_status 0
	run vg setrichacl --modify 'user:daemon:w::deny user:nobody:::allow' \
		d/f nofile
	expect_status 1
	printf '%s\n' 'x:' 'owner@:rwp::allow' 'everyone@:r::allow' > acl
	run vg setrichacl --set-file acl d/f
	expect_status 0
	run vg setrichacl --remove d/sub/g
	expect_status 0
}

@test "valgrind: setrichacl errors" {
	: > f
	run vg setrichacl --set 'everyone@:rwz::allow' f
	expect_status 2
	run vg setrichacl --set-file nofile f
	expect_status 2
	run vg setrichacl --bogus f
	expect_status 2
}

@test "valgrind: -R, --dump, --test and --restore" {
	need_richacl
	mkdir -p t/sub
	: > t/f
	: > t/sub/g
	ln -s . t/sub/loop
	run vg setrichacl -R --set 'owner@:rwpx:fd:allow user:nobody:r:fi:allow
		group:daemon:w::deny' t
	expect_status 0
	run vg getrichacl -R -L t
	expect_status 1
	run vg getrichacl -R --numeric-ids t
	expect_status 0
	printf '%s\n' "$output" > dump
	run vg setrichacl --test -R --modify 'user:daemon:r::allow' t
	expect_status 3
	run vg setrichacl -R --remove t
	expect_status 0
	run vg setrichacl --remap-uid 1:2 --remap-gid 3:4 --restore dump
	expect_status 0
	printf '# file: t/f\nowner@:rwz::allow\n' > bad
	run vg setrichacl --restore bad
	expect_status 2
	printf '# file: t\n# owner: no-such-user-here\n' > bad
	run vg setrichacl --restore bad
	expect_status 2
	printf 'a:\nowner@:r::allow\nb:\n' > bad
	run vg setrichacl --set-file bad t/f
	expect_status 2
	printf '#!/bin/sh\necho user:nobody:w::allow >> "$1"\n' > editor
	chmod +x editor
	EDITOR=$PWD/editor VISUAL= run vg setrichacl --edit t/f t/sub
	expect_status 0
	EDITOR=false VISUAL= run vg setrichacl --edit t/f
	expect_status 1
}
