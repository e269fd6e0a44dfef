#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# t/system/run's choice of an initramfs: a kernel package with modules
# (Debian's configuration) cannot mount its root without one, so the
# booted tree gets initramfs-tools for it; the test configuration's has
# none and needs none.  On fake packages made with dpkg-deb.

load common

# kernel_deb NAME FILE...: a package NAME.deb holding the FILEs (empty),
# and 3000 documentation files after them: a listing far longer than a
# pipe holds, as a real kernel's is.
kernel_deb() {
	local name=$1 f
	shift
	mkdir -p "$name/DEBIAN" "$name/usr/share/doc/$name"
	printf 'Package: %s\nVersion: 1\nArchitecture: all\nMaintainer: t <t@t>\nDescription: t\n' \
		"$name" >"$name/DEBIAN/control"
	for f; do
		mkdir -p "$name/${f%/*}" && : >"$name/$f"
	done
	(cd "$name/usr/share/doc/$name" && seq -f 'file-with-a-long-name-%04g' 3000 | xargs touch)
	dpkg-deb -Znone -b "$name" "$name.deb" >/dev/null
}

# modular DEB: t/system/run's own function, under its own shell options.
modular() {
	bash -c 'set -uo pipefail; source "$1"; modular "$2"' _ \
		"$RICHACL_SRCDIR/t/system/run" "$1"
}

@test "a kernel package with modules is modular" {
	kernel_deb mods boot/vmlinuz-6.1.0-t lib/modules/6.1.0-t/kernel/fs/ext4/ext4.ko
	modular mods.deb
}

@test "compressed modules count too" {
	kernel_deb xzmods boot/vmlinuz-6.1.0-t lib/modules/6.1.0-t/kernel/fs/ext4/ext4.ko.xz
	modular xzmods.deb
}

@test "a kernel package without modules is not" {
	kernel_deb nomods boot/vmlinuz-6.1.0-t lib/modules/6.1.0-t/modules.builtin
	run modular nomods.deb
	[ "$status" -eq 1 ]
}

@test "an unreadable package is an error, not a kernel without modules" {
	echo 'not a package' >bad.deb
	run modular bad.deb
	[ "$status" -eq 2 ]
}
