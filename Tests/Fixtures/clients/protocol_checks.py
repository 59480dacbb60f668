#!/usr/bin/python3
"""Bad input and limits against a live keymenud, as any script would send
them (standard library only). Exits 0 when every check holds; prints the
first failure otherwise."""
import json
import os
import socket
import struct
import sys
import time

PATH = os.environ["KEYMENU_SOCKET"]


class Client:
    def __init__(self):
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.connect(PATH)
        self.buffer = b""
        self.next_id = 1

    def send_raw(self, data):
        self.sock.sendall(data)

    def read(self):
        while b"\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                return None
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return json.loads(line)

    def call(self, method, params=None):
        request_id = self.next_id
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        self.send_raw((json.dumps(message) + "\n").encode())
        while True:
            reply = self.read()
            if reply is None or reply.get("id") == request_id:
                return reply
            self.passed_over(reply)

    def passed_over(self, reply):
        """A line read while waiting for another answer; dropped."""

    def peer_pid(self):
        creds = self.sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, 12)
        return struct.unpack("3i", creds)[0]


def check(condition, what):
    if not condition:
        print("FAILED:", what)
        sys.exit(1)


def error_code(reply):
    return reply and reply.get("error", {}).get("code")


main = Client()
check(main.call("hello")["result"]["tier"] == "admin", "root is admin")

main.send_raw(b"{not json\n")
check(error_code(main.read()) == -32700, "malformed JSON is -32700")
main.send_raw(b"\xff\xfe\xfd\n")
check(error_code(main.read()) == -32700, "non-UTF-8 is -32700")
check("result" in main.call("state.get"), "the connection stays usable after parse errors")
check(error_code(main.call("no.such.method")) == -32601, "unknown method is -32601")
reply = main.call("alert.show", {"title": 7})
check(error_code(reply) == -32602 and reply["error"]["data"]["field"] == "title", "wrong params name the field")
reply = main.call("alert.show", {"title": "x", "buttons": ["a"], "cancel": 3})
check(error_code(reply) == -32602 and reply["error"]["data"]["field"] == "cancel", "a bad index names the field")
check(error_code(main.call("selector.invoke", {"selector": "nope.nope.1"})) == -32004, "unknown selector is -32004")

big = Client()
big.send_raw(b'{"jsonrpc":"2.0","id":1,"method":"hello","params":{"x":"' + b"a" * 70000 + b'"}}\n')
check(error_code(big.read()) == -32002, "an oversized line is -32002")
check(big.read() is None, "the connection closes after an oversized line")

pid = main.peer_pid()
fds_before = len(os.listdir(f"/proc/{pid}/fd"))
for _ in range(1000):
    short = socket.socket(socket.AF_UNIX)
    short.connect(PATH)
    short.close()
check("result" in main.call("daemon.status"), "the daemon answers after 1,000 connect/disconnect cycles")
# Closes are noticed asynchronously: give the daemon up to 5 s to settle.
for _ in range(250):
    fds_after = len(os.listdir(f"/proc/{pid}/fd"))
    if fds_after <= fds_before + 2:
        break
    time.sleep(0.02)
check(fds_after <= fds_before + 2, f"no fd leak: {fds_before} before, {fds_after} after")

# A client that disconnects while its alert is in front: the alert goes.
owner = Client()
owner.send_raw(b'{"jsonrpc":"2.0","id":1,"method":"alert.show","params":{"title":"Orphan"}}\n')
check("result" in owner.call("state.get"), "the alert owner's other requests keep working meanwhile")
check("Orphan" in json.dumps(main.call("state.get")), "the alert is in front")
owner.sock.close()
for _ in range(200):
    if main.call("state.get")["result"]["stack"] == []:
        break
check(main.call("state.get")["result"]["stack"] == [], "a closed connection's alert is dismissed")

# Per-connection limits: text sizes, waiting requests, defined menus.
reply = main.call("alert.show", {"title": "t" * 1025})
check(error_code(reply) == -32602 and reply["error"]["data"]["field"] == "title", f"a 1025-byte title: {reply}")
reply = main.call("alert.show", {"title": "x", "buttons": ["b"] * 33})
check(error_code(reply) == -32602 and reply["error"]["data"]["field"] == "buttons", f"33 buttons: {reply}")
reply = main.call("menu.open", {"title": "x", "items": [{"title": "ok"}, {"title": "i" * 1025}]})
check(error_code(reply) == -32602 and reply["error"]["data"]["field"] == "items.[1].title", f"item title: {reply}")
hoarder = Client()
for n in range(64):
    hoarder.send_raw((json.dumps({"jsonrpc": "2.0", "id": 1000 + n, "method": "alert.show",
                                  "params": {"title": "wait %d" % n}}) + "\n").encode())
