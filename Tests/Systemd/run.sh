#!/bin/sh
# make test-systemd: keymenu's Debian package under systemd as PID 1, in QEMU.
#
# Boots Debian's kernel in qemu-system-x86_64 (TCG, as make test-kernel) with
# this machine's root file system shared read-only over virtio-9p and a tmpfs
# overlay on top, and systemd 252 as PID 1. The guest installs the package
# with dpkg -i (its maintainer scripts run under the booted systemd) and runs
# Tests/Systemd/guest/checks.sh as a service of its own target; each check
# writes "PASS name" or "FAIL name: why" to a writable 9p share, and the
# host decides the verdict: every expected check must pass, and the last
# one (power) passes only if the README's power menu, chosen from a uinput
# keyboard, powers the guest off by itself.
#
# Fetched with apt-get download and unpacked with dpkg -x (never installed
# here), kept in .build/systemd for the next run: the kernel package (only the
# modules the guest loads are kept), and udev and kmod, which these machines
# lack, as a lower layer of the guest's root (under usr/: the root is
# merged-/usr).
#
# Usage: Tests/Systemd/run.sh DEBDIR   (DEBDIR holds keymenu_*.deb; make
# test-systemd builds it with make deb)
# Environment:
#   KEYMENU_UINPUT   the keymenu-uinput test tool (default .build/release/keymenu-uinput)
#   TSTEST_CHECKS    run only these checks (names as below, space separated);
#                    setup and the install always run
#   TSTEST_TIMEOUT   seconds for the whole boot (default 900)
#   TSTEST_POWER_TIMEOUT  seconds the guest waits for the power-off (default 180)
#   TSTEST_KEEP=1    keep the work directory (console.txt, results.txt)
#   KERNEL_PACKAGE   the kernel package (default: what linux-image-amd64 depends on)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
[ $# -ge 1 ] || { echo "usage: $0 DEBDIR" >&2; exit 2; }
debdir=$1
uinput=${KEYMENU_UINPUT:-$root/.build/release/keymenu-uinput}
timeout_s=${TSTEST_TIMEOUT:-900}
power_timeout=${TSTEST_POWER_TIMEOUT:-180}
# Every check, in the order the guest runs them (checks.sh prints one line
# for each; power is decided here, from how QEMU ends).
all="active quiet-start security no-core hotplug alert-enter alert-esc refused tier-reload tier-keys
  reload reload-broken socket-activation first-request stop-alert
  commands watchdog journal-keys socket-masked hotplug-quiet seccomp cec ask-password ask-password-remote
  ask-password-luks ask-password-elsewhere ask-password-notafter purge power"
expected=$(echo ${TSTEST_CHECKS:-$all})
for c in $expected; do
  case " $(echo $all) " in *" $c "*) ;; *) echo "test-systemd: unknown check '$c' (checks: $(echo $all))" >&2; exit 2 ;; esac
done

say() { echo "test-systemd: $*"; }
die() { echo "test-systemd: $*" >&2; exit 1; }

for tool in qemu-system-x86_64 busybox cpio dpkg dpkg-deb apt-get gzip timeout; do
  command -v "$tool" >/dev/null || die "$tool is missing (make test-systemd installs it: see the Makefile's SYSTEMD_TEST_PACKAGES)"
done
ldd "$(command -v busybox)" >/dev/null 2>&1 && die "busybox is not the static one (install busybox-static)"
for f in /usr/lib/polkit-1/polkitd /usr/bin/dbus-daemon /lib/systemd/systemd-logind /usr/sbin/cryptsetup \
  /lib/systemd/systemd-cryptsetup /usr/bin/ir-keytable /usr/bin/ir-ctl /usr/bin/evtest /usr/bin/script; do
  [ -x "$f" ] || die "$f is missing: the guest boots this machine's root (install the Makefile's SYSTEMD_TEST_PACKAGES)"
done
[ -x "$uinput" ] || die "$uinput is missing: build it first (make test-systemd does)"
deb=$(ls "$debdir"/keymenu_*_amd64.deb 2>/dev/null | tail -n 1)
[ -n "$deb" ] || die "no keymenu_*_amd64.deb in $debdir: run make deb first"

. "$root/Tests/Kernel/debian.sh"
cache_root="$root/.build/systemd"

# --- the kernel and the modules the guest loads ------------------------------
# virtio_pci for the 9p shares, 9p and overlay for the root, evdev and uinput
# for keyboards; their dependencies and load order come from modules.dep
# (written by the unpacked kmod's depmod).
wanted="virtio_pci 9pnet_virtio 9p netfs overlay evdev uinput"
# Loaded by the checks that need them (modprobe), not at boot: the cec
# check's HDMI (vivid and what it needs); the ask-password checks' IR remote
# (rc-loopback, the NEC decoder) and LUKS volume (device mapper, dm-crypt,
# loop devices, the XTS mode and the kernel's crypto API for cryptsetup).
later="vivid rc-loopback ir-nec-decoder dm-crypt loop xts ecb algif_skcipher"
package=$(kernel_package)
kcache="$cache_root/kernel/$package"

