#!/usr/bin/python3
"""What configured commands may cost keymenud, against a live keymenud
(standard library only; run as root, keymenud not socket-activated, so the
socket's peer credentials name keymenud's pid).

usage: command_limits.py flood SELECTOR COUNT SHARE
       command_limits.py timeout DIR
       command_limits.py exhaust SELECTOR

flood: a drive client as uid 65534 invokes SELECTOR (a long-running
command) COUNT times, pipelined: SHARE are answered, the rest refused
with -32007; keymenud's live children and open descriptors grow by at most
SHARE (plus a little); once the children are killed, uid 65534 may run a
command again.

timeout: DIR/term.pid, DIR/stubborn.pid and DIR/orphan.pid are written by
three commands the test invoked (one that ends on SIGTERM, one that ignores
it, one that exits at once leaving a process in its group holding
KEYMENU_FD); each must be gone (no process, no zombie) within 8 s, and no
child of keymenud is left.

exhaust: opens connections until keymenud stops accepting (it runs under a
low RLIMIT_NOFILE), reads keymenud's CPU ticks over 3 s of exhaustion
(printed: `cpu ticks over 3 s: N`), fails above 30 (a spinning accept loop
burns 100-300), invokes SELECTOR three times on a held connection (no
descriptor for the command), then closes one connection: the waiting one
is answered.

Prints `command limits passed` and exits 0 when every check holds; prints
the first failure otherwise."""
import json
import os
import select
import signal
import socket
import struct
import sys
import time

PATH = os.environ["KEYMENU_SOCKET"]
NOBODY = 65534
TICKS = os.sysconf("SC_CLK_TCK")


def check(condition, what):
    if not condition:
        print("FAILED:", what, flush=True)
        os._exit(1)


class Client:
    def __init__(self, timeout=8):
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.connect(PATH)
        self.sock.settimeout(timeout)
        self.stream = self.sock.makefile("rb")
        self.next_id = 0

    def send(self, method, params=None):
        self.next_id += 1
        line = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            line["params"] = params
        self.sock.sendall((json.dumps(line) + "\n").encode())
        return self.next_id

    def read(self):
        line = self.stream.readline()
        return json.loads(line) if line else None

    def call(self, method, params=None):
        sent = self.send(method, params)
        while True:
            reply = self.read()
            if reply is None or reply.get("id") == sent:
                return reply

    def daemon_pid(self):
        creds = self.sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
        return struct.unpack("3i", creds)[0]

    def close(self):
        self.stream.close()
        self.sock.close()


