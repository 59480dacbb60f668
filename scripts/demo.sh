#!/bin/sh
# make demo: keymenuctl monitor on emulated devices (no hardware needed).
# A keyboard, an IR remote and a mouse are plugged into a umockdev testbed;
# the keyboard and remote replay a short scripted session. The mouse is not
# keyboard-like, so monitor leaves it alone.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
fx="$here/Tests/Fixtures"
bin="$here/.build/debug/keymenuctl"
echo "== keymenuctl devices"
umockdev-run -d "$fx/devices/keyboard.umockdev" -d "$fx/devices/remote.umockdev" \
  -d "$fx/devices/mouse.umockdev" \
  -i /dev/input/event3="$fx/devices/keyboard.ioctl" -i /dev/input/event5="$fx/devices/remote.ioctl" \
  -i /dev/input/event6="$fx/devices/mouse.ioctl" -- "$bin" devices
echo
echo "== keymenuctl monitor (Shift+A with autorepeat, AltGr+E, Esc, Enter; remote: Down, OK, Back)"
umockdev-run -d "$fx/devices/keyboard.umockdev" -d "$fx/devices/remote.umockdev" \
  -d "$fx/devices/mouse.umockdev" \
  -i /dev/input/event3="$fx/devices/keyboard.ioctl" -i /dev/input/event5="$fx/devices/remote.ioctl" \
  -i /dev/input/event6="$fx/devices/mouse.ioctl" \
  -e /dev/input/event3="$fx/events/modifiers-repeat.events" \
  -e /dev/input/event5="$fx/events/remote-nav.events" \
  -- sh -c '"$1" monitor & pid=$!; sleep 3; kill -TERM $pid; wait $pid; echo "(monitor exited with status $?)"' sh "$bin"
