#!/usr/bin/python3
"""Key to pixels: keymenu-overlay's latency and idle footprint on a real display server.

usage: /usr/bin/python3 bench/overlay-latency.py [--display x11|sway|both]
           [--changes N] [--idle-seconds S] [--quiet-samples Q] [--bin DIR] [--keep]

For each display server (Xvfb 1280x720, or sway 1.7 headless with the pixman
renderer, run as nobody when this runs as root): keymenud on an emulated
keyboard (umockdev, the driver of Tests/Fixtures/hotplug.py), a full-screen
application beneath (xlogo, or Tests/Fixtures/overlay/fullscreen.py), and
keymenu-overlay --trace-frames. F6 opens a 12-item menu; then N times (200 by
default) Down or Up is written to the emulated keyboard, and the sample is the
time from just before that write to the overlay's line for the first frame that
drew the change ("frame N at T ns", written after the frame's requests were
flushed to the display server: on Wayland the surface was committed). Both
clocks are CLOCK_MONOTONIC. The overlay's "change N at T ns" line (when it
read the change from keymenud's socket) splits each sample in two: the key
through evdev, keymenud and the socket, and the overlay's own drawing. The key is
released only after the frame, then the driver waits 20 to 37 ms (at random, so
that keys fall at every phase of sway's 60 Hz frame clock), so samples do not
overlap.

Then the same N changes come from a client of the socket instead
(bench/socketkeys.py: `modal.press` on a menu it opened, the way a key from
another process takes, as keymenu-whiptail's do), without umockdev, whose
emulated evdev read() is answered through a socket to this process; then Q
changes (5 by default, --quiet-samples) each after 6 s of quiet, when the
overlay has given its code pages back (it does 5 s after the last change).
The overlay's VmRSS is read with the panel just drawn and after the quiet
spell, and compared with bench/gtk-window.c (a minimal GTK 3 window with one
line of 40 px text, built with gcc and run on the same display).

Then the menu is closed and the overlay idles: its VmRSS, threads and
voluntary context switches (all threads) over S seconds (30 by default).
After that a menu is opened again and takes 20 changes: the VmRSS of a panel
just drawn by an overlay that has idled (its start-up pages given back), as
an overlay running all day is when a modal comes. The first reading with the
panel just drawn still holds the start-up pages of an overlay started
seconds before.

Then start to first pixels, 15 times each: `keymenuctl menu` and
`keymenu-dmenu -l 12` with 12 lines on stdin (keymenud and the overlay
already running: the overlay draws the menu), from the fork to the display
server's first report of new pixels, each closed with Escape on the emulated
keyboard before the next; against the first peer of the display (dmenu under
Xvfb, fuzzel under sway) started the same way, and killed after.

The pixels are also timed as the display server reports them: under Xvfb
bench/x11damage.py reports DAMAGE on the root window (any window's drawing);
under sway bench/wldamage.py keeps a wlr-screencopy frame of the whole output
armed with copy_with_damage and reports the time of the output commit (the
time in the frame's ready event) whose copied pixels differ from the last
copy's (damage without new pixels, such as a surface sway does not draw, is
no report). Each sample runs from the key's write to the first report after
it; a key with no report within 2 s is missed. On the same screen, after the
overlay, the peers (when installed) show 12 lines of stdin and get the same N
Down and Up keys from the display server: dmenu and rofi (-l 12) through
XTEST under Xvfb; under sway, through a virtual keyboard of the seat, fuzzel
(--dmenu --lines 12, and --layer overlay, the overlay's layer: sway 1.7 draws
no top-layer surface, fuzzel's default, over a full-screen window) and tofi
(--num-results 12; its default window is 1280x720, the whole output), both
run as sway is (nobody, when this runs as root). The last table gives each
program's changes drawn and missed, p50 and p99, and the ratio of each p50 to
the fastest peer's on the same display (dmenu or rofi under Xvfb, fuzzel or
tofi under sway).

A benchmark, not a test: nothing fails on a figure. Exit status 0 when every
change was drawn, 1 when one was not within 2 s, 2 when something is missing.
The binaries come from --bin (default .build/release; make bench-overlay builds
them with make release's flags).
"""
import argparse
import bisect
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures")
sys.path.insert(0, FIXTURES)
import hotplug  # noqa: E402  (re-executes this script with umockdev's preload)
from socketkeys import SocketKeys  # noqa: E402

