# Sourced by bench/peers-report.sh: prints the two tables and writes $RESULTS
# (the tables, the machine, the versions, the commands and the method).

version() { dpkg-query -W -f='${Version}' "$1" 2> /dev/null || echo "?"; }
commit=$(git -C "$here/.." describe --always --dirty 2> /dev/null || echo "?")
cpu_model=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
thd_s=$(seconds thd); floor_s=$(seconds floor24)

peer_table > "$work/peers.md"
readers_table > "$work/readers.md"
echo
cat "$work/peers.md"
echo
cat "$work/readers.md"
echo
echo "load average: $load_start at the start, $load_end at the end ($(nproc) cores)"

cat > "$RESULTS" << EOF
# keymenu against its peers

Written by \`make bench-peers\` (bench/peers.sh) on $began. One run, one
machine, the same input for every reader.

- Machine: $(nproc) cores (\`nproc\`), $cpu_model, Linux $(uname -r) ($(uname -m));
  load average (1, 5, 15 min) $load_start at the start, $load_end at the end.
- Versions: keymenu $("$BIN/keymenud" --version) (git $commit, built with
  \`make release\`'s flags: static Swift runtime), evtest $(version evtest), triggerhappy
  $(version triggerhappy), esekeyd $(version esekeyd), interception-tools $(version interception-tools),
  inputlirc $(version inputlirc), umockdev $(version umockdev), libevdev $(version libevdev2).
- Re-run: \`make bench-peers\` (builds with RELEASE_FLAGS, installs the peers' packages
  (BENCH_PACKAGES) through scripts/ensure-packages.sh, then runs bench/peers.sh; SCRATCH=DIR
  for another SwiftPM build directory), or \`BIN=.build/release bench/peers.sh\`
  on binaries already built that way. This file came from BIN=$BIN.
  This run: EVENTS=$EVENTS IDLE_SECONDS=$IDLE_SECONDS REQUESTS=$REQUESTS.

## Peer table

Ratios = keymenu ÷ peer and keymenu ÷ floor. Every figure here is
lower-is-better: below 1.00 keymenu is better, above 1.00 the peer (or the
floor) is. A floor is the least a program can do for the same job, measured
in the same run: at rest and for key to answer, bench/floor/key-line.c (a
bare C libevdev reader with a listening Unix socket); for requests, a bare
Unix-socket echo thread answering as long a line. "-" where there is none
(no peer answers requests on a socket; key-line needs a device). The load average is noted before
and after each measurement: the machine is shared, and every figure here
(umockdev's cost most) grows with load. keymenu, its peer and the floor run one after
the other, not at once; the last column is the 1-minute load average before
(and after) each: keymenu / peer / floor. Through umockdev, readers' times vary from run to run
with the load: compare within one run. The thd rows mostly measure umockdev's
round trip per read(): thd reads one event per read() (see the floor row and
the notes).

$(cat "$work/peers.md")

## Readers

The same stream for each: $EVENTS KEY_A down/up events, each followed by a
SYN_REPORT, as 24-byte input_event records in 4080-byte writes into a FIFO in
place of the emulated keyboard's node. Wall time runs from the writer's start
to the reader's exit (bench/fifo.sh's run_reader, as \`make bench\`); it
includes the writer's own start and building the stream in memory (the last
row), which is most of the FIFO-fd reader's figure. Reader CPU is the reader
process's user + system time in 10 ms clock ticks (with umockdev's preload
work in it, but not umockdev-run's). Read sizes were seen with strace. thd
and the floor take minutes, so the load average can change during their run
(the last column).

$(cat "$work/readers.md")

## Commands

Inside \`umockdev-run -d Tests/Fixtures/devices/keyboard.umockdev -i
/dev/input/event3=Tests/Fixtures/devices/keyboard.ioctl\`, with
\`keymenu-bench write-fifo \$UMOCKDEV_DIR/dev/input/event3 $EVENTS\` as the writer:

$(for r in read readfd monitor evtest thd floor24; do printf '    %s\n' "$(sed "s|$here/|bench/|" "$out/$r.cmd")"; done)

Idle, in the same testbed before the readers (the node still umockdev's
pseudo-terminal, no key sent), then outside it with no device (\`--input-dir\`
an empty directory, \`input\`; thd with no device, only its command socket);
\`keymenu.toml\` is examples/keymenu.toml as installed (bench/bench-config.sh:
its socket groups the running user's, as the install's keymenu groups
exist), \`triggers.conf\` the line
\`KEY_VOLUMEUP 1 /bin/true\`, \`esekeyd.conf\` the line \`VOLUMEUP:/bin/true\`,
\`udevmon.yaml\` one job (\`interception \$DEVNODE > /dev/null\` on devices with
KEY_VOLUMEUP), \`key-line\` bench/floor/key-line.c built with cc -O2:

$(for d in idle-keymenud idle-thd idle-esekeyd idle-interception idle-inputlircd idle-floor \
  bare-keymenud bare-thd bare-udevmon; do
  printf '    %s\n' "$BIN/keymenu-bench idle --seconds $IDLE_SECONDS -- $(cat "$out/$d.cmd")"; done | sed -e "s|$work/||g" -e "s|$here/|bench/|g")

Round trip, outside umockdev, unpinned then pinned: \`$(cat "$out/rtt.cmd")\`,
\`$(cat "$out/rtt-pinned.cmd")\`.

Key to answer, in testbeds of its own, pinned to CPU 0 and unpinned:
\`$(cat "$out/keys.cmd")\`.

## Method and notes

- **umockdev's tax is per read(), not per event.** The preload library sends
  every read() on an fd opened on an emulated /dev path to umockdev-run over
  a socket (a round trip, a copy of the buffer, a usleep(0)) before the real
  read(). libevdev (keymenu-bench read, keymenuctl monitor) reads 290 events
  per read(), evtest 64, thd one: thd does a select() and a read() of 24
  bytes per event, SYN_REPORTs included, so it pays the tax $((EVENTS * 2))
  times. The floor row, bench/read24.py, a Python loop doing nothing but the
  same 24-byte reads, took $floor_s; thd took $thd_s: through umockdev
  thd's figure is mostly umockdev's. On a real kernel there is no such tax; this
  testbed cannot say how thd and keymenu compare there.
- **keymenu on the FIFO's own fd** (no tax): probed through
  /dev/input/event3 (ioctls emulated), then libevdev_change_fd to an fd on
  the FIFO's testbed path. evtest and thd cannot be measured so: they open the
  path themselves and need the ioctls answered on that fd (thd on a plain FIFO
  prints "Device ... not suitable"; evtest fails EVIOCGVERSION).
- **What the printing readers print**: evtest one line per event, SYN_REPORT
  lines included, through stdio buffering; thd --dump two lines per key event
  and nothing for SYN_REPORT: the event (\`EV_KEY KEY_A 1 /dev/input/event3\`,
  tab-separated) and a trigger-file skeleton line (\`# KEY_A 1 command\`, the
  held keys joined with +), with an fflush() after each ($count_thd event lines
  and $thd_skeleton skeleton lines here); keymenuctl monitor --json one JSON
  object per key event, written once per batch of events read. keymenu-bench
  read prints only its total, so the first two rows compare keymenu's
  read+decode path with readers that also print; the monitor rows compare
  printing with printing.
- **Idle**: keymenu-bench idle starts each daemon the same way (posix_spawn,
  NOTIFY_SOCKET, \`--socket PATH\` added: keymenud's client socket, thd's
  th-cmd socket), waits for READY=1 (both send it), 1 s, reads VmRSS from
  /proc/PID/status ("just started") and which input nodes are open, then over
  $IDLE_SECONDS s the CPU time (schedstat run time of all threads) and wake-ups
  (voluntary + nonvoluntary context switches), and at the end of those
  $IDLE_SECONDS s the memory at rest (VmRSS, PSS, private dirty, threads: the
  "idle" rows). keymenud gives the pages of code and read-only data that
  start-up touched back when it becomes ready (docs/ENGINE.md, "Memory given
  back while quiet"): its "just started" and "idle" figures are both after
  that; VmHWM in the raw output is its peak during start-up. The price is
  paid by the first key or request after a quiet spell, which maps the code
  it runs again: the "key to answer after 2 s quiet" rows. thd runs as Debian's unit runs it
  (\`--triggers\`, \`--socket\`, one trigger line) except: the device is
  named on the command line (\`--deviceglob\`'s glob() does not see
  umockdev's /dev), and no \`--user nobody\` (that user cannot reach the
  private NOTIFY_SOCKET; keymenud runs as the same user). keymenud runs
  examples/keymenu.toml: it finds the keyboard itself and watches /dev/input
  for hot-plug (thd leaves hot-plug to udev rules calling th-cmd). In the
  testbed both also map umockdev's preload library. thd's select() has a 5 s
  timeout, so it wakes every 5 s with nothing to do. keymenud's resident
  memory is mostly its own statically linked binary (see the raw output).
  Before each start the executables on the command line (the daemon, or the
  peer a wrapper starts) are dropped from the page cache
  (POSIX_FADV_DONTNEED), so each is read from disk as an installed daemon
  is: the kernel maps a binary a page-cache folio at a time, and a binary
  lld had just written measured up to 1.5 MiB more VmRSS, in some runs only.
- **The other peers at rest** send no READY=1 and take no \`--socket\`:
  bench/peer-ready.sh starts them as its child, drops the \`--socket PATH\`
  keymenu-bench adds and sends READY=1 with MAINPID= (systemd-notify) once the
  peer runs and, in the testbed, has the keyboard open; keymenu-bench then
  measures that process. esekeyd forks into the background; the child named
  in its pid file is the one measured. inputlircd runs in the foreground
  (\`-f\`), as the current user (\`-u\`), its LIRC socket in the work
  directory. interception-tools is two programs: in the testbed,
  \`interception /dev/input/event3\` (what a udevmon job runs, the process
  holding the keyboard, its output to the log); with no device, \`udevmon\`
  (the daemon that watches udev and starts jobs; in the testbed it started no
  job for the emulated keyboard, so it is measured only where there is no
  device). esekeyd, interception and inputlircd need a device, and key-line
  too: with no device they have no row.
- **PSS and Private_Dirty** come from /proc/PID/smaps_rollup at the same
  moment as VmRSS: PSS divides each shared page among the processes that map
  it (so it depends on what else runs, libc most), Private_Dirty is the
  memory the daemon alone costs (heap, stacks, written data). Threads:
  /proc/PID/task.
- **Round trip**: keymenu-bench rtt, one client sending daemon.status and
  reading the answer line, against a thread in keymenu-bench answering each
  line with a line as long as the daemon's (the bare Unix-socket echo floor),
  in alternating blocks. The floor is the socket's own cost, not a peer
  program: no peer here answers requests on a socket the same way. A second
  floor in the same blocks, a bare swift-nio server in keymenu-bench (one
  event loop, a handler writing the same fixed line per line read), is what
  swift-nio's event loop costs before any keymenu code. Run
  twice: unpinned (wherever the scheduler puts them) and pinned (\`taskset
  -c 0\` around keymenu-bench, so the client, the echo thread and keymenud
  share CPU 0: on an idle VM, waking a halted second vCPU costs tens of
  microseconds, issue 17). CPU per request: the schedstat run time of all
  keymenud's threads, of the echo floor's serving thread and of the
  swift-nio floor's event loop thread, over the measured requests, divided
  by them. Each run measures two clients against the same daemon: first one
  blocking in read() for the answer, then an event-driven one that waits in
  poll() for input and then reads ("event-driven client" rows). They
  differ on one CPU: the kernel wakes every task sleeping on a Unix socket
  when its peer takes a line from it (the send buffer freed up), so a client
  blocked in read() is woken when the server reads its request, and
  preempts the server there (keymenud: about 1.56 context switches per
  request against exactly 1.000 with poll()); poll() waits for input only.
  The floors are threads of keymenu-bench, the client's own process.

## Raw output

\`\`\`
$(for f in rtt rtt-pinned keys idle-keymenud idle-thd idle-esekeyd idle-interception idle-inputlircd idle-floor \
  bare-keymenud bare-thd bare-udevmon; do echo "== $f"; cat "$out/$f.out"; done | sed "s|$work/||g")
\`\`\`
EOF
echo "wrote $RESULTS"
