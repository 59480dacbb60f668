#!/bin/sh
# The real-kernel cases, run by /init inside QEMU (busybox sh). Each case
# prints "KTEST PASS name" or "KTEST FAIL name: why"; the last line is
# "KTEST DONE passed=N failed=M". Tests/Kernel/run.sh reads them from the
# serial console and fails the run, printing the whole console, unless every
# case it expects passed.
#
# The keyboards are real kernel input devices made through /dev/uinput by
# keymenu-uinput (libevdev's uinput API); keymenud reads them through evdev
# like any keyboard, as its own user (group input), never as root.
# Everything waits by polling with a deadline: under TCG a fixed sleep is
# either too long or too short.

export KEYMENU_SOCKET=/run/keymenu/keymenu.sock
W=/run/ktest
mkdir -p "$W"
passed=0
failed=0

log() { echo "KTEST INFO $*"; }

pass() {
  passed=$((passed + 1))
  echo "KTEST PASS $1"
}

# fail CASE WHY: reports the case and what keymenud logged lately.
fail() {
  failed=$((failed + 1))
  echo "KTEST FAIL $1: $2"
  echo "KTEST INFO --- last lines of keymenud's log:"
  tail -n 25 "$W/keymenud.log" | sed 's/^/KTEST LOG /'
}

# wait_for SECONDS COMMAND...: runs COMMAND every 0.1 s until it succeeds
# or SECONDS have passed (then fails).
wait_for() {
  deadline=$(($(date +%s) + $1))
  shift
  while ! "$@" >/dev/null 2>&1; do
    [ "$(date +%s)" -ge "$deadline" ] && return 1
    sleep 0.1
  done
}

# status NAME: an integer member of daemon.status.
status() {
  keymenuctl status --json 2>/dev/null | sed -n "s/.*\"$1\":\([0-9]*\).*/\1/p"
}

status_is() { [ "$(status "$1")" = "$2" ]; }
status_at_least() { v=$(status "$1"); [ -n "$v" ] && [ "$v" -ge "$2" ]; }

# device_json PATH: keymenud's view of the device at PATH (devices.list),
# one JSON object, or nothing when keymenud does not use it.
device_json() {
  keymenuctl call --json devices.list 2>/dev/null | sed 's/},{/}\n{/g' | grep "\"path\":\"$1\""
}

in_use() { device_json "$1" | grep -q .; }
not_in_use() { ! device_json "$1" | grep -q .; }
grabbed() { device_json "$1" | grep -q '"grabbed":true'; }
released() { device_json "$1" | grep -q '"grabbed":false'; }

# keyboard N NAME [--gamepad]: makes a uinput keyboard (or gamepad) driven
# through fd N (3-7); sets kbN to its event node once the kernel has made it.
keyboard() {
  mkfifo "$W/kb$1.in"
  keymenu-uinput keyboard "$2" ${3:-} <"$W/kb$1.in" >"$W/kb$1.out" 2>&1 &
  eval "exec $1>\"$W/kb$1.in\""
  wait_for 20 grep -q '^devnode ' "$W/kb$1.out" || return 1
  node=$(sed -n 's/^devnode //p' "$W/kb$1.out")
  wait_for 20 test -c "$node" || return 1
  eval "kb$1=$node"
  log "keyboard $2 is $node"
}

# send and said: keyboard steps (Tests/Kernel/guest/keyboard-steps.sh).
. /keyboard-steps.sh

# alert NAME ARGS...: shows an alert in the background; its output goes to
# $W/NAME.out and its exit status to $W/NAME.rc.
alert() {
  name=$1
  shift
  (keymenuctl alert "$@" >"$W/$name.out" 2>&1; echo $? >"$W/$name.rc") &
}

alert_answered() { test -s "$W/$1.rc"; }

# menu NAME: shows a menu of one, two, three in the background (output and
# exit status in $W/NAME.out and .rc) and waits for it to be in front.
menu() {
  (printf 'one\ntwo\nthree\n' | keymenuctl menu >"$W/$1.out" 2>&1; echo $? >"$W/$1.rc") &
  wait_for 30 modal_depth_is 1
}

