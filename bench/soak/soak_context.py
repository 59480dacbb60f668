"""What the soak's tasks share: the socket, the phase of the run, the
counters, every connection's request book, the modal budget, and the
clients' view of their own alerts for the cross-check with the observer.
"""
from collections import Counter

from connection import Connection


class Phase:
    """running: clients start new work; draining: they only wait for answers;
    stopping: keymenud got SIGTERM (it may close connections now)."""

    def __init__(self):
        self.running = True
        self.draining = False
        self.stopping = False


class SoakContext:
    """Shared state of one soak run."""

    def __init__(self, socket_path, modal_limit, heavy_subscriber_limit, device_count=None):
        self.socket_path = socket_path
        self.phase = Phase()
        self.tally = Counter()
        self.connections = []
        self.modal_limit = modal_limit
        self.modal_waiting = 0
        self.heavy_subscriber_limit = heavy_subscriber_limit
        self.heavy_subscribers = 0
        self.device_count = device_count
        self.known_menus = []
        # alert title -> the client's answer; alert id -> title it dismissed
        self.client_alert_answers = {}
        self.client_dismissed = {}
        # (kind, title, loop time) of alerts and menus still waiting when their client closed
        self.unanswered_at_close = []
        self.problems = []

    def connection(self, label, reuse_ids=False):
        connection = Connection(label, self.tally, self.phase, reuse_ids)
        self.connections.append(connection)
        return connection

    def modal_room(self):
        """Whether another alert or menu may be put up (keys must keep up)."""
        return self.modal_waiting < self.modal_limit

    def modal_started(self, future):
        self.modal_waiting += 1
        future.add_done_callback(self._modal_ended)

    def _modal_ended(self, _):
        self.modal_waiting -= 1

    def problem(self, text):
        self.problems.append(text)

    def all_problems(self):
        problems = list(self.problems)
        for connection in self.connections:
            problems += connection.book.problems
        return problems

    def forget_finished(self):
        """Drops finished connections' books after keeping their problems and
        counts (a long soak makes thousands)."""
        keep = []
        for connection in self.connections:
            if connection.eof.is_set():
                self.problems += connection.book.problems
                self.tally["answers forfeited by closing"] += connection.book.forfeited
                self.tally["connections served"] += not connection.book.problems
            else:
                keep.append(connection)
        self.connections = keep
