#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The man pages: they render without warnings, and every example that
# needs no RichACL kernel shows exactly what its commands print.  The
# examples that need the kernel run in the guest (t/guest/man-examples.bats).

load common

pages="richacl.7 getrichacl.1 setrichacl.1 librichacl.3"

# render PAGE: format PAGE with groff, all warnings on, output discarded.
render() {
	run groff -t -man -ww -z "$RICHACL_SRCDIR/man/$1"
	expect_status 0
	expect_output ""
}

# examples PAGE: run the host examples of PAGE.  The prelude lets "cc" in
# librichacl(3) build against the header and library of this build, with
# the build's flags (the sanitizers too, when configured with them).
examples() {
	local cflags ldflags
	cflags=$(sed -n 's/^CFLAGS = //p' "$RICHACL_BUILDDIR/Makefile")
	ldflags=$(sed -n 's/^LDFLAGS = //p' "$RICHACL_BUILDDIR/Makefile")
	cat >"$TESTDIR/prelude" <<-EOF
	export CPATH='$RICHACL_SRCDIR/include'
	export LIBRARY_PATH='$RICHACL_BUILDDIR/lib/.libs'
	export LD_LIBRARY_PATH='$RICHACL_BUILDDIR/lib/.libs'
	cc() { command cc $cflags $ldflags -Wall -Wextra -Werror "\$@"; }
	EOF
	MAN_EXAMPLES_PRELUDE=$TESTDIR/prelude \
		run "$RICHACL_SRCDIR/t/man-examples" "$RICHACL_SRCDIR/man/$1"
	expect_status 0
	# Every program the examples need is built here: an example that
	# man-examples skipped is one this test did not check.
	if grep -q '# SKIP' <<<"$output"; then
		echo "# examples skipped: $(grep '# SKIP' <<<"$output")" >&2
		return 1
	fi
}

@test "richacl.7 renders without warnings" {
	render richacl.7
}

@test "getrichacl.1 renders without warnings" {
	render getrichacl.1
}

@test "setrichacl.1 renders without warnings" {
	render setrichacl.1
}

@test "librichacl.3 renders without warnings" {
	render librichacl.3
}

@test "mandoc finds no problem in the pages" {
	local p
	for p in $pages; do
		run mandoc -Tlint -W warning "$RICHACL_SRCDIR/man/$p"
		expect_output ""
	done
}

@test "every page is installed" {
	local p
	for p in $pages; do
		grep -q "man/$p" "$RICHACL_SRCDIR/man/Makemodule.am"
	done
}

@test "every example block of the pages is run by a test" {
	# An .EX block must follow an example marker (and its hidden setup
	# lines), so that t/man-examples runs it.
	run awk '
		/^\.\\" (example|setup:)/ { marked = 1; next }
		/^\.EX$/ { if (!marked) print FILENAME ":" FNR ": untested"
			    marked = 0; next }
		{ marked = 0 }' $(printf "$RICHACL_SRCDIR/man/%s " $pages)
	expect_output ""
}

@test "librichacl.3 names every function and macro of <sys/richacl.h>" {
	local header page
	header=$(grep -oE '\<richac[el]_[a-z_]+\(' \
		"$RICHACL_SRCDIR/include/sys/richacl.h" | tr -d '(' | sort -u)
	page=$(sed 's/\\f[BIRP]//g' "$RICHACL_SRCDIR/man/librichacl.3" |
		grep -oE '\<richac[el]_[a-z_]+' | sort -u)
	run comm -23 <(printf '%s\n' "$header") <(printf '%s\n' "$page")
	expect_output ""
}

@test "richacl.7 examples" {
	examples richacl.7
}

@test "getrichacl.1 examples" {
	examples getrichacl.1
}

@test "setrichacl.1 examples" {
	examples setrichacl.1
}

@test "librichacl.3 example program" {
	examples librichacl.3
}

@test "man-examples reports an example whose output differs" {
	cat >page.7 <<-'EOF'
	.TH PAGE 7
	.SH EXAMPLE
	.\" example
	.\" setup: touch f && chmod 640 f
	.EX
	$ stat \-c %a f
	644
	.EE
	EOF
	run "$RICHACL_SRCDIR/t/man-examples" page.7
	expect_status 1
	expect_output "not ok 1 page.7:3
# @@ -1,2 +1,2 @@
#  \$ stat -c %a f
# -644
# +640"
}

@test "man-examples runs transcripts, hidden commands and files" {
	cat >page.7 <<-'EOF'
	.TH PAGE 7
	.SH EXAMPLE
	.\" example file: greeting
	.EX
	hello
	.EE
	.\" example
	.EX
	$ cat greeting; echo \(aq\e\-x\(aq \(aqa
	  b\(aq
	hello
	\e\-x a
	  b
	$ ls nofile
	ls: cannot access \(aqnofile\(aq: No such file or directory
	.EE
	.\" example output: printf \(aq1\en\(aq
	.EX
	1
	.EE
	.\" example guest
	.EX
	$ false
	never run on the host
	.EE
	EOF
	run "$RICHACL_SRCDIR/t/man-examples" page.7
	expect_status 0
	expect_output "ok 1 page.7:7
ok 2 page.7:17"
}

@test "man-examples refuses an escape it cannot unescape" {
	cat >page.7 <<-'EOF'
	.TH PAGE 7
	.\" example
	.EX
	$ echo \(em
	.EE
	EOF
	run "$RICHACL_SRCDIR/t/man-examples" page.7
	expect_status 2
	expect_output "man-examples: page.7:4: unknown escape in example"
}
