#!/usr/bin/python3
"""Checks what one tier may do, run as the uid under test (setpriv).
usage: tier_checks.py observe|drive|admin"""
import json
import os
import socket
import sys

expected = sys.argv[1]
sock = socket.socket(socket.AF_UNIX)
sock.connect(os.environ["KEYMENU_SOCKET"])
stream = sock.makefile("rw")
next_id = [1]


def call(method, params=None):
    next_id[0] += 1
    stream.write(json.dumps({"jsonrpc": "2.0", "id": next_id[0], "method": method,
                             "params": params or {}}) + "\n")
    stream.flush()
    while True:
        reply = json.loads(stream.readline())
        if reply.get("id") == next_id[0]:
            return reply


def allowed(reply):
    return "result" in reply or reply["error"]["code"] != -32001


failures = []
hello = call("hello")["result"]
if hello["tier"] != expected:
    failures.append(f"tier {hello['tier']}, expected {expected}")
rank = {"observe": 0, "drive": 1, "admin": 2}[expected]
checks = [
    ("state.get", None, 0),
    ("events.subscribe", {"topics": ["menu"]}, 0),
    ("alert.show", {"title": "tier", "timeout_ms": 50}, 1),
    ("events.subscribe", {"topics": ["keys"]}, 2),
    ("config.reload", None, 2),
]
for method, params, needs in checks:
    reply = call(method, params)
    if allowed(reply) != (rank >= needs):
        failures.append(f"{method}: {reply}")
# Another client's objects: only an admin may end them. The menu was opened
# by the test before this runs; the alert comes from a second connection of
# this script (which needs drive to show it).
other = None
if rank >= 1:
    other = socket.socket(socket.AF_UNIX)
    other.connect(os.environ["KEYMENU_SOCKET"])
    other.sendall(b'{"jsonrpc":"2.0","id":1,"method":"alert.show","params":{"title":"other"}}\n')
    while not any(e["kind"] == "alert" for e in call("state.get")["result"]["stack"]):
        pass
stack = call("state.get")["result"]["stack"]
for kind, method in (("menu", "menu.close"), ("alert", "alert.dismiss")):
    ids = [entry["id"] for entry in stack if entry["kind"] == kind]
    if not ids:
        if other or kind == "menu":
            failures.append(f"no {kind} of another client in front: {stack}")
        continue
    reply = call(method, {"id": ids[-1]})
    if ("result" in reply) != (rank == 2):
        failures.append(f"{method} of another client's {kind}: {reply}")
print(json.dumps({"uid": os.getuid(), "tier": hello["tier"], "failures": failures}))
sys.exit(1 if failures else 0)
