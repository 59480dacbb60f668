#!/usr/bin/python3
"""The hostile phase: several uids at every cap they have at once, and
keymenud stays within a memory ceiling, answers root, reads every key,
keeps a reading subscriber and gives the memory back (issue 28).

Each participant is a process of its own (hostile_client.py), started with
the uid keymenud must see: HOSTILE_UIDS (drive, by `[[socket.tiers]]` rules
in the configuration, CONFIG below), SUBSCRIBER_UID (observe), KEYS_UID
(admin: the `keys` topic, to count the key events keymenud read) and root
(the prober). In order:

1. idle: QUIET_SECONDS with nothing to do, then the median VmRSS of 1 s of
   readings (as burst.py);
2. the subscriber (alert, menu, dialog), the key counter, the prober
   (daemon.status / state.get every 50 ms) and a key stream (100 presses/s)
   start and run until step 5;
3. alone: the first uid pushes to its caps (a menu of 1-byte items in parts
   until -32007, text boxes of 60 KB, alerts, defined menus), holds them
   ALONE_HOLD seconds and leaves: its peak VmRSS over idle is what one uid at
   its cap costs;
4. together: every uid pushes to its caps at once and also floods
   selector.invoke of the configuration's items that show an alert
   (hostile.alert), open a menu (hostile.menu) and run `sleep 30`
   (hostile.sleep, charged to the uid: 16 per uid, 64 in all), pushing again
   every 2 s while the keys answer what is in front, for `hold` seconds;
   then all leave at once;
5. the keys stop; every key event written must have reached the key counter;
   the prober, the subscriber and the counter leave; the commands end
   (`timeout_ms`);
6. memory is read for `settle` seconds: RssAnon (what keymenud allocated)
   must come back within `slack` (1 MiB) of its idle figure within
   `back_within` seconds and stay there. Not VmRSS, which also counts the
   binary's code pages (RssFile): clean pages of the file the kernel may
   drop at any time, which keymenud's own trim drops and which come back as
   code runs (swings of 3 MiB either way were seen after the phase, with
   RssAnon steady); VmRSS is printed, and is what the ceiling holds.

Checks (`problems`, pure): peak VmRSS over the whole phase at most the
ceiling; root's round trip p99 at most 100 ms; no key event lost; the
subscriber never disconnected; no hostile connection closed by keymenud;
memory back as in 6. VmRSS and RssAnon are read every 0.1 s; keymenud's children named
`sleep` (the running commands) every 0.5 s.

The idle figure is a warm daemon's: the first load in a daemon's life leaves
its heap about 1 MiB larger for good (runtime caches, first-time code paths,
the allocator's pages pinned by what stays; measured with new uids each
phase: +1.1, +0.4, +0.0 MiB RssAnon over three phases), and that is not what a
hostile uid leaves behind. In the soak the burst before it is that first
load; alone, a short warm-up phase with uids of its own (WARM_UP_UIDS) comes
first and its cold figures are printed, not counted (`--cold`: none).
`--rounds N` runs N measured phases in a row, each with new uids: memory that
grows from one to the next is what uids leave behind.

In the soak it runs after the burst (soak_run.py); alone, with a keymenud of
its own and the emulated keyboard (run as root; needs umockdev like soak.py):

    /usr/bin/python3 bench/soak/hostile.py --keymenud .build/release/keymenud
"""
import argparse
import asyncio
import json
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CLIENT = os.path.join(HERE, "hostile_client.py")
HOSTILE_UIDS = (2001, 2002, 2003, 2004)
SUBSCRIBER_UID = 2005
KEYS_UID = 2000
# The warm-up phase's own uids (standalone runs), so that what the measured
# uids leave behind is never hidden by it.
WARM_UP_UIDS = (2901, 2902, 2903, 2904)
QUIET_SECONDS = 12
SAMPLE_SECONDS = 0.1
ALONE_HOLD = 3.0
COMMAND_TIMEOUT_MS = 10000
# The ceiling on keymenud's VmRSS while every uid is at its caps: the
# ledger's 64 MiB in all, plus keymenud at rest, plus what is not held
# objects (connection buffers, the stack's encoded window, the allocator's
# slack); README.md says how it was chosen.
CEILING_MIB = 128
# key events written that keymenud has not read yet, at most (PacedKeyboards)
KEY_BACKLOG = 64
P99_LIMIT_MS = 100.0