CONFIG = """log_level = "warning"

[[hotkeys]]
key = "KEY_F6"
menu = "bench"

[menus.bench]
title = "Latency"
items = [
%s
]
""" % ",\n".join(f'  {{ title = "Item {i}", invoke = "none" }}' for i in range(1, 13))


# The peers timed on the same Xvfb screen: a 12-line vertical menu of stdin's lines.
PEERS_X11 = [["dmenu", "-l", "12"], ["rofi", "-dmenu", "-l", "12"]]
# Under headless sway: layer-shell launchers with a 12-line list of stdin's lines, on
# the overlay layer as keymenu-overlay (fuzzel's default, top, is under the
# full-screen client, and it exits without the keyboard focus).
PEERS_WAYLAND = [["fuzzel", "--dmenu", "--lines", "12", "--layer", "overlay"], ["tofi", "--num-results", "12"]]
# How long the overlay is left alone before a change after a quiet spell (it
# gives its code pages back after 5 s).
QUIET_SECONDS = 6
# Starts of each program timed from its fork to its first pixels.
STARTS = 15


class Damage:
    """The display server's own report of new pixels, and keys typed into it, by a
    helper of the display's kind: bench/x11damage.py on Xvfb (DAMAGE on the root
    window, XTEST keys) or bench/wldamage.py on sway (the commit time in
    wlr-screencopy's ready when the copied pixels changed, a virtual keyboard). Both
    print "ready", then "damage T" (CLOCK_MONOTONIC ns), and read "key NAME 1|0"
    (a keysym name: Down, Up, Escape, Return) and "quit" on stdin."""

    HELPERS = {"x11": ("x11damage.py", "DISPLAY"), "sway": ("wldamage.py", "WAYLAND_DISPLAY")}

    def __init__(self, session, env):
        script, variable = self.HELPERS[session.display]
        self.process = session.start(["/usr/bin/python3", os.path.join(HERE, script), env[variable]],
                                     env, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.cond = threading.Condition()
        self.times = []
        self.ready = False
        self.ended = False
        threading.Thread(target=self._read, daemon=True).start()
        deadline = time.monotonic() + 10
        with self.cond:
            while not self.ready and not self.ended and time.monotonic() < deadline:
                self.cond.wait(0.5)

    def _read(self):
        for raw in self.process.stdout:
            parts = raw.split()
            with self.cond:
                if parts[:1] == [b"damage"]:
                    self.times.append(int(parts[1]))
                elif parts[:1] == [b"ready"]:
                    self.ready = True
                self.cond.notify_all()
        with self.cond:
            self.ended = True
            self.cond.notify_all()

    def after(self, ns, timeout):
        """The first damage reported after `ns`, or None within `timeout` seconds (at
        once when the helper has ended)."""
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                index = bisect.bisect_right(self.times, ns)
                if index < len(self.times):
                    return self.times[index]
                left = deadline - time.monotonic()
                if left <= 0 or self.ended:
                    return None
                self.cond.wait(left)

    def quiet(self, seconds, timeout=10):
        """Waits until no damage came for `seconds`: what was drawing has settled."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.cond:
                last = self.times[-1] if self.times else 0
            if time.monotonic_ns() - last >= seconds * 1e9:
                return
            time.sleep(seconds / 4)

    def key(self, name, down):
        try:
            self.process.stdin.write(f"key {name} {1 if down else 0}\n".encode())
            self.process.stdin.flush()
        except OSError:          # the helper ended (it said why on stderr): no damage comes
            pass

    def close(self):
        try:
            self.process.stdin.write(b"quit\n")
            self.process.stdin.close()
            self.process.wait(10)
        except (OSError, subprocess.TimeoutExpired):
            hotplug.kill(self.process)


class Frames:
    """The overlay's stderr: 'frame N at T ns' lines, and the others kept for errors."""

    def __init__(self, stream):
        self.cond = threading.Condition()
        self.frames = []          # (number, ns)
        self.changes = {}         # number -> ns the change arrived
        self.lines = []
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream):
        for raw in stream:
            line = raw.decode(errors="replace").rstrip("\n")
            parts = line.split()
            with self.cond:
                if len(parts) == 6 and parts[1] == "frame" and parts[3] == "at":
                    self.frames.append((int(parts[2]), int(parts[4])))
                elif len(parts) == 6 and parts[1] == "change" and parts[3] == "at":
                    self.changes[int(parts[2])] = int(parts[4])
                else:
                    self.lines.append(line)
                self.cond.notify_all()

    def wait_line(self, text, timeout):
        deadline = time.monotonic() + timeout
        with self.cond:
            while not any(text in line for line in self.lines):
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self.cond.wait(left)
        return True

    def frame_after(self, ns, timeout):
        """The first frame committed after `ns` (CLOCK_MONOTONIC), or None."""
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                for frame in self.frames:
                    if frame[1] > ns:
                        return frame
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self.cond.wait(left)


