#!/bin/sh
# make bench, the daemon (issue 4): daemon.status round trips against a bare
# Unix-socket echo floor, 256 subscribers receiving every menu/alert event,
# idle memory, idle wake-ups per thread, and start-up to READY=1.
#
# keymenu-bench starts each keymenud itself (posix_spawn, a private mkdtemp
# directory for the socket, NOTIFY_SOCKET and the log) and stops it with
# SIGTERM; it fails only when something broke (no READY, a missed event, a
# wrong answer, a daemon that does not exit 0), never on timing.
#
# Everything runs twice: first as a normal process with no device (an empty
# --input-dir), then re-executed under umockdev-run with the emulated keyboard
# of Tests/Fixtures/devices. There umockdev's preload library is in both
# keymenud and keymenu-bench: it wraps read(), write(), send(), recv() and
# ioctl() and adds its own memory, so the first set is the one to compare
# with the issue's targets.
#
#   BIN=.build/release bench/daemon.sh       (run.sh calls it at the end)
#   REQUESTS=100000 SUBSCRIBERS=256 CYCLES=500 IDLE_SECONDS=10 READY_RUNS=20
set -eu
here=$(cd "$(dirname "$0")" && pwd)
BIN=${BIN:-.build/release}
bench="$BIN/keymenu-bench"
keymenud="$BIN/keymenud"

# daemon_benchmarks LABEL KEYMENUD-ARGS...: the four benchmarks against one configuration.
daemon_benchmarks() {
  label=$1; shift
  "$bench" rtt --label "$label" --requests "${REQUESTS:-100000}" -- "$keymenud" "$@"
  "$bench" subscribers --label "$label" --clients "${SUBSCRIBERS:-256}" --cycles "${CYCLES:-500}" \
    -- "$keymenud" "$@"
  "$bench" idle --label "$label" --seconds "${IDLE_SECONDS:-10}" -- "$keymenud" "$@"
  "$bench" ready --label "$label" --runs "${READY_RUNS:-20}" -- "$keymenud" "$@"
}

if [ -n "${UMOCKDEV_DIR:-}" ]; then
  # Re-executed under umockdev-run: $1 is the configuration.
  daemon_benchmarks "umockdev preload, 1 emulated keyboard" --config "$1"
  exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
config="$work/keymenu.toml"
# examples/keymenu.toml as installed (bench/bench-config.sh), plus the drive
# tier for whoever runs the benchmark (it opens menus and alerts).
"$here/bench-config.sh" "$config" drive
"$keymenud" --check "$config" > /dev/null 2>&1 || "$keymenud" --check "$config"
mkdir "$work/input"

echo "keymenud: examples/keymenu.toml, $(nproc) cores, $(uname -r), load average $(cut -d" " -f1-3 /proc/loadavg)"
daemon_benchmarks "no umockdev, no device" --config "$config" --input-dir "$work/input"
fixtures="$here/../Tests/Fixtures/devices"
umockdev-run -d "$fixtures/keyboard.umockdev" -i /dev/input/event3="$fixtures/keyboard.ioctl" \
  -- "$0" "$config"
