#!/usr/bin/python3
"""One participant of the hostile phase (hostile.py), as a process of its own
so that the uid it connects as is the one keymenud sees (SO_PEERCRED) and its
work does not delay the others' (standard library only).

usage: hostile_client.py load SOCKET [--alone] [--configured=N]   (run as a drive uid)
       hostile_client.py subscriber SOCKET        (run as an observe uid)
       hostile_client.py keys SOCKET              (run as an admin uid)
       hostile_client.py prober SOCKET            (run as root)

Each reads commands on standard input, one a line: `go` (start), `leave`
(close every connection and report), and writes one JSON line, its report,
on standard output before it exits. Times are time.monotonic(), which is
CLOCK_MONOTONIC: the parent compares them with its own.

load: one uid pushing every bound it has at once, from CONNECTIONS
connections: a menu of 1-byte items sent in parts of 4000 until keymenud
refuses a part (-32007), then opened; text boxes of 60 KB, alerts and
defined menus until refused; a flood of selector.invoke of the
configuration's items that show an alert (hostile.alert) and open a menu
(hostile.menu), N (1000) of each in the first push, and one that runs a
long command (hostile.sleep), COMMAND_INVOKES each push. Keys answer what
is in front meanwhile, so it pushes again every REFILL_SECONDS until
`leave`. It reports per kind how many keymenud took, refused (-32007) or
answered otherwise. `--alone`: no configured items, no commands (what the
uid's own share holds).

subscriber: events.subscribe to alert, menu and dialog, then reads as fast
as it can; it reports the lines and bytes read, the coalesced notifications
(`skipped`) and whether keymenud closed it (it must not: a subscriber that
reads is never disconnected, docs/PROTOCOL.md).

keys: the same for the topic `keys` (admin): it tells how many key events
keymenud has read (`key` notifications, not synthetic ones) each time that
changes, at most every 10 ms: {"event": "count", "keys": N, "at": T}.

prober: daemon.status and state.get in turn every 50 ms on one connection,
each answered before the next is sent; it reports (sent at, round trip ms,
method).
"""
import asyncio
import json
import os
import socket
import sys
import time

CONNECTIONS = 5            # 64 waiting per connection, 256 per uid
WAITING_PER_CONNECTION = 60
PART_ITEMS = 4000          # a menu.append of 4000 1-byte items: ~60 KB, under the 64 KiB line
MENU_ITEMS_AT_MOST = 65536
TEXT = "\n".join(["x" * 299] * 200)          # 59,999 bytes (textbox.show takes up to 60 KiB)
DEFINED_ITEMS = [{"title": "x"}] * 10
CONFIGURED_INVOKES = 1000  # of hostile.alert and of hostile.menu, in the first push
COMMAND_INVOKES = 40       # of hostile.sleep per push (16 run per uid, 64 in all)
REFILL_SECONDS = 2.0
PROBE_SECONDS = 0.05
COUNT_SECONDS = 0.01
LIMIT_REACHED = -32007
READ_LIMIT = 1 << 24
# keymenud writes compact JSON with sorted keys: notifications start so,
# answers with "error" or "id"
NOTIFICATION = b'{"jsonrpc":"2.0","method":'


class Rpc:
    """A connection with answers matched to futures by id."""

    def __init__(self):
        self.next_id = 0
        self.futures = {}
        self.closed_by_daemon = False
        self.disconnected = None
        self.lines = 0
        self.bytes = 0
        self.skipped = 0
        self.keys = 0

    async def connect(self, path):
        self.reader, self.writer = await asyncio.open_unix_connection(path, limit=READ_LIMIT)
        self.task = asyncio.create_task(self.read_loop())

    def request(self, method, params=None):
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            message["params"] = params
        future = asyncio.get_running_loop().create_future()
        self.futures[self.next_id] = future
        self.writer.write(json.dumps(message, separators=(",", ":")).encode() + b"\n")
        return self.next_id, future

    async def call(self, method, params=None):
        _, future = self.request(method, params)
        await self.writer.drain()
        return await future

    async def read_loop(self):
        try:
            while True:
                line = await self.reader.readline()
                if not line:
                    self.closed_by_daemon = True
                    break
                self.lines += 1
                self.bytes += len(line)
                if not line.startswith(NOTIFICATION):      # an answer: {"error":…} or {"id":…}
                    message = json.loads(line)
                    future = self.futures.pop(message.get("id"), None)
                    if future is not None and not future.done():
                        future.set_result(message)
                elif b'"method":"client.disconnected"' in line:
                    self.disconnected = json.loads(line)["params"]
                elif line.startswith(b'{"jsonrpc":"2.0","method":"key",'):
                    self.keys += b'"synthetic":false' in line
                elif b'"skipped":' in line:
                    self.skipped += json.loads(line)["params"].get("skipped", 0)
        except (ConnectionError, OSError, asyncio.LimitOverrunError, ValueError):
            self.closed_by_daemon = True
        finally:
            for future in self.futures.values():
                if not future.done():
                    future.set_result(None)
            self.futures.clear()

    def close(self):
        self.writer.transport.abort()


