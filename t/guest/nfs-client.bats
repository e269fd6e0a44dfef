#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The NFS client's system.richacl: getrichacl and setrichacl on the NFS
# mounts of $RICHACL_MNT ($RICHACL_NFS_MNT, NFSv4.2, and
# $RICHACL_NFS41_MNT, NFSv4.1: the dacl attribute) must show and set what
# they show and set on the local path; on the POSIX export
# ($PLAIN_NFS_MNT), what nfsd's translation of the POSIX ACL says.

load guest

setup() {
	nfs_setup nfs-client
}

# getrichacl's output for FILE... in the local test directory; the names
# are relative, so it compares with getrichacl's output over NFS.
local_acl() {
	(cd "$LOCAL" && getrichacl "$@")
}

@test "setrichacl over NFS sets the ACL getrichacl shows locally and over NFS" {
	echo data >"$LOCAL/f"
	setrichacl --set 'owner@:rwp::allow user:rtu1:rp::allow' f
	run getrichacl "$LOCAL/f"
	expect_output "$LOCAL/f:
    owner@:rwp----------::allow
 user:rtu1:r-p----------::allow"
	run getrichacl f
	expect_output "f:
    owner@:rwp----------::allow
 user:rtu1:r-p----------::allow"
	# and the server enforces it: rtu1 appends, and only appends
	as rtu1 sh -c 'echo more >>f'
	run as rtu1 sh -c 'echo new >f'
	expect_status 2
	expect_output "sh: 1: cannot create f: Permission denied"
	run cat "$LOCAL/f"
	expect_output "data
more"
}

@test "every kind of entry reads over NFS as it reads locally" {
	local acl='owner@:rwpxdDaARWcCo::allow
user:rtu1:rwp:fd:allow
user:rtu2:w::deny
group@:rx:fdi:allow
group:rtg2:rp:d:allow
group:rtg3:x:n:deny
everyone@:r::allow'
	mkdir "$LOCAL/d"
	: >"$LOCAL/f"
	setrichacl --set "$acl" "$LOCAL/d"
	setrichacl --set 'flags:ap owner@:rwp::allow user:rtu1:r::allow group:rtg1:w::deny everyone@:r::allow' \
		"$LOCAL/f"
	# NFSv4.2 and 4.1 both carry the ACL flags (the dacl attribute)
	for path in . "$NFS41"; do
		run bash -c 'cd "$1" && getrichacl d f' - "$path"
		expect_output "$(local_acl d f)"
	done
}

@test "after a chmod, getrichacl over NFS shows what local getrichacl shows" {
	: >"$LOCAL/f"
	setrichacl --set 'user:rtu1:r::allow everyone@:rwpx::allow' "$LOCAL/f"
	chmod 660 "$LOCAL/f"
	run getrichacl f
	expect_output "$(local_acl f)"
	run getrichacl f
	expect_output "f:
 user:rtu1:rwp----------::allow
    owner@:rwp----------::allow
    group@:rwp----------::allow"
}

@test "without an ACL, getrichacl over NFS shows the ACL of the mode" {
	: >"$LOCAL/f"
	chmod 640 "$LOCAL/f"
	run getfattr -n system.richacl f
	expect_status 1
	expect_output "f: system.richacl: No such attribute"
	run getrichacl f
	expect_output "$(local_acl f)"
}

@test "setrichacl --modify, --remove and --set-file - over NFS" {
	: >"$LOCAL/f"
	setrichacl --set 'owner@:rwp::allow user:rtu1:r::allow everyone@:r::allow' f
	setrichacl --modify 'user:rtu2:rw::allow user:rtu1:rp::allow' f
	run getrichacl "$LOCAL/f"
	expect_output "$LOCAL/f:
    owner@:rwp----------::allow
 user:rtu1:r-p----------::allow
 everyone@:r------------::allow
 user:rtu2:rw-----------::allow"
	getrichacl f | sed 's/rtu2:rw-/rtu2:r--/' | setrichacl --set-file - f
	run getrichacl "$LOCAL/f"
	expect_output "$LOCAL/f:
    owner@:rwp----------::allow
 user:rtu1:r-p----------::allow
 everyone@:r------------::allow
 user:rtu2:r------------::allow"
	chmod 640 "$LOCAL/f"
	setrichacl --remove f
	run getfattr -n system.richacl "$LOCAL/f"
	expect_output "$LOCAL/f: system.richacl: No such attribute"
	run stat -c %A "$LOCAL/f"
	expect_output "-rw-r-----"
}

