"""Watches keymenud once a second through daemon.status and /proc: that it
is alive and answers, the soak plugin's state, restarts and pids, and (every
`sample_every` seconds) its memory, open files, threads and CPU time.
"""
import asyncio
import time

import expectations as expect
from resource_series import Sample

PLUGIN = "soak"


class StatusPoller:
    """One connection asking daemon.status; resource samples on the side."""

    def __init__(self, context, daemon, series, sample_every, started):
        self.context = context
        self.daemon = daemon
        self.series = series
        self.sample_every = sample_every
        self.started = started
        self.connection = context.connection("status poller")
        self.plugin_states = set()
        self.plugin_pids = set()
        self.plugin_restarts = 0
        self.plugin_state = None
        self.plugin_error = None
        self.clients = 0
        self.max_clients = 0
        self.max_depth = 0
        self.died = None
        self.running = True
        # off during the burst phase: its peak is not the steady state
        self.sampling = True

    async def start(self):
        await self.connection.connect(self.context.socket_path)
        await self.poll()

    async def poll(self):
        answer = await self.connection.call("daemon.status", timeout=10,
                                            expect=expect.has_members("clients", "plugins", "modal_depth"))
        if not answer or "result" not in answer:
            return None
        status = answer["result"]
        self.clients = status["clients"]
        self.max_clients = max(self.max_clients, self.clients)
        self.max_depth = max(self.max_depth, status["modal_depth"])
        for plugin in status["plugins"]:
            if plugin["name"] == PLUGIN:
                self.plugin_state = plugin["state"]
                self.plugin_states.add(plugin["state"])
                self.plugin_restarts = plugin.get("restarts", 0)
                self.plugin_error = plugin.get("error")
                if plugin.get("pid"):
                    self.plugin_pids.add(plugin["pid"])
        return status

    def sample(self):
        """One resource sample now (with the client count of the last status)."""
        rss = self.daemon.status_field("VmRSS")
        threads = self.daemon.status_field("Threads")
        fds = self.daemon.open_files()
        cpu = self.daemon.cpu_seconds()
        if None in (rss, threads, fds, cpu):
            return None
        sample = Sample(time.monotonic() - self.started, int(rss), fds, self.clients, int(threads), cpu)
        self.series.add(sample)
        return sample

    async def run(self):
        next_sample = time.monotonic()
        while self.running:
            if not self.daemon.alive():
                self.died = f"keymenud exited during the run with status {self.daemon.process.returncode}"
                return
            await self.poll()
            if time.monotonic() >= next_sample:
                next_sample += self.sample_every
                if self.sampling:
                    self.sample()
            await asyncio.sleep(1)

    async def wait_plugin_running(self, seconds=15):
        """Polls until the plugin runs (for the quiet-point samples)."""
        for _ in range(seconds * 10):
            await self.poll()
            if self.plugin_state == "running":
                return True
            await asyncio.sleep(0.1)
        return False
