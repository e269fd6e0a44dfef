#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# --help of getrichacl and setrichacl lists exactly the options of their
# man pages (the .TP items of the OPTIONS section).

load common

# page_options PAGE: the options of PAGE's OPTIONS section, one a line.
page_options() {
	sed -n '/^\.SH OPTIONS/,/^\.SH /p' "$RICHACL_SRCDIR/man/$1" |
		sed -n '/^\.TP/{n;p}' | sed 's/\\-/-/g' |
		grep -oE -- '(^|[ "])--?[a-zA-Z][a-zA-Z-]*' |
		sed 's/^[ "]//' | sort -u
}

# help_options PROG: the options its --help lists ("  -l, --long  text").
help_options() {
	"$1" --help | sed -n 's/^ \{1,\}\(-.*\)/\1/p' | sed 's/  .*//' |
		grep -oE -- '(^|[ ,])--?[a-zA-Z][a-zA-Z-]*' |
		sed 's/^[ ,]//' | sort -u
}

@test "getrichacl --help lists the options of getrichacl(1)" {
	run help_options getrichacl
	expect_status 0
	expect_output "$(page_options getrichacl.1)"
}

@test "setrichacl --help lists the options of setrichacl(1)" {
	run help_options setrichacl
	expect_status 0
	expect_output "$(page_options setrichacl.1)"
}

@test "the pages list the options of the original tools" {
	local opt
	run page_options getrichacl.1
	for opt in --access --full --help --long --numeric-ids --raw \
		   --unaligned --version -a -h -l -v; do
		grep -qxF -- "$opt" <<<"$output" ||
			{ echo "# getrichacl.1 lacks $opt" >&2; return 1; }
	done
	run page_options setrichacl.1
	for opt in --help --modify --modify-file --remove --set --set-file \
		   --version -M -S -b -h -m -s -v; do
		grep -qxF -- "$opt" <<<"$output" ||
			{ echo "# setrichacl.1 lacks $opt" >&2; return 1; }
	done
}