# chose_third NAME: whether menu NAME was answered with its third item (exit
# 0); says what came instead, on standard output, when it was not.
chose_third() {
  if ! wait_for 30 alert_answered "$1"; then
    echo "the keys did not answer the menu"
    return 1
  fi
  [ "$(cat "$W/$1.rc")" = 0 ] && [ "$(cat "$W/$1.out")" = three ] && return 0
  echo "expected 'three', exit 0; got '$(cat "$W/$1.out")', exit $(cat "$W/$1.rc")"
  return 1
}

modal_depth_is() { status_is modal_depth "$1"; }

# --- start -----------------------------------------------------------------

case_start() {
  mkdir -p /run/keymenu /etc/keymenu
  chown keymenu:keymenu /run/keymenu
  cp /keymenu.toml /etc/keymenu/keymenu.toml
  # As systemd would start it: user keymenu (100), group keymenu, and input
  # (101) for /dev/input; run-as execs keymenud in the same process.
  keymenu-uinput run-as 100 100 44,101 -- /bin/keymenud --config /etc/keymenu/keymenu.toml >"$W/keymenud.log" 2>&1 &
  daemon=$!
  if ! wait_for 60 test -S "$KEYMENU_SOCKET" || ! wait_for 30 status_is modal_depth 0; then
    fail start "keymenud did not come up"
    return 1
  fi
  ids=$(awk '/^(Uid|Gid):/ { printf "%s %s ", $1, $2 } /^Groups:/ { $1 = $1; printf "%s ", $0 }' "/proc/$daemon/status")
  log "keymenud runs with $ids"
  [ "$ids" = "Uid: 100 Gid: 100 Groups: 44 101 " ] || { fail start "keymenud runs with $ids, not as keymenu"; return 1; }
  pass start
  t0=$(cut -d' ' -f1 /proc/uptime)
  keymenuctl status >/dev/null
  log "one keymenuctl status: $t0 -> $(cut -d' ' -f1 /proc/uptime) s uptime"
}

# A keyboard made after keymenud started is opened and used.
case_hotplug() {
  keyboard 3 kmtest-kb1 || { fail hotplug "keymenu-uinput could not make a keyboard"; return; }
  if ! wait_for 30 in_use "$kb3"; then
    fail hotplug "keymenud did not take up $kb3, made after it started"
    return
  fi
  pass hotplug
}

# answered CASE KEY BUTTON RC: shows an alert with buttons No (cancel) and
# Yes (default), types KEY on the first keyboard, and expects keymenuctl to
# print BUTTON and exit RC.
answered() {
  alert "$1" "Continue?" --button No --button Yes --cancel 0
  wait_for 30 modal_depth_is 1 || { fail "$1" "the alert did not come up"; return; }
  send 3 "tap $2"
  if ! wait_for 30 alert_answered "$1"; then
    fail "$1" "$2 did not answer the alert"
  elif [ "$(cat "$W/$1.rc")" != "$4" ] || [ "$(cat "$W/$1.out")" != "$3" ]; then
    fail "$1" "expected '$3', exit $4; got '$(cat "$W/$1.out")', exit $(cat "$W/$1.rc")"
  else
    pass "$1"
  fi
}

# The whole loop: keymenuctl alert, answered by an injected Enter (default
# button: exit 0) and by an injected Esc (the cancel button by Esc: exit 3).
case_alert_loop() {
  answered alert-enter ENTER Yes 0
  answered alert-esc ESC No 3
}

