#!/usr/bin/python3
"""keymenud at rest with the console, notify and speech plugins on: which threads, and who wakes.

usage: /usr/bin/python3 Tests/Fixtures/idle_wakeups.py KEYMENUD KEYMENUCTL SECONDS

Starts a private D-Bus session bus (dbus-daemon) and a pty, then keymenud
with the console plugin drawing on the pty, the notify plugin on that bus
(no notification server: the plugin asks, is told no, and waits) and the
speech plugin on ALSA's null device (espeak-ng, make deps). One alert comes
and goes (timeout 1 s), so that the plugins' threads have worked.
Then keymenud rests for SECONDS: a line per thread, `NAME WAKEUPS` (its
voluntary context switches over the rest), and `total N`.

Exit status: 0 when nothing woke, 1 when a thread did, 2 when something
could not be started.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time


def wakeups(pid):
    found = {}
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/comm") as f:
                name = f.read().strip()
            with open(f"/proc/{pid}/task/{task}/status") as f:
                count = next(int(line.split()[1]) for line in f
                             if line.startswith("voluntary_ctxt_switches:"))
        except OSError:
            continue
        found[task] = (name, count)
    return found


def main(argv):
    if len(argv) != 3:
        sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
        return 2
    keymenud, keymenuctl, seconds = argv[0], argv[1], float(argv[2])
    work = tempfile.mkdtemp(prefix="keymenu-idle-")
    master, slave = os.openpty()
    bus = daemon = None
    try:
        bus = subprocess.Popen(["dbus-daemon", "--session", "--print-address", "--nofork"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        address = bus.stdout.readline().decode().strip()
        if not address:
            print("idle_wakeups: dbus-daemon gave no address", file=sys.stderr)
            return 2
        with open(os.path.join(work, "keymenu.toml"), "w") as f:
            f.write(f'[plugins.console]\nenabled = true\ndevice = "{os.ttyname(slave)}"\n\n'
                    "[plugins.notify]\nenabled = true\n\n"
                    '[plugins.speech]\nenabled = true\ndevice = "null"\n')
        env = dict(os.environ, KEYMENU_SOCKET=os.path.join(work, "s.sock"),
                   DBUS_SESSION_BUS_ADDRESS=address)
        # No service manager: with a watchdog keymenud would wake for its
        # ping (bench/watchdog-idle.py measures that), whatever ran the tests.
        for name in ("NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"):
            env.pop(name, None)
        log = open(os.path.join(work, "keymenud.log"), "w")
        daemon = subprocess.Popen([keymenud, "--config", os.path.join(work, "keymenu.toml")],
                                  env=env, stdout=log, stderr=log)
        deadline = time.monotonic() + 20
        while subprocess.run([keymenuctl, "status"], env=env, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL).returncode != 0:
            if time.monotonic() > deadline or daemon.poll() is not None:
                print("idle_wakeups: keymenud did not start", file=sys.stderr)
                return 2
            time.sleep(0.05)
        subprocess.run([keymenuctl, "alert", "Resting soon", "--timeout", "1"], env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.read(master, 65536)      # what the console plugin drew (a pty holds only so much)
        time.sleep(2.5)             # the plugins finish with the alert, keymenud gives memory back (1 s after)
        first = wakeups(daemon.pid)
        time.sleep(seconds)
        last = wakeups(daemon.pid)
        total = 0
        for task in sorted(last, key=int):
            name, count = last[task]
            woke = count - first.get(task, (name, 0))[1]
            total += woke
            print(f"{name} {woke}")
        print(f"total {total}")
        return 0 if total == 0 else 1
    finally:
        for process in (daemon, bus):
            if process is not None:
                process.terminate()
                try:
                    process.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    process.kill()
        os.close(master)
        os.close(slave)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