@test "setrichacl over NFS propagates automatic inheritance as locally" {
	local d acl
	for d in local nfs; do
		mkdir -p "$LOCAL/$d/sub"
		: >"$LOCAL/$d/f"
		: >"$LOCAL/$d/sub/g"
		# what automatic inheritance made: the children take part
		setrichacl --set 'flags:a owner@:rwp:a:allow everyone@:r:a:allow' \
			"$LOCAL/$d/f" "$LOCAL/$d/sub/g"
		setrichacl --set 'flags:a owner@:rwpxd:fda:allow everyone@:rx:fda:allow' \
			"$LOCAL/$d/sub"
	done
	acl='flags:a owner@:rwpxd:fd:allow user:rtu1:rx:fd:allow everyone@:r:fd:allow'
	setrichacl --set "$acl" "$LOCAL/local"
	setrichacl --set "$acl" nfs
	run local_acl nfs nfs/f nfs/sub nfs/sub/g
	expected=$(local_acl local local/f local/sub local/sub/g)
	expect_output "${expected//local/nfs}"
	run local_acl nfs/sub/g
	expect_output "nfs/sub/g:
     flags:a
    owner@:rwpx---------:a:allow
 user:rtu1:r--x---------:a:allow
 everyone@:r------------:a:allow"
}

