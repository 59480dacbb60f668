#!/usr/bin/python3
"""Pixels reaching an X server, and keys typed into it, for the overlay benchmark.

usage: /usr/bin/python3 bench/x11damage.py DISPLAY

Watches the root window of DISPLAY with the X DAMAGE extension (raw
rectangles: every drawing request any window's client makes is reported,
children of the root included) and writes "damage T" for each report as it
arrives (T: CLOCK_MONOTONIC nanoseconds). Reads commands on stdin: "key NAME
1|0" types a key (Down, Up, Escape, Return) with the XTEST extension, as
xdotool does; "quit" ends. A process of its own, so that the benchmark's
umockdev preload stays out of its X connection. Xlib through ctypes: the
test machines have no Python Xlib binding, and these are a handful of calls.
"""
import ctypes
import os
import select
import sys
import time

X = ctypes.CDLL("libX11.so.6")
DAMAGE = ctypes.CDLL("libXdamage.so.1")
XTEST = ctypes.CDLL("libXtst.so.6")
X.XOpenDisplay.restype = ctypes.c_void_p
X.XOpenDisplay.argtypes = [ctypes.c_char_p]
X.XDefaultRootWindow.restype = ctypes.c_ulong
X.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
X.XConnectionNumber.argtypes = [ctypes.c_void_p]
X.XPending.argtypes = [ctypes.c_void_p]
X.XNextEvent.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
X.XFlush.argtypes = [ctypes.c_void_p]
X.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
X.XKeysymToKeycode.restype = ctypes.c_ubyte
DAMAGE.XDamageQueryExtension.argtypes = [
    ctypes.c_void_p, ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int)]
DAMAGE.XDamageCreate.restype = ctypes.c_ulong
DAMAGE.XDamageCreate.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int]
XTEST.XTestFakeKeyEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]

KEYSYMS = {"Down": 0xFF54, "Up": 0xFF52, "Escape": 0xFF1B, "Return": 0xFF0D}
RAW_RECTANGLES = 0


def main(argv):
    if len(argv) != 2:
        sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
        return 2
    display = X.XOpenDisplay(argv[1].encode())
    if not display:
        sys.stderr.write(f"x11damage: cannot open display {argv[1]}\n")
        return 1
    base, error = ctypes.c_int(), ctypes.c_int()
    if not DAMAGE.XDamageQueryExtension(display, ctypes.byref(base), ctypes.byref(error)):
        sys.stderr.write("x11damage: the X server has no DAMAGE extension\n")
        return 1
    DAMAGE.XDamageCreate(display, X.XDefaultRootWindow(display), RAW_RECTANGLES)
    X.XFlush(display)
    fd = X.XConnectionNumber(display)
    event = ctypes.create_string_buffer(192)
    out = os.fdopen(1, "w", buffering=1)
    out.write("ready\n")
    pending = b""
    while True:
        readable, _, _ = select.select([fd, 0], [], [])
        while X.XPending(display):
            X.XNextEvent(display, event)
            if int.from_bytes(event.raw[:4], "little") == base.value:  # XDamageNotify
                out.write(f"damage {time.monotonic_ns()}\n")
        if 0 in readable:
            chunk = os.read(0, 4096)
            if not chunk:
                return 0
            pending += chunk
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                words = line.decode().split()
                if words == ["quit"]:
                    return 0
                if len(words) == 3 and words[0] == "key":
                    code = X.XKeysymToKeycode(display, KEYSYMS[words[1]])
                    XTEST.XTestFakeKeyEvent(display, code, int(words[2]), 0)
                    X.XFlush(display)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