# What the configuration needs for the phase (soak_config.py adds it to the
# soak's): the socket open to the test uids, their tiers, commands on, and
# the configured items the flood invokes by their stable names.
CONFIG = """\
[socket]
mode = "0666"

{tiers}
[[socket.tiers]]
uid = {subscriber}
tier = "observe"

[[socket.tiers]]
uid = {keys}
tier = "admin"

[commands]
enabled = true
user = "nobody"
timeout_ms = {timeout_ms}

[menus.hostile]
title = "Hostile"
items = [
  {{ title = "Alert", id = "alert", alert = {{ title = "Configured alert", buttons = ["OK", "No"] }} }},
  {{ title = "Menu", id = "menu", menu = "hostile-inner" }},
  {{ title = "Sleep", id = "sleep", run = ["sleep", "30"] }},
]

[menus.hostile-inner]
title = "Configured menu"
items = [ {{ title = "Inner", alert = {{ title = "Inner alert" }} }} ]
"""


def config_section(uids=HOSTILE_UIDS + WARM_UP_UIDS):
    tiers = "".join(f'[[socket.tiers]]\nuid = {uid}\ntier = "drive"\n\n' for uid in uids)
    return CONFIG.format(tiers=tiers, subscriber=SUBSCRIBER_UID, keys=KEYS_UID, timeout_ms=COMMAND_TIMEOUT_MS)


def round_uids(index):
    """The hostile uids of the phase `index` (from 0) of several in a row:
    new ones each time, so that what one uid leaves behind shows as growth."""
    return tuple(uid + 100 * index for uid in HOSTILE_UIDS)


def percentile(values, fraction):
    """The nearest-rank percentile (fraction 0.99 for p99); None when empty."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * fraction // 1))
    return ordered[int(rank) - 1]


def back_after(after, idle_kb, slack_kb):
    """Seconds after the phase until VmRSS was within slack of idle, or None."""
    return next((seconds for seconds, kb in after if kb <= idle_kb + slack_kb), None)


def problems(figures, ceiling_kb, p99_limit_ms=P99_LIMIT_MS, slack_kb=1024, back_within=10.0):
    """The phase's verdict from its figures (pure): a list of problems."""
    out = []
    if figures["peak_kb"] > ceiling_kb:
        out.append(f"hostile: peak VmRSS {figures['peak_kb'] / 1024:.1f} MiB above the ceiling of "
                   f"{ceiling_kb / 1024:.0f} MiB")
    p99 = percentile(figures["root_ms"], 0.99)
    if p99 is None:
        out.append("hostile: root's prober got no answer at all")
    elif p99_limit_ms is not None and p99 > p99_limit_ms:
        out.append(f"hostile: root's round trip p99 {p99:.1f} ms over {p99_limit_ms:.0f} ms "
                   f"(max {max(figures['root_ms']):.0f} ms, {len(figures['root_ms'])} requests)")
    if figures.get("prober_closed"):
        out.append("hostile: keymenud closed root's prober connection")
    if figures["keys_seen"] < figures["keys_written"]:
        out.append(f"hostile: {figures['keys_written'] - figures['keys_seen']} of {figures['keys_written']} "
                   "key events written were not read by keymenud (the keys topic never sent them)")
    elif figures["keys_seen"] > figures["keys_written"]:
        out.append(f"hostile: keymenud sent {figures['keys_seen']} key events for {figures['keys_written']} written")
    subscriber = figures["subscriber"]
    if not subscriber.get("subscribed"):
        out.append("hostile: the observe subscriber could not subscribe")
    if subscriber.get("closed_by_daemon") or subscriber.get("disconnected"):
        out.append(f"hostile: keymenud disconnected the reading subscriber ({subscriber.get('disconnected')})")
    if figures.get("loads_closed"):
        out.append(f"hostile: keymenud closed {figures['loads_closed']} hostile connections (they read everything)")
    for uid, error in figures.get("load_failures", {}).items():
        out.append(f"hostile: uid {uid}'s load failed: {error}")
    after, idle = figures["after_anon"], figures["idle_anon_kb"]
    if not after:
        out.append("hostile: no RssAnon readings after the phase")
        return out
    back = back_after(after, idle, slack_kb)
    if back is None or back > back_within:
        out.append(f"hostile: RssAnon {after[-1][1] / 1024:.1f} MiB {after[-1][0]:.0f} s after the phase, idle "
                   f"{idle / 1024:.1f} MiB: not back within {slack_kb} KiB of it within {back_within:.0f} s")
    elif after[-1][1] > idle + slack_kb:
        out.append(f"hostile: RssAnon came back after {back:.1f} s but rose again to {after[-1][1] / 1024:.1f} MiB "
                   f"(idle {idle / 1024:.1f} MiB)")
    return out


