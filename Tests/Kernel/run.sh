#!/bin/sh
# make test-kernel: keymenud on a real Linux kernel, in QEMU.
#
# Emulated devices (umockdev) cannot show what only the kernel does: a second
# EVIOCGRAB refused with EBUSY, SYN_DROPPED when a reader's buffer overflows,
# a device destroyed under its reader. So this boots Debian's own kernel in
# qemu-system-x86_64 with TCG (software emulation: /dev/kvm on these machines
# is a nested device a stock kernel hangs on), from an initramfs holding
# busybox, evdev.ko and uinput.ko, the release binaries (Swift runtime linked
# statically) with the few shared libraries they need, and the cases in
# Tests/Kernel/guest/cases.sh. Results come back on the serial console.
#
# The kernel package is downloaded with apt-get and unpacked (dpkg -x), never
# installed; it is kept in .build/kernel for the next run.
#
# Usage: Tests/Kernel/run.sh [BINDIR]   (default .build/release; the Makefile
# builds keymenud, keymenuctl and keymenu-uinput there first)
# Environment: KERNEL_PACKAGE (default: what linux-image-amd64 depends on),
# KTEST_TIMEOUT (seconds for the whole boot, default 280), KTEST_KEEP=1 keeps
# the work directory.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=${1:-$root/.build/release}
timeout_s=${KTEST_TIMEOUT:-280}
# The cases that must pass, in order (cases.sh prints one line for each).
expected="start hotplug alert-enter alert-esc grab keys-up flood unplug gamepad ir ir-alert cec cec-wake cec-standby cec-link cec-holder cec-rename stop"

say() { echo "test-kernel: $*"; }
die() { echo "test-kernel: $*" >&2; exit 1; }

for tool in qemu-system-x86_64 busybox cpio dpkg apt-get ldd gzip ir-ctl cec-ctl cec-follower v4l2-ctl; do
  command -v "$tool" >/dev/null || die "$tool is missing (make test-kernel installs it: see the Makefile's KERNEL_PACKAGES)"
done
for b in keymenud keymenuctl keymenu-uinput; do
  [ -x "$bin/$b" ] || die "$bin/$b is missing: build it first (make test-kernel does)"
done

# --- the kernel --------------------------------------------------------------
. "$here/debian.sh"
package=$(kernel_package)
cache="$root/.build/kernel/$package"
# The modules the cases load: evdev and uinput; rc-core, rc-loopback and
# the NEC decoder for the IR case; the CEC framework and vivid (with what
# it needs) for the cec case.
modules="evdev uinput rc-core rc-loopback ir-nec-decoder cec mc videodev videobuf2-common videobuf2-v4l2
  videobuf2-memops videobuf2-vmalloc videobuf2-dma-contig v4l2-dv-timings v4l2-tpg vivid"
cached=1
for m in $modules; do [ -f "$cache/$m.ko" ] || cached=0; done
if [ ! -f "$cache/vmlinuz" ] || [ "$cached" = 0 ]; then
  say "fetching $package (apt-get download, unpacked with dpkg -x, not installed)"
  fetch=$(mktemp -d)
  fetch_deb "$package" "$fetch/x"
  mkdir -p "$cache"
  cp "$fetch"/x/boot/vmlinuz-* "$cache/vmlinuz"
  for m in $modules; do
    find "$fetch/x/lib/modules" -name "$m.ko" -exec cp {} "$cache/$m.ko" \;
  done
  rm -rf "$fetch"
  for m in $modules; do [ -f "$cache/$m.ko" ] || die "$package has no $m.ko"; done
fi

# --- the initramfs -----------------------------------------------------------
work=$(mktemp -d)
cleanup() { if [ "${KTEST_KEEP:-0}" = 1 ]; then say "kept $work"; else rm -rf "$work"; fi; }
trap cleanup EXIT
fs="$work/fs"
mkdir -p "$fs/bin" "$fs/lib/modules" "$fs/etc" "$fs/proc" "$fs/sys" "$fs/dev" "$fs/root"
cp "$(command -v busybox)" "$fs/bin/busybox"
ln -s busybox "$fs/bin/sh"
ldd "$fs/bin/busybox" >/dev/null 2>&1 && die "busybox is not the static one (install busybox-static)"
for m in $modules; do cp "$cache/$m.ko" "$fs/lib/modules/"; done
for b in keymenud keymenuctl keymenu-uinput ir-ctl cec-ctl cec-follower v4l2-ctl; do
  src="$bin/$b"
  case "$b" in ir-ctl | cec-ctl | cec-follower | v4l2-ctl) src=$(command -v "$b") ;; esac
  cp "$src" "$fs/bin/"
  # Shared libraries (libevdev, libsystemd and theirs, libc, libstdc++) and
  # the loader, at the paths the binaries name.
  ldd "$src" | awk '/=> \// { print $3 } /^\t\/lib/ { print $1 }' | while read -r lib; do
    mkdir -p "$fs$(dirname "$lib")"
    cp -L "$lib" "$fs$lib"
  done
done
cp "$here/guest/init" "$here/guest/cases.sh" "$here/guest/keyboard-steps.sh" "$here/guest/keymenu.toml" "$fs/"
cp "$here/guest/passwd" "$here/guest/group" "$here/guest/mdev.conf" "$fs/etc/"
chmod 0755 "$fs/init" "$fs/bin/"*
(cd "$fs" && find . | cpio -o -H newc --quiet | gzip -1 >"$work/initrd.gz")
size=$(wc -c <"$work/initrd.gz")
[ "$size" -gt 100000 ] || die "the initramfs is $size bytes: cpio failed"
say "kernel $package, initramfs $((size / 1024)) KiB; booting with TCG (at most $timeout_s s)"

# --- the run -----------------------------------------------------------------
start=$(date +%s)
set +e
timeout --kill-after=10 "$timeout_s" qemu-system-x86_64 -accel tcg -m 1024 -nographic -no-reboot -net none \
  -kernel "$cache/vmlinuz" -initrd "$work/initrd.gz" \
  -append "console=ttyS0 quiet panic=-1" </dev/null >"$work/console.log" 2>&1
qemu_rc=$?
set -e
seconds=$(($(date +%s) - start))
tr -d '\r' <"$work/console.log" >"$work/console.txt"

# --- the verdict ---------------------------------------------------------------
grep '^KTEST \(PASS\|FAIL\|INFO\|BOOT\|DONE\)' "$work/console.txt" | sed 's/^KTEST /  /' || true
problems=""
[ "$qemu_rc" = 0 ] || problems="$problems qemu exited $qemu_rc (124: timed out after $timeout_s s);"
grep -q '^KTEST DONE' "$work/console.txt" || problems="$problems the cases did not finish;"
grep -q '^KTEST FAIL' "$work/console.txt" && problems="$problems a case failed;"
for case in $expected; do
  grep -qx "KTEST PASS $case" "$work/console.txt" || problems="$problems '$case' did not pass;"
done
if [ -n "$problems" ]; then
  echo "test-kernel: FAILED after $seconds s:$problems" >&2
  echo "test-kernel: the whole serial console:" >&2
  sed 's/^/  | /' "$work/console.txt" >&2
  exit 1
fi
say "all $(echo $expected | wc -w) cases passed on the real kernel in $seconds s"