@test "over NFSv4.0 (the acl attribute) the ACL reads and sets, without flags" {
	local mnt
	mnt=$(mktemp -d)
	mount -t nfs4 -o vers=4.0,sec=sys,noac,retry=0 \
		"127.0.0.1:${RICHACL_MNT#/mnt}" "$mnt"
	local dir=$mnt/${LOCAL#"$RICHACL_MNT"/}
	: >"$LOCAL/f"
	setrichacl --set 'flags:p owner@:rwp::allow user:rtu1:r::allow' "$LOCAL/f"
	run getrichacl "$dir/f"
	rc=$status out=$output
	setrichacl --set 'owner@:rwp::allow user:rtu2:r::allow' "$dir/f"
	run getrichacl "$LOCAL/f"
	umount "$mnt"
	rmdir "$mnt"
	[ "$rc" -eq 0 ]
	[ "$out" = "$dir/f:
    owner@:rwp----------::allow
 user:rtu1:r------------::allow" ]
	expect_output "$LOCAL/f:
    owner@:rwp----------::allow
 user:rtu2:r------------::allow"
}

@test "only who may set the ACL sets it over NFS; errors as locally" {
	: >"$LOCAL/f"
	chown rtu1 "$LOCAL/f"
	setrichacl --set 'owner@:rwp::allow everyone@:r::allow' "$LOCAL/f"
	before=$(local_acl f)
	user_tools
	run as rtu2 env PATH="$USER_PATH" setrichacl --set 'everyone@:rw::allow' f
	expect_status 1
	expect_output "setrichacl: f: Operation not permitted"
	run as rtu1 env PATH="$USER_PATH" setrichacl --set 'owner@:rwp::allow user:rtu2:r::allow' f
	expect_status 0
	run local_acl f
	expect_output "f:
    owner@:rwp----------::allow
 user:rtu2:r------------::allow"
	[ "$before" != "$output" ]
}

@test "the POSIX export: getrichacl shows nfsd's translation of the POSIX ACL" {
	local dir=$PLAIN_NFS_MNT/${LOCAL#"$RICHACL_MNT"/}
	mkdir -p "$PLAIN_MNT/${LOCAL#"$RICHACL_MNT"/}"
	: >"$dir/f"
	chmod 640 "$dir/f"
	run getfattr -n system.richacl "$dir/f"
	expect_output "$dir/f: system.richacl: No such attribute"
	run getrichacl "$dir/f"
	expect_output "$dir/f:
 owner@:rwp----------::allow
 group@:r------------::allow"
	setfacl -m u:rtu1:rw "$PLAIN_MNT/${LOCAL#"$RICHACL_MNT"/}/f"
	run getrichacl "$dir/f"
	expect_output "$dir/f:
    owner@:rwp---A--C---::allow
 user:rtu1:rwp----------::allow
    group@:r------------::allow
 everyone@:-------------::allow"
}

# acl_of N: an ACL of N entries, owner@ and N - 1 users.  (Not a shell
# loop: in the guest, 3000 rounds of one take a quarter of a minute.)
acl_of() {
	{
		echo 'owner@:rwp::allow'
		seq 10001 $((10000 + $1 - 1)) | sed 's/.*/user:&:r::allow/'
	} | paste -s -d ' '
}

@test "the largest ACL the server stores round-trips; larger ones fail, changing nothing" {
	local lo=1 hi=204 mid expected
	: >"$LOCAL/f"
	: >"$LOCAL/probe"
	# The most entries the export's ext4 stores (1 KiB blocks), found
	# locally.
	while [ "$lo" -lt "$hi" ]; do
		mid=$(((lo + hi + 1) / 2))
		if setrichacl --set "$(acl_of "$mid")" "$LOCAL/probe" 2>/dev/null; then
			lo=$mid
		else
			hi=$((mid - 1))
		fi
	done
	echo "# the export stores $lo entries" >&3
	[ "$lo" -gt 50 ]
	[ "$lo" -lt 204 ]
	setrichacl --set "$(acl_of "$lo")" f
	run getrichacl --raw f
	expected=$(local_acl --raw f)
	expect_output "$expected"
	[ "$(grep -c ':allow$' <<<"$output")" -eq "$lo" ]
	# one more: the filesystem's error, as locally
	run setrichacl --set "$(acl_of $((lo + 1)))" f
	expect_status 1
	expect_output "setrichacl: f: No space left on device"
	run setrichacl --set "$(acl_of $((lo + 1)))" "$LOCAL/probe"
	expect_output "setrichacl: $LOCAL/probe: No space left on device"
	# more than the client sends in a request (64 KiB of entries)
	run setrichacl --set "$(acl_of 3000)" f
	expect_status 1
	expect_output "setrichacl: f: Argument list too long"
	run local_acl --raw f
	expect_output "$expected"
}

# A second id domain: nfsd maps ids to names through rpc.idmapd, in the
# domain elsewhere.example, which the client's nfsidmap (the host's
# /etc/idmapd.conf) does not serve.  The names the server sends are then
# names the client has no id for.  Put back as it was after the test.
other_domain_start() {
	printf '%s\n' '[General]' 'Domain = elsewhere.example' '[Mapping]' \
		'Nobody-User = nobody' 'Nobody-Group = nogroup' \
		>"$BATS_TEST_TMPDIR/idmapd.conf"
	# -c: deprecated, but the only way to a second configuration
	rpc.idmapd -S -c "$BATS_TEST_TMPDIR/idmapd.conf" \
		-p /var/lib/nfs/rpc_pipefs 2>/dev/null
	echo N >/sys/module/nfsd/parameters/nfs4_disable_idmapping
	nfsd_flush_idmap
}

other_domain_stop() {
	echo Y >/sys/module/nfsd/parameters/nfs4_disable_idmapping
	pkill -x rpc.idmapd || :
	nfsd_flush_idmap
}

nfsd_flush_idmap() {
	local cache
	for cache in nfs4.idtoname nfs4.nametoid; do
		date +%s >"/proc/net/rpc/$cache/flush"
	done
}

richacl_hex() {
	getfattr -n system.richacl -e hex "$1" | sed -n 's/^system.richacl=0x//p'
}

teardown() {
	if [ -n "${OTHER_DOMAIN-}" ]; then
		other_domain_stop
	fi
}

@test "a name the client cannot map stays a string, and survives a --modify" {
	: >"$LOCAL/f"
	setrichacl --set 'owner@:rwp::allow user:rtu1:r::allow group:rtg2:w::deny everyone@:r::allow' \
		"$LOCAL/f"
	OTHER_DOMAIN=1
	other_domain_start
	run getrichacl f
	expect_output "f:
                       owner@:rwp----------::allow
  user:rtu1@elsewhere.example:r------------:u:allow
 group:rtg2@elsewhere.example:-w-----------:u:deny
                    everyone@:r------------::allow"
	before=$(richacl_hex f)
	setrichacl --modify 'everyone@:rx::allow' f
	run getrichacl f
	expect_output "f:
                       owner@:rwp----------::allow
  user:rtu1@elsewhere.example:r------------:u:allow
 group:rtg2@elsewhere.example:-w-----------:u:deny
                    everyone@:r--x---------::allow"
	# entries 2 and 3 (bytes 28 to 51) and the strings after the four
	# entries (from byte 64) are what they were, byte for byte
	after=$(richacl_hex f)
	[ -n "${before:128}" ]
	[ "${after:56:48}" = "${before:56:48}" ]
	[ "${after:128}" = "${before:128}" ]
	other_domain_stop
	OTHER_DOMAIN=
	run getrichacl "$LOCAL/f"
	expect_output "$LOCAL/f:
     owner@:rwp----------::allow
  user:rtu1:r------------::allow
 group:rtg2:-w-----------::deny
  everyone@:r--x---------::allow"
}
