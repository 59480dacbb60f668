#!/usr/bin/env python3
"""Writes the generated part of the seed corpus in Fuzz/corpus/ (stdlib only).

    python3 Fuzz/seeds.py           # rewrite the seed-* files
    python3 Fuzz/seeds.py --check   # exit 1 if a seed-* file is stale or missing

Seeds are small real inputs, one file each:

- rpc-line: every request line (`→ {...}`) of docs/PROTOCOL.md;
- dispatch: the same requests sent by an admin, drive, observe or plugin
  client, plus scenarios with key presses (docs/FUZZING.md has the format);
- config: examples/keymenu.toml, the TOML blocks of docs/CONFIGURATION.md,
  the configuration texts of Tests/KeyMenuConfigTests, and a main file with
  a drop-in;
- keys: Tests/Fixtures/events/*.events and Tests/KeyMenuCoreTests/Golden/*
  as 25-byte records (control byte + struct input_event).

Files not named seed-* (crash inputs kept as regressions) are left alone.
"""
import glob
import os
import re
import struct
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "Fuzz", "corpus")
CODES_HEADER = "/usr/include/linux/input-event-codes.h"


def protocol_requests():
    text = open(os.path.join(ROOT, "docs", "PROTOCOL.md"), encoding="utf-8").read()
    return [line.encode() for line in re.findall(r"^→ (\{.*\})\s*$", text, re.M)]


def command(op, argument):
    """A dispatch harness step: 0xFF, the command, its argument."""
    return bytes([0xFF, op, argument])


USE, PRESS, MODIFIER, ADVANCE, HANG_UP = 0, 1, 2, 3, 4
ENTER, ESC, UP, DOWN, KEY_MENU, KEY_HOME = 0, 1, 2, 3, 11, 12


def dispatch_seeds(requests):
    seeds = {}
    for slot, name in enumerate(["admin", "drive", "observe", "plugin"]):
        seeds[f"requests-{name}"] = b"\n".join([command(USE, slot)] + requests) + b"\n"
    seeds["alert-answered-by-key"] = b"\n".join([
        b'{"jsonrpc":"2.0","id":1,"method":"events.subscribe","params":{"topics":["alert","keys","selector"]}}',
        b'{"jsonrpc":"2.0","id":2,"method":"alert.show","params":{"title":"Sure?","buttons":["No","Yes"]}}',
        command(PRESS, DOWN), command(PRESS, ENTER),
        b'{"jsonrpc":"2.0","id":3,"method":"alert.show","params":{"title":"Wait","timeout_ms":300}}',
        command(ADVANCE, 5),
    ]) + b"\n"
    seeds["menu-and-wrap"] = b"\n".join([
        command(USE, 3),
        b'{"jsonrpc":"2.0","id":1,"method":"menu.define","params":{"name":"mine","title":"Mine",'
        b'"items":[{"title":"Restart","notify":true},{"separator":true},{"title":"Logs","keep_open":true}]}}',
        b'{"jsonrpc":"2.0","id":2,"method":"selector.wrap","params":{"selector":"$s0","mode":"replace"}}',
        b'{"jsonrpc":"2.0","id":3,"method":"menu.show","params":{"name":"mine"}}',
        command(PRESS, ENTER),
        b'{"jsonrpc":"2.0","id":4,"method":"selector.original","params":{"wrapper":1}}',
        b'{"jsonrpc":"2.0","id":5,"method":"menu.show","params":{"name":"mine"}}',
        b'{"jsonrpc":"2.0","id":6,"method":"menu.close","params":{"id":"$f"}}',
        command(USE, 0),
        b'{"jsonrpc":"2.0","id":7,"method":"menu.close","params":{"id":"$f"}}',
        b'{"jsonrpc":"2.0","id":8,"method":"selector.invoke","params":{"selector":"$s1"}}',
        b'{"jsonrpc":"2.0","id":9,"method":"menu.remove","params":{"name":"mine"}}',
    ]) + b"\n"
    seeds["hotkeys"] = b"\n".join([
        command(PRESS, KEY_MENU), command(PRESS, DOWN), command(PRESS, ENTER), command(PRESS, ESC),
        command(MODIFIER, 0), command(MODIFIER, 1), command(PRESS, 18), command(MODIFIER, 0), command(MODIFIER, 1),
        command(PRESS, KEY_HOME), command(ADVANCE, 40),
        b'{"jsonrpc":"2.0","id":"r","method":"config.reload"}',
        command(HANG_UP, 0),
        b'{"jsonrpc":"2.0","id":1,"method":"menu.show","params":{"name":"main"}}',
    ])
    return seeds


