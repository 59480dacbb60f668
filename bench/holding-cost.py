#!/usr/bin/python3
"""What a held object costs keymenud in resident memory: the figures the
holdings ledger's cost model (KeyMenuProtocol's HoldingCost) is set from
(issue 28: the ledger must count real cost, not text bytes).

Starts a keymenud of its own (no device, an empty configuration, a socket in
a temporary directory), reads its VmRSS, has one connection hold N objects of
one shape, reads VmRSS again, closes the connection, and prints the resident
bytes per object.

    /usr/bin/python3 bench/holding-cost.py --keymenud .build/release/keymenud [--count 2000]

Shapes: menu items sent in parts (menu.open with more, menu.append; 1-byte
titles), alerts (a short title), text boxes (60,000 bytes), checklists of
100 items, defined menus of 10 items.
"""
import argparse
import time

from own_keymenud import Client, own_keymenud


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def menu_items(clients, count):
    """One menu of `count` 1-byte items in parts of 4000."""
    client = clients[0]
    first = client.send("menu.open", {"title": "M", "items": [{"title": "x"}], "more": True})
    sent = 1
    while sent < count:
        part = min(4000, count - sent)
        answer = client.call("menu.append", {"request": first, "items": [{"title": "x"}] * part, "more": True})
        if "error" in answer:
            return sent, answer["error"]["message"]
        sent += part
    return sent, None


def waiting(method, params):
    """`count` requests answered later, 60 per connection (the limit is 64)."""
    def make(clients, count):
        made = 0
        for index in range(count):
            client = clients[index // 60]
            client.send(method, params)
            made += 1
        return made, None
    return make


TEXT = "\n".join(["x" * 299] * 200)
alerts = waiting("alert.show", {"title": "A"})
text_boxes = waiting("textbox.show", {"title": "T", "text": TEXT})
checklists = waiting("checklist.show", {"title": "C", "items": [{"tag": str(i), "text": "x"} for i in range(100)]})


def defined_menus(clients, count):
    made = 0
    for index in range(count):
        answer = clients[index // 60].call(
            "menu.define", {"name": f"m{index}", "title": "D", "items": [{"title": "x"}] * 10})
        if "error" in answer:
            return made, answer["error"]["message"]
        made += 1
    return made, None


SHAPES = [
    ("menu item (parts)", menu_items, 1, "items"),
    ("alert", alerts, 1, "objects"),
    ("text box 60 KB", text_boxes, 1, "objects"),
    ("checklist 100 items", checklists, 1, "objects"),
    ("defined menu 10 items", defined_menus, 1, "objects"),
]


def measure(program, name, make, count):
    """One shape in a keymenud of its own: resident bytes per object."""
    with own_keymenud(program) as (daemon, path):
        clients = [Client(path) for _ in range(4)]
        for client in clients:
            client.call("hello")
        time.sleep(1.5)
        before = rss_kib(daemon.pid)
        made, refused = make(clients, count)
        for client in clients:
            client.call("daemon.status")  # every request before it was taken
        errors = [error for client in clients for error in client.errors]
        if errors:
            made -= len(errors)
            refused = refused or errors[0]
        time.sleep(0.3)
        after = rss_kib(daemon.pid)
        note = f"  (refused after {made}: {refused})" if refused else ""
        print(f"{name:24} {made:>8} {(after - before) * 1024 / made:>13.0f}{note}", flush=True)

def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--keymenud", required=True)
    parser.add_argument("--count", type=int, default=20000, help="menu items (the other shapes: 240)")
    arguments = parser.parse_args()
    print(f"{'shape':24} {'objects':>8} {'RSS B/object':>13}")
    for name, make, _, unit in SHAPES:
        count = arguments.count if unit == "items" else 240
        measure(arguments.keymenud, name, make, count)


if __name__ == "__main__":
    main()
