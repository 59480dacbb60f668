#!/bin/sh
# bench-config.sh DEST [drive]: the configuration the benchmarks run keymenud
# with: examples/keymenu.toml (menus, hotkeys, device rules, grab
# while-modal) as installed, its socket groups being ones that exist. An
# install creates the keymenu groups (systemd/sysusers.d/keymenu.conf); a
# machine that has not (this one, CI) would send each lookup of a group that
# exists nowhere on through NSS to libnss_systemd, which keymenud then keeps
# mapped: +0.4 MiB VmRSS at rest, measured. So the groups are the running
# user's own. With "drive", the running user also gets the drive tier (for
# benchmarks that open menus and alerts).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
group=$(id -gn)
sed -e "s/^group = \"keymenu\"/group = \"$group\"/" \
  -e "s/^admin_group = \"keymenu-admin\"/admin_group = \"$group\"/" \
  "$here/../examples/keymenu.toml" > "$1"
grep -q "^group = \"$group\"" "$1" || { echo "bench-config: examples/keymenu.toml has no socket group line to set" >&2; exit 1; }
if [ "${2:-}" = drive ]; then
  printf '\n[[socket.tiers]]\nuid = %s\ntier = "drive"\n' "$(id -u)" >> "$1"
fi
