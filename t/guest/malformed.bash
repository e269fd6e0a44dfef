# SPDX-License-Identifier: GPL-2.0-or-later
# The malformed system.richacl values, one per rule of the format, for the
# suites that plant them offline (richacl-malformed.bats, e2fsprogs.bats):
# `load malformed`.

# The values, hex: a 16-byte header (version, flags, count, three masks)
# and 12-byte entries (type, flags, mask, id), little-endian.
hdr() {	# hdr VERSION FLAGS COUNT
	printf '%02x%02x%02x%02x000000000000000000000000' "$1" "$2" \
		$(($3 & 255)) $(($3 >> 8))
}
everyone_r=0000004001000000020000000
declare -gA bad=(
	[short]=00000100
	[empty]=
	[version]="$(hdr 1 0 0)"
	[acl-flag]="$(hdr 0 8 0)"
	[count]="$(hdr 0 0 2)${everyone_r}0"
	[too-many]="$(hdr 0 0 5461)"
	[type]="$(hdr 0 0 1)020000400100000002000000"
	[ace-flag]="$(hdr 0 0 1)000010400100000002000000"
	[mask]="$(hdr 0 0 1)000000400000800002000000"
	[special-id]="$(hdr 0 0 1)000000400100000003000000"
	[uid]="$(hdr 0 0 1)0000000001000000ffffffff"
	[trailing]="$(hdr 0 0 1)${everyone_r}000"
	[unmapped]="$(hdr 0 0 1)000000200100000000000000616c69636500"
)

# The rule each value breaks, in the words of our e2fsck and xfs_repair.
declare -gA rule=(
	[short]="shorter than the header"
	[empty]="shorter than the header"
	[version]="unknown version"
	[acl-flag]="unknown ACL flags"
	[count]="fewer entries than its count"
	[too-many]="more entries than an ACL can have"
	[type]="unknown entry type"
	[ace-flag]="unknown entry flags"
	[mask]="unknown permissions in an entry"
	[special-id]="unknown special identifier"
	[uid]="an entry for user or group -1"
	[trailing]="bytes after the last entry"
	[unmapped]="an entry that names its user or group by string"
)

# malformed_values DIR: one file per bad value in DIR, named after its rule.
malformed_values() {
	local k
	mkdir -p "$1"
	for k in "${!bad[@]}"; do
		# shellcheck disable=SC2059 # the hex turned into a format of \x escapes
		printf "$(printf '%s' "${bad[$k]}" | sed 's/../\\x&/g')" >"$1/$k"
	done
}
