#!/bin/sh
# check-units.sh: check the systemd files in systemd/ without a running systemd.
#
#  1. systemd-analyze verify on keymenud.service + keymenud.socket, on the
#     service alone, and with the commands drop-in: any output is a failure.
#     The units are checked as `make install` writes them, with the bindir
#     pointing at stand-in keymenud and keymenuctl in a temporary directory
#     (verify insists that ExecStart= and ExecReload= exist and are executable).
#  2. systemd-sysusers applies systemd/sysusers.d/keymenu.conf to an empty
#     temporary root: user keymenu, groups keymenu, keymenu-admin and
#     keymenu-power (both empty), keymenu
#     in input.
#  3. systemd-analyze security --offline=yes on systemd/keymenud.service: the
#     overall exposure must be at most MAX_EXPOSURE (default 2.0).
#  4. systemd-analyze verify --user on keymenu-overlay's user unit, as
#     installed: any output is a failure.
#  5. The password agent's units (keymenu-ask-password.path and .service):
#     verify, and the service's exposure at most MAX_EXPOSURE.
#
# Works as root or not, in a container where systemd is not PID 1.
set -eu
cd "$(dirname "$0")/.."
MAX_EXPOSURE=${MAX_EXPOSURE:-2.0}

for tool in systemd-analyze systemd-sysusers; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "check-units: $tool not found (Debian package: systemd)" >&2
    exit 1
  fi
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0

# The units as installed, with the bindir replaced by a stand-in's directory
# (the same substitution `make install` does with $(BINDIR)).
mkdir -p "$tmp/bin" "$tmp/all" "$tmp/alone" "$tmp/commands"
for stand_in in keymenud keymenuctl; do
  printf '#!/bin/sh\nexit 0\n' >"$tmp/bin/$stand_in"
  chmod 755 "$tmp/bin/$stand_in"
done
for unit in keymenud.service keymenud.socket; do
  sed -e "s|/usr/local/bin|$tmp/bin|g" "systemd/$unit" >"$tmp/all/$unit"
done
cp "$tmp/all/keymenud.service" "$tmp/alone/keymenud.service"
# A second [Service] section in the same file acts like the drop-in.
cat "$tmp/all/keymenud.service" systemd/keymenud.service.d/commands.conf.example \
  >"$tmp/commands/keymenud.service"

verify() { # verify NAME FILE...: systemd-analyze verify must print nothing.
  name=$1
  shift
  out=$(systemd-analyze verify "$@" 2>&1) && rc=0 || rc=$?
  # verify also loads the host's installed units and warns about theirs (a
  # package's unit naming a dependency it lacks): those lines are not about
  # the files checked here, which live in $tmp.
  out=$(printf '%s\n' "$out" | grep -v -E '^/(usr/)?(lib|etc)/systemd/(system|user)/[^/:]+:' || true)
  if [ "$rc" -ne 0 ] || [ -n "$out" ]; then
    echo "check-units: verify ($name) failed (exit $rc):" >&2
    printf '%s\n' "$out" | sed "s|$tmp/[a-z]*/||g" >&2
    fail=1
  else
    echo "check-units: verify ($name): clean"
  fi
}
verify "service + socket" "$tmp/all/keymenud.service" "$tmp/all/keymenud.socket"
verify "service alone" "$tmp/alone/keymenud.service"
verify "service + commands.conf.example" "$tmp/commands/keymenud.service"
mkdir -p "$tmp/lib" "$tmp/agent"
printf '#!/bin/sh\nexit 0\n' >"$tmp/lib/keymenu-ask-password"
chmod 755 "$tmp/lib/keymenu-ask-password"
for unit in keymenu-ask-password.path keymenu-ask-password.service; do
  sed -e "s|/usr/local/lib/keymenu|$tmp/lib|g" "systemd/$unit" >"$tmp/agent/$unit"
done
verify "password agent" "$tmp/agent/keymenu-ask-password.path" "$tmp/agent/keymenu-ask-password.service"