class Tally:
    """Per kind: taken, refused (-32007), other errors (code: count), no answer."""

    def __init__(self):
        self.kinds = {}

    def count(self, kind, answer):
        entry = self.kinds.setdefault(kind, {"taken": 0, "refused": 0, "errors": {}, "unanswered": 0})
        if answer is None:
            entry["unanswered"] += 1
            return False
        if "error" not in answer:
            entry["taken"] += 1
            return True
        code = answer["error"].get("code")
        if code == LIMIT_REACHED:
            entry["refused"] += 1
        else:
            key = f"{code} {answer['error'].get('message', '')[:80]}"
            entry["errors"][key] = entry["errors"].get(key, 0) + 1
        return False


def refused(answer):
    return answer is not None and answer.get("error", {}).get("code") == LIMIT_REACHED


class Load:
    """One uid at every cap it has."""

    def __init__(self, path, configured, commands):
        self.path = path
        self.configured = configured
        self.commands = commands
        self.tally = Tally()
        self.connections = []
        self.waiting = {}          # connection index -> answers still due (waiting objects)
        self.leaving = False
        self.pushes = 0
        self.first_push_seconds = None

    async def start(self):
        for _ in range(CONNECTIONS):
            rpc = Rpc()
            await rpc.connect(self.path)
            hello = await rpc.call("hello")
            if not hello or hello.get("result", {}).get("tier") != "drive":
                raise RuntimeError(f"expected the drive tier, got {hello}")
            self.connections.append(rpc)

    def pending(self, index):
        return sum(1 for future in self.connections[index].futures.values() if not future.done())

    async def barrier(self, index):
        """Answered by the engine after every request sent before it on the connection."""
        await self.connections[index].call("devices.list")

    async def fill(self, kind, indexes, method, params):
        """Requests answered later (alerts, text boxes), WAITING_PER_CONNECTION on each
        connection, again while the keys answer some, until one is refused."""
        for _ in range(20):
            futures = []
            for index in indexes:
                rpc = self.connections[index]
                futures += [rpc.request(method, params)[1]
                            for _ in range(WAITING_PER_CONNECTION - self.pending(index))]
            if not futures or self.leaving:
                return
            for index in indexes:
                await self.barrier(index)
            stop = False
            for future in futures:
                answer = future.result() if future.done() else {"result": "waiting"}
                self.tally.count(kind, answer)
                stop = stop or refused(answer) or answer is None
            if stop:
                return

    async def menu_in_parts(self):
        rpc = self.connections[0]
        first, future = rpc.request("menu.open", {"title": "M", "items": [{"title": "x"}], "more": True})
        await self.barrier(0)
        if future.done():          # refused at once (this uid's share, or the daemon's)
            self.tally.count("menu.open", future.result())
            return 0
        self.tally.count("menu.open", {"result": "waiting"})
        items = 1
        while items < MENU_ITEMS_AT_MOST and not self.leaving:
            part = min(PART_ITEMS, MENU_ITEMS_AT_MOST - items)
            answer = await rpc.call("menu.append", {"request": first, "items": [{"title": "x"}] * part,
                                                    "more": True})
            if not self.tally.count("menu item parts", answer):
                break
            items += part
        answer = await rpc.call("menu.append", {"request": first, "items": []})
        self.tally.count("menu opened", answer)
        return items

    async def definitions(self):
        for index, rpc in enumerate(self.connections):
            for number in range(64):
                if self.leaving:
                    return
                answer = await rpc.call("menu.define", {"name": f"h{os.getuid()}-{index}-{number}", "title": "D",
                                                        "items": DEFINED_ITEMS})
                if not self.tally.count("menu.define", answer) and refused(answer):
                    return

    async def invokes(self, kind, selector, count, index):
        rpc = self.connections[index]
        futures = [rpc.request("selector.invoke", {"selector": selector})[1] for _ in range(count)]
        await rpc.writer.drain()
        for answer in await asyncio.gather(*futures):
            self.tally.count(kind, answer)

    async def push(self):
        """Every kind at once, each until keymenud refuses it."""
        jobs = [
            self.menu_in_parts(),
            self.fill("textbox.show", [1, 2], "textbox.show", {"title": "T", "text": TEXT}),
            self.fill("alert.show", [3, 4], "alert.show", {"title": "A", "message": "m" * 200,
                                                           "buttons": ["OK", "No"]}),
            self.definitions(),
        ]
        if self.configured and self.pushes == 0:
            jobs += [self.invokes("configured alert", "hostile.alert", self.configured, 3),
                     self.invokes("configured menu", "hostile.menu", self.configured, 4)]
        if self.commands:
            jobs.append(self.invokes("command", "hostile.sleep", COMMAND_INVOKES, 2))
        await asyncio.gather(*jobs)
        self.pushes += 1

    async def run(self, commands):
        started = time.monotonic()
        await self.push()
        self.first_push_seconds = time.monotonic() - started
        print(json.dumps({"event": "at cap", "at": time.monotonic()}), flush=True)
        leave = asyncio.ensure_future(commands.get())
        while not leave.done():
            done, _ = await asyncio.wait([leave], timeout=REFILL_SECONDS)
            if not done:
                await self.push()
        self.leaving = True
        closed = sum(rpc.closed_by_daemon for rpc in self.connections)
        for rpc in self.connections:
            rpc.close()
        return {"kinds": self.tally.kinds, "pushes": self.pushes, "first_push_seconds": self.first_push_seconds,
                "closed_by_daemon": closed, "left_at": time.monotonic()}


