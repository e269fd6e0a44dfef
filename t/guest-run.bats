#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# t/guest/run, the guest's TAP runner, on fake suites: each suite keeps its
# own plan, and a TAP driver that crashes or prints no plan is a failure.

load common

# A copy of t/guest/run beside the fake suites it globs for.
setup() {
	TESTDIR=$(mktemp -d "${BATS_TMPDIR:-/tmp}/richacl.XXXXXX")
	cd "$TESTDIR" || return 1
	mkdir guest start
	cp "$RICHACL_SRCDIR/t/guest/run" guest/run
	# (printf: this file's own @test lines would be taken as its tests)
	printf '%s\n' '@test "one" { true; }' '@test "two" { true; }' >guest/a.bats
}

# guest_run [VAR=VALUE...] ARGS: the copied runner, outside this bats's
# own environment (a nested bats would otherwise take the outer test's
# variables, and bats's own libexec directory on PATH), with VAR=VALUE.
guest_run() {
	local path vars=()
	while [[ ${1-} == *=* ]]; do
		vars+=("$1")
		shift
	done
	path=$(printf '%s' "$PATH" | tr : '\n' | grep -v bats-core | paste -sd:)
	env -i PATH="$path" TMPDIR="$TESTDIR" "${vars[@]}" "$TESTDIR/guest/run" "$@"
}

driver() {	# driver NAME BODY: an executable TAP driver guest/NAME.tap
	printf '#!/bin/bash\n%s\n' "$2" >"guest/$1.tap"
	chmod +x "guest/$1.tap"
}

@test "bats suites and TAP drivers each print their own plan" {
	driver good 'echo 1..2; echo "ok 1 - x"; echo "not ok 2 - y"'
	cd start
	run guest_run
	expect_status 0
	expect_output "1..2
ok 1 one
ok 2 two
1..2
ok 1 - x
not ok 2 - y"
}

@test "a TAP driver runs in the directory the command started in" {
	driver where 'echo 1..1; echo "ok 1 - $PWD"'
	cd start
	run guest_run where.tap
	expect_status 0
	expect_output "1..1
ok 1 - $TESTDIR/start"
}

@test "a TAP driver that crashes after its plan adds a failure" {
	driver crash 'echo 1..3; echo "ok 1 - x"; kill -SEGV $$'
	run guest_run crash.tap
	expect_status 1
	expect_output "1..3
ok 1 - x
1..1
not ok 1 - crash.tap exited with status 139"
}

@test "a TAP driver that prints no plan adds a failure" {
	driver mute 'echo "ok 1 - x"'
	run guest_run mute.tap
	expect_status 1
	expect_output "ok 1 - x
1..1
not ok 1 - mute.tap printed no plan (status 0)"
}

@test "a missing suite is a failure, an unknown kind a usage error" {
	run guest_run nosuch.tap
	expect_status 1
	expect_output "1..1
not ok 1 - nosuch.tap: no such suite"
	run guest_run README
	expect_status 2
	expect_output "t/guest/run: README: not a .bats or .tap suite"
}

@test "kernel-log.tap, the judge of all the others, runs last" {
	rm guest/a.bats
	driver kernel-log 'echo 1..1; echo "ok 1 - log"'
	driver zz 'echo 1..1; echo "ok 1 - zz"'
	run guest_run
	expect_status 0
	expect_output "1..1
ok 1 - zz
1..1
ok 1 - log"
}

@test "the file system suites run on the ext4s, then on the xfs ones, named so" {
	rm guest/a.bats
	# (the names of two file system suites; printf as above)
	printf '%s\n' '@test "mnt" { echo "$RICHACL_FS $RICHACL_MNT $PLAIN_MNT" >&3; }' \
		>guest/posix.bats
	driver perm-matrix 'echo 1..1; echo "ok 1 - $RICHACL_FS $RICHACL_MNT $RICHACL_BIG_MNT $PLAIN_MNT"'
	driver zz 'echo 1..1; echo "ok 1 - $RICHACL_MNT"'
	run guest_run RICHACL_MNT=/e RICHACL_BIG_MNT=/eb PLAIN_MNT=/pe \
		RICHACL_XFS_MNT=/x PLAIN_XFS_MNT=/px
	expect_status 0
	expect_output "1..1
ext4 /e /pe
ok 1 [ext4] mnt
1..1
ok 1 - [ext4] ext4 /e /eb /pe
1..1
xfs /x /px
ok 1 [xfs] mnt
1..1
ok 1 - [xfs] xfs /x /x /px
1..1
ok 1 - /e"
}

@test "a failure on xfs alone says [xfs]; a driver crashing there fails the run" {
	rm guest/a.bats
	driver perm-diff '[ "$RICHACL_FS" = ext4 ] && r=ok || r="not ok"; echo 1..1; echo "$r 1 - x"'
	run guest_run perm-diff.tap
	expect_status 0
	expect_output "1..1
ok 1 - [ext4] x
1..1
not ok 1 - [xfs] x"
	driver perm-diff '[ "$RICHACL_FS" = ext4 ] || exit 3; echo 1..1; echo "ok 1 - x"'
	run guest_run perm-diff.tap
	expect_status 1
	expect_output "1..1
ok 1 - [ext4] x
1..1
not ok 1 - perm-diff.tap printed no plan (status 3)"
}
