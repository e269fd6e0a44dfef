#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# The library benchmark keeps working: bench/run --host at the tiny size
# prints every row of its table.  Never judges the timing.

load common

@test "bench/run --host --size tiny prints the whole library table" {
	run "$RICHACL_SRCDIR/bench/run" --host --size tiny --out "$TESTDIR/out.txt"
	expect_status 0
	local acl op
	for acl in typical maximal; do
		for op in 'text parse\+format' 'text parse' 'text format' \
			'xattr encode\+decode' 'clone \(baseline\)' \
			'clone\+apply-masks' inherit; do
			# name, operation, entries, iterations, ns/op, ops/s, bytes
			grep -Eq "^$acl +$op +[0-9]+ +[0-9]+ +[0-9.]+ +[0-9]+ +[0-9]+\$" \
				<<<"$output" || { echo "# no row: $acl $op" >&2; return 1; }
		done
	done
	grep -Eq '^typical +text parse +5 ' <<<"$output"
	grep -Eq '^maximal +text parse +5460 ' <<<"$output"
	grep -Eq '^peak resident memory: [0-9]+ KiB$' <<<"$output"
	# The instruction counts: every loop, in order, a whole number each;
	# none from a sanitizer build, which valgrind cannot run.
	if grep -q -- '-fsanitize' "$RICHACL_BUILDDIR/Makefile"; then
		[ "$(tail -n 1 <<<"$output")" = "== library: no instruction counts from a sanitizer build ==" ]
		return
	fi
	local counts
	counts=$(sed -n '/^== library: librichacl, instructions\/op (callgrind; deterministic) ==$/,$p' <<<"$output" |
		sed -n '3,$p' | awk '{ $NF = ($NF ~ /^[0-9]+$/ && $NF > 0) ? "N" : "BAD"; print }')
	[ "$counts" = "$(for acl in typical maximal; do
		for op in 'text parse+format' 'text parse' 'text format' \
			'xattr encode+decode' 'clone (baseline)' 'clone+apply-masks' \
			compute-max-masks equiv-mode inherit; do
			echo "$acl $op N"
		done
	done)" ] || { echo "# instruction table:" >&2; echo "$output" >&2; return 1; }
	# --out holds the same tables.
	[ "$(cat "$TESTDIR/out.txt")" = "$output" ]
}

@test "bench/run rejects a bad size or file system, and the kernel part outside the guest" {
	run "$RICHACL_SRCDIR/bench/run" --size huge
	expect_status 2
	expect_output "usage: bench/run [--host] [--size tiny|full] [--kernel-only] [--fs LIST] [--out FILE]"
	run "$RICHACL_SRCDIR/bench/run" --fs ext4,zfs
	expect_status 2
	expect_output "usage: bench/run [--host] [--size tiny|full] [--kernel-only] [--fs LIST] [--out FILE]"
	RICHACL_MNT= PLAIN_MNT= run "$RICHACL_SRCDIR/bench/run" --size tiny
	expect_status 1
	[[ "$output" == *"bench/run: run me in the guest"* ]]
}

@test "richacl-libbench: usage" {
	run "$RICHACL_BUILDDIR/bench/richacl-libbench" --size 3
	expect_status 2
	expect_output "usage: richacl-libbench [--size tiny|full]"
}
