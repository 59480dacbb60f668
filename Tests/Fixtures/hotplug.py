#!/usr/bin/python3
"""Scenario-driven hot-plug driver for emulated evdev devices (umockdev 0.17.16).

usage: /usr/bin/python3 Tests/Fixtures/hotplug.py SCENARIO -- PROGRAM [ARGS...]

SCENARIO is a file, or - for stdin. The driver creates a umockdev testbed
(with <root>/dev/input/.keep, so inotify watches on /dev/input work), starts
PROGRAM with UMOCKDEV_DIR=<root> and the umockdev preload library, copies each
line PROGRAM writes on stdout to its own stdout as it arrives, and runs the
scenario, one command per line:

  # comment / blank line        ignored
  wait MS                       sleep MS milliseconds
  plug N PROFILE                plug Tests/Fixtures/devices/PROFILE.{umockdev,ioctl}
                                as /dev/input/eventN (sysfs inputN, dev 13:64+N).
                                A variant such as keyboard-held-leftctrl uses
                                keyboard.umockdev with keyboard-held-leftctrl.ioctl.
                                An N can be plugged once per run (umockdev aborts
                                when a removed node number is added again).
  key N KEYNAME VALUE [AGO_MS]  EV_KEY KEYNAME VALUE + SYN_REPORT on eventN
                                (KEY_A, BTN_LEFT, ...; a bare A means KEY_A),
                                stamped now, or AGO_MS milliseconds ago (a key
                                pressed before, still on its way)
  raw N TYPE CODE VALUE         one input_event; TYPE/CODE are names or numbers
  unplug N                      remove eventN: remove uevents, sysfs, PTY hang-up
  expect REGEX [TIMEOUT_MS]     wait (default 5000 ms) for a PROGRAM stdout line
                                matching REGEX (Python re.search), looking at the
                                lines not consumed by earlier expects; the match
                                and the lines before it are consumed. Quote a
                                REGEX with spaces: 'KEY_A 0' or "KEY_A 0"
                                (backslashes are kept as written).
  signal NAME                   send SIGNAME (TERM, INT, KILL, HUP, ...) to PROGRAM
  exit                          wait up to 5 s for PROGRAM to exit
                                (else SIGKILL it and exit 3)
  spawn NAME ARGV...            start a client ARGV (shell-quoted words) in the
                                background, outside the testbed (no preload),
                                with its stdout and stderr captured
  reap NAME STATUS [REGEX]      wait up to 10 s for client NAME to exit; fail
                                unless it exits with STATUS and, if given, its
                                stdout matches REGEX (quote it if it has spaces)
  until MS ARGV...              run ARGV (no preload) every 20 ms until it exits
                                0; fail after MS milliseconds

Without a final `exit` the driver sends SIGTERM and then does `exit`.
Exit status: PROGRAM's exit status (128+N if killed by signal N); 3 when an
expect fails, PROGRAM does not exit in time or a device write blocks (PROGRAM
is then SIGKILLed); 2 for usage or scenario errors (found before PROGRAM runs).
PROGRAM runs in its own process group; the driver SIGKILLs that group on
every way out (leftover children too), and PROGRAM gets PR_SET_PDEATHSIG in
case the driver itself is SIGKILLed.

PROGRAM's stdout is a pipe: it must flush each line (C stdio and Swift print
buffer a pipe fully: setvbuf(stdout, NULL, _IOLBF, 0) or fflush). Its stderr
is passed through. Set HOTPLUG_TRACE=1 to log each step with a timestamp on
stderr.
"""
import ctypes
import os
import re
import shlex
import signal
import struct
import subprocess
import sys
import threading
import time

PRELOAD = "libumockdev-preload.so.0"
if PRELOAD not in os.environ.get("LD_PRELOAD", ""):
    # uevent() in this process needs the preload too ("uevent_sender_send: No such device")
    os.environ["LD_PRELOAD"] = (PRELOAD + " " + os.environ.get("LD_PRELOAD", "")).strip()
    os.execv(sys.executable, [sys.executable] + sys.argv)

HERE = os.path.dirname(os.path.abspath(__file__))
DEVICES = os.path.join(HERE, "devices")
CODES_H = "/usr/include/linux/input-event-codes.h"
EVENT = struct.Struct("=qqHHi")        # struct input_event on x86_64
TRACE = os.environ.get("HOTPLUG_TRACE") == "1"
T0 = time.monotonic()


class ScenarioError(Exception):
    pass


def log(msg):
    print(f"hotplug.py: {msg}", file=sys.stderr, flush=True)


def trace(msg):
    if TRACE:
        log(f"[{(time.monotonic() - T0) * 1000:8.1f} ms] {msg}")


