#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# Applying the file masks and the access check end to end, through
# t/richacl-apply-masks and t/richacl-access.  The file is owned by uid 1,
# group 10; uid 2 plays joe.

load common

# lines LINE...: the lines, joined by newlines (for expect_output).
lines() {
	printf '%s\n' "$@"
}

@test "chmod 0660 on joe:r, everyone@:rwpx keeps rwp for the group class" {
	run richacl-apply-masks -o 1 -m 0660 \
		'user:2:r::allow everyone@:rwpx::allow'
	expect_status 0
	expect_output "$(lines user:2:rwp::allow owner@:rwp::allow \
		group@:rwp::allow)"
}

@test "chmod 0660 on joe:wp deny, everyone@:rwpx leaves joe only r" {
	run richacl-apply-masks -o 1 -m 0660 \
		'user:2:wp::deny everyone@:rwpx::allow'
	expect_status 0
	expect_output "$(lines owner@:rwp::allow user:2:wp::deny \
		group@:rwp::allow user:2:r::allow)"
}

@test "every process keeps its permissions when the masks are applied" {
	local masked='flags:mw owner:rwp::mask group:rwp::mask other:::mask
		user:2:wp::deny everyone@:rwpx::allow' applied who
	applied=$(richacl-apply-masks -o 1 "$masked")
	for who in '-u 1:rwp' '-u 1 -G 10:rwp' '-u 2:r' '-u 2 -G 10,20:r' \
		   '-u 3 -G 10:rwp' '-u 3 -G 20:-'; do
		# shellcheck disable=SC2086
		run richacl-access -o 1 -g 10 ${who%:*} "$masked"
		expect_output "${who#*:}"
		# shellcheck disable=SC2086
		run richacl-access -o 1 -g 10 ${who%:*} "$applied"
		expect_output "${who#*:}"
	done
}

@test "chmod 0466 denies the owner what everyone@ gives the others" {
	run richacl-apply-masks -o 1 -m 0466 'everyone@:rwx::allow'
	expect_status 0
	expect_output "$(lines owner@:wp::deny group@:p::deny \
		everyone@:rwp::allow)"
	run richacl-access -o 1 -u 1 "$output"
	expect_output r
}

@test "chmod on a directory keeps delete_child (d) for the owner" {
	run richacl-apply-masks -d -m 0750 'everyone@:rwpxd::allow'
	expect_status 0
	expect_output "$(lines owner@:rwpxd::allow group@:rx::allow)"
}

@test "an inheritable entry is split, an inherit-only copy keeps it" {
	run richacl-apply-masks -o 1 -m 0640 'everyone@:rwx:fd:allow'
	expect_status 0
	expect_output "$(lines owner@:rwp::allow group@:r::allow \
		everyone@:rwx:fdi:allow)"
}

@test "an acl without the masked flag comes back unchanged" {
	run richacl-apply-masks 'flags:a owner@:rw::allow everyone@:r:fd:allow'
	expect_status 0
	expect_output "$(lines flags:a owner@:rw::allow everyone@:r:fd:allow)"
}

@test "write_through gives the owner the owner mask and others the other mask" {
	local acl='flags:mw owner:rx::mask group:r::mask other:x::mask
		owner@:w::allow user:2:w::allow everyone@:w::deny'
	run richacl-access -o 1 -u 1 "$acl"
	expect_output rx
	run richacl-access -o 1 -u 2 "$acl"
	expect_output -
	run richacl-access -o 1 -g 10 -u 3 "$acl"
	expect_output x
	run richacl-access -o 1 -g 10 -u 3 -G 10 "$acl"
	expect_output -
}

@test "richacl-access shows a, c and S too" {
	run richacl-access -u 0 'everyone@:racS::allow'
	expect_status 0
	expect_output racS
}

@test "an invalid acl is an error naming the text" {
	run richacl-apply-masks bogus
	expect_status 2
	expect_output "richacl-apply-masks: 'bogus': invalid identifier 'bogus'"
	run richacl-access -u 1 bogus
	expect_status 2
	expect_output "richacl-access: 'bogus': invalid identifier 'bogus'"
}

@test "richacl-access needs -u" {
	run richacl-access 'owner@:r::allow'
	expect_status 1
	expect_output "Usage: richacl-access [-o OWNER] [-g GROUP] -u UID [-G G1,G2,...] TEXT"
}

@test "masks that restrict nothing leave an inherited directory acl alone" {
	run richacl-apply-masks -o 1 \
		'flags:m owner:rx::mask group:rx::mask other:rx::mask
		 everyone@:rx:fd:allow'
	expect_status 0
	expect_output everyone@:rx:fd:allow
}

@test "a new file's acl keeps owner@ inherited; everyone@ is moved, as in 2015" {
	run richacl-apply-masks -o 1 \
		'flags:ma owner:rwp::mask group:r::mask other:r::mask
		 owner@:rwp:a:allow everyone@:r:a:allow'
	expect_status 0
	expect_output "$(lines flags:a owner@:rwp:a:allow everyone@:r::allow)"
}

@test "chmod 0640: owner@ stays inherited, the new group@ entry is not" {
	run richacl-apply-masks -o 1 -m 0640 \
		'flags:a owner@:rwp:a:allow everyone@:r:a:allow'
	expect_status 0
	expect_output "$(lines flags:ap owner@:rwp:a:allow group@:r::allow)"
}

@test "chmod 0605: everyone@ gains x and is no longer inherited" {
	run richacl-apply-masks -o 1 -m 0605 \
		'flags:a owner@:rwp:a:allow everyone@:r:a:allow'
	expect_status 0
	expect_output "$(lines flags:ap owner@:x::deny owner@:rwp:a:allow \
		group@:rx::deny everyone@:rx::allow)"
}
