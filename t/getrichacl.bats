#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# getrichacl: what it shows for files with and without a RichACL.

load tools

# mkfile NAME MODE: a regular file with exactly that mode (umask aside).
mkfile() {
	: > "$1" && chmod "$2" "$1"
}

mkdir_mode() {
	mkdir "$1" && chmod "$2" "$1"
}

@test "a file of mode 0755 without a RichACL shows the acl of its mode" {
	mkfile f 0755
	run getrichacl f
	expect_status 0
	expect_output "$(printf '%s\n' \
		'f:' \
		'    owner@:rwpx---------::allow' \
		' everyone@:r--x---------::allow' \
		'')"
}

@test "mode 0640" {
	mkfile g 0640
	run getrichacl g
	expect_status 0
	expect_output "$(printf '%s\n' \
		'g:' \
		' owner@:rwp----------::allow' \
		' group@:r------------::allow' \
		'')"
}

@test "mode 0644 and mode 0600" {
	mkfile a 0644
	mkfile b 0600
	run getrichacl a b
	expect_status 0
	expect_output "$(printf '%s\n' \
		'a:' \
		'    owner@:rwp----------::allow' \
		' everyone@:r------------::allow' \
		'' \
		'b:' \
		' owner@:rwp----------::allow' \
		'')"
}

@test "--raw shows the stored masks and sixteen columns (mode 0604)" {
	mkfile f 0604
	run getrichacl --raw f
	expect_status 0
	expect_output "$(printf '%s\n' \
		'f:' \
		'     owner:rwp-------------::mask' \
		'     group:----------------::mask' \
		'     other:r---------------::mask' \
		'    owner@:rwp-------------::allow' \
		'    group@:r---------------::deny' \
		' everyone@:r---------------::allow' \
		'')"
}

@test "--full shows the always allowed permissions too" {
	mkfile f 0640
	run getrichacl --full f
	expect_status 0
	expect_output "$(printf '%s\n' \
		'f:' \
		' owner@:rwp-------------::allow' \
		' group@:r---------------::allow' \
		'')"
}

@test "a directory shows delete_child with write" {
	mkdir_mode d 0755
	run getrichacl d
	expect_status 0
	expect_output "$(printf '%s\n' \
		'd:' \
		'    owner@:rwpxd--------::allow' \
		' everyone@:r--x---------::allow' \
		'')"
}

@test "group@ allows the whole group class, as in 2015 (mode 0031)" {
	mkfile f 0031
	mkdir_mode d 0775
	run getrichacl f d
	expect_status 0
	expect_output "$(printf '%s\n' \
		'f:' \
		'    owner@:-wpx---------::deny' \
		'    group@:-wpx---------::allow' \
		' everyone@:---x---------::allow' \
		'' \
		'd:' \
		'    owner@:rwpxd--------::allow' \
		'    group@:rwpxd--------::allow' \
		' everyone@:r--x---------::allow' \
		'')"
}

# every_mode OPTION...: getrichacl with OPTIONs prints for files and
# directories of all 512 modes without an acl what the 2015 tools print
# (t/from-mode-rule works it out from the mode, without librichacl).  Only
# the first differences are shown.
every_mode() {
	local want
	from-mode-rule create || return
	want=$(from-mode-rule show "$@" f* d*) || return
	run getrichacl "$@" f* d*
	expect_status 0 || return
	if [ "$output" != "$want" ]; then
		diff -u <(printf '%s\n' "$want") <(printf '%s\n' "$output") |
			sed '1,2d;s/^/# /' | head -n 40 >&2
		return 1
	fi
}

@test "every mode, files and directories: the acl the 2015 tools show" {
	every_mode
}

@test "every mode with --long" {
	every_mode --long
}

@test "every mode with --full" {
	every_mode --full
}

@test "every mode with --raw" {
	every_mode --raw
}

@test "every mode with --unaligned" {
	every_mode --unaligned
}

@test "every mode with --numeric-ids" {
	every_mode --numeric-ids
}

@test "every mode with --raw --long --unaligned" {
	every_mode --raw --long --unaligned
}

@test "every mode with --full --unaligned --numeric-ids" {
	every_mode --full --unaligned --numeric-ids
}

