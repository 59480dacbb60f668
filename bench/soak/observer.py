"""The observer: one connection subscribed to every topic a drive client may
have (alert, menu, selector, device, config) from before the first client
until keymenud stops, feeding a `ModalLedger`. It must never be dropped: a
subscriber that keeps reading is never disconnected (docs/PROTOCOL.md,
Limits), and it must see the last state.changed with an empty stack when
keymenud stops.
"""
import asyncio
import json

import expectations as expect
from modal_ledger import ModalLedger

TOPICS = ["alert", "menu", "selector", "device", "config"]
# keymenud sends a requester its answer before it tells subscribers; an
# answer still missing this long after the observer heard of the end is lost.
LOST_AFTER = 2.0


class Observer:
    """Subscribes and records alert and menu lifecycles."""

    def __init__(self, context):
        self.context = context
        self.ledger = ModalLedger()
        self.connection = context.connection("observer")
        self.connection.keep_last_state = True
        self.shown_titles = {}
        self.menu_titles = {}
        self.ended_at = {}

    async def start(self):
        await self.connection.connect(self.context.socket_path)
        self.connection.on_notification = self.notified
        answer = await self.connection.call("events.subscribe", {"topics": TOPICS},
                                            expect=expect.subscribed(TOPICS))
        if not answer or "result" not in answer:
            raise RuntimeError(f"the observer could not subscribe: {answer}")
        self.ledger.snapshot(answer["result"]["snapshot"]["state"]["stack"])

    def notified(self, method, params):
        ledger = self.ledger
        if method == "alert.shown":
            ledger.alert_shown(params)
            self.shown_titles.setdefault(params.get("title"), params["id"])
        elif method == "alert.answered":
            ledger.alert_answered(params)
            self.ended_at.setdefault(params["id"], asyncio.get_running_loop().time())
        elif method == "menu.opened":
            ledger.menu_opened(params)
            self.menu_titles.setdefault(params.get("title"), params["id"])
        elif method == "menu.selected":
            ledger.menu_selected(params)
        elif method == "menu.closed":
            ledger.menu_closed(params)
            self.ended_at.setdefault(params["id"], asyncio.get_running_loop().time())

    def final_stack(self):
        """The stack of the last state.changed (None if none came)."""
        line = self.connection.last_state_line
        return None if line is None else json.loads(line)["params"]["stack"]

    def cross_check(self):
        """The clients' own answers agree with what the observer saw."""
        problems = []
        answered = self.ledger.answered
        for title, result in self.context.client_alert_answers.items():
            if result is None:
                continue
            alert = self.shown_titles.get(title)
            if alert is None:
                if result.get("reason") != "dismissed":
                    problems.append(f"'{title}' was never shown, but its client got {result}")
                continue
            seen = answered.get(alert)
            if seen is None:
                problems.append(f"'{title}' ({alert}): its client got {result}, the observer no alert.answered")
            elif (seen.get("reason"), seen.get("button")) != (result.get("reason"), result.get("button")):
                problems.append(f"'{title}' ({alert}): its client got {result}, the observer saw {seen}")
        for kind, title, closed_at in self.context.unanswered_at_close:
            ended = (self.shown_titles if kind == "alert" else self.menu_titles).get(title)
            at = self.ended_at.get(ended)
            if at is not None and at < closed_at - LOST_AFTER:
                problems.append(f"'{title}' ({ended}) ended {closed_at - at:.1f} s before its client closed, "
                                "which never got the answer")
        for alert, title in self.context.client_dismissed.items():
            seen = answered.get(alert)
            if seen is None or seen.get("reason") != "dismissed":
                problems.append(f"{alert} ('{title}') was dismissed by its client, the observer saw {seen}")
        return problems
