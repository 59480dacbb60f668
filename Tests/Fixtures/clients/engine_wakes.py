#!/usr/bin/python3
"""How often a client's keys wake keymenud's engine thread, against a live
keymenud (standard library only).

Opens a 12-item menu, then presses PRESSES keys on it (`modal.press`), each
after the last one's answer, while a subscriber follows the state; reads the
voluntary context switches of keymenud's main thread (its engine thread;
keymenud's pid from SO_PEERCRED) before and after, and prints
`presses N answered N notified N engine woke W`. A request that finds the
engine thread waiting is carried out on the socket's event loop
(EngineExecutor.runHereIfWaiting), so W stays far under N; handed over to
the engine thread, every press wakes it at least once.

usage: engine_wakes.py PRESSES"""
import json
import os
import socket
import struct
import sys

PATH = os.environ["KEYMENU_SOCKET"]
PRESSES = int(sys.argv[1])


class Client:
    def __init__(self):
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.connect(PATH)
        self.stream = self.sock.makefile("rb")

    def send(self, request, method, params):
        line = {"jsonrpc": "2.0", "id": request, "method": method, "params": params}
        self.sock.sendall(json.dumps(line).encode() + b"\n")

    def until(self, condition):
        while True:
            line = self.stream.readline()
            if not line:
                print("keymenud closed the connection", flush=True)
                sys.exit(1)
            message = json.loads(line)
            if condition(message):
                return message

    def peer_pid(self):
        pid, _, _ = struct.unpack("3i", self.sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, 12))
        return pid


def engine_switches(pid):
    with open(f"/proc/{pid}/task/{pid}/status") as status:
        for line in status:
            if line.startswith("voluntary_ctxt_switches:"):
                return int(line.split()[1])
    raise RuntimeError("no voluntary_ctxt_switches")


def is_change(message):
    return message.get("method") == "state.changed"


follower, driver = Client(), Client()
follower.send(1, "events.subscribe", {"topics": ["state"]})
follower.until(lambda m: m.get("id") == 1)
driver.send(1, "menu.open", {"title": "Wakes", "items": [{"title": f"Item {i}"} for i in range(1, 13)]})
follower.until(lambda m: is_change(m) and m["params"].get("stack"))
pid = driver.peer_pid()
before = engine_switches(pid)
answered = notified = 0
for press in range(PRESSES):
    key = "KEY_DOWN" if (press // 11) % 2 == 0 else "KEY_UP"
    driver.send(100 + press, "modal.press", {"request": 1, "key": key})
    answer = driver.until(lambda m: m.get("id") == 100 + press)
    answered += answer.get("result", {}).get("consumed") is True
    follower.until(is_change)
    notified += 1
woke = engine_switches(pid) - before
print(f"presses {PRESSES} answered {answered} notified {notified} engine woke {woke}", flush=True)
