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
for d in idle-keymenud idle-thd idle-esekeyd idle-interception idle-inputlircd idle-floor; do
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
# started NAME: VmRSS 1 s after READY=1, before the quiet window (rss: at its end).
started() { get "$1.out" '^just started: VmRSS \([0-9]*\) kB.*'; }
pss() { get "$1.out" '^idle footprint: Pss \([0-9]*\) kB.*'; }
dirty() { get "$1.out" '^idle footprint: .* Private_Dirty \([0-9]*\) kB.*'; }
nthreads() { get "$1.out" '^idle footprint: .* threads \([0-9]*\).*'; }
cpu() { get "$1.out" '^idle CPU in [0-9]* s: \([0-9.]*\) us.*'; }
wakes() { get "$1.out" '^idle wake-ups in [0-9]* s: \([0-9]*\).*'; }
rtt_p() { get "$1.out" "^$2.* $3 \\([0-9.]*\\) us.*"; }
# rtt_cpu NAME: keymenud's CPU per request (schedstat, all threads);
# echo_cpu NAME: the echo floor's serving thread's (schedstat).
rtt_cpu() { get "$1.out" '^  method: one client.* per request: \([0-9.]*\) us.*'; }
echo_cpu() { get "$1.out" '^keymenud CPU per request: .* serving thread: \([0-9.]*\) us per request.*'; }
# nio_cpu NAME: the swift-nio floor's event loop thread's (schedstat).
nio_cpu() { get "$1.out" "^keymenud CPU per request: .* the swift-nio floor's event loop: \([0-9.]*\) us per request.*"; }

