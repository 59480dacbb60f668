"""A client that follows the protocol, for one of the soak's client slots.

It connects, works for a random while, leaves in a random way (waiting for
its answers, closing at once with requests still waiting, aborting, closing
half-way through a line, closing right after a request, or half-closing and
reading the late answers), and connects again, until the run ends. Its work
is a random mix of every socket method a drive client has: hello, status,
state, devices, lists, subscriptions, alerts (some dismissed again), ad-hoc
menus (some closed again), menus of its own (defined, shown, invoked,
removed), other clients' menus, the plugin's menu and the configured one.
Every answer is checked (expectations.py); so are the documented orderings
(a dismissed alert's answer comes before the dismissal's) and the
selector.invoked a `notify` item's owner must get.
"""
import asyncio
import random

import expectations as expect

WORDS = ["Apple", "Banana", "Cherry", "Date", "Elder", "Fig", "Grape", "Kiwi", "Lemon", "Mango",
         "Olive", "Peach", "Quince", "Rhubarb", "Sloe", "Tomato"]
BUTTONS = ["No", "Yes", "Later", "Cancel", "OK", "Retry", "Skip"]
OPERATIONS = [
    ("status", 6), ("state", 5), ("hello", 2), ("devices", 2), ("menu_list", 3), ("selectors", 1),
    ("subscribe", 2), ("alert", 10), ("menu_open", 6), ("define", 4), ("show", 4), ("remove", 1.5),
    ("invoke", 3), ("dismiss", 3), ("close_menu", 2),
]
MODAL = {"alert", "menu_open", "show"}
LEAVES = [("graceful", 45), ("close", 20), ("abort", 10), ("half_line", 5), ("request_close", 10),
          ("half_close", 10)]


