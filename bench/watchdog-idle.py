#!/usr/bin/python3
"""What systemd's watchdog costs an idle keymenud (issue 28 finding 10).

usage: /usr/bin/python3 bench/watchdog-idle.py KEYMENUD [SECONDS [WATCHDOG_USEC]]

Starts KEYMENUD (no device: an empty --input-dir) as the shipped unit
would run it, with NOTIFY_SOCKET on a datagram socket of its own and
WATCHDOG_USEC (default 30000000, the unit's WatchdogSec=30s; 0: no
watchdog), waits for READY=1 and 3 s more, then lets it rest SECONDS
(default 120) and prints, over the rest: the WATCHDOG=1 pings received,
each thread's voluntary context switches (wake-ups) and CPU time
(schedstat, ns), and utime+stime (clock ticks) and minor faults from
/proc/PID/stat.
Reported, not asserted. Exit status 2 when keymenud did not get ready.
"""
import os
import socket
import subprocess
import sys
import tempfile
import time


def threads(pid):
    found = {}
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/comm") as f:
                name = f.read().strip()
            with open(f"/proc/{pid}/task/{task}/status") as f:
                wakeups = next(int(line.split()[1]) for line in f if line.startswith("voluntary_ctxt_switches:"))
            with open(f"/proc/{pid}/task/{task}/schedstat") as f:
                run_ns = int(f.read().split()[0])
        except OSError:
            continue
        found[task] = (name, wakeups, run_ns)
    return found


def ticks(pid):
    """utime+stime (fields 14 and 15) and minflt (field 10) of /proc/PID/stat."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12]), int(fields[7])


def pings(listener, until):
    count = 0
    while True:
        left = until - time.monotonic()
        if left <= 0:
            return count
        listener.settimeout(left)
        try:
            data = listener.recv(4096)
        except socket.timeout:
            return count
        if b"WATCHDOG=1" in data.split(b"\n"):
            count += 1


def main(argv):
    if not 1 <= len(argv) <= 3:
        sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
        return 2
    keymenud = argv[0]
    seconds = float(argv[1]) if len(argv) > 1 else 120.0
    usec = int(argv[2]) if len(argv) > 2 else 30_000_000
    work = tempfile.mkdtemp(prefix="keymenu-watchdog-")
    os.mkdir(os.path.join(work, "input"))
    with open(os.path.join(work, "keymenu.toml"), "w") as f:
        f.write('log_level = "info"\n')
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(os.path.join(work, "notify.sock"))
    env = dict(os.environ, KEYMENU_SOCKET=os.path.join(work, "s.sock"),
               NOTIFY_SOCKET=os.path.join(work, "notify.sock"))
    env.pop("WATCHDOG_PID", None)
    env.pop("WATCHDOG_USEC", None)
    if usec > 0:
        env["WATCHDOG_USEC"] = str(usec)
    log = open(os.path.join(work, "keymenud.log"), "w")
    daemon = subprocess.Popen(
        [keymenud, "--config", os.path.join(work, "keymenu.toml"), "--input-dir", os.path.join(work, "input")],
        env=env, stdout=log, stderr=log)
    try:
        deadline = time.monotonic() + 30
        while True:
            listener.settimeout(max(0.1, deadline - time.monotonic()))
            try:
                if b"READY=1" in listener.recv(4096).split(b"\n"):
                    break
            except socket.timeout:
                pass
            if time.monotonic() > deadline or daemon.poll() is not None:
                print("watchdog-idle: keymenud did not get ready", file=sys.stderr)
                return 2
        pings(listener, time.monotonic() + 3)
        first, first_ticks = threads(daemon.pid), ticks(daemon.pid)
        count = pings(listener, time.monotonic() + seconds)
        last, last_ticks = threads(daemon.pid), ticks(daemon.pid)
        print(f"keymenud {keymenud}, WATCHDOG_USEC={usec}, {seconds:g} s at rest:")
        print(f"  WATCHDOG=1 received: {count} ({count * 60 / seconds:.1f} a minute)")
        wakeups = cpu = 0
        for task in sorted(last, key=int):
            name, woke, ran = last[task]
            before = first.get(task, (name, woke, ran))
            wakeups += woke - before[1]
            cpu += ran - before[2]
            print(f"  {name}[{task}]: {woke - before[1]} wake-ups, {(ran - before[2]) / 1000:.0f} us CPU")
        print(f"  total: {wakeups} wake-ups ({wakeups * 60 / seconds:.1f} a minute), "
              f"{cpu / 1000:.0f} us CPU ({cpu / seconds / 1000:.2f} us/s), "
              f"utime+stime {last_ticks[0] - first_ticks[0]} ticks, {last_ticks[1] - first_ticks[1]} minor faults")
        return 0
    finally:
        daemon.terminate()
        daemon.wait(timeout=10)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
