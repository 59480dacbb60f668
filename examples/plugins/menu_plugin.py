#!/usr/bin/python3
"""An external keymenu plugin in Python, standard library only.

keymenud starts it (see [plugins.NAME] in docs/CONFIGURATION.md) and talks
JSON-RPC with it over stdin and stdout, one message per line. It defines a
menu named "tea" whose items notify it; each time a person chooses one, the
daemon sends it selector.invoked and it answers with an alert. It answers
the daemon's plugin.ping, and writes what it does to stderr, which keymenud
copies to its log with the plugin's name.

Try it: keymenuctl menu --name tea
"""
import json
import sys

next_id = 0


def send(method, params=None):
    """Sends a request with a new id; params are left out when None."""
    global next_id
    next_id += 1
    message = {"jsonrpc": "2.0", "id": next_id, "method": method}
    if params is not None:
        message["params"] = params
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()
    return next_id


def answer(request_id, result):
    sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": request_id, "result": result}) + "\n")
    sys.stdout.flush()


def log(text):
    print(text, file=sys.stderr, flush=True)


send("menu.define", {"name": "tea", "title": "Tea", "items": [
    {"title": "Green", "notify": True},
    {"title": "Black", "notify": True},
    {"separator": True},
    {"title": "No tea", "notify": True},
]})

for line in sys.stdin:
    message = json.loads(line)
    method = message.get("method")
    if method == "plugin.ping":
        answer(message["id"], {})
    elif method == "selector.invoked":
        title = message["params"]["title"]
        log(f"chosen: {title}")
        send("alert.show", {"title": f"{title} it is", "buttons": ["OK"], "timeout_ms": 3000})
    elif "error" in message:
        log(f"the daemon refused: {message['error']['message']}")
    elif message.get("id") == 1:
        log("menu tea defined")