def pause():
    """The wait between two changes: 20 to 37 ms, at random, so that the keys do
    not fall at one phase of a compositor's 60 Hz frame clock (sway draws at its
    frames: a fixed wait would measure one point of the frame every time)."""
    time.sleep(0.02 + random.random() / 60)


def until(timeout, argv, env):
    deadline = time.monotonic() + timeout
    while subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         env=env).returncode != 0:
        if time.monotonic() > deadline:
            raise RuntimeError(f"{' '.join(argv)} did not succeed within {timeout} s")
        time.sleep(0.05)


def proc_figures(pid):
    """VmRSS (kB), threads and the voluntary context switches of all threads."""
    rss = threads = 0
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1])
            elif line.startswith("Threads:"):
                threads = int(line.split()[1])
    switches = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/status") as f:
            for line in f:
                if line.startswith("voluntary_ctxt_switches:"):
                    switches += int(line.split()[1])
    return rss, threads, switches


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


class Session:
    """keymenud on an emulated keyboard, a display server, an application, the overlay."""

    def __init__(self, display, args, work):
        self.display, self.args, self.work = display, args, work
        self.processes = []
        self.codes = hotplug.load_codes()
        self.env = hotplug.client_env()
        self.socket = os.path.join(work, "s.sock")
        self.env["KEYMENU_SOCKET"] = self.socket

    def start(self, argv, env, **kwargs):
        process = subprocess.Popen(argv, env=env, preexec_fn=hotplug.child_setup, **kwargs)
        self.processes.append(process)
        return process

    def stop(self):
        for process in reversed(self.processes):
            hotplug.kill(process)

    def key(self, name, value):
        self.devices.write(3, [(1, self.codes[name], value), (0, 0, 0)])

    def run(self):
        config = os.path.join(self.work, "keymenu.toml")
        with open(config, "w") as f:
            f.write(CONFIG)
        self.devices = hotplug.Devices()
        self.devices.plug(3, os.path.join(FIXTURES, "devices", "keyboard.umockdev"),
                          os.path.join(FIXTURES, "devices", "keyboard.ioctl"))
        daemon_env = dict(os.environ, UMOCKDEV_DIR=self.devices.root, KEYMENU_SOCKET=self.socket)
        self.start([os.path.join(self.args.bin, "keymenud"), "--config", config], daemon_env,
                   stdout=open(os.path.join(self.work, "keymenud.log"), "w"), stderr=subprocess.STDOUT)
        ctl = os.path.join(self.args.bin, "keymenuctl")
        until(10, [ctl, "status"], self.env)
        overlay_env = self.start_display()
        damage = Damage(self, overlay_env)
        if not damage.ready:
            print(f"overlay-latency: {self.display}: the damage helper did not start; no pixel times, "
                  "no peers", file=sys.stderr, flush=True)
            damage.close()
            damage = None
        overlay = self.start([os.path.join(self.args.bin, "keymenu-overlay"), "--trace-frames"],
                             overlay_env, stderr=subprocess.PIPE)
        frames = Frames(overlay.stderr)
        if not frames.wait_line("following keymenud", 20):
            raise RuntimeError("the overlay did not connect: " + " | ".join(frames.lines))
        time.sleep(0.5)
        start = time.monotonic_ns()
        self.key("KEY_F6", 1)
        if frames.frame_after(start, 5) is None:
            raise RuntimeError("F6 drew no menu: " + " | ".join(frames.lines))
        self.key("KEY_F6", 0)
        time.sleep(0.2)
        samples, arrivals, missed = [], [], 0
        self.pixels = [] if damage is not None else None
        for i in range(self.args.changes):
            name = "KEY_DOWN" if (i // 10) % 2 == 0 else "KEY_UP"
            before = time.monotonic_ns()
            self.key(name, 1)
            frame = frames.frame_after(before, 2)
            if damage is not None:
                drawn = damage.after(before, 2)
                if drawn is not None:
                    self.pixels.append((drawn - before) / 1e6)
            self.key(name, 0)
            if frame is None:
                missed += 1
            else:
                samples.append((frame[1] - before) / 1e6)
                with frames.cond:
                    arrived = frames.changes.get(frame[0])
                if arrived is not None:
                    arrivals.append((arrived - before) / 1e6)
            pause()
        self.key("KEY_ESC", 1)
        self.key("KEY_ESC", 0)
        self.socket_series(frames, damage)
        self.quiet_series(frames, overlay.pid)
        time.sleep(2)
        first = proc_figures(overlay.pid)
        time.sleep(self.args.idle_seconds)
        last = proc_figures(overlay.pid)
        self.memory["overlay, idle"] = last[0]
        self.memory["overlay, panel just drawn after idling"] = self.settled_panel(frames, overlay.pid)
        self.memory["gtk-window"] = self.gtk_window(overlay_env)
        self.peers = {}
        if damage is not None:
            self.starts = self.start_series(overlay_env, damage)
            for peer in PEERS_X11 if self.display == "x11" else PEERS_WAYLAND:
                if shutil.which(peer[0]):
                    self.peers[peer[0]] = self.peer(peer, overlay_env, damage)
                else:
                    print(f"overlay-latency: {self.display}: {peer[0]} is not installed (make bench-overlay "
                          "installs it)", file=sys.stderr, flush=True)
            damage.close()
        self.stop()
        return samples, arrivals, missed, first, last

    def socket_series(self, frames, damage):
        """The same N changes pressed by a client of the socket (modal.press on a
        menu it opened): keymenud's way for a key from another process, without
        umockdev's emulated evdev read."""
        self.socket_frames, self.socket_pixels = [], [] if damage is not None else None
        self.keys = SocketKeys(self.socket)
        self.keys.open_menu("Latency", [f"Item {i}" for i in range(1, 13)])
        time.sleep(0.5)
        for i in range(self.args.changes):
            before = time.monotonic_ns()
            self.keys.press("KEY_DOWN" if (i // 10) % 2 == 0 else "KEY_UP")
            frame = frames.frame_after(before, 2)
            if frame is not None:
                self.socket_frames.append((frame[1] - before) / 1e6)
            if damage is not None:
                drawn = damage.after(before, 2)
                if drawn is not None:
                    self.socket_pixels.append((drawn - before) / 1e6)
            pause()

    def settled_panel(self, frames, pid):
        """VmRSS with a panel just drawn by an overlay that has idled (its
        start-up and earlier drawing pages given back, as an overlay running
        all day is when a modal comes): a menu opened and 20 changes."""
        keys = SocketKeys(self.socket)
        keys.open_menu("Settled", [f"Item {i}" for i in range(1, 13)])
        time.sleep(0.5)
        for i in range(20):
            before = time.monotonic_ns()
            keys.press("KEY_DOWN" if (i // 10) % 2 == 0 else "KEY_UP")
            frames.frame_after(before, 2)
            pause()
        rss = proc_figures(pid)[0]
        keys.press("KEY_ESC")
        time.sleep(0.3)
        keys.close()
        return rss

    def quiet_series(self, frames, pid):
        """Changes after a quiet spell (the overlay gave its code pages back 5 s
        after the last change): key to frame, and the resident memory with the
        panel up, just drawn and after the quiet spell."""
        self.quiet_frames = []
        self.memory = {"overlay, panel just drawn": proc_figures(pid)[0]}
        for i in range(self.args.quiet_samples):
            time.sleep(QUIET_SECONDS)
            if i == 0:
                self.memory["overlay, panel up after 6 s"] = proc_figures(pid)[0]
            before = time.monotonic_ns()
            self.keys.press("KEY_DOWN")
            frame = frames.frame_after(before, 2)
            if frame is not None:
                self.quiet_frames.append((frame[1] - before) / 1e6)
        self.keys.press("KEY_ESC")
        self.keys.close()

    def gtk_window(self, env):
        """VmRSS (kB) of bench/gtk-window.c, a minimal GTK 3 window with a line of
        40 px text, on the same display, 2 s after it started; None without gcc."""
        binary = os.path.join(self.work, "gtk-window")
        flags = subprocess.run(["pkg-config", "--cflags", "--libs", "gtk+-3.0"], stdout=subprocess.PIPE,
                               text=True)
        if flags.returncode != 0 or subprocess.run(
                ["gcc", "-O2", os.path.join(HERE, "gtk-window.c"), "-o", binary] + flags.stdout.split(),
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode != 0:
            return None
        process = self.start([binary], env, stderr=subprocess.DEVNULL)
        time.sleep(2)
        rss = proc_figures(process.pid)[0]
        hotplug.kill(process)
        return rss

    def as_peer(self, argv, env):
        """A peer's command line: under sway run as sway is (nobody, when this
        runs as root), with only its Wayland display."""
        if self.display != "sway":
            return argv
        return self.sway_drop + ["env", "-i", "PATH=/usr/bin:/bin", f"HOME={self.sway_run}",
                                 f"XDG_RUNTIME_DIR={self.sway_run}",
                                 f"WAYLAND_DISPLAY={os.path.basename(env['WAYLAND_DISPLAY'])}"] + argv

    def start_series(self, env, damage):
        """Fork to first pixels (ms) of keymenuctl menu and keymenu-dmenu, drawn
        by the running overlay, and of the display's first peer, STARTS times
        each; keymenu's menus are closed with Escape on the emulated keyboard,
        the peer is killed."""
        items = "".join(f"Item {i}\n" for i in range(1, 13)).encode()
        peer = (PEERS_X11 if self.display == "x11" else PEERS_WAYLAND)[0]
        programs = [("keymenuctl menu", [os.path.join(self.args.bin, "keymenuctl"), "menu", "--title", "Start"]),
                    ("keymenu-dmenu -l 12", [os.path.join(self.args.bin, "keymenu-dmenu"), "-l", "12"])]
        if shutil.which(peer[0]):
            programs.append((" ".join(peer[:3]), self.as_peer(peer, env)))
        times = {}
        for name, argv in programs:
            samples = []
            for _ in range(STARTS):
                damage.quiet(0.3)
                before = time.monotonic_ns()
                process = self.start(argv, env, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
                process.stdin.write(items)
                process.stdin.close()
                drawn = damage.after(before, 5)
                if drawn is not None:
                    samples.append((drawn - before) / 1e6)
                if name.startswith("keymenu"):
                    damage.quiet(0.2)
                    self.key("KEY_ESC", 1)
                    self.key("KEY_ESC", 0)
                    try:
                        process.wait(5)
                    except subprocess.TimeoutExpired:
                        pass
                hotplug.kill(process)
            times[name] = samples
        return times

    def peer(self, argv, env, damage):
        """A peer menu over the same screen: Down and Up typed into the display server
        (XTEST, or sway's virtual keyboard) to its damage, as for the overlay; the times
        of the changes it drew (a change it did not draw within 2 s is missed). Under
        sway the peer runs as sway does (nobody, when this runs as root)."""
        items = "".join(f"Item {i}\n" for i in range(1, 13)).encode()
        program = argv[0]
        argv = self.as_peer(argv, env)
        process = self.start(argv, env, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                             stderr=open(os.path.join(self.work, f"{program}.log"), "w"))
        process.stdin.write(items)
        process.stdin.close()
        samples = []
        if damage.after(time.monotonic_ns(), 10) is None:
            print(f"overlay-latency: {self.display}: {program} drew nothing within 10 s", file=sys.stderr,
                  flush=True)
            hotplug.kill(process)
            return samples
        damage.quiet(0.5)
        misses = 0
        for i in range(self.args.changes):
            name = "Down" if (i // 10) % 2 == 0 else "Up"
            before = time.monotonic_ns()
            damage.key(name, True)
            drawn = damage.after(before, 2)
            damage.key(name, False)
            if drawn is not None:
                samples.append((drawn - before) / 1e6)
                misses = 0
            else:
                misses += 1
                if misses == 10:
                    print(f"overlay-latency: {self.display}: {program} drew none of 10 changes in a row; "
                          "the rest counted as missed", file=sys.stderr, flush=True)
                    break
            pause()
        hotplug.kill(process)
        return samples

    def start_display(self):
        if self.display == "x11":
            # -displayfd on a file (a pipe made here reaches Xvfb closed under
            # umockdev's preload); Xvfb writes the number once it listens.
            number_file = os.path.join(self.work, "display")
            self.start(["sh", "-c", f"exec Xvfb -displayfd 3 -screen 0 1280x720x24 -nolisten tcp "
                        f"3>{number_file} 2>{self.work}/xvfb.log"], self.env)
            until(20, ["test", "-s", number_file], self.env)
            with open(number_file) as f:
                number = f.read().strip()
            env = dict(self.env, DISPLAY=f":{number}")
            env.pop("WAYLAND_DISPLAY", None)
            self.start(["xlogo", "-geometry", "1280x720+0+0", "-bg", "darkslateblue"], env)
            until(20, ["xwininfo", "-name", "xlogo"], env)
            return env
        run = tempfile.mkdtemp(prefix="keymenu-sway-")
        with open(os.path.join(run, "config"), "w") as f:
            f.write("output HEADLESS-1 resolution 1280x720\ndefault_border none\n"
                    'for_window [app_id="keymenu-test-app"] fullscreen enable\n')
        drop = []
        if os.getuid() == 0:
            for path in (run, os.path.join(run, "config")):
                os.chown(path, 65534, 65534)
            drop = ["setpriv", "--reuid", "nobody", "--regid", "nogroup", "--clear-groups"]
        self.start(drop + ["env", "-i", "PATH=/usr/bin:/bin", f"HOME={run}", f"XDG_RUNTIME_DIR={run}",
                           "WLR_BACKENDS=headless", "WLR_RENDERER=pixman", "WLR_HEADLESS_OUTPUTS=1",
                           "WLR_LIBINPUT_NO_DEVICES=1", "sway", "-c", os.path.join(run, "config")],
                   self.env, stdout=open(os.path.join(self.work, "sway.log"), "w"),
                   stderr=subprocess.STDOUT)
        until(30, ["test", "-S", os.path.join(run, "wayland-1")], self.env)
        env = dict(self.env, WAYLAND_DISPLAY=os.path.join(run, "wayland-1"), XDG_RUNTIME_DIR=run,
                   GSETTINGS_BACKEND="memory")
        env.pop("DISPLAY", None)
        self.start(["/usr/bin/python3", os.path.join(FIXTURES, "overlay", "fullscreen.py")], env,
                   stdout=subprocess.DEVNULL)
        until(30, ["/usr/bin/python3", os.path.join(FIXTURES, "overlay", "sway_focus.py"), run,
                   "keymenu-test-app"], env)
        self.sway_run = run
        self.sway_drop = drop
        return env


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--display", choices=["x11", "sway", "both"], default="both")
    parser.add_argument("--changes", type=int, default=200)
    parser.add_argument("--idle-seconds", type=float, default=30)
    parser.add_argument("--quiet-samples", type=int, default=5,
                        help=f"changes after {QUIET_SECONDS} s of quiet each (default 5)")
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "release"))
    parser.add_argument("--keep", action="store_true", help="keep the work directory (logs)")
    args = parser.parse_args()
    for program in ("keymenud", "keymenuctl", "keymenu-overlay"):
        if not os.access(os.path.join(args.bin, program), os.X_OK):
            print(f"overlay-latency: {args.bin}/{program} is missing (make release)", file=sys.stderr)
            return 2
    for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(sig, lambda s, f: sys.exit(128 + s))
    status = 0
    print("| display | changes | p50 ms | p90 ms | p99 ms | max ms | missed | key to the overlay's "
          "reading, p50 / p99 ms | idle VmRSS | threads "
          f"| wake-ups in {args.idle_seconds:g} s |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    pixel_rows, other_rows, memory_rows, start_rows = [], [], [], []
    for display in (["x11", "sway"] if args.display == "both" else [args.display]):
        work = tempfile.mkdtemp(prefix="keymenu-overlay-bench-")
        session = Session(display, args, work)
        try:
            samples, arrivals, missed, first, last = session.run()
        finally:
            session.stop()
            if hasattr(session, "sway_run"):
                shutil.rmtree(session.sway_run, ignore_errors=True)
            if args.keep:
                print(f"overlay-latency: logs in {work}", file=sys.stderr)
            else:
                shutil.rmtree(work, ignore_errors=True)
        if missed:
            status = 1
        name = "Xvfb" if display == "x11" else "headless sway"
        split = (f"{statistics.median(arrivals):.2f} / {percentile(arrivals, 99):.2f}"
                 if arrivals else "-")
        if getattr(session, "pixels", None) is not None:
            pixel_rows.append((name, "keymenu-overlay (evdev, keymenud, socket)", session.pixels))
        if getattr(session, "socket_pixels", None) is not None:
            pixel_rows.append((name, "keymenu-overlay (a client's modal.press, keymenud, socket)",
                               session.socket_pixels))
        for peer, values in getattr(session, "peers", {}).items():
            pixel_rows.append((name, f"{peer} ({'XTEST' if display == 'x11' else 'virtual keyboard'})",
                               values))
        other_rows.append((name, "evdev (umockdev), 20 ms apart", samples))
        other_rows.append((name, "a client's modal.press, 20 ms apart", getattr(session, "socket_frames", [])))
        other_rows.append((name, f"modal.press after {QUIET_SECONDS} s of quiet",
                           getattr(session, "quiet_frames", [])))
        memory_rows.append((name, getattr(session, "memory", {})))
        for program, values in getattr(session, "starts", {}).items():
            start_rows.append((name, program, values))
        if samples:
            print(f"| {name} | {len(samples)} | {statistics.median(samples):.2f} | "
                  f"{percentile(samples, 90):.2f} | {percentile(samples, 99):.2f} | {max(samples):.2f} | "
                  f"{missed} | {split} | {last[0] / 1024:.1f} MiB | {last[1]} | {last[2] - first[2]} |",
                  flush=True)
        else:
            print(f"| {name} | 0 | - | - | - | - | {missed} | - | - | - | - |", flush=True)
    print()
    print("Key to the overlay's frame (its trace), by the key's way in:")
    print()
    print("| display | keys | changes | p50 ms | p99 ms | max ms |")
    print("|---|---|---|---|---|---|")
    for display, way, values in other_rows:
        if values:
            print(f"| {display} | {way} | {len(values)} | {statistics.median(values):.2f} | "
                  f"{percentile(values, 99):.2f} | {max(values):.2f} |", flush=True)
    print()
    print("Resident memory (VmRSS) against bench/gtk-window.c, a minimal GTK 3 window with one line "
          "of 40 px text, on the same display:")
    print()
    print("| display | overlay | VmRSS | gtk-window | ratio |")
    print("|---|---|---|---|---|")
    for display, memory in memory_rows:
        baseline = memory.get("gtk-window")
        for what, rss in memory.items():
            if what == "gtk-window" or rss is None:
                continue
            ratio = f"{rss / baseline:.2f}x" if baseline else "-"
            shown = f"{baseline / 1024:.1f} MiB" if baseline else "-"
            print(f"| {display} | {what} | {rss / 1024:.1f} MiB | {shown} | {ratio} |", flush=True)
    if pixel_rows:
        print()
        print("Key to pixels, as the display server reported them (Xvfb: DAMAGE on the root window; "
              "sway: the commit time in wlr-screencopy's ready, when the output's pixels changed), side "
              "by side on one screen; a change missed had no report within 2 s; each ratio against the "
              "fastest peer on the same display:")
        print()
        print("| display | program | changes drawn | missed | p50 ms | p99 ms "
              "| p50 against the fastest peer |")
        print("|---|---|---|---|---|---|---|")
        # A change missed: nothing drawn after a key (it did not start, or had no keyboard focus).
        print_against_fastest_peer(pixel_rows, lambda values: f"{len(values)} | {args.changes - len(values)}")
    if start_rows:
        print()
        print(f"Start to first pixels: a menu of 12 lines from the program's fork to the display server's "
              f"first report of new pixels ({STARTS} starts each; keymenu's drawn by the running overlay):")
        print()
        print("| display | program | starts drawn | p50 ms | p99 ms | p50 against the peer |")
        print("|---|---|---|---|---|---|")
        print_against_fastest_peer(start_rows, lambda values: f"{len(values)}")
    return status


def print_against_fastest_peer(rows, counts):
    """Table rows (display, program, samples): `counts(samples)`'s columns, p50,
    p99, and p50 against the fastest peer (a program not keymenu's) on the same
    display."""
    fastest = {}
    for display, program, values in rows:
        if values and not program.startswith("keymenu"):
            fastest[display] = min(fastest.get(display, float("inf")), statistics.median(values))
    for display, program, values in rows:
        if not values:
            print(f"| {display} | {program} | {counts(values)} | - | - | - |", flush=True)
            continue
        p50 = statistics.median(values)
        ratio = f"{p50 / fastest[display]:.2f}x" if display in fastest else "-"
        print(f"| {display} | {program} | {counts(values)} | {p50:.2f} | {percentile(values, 99):.2f} | "
              f"{ratio} |", flush=True)


if __name__ == "__main__":
    sys.exit(main())
