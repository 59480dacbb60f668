"""One JSON-RPC connection to keymenud for the soak driver (asyncio, stdlib).

A `Connection` sends requests with ids of its choosing, matches answers by id
to futures, hands notifications and `id: null` errors to callbacks, and keeps
a `RequestBook` (request_book.py) so that every answer is checked against what was
asked: exactly one answer per request, none for an id that is not waiting.
"""
import asyncio
import time
import json

from request_book import RequestBook

# keymenud writes compact JSON with sorted keys, so a state.changed line starts
# like this. Those lines carry the whole modal stack and are the bulk of what a
# subscriber reads; they are counted without being parsed (a line that does not
# start like this is parsed, so a change of key order only costs time).
STATE_CHANGED = b'{"jsonrpc":"2.0","method":"state.changed"'
READ_LIMIT = 1 << 24


class Connection:
    """A Unix-socket connection with answers matched by id."""

    def __init__(self, label, tally, phase, reuse_ids=False):
        self.label = label
        self.tally = tally
        self.book = RequestBook(label, phase, reuse_ids)
        self.reader = None
        self.writer = None
        self.futures = {}
        self.on_notification = None
        self.on_null_error = None
        self.keep_last_state = False
        self.last_state_line = None
        # state.changed lines with `skipped`: keymenud coalesced this reader's notifications
        self.coalesced = 0
        # when each came (time.monotonic())
        self.coalesced_at = []
        self.eof = asyncio.Event()
        self.closed_by_us = False
        self.read_task = None

    async def connect(self, path):
        self.reader, self.writer = await asyncio.open_unix_connection(path, limit=READ_LIMIT)
        self.tally["connections"] += 1
        self.read_task = asyncio.create_task(self._read_loop())

    def send_line(self, data):
        """Writes raw bytes (a line, a part of one, anything)."""
        self.writer.write(data)

    def request(self, method, params=None, expect=None):
        """Sends a request; returns its id and a future resolved with the
        whole answer (None if the connection ends first)."""
        request_id = self.book.next_id()
        message = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        return request_id, self.raw_request(request_id, json.dumps(message).encode() + b"\n", method,
                                            params, expect)

    def raw_request(self, request_id, line, method, params=None, expect=None):
        """Sends `line` as the request `request_id`; returns the answer's future."""
        future = self.expect_answer(request_id, method, params, expect)
        self.writer.write(line)
        return future

    def expect_answer(self, request_id, method, params=None, expect=None):
        """Books a request the caller writes itself; returns the answer's future."""
        self.book.sent(request_id, method, params, expect)
        future = asyncio.get_running_loop().create_future()
        self.futures[request_id] = future
        self.tally["requests"] += 1
        self.tally["method " + method] += 1
        return future

    def notify(self, method, params=None):
        """Sends a request without id: the daemon must not answer it."""
        message = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self.writer.write(json.dumps(message).encode() + b"\n")

    async def call(self, method, params=None, timeout=30, expect=None):
        """Sends a request that is answered at once and waits for the answer:
        None if the connection ended first. An answer that takes longer than
        `timeout` seconds is a starved client: a problem."""
        _, future = self.request(method, params, expect=expect)
        try:
            return await asyncio.wait_for(asyncio.shield(future), timeout)
        except asyncio.TimeoutError:
            self.book.problem(f"{method}: no answer within {timeout} s (starved)")
            return None

    async def drain(self):
        try:
            await self.writer.drain()
        except (ConnectionError, OSError):
            pass

    def close(self, abort=False):
        """Closes our side: `abort` drops what is still buffered for sending."""
        self.closed_by_us = True
        self.book.closed_by_client()
        if abort:
            self.writer.transport.abort()
        else:
            self.writer.close()

    def shutdown_write(self):
        """Half-closes: the daemon still sends the answers."""
        if self.writer.can_write_eof():
            self.writer.write_eof()

    async def wait_closed(self, timeout=10):
        try:
            await asyncio.wait_for(self.eof.wait(), timeout)
        except asyncio.TimeoutError:
            return False
        return True

    async def _read_loop(self):
        try:
            while True:
                line = await self.reader.readline()
                if not line:
                    break
                self.tally["lines received"] += 1
                if line.startswith(STATE_CHANGED):
                    self.tally["state.changed received"] += 1
                    if b'"skipped":' in line:      # coalesced: this reader fell behind
                        self.coalesced += 1
                        self.coalesced_at.append(time.monotonic())
                    if self.keep_last_state:
                        self.last_state_line = line
                    continue
                self._dispatch(json.loads(line))
        except (ConnectionError, OSError):
            pass
        except (ValueError, asyncio.LimitOverrunError) as error:
            self.book.problem(f"unreadable line from the daemon: {error}")
        finally:
            self.book.connection_ended()
            for future in self.futures.values():
                if not future.done():
                    future.set_result(None)
            self.futures.clear()
            self.eof.set()

    def _dispatch(self, message):
        if "id" not in message and "method" in message:
            self.tally["notifications"] += 1
            self.tally["notification " + message["method"]] += 1
            if self.on_notification:
                self.on_notification(message["method"], message.get("params"))
            return
        request_id = message.get("id")
        if request_id is None:
            self.tally["answers"] += 1
            self.book.null_error(message)
            if self.on_null_error:
                self.on_null_error(message)
            return
        self.tally["answers"] += 1
        self.book.answered(request_id, message)
        future = self.futures.pop(request_id, None)
        if future is not None and not future.done():
            future.set_result(message)
