#!/usr/bin/python3
"""The per-uid share of connections against a live keymenud (standard library
only; run as root, the socket reachable by uid 65534 and uid 1).

A child process as uid 65534 opens its 64 connections (each answers hello)
and is refused the 65th with -32003, three times; meanwhile root and uid 1
still connect and hello works. When the child lets its connections go, uid
65534 connects again. Exits 0 when every check holds; prints the first
failure otherwise."""
import json
import os
import socket
import sys
import time

PATH = os.environ["KEYMENU_SOCKET"]
SHARE = 64
NOBODY = 65534


def check(condition, what):
    if not condition:
        print("FAILED:", what, flush=True)
        os._exit(1)


class Client:
    def __init__(self):
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.connect(PATH)
        self.sock.settimeout(8)     # a refusal that never comes fails rather than hangs
        self.stream = self.sock.makefile("rb")

    def read(self):
        line = self.stream.readline()
        return json.loads(line) if line else None

    def hello(self):
        self.sock.sendall(b'{"jsonrpc":"2.0","id":1,"method":"hello"}\n')
        return self.read()

    def close(self):
        self.stream.close()
        self.sock.close()


def as_user(uid, work):
    """Runs `work` in a child as `uid`; returns (pipe to the child, pid). The
    child writes one line of result to the pipe and waits for the parent to
    close its end of the second pipe."""
    results_read, results_write = os.pipe()
    release_read, release_write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(results_read)
        os.close(release_write)
        os.setgroups([])
        os.setgid(uid)
        os.setuid(uid)
        try:
            message = work()
        except Exception as error:  # report, never fall into the parent's code
            message = f"FAILED: {error!r}"
        os.write(results_write, (message + "\n").encode())
        os.read(release_read, 1)    # until the parent closes its end
        os._exit(0)
    os.close(results_write)
    os.close(release_read)
    return os.fdopen(results_read), release_write, pid


def hold_share():
    held = []
    for n in range(SHARE):
        client = Client()
        reply = client.hello()
        if not reply or reply.get("result", {}).get("tier") != "observe":
            return f"FAILED: connection {n + 1} of uid {NOBODY}: {reply}"
        held.append(client)
    for attempt in range(3):
        extra = Client()
        reply = extra.read()
        error = (reply or {}).get("error", {})
        if error.get("code") != -32003 or reply.get("id") is not None:
            return f"FAILED: connection {SHARE + 1} (attempt {attempt + 1}) was not refused with -32003: {reply}"
        expected = f"too many connections from uid {NOBODY} (at most {SHARE} per user); try again later"
        if error.get("message") != expected:
            return f"FAILED: the refusal says {error.get('message')!r}"
        if extra.read() is not None:
            return "FAILED: the refused connection stays open"
        extra.close()
    globals()["kept"] = held    # held open until the parent says so
    return "held"


def hello_once():
    reply = Client().hello()
    return "hello ok" if reply and "result" in reply else f"FAILED: {reply}"


def hello_when_closes_are_seen():
    # The holder's connections close asynchronously: give the daemon up to 5 s.
    for _ in range(250):
        reply = Client().hello()
        if reply and "result" in reply:
            return "hello ok"
        time.sleep(0.02)
    return f"FAILED: still refused: {reply}"


results, release, holder = as_user(NOBODY, hold_share)
line = results.readline().strip()
check(line == "held", f"uid {NOBODY} holds its share: {line}")

root_reply = Client().hello()
check(root_reply and root_reply["result"]["tier"] == "admin", f"root still connects: {root_reply}")
other_results, other_release, other = as_user(1, hello_once)
line = other_results.readline().strip()
check(line == "hello ok", f"uid 1 still connects: {line}")
os.close(other_release)
os.waitpid(other, 0)

# The holder lets go; uid 65534 is under its share again.
os.close(release)
os.waitpid(holder, 0)
again_results, again_release, again = as_user(NOBODY, hello_when_closes_are_seen)
line = again_results.readline().strip()
os.close(again_release)
os.waitpid(again, 0)
check(line == "hello ok", f"uid {NOBODY} connects again after letting go: {line}")
print("share checks passed", flush=True)
