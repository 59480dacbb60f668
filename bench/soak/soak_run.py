"""One soak run, phase by phase (asyncio).

1. start: emulated keyboard and remote, keymenud until READY=1, the observer
   (subscribed before anything is shown), the status poller; a quiet-point
   sample (only the observer and the poller connected, the plugin running);
2. run: the key stream, the client slots (protocol and bad-input clients)
   and the poller/sampler, for `seconds`, stopping early if keymenud dies;
3. drain: no new work; clients wait for their answers while keys still come;
4. burst (burst.py): keys stop; 50 subscribers stop reading while a driver
   floods, until keymenud drops them; its memory must come back to the idle
   figure before it (the poller takes no resource samples meanwhile);
4b. hostile (hostile.py): after a short warm-up phase of other uids (not
   counted), keys again; one uid and then four at every cap
   they have at once, with floods of configured items and commands, a
   subscriber and root probing; memory under the ceiling, root answered,
   every key read, memory back to the idle figure after (no resource
   samples meanwhile either);
5. quiet end: witnesses put one alert and one menu each in front
   (nobody answers them now); a second quiet-point sample;
6. stop: SIGTERM; keymenud must answer everything still waiting, close every
   connection and exit 0.
The checks on what was recorded are in verdict.py.
"""
import asyncio
import os
import time

import expectations as expect
from bad_input_client import BadInputClient
from burst import Burst
from crash_schedule import CrashSchedule
from daemon_process import DaemonProcess
from hostile import HOSTILE_UIDS, WARM_UP_UIDS, Hostile
from key_chooser import KEYBOARD, REMOTE, KeyChooser
from key_stream import KeyStream
from keyboards import EmulatedKeyboards
from observer import Observer
from protocol_client import ProtocolClient
from resource_series import ResourceSeries
from soak_config import write_config
from soak_context import SoakContext
from status_poller import StatusPoller


class QuietPoint:
    """keymenud's open files and memory with a known set of connections."""

    def __init__(self, daemon, clients):
        self.fds = daemon.open_files()
        self.rss_kb = int(daemon.status_field("VmRSS") or 0)
        self.clients = clients

    @property
    def unexplained_fds(self):
        return self.fds - self.clients