class Participant:
    """One hostile_client.py process and its lines."""

    def __init__(self, role, path, uid=None, alone=False, configured=None):
        self.role, self.path, self.uid, self.alone = role, path, uid, alone
        self.configured = configured
        self.on_count = None
        self.events = asyncio.Queue()
        self.report = None

    async def start(self):
        arguments = ["/usr/bin/python3", CLIENT, self.role, self.path] + (["--alone"] if self.alone else []) + (
            [f"--configured={self.configured}"] if self.configured is not None else [])
        environment = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": "/"}
        extra = {} if self.uid is None else {"user": self.uid, "group": self.uid, "extra_groups": []}
        self.process = await asyncio.create_subprocess_exec(
            *arguments, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, env=environment, **extra)
        self.reader = asyncio.create_task(self.read())

    async def read(self):
        while True:
            line = await self.process.stdout.readline()
            if not line:
                await self.events.put({"event": "exited"})
                return
            event = json.loads(line)
            if event.get("event") == "report":
                self.report = event
            if event.get("event") == "count" and self.on_count:
                self.on_count(event)
                continue
            await self.events.put(event)

    async def expect(self, name, timeout=60):
        deadline = time.monotonic() + timeout
        while True:
            event = await asyncio.wait_for(self.events.get(), max(0.1, deadline - time.monotonic()))
            if event.get("event") == name:
                return event
            if event.get("event") == "exited":
                raise RuntimeError(f"{self.role} {self.uid}: exited before '{name}'")

    def send(self, command):
        try:
            self.process.stdin.write(command.encode() + b"\n")
        except (ConnectionError, OSError):
            pass

    async def finish(self, timeout=30):
        """`leave`, then its report (None if it did not give one)."""
        self.send("leave")
        try:
            await asyncio.wait_for(self.reader, timeout)
            await asyncio.wait_for(self.process.wait(), 5)
        except asyncio.TimeoutError:
            self.process.kill()
        return self.report


class PacedKeyboards:
    """The emulated keyboards, holding back while keymenud has not read more
    than KEY_BACKLOG of the key events written (as the key counter hears).
    FIONREAD on the PTY (keyboards.py) is not enough here: while keymenud
    lags, the kernel's worker that moves written bytes to the PTY's reader
    lags too, FIONREAD undercounts, and more than the PTY's 4 KB piles up:
    libevdev then reads part of an event and keymenud drops the device
    (EINVAL), which a real evdev node never does."""

    def __init__(self, keyboards, hostile, tally, base):
        self.keyboards = keyboards
        self.codes = keyboards.codes
        self.hostile = hostile
        self.tally = tally
        self.base = base

    def room(self, device):
        behind = self.tally["key events written"] - self.base - self.hostile.keys_seen
        return behind < KEY_BACKLOG and self.keyboards.room(device)

    def write(self, device, events, seconds):
        return self.keyboards.write(device, events, seconds)