def load_codes(path=CODES_H):
    """Name -> value for every #define in input-event-codes.h (numbers and aliases)."""
    codes = {}
    with open(path) as f:
        for line in f:
            m = re.match(r"#define\s+(\w+)\s+(\w+)", line)
            if not m:
                continue
            name, val = m.groups()
            if val in codes:
                codes[name] = codes[val]
            else:
                try:
                    codes[name] = int(val, 0)
                except ValueError:
                    pass
    return codes


def number(text, what):
    try:
        return int(text, 0)
    except ValueError:
        raise ScenarioError(f"{what} must be an integer, not {text!r}")


def profile_file(profile, ext):
    path = os.path.join(DEVICES, f"{profile}.{ext}")
    if ext == "umockdev" and not os.path.exists(path):    # variant: base profile's sysfs
        path = os.path.join(DEVICES, f"{profile.split('-')[0]}.{ext}")
    return path


def parse(lines, codes):
    """Check the whole scenario before anything runs; return [(lineno, cmd, args)]."""
    steps, plugged, used = [], set(), set()

    def code(text, prefixes):
        if re.fullmatch(r"-?(0x[0-9a-fA-F]+|\d+)", text):
            return int(text, 0)
        for p in prefixes:
            if p + text in codes:
                return codes[p + text]
        raise ScenarioError(f"unknown code {text!r}")

    def node(text):
        n = number(text, "N")
        if n not in plugged:
            raise ScenarioError(f"event{n} is not plugged")
        return n

    for lineno, line in enumerate(lines, 1):
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        cmd, args = words[0], words[1:]
        try:
            arity = {"wait": 1, "plug": 2, "key": 3, "raw": 4, "unplug": 1,
                     "signal": 1, "exit": 0}.get(cmd)
            if cmd in ("spawn", "reap", "until"):
                try:
                    words = shlex.split(line)
                except ValueError as e:
                    raise ScenarioError(str(e))
                if len(words) < 3:
                    raise ScenarioError(f"{cmd} needs more arguments")
                if cmd == "spawn":
                    args = [words[1], words[2:]]
                elif cmd == "reap":
                    if len(words) > 4:
                        raise ScenarioError("usage: reap NAME STATUS [REGEX]")
                    args = [words[1], number(words[2], "STATUS"),
                            re.compile(words[3]) if len(words) == 4 else None]
                else:
                    args = [number(words[1], "MS"), words[2:]]
            elif cmd == "expect":
                lex = shlex.shlex(line, posix=True)
                lex.whitespace_split, lex.escape, lex.commenters = True, "", ""
                try:
                    words = list(lex)
                except ValueError as e:
                    raise ScenarioError(str(e))
                if len(words) not in (2, 3):
                    raise ScenarioError("usage: expect REGEX [TIMEOUT_MS] "
                                        "(quote a REGEX that contains spaces)")
                try:
                    args = [re.compile(words[1]),
                            number(words[2], "TIMEOUT_MS") if len(words) == 3 else 5000]
                except re.error as e:
                    raise ScenarioError(f"bad regex {words[1]!r}: {e}")
            elif arity is None:
                raise ScenarioError(f"unknown command {cmd!r}")
            elif len(args) != arity and not (cmd == "key" and len(args) == 4):
                raise ScenarioError(f"{cmd} takes {arity} argument(s), got {len(args)}")
            elif cmd == "wait":
                args = [number(args[0], "MS")]
            elif cmd == "plug":
                n, profile = number(args[0], "N"), args[1]
                if n in used:
                    raise ScenarioError(f"event{n} was plugged before; use a new N "
                                        "(umockdev 0.17.16 aborts on a reused node)")
                files = [profile_file(profile, "umockdev"), profile_file(profile, "ioctl")]
                for f in files:
                    if not os.path.exists(f):
                        raise ScenarioError(f"no device profile file {f}")
                plugged.add(n)
                used.add(n)
                args = [n] + files
            elif cmd == "key":
                args = [node(args[0]), code(args[1], ["", "KEY_"]), number(args[2], "VALUE")] + [
                    number(a, "AGO_MS") for a in args[3:]]
            elif cmd == "raw":
                args = [node(args[0]), code(args[1], ["", "EV_"]),
                        code(args[2], [""]), number(args[3], "VALUE")]
            elif cmd == "unplug":
                n = node(args[0])
                plugged.discard(n)
                args = [n]
            elif cmd == "signal":
                name = args[0].upper()
                name = name if name.startswith("SIG") else "SIG" + name
                if not isinstance(getattr(signal, name, None), signal.Signals):
                    raise ScenarioError(f"unknown signal {args[0]!r}")
                args = [getattr(signal, name)]
        except ScenarioError as e:
            raise ScenarioError(f"line {lineno}: {line.strip()}: {e}")
        steps.append((lineno, cmd, args))
    return steps