@test "--long uses long names; directories their own ones" {
	mkfile f 0640
	mkdir_mode d 0750
	run getrichacl --long f d
	expect_status 0
	expect_output "$(printf '%s\n' \
		'f:' \
		' owner@:read_data/write_data/append_data::allow' \
		' group@:read_data::allow' \
		'' \
		'd:' \
		' owner@:list_directory/add_file/add_subdirectory/execute/delete_child::allow' \
		' group@:list_directory/execute::allow' \
		'')"
	run getrichacl -l f
	expect_status 0
	expect_output "$(printf '%s\n' \
		'f:' \
		' owner@:read_data/write_data/append_data::allow' \
		' group@:read_data::allow' \
		'')"
}

@test "--unaligned drops the justification and the padding" {
	mkfile f 0755
	run getrichacl --unaligned f
	expect_status 0
	expect_output "$(printf '%s\n' \
		'f:' \
		'owner@:rwpx::allow' \
		'everyone@:rx::allow' \
		'')"
}

@test "--access shows what the caller may do" {
	mkfile f 0640
	mkdir_mode d 0751
	run getrichacl --access f d
	expect_status 0
	expect_output "$(printf '%s\n' 'rwp  f' 'rwpxd  d')"
	run getrichacl -a f
	expect_status 0
	expect_output 'rwp  f'
}

@test "--access=USER shows what another user may do, - for nothing" {
	mkfile f 0640
	mkfile g 0604
	mkdir_mode d 0751
	run getrichacl --access=nobody f g d
	expect_status 0
	expect_output "$(printf '%s\n' '-  f' 'r  g' 'x  d')"
	run getrichacl -a=nobody g
	expect_status 0
	expect_output 'r  g'
	run getrichacl -anobody g
	expect_status 0
	expect_output 'r  g'
	run getrichacl --access=65534 --long d
	expect_status 0
	expect_output 'execute  d'
}

@test "--access=USER:GROUP counts USER as a member of GROUP" {
	mkfile f 0640
	chgrp daemon f
	run getrichacl --access=nobody:daemon f
	expect_status 0
	expect_output 'r  f'
	run getrichacl --access=nobody:1 f
	expect_status 0
	expect_output 'r  f'
	run getrichacl --access=nobody:root f
	expect_status 0
	expect_output '-  f'
}

@test "--access with an unknown user or group is a usage error" {
	mkfile f 0640
	run getrichacl --access=no-such-user-here f
	expect_status 2
	expect_output "getrichacl: unknown user 'no-such-user-here'"
	run getrichacl --access=nobody:no-such-group-here f
	expect_status 2
	expect_output "getrichacl: unknown group 'no-such-group-here'"
}

@test "a missing file is an error; the other files are still shown" {
	mkfile f 0600
	run getrichacl nofile f
	expect_status 1
	expect_output "$(printf '%s\n' \
		'getrichacl: nofile: No such file or directory' \
		'f:' \
		' owner@:rwp----------::allow' \
		'')"
	run getrichacl --access f nofile
	expect_status 1
	expect_output "$(printf '%s\n' 'rwp  f' \
		'getrichacl: nofile: No such file or directory')"
}

@test "a write error on standard output is an error" {
	[ -w /dev/full ] || skip "no /dev/full"
	mkfile f 0600
	to_full() { getrichacl f > /dev/full; }
	run to_full
	expect_status 1
	expect_output 'getrichacl: write error: No space left on device'
}

@test "symlinks are followed" {
	mkfile f 0640
	ln -s f link
	run getrichacl --unaligned link
	expect_status 0
	expect_output "$(printf '%s\n' 'link:' 'owner@:rwp::allow' \
		'group@:r::allow' '')"
}

@test "usage errors exit with status 2" {
	run getrichacl
	expect_status 2
	expect_output "$(printf '%s\n' 'Usage: getrichacl [OPTION]... FILE...' \
		"Try 'getrichacl --help' for more information.")"
	run getrichacl --no-such-option f
	expect_status 2
	[ "${lines[0]}" = "getrichacl: unrecognized option '--no-such-option'" ]
	[ "${lines[1]}" = 'Usage: getrichacl [OPTION]... FILE...' ]
}

@test "--help lists every option, --version the version" {
	run getrichacl --help
	expect_status 0
	[ "${lines[0]}" = 'Usage: getrichacl [OPTION]... FILE...' ]
	for opt in '-l, --long' '    --full' '    --raw' '    --unaligned' \
		   '    --numeric-ids' '-a, --access[=USER[:GROUP:...]]' \
		   '-v, --version' '-h, --help'; do
		printf '%s\n' "${lines[@]}" | grep -qF -- "  $opt " ||
			{ echo "# missing: $opt" >&2; return 1; }
	done
	run getrichacl -h
	expect_status 0
	[ "${lines[0]}" = 'Usage: getrichacl [OPTION]... FILE...' ]
	run getrichacl --version
	expect_status 0
	[[ $output =~ ^getrichacl\ \(richacl\)\ [0-9] ]]
	run getrichacl -v
	expect_status 0
	[[ $output =~ ^getrichacl\ \(richacl\)\ [0-9] ]]
}