# The udev and kmod packages of the versions of this machine's systemd and
# libkmod2 (udevadm links against systemd's private libsystemd-shared).
udev_version=$(dpkg-query -W -f='${Version}' systemd 2>/dev/null) || die "systemd is not installed (it is in the Makefile's PACKAGES)"
kmod_version=$(dpkg-query -W -f='${Version}' libkmod2 2>/dev/null) || die "libkmod2 is not installed"
layer="$cache_root/layer/$(printf %s "udev_$udev_version-kmod_$kmod_version" | tr -c 'A-Za-z0-9.+_-' _)"

if [ ! -f "$layer/.complete" ]; then
  say "fetching udev and kmod (apt-get download, unpacked with dpkg -x, not installed)"
  rm -rf "$layer"
  fetch=$(mktemp -d)
  fetch_deb "udev=$udev_version" "$fetch/x"
  fetch_deb "kmod=$kmod_version" "$fetch/x"
  # hwdb.bin as udev's postinst would make it (systemd-hwdb update), here and
  # once rather than in every boot under TCG; before the move below, where
  # Debian's systemd-hwdb looks (/lib/udev/hwdb.d).
  "$fetch/x/bin/systemd-hwdb" --root="$fetch/x" update || die "systemd-hwdb update failed"
  [ -f "$fetch/x/etc/udev/hwdb.bin" ] || die "systemd-hwdb wrote no etc/udev/hwdb.bin"
  mkdir -p "$layer/usr"
  # The guest's root is merged-/usr: a real /bin, /sbin or /lib in a layer
  # would hide the host's. Everything goes under usr/.
  for d in bin sbin lib; do
    if [ -d "$fetch/x/$d" ]; then
      mkdir -p "$layer/usr/$d"
      cp -a "$fetch/x/$d/." "$layer/usr/$d/"
    fi
  done
  [ -d "$fetch/x/etc" ] && cp -a "$fetch/x/etc" "$layer/"
  [ -d "$fetch/x/usr" ] && cp -a "$fetch/x/usr/." "$layer/usr/"
  rm -rf "$fetch"
  touch "$layer/.complete"
fi

# Fetched again when the lists of modules changed.
lists="boot: $wanted; later: $later"
if [ ! -f "$kcache/.complete" ] || [ "$(cat "$kcache/lists" 2>/dev/null)" != "$lists" ]; then
  say "fetching $package (apt-get download, unpacked with dpkg -x, not installed)"
  rm -rf "$kcache"
  fetch=$(mktemp -d)
  fetch_deb "$package" "$fetch/x"
  version=$(ls "$fetch/x/lib/modules")
  ln -s kmod "$fetch/depmod"
  cp "$layer/usr/bin/kmod" "$fetch/kmod"
  "$fetch/depmod" -b "$fetch/x" "$version" || die "depmod failed"
  mkdir -p "$kcache/modules"
  cp "$fetch"/x/boot/vmlinuz-* "$kcache/vmlinuz"
  : >"$kcache/order"
  # add MODULE-PATH: its dependencies first (modules.dep lists a module's
  # whole closure, in the order modprobe loads backwards), then itself.
  dep="$fetch/x/lib/modules/$version/modules.dep"
  # closure ORDER MODULE...: appends to ORDER what each module needs that is
  # not loaded before it (at boot, or earlier in ORDER), then the module.
  closure() {
    order=$1
    shift
    for m in "$@"; do
      line=$(grep "/$m\.ko:" "$dep") || die "$package has no $m.ko"
      for p in $(echo "$line" | tr -d : | awk '{ for (i = NF; i >= 1; i--) print $i }'); do
        name=$(basename "$p" .ko)
        grep -qx "$name" "$kcache/order" "$kcache/later-order" 2>/dev/null && continue
        cp "$fetch/x/lib/modules/$version/$p" "$kcache/modules/$name.ko"
        echo "$name" >>"$order"
      done
    done
  }
  closure "$kcache/order" $wanted
  : >"$kcache/later-order"
  closure "$kcache/later-order" $later
  rm -rf "$fetch"
  echo "$lists" >"$kcache/lists"
  touch "$kcache/.complete"
fi

