#!/bin/sh
# ensure-packages.sh PKG...: make sure these Debian packages are installed.
# As root, missing ones are installed with apt-get; otherwise the exact
# command is printed and the script fails, so nothing is half-set-up.
set -eu
missing=""
for pkg in "$@"; do
  status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
  case "$status" in *" installed") ;; *) missing="$missing $pkg" ;; esac
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -eq 0 ]; then
  echo "installing Debian packages:$missing"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends $missing
else
  echo "keymenu needs these Debian packages:$missing" >&2
  echo "run: sudo apt-get install -y$missing" >&2
  exit 1
fi
