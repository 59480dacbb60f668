#!/bin/sh
# bench/peers.sh's starter for a peer daemon that neither sends READY=1 nor
# takes --socket PATH (esekeyd, interception, udevmon, inputlircd), so that
# keymenu-bench idle starts and measures it as it does keymenud and thd:
#
#   keymenu-bench idle -- bench/peer-ready.sh [--device] [--forks PIDFILE] PROGRAM ARGS...
#
# keymenu-bench appends "--socket PATH": dropped here (a peer's own socket,
# if any, is in ARGS). READY=1 goes to NOTIFY_SOCKET (systemd-notify) with
# MAINPID=, the process keymenu-bench measures, once that process runs
# PROGRAM and, with --device, has an input node open (/dev/input/*, or the
# /dev/pts/* of umockdev's emulated node); keymenu-bench then waits its settle
# time before measuring.
# The peer runs as this script's child (with --forks: esekeyd forks into the
# background and writes its own id to PIDFILE) and this script stays, asleep,
# until keymenu-bench's SIGTERM: it passes it on and exits 0 once the peer has
# ended (the peers end on SIGTERM by the signal, which keymenu-bench would
# take for a failure).
set -eu
device=0
pidfile=""
while :; do
  case ${1:-} in
    --device) device=1; shift ;;
    --forks) pidfile=$2; shift 2 ;;
    *) break ;;
  esac
done
# Keep all but the last two arguments (keymenu-bench's --socket PATH).
count=$#
index=0
for argument; do
  index=$((index + 1))
  [ "$index" -gt $((count - 2)) ] || set -- "$@" "$argument"
done
shift "$count"
program=$(readlink -f "$(command -v "$1")")

# alive PID: PID exists and is not a zombie (nobody may reap a forked peer).
alive() { [ -r "/proc/$1/stat" ] && [ "$(sed 's/.*) //' "/proc/$1/stat" | cut -c1)" != Z ]; }
# notify_when_ready PID: waits (up to 10 s) until PID runs PROGRAM (and has an
# input node open), then sends READY=1 and MAINPID=PID.
notify_when_ready() {
  tries=0
  while [ "$tries" -lt 200 ] && alive "$1"; do
    if [ "$(readlink "/proc/$1/exe" 2> /dev/null)" = "$program" ] &&
      { [ "$device" = 0 ] || ls -l "/proc/$1/fd" 2> /dev/null | grep -q -e ' /dev/input/' -e ' /dev/pts/'; }; then
      systemd-notify --ready --no-block --pid="$1"
      return 0
    fi
    sleep 0.05
    tries=$((tries + 1))
  done
  echo "peer-ready: $program (process $1) ended, or did not start or open an input node within 10 s" >&2
  return 1
}

if [ -z "$pidfile" ]; then
  "$@" &
  main=$!
else
  rm -f "$pidfile"
  "$@"
  tries=0
  until [ -s "$pidfile" ]; do
    [ "$tries" -lt 200 ] || { echo "peer-ready: $program wrote no $pidfile" >&2; exit 1; }
    sleep 0.05
    tries=$((tries + 1))
  done
  main=$(tr -dc 0-9 < "$pidfile")
fi
sleep infinity &
sleeper=$!
# shellcheck disable=SC2317 # run by the trap
stop() {
  kill "$main" 2> /dev/null || true
  while alive "$main"; do sleep 0.05; done
  kill "$sleeper" 2> /dev/null || true
  exit 0
}
trap stop TERM
notify_when_ready "$main" || { kill "$main" "$sleeper" 2> /dev/null; exit 1; }
wait "$sleeper" || true
