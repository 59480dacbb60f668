# Sourced by bench/peers.sh after a run: checks that every reader saw every
# key event, prints the tables and writes $RESULTS. Reads $out/NAME.{out,
# seconds,cpu,load,cmd} (bench/fifo.sh, peers.sh's idle) and peers.sh's
# variables (BIN, EVENTS, IDLE_SECONDS, REQUESTS, RESULTS, THD, began,
# load_start, load_end).

# get FILE SED-PATTERN: the \1 of the first line of $out/FILE that matches.
get() { sed -n "s/$2/\1/p" "$out/$1" | head -n 1; }
# ratio A B: A / B with two decimals ("-" when both are 0, "n/a" when B is).
ratio() {
  awk -v a="$1" -v b="$2" 'BEGIN { if (a == 0 && b == 0) print "- (both 0)";
    else if (b == 0) print "n/a"; else printf "%.2f\n", a / b }'
}
seconds() { awk '{ printf "%.2f s", $1 }' "$out/$1.seconds"; }
mib() { awk -v k="$1" 'BEGIN { printf "%.1f MiB", k / 1024 }'; }
# load1 NAME: the 1-minute load average before NAME ran, "-> after" when known.
load1() {
  cut -d" " -f1 "$out/$1.load" | tr -d '\n'
  [ ! -f "$out/$1.load-after" ] || printf ' → %s' "$(cut -d" " -f1 "$out/$1.load-after")"
}
cpu_s() { cat "$out/$1.cpu"; }

# --- every reader must have seen every key event -----------------------------
count_read=$(get read.out '^read+decode: \([0-9]*\) key events.*')
count_readfd=$(get readfd.out '^read+decode: \([0-9]*\) key events.*')
count_monitor=$(grep -c '"type":"key"' "$out/monitor.out" || true)
count_evtest=$(grep -c '^Event: time .*, type 1 (EV_KEY)' "$out/evtest.out" || true)
count_thd=$(grep -c '^EV_KEY' "$out/thd.out" || true)
thd_skeleton=$(grep -c '^# ' "$out/thd.out" || true)
count_floor24=$(awk '{ print int($1 / 2) }' "$out/floor24.out")
short=""
for r in read readfd monitor evtest thd floor24; do
  eval "n=\${count_$r:-0}"
  [ "$n" = "$EVENTS" ] || short="$short $r:$n"
done
for d in idle-keymenud idle-thd; do
  [ "$(get $d.out '^input nodes open: \([0-9]*\).*')" = 1 ] || short="$short $d:keyboard-not-open"
done
if [ -n "$short" ]; then
  echo "bench-peers: expected $EVENTS key events from each reader and the keyboard open in each" \
    "idle daemon in the testbed; got:$short" >&2
  for r in read readfd monitor evtest thd floor24; do sed "s/^/  $r: /" "$out/$r.err" >&2; done
  exit 1
fi

# --- figures -----------------------------------------------------------------
s() { cat "$out/$1.seconds"; }
rss() { get "$1.out" '^idle memory: VmRSS \([0-9]*\) kB.*'; }
cpu() { get "$1.out" '^idle CPU in [0-9]* s: \([0-9.]*\) us.*'; }
wakes() { get "$1.out" '^idle wake-ups in [0-9]* s: \([0-9]*\).*'; }
threads() {
  get "$1.out" '^idle wake-ups.* over \([0-9]*\) threads.*' | awk '{ print $1 ($1 == 1 ? " thread" : " threads") }'
}
rtt_p() { get rtt.out "^$1.* $2 \([0-9.]*\) us.*"; }

