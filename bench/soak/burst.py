#!/usr/bin/python3
"""The burst phase: the memory a burst takes is given back.

`subscribers` connections (50) subscribe to selector, alert and menu and then
never read, while one driver connection floods keymenud: alerts with a
16 KiB message, shown and dismissed in pairs, and selector.invoke of an item
of its own menu, each a `selector.invoked` line to every subscriber, until
keymenud has dropped every stalled subscriber (more than 1 MiB of lines it
may not coalesce unread, docs/PROTOCOL.md: "stopped reading" in its log).
Then the stalled sockets and the driver close: the burst is over.

keymenud's VmRSS and RssAnon (/proc/PID/status) are read every 0.1 s: the
idle figures (the median of 1 s of readings after QUIET_SECONDS with nothing
to do, just before), the peak, and the readings for `settle` seconds after
the burst. The burst passes when RssAnon (what keymenud allocated) is back
within `slack` (1 MiB) of its idle figure within `back_within` seconds (5 s)
and still is at the end. Not VmRSS: it also counts the binary's code pages,
which keymenud's trim drops and which come back as code runs (VmRSS 1.3 MiB
over idle 10 s after a burst with RssAnon 0.3 MiB over, make soak at
09869a7); VmRSS is printed.

In the soak (soak_run.py) it runs after the load, once the clients have
left and the keys stopped, with the observer still reading (it must not be
dropped or fall behind: the driver waits for each batch's answers). Alone,
against a keymenud of its own with no device (a quick measurement; a
warm-up burst of 5 subscribers comes first unless --cold):

    /usr/bin/python3 bench/soak/burst.py --keymenud .build/release/keymenud [--cold]
"""
import argparse
import asyncio
import os
import socket
import statistics
import sys
import tempfile
import time

import expectations as expect

TOPICS = ["selector", "alert", "menu"]
MESSAGE_BYTES = 16 * 1024          # ProtocolLimits.maximumMessageBytes
INVOKES_PER_BATCH = 100
ALERT_PAIRS_PER_BATCH = 2
SAMPLE_SECONDS = 0.1
# Before the idle figure: keymenud gives freed memory and its code pages
# back 1 s after the last client left, or 10 s after the first when they
# keep leaving (docs/ENGINE.md, "Memory given back while quiet"), and the
# observer's and the poller's requests then map back the code they run. The
# idle figure is read once that is over, so that it and the readings after
# the burst (which end the same way) compare the same state: read 2 s after
# the load, it could fall just after a trim (4 MiB of code pages given
# back) and the steady state after the burst then counted as memory kept.
QUIET_SECONDS = 12
DROPPED_MARK = b"stopped reading"


