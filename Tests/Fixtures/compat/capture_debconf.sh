#!/bin/sh
# capture_debconf.sh [-d] DIR PACKAGE [KEYS...]
#
# Records the command lines debconf's dialog frontend gives whiptail (or,
# with -d, dialog: DEBCONF_FORCE_DIALOG=1) for a real package's questions:
# PACKAGE's config script and templates (from /var/lib/dpkg/info, or
# DIR/PACKAGE.config and DIR/PACKAGE.templates when they are there already,
# e.g. extracted with dpkg-deb -e from a package that is not installed) run
# as `dpkg-reconfigure PACKAGE` runs them (DEBCONF_RECONFIGURE=1, priority
# low, the title "Configuring PACKAGE"; no postinst: nothing on the system
# changes) against a private debconf
# database (Tests/Fixtures/debconf/run.sh), in an 80x24 tmux pane, with a
# `whiptail` (or `dialog`) first on PATH that appends its arguments as one
# JSON array a line to DIR/argv.json and then runs the real program.
#
# Each KEYS word answers one box, in order (tmux key names, comma-separated:
# "Down,Down,Enter"); boxes past the last KEYS word get Enter. Stops when the
# config script ends or after 60 s. Prints DIR/argv.json.
#
# This is how the debconf rows of cases.tsv were found (tzdata, locales,
# keyboard-configuration, the pretend keymenu-test package).
set -u
program=whiptail
[ "${1:-}" = -d ] && { program=dialog; shift; }
dir=$1 package=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$dir/compat" "$dir/pkg"
for file in config templates; do
  if [ -f "$dir/$package.$file" ]; then cp "$dir/$package.$file" "$dir/pkg/"
  elif [ -f "/var/lib/dpkg/info/$package.$file" ]; then cp "/var/lib/dpkg/info/$package.$file" "$dir/pkg/"
  elif [ -f "$here/../debconf/$package.$file" ]; then cp "$here/../debconf/$package.$file" "$dir/pkg/"
  else echo "capture_debconf: no $package.$file" >&2; exit 1
  fi
done
[ -f "$here/../debconf/$package.postinst" ] && cp "$here/../debconf/$package.postinst" "$dir/pkg/"
: >"$dir/argv.json"
for name in whiptail dialog; do
  cat >"$dir/compat/$name.logging" <<EOF
#!/bin/sh
/usr/bin/python3 -c 'import json, sys; print(json.dumps(sys.argv[1:], ensure_ascii=False))' "\$@" >>"$dir/argv.json"
exec /usr/bin/$name "\$@"
EOF
  chmod +x "$dir/compat/$name.logging"
done
ln -sf "$dir/compat/dialog.logging" "$dir/compat/dialog"
# run.sh's command: the compat directory first on PATH (and dialog forced
# with -d), as dpkg-reconfigure asks: every priority, titled by the package.
cat >"$dir/with_path.sh" <<EOF
#!/bin/sh
PATH="$dir/compat:\$PATH"
DEBIAN_PRIORITY=low
DEBCONF_PACKAGE=$package
export PATH DEBIAN_PRIORITY DEBCONF_PACKAGE
[ "$program" = dialog ] && { DEBCONF_FORCE_DIALOG=1; export DEBCONF_FORCE_DIALOG; }
# With DEBCONF_PACKAGE the frontend loads no templates: into the private
# database first, as the package's installation did.
perl -MDebconf::Db -MDebconf::Template -e "Debconf::Db->load; Debconf::Template->load(\\\$ARGV[1], \\\$ARGV[0]); Debconf::Db->save" $package $dir/pkg/$package.templates || exit 1
exec "\$@"
EOF
chmod +x "$dir/with_path.sh"
tmux="env -u LD_PRELOAD LANG=C.UTF-8 TERM=xterm tmux -f /dev/null -S $dir/tmux.sock"
trap '$tmux kill-server >/dev/null 2>&1' EXIT
rm -f "$dir/debconf.status"
$tmux new-session -d -x 80 -y 24 \
  "DEBCONF_RECONFIGURE=1 $here/../debconf/run.sh $dir $dir/compat/whiptail.logging $dir/with_path.sh $dir/pkg/$package.config configure" \
  </dev/null >/dev/null 2>&1
seen=0
for _ in $(seq 600); do
  [ -s "$dir/debconf.status" ] && break
  now=$(grep -vc '^\["--version"\]$' "$dir/argv.json")
  if [ "$now" -gt "$seen" ]; then
    seen=$now
    sleep 1
    keys=Enter
    [ $# -ge "$seen" ] && keys=$(eval "echo \"\${$seen}\"")
    for key in $(echo "$keys" | tr , ' '); do
      $tmux send-keys -- "$key" </dev/null >/dev/null 2>&1
      sleep 0.2
    done
  fi
  sleep 0.1
done
cat "$dir/argv.json"