reply = hoarder.call("menu.open", {"title": "one too many", "items": [{"title": "x"}]})
check(error_code(reply) == -32007, f"the 65th waiting request is -32007: {reply}")
for n in range(64):
    check("result" in hoarder.call("menu.define", {"name": "hoard-%d" % n, "title": "x", "items": [{"title": "x"}]}),
          "64 defined menus are fine")
check("result" in hoarder.call("menu.define", {"name": "hoard-0", "title": "again", "items": [{"title": "y"}]}),
      "redefining one of them is fine")
check(error_code(hoarder.call("menu.define", {"name": "hoard-64", "title": "x", "items": [{"title": "x"}]}))
      == -32007, "the 65th defined menu is -32007")
hoarder.sock.close()
for _ in range(200):
    if main.call("state.get")["result"]["stack"] == [] and "hoard" not in json.dumps(main.call("menu.list")):
        break
check(main.call("state.get")["result"]["stack"] == [], "the hoarder's alerts went with it")

# A subscriber that stops reading is coalesced, not disconnected: when it
# reads again it gets the newest state.changed, with how many it skipped.
stalled = Client()
stalled.call("events.subscribe", {"topics": ["menu"]})
reader = Client()
reader.call("events.subscribe", {"topics": ["menu"]})
items = [{"title": "item %03d %s" % (i, "x" * 80)} for i in range(200)]
cycles = 120
opened = 0
for cycle in range(cycles):
    main.send_raw((json.dumps({"jsonrpc": "2.0", "id": 10_000 + cycle, "method": "menu.open",
                               "params": {"title": "Load", "items": items}}) + "\n").encode())
    menu_close = main.call("menu.close", {"request": 10_000 + cycle})
    check("result" in menu_close, f"menu.close answered: {menu_close}")
    while opened <= cycle:
        event = reader.read()
        check(event is not None, "the reading subscriber stays connected")
        if event.get("method") == "menu.opened":
            opened += 1
check(opened == cycles, f"the reading subscriber got every menu.opened ({opened} of {cycles})")
stalled.sock.settimeout(10)
received = 0
while True:
    event = stalled.read()
    check(event is not None, f"the stalled subscriber stays connected (it read {received} messages)")
    received += 1
    if event.get("method") == "state.changed" and "skipped" in event["params"]:
        break
check(event["params"]["skipped"] > 0 and event["params"]["stack"] == [],
      f"the stalled subscriber is caught up by the newest state: {event['params']}")
check("result" in stalled.call("state.get"), "the stalled subscriber is served again")

# A client that does not read the answers to its own requests cannot be
# coalesced: past 1 MiB it is released (its alert goes at once), told why,
# and disconnected.
hog = Client()
hog.send_raw((json.dumps({"jsonrpc": "2.0", "id": 1, "method": "alert.show",
                          "params": {"title": "Hog", "message": "h" * 16000}}) + "\n").encode())
for n in range(300):
    hog.send_raw((json.dumps({"jsonrpc": "2.0", "id": 2 + n, "method": "state.get"}) + "\n").encode())
for _ in range(500):
    if "Hog" not in json.dumps(main.call("state.get")):
        break
    time.sleep(0.02)
check("Hog" not in json.dumps(main.call("state.get")), "the hog's alert goes when it is given up on")
def last_before_close(client):
    """The last message a client reads before the daemon closes it."""
    client.sock.settimeout(10)
    last = None
    while True:
        message = client.read()
        if message is None:
            return last
        last = message
last = last_before_close(hog)
check(last and last.get("method") == "client.disconnected" and last["params"]["reason"] == "slow-reader",
      f"the hog is told why before the connection closes: {last}")
# The same for daemon.status, which the event loop answers without the
# engine thread: 300 requests (600 KB of answers) in one write are all
# answered, in order, four times over on one connection (what was read is
# no longer counted against the client)...
def status_request(n):
    return (json.dumps({"jsonrpc": "2.0", "id": n, "method": "daemon.status"}) + "\n").encode()
piped = Client()
for _ in range(4):
    piped.send_raw(b"".join(status_request(n) for n in range(300)))
    answers = [piped.read() for _ in range(300)]
    check([a and a.get("id") for a in answers] == list(range(300)) and all("result" in a for a in answers),
          f"300 pipelined daemon.status requests are answered in order: {answers[-1]}")
# One at a time, 600 answers (1.2 MB) pass as well.
for n in range(600):
    check("result" in piped.call("daemon.status"), f"daemon.status {n} of 600 in a row is answered")
