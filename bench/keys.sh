#!/bin/sh
# make bench, key to answer (issue 17): a key written to the emulated keyboard
# until a client waiting in alert.show has read keymenud's answer, against a
# floor measured in the same run the same way: bench/floor/key-line.c, a bare
# libevdev reader that writes one line to a Unix socket per Enter press (built
# here with cc against libevdev). ALERTS alerts (1000), each alone: shown, in
# front (alert.shown), then the key; p50, p99, p99.9 and max of each, and
# keymenud ÷ floor. keymenu-bench keys (KeyLatencyBenchmark.swift) has the
# method; a benchmark, not a test: nothing fails on timing.
#
# The whole measurement runs twice, each in a testbed of its own:
#   pinned    taskset -c 0 around umockdev-run, so the writer and client
#             (keymenu-bench), keymenud, the floor and umockdev-run share CPU 0;
#   unpinned  wherever the scheduler puts them. On an idle 2-vCPU VM a wake-up
#             on the other (halted) vCPU costs about 30 us (issue 17), so the
#             two differ; each line says which it is.
#
#   BIN=.build/release bench/keys.sh       (run.sh calls it after daemon.sh)
#   ALERTS=1000 KEYS_WARMUP=50 KEYS_RESTED=10 KEYS_PLACEMENTS="pinned unpinned"
#
# KEYS_RESTED more keys come last, each after 2 s with nothing to do:
# keymenud gives its code pages back a second after an alert ends
# (docs/ENGINE.md), so these pay the faults that bring them back.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
BIN=${BIN:-.build/release}
ALERTS=${ALERTS:-1000}
fixtures="$here/../Tests/Fixtures/devices"

if [ "${1:-}" = --testbed ]; then
  # Re-executed under umockdev-run: $2 the floor program, $3 the configuration,
  # $4 the placement. keymenu-bench itself runs without umockdev's preload (it
  # only writes to its own terminals and talks on sockets) and hands it on to
  # keymenud and the floor.
  label="$4, CPUs $(taskset -pc $$ | sed 's/.*: //')"
  rested=""
  [ "${KEYS_RESTED:-10}" -gt 0 ] && rested="--rested ${KEYS_RESTED:-10} --rest-ms 2000"
  # shellcheck disable=SC2086 # $rested is words
  exec env -u LD_PRELOAD "$BIN/keymenu-bench" keys --alerts "$ALERTS" --warmup "${KEYS_WARMUP:-50}" $rested \
    --floor "$2" --preload "$LD_PRELOAD" --device /dev/input/event3 --label "$label" \
    -- "$BIN/keymenud" --config "$3"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc=${CC:-cc}
command -v "$cc" > /dev/null 2>&1 || cc=clang
# shellcheck disable=SC2046 # pkg-config's flags are words
"$cc" -O2 -Wall -Wextra -Werror -o "$work/key-line" "$here/floor/key-line.c" $(pkg-config --cflags --libs libevdev)
# examples/keymenu.toml as installed (bench/bench-config.sh) and the drive
# tier for alert.show.
config="$work/keymenu.toml"
"$here/bench-config.sh" "$config" drive
"$BIN/keymenud" --check "$config" > /dev/null 2>&1 || "$BIN/keymenud" --check "$config"

for placement in ${KEYS_PLACEMENTS:-pinned unpinned}; do
  case $placement in
    pinned) pin="taskset -c 0"; what="pinned (taskset -c 0)" ;;
    unpinned) pin=""; what="unpinned" ;;
    *) echo "keys.sh: unknown placement $placement (pinned, unpinned)" >&2; exit 2 ;;
  esac
  echo "key to answer, $what: $ALERTS alerts, load average $(cut -d" " -f1-3 /proc/loadavg)"
  $pin umockdev-run -d "$fixtures/keyboard.umockdev" -i /dev/input/event3="$fixtures/keyboard.ioctl" \
    -- "$0" --testbed "$work/key-line" "$config" "$what"
done
