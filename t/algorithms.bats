#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# The mode and inheritance algorithms end to end, through t/richacl-algo.

load common

# lines LINE...: the lines, joined by newlines (for expect_output).
lines() {
	printf '%s\n' "$@"
}

@test "a file of mode 0755 has the acl owner@ rwpx, everyone@ rx" {
	run richacl-algo from-mode 0755
	expect_status 0
	expect_output "$(lines owner:rwpx::mask group:rx::mask other:rx::mask \
		owner@:rwpx::allow everyone@:rx::allow)"
}

@test "mode 0604 denies the group what everyone@ allows" {
	run richacl-algo from-mode 0604
	expect_status 0
	expect_output "$(lines owner:rwp::mask group:::mask other:r::mask \
		owner@:rwp::allow group@:r::deny everyone@:r::allow)"
}

@test "modes 0640, 0777 and 0000" {
	run richacl-algo from-mode 0640
	expect_output "$(lines owner:rwp::mask group:r::mask other:::mask \
		owner@:rwp::allow group@:r::allow)"
	run richacl-algo from-mode 0777
	expect_output "$(lines owner:rwpx::mask group:rwpx::mask \
		other:rwpx::mask everyone@:rwpx::allow)"
	run richacl-algo from-mode 0000
	expect_output "$(lines owner:::mask group:::mask other:::mask)"
}

@test "a directory's write includes delete_child" {
	run richacl-algo from-mode -d 0750
	expect_status 0
	expect_output "$(lines owner:rwpxd::mask group:rx::mask other:::mask \
		owner@:rwpxd::allow group@:rx::allow)"
}

@test "every mode's acl is equivalent to that mode" {
	for mode in 0000 0421 0644 0604 0470 0407 0557 0777; do
		for d in "" -d; do
			acl=$(richacl-algo from-mode $d $mode | tr '\n' ' ')
			run richacl-algo equiv-mode $d "$acl"
			expect_status 0
			expect_output "$mode"
		done
	done
}

@test "equiv-mode ignores always-allowed and owner permissions" {
	run richacl-algo equiv-mode 'owner@:rwpACo::allow everyone@:racS::allow'
	expect_status 0
	expect_output 0644
}

@test "named users, flags and partial write are not a mode" {
	for acl in 'u:5:r::allow' 'flags:a owner@:r::allow' \
		   'owner@:r:fd:allow' 'owner@:w::allow' \
		   'owner@:r::allow group@:rwp::allow'; do
		run richacl-algo equiv-mode "$acl"
		expect_status 0
		expect_output "not equivalent"
	done
	run richacl-algo equiv-mode -d 'owner@:wp::allow'
	expect_output "not equivalent"
}

@test "chmod sets the masks and keeps the entries" {
	run richacl-algo chmod 0640 'u:5:rwpx::allow everyone@:r::allow'
	expect_status 0
	expect_output "$(lines flags:mw owner:rwp::mask group:r::mask \
		other:::mask user:5:rwpx::allow everyone@:r::allow)"
	acl='flags:mw owner:rwp::mask group:r::mask other:::mask'
	run richacl-algo equiv-mode "$acl everyone@:r::allow"
	expect_output 0640
}

@test "max masks: a group@ deny before everyone@ hides it from the group" {
	run richacl-algo max-masks 'flags:mw group@:w::deny everyone@:rw::allow'
	expect_status 0
	expect_output "$(lines owner:rw::mask group:r::mask other:rw::mask \
		group@:w::deny everyone@:rw::allow)"
}

@test "max masks: the owner may be a named user" {
	run richacl-algo max-masks 'owner@:x::allow u:5:rwp::allow'
	expect_status 0
	expect_output "$(lines owner:rwpx::mask group:rwp::mask other:::mask \
		owner@:x::allow user:5:rwp::allow)"
}

@test "a new file takes the file_inherit entries" {
	acl='u:1:r:f:allow u:2:r:d:allow u:3:r:fn:allow'
	run richacl-algo inherit "$acl u:4:r:fi:allow u:5:r::allow"
	expect_status 0
	expect_output "$(lines owner:r::mask group:r::mask other:::mask \
		user:1:r::allow user:3:r::allow user:4:r::allow)"
}

@test "a new directory passes entries on" {
	acl='u:1:r:f:allow u:2:r:d:allow u:3:r:fn:allow'
	run richacl-algo inherit -d "$acl u:4:r:dn:allow u:5:r:fdi:allow"
	expect_status 0
	expect_output "$(lines owner:r::mask group:r::mask other:::mask \
		user:1:r:fi:allow user:2:r:d:allow user:4:r::allow \
		user:5:r:fd:allow)"
}