def stat(pid):
    """(state, ppid, pgrp, utime + stime) of pid, or None when it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            text = f.read()
    except (FileNotFoundError, ProcessLookupError):
        return None
    fields = text[text.rindex(")") + 2:].split()
    return fields[0], int(fields[1]), int(fields[2]), int(fields[11]) + int(fields[12])


def children(parent):
    """(live, zombies): pids whose parent is `parent`."""
    live, zombies = [], []
    for name in os.listdir("/proc"):
        if name.isdigit():
            info = stat(int(name))
            if info and info[1] == parent:
                (zombies if info[0] == "Z" else live).append(int(name))
    return live, zombies


def in_group(group):
    """Live processes in process group `group`."""
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            info = stat(int(name))
            if info and info[2] == group and info[0] != "Z":
                found.append(int(name))
    return found


def descriptors(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


def flood(selector, count, share):
    admin = Client()
    check(admin.call("hello")["result"]["tier"] == "admin", "root is admin")
    daemon = admin.daemon_pid()
    before_fds = descriptors(daemon)
    before_children = len(children(daemon)[0])
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        os.setgroups([])
        os.setgid(NOBODY)
        os.setuid(NOBODY)
        try:
            client = Client()
            hello = client.call("hello")
            result = {"tier": hello["result"]["tier"], "ok": 0, "refused": 0, "other": []}
            for _ in range(count):
                client.send("selector.invoke", {"selector": selector})
            for _ in range(count):
                reply = client.read()
                if reply and "result" in reply:
                    result["ok"] += 1
                elif reply and reply["error"]["code"] == -32007:
                    result["refused"] += 1
                    result["message"] = reply["error"]["message"]
                else:
                    result["other"].append(reply)
        except Exception as error:
            result = {"failed": repr(error)}
        os.write(write_end, json.dumps(result).encode())
        os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end) as results:
        result = json.loads(results.read())
    os.waitpid(pid, 0)
    check("failed" not in result, f"the drive client: {result}")
    check(result["tier"] == "drive", f"uid {NOBODY} is drive: {result}")
    # The started commands hold their slots until they end.
    time.sleep(1.0)
    live, zombies = children(daemon)
    fds = descriptors(daemon)
    print(f"answered {result['ok']}, refused {result['refused']} of {count}; children {len(live)} "
          f"(+{len(live) - before_children}), zombies {len(zombies)}; descriptors {before_fds} -> {fds}",
          flush=True)
    try:
        check(result["ok"] == share and result["refused"] == count - share and not result["other"],
              f"{share} invokes answered, the rest refused with -32007: {result}")
        expected = f"limit reached: uid {NOBODY} already runs {share} commands (at most {share} per uid)"
        check(result.get("message", "").startswith(expected), f"the refusal says {result.get('message')!r}")
        check(len(live) - before_children <= share, f"at most {share} commands run: {len(live)} children")
        check(fds - before_fds <= share + 4, f"descriptors grew by {fds - before_fds}, more than {share} + 4")
        check(admin.call("daemon.status") is not None, "root is still answered")
    finally:
        for child in live:
            os.kill(child, signal.SIGKILL)
    # Reaped, the slots come back: uid 65534 runs a command again.
    deadline = time.monotonic() + 5
    while children(daemon)[0] or children(daemon)[1]:
        check(time.monotonic() < deadline, f"children left after SIGKILL: {children(daemon)}")
        time.sleep(0.05)
    pid = os.fork()
    if pid == 0:
        os.setgroups([])
        os.setgid(NOBODY)
        os.setuid(NOBODY)
        reply = Client().call("selector.invoke", {"selector": selector})
        os._exit(0 if reply and "result" in reply else 1)
    _, status = os.waitpid(pid, 0)
    check(status == 0, f"uid {NOBODY} may run a command again once its commands ended")
    time.sleep(0.5)
    for child in children(daemon)[0]:
        os.kill(child, signal.SIGKILL)


def timeout(directory):
    admin = Client()
    daemon = admin.daemon_pid()
    pids = {}
    deadline = time.monotonic() + 5
    for name in ("term", "stubborn", "orphan"):
        path = os.path.join(directory, name + ".pid")
        while not os.path.exists(path) or not open(path).read().strip():
            check(time.monotonic() < deadline, f"{name}.pid was not written")
            time.sleep(0.02)
        pids[name] = int(open(path).read().split()[0])
    deadline = time.monotonic() + 8
    while True:
        left = {name: in_group(pid) for name, pid in pids.items()}
        live, zombies = children(daemon)
        if not any(left.values()) and not live and not zombies:
            break
        check(time.monotonic() < deadline,
              f"left after timeout_ms and the grace: {left}, children {live}, zombies {zombies}")
        time.sleep(0.05)
    for name, pid in pids.items():
        check(stat(pid) is None, f"{name} (pid {pid}) is reaped, no zombie")


def exhaust(selector):
    held = []
    waiting = None
    while True:
        client = Client()
        client.send("hello")
        if not select.select([client.sock], [], [], 1.0)[0]:
            waiting = client     # in the backlog: keymenud has no descriptor to accept it
            break
        reply = client.read()
        check(reply and "result" in reply, f"connection {len(held) + 1}: {reply}")
        held.append(client)
        check(len(held) < 2000, "keymenud never ran out of descriptors")
    daemon = held[0].daemon_pid()
    print(f"keymenud holds {descriptors(daemon)} descriptors with {len(held)} connections", flush=True)
    # Commands cannot start now: no descriptor for their KEYMENU_FD.
    for _ in range(3):
        reply = held[0].call("selector.invoke", {"selector": selector})
        check(reply is not None, "a held connection is answered")
    before = stat(daemon)[3]
    time.sleep(3)
    ticks = stat(daemon)[3] - before
    print(f"cpu ticks over 3 s: {ticks} ({TICKS} per second)", flush=True)
    check(ticks <= 30, f"keymenud spins while out of descriptors: {ticks} ticks in 3 s")
    # One connection goes: the waiting one is accepted and answered.
    held.pop().close()
    reply = waiting.read()
    check(reply and reply.get("result", {}).get("tier") == "admin", f"the waiting client is answered: {reply}")
    for client in held:
        client.close()
    # A second with descriptors to spare ends the burst (logged); then a
    # new connection is answered at once.
    time.sleep(1.5)
    reply = Client().call("hello")
    check(reply and "result" in reply, f"a new connection is answered: {reply}")


mode = sys.argv[1]
if mode == "flood":
    flood(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
elif mode == "timeout":
    timeout(sys.argv[2])
elif mode == "exhaust":
    exhaust(sys.argv[2])
else:
    check(False, f"unknown mode {mode}")
print("command limits passed", flush=True)
