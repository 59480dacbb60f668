#!/usr/bin/python3
"""A burst of 300 large alerts from one drive client while followers are
behind, against a live keymenud (standard library only; run as root).

Followers: `keymenuctl ui --plain`, `keymenuctl subscribe alert menu` (both
stopped with SIGSTOP during the burst, so they cannot keep up) and a raw
subscriber that does not read until the burst is over. None may be
disconnected: each must end with the daemon's final state (the last alert in
front, then nothing), and the raw one must see a state.changed with a
`skipped` count. Exits 0 when every check holds; prints the first failure
otherwise.

usage: burst_checks.py KEYMENUCTL DIRECTORY"""
import json
import os
import signal
import socket
import subprocess
import sys
import time

PATH = os.environ["KEYMENU_SOCKET"]
CTL, DIRECTORY = sys.argv[1], sys.argv[2]
ALERTS = 300
MESSAGE = "word " * 3200     # 16,000 bytes


def check(condition, what):
    if not condition:
        print("FAILED:", what, flush=True)
        sys.exit(1)


def wait_for(condition, what, seconds=20):
    """Polls `condition` (a file or process being written elsewhere)."""
    for _ in range(int(seconds / 0.02)):
        if condition():
            return
        time.sleep(0.02)
    check(False, f"timed out waiting for {what}")


class Client:
    def __init__(self):
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.connect(PATH)
        self.stream = self.sock.makefile("rb")
        self.next_id = 1

    def send(self, method, params=None):
        request_id = self.next_id
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        self.sock.sendall((json.dumps(message) + "\n").encode())
        return request_id

    def read(self):
        line = self.stream.readline()
        return json.loads(line) if line else None

    def call(self, method, params=None):
        request_id = self.send(method, params)
        while True:
            reply = self.read()
            check(reply is not None, f"{method}: the connection closed")
            if reply.get("id") == request_id:
                check("result" in reply, f"{method}: {reply}")
                return reply["result"]


def stack_ids(stack):
    return [entry.get("id") for entry in stack]


def last_state(path):
    """The stack of the last state.changed line `subscribe` printed."""
    stack = None
    with open(path) as lines:
        for line in lines:
            try:
                message = json.loads(line)
            except ValueError:      # the last line may still be being written
                continue
            if message.get("method") == "state.changed":
                stack = message["params"]["stack"]
            elif "snapshot" in message:
                stack = message["snapshot"]["state"]["stack"]
    return stack


def last_picture(path):
    with open(path) as text:
        pictures = text.read().rstrip("\n").split("\n\n")
    return pictures[-1] if pictures else ""


ui_out = open(f"{DIRECTORY}/ui.txt", "w")
ui = subprocess.Popen([CTL, "ui", "--plain"], stdout=ui_out, stderr=subprocess.PIPE)
sub_out = open(f"{DIRECTORY}/subscribe.txt", "w")
sub = subprocess.Popen([CTL, "subscribe", "alert", "menu"], stdout=sub_out, stderr=subprocess.PIPE)
wait_for(lambda: "Nothing in front" in open(f"{DIRECTORY}/ui.txt").read(), "ui's first picture")
wait_for(lambda: "snapshot" in open(f"{DIRECTORY}/subscribe.txt").read(), "subscribe's snapshot")

raw = Client()
raw.call("events.subscribe", {"topics": ["alert", "menu"]})
os.kill(ui.pid, signal.SIGSTOP)
os.kill(sub.pid, signal.SIGSTOP)

driver = Client()
for n in range(ALERTS):
    shown = driver.send("alert.show", {"title": f"Burst {n}", "message": MESSAGE, "buttons": ["OK"]})
    dismissed = driver.send("alert.dismiss", {"request": shown})
    answers = {}
    while len(answers) < 2:
        reply = driver.read()
        check(reply is not None, "the driver stays connected")
        answers[reply.get("id")] = reply
    check("result" in answers[dismissed], f"alert {n} dismissed: {answers[dismissed]}")
final = driver.send("alert.show", {"title": "Final alert", "message": MESSAGE, "buttons": ["OK"]})
observer = Client()
wait_for(lambda: [entry.get("title") for entry in observer.call("state.get")["stack"]] == ["Final alert"],
         "the final alert to be in front")
front = observer.call("state.get")

os.kill(ui.pid, signal.SIGCONT)
os.kill(sub.pid, signal.SIGCONT)

# The raw subscriber reads now: it is caught up by the newest state.changed, with `skipped`.
skipped = 0
while True:
    message = raw.read()
    check(message is not None, "the raw subscriber stays connected")
    check(message.get("method") != "client.disconnected", f"the raw subscriber is not disconnected: {message}")
    if message.get("method") == "state.changed" and "skipped" in message["params"]:
        skipped = message["params"]["skipped"]
        check(stack_ids(message["params"]["stack"]) == stack_ids(front["stack"]),
              f"the coalesced state.changed is the newest: {message['params']['stack']}")
        break
check(skipped > 0, "some notifications were skipped")

wait_for(lambda: last_state(f"{DIRECTORY}/subscribe.txt") is not None
         and stack_ids(last_state(f"{DIRECTORY}/subscribe.txt")) == stack_ids(front["stack"]),
         "subscribe's last state to be the final alert")
wait_for(lambda: "Final alert" in last_picture(f"{DIRECTORY}/ui.txt"), "ui's last picture to show the final alert")
check(ui.poll() is None, f"ui is still running: {ui.stderr.read() if ui.poll() is not None else ''}")
check(sub.poll() is None, f"subscribe is still running: {sub.stderr.read() if sub.poll() is not None else ''}")

# Then nothing in front: every follower shows it.
driver.call("alert.dismiss", {"request": final})
wait_for(lambda: last_state(f"{DIRECTORY}/subscribe.txt") == [], "subscribe's state to be empty")
wait_for(lambda: "Nothing in front" in last_picture(f"{DIRECTORY}/ui.txt"), "ui to show nothing in front")
while True:
    message = raw.read()
    check(message is not None, "the raw subscriber stays connected")
    if message.get("method") == "state.changed" and message["params"]["stack"] == []:
        break
check(ui.poll() is None and sub.poll() is None, "ui and subscribe are still running")
# SIGKILL: a test runner may start this with SIGTERM ignored, which a signalfd never sees.
ui.kill()
sub.kill()
ui.wait()
sub.wait()
print(f"burst checks passed (raw subscriber: {skipped} skipped)", flush=True)
