#!/bin/sh
# make bench: read+decode and decoder throughput, and keymenuctl monitor --json
# against evtest on the same 1,000,000-key-event stream.
#
# Method (../shared/TESTING.md, section 2): inside a umockdev testbed the keyboard node
# is replaced by a FIFO. The ioctls stay emulated, so libevdev and evtest
# probe it as a keyboard, and raw 24-byte input_event records written in
# 4080-byte chunks arrive as a real device's would. Closing the writer gives
# the reader POLLHUP, which ends every reader. Each reader is started first
# and waits on the FIFO; the time is from the writer's start to the reader's
# exit (keymenu-bench read times itself, from its first key event to the end).
# A benchmark, not a test: nothing here fails on timing. At the end,
# bench/daemon.sh measures the daemon itself (round trips, subscribers, idle
# memory and wake-ups, start-up), in a testbed of its own, and bench/keys.sh
# the time from a key to the answer of alert.show against a libevdev floor.
#
# umockdev's tax: its preload forwards every read() (and ioctl) on an fd that
# open()/fopen() returned for an emulated /dev path to umockdev-run over a
# socket: a round trip, a copy of the read buffer to umockdev-run (which
# answers "not handled") and a usleep(0), then the real read(). libevdev reads
# at most ~290 events per read(), so that caps every reader here near 500,000
# key events/s. Fds opened on a path outside /dev (or dup2'ed copies, as dd's
# if= uses) are not tracked and read at the FIFO's own speed. So read+decode is
# measured twice: through umockdev, and on the FIFO's own fd: probed via
# /dev/input/event3 (ioctls emulated), then libevdev_change_fd to an fd opened
# on the FIFO's testbed path ($UMOCKDEV_DIR/dev/input/event3), read by the same
# InputLoop and KeyDecoder. keymenuctl monitor and evtest both open
# /dev/input/event3 like any user command and both pay the tax.
set -eu
if [ -z "${UMOCKDEV_DIR:-}" ]; then
  here=$(cd "$(dirname "$0")" && pwd)
  fixtures="$here/../Tests/Fixtures/devices"
  exec umockdev-run -d "$fixtures/keyboard.umockdev" \
    -i /dev/input/event3="$fixtures/keyboard.ioctl" -- "$0" "$@"
fi

BIN=${BIN:-.build/release}
EVENTS=${EVENTS:-1000000}
node="$UMOCKDEV_DIR/dev/input/event3"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# now and run_reader NAME COMMAND... (timed from the writer's start to the reader's exit).
. "$(dirname "$0")/fifo.sh"

# relabel LABEL: rewrites keymenu-bench's "name: figures" line as "LABEL: figures".
relabel() {
  awk -v label="$1" '{ sub(/^[^:]*: /, ""); printf "%-46s %s\n", label ":", $0 }'
}

echo "keymenu bench: $EVENTS key events (+ as many SYN_REPORT), $(nproc) cores, $(uname -r)"
"$BIN/keymenu-bench" decode "$EVENTS" | relabel "decoder alone"
"$BIN/keymenu-bench" route "${ROUTE_EVENTS:-10000000}" | relabel "key -> modal menu -> selector closure"
# The hotkey path: plain hotkeys alone, and with gesture and sequence
# bindings on other keys (a plain binding fires on its key's way down in both).
"$BIN/keymenu-bench" hotkeys "${HOTKEY_EVENTS:-4000000}"
# The same path with the highlight moving, with and without the presenters
# (speech to ALSA's null device, the console on a pseudo-terminal, notify with
# no bus to reach), alternating rounds in one process.
# Outside umockdev's preload, which answers the console presenter's
# pseudo-terminal (/dev/ptmx) with ENOTTY.
env -u LD_PRELOAD -u UMOCKDEV_DIR "$BIN/keymenu-bench" route-presenters "${PRESENTER_EVENTS:-4000000}"

run_reader read "$BIN/keymenu-bench" read /dev/input/event3
relabel "read+decode through umockdev (IPC per read)" < "$out/read.out"

run_reader readfd "$BIN/keymenu-bench" read /dev/input/event3 --read-from "$node"
relabel "read+decode on the FIFO's own fd" < "$out/readfd.out"
w=$(awk '{ print $(NF - 1) }' "$out/readfd.writer")
echo "  method: probed via /dev/input/event3 (ioctls emulated by umockdev), then libevdev_change_fd"
echo "  to an fd on the FIFO's testbed path, which umockdev does not forward; same InputLoop and"
echo "  KeyDecoder. The writer took $w s: this figure cannot exceed the writer's speed."

run_reader monitor "$BIN/keymenuctl" monitor --json --device /dev/input/event3
run_reader evtest evtest /dev/input/event3

m=$(cat "$out/monitor.seconds"); e=$(cat "$out/evtest.seconds")
mlines=$(grep -c '"type":"key"' "$out/monitor.out" || true)
elines=$(grep -c '^Event: .*EV_KEY' "$out/evtest.out" || true)
echo "monitor --json vs evtest, both through umockdev like any user command: evtest opens the path"
echo "itself (64 events per read()), so it cannot be given another fd, and monitor is not either:"
awk -v m="$m" -v e="$e" -v ml="$mlines" -v el="$elines" 'BEGIN {
  printf "keymenuctl monitor --json: %d key events printed in %.3f s: %.0f key events/s\n", ml, m, ml / m
  printf "evtest:                    %d key events printed in %.3f s: %.0f key events/s\n", el, e, el / e
  printf "ratio monitor/evtest time: %.3f (<= 1.0: keymenuctl monitor is at least as fast as evtest)\n", m / e
}'

# The daemon (bench/daemon.sh), outside this testbed: it makes its own.
env -u LD_PRELOAD -u UMOCKDEV_DIR BIN="$BIN" "$(dirname "$0")/daemon.sh"
# Key to answer against a libevdev floor, pinned and unpinned (bench/keys.sh),
# in testbeds of its own.
env -u LD_PRELOAD -u UMOCKDEV_DIR BIN="$BIN" "$(dirname "$0")/keys.sh"
# A client's key through keymenud to a subscriber, and its CPU and engine
# wake-ups per key (bench/press-latency.py).
env -u LD_PRELOAD -u UMOCKDEV_DIR /usr/bin/python3 "$(dirname "$0")/press-latency.py" --bin "$BIN"
# keymenu's clients against whiptail, dialog and dmenu (bench/clients.py):
# start, first box in a pty, memory with a box up, installed size.
env -u LD_PRELOAD -u UMOCKDEV_DIR /usr/bin/python3 "$(dirname "$0")/clients.py" --bin "$BIN"
