#!/bin/sh
# check-install.sh: run `make install` and `make uninstall` into a temporary
# DESTDIR with stand-in binaries (no Swift build) and check what lands where.
# The stand-ins answer --experimental-dump-help and --generate-completion-script
# as ArgumentParser programs do, so that `make man completions` runs on them as
# on the release binaries (the real pages and completions are checked by
# Tests/PackagingTests/ManPageTests.swift).
#   scripts/check-install.sh [PREFIX]    (default /usr)
set -eu
cd "$(dirname "$0")/.."
prefix=${1:-/usr}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
dest=$tmp/root
mkdir -p "$tmp/release" "$dest"
# keymenu is the multi-call binary, run as keymenud and keymenuctl through
# links, as make release leaves them.
for b in keymenu keymenu-overlay; do
  cat >"$tmp/release/$b" <<'EOF'
#!/bin/sh
b=$(basename "$0")
case "$1" in
--experimental-dump-help)
  echo '{"serializationVersion":0,"command":{"commandName":"'"$b"'","abstract":"Stand-in."}}' ;;
--generate-completion-script) printf '#compdef %s\n# stand-in %s completion\n' "$b" "$2" ;;
*) echo stand-in "$b" ;;
esac
EOF
  chmod 755 "$tmp/release/$b"
done
for b in keymenud keymenuctl keymenu-whiptail keymenu-dialog keymenu-dmenu; do ln -s keymenu "$tmp/release/$b"; done
generated="RELEASEDIR=$tmp/release MANOUT=$tmp/man COMPLETIONSOUT=$tmp/completions"
fail=0
check() { # check DESCRIPTION COMMAND...
  what=$1
  shift
  if "$@"; then echo "check-install: ok: $what"; else
    echo "check-install: FAILED: $what" >&2
    fail=1
  fi
}

if make -s install DESTDIR="$dest" PREFIX="$prefix" $generated >"$tmp/log" 2>&1; then
  echo "check-install: FAILED: make install without make man completions" >&2
  fail=1
else
  check "make install asks for make man completions" grep -q "run 'make man completions'" "$tmp/log"
fi
check "nothing installed without the pages" test -z "$(find "$dest" -type f)"
make -s man completions $generated >"$tmp/log" 2>&1 || {
  cat "$tmp/log" >&2
  echo "check-install: make man completions failed" >&2
  exit 1
}
make -s install DESTDIR="$dest" PREFIX="$prefix" $generated >"$tmp/log" 2>&1 || {
  cat "$tmp/log" >&2
  echo "check-install: make install failed" >&2
  exit 1
}
if [ "$prefix" = /usr ]; then unitdir=/lib/systemd/system; else unitdir=$prefix/lib/systemd/system; fi
check "binaries in $prefix/bin" test -f "$dest$prefix/bin/keymenu" -a ! -L "$dest$prefix/bin/keymenu" \
  -a -x "$dest$prefix/bin/keymenu-overlay"
links=
for b in keymenud keymenuctl keymenu-whiptail keymenu-dialog keymenu-dmenu; do
  [ "$(readlink "$dest$prefix/bin/$b")" = keymenu ] || links="$links $b"
done
check "keymenud, keymenuctl and the compatible commands link to keymenu${links:+ (not$links)}" test -z "$links"
check "overlay user unit" grep -qx "ExecStart=$prefix/bin/keymenu-overlay" \
  "$dest$prefix/lib/systemd/user/keymenu-overlay.service"
check "overlay autostart entry" grep -qx "Exec=$prefix/bin/keymenu-overlay" \
  "$dest/etc/xdg/autostart/keymenu-overlay.desktop"
compat=$prefix/lib/keymenu/compat
check "compatible commands in $prefix/bin" test -x "$dest$prefix/bin/keymenu-whiptail" \
  -a -x "$dest$prefix/bin/keymenu-dmenu" -a -x "$dest$prefix/bin/keymenu-run"
check "compat links in $compat" test "$(readlink "$dest$compat/whiptail")" = "$prefix/bin/keymenu-whiptail" \
  -a "$(readlink "$dest$compat/dialog")" = "$prefix/bin/keymenu-dialog" \
  -a "$(readlink "$dest$compat/dmenu")" = "$prefix/bin/keymenu-dmenu"
check "nothing named whiptail, dialog or dmenu in $prefix/bin" \
  test ! -e "$dest$prefix/bin/whiptail" -a ! -e "$dest$prefix/bin/dialog" -a ! -e "$dest$prefix/bin/dmenu"