class Hostile:
    """One hostile phase against a running keymenud and its figures."""

    def __init__(self, context, daemon, keyboards, key_stream_factory, uids=HOSTILE_UIDS, hold=20.0, settle=15.0,
                 back_within=10.0, slack_kb=1024, ceiling_mib=CEILING_MIB, configured=1000, clear_within=30.0,
                 p99_limit_ms=P99_LIMIT_MS):
        self.context = context
        self.daemon = daemon
        self.keyboards = keyboards
        self.key_stream_factory = key_stream_factory
        self.uids = uids
        self.hold = hold
        self.settle = settle
        self.back_within = back_within
        self.slack_kb = slack_kb
        self.ceiling_kb = ceiling_mib * 1024
        self.configured = configured
        self.clear_within = clear_within
        self.p99_limit_ms = p99_limit_ms
        self.readings = []            # (monotonic, VmRSS kB, RssAnon kB)
        self.commands_peak = 0
        self.marks = {}
        self.problems = []
        self.figures = None
        self.reports = {}
        self.participants = []
        self.keys_seen = 0
        self.keys_written_at = []
        self.key_lags = []

    def participant(self, role, uid=None, alone=False, configured=None):
        participant = Participant(role, self.context.socket_path, uid, alone, configured)
        self.participants.append(participant)
        return participant

    def kill_participants(self):
        """Ends what is still running (after a failure: no orphans)."""
        for participant in self.participants:
            process = getattr(participant, "process", None)
            if process is not None and process.returncode is None:
                try:
                    process.kill()
                except ProcessLookupError:
                    pass

    def memory_kb(self):
        return self.daemon.memory_kb()

    def parts_kb(self):
        """(RssAnon, RssFile) in kB: memory taken, and the binary's pages read in."""
        return tuple(int(self.daemon.status_field(name) or 0) for name in ("RssAnon", "RssFile"))

    def cpu(self):
        """(keymenud's utime + stime, its engine thread's on-CPU time) in seconds."""
        pid = self.daemon.pid
        process = self.daemon.cpu_seconds() or 0.0
        try:
            with open(f"/proc/{pid}/task/{pid}/schedstat") as schedstat:
                engine = int(schedstat.read().split()[0]) / 1e9
        except OSError:
            engine = 0.0
        return process, engine

    def running_commands(self):
        """keymenud's live children that are `sleep` (the hostile commands)."""
        count = 0
        for name in os.listdir("/proc"):
            if not name.isdigit():
                continue
            try:
                with open(f"/proc/{name}/stat") as stat:
                    text = stat.read()
            except OSError:
                continue
            comm = text[text.index("(") + 1:text.rindex(")")]
            fields = text[text.rindex(")") + 2:].split()
            if comm == "sleep" and int(fields[1]) == self.daemon.pid and fields[0] != "Z":
                count += 1
        return count

    async def watch(self):
        ticks = 0
        while True:
            memory = self.memory_kb()
            if memory is not None:
                self.readings.append((time.monotonic(), *memory))
            if ticks % 5 == 0:
                self.commands_peak = max(self.commands_peak, self.running_commands())
            ticks += 1
            await asyncio.sleep(SAMPLE_SECONDS)

    async def keys_caught_up(self, written, within=15.0):
        """Seconds until keymenud had read every key event written, or None."""
        started = time.monotonic()
        while time.monotonic() - started < within:
            if self.keys_seen >= written:
                return time.monotonic() - started
            await asyncio.sleep(0.05)
        return None

    def key_count(self, event):
        """The key counter's news: keymenud has read `keys` key events by `at`."""
        self.keys_seen = event["keys"]
        at = event["at"]
        # the lag of the newest one: since it was written
        written_at = next((when for when, count in self.keys_written_at if count >= self.keys_seen), None)
        if written_at is not None:
            self.key_lags.append((at - written_at) * 1000)
            while self.keys_written_at and self.keys_written_at[0][1] < self.keys_seen:
                self.keys_written_at.pop(0)

    async def track_keys_written(self, base):
        """(time, key events written) each time the count grows (every 5 ms)."""
        tally = self.context.tally
        last = 0
        while True:
            written = tally["key events written"] - base
            if written != last:
                self.keys_written_at.append((time.monotonic(), written))
                last = written
            await asyncio.sleep(0.005)

    async def modal_depth(self):
        """daemon.status's modal_depth, on a connection of its own."""
        reader, writer = await asyncio.open_unix_connection(self.context.socket_path, limit=1 << 20)
        try:
            writer.write(b'{"jsonrpc":"2.0","id":1,"method":"daemon.status"}\n')
            return json.loads(await reader.readline())["result"]["modal_depth"]
        finally:
            writer.close()

    async def wait_stack_empty(self):
        """With the keys still coming: what the hostile uids raised must leave
        the stack with them (or be answered by the keys) within clear_within."""
        started = time.monotonic()
        depth = await self.modal_depth()
        while depth and time.monotonic() - started < self.clear_within:
            await asyncio.sleep(0.5)
            depth = await self.modal_depth()
        self.stack_left = depth
        self.stack_cleared_after = time.monotonic() - started

    def peak_between(self, start, end):
        return max((kb for at, kb, _ in self.readings if start <= at <= end), default=0)

    async def run(self):
        try:
            await self.run_steps()
        finally:
            self.kill_participants()

    async def run_steps(self):
        await asyncio.sleep(QUIET_SECONDS)
        idle = []
        for _ in range(11):
            idle.append(self.memory_kb())
            await asyncio.sleep(SAMPLE_SECONDS)
        self.idle_kb = statistics.median(memory[0] for memory in idle if memory is not None)
        self.idle_anon_kb = statistics.median(memory[1] for memory in idle if memory is not None)
        self.idle_parts = self.parts_kb()
        watcher = asyncio.create_task(self.watch())
        subscriber = self.participant("subscriber", SUBSCRIBER_UID)
        keys = self.participant("keys", KEYS_UID)
        prober = self.participant("prober")
        for participant in (subscriber, keys, prober):
            await participant.start()
        await subscriber.expect("subscribed")
        await keys.expect("subscribed")
        await prober.expect("probing")
        tally = self.context.tally
        keys_before = tally["key events written"]
        held_before = tally["key presses held back"]
        keys.on_count = self.key_count
        key_tracker = asyncio.create_task(self.track_keys_written(keys_before))
        key_stream = self.key_stream_factory(PacedKeyboards(self.keyboards, self, tally, keys_before))
        key_task = asyncio.create_task(key_stream.run())
        cpu_before = self.cpu()
        self.marks["start"] = time.monotonic()
        try:
            await self.alone()
            await asyncio.sleep(2)
            await self.together()
            await self.wait_stack_empty()
        finally:
            key_stream.stop()
            await key_task
        self.marks["keys stopped"] = time.monotonic()
        written = tally["key events written"] - keys_before
        self.keys_caught_up_after = await self.keys_caught_up(written)
        key_tracker.cancel()
        cpu_after = self.cpu()
        keys_report = await keys.finish() or {}
        prober_report = await prober.finish() or {}
        subscriber_report = await subscriber.finish() or {}
        # the commands end by timeout_ms (SIGTERM, SIGKILL 2 s later) at most
        deadline = time.monotonic() + COMMAND_TIMEOUT_MS / 1000 + 5
        while self.running_commands() and time.monotonic() < deadline:
            await asyncio.sleep(0.2)
        self.commands_left = self.running_commands()
        self.marks["over"] = time.monotonic()
        await asyncio.sleep(self.settle)
        watcher.cancel()
        end = self.marks["over"]
        samples = prober_report.get("samples", [])
        self.figures = {
            "idle_kb": self.idle_kb,
            "peak_kb": self.peak_between(self.marks["start"], end),
            "alone_peak_kb": self.peak_between(self.marks["alone"], self.marks["alone left"]),
            "together_peak_kb": self.peak_between(self.marks["together"], self.marks["together left"]),
            "after": [(at - end, kb) for at, kb, _ in self.readings if at >= end],
            "idle_anon_kb": self.idle_anon_kb,
            "after_anon": [(at - end, anon) for at, _, anon in self.readings if at >= end],
            "root_ms": [ms for _, ms, _ in samples],
            "root_together_ms": [ms for at, ms, _ in samples
                                 if self.marks["together"] <= at <= self.marks["together left"]],
            "root_status_ms": [ms for _, ms, method in samples if method == "daemon.status"],
            "root_state_ms": [ms for _, ms, method in samples if method == "state.get"],
            "key_lag_ms": self.key_lags,
            "cpu": [after - before for before, after in zip(cpu_before, cpu_after)],
            "keys_seconds": self.marks["keys stopped"] - self.marks["start"],
            "parts_idle": self.idle_parts, "parts_end": self.parts_kb(),
            "prober_closed": prober_report.get("closed_by_daemon"),
            "keys_written": tally["key events written"] - keys_before,
            "keys_seen": keys_report.get("keys", 0),
            "keys_held_back": tally["key presses held back"] - held_before,
            "subscriber": subscriber_report,
            "loads_closed": sum(report.get("closed_by_daemon", 0) for report in self.reports.values()),
            "load_failures": {uid: "no report" for uid, report in self.reports.items() if not report.get("kinds")},
            "commands_peak": self.commands_peak,
        }
        self.problems = problems(self.figures, self.ceiling_kb, p99_limit_ms=self.p99_limit_ms,
                                 slack_kb=self.slack_kb, back_within=self.back_within)
        if self.stack_left:
            self.problems.append(
                f"hostile: {self.stack_left} modals still on the stack {self.clear_within:.0f} s after the hostile "
                "uids left, keys answering at 100/s (configured alerts and menus they raised outlive them)")
        if self.commands_left:
            self.problems.append(f"hostile: {self.commands_left} commands still running "
                                 f"{COMMAND_TIMEOUT_MS / 1000 + 5:.0f} s after the phase (timeout_ms)")

    async def alone(self):
        load = self.participant("load", self.uids[0], alone=True)
        await load.start()
        await load.expect("connected")
        self.marks["alone"] = time.monotonic()
        load.send("go")
        await load.expect("at cap", timeout=120)
        await asyncio.sleep(ALONE_HOLD)
        self.reports["alone"] = await load.finish() or {}
        self.marks["alone left"] = time.monotonic()

    async def together(self):
        loads = [self.participant("load", uid, configured=self.configured) for uid in self.uids]
        for load in loads:
            await load.start()
        for load in loads:
            await load.expect("connected")
        self.marks["together"] = time.monotonic()
        for load in loads:
            load.send("go")
        for load in loads:
            await load.expect("at cap", timeout=120)
        self.marks["all at cap"] = time.monotonic()
        await asyncio.sleep(self.hold)
        reports = await asyncio.gather(*(load.finish() for load in loads))
        self.marks["together left"] = time.monotonic()
        for uid, report in zip(self.uids, reports):
            self.reports[uid] = report or {}

    def kinds(self, reports):
        """Per kind, summed over `reports`: taken, refused, other errors."""
        total = {}
        for report in reports:
            for kind, entry in report.get("kinds", {}).items():
                into = total.setdefault(kind, {"taken": 0, "refused": 0, "errors": 0, "unanswered": 0})
                into["taken"] += entry["taken"]
                into["refused"] += entry["refused"]
                into["errors"] += sum(entry["errors"].values())
                into["unanswered"] += entry["unanswered"]
        return total

    def warm_up_line(self):
        """One line for a warm-up phase: its figures do not count."""
        figures = self.figures
        if figures is None:
            return "warm-up: did not run to the end"
        end = figures["after"][-1][1] if figures["after"] else 0
        return (f"warm-up (uids {', '.join(map(str, self.uids))}, {self.hold:.0f} s; not counted): VmRSS cold idle "
                f"{figures['idle_kb'] / 1024:.1f} MiB, after {end / 1024:.1f} MiB; RssAnon "
                f"{figures['parts_idle'][0] / 1024:.1f} -> {figures['parts_end'][0] / 1024:.1f} MiB")

    def lines(self):
        figures = self.figures
        if figures is None:
            return ["hostile: did not run to the end"]

        def mib(kb):
            return f"{kb / 1024:.1f} MiB"

        def percentiles(values, unit="requests"):
            if not values:
                return "none"
            return (f"p50 {percentile(values, 0.5):.1f} ms, p99 {percentile(values, 0.99):.1f} ms, max "
                    f"{max(values):.1f} ms ({len(values)} {unit})")
        together = [self.reports[uid] for uid in self.uids if uid in self.reports]
        back = back_after(figures["after_anon"], figures["idle_anon_kb"], self.slack_kb)

        def trace(readings):
            return ", ".join(f"{s} s {mib(kb)}" for s, kb in
                             ((s, next((kb for at, kb in readings if at >= s), None)) for s in (1, 2, 5, 10, 15))
                             if kb is not None)
        subscriber = figures["subscriber"]
        out = [
            f"hostile: uid {self.uids[0]} alone at its caps, then uids {', '.join(map(str, self.uids))} at once for "
            f"{self.hold:.0f} s (configured-item and command floods), a subscriber (uid {SUBSCRIBER_UID}), root "
            f"probing every 50 ms, keys at 100/s",
            f"  VmRSS idle {mib(figures['idle_kb'])}; one uid at its caps: peak {mib(figures['alone_peak_kb'])} "
            f"(+{mib(figures['alone_peak_kb'] - figures['idle_kb'])}); all at once: peak "
            f"{mib(figures['together_peak_kb'])} (+{mib(figures['together_peak_kb'] - figures['idle_kb'])}); "
            f"ceiling {mib(self.ceiling_kb)}",
            f"  VmRSS after: {trace(figures['after'])}",
            f"  RssAnon idle {mib(figures['idle_anon_kb'])}, after: {trace(figures['after_anon'])}; back within "
            f"{self.slack_kb} KiB of idle " + (f"after {back:.1f} s" if back is not None else "never")
            + f" (limit {self.back_within:.0f} s)",
            f"  RssFile (the binary's pages, dropped by the trim, read in again as code runs) idle "
            f"{mib(figures['parts_idle'][1])}, end {mib(figures['parts_end'][1])}",
            f"  root round trip: whole phase {percentiles(figures['root_ms'])}; all uids at once "
            f"{percentiles(figures['root_together_ms'])}; daemon.status {percentiles(figures['root_status_ms'])}; "
            f"state.get {percentiles(figures['root_state_ms'])}",
            f"  key event written to read by keymenud (keys topic): {percentiles(figures['key_lag_ms'], 'counts')}",
            f"  keymenud CPU over the phase's {figures['keys_seconds']:.0f} s of keys: {figures['cpu'][0]:.1f} s, "
            f"its engine thread {figures['cpu'][1]:.1f} s",
            f"  keys: {figures['keys_written']} key events written ({figures['keys_written'] / (self.marks['keys stopped'] - self.marks['start']):.0f}/s), "
            f"{figures['keys_seen']} read by keymenud (keys topic)"
            + (f", the last {self.keys_caught_up_after:.1f} s after the keys stopped"
               if self.keys_caught_up_after is not None else "")
            + f"; held back a tick {figures['keys_held_back']} times (keymenud had not read the last ones yet)",
            f"  subscriber: {subscriber.get('lines', 0)} lines, {mib(subscriber.get('bytes', 0) / 1024)}, "
            f"{subscriber.get('skipped', 0)} notifications coalesced, disconnected: "
            f"{bool(subscriber.get('closed_by_daemon') or subscriber.get('disconnected'))}",
            f"  commands running at the peak {figures['commands_peak']} (keymenud's sleep children); the stack "
            f"{'empty' if not self.stack_left else f'still {self.stack_left} deep'} "
            f"{self.stack_cleared_after:.1f} s after the uids left",
        ]
        for label, reports in (("alone", [self.reports.get("alone", {})]), ("together", together)):
            kinds = self.kinds(reports)
            out.append(f"  {label}, per kind taken / refused (-32007) / other errors: " + "; ".join(
                f"{kind} {entry['taken']}/{entry['refused']}/{entry['errors']}"
                + (f" ({entry['unanswered']} unanswered)" if entry["unanswered"] else "")
                for kind, entry in sorted(kinds.items())))
        errors = {}
        for report in [self.reports.get("alone", {})] + together:
            for kind, entry in report.get("kinds", {}).items():
                for error, count in entry["errors"].items():
                    errors[f"{kind}: {error}"] = errors.get(f"{kind}: {error}", 0) + count
        out += [f"  other error: {error} x{count}" for error, count in sorted(errors.items())][:8]
        return out