# keymenud grabs while the alert is in front: another reader's EVIOCGRAB
# gets EBUSY. After the answer the grab is released and the other reader
# can grab.
case_grab() {
  alert grab "Grab?" --button OK
  if ! wait_for 30 grabbed "$kb3"; then
    fail grab "keymenud did not grab $kb3 while the alert was in front"
    return
  fi
  keymenu-uinput grab "$kb3" >"$W/grab1.out" 2>&1
  rc=$?
  if [ "$rc" != 1 ] || ! grep -q '^grab busy' "$W/grab1.out"; then
    fail grab "a second EVIOCGRAB while keymenud holds the grab: exit $rc, $(cat "$W/grab1.out") (expected busy)"
    send 3 "tap ENTER"
    return
  fi
  send 3 "tap ENTER"
  wait_for 30 alert_answered grab || { fail grab "Enter did not answer the alert"; return; }
  wait_for 30 released "$kb3" || { fail grab "keymenud still grabs $kb3 after the answer"; return; }
  keymenu-uinput grab "$kb3" >"$W/grab2.out" 2>&1
  rc=$?
  if [ "$rc" != 0 ] || ! grep -q '^grab ok' "$W/grab2.out"; then
    fail grab "after the answer another reader's grab: exit $rc, $(cat "$W/grab2.out") (expected ok)"
    return
  fi
  pass grab
}

# held KEYLOG: the keys a reader saw go down and not up again.
held() {
  awk '$1 == "key" { if ($3 == 0) delete down[$2]; else down[$2] = 1 }
       END { for (k in down) printf "%s ", k }' "$1"
}

# The focused application (a plain reader of the same device) is never left
# with a key pressed: keymenud does not grab while a key is held, only once
# it is up, and no key of the alert reaches the application.
case_keys_up() {
  keymenu-uinput watch "$kb3" >"$W/app.log" 2>&1 &
  app=$!
  wait_for 20 grep -q '^watching' "$W/app.log" || { fail keys-up "the application reader did not start"; return; }
  send 3 "down X"
  said 3 x-down
  alert keysup "Keys?" --button OK
  wait_for 30 modal_depth_is 1 || { fail keys-up "the alert did not come up"; send 3 "up X"; return; }
  sleep 1
  if grabbed "$kb3"; then
    fail keys-up "keymenud grabbed $kb3 while X was held: the application would never see X go up"
    send 3 "up X" "tap ENTER"
    return
  fi
  send 3 "up X"
  wait_for 30 grabbed "$kb3" || { fail keys-up "keymenud did not grab $kb3 once X was up"; return; }
  send 3 "tap Q"
  said 3 q-tapped
  send 3 "tap ENTER"
  wait_for 30 alert_answered keysup || { fail keys-up "Enter did not answer the alert"; return; }
  wait_for 30 released "$kb3" || { fail keys-up "keymenud still grabs $kb3"; return; }
  send 3 "tap Y"
  wait_for 30 grep -q '^key KEY_Y 0' "$W/app.log" || { fail keys-up "the application got no keys after the answer"; return; }
  kill "$app" 2>/dev/null
  stuck=$(held "$W/app.log")
  if [ -n "$stuck" ]; then
    fail keys-up "the application was left with $stuck pressed"
  elif ! grep -q '^key KEY_X 0' "$W/app.log"; then
    fail keys-up "the application never saw X go up"
  elif grep -q '^key KEY_Q \|^key KEY_ENTER 1' "$W/app.log"; then
    fail keys-up "keys typed into the alert leaked to the application: $(grep -c '^key' "$W/app.log") key events"
  else
    pass keys-up
  fi
}