class ProtocolClient:
    """One client slot: connection after connection of random, correct work."""

    def __init__(self, context, slot, seed):
        self.context = context
        self.slot = slot
        self.random = random.Random(seed)
        self.generation = 0
        self.requests_made = 0

    async def run(self):
        await asyncio.sleep(self.random.uniform(0, 3))
        while self.context.phase.running:
            await self.session()
            await asyncio.sleep(self.random.uniform(0.05, 1.0))

    async def session(self):
        self.generation += 1
        self.label = f"client {self.slot}.{self.generation}"
        self.connection = self.context.connection(self.label, reuse_ids=self.random.random() < 0.2)
        self.defined = {}
        self.selectors = set()
        self.waiting = {}
        self.invoked_expected = 0
        self.invoked_received = 0
        self.heavy = False
        try:
            await self.connection.connect(self.context.socket_path)
        except OSError as error:
            self.context.problem(f"{self.label}: cannot connect: {error}")
            return
        self.connection.on_notification = self.notified
        try:
            lifetime = self.random.expovariate(1 / 15)
            loop = asyncio.get_running_loop()
            deadline = loop.time() + lifetime
            if self.random.random() < 0.7:
                await self.connection.call("hello", expect=expect.expect_result(_drive_tier))
            while self.context.phase.running and loop.time() < deadline and not self.connection.eof.is_set():
                await self.operation()
                await self.connection.drain()
                await asyncio.sleep(self.random.uniform(0.05, 1.5))
            await self.leave()
        finally:
            if self.heavy:
                self.context.heavy_subscribers -= 1

    def notified(self, method, params):
        if method == "selector.invoked" and params.get("selector") in self.selectors:
            self.invoked_received += 1

    async def operation(self):
        names = [name for name, _ in OPERATIONS]
        weights = [weight for _, weight in OPERATIONS]
        name = self.random.choices(names, weights)[0]
        if name in MODAL and not self.context.modal_room():
            name = "status"
        await getattr(self, "do_" + name)()

    # ---- requests answered at once ----

    async def do_status(self):
        await self.connection.call("daemon.status", expect=expect.has_members("clients", "plugins", "modal_depth"))

    async def do_state(self):
        await self.connection.call("state.get", expect=expect.has_members("stack"))

    async def do_hello(self):
        await self.connection.call("hello", expect=expect.expect_result(_drive_tier))

    async def do_devices(self):
        count = self.context.device_count

        def check(result):
            if not isinstance(result, list):
                return "expected a list"
            if count is not None and len(result) != count:
                return f"{len(result)} devices in use, expected {count}"
            return None
        await self.connection.call("devices.list", expect=expect.expect_result(check))

    async def do_menu_list(self):
        answer = await self.connection.call("menu.list", expect=expect.is_list())
        if answer and "result" in answer:
            # the configuration's hostile menus are the hostile phase's (hostile.py): a
            # command run from them in the load would hold descriptors the checks count
            self.context.known_menus = [menu["name"] for menu in answer["result"]
                                        if not menu["name"].startswith("hostile")][-50:]

    async def do_selectors(self):
        await self.connection.call("selector.list", expect=expect.is_list())

    async def do_subscribe(self):
        topics = self.random.sample(["selector", "device", "config"], self.random.randint(1, 2))
        if not self.heavy and self.context.heavy_subscribers < self.context.heavy_subscriber_limit \
                and self.random.random() < 0.35:
            self.heavy = True
            self.context.heavy_subscribers += 1
            topics.append(self.random.choice(["alert", "menu"]))
        await self.connection.call("events.subscribe", {"topics": topics}, expect=expect.subscribed(topics))

    async def do_define(self):
        name = f"s{self.slot}-{self.random.randint(0, 2)}"
        items = [{"title": title, "notify": True} for title in self.random.sample(WORDS, self.random.randint(1, 4))]
        if self.random.random() < 0.3:
            items[0]["keep_open"] = True
        answer = await self.connection.call(
            "menu.define", {"name": name, "title": f"Menu {name}", "items": items},
            expect=expect.expect_result(_defined(name, len(items))))
        if answer and "result" in answer:
            self.forget_menu(name)
            self.defined[name] = answer["result"]["selectors"]
            self.selectors.update(answer["result"]["selectors"])

    async def do_remove(self):
        if not self.defined:
            return await self.do_define()
        name = self.random.choice(sorted(self.defined))
        answer = await self.connection.call("menu.remove", {"name": name},
                                            expect=expect.expect_result(lambda r: _equal(r, {"removed": name})))
        if answer and "result" in answer:
            self.forget_menu(name)

    async def do_invoke(self):
        live = [selector for selectors in self.defined.values() for selector in selectors]
        if not live:
            return await self.do_define()
        selector = self.random.choice(live)
        answer = await self.connection.call("selector.invoke", {"selector": selector},
                                            expect=expect.expect_result(lambda r: _equal(r, {"invoked": selector})))
        if answer and "result" in answer:
            self.invoked_expected += 1

    def forget_menu(self, name):
        self.defined.pop(name, None)

    # ---- requests answered when a person answers ----

    async def do_alert(self):
        self.requests_made += 1
        buttons = self.random.sample(BUTTONS, self.random.randint(1, 4))
        title = f"{self.label} alert {self.requests_made}"
        params = {"title": title, "buttons": buttons}
        cancel = self.random.randrange(len(buttons)) if self.random.random() < 0.5 else None
        if cancel is not None:
            params["cancel"] = cancel
        if self.random.random() < 0.3:
            params["default"] = self.random.randrange(len(buttons))
        if self.random.random() < 0.3:
            params["timeout_ms"] = self.random.randint(300, 4000)
        if self.random.random() < 0.3:
            params["message"] = "Soak " * self.random.randint(1, 40)
        answers = self.context.client_alert_answers
        answers[title] = None

        def record(result):
            answers[title] = result
        request_id, future = self.connection.request(
            "alert.show", params, expect=expect.alert_answer(buttons, cancel, record))
        self.context.modal_started(future)
        self.waiting[request_id] = ("alert", future, title)

    async def do_menu_open(self):
        items, titles = self.random_items()
        self.requests_made += 1
        title = f"{self.label} menu {self.requests_made}"
        params = {"title": title, "items": items}
        if self.random.random() < 0.1:
            params["filter"] = True
        request_id, future = self.connection.request("menu.open", params,
                                                     expect=expect.menu_answer(titles, lambda r: None))
        self.context.modal_started(future)
        self.waiting[request_id] = ("menu", future, title)

    async def do_show(self):
        roll = self.random.random()
        if roll < 0.4 and self.defined:
            name, strict = self.random.choice(sorted(self.defined)), True
        elif roll < 0.7 and self.context.known_menus:
            name, strict = self.random.choice(self.context.known_menus), False
        else:
            name, strict = self.random.choice(["soak-plugin", "soak"]), False
        menu = expect.menu_answer(None, lambda r: None)
        check = menu if strict else expect.expect_one_of(menu, expect.expect_error(-32004))
        request_id, future = self.connection.request("menu.show", {"name": name}, expect=check)
        self.context.modal_started(future)
        self.waiting[request_id] = ("menu", future, None)

    async def do_dismiss(self):
        await self.end_one("alert", "alert.dismiss", "dismissed")

    async def do_close_menu(self):
        await self.end_one("menu", "menu.close", "closed")

    async def end_one(self, kind, method, member):
        """Ends one of this connection's waiting alerts or menus. Either it is
        still waiting (then its own answer, dismissed or cancelled, must come
        first) or it was answered meanwhile (-32004)."""
        mine = [(request_id, entry) for request_id, entry in self.waiting.items()
                if entry[0] == kind and not entry[1].done()]
        if not mine:
            return await (self.do_alert() if kind == "alert" else self.do_menu_open())
        request_id, (_, future, title) = self.random.choice(mine)

        def check(result):
            if not isinstance(result, dict) or not isinstance(result.get(member), str):
                return f"expected {{{member}: id}}"
            answer = future.result() if future.done() else None
            if answer is None:
                return f"{method} answered before the {kind} it ended"
            outcome = answer.get("result", {})
            if kind == "alert" and outcome.get("reason") != "dismissed":
                return f"{method} succeeded, but the alert was answered {outcome} (already over: expected -32004)"
            if kind == "menu" and outcome != {"cancelled": True, "reason": "closed"}:
                return f"{method} succeeded, but the menu was answered {outcome} (already over: expected -32004)"
            if kind == "alert":
                self.context.client_dismissed[result[member]] = title
            return None
        await self.connection.call(method, {"request": request_id}, expect=expect.expect_one_of(
            expect.expect_result(check), expect.expect_error(-32004)))

    def random_items(self):
        titles = self.random.sample(WORDS, self.random.randint(1, 6))
        items = [{"title": title} for title in titles]
        if self.random.random() < 0.2:
            sub = self.random.sample(WORDS, self.random.randint(1, 3))
            items.append({"title": "More", "items": [{"title": title} for title in sub]})
            titles = titles + sub
        if self.random.random() < 0.2 and len(items) > 1:
            items.insert(self.random.randrange(1, len(items)), {"separator": True})
        if self.random.random() < 0.15:
            items[0]["key"] = self.random.choice("qwxz")
        if self.random.random() < 0.1 and len(items) > 1:
            items[-1]["enabled"] = False
        if self.random.random() < 0.1:
            items[0]["keep_open"] = True
        return items, set(titles)

    # ---- leaving ----

    def waiting_futures(self):
        return [future for future in self.connection.futures.values() if not future.done()]

    async def wait_answers(self, seconds):
        pending = self.waiting_futures()
        if pending:
            await asyncio.wait(pending, timeout=seconds)

    async def leave(self):
        connection = self.connection
        if connection.eof.is_set():
            return
        if not self.context.phase.running:
            return await self.leave_at_end()
        names = [name for name, _ in LEAVES]
        way = self.random.choices(names, [weight for _, weight in LEAVES])[0]
        self.context.tally["leave " + way] += 1
        if way == "graceful":
            await self.wait_answers(8)
            self.check_notify()
            self.close()
        elif way == "close":
            self.close()
        elif way == "abort":
            self.close(abort=True)
        elif way == "half_line":
            connection.send_line(b'{"jsonrpc":"2.0","id":"cut","method":"alert.sh')
            self.close()
        elif way == "request_close":
            await (self.do_alert() if self.random.random() < 0.5 else self.do_menu_open())
            self.close()
        else:
            connection.book.close_expected = True
            connection.shutdown_write()
            await self.wait_answers(15)
            if not self.waiting_futures():
                self.check_notify()
            self.close()
        await connection.wait_closed()

    def close(self, abort=False):
        """Closes with answers possibly still due: notes the alerts and menus
        still waiting, for the check that none of them had in fact ended
        (the observer saw it) long before: that answer would be lost."""
        now = asyncio.get_running_loop().time()
        for kind, future, title in self.waiting.values():
            if title is not None and not future.done():
                self.context.unanswered_at_close.append((kind, title, now))
        self.connection.close(abort=abort)

    async def leave_at_end(self):
        """The run is over: wait for the answers while keys still come; a
        connection still waiting stays open until keymenud stops, which must
        answer everything before it closes the connection."""
        while self.context.phase.draining and self.waiting_futures():
            await asyncio.sleep(0.1)
        if self.waiting_futures():
            self.context.tally["connections open at SIGTERM"] += 1
            await self.connection.wait_closed(timeout=60)
            return
        self.check_notify()
        self.close()
        await self.connection.wait_closed()

    def check_notify(self):
        if self.invoked_received < self.invoked_expected:
            self.context.problem(f"{self.label}: invoked its notify selectors {self.invoked_expected} times, "
                                 f"got selector.invoked {self.invoked_received} times")


def _drive_tier(result):
    return None if result.get("tier") == "drive" else f"tier {result.get('tier')}, expected drive"


def _defined(name, count):
    def check(result):
        if result.get("name") != name:
            return f"defined {result.get('name')!r}, expected {name!r}"
        selectors = result.get("selectors")
        if not isinstance(selectors, list) or len(selectors) != count:
            return f"expected {count} selectors"
        return None
    return check


def _equal(result, wanted):
    return None if result == wanted else f"expected {wanted}"
