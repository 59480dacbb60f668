"""What an observer subscribed from the start saw of alerts and menus, and
the rules that must hold at the end (pure logic).

keymenud numbers alerts `alert-1`, `alert-2`, ... and menus `menu-1`, ...
as it creates them, whoever asks (clients, the plugin, hotkeys). Every alert
ends in exactly one `alert.answered` (also one that waited and was never
shown), after its `alert.shown` if it was shown; every menu is announced by
one `menu.opened` and ends in exactly one `menu.closed`; each `menu.selected`
(more than one for `keep_open` items) comes in between. With the daemon stopped at the end, nothing may
still be open, and no number may be missing.
"""
from collections import Counter

REASONS = {"key", "escape", "timeout", "dismissed", "action"}


class ModalLedger:
    """Alert and menu lifecycles as seen by one subscriber."""

    def __init__(self):
        self.shown = {}
        self.answered = {}
        self.opened = set()
        self.closed = set()
        self.selected = set()
        self.reasons = Counter()
        self.owners = Counter()
        self.problems = []
        # Numbers made while the hostile phase may have blinded this observer
        # (keymenud coalesces a reader that falls behind): (after, until) per
        # kind, until None while the phase lasts.
        self.excused = {}
        self.excuse_open = False
        # Problems with such numbers, counted unless `finish` excuses them.
        self.deferred = []

    def snapshot(self, stack):
        """The subscription's snapshot: what is open already counts as shown."""
        for entry in stack:
            if entry.get("kind") == "alert":
                self.shown[entry["id"]] = entry.get("title")
            elif entry.get("kind") == "menu":
                self.opened.add(entry["id"])

    def excuse_from_now(self):
        """The hostile phase begins: what is made from now until the first
        number seen after ``excuse_until_next`` may be missed."""
        for prefix, ids in (("alert-", self.answered.keys() | self.shown.keys()), ("menu-", self.opened | self.closed)):
            self.excused[prefix] = (max(_numbers(ids, prefix), default=0), None)
        self.excuse_open = True

    def excuse_until_next(self):
        """The hostile phase ended: the next number seen of each kind closes its range."""
        self.excuse_open = False

    def _seen(self, ident):
        """A number seen after the phase closes its kind's range."""
        for prefix, (after, until) in self.excused.items():
            if until is None and not self.excuse_open and ident.startswith(prefix):
                number = int(ident[len(prefix):])
                if number > after:
                    self.excused[prefix] = (after, number)

    def is_excused(self, ident):
        for prefix, (after, until) in self.excused.items():
            if ident.startswith(prefix) and ident[len(prefix):].isdigit():
                number = int(ident[len(prefix):])
                if number > after and (until is None or number < until):
                    return True
        return False

    def alert_shown(self, params):
        alert = params["id"]
        self._seen(alert)
        if alert in self.answered:
            self.problems.append(f"{alert} shown after it was answered")
        self.shown.setdefault(alert, params.get("title"))

    def alert_answered(self, params):
        alert, reason = params["id"], params.get("reason")
        if alert in self.answered:
            self.problems.append(f"{alert} answered twice: {self.answered[alert]} and {params}")
            return
        self.answered[alert] = params
        self.reasons[reason] += 1
        self.owners[_owner_kind(params.get("owner"))] += 1
        if reason not in REASONS:
            self.problems.append(f"{alert} answered with unknown reason {reason!r}")
        if alert not in self.shown and reason != "dismissed":
            (self.deferred if self.is_excused(alert) else self.problems).append(
                f"{alert} was never shown but answered with reason {reason}")

    def menu_opened(self, params):
        menu = params["id"]
        self._seen(menu)
        if menu in self.opened:
            self.problems.append(f"{menu} opened twice")
        self.opened.add(menu)

    def menu_selected(self, params):
        menu = params["id"]
        if menu not in self.opened:
            (self.deferred if self.is_excused(menu) else self.problems).append(
                f"{menu}: item chosen in a menu never opened")
        if menu in self.closed:
            self.problems.append(f"{menu}: item chosen after it closed")
        self.selected.add(menu)

    def menu_closed(self, params):
        menu = params["id"]
        if menu in self.closed:
            self.problems.append(f"{menu} closed twice")
        if menu not in self.opened:
            (self.deferred if self.is_excused(menu) else self.problems).append(f"{menu} closed but never opened")
        self.closed.add(menu)

    def finish(self, excuse=False):
        """The problems once the daemon has stopped: every alert and menu ended once.
        With `excuse` (the observer was coalesced during the hostile phase),
        what it missed of the objects made during that phase is not counted."""
        problems = list(self.problems) + ([] if excuse else list(self.deferred))
        alert_numbers = _numbers(self.answered.keys() | self.shown.keys(), "alert-")
        for number in range(1, max(alert_numbers, default=0) + 1):
            if f"alert-{number}" not in self.answered and not (excuse and self.is_excused(f"alert-{number}")):
                problems.append(f"alert-{number} never answered" + (
                    " (shown)" if f"alert-{number}" in self.shown else " (never seen at all)"))
        menu_numbers = _numbers(self.opened | self.closed, "menu-")
        for number in range(1, max(menu_numbers, default=0) + 1):
            menu = f"menu-{number}"
            if excuse and self.is_excused(menu):
                continue
            if menu not in self.opened:
                problems.append(f"{menu} never announced by menu.opened")
            if menu not in self.closed:
                problems.append(f"{menu} never closed")
        return problems

    @property
    def alert_count(self):
        return len(self.answered)

    @property
    def menu_count(self):
        return len(self.opened)


def _numbers(ids, prefix):
    numbers = []
    for text in ids:
        if text.startswith(prefix) and text[len(prefix):].isdigit():
            numbers.append(int(text[len(prefix):]))
    return numbers


def _owner_kind(owner):
    if not isinstance(owner, str):
        return "?"
    return owner.split(":")[0] if ":" in owner else owner
