#!/bin/sh
# private_system.sh OUT ZONE COMMAND [ARGS...]
#
# Runs COMMAND (`dpkg-reconfigure --frontend=dialog tzdata`, directly or
# through keymenu-run) as root of a user and mount namespace of its own
# (unshare --user --map-root-user --mount), so that the real
# dpkg-reconfigure, tzdata's real config script and postinst and debconf
# write what they write on a real system, into private layers that go with
# the namespace, and the system stays as it was. Run it on a terminal (tmux).
#
# Inside, a tmpfs on OUT/layers holds the upper layers of two overlays:
#   /etc                localtime -> /usr/share/zoneinfo/ZONE and timezone
#                       holding ZONE (the zone the run starts from: ZONE,
#                       whatever the system's is), over the system's /etc
#   /var/cache/debconf  copies of the system's config.dat and templates.dat
#                       and an empty passwords.dat (the system's is root's
#                       alone), over the system's /var/cache/debconf
# HOME and TMPDIR are directories there too; the locale is C.UTF-8 (the
# questions in English, their choices untranslated).
#
# What dpkg-reconfigure tzdata writes, measured with strace -f: /etc/timezone;
# /etc/localtime, when the zone changes (a new link localtime.dpkg-new
# renamed over it); /var/cache/debconf/config.dat and templates.dat (each
# written as NAME.dat-new, NAME.dat renamed to NAME.dat-old, NAME.dat-new to
# NAME.dat). Nothing else.
#
# Run by root, the script first drops to the unprivileged uid and gid
# KEYMENU_NS_UID (default 65534) with setpriv, so that root in the namespace
# is that uid outside: the system's files, root's, cannot be written through
# it, overlays or not, and keymenud sees that uid as the peer (SO_PEERCRED).
#
# OUT (writable by that uid) receives:
#   OUT/timezone    /etc/timezone as COMMAND left it
#   OUT/localtime   the target of the /etc/localtime link
#   OUT/written     each path in the private layers the run changed, a line each
#   OUT/config.dat  the private debconf config database afterwards
#   OUT/err         COMMAND's stderr, and what stopped the namespace or its
#                   overlays from being made
#   OUT/status      COMMAND's exit status, written last (125 when the
#                   overlays could not be made; unshare's or setpriv's status
#                   when the namespace could not)
set -u
if [ "${1:-}" != --inside ]; then
	out=$1
	uid=${KEYMENU_NS_UID:-65534}
	drop=
	[ "$(id -u)" = 0 ] && drop="setpriv --reuid=$uid --regid=$uid --clear-groups --"
	# shellcheck disable=SC2086
	$drop unshare --user --map-root-user --mount -- /bin/sh "$0" --inside "$@" 2>>"$out/err"
	status=$?
	[ -s "$out/status" ] || echo "$status" >"$out/status"
	exit 0
fi
shift
out=$1 zone=$2
shift 2
layers=$out/layers
fail() {
	echo "private_system: $*" >&2
	echo 125 >"$out/status"
	exit 1
}
mkdir -p "$layers" && mount -t tmpfs -o mode=0700 layers "$layers" || fail "no tmpfs on $layers"
mkdir "$layers/etc" "$layers/etc.work" "$layers/debconf" "$layers/debconf.work" "$layers/home" "$layers/tmp"
ln -s "/usr/share/zoneinfo/$zone" "$layers/etc/localtime"
echo "$zone" >"$layers/etc/timezone"
cp /var/cache/debconf/config.dat /var/cache/debconf/templates.dat "$layers/debconf/" || fail "cannot copy the debconf databases"
(umask 077 && : >"$layers/debconf/passwords.dat")
# Each file in the upper layers: a link's target, a file's checksum, a
# whiteout (a character device) as removed.
manifest() {
	(cd "$layers" && find etc debconf ! -type d | LC_ALL=C sort | while read -r path; do
		if [ -L "$path" ]; then
			echo "$path link $(readlink "$path")"
		elif [ -c "$path" ]; then
			echo "$path removed"
		else
			echo "$path file $(cksum <"$path")"
		fi
	done)
}
manifest >"$layers/before"
mount -t overlay overlay -o "lowerdir=/etc,upperdir=$layers/etc,workdir=$layers/etc.work,userxattr" /etc ||
	fail "no overlay on /etc"
mount -t overlay overlay -o \
	"lowerdir=/var/cache/debconf,upperdir=$layers/debconf,workdir=$layers/debconf.work,userxattr" /var/cache/debconf ||
	fail "no overlay on /var/cache/debconf"
cd /
env -u DEBCONF_SYSTEMRC -u DEBCONF_DB_REPLACE -u DEBCONF_DB_OVERRIDE -u DEBCONF_DB_FALLBACK \
	-u DEBIAN_HAS_FRONTEND -u DEBCONF_REDIR -u DEBCONF_FRONTEND -u DEBCONF_PACKAGE -u DEBCONF_FORCE_DIALOG \
	-u DEBCONF_RECONFIGURE -u DEBIAN_FRONTEND -u DEBIAN_PRIORITY -u DPKG_ROOT -u LINES -u COLUMNS \
	-u LANGUAGE -u LC_MESSAGES LC_ALL=C.UTF-8 LANG=C.UTF-8 HOME="$layers/home" TMPDIR="$layers/tmp" "$@"
status=$?
cat /etc/timezone >"$out/timezone"
readlink /etc/localtime >"$out/localtime"
cp /var/cache/debconf/config.dat "$out/config.dat"
manifest >"$layers/after"
LC_ALL=C comm -3 "$layers/before" "$layers/after" | awk '{ print $1 }' | uniq |
	sed -e 's|^etc/|/etc/|' -e 's|^debconf/|/var/cache/debconf/|' >"$out/written"
echo "$status" >"$out/status"
