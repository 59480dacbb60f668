"""keymenud's resident memory and open files over the soak, and whether they
stay flat after warm-up (pure logic; the samples come from /proc).

Flat means, with W the end of warm-up:
  RSS bound: no sample after W above (the largest sample of the second half
       of the warm-up) x (1 + rss_fraction) + rss_slack_kb;
  RSS trend: not both a least-squares slope of the samples after W above
       slope_kb_per_minute and the median of the last third of them more
       than trend_kb above the median of the first third. (The allocator's
       high-water mark creeps up ~100 kB/min when a rare peak of load comes;
       a leak of ~1 MB per 20,000 selectors grew ~600 kB/min here.)
  fds: the open files a connection does not explain (fd count minus the
       connected clients, both sampled together) after W never above their
       largest value in the second half of the warm-up + fd_slack.
The counts of clients come from daemon.status, which can lag a moment; the
slack covers that. The exact check of file descriptors is the quiet-point
comparison in verdict.py (same clients connected, before and after).
"""
from statistics import median


class Sample:
    """One reading: seconds since the start, VmRSS in kB, open fds, connected
    clients, threads, CPU seconds so far."""

    def __init__(self, seconds, rss_kb, fds, clients, threads, cpu_seconds):
        self.seconds = seconds
        self.rss_kb = rss_kb
        self.fds = fds
        self.clients = clients
        self.threads = threads
        self.cpu_seconds = cpu_seconds

    @property
    def unexplained_fds(self):
        return self.fds - self.clients


class ResourceSeries:
    """Samples and the flatness verdict."""

    def __init__(self, rss_fraction=0.10, rss_slack_kb=2048, slope_kb_per_minute=256, trend_kb=512,
                 fd_slack=8):
        self.samples = []
        self.rss_fraction = rss_fraction
        self.rss_slack_kb = rss_slack_kb
        self.slope_kb_per_minute = slope_kb_per_minute
        self.trend_kb = trend_kb
        self.fd_slack = fd_slack

    def add(self, sample):
        self.samples.append(sample)

    def windows(self, warmup_end):
        late_warmup = [s for s in self.samples if warmup_end / 2 <= s.seconds <= warmup_end]
        after = [s for s in self.samples if s.seconds > warmup_end]
        return late_warmup, after

    def verdict(self, warmup_end):
        """(problems, figures): problems is empty when both are flat."""
        late_warmup, after = self.windows(warmup_end)
        if len(late_warmup) < 2 or len(after) < 6:
            return ([f"too few samples to judge flatness ({len(late_warmup)} in the second half of "
                     f"warm-up, {len(after)} after; need 2 and 6)"], {})
        problems = []
        baseline = max(s.rss_kb for s in late_warmup)
        limit = baseline * (1 + self.rss_fraction) + self.rss_slack_kb
        peak = max(after, key=lambda s: s.rss_kb)
        if peak.rss_kb > limit:
            problems.append(f"RSS grew: {peak.rss_kb} kB at {peak.seconds:.0f} s > limit {limit:.0f} kB "
                            f"(warm-up {baseline} kB + {self.rss_fraction:.0%} + {self.rss_slack_kb} kB)")
        third = max(1, len(after) // 3)
        early = median(s.rss_kb for s in after[:third])
        late = median(s.rss_kb for s in after[-third:])
        slope = self.slope_per_minute(after)
        if slope > self.slope_kb_per_minute and late - early > self.trend_kb:
            problems.append(f"RSS trends upwards: {slope:.0f} kB/min after warm-up (allowed "
                            f"{self.slope_kb_per_minute}), median {early:.0f} kB in the first third, "
                            f"{late:.0f} kB in the last (allowed +{self.trend_kb})")
        fd_baseline = max(s.unexplained_fds for s in late_warmup)
        fd_peak = max(after, key=lambda s: s.unexplained_fds)
        if fd_peak.unexplained_fds > fd_baseline + self.fd_slack:
            problems.append(f"open files grew: {fd_peak.fds} fds for {fd_peak.clients} clients at "
                            f"{fd_peak.seconds:.0f} s (fds - clients {fd_peak.unexplained_fds} > "
                            f"{fd_baseline} + {self.fd_slack})")
        figures = {
            "rss_warmup_kb": baseline, "rss_limit_kb": limit, "rss_peak_kb": peak.rss_kb,
            "rss_end_kb": after[-1].rss_kb, "rss_early_median_kb": early, "rss_late_median_kb": late,
            "rss_slope_kb_per_minute": slope,
            "fd_warmup": fd_baseline, "fd_peak": fd_peak.unexplained_fds,
            "fd_end": after[-1].unexplained_fds,
        }
        return problems, figures

    @staticmethod
    def slope_per_minute(samples):
        """The least-squares slope of RSS over time, in kB per minute."""
        count = len(samples)
        mean_time = sum(s.seconds for s in samples) / count
        mean_rss = sum(s.rss_kb for s in samples) / count
        spread = sum((s.seconds - mean_time) ** 2 for s in samples)
        if spread == 0:
            return 0.0
        return 60 * sum((s.seconds - mean_time) * (s.rss_kb - mean_rss) for s in samples) / spread