# A flood overflows the kernel buffer of keymenud's reader: the kernel sends
# SYN_DROPPED, keymenud resyncs, and no key or modifier is left stuck.
# First 24,000 key events back to back while keymenud reads: the kernel
# usually drops some (daemon.status resyncs, reported). Then the case that would leave
# Shift stuck, made certain: keymenud sees Shift go down, is stopped
# (SIGSTOP), and 800 events are written with Shift's release in the middle;
# the kernel keeps only SYN_DROPPED and the newest events of its 64-event
# buffer, so the release is lost and only a resync can bring it back.
# Afterwards keymenud grabs the keyboard for a menu (it grabs only when it
# believes no key is held) and "b" chooses the item bound to "b", not Shift+b.
case_flood() {
  # How often the kernel drops while keymenud reads depends on the
  # scheduling (2 to 139 resyncs seen): reported, not required.
  before=$(status resyncs)
  send 3 "flood 12000"
  said 3 flooded
  sleep 1
  log "flood of 24000 events while keymenud reads: daemon.status resyncs $before -> $(status resyncs)"
  keymenuctl subscribe --json keys >"$W/keys.log" 2>&1 &
  keys=$!
  wait_for 30 grep -q snapshot "$W/keys.log" || { fail flood "could not subscribe to keys"; return; }
  send 3 "down LEFTSHIFT"
  if ! wait_for 30 grep -q '"action":"down".*"name":"KEY_LEFTSHIFT"' "$W/keys.log"; then
    fail flood "keymenud did not see Shift go down"
    return
  fi
  before=$(status resyncs)
  kill -STOP "$daemon"
  send 3 "flood 200" "up LEFTSHIFT" "flood 200"
  said 3 flooded-while-stopped
  kill -CONT "$daemon"
  if ! wait_for 30 status_at_least resyncs $((before + 1)); then
    fail flood "no SYN_DROPPED reached keymenud (resyncs $before -> $(status resyncs)) after 800 events in a 64-event buffer"
    kill "$keys"
    return
  fi
  if ! wait_for 30 grep -q '"action":"up".*"name":"KEY_LEFTSHIFT","synthetic":true' "$W/keys.log"; then
    fail flood "no synthetic Shift release after the resync: $(grep -c LEFTSHIFT "$W/keys.log") Shift events seen"
    kill "$keys"
    return
  fi
  kill "$keys"
  log "flood of 800 events while keymenud was stopped: resyncs $before -> $(status resyncs), Shift released by the resync"
  items='[{"title":"plain","key":"b"},{"title":"shifted","key":"shift+b"}]'
  (keymenuctl call --json menu.open "{\"title\":\"After the flood\",\"items\":$items}" >"$W/flood.out" 2>&1
    echo $? >"$W/flood.rc") &
  wait_for 30 modal_depth_is 1 || { fail flood "the menu did not come up"; return; }
  if ! wait_for 30 grabbed "$kb3"; then
    fail flood "keymenud does not grab $kb3 after the flood: it believes a key is still held"
    send 3 "tap ESC"
    return
  fi
  send 3 "tap B"
  wait_for 30 test -s "$W/flood.rc" || { fail flood "B did not choose an item"; send 3 "tap ESC"; return; }
  if grep -q '"plain"' "$W/flood.out"; then
    pass flood
  else
    fail flood "B chose $(cat "$W/flood.out"): Shift is stuck after the resync"
  fi
}

# A keyboard destroyed while an alert is in front is removed; the alert stays
# in front and another keyboard answers it.
case_unplug() {
  keyboard 4 kmtest-kb2 || { fail unplug "keymenu-uinput could not make a second keyboard"; return; }
  wait_for 30 in_use "$kb4" || { fail unplug "keymenud did not take up $kb4"; return; }
  alert unplug "Unplug?" --button No --button Yes --cancel 0
  wait_for 30 grabbed "$kb3" || { fail unplug "the alert did not grab $kb3"; return; }
  send 3 "destroy"
  wait_for 30 not_in_use "$kb3" || { fail unplug "keymenud still lists $kb3 after it was destroyed"; return; }
  if ! modal_depth_is 1 || alert_answered unplug; then
    fail unplug "the alert went away with the keyboard"
    return
  fi
  send 4 "tap ENTER"
  wait_for 30 alert_answered unplug || { fail unplug "Enter on $kb4 did not answer the alert"; return; }
  if [ "$(cat "$W/unplug.rc")" != 0 ]; then
    fail unplug "expected exit 0 (Yes), got $(cat "$W/unplug.rc"): $(cat "$W/unplug.out")"
    return
  fi
  pass unplug
}

