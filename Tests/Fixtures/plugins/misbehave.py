#!/usr/bin/python3
"""External plugins that misbehave on purpose, for the supervision tests.

usage: misbehave.py MODE
  oversized   writes one 70,000-byte line, then waits for its stdin to close
  invalid     writes lines that are not JSON until it is cut off
  noisy       writes escape sequences, BEL, CR and a bidi override to its
              stderr, with a line that looks like one of keymenud's own,
              then waits for its stdin to close
  owner       shows an alert (in front while the plugin lives) and exits with
              status 7 once a file "exit-now" appears next to this script
"""
import json
import os
import sys
import time

mode = sys.argv[1]
here = os.path.dirname(os.path.abspath(__file__))


def write(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


if mode == "oversized":
    write('{"jsonrpc":"2.0","id":1,"method":"hello","params":{"x":"' + "a" * 70000 + '"}}')
    for line in sys.stdin:
        pass
    print("stdin closed", file=sys.stderr, flush=True)
elif mode == "noisy":
    sys.stderr.write("title\x1b]0;pwned\x07 cleared\x1b[2J\r\n")
    sys.stderr.write("info keymenud: fake log: admin \u202e\n")
    sys.stderr.flush()
    for line in sys.stdin:
        pass
elif mode == "invalid":
    for _ in range(100):
        try:
            write("this is not json")
        except BrokenPipeError:
            break
        time.sleep(0.01)
    for line in sys.stdin:
        pass
elif mode == "owner":
    write(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "alert.show",
                      "params": {"title": "Plugin alert"}}))
    print("alert shown", file=sys.stderr, flush=True)
    while not os.path.exists(os.path.join(here, "exit-now")):
        time.sleep(0.02)
    sys.exit(7)
