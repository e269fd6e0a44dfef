#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# The kernel source a series is made against: kernel-patches/source names
# the Debian package (linux-source-6.1), and richacl-vm builds from that
# one whatever the linux-source metapackage of the machine points at (on
# Debian 13, 6.12).  richacl-vm's own functions, sourced, on a series
# directory in a scratch directory.

load common

# vm SCRIPT: SCRIPT run with richacl-vm's functions, the series in
# ./kernel-patches; its messages on stderr.
vm() {
	bash -c 'set -eu
		source "$1"
		top=$PWD patchdir=$PWD/kernel-patches cache=$PWD/cache
		eval "$2"' _ "$RICHACL_SRCDIR/richacl-vm" "$1"
}

setup() {
	TESTDIR=$(mktemp -d "${BATS_TMPDIR:-/tmp}/richacl.XXXXXX")
	cd "$TESTDIR" || return 1
	mkdir kernel-patches
}

@test "the series of this checkout is made against linux-source-6.1" {
	run bash -c 'source "$1" && series_source' _ "$RICHACL_SRCDIR/richacl-vm"
	expect_status 0
	expect_output "linux-source-6.1"
}

@test "comments and blank lines before the name are skipped" {
	printf '# SPDX-License-Identifier: GPL-2.0\n\n# for Debian 13\nlinux-source-6.12\n' \
		>kernel-patches/source
	run vm series_source
	expect_status 0
	expect_output "linux-source-6.12"
}

@test "no kernel-patches/source: an error that says what the file is for" {
	run vm series_source
	expect_status 1
	expect_output "richacl-vm: kernel-patches/source: no such file (it names the linux-source-X the series is made against)"
}

@test "a name that is not linux-source-MAJOR.MINOR is refused, named" {
	local name
	for name in linux-source linux-source-6 linux-image-6.1 'linux-source-6.1 extra' \
		linux-source-6.1.192 '# only a comment'; do
		printf '%s\n' "$name" >kernel-patches/source
		run vm series_source
		expect_status 1
		case $name in
		'#'*) name= ;;
		esac
		expect_output "richacl-vm: kernel-patches/source: '$name' is not a linux-source-MAJOR.MINOR package name"
	done
}

@test "a source package that is not installed: named, and nothing made" {
	echo linux-source-0.1 >kernel-patches/source
	run vm kernel_source
	expect_status 1
	expect_output "richacl-vm: package linux-source-0.1 is not installed"
	[ ! -e cache ]
}

@test "--series: the messages name its directory" {
	mkdir k612
	run vm 'series_dir "$PWD/k612"; series_source'
	expect_status 1
	expect_output "richacl-vm: k612/source: no such file (it names the linux-source-X the series is made against)"
}

@test "--series with no such directory: a usage error, nothing built" {
	touch file
	for dir in none file; do
		run "$RICHACL_SRCDIR/richacl-vm" --series "$dir" --build-only
		expect_status 2
		expect_output "richacl-vm: --series $dir: no such directory"
	done
}