# --- the initramfs and the shares ------------------------------------------------
work=$(mktemp -d)
cleanup() { if [ "${TSTEST_KEEP:-0}" = 1 ]; then say "kept $work"; else rm -rf "$work"; fi; }
trap cleanup EXIT
fs="$work/fs"
mkdir -p "$fs/bin" "$fs/modules" "$fs/proc" "$fs/sys" "$fs/dev" "$fs/newroot"
cp "$(command -v busybox)" "$fs/bin/busybox"
ln -s busybox "$fs/bin/sh"
cp "$kcache"/modules/*.ko "$kcache/order" "$kcache/later-order" "$fs/modules/"
cp "$here/guest/init" "$fs/init"
chmod 0755 "$fs/init"
(cd "$fs" && find . | cpio -o -H newc --quiet | gzip -1 >"$work/initrd.gz")
size=$(wc -c <"$work/initrd.gz")
[ "$size" -gt 100000 ] || die "the initramfs is $size bytes: cpio failed"

# What the guest reads (read-only share "checkout"): its scripts and units,
# the package, the uinput tool, the README's menu, the checks to run.
share="$work/share"
mkdir -p "$share" "$work/results"
cp "$here"/guest/*.sh "$here"/guest/*.service "$here"/guest/*.target "$share/"
cp "$root/Tests/Kernel/guest/keyboard-steps.sh" "$share/"
cp "$root/Tests/Fixtures/stall_thread.py" "$share/"
cp "$deb" "$share/keymenu.deb"
cp "$uinput" "$share/keymenu-uinput"
# The README's menu (Configure): its menus and [commands] as written; its
# hotkeys are the installed configuration's already.
awk '/^## Configure/ { c = 1 } c && /^```toml/ { p = 1; next } p && /^```/ { exit } p' "$root/README.md" |
  awk '/^\[\[hotkeys\]\]/ { skip = 1; next } /^\[/ { skip = 0 } !skip' >"$share/readme-menu.toml"
grep -q 'systemctl", "poweroff"' "$share/readme-menu.toml" || die "README.md's Configure example has no power-off item"
echo "$expected" >"$share/checks"
echo "$power_timeout" >"$share/power-timeout"
say "kernel $package, $(dpkg-deb -f "$deb" Package) $(dpkg-deb -f "$deb" Version), checks: $(echo $expected | wc -w); booting with TCG (at most $timeout_s s)"

# --- the run -----------------------------------------------------------------
start=$(date +%s)
set +e
timeout --kill-after=10 "$timeout_s" qemu-system-x86_64 -accel tcg -m 2048 -smp 2 -nographic -no-reboot -net none \
  -kernel "$kcache/vmlinuz" -initrd "$work/initrd.gz" \
  -append "console=ttyS0 quiet panic=-1 systemd.unit=keymenu-test.target systemd.journald.forward_to_console=1" \
  -virtfs local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap \
  -virtfs local,path="$layer",mount_tag=layer,security_model=none,readonly=on,multidevs=remap \
  -virtfs local,path="$share",mount_tag=checkout,security_model=none,readonly=on \
  -virtfs local,path="$work/results",mount_tag=results,security_model=none \
  </dev/null >"$work/console.log" 2>&1
qemu_rc=$?
set -e
seconds=$(($(date +%s) - start))
tr -d '\r' <"$work/console.log" >"$work/console.txt"
results="$work/results/results.txt"
touch "$results"

# --- the verdict ---------------------------------------------------------------
problems=""
[ "$qemu_rc" = 0 ] || problems="$problems qemu exited $qemu_rc (124: timed out after $timeout_s s);"
grep -q '^FAIL' "$results" && problems="$problems a check failed;"
case " $expected " in
  *" power "*)
    # The guest says when it chose "Shut down"; after that only a clean
    # power-off through logind may end the run: logind logs it (journald
    # forwards the journal to the console, up to the end of the shutdown),
    # the kernel says "reboot: Power down", QEMU exits by itself, and no
    # FAIL came after the choice.
    late_fail=$(awk '/^INFO poweroff requested/ { after = 1; next } after && /^FAIL/' "$results")
    if ! grep -q '^INFO poweroff requested' "$results"; then
      why="the guest never chose Shut down"
    elif [ -n "$late_fail" ]; then
      why="$late_fail"
    elif [ "$qemu_rc" != 0 ]; then
      why="QEMU did not exit by itself (exit $qemu_rc)"
    elif ! grep -qE 'systemd-logind\[[0-9]+\]: (The system will power off now!|System is powering down)' "$work/console.txt"; then
      why="logind did not log the power-off ('The system will power off now!', 'System is powering down')"
    elif ! grep -q 'reboot: Power down' "$work/console.txt"; then
      why="the kernel did not say 'reboot: Power down'"
    else
      why=""
    fi
    if [ -z "$why" ]; then
      echo "PASS power: logind powered the guest off after Shut down was chosen (reboot: Power down)" >>"$results"
    elif ! grep -q '^FAIL power' "$results"; then
      echo "FAIL power: $why" >>"$results"
    fi
    ;;
  *) grep -q '^DONE' "$results" || problems="$problems the checks did not finish;" ;;
esac
grep '^\(PASS\|FAIL\|INFO\|DONE\)' "$results" | sed 's/^/  /' || true
for c in $expected; do
  grep -q "^PASS $c\(:\|\$\)" "$results" || problems="$problems '$c' did not pass;"
done
if [ -n "$problems" ]; then
  echo "test-systemd: FAILED after $seconds s:$problems" >&2
  echo "test-systemd: the whole serial console:" >&2
  sed 's/^/  | /' "$work/console.txt" >&2
  exit 1
fi
say "all $(echo $expected | wc -w) checks passed under systemd in $seconds s"