# ...and a client that never reads them is given up on past 1 MiB, told why.
status_hog = Client()
try:
    for n in range(1500):
        status_hog.send_raw(status_request(n))
except OSError:
    pass
last = last_before_close(status_hog)
check(last and last.get("method") == "client.disconnected" and last["params"]["reason"] == "slow-reader",
      f"a client that does not read its daemon.status answers is told why and disconnected: {last}")
# Forbidden characters (docs/PROTOCOL.md, Control characters): -32602 naming
# the member and the character; a message may hold a newline, not a tab.
RULE = "is not allowed (control and bidi-override characters are refused)"
for method, params, member, char in [
    ("alert.show", {"title": "\x1b]0;pwned\x07"}, "title", "U+001B"),
    ("alert.show", {"title": "t", "message": "a\u202eb"}, "message", "U+202E"),
    ("alert.show", {"title": "t", "message": "a\tb"}, "message", "U+0009"),
    ("alert.show", {"title": "t", "buttons": ["OK", "\x1b[2J"]}, "buttons.[1]", "U+001B"),
    ("menu.open", {"title": "t", "items": [{"title": "\x9b31m"}]}, "items.[0].title", "U+009B"),
    ("menu.define", {"name": "n\x7f", "title": "t", "items": [{"title": "a"}]}, "name", "U+007F"),
    ("events.subscribe", {"topics": ["menu\u2028"]}, "topics.[0]", "U+2028"),
]:
    reply = main.call(method, params)
    check(error_code(reply) == -32602 and reply["error"]["message"] == f"invalid params: {member}: {char} {RULE}",
          f"{method} {params!r}: {reply}")
check(main.call("state.get")["result"]["stack"] == [], "nothing refused was shown")
main.send_raw(b'{"jsonrpc":"2.0","id":"nl","method":"alert.show","params":{"title":"Two lines",'
              b'"message":"one\\ntwo","timeout_ms":60000}}\n')
for _ in range(200):
    if "Two lines" in json.dumps(main.call("state.get")):
        break
check([entry.get("message") for entry in main.call("state.get")["result"]["stack"]] == ["one\ntwo"],
      "a message with a newline is shown")
check("result" in main.call("alert.dismiss", {"request": "nl"}), "and dismissed")

# One reading of a request: a repeated member is -32600; every -32602 names the member.
main.send_raw(b'{"jsonrpc":"2.0","id":1,"method":"hello","method":"config.reload"}\n')
reply = main.read()
check(error_code(reply) == -32600 and reply["error"]["message"] == 'invalid request: repeated member "method"',
      f"a repeated member: {reply}")
for value in ["1e30", "-1e300", "1180591620717411303424", "1.5"]:
    main.send_raw(b'{"jsonrpc":"2.0","id":"t","method":"alert.show","params":{"title":"x","timeout_ms":'
                  + value.encode() + b'}}\n')
    reply = main.read()
    check(error_code(reply) == -32602 and reply["error"]["data"]["field"] == "timeout_ms"
          and "expected an integer" in reply["error"]["message"], f"timeout_ms {value}: {reply}")
reply = main.call("alert.show", {"title": "x", "timeout_ms": -5})
check(error_code(reply) == -32602 and reply["error"]["data"]["field"] == "timeout_ms", f"timeout_ms -5: {reply}")

# menu.define cannot take a configured menu's name (the test's configuration has "box").
reply = main.call("menu.define", {"name": "box", "title": "Mine", "items": [{"title": "A"}]})
check(error_code(reply) == -32602 and reply["error"]["data"]["field"] == "name"
      and "defined by the configuration" in reply["error"]["message"], f"menu.define box: {reply}")

# Per-uid bounds: connections of one uid together hold at most 256 waiting
# alerts and menus, and 32 MiB of what they cost; what a closed connection held
# comes back to the uid.
def fill(clients, params, limit):
    """Alerts from each client in turn (64 at most each, the per-connection
    limit) until one is refused; returns how many were accepted and the
    refusal. The state.get after each comes back after the alert's refusal,
    if any: the engine takes a connection's requests in order."""
    accepted = 0
    for client in clients:
        for n in range(64):
            client.send_raw((json.dumps({"jsonrpc": "2.0", "id": "fill-%d" % n, "method": "alert.show",
                                         "params": params}) + "\n").encode())
            reply = client.call("state.get")
            check(reply is not None and "result" in reply, f"state.get while filling: {reply}")
            if client.refused:
                return accepted, client.refused.pop()
            accepted += 1
            if accepted > limit:
                return accepted, None
    return accepted, None


class Filler(Client):
    """A client that keeps the error answers to its fill requests."""
    def __init__(self):
        super().__init__()
        self.refused = []

    def passed_over(self, reply):
        if "error" in reply:
            self.refused.append(reply)


