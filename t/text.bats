#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# The text form end to end, through the t/richacl-text helper.

load common

@test "the default view aligns the who column and hides a, c and S" {
	run richacl-text 'owner@:rwpxaS::allow everyone@:rxc::allow'
	expect_status 0
	expect_output "$(printf '%s\n' \
		'    owner@:rwpx---------::allow' \
		' everyone@:r--x---------::allow')"
}

@test "--raw shows the masks and all sixteen columns" {
	run richacl-text --raw \
		'owner:rwp::mask other:r::mask owner@:rwp::allow,group@:r::deny,everyone@:r::allow'
	expect_status 0
	expect_output "$(printf '%s\n' \
		'     owner:rwp-------------::mask' \
		'     group:----------------::mask' \
		'     other:r---------------::mask' \
		'    owner@:rwp-------------::allow' \
		'    group@:r---------------::deny' \
		' everyone@:r---------------::allow')"
}

@test "--unaligned prints only the letters present" {
	run richacl-text --unaligned 'flags:a owner@:rwp:fd:allow group@:::deny'
	expect_status 0
	expect_output "$(printf '%s\n' \
		'flags:a' \
		'owner@:rwp:fd:allow' \
		'group@:::deny')"
}

@test "--long --dir prints directory names" {
	run richacl-text --long --dir 'flags:p owner@:rwpx:fi:allow'
	expect_status 0
	expect_output "$(printf '%s\n' \
		'  flags:protected' \
		' owner@:list_directory/add_file/add_subdirectory/execute:file_inherit/inherit_only:allow')"
}

@test "names and numbers of users and groups" {
	run richacl-text 'u:0:r::allow g:65534:w::deny'
	expect_status 0
	expect_output "$(printf '%s\n' \
		'     user:root:r------------::allow' \
		' group:nogroup:-w-----------::deny')"
	run richacl-text --numeric-ids --unaligned 'user:root:r::allow g:nogroup:w::deny'
	expect_status 0
	expect_output "$(printf '%s\n' \
		'user:0:r::allow' \
		'group:65534:w::deny')"
}

@test "an unmapped identifier is kept as a string" {
	run richacl-text --unaligned 'user:alice@EXAMPLE.COM:r:u:allow'
	expect_status 0
	expect_output 'user:alice@EXAMPLE.COM:r:u:allow'
}

@test "text is read from standard input with -" {
	run richacl-text --unaligned - <<-'END'
	    owner@:rwpx---------::allow
	 everyone@:r--x---------::allow
	END
	expect_status 0
	expect_output "$(printf '%s\n' \
		'owner@:rwpx::allow' \
		'everyone@:rx::allow')"
}

@test "aligned output parses back to the same text" {
	run richacl-text --raw 'flags:mw owner:rwpxaAcCS::mask group:r::mask u:65534:rwa:fdni:deny g:0:x:a:allow'
	expect_status 0
	first=$output
	run richacl-text --raw - <<<"$first"
	expect_status 0
	expect_output "$first"
}

@test "an invalid permission is reported with exit status 2" {
	run richacl-text 'everyone@:rwz::allow'
	expect_status 2
	expect_output "richacl-text: 'everyone@:rwz::allow': invalid permission 'z'"
}

@test "an unknown user is reported with exit status 2" {
	run richacl-text 'owner@:r::allow,user:nosuchuser:r::allow'
	expect_status 2
	expect_output "richacl-text: 'user:nosuchuser:r::allow': unknown user 'nosuchuser'"
}

@test "usage errors exit with status 1" {
	run richacl-text
	expect_status 1
	run richacl-text --bogus 'owner@:r::allow'
	expect_status 1
}
