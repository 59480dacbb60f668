#!/bin/sh
# make bench: read+decode and decoder throughput, and keymenuctl monitor --json
# against evtest on the same 1,000,000-key-event stream.
#
# Method (TESTING.md section 2): inside a umockdev testbed the keyboard node
# is replaced by a FIFO. The ioctls stay emulated, so libevdev and evtest
# probe it as a keyboard, and raw 24-byte input_event records written in
# 4080-byte chunks arrive as a real device's would. Closing the writer gives
# the reader POLLHUP, which ends every reader. Each reader is started first
# and waits on the FIFO; the time is from the writer's start to the reader's
# exit. A benchmark, not a test: nothing here fails on timing.
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

now() { date +%s.%N; }

# run_reader NAME COMMAND...: times COMMAND reading the FIFO to /dev/null.
run_reader() {
  name=$1; shift
  rm -f "$node"; mkfifo "$node"
  "$@" > "$out/$name.out" 2> "$out/$name.err" &
  pid=$!
  sleep 0.5
  start=$(now)
  "$BIN/keymenu-bench" write-fifo "$node" "$EVENTS" 2> "$out/$name.writer"
  wait "$pid" || true
  end=$(now)
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.6f\n", b - a }' > "$out/$name.seconds"
}

echo "keymenu bench: $EVENTS key events (+ as many SYN_REPORT), $(nproc) cores, $(uname -r)"
"$BIN/keymenu-bench" decode "$EVENTS"

run_reader read "$BIN/keymenu-bench" read /dev/input/event3
cat "$out/read.out"

run_reader monitor "$BIN/keymenuctl" monitor --json --device /dev/input/event3
run_reader evtest evtest /dev/input/event3

m=$(cat "$out/monitor.seconds"); e=$(cat "$out/evtest.seconds")
mlines=$(grep -c '"type":"key"' "$out/monitor.out" || true)
elines=$(grep -c '^Event: .*EV_KEY' "$out/evtest.out" || true)
awk -v m="$m" -v e="$e" -v ml="$mlines" -v el="$elines" 'BEGIN {
  printf "keymenuctl monitor --json: %d key events printed in %.3f s: %.0f key events/s\n", ml, m, ml / m
  printf "evtest:                    %d key events printed in %.3f s: %.0f key events/s\n", el, e, el / e
  printf "ratio monitor/evtest time: %.3f (<= 1.0: keymenuctl monitor is at least as fast as evtest)\n", m / e
}'
