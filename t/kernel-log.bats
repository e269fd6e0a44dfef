#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# t/guest/kernel-log.tap, the guest's last suite, on kernel logs with and
# without the reports it must catch (lines as the 6.1 kernel prints them).

load common

kernel_log() {	# kernel_log LINES...: the log the driver reads
	printf '%s\n' "$@" >log
	KERNEL_LOG=$TESTDIR/log KMEMLEAK=$TESTDIR/nokmemleak \
		"$RICHACL_SRCDIR/t/guest/kernel-log.tap"
}

clean='[    0.000000] Linux version 6.1.192 (richacl@richacl-vm)
[    2.345678] EXT4-fs (vda): mounted filesystem with ordered data mode.'
ok_line='ok 1 - the kernel log has no oops, BUG, WARNING or checker report'

@test "a clean log passes" {
	run kernel_log "$clean"
	expect_status 0
	expect_output "1..1
$ok_line"
}

@test "each kind of report fails, shown as comments" {
	local report
	for report in \
		'[   12.1] WARNING: CPU: 0 PID: 93 at fs/richacl_base.c:12 richacl_alloc+0x1/0x2' \
		'[   12.1] BUG: KASAN: slab-out-of-bounds in richacl_permission+0x3c/0x1d0' \
		'[   12.1] kernel BUG at fs/ext4/richacl.c:40!' \
		'[   12.1] general protection fault, probably for non-canonical address' \
		'[   12.1] WARNING: possible circular locking dependency detected' \
		'[   12.1] BUG: sleeping function called from invalid context at mm/slab.h:1' \
		'[   12.1] WARNING: suspicious RCU usage' \
		'[   12.1] UBSAN: shift-out-of-bounds in fs/richacl_base.c:99:20' \
		'[   33.4] rcu: INFO: rcu_sched self-detected stall on CPU' \
		'[   33.4] rcu: INFO: rcu_sched detected stalls on CPUs/tasks:'
	do
		run kernel_log "$clean" "$report" '[   12.2] Call Trace:'
		expect_status 0
		[ "${lines[1]}" = "not ok 1 - ${ok_line#ok 1 - }" ] ||
			{ echo "# not caught: $report" >&2; return 1; }
		[ "${lines[2]}" = "# $report" ]
	done
}

@test "a kmemleak that refuses to scan (disabled) fails" {
	mkdir kmemleak	# exists, but cannot be written to
	printf '%s\n' "$clean" >log
	KERNEL_LOG=$TESTDIR/log KMEMLEAK=$TESTDIR/kmemleak KMEMLEAK_WAIT=0 \
		run "$RICHACL_SRCDIR/t/guest/kernel-log.tap"
	expect_status 0
	expect_output "1..2
$ok_line
not ok 2 - kmemleak finds no leak
# kmemleak refuses to scan: disabled?"
}
