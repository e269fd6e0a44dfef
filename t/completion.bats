#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# The bash completion of getrichacl and setrichacl (completion/): every
# option of --help and nothing else, user names after --access=, the who
# of an entry after --set and --modify, files (bash's own) elsewhere.

load common

# offered TOOL WORD...: what TOOL's completion offers for the last WORD,
# one per line, sorted.
offered() {
	local tool=$1
	shift
	# shellcheck disable=SC1090
	source "$RICHACL_SRCDIR/completion/$tool"
	COMP_WORDS=("$tool" "$@")
	COMP_CWORD=$#
	COMPREPLY=()
	"_$tool"
	[ ${#COMPREPLY[@]} -eq 0 ] || printf '%s\n' "${COMPREPLY[@]}" | sort
}

# help_options TOOL: the options --help lists, one per line, sorted.
help_options() {
	"$1" --help | grep -oE '^ +(-[a-zA-Z], )?--[a-z-]+' |
		tr -d ' ' | tr ',' '\n' | sort
}

# options_of TOOL: offered for "-", without the "--option=" forms.
options_of() {
	offered "$1" - | grep -v '=$'
}

@test "getrichacl: every option of --help, and only those" {
	run options_of getrichacl
	expect_output "$(help_options getrichacl)"
	run offered getrichacl --acc
	expect_output "--access
--access="
}

@test "setrichacl: every option of --help, and only those" {
	run options_of setrichacl
	expect_output "$(help_options setrichacl)"
	run offered setrichacl --rest
	expect_output "--restore
--restore="
}

@test "getrichacl --access=: user names" {
	run offered getrichacl --access=roo
	expect_output "--access=root"
	# As bash splits it when '=' breaks words.
	run offered getrichacl --access = roo
	expect_output "root"
}

@test "setrichacl --set and --modify: who the entry is for" {
	run offered setrichacl --set ''
	expect_output "everyone@:
flags:
group:
group@:
owner@:
user:"
	run offered setrichacl -m g
	expect_output "group:
group@:"
	run offered setrichacl --set 'owner@:'
	expect_output ''
}

@test "file names are bash's own completion" {
	run offered setrichacl --set owner@:rw::allow f
	expect_output ''
	run offered setrichacl --set-file a
	expect_output ''
	run offered getrichacl -R d
	expect_output ''
}
