"""A client slot that sends bad input: every documented error, one at a time,
each followed by a good request on the same connection (it must stay open),
and now and then a line over 64 KiB (answered -32002, then closed) or 65
alerts at once (the 65th answered -32007). The errors and their codes are
those of docs/PROTOCOL.md, Errors and Limits.
"""
import asyncio
import json
import random

import expectations as expect

NULL_ID_PROBES = [
    ("not JSON", b"{not json\n", -32700),
    ("not UTF-8", b"\xff\xfe\xfd\n", -32700),
    ("a batch", b'[{"jsonrpc":"2.0","id":1,"method":"hello"}]\n', -32600),
    ("a fractional id", b'{"jsonrpc":"2.0","id":1.5,"method":"hello"}\n', -32600),
]
# (what, message without id, expected code, field)
ID_PROBES = [
    ("jsonrpc 1.0", {"jsonrpc": "1.0", "method": "hello"}, -32600, None),
    ("no method", {"jsonrpc": "2.0"}, -32600, None),
    ("params null", {"jsonrpc": "2.0", "method": "hello", "params": None}, -32600, None),
    ("unknown method", {"jsonrpc": "2.0", "method": "alert.ring"}, -32601, None),
    ("plugin-only method", {"jsonrpc": "2.0", "method": "selector.wrap",
                            "params": {"selector": "x.y.1", "mode": "before"}}, -32601, None),
    ("a mistyped title", {"jsonrpc": "2.0", "method": "alert.show", "params": {"title": 7}}, -32602, "title"),
    ("no such cancel button", {"jsonrpc": "2.0", "method": "alert.show",
                               "params": {"title": "x", "buttons": ["A"], "cancel": 3}}, -32602, "cancel"),
    ("timeout 0", {"jsonrpc": "2.0", "method": "alert.show",
                   "params": {"title": "x", "timeout_ms": 0}}, -32602, "timeout_ms"),
    ("an empty menu", {"jsonrpc": "2.0", "method": "menu.open", "params": {"title": "E", "items": []}},
     -32602, "items"),
    ("a bad accelerator", {"jsonrpc": "2.0", "method": "menu.open",
                           "params": {"title": "K", "items": [{"title": "A", "key": "hyper+a"}]}},
     -32602, "items.[0].key"),
    ("an unknown topic", {"jsonrpc": "2.0", "method": "events.subscribe", "params": {"topics": ["alerts"]}},
     -32602, "topics.[0]"),
    ("the keys topic", {"jsonrpc": "2.0", "method": "events.subscribe", "params": {"topics": ["keys"]}},
     -32001, None),
    ("config.reload", {"jsonrpc": "2.0", "method": "config.reload"}, -32001, None),
    ("an unknown selector", {"jsonrpc": "2.0", "method": "selector.invoke",
                             "params": {"selector": "nope.nope.00000000"}}, -32004, None),
    ("dismissing nothing", {"jsonrpc": "2.0", "method": "alert.dismiss", "params": {"request": 987654}},
     -32004, None),
    ("a menu that is not there", {"jsonrpc": "2.0", "method": "menu.show", "params": {"name": "nope"}},
     -32004, None),
]
UNANSWERED = [
    ("a notification", {"jsonrpc": "2.0", "method": "daemon.status"}),
    ("alert.show without id", {"jsonrpc": "2.0", "method": "alert.show", "params": {"title": "never shown"}}),
]