def config_seeds():
    seeds = {"example": open(os.path.join(ROOT, "examples", "keymenu.toml"), "rb").read()}
    text = open(os.path.join(ROOT, "docs", "CONFIGURATION.md"), encoding="utf-8").read()
    for index, block in enumerate(re.findall(r"```toml\n(.*?)```", text, re.S)):
        seeds[f"configuration-md-{index}"] = block.encode()
    for path in sorted(glob.glob(os.path.join(ROOT, "Tests", "KeyMenuConfigTests", "*.swift"))):
        source = open(path, encoding="utf-8").read()
        for index, (body, indent) in enumerate(re.findall(r'"""\n(.*?)\n([ ]*)"""', source, re.S)):
            if "\\" in body:  # escapes and interpolations: not plain TOML
                continue
            lines = [line[len(indent):] if line.startswith(indent) else line.lstrip() for line in body.split("\n")]
            name = os.path.basename(path).removesuffix(".swift")
            seeds[f"test-{name}-{index}"] = ("\n".join(lines) + "\n").encode()
    seeds["drop-in"] = (
        b'[menus.main]\ntitle = "Main"\nitems = [{ title = "A", invoke = "x.y" }]\n'
        b"\n#--- conf.d ---\n"
        b'[[hotkeys]]\nkey = "ctrl+alt+m"\nmenu = "main"\n[devices]\ngrab = "always"\n'
    )
    return seeds


def event_codes():
    codes = {}
    for name, value in re.findall(r"#define\s+((?:EV|SYN|KEY|BTN|MSC|REL|ABS|LED)_\w+)\s+(0x[0-9a-fA-F]+|\d+)\b",
                                  open(CODES_HEADER).read()):
        codes.setdefault(name, int(value, 0))
    return codes


def record(device, operation, seconds, micros, type_, code, value):
    control = ((device - 1) & 3) | (operation << 2)
    return bytes([control]) + struct.pack("<qqHHi", seconds, micros, type_, code, value)


def parse_time(word):
    seconds, micros = word.split(".")
    return int(seconds), int(micros)


def key_seeds():
    seeds = {}
    for path in sorted(glob.glob(os.path.join(ROOT, "Tests", "Fixtures", "events", "*.events"))):
        data = b""
        for line in open(path):
            fields = line.split()
            if fields[:1] != ["E:"]:
                continue
            seconds, micros = parse_time(fields[1])
            data += record(1, 0, seconds, micros, int(fields[2], 16), int(fields[3], 16), int(fields[4]))
        seeds["events-" + os.path.basename(path).removesuffix(".events")] = data
    codes = event_codes()
    for path in sorted(glob.glob(os.path.join(ROOT, "Tests", "KeyMenuCoreTests", "Golden", "*.golden"))):
        data = b""
        for line in open(path):
            words = line.split("#")[0].split()
            if words == ["---"]:
                break
            if not words:
                continue
            if words[0] in ("resync", "remove"):
                seconds, micros = parse_time(words[2])
                data += record(int(words[1]), 2 if words[0] == "resync" else 3, seconds, micros, 0, 0, 0)
                continue
            operation = 1 if words[0] == "sync" else 0
            if operation:
                words = words[1:]
            seconds, micros = parse_time(words[1])
            code = codes[words[3]] if words[3] in codes else int(words[3])
            data += record(int(words[0]), operation, seconds, micros, codes[words[2]], code, int(words[4]))
        seeds["golden-" + os.path.basename(path).removesuffix(".golden")] = data
    return seeds


def main():
    requests = protocol_requests()
    targets = {
        "rpc-line": {f"protocol-{index:02}": line for index, line in enumerate(requests)},
        "dispatch": dispatch_seeds(requests),
        "config": config_seeds(),
        "keys": key_seeds(),
    }
    check = sys.argv[1:] == ["--check"]
    stale = []
    for target, seeds in targets.items():
        directory = os.path.join(CORPUS, target)
        os.makedirs(directory, exist_ok=True)
        wanted = {"seed-" + name: data for name, data in seeds.items()}
        for name in os.listdir(directory):
            if name.startswith("seed-") and name not in wanted:
                stale.append(os.path.join(directory, name))
                if not check:
                    os.remove(os.path.join(directory, name))
        for name, data in wanted.items():
            path = os.path.join(directory, name)
            current = open(path, "rb").read() if os.path.exists(path) else None
            if current != data:
                stale.append(path)
                if not check:
                    open(path, "wb").write(data)
    if check and stale:
        print("stale seeds (run python3 Fuzz/seeds.py):", *stale, sep="\n  ")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