# row FIGURE KEYMENU-TEXT PEER-TEXT KEYMENU-VALUE PEER-VALUE KEYMENU-LOAD PEER-LOAD [RATIO]
row() {
  printf '| %s | %s | %s | %s | %s / %s |\n' "$1" "$2" "$3" "${8:-$(ratio "$4" "$5")}" "$6" "$7"
}
peer_table() {
  echo "| figure | keymenu | peer | keymenu ÷ peer | load (1 min) before → after: keymenu / peer |"
  echo "|---|---|---|---|---|"
  k="keymenu-bench read $(seconds read)"
  row "$EVENTS key events through umockdev, read+decode (keymenu prints nothing), wall" \
    "$k" "evtest $(seconds evtest)" "$(s read)" "$(s evtest)" "$(load1 read)" "$(load1 evtest)"
  row "the same, against thd" "$k" "thd --dump $(seconds thd)" "$(s read)" "$(s thd)" "$(load1 read)" "$(load1 thd)"
  k="keymenuctl monitor --json $(seconds monitor)"
  row "$EVENTS key events through umockdev, printing every event, wall" \
    "$k" "evtest $(seconds evtest)" "$(s monitor)" "$(s evtest)" "$(load1 monitor)" "$(load1 evtest)"
  row "the same, against thd" "$k" "thd --dump $(seconds thd)" "$(s monitor)" "$(s thd)" "$(load1 monitor)" "$(load1 thd)"
  k="keymenuctl monitor --json $(cpu_s monitor) s"
  row "the same printing readers, the reader's own CPU time (user + system)" \
    "$k" "evtest $(cpu_s evtest) s" "$(cpu_s monitor)" "$(cpu_s evtest)" "$(load1 monitor)" "$(load1 evtest)"
  row "the same, against thd" "$k" "thd --dump $(cpu_s thd) s" "$(cpu_s monitor)" "$(cpu_s thd)" \
    "$(load1 monitor)" "$(load1 thd)"
  for set in idle "bare"; do
    if [ "$set" = idle ]; then where="in the testbed, keyboard open"; else where="no umockdev, no device"; fi
    row "idle VmRSS, $where" "keymenud $(mib "$(rss $set-keymenud)")" "thd $(mib "$(rss $set-thd)")" \
      "$(rss $set-keymenud)" "$(rss $set-thd)" "$(load1 $set-keymenud)" "$(load1 $set-thd)"
    row "idle CPU time in $IDLE_SECONDS s, $where" "$(cpu $set-keymenud) us" "$(cpu $set-thd) us" \
      "$(cpu $set-keymenud)" "$(cpu $set-thd)" "$(load1 $set-keymenud)" "$(load1 $set-thd)"
    row "idle wake-ups in $IDLE_SECONDS s, $where" \
      "$(wakes $set-keymenud) ($(threads $set-keymenud))" "$(wakes $set-thd) ($(threads $set-thd))" \
      "$(wakes $set-keymenud)" "$(wakes $set-thd)" "$(load1 $set-keymenud)" "$(load1 $set-thd)"
  done
  for p in p50 p99 p99.9; do
    d=$(rtt_p 'daemon\.status' "$p"); f=$(rtt_p "Unix-socket echo floor" "$p")
    # The ratio as keymenu-bench computed it, from nanoseconds.
    r=$(get rtt.out "^daemon\/floor:.* $p \([0-9.]*\)x.*")
    row "Unix-socket request round trip, $p" "daemon.status $d us" "bare echo $f us" "$d" "$f" \
      "$(load1 rtt)" "$(load1 rtt)" "$r"
  done
  # bench/keys.sh: keymenud and the floor alternate within each placement.
  for placement in pinned unpinned; do
    l=$(get keys.out "^key to answer, $placement.* load average \([0-9.]*\) .*")
    for p in p50 p99; do
      d=$(get keys.out "^\[$placement.*\] key to answer, keymenud.* $p \([0-9.]*\) us.*")
      f=$(get keys.out "^\[$placement.*\] key to answer, floor.* $p \([0-9.]*\) us.*")
      r=$(get keys.out "^\[$placement.*\] key to answer keymenud\/floor:.* $p \([0-9.]*\)x.*")
      row "key to answer (emulated Enter → alert.show answer read), $p, $placement" "keymenud $d us" \
        "libevdev floor (bench/floor/key-line.c) $f us" "$d" "$f" "$l" "$l" "$r"
    done
  done
}

# reader_row NAME WHAT READS: one line of the readers table.
reader_row() {
  eval "n=\$count_$1"
  printf '| %s | %s | %s | %s | %s | %s | %s | %s |\n' "$2" "$3" "$n" "$(seconds "$1")" \
    "$(awk -v n="$EVENTS" '{ printf "%.0f", n / $1 }' "$out/$1.seconds")" \
    "$(cpu_s "$1") s" "$(wc -c < "$out/$1.out" | awk '{ printf "%.1f MB", $1 / 1e6 }')" \
    "$(load1 "$1")"
}
readers_table() {
  echo "| reader | read() size | key events seen | wall | key events/s | reader CPU | output | load (1 min) before → after |"
  echo "|---|---|---|---|---|---|---|---|"
  reader_row read "keymenu-bench read (InputLoop, libevdev, KeyDecoder; no output)" "6960 B (290 events)"
  reader_row readfd "the same on the FIFO's own fd (no umockdev per read)" "6960 B (290 events)"
  reader_row monitor "keymenuctl monitor --json" "6960 B (290 events)"
  reader_row evtest "evtest" "1536 B (64 events)"
  reader_row thd "thd --dump" "24 B (1 event)"
  reader_row floor24 "floor: bench/read24.py (os.read(fd, 24) in a loop, nothing else)" "24 B (1 event)"
  printf '| writer alone (keymenu-bench write-fifo /dev/null) | - | - | %s | - | - | - | %s |\n' \
    "$(seconds writer)" "$(load1 writer)"
}

. "$here/peers-results.sh"
