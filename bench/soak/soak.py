#!/usr/bin/python3
"""make soak: keymenud under an emulated keyboard stream, 200 clients and a
crashing plugin; fails (exit 1) when it loses an answer, leaks, crashes or
starves a client, and prints the figures either way.

usage: /usr/bin/python3 bench/soak/soak.py --keymenud PATH [--seconds 300] [options]

It needs Debian's python3-gi and gir1.2-umockdev-1.0 (so /usr/bin/python3,
not a pyenv one) and re-executes itself under the umockdev preload. Every
file it makes is in one private directory (mkdtemp), removed at the end
(--keep keeps it: keymenud's log is there). See bench/soak/README.md.
"""
import argparse
import asyncio
import os
import resource
import shutil
import signal
import sys
import tempfile
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hostile  # noqa: E402
from report import Report  # noqa: E402
from soak_run import SoakRun  # noqa: E402  (imports hotplug: re-executes under the umockdev preload)
from verdict import Verdict  # noqa: E402


def parse(argv):
    parser = argparse.ArgumentParser(description="keymenud soak test")
    parser.add_argument("--keymenud", required=True, help="the keymenud to test")
    parser.add_argument("--seconds", type=float, default=300, help="seconds of load (default 300)")
    parser.add_argument("--warmup", type=float, help="seconds of warm-up (default max(60, 30%% of --seconds))")
    parser.add_argument("--clients", type=int, default=200, help="client slots (default 200)")
    parser.add_argument("--bad-clients", type=int, default=10, help="of those, bad-input ones (default 10)")
    parser.add_argument("--key-rate", type=float, default=100, help="key presses per second (default 100)")
    parser.add_argument("--modal-limit", type=int, default=12,
                        help="alerts and menus the clients keep waiting at most (default 12)")
    parser.add_argument("--heavy-subscribers", type=int, default=20,
                        help="clients subscribed to alert or menu at most (default 20)")
    parser.add_argument("--witnesses", type=int, default=10, help="connections waiting at SIGTERM (default 10)")
    parser.add_argument("--drain", type=float, default=20, help="seconds to wait for answers at the end")
    parser.add_argument("--burst-subscribers", type=int, default=50,
                        help="subscribers that stop reading in the burst phase (default 50; 0: no burst)")
    parser.add_argument("--hostile-uids", type=int, default=4,
                        help="uids at their caps at once in the hostile phase (default 4, at most 4; 0: no phase)")
    parser.add_argument("--hostile-hold", type=float, default=20,
                        help="seconds the hostile uids stay at their caps together (default 20)")
    parser.add_argument("--hostile-configured", type=int, default=1000,
                        help="selector.invoke of each configured alert and menu item per hostile uid (default 1000)")
    parser.add_argument("--hostile-ceiling-mib", type=float, default=hostile.CEILING_MIB,
                        help=f"keymenud's VmRSS ceiling in the hostile phase (default {hostile.CEILING_MIB})")
    parser.add_argument("--sample-every", type=float, default=5, help="seconds between resource samples")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--keep", action="store_true", help="keep the work directory")
    options = parser.parse_args(argv)
    if options.warmup is None:
        options.warmup = max(60.0, 0.3 * options.seconds)
    options.keymenud = os.path.abspath(options.keymenud)
    return options


def stopped(number, frame):
    """SIGTERM (the time limit's timeout, or someone): clean up and leave."""
    print(f"soak: stopped by signal {number} before the end; nothing was judged", file=sys.stderr, flush=True)
    sys.exit(128 + number)


def main(argv):
    options = parse(argv)
    directory = tempfile.mkdtemp(prefix="keymenu-soak-")
    os.environ["TMPDIR"] = directory       # the umockdev testbed goes in there too
    signal.signal(signal.SIGTERM, stopped)
    signal.signal(signal.SIGHUP, stopped)
    run = SoakRun(options, directory)
    try:
        asyncio.run(run.run())
        verdict = Verdict(run)
        problems = verdict.problems()
        usage = resource.getrusage(resource.RUSAGE_SELF)
        for line in Report(run, verdict, usage.ru_utime + usage.ru_stime).lines():
            print(line)
        if problems:
            print(f"\nFAILED: {len(problems)} problems; the first ones:")
            for problem in problems[:40]:
                print("  " + problem)
            if options.keep:
                print(f"keymenud's log: {run.daemon.log_path}")
            return 1
        print("\nPASSED: no crash, every answer delivered exactly once, resources flat, every client served")
        return 0
    except Exception:
        traceback.print_exc()
        if run.daemon:
            print("keymenud's log (end):\n" + run.daemon.log_text()[-4000:])
        return 2
    finally:
        run.close()
        if options.keep:
            print(f"work directory kept: {directory}")
        else:
            shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