# A gamepad is a remote: keymenud takes it up (as a remote), its D-pad (a
# hat, as xpad reports it) moves through a menu and A chooses; B is Back.
case_gamepad() {
  keyboard 7 kmtest-pad --gamepad || { fail gamepad "keymenu-uinput could not make a gamepad"; return; }
  if ! wait_for 30 in_use "$kb7"; then
    fail gamepad "keymenud did not take up the gamepad $kb7"
    return
  fi
  device_json "$kb7" | grep -q '"kind":"remote"' || { fail gamepad "$(device_json "$kb7")"; return; }
  menu pad || { fail gamepad "the menu did not come up"; return; }
  send 7 "axis ABS_HAT0Y 1" "axis ABS_HAT0Y 0" "axis ABS_HAT0Y 1" "axis ABS_HAT0Y 0" "tap BTN_SOUTH"
  why=$(chose_third pad) || { fail gamepad "Down, Down, A: $why"; return; }
  alert pad-back "Leave?" --button Stay --button Leave --cancel 0
  wait_for 30 modal_depth_is 1 || { fail gamepad "the alert did not come up"; return; }
  send 7 "tap BTN_EAST"
  if ! wait_for 30 alert_answered pad-back; then
    fail gamepad "B did not answer the alert"
  elif [ "$(cat "$W/pad-back.rc")" != 3 ] || [ "$(cat "$W/pad-back.out")" != Stay ]; then
    fail gamepad "B: expected 'Stay', exit 3; got '$(cat "$W/pad-back.out")', exit $(cat "$W/pad-back.rc")"
  else
    pass gamepad
  fi
}

# ir SCANCODE: rc-loopback receives a NEC message with SCANCODE (ir-ctl).
ir() { ir-ctl -d /dev/lirc0 -S "nec:$1"; }

# An IR remote the kernel has no keymap for (rc-loopback's is rc-empty):
# its NEC scancodes come as MSC_SCAN alone. keymenuctl learn asks for OK and
# Down (as an info box in front, through keymenud, which does not read the
# receiver yet) while ir-ctl sends 0x40 and 0x41; the table it prints goes
# into keymenu.toml, a reload makes keymenud read the receiver, and 0x41
# twice and 0x40 choose the third item of a menu.
case_ir() {
  rc=$(ls -d /sys/class/rc/rc* 2>/dev/null | head -n 1)
  [ -n "$rc" ] && [ -c /dev/lirc0 ] || { fail ir "no rc device or /dev/lirc0 (rc-loopback not loaded?)"; return; }
  echo nec >"$rc/protocols" || { fail ir "cannot enable NEC on $rc"; return; }
  log "IR receiver $rc: $(cat "$rc/protocols")"
  node=/dev/input/$(ls "$rc" | grep '^input' | head -n 1 | xargs -I{} ls "$rc/{}" | grep '^event' | head -n 1)
  [ -c "$node" ] || { fail ir "no event node for $rc"; return; }
  not_in_use "$node" || { fail ir "keymenud reads $node before any [[remotes]] names it"; return; }
  (keymenuctl learn --device "$node" --key OK --key DOWN --timeout 60 >"$W/learn.out" 2>"$W/learn.err"
    echo $? >"$W/learn.rc") &
  wait_for 30 sh -c "keymenuctl state --json | grep -q 'Press OK on the remote'" ||
    { fail ir "learn's prompt did not come to the front"; return; }
  ir 0x40
  wait_for 30 sh -c "keymenuctl state --json | grep -q 'Press Down on the remote'" ||
    { fail ir "learn did not ask for Down after 0x40: $(cat "$W/learn.err")"; return; }
  ir 0x41
  wait_for 30 test -s "$W/learn.rc" || { fail ir "learn did not end"; return; }
  log "learn printed: $(tr '\n' '|' <"$W/learn.out")"
  grep -q 'scancodes = { 0x40 = "KEY_OK", 0x41 = "KEY_DOWN" }' "$W/learn.out" && grep -q 'protocol nec' "$W/learn.out" ||
    { fail ir "learn printed the wrong table (exit $(cat "$W/learn.rc"))"; return; }
  wait_for 30 modal_depth_is 0 || { fail ir "learn's prompt stayed in front"; return; }
  cat "$W/learn.out" >>/etc/keymenu/keymenu.toml
  keymenuctl reload >/dev/null || { fail ir "the learned table does not load"; return; }
  wait_for 30 in_use "$node" || { fail ir "keymenud did not take up $node after the reload"; return; }
  menu ir || { fail ir "the menu did not come up"; return; }
  ir 0x41 && sleep 1 && ir 0x41 && sleep 1 && ir 0x40 || { fail ir "ir-ctl could not send"; return; }
  if why=$(chose_third ir); then pass ir; else fail ir "the scancodes 0x41, 0x41, 0x40: $why"; fi
  # The same remote's OK (0x40, mapped by the learned [[remotes]] table) answers an alert.
  sleep 1
  alert ir-alert "Continue?" --button No --button Yes --cancel 0
  wait_for 30 modal_depth_is 1 || { fail ir-alert "the alert did not come up"; return; }
  ir 0x40 || { fail ir-alert "ir-ctl could not send"; return; }
  wait_for 30 alert_answered ir-alert || { fail ir-alert "the remote's OK did not answer the alert"; return; }
  if [ "$(cat "$W/ir-alert.rc")" = 0 ] && [ "$(cat "$W/ir-alert.out")" = Yes ]; then
    pass ir-alert
  else
    fail ir-alert "expected Yes, exit 0; got '$(cat "$W/ir-alert.out")', exit $(cat "$W/ir-alert.rc")"
  fi
}

