"""The requests one connection sent and the answers it got (pure logic).

Rules (docs/PROTOCOL.md): every request with an id gets exactly one answer
with that id, while the connection is open; a request without id gets none;
a line that cannot be parsed gets one error with `id: null`. A connection
the client closes forfeits the answers still due. A connection the daemon
closes must have had every answer delivered, and the daemon closes a
well-behaved connection only when it stops (or after an oversized line).
"""


class RequestBook:
    """Checks answers against requests for one connection."""

    def __init__(self, label, phase, reuse_ids=False):
        self.label = label
        self.phase = phase
        self.reuse_ids = reuse_ids
        self.pending = {}
        self.last_id = 0
        self.answers = 0
        self.forfeited = 0
        self.problems = []
        self.expected_null_errors = []
        self.expected_extra = {}
        self.close_expected = False
        self.closed_by_us = False
        self.ended = False

    def next_id(self):
        """A fresh id, or with `reuse_ids` the smallest one not waiting (ids
        may be reused once answered)."""
        if self.reuse_ids:
            candidate = 1
            while candidate in self.pending or candidate in self.expected_extra:
                candidate += 1
            return candidate
        self.last_id += 1
        return self.last_id

    def problem(self, text):
        self.problems.append(f"{self.label}: {text}")

    def sent(self, request_id, method, params, expect):
        if request_id in self.pending:
            self.problem(f"driver bug: id {request_id} sent again while waiting")
        self.pending[request_id] = (method, params, expect)

    def expect_null_error(self, code):
        """The next unparseable line must be answered with `code` and `id: null`."""
        self.expected_null_errors.append(code)

    def expect_extra_error(self, request_id, code):
        """A second request with a waiting id must get `code` under that id."""
        self.expected_extra[request_id] = code

    def answered(self, request_id, message):
        extra = self.expected_extra.get(request_id)
        if extra is not None and message.get("error", {}).get("code") == extra:
            del self.expected_extra[request_id]
            self.answers += 1
            return
        entry = self.pending.pop(request_id, None)
        if entry is not None and request_id in self.expected_extra:
            # The first request ended before its duplicate was read: the
            # duplicate may then have been accepted as a new request.
            del self.expected_extra[request_id]
            self.pending[request_id] = ("a request reusing an id", None, lambda message: None)
        if entry is None:
            self.problem(f"answer for id {request_id!r}, which is not waiting (twice, or never asked): "
                         f"{_short(message)}")
            return
        self.answers += 1
        method, params, expect = entry
        why = expect(message) if expect else _must_succeed(message)
        if why:
            self.problem(f"{method} {_short(params)}: {why}: {_short(message)}")

    def null_error(self, message):
        code = message.get("error", {}).get("code")
        if self.expected_null_errors and self.expected_null_errors[0] == code:
            self.expected_null_errors.pop(0)
            self.answers += 1
            return
        self.problem(f"unexpected answer with id null: {_short(message)}")

    def closed_by_client(self):
        """We closed: what was still due is forfeited."""
        self.closed_by_us = True
        self.forfeited += len(self.pending)

    def connection_ended(self):
        """The stream ended (our close, or the daemon's)."""
        if self.ended:
            return
        self.ended = True
        if self.closed_by_us:
            return
        if self.pending:
            methods = sorted({method for method, _, _ in self.pending.values()})
            self.problem(f"the daemon closed the connection with {len(self.pending)} requests "
                         f"unanswered ({', '.join(methods)})")
        if not (self.phase.stopping or self.close_expected):
            self.problem("the daemon closed a well-behaved connection while running")
        if self.expected_null_errors:
            self.problem(f"{len(self.expected_null_errors)} expected error answers never came")


def _must_succeed(message):
    if "result" not in message:
        return "expected a result"
    return None


def _short(value, limit=300):
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."
