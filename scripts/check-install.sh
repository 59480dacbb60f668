#!/bin/sh
# check-install.sh: run `make install` and `make uninstall` into a temporary
# DESTDIR with stand-in binaries (no Swift build) and check what lands where.
#   scripts/check-install.sh [PREFIX]    (default /usr)
set -eu
cd "$(dirname "$0")/.."
prefix=${1:-/usr}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
dest=$tmp/root
mkdir -p "$tmp/release" "$dest"
for b in keymenud keymenuctl keymenu-overlay keymenu-whiptail keymenu-dmenu; do
  printf '#!/bin/sh\necho stand-in %s\n' "$b" >"$tmp/release/$b"
  chmod 755 "$tmp/release/$b"
done
fail=0
check() { # check DESCRIPTION COMMAND...
  what=$1
  shift
  if "$@"; then echo "check-install: ok: $what"; else
    echo "check-install: FAILED: $what" >&2
    fail=1
  fi
}

make -s install DESTDIR="$dest" PREFIX="$prefix" RELEASEDIR="$tmp/release" >"$tmp/log" 2>&1 || {
  cat "$tmp/log" >&2
  echo "check-install: make install failed" >&2
  exit 1
}
if [ "$prefix" = /usr ]; then unitdir=/lib/systemd/system; else unitdir=$prefix/lib/systemd/system; fi
check "binaries in $prefix/bin" test -x "$dest$prefix/bin/keymenud" -a -x "$dest$prefix/bin/keymenuctl" \
  -a -x "$dest$prefix/bin/keymenu-overlay"
check "overlay user unit" grep -qx "ExecStart=$prefix/bin/keymenu-overlay" \
  "$dest$prefix/lib/systemd/user/keymenu-overlay.service"
check "overlay autostart entry" grep -qx "Exec=$prefix/bin/keymenu-overlay" \
  "$dest/etc/xdg/autostart/keymenu-overlay.desktop"
compat=$prefix/lib/keymenu/compat
check "compatible commands in $prefix/bin" test -x "$dest$prefix/bin/keymenu-whiptail" \
  -a -x "$dest$prefix/bin/keymenu-dmenu" -a -x "$dest$prefix/bin/keymenu-run"
check "keymenu-dialog links to keymenu-whiptail" test "$(readlink "$dest$prefix/bin/keymenu-dialog")" = keymenu-whiptail
check "compat links in $compat" test "$(readlink "$dest$compat/whiptail")" = "$prefix/bin/keymenu-whiptail" \
  -a "$(readlink "$dest$compat/dialog")" = "$prefix/bin/keymenu-dialog" \
  -a "$(readlink "$dest$compat/dmenu")" = "$prefix/bin/keymenu-dmenu"
check "nothing named whiptail, dialog or dmenu in $prefix/bin" \
  test ! -e "$dest$prefix/bin/whiptail" -a ! -e "$dest$prefix/bin/dialog" -a ! -e "$dest$prefix/bin/dmenu"
check "keymenu-run names $compat" grep -q "compat=\${KEYMENU_COMPAT_DIR:-$compat}" "$dest$prefix/bin/keymenu-run"
check "units in $unitdir" test -f "$dest$unitdir/keymenud.service" -a -f "$dest$unitdir/keymenud.socket"
check "ExecStart=$prefix/bin/keymenud" grep -qx "ExecStart=$prefix/bin/keymenud" "$dest$unitdir/keymenud.service"
check "no /usr/local left in units" sh -c "[ '$prefix' = /usr/local ] || ! grep -q /usr/local '$dest$unitdir'/keymenud.*"
check "sysusers entry" test -f "$dest$prefix/lib/sysusers.d/keymenu.conf"
check "docs" test -f "$dest$prefix/share/doc/keymenu/README.md" \
  -a -f "$dest$prefix/share/doc/keymenu/systemd/README.md" \
  -a -f "$dest$prefix/share/doc/keymenu/systemd/commands.conf.example"
check "/etc/keymenu/conf.d" test -d "$dest/etc/keymenu/conf.d"
check "configuration installed" cmp -s systemd/keymenu.toml "$dest/etc/keymenu/keymenu.toml"
check "the full example with the docs" cmp -s examples/keymenu.toml "$dest$prefix/share/doc/keymenu/examples/keymenu.toml"
echo "# mine" >>"$dest/etc/keymenu/keymenu.toml"
make -s install DESTDIR="$dest" PREFIX="$prefix" RELEASEDIR="$tmp/release" >"$tmp/log" 2>&1
check "existing configuration kept" grep -qx "# mine" "$dest/etc/keymenu/keymenu.toml"

make -s uninstall DESTDIR="$dest" PREFIX="$prefix" >"$tmp/log" 2>&1
left=$(cd "$dest" && find . \( -type f -o -type l \) ! -path './etc/keymenu/*')
check "uninstall leaves only /etc/keymenu" test -z "$left"
[ -z "$left" ] || printf '%s\n' "$left" >&2
check "uninstall removes the doc directory" test ! -e "$dest$prefix/share/doc/keymenu"
check "uninstall removes the compat directory" test ! -e "$dest$compat"
exit "$fail"