# tv KEY: the TV (vivid's HDMI input, /dev/cec0) sends User Control Pressed
# and Released for KEY (down, select, ...) to keymenu's playback device (4).
tv() {
  cec-ctl -d /dev/cec0 --to 4 --user-control-pressed "ui-cmd=$1" >/dev/null &&
    cec-ctl -d /dev/cec0 --to 4 --user-control-released >/dev/null
}

# The TV's own remote over HDMI-CEC. vivid, loaded now that keymenud runs
# (an adapter that appears later), makes an HDMI input (the TV, /dev/cec0)
# and two HDMI outputs (/dev/cec1 and /dev/cec2, playback devices) on one
# emulated CEC bus. keymenud claims /dev/cec1 ([cec] device) as a playback
# device with remote passthrough; the TV side sends Down, Down, Select, and
# keymenud (reading the adapter's rc-cec input device) answers a menu with
# its third item.
case_cec() {
  insmod /lib/modules/vivid.ko n_devs=1 num_inputs=1 input_types=0x3 num_outputs=2 output_types=0x3 ||
    { fail cec "cannot load vivid.ko"; return; }
  wait_for 30 test -c /dev/cec2 || { fail cec "vivid made no /dev/cec0 to /dev/cec2"; return; }
  wait_for 30 sh -c "cec-ctl -d /dev/cec1 | grep -q 'Playback Device 1'" ||
    { fail cec "keymenud did not claim a playback address on /dev/cec1: $(cec-ctl -d /dev/cec1 | tr '\n' '|')"; return; }
  cec-ctl -d /dev/cec1 | grep -q "OSD Name.*'keymenu'" || { fail cec "the playback device is not named keymenu"; return; }
  cec-ctl -d /dev/cec0 --tv >/dev/null || { fail cec "cec-ctl could not make /dev/cec0 the TV"; return; }
  node=$(grep -l '^rc-cec' /sys/class/input/input*/name 2>/dev/null | head -n 1)
  log "CEC: $(cec-ctl -d /dev/cec1 | grep -E 'Physical Address|Logical Address' | tr -s ' ' | tr '\n' ' '), input ${node:-none}"
  menu cec || { fail cec "the menu did not come up"; return; }
  tv down && tv down && tv select || { fail cec "cec-ctl could not send the TV's keys"; return; }
  if why=$(chose_third cec); then pass cec; else fail cec "the TV remote's Down, Down, Select: $why"; fi
}

# tv_saw TEXT: whether the TV side's follower (cec-follower, case_cec_wake)
# printed TEXT.
tv_saw() { grep -q "$1" "$W/tv.log"; }

