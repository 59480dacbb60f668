#!/usr/bin/python3
"""What a held object costs keymenud in resident memory: the figures the
holdings ledger's cost model (KeyMenuProtocol's HoldingCost) is set from
(issue 28: the ledger must count real cost, not text bytes).

Starts a keymenud of its own (no device, an empty configuration, a socket in
a temporary directory), reads its VmRSS, has one connection hold N objects of
one shape, reads VmRSS again, closes the connection, and prints the resident
bytes per object.

    /usr/bin/python3 bench/holding-cost.py --keymenud .build/release/keymenud [--count 2000]
    /usr/bin/python3 bench/holding-cost.py --keymenud .build/release/keymenud --check

With --check it fills the shapes whose bound is the uid's memory share (a
menu in parts, menus of 4000 items defined, text boxes) until the ledger
refuses, and exits 1 when
keymenud's resident memory grew, at its peak while they were sent (sampled
every millisecond), by more than the uid's share (32 MiB, as the refusal
says): what the ledger allows must be what the memory can take. make
test-hostile runs it.

Shapes: menu items sent in parts (menu.open with more, menu.append; 1-byte
titles), alerts (a short title), text boxes (60,000 bytes), checklists of
100 items, defined menus of 10 items.
"""
import argparse
import re
import sys
import threading
import time

from own_keymenud import Client, own_keymenud


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def menu_items(clients, count, opened=False):
    """One menu of `count` 1-byte items in parts of 4000. `opened`: as a
    hostile client would, parts halved once refused until one item is, and
    the menu then opened with what it holds (the open builds its sections
    beside the items: the peak)."""
    client = clients[0]
    first = client.send("menu.open", {"title": "M", "items": [{"title": "x"}], "more": True})
    sent, part, refused = 1, 4000, None
    while sent < count:
        part = min(part, count - sent)
        answer = client.call("menu.append", {"request": first, "items": [{"title": "x"}] * part, "more": True})
        if "error" in answer:
            refused = answer["error"]["message"]
            if not opened or part == 1:
                break
            part //= 2
            continue
        sent += part
    if opened:
        answer = client.call("menu.append", {"request": first, "items": [], "more": False})
        if "error" in answer:
            refused = f"{refused}; opening it: {answer['error']['message']}"
    return sent, refused


def opened_menu_items(clients, count):
    return menu_items(clients, count, opened=True)


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


def big_defined_menus(clients, count):
    """Menus of 4000 1-byte items defined until refused (one connection)."""
    made = 0
    for index in range(count):
        answer = clients[0].call("menu.define", {"name": f"b{index}", "title": "D", "items": [{"title": "x"}] * 4000})
        if "error" in answer:
            return made * 4000, answer["error"]["message"]
        made += 1
    return made * 4000, None


SHAPES = [
    ("menu item (parts)", menu_items, 1, "items"),
    ("alert", alerts, 1, "objects"),
    ("text box 60 KB", text_boxes, 1, "objects"),
    ("checklist 100 items", checklists, 1, "objects"),
    ("defined menu 10 items", defined_menus, 1, "objects"),
]


class PeakSampler:
    """The highest VmRSS of a process, read every millisecond until stopped."""

    def __init__(self, pid):
        self.pid, self.peak_kib, self.running = pid, rss_kib(pid), True
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        while self.running:
            self.peak_kib = max(self.peak_kib, rss_kib(self.pid))
            time.sleep(0.001)

    def stop(self):
        self.running = False
        self.thread.join()
        return self.peak_kib


SHARE = re.compile(r"at most (\d+) per uid")


def measure(program, name, make, count):
    """One shape in a keymenud of its own: resident bytes per object, and
    the peak growth, and the uid's share of memory when the ledger refused
    for it (None when it did not)."""
    with own_keymenud(program) as (daemon, path):
        clients = [Client(path) for _ in range(4)]
        for client in clients:
            client.call("hello")
        time.sleep(1.5)
        before = rss_kib(daemon.pid)
        sampler = PeakSampler(daemon.pid)
        made, refused = make(clients, count)
        for client in clients:
            client.call("daemon.status")  # every request before it was taken
        peak = sampler.stop()
        errors = [error for client in clients for error in client.errors]
        if errors:
            made -= len(errors)
            refused = refused or errors[0]
        time.sleep(0.3)
        after = rss_kib(daemon.pid)
        note = f"  (refused after {made}: {refused})" if refused else ""
        print(f"{name:24} {made:>8} {(after - before) * 1024 / made:>13.0f}{note}", flush=True)
        share = SHARE.search(refused or "")
        return (peak - before) * 1024, int(share.group(1)) if share else None


def check(program):
    """The shapes bound by the memory share, filled until refused."""
    problems = []
    for name, make, count in [("menu item, opened at cap", opened_menu_items, 65536),
                              ("defined menu item", big_defined_menus, 64),
                              ("text box 60 KB", text_boxes, 240)]:
        grown, share = measure(program, name, make, count)
        if share is None:
            problems.append(f"{name}: the ledger never refused for memory")
            continue
        print(f"{'':24} peak growth {grown / 2**20:.1f} MiB against the uid's share of {share / 2**20:.0f} MiB "
              f"({grown / share:.2f} of it)", flush=True)
        if grown > share:
            problems.append(f"{name}: keymenud grew by {grown} bytes at its peak, past the uid's share of {share}")
    for problem in problems:
        print("holding-cost: " + problem, flush=True)
    return not problems


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--keymenud", required=True)
    parser.add_argument("--count", type=int, default=20000, help="menu items (the other shapes: 240)")
    parser.add_argument("--check", action="store_true",
                        help="fill the memory-bound shapes until refused; exit 1 if keymenud grew past the ledger")
    arguments = parser.parse_args()
    print(f"{'shape':24} {'objects':>8} {'RSS B/object':>13}")
    if arguments.check:
        sys.exit(0 if check(arguments.keymenud) else 1)
    for name, make, _, unit in SHAPES:
        count = arguments.count if unit == "items" else 240
        measure(arguments.keymenud, name, make, count)


if __name__ == "__main__":
    main()
