#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# richacl-vm's locks: builds from one kernel source run side by side (an
# hours-long --debian-config build does not hold up the test kernel), a
# build tree has one builder, and the series is re-applied to the source
# only when no build reads it.  Its own functions, sourced, on lock files
# in a scratch directory; reapply_series is replaced by a stand-in that
# only writes the stamp.

load common

# vm SCRIPT: SCRIPT run with richacl-vm's functions, the source tree in
# ./src; its messages on stderr.
vm() {
	bash -c 'set -eu
		source "$1"
		srctree=$PWD/src
		reapply_series() {
			echo "$1" >"$srctree/.git/richacl-series"
			echo "reapplied $1" >&2
		}
		eval "$2"' _ "$RICHACL_SRCDIR/richacl-vm" "$1"
}

# until_file FILE: wait (10 s at most) for FILE to exist and not be empty.
until_file() {
	local i
	for i in $(seq 200); do
		[ ! -s "$1" ] || return 0
		sleep 0.05
	done
	echo "# $1: still empty after 10 s" >&2
	return 1
}

# hold MODE FILE: another process holds FILE's lock (flock MODE) until
# ./release exists.
hold() {
	(
		exec 7>"$2"
		flock "$1" 7
		echo held >held
		while [ ! -e release ]; do sleep 0.05; done
	) 3>&- &
	holder=$!
	until_file held
}

# waiter SCRIPT: vm SCRIPT in the background, its messages and then
# "done" in ./log; returns once it says something.
waiter() {
	( vm "$1" 2>>log; echo done >>log ) 3>&- &
	waiting=$!
	until_file log
}

# release: the holder lets go; the waiter ends.
release() {
	touch release
	wait "$holder"
	wait "$waiting"
}

setup() {
	TESTDIR=$(mktemp -d "${BATS_TMPDIR:-/tmp}/richacl.XXXXXX")
	cd "$TESTDIR" || return 1
	mkdir -p src/.git tree
}

teardown() {
	touch "$TESTDIR/release" 2>/dev/null
	wait
	cd / && rm -rf "$TESTDIR"
}

@test "a free build tree is taken at once, without a word" {
	run timeout 10 bash -c "$(declare -f vm); vm 'lock_build \$PWD/tree; echo taken'"
	expect_status 0
	expect_output "taken"
}

@test "a build tree in use: the second waits, says so, and builds after" {
	hold -x tree.lock
	waiter 'lock_build $PWD/tree'
	kill -0 "$waiting"
	[ "$(cat log)" = "richacl-vm: waiting: another richacl-vm builds in tree" ]
	release
	[ "$(cat log)" = "richacl-vm: waiting: another richacl-vm builds in tree
done" ]
}

@test "two build trees do not wait for each other" {
	hold -x tree.lock
	mkdir debug
	run timeout 10 bash -c "$(declare -f vm); vm 'lock_build \$PWD/debug; echo taken'"
	expect_status 0
	expect_output "taken"
}

@test "builds share the source: the second does not wait" {
	hold -s src.lock
	echo k1 >src/.git/richacl-series
	run timeout 10 bash -c "$(declare -f vm); vm 'lock_source; apply_series k1; echo built'"
	expect_status 0
	expect_output "built"
}

@test "another series waits for the builds to end, then is applied" {
	hold -s src.lock
	echo k1 >src/.git/richacl-series
	waiter 'lock_source; apply_series k2'
	kill -0 "$waiting"
	[ "$(cat log)" = "richacl-vm: waiting: other richacl-vm runs build from the kernel source" ]
	[ "$(cat src/.git/richacl-series)" = k1 ]
	release
	[ "$(cat log)" = "richacl-vm: waiting: other richacl-vm runs build from the kernel source
reapplied k2
done" ]
	[ "$(cat src/.git/richacl-series)" = k2 ]
}

@test "a build waits while the source is being changed" {
	hold -x src.lock
	waiter 'lock_source'
	kill -0 "$waiting"
	[ "$(cat log)" = "richacl-vm: waiting: another richacl-vm changes the kernel source" ]
	release
	[ "$(cat log)" = "richacl-vm: waiting: another richacl-vm changes the kernel source
done" ]
}

@test "a series applied while it waited is not applied again" {
	hold -s src.lock
	echo k1 >src/.git/richacl-series
	waiter 'lock_source; apply_series k2'
	echo k2 >src/.git/richacl-series
	release
	[ "$(cat log)" = "richacl-vm: waiting: other richacl-vm runs build from the kernel source
done" ]
}