# row FIGURE KEYMENU-TEXT KEYMENU-VALUE KEYMENU-LOAD PEER-TEXT PEER-VALUE PEER-LOAD
#     [FLOOR-TEXT FLOOR-VALUE FLOOR-LOAD [PEER-RATIO FLOOR-RATIO]]
# One line of the peer table: keymenu ÷ peer and keymenu ÷ floor computed from
# the values, or given (as keymenu-bench computed them from nanoseconds); "-"
# where there is no peer (PEER-TEXT "-") or no floor (FLOOR-TEXT empty).
row() {
  if [ "$5" = - ]; then pr="-"; else pr=${11:-$(ratio "$3" "$6")}; fi
  if [ -z "${8:-}" ]; then ft="-"; fr="-"; fl="-"; else ft=$8; fr=${12:-$(ratio "$3" "$9")}; fl=${10}; fi
  printf '| %s | %s | %s | %s | %s | %s | %s / %s / %s |\n' "$1" "$2" "$5" "$pr" "$ft" "$fr" "$4" "$7" "$fl"
}
# Peer names, as in the idle-NAME / bare-NAME files.
testbed_peers="thd esekeyd interception inputlircd"
bare_peers="thd udevmon"
peer_table() {
  echo "| figure | keymenu | peer | keymenu ÷ peer | floor | keymenu ÷ floor |" \
    "load (1 min) before → after: keymenu / peer / floor |"
  echo "|---|---|---|---|---|---|---|"
  k="keymenu-bench read $(seconds read)"
  row "$EVENTS key events through umockdev, read+decode (keymenu prints nothing), wall" \
    "$k" "$(s read)" "$(load1 read)" "evtest $(seconds evtest)" "$(s evtest)" "$(load1 evtest)"
  row "the same, against thd" "$k" "$(s read)" "$(load1 read)" "thd --dump $(seconds thd)" "$(s thd)" "$(load1 thd)"
  k="keymenuctl monitor --json $(seconds monitor)"
  row "$EVENTS key events through umockdev, printing every event, wall" \
    "$k" "$(s monitor)" "$(load1 monitor)" "evtest $(seconds evtest)" "$(s evtest)" "$(load1 evtest)"
  row "the same, against thd" "$k" "$(s monitor)" "$(load1 monitor)" "thd --dump $(seconds thd)" "$(s thd)" \
    "$(load1 thd)"
  k="keymenuctl monitor --json $(cpu_s monitor) s"
  row "the same printing readers, the reader's own CPU time (user + system)" \
    "$k" "$(cpu_s monitor)" "$(load1 monitor)" "evtest $(cpu_s evtest) s" "$(cpu_s evtest)" "$(load1 evtest)"
  row "the same, against thd" "$k" "$(cpu_s monitor)" "$(load1 monitor)" "thd --dump $(cpu_s thd) s" \
    "$(cpu_s thd)" "$(load1 thd)"
  # At rest: every figure against every peer; the floor only in the testbed
  # (key-line needs a device).
  for set in idle bare; do
    if [ "$set" = idle ]; then
      where="in the testbed, keyboard open"; peers=$testbed_peers; f=idle-floor
    else
      where="no umockdev, no device"; peers=$bare_peers; f=""
    fi
    k=$set-keymenud
    for figure in VmRSS started Pss Private_Dirty threads CPU wake-ups; do
      for peer in $peers; do
        p=$set-$peer
        case $figure in
          VmRSS | started | Pss | Private_Dirty)
            case $figure in VmRSS) v=rss ;; started) v=started ;; Pss) v=pss ;; *) v=dirty ;; esac
            what="idle $figure, $where"
            [ "$figure" != started ] || what="VmRSS just started (1 s after READY=1), $where"
            kt="keymenud $(mib "$($v $k)")"; kv=$($v $k); pt="$peer $(mib "$($v $p)")"; pv=$($v $p)
            [ -z "$f" ] || { ft="key-line $(mib "$($v $f)")"; fv=$($v $f); }
            ;;
          threads)
            what="idle threads, $where"
            kt="keymenud $(nthreads $k)"; kv=$(nthreads $k); pt="$peer $(nthreads $p)"; pv=$(nthreads $p)
            [ -z "$f" ] || { ft="key-line $(nthreads $f)"; fv=$(nthreads $f); }
            ;;
          CPU)
            what="idle CPU time in $IDLE_SECONDS s, $where"
            kt="keymenud $(cpu $k) us"; kv=$(cpu $k); pt="$peer $(cpu $p) us"; pv=$(cpu $p)
            [ -z "$f" ] || { ft="key-line $(cpu $f) us"; fv=$(cpu $f); }
            ;;
          wake-ups)
            what="idle wake-ups in $IDLE_SECONDS s, $where"
            kt="keymenud $(wakes $k)"; kv=$(wakes $k); pt="$peer $(wakes $p)"; pv=$(wakes $p)
            [ -z "$f" ] || { ft="key-line $(wakes $f)"; fv=$(wakes $f); }
            ;;
        esac
        if [ -n "$f" ]; then
          row "$what" "$kt" "$kv" "$(load1 $k)" "$pt" "$pv" "$(load1 $p)" "$ft" "$fv" "$(load1 $f)"
        else
          row "$what" "$kt" "$kv" "$(load1 $k)" "$pt" "$pv" "$(load1 $p)"
        fi
      done
    done
  done
  # Requests: the floor is the bare Unix-socket echo thread; no peer answers
  # requests on a socket.
  for set in rtt-pinned rtt; do
    if [ "$set" = rtt ]; then placement=unpinned; else placement="pinned (taskset -c 0)"; fi
    for p in p50 p99 p99.9; do
      d=$(rtt_p $set 'daemon\.status' "$p"); e=$(rtt_p $set "Unix-socket echo floor" "$p")
      # The ratio as keymenu-bench computed it, from nanoseconds.
      r=$(get $set.out "^daemon\/floor:.* $p \([0-9.]*\)x.*")
      row "Unix-socket request round trip, $p, $placement" "daemon.status $d us" "$d" "$(load1 $set)" \
        - - - "bare echo $e us" "$e" "$(load1 $set)" - "$r"
    done
    d=$(rtt_cpu $set); e=$(echo_cpu $set)
    row "CPU per request (schedstat: keymenud's threads; the echo's serving thread), $placement" \
      "keymenud $d us" "$d" "$(load1 $set)" - - - "bare echo $e us" "$e" "$(load1 $set)"
    # The second floor: a bare swift-nio server (what the event loop alone costs).
    d=$(rtt_p $set 'daemon\.status' p50); n=$(rtt_p $set "swift-nio line floor" p50)
    r=$(get $set.out "^daemon\/swift-nio floor: p50 \([0-9.]*\)x.*")
    row "Unix-socket request round trip, p50, $placement, over a bare swift-nio server" "daemon.status $d us" \
      "$d" "$(load1 $set)" - - - "swift-nio floor $n us" "$n" "$(load1 $set)" - "$r"
    d=$(rtt_cpu $set); n=$(nio_cpu $set)
    row "CPU per request, $placement, over a bare swift-nio server (its event loop thread)" "keymenud $d us" \
      "$d" "$(load1 $set)" - - - "swift-nio floor $n us" "$n" "$(load1 $set)"
    # The second pass: the same, the client waiting in poll() (event-driven).
    ev="event-driven client: "
    for p in p50 p99; do
      d=$(rtt_p $set "${ev}daemon\.status" "$p"); e=$(rtt_p $set "${ev}Unix-socket echo floor" "$p")
      r=$(get $set.out "^${ev}daemon\/floor:.* $p \([0-9.]*\)x.*")
      row "Unix-socket request round trip, $p, $placement, event-driven client (poll, then read)" \
        "daemon.status $d us" "$d" "$(load1 $set)" - - - "bare echo $e us" "$e" "$(load1 $set)" - "$r"
    done
    d=$(get $set.out '^  method: one client, write() of the request line, then poll.* per request: \([0-9.]*\) us.*')
    e=$(get $set.out "^${ev}keymenud CPU per request: .* serving thread: \([0-9.]*\) us per request.*")
    n=$(get $set.out "^${ev}keymenud CPU per request: .* the swift-nio floor's event loop: \([0-9.]*\) us per request.*")
    row "CPU per request, $placement, event-driven client (poll, then read)" "keymenud $d us" "$d" "$(load1 $set)" \
      - - - "bare echo $e us" "$e" "$(load1 $set)"
    row "CPU per request, $placement, event-driven client, over a bare swift-nio server" "keymenud $d us" "$d" \
      "$(load1 $set)" - - - "swift-nio floor $n us" "$n" "$(load1 $set)"
  done
  # bench/keys.sh: keymenud and the floor alternate within each placement.
  for placement in pinned unpinned; do
    l=$(get keys.out "^key to answer, $placement.* load average \([0-9.]*\) .*")
    for p in p50 p99; do
      d=$(get keys.out "^\[$placement.*\] key to answer, keymenud.* $p \([0-9.]*\) us.*")
      f=$(get keys.out "^\[$placement.*\] key to answer, floor.* $p \([0-9.]*\) us.*")
      r=$(get keys.out "^\[$placement.*\] key to answer keymenud\/floor:.* $p \([0-9.]*\)x.*")
      row "key to answer (emulated Enter → alert.show answer read), $p, $placement" "keymenud $d us" "$d" "$l" \
        - - - "libevdev floor (bench/floor/key-line.c) $f us" "$f" "$l" - "$r"
    done
    # The keys after a quiet spell each (keymenud's code pages given back).
    d=$(get keys.out "^\[$placement.*\] key to answer after [0-9]* ms quiet, keymenud.* p50 \([0-9.]*\) us.*")
    f=$(get keys.out "^\[$placement.*\] key to answer after [0-9]* ms quiet, floor.* p50 \([0-9.]*\) us.*")
    n=$(get keys.out "^\[$placement.*\] key to answer after [0-9]* ms quiet, keymenud alert.show, \([0-9]*\) alerts.*")
    [ -z "$d" ] || row "key to answer after 2 s quiet (code pages given back), p50 of $n, $placement" \
      "keymenud $d us" "$d" "$l" - - - "libevdev floor (bench/floor/key-line.c) $f us" "$f" "$l"
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