# HDMI-CEC out: an alert with --wake-tv makes the TV see Image View On and
# Active Source from keymenu's physical address; once the alert is answered
# (with the TV remote), Inactive Source. The TV is cec-follower on /dev/cec0,
# which prints every message it receives. Then the TV says Standby to all,
# and a subscriber of the tv topic hears it.
case_cec_wake() {
  cec-follower -d /dev/cec0 -m -s >"$W/tv.log" 2>&1 &
  follower=$!
  keymenuctl subscribe tv >"$W/tv-events.out" 2>&1 &
  subscriber=$!
  wait_for 30 tv_saw "Logical Address" || { fail cec-wake "cec-follower did not start: $(tr '\n' '|' <"$W/tv.log")"; return; }
  alert wake "Doorbell" --wake-tv --button OK
  wait_for 30 modal_depth_is 1 || { fail cec-wake "the alert did not come up"; return; }
  if ! wait_for 30 tv_saw "IMAGE_VIEW_ON" || ! wait_for 30 tv_saw "New active source: 1.0.0.0"; then
    fail cec-wake "the TV did not see Image View On and Active Source 1.0.0.0: $(tail -n 20 "$W/tv.log" | tr '\n' '|')"
    return
  fi
  tv select || { fail cec-wake "cec-ctl could not send Select"; return; }
  wait_for 30 alert_answered wake || { fail cec-wake "the TV remote's Select did not answer the alert"; return; }
  if ! wait_for 30 tv_saw "INACTIVE_SOURCE"; then
    fail cec-wake "the TV saw no Inactive Source after the answer: $(tail -n 20 "$W/tv.log" | tr '\n' '|')"
    return
  fi
  log "the TV saw: $(grep -E 'IMAGE_VIEW_ON|ACTIVE_SOURCE|INACTIVE_SOURCE|phys-addr|active source' "$W/tv.log" | tr -s ' \t' ' ' | tr '\n' '|')"
  pass cec-wake
  cec-ctl -d /dev/cec0 --to 15 --standby >/dev/null || { fail cec-standby "cec-ctl could not send Standby"; return; }
  if wait_for 30 grep -q '"method":"tv.standby"' "$W/tv-events.out"; then
    log "tv subscriber: $(grep tv.standby "$W/tv-events.out" | head -n 1)"
    pass cec-standby
  else
    fail cec-standby "the tv topic's subscriber heard no tv.standby: $(tr '\n' '|' <"$W/tv-events.out")"
  fi
  kill "$follower" "$subscriber" 2>/dev/null
}

# The HDMI link comes and goes: vivid's input loses its EDID (the TV
# unplugged: /dev/cec1 has no physical address), then gets it back; keymenud
# logs both, the kernel claims keymenu's address again, and the TV remote
# still answers a menu.
case_cec_link() {
  video=$(for v in /dev/video*; do v4l2-ctl -d "$v" --info 2>/dev/null | grep -q 'Video Capture' && echo "$v"; done | head -n 1)
  [ -n "$video" ] || { fail cec-link "no vivid capture device"; return; }
  v4l2-ctl -d "$video" --clear-edid 0 >/dev/null 2>&1 ||
    { fail cec-link "v4l2-ctl could not clear $video's EDID"; return; }
  wait_for 30 grep -q "/dev/cec1: no HDMI link" "$W/keymenud.log" ||
    { fail cec-link "keymenud did not notice the HDMI link going: $(cec-ctl -d /dev/cec1 | grep -i 'physical' | tr '\n' ' ')"; return; }
  v4l2-ctl -d "$video" --set-edid pad=0,type=hdmi >/dev/null || { fail cec-link "v4l2-ctl could not set the EDID back"; return; }
  wait_for 30 grep -q "/dev/cec1: HDMI link up, physical address 1.0.0.0, logical address 4" "$W/keymenud.log" ||
    { fail cec-link "keymenud did not see the HDMI link and its address come back"; return; }
  cec-ctl -d /dev/cec0 --tv >/dev/null
  menu cec-link || { fail cec-link "the menu did not come up"; return; }
  tv down && tv down && tv select || { fail cec-link "cec-ctl could not send the TV's keys"; return; }
  if why=$(chose_third cec-link); then pass cec-link; else fail cec-link "after the link came back: $why"; fi
  grep 'HDMI-CEC' "$W/keymenud.log" | sed 's/^[^ ]* /KTEST INFO keymenud: /'
}

