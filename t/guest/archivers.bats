#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Which options of tar, bsdtar, rsync and cp keep a RichACL, from one
# RichACL ext4 directory to another: the table of richacl(7), "BACKUPS
# AND COPIES", row by row.  "exact": the copy's system.richacl is the
# source's byte for byte; "remasked": its entries, with the masks of the
# mode the tool sets afterwards; "lost": the mode alone, which lets the
# user the ACL denied read the copy.  Each row fails when a tool changes,
# so that the page is told.

load guest

# The ACL of the tests: rtu2 may not read, everybody else may.
ACL='user:rtu2:r::deny owner@:rw::allow everyone@:r::allow'

setup() {
	guest_setup RICHACL_MNT archivers || return 1
	export LC_ALL=C
	mkdir src dst
	echo secret > src/f
	setrichacl --set "$ACL" src/f
	want=$(value src/f)
}

# value FILE: the system.richacl value of FILE in hex, or nothing.
value() {
	getfattr -h -e hex -n system.richacl "$1" 2>/dev/null |
		sed -n 's/^system.richacl=//p'
}

# entries FILE: the entries of FILE's stored ACL (no masks, no flags).
entries() {
	getrichacl --raw --unaligned "$1" | sed '1d;/^$/d;/::mask$/d;/^flags:/d'
}

# exact: dst/f has src/f's RichACL byte for byte; rtu2 cannot read it.
exact() {
	[ -n "$want" ] && [ "$(value dst/f)" = "$want" ] || {
		echo "# dst/f: '$(value dst/f)', not '$want'" >&2
		return 1
	}
	run as rtu2 cat dst/f
	expect_output "cat: dst/f: Permission denied"
}

# remasked: dst/f has src/f's entries, but the masks of its mode, from
# the chmod the tool does after setting the attribute (flags masked and
# write_through); rtu2 still cannot read it.
remasked() {
	run entries dst/f
	expect_output "$(entries src/f)"
	run getrichacl --raw --unaligned dst/f
	[ "${lines[1]}" = flags:mw ]
	run as rtu2 cat dst/f
	expect_output "cat: dst/f: Permission denied"
}

# lost: dst/f has no RichACL, only the mode, which lets rtu2 read it.
lost() {
	[ -e dst/f ] && [ -z "$(value dst/f)" ]
	run as rtu2 cat dst/f
	expect_output secret
}

@test "tar --xattrs: lost" {
	tar --xattrs -C src -cf a.tar f
	tar --xattrs -C dst -xf a.tar
	lost
}

@test "tar --xattrs-include='system.richacl' on create only: lost" {
	tar --xattrs --xattrs-include='system.richacl' -C src -cf a.tar f
	tar --xattrs -C dst -xf a.tar
	lost
}

@test "tar --xattrs --xattrs-include='system.richacl', both ways: remasked" {
	tar --xattrs --xattrs-include='system.richacl' -C src -cf a.tar f
	tar --xattrs --xattrs-include='system.richacl' -C dst -xf a.tar
	remasked
}

@test "the same, extracted with --no-same-permissions: exact" {
	tar --xattrs --xattrs-include='system.richacl' -C src -cf a.tar f
	tar --xattrs --xattrs-include='system.richacl' --no-same-permissions \
		-C dst -xf a.tar
	exact
}

@test "bsdtar -c, bsdtar -x or -xp: exact" {
	bsdtar -C src -cf a.tar f
	bsdtar -C dst -xf a.tar
	exact
	rm dst/f
	bsdtar -C dst -xpf a.tar
	exact
}

@test "rsync -aAX and rsync -aX: lost" {
	rsync -aAX src/ dst/
	lost
	rm dst/f
	rsync -aX src/ dst/
	lost
}

@test "rsync -aX --filter='+x system.richacl': remasked" {
	rsync -aX --filter='+x system.richacl' src/ dst/
	remasked
}

@test "our cp -a and cp -p: exact" {
	cp -a src/f dst/f
	exact
	rm dst/f
	cp -p src/f dst/f
	exact
}
