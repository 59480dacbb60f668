#!/usr/bin/python3
"""Partial request lines against a live keymenud started with
KEYMENU_LINE_TIMEOUT_MS (standard library only): a line begun and not
completed is answered -32600 (id null) and the connection closed; a line
completed in time is served; an idle connection that holds nothing stays.
Exits 0 when every check holds; prints the first failure otherwise."""
import json
import os
import socket
import sys
import time

PATH = os.environ["KEYMENU_SOCKET"]
DEADLINE_MS = int(sys.argv[1])


def check(condition, what):
    if not condition:
        print("FAILED:", what, flush=True)
        sys.exit(1)


def connect():
    sock = socket.socket(socket.AF_UNIX)
    sock.connect(PATH)
    sock.settimeout(DEADLINE_MS / 1000 * 5)     # a deadline that never fires fails rather than hangs
    return sock, sock.makefile("rb")


def read(stream):
    try:
        line = stream.readline()
    except socket.timeout:
        check(False, "no answer within 5 times the deadline")
    return json.loads(line) if line else None


idle, idle_stream = connect()

# In time: half a line, a pause well within the deadline, the rest.
prompt, prompt_stream = connect()
prompt.sendall(b'{"jsonrpc":"2.0","id":7,')
time.sleep(DEADLINE_MS / 1000 / 5)
prompt.sendall(b'"method":"hello"}\n')
reply = read(prompt_stream)
check(reply and reply.get("id") == 7 and "result" in reply, f"a line completed in time is served: {reply}")

# Never completed: answered and closed after the deadline (the read waits for it).
slow, slow_stream = connect()
slow.sendall(b'{"jsonrpc":"2.0","id":8,"method":"hel')
reply = read(slow_stream)
seconds = f"{DEADLINE_MS / 1000:g}"
expected = f"request line not completed within {seconds} s; closing the connection"
check(reply and reply.get("id", "missing") is None and reply.get("error", {}).get("code") == -32600,
      f"a line not completed is -32600 with id null: {reply}")
check(reply["error"]["message"] == expected, f"the message says why: {reply['error']['message']!r}")
check(read(slow_stream) is None, "the connection is closed after the error")

# The prompt client (whole lines) and the idle one are still served.
prompt.sendall(b'{"jsonrpc":"2.0","id":9,"method":"hello"}\n')
check("result" in read(prompt_stream), "a client that sends whole lines stays")
idle.sendall(b'{"jsonrpc":"2.0","id":10,"method":"hello"}\n')
check("result" in read(idle_stream), "an idle client that holds nothing stays")
print("slow line checks passed", flush=True)
