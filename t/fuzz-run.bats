#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# fuzz/run, the fuzz targets' runner that ./run-tests counts: its usage
# errors, a clean run, and a crash reported with the input that replays
# it (the selftest target aborts on its seed "boom").  Needs clang, which
# ./run-tests installs.

load common

fuzz_run() {
	"$RICHACL_SRCDIR/fuzz/run" --build-dir "$BATS_FILE_TMPDIR/fuzz" "$@"
}

@test "clang is there: fuzz/run needs it" {
	command -v clang
}

@test "usage errors name what is wrong, exit 1" {
	run fuzz_run --time 0
	expect_status 1
	expect_output "fuzz/run: --time: '0' is not a positive number of seconds"
	run fuzz_run nosuch
	expect_status 1
	expect_output "fuzz/run: no such target 'nosuch' (fuzz/nosuch.c)"
	run fuzz_run --time
	expect_status 1
	expect_output "fuzz/run: --time needs a number of seconds"
	run fuzz_run --jobs x
	expect_status 1
	expect_output "fuzz/run: --jobs: 'x' is not a positive number"
}

@test "a clean run is ok, with the number of runs" {
	run fuzz_run --time 1 xattr
	expect_status 0
	[[ ${lines[0]} = 1..1 ]]
	[[ ${lines[1]} =~ ^ok\ 1\ -\ xattr:\ [1-9][0-9]*\ runs\ in\ 1\ s,\ nothing\ found$ ]]
	[ ${#lines[@]} -eq 2 ]
}

@test "a crash is not ok, with the input and how to replay it" {
	local build=$BATS_FILE_TMPDIR/fuzz
	run fuzz_run --time 5 selftest
	expect_status 0
	[[ ${lines[0]} = 1..1 ]]
	[[ ${lines[1]} = "not ok 1 - selftest: status "*", failing input $build/artifacts/selftest/crash-"* ]]
	input=${lines[1]#*failing input }
	cmp "$input" "$RICHACL_SRCDIR/fuzz/corpus/selftest/boom"
	[[ "$output" == *"# replay: $build/selftest $input"* ]]
}

@test "targets run side by side report in the order they were named" {
	# The selftest crashes at once, xattr runs its 2 s: the first to
	# finish is still reported second.
	local build=$BATS_FILE_TMPDIR/fuzz
	run fuzz_run --time 2 --jobs 2 xattr selftest
	expect_status 0
	[ "${lines[0]}" = 1..2 ]
	[[ ${lines[1]} =~ ^ok\ 1\ -\ xattr:\ [1-9][0-9]*\ runs\ in\ 2\ s,\ nothing\ found$ ]]
	[[ ${lines[2]} = "not ok 2 - selftest: status "*", failing input $build/artifacts/selftest/crash-"* ]]
}
