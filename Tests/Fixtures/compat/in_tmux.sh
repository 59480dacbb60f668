#!/bin/sh
# in_tmux.sh DIR NAME MARKER KEY... -- COMMAND
#
# Runs COMMAND (a shell command line) in a new tmux server of its own (an
# 80x24 pane, socket DIR/NAME.tmux), waits until MARKER (a fixed string) is
# on the pane (an empty MARKER: no wait, for a command that ends by itself), sends each KEY (tmux send-keys names: Enter, Escape, Tab,
# Down, BSpace, a letter), one send-keys each, and waits until the pane's
# command has ended (COMMAND must write DIR/NAME.status last). Then the
# pane is captured into DIR/NAME.screen and the server is killed.
# Exit status: 0, or 1 when MARKER never showed or COMMAND did not end
# (each wait gives up after 20 s).
set -u
dir=$1 name=$2 marker=$3
shift 3
keys=
while [ $# -gt 0 ] && [ "$1" != "--" ]; do keys="$keys $1"; shift; done
shift
tmux="env -u LD_PRELOAD LANG=C.UTF-8 TERM=xterm tmux -f /dev/null -S $dir/$name.tmux"
trap '$tmux kill-server >/dev/null 2>&1' EXIT
$tmux new-session -d -x 80 -y 24 "$*" </dev/null >/dev/null 2>&1 || { echo "in_tmux: tmux failed" >&2; exit 1; }
shown=
[ -z "$marker" ] && shown=1
for _ in $(seq 1000); do
  [ -n "$shown" ] && break
  if $tmux capture-pane -p >"$dir/$name.screen" 2>/dev/null && grep -qF -- "$marker" "$dir/$name.screen"; then
    shown=1
    break
  fi
  sleep 0.02
done
[ -n "$shown" ] || { echo "in_tmux: $name: '$marker' never showed" >&2; exit 1; }
for key in $keys; do $tmux send-keys "$key" </dev/null >/dev/null 2>&1; done
for _ in $(seq 1000); do
  [ -s "$dir/$name.status" ] && exit 0
  sleep 0.02
done
$tmux capture-pane -p >"$dir/$name.screen" 2>/dev/null
echo "in_tmux: $name did not end" >&2
exit 1