async def subscriber(path, commands, topics=("alert", "menu", "dialog")):
    rpc = Rpc()
    await rpc.connect(path)
    answer = await rpc.call("events.subscribe", {"topics": list(topics)})
    ok = bool(answer and "result" in answer)
    print(json.dumps({"event": "subscribed", "ok": ok}), flush=True)
    counting = asyncio.create_task(count_keys(rpc)) if "keys" in topics else None
    await commands.get()
    if counting:
        counting.cancel()
    report = {"subscribed": ok, "lines": rpc.lines, "bytes": rpc.bytes, "skipped": rpc.skipped,
              "closed_by_daemon": rpc.closed_by_daemon, "disconnected": rpc.disconnected, "keys": rpc.keys}
    rpc.close()
    return report


async def count_keys(rpc):
    """The key events read so far, each time it changed (at most every COUNT_SECONDS)."""
    told = 0
    while True:
        if rpc.keys != told:
            told = rpc.keys
            print(json.dumps({"event": "count", "keys": told, "at": time.monotonic()}), flush=True)
        await asyncio.sleep(COUNT_SECONDS)


def prober(path):
    """Blocking: one request at a time, every PROBE_SECONDS, until stdin says leave."""
    import select
    sock = socket.socket(socket.AF_UNIX)
    sock.connect(path)
    stream = sock.makefile("rb")
    samples, lost = [], 0
    next_at = time.monotonic()
    request_id = 0
    print(json.dumps({"event": "probing"}), flush=True)
    while True:
        readable, _, _ = select.select([sys.stdin], [], [], max(0.0, next_at - time.monotonic()))
        if readable:
            break
        next_at += PROBE_SECONDS
        request_id += 1
        method = "daemon.status" if request_id % 2 else "state.get"
        sent = time.monotonic()
        sock.sendall(json.dumps({"jsonrpc": "2.0", "id": request_id, "method": method}).encode() + b"\n")
        while True:
            line = stream.readline()
            if not line:
                return {"samples": samples, "lost": lost + 1, "closed_by_daemon": True}
            if not line.startswith(NOTIFICATION) and json.loads(line).get("id") == request_id:
                break
        samples.append((sent, (time.monotonic() - sent) * 1000, method))
        if next_at < time.monotonic():
            next_at = time.monotonic()
    sock.close()
    return {"samples": samples, "lost": lost, "closed_by_daemon": False}


async def commands_queue():
    """stdin's lines as a queue (go, leave)."""
    queue = asyncio.Queue()
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)

    async def pump():
        while True:
            line = await reader.readline()
            await queue.put(line.decode().strip() or "leave")
            if not line:
                return
    queue.pump = asyncio.create_task(pump())   # kept: a task nobody holds may be collected
    return queue


async def main_async(role, path, alone, argv):
    commands = await commands_queue()
    if role == "subscriber":
        return await subscriber(path, commands)
    if role == "keys":
        return await subscriber(path, commands, ["keys"])
    configured = next((int(word.split("=")[1]) for word in argv if word.startswith("--configured=")),
                      CONFIGURED_INVOKES)
    load = Load(path, configured=0 if alone else configured, commands=not alone)
    await load.start()
    print(json.dumps({"event": "connected"}), flush=True)
    if await commands.get() != "go":
        return {"kinds": {}, "pushes": 0}
    return await load.run(commands)


def main(argv):
    role, path = argv[0], argv[1]
    if role == "prober":
        report = prober(path)
    else:
        report = asyncio.run(main_async(role, path, "--alone" in argv, argv))
    report["event"] = "report"
    print(json.dumps(report), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