class Burst:
    """One burst against a running keymenud, and its figures and problems."""

    def __init__(self, context, daemon, subscribers=50, settle=10.0, back_within=5.0, slack_kb=1024,
                 timeout=60.0):
        self.context = context
        self.daemon = daemon
        self.subscribers = subscribers
        self.settle = settle
        self.back_within = back_within
        self.slack_kb = slack_kb
        self.timeout = timeout
        self.problems = []
        self.idle_kb = None            # RssAnon, the figure checked
        self.idle_rss_kb = None        # VmRSS, shown
        self.peak_kb = 0               # VmRSS
        self.after = []                # (seconds after the end, RssAnon kB)
        self.after_rss = []            # (seconds after the end, VmRSS kB)
        self.invokes = 0
        self.alerts = 0
        self.dropped = 0
        self.burst_seconds = None
        self.log_window = (0, 0)        # keymenud's log, bytes written during the burst

    def rss_kb(self):
        value = self.daemon.status_field("VmRSS")
        return int(value) if value else None

    def memory_kb(self):
        return self.daemon.memory_kb()

    async def readings(self, seconds):
        """VmRSS and RssAnon every SAMPLE_SECONDS for `seconds`:
        [(seconds from now, VmRSS kB, RssAnon kB)]."""
        start = time.monotonic()
        out = []
        while True:
            now = time.monotonic() - start
            memory = self.memory_kb()
            if memory is not None:
                out.append((now, *memory))
            if now >= seconds:
                return out
            await asyncio.sleep(SAMPLE_SECONDS)

    def parts_kb(self):
        """(RssAnon, RssFile) in kB: memory taken, and the binary's pages read in."""
        return tuple(int(self.daemon.status_field(name) or 0) for name in ("RssAnon", "RssFile"))

    async def run(self):
        await asyncio.sleep(QUIET_SECONDS)
        idle = await self.readings(1.0)
        self.idle_rss_kb = statistics.median(kb for _, kb, _ in idle)
        self.idle_kb = statistics.median(anon for _, _, anon in idle)
        self.idle_parts = self.parts_kb()
        self.log_window = (self.log_size(), 0)
        started = time.monotonic()
        stalled = [self.stalled_subscriber() for _ in range(self.subscribers)]
        driver = self.context.connection("burst driver")
        await driver.connect(self.context.socket_path)
        watcher = asyncio.create_task(self.watch_peak())
        try:
            await self.flood(driver)
        finally:
            for connection in stalled:
                connection.close()
            driver.close()
            await driver.wait_closed(timeout=5)
            self.burst_seconds = time.monotonic() - started
            watcher.cancel()
        self.log_window = (self.log_window[0], self.log_size())
        after = await self.readings(self.settle)
        self.after = [(seconds, anon) for seconds, _, anon in after]
        self.after_rss = [(seconds, kb) for seconds, kb, _ in after]
        self.end_parts = self.parts_kb()
        self.peak_kb = max([self.peak_kb] + [kb for _, kb in self.after_rss])
        self.judge()

    def stalled_subscriber(self):
        """A connection that subscribes and never reads again."""
        connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        connection.connect(self.context.socket_path)
        connection.sendall(b'{"jsonrpc":"2.0","id":1,"method":"events.subscribe","params":{"topics":'
                           + ("[" + ",".join(f'"{topic}"' for topic in TOPICS) + "]").encode() + b"}}\n")
        return connection

    async def watch_peak(self):
        while True:
            kb = self.rss_kb()
            if kb is not None:
                self.peak_kb = max(self.peak_kb, kb)
            await asyncio.sleep(SAMPLE_SECONDS)

    async def flood(self, driver):
        """Large alerts and selector.invoke until every stalled subscriber is dropped."""
        answer = await driver.call("menu.define", {"name": "burst", "title": "Burst", "items": [{"title": "Ping"}]},
                                   expect=expect.has_members("selectors"))
        if not answer or "result" not in answer:
            self.problems.append(f"burst: menu.define failed: {answer}")
            return
        selector = answer["result"]["selectors"][0]
        message = "m" * MESSAGE_BYTES
        deadline = time.monotonic() + self.timeout
        while self.count_dropped() < self.subscribers:
            if time.monotonic() > deadline:
                self.problems.append(f"burst: only {self.dropped} of {self.subscribers} stalled subscribers were "
                                     f"dropped within {self.timeout:.0f} s")
                return
            futures = []
            for number in range(ALERT_PAIRS_PER_BATCH):
                self.alerts += 1
                shown_id, shown = driver.request(
                    "alert.show", {"title": f"burst {self.alerts}", "message": message, "buttons": ["OK"]},
                    expect=expect.expect_result(_dismissed))
                futures += [shown, driver.request("alert.dismiss", {"request": shown_id},
                                                  expect=expect.has_members("dismissed"))[1]]
            for _ in range(INVOKES_PER_BATCH):
                futures.append(driver.request("selector.invoke", {"selector": selector},
                                              expect=expect.has_members("invoked"))[1])
            self.invokes += INVOKES_PER_BATCH
            await driver.drain()
            await asyncio.wait_for(asyncio.gather(*futures), 30)
        await driver.call("menu.remove", {"name": "burst"}, expect=expect.has_members("removed"))

    def log_size(self):
        try:
            return os.path.getsize(self.daemon.log_path)
        except OSError:
            return 0

    def log_bytes(self, start, end=None):
        with open(self.daemon.log_path, "rb") as log:
            log.seek(start)
            return log.read() if end is None else log.read(end - start)

    def count_dropped(self):
        self.dropped = self.log_bytes(self.log_window[0]).count(DROPPED_MARK)
        return self.dropped

    def judge(self):
        if self.dropped != self.subscribers:
            self.problems.append(f"burst: keymenud dropped {self.dropped} clients for not reading, expected the "
                                 f"{self.subscribers} stalled subscribers")
        limit = self.idle_kb + self.slack_kb
        back = self.back_after()
        if back is None or back > self.back_within:
            self.problems.append(
                f"burst: RssAnon {self.after[-1][1] / 1024:.1f} MiB {self.settle:.0f} s after the burst, idle "
                f"{self.idle_kb / 1024:.1f} MiB: not back within {self.slack_kb} KiB of it within "
                f"{self.back_within:.0f} s (" + self.trace(self.after) + ")")
        elif self.after[-1][1] > limit:
            self.problems.append(f"burst: RssAnon came back after {back:.1f} s but rose again to "
                                 f"{self.after[-1][1] / 1024:.1f} MiB (idle {self.idle_kb / 1024:.1f} MiB)")

    def back_after(self):
        """Seconds after the burst until RssAnon was within the slack of idle, or None."""
        limit = self.idle_kb + self.slack_kb
        return next((seconds for seconds, kb in self.after if kb <= limit), None)

    @staticmethod
    def at(readings, seconds):
        """kB of the last of `readings` at or before `seconds` after the burst."""
        found = [kb for when, kb in readings if when <= seconds]
        return found[-1] if found else None

    def trace(self, readings):
        return ", ".join(f"{seconds} s {self.at(readings, seconds) / 1024:.1f} MiB" for seconds in (0.5, 1, 2, 5, 10)
                         if self.at(readings, seconds) is not None and seconds <= self.settle)

    def lines(self):
        if self.idle_kb is None or not self.after:
            return ["burst: did not run to the end"]
        back = self.back_after()
        return [
            f"burst: {self.subscribers} subscribers (selector, alert, menu) stopped reading; {self.invokes} "
            f"selector.invoke and {self.alerts} alerts with a {MESSAGE_BYTES // 1024} KiB message in "
            f"{self.burst_seconds:.1f} s until {self.dropped} were dropped",
            f"  VmRSS idle {self.idle_rss_kb / 1024:.1f} MiB, peak {self.peak_kb / 1024:.1f} MiB, after the burst "
            + self.trace(self.after_rss),
            f"  RssAnon idle {self.idle_kb / 1024:.1f} MiB, after the burst " + self.trace(self.after)
            + "; back within " + f"{self.slack_kb} KiB of idle "
            + (f"after {back:.1f} s" if back is not None else "never") + f" (limit {self.back_within:.0f} s)",
            f"  RssFile (the binary's pages) idle {self.idle_parts[1] / 1024:.1f} MiB, end "
            f"{self.end_parts[1] / 1024:.1f} MiB",
        ]


