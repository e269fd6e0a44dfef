#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Guest suite: the man page examples that need a kernel with RichACL
# support (marked ".\" example guest" in the page source), run by
# t/man-examples in fresh directories under $RICHACL_MNT.
#
# The examples use the users alice, bob and joe (primary group users) and
# the group project (member alice); setup_file adds them to the guest's
# /etc/passwd and /etc/group (a writable copy in the guest) when missing.

top=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)

setup_file() {
	local u id
	for u in alice:2101 bob:2102 joe:2103; do
		id=${u#*:} u=${u%:*}
		getent passwd "$u" >/dev/null ||
			echo "$u:x:$id:100:$u:/nonexistent:/usr/sbin/nologin" \
				>>/etc/passwd
	done
	getent group users >/dev/null || echo "users:x:100:" >>/etc/group
	getent group project >/dev/null ||
		echo "project:x:2201:alice" >>/etc/group
}

# examples PAGE: run the guest examples of PAGE.
examples() {
	[ -n "${RICHACL_MNT:-}" ] || skip "no RichACL filesystem mounted"
	getent passwd alice >/dev/null &&
		getent group project >/dev/null || {
		echo "# the example users could not be created" >&2
		return 1
	}
	cd "$RICHACL_MNT" || return 1
	run "$top/t/man-examples" --guest "$top/man/$1"
	printf '# %s\n' "${lines[@]}"
	[ "$status" -eq 0 ]
	if grep -q '# SKIP' <<<"$output"; then
		skip "some examples need programs that are not on PATH"
	fi
}

@test "richacl.7 examples on a RichACL filesystem" {
	examples richacl.7
}

@test "getrichacl.1 examples on a RichACL filesystem" {
	examples getrichacl.1
}

@test "setrichacl.1 examples on a RichACL filesystem" {
	examples setrichacl.1
}
