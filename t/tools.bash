# SPDX-License-Identifier: GPL-2.0-or-later
# Shared by the bats files of getrichacl and setrichacl: `load tools`.
#
# The host kernel has no RichACL support; there the tools run under the
# LD_PRELOAD shim t/fake-xattr.so, which emulates system.richacl.
#
#   RICHACL_SHIM	the shim (default: the build's t/.libs/fake-xattr.so
#			when it exists); set it to the empty string to test
#			the real kernel, e.g. in the guest.
#
# Each test gets its own attribute store ($FAKE_XATTR_DIR) and a log of the
# attribute writes ($FAKE_XATTR_LOG, see writes below).

load common

eval "common_$(declare -f setup)"
eval "common_$(declare -f teardown)"

if [ -z "${RICHACL_SHIM+set}" ]; then
	RICHACL_SHIM=${RICHACL_BUILDDIR:-.}/t/.libs/fake-xattr.so
	[ -e "$RICHACL_SHIM" ] || RICHACL_SHIM=
fi

setup() {
	common_setup || return
	shim_env=()
	[ -n "$RICHACL_SHIM" ] || return 0
	FAKE_XATTR_DIR=$TESTDIR.xattr
	FAKE_XATTR_LOG=$TESTDIR.log
	mkdir "$FAKE_XATTR_DIR" && : > "$FAKE_XATTR_LOG" || return
	export FAKE_XATTR_DIR FAKE_XATTR_LOG
	# In a sanitizer build the shim needs the ASan runtime, which must
	# come first; preload it explicitly.
	local preload=$RICHACL_SHIM asan
	asan=$(ldd "$RICHACL_SHIM" 2>/dev/null |
		sed -n 's/^[[:space:]]*libasan[^ ]* => \([^ ]*\).*/\1/p')
	[ -z "$asan" ] || preload="$asan $preload"
	local libs=$RICHACL_BUILDDIR/lib/.libs
	local asan_options=verify_asan_link_order=0
	shim_env=(
		LD_PRELOAD="$preload"
		LD_LIBRARY_PATH="$libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
		ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}$asan_options"
	)
}

teardown() {
	common_teardown
	if [ -n "$RICHACL_SHIM" ]; then
		rm -rf "$TESTDIR.xattr" "$TESTDIR.log"
	fi
}

# Run a tool, under the shim when there is one: the real binary behind the
# build's wrapper script, so that the preloaded shim (and ASan runtime)
# reach the tool alone.  libtool names that binary; it does not run it,
# because it would read every file named on the tool's command line (to
# see if it is a wrapper script too), seconds for a thousand files.
# The binary of each tool is asked for once per test (libtool is a long
# shell script: a tenth of a second a call).
declare -gA shim_tools=()
with_shim() {
	if [ ${#shim_env[@]} -gt 0 ]; then
		local tool=${shim_tools[$1]-}
		if [ -z "$tool" ]; then
			tool=$(type -P "$1") &&
				tool=$("$LIBTOOL" --mode=execute echo "$tool") ||
				return 127
			shim_tools[$1]=$tool
		fi
		shift
		env "${shim_env[@]}" "$tool" "$@"
	else
		command "$@"
	fi
}

getrichacl() { with_shim getrichacl "$@"; }
setrichacl() { with_shim setrichacl "$@"; }
# bats `run` does not look through functions for `command`; these do.
real_getrichacl() { command getrichacl "$@"; }
real_setrichacl() { command setrichacl "$@"; }

# True when RichACLs can be stored here: under the shim, or on a kernel
# and file system that support them.
richacl_supported() {
	[ -n "$RICHACL_SHIM" ] && return 0
	local probe=$TESTDIR/.probe ret
	: > "$probe"
	if command setrichacl --set 'owner@:rwp::allow u:0:r::allow' \
			"$probe" 2>/dev/null; then
		ret=0
	else
		ret=1
	fi
	rm -f "$probe"
	return $ret
}

need_richacl() {
	richacl_supported || skip "no RichACL support (kernel or shim)"
}

# The attribute writes logged by the shim since the test started ("set
# PATH" or "remove PATH", one per line, paths below the test directory
# relative to it); empty without the shim.
writes() {
	[ -z "$RICHACL_SHIM" ] && return
	local top
	top=$(cd "$TESTDIR" && pwd -P)
	sed "s|^\([a-z]*\) $top/|\1 |" "$FAKE_XATTR_LOG"
}

# Forget the writes logged so far.
clear_writes() {
	[ -z "$RICHACL_SHIM" ] || : > "$FAKE_XATTR_LOG"
}

# Tests of a kernel without RichACL support (the host) run the tools
# without the shim; elsewhere they are skipped.
need_no_kernel_richacl() {
	local probe=$TESTDIR/.probe ret
	: > "$probe"
	if command setrichacl --set 'owner@:rwp::allow u:0:r::allow' \
			"$probe" 2>/dev/null; then
		ret=0
	else
		ret=1
	fi
	rm -f "$probe"
	[ $ret -ne 0 ] || skip "the kernel supports RichACLs"
}

# expect_writes EXPECTED: the shim logged exactly these writes.
expect_writes() {
	local output
	output=$(writes)
	expect_output "$1"
}
