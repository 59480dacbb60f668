#!/bin/sh
# make demo: keymenuctl monitor, then keymenud with a scripted person, on
# emulated devices (no hardware needed).
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

echo
echo "== keymenud with examples/keymenu.toml on an emulated keyboard"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
daemon="$here/.build/debug/keymenud"
cat > "$dir/scenario" <<SCENARIO
plug 3 keyboard
until 5000 $bin status
spawn events sh -c "$bin subscribe alert menu --json > $dir/events.jsonl"
until 5000 test -s $dir/events.jsonl
spawn screen sh -c "$bin ui --plain > $dir/screen.txt"
until 5000 grep -q 'Nothing in front' $dir/screen.txt
spawn ask $bin alert "Deploy now?" --button Cancel --button Deploy --cancel 0
until 5000 sh -c "$bin state --json | grep -q Deploy"
# the person presses Enter: the default button
key 3 ENTER 1
key 3 ENTER 0
reap ask 0 Deploy
spawn pick sh -c "printf 'Kitchen\\\\nLiving room\\\\nGarden\\\\n' | $bin menu --title Lights"
until 5000 sh -c "$bin state --json | grep -q Garden"
# Down, Down, Enter
key 3 DOWN 1
key 3 DOWN 0
key 3 DOWN 1
key 3 DOWN 0
key 3 ENTER 1
key 3 ENTER 0
reap pick 0 Garden
# Ctrl+Alt+M opens the configured main menu; Esc closes it
key 3 LEFTCTRL 1
key 3 LEFTALT 1
key 3 M 1
key 3 M 0
key 3 LEFTALT 0
key 3 LEFTCTRL 0
until 5000 sh -c "$bin state --json | grep -q 'Main menu'"
key 3 ESC 1
key 3 ESC 0
wait 300
SCENARIO
echo "pressed: Enter on the alert 'Deploy now?' | Down Down Enter in the menu 'Lights' | Ctrl+Alt+M then Esc"
KEYMENU_SOCKET="$dir/keymenu.sock" /usr/bin/python3 "$fx/hotplug.py" "$dir/scenario" -- \
  "$daemon" --config "$here/examples/keymenu.toml" 2>&1 | grep -E 'hotplug.py: client (ask|pick)|ready|device 1:' || true
echo "events the subscriber saw:"
sed -E 's/.*"method":"([a-z.]+)".*/  \1/; s/.*"snapshot".*/  (snapshot)/' "$dir/events.jsonl"
echo
echo "what 'keymenuctl ui' drew, picture after picture (in a terminal it redraws in place):"
sed 's/^/  /' "$dir/screen.txt"
