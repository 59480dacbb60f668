"""When and how the soak's external plugin crashes (pure logic, shared by the
plugin and the driver).

keymenud gives up a plugin after 5 failures in a row, and with
`restart = "always"` every run shorter than 60 s is a failure; a run of 60 s
or more starts the count again (docs/PLUGINS.md, Lifecycle and supervision).
So runs alternate short and long: run 0 is short, run 1 long, ... and the
count of failures in a row goes 1, 1, 2, 1, 2, ... : the plugin crashes about
twice a minute and is never given up. The way it ends cycles through all
four modes: exit with status 3, SIGKILL, abort() (SIGABRT), and hanging
(no more answers to plugin.ping, so keymenud kills it).

Run k's number is the `restarts` that daemon.status reports while it runs.
"""

MODES = ("exit", "kill", "abort", "hang")


class CrashSchedule:
    """The plugin's runs and the restarts to expect."""

    def __init__(self, short_seconds=4.0, long_seconds=62.0, restart_delay_ms=200,
                 ping_interval_ms=1000, ping_timeout_ms=1000):
        self.short_seconds = short_seconds
        self.long_seconds = long_seconds
        self.restart_delay = restart_delay_ms / 1000
        self.ping_interval = ping_interval_ms / 1000
        self.ping_timeout = ping_timeout_ms / 1000

    def lifetime(self, run):
        """Seconds run `run` lives before it crashes."""
        return self.short_seconds if run % 2 == 0 else self.long_seconds

    def mode(self, run):
        return MODES[run % len(MODES)]

    def run_length(self, run):
        """How long the run lasts as keymenud sees it: a hang lasts until the
        next ping goes unanswered (on average half an interval, then the timeout)."""
        extra = self.ping_interval / 2 + self.ping_timeout if self.mode(run) == "hang" else 0
        return self.lifetime(run) + extra

    def restart_delay_after(self, failures_in_a_row):
        return self.restart_delay * 2 ** (failures_in_a_row - 1)

    def expected_crashes(self, seconds, start_cost=0.1):
        """Crashes keymenud should have seen `seconds` after its first start
        (each start costs the interpreter's `start_cost` seconds)."""
        clock, failures, run = 0.0, 0, 0
        while True:
            clock += start_cost + self.run_length(run)
            if clock > seconds:
                return run
            failures = 1 if self.lifetime(run) >= 60 else failures + 1
            clock += self.restart_delay_after(failures)
            run += 1
