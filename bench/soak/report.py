"""The figures of a soak run, printed at the end whether it passed or not."""
import os


def load_average():
    with open("/proc/loadavg") as loadavg:
        return loadavg.read().split()[0]


def mib(kilobytes):
    return f"{kilobytes / 1024:.1f} MiB"


class Report:
    """Formats what a run and its verdict recorded."""

    def __init__(self, run, verdict, driver_cpu):
        self.run = run
        self.verdict = verdict
        self.driver_cpu = driver_cpu

    def lines(self):
        run, tally, figures = self.run, self.run.context.tally, self.verdict.figures
        ledger = run.observer.ledger
        options = run.options
        out = [
            f"keymenu soak: {run.ran_for:.0f} s of load (then drain and stop), {options.clients} client slots "
            f"({options.bad_clients} sending bad input), {options.key_rate} key presses/s, seed {options.seed}, "
            f"{os.cpu_count()} cores, load average {load_average()}",
            f"devices: {', '.join(run.devices)}",
            f"clients served: {tally['connections served']} of {tally['connections']} connections got every "
            f"answer due and nothing else (most at once {run.poller.max_clients}); "
            f"open at SIGTERM {tally['connections open at SIGTERM']} + {options.witnesses} witnesses; "
            f"left by " + ", ".join(f"{key[6:]} {value}" for key, value in sorted(tally.items())
                                    if key.startswith("leave ")),
            f"requests: {tally['requests']}, answers: {tally['answers']} (with the id-null errors to bad "
            f"lines), answers forfeited by closing first: "
            f"{tally['answers forfeited by closing']}",
            "  by method: " + ", ".join(f"{key[7:]} {value}" for key, value in sorted(tally.items())
                                        if key.startswith("method ")),
            f"notifications received: {tally['notifications']} parsed + {tally['state.changed received']} "
            f"state.changed counted; lines received {tally['lines received']}",
            f"alerts: {ledger.alert_count} ended, {len(ledger.shown)} of them shown (" + ", ".join(f"{reason} {count}" for reason, count in
                                                        sorted(ledger.reasons.items())) + "; owners "
            + ", ".join(f"{owner} {count}" for owner, count in sorted(ledger.owners.items())) + ")",
            f"menus: {ledger.menu_count} opened, {len(ledger.closed)} closed, {len(ledger.selected)} chose an item; "
            f"deepest stack {run.poller.max_depth}",
            "bad input answered with its documented error: " + ", ".join(
                f"{key[11:]} {value}" for key, value in sorted(tally.items()) if key.startswith("bad input: ")),
            f"keys: {tally['key presses']} presses, {tally['key events written']} EV_KEY events "
            f"({tally['input events written']} input events with SYN_REPORTs), "
            f"{tally['key presses held back']} times held back a tick (keymenud had input unread)",
            f"plugin: {figures.get('plugin_crashes')} crashes, {figures.get('plugin_restarts')} restarts "
            f"(schedule: about {figures.get('plugin_expected')}), {figures.get('plugin_pids')} pids seen, "
            f"states seen {', '.join(figures.get('plugin_states', []))}",
        ]
        out += self.resource_lines()
        if run.burst:
            out += run.burst.lines()
        if run.hostile_warm_up and run.hostile_warm_up.figures:
            out.append(run.hostile_warm_up.warm_up_line())
        if run.hostile:
            out += run.hostile.lines()
        cpu = run.daemon.rusage
        total = f"{cpu.ru_utime + cpu.ru_stime:.1f} s (user {cpu.ru_utime:.1f}, system {cpu.ru_stime:.1f})" \
            if cpu else f"{run.cpu_before_stop} s before SIGTERM"
        out.append(f"keymenud CPU time: {total}; the driver's: {self.driver_cpu:.1f} s")
        out.append(f"keymenud exit after SIGTERM: {run.exit_status}; log lines by level: "
                   + ", ".join(f"{level} {count}" for level, count in self.verdict.log_levels().items()))
        out += [f"note: {note}" for note in run.notes]
        return out

    def resource_lines(self):
        run, figures = self.run, self.verdict.figures
        start, end = run.quiet_start, run.quiet_end
        out = [
            f"quiet points (the observer, the poller{' and witnesses' if end.clients > start.clients else ''}): "
            f"start {start.fds} fds / {start.clients} clients / {mib(start.rss_kb)}, end {end.fds} fds / "
            f"{end.clients} clients / {mib(end.rss_kb)}",
        ]
        if "rss_warmup_kb" in figures:
            out.append(
                f"RSS: warm-up (max of its second half) {mib(figures['rss_warmup_kb'])}, after warm-up max "
                f"{mib(figures['rss_peak_kb'])} (limit {mib(figures['rss_limit_kb'])}), end "
                f"{mib(figures['rss_end_kb'])}; median first/last third {mib(figures['rss_early_median_kb'])}"
                f" / {mib(figures['rss_late_median_kb'])}; slope {figures['rss_slope_kb_per_minute']:.0f} kB/min")
            out.append(f"fds - clients: warm-up max {figures['fd_warmup']}, after warm-up max "
                       f"{figures['fd_peak']}, end {figures['fd_end']}")
        out.append(f"series (warm-up ends at {run.options.warmup:.0f} s): seconds, VmRSS MiB, fds, clients, "
                   "threads, CPU s")
        row = []
        for sample in run.series.samples:
            row.append(f"{sample.seconds:4.0f} {sample.rss_kb / 1024:5.1f} {sample.fds:4d} {sample.clients:3d} "
                       f"{sample.threads:2d} {sample.cpu_seconds:6.1f}")
            if len(row) == 4:
                out.append("  " + " | ".join(row))
                row = []
        if row:
            out.append("  " + " | ".join(row))
        return out