@test "a file with a POSIX ACL is an error" {
	command -v setfacl >/dev/null || skip "setfacl (package acl) not installed"
	mkfile f 0640
	setfacl -m u:nobody:r f || skip "no POSIX ACL support here"
	mkfile g 0600
	run getrichacl f g
	expect_status 1
	expect_output "$(printf '%s\n' \
		'getrichacl: f: file has a POSIX ACL' \
		'g:' \
		' owner@:rwp----------::allow' \
		'')"
	mkdir d
	setfacl -d -m u:nobody:r d
	run getrichacl --access d
	expect_status 1
	expect_output 'getrichacl: d: file has a POSIX ACL'
}

@test "a stored acl: masks applied by default, as stored with --raw" {
	need_richacl
	mkfile f 0640
	setrichacl --set 'owner:rwp::mask group:r::mask other:::mask
		user:nobody:rw::allow everyone@:r::allow flags:m' f
	# Only everyone@ grants the owner anything: r.  The group mask
	# takes w from nobody; the other mask takes r from the others.
	run getrichacl f
	expect_status 0
	expect_output "$(printf '%s\n' \
		'f:' \
		' user:nobody:r------------::allow' \
		'      owner@:r------------::allow' \
		'      group@:r------------::allow' \
		'' )"
	run getrichacl --raw --numeric-ids f
	expect_status 0
	expect_output "$(printf '%s\n' \
		'f:' \
		'      flags:m' \
		'      owner:rwp-------------::mask' \
		'      group:r---------------::mask' \
		'      other:----------------::mask' \
		' user:65534:rw--------------::allow' \
		'  everyone@:r---------------::allow' \
		'' )"
	run getrichacl --access=nobody f
	expect_output 'r  f'
	run getrichacl --access=bin f
	expect_output '-  f'
}

@test "--access of a stored acl" {
	need_richacl
	mkfile f 0600
	setrichacl --set 'user:nobody:rx::allow owner@:rwp::allow' f
	run getrichacl --access=nobody f
	expect_status 0
	expect_output 'rx  f'
	run getrichacl --access f
	expect_status 0
	expect_output 'rwp  f'
}

# ---- names, the dump form, -R ----

@test "names with a newline or a backslash are quoted as getfacl does" {
	mkfile $'a\nb' 0600
	mkfile 'c\d' 0600
	run getrichacl --unaligned $'a\nb' 'c\d'
	expect_status 0
	expect_output "$(printf '%s\n' 'a\012b:' 'owner@:rwp::allow' '' \
		'c\134d:' 'owner@:rwp::allow' '')"
	run getrichacl --access=0 $'a\nb'
	expect_status 0
	[[ $output == *'  a\012b' ]]
}

@test "--dump: owner, group, special bits, the stored acl with its masks" {
	mkfile f 4640
	local u g
	u=$(id -u) g=$(id -g)
	run getrichacl --dump --numeric-ids --unaligned f
	expect_status 0
	expect_output "$(printf '%s\n' '# file: f' "# owner: $u" \
		"# group: $g" '# flags: s--' \
		'owner:rwp::mask' 'group:r::mask' 'other:::mask' \
		'owner@:rwp::allow' 'group@:r::allow' '')"
	mkdir_mode d 3755
	run getrichacl --dump --numeric-ids d
	expect_status 0
	[ "${lines[3]}" = '# flags: -st' ]
	run getrichacl --dump --access f
	expect_status 2
	[ "${lines[0]}" = 'getrichacl: --access and --dump cannot be combined' ]
}

@test "-R: directories before what they hold, each file once, in the dump form" {
	mkdir_mode t 0750
	mkdir_mode t/sub 0700
	mkfile t/sub/x 0600
	mkfile t/y 0644
	run getrichacl -R --numeric-ids t
	expect_status 0
	local files
	files=$(grep '^# file: ' <<<"$output" | sort)
	[ "$files" = "$(printf '%s\n' '# file: t' '# file: t/sub' \
		'# file: t/sub/x' '# file: t/y')" ]
	[ "${lines[0]}" = '# file: t' ]
	grep -qx '     owner:rwp-------------::mask' <<<"$output"
	run getrichacl -R --access=0 t
	expect_status 0
	[ "${#lines[@]}" = 4 ]
}

