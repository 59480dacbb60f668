"""What a correct answer to each request looks like (pure functions).

Each `expect_*` returns a checker: a function that takes the whole answer
line (parsed) and returns None when it is right, else why it is wrong. The
shapes are those of docs/PROTOCOL.md.
"""

REASONS = {"key", "escape", "timeout", "dismissed", "action"}
# Why a menu closed without a choice (menu.open's `reason`).
MENU_REASONS = {"escape", "closed", "dismissed", "timeout"}


def expect_result(check=None):
    """A result, optionally checked by `check(result)` (returns why not)."""
    def checker(message):
        if "result" not in message:
            return "expected a result"
        return check(message["result"]) if check else None
    return checker


def expect_error(code, field=None):
    """An error with this code (and `data.field`, when given)."""
    def checker(message):
        error = message.get("error")
        if not isinstance(error, dict) or error.get("code") != code:
            return f"expected error {code}"
        if not isinstance(error.get("message"), str) or not error["message"]:
            return "an error needs a message"
        if field is not None and (error.get("data") or {}).get("field") != field:
            return f"expected error {code} naming field {field}"
        return None
    return checker


def expect_one_of(*checkers):
    """Right when any of `checkers` accepts it."""
    def checker(message):
        reasons = [check(message) for check in checkers]
        if any(reason is None for reason in reasons):
            return None
        return " or ".join(reasons)
    return checker


def alert_answer(buttons, cancel, on_answer):
    """`alert.show`: button index and title agree, reason is known;
    `on_answer(result)` records it for the cross-checks."""
    def check(result):
        reason = result.get("reason")
        if reason not in REASONS:
            return f"unknown reason {reason!r}"
        button, title = result.get("button"), result.get("title")
        if reason == "dismissed":
            if button is not None or title is not None:
                return "a dismissed alert has no button"
        elif reason == "timeout" and cancel is None:
            if button is not None:
                return "a timed-out alert without cancel button has button null"
        elif not isinstance(button, int) or not 0 <= button < len(buttons) or buttons[button] != title:
            return f"button {button!r} / title {title!r} do not match the buttons {buttons}"
        if reason == "timeout" and cancel is not None and button != cancel:
            return f"a timed-out alert answers the cancel button {cancel}"
        on_answer(result)
        return None
    return expect_result(check)


def menu_answer(titles, on_answer):
    """`menu.open` / `menu.show`: cancelled, or a chosen item of the menu."""
    def check(result):
        if result.get("cancelled") is True:
            # `device`: the devices.list id of the device whose key cancelled it, when one did.
            if (set(result) - {"device"} != {"cancelled", "reason"} or result["reason"] not in MENU_REASONS
                    or not isinstance(result.get("device", 0), int)):
                return f"a cancelled menu says why, one of {sorted(MENU_REASONS)}: {result}"
            on_answer(result)
            return None
        selector, title, path = result.get("selector"), result.get("title"), result.get("path")
        if not isinstance(selector, str) or not isinstance(path, list) or not path:
            return "a choice needs selector and path"
        if titles is not None and title not in titles:
            return f"chose {title!r}, which is not an item of the menu"
        on_answer(result)
        return None
    return expect_result(check)


def subscribed(topics):
    """`events.subscribe`: the topics include the asked ones; a snapshot."""
    def check(result):
        if not set(topics) <= set(result.get("topics", [])):
            return f"topics {result.get('topics')} do not include {topics}"
        snapshot = result.get("snapshot") or {}
        if not isinstance(snapshot.get("state", {}).get("stack"), list):
            return "the snapshot has no stack"
        return None
    return expect_result(check)


def has_members(*names):
    """A result object with these members."""
    def check(result):
        missing = [name for name in names if not isinstance(result, dict) or name not in result]
        return f"missing {', '.join(missing)}" if missing else None
    return expect_result(check)


def is_list():
    return expect_result(lambda result: None if isinstance(result, list) else "expected a list")
