#!/usr/bin/python3
"""A stand-in for the service manager's NOTIFY_SOCKET (sd_notify), stdlib only.

usage: /usr/bin/python3 Tests/Fixtures/notify_listener.py [--wait-for PATH]
           NOTIFY LOG DAEMON_SOCKET -- PROGRAM [ARGS...]

Binds a SOCK_DGRAM Unix socket at NOTIFY (it must not exist), forks a
listener, and execs PROGRAM in its own place with NOTIFY_SOCKET=NOTIFY (so
PROGRAM keeps this process's pid, signals and exit status). With --wait-for,
it first waits up to 10 s for PATH to exist (under the umockdev preload a
/dev/input/eventN path is looked up in the testbed), so a device can be
plugged before PROGRAM starts.

The listener appends one JSON object per datagram to LOG, in arrival order:

  {"text": "READY=1\\nSTATUS=ready", "fields": {"READY": "1", "STATUS": "ready"},
   "received_usec": CLOCK_MONOTONIC at arrival,
   "queries": {...}}                          (only with READY=1)

At every READY=1, before it reads the next datagram, it connects to
DAEMON_SOCKET and asks `devices.list` (id 1), `menu.list` (id 2) and
`daemon.status` (id 3) on one connection: "queries" holds
{"devices.list": ANSWER, "menu.list": ANSWER, "daemon.status": ANSWER}
(the JSON-RPC answers), or {"error": "why"} when the socket refused or did
not answer within 5 s. So the log shows what a client saw at the moment the
daemon said it was ready.

The listener ends when PROGRAM exits (PR_SET_PDEATHSIG), after writing what
is already queued, or after 300 s at the latest.
Exit status (before the exec): 2 for usage errors, 3 when --wait-for times out.
"""
import ctypes
import json
import os
import signal
import socket
import sys
import time

QUERIES = [(1, "devices.list"), (2, "menu.list"), (3, "daemon.status")]
LIFETIME = 300


def query(path):
    """Both QUERIES on one connection to the daemon; answers by method."""
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
            conn.settimeout(5)
            conn.connect(path)
            for ident, method in QUERIES:
                line = {"jsonrpc": "2.0", "id": ident, "method": method}
                conn.sendall((json.dumps(line) + "\n").encode())
            stream = conn.makefile("rb")
            answers = {}
            while len(answers) < len(QUERIES):
                line = stream.readline()
                if not line:
                    return {"error": "the daemon closed the connection"}
                message = json.loads(line)
                answers[message.get("id")] = message
            return {method: answers[ident] for ident, method in QUERIES}
    except (OSError, ValueError, KeyError) as e:
        return {"error": f"{type(e).__name__}: {e}"}


def fields(text):
    return dict(line.split("=", 1) for line in text.split("\n") if "=" in line)


def listen(sock, log_path, daemon_socket):
    stopping = []
    signal.signal(signal.SIGTERM, lambda s, f: stopping.append(s))
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    deadline = time.monotonic() + LIFETIME
    with open(log_path, "a") as log:
        while time.monotonic() < deadline:
            # After SIGTERM (PROGRAM exited) only drain what is already queued.
            sock.settimeout(0 if stopping else 0.2)
            try:
                data = sock.recv(65536)
            except (BlockingIOError, socket.timeout):
                if stopping:
                    break
                continue
            except InterruptedError:
                continue
            text = data.decode("utf-8", "replace")
            entry = {"text": text, "fields": fields(text),
                     "received_usec": time.monotonic_ns() // 1000}
            if entry["fields"].get("READY") == "1":
                entry["queries"] = query(daemon_socket)
            log.write(json.dumps(entry) + "\n")
            log.flush()


def main(argv):
    wait_for = None
    if argv[:1] == ["--wait-for"] and len(argv) > 1:
        wait_for, argv = argv[1], argv[2:]
    if len(argv) < 5 or argv[3] != "--":
        sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
        return 2
    notify, log_path, daemon_socket, program = argv[0], argv[1], argv[2], argv[4:]
    if wait_for:
        deadline = time.monotonic() + 10
        while not os.path.exists(wait_for):
            if time.monotonic() > deadline:
                sys.stderr.write(f"notify_listener.py: {wait_for} did not appear within 10 s\n")
                return 3
            time.sleep(0.02)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(notify)
    if os.fork() == 0:
        try:
            devnull = os.open(os.devnull, os.O_RDWR)
            os.dup2(devnull, 0)
            os.dup2(devnull, 1)    # PROGRAM's stdout pipe must close when PROGRAM exits
            listen(sock, log_path, daemon_socket)
        finally:
            os._exit(0)
    sock.close()
    os.environ["NOTIFY_SOCKET"] = notify
    try:
        os.execvp(program[0], program)
    except OSError as e:
        sys.stderr.write(f"notify_listener.py: cannot start {program[0]}: {e}\n")
        return 127


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
