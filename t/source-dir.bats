#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# scripts/source-dir: ./run-tests, ./richacl-vm and bench/run build out of
# tree; a checkout that was also configured and built in place (README's
# "Building by hand") must not stop them.  On a small autoconf project of
# its own, in a git repository.

load common

eval "common_$(declare -f setup)"

# A project: configure.ac, a Makefile.in and a source file, committed.
setup() {
	common_setup || return
	mkdir proj && cd proj || return
	git init -q . &&
	git config user.email t@example.org && git config user.name t &&
	printf '%s\n' 'AC_INIT([t], [1])' 'AC_CONFIG_FILES([Makefile])' \
		'AC_OUTPUT' > configure.ac &&
	printf 'srcdir = @srcdir@\nall:\n\t@cat $(srcdir)/a.c\n' > Makefile.in &&
	echo 'int a;' > a.c && echo 'gone' > gone.c &&
	printf '%s\n' '/configure' '/autom4te.cache/' '*.o' > .gitignore &&
	git add . && git commit -q -m t
}

SCRIPT() { "$RICHACL_SRCDIR/scripts/source-dir" "$@"; }

@test "a checkout not configured in place is its own source directory, bootstrapped" {
	run SCRIPT .
	expect_status 0
	expect_output "$PWD"
	[ -x configure ]
}

@test "configured in place: a copy of the tracked files, without the build's outputs" {
	(autoreconf -fi && ./configure -q) >/dev/null 2>&1
	[ -f config.status ]
	: > a.o
	echo 'int a = 1;' > a.c		# changed, not committed
	echo 'new' > new.c		# not tracked
	rm gone.c			# deleted, still in the index
	run SCRIPT "$PWD"
	expect_status 0
	expect_output "$PWD/_build/src"
	[ "$(cat _build/src/a.c)" = 'int a = 1;' ]
	[ ! -e _build/src/config.status ] && [ ! -e _build/src/Makefile ]
	[ ! -e _build/src/a.o ] && [ ! -e _build/src/new.c ]
	[ ! -e _build/src/gone.c ]
	[ -x _build/src/configure ]
	# An out-of-tree build from it works; the in-place build is untouched.
	mkdir -p _build/b && (cd _build/b && ../src/configure -q && MAKEFLAGS= MAKELEVEL= make -s) > out
	[ "$(cat out)" = 'int a = 1;' ]
	[ -f config.status ] && [ -f a.o ]
	# Again: unchanged files keep their times (incremental builds).
	local before
	before=$(stat -c %Y _build/src/configure.ac)
	sleep 1
	run SCRIPT .
	expect_status 0
	[ "$(stat -c %Y _build/src/configure.ac)" = "$before" ]
}

@test "configured in place without git: says what to do" {
	rm -rf .git
	: > config.status
	run SCRIPT .
	expect_status 1
	expect_output "source-dir: $PWD is configured in place and is not a git checkout: run 'make distclean' there"
}