class SoakRun:
    """Runs the phases and keeps what the verdict and the report need."""

    def __init__(self, options, directory):
        self.options = options
        self.directory = directory
        self.schedule = CrashSchedule()
        self.context = SoakContext(os.path.join(directory, "s.sock"), options.modal_limit,
                                   options.heavy_subscribers)
        self.series = ResourceSeries()
        self.keyboards = None
        self.daemon = None
        self.witnesses = []
        self.notes = []
        self.burst = None
        self.hostile = None
        self.hostile_warm_up = None
        self.hostile_window = None
        # (name, monotonic time) as each phase begins, for the report
        self.phase_marks = []

    def mark(self, phase):
        self.phase_marks.append((phase, time.monotonic()))

    def phase_at(self, at):
        """The phase running at monotonic time `at`, and seconds into the run."""
        name = "start"
        for phase, began in self.phase_marks:
            if began <= at:
                name = phase
        return name, at - self.started

    async def run(self):
        options, context = self.options, self.context
        config = write_config(self.directory, self.schedule)
        self.keyboards = EmulatedKeyboards({KEYBOARD: "keyboard", REMOTE: "remote"})
        self.daemon = DaemonProcess(options.keymenud, config, context.socket_path, self.directory,
                                    self.keyboards.root)
        await self.daemon.wait_ready()
        self.started = time.monotonic()
        self.mark("start")
        self.observer = Observer(context)
        await self.observer.start()
        self.poller = StatusPoller(context, self.daemon, self.series, options.sample_every, self.started)
        await self.poller.start()
        await self.learn_devices()
        if not await self.poller.wait_plugin_running():
            self.notes.append("the plugin was not running at the first quiet point")
        self.quiet_start = QuietPoint(self.daemon, self.poller.clients)

        self.key_stream = KeyStream(self.keyboards, KeyChooser(self.keyboards.codes, options.seed),
                                    options.key_rate, context.tally, options.seed)
        slots = []
        for slot in range(options.clients):
            kind = BadInputClient if slot < options.bad_clients else ProtocolClient
            slots.append(asyncio.create_task(kind(context, slot, options.seed * 1000 + slot).run()))
        background = [asyncio.create_task(self.key_stream.run()), asyncio.create_task(self.poller.run())]
        self.mark("run")
        await self.run_phase()
        self.ran_for = time.monotonic() - self.started

        context.phase.running = False
        context.phase.draining = True
        self.mark("drain")
        deadline = time.monotonic() + options.drain
        while time.monotonic() < deadline and not all(task.done() for task in slots):
            await asyncio.sleep(0.2)
        context.phase.draining = False
        self.key_stream.stop()
        await asyncio.sleep(0.5)

        if options.burst_subscribers > 0 and self.poller.died is None:
            self.burst = Burst(context, self.daemon, options.burst_subscribers)
            self.mark("burst")
            self.poller.sampling = False
            await self.burst.run()
            self.poller.sampling = True
            context.forget_finished()

        if options.hostile_uids > 0 and self.poller.died is None:
            seeds = iter(range(options.seed * 7919, options.seed * 7919 + 100))

            def key_stream(paced):
                seed = next(seeds)
                return KeyStream(paced, KeyChooser(self.keyboards.codes, seed), options.key_rate, context.tally, seed)
            # The first load of each kind shapes keymenud's heap for good
            # (hostile.py): a short phase of other uids first, not counted.
            self.hostile_warm_up = Hostile(context, self.daemon, self.keyboards, key_stream, uids=WARM_UP_UIDS,
                                           hold=3.0, settle=5.0, configured=100)
            self.hostile = Hostile(context, self.daemon, self.keyboards, key_stream,
                                   uids=HOSTILE_UIDS[:options.hostile_uids], hold=options.hostile_hold,
                                   ceiling_mib=options.hostile_ceiling_mib, configured=options.hostile_configured)
            self.poller.sampling = False
            started = time.monotonic()
            self.observer.ledger.excuse_from_now()
            self.mark("hostile warm-up")
            await self.hostile_warm_up.run()
            self.mark("hostile")
            await self.hostile.run()
            self.observer.ledger.excuse_until_next()
            self.hostile_window = (started, time.monotonic())
            self.poller.sampling = True
            context.forget_finished()

        self.mark("quiet end")
        await self.put_up_witnesses()
        await asyncio.sleep(1)
        if not await self.poller.wait_plugin_running():
            self.notes.append("the plugin was not running at the second quiet point")
        self.quiet_end = QuietPoint(self.daemon, self.poller.clients)
        self.poller.running = False
        self.plugin_seconds = time.monotonic() - self.started
        self.cpu_before_stop = self.daemon.cpu_seconds()
        await asyncio.gather(*background)

        context.phase.stopping = True
        self.exit_status = await self.daemon.stop()
        for connection in list(context.connections):
            if not await connection.wait_closed(timeout=15):
                context.problem(f"{connection.label}: still open 15 s after keymenud stopped")
        done, pending = await asyncio.wait(slots, timeout=15)
        for task in pending:
            task.cancel()
        for task in done:
            if task.exception():
                context.problem(f"a client slot failed: {task.exception()!r}")
        context.forget_finished()

    async def run_phase(self):
        """Runs until `seconds` passed or keymenud died; tidies up now and then."""
        end = self.started + self.options.seconds
        while time.monotonic() < end and self.poller.died is None:
            await asyncio.sleep(1)
            self.context.forget_finished()
        if self.poller.died:
            self.context.problem(self.poller.died)

    async def learn_devices(self):
        answer = await self.poller.connection.call("devices.list", expect=expect.is_list())
        devices = answer["result"] if answer and "result" in answer else []
        self.devices = [device["name"] for device in devices]
        if len(devices) != 2:
            self.context.problem(f"keymenud uses {len(devices)} devices ({self.devices}), expected the "
                                 "keyboard and the remote")
        self.context.device_count = len(devices)

    async def put_up_witnesses(self):
        """Connections whose alert and menu are still up when keymenud stops."""
        def dismissed(result):
            return None if result.get("reason") == "dismissed" else "expected reason dismissed at shutdown"

        def cancelled(result):
            expected = {"cancelled": True, "reason": "dismissed"}
            return None if result == expected else f"expected {expected} at shutdown"
        for number in range(self.options.witnesses):
            connection = self.context.connection(f"witness {number}")
            await connection.connect(self.context.socket_path)
            connection.request("alert.show", {"title": f"witness {number}", "buttons": ["OK"]},
                               expect=expect.expect_result(dismissed))
            connection.request("menu.open", {"title": f"witness {number}", "items": [{"title": "Stay"}]},
                               expect=expect.expect_result(cancelled))
            await connection.call("state.get", expect=expect.has_members("stack"))
            self.witnesses.append(connection)
        await self.poller.poll()

    def close(self):
        if self.daemon:
            self.daemon.close()
        if self.keyboards:
            self.keyboards.close()