def _dismissed(result):
    return None if result.get("reason") == "dismissed" else f"expected reason dismissed, got {result}"


async def alone(options, directory):
    """A keymenud of its own, with no device, and one burst against it."""
    from daemon_process import DaemonProcess
    from soak_context import SoakContext
    config = os.path.join(directory, "keymenu.toml")
    with open(config, "w") as out:
        out.write(f'[[socket.tiers]]\nuid = {os.getuid()}\ntier = "drive"\n')
    input_dir = os.path.join(directory, "input")
    os.mkdir(input_dir)
    context = SoakContext(os.path.join(directory, "s.sock"), 12, 20)
    daemon = DaemonProcess(options.keymenud, config, context.socket_path, directory, None,
                           arguments=["--input-dir", input_dir])
    try:
        await daemon.wait_ready()
        if options.warm_up:
            # The code paths a burst takes are read in from the binary the
            # first time (~0.4 MiB of RssFile): a small burst first, as the
            # soak's load comes first.
            await Burst(context, daemon, 5, settle=3).run()
        burst = Burst(context, daemon, options.subscribers, settle=options.settle)
        await burst.run()
        for line in burst.lines():
            print(line)
        problems = burst.problems + context.all_problems()
        await daemon.stop()
        for problem in problems:
            print("problem: " + problem)
        return 1 if problems else 0
    finally:
        daemon.close()


def main(argv):
    parser = argparse.ArgumentParser(description="keymenud: memory taken by a burst is given back")
    parser.add_argument("--keymenud", required=True)
    parser.add_argument("--subscribers", type=int, default=50)
    parser.add_argument("--settle", type=float, default=10.0, help="seconds of readings after the burst")
    parser.add_argument("--cold", dest="warm_up", action="store_false",
                        help="no warm-up burst of 5 subscribers first")
    options = parser.parse_args(argv)
    options.keymenud = os.path.abspath(options.keymenud)
    with tempfile.TemporaryDirectory(prefix="keymenu-burst-") as directory:
        return asyncio.run(alone(options, directory))


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    sys.exit(main(sys.argv[1:]))
