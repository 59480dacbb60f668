#!/bin/sh
# in_tmux.sh DIR NAME MARKER KEY... -- COMMAND
#
# Runs COMMAND (a shell command line) in a new tmux server of its own (an
# 80x24 pane, socket DIR/NAME.tmux), waits until MARKER (a fixed string) is
# on the pane (an empty MARKER: no wait, for a command that ends by itself
# or to type keys ahead of the box), sends each KEY (tmux send-keys names:
# Enter, Escape, Tab, BTab, Up, Down, Left, Right, Home, End, PPage, NPage,
# Space, BSpace, a letter or digit), one send-keys each, and waits until the
# pane's command has ended (COMMAND must write DIR/NAME.status last). The
# server is killed then. DIR/NAME.screen holds the pane as it was when MARKER
# showed, or when the command did not end in time.
#
# Two KEY words are not keys:
#   @snap     appends the cursor position ("cursor X Y", 0-based) and the
#             pane's text to DIR/NAME.snap, then a line "@@"
#   @sleep:S  sleeps S seconds
#
# Environment (all optional; the defaults are the old behaviour):
#   IN_TMUX_DELAY    seconds slept after each key (default 0: back to back;
#                    a person types about 0.1 s apart, and an Escape needs
#                    whiptail's 0.5 s or dialog's ESCDELAY before the next key)
#   IN_TMUX_TIMEOUT  seconds each wait gives up after (default 20)
#
# Exit status: 0, or 1 when MARKER never showed or COMMAND did not end.
set -u
set -f
dir=$1 name=$2 marker=$3
shift 3
keys=
while [ $# -gt 0 ] && [ "$1" != "--" ]; do keys="$keys $1"; shift; done
shift
delay=${IN_TMUX_DELAY:-0}
rounds=$(awk "BEGIN { print int(${IN_TMUX_TIMEOUT:-20} * 50) }")
tmux="env -u LD_PRELOAD LANG=C.UTF-8 TERM=xterm tmux -f /dev/null -S $dir/$name.tmux"
trap '$tmux kill-server >/dev/null 2>&1' EXIT
$tmux new-session -d -x 80 -y 24 "$*" </dev/null >/dev/null 2>&1 || { echo "in_tmux: tmux failed" >&2; exit 1; }
shown=
[ -z "$marker" ] && shown=1
for _ in $(seq "$rounds"); do
  [ -n "$shown" ] && break
  if $tmux capture-pane -p >"$dir/$name.screen" 2>/dev/null && grep -qF -- "$marker" "$dir/$name.screen"; then
    shown=1
    break
  fi
  sleep 0.02
done
[ -n "$shown" ] || { echo "in_tmux: $name: '$marker' never showed" >&2; exit 1; }
for key in $keys; do
  case $key in
    @snap)
      { $tmux display-message -p 'cursor #{cursor_x} #{cursor_y}'; $tmux capture-pane -p ${IN_TMUX_SNAP_ATTRS:+-e}; echo @@; } \
        >>"$dir/$name.snap" 2>/dev/null ;;
    @sleep:*) sleep "${key#@sleep:}" ;;
    *)
      $tmux send-keys -- "$key" </dev/null >/dev/null 2>&1
      [ "$delay" = 0 ] || sleep "$delay" ;;
  esac
done
for _ in $(seq "$rounds"); do
  [ -s "$dir/$name.status" ] && exit 0
  sleep 0.02
done
$tmux capture-pane -p >"$dir/$name.screen" 2>/dev/null
echo "in_tmux: $name did not end" >&2
exit 1
