# Sourced by bench/run.sh and bench/peers.sh inside umockdev-run: the FIFO
# method of ../shared/TESTING.md section 2, so that every reader in both is
# timed the same way. The caller sets BIN (keymenu-bench's directory), EVENTS
# (key events; each is followed by a SYN_REPORT), node (the emulated node's
# path in the testbed, $UMOCKDEV_DIR/dev/input/eventN) and out (a directory).

now() { date +%s.%N; }

# run_reader NAME COMMAND...: COMMAND reads the stream from a FIFO put in place
# of the node; its output goes to $out/NAME.out and .err, the writer's line to
# .writer. The reader starts first and waits on the FIFO; the writer closes it
# at the end, which ends every reader (POLLHUP, or read() returning 0).
#   NAME.seconds  wall time from the writer's start to the reader's exit
#   NAME.cpu      the reader's user + system CPU seconds (the shell's `times`)
#   NAME.status   the reader's exit status (evtest exits 1 at the hang-up)
#   NAME.load     the load average (1, 5, 15 min) just before; NAME.load-after just after
run_reader() {
  name=$1; shift
  rm -f "$node"; mkfifo "$node"
  cut -d" " -f1-3 /proc/loadavg > "$out/$name.load"
  (
    if "$@" > "$out/$name.out" 2> "$out/$name.err"; then echo 0; else echo $?; fi > "$out/$name.status"
    # The second line of `times`: user and system time of this subshell's
    # children (not in a pipeline: that would run `times` in a new process).
    times > "$out/$name.times"
    awk 'NR == 2 { split($1, u, /[ms]/); split($2, s, /[ms]/)
      printf "%.3f\n", u[1] * 60 + u[2] + s[1] * 60 + s[2] }' "$out/$name.times" > "$out/$name.cpu"
  ) &
  pid=$!
  sleep 0.5
  start=$(now)
  "$BIN/keymenu-bench" write-fifo "$node" "$EVENTS" 2> "$out/$name.writer"
  wait "$pid" || true
  end=$(now)
  cut -d" " -f1-3 /proc/loadavg > "$out/$name.load-after"
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.6f\n", b - a }' > "$out/$name.seconds"
}
