#!/usr/bin/python3
"""keymenu's clients against the programs they stand in for: start, first box, memory, size.

usage: /usr/bin/python3 bench/clients.py [--bin DIR] [--runs N] [--quiet-runs Q]
           [--quiet-seconds S]

A benchmark, not a test: it prints figures and ratios and fails on nothing
but a missing program or a box that never came. Each figure has its peer in
the same run, measured alternately (keymenu's, then the peer's, N times), so
that the machine's drift falls on both; each program takes each place in
the order in turn, since the first start after an idle spell pays for the
cold machine:
- start: `keymenuctl status` (it connects to a keymenud started here, on a
  socket of its own, and asks for its status) and `keymenu-whiptail
  --version` against `whiptail --version` and `dialog --version`, from fork
  to exit (the program's whole start, its work and its exit);
- first box: `--menu` with four items, in a new pseudo-terminal of 80x24 (a
  new one each run, TERM=xterm-256color), from fork to the first read from
  the terminal that holds the box's title; keymenu-whiptail against whiptail
  and dialog. Then Q more runs of each after S seconds of quiet each (the
  machine idle, the programs' pages still cached), as a script that asks
  once in a while;
- resident memory (VmRSS) of each with its box up, read 0.3 s after the box
  came;
- installed size: the `keymenu` package's (its .deb in .build/deb when `make
  deb` made one: Installed-Size; else the stripped binaries `make install`
  puts in it: the multi-call keymenu, which keymenud, keymenuctl and the
  drop-ins are links to) against whiptail with libnewt, dialog, and
  suckless-tools (dmenu), from dpkg.

The binaries come from --bin (default .build/release: `make release`).
"""
import argparse
import fcntl
import glob
import os
import pty
import select
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
ITEMS = ["a", "Apple", "b", "Banana", "c", "Cherry", "d", "Damson"]
TITLE = "Pick a fruit"
# What the keymenu package installs as programs: links to the multi-call
# keymenu (make release, make install), or binaries of their own.
NAMES = ("keymenud", "keymenuctl", "keymenu-whiptail", "keymenu-dialog", "keymenu-dmenu")


def start_time(argv, env):
    """ms from fork to exit; the exit status must be 0."""
    before = time.monotonic_ns()
    done = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    elapsed = (time.monotonic_ns() - before) / 1e6
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} exited {done.returncode}")
    return elapsed


