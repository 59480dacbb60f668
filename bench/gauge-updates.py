#!/usr/bin/python3
"""What one gauge.update costs keymenud with a deep stack and subscribers
(issue 28, finding 3: with 60 text boxes and a gauge on the stack each
update re-encoded the whole stack for every subscriber).

Starts a keymenud of its own (no device, an empty configuration, a socket in
a temporary directory), connects SUBSCRIBERS (8) connections subscribed to
dialog, alert and menu that read everything on threads of their own, and
one client that shows 60 text boxes of TEXT_BYTES and a gauge: first the
gauge and then the text boxes (the gauge at the bottom, covered), then, in
a second keymenud, the text boxes and then the gauge (the gauge in front).
It sends COUNT (300) gauge.update requests, one after the other (each
answered before the next), waits until the subscribers have read
everything, and prints per update: keymenud's CPU (utime + stime of the
process from /proc/PID/stat, clock ticks), the engine thread's on-CPU time
(keymenud's main thread, /proc/PID/task/PID/schedstat, nanoseconds), the
event-loop thread's, and the bytes each subscriber received.

    /usr/bin/python3 bench/gauge-updates.py --keymenud .build/release/keymenud [--count 300]
"""
import argparse
import os
import threading
import time

from own_keymenud import Client, own_keymenud

TICKS = os.sysconf("SC_CLK_TCK")
TEXT_BYTES = 60000
TEXT = "\n".join(["x" * 299] * 200)[:TEXT_BYTES]
SUBSCRIBERS = 8
TEXT_BOXES = 60


class Subscriber(threading.Thread):
    """Reads everything keymenud sends it; counts bytes and lines."""

    def __init__(self, path):
        super().__init__(daemon=True)
        self.client = Client(path)
        self.client.call("events.subscribe", {"topics": ["dialog", "alert", "menu"]})
        self.bytes = len(self.client.buffer)
        self.lines = self.client.buffer.count(b"\n")
        self.last = time.monotonic()
        self.closed = False

    def run(self):
        while True:
            try:
                chunk = self.client.socket.recv(1 << 20)
            except OSError:
                chunk = b""
            if not chunk:
                self.closed = True
                return
            self.bytes += len(chunk)
            self.lines += chunk.count(b"\n")
            self.last = time.monotonic()


def cpu(pid):
    """(process utime+stime ticks, engine thread ns, other threads ns)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12])
    engine = others = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/schedstat") as schedstat:
            ns = int(schedstat.read().split()[0])
        if int(task) == pid:
            engine += ns
        else:
            others += ns
    return ticks, engine, others


def settle(subscribers, quiet=0.5, timeout=30):
    """Waits until no subscriber has read anything for `quiet` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if all(time.monotonic() - s.last >= quiet for s in subscribers):
            return
        time.sleep(0.1)


def measure(program, gauge_first, count):
    with own_keymenud(program) as (daemon, path):
        subscribers = [Subscriber(path) for _ in range(SUBSCRIBERS)]
        for subscriber in subscribers:
            subscriber.start()
        driver = Client(path)
        driver.call("hello")
        gauge = None
        if gauge_first:
            gauge = driver.send("gauge.show", {"title": "Progress", "message": "starting", "percent": 0})
        for number in range(TEXT_BOXES):
            driver.send("textbox.show", {"title": f"T{number}", "text": TEXT})
        if not gauge_first:
            gauge = driver.send("gauge.show", {"title": "Progress", "message": "starting", "percent": 0})
        deadline = time.monotonic() + 20     # daemon.status is published after the engine's work
        depth = driver.call("daemon.status")["result"]["modal_depth"]
        while depth != TEXT_BOXES + 1 and time.monotonic() < deadline:
            time.sleep(0.1)
            depth = driver.call("daemon.status")["result"]["modal_depth"]
        if depth != TEXT_BOXES + 1:
            raise RuntimeError(f"the stack is {depth} deep, expected {TEXT_BOXES + 1}")
        settle(subscribers, quiet=1.0)
        before_bytes = [s.bytes for s in subscribers]
        before = cpu(daemon.pid)
        started = time.monotonic()
        for number in range(count):
            answer = driver.call("gauge.update", {"request": gauge, "percent": number % 101,
                                                  "message": f"step {number}"})
            if "error" in answer:
                raise RuntimeError(f"gauge.update: {answer['error']}")
        wall = time.monotonic() - started
        settle(subscribers)
        after = cpu(daemon.pid)
        received = [s.bytes - b for s, b in zip(subscribers, before_bytes)]
        closed = sum(s.closed for s in subscribers)
        return {
            "ticks": after[0] - before[0], "engine_ns": after[1] - before[1], "others_ns": after[2] - before[2],
            "wall": wall, "received": received, "closed": closed,
        }


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--keymenud", required=True)
    parser.add_argument("--count", type=int, default=300)
    arguments = parser.parse_args()
    print(f"{TEXT_BOXES} text boxes of {len(TEXT)} bytes and a gauge, {SUBSCRIBERS} subscribers (dialog, alert, "
          f"menu), {arguments.count} gauge.update one after the other; per update:")
    print(f"{'gauge':8} {'CPU (ticks) ms':>14} {'engine ms':>10} {'event loop ms':>14} {'wall ms':>8} "
          f"{'bytes per subscriber':>21}  disconnected")
    for label, gauge_first in (("bottom", True), ("front", False)):
        result = measure(arguments.keymenud, gauge_first, arguments.count)
        count = arguments.count
        per_subscriber = sum(result["received"]) / len(result["received"]) / count
        print(f"{label:8} {result['ticks'] * 1000 / TICKS / count:14.3f} {result['engine_ns'] / 1e6 / count:10.3f} "
              f"{result['others_ns'] / 1e6 / count:14.3f} {result['wall'] * 1000 / count:8.3f} "
              f"{per_subscriber:21.0f}  {result['closed']} of {SUBSCRIBERS}", flush=True)


if __name__ == "__main__":
    main()