@test "-R follows symlinks named on the command line only; -L all; -P none" {
	mkdir_mode t 0700
	mkdir_mode elsewhere 0700
	mkfile elsewhere/secret 0600
	ln -s ../elsewhere t/link
	ln -s t top
	run getrichacl -R top
	expect_status 0
	[ "$(grep -c '^# file: ' <<<"$output")" = 1 ]
	[ "${lines[0]}" = '# file: top' ]
	run getrichacl -R -L top
	expect_status 0
	grep -qx '# file: top/link/secret' <<<"$output"
	run getrichacl -R -P top
	expect_status 0
	expect_output ''
	run getrichacl -R -P t
	expect_status 0
	[ "$(grep -c '^# file: ' <<<"$output")" = 1 ]
}

@test "-R -L: a directory loop is reported, not entered; the walk goes on" {
	mkdir_mode t 0700
	ln -s . t/self
	mkfile t/z 0600
	run getrichacl -R -L t
	expect_status 1
	grep -qx 'getrichacl: t/self: directory loop, not entered' <<<"$output"
	grep -qx '# file: t/z' <<<"$output"
}

# count_lookups ARGS...: getrichacl ARGS with t/count-lookups.so preloaded
# (before the shim, when there is one); the counts of uid and gid look-ups
# and of system.richacl reads in ./counts.
count_lookups() {
	local counter=${RICHACL_BUILDDIR:-.}/t/.libs/count-lookups.so
	local env=() e tool
	for e in "${shim_env[@]}"; do
		case $e in LD_PRELOAD=*) e=${e/"$RICHACL_SHIM"/"$counter $RICHACL_SHIM"} ;; esac
		env+=("$e")
	done
	[ ${#env[@]} -gt 0 ] || env=(LD_PRELOAD="$counter")
	tool=$(type -P getrichacl) &&
		tool=$("$LIBTOOL" --mode=execute echo "$tool") || return 127
	env "${env[@]}" COUNT_LOOKUPS="$PWD/counts" "$tool" "$@"
}

@test "each user and group is looked up once, each ACL read once" {
	# make check builds the counting shim; the guest's build does not.
	[ -e "${RICHACL_BUILDDIR:-.}/t/.libs/count-lookups.so" ] ||
		[ -n "$RICHACL_SHIM" ] || skip "no t/count-lookups.so here"
	richacl_supported || skip "no RichACL support here"
	local i acl='owner@:rw::allow user:0:r::allow group:0:r::allow'
	acl+=' user:65534:r::allow group:65534:w::allow user:65534:x::deny'
	mkdir_mode t 0755
	for i in $(seq 40); do mkfile "t/f$i" 0640; done
	run setrichacl --set "$acl" t/f*
	expect_status 0
	run count_lookups t/f*
	expect_status 0
	[ "$(grep -c '^ *user:root:' <<<"$output")" = 40 ]
	[ "$(grep -c '^ *group:nogroup:' <<<"$output")" = 40 ]
	# And one read of each file's ACL.
	run cat counts
	expect_output "uid 2
gid 2
getxattr 40"
	# The dump adds each file's owner and group: a few more ids at most.
	run count_lookups -R t
	expect_status 0
	[ "$(grep -c '^# owner: ' <<<"$output")" = 41 ]
	local uids gids
	uids=$(printf '%s\n' 0 65534 "$(stat -c %u t t/f1)" | sort -u | wc -l)
	gids=$(printf '%s\n' 0 65534 "$(stat -c %g t t/f1)" | sort -u | wc -l)
	run cat counts
	expect_output "uid $uids
gid $gids
getxattr 41"
}

@test "-R goes down a tree deeper than the soft limit on open files allows" {
	local p=deep i
	for i in $(seq 100); do p+=/d; done
	mkdir -p "$p" && : > "$p/leaf"
	# Two descriptors a level: 64 would stop the walk some 30 levels down.
	local status=0
	(ulimit -Sn 64 && getrichacl -R --numeric-ids deep) > out 2> err ||
		status=$?
	run cat err
	expect_output ''
	[ $status = 0 ]
	[ "$(grep -c '^# file: ' out)" = 102 ]
	grep -qx "# file: $p/leaf" out
}