def wait_empty():
    for _ in range(500):
        if main.call("state.get")["result"]["stack"] == []:
            return True
        time.sleep(0.01)
    return False


fillers = [Filler() for _ in range(5)]
count, refusal = fill(fillers, {"title": "wait"}, 300)
check(count == 256 and error_code(refusal) == -32007
      and "uid 0 already has 256 alerts and menus waiting for answers (at most 256 per uid)"
      in refusal["error"]["message"], f"the 257th waiting alert of a uid: {count}, {refusal}")
for filler in fillers:
    filler.sock.close()
check(wait_empty(), "the fillers' alerts went with them")
fillers = [Filler() for _ in range(5)]
count, refusal = fill(fillers, {"title": "wait"}, 300)
check(count == 256 and error_code(refusal) == -32007, f"after they closed, the uid has its share again: {count}")
for filler in fillers:
    filler.sock.close()
check(wait_empty(), "the second fillers' alerts went with them")

big = {"title": "big", "message": "m" * 16000, "buttons": ["b" * 1000] * 32}
fillers = [Filler() for _ in range(3)]
first, refusal = fill(fillers, big, 200)
# What one costs (docs/PROTOCOL.md, "What a held object costs"): the object,
# 32 buttons, and each byte of text three times.
BIG_COST = 12288 + 32 * 1024 + 3 * (3 + 16000 + 32000)
check(error_code(refusal) == -32007
      and "bytes of memory in waiting requests and definitions" in refusal["error"]["message"]
      and f"this needs {BIG_COST} more" in refusal["error"]["message"]
      and "(at most 33554432 per uid)" in refusal["error"]["message"], f"32 MiB of memory: {first}, {refusal}")
check(first == 33554432 // BIG_COST, f"{first} big alerts fit in 32 MiB")
for filler in fillers:
    filler.sock.close()
check(wait_empty(), "the big alerts went with their clients")
fillers = [Filler() for _ in range(3)]
again, refusal = fill(fillers, big, 200)
check(again == first and error_code(refusal) == -32007, f"as many big alerts again: {again} of {first}")
for filler in fillers:
    filler.sock.close()
check(wait_empty(), "and they went too")
# A menu in parts (menu.open with more, then menu.append): not shown until
# the last part; an append for no staged menu is -32004; a bad part is
# refused and changes nothing; menu.close of a staged menu answers its
# opening request cancelled.
parts = Client()
parts.send_raw((json.dumps({"jsonrpc": "2.0", "id": 900, "method": "menu.open",
                            "params": {"title": "Parts", "items": [{"title": "one"}], "more": True}}) + "\n").encode())
reply = parts.call("menu.append", {"request": 900, "items": [{"title": "two"}, {"separator": True}], "more": True})
check(reply.get("result") == {"items": 3}, f"menu.append counts the items so far: {reply}")
check("Parts" not in json.dumps(main.call("state.get")), "a staged menu is not shown yet")
reply = parts.call("menu.append", {"request": 900, "items": [{"title": "bad", "key": "hyper+x"}], "more": True})
check(error_code(reply) == -32602 and reply["error"]["data"]["field"] == "items.[0].key", f"a bad part: {reply}")
reply = parts.call("menu.append", {"request": 901, "items": [{"title": "x"}]})
check(error_code(reply) == -32004, f"no staged menu for request 901: {reply}")
reply = parts.call("menu.append", {"request": 900, "items": [{"title": "three"}]})
check(reply.get("result") == {"items": 4, "opened": True}, f"the last part opens it: {reply}")
shown = main.call("state.get")["result"]["stack"][-1]
check([item["title"] for item in shown["items"]] == ["one", "two", "three"], f"every part in order: {shown}")
check(parts.call("menu.close", {"request": 900}).get("result") == {"closed": shown["id"]}, "closed")
staged = Client()
staged.send_raw((json.dumps({"jsonrpc": "2.0", "id": 7, "method": "menu.open",
                             "params": {"title": "Never", "items": [{"title": "a"}], "more": True}}) + "\n").encode())
staged.send_raw(b'{"jsonrpc":"2.0","id":8,"method":"menu.close","params":{"request":7}}\n')
staged.sock.settimeout(10)
answers = {message["id"]: message for message in (staged.read(), staged.read())}
check(answers.get(8, {}).get("result") == {"closed": None}, f"menu.close of a staged menu: {answers}")
check(answers.get(7, {}).get("result") == {"cancelled": True, "reason": "closed"}, f"its opening request is answered cancelled: {answers}")
print("protocol checks passed (menu parts too)")
