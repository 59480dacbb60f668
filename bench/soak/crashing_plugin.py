#!/usr/bin/python3
"""The soak's external plugin: useful while it lives, and it crashes on a
schedule (crash_schedule.py). Standard library only.

usage: crashing_plugin.py SHORT_SECONDS LONG_SECONDS

While alive it defines the menu "soak-plugin" (items that notify it, shown by
the soak's clients with menu.show), redefines it every 10 s (open instances
close), shows an alert every 1.5 s (two at most waiting, each with a 2.5 s
timeout), counts the selector.invoked it gets, and answers plugin.ping. It
checks that each of its requests is answered once and logs
"SOAK-PLUGIN-PROBLEM ..." on stderr (keymenud's log) otherwise. Its run
number is the `restarts` daemon.status reports for it; the run's lifetime
and the way it ends (exit 3, SIGKILL, abort, or hanging until keymenud kills
it for a missed ping) come from the schedule. It exits when its stdin ends.
"""
import json
import os
import select
import signal
import sys
import time

from crash_schedule import CrashSchedule

NAME = os.environ.get("KEYMENU_PLUGIN", "soak")
SCHEDULE = CrashSchedule(float(sys.argv[1]), float(sys.argv[2]))
STARTED = time.monotonic()


class Plugin:
    """One run of the plugin."""

    def __init__(self):
        self.next_id = 0
        self.pending = {}
        self.run = None
        self.alerts_shown = 0
        self.alerts_answered = 0
        self.invoked = 0
        self.next_alert = STARTED + 2.0
        self.next_define = STARTED + 10.0
        self.buffer = b""

    def log(self, text):
        print(f"run {self.run}: {text}", file=sys.stderr, flush=True)

    def write(self, message):
        sys.stdout.write(json.dumps(message) + "\n")
        sys.stdout.flush()

    def request(self, method, params=None):
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            message["params"] = params
        self.pending[self.next_id] = method
        self.write(message)
        return self.next_id

    def define_menu(self):
        self.request("menu.define", {"name": "soak-plugin", "title": f"Plugin run {self.run}", "items": [
            {"title": "Alpha", "notify": True}, {"title": "Beta", "notify": True},
            {"separator": True}, {"title": "Gamma", "notify": True}]})

    def handle(self, message):
        method = message.get("method")
        if method == "plugin.ping":
            self.write({"jsonrpc": "2.0", "id": message["id"], "result": {}})
            return
        if method == "selector.invoked":
            self.invoked += 1
            return
        if method is not None:
            return
        asked = self.pending.pop(message.get("id"), None)
        if asked is None:
            print(f"SOAK-PLUGIN-PROBLEM answer to a request not waiting: {message}", file=sys.stderr, flush=True)
            return
        if "error" in message:
            if asked == "alert.show" and message["error"].get("code") == -32007:
                # A bound doing its job: while the hostile phase holds the
                # daemon-wide share, the plugin's alerts are refused too.
                self.alerts_refused = getattr(self, "alerts_refused", 0) + 1
                if self.alerts_refused == 1:
                    self.log(f"alert.show refused by a bound: {message['error']['message']}")
                return
            print(f"SOAK-PLUGIN-PROBLEM {asked} failed: {message['error']}", file=sys.stderr, flush=True)
            return
        if asked == "daemon.status":
            mine = [p for p in message["result"]["plugins"] if p["name"] == NAME]
            self.run = mine[0]["restarts"] if mine else 0
            self.log(f"starts; crashes by {SCHEDULE.mode(self.run)} after {SCHEDULE.lifetime(self.run)} s")
            self.define_menu()
        elif asked == "alert.show":
            self.alerts_answered += 1

    def tick(self, now):
        if self.run is None:
            return
        if now - STARTED >= SCHEDULE.lifetime(self.run):
            self.crash()
        if now >= self.next_alert:
            self.next_alert = now + 1.5
            if self.alerts_shown - self.alerts_answered < 2:
                self.alerts_shown += 1
                self.request("alert.show", {"title": f"Plugin run {self.run} alert {self.alerts_shown}",
                                            "buttons": ["No", "Yes"], "cancel": 0, "timeout_ms": 2500})
        if now >= self.next_define:
            self.next_define = now + 10.0
            self.define_menu()

    def crash(self):
        mode = SCHEDULE.mode(self.run)
        self.log(f"crashing by {mode} after {time.monotonic() - STARTED:.1f} s; alerts shown "
                 f"{self.alerts_shown}, answered {self.alerts_answered}; selector.invoked {self.invoked}")
        if mode == "exit":
            os._exit(3)
        if mode == "kill":
            os.kill(os.getpid(), signal.SIGKILL)
        if mode == "abort":
            os.abort()
        # hang: no more reading or pings; keymenud kills it (leave anyway if it does not)
        parent = os.getppid()
        deadline = time.monotonic() + 30
        while os.getppid() == parent and time.monotonic() < deadline:
            time.sleep(0.1)
        os._exit(4)

    def main(self):
        self.request("hello")
        self.request("daemon.status")
        while True:
            ready, _, _ = select.select([0], [], [], 0.1)
            if ready:
                chunk = os.read(0, 65536)
                if not chunk:
                    self.log("stdin closed; leaving")
                    return
                self.buffer += chunk
                while b"\n" in self.buffer:
                    line, self.buffer = self.buffer.split(b"\n", 1)
                    if line.strip():
                        self.handle(json.loads(line))
            self.tick(time.monotonic())


if __name__ == "__main__":
    try:
        Plugin().main()
    except BrokenPipeError:
        pass
