#!/bin/sh
# make bench-peers (issue 6): keymenu against its peers on one machine, in one
# run, on the same input. Prints a table of figures and ratios and writes it to
# bench/RESULTS.md with the date, the machine, the versions and the commands.
#
#   make bench-peers                     builds with RELEASE_FLAGS, then runs this
#   BIN=.build/release bench/peers.sh    runs it on binaries already built
#   EVENTS=1000000 IDLE_SECONDS=30 REQUESTS=100000 RESULTS=bench/RESULTS.md
#
# 1. Readers (inside a umockdev testbed, bench/fifo.sh's run_reader, as make
#    bench): the same EVENTS-key-event stream from keymenu-bench write-fifo,
#    through a FIFO in place of the emulated keyboard, to keymenu-bench read
#    (read+decode, no output), keymenuctl monitor --json, evtest and
#    triggerhappy's thd --dump, each opening /dev/input/event3, and to
#    keymenu-bench read on the FIFO's own fd. bench/read24.py, a bare loop of
#    24-byte read()s through umockdev, is the floor for readers that read one
#    event per read(), as thd does.
# 2. Idle: keymenu-bench idle (READY=1 on NOTIFY_SOCKET, then VmRSS, PSS,
#    Private_Dirty and threads, then CPU time and wake-ups over IDLE_SECONDS)
#    in the same testbed with the emulated keyboard open: keymenud, thd,
#    esekeyd, interception-tools' interception (the program of a udevmon job
#    that holds the keyboard) and inputlircd, and the floor,
#    bench/floor/key-line.c (a bare libevdev reader, its socket unused); and
#    outside it with no device: keymenud, thd and udevmon (interception-tools'
#    daemon). The peers that send no READY=1 start through bench/peer-ready.sh.
# 3. Round trip: keymenu-bench rtt, daemon.status against a bare Unix-socket
#    echo thread, outside umockdev (as bench/daemon.sh's first set), pinned
#    (taskset -c 0 around the run: client, echo thread and keymenud on CPU 0)
#    and unpinned; latency, keymenud's CPU per request and the echo thread's.
# 4. Key to answer: bench/keys.sh (its own testbeds), an emulated Enter to a
#    client waiting in alert.show against bench/floor/key-line.c (libevdev,
#    one line per key), ALERTS alerts, pinned to CPU 0 and unpinned.
# A benchmark: nothing fails on timing. It fails when a tool is missing or a
# reader did not see every key event (then RESULTS is not written).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
fixtures="$here/../Tests/Fixtures/devices"
BIN=${BIN:-.build/release}
EVENTS=${EVENTS:-1000000}
IDLE_SECONDS=${IDLE_SECONDS:-30}
REQUESTS=${REQUESTS:-100000}
RESULTS=${RESULTS:-$here/RESULTS.md}
THD=/usr/sbin/thd
ESEKEYD=/usr/sbin/esekeyd
INTERCEPTION=/usr/bin/interception
UDEVMON=/usr/bin/udevmon
INPUTLIRCD=/usr/sbin/inputlircd
export BIN EVENTS IDLE_SECONDS

# idle NAME COMMAND...: keymenu-bench idle on a daemon; output to $out/NAME.out,
# the load average before and after to NAME.load and NAME.load-after.
idle() {
  name=$1; shift
  cut -d" " -f1-3 /proc/loadavg > "$out/$name.load"
  echo "$*" > "$out/$name.cmd"
  "$BIN/keymenu-bench" idle --seconds "$IDLE_SECONDS" -- "$@" > "$out/$name.out"
  cut -d" " -f1-3 /proc/loadavg > "$out/$name.load-after"
}

if [ "${1:-}" = --testbed ]; then
  # Re-executed under umockdev-run; $2 is the work directory.
  out=$2/out
  node="$UMOCKDEV_DIR/dev/input/event3"
  . "$here/fifo.sh"
  # Idle first, while event3 is still umockdev's pseudo-terminal (no key comes).
  idle idle-keymenud "$BIN/keymenud" --config "$2/keymenu.toml"
  idle idle-thd "$THD" --triggers "$2/triggers.conf" /dev/input/event3
  idle idle-esekeyd "$here/peer-ready.sh" --device --forks "$2/esekeyd.pid" \
    "$ESEKEYD" "$2/esekeyd.conf" /dev/input/event3 "$2/esekeyd.pid"
  idle idle-interception "$here/peer-ready.sh" --device "$INTERCEPTION" /dev/input/event3
  idle idle-inputlircd "$here/peer-ready.sh" --device "$INPUTLIRCD" -f -u "$(id -un)" -d "$2/lircd" /dev/input/event3
  idle idle-floor "$2/key-line" /dev/input/event3
  # The writer alone, to /dev/null: its start and building the stream in memory.
  cut -d" " -f1-3 /proc/loadavg > "$out/writer.load"
  start=$(now)
  "$BIN/keymenu-bench" write-fifo /dev/null "$EVENTS" 2> /dev/null
  awk -v a="$start" -v b="$(now)" 'BEGIN { printf "%.6f\n", b - a }' > "$out/writer.seconds"
  # reader NAME COMMAND...: run_reader, and the command for RESULTS.md.
  reader() {
    label=$1; shift
    echo "$*" | sed "s|$UMOCKDEV_DIR|\$UMOCKDEV_DIR|g" > "$out/$label.cmd"
    run_reader "$label" "$@"
  }
  reader read "$BIN/keymenu-bench" read /dev/input/event3
  reader readfd "$BIN/keymenu-bench" read /dev/input/event3 --read-from "$node"
  reader monitor "$BIN/keymenuctl" monitor --json --device /dev/input/event3
  reader evtest evtest /dev/input/event3
  reader thd "$THD" --dump /dev/input/event3
  reader floor24 /usr/bin/python3 "$here/read24.py" /dev/input/event3
  exit 0