check "keymenu-run names $compat" grep -q "compat=\${KEYMENU_COMPAT_DIR:-$compat}" "$dest$prefix/bin/keymenu-run"
check "units in $unitdir" test -f "$dest$unitdir/keymenud.service" -a -f "$dest$unitdir/keymenud.socket" \
  -a -f "$dest$unitdir/keymenu-ask-password.path" -a -f "$dest$unitdir/keymenu-ask-password.service"
check "the password agent in $prefix/lib/keymenu, not on PATH" \
  test "$(readlink "$dest$prefix/lib/keymenu/keymenu-ask-password")" = "$prefix/bin/keymenu" \
  -a ! -e "$dest$prefix/bin/keymenu-ask-password" -a -f "$dest$prefix/share/man/man8/keymenu-ask-password.8"
check "ExecStart=$prefix/lib/keymenu/keymenu-ask-password --query" \
  grep -qx "ExecStart=$prefix/lib/keymenu/keymenu-ask-password --query" "$dest$unitdir/keymenu-ask-password.service"
check "ExecStart=$prefix/bin/keymenud" grep -qx "ExecStart=$prefix/bin/keymenud" "$dest$unitdir/keymenud.service"
check "no /usr/local left in units" sh -c "[ '$prefix' = /usr/local ] || ! grep -q /usr/local '$dest$unitdir'/keymenud.*"
check "sysusers entry" test -f "$dest$prefix/lib/sysusers.d/keymenu.conf"
check "docs" test -f "$dest$prefix/share/doc/keymenu/README.md" \
  -a -f "$dest$prefix/share/doc/keymenu/systemd/README.md" \
  -a -f "$dest$prefix/share/doc/keymenu/systemd/commands.conf.example"
man=$dest$prefix/share/man
nopage=
for b in "$dest$prefix"/bin/*; do
  b=$(basename "$b")
  [ -f "$man/man1/$b.1" ] || [ -f "$man/man8/$b.8" ] || nopage="$nopage $b"
done
check "a manual page for every program in $prefix/bin${nopage:+ (none for$nopage)}" test -z "$nopage"
check "keymenud(8), keymenuctl(1), keymenu.toml(5)" test -f "$man/man8/keymenud.8" -a -f "$man/man1/keymenuctl.1" \
  -a -f "$man/man5/keymenu.toml.5"
check "keymenu-dialog(1) is keymenu-whiptail(1)" grep -qx '.so man1/keymenu-whiptail.1' "$man/man1/keymenu-dialog.1"
if [ "$prefix" = /usr ]; then zshdir=$prefix/share/zsh/vendor-completions; else zshdir=$prefix/share/zsh/site-functions; fi
nocompletion=
for b in "$dest$prefix"/bin/*; do
  b=$(basename "$b")
  [ -e "$dest$prefix/share/bash-completion/completions/$b" ] || nocompletion="$nocompletion bash:$b"
  grep -qs "^#compdef.* $b\( \|\$\)" "$dest$zshdir"/_* || nocompletion="$nocompletion zsh:$b"
  [ -f "$dest$prefix/share/fish/vendor_completions.d/$b.fish" ] || nocompletion="$nocompletion fish:$b"
done
check "bash, zsh ($zshdir) and fish completions for every program${nocompletion:+ (none for$nocompletion)}" \
  test -z "$nocompletion"
check "/etc/keymenu/conf.d" test -d "$dest/etc/keymenu/conf.d"
check "configuration installed" cmp -s systemd/keymenu.toml "$dest/etc/keymenu/keymenu.toml"
check "the full example with the docs" cmp -s examples/keymenu.toml "$dest$prefix/share/doc/keymenu/examples/keymenu.toml"
echo "# mine" >>"$dest/etc/keymenu/keymenu.toml"
make -s install DESTDIR="$dest" PREFIX="$prefix" $generated >"$tmp/log" 2>&1
check "existing configuration kept" grep -qx "# mine" "$dest/etc/keymenu/keymenu.toml"

make -s uninstall DESTDIR="$dest" PREFIX="$prefix" >"$tmp/log" 2>&1
left=$(cd "$dest" && find . \( -type f -o -type l \) ! -path './etc/keymenu/*')
check "uninstall leaves only /etc/keymenu" test -z "$left"
[ -z "$left" ] || printf '%s\n' "$left" >&2
check "uninstall removes the doc directory" test ! -e "$dest$prefix/share/doc/keymenu"
check "uninstall removes the compat directory" test ! -e "$dest$compat"
exit "$fail"
