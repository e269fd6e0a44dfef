# SPDX-License-Identifier: GPL-2.0-or-later
# The malformed system.richacl values, one per rule of the format, for the
# suites that plant them offline (richacl-malformed.bats, e2fsprogs.bats,
# xfsprogs.bats): `load malformed`.

# The values, hex: a 16-byte header (version, flags, count, three masks)
# and 12-byte entries (type, flags, mask, id), little-endian.
hdr() {	# hdr VERSION FLAGS COUNT
	printf '%02x%02x%02x%02x000000000000000000000000' "$1" "$2" \
		$(($3 & 255)) $(($3 >> 8))
}
everyone_r=0000004001000000020000000

# bad[NAME]: the value (hex); rule[NAME]: the rule it breaks, in the words
# of our e2fsck and xfs_repair.  A line each: NAME, the value ("-": none),
# the rule.
declare -gA bad=() rule=()
while read -r name value words; do
	[ "$value" != - ] || value=
	bad[$name]=$value rule[$name]=$words
done <<TABLE
short		00000100	shorter than the header
empty		-		shorter than the header
version		$(hdr 1 0 0)	unknown version
acl-flag	$(hdr 0 8 0)	unknown ACL flags
count		$(hdr 0 0 2)${everyone_r}0	fewer entries than its count
too-many	$(hdr 0 0 5461)	more entries than an ACL can have
type		$(hdr 0 0 1)020000400100000002000000	unknown entry type
ace-flag	$(hdr 0 0 1)000010400100000002000000	unknown entry flags
mask		$(hdr 0 0 1)000000400000800002000000	unknown permissions in an entry
special-id	$(hdr 0 0 1)000000400100000003000000	unknown special identifier
uid		$(hdr 0 0 1)0000000001000000ffffffff	an entry for user or group -1
trailing	$(hdr 0 0 1)${everyone_r}000	bytes after the last entry
unmapped	$(hdr 0 0 1)000000200100000000000000616c69636500	an entry that names its user or group by string
TABLE
unset name value words

# malformed_values DIR: one file per bad value in DIR, named after its rule.
malformed_values() {
	local k
	mkdir -p "$1"
	for k in "${!bad[@]}"; do
		# shellcheck disable=SC2059 # the hex turned into a format of \x escapes
		printf "$(printf '%s' "${bad[$k]}" | sed 's/../\\x&/g')" >"$1/$k"
	done
}

# malformed_debugfs DIR: debugfs commands that make a file per bad value,
# named after its rule, with that value (DIR/NAME, from malformed_values)
# as its system.richacl.
malformed_debugfs() {
	local k
	for k in "${!bad[@]}"; do
		echo "write /dev/null $k"
		echo "ea_set -f $1/$k $k system.richacl"
	done
}

# malformed_setfattr FILE NAME: FILE's trusted.SGI_RICHACL (on an xfs
# without the RichACL feature) set to the bad value NAME.
malformed_setfattr() {
	if [ -n "${bad[$2]}" ]; then
		setfattr -n trusted.SGI_RICHACL -v "0x${bad[$2]}" "$1"
	else
		setfattr -n trusted.SGI_RICHACL "$1"
	fi
}