async def alone(options, directory):
    """A keymenud of its own with the emulated keyboard and remote, and one phase."""
    from daemon_process import DaemonProcess
    from key_chooser import KEYBOARD, REMOTE, KeyChooser
    from key_stream import KeyStream
    from keyboards import EmulatedKeyboards
    from soak_context import SoakContext
    os.chmod(directory, 0o755)
    config = os.path.join(directory, "keymenu.toml")
    with open(config, "w") as out:
        out.write('log_level = "info"\n\n'
                  + config_section(WARM_UP_UIDS + sum(map(round_uids, range(options.rounds)), ())))
    keyboards = EmulatedKeyboards({KEYBOARD: "keyboard", REMOTE: "remote"})
    context = SoakContext(os.path.join(directory, "s.sock"), 12, 20)
    daemon = DaemonProcess(options.keymenud, config, context.socket_path, directory, keyboards.root)
    seeds = iter(range(options.seed, options.seed + 100))

    def key_stream(paced):
        seed = next(seeds)
        return KeyStream(paced, KeyChooser(keyboards.codes, seed), 100, context.tally, seed)
    try:
        await daemon.wait_ready()
        if options.warm_up:
            warm_up = Hostile(context, daemon, keyboards, key_stream, uids=WARM_UP_UIDS, hold=3.0, settle=5.0,
                              configured=100)
            await warm_up.run()
            print(warm_up.warm_up_line())
        found = []
        for round_number in range(1, options.rounds + 1):
            hostile = Hostile(context, daemon, keyboards, key_stream, uids=round_uids(round_number - 1),
                              hold=options.hold, ceiling_mib=options.ceiling_mib, configured=options.configured,
                              p99_limit_ms=None if options.no_latency_limit else P99_LIMIT_MS)
            await hostile.run()
            if options.rounds > 1:
                print(f"round {round_number} of {options.rounds}:")
            for line in hostile.lines():
                print(line)
            found += hostile.problems
        found += context.all_problems()
        status = await daemon.stop()
        if status != 0:
            found.append(f"keymenud ended with {status} after SIGTERM")
        for problem in found:
            print("problem: " + problem)
        return 1 if found else 0
    finally:
        daemon.close()
        keyboards.close()