class Output:
    """Reads PROGRAM's stdout in a thread, echoes it, and lets expect() wait on it."""

    def __init__(self, stream):
        self.lines, self.pos, self.eof = [], 0, False
        self.cond = threading.Condition()
        self.thread = threading.Thread(target=self._run, args=(stream,), daemon=True)
        self.thread.start()

    def _run(self, stream):
        for raw in iter(stream.readline, b""):
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            try:
                sys.stdout.write(line + "\n")
                sys.stdout.flush()
            except (BrokenPipeError, ValueError):
                pass                       # keep draining so PROGRAM never blocks
            with self.cond:
                self.lines.append(line)
                self.cond.notify_all()
        with self.cond:
            self.eof = True
            self.cond.notify_all()

    def expect(self, regex, timeout_ms):
        """Return None on a match, else the reason it failed."""
        deadline = time.monotonic() + timeout_ms / 1000
        with self.cond:
            scanned = self.pos
            while True:
                for i in range(scanned, len(self.lines)):
                    if regex.search(self.lines[i]):
                        self.pos = i + 1
                        return None
                scanned = len(self.lines)
                if self.eof:
                    return "PROGRAM closed its stdout (exited?)"
                left = deadline - time.monotonic()
                if left <= 0:
                    return f"timed out after {timeout_ms} ms"
                self.cond.wait(left)

    def unconsumed(self):
        with self.cond:
            return self.lines[self.pos:]


class Devices:
    """Plug/unplug/type on a umockdev testbed (the four-step unplug of TESTING.md 1a)."""

    def __init__(self):
        import gi
        gi.require_version("UMockdev", "1.0")
        from gi.repository import UMockdev
        self.tb = UMockdev.Testbed.new()
        self.root = self.tb.get_root_dir()
        os.makedirs(os.path.join(self.root, "dev", "input"), exist_ok=True)
        # keeps <root>/dev/input (and inotify watches on it) alive when the last device goes
        open(os.path.join(self.root, "dev", "input", ".keep"), "w").close()
        self.plugged = {}                  # N -> (fd, [sysfs paths, child first])

    @staticmethod
    def rewrite(text, n):
        """Renumber a profile's eventK/inputK/minor to N (names, phys etc. stay)."""
        k = re.search(r"^N: input/event(\d+)", text, re.M).group(1)
        out = []
        for line in text.splitlines():
            if line[:3] in ("P: ", "N: ", "L: ") or line.startswith("E: DEVNAME="):
                line = re.sub(rf"\b(input|event){k}\b", rf"\g<1>{n}", line)
            elif line.startswith("E: MINOR="):
                line = f"E: MINOR={64 + n}"
            elif line.startswith("A: dev=13:"):
                line = f"A: dev=13:{64 + n}"
            out.append(line)
        return "\n".join(out) + "\n"

    def plug(self, n, umockdev_file, ioctl_file):
        with open(umockdev_file) as f:
            text = self.rewrite(f.read(), n)
        node = f"/dev/input/event{n}"
        self.tb.load_ioctl(node, ioctl_file)   # first: add_from_string sends the add uevent
        self.tb.add_from_string(text)      # creates sysfs + PTY node, sends "add" for both
        fd = self.tb.get_dev_fd(node)
        os.set_blocking(fd, False)         # a full PTY (~4 KB unread) must not hang us
        paths = ["/sys" + line[3:] for line in text.splitlines() if line.startswith("P: ")]
        self.plugged[n] = (fd, paths)

    def write(self, n, events, ago_ms=0):
        fd = self.plugged[n][0]
        t = time.time() - ago_ms / 1000
        data = b"".join(EVENT.pack(int(t), int(t % 1 * 1e6), *ev) for ev in events)
        deadline = time.monotonic() + 2
        while data:
            try:
                data = data[os.write(fd, data):]
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"event{n}: PTY full for 2 s (PROGRAM not reading?)")
                time.sleep(0.005)

    def unplug(self, n):
        fd, paths = self.plugged.pop(n)
        for p in paths:                    # remove_device() sends no uevent itself
            self.tb.uevent(p, "remove")
        for p in paths:
            self.tb.remove_device(p)
        # Hang up the PTY: readers get POLLHUP|POLLERR, read() == 0. dup2 closes the
        # master but keeps the fd number taken, so umockdev's own close at teardown
        # cannot hit a reused descriptor.
        devnull = os.open(os.devnull, os.O_RDWR)
        os.dup2(devnull, fd)
        os.close(devnull)
        ptymap = os.path.join(self.root, "dev", ".ptymap")
        for name in os.listdir(ptymap) if os.path.isdir(ptymap) else []:
            entry = os.path.join(ptymap, name)   # _dev_pts_K -> "13:MINOR"
            if os.path.islink(entry) and os.readlink(entry) == f"13:{64 + n}":
                os.unlink(entry)


