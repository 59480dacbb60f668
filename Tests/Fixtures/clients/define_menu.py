#!/usr/bin/python3
"""A user's script: defines a menu whose item notifies it, waits for the
person to choose it (a hotkey in the configuration opens the menu) and
prints the selector.invoked notification, which must come once although the
script also subscribed to the selector topic. Standard library only."""
import json
import os
import socket
import sys

sock = socket.socket(socket.AF_UNIX)
sock.connect(os.environ["KEYMENU_SOCKET"])
stream = sock.makefile("rw")


def send(message):
    stream.write(json.dumps(message) + "\n")
    stream.flush()


send({"jsonrpc": "2.0", "id": 1, "method": "menu.define",
      "params": {"name": "scripted", "title": "Scripted",
                 "items": [{"title": "Restart", "notify": True}]}})
reply = json.loads(stream.readline())
assert "result" in reply, reply
# Also subscribed to the topic: the notify item's line must still come once.
send({"jsonrpc": "2.0", "id": 2, "method": "events.subscribe", "params": {"topics": ["selector"]}})
reply = json.loads(stream.readline())
assert "result" in reply, reply
for line in stream:
    message = json.loads(line)
    if message.get("method") == "selector.invoked":
        assert message["params"]["title"] == "Restart", message
        print("selector.invoked", message["params"]["selector"])
        break
else:
    sys.exit(1)
sock.settimeout(0.5)
try:
    for line in stream:
        if json.loads(line).get("method") == "selector.invoked":
            print("selector.invoked arrived twice")
            sys.exit(1)
except socket.timeout:
    pass
sys.exit(0)