# Another program holds an adapter (a player using libcec: here cec-ctl
# configures /dev/cec2 as "Kodi"): keymenud, told to use it, says so and
# leaves it alone.
case_cec_holder() {
  cec-ctl -d /dev/cec2 --playback --osd-name Kodi >/dev/null || { fail cec-holder "cec-ctl could not configure /dev/cec2"; return; }
  sed 's|^device = "/dev/cec1"|device = "/dev/cec2"|' /keymenu.toml >/etc/keymenu/keymenu.toml
  keymenuctl reload >/dev/null || { fail cec-holder "the configuration naming /dev/cec2 does not load"; return; }
  if ! wait_for 30 grep -q "/dev/cec2 (.*) is configured by another program (as Kodi)" "$W/keymenud.log"; then
    fail cec-holder "keymenud did not say that another program holds /dev/cec2"
  elif ! cec-ctl -d /dev/cec2 | grep -q "OSD Name.*'Kodi'"; then
    fail cec-holder "/dev/cec2 is no longer Kodi's: $(cec-ctl -d /dev/cec2 | grep 'OSD Name')"
  else
    log "keymenud: $(grep 'configured by another program' "$W/keymenud.log" | tail -n 1)"
    pass cec-holder
  fi
  # keymenu's own adapter, renamed and made a tuner by the configuration, is
  # configured again; and back. ([cec] is keymenu.toml's last table.)
  { cat /keymenu.toml && printf 'osd_name = "Living room"\ndevice_type = "tuner"\n'; } >/etc/keymenu/keymenu.toml
  keymenuctl reload >/dev/null || { fail cec-rename "the configuration naming the box 'Living room' does not load"; return; }
  if ! wait_for 30 sh -c "cec-ctl -d /dev/cec1 | grep -q \"OSD Name.*'Living room'\""; then
    fail cec-rename "/dev/cec1 is not named 'Living room' after the reload: $(cec-ctl -d /dev/cec1 | grep 'OSD Name')"
  elif ! wait_for 30 sh -c "cec-ctl -d /dev/cec1 | grep -q 'Tuner 1'"; then
    fail cec-rename "/dev/cec1 is not a tuner after the reload: $(cec-ctl -d /dev/cec1 | grep 'Logical Address' | tr '\n' ' ')"
  else
    cp /keymenu.toml /etc/keymenu/keymenu.toml
    keymenuctl reload >/dev/null
    if wait_for 30 sh -c "cec-ctl -d /dev/cec1 | grep -q 'Logical Address Type *: Playback'"; then
      pass cec-rename
    else
      fail cec-rename "/dev/cec1 is not a playback device again: $(cec-ctl -d /dev/cec1 | grep 'Logical Address' | tr '\n' ' ')"
    fi
  fi
  cp /keymenu.toml /etc/keymenu/keymenu.toml
  keymenuctl reload >/dev/null
}

# SIGTERM: keymenud exits 0 and releases everything.
case_stop() {
  alert stop "Stop?" --button OK
  wait_for 30 grabbed "$kb4" || { fail stop "the alert did not grab $kb4"; return; }
  kill -TERM "$daemon"
  wait "$daemon"
  rc=$?
  wait_for 30 alert_answered stop
  if [ "$rc" != 0 ]; then
    fail stop "keymenud exited $rc on SIGTERM"
  elif [ "$(cat "$W/stop.rc" 2>/dev/null)" != 4 ]; then
    fail stop "the pending alert's client got exit $(cat "$W/stop.rc" 2>/dev/null) (expected 4, dismissed)"
  elif ! keymenu-uinput grab "$kb4" >/dev/null 2>&1; then
    fail stop "$kb4 is still grabbed after keymenud stopped"
  else
    pass stop
  fi
}

if case_start; then
  case_hotplug
  if [ -n "${kb3:-}" ]; then
    case_alert_loop
    case_grab
    case_keys_up
    case_flood
    case_unplug
    case_gamepad
    case_ir
    case_cec
    case_cec_wake
    case_cec_link
    case_cec_holder
    case_stop
  fi
fi
echo "KTEST DONE passed=$passed failed=$failed"
if [ "$failed" -gt 0 ]; then
  echo "KTEST INFO --- keymenud's whole log:"
  sed 's/^/KTEST LOG /' "$W/keymenud.log"
fi