def child_setup():
    os.setpgid(0, 0)             # own process group, so a kill also reaches its children
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def kill(child):
    """SIGKILL PROGRAM and whatever it started in its process group."""
    try:
        os.killpg(child.pid, signal.SIGKILL)
    except OSError:              # group already gone
        pass
    child.wait()


def client_env():
    """The environment for clients: the driver's, without the preload."""
    env = dict(os.environ)
    env["LD_PRELOAD"] = " ".join(p for p in env.get("LD_PRELOAD", "").split()
                                 if "umockdev" not in p)
    return env


def run(steps, program):
    devs = Devices()
    clients = {}
    env = dict(os.environ, UMOCKDEV_DIR=devs.root)
    try:
        child = subprocess.Popen(program, stdout=subprocess.PIPE, env=env, preexec_fn=child_setup)
    except OSError as e:
        log(f"cannot start {program[0]}: {e}")
        return 127
    out = Output(child.stdout)
    trace(f"started {program[0]} pid {child.pid}, testbed {devs.root}")

    def fail(msg):
        log(msg)
        kill(child)
        return 3

    def finish():
        try:
            child.wait(timeout=5)
        except subprocess.TimeoutExpired:
            return fail("PROGRAM did not exit within 5 s; killed")
        kill(child)              # leftovers in its process group would hold the pipe
        out.thread.join(timeout=2)
        rc = child.returncode
        trace(f"PROGRAM exited with {rc}")
        return 128 - rc if rc < 0 else rc

    lineno = 0
    try:
        for lineno, cmd, args in steps:
            trace(f"line {lineno}: {cmd} {' '.join(map(str, args))}")
            if cmd == "wait":
                time.sleep(args[0] / 1000)
            elif cmd == "plug":
                devs.plug(*args)
            elif cmd == "key":
                devs.write(args[0], [(1, args[1], args[2]), (0, 0, 0)], *args[3:4])
            elif cmd == "raw":
                devs.write(args[0], [tuple(args[1:])])
            elif cmd == "unplug":
                devs.unplug(args[0])
            elif cmd == "signal":
                if child.poll() is None:
                    child.send_signal(args[0])
            elif cmd == "expect":
                why = out.expect(*args)
                if why:
                    seen = out.unconsumed()
                    return fail(f"line {lineno}: expect /{args[0].pattern}/: {why}; "
                                f"unconsumed PROGRAM output ({len(seen)} lines):"
                                + "".join("\n  | " + s for s in seen))
            elif cmd == "spawn":
                clients[args[0]] = subprocess.Popen(
                    args[1], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=client_env())
            elif cmd == "reap":
                client = clients.pop(args[0], None)
                if client is None:
                    return fail(f"line {lineno}: no client {args[0]}")
                try:
                    stdout, stderr = client.communicate(timeout=10)
                except subprocess.TimeoutExpired:
                    client.kill()
                    return fail(f"line {lineno}: client {args[0]} did not exit within 10 s")
                text = stdout.decode(errors="replace")
                log(f"client {args[0]} exited {client.returncode}; stdout {text!r}; "
                    f"stderr {stderr.decode(errors='replace')!r}")
                if client.returncode != args[1]:
                    return fail(f"line {lineno}: client {args[0]} exited {client.returncode}, "
                                f"expected {args[1]}")
                if args[2] is not None and not args[2].search(text):
                    return fail(f"line {lineno}: client {args[0]} printed {text!r}, "
                                f"expected /{args[2].pattern}/")
            elif cmd == "until":
                deadline = time.monotonic() + args[0] / 1000
                while subprocess.run(args[1], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                     env=client_env()).returncode != 0:
                    if time.monotonic() > deadline:
                        return fail(f"line {lineno}: {' '.join(args[1])} did not succeed "
                                    f"within {args[0]} ms")
                    time.sleep(0.02)
            elif cmd == "exit":
                return finish()
        if child.poll() is None:
            child.terminate()
        return finish()
    except Exception as e:       # umockdev (GLib.Error), device writes, ...
        return fail(f"line {lineno}: {type(e).__name__}: {e}")
    finally:
        for client in clients.values():
            client.kill()
            client.wait()
        kill(child)              # also reaps leftovers of an exited PROGRAM's group


def main(argv):
    if len(argv) < 3 or argv[1] != "--":
        sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
        return 2
    for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):  # run the finally clauses
        signal.signal(sig, lambda s, f: sys.exit(128 + s))
    try:
        if argv[0] == "-":
            lines = sys.stdin.read().splitlines()
        else:
            with open(argv[0]) as f:
                lines = f.read().splitlines()
        steps = parse(lines, load_codes())
    except (OSError, ScenarioError) as e:
        log(f"{argv[0]}: {e}")
        return 2
    return run(steps, argv[2:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