class BadInputClient:
    """One slot of bad-input sessions until the run ends."""

    def __init__(self, context, slot, seed):
        self.context = context
        self.slot = slot
        self.random = random.Random(seed)
        self.generation = 0

    async def run(self):
        await asyncio.sleep(self.random.uniform(0, 3))
        while self.context.phase.running:
            await self.session()
            await asyncio.sleep(self.random.uniform(0.5, 3))

    async def session(self):
        self.generation += 1
        label = f"bad client {self.slot}.{self.generation}"
        connection = self.context.connection(label, reuse_ids=self.random.random() < 0.3)
        try:
            await connection.connect(self.context.socket_path)
        except OSError as error:
            self.context.problem(f"{label}: cannot connect: {error}")
            return
        self.connection = connection
        for _ in range(self.random.randint(3, 8)):
            if not self.context.phase.running or connection.eof.is_set():
                break
            probe = self.random.choice([self.null_id, self.with_id, self.with_id, self.unanswered,
                                        self.duplicate_id, self.limit])
            await probe()
            await connection.call("state.get", expect=expect.has_members("stack"))
            await asyncio.sleep(self.random.uniform(0.05, 0.5))
        if self.context.phase.running and self.random.random() < 0.25:
            await self.oversized()
        else:
            connection.close()
        await connection.wait_closed()

    async def null_id(self):
        what, line, code = self.random.choice(NULL_ID_PROBES)
        self.connection.book.expect_null_error(code)
        self.connection.send_line(line)
        self.context.tally["bad input: " + what] += 1
        await self.wait_null_errors()

    async def wait_null_errors(self, seconds=30):
        book = self.connection.book
        for _ in range(seconds * 20):
            if not book.expected_null_errors or self.connection.eof.is_set():
                return
            await asyncio.sleep(0.05)
        book.problem(f"no answer to a bad line within {seconds} s")

    async def with_id(self):
        what, message, code, field = self.random.choice(ID_PROBES)
        request_id = self.connection.book.next_id()
        line = json.dumps(dict(message, id=request_id)).encode() + b"\n"
        future = self.connection.raw_request(request_id, line, message.get("method", "(no method)"), what,
                                             expect.expect_error(code, field))
        self.context.tally["bad input: " + what] += 1
        await asyncio.wait([future], timeout=30)
        if not future.done():
            self.connection.book.problem(f"no answer to {what} within 30 s")

    async def unanswered(self):
        what, message = self.random.choice(UNANSWERED)
        self.connection.send_line(json.dumps(message).encode() + b"\n")
        self.context.tally["bad input: " + what] += 1

    async def duplicate_id(self):
        """alert.show with an id still waiting: -32600 under that id; the first
        is then dismissed (its own answer first). Both lines go in one write,
        so that no key can answer the first before the second is read."""
        if not self.context.modal_room():
            return await self.with_id()
        connection = self.connection
        request_id = connection.book.next_id()
        first = connection.expect_answer(request_id, "alert.show", "duplicate",
                                         expect.alert_answer(["OK"], None, lambda r: None))
        self.context.modal_started(first)
        connection.book.expect_extra_error(request_id, -32600)
        lines = [{"jsonrpc": "2.0", "id": request_id, "method": "alert.show",
                  "params": {"title": f"{connection.label} duplicate", "buttons": ["OK"]}},
                 {"jsonrpc": "2.0", "id": request_id, "method": "alert.show", "params": {"title": "the same id"}}]
        connection.send_line(b"".join(json.dumps(line).encode() + b"\n" for line in lines))
        self.context.tally["bad input: an id still waiting"] += 1
        await connection.call("alert.dismiss", {"request": request_id}, expect=expect.expect_one_of(
            expect.has_members("dismissed"), expect.expect_error(-32004)))
        await self.wait_answers([first], "the alert with the duplicate id")

    async def limit(self):
        """64 alerts waiting on one connection, and one more: -32007. All 65
        go in one write; should a key answer one of the 64 before the 65th is
        read, the 65th is an ordinary alert (counted, and dismissed)."""
        if self.random.random() > 0.1 or not self.context.modal_room():
            return await self.with_id()
        connection = self.connection
        shown, lines = [], []
        for number in range(65):
            request_id = connection.book.next_id()
            params = {"title": f"{connection.label} flood {number}", "buttons": ["OK"]}
            check = expect.alert_answer(["OK"], None, lambda r: None)
            if number == 64:
                check = expect.expect_one_of(expect.expect_error(-32007), check)
            shown.append((request_id, connection.expect_answer(request_id, "alert.show", params, check)))
            lines.append(json.dumps({"jsonrpc": "2.0", "id": request_id, "method": "alert.show",
                                     "params": params}).encode() + b"\n")
        connection.send_line(b"".join(lines))
        await asyncio.wait([shown[-1][1]], timeout=30)
        last = shown[-1][1].result() if shown[-1][1].done() else None
        if last and last.get("error", {}).get("code") == -32007:
            self.context.tally["bad input: the 65th waiting request"] += 1
        else:
            self.context.tally["65th request raced with a key (accepted)"] += 1
        for request_id, future in shown:
            if not future.done():
                connection.request("alert.dismiss", {"request": request_id}, expect=expect.expect_one_of(
                    expect.has_members("dismissed"), expect.expect_error(-32004)))
        await self.wait_answers([future for _, future in shown], "the 64 alerts")

    async def wait_answers(self, futures, what, seconds=30):
        """Waits for answers that must come (dismissed, or answered by a key)."""
        await asyncio.wait(futures, timeout=seconds)
        missing = sum(1 for future in futures if not future.done())
        if missing and not self.connection.eof.is_set():
            self.connection.book.problem(f"{missing} answers to {what} missing {seconds} s after their dismissal")

    async def oversized(self):
        connection = self.connection
        connection.book.expect_null_error(-32002)
        connection.book.close_expected = True
        connection.send_line(b'{"jsonrpc":"2.0","id":1,"method":"hello","params":{"x":"'
                             + b"a" * 70000 + b'"}}\n')
        self.context.tally["bad input: a line over 64 KiB"] += 1
        await connection.drain()
        if not await connection.wait_closed(timeout=30):
            connection.book.problem("still open 30 s after a line over 64 KiB")
            connection.close()
