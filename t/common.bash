# SPDX-License-Identifier: GPL-2.0-or-later
# Shared by the bats files: load with `load common`.

setup() {
	TESTDIR=$(mktemp -d "${BATS_TMPDIR:-/tmp}/richacl.XXXXXX")
	cd "$TESTDIR" || return 1
}

teardown() {
	cd / && rm -rf "$TESTDIR"
}

# expect_output EXPECTED: compare $output with EXPECTED and show a diff.
expect_output() {
	if [ "$output" != "$1" ]; then
		diff -u <(printf '%s\n' "$1") <(printf '%s\n' "$output") \
			| sed '1,2d;s/^/# /' >&2
		return 1
	fi
}

# expect_status N: the last `run` ended with status N.
expect_status() {
	if [ "$status" -ne "$1" ]; then
		echo "# status $status, expected $1; output:" >&2
		printf '# %s\n' "$output" >&2
		return 1
	fi
}