@test "auto_inherit marks the inherited entries" {
	run richacl-algo inherit 'flags:a owner@:rwp:f:allow'
	expect_status 0
	expect_output "$(lines flags:a owner:rwp::mask group:::mask \
		other:::mask owner@:rwp:a:allow)"
	run richacl-algo inherit 'owner@:rwp:d:allow'
	expect_output "no acl"
}

@test "create without inheritable entries applies the umask" {
	run richacl-algo inherit-inode -u 027 0666 'owner@:rwpx::allow'
	expect_status 0
	expect_output "$(lines 0640 'no acl')"
}

@test "create with a mode-equivalent inherited acl ignores the umask" {
	run richacl-algo inherit-inode -u 077 0666 \
		'owner@:rwp:f:allow everyone@:r:f:allow'
	expect_status 0
	expect_output "$(lines 0644 'no acl')"
}

@test "create with an inherited acl masks it by the create mode" {
	run richacl-algo inherit-inode -u 077 0640 \
		'u:5:rwp:f:allow everyone@:r:f:allow'
	expect_status 0
	expect_output "$(lines 0640 flags:m owner:rwp::mask group:r::mask \
		other:::mask user:5:rwp::allow everyone@:r::allow)"
	run richacl-algo inherit-inode -d 0777 'flags:a u:5:rwpx:fd:allow'
	expect_output "$(lines 0770 flags:ma owner:rwpx::mask \
		group:rwpx::mask other:::mask user:5:rwpx:fda:allow)"
}

@test "auto-inherit replaces the inherited entries of a child" {
	run richacl-algo auto-inherit 'flags:a owner@:rwp:fd:allow' \
		'flags:a u:1:r::allow u:2:w:a:allow'
	expect_status 0
	expect_output "$(lines changed flags:a owner:rwp::mask group:r::mask \
		other:::mask user:1:r::allow owner@:rwp:a:allow)"
	run richacl-algo auto-inherit 'flags:a owner@:rwp:fd:allow' \
		"$(echo "$output" | sed 1d)"
	expect_output "$(lines unchanged flags:a owner:rwp::mask \
		group:r::mask other:::mask user:1:r::allow owner@:rwp:a:allow)"
}

@test "auto-inherit leaves protected and non-auto acls alone" {
	run richacl-algo auto-inherit 'flags:a owner@:rwp:fd:allow' \
		'flags:ap u:2:w:a:allow'
	expect_status 0
	expect_output "$(lines unchanged flags:ap owner:::mask group:::mask \
		other:::mask user:2:w:a:allow)"
}

@test "auto-inherit replaces a defaulted acl whole" {
	run richacl-algo auto-inherit -d 'flags:a owner@:rwp:fd:allow' \
		'flags:ad u:1:r::allow'
	expect_status 0
	expect_output "$(lines changed flags:a owner:rwp::mask group:::mask \
		other:::mask owner@:rwp:fda:allow)"
}

@test "modify replaces a matching entry and removes duplicates" {
	run richacl-algo modify 'u:1:r::allow g:1:r::allow u:1:w::allow' \
		'u:1:rx::allow'
	expect_status 0
	expect_output "$(lines owner:::mask group:::mask other:::mask \
		user:1:rx::allow group:1:r::allow)"
}

@test "modify with empty permissions removes the entry" {
	run richacl-algo modify 'u:1:r::allow g:1:r::allow' 'u:1:::allow'
	expect_status 0
	expect_output "$(lines owner:::mask group:::mask other:::mask \
		group:1:r::allow)"
}

@test "modify inserts new entries in canonical order" {
	acl='u:1:r::deny u:2:r::allow u:3:r:a:deny u:4:r:a:allow'
	run richacl-algo modify "$acl" \
		'u:5:w::deny u:6:w::allow u:7:w:a:deny u:8:w:a:allow'
	expect_status 0
	expect_output "$(lines owner:::mask group:::mask other:::mask \
		user:1:r::deny user:5:w::deny user:2:r::allow \
		user:6:w::allow user:3:r:a:deny user:7:w:a:deny \
		user:4:r:a:allow user:8:w:a:allow)"
}

@test "invalid text is exit status 2, usage errors 1" {
	run richacl-algo max-masks 'owner@:z::allow'
	expect_status 2
	run richacl-algo max-masks
	expect_status 1
	run richacl-algo no-such-command x
	expect_status 1
	run richacl-algo from-mode 0999
	expect_status 1
}
