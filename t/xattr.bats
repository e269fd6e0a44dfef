#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# The system.richacl value end to end, through the t/richacl-xattr helper.

load common

MASKS0='owner:::mask
group:::mask
other:::mask'

@test "encode prints the value in hex" {
	run richacl-xattr encode 'owner@:rwpx::allow'
	expect_status 0
	# header (version 0, no flags, 1 entry, masks 0), then one entry:
	# allow, special who, mask 0x27, owner@ (0)
	expect_output "$(printf '%s' \
		'00' '00' '0100' '00000000' '00000000' '00000000' \
		'0000' '0040' '27000000' '00000000')"
}

@test "unmapped names follow the entries, in entry order" {
	run richacl-xattr encode 'u:bob@X:r:u:allow owner@:w::allow g:c@Y:rw:u:deny'
	expect_status 0
	expect_output "$(printf '%s' \
		'00' '00' '0300' '00000000' '00000000' '00000000' \
		'0000' '0020' '01000000' '00000000' \
		'0000' '0040' '02000000' '00000000' \
		'0100' '4020' '03000000' '00000000' \
		'626f62405800' '63405900')"
}

@test "decode prints the acl with its masks and numeric ids" {
	run richacl-xattr decode '00 c0 0300 87010400 81000000 81000000
		0000 0040 07000000 00000000
		0000 0000 01000000 e8030000
		0100 4000 01000000 64000000'
	expect_status 0
	expect_output 'flags:mw
owner:rwpaAC::mask
group:ra::mask
other:ra::mask
owner@:rwp::allow
user:1000:r::allow
group:100:r::deny'
}

@test "encode then decode gives the acl back" {
	text='flags:a
owner:rwpx::mask
group:rx::mask
other:r::mask
user:alice@EXAMPLE.COM:rwx:fu:allow
group:4294967294:w:fdnia:deny
everyone@:rwpxdDaARWcCoSeE::allow'
	run richacl-xattr encode "$text"
	expect_status 0
	run richacl-xattr decode "$output"
	expect_status 0
	expect_output "$text"
}

@test "an empty acl is a bare header" {
	run richacl-xattr encode ''
	expect_status 0
	expect_output '00000000000000000000000000000000'
	run richacl-xattr decode "$output"
	expect_status 0
	expect_output "$MASKS0"
}

@test "decode rejects an unknown version" {
	run richacl-xattr decode '01000000000000000000000000000000'
	expect_status 1
	expect_output 'richacl-xattr: invalid value'
}

@test "decode rejects a value cut short" {
	run richacl-xattr decode '00 00 0100 00000000 00000000 00000000
		0000 0020 01000000 00000000 626f62'
	expect_status 1
	expect_output 'richacl-xattr: invalid value'
}

@test "decode rejects bytes after the last entry" {
	run richacl-xattr decode '00 00 0100 00000000 00000000 00000000
		0000 0040 01000000 02000000 00'
	expect_status 1
	expect_output 'richacl-xattr: invalid value'
}

@test "decode rejects an unknown permission bit" {
	run richacl-xattr decode '00 00 0100 00000000 00000000 00000000
		0000 0040 00080000 02000000'
	expect_status 1
	expect_output 'richacl-xattr: invalid value'
}

@test "decode rejects malformed hex" {
	run richacl-xattr decode '0'
	expect_status 1
	expect_output 'richacl-xattr: invalid hex'
}

@test "encode reports invalid text" {
	run richacl-xattr encode 'everyone@:rwz::allow'
	expect_status 1
	expect_output "richacl-xattr: 'everyone@:rwz::allow': invalid permission 'z'"
}
