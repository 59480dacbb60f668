#!/usr/bin/python3
"""A client's key through keymenud: `modal.press` to a subscriber's state.changed.

usage: /usr/bin/python3 bench/press-latency.py [--bin DIR] [--presses N] [--gap-ms G]

keymenud (from --bin, default .build/release) runs with no device on a socket
of its own. One connection opens a 12-item menu (`menu.open`) and presses
Down and Up on it (`modal.press`, as keymenu-whiptail and keymenu-dmenu do for
their terminal's keys), one key every G ms (25 by default); another follows
the state (`events.subscribe` to `state`), as keymenu-overlay does. Each
sample runs from just before the press is written to the subscriber's
state.changed line becoming readable, and to the press's own answer. The
floor is the same client's `daemon.status` round trip, which keymenud answers
on its event loop from the published status.

It also reports keymenud's CPU time per press (all its threads, from
/proc/PID/task/*/schedstat) and how many times its engine thread (its main
thread) went to sleep and woke per press (voluntary context switches): a
press carried out on the event loop while the engine thread waits wakes it
not at all.

A benchmark, not a test: nothing fails on a figure. Exit status 0, or 2 when
keymenud did not start or an answer never came.
"""
import argparse
import json
import os
import select
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Connection:
    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.connect(path)
        self.buffered = b""

    def send(self, request, method, params):
        line = {"jsonrpc": "2.0", "id": request, "method": method, "params": params}
        self.sock.sendall(json.dumps(line).encode() + b"\n")

    def line(self, timeout=2):
        """The next line, or None after `timeout` seconds."""
        while b"\n" not in self.buffered:
            ready, _, _ = select.select([self.sock], [], [], timeout)
            if not ready:
                return None
            chunk = self.sock.recv(65536)
            if not chunk:
                return None
            self.buffered += chunk
        line, self.buffered = self.buffered.split(b"\n", 1)
        return json.loads(line)

    def until(self, condition):
        while True:
            message = self.line()
            if message is None:
                raise RuntimeError("no answer within 2 s")
            if condition(message):
                return message


def cpu_ns(pid):
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/schedstat") as stat:
            total += int(stat.read().split()[0])
    return total


def engine_switches(pid):
    with open(f"/proc/{pid}/task/{pid}/status") as status:
        for line in status:
            if line.startswith("voluntary_ctxt_switches:"):
                return int(line.split()[1])
    return 0


def percentile(samples, share):
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "release"))
    parser.add_argument("--presses", type=int, default=300)
    parser.add_argument("--gap-ms", type=float, default=25)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="keymenu-press-")
    daemon = None
    try:
        config = os.path.join(work, "keymenu.toml")
        with open(config, "w") as f:
            f.write('log_level = "warning"\n')
        path = os.path.join(work, "s.sock")
        env = dict(os.environ, KEYMENU_SOCKET=path)
        daemon = subprocess.Popen([os.path.join(args.bin, "keymenud"), "--config", config,
                                   "--input-dir", work], env=env,
                                  stderr=open(os.path.join(work, "keymenud.log"), "w"))
        for _ in range(250):
            if os.path.exists(path):
                break
            time.sleep(0.02)
        else:
            print("press-latency: keymenud did not start", file=sys.stderr)
            return 2
        time.sleep(0.3)
        follower, driver = Connection(path), Connection(path)
        follower.send(1, "events.subscribe", {"topics": ["state"]})
        follower.until(lambda m: m.get("id") == 1)
        driver.send(1, "menu.open", {"title": "Latency", "items": [{"title": f"Item {i}"} for i in range(1, 13)]})
        follower.until(lambda m: m.get("method") == "state.changed" and m["params"].get("stack"))
        notified, answered = [], []
        cpu, woke = cpu_ns(daemon.pid), engine_switches(daemon.pid)
        for press in range(args.presses):
            time.sleep(args.gap_ms / 1000)
            key = "KEY_DOWN" if (press // 11) % 2 == 0 else "KEY_UP"
            start = time.monotonic_ns()
            driver.send(100 + press, "modal.press", {"request": 1, "key": key})
            follower.until(lambda m: m.get("method") == "state.changed")
            notified.append((time.monotonic_ns() - start) / 1e6)
            driver.until(lambda m: m.get("id") == 100 + press)
            answered.append((time.monotonic_ns() - start) / 1e6)
        cpu = (cpu_ns(daemon.pid) - cpu) / args.presses / 1e6
        woke = (engine_switches(daemon.pid) - woke) / args.presses
        status = []
        for request in range(args.presses):
            time.sleep(args.gap_ms / 1000)
            start = time.monotonic_ns()
            follower.send(1000 + request, "daemon.status", {})
            follower.until(lambda m: m.get("id") == 1000 + request)
            status.append((time.monotonic_ns() - start) / 1e6)
    except (OSError, RuntimeError) as error:
        print(f"press-latency: {error}", file=sys.stderr)
        return 2
    finally:
        if daemon:
            daemon.terminate()
            daemon.wait()
        shutil.rmtree(work, ignore_errors=True)
    print(f"modal.press to a subscriber's state.changed, {args.presses} presses {args.gap_ms:g} ms apart: "
          f"p50 {percentile(notified, 0.5):.3f} p90 {percentile(notified, 0.9):.3f} "
          f"p99 {percentile(notified, 0.99):.3f} ms; to the press's answer p50 "
          f"{percentile(answered, 0.5):.3f} ms")
    print(f"  floor, the same client's daemon.status round trip: p50 {statistics.median(status):.3f} ms; "
          f"keymenud CPU per press {cpu:.3f} ms; engine thread woke {woke:.2f} times per press")
    return 0


if __name__ == "__main__":
    sys.exit(main())