def controlling_terminal():
    """In the child: a session of its own whose controlling terminal is the
    pty on its standard input (whiptail and keymenu-whiptail open /dev/tty)."""
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def first_box(argv, env, marker=TITLE.encode()):
    """ms from fork to the terminal output holding `marker`, and the VmRSS in
    KiB 0.3 s later; the program is killed after."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    before = time.monotonic_ns()
    process = subprocess.Popen(argv, env=env, stdin=slave, stdout=slave, stderr=slave,
                               preexec_fn=controlling_terminal)
    os.close(slave)
    seen = b""
    elapsed = None
    try:
        deadline = time.monotonic() + 10
        while elapsed is None and time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.5)
            if not ready:
                continue
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
            if marker in seen:
                elapsed = (time.monotonic_ns() - before) / 1e6
        if elapsed is None:
            raise RuntimeError(f"{argv[0]} drew no box: {seen[-300:]!r}")
        time.sleep(0.3)
        rss = None
        with open(f"/proc/{process.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    rss = int(line.split()[1])
        return elapsed, rss
    finally:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait()
        os.close(master)


def rotated(programs, turn):
    """The (name, argv) pairs of `programs`, the list turned by `turn`."""
    items = list(programs.items())
    turn %= len(items)
    return items[turn:] + items[:turn]


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * (len(ordered) - 1) + 0.5))]


def installed_kib(packages):
    total = 0
    for package in packages:
        done = subprocess.run(["dpkg-query", "-W", "-f", "${Installed-Size}", package],
                              capture_output=True, text=True)
        if done.returncode != 0 or not done.stdout.strip():
            return None
        total += int(done.stdout)
    return total


def keymenu_kib(bin_dir):
    debs = sorted(glob.glob(os.path.join(ROOT, ".build", "deb", "keymenu_*.deb")))
    if debs:
        size = subprocess.run(["dpkg-deb", "-f", debs[-1], "Installed-Size"], capture_output=True,
                              text=True).stdout.strip()
        return int(size), f"Installed-Size of {os.path.basename(debs[-1])}"
    total = 0
    # Each file once: make release links every name to the multi-call keymenu.
    files = sorted({os.path.realpath(os.path.join(bin_dir, name)) for name in NAMES})
    with tempfile.TemporaryDirectory() as scratch:
        for index, path in enumerate(files):
            stripped = os.path.join(scratch, str(index))
            subprocess.run(["strip", "-o", stripped, path], check=True)
            total += os.path.getsize(stripped)
    names = ", ".join(os.path.basename(path) for path in files)
    return total // 1024, f"{names}, stripped (no .deb built)"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "release"))
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--quiet-runs", type=int, default=5)
    parser.add_argument("--quiet-seconds", type=float, default=3)
    args = parser.parse_args()
    peers = {name: shutil.which(name) for name in ("whiptail", "dialog")}
    missing = [name for name, path in peers.items() if path is None]
    for name in NAMES:
        if not os.access(os.path.join(args.bin, name), os.X_OK):
            missing.append(os.path.join(args.bin, name))
    if missing:
        print("clients: missing " + ", ".join(missing) + " (make release; apt-get install whiptail dialog)",
              file=sys.stderr)
        return 2
    work = tempfile.mkdtemp(prefix="keymenu-clients-")
    socket = os.path.join(work, "s.sock")
    with open(os.path.join(work, "keymenu.toml"), "w") as config:
        config.write('log_level = "warning"\n')
    env = dict(os.environ, KEYMENU_SOCKET=socket, TERM="xterm-256color", LANG="C.UTF-8")
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    daemon = subprocess.Popen([os.path.join(args.bin, "keymenud"), "--config", os.path.join(work, "keymenu.toml")],
                              env=env, stdout=subprocess.DEVNULL, stderr=open(os.path.join(work, "keymenud.log"), "w"))
    try:
        ctl = os.path.join(args.bin, "keymenuctl")
        for _ in range(100):
            if subprocess.run([ctl, "status"], env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL).returncode == 0:
                break
            time.sleep(0.1)
        else:
            raise RuntimeError("keymenud did not answer")
        whiptail = os.path.join(args.bin, "keymenu-whiptail")
        starts = {"keymenuctl status": [ctl, "status"],
                  "keymenu-whiptail --version": [whiptail, "--version"],
                  "whiptail --version": [peers["whiptail"], "--version"],
                  "dialog --version": [peers["dialog"], "--version"]}
        menu = ["--title", "Fruit", "--menu", TITLE, "15", "40", "4"] + ITEMS
        boxes = {"keymenu-whiptail": [whiptail] + menu, "whiptail": [peers["whiptail"]] + menu,
                 "dialog": [peers["dialog"]] + menu}
        start_ms = {name: [] for name in starts}
        box_ms = {name: [] for name in boxes}
        quiet_ms = {name: [] for name in boxes}
        rss = {name: [] for name in boxes}
        for _ in range(3):  # warm the page cache
            for argv in starts.values():
                start_time(argv, env)
            for argv in boxes.values():
                first_box(argv, env)
        for run in range(args.runs):
            # Each program takes each place in turn: the first start after
            # the boxes' 0.3 s waits finds the machine idle and its caches
            # cold (measured: up to 0.9 ms more for whichever comes first).
            for name, argv in rotated(starts, run):
                start_ms[name].append(start_time(argv, env))
            for name, argv in rotated(boxes, run):
                elapsed, resident = first_box(argv, env)
                box_ms[name].append(elapsed)
                rss[name].append(resident)
        for _ in range(args.quiet_runs):
            for name, argv in boxes.items():
                time.sleep(args.quiet_seconds)
                quiet_ms[name].append(first_box(argv, env)[0])
    finally:
        daemon.terminate()
        daemon.wait()
        shutil.rmtree(work, ignore_errors=True)

    def p50(values):
        return statistics.median(values)

    rows = []
    for name, peer in (("keymenuctl status", "whiptail --version"),
                       ("keymenu-whiptail --version", "whiptail --version")):
        rows.append((f"start to exit p50 ms ({args.runs} runs)", name, p50(start_ms[name]), peer,
                     p50(start_ms[peer])))
    rows.append(("start to exit p50 ms", "keymenuctl status", p50(start_ms["keymenuctl status"]),
                 "dialog --version", p50(start_ms["dialog --version"])))
    for peer in ("whiptail", "dialog"):
        rows.append((f"start to first box in a pty p50 ms ({args.runs} runs)", "keymenu-whiptail --menu",
                     p50(box_ms["keymenu-whiptail"]), f"{peer} --menu", p50(box_ms[peer])))
    if args.quiet_runs:
        for peer in ("whiptail", "dialog"):
            rows.append((f"the same after {args.quiet_seconds:g} s of quiet p50 ms ({args.quiet_runs} runs)",
                         "keymenu-whiptail --menu", p50(quiet_ms["keymenu-whiptail"]), f"{peer} --menu",
                         p50(quiet_ms[peer])))
    for peer in ("whiptail", "dialog"):
        rows.append(("VmRSS with the box up, p50 MiB", "keymenu-whiptail --menu", p50(rss["keymenu-whiptail"]) / 1024,
                     f"{peer} --menu", p50(rss[peer]) / 1024))
    ours, how = keymenu_kib(args.bin)
    for label, packages in (("whiptail + libnewt0.52", ["whiptail", "libnewt0.52"]), ("dialog", ["dialog"]),
                            ("suckless-tools (dmenu)", ["suckless-tools"])):
        theirs = installed_kib(packages)
        if theirs:
            rows.append(("installed size MiB", "keymenu", ours / 1024, label, theirs / 1024))
    print("| metric | keymenu | figure | peer | figure | ratio |")
    print("|---|---|---|---|---|---|")
    for metric, name, value, peer, theirs in rows:
        print(f"| {metric} | {name} | {value:.2f} | {peer} | {theirs:.2f} | {value / theirs:.2f}x |")
    print()
    print(f"keymenu's size: {how}. p99 of the first box: keymenu-whiptail "
          f"{percentile(box_ms['keymenu-whiptail'], 0.99):.2f} ms, whiptail {percentile(box_ms['whiptail'], 0.99):.2f}, "
          f"dialog {percentile(box_ms['dialog'], 0.99):.2f}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