fi

missing=""
for tool in umockdev-run evtest "$THD" "$ESEKEYD" "$INTERCEPTION" "$UDEVMON" "$INPUTLIRCD" systemd-notify \
  taskset pkg-config /usr/bin/python3 "$BIN/keymenud" "$BIN/keymenuctl" "$BIN/keymenu-bench"; do
  command -v "$tool" > /dev/null 2>&1 || missing="$missing $tool"
done
if [ -n "$missing" ]; then
  echo "bench-peers: missing:$missing (make bench-peers installs the packages and builds)" >&2
  exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
out="$work/out"
mkdir "$out" "$work/input"
# keymenud: examples/keymenu.toml (menus, hotkeys, device rules, grab
# while-modal) as installed (bench/bench-config.sh). thd: one trigger, in the
# format of /etc/triggerhappy/triggers.d.
"$here/bench-config.sh" "$work/keymenu.toml"
"$BIN/keymenud" --check "$work/keymenu.toml" > /dev/null 2>&1 || "$BIN/keymenud" --check "$work/keymenu.toml"
echo "KEY_VOLUMEUP 1 /bin/true" > "$work/triggers.conf"
# The other peers, one binding each, the same key: esekeyd's KEY:command
# lines; a udevmon job on keyboards with that key (as Debian's
# /etc/interception/udevmon.d examples, its output dropped); inputlircd needs
# none (it forwards key names to LIRC clients).
echo "VOLUMEUP:/bin/true" > "$work/esekeyd.conf"
printf '%s\n' '- JOB: interception $DEVNODE > /dev/null' '  DEVICE:' '    EVENTS:' \
  '      EV_KEY: [KEY_VOLUMEUP]' > "$work/udevmon.yaml"
# The floor at rest: bench/floor/key-line.c, as bench/keys.sh builds it.
cc=${CC:-cc}
command -v "$cc" > /dev/null 2>&1 || cc=clang
# shellcheck disable=SC2046 # pkg-config's flags are words
"$cc" -O2 -Wall -Wextra -Werror -o "$work/key-line" "$here/floor/key-line.c" $(pkg-config --cflags --libs libevdev)
began=$(date -u '+%Y-%m-%d %H:%M UTC')
load_start=$(cut -d" " -f1-3 /proc/loadavg)
echo "bench-peers: $EVENTS key events, idle $IDLE_SECONDS s, $REQUESTS requests; load average $load_start"

# rtt NAME [taskset -c 0]: the round trip, unpinned or pinned.
rtt() {
  name=$1; shift
  cut -d" " -f1-3 /proc/loadavg > "$out/$name.load"
  echo "$* $BIN/keymenu-bench rtt --requests $REQUESTS -- $BIN/keymenud --config keymenu.toml --input-dir input" |
    sed 's/^ //' > "$out/$name.cmd"
  "$@" "$BIN/keymenu-bench" rtt --requests "$REQUESTS" -- "$BIN/keymenud" --config "$work/keymenu.toml" \
    --input-dir "$work/input" > "$out/$name.out"
  cut -d" " -f1-3 /proc/loadavg > "$out/$name.load-after"
}
rtt rtt
rtt rtt-pinned taskset -c 0
echo "BIN=$BIN ALERTS=${ALERTS:-1000} bench/keys.sh" > "$out/keys.cmd"
BIN="$BIN" "$here/keys.sh" > "$out/keys.out"
idle bare-keymenud "$BIN/keymenud" --config "$work/keymenu.toml" --input-dir "$work/input"
idle bare-thd "$THD" --triggers "$work/triggers.conf"
idle bare-udevmon "$here/peer-ready.sh" "$UDEVMON" -c "$work/udevmon.yaml"
umockdev-run -d "$fixtures/keyboard.umockdev" -i /dev/input/event3="$fixtures/keyboard.ioctl" \
  -- "$0" --testbed "$work"
load_end=$(cut -d" " -f1-3 /proc/loadavg)

. "$here/peers-report.sh"
