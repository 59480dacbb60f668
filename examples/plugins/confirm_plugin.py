#!/usr/bin/python3
"""An external keymenu plugin that wraps a selector's action: it asks first.

usage: confirm_plugin.py TITLE...

For each TITLE it finds the selector of that menu item (selector.list) and
wraps it with mode "replace": when a person chooses the item, the action
does not run; keymenud sends this plugin selector.wrapped, and the plugin
shows an alert "TITLE: are you sure?". Only "Yes" runs the original action
(selector.original). Remove the plugin and the items do what they did.

Wrapping another owner's selector (a configured item's) needs tier = "admin"
in the plugin's [plugins.NAME] section. A reload makes configured items
anew, so it wraps them again on config.reloaded. Standard library only.
"""
import json
import sys

next_id = 0
waiting = {}  # request id -> what to do with its answer


def request(method, params, then=None):
    global next_id
    next_id += 1
    waiting[next_id] = then
    sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": next_id, "method": method, "params": params}) + "\n")
    sys.stdout.flush()


def log(text):
    print(text, file=sys.stderr, flush=True)


def wrap_items(result):
    for title in sys.argv[1:]:
        found = [s for s in result if s["title"] == title]
        if not found:
            log(f"no selector titled {title}")
            continue
        selector = found[0]["selector"]
        request("selector.wrap", {"selector": selector, "mode": "replace"},
                lambda result, title=title: log(f"wrapping {title}: wrapper {result['wrapper']}"))


def confirm(params):
    wrapper = params["wrapper"]

    def answered(result):
        if result.get("title") == "Yes":
            log(f"{params['title']}: confirmed")
            request("selector.original", {"wrapper": wrapper})
        else:
            log(f"{params['title']}: not confirmed")

    request("alert.show", {"title": f"{params['title']}: are you sure?", "buttons": ["No", "Yes"], "cancel": 0},
            answered)


request("selector.list", {}, wrap_items)
# A reload makes configured items anew, under new selectors: wrap them again.
request("events.subscribe", {"topics": ["config"]})
for line in sys.stdin:
    message = json.loads(line)
    method = message.get("method")
    if method == "plugin.ping":
        sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": message["id"], "result": {}}) + "\n")
        sys.stdout.flush()
    elif method == "selector.wrapped":
        confirm(message["params"])
    elif method == "config.reloaded" and message["params"].get("ok"):
        request("selector.list", {}, wrap_items)
    elif "id" in message and method is None:
        then = waiting.pop(message["id"], None)
        if "error" in message:
            log(f"refused: {message['error']['message']}")
        elif then:
            then(message["result"])