def main(argv):
    parser = argparse.ArgumentParser(description="keymenud: several uids at their caps at once")
    parser.add_argument("--keymenud", required=True)
    parser.add_argument("--hold", type=float, default=20.0, help="seconds all uids stay at their caps")
    parser.add_argument("--ceiling-mib", type=float, default=CEILING_MIB)
    parser.add_argument("--no-latency-limit", action="store_true",
                        help="root's round trip printed, not checked (make test-hostile: a test asserts no timing)")
    parser.add_argument("--configured", type=int, default=1000,
                        help="selector.invoke of each configured modal item per uid (0: none)")
    parser.add_argument("--cold", dest="warm_up", action="store_false",
                        help="no warm-up phase (3 s, its own uids) before the measured one")
    parser.add_argument("--rounds", type=int, default=1,
                        help="phases in a row, each with new hostile uids and its own idle figure (memory over several)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", action="store_true", help="keep the work directory (keymenud's log)")
    options = parser.parse_args(argv)
    options.keymenud = os.path.abspath(options.keymenud)
    import shutil
    import tempfile
    directory = tempfile.mkdtemp(prefix="keymenu-hostile-")
    os.environ["TMPDIR"] = directory
    try:
        return asyncio.run(alone(options, directory))
    finally:
        if options.keep:
            print(f"work directory kept: {directory}")
        else:
            shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    sys.path.insert(0, HERE)
    import keyboards  # noqa: F401  (imports hotplug: re-executes under the umockdev preload first)
    sys.exit(main(sys.argv[1:]))
