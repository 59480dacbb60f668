"""The soak's checks on what a run recorded. Each returns problems (empty
when it holds); any problem fails `make soak`.

- keymenud never exited during the run and exited 0 after SIGTERM;
- every request of every connection got exactly one answer while the
  connection was open (request_book.py), bad input the documented error,
  and every connection still open at SIGTERM got all its answers before
  keymenud closed it (witnesses: dismissed / cancelled);
- the observer saw every alert answered exactly once and every menu opened
  and closed exactly once, with no number missing (modal_ledger.py), the
  clients' answers agree with it, and its last state.changed has an empty
  stack;
- memory and open files flat after warm-up (resource_series.py), and the
  same open files at the two quiet points, with the same connections;
- the plugin was restarted about as often as its schedule says, never given
  up, and reported no problem of its own;
- keymenud's log has no crash, and dropped no client for not reading
  (but the burst's stalled subscribers, during the burst);
- the burst (burst.py): every stalled subscriber dropped, and VmRSS back
  within 1 MiB of the idle figure before it within 5 s;
- the hostile phase (hostile.py): VmRSS under its ceiling, root's p99
  round trip within 100 ms, every key read, the subscriber kept, the stack
  empty and VmRSS back within 1 MiB of idle after.
"""
import re

FD_QUIET_SLACK = 2


class Verdict:
    """Problems and figures of one finished run."""

    def __init__(self, run):
        self.run = run
        self.log = run.daemon.log_text()
        with open(run.daemon.log_path, "rb") as log:
            self.log_bytes = log.read()
        self.figures = {}

    def problems(self):
        return (self.daemon_problems() + self.run.context.all_problems() + self.modal_problems()
                + self.resource_problems() + self.plugin_problems() + self.log_problems()
                + (self.run.burst.problems if self.run.burst else [])
                + (self.run.hostile.problems if self.run.hostile else []))

    def daemon_problems(self):
        if self.run.exit_status != 0:
            return [f"keymenud ended with {self.run.exit_status} after SIGTERM (expected exit 0)"]
        return []

    def modal_problems(self):
        observer = self.run.observer
        # The hostile phase floods every subscriber: a Python reader falling
        # behind then is what keymenud is built for (it is coalesced, never
        # dropped), and what it missed of the phase's objects is excused.
        window = getattr(self.run, "hostile_window", None)
        blinded = [at for at in observer.connection.coalesced_at
                   if window is None or not (window[0] <= at <= window[1] + 10)]
        excused = window is not None and len(blinded) < observer.connection.coalesced
        problems = ["observer: " + text for text in observer.ledger.finish(excuse=excused)]
        problems += ["cross-check: " + text for text in observer.cross_check()]
        if blinded:
            where = getattr(self.run, "phase_at", None)
            when = "" if where is None else " at " + ", ".join(
                f"{seconds:.0f} s ({phase})" for phase, seconds in map(where, blinded[:5]))
            problems.append("observer: fell behind; keymenud coalesced its alert and menu notifications"
                            f" (a state.changed with skipped){when}, so the ledger cannot be complete")
        stack = observer.final_stack()
        if stack != []:
            problems.append(f"observer: the last state.changed has stack {stack!r}, expected []")
        return problems

    def resource_problems(self):
        run = self.run
        warmup = run.options.warmup
        problems, figures = run.series.verdict(warmup)
        self.figures.update(figures)
        start, end = run.quiet_start, run.quiet_end
        if end.unexplained_fds > start.unexplained_fds + FD_QUIET_SLACK:
            problems.append(
                f"open files at the quiet points: {start.fds} fds with {start.clients} clients at the start, "
                f"{end.fds} with {end.clients} at the end (+{end.unexplained_fds - start.unexplained_fds} "
                f"not explained by connections; allowed {FD_QUIET_SLACK})")
        return problems

    def plugin_problems(self):
        run, poller = self.run, self.run.poller
        crashes = len(re.findall(r"plugin soak: run \d+: crashing by", self.log))
        expected = run.schedule.expected_crashes(run.plugin_seconds)
        restarts = poller.plugin_restarts
        self.figures.update(plugin_crashes=crashes, plugin_restarts=restarts, plugin_expected=expected,
                            plugin_pids=len(poller.plugin_pids), plugin_states=sorted(poller.plugin_states))
        problems = []
        if "given-up" in poller.plugin_states:
            problems.append(f"the plugin was given up ({poller.plugin_error})")
        if abs(restarts - expected) > 1:
            problems.append(f"the plugin restarted {restarts} times; its schedule says about {expected}")
        if restarts not in (crashes, crashes - 1):
            problems.append(f"the plugin crashed {crashes} times but was restarted {restarts} times")
        for line in self.log.splitlines():
            if "SOAK-PLUGIN-PROBLEM" in line:
                problems.append("plugin: " + line.strip())
        return problems

    def log_problems(self):
        problems = []
        start, end = self.run.burst.log_window if self.run.burst else (0, 0)
        offset = 0
        for raw in self.log_bytes.splitlines(keepends=True):
            line = raw.decode(errors="replace")
            in_burst = start <= offset < end
            offset += len(raw)
            if "stopped reading" in line:
                if not in_burst:
                    problems.append(f"keymenud dropped a client for not reading (the driver fell behind?): {line}")
            elif re.search(r"Fatal error|fatalError|Segmentation fault|panic:", line):
                problems.append(f"keymenud log: {line}")
        return problems[:20]

    def log_levels(self):
        """How many lines keymenud logged at each level."""
        levels = {}
        for line in self.log.splitlines():
            words = line.split(" ", 2)
            level = words[1] if len(words) > 1 else ""
            if level in ("trace", "debug", "info", "notice", "warning", "error", "critical"):
                levels[level] = levels.get(level, 0) + 1
        return levels