# sysusers: apply to an empty root and look at the result.
mkdir -p "$tmp/root/etc"
if out=$(systemd-sysusers --root="$tmp/root" "$PWD/systemd/sysusers.d/keymenu.conf" 2>&1) &&
  grep -q '^keymenu:x:[0-9]*:[0-9]*:.*:/usr/sbin/nologin$' "$tmp/root/etc/passwd" &&
  grep -q '^keymenu:x:[0-9]*:$' "$tmp/root/etc/group" &&
  grep -q '^keymenu-admin:x:[0-9]*:$' "$tmp/root/etc/group" &&
  grep -q '^keymenu-power:x:[0-9]*:$' "$tmp/root/etc/group" &&
  grep -q '^input:x:[0-9]*:\(.*,\)\{0,1\}keymenu\(,.*\)\{0,1\}$' "$tmp/root/etc/group"; then
  echo "check-units: sysusers: user keymenu, groups keymenu, keymenu-admin, keymenu-power (empty), keymenu in input"
else
  echo "check-units: sysusers failed:" >&2
  printf '%s\n' "$out" >&2
  cat "$tmp/root/etc/passwd" "$tmp/root/etc/group" >&2 2>/dev/null || true
  fail=1
fi

# Security exposure of the base unit (0.0 best .. 10.0 worst).
report=$(systemd-analyze security --offline=yes --no-pager systemd/keymenud.service 2>&1) || {
  printf '%s\n' "$report" >&2
  echo "check-units: systemd-analyze security failed" >&2
  exit 1
}
score=$(printf '%s\n' "$report" |
  sed -n 's/.*Overall exposure level for keymenud\.service: \([0-9][0-9.]*\).*/\1/p')
if [ -z "$score" ]; then
  printf '%s\n' "$report" >&2
  echo "check-units: no overall exposure level in the output above" >&2
  exit 1
fi
if awk -v s="$score" -v m="$MAX_EXPOSURE" 'BEGIN { exit !(s + 0 <= m + 0) }'; then
  echo "check-units: security exposure of keymenud.service: $score (max $MAX_EXPOSURE)"
else
  printf '%s\n' "$report" | grep '✗' >&2 || true
  echo "check-units: security exposure of keymenud.service: $score, over $MAX_EXPOSURE" >&2
  fail=1
fi
agent=$(systemd-analyze security --offline=yes --no-pager systemd/keymenu-ask-password.service 2>&1 |
  sed -n 's/.*Overall exposure level for keymenu-ask-password\.service: \([0-9][0-9.]*\).*/\1/p')
if [ -n "$agent" ] && awk -v s="$agent" -v m="$MAX_EXPOSURE" 'BEGIN { exit !(s + 0 <= m + 0) }'; then
  echo "check-units: security exposure of keymenu-ask-password.service: $agent (max $MAX_EXPOSURE)"
else
  echo "check-units: security exposure of keymenu-ask-password.service: ${agent:-none}, over $MAX_EXPOSURE" >&2
  fail=1
fi
commands=$(systemd-analyze security --offline=yes --no-pager "$tmp/commands/keymenud.service" 2>&1 |
  sed -n 's/.*Overall exposure level for keymenud\.service: \([0-9][0-9.]*\).*/\1/p')
echo "check-units: with commands.conf.example: ${commands:-?} (informational)"

# keymenu-overlay's user unit as installed; the user manager that verify
# starts needs a runtime directory of its own.
mkdir -p "$tmp/user" "$tmp/run"
chmod 700 "$tmp/run"
printf '#!/bin/sh\nexit 0\n' >"$tmp/bin/keymenu-overlay"
chmod 755 "$tmp/bin/keymenu-overlay"
sed -e "s|/usr/local/bin|$tmp/bin|g" systemd/user/keymenu-overlay.service >"$tmp/user/keymenu-overlay.service"
XDG_RUNTIME_DIR=$tmp/run
export XDG_RUNTIME_DIR
verify "keymenu-overlay user unit" --user "$tmp/user/keymenu-overlay.service"

exit "$fail"
